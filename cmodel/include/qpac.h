/*
 * qpac.h - bit-exact reference model of ARM pointer authentication.
 *
 * Names follow ARM's architecture pseudocode (ComputePAC, AddPAC, Auth, Strip,
 * AddPACGA, EffectiveTBI, CalculateBottomPACBit) so that code and specification
 * (../shared/spec/pauth.md, cited as "spec N.M") read side by side.
 *
 * Conventions: every public symbol starts with qpac_ / QPAC_. Functions that can
 * fail return 0 on success and a negative QPAC_E* code otherwise; they never
 * invoke undefined behaviour on bad arguments. The cipher path allocates nothing.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef QPAC_H
#define QPAC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "qpac_regmap.h" /* generated: encodings shared with the RTL */

#ifdef __cplusplus
extern "C" {
#endif

#define QPAC_VERSION_STRING "0.1.0"

/* ---------------------------------------------------------------------------
 * Error codes (negative returns).
 * ------------------------------------------------------------------------- */
#define QPAC_OK 0
#define QPAC_EINVAL (-1) /* argument out of range: TxSZ, key, op, alg, feat */
#define QPAC_ESYNTAX (-2) /* .pvs input malformed */
#define QPAC_EIO (-3)     /* read or write failure */

/* ---------------------------------------------------------------------------
 * Enumerations. Values equal the RTL encodings (qpac_regmap.h, generated from
 * regmap/qpac.regs), so a value can be written to a register unchanged.
 * ------------------------------------------------------------------------- */
typedef enum {
    QPAC_ALG_QARMA5 = QPAC_ENC_ALG_QARMA5, /* FEAT_PACQARMA5 */
    QPAC_ALG_QARMA3 = QPAC_ENC_ALG_QARMA3  /* FEAT_PACQARMA3 */
} qpac_alg;

/* spec 3.1: the address-auth ID field values. */
typedef enum {
    QPAC_FEAT_PAUTH = QPAC_ENC_FEAT_PAUTH,            /* 1: ARMv8.3, error code */
    QPAC_FEAT_EPAC = QPAC_ENC_FEAT_EPAC,              /* 2: PAC = 0 if non-canonical */
    QPAC_FEAT_PAUTH2 = QPAC_ENC_FEAT_PAUTH2,          /* 3: XOR insertion */
    QPAC_FEAT_FPAC = QPAC_ENC_FEAT_FPAC,              /* 4: standalone AUT faults */
    QPAC_FEAT_FPACCOMBINE = QPAC_ENC_FEAT_FPACCOMBINE /* 5: combined AUT faults too */
} qpac_feat;

/* Key select. bit 1 = data key, bit 0 = key B: ISS<1:0> of a PAC Fail. */
typedef enum {
    QPAC_KEY_IA = QPAC_ENC_KEY_IA,
    QPAC_KEY_IB = QPAC_ENC_KEY_IB,
    QPAC_KEY_DA = QPAC_ENC_KEY_DA,
    QPAC_KEY_DB = QPAC_ENC_KEY_DB,
    QPAC_KEY_GA = QPAC_ENC_KEY_GA
} qpac_keyid;
#define QPAC_NKEYS 5

/* Operation classes. The key select completes the instruction:
 *   PAC   + IA/IB/DA/DB  = PACIA/PACIB/PACDA/PACDB      (AddPAC)
 *   AUT   + IA/IB/DA/DB  = AUTIA/AUTIB/AUTDA/AUTDB      (Auth, standalone)
 *   AUTC  + IA/IB        = BRAA/BRAB (and BLRA*, RETA*, ERETA*)  (Auth, combined)
 *   AUTC  + DA/DB        = LDRAA/LDRAB (modifier must be 0)       (Auth, combined)
 *   XPAC  + IA or IB     = XPACI;  + DA or DB = XPACD   (Strip; key bit 1 = data)
 *   PACGA + GA           = PACGA                         (AddPACGA)
 * Any other combination is QPAC_EINVAL in the model; the RTL returns 0, no fault. */
typedef enum {
    QPAC_OP_PAC = QPAC_ENC_OP_PAC,
    QPAC_OP_AUT = QPAC_ENC_OP_AUT,
    QPAC_OP_AUTC = QPAC_ENC_OP_AUTC,
    QPAC_OP_XPAC = QPAC_ENC_OP_XPAC,
    QPAC_OP_PACGA = QPAC_ENC_OP_PACGA
} qpac_op;

/* compat=qemu reproduces QEMU's extension-bit rule in AddPAC (spec 3.4).
 * A software convenience only: the RTL always follows the architecture. */
typedef enum { QPAC_COMPAT_ARCH = 0, QPAC_COMPAT_QEMU = 1 } qpac_compat;

/* ---------------------------------------------------------------------------
 * Keys and configuration.
 * ------------------------------------------------------------------------- */

/* A 128-bit key: hi = K<127:64> (APxxKeyHi_EL1, ASL key0, QARMA w0),
 *                lo = K<63:0>   (APxxKeyLo_EL1, ASL key1, QARMA k0). spec 1.1 */
typedef struct {
    uint64_t hi;
    uint64_t lo;
} qpac_key;

/* Translation configuration that places the PAC (spec 2) plus algorithm and
 * feature level. Defaults (qpac_config_init): t0sz = t1sz = 16, TBI/TBID 0,
 * ranges = 2, tszmin = 16, tszmax = 48, QARMA5, FEAT_PAuth, compat=arch. */
typedef struct {
    unsigned t0sz, t1sz;               /* 0..63, clamped to [tszmin, tszmax] */
    unsigned tbi0, tbi1, tbid0, tbid1; /* 0 or 1 */
    unsigned ranges;                   /* 2: EL1&0 style; 1: single range (t0sz, tbi0, tbid0) */
    unsigned tszmin;                   /* 12..16  (12: FEAT_LVA/LPA2) */
    unsigned tszmax;                   /* 39..48  (48: FEAT_TTST, 4 KB granule) */
    qpac_alg alg;
    qpac_feat feat;
    qpac_compat compat;
} qpac_config;

#define QPAC_TSZMIN_LO 12
#define QPAC_TSZMIN_HI 16
#define QPAC_TSZMAX_LO 39
#define QPAC_TSZMAX_HI 48

/* The architectural state a PAC unit holds: configuration and five keys. */
typedef struct {
    qpac_config cfg;
    qpac_key key[QPAC_NKEYS];
} qpac_state;

void qpac_config_init(qpac_config *cfg);
int qpac_config_check(const qpac_config *cfg); /* 0 or QPAC_EINVAL */
void qpac_state_init(qpac_state *st);          /* defaults, every key zero */
void qpac_state_wipe(qpac_state *st);          /* zero keys (not optimised away) */

/* Pack/unpack the configuration into the CFG and TSZLIM register words
 * (layout in regmap/qpac.regs). compat has no register field. */
uint32_t qpac_config_to_cfg_reg(const qpac_config *cfg);
uint32_t qpac_config_to_tszlim_reg(const qpac_config *cfg);

/* The shape of the hardware unit's pipeline: the parameters of
 * rtl/qpac_unit.v (rtl/README.md). The one place in C that knows their
 * ranges and the latency they give. */
#define QPAC_UNIT_DEPTH_MAX 24
typedef struct {
    unsigned depth;        /* DEPTH 0..QPAC_UNIT_DEPTH_MAX: cipher stages */
    unsigned ptr_pipe;     /* PTR_PIPE 0/1: registers around the pointer stages */
    unsigned global_stall; /* GLOBAL_STALL 0/1: one stall signal (no latency change) */
    unsigned key_pipe;     /* KEY_PIPE 0/1: key carried through the core (none) */
} qpac_unit_shape;
int qpac_unit_shape_check(const qpac_unit_shape *s); /* 0 or QPAC_EINVAL */
/* Clocks from an operation accepted to its result valid: DEPTH + 2*PTR_PIPE
 * (the unit's LATENCY and CAPS.LATENCY). -1 if the shape is not legal. */
int qpac_unit_latency(const qpac_unit_shape *s);

/* ---------------------------------------------------------------------------
 * The cipher (spec 1).
 * ------------------------------------------------------------------------- */

/* ComputePAC(data, modifier, key0 = K<127:64>, key1 = K<63:0>): full 64 bits.
 * Uses the fastest bit-exact constant-time implementation for this machine. */
uint64_t qpac_ComputePAC(uint64_t data, uint64_t modifier, uint64_t key0,
                         uint64_t key1, qpac_alg alg);

/* Implementations behind one interface; tests compare every one with REF. */
typedef enum {
    QPAC_IMPL_REF = 0,      /* plain transliteration of the pseudocode */
    QPAC_IMPL_PORTABLE = 1, /* portable C, constant time */
    QPAC_IMPL_SSSE3 = 2,    /* pshufb nibble shuffles, constant time */
    QPAC_IMPL_AVX = 3,      /* the same, VEX-encoded (CPUs with AVX) */
    QPAC_IMPL_AVX2 = 4,     /* batch: 4 PACs per step, one key (CPUs with AVX2) */
    QPAC_IMPL_BS64 = 5,     /* batch: bitsliced, 64 PACs per step, portable C */
    QPAC_IMPL_BS256 = 6,    /* batch: bitsliced, 256 PACs per step (AVX2) */
    QPAC_IMPL_BS512 = 7,    /* batch: bitsliced, 512 PACs per step (AVX-512) */
    QPAC_IMPL_COUNT = 8
} qpac_impl;
int qpac_impl_available(qpac_impl impl);
const char *qpac_impl_name(qpac_impl impl);
/* PACs an implementation computes together: 1 for one-call code, more for
 * batch code (whose one-call entry runs a batch of one); 0 for no such impl. */
unsigned qpac_impl_lanes(qpac_impl impl);
uint64_t qpac_ComputePAC_impl(qpac_impl impl, uint64_t data, uint64_t modifier,
                              uint64_t key0, uint64_t key1, qpac_alg alg);

/* Many PACs under one key: out[i] = qpac_ComputePAC(data[i], modifier[i],
 * key0, key1, alg) for i < n, many in flight at once (bitsliced: 64 or 256).
 * Constant time, no allocation; out may be data or modifier (same positions
 * only). */
void qpac_ComputePAC_batch(const uint64_t *data, const uint64_t *modifier, size_t n,
                           uint64_t key0, uint64_t key1, qpac_alg alg, uint64_t *out);
/* The same with a key per item: out[i] = qpac_ComputePAC(data[i],
 * modifier[i], key0[i], key1[i], alg). */
void qpac_ComputePAC_batch_keys(const uint64_t *data, const uint64_t *modifier, size_t n,
                                const uint64_t *key0, const uint64_t *key1, qpac_alg alg,
                                uint64_t *out);
/* The name of the implementation the batches use on this machine. */
const char *qpac_ComputePAC_batch_impl(void);
/* Both batches through one given implementation (tests, benchmarks); an
 * unavailable one falls back to the reference, like qpac_ComputePAC_impl. */
void qpac_ComputePAC_batch_using(qpac_impl impl, const uint64_t *data,
                                 const uint64_t *modifier, size_t n, uint64_t key0,
                                 uint64_t key1, qpac_alg alg, uint64_t *out);
void qpac_ComputePAC_batch_keys_using(qpac_impl impl, const uint64_t *data,
                                      const uint64_t *modifier, size_t n,
                                      const uint64_t *key0, const uint64_t *key1,
                                      qpac_alg alg, uint64_t *out);

/* Per-round trace hook (reference implementation only). Called with a stage
 * name ("fwd", "centre", "refl", "bwd", "out"), the round number, the cipher
 * state w and the tweak t after that stage, in the order the RTL computes them. */
typedef void (*qpac_trace_fn)(void *arg, const char *stage, int round,
                              uint64_t w, uint64_t t);

/* QARMA-64 with the round count and S-box as parameters (spec 1.9): r = 5..7
 * and sbox 0..2 (sigma0/1/2) reproduce the paper vectors; ComputePAC is
 * (r = 5, sigma2) for QARMA5 and (r = 3, sigma1) for QARMA3: the forward and
 * backward loops of spec 1.8 run r times (N = r - 1). Returns 0 or QPAC_EINVAL. */
int qpac_qarma64(uint64_t plaintext, uint64_t tweak, uint64_t w0, uint64_t k0,
                 unsigned rounds, unsigned sbox, qpac_trace_fn trace,
                 void *trace_arg, uint64_t *ciphertext);

/* The round primitives of spec 1.4-1.7 as the reference uses them (plain,
 * not constant time), for tests and for checking other implementations. */
uint64_t qpac_PACSub(uint64_t x);             /* sigma2 on every nibble */
uint64_t qpac_PACInvSub(uint64_t x);          /* sigma2^-1 */
uint64_t qpac_PACSub1(uint64_t x);            /* sigma1 (an involution) */
uint64_t qpac_PACCellShuffle(uint64_t x);     /* tau */
uint64_t qpac_PACCellInvShuffle(uint64_t x);  /* tau^-1 */
uint64_t qpac_PACMult(uint64_t x);            /* MixColumns (an involution) */
uint64_t qpac_TweakShuffle(uint64_t x);       /* h then omega on 7 cells */
uint64_t qpac_TweakInvShuffle(uint64_t x);
unsigned qpac_TweakCellRot(unsigned cell);    /* 4-bit LFSR omega */
unsigned qpac_TweakCellInvRot(unsigned cell);

/* ---------------------------------------------------------------------------
 * Pointer rules (spec 2 to 5), one function per pseudocode function.
 * `data` is 1 for DA/DB keys and XPACD; key_number is 0 for A, 1 for B.
 * ------------------------------------------------------------------------- */
int qpac_EffectiveTBI(const qpac_config *cfg, uint64_t ptr, int is_instr);
unsigned qpac_EffectiveTxSZ(const qpac_config *cfg, int sel);
unsigned qpac_CalculateBottomPACBit(const qpac_config *cfg, int sel);
uint64_t qpac_AddPAC(const qpac_config *cfg, uint64_t ptr, uint64_t modifier,
                     const qpac_key *key, int data);
uint64_t qpac_Auth(const qpac_config *cfg, uint64_t ptr, uint64_t modifier,
                   const qpac_key *key, int data, int key_number,
                   int is_combined, int *fault);
uint64_t qpac_Strip(const qpac_config *cfg, uint64_t ptr, int data);
uint64_t qpac_AddPACGA(const qpac_config *cfg, uint64_t x, uint64_t y,
                       const qpac_key *key);

/* ---------------------------------------------------------------------------
 * One operation, as the PAC unit executes it.
 * ------------------------------------------------------------------------- */
typedef struct {
    uint64_t value; /* the result; on a fault, the value Auth computed */
    int fault;      /* 1: PAC Fail exception (FEAT_FPAC / FEAT_FPACCOMBINE) */
} qpac_result;

/* x = pointer (or PACGA's Xn), y = modifier (or PACGA's Xm). For AUTC with a
 * data key (LDRAA/LDRAB) the caller passes y = 0 (non-zero is QPAC_EINVAL).
 * Returns 0 or QPAC_EINVAL (also for a configuration qpac_config_check rejects). */
int qpac_exec(const qpac_state *st, qpac_op op, qpac_keyid key, uint64_t x,
              uint64_t y, qpac_result *res);

/* Mnemonics of the .pvs format: "pacia", "autdb", "braa", "ldrab", "xpaci",
 * "xpacd", "pacga"; NULL for an invalid combination. */
const char *qpac_mnemonic(qpac_op op, qpac_keyid key);
/* Inverse: returns 0 and sets op and key, or QPAC_EINVAL. */
int qpac_mnemonic_parse(const char *name, qpac_op *op, qpac_keyid *key);
/* Number of operands after the mnemonic in a .pvs op line (1 or 2). */
int qpac_op_nargs(qpac_op op, qpac_keyid key);

/* NULL for a value outside the enumeration. */
const char *qpac_alg_name(qpac_alg alg);    /* "qarma5", "qarma3" */
const char *qpac_feat_name(qpac_feat feat); /* "pauth" ... "fpaccombine" */
const char *qpac_key_name(qpac_keyid key);  /* "ia" ... "ga" */

/* ---------------------------------------------------------------------------
 * The PAC vector script (.pvs): one reader, one writer, one generator.
 * Format reference: cmodel/README.md.
 * ------------------------------------------------------------------------- */
typedef enum {
    QPAC_PVS_CFG = 1, /* a cfg line: st->cfg updated */
    QPAC_PVS_KEY = 2, /* a key line: st->key[item.key] updated */
    QPAC_PVS_OP = 3   /* an op line */
} qpac_pvs_kind;

typedef enum {
    QPAC_EXPECT_NONE = 0,  /* no expected column */
    QPAC_EXPECT_VALUE = 1, /* expected value, no fault */
    QPAC_EXPECT_FAULT = 2  /* "fault" */
} qpac_expect;

/* Flags a generator attaches to a vector (negative cases, Wycheproof style). */
#define QPAC_VF_SIGNED 0x01u     /* AUT input is a PAC result (should pass) */
#define QPAC_VF_WRONG_KEY 0x02u  /* signed with another key */
#define QPAC_VF_WRONG_MOD 0x04u  /* signed with another modifier */
#define QPAC_VF_FLIP_PAC 0x08u   /* one PAC-field bit flipped */
#define QPAC_VF_NONCANON 0x10u   /* non-canonical input pointer */
#define QPAC_VF_TAGGED 0x20u     /* top byte is not the extension of bit 55 */
#define QPAC_VF_STALE 0x40u      /* AUT of an older PAC result (config or key
                                    may have changed since it was signed) */

/* cfg fields, as bits of qpac_pvs_item.cfg_fields (which fields a cfg item
 * named or changed). Bit i is field i in the order the writer prints them. */
#define QPAC_PVS_F_T0SZ 0x001u
#define QPAC_PVS_F_T1SZ 0x002u
#define QPAC_PVS_F_TBI0 0x004u
#define QPAC_PVS_F_TBI1 0x008u
#define QPAC_PVS_F_TBID0 0x010u
#define QPAC_PVS_F_TBID1 0x020u
#define QPAC_PVS_F_RANGES 0x040u
#define QPAC_PVS_F_ALG 0x080u
#define QPAC_PVS_F_FEAT 0x100u
#define QPAC_PVS_F_TSZMIN 0x200u
#define QPAC_PVS_F_TSZMAX 0x400u
#define QPAC_PVS_F_COMPAT 0x800u
#define QPAC_PVS_F_ALL 0xfffu

typedef struct {
    qpac_pvs_kind kind;
    unsigned line;      /* 1-based source line (0 for generated items) */
    qpac_keyid key;     /* KEY lines and OP lines */
    qpac_op op;         /* OP lines */
    uint64_t x, y;      /* OP operands (y = 0 when the op has one operand) */
    qpac_expect expect; /* OP lines */
    uint64_t expected;  /* the expected value. Generated items also carry the
                           value Auth computed when expect == QPAC_EXPECT_FAULT */
    unsigned flags;     /* QPAC_VF_* (generated items) */
    unsigned cfg_fields; /* CFG items: QPAC_PVS_F_* of the fields named/changed */
} qpac_pvs_item;

/* ---------------------------------------------------------------------------
 * Numbers: the one syntax of every command-line option and file field that
 * takes a number (counts, seeds, cfg fields, end records, cosim plusargs):
 * decimal or 0x/0X hex, no sign, no spaces, no octal ("010" is ten), at most
 * max. Return 0 with *v set, or QPAC_EINVAL (*v untouched).
 * Hex fields (pointers, keys, expected values) are bare hex digits: between
 * min_digits and max_digits (at most 16) of 0-9a-fA-F, no prefix.
 * ------------------------------------------------------------------------- */
int qpac_parse_u64(const char *s, size_t len, uint64_t max, uint64_t *v);
int qpac_parse_u64_str(const char *s, uint64_t max, uint64_t *v); /* NUL-terminated */
int qpac_parse_hex(const char *s, size_t len, unsigned min_digits, unsigned max_digits,
                   uint64_t *v);

/* ---------------------------------------------------------------------------
 * Output files (every file the tools write): qpac_out_open creates a
 * temporary file PATH.tmpXXXXXX in the same directory ("-" is stdout) and
 * refuses a PATH that is the same file as one of inputs (NULL-terminated
 * list, may be NULL); qpac_out_close(ok=1) flushes, closes and renames it
 * over PATH, or with ok=0 (or on any write error) removes it, so a failed
 * write leaves no partial file; a write error is reported (QPAC_EIO) even
 * with ok=0. A PATH that exists and is not a regular file
 * (a device such as /dev/null, a FIFO, a symbolic link) is written in place. SIGXFSZ is ignored from the first open on
 * (a file-size limit becomes a write error). Both return 0, or QPAC_EINVAL /
 * QPAC_EIO with "PATH: what is wrong" in err.
 * ------------------------------------------------------------------------- */
typedef struct {
    FILE *fp;
    const char *path;
    char *tmp;
} qpac_out;
int qpac_out_open(qpac_out *o, const char *path, const char *const *inputs, char *err,
                  size_t errlen);
int qpac_out_close(qpac_out *o, int ok, char *err, size_t errlen);

/* Longest accepted line, without its line ending ("\n" or "\r\n"). */
#define QPAC_PVS_MAXLINE 1024
#define QPAC_PVS_ERRLEN 256
typedef struct {
    FILE *fp;
    const char *name; /* shown in messages as "NAME:LINE: ..." */
    unsigned line;
    char err[QPAC_PVS_ERRLEN];
    /* The line just returned by qpac_pvs_next, without its line ending, and
     * the offset of its '#' comment in text (-1 if none). */
    char text[QPAC_PVS_MAXLINE + 1];
    unsigned text_len;
    int comment;
    /* Optional: called with every blank or comment-only line the reader
     * skips (qpac run uses it to echo comments). NULL by default. */
    void (*on_skip)(void *arg, const char *text);
    void *on_skip_arg;
    /* Sections (`begin` ... `end N`) and the stop after an overlong line. */
    int in_section, stopped;
    uint64_t section_ops, sections;
} qpac_pvs_reader;

void qpac_pvs_reader_init(qpac_pvs_reader *rd, FILE *fp, const char *name);
/* Reads the next cfg, key or op line, applying cfg/key lines to *st.
 * Returns 1 with *item filled, 0 at end of file, or QPAC_ESYNTAX / QPAC_EIO
 * with rd->err = "NAME:LINE: what is wrong (field F)". Key values never appear
 * in messages. A line in error leaves *st unchanged; reading may continue
 * with the next line, except after a line longer than QPAC_PVS_MAXLINE: the
 * reader stops there (input without line endings never ends) and the next
 * call returns 0.
 * Self-delimiting files: a `begin` line opens a section and `end N` closes it,
 * N = the op lines in between; a wrong N, end of input inside a section, or a
 * record after an `end` (other than a new `begin`) is an error. Both lines
 * go to on_skip; files without them are read as before (no count enforced). */
int qpac_pvs_next(qpac_pvs_reader *rd, qpac_state *st, qpac_pvs_item *item);

/* Sets one cfg field from its .pvs text ("t0sz", "25"). Returns 0, or
 * QPAC_EINVAL with a message in err (if err != NULL). Shared by the reader
 * and the command-line options of the tools. */
int qpac_pvs_cfg_set(qpac_config *cfg, const char *field, const char *value,
                     char *err, size_t errlen);

/* Formatters (no stdio): write one line without newline into buf, NUL
 * terminated, and return its length (as snprintf: the length it needs, so a
 * return >= len means truncated). Hex is lowercase, 16 digits.
 * format_op prints the result column when res != NULL ("fault" on a fault). */
size_t qpac_pvs_format_cfg(char *buf, size_t len, const qpac_config *cfg);
size_t qpac_pvs_format_op(char *buf, size_t len, qpac_op op, qpac_keyid key,
                          uint64_t x, uint64_t y, const qpac_result *res);
/* The expected column of an item: "fault", 16 hex digits, or "" (none). */
const char *qpac_pvs_format_expect(char buf[17], const qpac_pvs_item *item);

/* Writers: return 0 or QPAC_EIO. A cfg line names every field; op lines
 * carry the result if res. */
int qpac_pvs_write_cfg(FILE *fp, const qpac_config *cfg);
/* The section lines of a self-delimiting file: "begin" and "end OPS". */
int qpac_pvs_write_begin(FILE *fp);
int qpac_pvs_write_end(FILE *fp, uint64_t ops);
int qpac_pvs_write_key(FILE *fp, qpac_keyid key, const qpac_key *k);
int qpac_pvs_write_op(FILE *fp, qpac_op op, qpac_keyid key, uint64_t x,
                      uint64_t y, const qpac_result *res);
/* Writes any item as its .pvs line (cfg/key values taken from *st, as
 * qpac_gen_next leaves it); op items carry their expected column and, if
 * flags are set, a "# signed wrong-key ..." comment. */
int qpac_pvs_write_item(FILE *fp, const qpac_state *st, const qpac_pvs_item *item);
/* Compares a result with an item's expected column: 1 match, 0 mismatch
 * (an item without an expected column always matches). */
int qpac_pvs_expect_match(const qpac_pvs_item *item, const qpac_result *res);

/* Deterministic random vector stream (xoshiro256** seeded by splitmix64):
 * configuration and key changes between operations, every op, key, algorithm
 * and feature level, TxSZ over 0..63 and at the clamp limits, both ranges,
 * tagged/canonical/non-canonical pointers, AUT of signed and tampered
 * pointers. The same seed gives the same stream on every machine.
 * The first six items of a stream are a cfg item naming every field and the
 * five keys, so a stream (or a shard) is self-contained from qpac_state_init.
 * Items cost at most three qpac_exec calls and no stdio or allocation. */
#define QPAC_GEN_RING 8
typedef struct {
    uint64_t s[4];
    uint64_t count;   /* items produced */
    uint64_t ops;     /* op items produced */
    unsigned hw_only; /* 1: never compat=qemu (streams for the RTL) */
    unsigned epoch;   /* bumped by every cfg or key item */
    unsigned nring, ring_pos;
    struct {              /* recent PAC results, reused as AUT inputs */
        uint64_t ptr, mod;
        qpac_keyid key;
        unsigned epoch;
        unsigned flags; /* QPAC_VF_TAGGED/NONCANON of the signed input */
    } ring[QPAC_GEN_RING];
    /* Set after init, 0 by default: n > 0 draws a state write (cfg or key,
     * even odds) once in about n items instead of the default 6 in 100, for
     * long cosimulation runs where every write drains the RTL pipeline
     * (n < 2^31). The default stream (0) is what qpac gen and export write. */
    unsigned write_every;
} qpac_gen;

void qpac_gen_init(qpac_gen *g, uint64_t seed, unsigned hw_only);
/* Sharding: shard i of n parallel streams for one seed. Shard 0 is the
 * stream of qpac_gen_init(seed); shard i > 0 is seeded with
 * qpac_gen_shard_seed(seed, i), an independent stream (not a slice of
 * shard 0's). Each shard starts with its own cfg and keys. */
void qpac_gen_init_shard(qpac_gen *g, uint64_t seed, unsigned hw_only,
                         unsigned shard);
uint64_t qpac_gen_shard_seed(uint64_t seed, unsigned shard);
/* Produces the next item (cfg, key or op), applying it to *st; op items
 * carry expect = QPAC_EXPECT_VALUE/FAULT computed by qpac_exec. */
void qpac_gen_next(qpac_gen *g, qpac_state *st, qpac_pvs_item *item);
uint64_t qpac_gen_u64(qpac_gen *g);

/* ---------------------------------------------------------------------------
 * RTL vector images ($readmemh), cmodel/src/memh.c. One record a line,
 * QPAC_MEMH_DIGITS hex digits (208 bits), after `//` header lines:
 *   [207:204] kind: 1 CFG, 2 KEY, 3 OP (0 = end of image; its [63:0] counts
 *             the records before it, so a bench detects a cut image)
 *   [203:200] op (OP encoding)     [199:196] key (KEY encoding)
 *   [195:192] expect: 0 none, 1 value, 2 fault
 *   [191:128] x: OP pointer/Xn; KEY K<127:64>; CFG {TSZLIM word, CFG word}
 *   [127:64]  y: OP modifier/Xm; KEY K<63:0>
 *   [63:0]    expected value (on a fault: the value Auth computed)
 * ------------------------------------------------------------------------- */
#define QPAC_MEMH_DIGITS 52
#define QPAC_MEMH_KIND_END 0
#define QPAC_MEMH_KIND_CFG 1
#define QPAC_MEMH_KIND_KEY 2
#define QPAC_MEMH_KIND_OP 3

/* Writes the `//` header lines; source (may be NULL) is named in the first. */
int qpac_memh_write_header(FILE *fp, const char *source);
/* Formats one record (no newline) into buf from an item and the state after
 * the item was applied (cfg and key values are taken from *st). For an op,
 * res (if not NULL) gives the expectation (value, or fault with the value);
 * otherwise the item's own expect/expected columns are used.
 * Returns 0 or QPAC_EINVAL (bad kind, key or op). */
int qpac_memh_format(char buf[QPAC_MEMH_DIGITS + 1], const qpac_state *st,
                     const qpac_pvs_item *item, const qpac_result *res);
/* The end-of-image record: kind 0, [63:0] = nrec, the records before it.
 * A bench stops at the first kind-0 record and checks its count, so an image
 * cut at a line boundary (the rest reads as zeros) fails. */
void qpac_memh_format_end(char buf[QPAC_MEMH_DIGITS + 1], uint64_t nrec);

#ifdef __cplusplus
}
#endif
#endif /* QPAC_H */

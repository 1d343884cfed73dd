/*
 * qpac.h - bit-exact reference model of ARM pointer authentication: the core
 * API (version, errors, encodings, keys and configuration, the cipher, the
 * pointer rules, one operation). The vector formats (.pvs reader and writer,
 * the generator, $readmemh images, numbers, output files) are in
 * qpac_vectors.h.
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

#include "qpac_regmap.h" /* generated: encodings shared with the RTL */

#ifdef __cplusplus
extern "C" {
#endif

/* The library version: the one source of the number (cmodel/cmodel.mk reads
 * it for the shared library's file name, SONAME libqpac.so.MAJOR and qpac.pc).
 * A change that breaks the ABI bumps MAJOR. */
#define QPAC_VERSION_MAJOR 0
#define QPAC_VERSION_MINOR 1
#define QPAC_VERSION_PATCH 0
#define QPAC_VERSION_STRING "0.1.0"
/* The version of the library linked at run time ("0.1.0"). */
const char *qpac_version(void);

/* ---------------------------------------------------------------------------
 * Error codes (negative returns).
 * ------------------------------------------------------------------------- */
#define QPAC_OK 0
#define QPAC_EINVAL (-1) /* argument out of range: TxSZ, key, op, alg, feat */
#define QPAC_ESYNTAX (-2) /* .pvs input malformed */
#define QPAC_EIO (-3)     /* read or write failure */
#define QPAC_EBUS (-4)    /* qpac_regdrv: a register access failed (the callback's error) */
#define QPAC_EHUNG (-5)   /* qpac_regdrv: STATUS.BUSY still set after the polls */
#define QPAC_ENOTDONE (-6) /* qpac_regdrv: STATUS.DONE clear after an operation */

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

/* The configuration fields, in the order a .pvs cfg line prints them (bit i
 * of qpac_pvs_item.cfg_fields is field i). Their one table (cmodel/src/
 * config.c) drives the defaults, the checks, the register packing, the .pvs
 * reader and writer, the generator and the tools' options. */
typedef enum {
    QPAC_FIELD_T0SZ, QPAC_FIELD_T1SZ, QPAC_FIELD_TBI0, QPAC_FIELD_TBI1,
    QPAC_FIELD_TBID0, QPAC_FIELD_TBID1, QPAC_FIELD_RANGES, QPAC_FIELD_ALG,
    QPAC_FIELD_FEAT, QPAC_FIELD_TSZMIN, QPAC_FIELD_TSZMAX, QPAC_FIELD_COMPAT,
    QPAC_NFIELDS
} qpac_field;

typedef struct {
    const char *name;         /* .pvs field and tool option: "t0sz" */
    const char *what;         /* words for messages: "feature level" */
    unsigned lo, hi;          /* legal values (qpac_config_check) */
    unsigned dflt;            /* qpac_config_init */
    const char *const *names; /* named values: names[v - lo]; NULL: a number */
    uint32_t reg;             /* QPAC_REG_CFG or QPAC_REG_TSZLIM; 0: none (compat) */
    uint32_t mask;            /* its bits there (QPAC_CFG_*_MASK, ...) */
    unsigned lsb;
    unsigned reg_is_lo;       /* a bit meaning value == lo (CFG.SINGLE: ranges 1) */
    unsigned reg_clamp;       /* a register value outside lo..hi: 1 clamped, 0 dflt */
    const char *doc;          /* its meaning, one line (docs, --help) */
} qpac_field_info;

/* NULL for f outside the enumeration. */
const qpac_field_info *qpac_field_get(qpac_field f);
/* The field named name[0..len-1], or -1. */
int qpac_field_find(const char *name, size_t len);
/* One field's value, as a number (enumerations: their encoding). */
unsigned qpac_config_get(const qpac_config *cfg, qpac_field f);
void qpac_config_set(qpac_config *cfg, qpac_field f, unsigned v); /* unchecked */

/* Pack/unpack the configuration into the CFG and TSZLIM register words
 * (layout in regmap/qpac.regs). compat has no register field. */
uint32_t qpac_config_to_cfg_reg(const qpac_config *cfg);
uint32_t qpac_config_to_tszlim_reg(const qpac_config *cfg);
/* The configuration the unit holds after writing these words (the one
 * decoder of DPI, TLM model and tests): FEAT outside 1..5 reads as 1, the
 * TxSZ limits are clamped into their legal ranges, compat is arch. */
void qpac_config_from_regs(qpac_config *cfg, uint32_t cfg_reg, uint32_t tszlim_reg);

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
/* What the hardware unit answers (op and key as the CTRL register's fields,
 * any value): qpac_exec's result, or for a combination qpac_exec refuses
 * value 0 and no fault, as rtl/qpac_unit.v. Returns 0, or 1 for a refused
 * combination. The one rule of the DPI model, the TLM model and qpac fpga. */
int qpac_exec_unit(const qpac_state *st, unsigned op, unsigned key, uint64_t x, uint64_t y,
                   qpac_result *res);

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

#ifdef __cplusplus
}
#endif
#endif /* QPAC_H */

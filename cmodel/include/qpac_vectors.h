/*
 * qpac_vectors.h - test vectors for and from the model (libqpac): the PAC
 * vector script (.pvs) reader, writer and generator, RTL vector images
 * ($readmemh), the one number syntax and the output-file rule of the tools.
 * Includes qpac.h (the core API).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef QPAC_VECTORS_H
#define QPAC_VECTORS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "qpac.h"

#ifdef __cplusplus
extern "C" {
#endif

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
 * named or changed): bit i is field i of qpac_field. */
#define QPAC_PVS_F(f) (1u << (f))
#define QPAC_PVS_F_T0SZ QPAC_PVS_F(QPAC_FIELD_T0SZ)
#define QPAC_PVS_F_T1SZ QPAC_PVS_F(QPAC_FIELD_T1SZ)
#define QPAC_PVS_F_TBI0 QPAC_PVS_F(QPAC_FIELD_TBI0)
#define QPAC_PVS_F_TBI1 QPAC_PVS_F(QPAC_FIELD_TBI1)
#define QPAC_PVS_F_TBID0 QPAC_PVS_F(QPAC_FIELD_TBID0)
#define QPAC_PVS_F_TBID1 QPAC_PVS_F(QPAC_FIELD_TBID1)
#define QPAC_PVS_F_RANGES QPAC_PVS_F(QPAC_FIELD_RANGES)
#define QPAC_PVS_F_ALG QPAC_PVS_F(QPAC_FIELD_ALG)
#define QPAC_PVS_F_FEAT QPAC_PVS_F(QPAC_FIELD_FEAT)
#define QPAC_PVS_F_TSZMIN QPAC_PVS_F(QPAC_FIELD_TSZMIN)
#define QPAC_PVS_F_TSZMAX QPAC_PVS_F(QPAC_FIELD_TSZMAX)
#define QPAC_PVS_F_COMPAT QPAC_PVS_F(QPAC_FIELD_COMPAT)
#define QPAC_PVS_F_ALL (QPAC_PVS_F(QPAC_NFIELDS) - 1u)

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
/* Storage for a generator (stack or static); its layout is libqpac's own
 * (cmodel/src/gen_internal.h), so it can change without an ABI break. */
#define QPAC_GEN_WORDS 128
#ifndef QPAC_GEN_INTERNAL
struct qpac_gen {
    uint64_t opaque_[QPAC_GEN_WORDS];
};
#endif
typedef struct qpac_gen qpac_gen;

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
/* Op items produced so far. */
uint64_t qpac_gen_ops(const qpac_gen *g);
/* Call after init; n > 0 draws a state write (cfg or key, even odds) once in
 * about n items instead of the default 6 in 100, for long cosimulation runs
 * where every write drains the RTL pipeline (n < 2^31). The default stream
 * (0) is what qpac gen and export write. */
void qpac_gen_set_write_every(qpac_gen *g, unsigned n);

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
#endif /* QPAC_VECTORS_H */


/*
 * qpac_cover.h - functional coverage of pointer-authentication operations:
 * the AUT outcome predicate, the coverage model and its counters. One
 * definition for `qpac export` (its bins and report) and the cosimulation
 * (its instruction table).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef QPAC_COVER_H
#define QPAC_COVER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "qpac.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------
 * AUT outcome (spec 4). An AUT or AUTC passes when the PAC matched: its
 * result is then the input with the PAC field restored to extension bits
 * (Strip of the input, step 2) and it raises no fault. A failed AUT differs
 * from that pointer: by the error code (levels 1, 2, step 6), by the PAC
 * bits left in the field (PAuth2, step 5), or by the PAC Fail fault (FPAC,
 * FPACCOMBINE, step 6). Other operations and illegal op/key combinations
 * are QPAC_AUT_NA.
 * ------------------------------------------------------------------------- */
enum { QPAC_AUT_NA = 0, QPAC_AUT_PASS = 1, QPAC_AUT_FAIL = 2 };
int qpac_aut_outcome(const qpac_config *cfg, qpac_op op, qpac_keyid key, uint64_t x,
                     const qpac_result *res);

/* ---------------------------------------------------------------------------
 * Instruction rows (the cosimulation's table), 25: PAC IA..DB; AUT IA..DB
 * each pass, fail; AUTC (BRAA, BRAB, LDRAA, LDRAB) each pass, fail; XPAC
 * IA..DB; PACGA. Rows are counted per algorithm x feature level x pointer
 * bit 55. -1: an illegal op/key combination.
 * ------------------------------------------------------------------------- */
#define QPAC_COVER_ROWS 25
int qpac_cover_row(qpac_op op, qpac_keyid key, int aut);
const char *qpac_cover_row_name(int row); /* "autia pass", "xpaci (ib)", ... */

/* ---------------------------------------------------------------------------
 * Bins (qpac export's coverage set and report): op class x alg x feat x
 * range x TBI/TBID x TxSZ limit.
 *   op class (23): PAC IA..DB, AUT pass IA..DB, AUT fail IA..DB, AUTC pass
 *     IA..DB, AUTC fail IA..DB, XPACI, XPACD, PACGA
 *   alg (2), feat level 1..5 (5)
 *   range (4): {single, two-range} x pointer bit 55
 *   TBI/TBID (4): of the range the pointer selects
 *   TxSZ (4): the selected TxSZ below TSZMIN (clamped), = TSZMIN, = TSZMAX,
 *     above TSZMAX (clamped); other values hit no bin
 * A bin index is ((((class*2 + alg)*5 + feat-1)*4 + range)*4 + tbi*2+tbid)*4
 * + txsz; dimension d's value is (bin / qpac_cover_dims[d].div) % nvals.
 * ------------------------------------------------------------------------- */
#define QPAC_COVER_CLASSES 23
#define QPAC_COVER_BINS (QPAC_COVER_CLASSES * 2 * 5 * 4 * 4 * 4)
#define QPAC_COVER_NDIMS 6
typedef struct {
    const char *name; /* "op class", "algorithm", ... */
    int div, nvals;
} qpac_cover_dim;
extern const qpac_cover_dim qpac_cover_dims[QPAC_COVER_NDIMS];
/* "23 op classes x 2 algorithms x ... x 4 TxSZ limits" */
extern const char qpac_cover_bins_shape[];
const char *qpac_cover_dim_value(int dim, int val); /* "pacia", "qarma3", "TxSZ=min" */

int qpac_cover_class(qpac_op op, qpac_keyid key, int aut); /* -1: none */
/* The bin of an operation run with cfg (aut from qpac_aut_outcome), or -1. */
int qpac_cover_bin(const qpac_config *cfg, qpac_op op, qpac_keyid key, uint64_t x, int aut);
/* "autia fail, qarma5, pauth, two-range lower, tbi=1 tbid=0, TxSZ=min" */
void qpac_cover_bin_describe(int bin, char *buf, size_t len);

/* ---------------------------------------------------------------------------
 * Counters.
 * ------------------------------------------------------------------------- */
typedef struct {
    uint64_t rows[QPAC_COVER_ROWS][2][5][2]; /* row x alg x feat-1 x bit 55 */
    uint32_t bins[QPAC_COVER_BINS];          /* saturating */
    uint64_t illegal;                        /* illegal op/key combinations */
} qpac_cover;

void qpac_cover_init(qpac_cover *c);
/* Counts one operation with the configuration it ran with and its result;
 * returns its AUT outcome (QPAC_AUT_*). */
int qpac_cover_add(qpac_cover *c, const qpac_config *cfg, qpac_op op, qpac_keyid key,
                   uint64_t x, const qpac_result *res);
void qpac_cover_merge(qpac_cover *dst, const qpac_cover *src);
unsigned qpac_cover_bins_hit(const qpac_cover *c);

/* The instruction table (one line per row, "<- EMPTY BIN" on rows with an
 * empty cell); returns the number of empty cells. */
unsigned qpac_cover_write_rows(FILE *fp, const qpac_cover *c);
/* Bins hit per value of each dimension, then the bins not hit. */
void qpac_cover_write_bins(FILE *fp, const qpac_cover *c);

#ifdef __cplusplus
}
#endif
#endif /* QPAC_COVER_H */

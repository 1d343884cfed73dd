/*
 * cipher_internal.h - shared constants and the per-implementation entry points
 * of ComputePAC (spec 1). Not installed; only cmodel/src includes it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef QPAC_CIPHER_INTERNAL_H
#define QPAC_CIPHER_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "qpac.h"

/* Library-internal symbols: not exported from libqpac.so. */
#if defined(__GNUC__)
#define QPAC_INTERNAL __attribute__((visibility("hidden")))
#else
#define QPAC_INTERNAL
#endif

/* spec 1.2: round constants RC[0..7] (RC[5..7] only for the paper's r = 6, 7, 8)
 * and the reflection constant. */
#define QPAC_RC_COUNT 8
QPAC_INTERNAL extern const uint64_t qpac_RC[QPAC_RC_COUNT];
#define QPAC_ALPHA UINT64_C(0xC0AC29B7C97C50DD)

/* spec 1.3: modk0 = ROTR64(key0, 1) XOR (key0 >> 63). */
static inline uint64_t qpac_modk0(uint64_t key0)
{
    return ((key0 >> 1) | (key0 << 63)) ^ (key0 >> 63);
}

/* Reference: a plain transliteration of spec 1.4-1.8 (cipher_ref.c). */
QPAC_INTERNAL uint64_t qpac_ComputePAC_ref(uint64_t data, uint64_t modifier, uint64_t key0,
                             uint64_t key1, qpac_alg alg);

/* Portable constant-time SWAR on 64-bit words (cipher_swar.c). */
QPAC_INTERNAL uint64_t qpac_ComputePAC_swar(uint64_t data, uint64_t modifier, uint64_t key0,
                              uint64_t key1, qpac_alg alg);

/* SSSE3 pshufb nibble lookups, constant time (cipher_ssse3.c, built with
 * -mssse3; only called after a run-time CPU check). */
QPAC_INTERNAL uint64_t qpac_ComputePAC_ssse3(uint64_t data, uint64_t modifier, uint64_t key0,
                               uint64_t key1, qpac_alg alg);

/* The same code compiled with -mavx (cipher_avx.c): VEX encoding. */
QPAC_INTERNAL uint64_t qpac_ComputePAC_avx(uint64_t data, uint64_t modifier, uint64_t key0,
                             uint64_t key1, qpac_alg alg);

/* Four PACs at a time under one key, AVX2 (cipher_avx2.c, built with
 * -mavx2; only called after a run-time CPU check). */
QPAC_INTERNAL void qpac_ComputePAC_batch_avx2(const uint64_t *data, const uint64_t *modifier, size_t n,
                                uint64_t key0, uint64_t key1, qpac_alg alg, uint64_t *out);

#ifdef QPAC_NIBBLE_TABLES
/* Lookup and permutation tables of the SIMD implementations (one nibble per
 * byte; a lookup is table[x], a permutation out[j] = in[SRC[j]]), included
 * by the files that define QPAC_NIBBLE_TABLES. Computed mechanically from the
 * spec 1.2-1.7 tables; see cipher_ssse3.c for what the composites mean. */
#define TABLE static const _Alignas(16) uint8_t

/* spec 1.4 S-boxes used plainly (the last backward layer) */
TABLE SUB_SIGMA2_INV[16] = {5, 14, 13, 8, 10, 11, 1, 9, 2, 6, 15, 0, 4, 12, 7, 3};
TABLE SUB_SIGMA1[16] = {10, 13, 14, 6, 15, 7, 3, 5, 9, 8, 0, 12, 11, 1, 2, 4};
/* spec 1.6 R1, R2 */
TABLE ROT_CELL1[16] = {0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15};
TABLE ROT_CELL2[16] = {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};
/* spec 1.7: TweakCellRot lookup, TweakShuffle sources, 0xff where the LFSR applies */
TABLE TWEAK_CELL_ROT[16] = {0, 8, 9, 1, 2, 10, 11, 3, 4, 12, 13, 5, 6, 14, 15, 7};
TABLE TWEAK_SHUFFLE[16] = {4, 5, 6, 7, 11, 2, 3, 8, 12, 13, 14, 15, 0, 1, 10, 9};
TABLE TWEAK_ROT_SEL[16] = {0, 0, 0xff, 0, 0xff, 0, 0, 0xff, 0, 0, 0, 0xff, 0xff, 0, 0xff, 0xff};
/* spec 1.5 PACCellInvShuffle */
TABLE CELL_INV_SHUFFLE[16] = {3, 6, 12, 9, 14, 11, 1, 4, 8, 13, 7, 2, 5, 0, 10, 15};

/* R1 o S and R2 o S for each S-box and its inverse (sigma1 is an involution). */
TABLE R1_SIGMA2[16] = {7, 12, 1, 15, 9, 0, 3, 13, 6, 14, 8, 10, 11, 4, 2, 5};
TABLE R2_SIGMA2[16] = {14, 9, 2, 15, 3, 0, 6, 11, 12, 13, 1, 5, 7, 8, 4, 10};
TABLE R1_SIGMA2_INV[16] = {10, 13, 11, 1, 5, 7, 2, 3, 4, 12, 15, 0, 8, 9, 14, 6};
TABLE R2_SIGMA2_INV[16] = {5, 11, 7, 2, 10, 14, 4, 6, 8, 9, 15, 0, 1, 3, 13, 12};
TABLE R1_SIGMA1[16] = {5, 11, 13, 12, 15, 14, 6, 10, 3, 1, 0, 9, 7, 2, 4, 8};
TABLE R2_SIGMA1[16] = {10, 7, 11, 9, 15, 13, 12, 5, 6, 2, 0, 3, 14, 4, 8, 1};
/* P_i = rowrot_i o PACCellShuffle; X_i = PACCellInvShuffle o rowrot_i o
 * PACCellShuffle; Q_i = PACCellInvShuffle o rowrot_i (out byte j = in byte SRC[j]). */
TABLE P1[16] = {7, 12, 1, 10, 8, 3, 14, 5, 2, 9, 4, 15, 13, 6, 11, 0};
TABLE P2[16] = {8, 3, 14, 5, 2, 9, 4, 15, 13, 6, 11, 0, 7, 12, 1, 10};
TABLE P3[16] = {2, 9, 4, 15, 13, 6, 11, 0, 7, 12, 1, 10, 8, 3, 14, 5};
TABLE X1[16] = {10, 14, 13, 9, 11, 15, 12, 8, 2, 6, 5, 1, 3, 7, 4, 0};
TABLE X2[16] = {5, 4, 7, 6, 1, 0, 3, 2, 13, 12, 15, 14, 9, 8, 11, 10};
TABLE X3[16] = {15, 11, 8, 12, 14, 10, 9, 13, 7, 3, 0, 4, 6, 2, 1, 5};
TABLE Q1[16] = {7, 10, 0, 13, 2, 15, 5, 8, 12, 1, 11, 6, 9, 4, 14, 3};
TABLE Q2[16] = {11, 14, 4, 1, 6, 3, 9, 12, 0, 5, 15, 10, 13, 8, 2, 7};
TABLE Q3[16] = {15, 2, 8, 5, 10, 7, 13, 0, 4, 9, 3, 14, 1, 12, 6, 11};
/* spec 1.2 RC[k] and RC[k] ^ ALPHA, one nibble per byte. */
TABLE RC_X[5][16] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {4, 4, 3, 7, 0, 7, 3, 0, 14, 2, 10, 8, 9, 1, 3, 1},
    {0, 13, 1, 3, 15, 9, 9, 2, 2, 2, 8, 3, 9, 0, 4, 10},
    {9, 8, 12, 6, 14, 4, 12, 14, 8, 9, 10, 15, 14, 2, 8, 0},
    {7, 7, 3, 1, 0, 13, 8, 3, 6, 14, 1, 2, 8, 2, 5, 4},
};
TABLE RC_ALPHA_X[5][16] = {
    {13, 13, 0, 5, 12, 7, 9, 12, 7, 11, 9, 2, 12, 10, 0, 12},
    {9, 9, 3, 2, 12, 0, 10, 12, 9, 9, 3, 10, 5, 11, 3, 13},
    {13, 0, 1, 6, 3, 14, 0, 14, 5, 9, 1, 1, 5, 10, 4, 6},
    {4, 5, 12, 3, 2, 3, 5, 2, 15, 2, 3, 13, 2, 8, 8, 12},
    {10, 10, 3, 4, 12, 10, 1, 15, 1, 5, 8, 0, 4, 8, 5, 8},
};
#endif /* QPAC_NIBBLE_TABLES */

#endif /* QPAC_CIPHER_INTERNAL_H */

/*
 * cipher_tables.h - the constants of ComputePAC (spec 1.2) and the nibble
 * tables of the SIMD implementations, in one place for every implementation.
 * Header-only (static const): a file that uses none of them costs nothing.
 *
 * The SIMD tables hold one nibble per byte; a lookup is table[x], a
 * permutation out[j] = in[SRC[j]]. They were computed mechanically from the
 * spec 1.2-1.7 tables; cipher_ssse3.c explains the composites, and the tests
 * compare every implementation with the reference (cipher_ref.c), which uses
 * only the spec's own tables.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef QPAC_CIPHER_TABLES_H
#define QPAC_CIPHER_TABLES_H

#include <stdint.h>

/* spec 1.2: round constants RC[0..7] (RC[5..7] only for the paper's r = 6, 7, 8)
 * and the reflection constant. */
#define QPAC_RC_COUNT 8
static const uint64_t qpac_RC[QPAC_RC_COUNT] = {
    UINT64_C(0x0000000000000000), UINT64_C(0x13198A2E03707344),
    UINT64_C(0xA4093822299F31D0), UINT64_C(0x082EFA98EC4E6C89),
    UINT64_C(0x452821E638D01377), UINT64_C(0xBE5466CF34E90C6C),
    UINT64_C(0x3F84D5B5B5470917), UINT64_C(0x9216D5D98979FB1B),
};
#define QPAC_ALPHA UINT64_C(0xC0AC29B7C97C50DD)

/* spec 1.3: modk0 = ROTR64(key0, 1) XOR (key0 >> 63). */
static inline uint64_t qpac_modk0(uint64_t key0)
{
    return ((key0 >> 1) | (key0 << 63)) ^ (key0 >> 63);
}

#define TABLE static const _Alignas(16) uint8_t

/* ---- spec tables (the reference uses these and nothing else) ------------ */
/* spec 1.4 S-boxes, indexed by the input nibble (sigma0: the paper's, not
 * used by ComputePAC; sigma1 is an involution). */
TABLE SUB_SIGMA0[16] = {0, 14, 2, 10, 9, 15, 8, 11, 6, 4, 3, 7, 13, 12, 1, 5};
TABLE SUB_SIGMA1[16] = {10, 13, 14, 6, 15, 7, 3, 5, 9, 8, 0, 12, 11, 1, 2, 4};
TABLE SUB_SIGMA2[16] = {11, 6, 8, 15, 12, 0, 9, 14, 3, 7, 4, 5, 13, 2, 1, 10};
TABLE SUB_SIGMA2_INV[16] = {5, 14, 13, 8, 10, 11, 1, 9, 2, 6, 15, 0, 4, 12, 7, 3};
/* spec 1.5: out.nibble[j] = in.nibble[SRC[j]] */
TABLE CELL_SHUFFLE[16] = {13, 6, 11, 0, 7, 12, 1, 10, 8, 3, 14, 5, 2, 9, 4, 15};
TABLE CELL_INV_SHUFFLE[16] = {3, 6, 12, 9, 14, 11, 1, 4, 8, 13, 7, 2, 5, 0, 10, 15};
/* spec 1.7: TweakShuffle / TweakInvShuffle sources, and 0xff on the outputs
 * that pass through TweakCellRot / TweakCellInvRot */
TABLE TWEAK_SHUFFLE[16] = {4, 5, 6, 7, 11, 2, 3, 8, 12, 13, 14, 15, 0, 1, 10, 9};
TABLE TWEAK_ROT_SEL[16] = {0, 0, 0xff, 0, 0xff, 0, 0, 0xff, 0, 0, 0, 0xff, 0xff, 0, 0xff, 0xff};
TABLE TWEAK_INV_SHUFFLE[16] = {12, 13, 5, 6, 0, 1, 2, 3, 7, 15, 14, 4, 8, 9, 10, 11};
TABLE TWEAK_INV_ROT_SEL[16] = {0xff, 0, 0, 0, 0, 0, 0xff, 0, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0xff};

/* ---- SIMD composites ------------------------------------------------------ */
/* spec 1.6 R1, R2 (cell rotations left by 1, 2) as lookups */
TABLE ROT_CELL1[16] = {0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15};
TABLE ROT_CELL2[16] = {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};
/* spec 1.7 TweakCellRot as a lookup */
TABLE TWEAK_CELL_ROT[16] = {0, 8, 9, 1, 2, 10, 11, 3, 4, 12, 13, 5, 6, 14, 15, 7};
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
/* The last backward round's Q_i with its output cells split: *_EO puts cells
 * 0, 2, .., 14 in bytes 0..7 and the odd cells in bytes 8..15, *_OE the
 * reverse; and the last S-box shifted to the high nibble. Together they
 * form the packed 64-bit result as lookup(even) | lookup_hi(odd), bytes 0..7. */
TABLE Q1_EO[16] = {7, 0, 2, 5, 12, 11, 9, 14, 10, 13, 15, 8, 1, 6, 4, 3};
TABLE Q1_OE[16] = {10, 13, 15, 8, 1, 6, 4, 3, 7, 0, 2, 5, 12, 11, 9, 14};
TABLE Q2_EO[16] = {11, 4, 6, 9, 0, 15, 13, 2, 14, 1, 3, 12, 5, 10, 8, 7};
TABLE Q2_OE[16] = {14, 1, 3, 12, 5, 10, 8, 7, 11, 4, 6, 9, 0, 15, 13, 2};
TABLE Q3_EO[16] = {15, 8, 10, 13, 4, 3, 1, 6, 2, 5, 7, 0, 9, 14, 12, 11};
TABLE Q3_OE[16] = {2, 5, 7, 0, 9, 14, 12, 11, 15, 8, 10, 13, 4, 3, 1, 6};
TABLE SUB_SIGMA2_INV_HI[16] = {80, 224, 208, 128, 160, 176, 16, 144, 32, 96, 240, 0, 64, 192, 112, 48};
TABLE SUB_SIGMA1_HI[16] = {160, 208, 224, 96, 240, 112, 48, 80, 144, 128, 0, 192, 176, 16, 32, 64};
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
#undef TABLE

#endif /* QPAC_CIPHER_TABLES_H */

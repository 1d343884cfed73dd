/*
 * cipher_ssse3.c - constant-time ComputePAC with SSSE3 (spec 1.8). The state
 * lives in an XMM register, one nibble per byte (byte j = nibble j). S-boxes,
 * cell rotations R1/R2 and every cell shuffle are pshufb operations: lookups
 * whose timing does not depend on the (secret) indices. PACMult after a cell
 * shuffle is folded into three shuffles that combine tau with the row
 * rotations of spec 1.6:
 *   PACMult(x) = R1(rowrot1(x) ^ rowrot3(x)) ^ R2(rowrot2(x))
 * where rowrot_i moves row (k + i) mod 4 to row k. The composite shuffle
 * tables below were computed from the spec 1.5 table; tests compare this code
 * with the reference.
 * Built with -mssse3; called only after a run-time CPU check (cipher.c).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdint.h>

#include "cipher_internal.h"

#if defined(__x86_64__) && defined(__SSSE3__)
#include <tmmintrin.h>

#define TABLE static const _Alignas(16) uint8_t

/* spec 1.4 S-boxes and their lookups. */
TABLE SUB_SIGMA1[16] = {10, 13, 14, 6, 15, 7, 3, 5, 9, 8, 0, 12, 11, 1, 2, 4};
TABLE SUB_SIGMA2[16] = {11, 6, 8, 15, 12, 0, 9, 14, 3, 7, 4, 5, 13, 2, 1, 10};
TABLE SUB_SIGMA2_INV[16] = {5, 14, 13, 8, 10, 11, 1, 9, 2, 6, 15, 0, 4, 12, 7, 3};
/* spec 1.6 R1, R2 and spec 1.7 TweakCellRot as 4-bit lookups. */
TABLE ROT_CELL1[16] = {0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15};
TABLE ROT_CELL2[16] = {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};
TABLE TWEAK_CELL_ROT[16] = {0, 8, 9, 1, 2, 10, 11, 3, 4, 12, 13, 5, 6, 14, 15, 7};
/* spec 1.7 TweakShuffle: sources, and 0xff at the outputs through the LFSR. */
TABLE TWEAK_SHUFFLE[16] = {4, 5, 6, 7, 11, 2, 3, 8, 12, 13, 14, 15, 0, 1, 10, 9};
TABLE TWEAK_ROT_SEL[16] = {0, 0, 0xff, 0, 0xff, 0, 0, 0xff, 0, 0, 0, 0xff, 0xff, 0, 0xff, 0xff};
/* spec 1.5 tau^-1, and the composites (out byte j = in byte SRC[j]):
 *   ROWi_OF_SHUFFLE          rowrot_i(PACCellShuffle(x))
 *   INV_SHUFFLE_OF_ROWi      PACCellInvShuffle(rowrot_i(x))
 *   INV_SHUFFLE_ROWi_SHUFFLE PACCellInvShuffle(rowrot_i(PACCellShuffle(x))) */
TABLE CELL_INV_SHUFFLE[16] = {3, 6, 12, 9, 14, 11, 1, 4, 8, 13, 7, 2, 5, 0, 10, 15};
TABLE ROW1_OF_SHUFFLE[16] = {7, 12, 1, 10, 8, 3, 14, 5, 2, 9, 4, 15, 13, 6, 11, 0};
TABLE ROW2_OF_SHUFFLE[16] = {8, 3, 14, 5, 2, 9, 4, 15, 13, 6, 11, 0, 7, 12, 1, 10};
TABLE ROW3_OF_SHUFFLE[16] = {2, 9, 4, 15, 13, 6, 11, 0, 7, 12, 1, 10, 8, 3, 14, 5};
TABLE INV_SHUFFLE_OF_ROW1[16] = {7, 10, 0, 13, 2, 15, 5, 8, 12, 1, 11, 6, 9, 4, 14, 3};
TABLE INV_SHUFFLE_OF_ROW2[16] = {11, 14, 4, 1, 6, 3, 9, 12, 0, 5, 15, 10, 13, 8, 2, 7};
TABLE INV_SHUFFLE_OF_ROW3[16] = {15, 2, 8, 5, 10, 7, 13, 0, 4, 9, 3, 14, 1, 12, 6, 11};
TABLE INV_SHUFFLE_ROW1_SHUFFLE[16] = {10, 14, 13, 9, 11, 15, 12, 8, 2, 6, 5, 1, 3, 7, 4, 0};
TABLE INV_SHUFFLE_ROW2_SHUFFLE[16] = {5, 4, 7, 6, 1, 0, 3, 2, 13, 12, 15, 14, 9, 8, 11, 10};
TABLE INV_SHUFFLE_ROW3_SHUFFLE[16] = {15, 11, 8, 12, 14, 10, 9, 13, 7, 3, 0, 4, 6, 2, 1, 5};

#define LD(t) _mm_load_si128((const __m128i *)(const void *)(t))

/* 64-bit word -> one nibble per byte, and back. */
static inline __m128i expand(uint64_t x)
{
    const __m128i low4 = _mm_set1_epi8(0x0f);
    __m128i v = _mm_cvtsi64_si128((long long)x);
    __m128i lo = _mm_and_si128(v, low4);
    __m128i hi = _mm_and_si128(_mm_srli_epi16(v, 4), low4);
    return _mm_unpacklo_epi8(lo, hi);
}

static inline uint64_t compress(__m128i s)
{
    /* byte pair (n0, n1) -> n0 + 16 * n1 in a 16-bit lane, then pack. */
    __m128i p = _mm_maddubs_epi16(s, _mm_set1_epi16(0x1001));
    return (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(p, p));
}

static inline __m128i shuf(__m128i x, const uint8_t *src) { return _mm_shuffle_epi8(x, LD(src)); }
static inline __m128i look(const uint8_t *table, __m128i x) { return _mm_shuffle_epi8(LD(table), x); }

static inline __m128i tweak_shuffle(__m128i t)
{
    __m128i p = shuf(t, TWEAK_SHUFFLE);
    __m128i r = look(TWEAK_CELL_ROT, p);
    return _mm_xor_si128(p, _mm_and_si128(_mm_xor_si128(p, r), LD(TWEAK_ROT_SEL)));
}

/* PACMult(PACCellShuffle(x)). */
static inline __m128i mult_shuffle(__m128i x)
{
    __m128i a = _mm_xor_si128(shuf(x, ROW1_OF_SHUFFLE), shuf(x, ROW3_OF_SHUFFLE));
    __m128i b = shuf(x, ROW2_OF_SHUFFLE);
    return _mm_xor_si128(look(ROT_CELL1, a), look(ROT_CELL2, b));
}

/* PACCellInvShuffle(PACMult(x)). */
static inline __m128i inv_shuffle_mult(__m128i x)
{
    __m128i a = _mm_xor_si128(shuf(x, INV_SHUFFLE_OF_ROW1), shuf(x, INV_SHUFFLE_OF_ROW3));
    __m128i b = shuf(x, INV_SHUFFLE_OF_ROW2);
    return _mm_xor_si128(look(ROT_CELL1, a), look(ROT_CELL2, b));
}

/* PACCellInvShuffle(PACMult(PACCellShuffle(x))). */
static inline __m128i inv_shuffle_mult_shuffle(__m128i x)
{
    __m128i a = _mm_xor_si128(shuf(x, INV_SHUFFLE_ROW1_SHUFFLE), shuf(x, INV_SHUFFLE_ROW3_SHUFFLE));
    __m128i b = shuf(x, INV_SHUFFLE_ROW2_SHUFFLE);
    return _mm_xor_si128(look(ROT_CELL1, a), look(ROT_CELL2, b));
}

/* spec 1.8; N, S and Sinv are constants after inlining. The tweak chain
 * T_0..T_{N+1} serves both halves (spec 1.8 notes), so the forward round key
 * is key1 ^ T_k ^ RC[k] and the backward one adds ALPHA. */
static inline uint64_t qarma(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1,
                             const int N, const uint8_t *S, const uint8_t *Sinv)
{
    const uint64_t modk0 = qpac_modk0(key0);
    const __m128i k1 = expand(key1);
    const __m128i alpha = expand(QPAC_ALPHA);
    __m128i t[6];
    __m128i w = expand(data ^ key0);

    t[0] = expand(modifier);
    for (int k = 0; k <= N; k++)
        t[k + 1] = tweak_shuffle(t[k]);

    for (int k = 0; k <= N; k++) {
        w = _mm_xor_si128(w, _mm_xor_si128(_mm_xor_si128(k1, t[k]), expand(qpac_RC[k])));
        if (k > 0)
            w = mult_shuffle(w);
        w = look(S, w);
    }
    w = _mm_xor_si128(w, _mm_xor_si128(expand(modk0), t[N + 1]));
    w = look(S, mult_shuffle(w));
    w = _mm_xor_si128(inv_shuffle_mult_shuffle(w), shuf(k1, CELL_INV_SHUFFLE));
    w = inv_shuffle_mult(look(Sinv, w));
    w = _mm_xor_si128(w, _mm_xor_si128(expand(key0), t[N + 1]));
    for (int k = N; k >= 0; k--) {
        w = look(Sinv, w);
        if (k > 0)
            w = inv_shuffle_mult(w);
        w = _mm_xor_si128(w, _mm_xor_si128(_mm_xor_si128(k1, t[k]),
                                           _mm_xor_si128(expand(qpac_RC[k]), alpha)));
    }
    return compress(w) ^ modk0;
}

static uint64_t qarma5(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return qarma(data, modifier, key0, key1, 4, SUB_SIGMA2, SUB_SIGMA2_INV);
}

static uint64_t qarma3(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return qarma(data, modifier, key0, key1, 2, SUB_SIGMA1, SUB_SIGMA1);
}

uint64_t qpac_ComputePAC_ssse3(uint64_t data, uint64_t modifier, uint64_t key0,
                               uint64_t key1, qpac_alg alg)
{
    if (alg == QPAC_ALG_QARMA3)
        return qarma3(data, modifier, key0, key1);
    return qarma5(data, modifier, key0, key1);
}

#else /* no SSSE3 build: never selected (cipher.c), kept linkable */

uint64_t qpac_ComputePAC_ssse3(uint64_t data, uint64_t modifier, uint64_t key0,
                               uint64_t key1, qpac_alg alg)
{
    return qpac_ComputePAC_swar(data, modifier, key0, key1, alg);
}

#endif

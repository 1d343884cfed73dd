/*
 * cipher_ssse3.c - constant-time ComputePAC with SSSE3 (spec 1.8).
 *
 * The state lives in an XMM register, one nibble per byte (byte j = nibble j).
 * Every cell operation is a pshufb: S-box and cell-rotation lookups (the
 * table is constant, the secret is the index; pshufb's timing does not depend
 * on either) and nibble permutations. No branch or memory index depends on
 * data, modifier or key.
 *
 * Round structure. PACMult is linear and works cell by cell on rows:
 *   PACMult(x) = R1(rowrot1(x)) ^ R2(rowrot2(x)) ^ R1(rowrot3(x))
 * (rowrot_i moves row (k + i) mod 4 to row k, spec 1.6). R1/R2 commute with
 * any nibble permutation and are linear, so one forward round
 *   y' = PACMult(PACCellShuffle(S(y) ^ K))
 * becomes
 *   a1 = R1S(y) ^ R1(K),  a2 = R2S(y) ^ R2(K),  y' = P1(a1) ^ P3(a1) ^ P2(a2)
 * with R1S = R1 o S and R2S = R2 o S as single 16-entry lookups and
 * P_i = rowrot_i o PACCellShuffle as single permutations (five instructions
 * deep; R1(K), R2(K) are computed off the critical path). The backward rounds
 * use Q_i = PACCellInvShuffle o rowrot_i after R1/R2 o Sinv, and the
 * pseudo-reflector X_i = PACCellInvShuffle o rowrot_i o PACCellShuffle.
 * (Folding the key in after the permutations instead, as
 * PACMult(PACCellShuffle(K)), is one instruction shallower but costs more
 * instructions, and the code is throughput-bound on a shared core.)
 *
 * The composite tables below were computed mechanically from the spec 1.4-1.6
 * tables (composition of the SRC maps, S-box values passed through R1/R2);
 * the tests compare this implementation with the reference on every vector
 * and on random inputs. Built with -mssse3; called only after a run-time
 * CPU check (cipher.c).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdint.h>

#include "cipher_internal.h"

#if defined(__x86_64__) && defined(__SSSE3__)
#include <tmmintrin.h>

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
static const _Alignas(16) uint8_t RC_X[5][16] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {4, 4, 3, 7, 0, 7, 3, 0, 14, 2, 10, 8, 9, 1, 3, 1},
    {0, 13, 1, 3, 15, 9, 9, 2, 2, 2, 8, 3, 9, 0, 4, 10},
    {9, 8, 12, 6, 14, 4, 12, 14, 8, 9, 10, 15, 14, 2, 8, 0},
    {7, 7, 3, 1, 0, 13, 8, 3, 6, 14, 1, 2, 8, 2, 5, 4},
};
static const _Alignas(16) uint8_t RC_ALPHA_X[5][16] = {
    {13, 13, 0, 5, 12, 7, 9, 12, 7, 11, 9, 2, 12, 10, 0, 12},
    {9, 9, 3, 2, 12, 0, 10, 12, 9, 9, 3, 10, 5, 11, 3, 13},
    {13, 0, 1, 6, 3, 14, 0, 14, 5, 9, 1, 1, 5, 10, 4, 6},
    {4, 5, 12, 3, 2, 3, 5, 2, 15, 2, 3, 13, 2, 8, 8, 12},
    {10, 10, 3, 4, 12, 10, 1, 15, 1, 5, 8, 0, 4, 8, 5, 8},
};

#define LD(t) _mm_load_si128((const __m128i *)(const void *)(t))

/* 64-bit word -> one nibble per byte, and back. */
static inline __m128i expand(uint64_t x)
{
    const __m128i low4 = _mm_set1_epi8(0x0f);
    __m128i v = _mm_cvtsi64_si128((long long)x);
    return _mm_unpacklo_epi8(_mm_and_si128(v, low4), _mm_and_si128(_mm_srli_epi16(v, 4), low4));
}

static inline uint64_t compress(__m128i s)
{
    /* 16-bit lane n0 + 256 * n1: OR in the lane shifted right by 4 to get
     * n0 + 16 * n1 in its low byte, then gather the low bytes. */
    const __m128i even = _mm_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, -1, -1, -1, -1, -1, -1, -1, -1);
    __m128i v = _mm_or_si128(s, _mm_srli_epi16(s, 4));
    return (uint64_t)_mm_cvtsi128_si64(_mm_shuffle_epi8(v, even));
}

static inline __m128i perm(__m128i x, const uint8_t *src) { return _mm_shuffle_epi8(x, LD(src)); }
static inline __m128i look(const uint8_t *table, __m128i x) { return _mm_shuffle_epi8(LD(table), x); }
static inline __m128i xor2(__m128i a, __m128i b) { return _mm_xor_si128(a, b); }

/* TweakShuffle */
static inline __m128i tweak_shuffle(__m128i t)
{
    __m128i p = perm(t, TWEAK_SHUFFLE);
    __m128i r = look(TWEAK_CELL_ROT, p);
    return xor2(p, _mm_and_si128(xor2(p, r), LD(TWEAK_ROT_SEL)));
}

/* The linear layer on already rotated cells: A1 = R1(v), A2 = R2(v). */
static inline __m128i mix(__m128i a1, __m128i a2, const uint8_t *p1, const uint8_t *p2,
                          const uint8_t *p3)
{
    return xor2(xor2(perm(a1, p1), perm(a1, p3)), perm(a2, p2));
}

/* One forward round from y (the value entering S) with round key K:
 * PACMult(PACCellShuffle(S(y) ^ K)), the key entering after the R1/R2
 * lookups as R1(K), R2(K) (R1, R2 are linear). */
static inline __m128i keyed_mix(__m128i y, __m128i K, const uint8_t *r1s, const uint8_t *r2s)
{
    __m128i a1 = xor2(look(r1s, y), look(ROT_CELL1, K));
    __m128i a2 = xor2(look(r2s, y), look(ROT_CELL2, K));
    return mix(a1, a2, P1, P2, P3);
}

static inline __attribute__((always_inline)) uint64_t
qarma(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1, const int N,
      const uint8_t *r1s, const uint8_t *r2s, const uint8_t *r1si, const uint8_t *r2si,
      const uint8_t *sinv)
{
    const uint64_t modk0 = qpac_modk0(key0);
    const __m128i k1 = expand(key1), mk0 = expand(modk0);
    __m128i t[6], kt[5], y;

    /* tweak chain T_0..T_{N+1}: forward round k and backward round k use T_k,
     * both with key1 ^ T_k */
    t[0] = expand(modifier);
#pragma GCC unroll 8
    for (int k = 0; k <= N; k++)
        t[k + 1] = tweak_shuffle(t[k]);
#pragma GCC unroll 8
    for (int k = 0; k <= N; k++)
        kt[k] = xor2(k1, t[k]);

    /* forward: y is the value entering S in round k */
    y = xor2(expand(data ^ key0), xor2(kt[0], LD(RC_X[0])));
#pragma GCC unroll 8
    for (int k = 1; k <= N; k++)
        y = keyed_mix(y, xor2(kt[k], LD(RC_X[k])), r1s, r2s);
    /* centre: forward round keyed with modk0 ^ T_{N+1} */
    y = keyed_mix(y, xor2(mk0, t[N + 1]), r1s, r2s);
    /* pseudo-reflector: PACCellInvShuffle(PACMult(PACCellShuffle(S(y))) ^ key1) */
    y = xor2(mix(look(r1s, y), look(r2s, y), X1, X2, X3), perm(k1, CELL_INV_SHUFFLE));
    /* backward central round keyed with key0 ^ T_{N+1}; y now enters Sinv */
    y = xor2(mix(look(r1si, y), look(r2si, y), Q1, Q2, Q3), xor2(expand(key0), t[N + 1]));
    /* backward rounds k = N..1, then the last Sinv of round 0 (and modk0) */
#pragma GCC unroll 8
    for (int k = N; k >= 1; k--)
        y = xor2(mix(look(r1si, y), look(r2si, y), Q1, Q2, Q3), xor2(kt[k], LD(RC_ALPHA_X[k])));
    y = xor2(look(sinv, y), xor2(kt[0], xor2(LD(RC_ALPHA_X[0]), mk0)));
    return compress(y);
}

static uint64_t qarma5(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return qarma(data, modifier, key0, key1, 4, R1_SIGMA2, R2_SIGMA2, R1_SIGMA2_INV,
                 R2_SIGMA2_INV, SUB_SIGMA2_INV);
}

static uint64_t qarma3(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return qarma(data, modifier, key0, key1, 2, R1_SIGMA1, R2_SIGMA1, R1_SIGMA1, R2_SIGMA1,
                 SUB_SIGMA1);
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

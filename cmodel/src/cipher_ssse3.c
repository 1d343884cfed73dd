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
 *   a1 = R1S(y),  a2 = R2S(y),  y' = P1(a1 ^ k) ^ (P3(a1) ^ P2(a2))
 * with R1S = R1 o S and R2S = R2 o S as single 16-entry lookups, P_i =
 * rowrot_i o PACCellShuffle as single permutations and k = P1^-1(KM), KM =
 * PACMult(PACCellShuffle(K)), computed off the critical path. The key enters
 * before one permutation rather than after all three so that at most two
 * shuffles become ready in any cycle of a round (two lookups; P3 and P2 with
 * the key XOR beside them; then P1 alone): the path is four instructions
 * deep and the two shuffle ports of current x86 cores keep up with it (on
 * Zen 3 this form measured about 5.4 cycles a round against 6.4 for
 * (P1(a1) ^ P3(a1)) ^ (P2(a2) ^ KM), whose three permutations compete for
 * two ports). The backward rounds use Q_i = PACCellInvShuffle o rowrot_i
 * after R1/R2 o Sinv, and the pseudo-reflector X_i = PACCellInvShuffle o
 * rowrot_i o PACCellShuffle, in the same form, their keys passed through
 * Q1^-1 = P3 and X1^-1 o PACCellInvShuffle = Q3 (one shuffle each, off the
 * critical path). The round keys are computed before the data path starts
 * (a compiler barrier keeps that order): a call's key work then overlaps the
 * previous call's rounds instead of competing with its own. Round 0's key
 * enters in a general register before the data is spread into nibbles, and
 * the last round writes its even and odd cells to two registers, so that
 * the last Sinv (a plain and a shifted table) packs the result with one OR.
 *
 * The composite tables (cipher_tables.h) were computed mechanically from the spec 1.4-1.6
 * tables (composition of the SRC maps, S-box values passed through R1/R2);
 * the tests compare this implementation with the reference on every vector
 * and on random inputs. Built with -mssse3; called only after a run-time
 * CPU check (cipher.c). cipher_avx.c compiles this same file with -mavx
 * (three-operand VEX encoding, fewer register copies) as QPAC_IMPL_AVX.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdint.h>

/* The exported name: cipher_avx.c builds this file a second time. */
#ifndef QPAC_SSSE3_ENTRY
#define QPAC_SSSE3_ENTRY qpac_ComputePAC_ssse3
#endif

#include "cipher_internal.h"
#include "cipher_tables.h"

#if defined(__x86_64__) && defined(__SSSE3__)
#include <tmmintrin.h>
#if defined(__SSE4_1__)
#include <smmintrin.h>
#endif

#define LD(t) _mm_load_si128((const __m128i *)(const void *)(t))

/* 64-bit word -> one nibble per byte (the result leaves through the last
 * round's two tables, see qarma()). */
static inline __m128i expand(uint64_t x)
{
    const __m128i low4 = _mm_set1_epi8(0x0f);
    __m128i v = _mm_cvtsi64_si128((long long)x);
    return _mm_unpacklo_epi8(_mm_and_si128(v, low4), _mm_and_si128(_mm_srli_epi16(v, 4), low4));
}

static inline __m128i perm(__m128i x, const uint8_t *src) { return _mm_shuffle_epi8(x, LD(src)); }
static inline __m128i look(const uint8_t *table, __m128i x) { return _mm_shuffle_epi8(LD(table), x); }
static inline __m128i xor2(__m128i a, __m128i b) { return _mm_xor_si128(a, b); }
static inline __m128i xor3(__m128i a, __m128i b, __m128i c) { return xor2(a, xor2(b, c)); }

/* out = sel ? r : p, bytewise (sel bytes are 0 or 0xff) */
static inline __m128i select(__m128i sel, __m128i r, __m128i p)
{
#if defined(__SSE4_1__)
    return _mm_blendv_epi8(p, r, sel);
#else
    return _mm_or_si128(_mm_and_si128(sel, r), _mm_andnot_si128(sel, p));
#endif
}

/* TweakShuffle */
static inline __m128i tweak_shuffle(__m128i t)
{
    __m128i p = perm(t, TWEAK_SHUFFLE);
    return select(LD(TWEAK_ROT_SEL), look(TWEAK_CELL_ROT, p), p);
}

/* The linear layer on already rotated cells, a key entering the P1 branch:
 * P1(A1 ^ kp) ^ (P3(A1) ^ P2(A2)), with A1 = R1(v), A2 = R2(v) and kp =
 * P1^-1(k) for a key k after the layer. */
static inline __m128i mix(__m128i a1, __m128i a2, const uint8_t *p1, const uint8_t *p2,
                          const uint8_t *p3, __m128i kp)
{
    return xor3(perm(xor2(a1, kp), p1), perm(a1, p3), perm(a2, p2));
}

/* P1^-1(PACMult(PACCellShuffle(K))) = R1(K) ^ X2(R1(K)) ^ X1(R2(K))
 * (P1^-1 o P3 = X2, P1^-1 o P2 = X1): a forward round key. */
static inline __m128i key_mix(__m128i K)
{
    __m128i a1 = look(ROT_CELL1, K);
    return xor3(a1, perm(a1, X2), perm(look(ROT_CELL2, K), X1));
}

static inline __attribute__((always_inline)) uint64_t
qarma(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1, const int N,
      const uint8_t *r1s, const uint8_t *r2s, const uint8_t *r1si, const uint8_t *r2si,
      const uint8_t *sinv, const uint8_t *sinv_hi)
{
    const uint64_t modk0 = qpac_modk0(key0);
    const __m128i k1 = expand(key1), mk0 = expand(modk0);
    __m128i t[6], ks[2 * 5 + 5], y;

    /* tweak chain T_0..T_{N+1}: forward round k and backward round k use T_k,
     * both with key1 ^ T_k */
    t[0] = expand(modifier);
#pragma GCC unroll 8
    for (int k = 0; k <= N; k++)
        t[k + 1] = tweak_shuffle(t[k]);

    /* the round keys in the order the rounds take them: forward 1..N, the
     * centre (modk0 ^ T_{N+1}), the pseudo-reflector (key1), the backward
     * centre (key0 ^ T_{N+1}), backward N..1, the last (with modk0) */
#pragma GCC unroll 8
    for (int k = 1; k <= N; k++)
        ks[k] = key_mix(xor3(k1, t[k], LD(RC_X[k])));
    ks[N + 1] = key_mix(xor2(mk0, t[N + 1]));
    ks[N + 2] = perm(k1, Q3);
    ks[N + 3] = perm(xor2(expand(key0), t[N + 1]), P3);
#pragma GCC unroll 8
    for (int k = N; k >= 1; k--)
        ks[2 * N + 4 - k] = perm(xor3(k1, t[k], LD(RC_ALPHA_X[k])), P3);
    const uint64_t w0 = key0 ^ key1 ^ modifier ^ qpac_RC[0];
    const uint64_t kout = key1 ^ modifier ^ modk0 ^ qpac_RC[0] ^ QPAC_ALPHA;
    /* Keys ahead of the rounds (see the top of this file), all of them
     * through memory: the faster choice of those measured, for both round
     * counts (Zen 5, one call: QARMA5 117.6 cycles against 119.5 with the
     * first N + 2 held in registers and 130 with no barrier). */
    __asm__ volatile("" : : "r"(ks) : "memory");

    /* forward: y is the value entering S in round k; round 0's key
     * (key0 ^ key1 ^ T_0 ^ RC[0]) is added in a general register */
    y = expand(data ^ w0);
#pragma GCC unroll 8
    for (int k = 1; k <= N + 1; k++)
        y = mix(look(r1s, y), look(r2s, y), P1, P2, P3, ks[k]);
    /* pseudo-reflector: PACCellInvShuffle(PACMult(PACCellShuffle(S(y))) ^ key1) */
    y = mix(look(r1s, y), look(r2s, y), X1, X2, X3, ks[N + 2]);
    /* backward central round, then backward rounds N..1; y now enters Sinv */
#pragma GCC unroll 8
    for (int k = N + 3; k <= 2 * N + 2; k++)
        y = mix(look(r1si, y), look(r2si, y), Q1, Q2, Q3, ks[k]);
    /* backward round 1 twice, its even cells in bytes 0..7 of ye and its odd
     * ones in bytes 0..7 of yo; round 0's Sinv packs them (the odd ones into
     * the high nibbles), and its key (modk0) is added in a general register */
    __m128i a1 = look(r1si, y), a2 = look(r2si, y);
    __m128i ye = mix(a1, a2, Q1_EO, Q2_EO, Q3_EO, ks[2 * N + 3]);
    __m128i yo = mix(a1, a2, Q1_OE, Q2_OE, Q3_OE, ks[2 * N + 3]);
    y = _mm_or_si128(look(sinv, ye), look(sinv_hi, yo));
    return (uint64_t)_mm_cvtsi128_si64(y) ^ kout;
}

static uint64_t qarma5(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return qarma(data, modifier, key0, key1, 4, R1_SIGMA2, R2_SIGMA2, R1_SIGMA2_INV,
                 R2_SIGMA2_INV, SUB_SIGMA2_INV, SUB_SIGMA2_INV_HI);
}

static uint64_t qarma3(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return qarma(data, modifier, key0, key1, 2, R1_SIGMA1, R2_SIGMA1, R1_SIGMA1, R2_SIGMA1,
                 SUB_SIGMA1, SUB_SIGMA1_HI);
}

uint64_t QPAC_SSSE3_ENTRY(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1,
                          qpac_alg alg)
{
    if (alg == QPAC_ALG_QARMA3)
        return qarma3(data, modifier, key0, key1);
    return qarma5(data, modifier, key0, key1);
}

#else /* no SSSE3 build: never selected (cipher.c), kept linkable */

uint64_t QPAC_SSSE3_ENTRY(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1,
                          qpac_alg alg)
{
    return qpac_ComputePAC_swar(data, modifier, key0, key1, alg);
}

#endif

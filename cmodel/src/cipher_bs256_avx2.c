/*
 * cipher_bs256_avx2.c - bitsliced ComputePAC on AVX2: 256 PACs per block, one
 * per bit of a 256-bit vector. The cipher is the generated cipher_bs_core.h
 * (the same code as cipher_bs64.c); this file gives it the vector type and
 * the transposes: the four 64-bit elements of a vector are four independent
 * 64 x 64 bit matrices, transposed together, so plane p element e bit j is
 * bit p of word 4j + e. Built with -mavx2; called only after a run-time CPU
 * check (cipher.c).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stddef.h>
#include <stdint.h>

#include "cipher_internal.h"

#if defined(__x86_64__) && defined(__AVX2__)
#include <immintrin.h>

/* Keep the generated core's XOR order (state ^ key plane ^ tweak plane: two
 * memory operands, no load of its own): GCC's reassociation would load the
 * key plane to XOR it with the tweak plane first, one more instruction a
 * plane. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-reassoc")
#endif

typedef __m256i W;
#define BS_LANES 256
#define QPAC_BS_INLINE inline __attribute__((always_inline))
#define BS_XOR(a, b) _mm256_xor_si256((a), (b))
#define BS_AND(a, b) _mm256_and_si256((a), (b))
#define BS_OR(a, b) _mm256_or_si256((a), (b))
#define BS_ANDN(a, b) _mm256_andnot_si256((a), (b))
#define BS_NOT(a) _mm256_xor_si256((a), _mm256_set1_epi32(-1))

/* Four 64 x 64 transposes at once (see transpose64 in cipher_bs64.c): stage
 * s swaps the high s-bit half of each 2s-bit group of x[j] with the low half
 * of x[j + s]. The 32-, 16- and 8-bit stages swap the halves with a shuffle
 * and recombine them with a blend (four instructions a pair); the others use
 * shifts and masks (six). */
#define SWAP32(v) _mm256_shuffle_epi32((v), 0xb1)
#define BLEND32(a, b) _mm256_blend_epi32((a), (b), 0xaa)
#define SWAP16(v) _mm256_shuffle_epi8((v), swap16)
#define BLEND16(a, b) _mm256_blend_epi16((a), (b), 0xaa)
#define SWAP8(v) _mm256_shuffle_epi8((v), swap8)
#define BLEND8(a, b) _mm256_blendv_epi8((a), (b), odd8)

/* The six stages touch disjoint index bits (stage s pairs rows j, j + s), so
 * they commute and split into two passes over eight rows at a time, which
 * stay in registers: the 32-, 16- and 8-bit stages on rows g + 8k, the 4-,
 * 2- and 1-bit stages on rows 8g + k (k = 0..7). Six passes over all 64 rows
 * (each spilled and reloaded) cost more than the arithmetic. */
#define PAIRS8(d) _Pragma("GCC unroll 8") for (unsigned k = 0; k < 8; k = (k + (d) + 1) & ~(unsigned)(d))

static inline __attribute__((always_inline)) void stages_hi(W r[8])
{
    const W swap16 = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
                                      2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    const W swap8 = _mm256_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14,
                                     1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
    const W odd8 = _mm256_set1_epi16((short)0xff00);
#define SWAP_BLEND8(d, SWAP, BLEND)                                                          \
    PAIRS8(d) {                                                                              \
        W a_ = r[k], b_ = r[k + (d)];                                                        \
        r[k] = BLEND(a_, SWAP(b_));                                                          \
        r[k + (d)] = BLEND(SWAP(a_), b_);                                                    \
    }
    SWAP_BLEND8(4, SWAP32, BLEND32)
    SWAP_BLEND8(2, SWAP16, BLEND16)
    SWAP_BLEND8(1, SWAP8, BLEND8)
#undef SWAP_BLEND8
}

static inline __attribute__((always_inline)) void stages_lo(W r[8])
{
#define SWAP_SHIFT8(d, m)                                                                    \
    PAIRS8(d) {                                                                              \
        W t_ = _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi64(r[k], (d)), r[k + (d)]),   \
                                _mm256_set1_epi64x((long long)(m)));                         \
        r[k + (d)] = _mm256_xor_si256(r[k + (d)], t_);                                       \
        r[k] = _mm256_xor_si256(r[k], _mm256_slli_epi64(t_, (d)));                           \
    }
    SWAP_SHIFT8(4, UINT64_C(0x0F0F0F0F0F0F0F0F))
    SWAP_SHIFT8(2, UINT64_C(0x3333333333333333))
    SWAP_SHIFT8(1, UINT64_C(0x5555555555555555))
#undef SWAP_SHIFT8
}

/* Plane i: bit i of x moved to the sign bit, then spread by a signed compare
 * (two operations a plane, no scalar work). */
static void bs_broadcast(W p[64], uint64_t x)
{
    const W v = _mm256_set1_epi64x((long long)x), zero = _mm256_setzero_si256();
    for (unsigned i = 0; i < 64; i++)
        p[i] = _mm256_cmpgt_epi64(zero, _mm256_sll_epi64(v, _mm_cvtsi32_si128((int)(63 - i))));
}

#define BS_BATCH qpac_ComputePAC_batch_bs256
#define BS_BATCH_KEYS qpac_ComputePAC_batch_keys_bs256
#define BS_LOADU(q) _mm256_loadu_si256((const __m256i *)(const void *)(q))
#define BS_STOREU(q, x) _mm256_storeu_si256((__m256i *)(void *)(q), (x))
#include "cipher_bs_batch.h"

#else /* no AVX2 build: never selected (cipher.c), kept linkable */

void qpac_ComputePAC_batch_bs256(const uint64_t *data, const uint64_t *modifier, size_t n,
                                 uint64_t key0, uint64_t key1, qpac_alg alg, uint64_t *out)
{
    qpac_ComputePAC_batch_bs64(data, modifier, n, key0, key1, alg, out);
}

void qpac_ComputePAC_batch_keys_bs256(const uint64_t *data, const uint64_t *modifier, size_t n,
                                      const uint64_t *key0, const uint64_t *key1, qpac_alg alg,
                                      uint64_t *out)
{
    qpac_ComputePAC_batch_keys_bs64(data, modifier, n, key0, key1, alg, out);
}

#endif

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
#define FOR_PAIRS(s) for (unsigned j = 0; j < 64; j = (j + (s) + 1) & ~(unsigned)(s))

#define SWAP_SHIFT(s, m)                                                                     \
    FOR_PAIRS(s) {                                                                           \
        W t_ = _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi64(x[j], (s)), x[j + (s)]),   \
                                _mm256_set1_epi64x((long long)(m)));                         \
        x[j + (s)] = _mm256_xor_si256(x[j + (s)], t_);                                       \
        x[j] = _mm256_xor_si256(x[j], _mm256_slli_epi64(t_, (s)));                           \
    }

/* SWAP(v) exchanges the two halves of every 2s-bit group, BLEND(a, b) takes
 * the low halves from a and the high halves from b. */
#define SWAP_BLEND(s, SWAP, BLEND)                                                           \
    FOR_PAIRS(s) {                                                                           \
        W a_ = x[j], b_ = x[j + (s)];                                                        \
        x[j] = BLEND(a_, SWAP(b_));                                                          \
        x[j + (s)] = BLEND(SWAP(a_), b_);                                                    \
    }

#define SWAP32(v) _mm256_shuffle_epi32((v), 0xb1)
#define BLEND32(a, b) _mm256_blend_epi32((a), (b), 0xaa)
#define SWAP16(v) _mm256_shuffle_epi8((v), swap16)
#define BLEND16(a, b) _mm256_blend_epi16((a), (b), 0xaa)
#define SWAP8(v) _mm256_shuffle_epi8((v), swap8)
#define BLEND8(a, b) _mm256_blendv_epi8((a), (b), odd8)

static inline __attribute__((always_inline)) void transpose4x64(W x[64])
{
    const W swap16 = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
                                      2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    const W swap8 = _mm256_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14,
                                     1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
    const W odd8 = _mm256_set1_epi16((short)0xff00);
    SWAP_BLEND(32, SWAP32, BLEND32)
    SWAP_BLEND(16, SWAP16, BLEND16)
    SWAP_BLEND(8, SWAP8, BLEND8)
    SWAP_SHIFT(4, UINT64_C(0x0F0F0F0F0F0F0F0F))
    SWAP_SHIFT(2, UINT64_C(0x3333333333333333))
    SWAP_SHIFT(1, UINT64_C(0x5555555555555555))
}

static void bs_transpose(W p[64], const uint64_t v[BS_LANES])
{
    for (unsigned j = 0; j < 64; j++)
        p[j] = _mm256_loadu_si256((const __m256i *)(const void *)(v + 4 * j));
    transpose4x64(p);
}

static void bs_untranspose(uint64_t v[BS_LANES], W x[64])
{
    transpose4x64(x);
    for (unsigned j = 0; j < 64; j++)
        _mm256_storeu_si256((__m256i *)(void *)(v + 4 * j), x[j]);
}

static void bs_broadcast(W p[64], uint64_t x)
{
    for (unsigned i = 0; i < 64; i++)
        p[i] = _mm256_set1_epi64x(-(long long)((x >> i) & 1));
}

#define BS_BATCH qpac_ComputePAC_batch_bs256
#define BS_BATCH_KEYS qpac_ComputePAC_batch_keys_bs256
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

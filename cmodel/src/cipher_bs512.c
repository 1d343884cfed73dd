/*
 * cipher_bs512.c - bitsliced ComputePAC on AVX-512: 512 PACs per block, one
 * per bit of a 512-bit vector, with the 3-input-operation core
 * (cipher_bs3_core.h: S-boxes as 3-input lookup tables and XORs of three
 * terms, each one vpternlogq). Transposes as in cipher_bs256_avx2.c, eight
 * 64 x 64 matrices at once. Built for AVX-512F by the target pragma below
 * (GCC); called only after a run-time CPU check (cipher.c).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stddef.h>
#include <stdint.h>

#include "cipher_internal.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#pragma GCC target("avx512f")
#include <immintrin.h>

typedef __m512i W;
#define BS_LANES 512
#define QPAC_BS_INLINE inline __attribute__((always_inline))
#define BS_XOR(a, b) _mm512_xor_si512((a), (b))
#define BS_NOT(a) _mm512_ternarylogic_epi64((a), (a), (a), 0x55)
/* vpternlogq writes its first operand. Through the intrinsic GCC 12 copies
 * registers around most of them; this asm states the tie, and the generator
 * puts an operand that dies there first, which drops about two thirds of the
 * copies (QARMA5 batch 3.67 -> 3.45 ns/op, best of 400 runs, same load). */
#define BS_TERN(a, b, c, imm)                                                              \
    __extension__({                                                                        \
        W t_ = (a);                                                                        \
        __asm__("vpternlogq %3, %2, %1, %0" : "+v"(t_) : "v"(b), "vm"(c), "i"(imm));      \
        t_;                                                                                \
    })

/* Stage s pairs rows j, j + s; the stages commute, so they run in two
 * register-resident passes over eight rows (cipher_bs_batch.h): 32,
 * 16, 8 on rows g + 8k, then 4, 2, 1 on rows 8g + k. */
#define PAIRS8(d) _Pragma("GCC unroll 8") for (unsigned k = 0; k < 8; k = (k + (d) + 1) & ~(unsigned)(d))

/* t = ((a >> s) ^ b) & m in one vpternlogq (0x28), then the swap; rows k and
 * k + d of r, bit distance s. */
#define SWAP_SHIFT8(d, s, m)                                                                 \
    PAIRS8(d) {                                                                              \
        W t_ = _mm512_ternarylogic_epi64(_mm512_srli_epi64(r[k], (s)), r[k + (d)],           \
                                         _mm512_set1_epi64((long long)(m)), 0x28);           \
        r[k + (d)] = _mm512_xor_si512(r[k + (d)], t_);                                       \
        r[k] = _mm512_xor_si512(r[k], _mm512_slli_epi64(t_, (s)));                           \
    }

static inline __attribute__((always_inline)) void stages_hi(W r[8])
{
    PAIRS8(4) { /* 32-bit halves: swap with a shuffle, merge with a blend */
        W a = r[k], b = r[k + 4];
        r[k] = _mm512_mask_blend_epi32(0xaaaa, a, _mm512_shuffle_epi32(b, 0xb1));
        r[k + 4] = _mm512_mask_blend_epi32(0xaaaa, _mm512_shuffle_epi32(a, 0xb1), b);
    }
    SWAP_SHIFT8(2, 16, UINT64_C(0x0000FFFF0000FFFF))
    SWAP_SHIFT8(1, 8, UINT64_C(0x00FF00FF00FF00FF))
}

static inline __attribute__((always_inline)) void stages_lo(W r[8])
{
    SWAP_SHIFT8(4, 4, UINT64_C(0x0F0F0F0F0F0F0F0F))
    SWAP_SHIFT8(2, 2, UINT64_C(0x3333333333333333))
    SWAP_SHIFT8(1, 1, UINT64_C(0x5555555555555555))
}


static void bs_broadcast(W p[64], uint64_t x)
{
    for (unsigned i = 0; i < 64; i++)
        p[i] = _mm512_set1_epi64(-(long long)((x >> i) & 1));
}

#define BS_CORE "cipher_bs3_core.h"
#define BS_BATCH qpac_ComputePAC_batch_bs512
#define BS_BATCH_KEYS qpac_ComputePAC_batch_keys_bs512
#define BS_LOADU(q) _mm512_loadu_si512((const void *)(q))
#define BS_STOREU(q, x) _mm512_storeu_si512((void *)(q), (x))
#include "cipher_bs_batch.h"

int qpac_bs512_built(void) { return 1; }

#else /* no AVX-512 build: never selected (cipher.c), kept linkable */

void qpac_ComputePAC_batch_bs512(const uint64_t *data, const uint64_t *modifier, size_t n,
                                 uint64_t key0, uint64_t key1, qpac_alg alg, uint64_t *out)
{
    qpac_ComputePAC_batch_bs64(data, modifier, n, key0, key1, alg, out);
}

void qpac_ComputePAC_batch_keys_bs512(const uint64_t *data, const uint64_t *modifier, size_t n,
                                      const uint64_t *key0, const uint64_t *key1, qpac_alg alg,
                                      uint64_t *out)
{
    qpac_ComputePAC_batch_keys_bs64(data, modifier, n, key0, key1, alg, out);
}

int qpac_bs512_built(void) { return 0; }

#endif

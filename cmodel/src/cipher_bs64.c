/*
 * cipher_bs64.c - portable bitsliced ComputePAC: 64 PACs per block, one per
 * bit of a uint64_t (the fallback batch for CPUs without AVX2). The cipher is
 * the generated cipher_bs_core.h; this file gives it the word type and the
 * 64 x 64 bit transposes. Constant time: only AND, OR, XOR, NOT and shifts.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stddef.h>
#include <stdint.h>

#include "cipher_internal.h"

typedef uint64_t W;
#define BS_LANES 64
#define QPAC_BS_INLINE inline __attribute__((always_inline))
#define BS_XOR(a, b) ((a) ^ (b))
#define BS_AND(a, b) ((a) & (b))
#define BS_OR(a, b) ((a) | (b))
#define BS_ANDN(a, b) (~(a) & (b))
#define BS_NOT(a) (~(a))

/* 64 x 64 bit transpose in six swap stages: afterwards x[i] bit j is the
 * old x[j] bit i (an involution). */
static void transpose64(uint64_t x[64])
{
    static const uint64_t mask[6] = {
        UINT64_C(0x00000000FFFFFFFF), UINT64_C(0x0000FFFF0000FFFF), UINT64_C(0x00FF00FF00FF00FF),
        UINT64_C(0x0F0F0F0F0F0F0F0F), UINT64_C(0x3333333333333333), UINT64_C(0x5555555555555555),
    };
    for (unsigned st = 0, s = 32; s; st++, s >>= 1)
        for (unsigned j = 0; j < 64; j = (j + s + 1) & ~s) {
            uint64_t t = ((x[j] >> s) ^ x[j + s]) & mask[st];
            x[j + s] ^= t;
            x[j] ^= t << s;
        }
}

static void bs_transpose(W p[64], const uint64_t v[BS_LANES])
{
    memcpy(p, v, 64 * sizeof p[0]);
    transpose64(p);
}

static void bs_untranspose(uint64_t v[BS_LANES], W p[64])
{
    transpose64(p);
    memcpy(v, p, 64 * sizeof v[0]);
}

static void bs_broadcast(W p[64], uint64_t x)
{
    for (unsigned i = 0; i < 64; i++)
        p[i] = -((x >> i) & 1);
}

#define BS_BATCH qpac_ComputePAC_batch_bs64
#define BS_BATCH_KEYS qpac_ComputePAC_batch_keys_bs64
#include "cipher_bs_batch.h"

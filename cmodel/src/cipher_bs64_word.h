/*
 * cipher_bs64_word.h - the uint64_t word of the portable bitsliced batches:
 * 64 PACs per block, one per bit, and the 64 x 64 bit transposes. Included
 * by cipher_bs64.c (the 2-input core) and by tests/cmodel/test_bs3.c (the
 * 3-input core of cipher_bs512.c run on uint64_t, so it is tested on every
 * machine). Constant time: only AND, OR, XOR, NOT and shifts.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef QPAC_CIPHER_BS64_WORD_H
#define QPAC_CIPHER_BS64_WORD_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

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
 * old x[j] bit i (an involution). Stage s pairs rows j, j + s; the stages
 * commute, so they run as two passes over eight rows that stay in
 * registers: 32, 16, 8 on rows g + 8k, then 4, 2, 1 on rows 8g + k. */
#define PAIRS8(d) _Pragma("GCC unroll 8") for (unsigned k = 0; k < 8; k = (k + (d) + 1) & ~(unsigned)(d))
#define SWAP8(d, s, m)                                                                       \
    PAIRS8(d) {                                                                              \
        uint64_t t_ = ((r[k] >> (s)) ^ r[k + (d)]) & UINT64_C(m);                            \
        r[k + (d)] ^= t_;                                                                    \
        r[k] ^= t_ << (s);                                                                   \
    }

static void transpose64(uint64_t x[64])
{
    for (unsigned g = 0; g < 8; g++) {
        uint64_t r[8];
#pragma GCC unroll 8
        for (unsigned k = 0; k < 8; k++)
            r[k] = x[g + 8 * k];
        SWAP8(4, 32, 0x00000000FFFFFFFF)
        SWAP8(2, 16, 0x0000FFFF0000FFFF)
        SWAP8(1, 8, 0x00FF00FF00FF00FF)
#pragma GCC unroll 8
        for (unsigned k = 0; k < 8; k++)
            x[g + 8 * k] = r[k];
    }
    for (unsigned g = 0; g < 8; g++) {
        uint64_t *r = x + 8 * g;
        SWAP8(4, 4, 0x0F0F0F0F0F0F0F0F)
        SWAP8(2, 2, 0x3333333333333333)
        SWAP8(1, 1, 0x5555555555555555)
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

#endif

/*
 * cipher_swar.c - portable constant-time ComputePAC (spec 1.8): the whole
 * 64-bit state in one word, S-boxes as bit-plane Boolean formulas (algebraic
 * normal form of the spec 1.4 tables), cell shuffles as fixed mask-and-shift
 * groups (one group per distance a nibble moves, spec 1.5 and 1.7), PACMult as
 * word rotations. No table lookups and no branches on secret data.
 * The formulas and masks were derived mechanically from the spec tables; the
 * tests compare this implementation with the reference on random inputs.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdint.h>

#include "cipher_internal.h"
#include "cipher_tables.h"

#define M1 UINT64_C(0x1111111111111111) /* bit 0 of every nibble */

/* Bit planes of the 16 nibbles and the non-linear monomials they need. */
typedef struct {
    uint64_t x0, x1, x2, x3, x01, x02, x03, x12, x13, x23, x012, x013, x023, x123;
} planes;

static inline planes make_planes(uint64_t x)
{
    planes p;
    p.x0 = x & M1;
    p.x1 = (x >> 1) & M1;
    p.x2 = (x >> 2) & M1;
    p.x3 = (x >> 3) & M1;
    p.x01 = p.x0 & p.x1;
    p.x02 = p.x0 & p.x2;
    p.x03 = p.x0 & p.x3;
    p.x12 = p.x1 & p.x2;
    p.x13 = p.x1 & p.x3;
    p.x23 = p.x2 & p.x3;
    p.x012 = p.x01 & p.x2;
    p.x013 = p.x01 & p.x3;
    p.x023 = p.x02 & p.x3;
    p.x123 = p.x12 & p.x3;
    return p;
}

static inline uint64_t join(uint64_t y0, uint64_t y1, uint64_t y2, uint64_t y3)
{
    return y0 | (y1 << 1) | (y2 << 2) | (y3 << 3);
}

/* PACSub (sigma2). */
static inline uint64_t sub_sigma2(uint64_t x)
{
    planes p = make_planes(x);
    uint64_t y0 = M1 ^ p.x0 ^ p.x1 ^ p.x2 ^ p.x02 ^ p.x012 ^ p.x03 ^ p.x013 ^ p.x23 ^ p.x123;
    uint64_t y1 = M1 ^ p.x1 ^ p.x01 ^ p.x2 ^ p.x12 ^ p.x013 ^ p.x023;
    uint64_t y2 = p.x0 ^ p.x2 ^ p.x12 ^ p.x13 ^ p.x013 ^ p.x123;
    uint64_t y3 = M1 ^ p.x0 ^ p.x01 ^ p.x3 ^ p.x03 ^ p.x013 ^ p.x23 ^ p.x023 ^ p.x123;
    return join(y0, y1, y2, y3);
}

/* PACInvSub (sigma2^-1). */
static inline uint64_t sub_sigma2_inv(uint64_t x)
{
    planes p = make_planes(x);
    uint64_t y0 = M1 ^ p.x0 ^ p.x2 ^ p.x12 ^ p.x012 ^ p.x3 ^ p.x03 ^ p.x13 ^ p.x013 ^ p.x23 ^ p.x123;
    uint64_t y1 = p.x0 ^ p.x01 ^ p.x2 ^ p.x02 ^ p.x12 ^ p.x012 ^ p.x3 ^ p.x03 ^ p.x023;
    uint64_t y2 = M1 ^ p.x01 ^ p.x2 ^ p.x012 ^ p.x3 ^ p.x03 ^ p.x13 ^ p.x013 ^ p.x023 ^ p.x123;
    uint64_t y3 = p.x0 ^ p.x1 ^ p.x01 ^ p.x2 ^ p.x02 ^ p.x03 ^ p.x23 ^ p.x123;
    return join(y0, y1, y2, y3);
}

/* PACSub1 (sigma1, an involution). */
static inline uint64_t sub_sigma1(uint64_t x)
{
    planes p = make_planes(x);
    uint64_t y0 = p.x0 ^ p.x01 ^ p.x2 ^ p.x02 ^ p.x012 ^ p.x3 ^ p.x13 ^ p.x23;
    uint64_t y1 = M1 ^ p.x0 ^ p.x01 ^ p.x02 ^ p.x3 ^ p.x03 ^ p.x013 ^ p.x23;
    uint64_t y2 = p.x0 ^ p.x1 ^ p.x01 ^ p.x2 ^ p.x02 ^ p.x03 ^ p.x13 ^ p.x23 ^ p.x023;
    uint64_t y3 = M1 ^ p.x01 ^ p.x02 ^ p.x12 ^ p.x13 ^ p.x123;
    return join(y0, y1, y2, y3);
}

/* PACCellShuffle: out.nibble[j] = in.nibble[SRC[j]], grouped by distance. */
static inline uint64_t cell_shuffle(uint64_t x)
{
    return ((x & UINT64_C(0x00f0000000000000)) >> 52)
         | ((x & UINT64_C(0x0000f00000000000)) >> 36)
         | ((x & UINT64_C(0x000f000000000000)) >> 28)
         | ((x & UINT64_C(0x000000000f000000)) >> 20)
         | ((x & UINT64_C(0x0f00000000000000)) >> 16)
         | ((x & UINT64_C(0x00000f00f0000000)) >> 12)
         | (x & UINT64_C(0xf000000f00000000))
         | ((x & UINT64_C(0x000000000000000f)) << 12)
         | ((x & UINT64_C(0x000000f000000000)) << 16)
         | ((x & UINT64_C(0x00000000000000f0)) << 20)
         | ((x & UINT64_C(0x0000000000f0f000)) << 24)
         | ((x & UINT64_C(0x00000000000f0f00)) << 40);
}

/* PACCellInvShuffle. */
static inline uint64_t cell_inv_shuffle(uint64_t x)
{
    return ((x & UINT64_C(0x0f0f000000000000)) >> 40)
         | ((x & UINT64_C(0x0000f0f000000000)) >> 24)
         | ((x & UINT64_C(0x000000000f000000)) >> 20)
         | ((x & UINT64_C(0x00f0000000000000)) >> 16)
         | ((x & UINT64_C(0x000000000000f000)) >> 12)
         | (x & UINT64_C(0xf000000f00000000))
         | ((x & UINT64_C(0x00000000f00f0000)) << 12)
         | ((x & UINT64_C(0x00000f0000000000)) << 16)
         | ((x & UINT64_C(0x00000000000000f0)) << 20)
         | ((x & UINT64_C(0x0000000000f00000)) << 28)
         | ((x & UINT64_C(0x0000000000000f00)) << 36)
         | ((x & UINT64_C(0x000000000000000f)) << 52);
}

/* The nibble moves of TweakShuffle (before the LFSR). */
static inline uint64_t tweak_perm(uint64_t x)
{
    return ((x & UINT64_C(0x0000f00000000000)) >> 28)
         | ((x & UINT64_C(0xffff0000ffff0000)) >> 16)
         | ((x & UINT64_C(0x0000000f00000000)) >> 4)
         | ((x & UINT64_C(0x000000000000ff00)) << 12)
         | ((x & UINT64_C(0x00000f0000000000)) << 16)
         | ((x & UINT64_C(0x000000f000000000)) << 24)
         | ((x & UINT64_C(0x00000000000000ff)) << 48);
}

/* Nibbles of TweakShuffle's outputs 2, 4, 7, 11, 12, 14, 15 (spec 1.7). The
 * backward rounds reuse the forward tweak chain T_0..T_N+1 (spec 1.8 notes),
 * so TweakInvShuffle is not needed here. */
#define TWEAK_ROT_MASK UINT64_C(0xff0ff000f00f0f00)

/* TweakCellRot on every nibble: b3b2b1b0 -> (b0^b1) b3 b2 b1. */
static inline uint64_t cell_rot(uint64_t t)
{
    return ((t >> 1) & UINT64_C(0x7777777777777777)) | (((t ^ (t >> 1)) & M1) << 3);
}

static inline uint64_t tweak_shuffle(uint64_t x)
{
    uint64_t t = tweak_perm(x);
    return (t & ~TWEAK_ROT_MASK) | (cell_rot(t) & TWEAK_ROT_MASK);
}

static inline uint64_t rotr64(uint64_t x, unsigned n) { return (x >> n) | (x << (64 - n)); }

/* Rotate every nibble left by 1 / 2 (spec 1.6 R1, R2). */
static inline uint64_t rot_cells1(uint64_t x)
{
    return ((x << 1) & UINT64_C(0xeeeeeeeeeeeeeeee)) | ((x >> 3) & M1);
}
static inline uint64_t rot_cells2(uint64_t x)
{
    return ((x << 2) & UINT64_C(0xcccccccccccccccc)) | ((x >> 2) & UINT64_C(0x3333333333333333));
}

/* PACMult: row k of the output (nibbles 4k..4k+3) is
 * R1(row k+1) ^ R2(row k+2) ^ R1(row k+3), rows taken modulo 4. */
static inline uint64_t pac_mult(uint64_t x)
{
    return rot_cells1(rotr64(x, 16) ^ rotr64(x, 48)) ^ rot_cells2(rotr64(x, 32));
}

/* spec 1.8 with the S-box pair and N as compile-time constants. */
#define QARMA_BODY(N, S, SINV)                                                       \
    do {                                                                             \
        uint64_t t_[(N) + 2];                                                        \
        const uint64_t modk0 = qpac_modk0(key0);                                     \
        uint64_t w = data ^ key0;                                                    \
        t_[0] = modifier;                                                            \
        _Pragma("GCC unroll 8")                                                     \
        for (int k = 0; k <= (N); k++)                                               \
            t_[k + 1] = tweak_shuffle(t_[k]);                                        \
        _Pragma("GCC unroll 8")                                                     \
        for (int k = 0; k <= (N); k++) {                                             \
            w ^= key1 ^ t_[k] ^ qpac_RC[k];                                          \
            if (k > 0)                                                               \
                w = pac_mult(cell_shuffle(w));                                       \
            w = S(w);                                                                \
        }                                                                            \
        w ^= modk0 ^ t_[(N) + 1];                                                    \
        w = S(pac_mult(cell_shuffle(w)));                                            \
        w = cell_inv_shuffle(pac_mult(cell_shuffle(w)) ^ key1);                      \
        w = cell_inv_shuffle(pac_mult(SINV(w)));                                     \
        w ^= key0 ^ t_[(N) + 1];                                                     \
        _Pragma("GCC unroll 8")                                                     \
        for (int k = (N); k >= 0; k--) {                                             \
            w = SINV(w);                                                             \
            if (k > 0)                                                               \
                w = cell_inv_shuffle(pac_mult(w));                                   \
            w ^= key1 ^ t_[k] ^ qpac_RC[k] ^ QPAC_ALPHA;                             \
        }                                                                            \
        return w ^ modk0;                                                            \
    } while (0)

static uint64_t qarma5(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    QARMA_BODY(4, sub_sigma2, sub_sigma2_inv);
}

static uint64_t qarma3(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    QARMA_BODY(2, sub_sigma1, sub_sigma1);
}

/* The algorithm choice is configuration, not secret: a branch is fine. */
uint64_t qpac_ComputePAC_swar(uint64_t data, uint64_t modifier, uint64_t key0,
                              uint64_t key1, qpac_alg alg)
{
    if (alg == QPAC_ALG_QARMA3)
        return qarma3(data, modifier, key0, key1);
    return qarma5(data, modifier, key0, key1);
}

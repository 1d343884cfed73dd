/*
 * cipher_ref.c - reference ComputePAC: a plain, nibble-by-nibble
 * transliteration of spec 1.4-1.8, with the round count and S-box as
 * parameters (spec 1.9) and a per-round trace hook. Every fast variant is
 * tested against this one. Not constant time (table lookups on secret
 * nibbles): never the default path.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stddef.h>
#include <stdint.h>

#include "cipher_internal.h"
#include "cipher_tables.h"
#include "qpac.h"

/* The spec tables (S-boxes, shuffle sources, the RC constants) are in
 * cipher_tables.h, shared with every implementation. */

static unsigned nibble(uint64_t x, unsigned j) { return (unsigned)(x >> (4 * j)) & 0xf; }
static uint64_t put_nibble(unsigned v, unsigned j) { return (uint64_t)(v & 0xf) << (4 * j); }

static uint64_t sub_table(uint64_t x, const uint8_t table[16])
{
    uint64_t out = 0;
    for (unsigned j = 0; j < 16; j++)
        out |= put_nibble(table[nibble(x, j)], j);
    return out;
}

static uint64_t permute(uint64_t x, const uint8_t src[16])
{
    uint64_t out = 0;
    for (unsigned j = 0; j < 16; j++)
        out |= put_nibble(nibble(x, src[j]), j);
    return out;
}

uint64_t qpac_PACSub(uint64_t x) { return sub_table(x, SUB_SIGMA2); }
uint64_t qpac_PACInvSub(uint64_t x) { return sub_table(x, SUB_SIGMA2_INV); }
uint64_t qpac_PACSub1(uint64_t x) { return sub_table(x, SUB_SIGMA1); }
/* The paper's sigma0 (an involution); not used by ComputePAC. */
static uint64_t QarmaSub0(uint64_t x) { return sub_table(x, SUB_SIGMA0); }

uint64_t qpac_PACCellShuffle(uint64_t x) { return permute(x, CELL_SHUFFLE); }
uint64_t qpac_PACCellInvShuffle(uint64_t x) { return permute(x, CELL_INV_SHUFFLE); }

/* spec 1.6: rotate a 4-bit cell left by n. */
static unsigned RotCell(unsigned c, unsigned n) { return ((c << n) | (c >> (4 - n))) & 0xf; }

uint64_t qpac_PACMult(uint64_t x)
{
    uint64_t out = 0;
    for (unsigned i = 0; i < 4; i++) {
        unsigned a0 = nibble(x, i), a1 = nibble(x, i + 4);
        unsigned a2 = nibble(x, i + 8), a3 = nibble(x, i + 12);
        out |= put_nibble(RotCell(a3, 1) ^ RotCell(a2, 2) ^ RotCell(a1, 1), i);
        out |= put_nibble(RotCell(a3, 2) ^ RotCell(a2, 1) ^ RotCell(a0, 1), i + 4);
        out |= put_nibble(RotCell(a3, 1) ^ RotCell(a1, 1) ^ RotCell(a0, 2), i + 8);
        out |= put_nibble(RotCell(a2, 1) ^ RotCell(a1, 2) ^ RotCell(a0, 1), i + 12);
    }
    return out;
}

/* spec 1.7: b3b2b1b0 -> (b0^b1) b3 b2 b1 and b3b2b1b0 -> b2 b1 b0 (b0^b3). */
unsigned qpac_TweakCellRot(unsigned c)
{
    return ((c >> 1) | (((c ^ (c >> 1)) & 1) << 3)) & 0xf;
}
unsigned qpac_TweakCellInvRot(unsigned c)
{
    return ((c << 1) | ((c ^ (c >> 3)) & 1)) & 0xf;
}

uint64_t qpac_TweakShuffle(uint64_t x)
{
    uint64_t out = 0;
    for (unsigned j = 0; j < 16; j++) {
        unsigned c = nibble(x, TWEAK_SHUFFLE[j]);
        out |= put_nibble(TWEAK_ROT_SEL[j] ? qpac_TweakCellRot(c) : c, j);
    }
    return out;
}

uint64_t qpac_TweakInvShuffle(uint64_t x)
{
    uint64_t out = 0;
    for (unsigned j = 0; j < 16; j++) {
        unsigned c = nibble(x, TWEAK_INV_SHUFFLE[j]);
        out |= put_nibble(TWEAK_INV_ROT_SEL[j] ? qpac_TweakCellInvRot(c) : c, j);
    }
    return out;
}

static void trace_stage(qpac_trace_fn trace, void *arg, const char *stage, int round,
                        uint64_t w, uint64_t t)
{
    if (trace)
        trace(arg, stage, round, w, t);
}

/* spec 1.8 with N = rounds - 1. Trace stages: "fwd" k after forward round k;
 * "centre" 0 after the forward central round; "refl" 0 after the
 * pseudo-reflector; "centre" 1 after the backward central round (keyed with
 * key0); "bwd" k after backward round k; "out" 0 the result. */
int qpac_qarma64(uint64_t plaintext, uint64_t tweak, uint64_t w0, uint64_t k0,
                 unsigned rounds, unsigned sbox, qpac_trace_fn trace,
                 void *trace_arg, uint64_t *ciphertext)
{
    uint64_t (*S)(uint64_t);
    uint64_t (*Sinv)(uint64_t);

    if (!ciphertext || rounds < 1 || rounds > QPAC_RC_COUNT || sbox > 2)
        return QPAC_EINVAL;
    switch (sbox) {
    case 0: S = QarmaSub0; Sinv = QarmaSub0; break;
    case 1: S = qpac_PACSub1; Sinv = qpac_PACSub1; break;
    default: S = qpac_PACSub; Sinv = qpac_PACInvSub; break;
    }

    const uint64_t key0 = w0, key1 = k0, modk0 = qpac_modk0(key0);
    const int N = (int)rounds - 1;
    uint64_t w = plaintext ^ key0;
    uint64_t t = tweak;

    for (int k = 0; k <= N; k++) {
        w ^= key1 ^ t ^ qpac_RC[k];
        if (k > 0)
            w = qpac_PACMult(qpac_PACCellShuffle(w));
        w = S(w);
        t = qpac_TweakShuffle(t);
        trace_stage(trace, trace_arg, "fwd", k, w, t);
    }

    w ^= modk0 ^ t;
    w = S(qpac_PACMult(qpac_PACCellShuffle(w)));
    trace_stage(trace, trace_arg, "centre", 0, w, t);
    w = qpac_PACCellInvShuffle(qpac_PACMult(qpac_PACCellShuffle(w)) ^ key1);
    trace_stage(trace, trace_arg, "refl", 0, w, t);
    w = qpac_PACCellInvShuffle(qpac_PACMult(Sinv(w)));
    w ^= key0 ^ t;
    trace_stage(trace, trace_arg, "centre", 1, w, t);

    for (int k = N; k >= 0; k--) {
        w = Sinv(w);
        if (k > 0)
            w = qpac_PACCellInvShuffle(qpac_PACMult(w));
        t = qpac_TweakInvShuffle(t);
        w ^= key1 ^ t ^ qpac_RC[k] ^ QPAC_ALPHA;
        trace_stage(trace, trace_arg, "bwd", k, w, t);
    }

    w ^= modk0;
    trace_stage(trace, trace_arg, "out", 0, w, t);
    *ciphertext = w;
    return QPAC_OK;
}

uint64_t qpac_ComputePAC_ref(uint64_t data, uint64_t modifier, uint64_t key0,
                             uint64_t key1, qpac_alg alg)
{
    uint64_t pac = 0;
    if (alg == QPAC_ALG_QARMA3)
        (void)qpac_qarma64(data, modifier, key0, key1, 3, 1, NULL, NULL, &pac);
    else
        (void)qpac_qarma64(data, modifier, key0, key1, 5, 2, NULL, NULL, &pac);
    return pac;
}

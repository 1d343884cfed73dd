/*
 * bs3_core.c - test_bs3's cipher: the 3-input bitsliced core of
 * cipher_bs512.c (cipher_bs3_core.h) and the batch driver on uint64_t words,
 * vpternlogq's function written in C. An object of its own (built at -O1:
 * the straight-line core is large), so a rebuilt library relinks test_bs3
 * without compiling this again.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "../../cmodel/src/cipher_bs64_word.h"

/* vpternlogq: result bit = bit (a << 2 | b << 1 | c) of imm, bitwise */
static inline W tern(W a, W b, W c, unsigned imm)
{
    W r = 0;
    for (unsigned i = 0; i < 8; i++)
        if ((imm >> i) & 1)
            r |= (i & 4 ? a : ~a) & (i & 2 ? b : ~b) & (i & 1 ? c : ~c);
    return r;
}
#define BS_TERN(a, b, c, imm) tern((a), (b), (c), (imm))
#undef BS_NOT
#define BS_NOT(a) BS_TERN((a), (a), (a), 0x55) /* as cipher_bs512.c */

#define BS_CORE "cipher_bs3_core.h"
#define BS_BATCH bs3_batch
#define BS_BATCH_KEYS bs3_batch_keys
void bs3_batch(const uint64_t *data, const uint64_t *modifier, size_t n, uint64_t key0,
               uint64_t key1, qpac_alg alg, uint64_t *out);
void bs3_batch_keys(const uint64_t *data, const uint64_t *modifier, size_t n,
                    const uint64_t *key0, const uint64_t *key1, qpac_alg alg, uint64_t *out);
#include "../../cmodel/src/cipher_bs_batch.h"


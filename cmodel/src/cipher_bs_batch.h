/*
 * cipher_bs_batch.h - the batch entries of a bitsliced ComputePAC, written
 * once for every word type. The includer defines:
 *   W, BS_LANES             the word type and how many PACs one block holds
 *   BS_XOR, BS_AND, BS_OR, BS_ANDN (~a & b), BS_NOT, QPAC_BS_INLINE
 *   bs_transpose(W p[64], const uint64_t v[BS_LANES])    words -> planes
 *   bs_untranspose(uint64_t v[BS_LANES], W p[64])  planes -> words (p is
 *                                       used as scratch)
 *     or, for a word of several 64-bit lanes, the pieces of the two-pass
 *     transpose below: BS_LOADU(q), BS_STOREU(q, x) (one word at q) and
 *     stages_hi(W r[8]), stages_lo(W r[8]) (swap stages 32/16/8 and 4/2/1)
 *   bs_broadcast(W p[64], uint64_t x)   planes of x in every lane
 *   BS_BATCH, BS_BATCH_KEYS             the names of the two entries
 *   BS_CORE (optional)                  the generated core (default
 *                                       cipher_bs_core.h; cipher_bs3_core.h
 *                                       needs BS_TERN instead of AND/OR/ANDN)
 * Plane p holds bit p of every lane's 64-bit word; the lane order inside a
 * plane is the transpose's business. A short last block is padded with
 * zeros. Constant time: the algorithm and n are public, nothing else steers
 * a branch or an index.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The 2-input cores call BS_BARRIER() between columns: a compiler barrier,
 * so the compiler loads the input planes again where it needs them instead of
 * keeping them live across the whole cipher (spilled to the stack). */
#ifndef BS_BARRIER
#define BS_BARRIER() __asm__ volatile("" ::: "memory")
#endif
#ifndef BS_CORE
#define BS_CORE "cipher_bs_core.h" /* 2-input operations */
#endif
#include BS_CORE

#ifdef BS_LOADU
/* The swap stages commute, so a transpose is two register-resident passes
 * over eight rows: stages 32, 16, 8 on rows g + 8k, then 4, 2, 1 on rows
 * 8g + k (row j: the word at v + (BS_LANES / 64) * j). */
static void bs_transpose(W p[64], const uint64_t v[BS_LANES])
{
    for (unsigned g = 0; g < 8; g++) {
        W r[8];
#pragma GCC unroll 8
        for (unsigned k = 0; k < 8; k++)
            r[k] = BS_LOADU(v + (BS_LANES / 64) * (g + 8 * k));
        stages_hi(r);
#pragma GCC unroll 8
        for (unsigned k = 0; k < 8; k++)
            p[g + 8 * k] = r[k];
    }
    for (unsigned g = 0; g < 8; g++)
        stages_lo(p + 8 * g);
}

static void bs_untranspose(uint64_t v[BS_LANES], W x[64])
{
    for (unsigned g = 0; g < 8; g++)
        stages_lo(x + 8 * g);
    for (unsigned g = 0; g < 8; g++) {
        W r[8];
#pragma GCC unroll 8
        for (unsigned k = 0; k < 8; k++)
            r[k] = x[g + 8 * k];
        stages_hi(r);
#pragma GCC unroll 8
        for (unsigned k = 0; k < 8; k++)
            BS_STOREU(v + (BS_LANES / 64) * (g + 8 * k), r[k]);
    }
}
#endif

/* What differs between the two cores is how they take the keys: the key
 * state km (BS_KN plane arrays) and the two ways to fill it, from one key
 * for every lane (bs_key_words) or from key planes (bs_key_planes); each
 * returns how many arrays it wrote, which the caller wipes. */
#ifdef BS_QARMA5_KM
/* The 2-input core (cipher_bs_core.h) takes key planes prepared by
 * bs_qarma{5,3}_keys (once a call for one key, once a block for a key per
 * item) and the tweak planes in an array with room for the tweak
 * schedule's derived planes. */
#define BS_KN (BS_QARMA5_KM > BS_QARMA3_KM ? BS_QARMA5_KM : BS_QARMA3_KM)
#define BS_TW (BS_QARMA5_TX > BS_QARMA3_TX ? BS_QARMA5_TX : BS_QARMA3_TX)

/* One key: each key plane array is the broadcast of one 64-bit word
 * (bs_qarma{5,3}_keys1), no key0/key1 planes. */
static unsigned bs_key_words(W km[BS_KN][64], uint64_t key0, uint64_t key1, qpac_alg alg)
{
    uint64_t s[BS_KN];
    const unsigned n = alg == QPAC_ALG_QARMA3 ? BS_QARMA3_KM : BS_QARMA5_KM;
    if (alg == QPAC_ALG_QARMA3)
        bs_qarma3_keys1(s, key0, key1);
    else
        bs_qarma5_keys1(s, key0, key1);
    for (unsigned j = 0; j < n; j++)
        bs_broadcast(km[j], s[j]);
    qpac_wipe(s, sizeof s);
    return n;
}

static unsigned bs_key_planes(W km[BS_KN][64], const W k0[64], const W k1[64], qpac_alg alg)
{
    if (alg == QPAC_ALG_QARMA3)
        bs_qarma3_keys(km, k0, k1);
    else
        bs_qarma5_keys(km, k0, k1);
    return alg == QPAC_ALG_QARMA3 ? BS_QARMA3_KM : BS_QARMA5_KM;
}

static QPAC_BS_INLINE void bs_cipher(W o[64], const W d[64], W t[BS_TW], const W km[BS_KN][64], qpac_alg alg)
{
    if (alg == QPAC_ALG_QARMA3)
        bs_qarma3(o, d, t, km);
    else
        bs_qarma5(o, d, t, km);
}

#else /* the 3-input core (cipher_bs3_core.h): straight-line, keys as planes */
#define BS_KN 2
#define BS_TW 64

static unsigned bs_key_words(W km[BS_KN][64], uint64_t key0, uint64_t key1, qpac_alg alg)
{
    (void)alg;
    bs_broadcast(km[0], key0);
    bs_broadcast(km[1], key1);
    return 2;
}

static unsigned bs_key_planes(W km[BS_KN][64], const W k0[64], const W k1[64], qpac_alg alg)
{
    (void)alg;
    memcpy(km[0], k0, 64 * sizeof(W));
    memcpy(km[1], k1, 64 * sizeof(W));
    return 2;
}

static QPAC_BS_INLINE void bs_cipher(W o[64], const W d[64], const W t[BS_TW], const W km[BS_KN][64],
                      qpac_alg alg)
{
    if (alg == QPAC_ALG_QARMA3)
        bs_qarma3(o, d, t, km[0], km[1]);
    else
        bs_qarma5(o, d, t, km[0], km[1]);
}
#endif

/* One block: out = ComputePAC over BS_LANES lanes of data, modifier, keys. */
static void bs_block(const uint64_t *data, const uint64_t *modifier, const W km[BS_KN][64],
                     qpac_alg alg, uint64_t *out)
{
    W d[64], t[BS_TW], o[64];
    bs_transpose(d, data);
    bs_transpose(t, modifier);
    bs_cipher(o, d, t, km, alg);
    bs_untranspose(out, o);
}

/* A block of m < BS_LANES items through zero-padded copies. */
static void bs_tail(const uint64_t *data, const uint64_t *modifier, size_t m,
                    const W km[BS_KN][64], qpac_alg alg, uint64_t *out)
{
    uint64_t d[BS_LANES], t[BS_LANES], o[BS_LANES];
    memset(d, 0, sizeof d);
    memset(t, 0, sizeof t);
    memcpy(d, data, m * sizeof d[0]);
    memcpy(t, modifier, m * sizeof t[0]);
    bs_block(d, t, km, alg, o);
    memcpy(out, o, m * sizeof o[0]);
}

void BS_BATCH(const uint64_t *data, const uint64_t *modifier, size_t n, uint64_t key0,
              uint64_t key1, qpac_alg alg, uint64_t *out)
{
    W km[BS_KN][64];
    const unsigned nkm = bs_key_words(km, key0, key1, alg);
    size_t i = 0;
    for (; i + BS_LANES <= n; i += BS_LANES)
        bs_block(data + i, modifier + i, km, alg, out + i);
    if (i < n)
        bs_tail(data + i, modifier + i, n - i, km, alg, out + i);
    qpac_wipe(km, nkm * sizeof km[0]); /* the arrays written */
}

void BS_BATCH_KEYS(const uint64_t *data, const uint64_t *modifier, size_t n,
                   const uint64_t *key0, const uint64_t *key1, qpac_alg alg, uint64_t *out)
{
    W k[2][64], km[BS_KN][64];
    unsigned nkm = 0;
    size_t i = 0;
    for (; i + BS_LANES <= n; i += BS_LANES) {
        bs_transpose(k[0], key0 + i);
        bs_transpose(k[1], key1 + i);
        nkm = bs_key_planes(km, k[0], k[1], alg);
        bs_block(data + i, modifier + i, km, alg, out + i);
    }
    if (i < n) {
        uint64_t kk[2][BS_LANES];
        memset(kk, 0, sizeof kk);
        memcpy(kk[0], key0 + i, (n - i) * sizeof kk[0][0]);
        memcpy(kk[1], key1 + i, (n - i) * sizeof kk[0][0]);
        bs_transpose(k[0], kk[0]);
        bs_transpose(k[1], kk[1]);
        nkm = bs_key_planes(km, k[0], k[1], alg);
        bs_tail(data + i, modifier + i, n - i, km, alg, out + i);
        qpac_wipe(kk, sizeof kk);
    }
    qpac_wipe(k, sizeof k);
    qpac_wipe(km, nkm * sizeof km[0]); /* the arrays written */
}

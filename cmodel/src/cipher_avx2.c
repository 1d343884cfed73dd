/*
 * cipher_avx2.c - ComputePAC for a few inputs at a time (AVX2, constant
 * time): the round structure of cipher_ssse3.c on 256-bit registers, each
 * 128-bit lane holding one PAC computation (one nibble per byte), and two
 * registers in flight, so four PACs advance together. The key-only terms
 * (key1 ^ RC[k], key1 ^ RC[k] ^ ALPHA, modk0, PACCellInvShuffle(key1)) are
 * expanded once per batch, or per pair of lanes with a key per item. The
 * bitsliced code is faster from about 64 PACs on; this is the short-batch
 * path. Built with -mavx2; called only after a run-time CPU check (cipher.c).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cipher_internal.h"
#include "cipher_tables.h"

#if defined(__x86_64__) && defined(__AVX2__)
#include <immintrin.h>

typedef __m256i V;

/* A 16-byte table in both lanes. */
static inline V bc(const uint8_t *t)
{
    return _mm256_broadcastsi128_si256(_mm_load_si128((const __m128i *)(const void *)t));
}
static inline V perm(V x, const uint8_t *src) { return _mm256_shuffle_epi8(x, bc(src)); }
static inline V look(const uint8_t *table, V x) { return _mm256_shuffle_epi8(bc(table), x); }
static inline V xor2(V a, V b) { return _mm256_xor_si256(a, b); }

/* Lane 0 = nibbles of a, lane 1 = nibbles of b, one per byte. */
static inline V expand2(uint64_t a, uint64_t b)
{
    const V low4 = _mm256_set1_epi8(0x0f);
    V v = _mm256_set_epi64x(0, (long long)b, 0, (long long)a);
    return _mm256_unpacklo_epi8(_mm256_and_si256(v, low4),
                                _mm256_and_si256(_mm256_srli_epi16(v, 4), low4));
}

static inline void compress2(V s, uint64_t *a, uint64_t *b)
{
    const V even = _mm256_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, -1, -1, -1, -1, -1, -1, -1, -1,
                                    0, 2, 4, 6, 8, 10, 12, 14, -1, -1, -1, -1, -1, -1, -1, -1);
    V v = _mm256_shuffle_epi8(_mm256_or_si256(s, _mm256_srli_epi16(s, 4)), even);
    *a = (uint64_t)_mm256_extract_epi64(v, 0);
    *b = (uint64_t)_mm256_extract_epi64(v, 2);
}

static inline V tweak_shuffle(V t)
{
    V p = perm(t, TWEAK_SHUFFLE);
    V r = look(TWEAK_CELL_ROT, p);
    return xor2(p, _mm256_and_si256(xor2(p, r), bc(TWEAK_ROT_SEL)));
}

static inline V mix(V a1, V a2, const uint8_t *p1, const uint8_t *p2, const uint8_t *p3)
{
    return xor2(xor2(perm(a1, p1), perm(a1, p3)), perm(a2, p2));
}

static inline V keyed_mix(V y, V K, const uint8_t *r1s, const uint8_t *r2s)
{
    V a1 = xor2(look(r1s, y), look(ROT_CELL1, K));
    V a2 = xor2(look(r2s, y), look(ROT_CELL2, K));
    return mix(a1, a2, P1, P2, P3);
}

/* Key-only terms, expanded into both lanes. */
typedef struct {
    V k1rc[5];  /* key1 ^ RC[k] */
    V k1rca[5]; /* key1 ^ RC[k] ^ ALPHA; [0] also ^ modk0 (the output whitening) */
    V mk0;      /* modk0 */
    V k0;       /* key0 */
    V tk1;      /* PACCellInvShuffle(key1) */
} key_terms;

/* Lane 0 with key (a0, a1), lane 1 with key (b0, b1). */
static inline void make_key_terms(key_terms *kt, uint64_t a0, uint64_t a1, uint64_t b0,
                                  uint64_t b1, int N)
{
    V k1 = expand2(a1, b1);
    kt->mk0 = expand2(qpac_modk0(a0), qpac_modk0(b0));
    kt->k0 = expand2(a0, b0);
    kt->tk1 = perm(k1, CELL_INV_SHUFFLE);
    for (int k = 0; k <= N; k++) {
        kt->k1rc[k] = xor2(k1, bc(RC_X[k]));
        kt->k1rca[k] = xor2(k1, bc(RC_ALPHA_X[k]));
    }
    kt->k1rca[0] = xor2(kt->k1rca[0], kt->mk0);
}

/* spec 1.8 on two lanes: w = expanded data ^ key0, t0 = expanded modifier. */
static inline __attribute__((always_inline)) V
qarma2(V w, V t0, const key_terms *kt, const int N, const uint8_t *r1s, const uint8_t *r2s,
       const uint8_t *r1si, const uint8_t *r2si, const uint8_t *sinv)
{
    V t[6], y;
    t[0] = t0;
#pragma GCC unroll 8
    for (int k = 0; k <= N; k++)
        t[k + 1] = tweak_shuffle(t[k]);
    y = xor2(w, xor2(kt->k1rc[0], t[0]));
#pragma GCC unroll 8
    for (int k = 1; k <= N; k++)
        y = keyed_mix(y, xor2(kt->k1rc[k], t[k]), r1s, r2s);
    y = keyed_mix(y, xor2(kt->mk0, t[N + 1]), r1s, r2s);
    y = xor2(mix(look(r1s, y), look(r2s, y), X1, X2, X3), kt->tk1);
    y = xor2(mix(look(r1si, y), look(r2si, y), Q1, Q2, Q3), xor2(kt->k0, t[N + 1]));
#pragma GCC unroll 8
    for (int k = N; k >= 1; k--)
        y = xor2(mix(look(r1si, y), look(r2si, y), Q1, Q2, Q3), xor2(kt->k1rca[k], t[k]));
    return xor2(look(sinv, y), xor2(kt->k1rca[0], t[0]));
}

/* Four PACs: out[j] for data[j], modifier[j], key0[j], j < 4, lanes 0-1
 * under kta and lanes 2-3 under ktb. Inputs are read before any output is
 * written, so out may alias data or modifier. */
static inline __attribute__((always_inline)) void
four(const uint64_t *data, const uint64_t *modifier, const uint64_t *key0, const key_terms *kta,
     const key_terms *ktb, uint64_t *out, const int N, const uint8_t *r1s, const uint8_t *r2s,
     const uint8_t *r1si, const uint8_t *r2si, const uint8_t *sinv)
{
    V wa = expand2(data[0] ^ key0[0], data[1] ^ key0[1]), ta = expand2(modifier[0], modifier[1]);
    V wb = expand2(data[2] ^ key0[2], data[3] ^ key0[3]), tb = expand2(modifier[2], modifier[3]);
    V ya = qarma2(wa, ta, kta, N, r1s, r2s, r1si, r2si, sinv);
    V yb = qarma2(wb, tb, ktb, N, r1s, r2s, r1si, r2si, sinv);
    compress2(ya, &out[0], &out[1]);
    compress2(yb, &out[2], &out[3]);
}

/* key0 / key1: one key (kstep 0) or a key per item (kstep 1). */
static inline __attribute__((always_inline)) void
batch(const uint64_t *data, const uint64_t *modifier, size_t n, const uint64_t *key0,
      const uint64_t *key1, size_t kstep, uint64_t *out, const int N, const uint8_t *r1s,
      const uint8_t *r2s, const uint8_t *r1si, const uint8_t *r2si, const uint8_t *sinv)
{
    key_terms kt[2];
    uint64_t k0[4] = {key0[0], key0[0], key0[0], key0[0]};
    size_t i = 0;
    make_key_terms(&kt[0], key0[0], key1[0], key0[0], key1[0], N);
    kt[1] = kt[0];
    for (; i < n; i += 4) {
        uint64_t d[4] = {0, 0, 0, 0}, m[4] = {0, 0, 0, 0}, o[4];
        size_t m_ = n - i < 4 ? n - i : 4; /* the last one to three are padded */
        memcpy(d, data + i, m_ * sizeof d[0]);
        memcpy(m, modifier + i, m_ * sizeof m[0]);
        if (kstep) {
            uint64_t k1[4] = {0, 0, 0, 0};
            memset(k0, 0, sizeof k0);
            memcpy(k0, key0 + i, m_ * sizeof k0[0]);
            memcpy(k1, key1 + i, m_ * sizeof k1[0]);
            make_key_terms(&kt[0], k0[0], k1[0], k0[1], k1[1], N);
            make_key_terms(&kt[1], k0[2], k1[2], k0[3], k1[3], N);
            qpac_wipe(k1, sizeof k1);
        }
        four(d, m, k0, &kt[0], &kt[1], o, N, r1s, r2s, r1si, r2si, sinv);
        memcpy(out + i, o, m_ * sizeof o[0]);
    }
    qpac_wipe(kt, sizeof kt);
    qpac_wipe(k0, sizeof k0);
}

#define QARMA5_TABLES 4, R1_SIGMA2, R2_SIGMA2, R1_SIGMA2_INV, R2_SIGMA2_INV, SUB_SIGMA2_INV
#define QARMA3_TABLES 2, R1_SIGMA1, R2_SIGMA1, R1_SIGMA1, R2_SIGMA1, SUB_SIGMA1

void qpac_ComputePAC_batch_avx2(const uint64_t *data, const uint64_t *modifier, size_t n,
                                uint64_t key0, uint64_t key1, qpac_alg alg, uint64_t *out)
{
    if (alg == QPAC_ALG_QARMA3)
        batch(data, modifier, n, &key0, &key1, 0, out, QARMA3_TABLES);
    else
        batch(data, modifier, n, &key0, &key1, 0, out, QARMA5_TABLES);
}

void qpac_ComputePAC_batch_keys_avx2(const uint64_t *data, const uint64_t *modifier, size_t n,
                                     const uint64_t *key0, const uint64_t *key1, qpac_alg alg,
                                     uint64_t *out)
{
    if (!n)
        return;
    if (alg == QPAC_ALG_QARMA3)
        batch(data, modifier, n, key0, key1, 1, out, QARMA3_TABLES);
    else
        batch(data, modifier, n, key0, key1, 1, out, QARMA5_TABLES);
}

#else /* no AVX2 build: never selected (cipher.c), kept linkable */

void qpac_ComputePAC_batch_avx2(const uint64_t *data, const uint64_t *modifier, size_t n,
                                uint64_t key0, uint64_t key1, qpac_alg alg, uint64_t *out)
{
    for (size_t i = 0; i < n; i++)
        out[i] = qpac_ComputePAC_swar(data[i], modifier[i], key0, key1, alg);
}

void qpac_ComputePAC_batch_keys_avx2(const uint64_t *data, const uint64_t *modifier, size_t n,
                                     const uint64_t *key0, const uint64_t *key1, qpac_alg alg,
                                     uint64_t *out)
{
    for (size_t i = 0; i < n; i++)
        out[i] = qpac_ComputePAC_swar(data[i], modifier[i], key0[i], key1[i], alg);
}

#endif

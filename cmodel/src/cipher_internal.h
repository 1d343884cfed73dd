/*
 * cipher_internal.h - the entry points of each ComputePAC implementation and
 * the one table (cipher.c) that names them, says which run on this CPU and
 * picks the defaults. Constants and lookup tables: cipher_tables.h. Not
 * installed; only cmodel/src includes it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef QPAC_CIPHER_INTERNAL_H
#define QPAC_CIPHER_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "qpac.h"

/* Library-internal symbols: not exported from libqpac.so. */
#if defined(__GNUC__)
#define QPAC_INTERNAL __attribute__((visibility("hidden")))
#else
#define QPAC_INTERNAL
#endif

/* The three shapes an implementation may provide. */
typedef uint64_t (*qpac_computepac_fn)(uint64_t data, uint64_t modifier, uint64_t key0,
                                       uint64_t key1, qpac_alg alg);
typedef void (*qpac_batch_fn)(const uint64_t *data, const uint64_t *modifier, size_t n,
                              uint64_t key0, uint64_t key1, qpac_alg alg, uint64_t *out);
typedef void (*qpac_batch_keys_fn)(const uint64_t *data, const uint64_t *modifier, size_t n,
                                   const uint64_t *key0, const uint64_t *key1, qpac_alg alg,
                                   uint64_t *out);

/* One row of the implementation table (cipher.c, indexed by qpac_impl).
 * Missing shapes are filled in by cipher.c: a one-call implementation runs a
 * batch one PAC at a time, a batch implementation runs one PAC as a batch of
 * one. prefer_one / prefer_batch / prefer_small: higher wins among the
 * available rows for qpac_ComputePAC / the batches / short batches and the
 * batches' remainders; 0 = never chosen by default. */
typedef struct {
    const char *name;
    unsigned lanes;         /* PACs computed together; 1 = one-call code */
    int (*available)(void); /* NULL: always */
    qpac_computepac_fn one;
    qpac_batch_fn batch;
    qpac_batch_keys_fn batch_keys;
    int prefer_one, prefer_batch, prefer_small;
} qpac_impl_desc;

/* Reference: a plain transliteration of spec 1.4-1.8 (cipher_ref.c). */
QPAC_INTERNAL uint64_t qpac_ComputePAC_ref(uint64_t data, uint64_t modifier, uint64_t key0,
                                           uint64_t key1, qpac_alg alg);

/* Portable constant-time SWAR on 64-bit words (cipher_swar.c). */
QPAC_INTERNAL uint64_t qpac_ComputePAC_swar(uint64_t data, uint64_t modifier, uint64_t key0,
                                            uint64_t key1, qpac_alg alg);

/* SSSE3 pshufb nibble lookups, constant time (cipher_ssse3.c, built with
 * -mssse3; only called after a run-time CPU check). */
QPAC_INTERNAL uint64_t qpac_ComputePAC_ssse3(uint64_t data, uint64_t modifier, uint64_t key0,
                                             uint64_t key1, qpac_alg alg);

/* The same code compiled with -mavx (cipher_avx.c): VEX encoding. */
QPAC_INTERNAL uint64_t qpac_ComputePAC_avx(uint64_t data, uint64_t modifier, uint64_t key0,
                                           uint64_t key1, qpac_alg alg);

/* Four PACs at a time, AVX2 (cipher_avx2.c, built with -mavx2; only called
 * after a run-time CPU check): the short-batch path. */
QPAC_INTERNAL void qpac_ComputePAC_batch_avx2(const uint64_t *data, const uint64_t *modifier,
                                              size_t n, uint64_t key0, uint64_t key1,
                                              qpac_alg alg, uint64_t *out);
QPAC_INTERNAL void qpac_ComputePAC_batch_keys_avx2(const uint64_t *data,
                                                   const uint64_t *modifier, size_t n,
                                                   const uint64_t *key0, const uint64_t *key1,
                                                   qpac_alg alg, uint64_t *out);

/* Bitsliced, 64 PACs per block on uint64_t (cipher_bs64.c, portable) and 256
 * per block on AVX2 vectors (cipher_bs256_avx2.c); one key, or a key per lane.
 * Both are the generated cipher_bs_core.h behind cipher_bs_batch.h. */
QPAC_INTERNAL void qpac_ComputePAC_batch_bs64(const uint64_t *data, const uint64_t *modifier,
                                              size_t n, uint64_t key0, uint64_t key1,
                                              qpac_alg alg, uint64_t *out);
QPAC_INTERNAL void qpac_ComputePAC_batch_keys_bs64(const uint64_t *data,
                                                   const uint64_t *modifier, size_t n,
                                                   const uint64_t *key0, const uint64_t *key1,
                                                   qpac_alg alg, uint64_t *out);
QPAC_INTERNAL void qpac_ComputePAC_batch_bs256(const uint64_t *data, const uint64_t *modifier,
                                               size_t n, uint64_t key0, uint64_t key1,
                                               qpac_alg alg, uint64_t *out);
QPAC_INTERNAL void qpac_ComputePAC_batch_keys_bs256(const uint64_t *data,
                                                    const uint64_t *modifier, size_t n,
                                                    const uint64_t *key0, const uint64_t *key1,
                                                    qpac_alg alg, uint64_t *out);

/* Bitsliced, 512 PACs per block on AVX-512 with vpternlog (cipher_bs512.c,
 * generated cipher_bs3_core.h); qpac_bs512_built() is 0 where the compiler
 * could not build it. */
QPAC_INTERNAL void qpac_ComputePAC_batch_bs512(const uint64_t *data, const uint64_t *modifier,
                                               size_t n, uint64_t key0, uint64_t key1,
                                               qpac_alg alg, uint64_t *out);
QPAC_INTERNAL void qpac_ComputePAC_batch_keys_bs512(const uint64_t *data,
                                                    const uint64_t *modifier, size_t n,
                                                    const uint64_t *key0, const uint64_t *key1,
                                                    qpac_alg alg, uint64_t *out);
QPAC_INTERNAL int qpac_bs512_built(void);

/* Zero secrets (key planes, expanded keys) in a way the compiler cannot drop
 * as dead stores: memset, then a barrier that claims to read the memory. */
static inline void qpac_wipe(void *p, size_t n)
{
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

#endif /* QPAC_CIPHER_INTERNAL_H */

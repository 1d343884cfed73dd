/*
 * cipher_internal.h - shared constants and the per-implementation entry points
 * of ComputePAC (spec 1). Not installed; only cmodel/src includes it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef QPAC_CIPHER_INTERNAL_H
#define QPAC_CIPHER_INTERNAL_H

#include <stdint.h>

#include "qpac.h"

/* spec 1.2: round constants RC[0..7] (RC[5..7] only for the paper's r = 6, 7, 8)
 * and the reflection constant. */
#define QPAC_RC_COUNT 8
extern const uint64_t qpac_RC[QPAC_RC_COUNT];
#define QPAC_ALPHA UINT64_C(0xC0AC29B7C97C50DD)

/* spec 1.3: modk0 = ROTR64(key0, 1) XOR (key0 >> 63). */
static inline uint64_t qpac_modk0(uint64_t key0)
{
    return ((key0 >> 1) | (key0 << 63)) ^ (key0 >> 63);
}

/* Reference: a plain transliteration of spec 1.4-1.8 (cipher_ref.c). */
uint64_t qpac_ComputePAC_ref(uint64_t data, uint64_t modifier, uint64_t key0,
                             uint64_t key1, qpac_alg alg);

/* Portable constant-time SWAR on 64-bit words (cipher_swar.c). */
uint64_t qpac_ComputePAC_swar(uint64_t data, uint64_t modifier, uint64_t key0,
                              uint64_t key1, qpac_alg alg);

/* SSSE3 pshufb nibble lookups, constant time (cipher_ssse3.c, built with
 * -mssse3; only called after a run-time CPU check). */
uint64_t qpac_ComputePAC_ssse3(uint64_t data, uint64_t modifier, uint64_t key0,
                               uint64_t key1, qpac_alg alg);

#endif /* QPAC_CIPHER_INTERNAL_H */

/*
 * gen_internal.h - the generator's state (gen.c only). The public header
 * gives callers storage of QPAC_GEN_WORDS words under the same name; the
 * assertions below keep this layout inside it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef QPAC_GEN_INTERNAL_H
#define QPAC_GEN_INTERNAL_H

#define QPAC_GEN_INTERNAL
#include "qpac_vectors.h"

#define QPAC_GEN_RING 8
struct qpac_gen {
    uint64_t s[4];
    uint64_t count;   /* items produced */
    uint64_t ops;     /* op items produced */
    unsigned hw_only; /* 1: never compat=qemu (streams for the RTL) */
    unsigned epoch;   /* bumped by every cfg or key item */
    unsigned nring, ring_pos;
    struct {              /* recent PAC results, reused as AUT inputs */
        uint64_t ptr, mod;
        qpac_keyid key;
        unsigned epoch;
        unsigned flags; /* QPAC_VF_TAGGED/NONCANON of the signed input */
    } ring[QPAC_GEN_RING];
    unsigned write_every; /* qpac_gen_set_write_every; 0 by default */
};

_Static_assert(sizeof(struct qpac_gen) <= QPAC_GEN_WORDS * sizeof(uint64_t),
               "the generator outgrew the storage qpac_vectors.h gives it");
_Static_assert(_Alignof(struct qpac_gen) <= _Alignof(uint64_t),
               "the generator needs more alignment than qpac_vectors.h gives it");

#endif

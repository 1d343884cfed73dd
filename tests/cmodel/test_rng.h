/*
 * test_rng.h - the suites' deterministic test stream (splitmix64). A suite
 * defines TEST_RNG_SEED, its own seed, before including it, and calls rnd().
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef QPAC_TEST_RNG_H
#define QPAC_TEST_RNG_H
#include <stdint.h>

static uint64_t rng_state = TEST_RNG_SEED;

static uint64_t rnd(void)
{
    uint64_t z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}
#endif

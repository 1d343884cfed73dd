/*
 * cipher_bs64.c - portable bitsliced ComputePAC: 64 PACs per block, one per
 * bit of a uint64_t (the fallback batch for CPUs without AVX2). The cipher is
 * the generated cipher_bs_core.h on the word of cipher_bs64_word.h.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "cipher_bs64_word.h"

#define BS_BATCH qpac_ComputePAC_batch_bs64
#define BS_BATCH_KEYS qpac_ComputePAC_batch_keys_bs64
#include "cipher_bs_batch.h"

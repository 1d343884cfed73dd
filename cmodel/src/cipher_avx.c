/*
 * cipher_avx.c - the SSSE3 ComputePAC of cipher_ssse3.c compiled a second
 * time with -mavx: the same instructions in their three-operand VEX forms,
 * which saves the register copies that two-operand pshufb needs. Selected at
 * run time on CPUs with AVX (cipher.c); tested against the reference like
 * every implementation.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#define QPAC_SSSE3_ENTRY qpac_ComputePAC_avx
#include "cipher_ssse3.c"

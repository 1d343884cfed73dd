/*
 * cipher.c - ComputePAC front end: implementation table, run-time dispatch
 * (the SSSE3 code, VEX-encoded when the CPU has AVX, else the portable SWAR
 * code; all constant time), qpac_ComputePAC_impl for tests and benchmarks,
 * and the batch entry (AVX2 when the CPU has it).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stddef.h>
#include <stdint.h>

#include "cipher_internal.h"
#include "qpac.h"

typedef uint64_t (*computepac_fn)(uint64_t, uint64_t, uint64_t, uint64_t, qpac_alg);

#if defined(__x86_64__)
#define QPAC_HAVE_SSSE3_BUILD 1
#else
#define QPAC_HAVE_SSSE3_BUILD 0
#endif

/* CPU feature tests, each probed once and cached (0 unknown, 1 no, 2 yes).
 * libgcc reports AVX/AVX2 only when the OS also saves the YMM state. */
#if QPAC_HAVE_SSSE3_BUILD
static int probe_ssse3(void) { __builtin_cpu_init(); return __builtin_cpu_supports("ssse3"); }
static int probe_avx(void) { __builtin_cpu_init(); return __builtin_cpu_supports("avx"); }
static int probe_avx2(void) { __builtin_cpu_init(); return __builtin_cpu_supports("avx2"); }
#else
static int probe_ssse3(void) { return 0; }
static int probe_avx(void) { return 0; }
static int probe_avx2(void) { return 0; }
#endif

static int cached(int *state, int (*probe)(void))
{
    int s = __atomic_load_n(state, __ATOMIC_RELAXED);
    if (!s) {
        s = probe() ? 2 : 1;
        __atomic_store_n(state, s, __ATOMIC_RELAXED);
    }
    return s == 2;
}

static int ssse3_state, avx_state, avx2_state;
static int cpu_has_ssse3(void) { return cached(&ssse3_state, probe_ssse3); }
static int cpu_has_avx(void) { return cached(&avx_state, probe_avx); }
static int cpu_has_avx2(void) { return cached(&avx2_state, probe_avx2); }

int qpac_impl_available(qpac_impl impl)
{
    switch (impl) {
    case QPAC_IMPL_REF:
    case QPAC_IMPL_PORTABLE:
        return 1;
    case QPAC_IMPL_SSSE3:
        return cpu_has_ssse3();
    case QPAC_IMPL_AVX:
        return cpu_has_avx();
    default:
        return 0;
    }
}

const char *qpac_impl_name(qpac_impl impl)
{
    switch (impl) {
    case QPAC_IMPL_REF: return "ref";
    case QPAC_IMPL_PORTABLE: return "portable";
    case QPAC_IMPL_SSSE3: return "ssse3";
    case QPAC_IMPL_AVX: return "avx";
    default: return NULL;
    }
}

static computepac_fn impl_fn(qpac_impl impl)
{
    switch (impl) {
    case QPAC_IMPL_REF: return qpac_ComputePAC_ref;
    case QPAC_IMPL_PORTABLE: return qpac_ComputePAC_swar;
#if QPAC_HAVE_SSSE3_BUILD
    case QPAC_IMPL_SSSE3: return cpu_has_ssse3() ? qpac_ComputePAC_ssse3 : 0;
    case QPAC_IMPL_AVX: return cpu_has_avx() ? qpac_ComputePAC_avx : 0;
#endif
    default: return 0;
    }
}

/* An unavailable implementation falls back to the reference, so a caller
 * that skipped qpac_impl_available still gets the right answer. */
uint64_t qpac_ComputePAC_impl(qpac_impl impl, uint64_t data, uint64_t modifier,
                              uint64_t key0, uint64_t key1, qpac_alg alg)
{
    computepac_fn fn = impl_fn(impl);
    if (!fn)
        fn = qpac_ComputePAC_ref;
    return fn(data, modifier, key0, key1, alg);
}

/* The best implementation, chosen once before main (constructor) and again
 * lazily if the constructor has not run yet (e.g. a static constructor of
 * another library calls in first). Both writes store the same value. */
static computepac_fn best_fn;

static computepac_fn choose_best(void)
{
    if (cpu_has_avx())
        return impl_fn(QPAC_IMPL_AVX);
    if (cpu_has_ssse3())
        return impl_fn(QPAC_IMPL_SSSE3);
    return qpac_ComputePAC_swar;
}

__attribute__((constructor)) static void qpac_cipher_init(void)
{
    __atomic_store_n(&best_fn, choose_best(), __ATOMIC_RELAXED);
}

uint64_t qpac_ComputePAC(uint64_t data, uint64_t modifier, uint64_t key0,
                         uint64_t key1, qpac_alg alg)
{
    computepac_fn fn = __atomic_load_n(&best_fn, __ATOMIC_RELAXED);
    if (!fn) {
        fn = choose_best();
        __atomic_store_n(&best_fn, fn, __ATOMIC_RELAXED);
    }
    return fn(data, modifier, key0, key1, alg);
}

const char *qpac_ComputePAC_batch_impl(void)
{
    if (cpu_has_avx2())
        return "avx2";
    return qpac_impl_name(cpu_has_avx() ? QPAC_IMPL_AVX
                          : cpu_has_ssse3() ? QPAC_IMPL_SSSE3 : QPAC_IMPL_PORTABLE);
}

void qpac_ComputePAC_batch(const uint64_t *data, const uint64_t *modifier, size_t n,
                           uint64_t key0, uint64_t key1, qpac_alg alg, uint64_t *out)
{
    if (cpu_has_avx2()) {
        qpac_ComputePAC_batch_avx2(data, modifier, n, key0, key1, alg, out);
        return;
    }
    for (size_t i = 0; i < n; i++)
        out[i] = qpac_ComputePAC(data[i], modifier[i], key0, key1, alg);
}

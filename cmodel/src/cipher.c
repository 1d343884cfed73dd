/*
 * cipher.c - ComputePAC front end: the one implementation table (name, lanes,
 * CPU check, entry points, default ranks; BearSSL's way), run-time dispatch
 * of qpac_ComputePAC and of the batches, and the per-implementation entries
 * for tests and benchmarks. Every implementation but the reference is
 * constant time.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stddef.h>
#include <stdint.h>

#include "cipher_internal.h"
#include "qpac.h"

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
static int probe_avx512(void)
{
    __builtin_cpu_init();
    return qpac_bs512_built() && __builtin_cpu_supports("avx512f");
}
#else
static int probe_ssse3(void) { return 0; }
static int probe_avx(void) { return 0; }
static int probe_avx2(void) { return 0; }
static int probe_avx512(void) { return 0; }
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

static int ssse3_state, avx_state, avx2_state, avx512_state;
static int cpu_has_ssse3(void) { return cached(&ssse3_state, probe_ssse3); }
static int cpu_has_avx(void) { return cached(&avx_state, probe_avx); }
static int cpu_has_avx2(void) { return cached(&avx2_state, probe_avx2); }
static int cpu_has_avx512(void) { return cached(&avx512_state, probe_avx512); }

/* Indexed by qpac_impl. Ranks: one-call default, batch default, short
 * batches (a batch shorter than a quarter of the batch row's block, and the
 * remainder after its full blocks). */
#define RANKS(one, batch, small) one, batch, small
static const qpac_impl_desc impls[QPAC_IMPL_COUNT] = {
    [QPAC_IMPL_REF] = {"ref", 1, NULL, qpac_ComputePAC_ref, NULL, NULL, RANKS(0, 0, 0)},
    [QPAC_IMPL_PORTABLE] = {"portable", 1, NULL, qpac_ComputePAC_swar, NULL, NULL,
                            RANKS(1, 1, 1)},
    [QPAC_IMPL_SSSE3] = {"ssse3", 1, cpu_has_ssse3, qpac_ComputePAC_ssse3, NULL, NULL,
                         RANKS(2, 0, 2)},
    [QPAC_IMPL_AVX] = {"avx", 1, cpu_has_avx, qpac_ComputePAC_avx, NULL, NULL, RANKS(3, 0, 3)},
    [QPAC_IMPL_AVX2] = {"avx2", 4, cpu_has_avx2, NULL, qpac_ComputePAC_batch_avx2,
                        qpac_ComputePAC_batch_keys_avx2, RANKS(0, 0, 4)},
    [QPAC_IMPL_BS64] = {"bs64", 64, NULL, NULL, qpac_ComputePAC_batch_bs64,
                        qpac_ComputePAC_batch_keys_bs64, RANKS(0, 2, 0)},
    [QPAC_IMPL_BS256] = {"bs256", 256, cpu_has_avx2, NULL, qpac_ComputePAC_batch_bs256,
                         qpac_ComputePAC_batch_keys_bs256, RANKS(0, 3, 0)},
    [QPAC_IMPL_BS512] = {"bs512", 512, cpu_has_avx512, NULL, qpac_ComputePAC_batch_bs512,
                         qpac_ComputePAC_batch_keys_bs512, RANKS(0, 4, 0)},
};

static const qpac_impl_desc *desc(qpac_impl impl)
{
    if ((unsigned)impl >= QPAC_IMPL_COUNT)
        return NULL;
    const qpac_impl_desc *d = &impls[impl];
    return !d->available || d->available() ? d : NULL;
}

int qpac_impl_available(qpac_impl impl) { return desc(impl) != NULL; }

const char *qpac_impl_name(qpac_impl impl)
{
    return (unsigned)impl < QPAC_IMPL_COUNT ? impls[impl].name : NULL;
}

unsigned qpac_impl_lanes(qpac_impl impl)
{
    return (unsigned)impl < QPAC_IMPL_COUNT ? impls[impl].lanes : 0;
}

/* The three shapes of one row; an unavailable row is the reference. */
static uint64_t run_one(const qpac_impl_desc *d, uint64_t data, uint64_t modifier,
                        uint64_t key0, uint64_t key1, qpac_alg alg)
{
    if (!d)
        d = &impls[QPAC_IMPL_REF];
    if (d->one)
        return d->one(data, modifier, key0, key1, alg);
    uint64_t out;
    if (d->batch_keys)
        d->batch_keys(&data, &modifier, 1, &key0, &key1, alg, &out);
    else
        d->batch(&data, &modifier, 1, key0, key1, alg, &out);
    return out;
}

static void run_batch(const qpac_impl_desc *d, const uint64_t *data, const uint64_t *modifier,
                      size_t n, uint64_t key0, uint64_t key1, qpac_alg alg, uint64_t *out)
{
    if (d && d->batch) {
        d->batch(data, modifier, n, key0, key1, alg, out);
        return;
    }
    for (size_t i = 0; i < n; i++)
        out[i] = run_one(d, data[i], modifier[i], key0, key1, alg);
}

static void run_batch_keys(const qpac_impl_desc *d, const uint64_t *data,
                           const uint64_t *modifier, size_t n, const uint64_t *key0,
                           const uint64_t *key1, qpac_alg alg, uint64_t *out)
{
    if (d && d->batch_keys) {
        d->batch_keys(data, modifier, n, key0, key1, alg, out);
        return;
    }
    for (size_t i = 0; i < n; i++)
        out[i] = run_one(d, data[i], modifier[i], key0[i], key1[i], alg);
}

uint64_t qpac_ComputePAC_impl(qpac_impl impl, uint64_t data, uint64_t modifier,
                              uint64_t key0, uint64_t key1, qpac_alg alg)
{
    return run_one(desc(impl), data, modifier, key0, key1, alg);
}

void qpac_ComputePAC_batch_using(qpac_impl impl, const uint64_t *data,
                                 const uint64_t *modifier, size_t n, uint64_t key0,
                                 uint64_t key1, qpac_alg alg, uint64_t *out)
{
    run_batch(desc(impl), data, modifier, n, key0, key1, alg, out);
}

void qpac_ComputePAC_batch_keys_using(qpac_impl impl, const uint64_t *data,
                                      const uint64_t *modifier, size_t n,
                                      const uint64_t *key0, const uint64_t *key1,
                                      qpac_alg alg, uint64_t *out)
{
    run_batch_keys(desc(impl), data, modifier, n, key0, key1, alg, out);
}

/* The available row with the highest rank (offset of prefer_one or
 * prefer_batch in the row); the portable row always qualifies. */
static qpac_impl best(size_t rank_offset)
{
    qpac_impl pick = QPAC_IMPL_PORTABLE;
    int top = 0;
    for (int i = 0; i < QPAC_IMPL_COUNT; i++) {
        int r;
        memcpy(&r, (const char *)&impls[i] + rank_offset, sizeof r);
        if (r > top && desc((qpac_impl)i)) {
            top = r;
            pick = (qpac_impl)i;
        }
    }
    return pick;
}

/* The defaults, chosen once before main (constructor) and again lazily if
 * the constructor has not run yet (e.g. a static constructor of another
 * library calls in first). Every write stores the same values. */
static qpac_computepac_fn best_one;
static int best_batch = -1, best_small = -1;

static void choose(void)
{
    __atomic_store_n(&best_small, (int)best(offsetof(qpac_impl_desc, prefer_small)),
                     __ATOMIC_RELAXED);
    __atomic_store_n(&best_batch, (int)best(offsetof(qpac_impl_desc, prefer_batch)),
                     __ATOMIC_RELAXED);
    __atomic_store_n(&best_one, impls[best(offsetof(qpac_impl_desc, prefer_one))].one,
                     __ATOMIC_RELAXED);
}

__attribute__((constructor)) static void qpac_cipher_init(void) { choose(); }

uint64_t qpac_ComputePAC(uint64_t data, uint64_t modifier, uint64_t key0,
                         uint64_t key1, qpac_alg alg)
{
    qpac_computepac_fn fn = __atomic_load_n(&best_one, __ATOMIC_RELAXED);
    if (!fn) {
        choose();
        fn = __atomic_load_n(&best_one, __ATOMIC_RELAXED);
    }
    return fn(data, modifier, key0, key1, alg);
}

static const qpac_impl_desc *chosen(int *which)
{
    int b = __atomic_load_n(which, __ATOMIC_RELAXED);
    if (b < 0) {
        choose();
        b = __atomic_load_n(which, __ATOMIC_RELAXED);
    }
    return &impls[b];
}

const char *qpac_ComputePAC_batch_impl(void) { return chosen(&best_batch)->name; }

/* How many items go to the batch row: its full blocks, plus a padded last
 * block when the remainder is at least a quarter block; the rest goes to the
 * short-batch row. (n and the block size are public: no secret in this.) */
static size_t batch_share(const qpac_impl_desc *d, size_t n)
{
    size_t rem = n % d->lanes;
    return rem * 4 >= d->lanes ? n : n - rem;
}

void qpac_ComputePAC_batch(const uint64_t *data, const uint64_t *modifier, size_t n,
                           uint64_t key0, uint64_t key1, qpac_alg alg, uint64_t *out)
{
    const qpac_impl_desc *d = chosen(&best_batch);
    size_t m = batch_share(d, n);
    if (m)
        run_batch(d, data, modifier, m, key0, key1, alg, out);
    if (m < n)
        run_batch(chosen(&best_small), data + m, modifier + m, n - m, key0, key1, alg, out + m);
}

void qpac_ComputePAC_batch_keys(const uint64_t *data, const uint64_t *modifier, size_t n,
                                const uint64_t *key0, const uint64_t *key1, qpac_alg alg,
                                uint64_t *out)
{
    const qpac_impl_desc *d = chosen(&best_batch);
    size_t m = batch_share(d, n);
    if (m)
        run_batch_keys(d, data, modifier, m, key0, key1, alg, out);
    if (m < n)
        run_batch_keys(chosen(&best_small), data + m, modifier + m, n - m, key0 + m, key1 + m,
                       alg, out + m);
}

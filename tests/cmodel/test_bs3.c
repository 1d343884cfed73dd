/*
 * test_bs3.c - the 3-input bitsliced core (cipher_bs3_core.h, which
 * cipher_bs512.c runs with vpternlogq on AVX-512) on every machine: the same
 * core and batch driver on uint64_t words, vpternlogq's function written in
 * C, checked against the reference on computepac.txt and on random inputs
 * (both algorithms, one key and a key per item, lengths around the block).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#ifdef QPAC_HAVE_VALGRIND
#include <valgrind/memcheck.h>
#endif

#include "qpac.h"

/* tests/cmodel/bs3_core.c */
void bs3_batch(const uint64_t *data, const uint64_t *modifier, size_t n, uint64_t key0,
               uint64_t key1, qpac_alg alg, uint64_t *out);
void bs3_batch_keys(const uint64_t *data, const uint64_t *modifier, size_t n,
                    const uint64_t *key0, const uint64_t *key1, qpac_alg alg, uint64_t *out);

#ifndef QPAC_VECTORS_DIR
#define QPAC_VECTORS_DIR "../shared/vectors"
#endif

#define TEST_RNG_SEED UINT64_C(0xb53c0de)
#include "test_rng.h"

static void test_bs3_vectors(void **state)
{
    (void)state;
    char path[1024], line[512];
    const char *dir = getenv("QPAC_VECTORS_DIR");
    snprintf(path, sizeof path, "%s/computepac.txt", dir && *dir ? dir : QPAC_VECTORS_DIR);
    FILE *fp = fopen(path, "r");
    if (!fp)
        fail_msg("cannot open %s", path);
    unsigned lineno = 0, rows = 0;
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char name[16];
        uint64_t data, mod, hi, lo, pac, got = 0, got_k = 0;
        int n = sscanf(line, "%15s %" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64,
                       name, &data, &mod, &hi, &lo, &pac);
        if (n != 6 || (strcmp(name, "QARMA5") && strcmp(name, "QARMA3")))
            fail_msg("computepac.txt:%u: cannot parse", lineno);
        qpac_alg alg = strcmp(name, "QARMA3") ? QPAC_ALG_QARMA5 : QPAC_ALG_QARMA3;
        bs3_batch(&data, &mod, 1, hi, lo, alg, &got);
        bs3_batch_keys(&data, &mod, 1, &hi, &lo, alg, &got_k);
        if (got != pac || got_k != pac)
            fail_msg("computepac.txt:%u: %s bs3 on uint64_t: batch %016" PRIx64
                     ", batch-keys %016" PRIx64 ", want %016" PRIx64,
                     lineno, name, got, got_k, pac);
        rows++;
    }
    fclose(fp);
    assert_true(rows >= 2);
}

static void test_bs3_random(void **state)
{
    (void)state;
    enum { MAXN = 200 };
    static const size_t lens[] = {0, 1, 63, 64, 65, 130};
    static uint64_t d[MAXN], m[MAXN], hi[MAXN], lo[MAXN], want[MAXN], out[MAXN];
    for (int a = 0; a < 2; a++) {
        qpac_alg alg = a ? QPAC_ALG_QARMA3 : QPAC_ALG_QARMA5;
        for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
            size_t n = lens[l];
            uint64_t khi = rnd(), klo = rnd();
            for (int keys = 0; keys < 2; keys++) {
                for (size_t i = 0; i < MAXN; i++) {
                    d[i] = rnd(), m[i] = rnd(), hi[i] = rnd(), lo[i] = rnd();
                    out[i] = UINT64_C(0x5a5a5a5a5a5a5a5a);
                }
                for (size_t i = 0; i < n; i++)
                    want[i] = qpac_ComputePAC_impl(QPAC_IMPL_REF, d[i], m[i],
                                                   keys ? hi[i] : khi, keys ? lo[i] : klo, alg);
                if (keys)
                    bs3_batch_keys(d, m, n, hi, lo, alg, out);
                else
                    bs3_batch(d, m, n, khi, klo, alg, out);
                for (size_t i = 0; i < MAXN; i++) {
                    uint64_t w = i < n ? want[i] : UINT64_C(0x5a5a5a5a5a5a5a5a);
                    if (out[i] != w)
                        fail_msg("bs3 on uint64_t %s %s n=%zu item %zu: %016" PRIx64
                                 ", want %016" PRIx64, keys ? "batch-keys" : "batch",
                                 qpac_alg_name(alg), n, i, out[i], w);
                }
            }
        }
    }
}

/* `test_bs3 --ctgrind` (make ctgrind): both batch entries, a full block and
 * a padded tail, with data, modifiers and keys undefined to memcheck. */
static int ctgrind(void)
{
#ifdef QPAC_HAVE_VALGRIND
    enum { NB = 100 };
    static uint64_t d[NB], m[NB], k0[NB], k1[NB], out[NB];
    uint64_t acc = 0;
    for (int a = 0; a < 2; a++) {
        qpac_alg alg = a ? QPAC_ALG_QARMA3 : QPAC_ALG_QARMA5;
        uint64_t key[2] = {rnd(), rnd()};
        for (int j = 0; j < NB; j++)
            d[j] = rnd(), m[j] = rnd(), k0[j] = rnd(), k1[j] = rnd();
        VALGRIND_MAKE_MEM_UNDEFINED(key, sizeof key);
        VALGRIND_MAKE_MEM_UNDEFINED(d, sizeof d);
        VALGRIND_MAKE_MEM_UNDEFINED(m, sizeof m);
        VALGRIND_MAKE_MEM_UNDEFINED(k0, sizeof k0);
        VALGRIND_MAKE_MEM_UNDEFINED(k1, sizeof k1);
        bs3_batch(d, m, NB, key[0], key[1], alg, out);
        uint64_t x = 0;
        for (int j = 0; j < NB; j++)
            x ^= out[j];
        bs3_batch_keys(d, m, NB, k0, k1, alg, out);
        for (int j = 0; j < NB; j++)
            x ^= out[j];
        VALGRIND_MAKE_MEM_DEFINED(&x, sizeof x); /* outputs are public */
        acc ^= x;
    }
    printf("ctgrind bs3 on uint64_t: ran (result %016" PRIx64 ")\n", acc);
    return 0;
#else
    fprintf(stderr, "test_bs3 --ctgrind: built without valgrind/memcheck.h\n");
    return 2;
#endif
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--ctgrind"))
        return ctgrind();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bs3_vectors),
        cmocka_unit_test(test_bs3_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

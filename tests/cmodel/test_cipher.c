/*
 * test_cipher.c - ComputePAC against known answers and the spec's tables.
 *
 * Known answers are read at run time from the shared vector files
 * (QPAC_VECTORS_DIR): qarma64-paper.txt (the QARMA paper's nine vectors,
 * r = 5, 6, 7 x sigma0/1/2) through qpac_qarma64, and computepac.txt (QARMA5
 * and QARMA3 rows) through every implementation. The spec tables (S-boxes,
 * shuffles) are the spec's printed constants. Every fast implementation is
 * compared with the reference on random inputs for both algorithms.
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

#include "qpac.h"

#ifdef QPAC_HAVE_VALGRIND
#include <valgrind/memcheck.h>
#endif

#ifndef QPAC_VECTORS_DIR
#define QPAC_VECTORS_DIR "../shared/vectors"
#endif

#define TEST_RNG_SEED UINT64_C(0x5eed0f0c1a55e5)
#include "test_rng.h"

/* The vector directory: $QPAC_VECTORS_DIR if set (the negative test points
 * it at a corrupted copy), else the build-time default. */
static FILE *open_vectors(const char *name)
{
    char path[1024];
    const char *dir = getenv("QPAC_VECTORS_DIR");
    snprintf(path, sizeof path, "%s/%s", dir && *dir ? dir : QPAC_VECTORS_DIR, name);
    FILE *fp = fopen(path, "r");
    if (!fp)
        fail_msg("cannot open %s", path);
    return fp;
}

/* ---- qarma64-paper.txt ------------------------------------------------- */

static void test_paper_vectors(void **state)
{
    (void)state;
    FILE *fp = open_vectors("qarma64-paper.txt");
    char line[512];
    unsigned lineno = 0, rows = 0, seen = 0; /* seen: bit (3 * sbox + r - 5) */
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char sbox_name[16];
        unsigned rounds;
        uint64_t p, t, w0, k0, c, got = 0;
        int n = sscanf(line, "%15s %u %" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64,
                       sbox_name, &rounds, &p, &t, &w0, &k0, &c);
        if (n != 7 || strncmp(sbox_name, "sigma", 5) != 0 || sbox_name[5] < '0' ||
            sbox_name[5] > '2' || sbox_name[6] != 0)
            fail_msg("qarma64-paper.txt:%u: cannot parse", lineno);
        unsigned sbox = (unsigned)(sbox_name[5] - '0');
        assert_int_equal(qpac_qarma64(p, t, w0, k0, rounds, sbox, NULL, NULL, &got), QPAC_OK);
        if (got != c)
            fail_msg("qarma64-paper.txt:%u: %s r=%u: got %016" PRIx64 ", want %016" PRIx64,
                     lineno, sbox_name, rounds, got, c);
        if (rounds >= 5 && rounds <= 7)
            seen |= 1u << (3 * sbox + rounds - 5);
        rows++;
    }
    fclose(fp);
    assert_int_equal(rows, 9);
    assert_int_equal(seen, 0x1ff); /* every (sigma, r) pair */
}

/* ---- computepac.txt ----------------------------------------------------- */

/* Every implementation's two batch entries on rows of one algorithm: one
 * key per call (each row alone) and a key per item (all rows together). */
enum { MAX_ROWS = 64 };
typedef struct {
    uint64_t data[MAX_ROWS], mod[MAX_ROWS], hi[MAX_ROWS], lo[MAX_ROWS], pac[MAX_ROWS];
    unsigned line[MAX_ROWS], n;
} vector_rows;

static void check_batches_on_rows(const vector_rows *v, qpac_alg alg)
{
    uint64_t out[MAX_ROWS];
    for (int impl = 0; impl < QPAC_IMPL_COUNT; impl++) {
        if (!qpac_impl_available((qpac_impl)impl))
            continue;
        qpac_ComputePAC_batch_keys_using((qpac_impl)impl, v->data, v->mod, v->n, v->hi, v->lo,
                                         alg, out);
        for (unsigned i = 0; i < v->n; i++) {
            if (out[i] != v->pac[i])
                fail_msg("computepac.txt:%u: %s batch-keys %s: got %016" PRIx64
                         ", want %016" PRIx64, v->line[i], qpac_alg_name(alg),
                         qpac_impl_name((qpac_impl)impl), out[i], v->pac[i]);
            uint64_t one = 0;
            qpac_ComputePAC_batch_using((qpac_impl)impl, &v->data[i], &v->mod[i], 1, v->hi[i],
                                        v->lo[i], alg, &one);
            if (one != v->pac[i])
                fail_msg("computepac.txt:%u: %s batch %s: got %016" PRIx64 ", want %016" PRIx64,
                         v->line[i], qpac_alg_name(alg), qpac_impl_name((qpac_impl)impl), one,
                         v->pac[i]);
        }
    }
    qpac_ComputePAC_batch_keys(v->data, v->mod, v->n, v->hi, v->lo, alg, out);
    for (unsigned i = 0; i < v->n; i++)
        assert_true(out[i] == v->pac[i]);
}

static void test_computepac_vectors(void **state)
{
    (void)state;
    FILE *fp = open_vectors("computepac.txt");
    char line[512];
    unsigned lineno = 0, rows[2] = {0, 0};
    static vector_rows byalg[2];
    memset(byalg, 0, sizeof byalg);
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char alg_name[16];
        uint64_t data, mod, hi, lo, pac;
        int n = sscanf(line, "%15s %" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64,
                       alg_name, &data, &mod, &hi, &lo, &pac);
        qpac_alg alg = QPAC_ALG_QARMA5;
        if (n == 6 && !strcmp(alg_name, "QARMA5"))
            alg = QPAC_ALG_QARMA5;
        else if (n == 6 && !strcmp(alg_name, "QARMA3"))
            alg = QPAC_ALG_QARMA3;
        else
            fail_msg("computepac.txt:%u: cannot parse", lineno);
        for (int impl = 0; impl < QPAC_IMPL_COUNT; impl++) {
            if (!qpac_impl_available((qpac_impl)impl))
                continue;
            uint64_t got = qpac_ComputePAC_impl((qpac_impl)impl, data, mod, hi, lo, alg);
            if (got != pac)
                fail_msg("computepac.txt:%u: %s impl %s: got %016" PRIx64 ", want %016" PRIx64,
                         lineno, alg_name, qpac_impl_name((qpac_impl)impl), got, pac);
        }
        assert_true(qpac_ComputePAC(data, mod, hi, lo, alg) == pac);
        uint64_t batch_out = 0;
        qpac_ComputePAC_batch(&data, &mod, 1, hi, lo, alg, &batch_out);
        assert_true(batch_out == pac);
        /* qpac_qarma64 with ComputePAC's parameters (spec 1.9) */
        uint64_t got = 0;
        assert_int_equal(qpac_qarma64(data, mod, hi, lo, alg == QPAC_ALG_QARMA3 ? 3 : 5,
                                      alg == QPAC_ALG_QARMA3 ? 1 : 2, NULL, NULL, &got),
                         QPAC_OK);
        assert_true(got == pac);
        rows[alg]++;
        vector_rows *v = &byalg[alg];
        assert_true(v->n < MAX_ROWS);
        v->data[v->n] = data;
        v->mod[v->n] = mod;
        v->hi[v->n] = hi;
        v->lo[v->n] = lo;
        v->pac[v->n] = pac;
        v->line[v->n++] = lineno;
    }
    fclose(fp);
    check_batches_on_rows(&byalg[QPAC_ALG_QARMA5], QPAC_ALG_QARMA5);
    check_batches_on_rows(&byalg[QPAC_ALG_QARMA3], QPAC_ALG_QARMA3);
    assert_true(rows[QPAC_ALG_QARMA5] >= 21);
    assert_true(rows[QPAC_ALG_QARMA3] >= 20);
}

/* ---- every implementation against the reference ------------------------ */

static void test_impls_match_ref(void **state)
{
    (void)state;
    assert_true(qpac_impl_available(QPAC_IMPL_REF));
    assert_true(qpac_impl_available(QPAC_IMPL_PORTABLE));
    for (int alg = 0; alg < 2; alg++) {
        for (int i = 0; i < 5000; i++) {
            uint64_t d = rnd(), m = rnd(), hi = rnd(), lo = rnd();
            if (i < 4) { /* edge words */
                d = (i & 1) ? ~UINT64_C(0) : 0;
                m = (i & 2) ? ~UINT64_C(0) : 0;
            }
            uint64_t want = qpac_ComputePAC_impl(QPAC_IMPL_REF, d, m, hi, lo, (qpac_alg)alg);
            for (int impl = 1; impl < QPAC_IMPL_COUNT; impl++) {
                if (!qpac_impl_available((qpac_impl)impl))
                    continue;
                uint64_t got = qpac_ComputePAC_impl((qpac_impl)impl, d, m, hi, lo, (qpac_alg)alg);
                if (got != want)
                    fail_msg("%s %s: ComputePAC(%016" PRIx64 ", %016" PRIx64 ", %016" PRIx64
                             ", %016" PRIx64 ") = %016" PRIx64 ", ref %016" PRIx64,
                             qpac_impl_name((qpac_impl)impl), qpac_alg_name((qpac_alg)alg), d,
                             m, hi, lo, got, want);
            }
            assert_true(qpac_ComputePAC(d, m, hi, lo, (qpac_alg)alg) == want);
        }
    }
}

/* Every implementation's batches against the reference: lengths around
 * every block size (4, 64, 256: full blocks and every kind of remainder), in
 * place and not, one key and a key per item; nothing past n is written. */
static void check_batch(int impl, qpac_alg alg, size_t n)
{
    enum { MAXN = 520 };
    static uint64_t d[MAXN], m[MAXN], hi[MAXN], lo[MAXN], want[MAXN], out[MAXN], inplace[MAXN];
    const uint64_t fill = UINT64_C(0x5a5a5a5a5a5a5a5a);
    assert_true(n < MAXN);
    uint64_t khi = rnd(), klo = rnd();
    for (size_t i = 0; i < MAXN; i++) {
        d[i] = rnd();
        m[i] = rnd();
        hi[i] = rnd();
        lo[i] = rnd();
        out[i] = inplace[i] = fill;
    }
    for (int keys = 0; keys < 2; keys++) {
        for (size_t i = 0; i < n; i++)
            want[i] = qpac_ComputePAC_impl(QPAC_IMPL_REF, d[i], m[i], keys ? hi[i] : khi,
                                           keys ? lo[i] : klo, alg);
        memcpy(inplace, d, n * sizeof d[0]);
        if (keys) {
            qpac_ComputePAC_batch_keys_using((qpac_impl)impl, d, m, n, hi, lo, alg, out);
            qpac_ComputePAC_batch_keys_using((qpac_impl)impl, inplace, m, n, hi, lo, alg,
                                             inplace);
        } else {
            qpac_ComputePAC_batch_using((qpac_impl)impl, d, m, n, khi, klo, alg, out);
            qpac_ComputePAC_batch_using((qpac_impl)impl, inplace, m, n, khi, klo, alg, inplace);
        }
        for (size_t i = 0; i < MAXN; i++) {
            uint64_t w = i < n ? want[i] : fill;
            if (out[i] != w || (i < n && inplace[i] != w) || (i >= n && inplace[i] != fill))
                fail_msg("%s %s %s n=%zu item %zu: %016" PRIx64 " (in place %016" PRIx64
                         "), want %016" PRIx64, keys ? "batch-keys" : "batch",
                         qpac_impl_name((qpac_impl)impl), qpac_alg_name(alg), n, i, out[i],
                         inplace[i], w);
        }
    }
}

static void test_batch_matches_ref(void **state)
{
    (void)state;
    static const size_t lens[] = {0, 1, 2, 3, 4, 5, 7, 37, 63, 64, 65, 127, 255, 256, 257, 511};
    for (int impl = 0; impl < QPAC_IMPL_COUNT; impl++) {
        if (!qpac_impl_available((qpac_impl)impl) || impl == QPAC_IMPL_REF)
            continue;
        for (int alg = 0; alg < 2; alg++)
            for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++)
                check_batch(impl, (qpac_alg)alg, lens[i]);
    }
    /* the dispatched entries: full blocks, padded blocks and short remainders */
    enum { ND = 600 };
    static uint64_t d[ND], m[ND], hi[ND], lo[ND], out[ND];
    static const size_t dlens[] = {1, 3, 63, 64, 100, 300, 600};
    for (int i = 0; i < ND; i++) {
        d[i] = rnd();
        m[i] = rnd();
        hi[i] = rnd();
        lo[i] = rnd();
    }
    for (int alg = 0; alg < 2; alg++)
        for (size_t l = 0; l < sizeof dlens / sizeof dlens[0]; l++) {
            size_t n = dlens[l];
            qpac_ComputePAC_batch(d, m, n, hi[0], lo[0], (qpac_alg)alg, out);
            for (size_t i = 0; i < n; i++)
                assert_true(out[i] == qpac_ComputePAC_impl(QPAC_IMPL_REF, d[i], m[i], hi[0],
                                                           lo[0], (qpac_alg)alg));
            qpac_ComputePAC_batch_keys(d, m, n, hi, lo, (qpac_alg)alg, out);
            for (size_t i = 0; i < n; i++)
                assert_true(out[i] == qpac_ComputePAC_impl(QPAC_IMPL_REF, d[i], m[i], hi[i],
                                                           lo[i], (qpac_alg)alg));
        }
    /* n = 0 touches nothing */
    qpac_ComputePAC_batch(NULL, NULL, 0, 1, 2, QPAC_ALG_QARMA5, NULL);
    qpac_ComputePAC_batch_keys(NULL, NULL, 0, NULL, NULL, QPAC_ALG_QARMA5, NULL);
}

static void test_impl_names(void **state)
{
    (void)state;
    assert_string_equal(qpac_impl_name(QPAC_IMPL_REF), "ref");
    assert_string_equal(qpac_impl_name(QPAC_IMPL_PORTABLE), "portable");
    assert_string_equal(qpac_impl_name(QPAC_IMPL_SSSE3), "ssse3");
    assert_string_equal(qpac_impl_name(QPAC_IMPL_AVX), "avx");
    assert_string_equal(qpac_impl_name(QPAC_IMPL_AVX2), "avx2");
    assert_string_equal(qpac_impl_name(QPAC_IMPL_BS64), "bs64");
    assert_string_equal(qpac_impl_name(QPAC_IMPL_BS256), "bs256");
    assert_null(qpac_impl_name(QPAC_IMPL_COUNT));
    assert_int_equal(qpac_impl_lanes(QPAC_IMPL_AVX), 1);
    assert_int_equal(qpac_impl_lanes(QPAC_IMPL_BS64), 64);
    assert_int_equal(qpac_impl_lanes(QPAC_IMPL_BS256), 256);
    assert_int_equal(qpac_impl_lanes(QPAC_IMPL_COUNT), 0);
    assert_true(qpac_impl_available(QPAC_IMPL_BS64)); /* portable */
    /* the batch default is an available implementation of the table */
    int found = 0;
    for (int i = 0; i < QPAC_IMPL_COUNT; i++)
        found |= qpac_impl_available((qpac_impl)i) &&
                 !strcmp(qpac_impl_name((qpac_impl)i), qpac_ComputePAC_batch_impl());
    assert_true(found);
    assert_false(qpac_impl_available(QPAC_IMPL_COUNT));
    /* an unavailable impl falls back to the reference */
    assert_true(qpac_ComputePAC_impl(QPAC_IMPL_COUNT, 1, 2, 3, 4, QPAC_ALG_QARMA5) ==
                qpac_ComputePAC_impl(QPAC_IMPL_REF, 1, 2, 3, 4, QPAC_ALG_QARMA5));
}

/* ---- spec tables --------------------------------------------------------- */

/* The word whose nibble j is j: applying a cellwise map gives its table. */
#define IDENT UINT64_C(0xfedcba9876543210)

/* Nibble j of a 64-bit word. */
static unsigned nib(uint64_t x, unsigned j) { return (unsigned)(x >> (4 * j)) & 0xf; }

static void test_sbox_tables(void **state)
{
    (void)state;
    /* spec 1.4, rows of the printed table */
    static const unsigned sub[16] = {0xB, 6, 8, 0xF, 0xC, 0, 9, 0xE, 3, 7, 4, 5, 0xD, 2, 1, 0xA};
    static const unsigned inv[16] = {5, 0xE, 0xD, 8, 0xA, 0xB, 1, 9, 2, 6, 0xF, 0, 4, 0xC, 7, 3};
    static const unsigned sub1[16] = {0xA, 0xD, 0xE, 6, 0xF, 7, 3, 5, 9, 8, 0, 0xC, 0xB, 1, 2, 4};
    uint64_t s = qpac_PACSub(IDENT), si = qpac_PACInvSub(IDENT), s1 = qpac_PACSub1(IDENT);
    for (unsigned v = 0; v < 16; v++) {
        assert_int_equal(nib(s, v), sub[v]);
        assert_int_equal(nib(si, v), inv[v]);
        assert_int_equal(nib(s1, v), sub1[v]);
    }
    for (int i = 0; i < 1000; i++) {
        uint64_t x = rnd();
        assert_true(qpac_PACInvSub(qpac_PACSub(x)) == x);
        assert_true(qpac_PACSub(qpac_PACInvSub(x)) == x);
        assert_true(qpac_PACSub1(qpac_PACSub1(x)) == x); /* sigma1 is an involution */
    }
    assert_true(qpac_PACSub(qpac_PACSub(IDENT)) != IDENT); /* sigma2 is not */
}

static void test_cell_shuffles(void **state)
{
    (void)state;
    /* spec 1.5: SRC rows */
    static const unsigned sh[16] = {13, 6, 11, 0, 7, 12, 1, 10, 8, 3, 14, 5, 2, 9, 4, 15};
    static const unsigned ish[16] = {3, 6, 12, 9, 14, 11, 1, 4, 8, 13, 7, 2, 5, 0, 10, 15};
    uint64_t a = qpac_PACCellShuffle(IDENT), b = qpac_PACCellInvShuffle(IDENT);
    for (unsigned j = 0; j < 16; j++) {
        assert_int_equal(nib(a, j), sh[j]);
        assert_int_equal(nib(b, j), ish[j]);
    }
    /* spec 1.5 example: output bits 3:0 come from input bits 55:52 */
    assert_true(qpac_PACCellShuffle(UINT64_C(0x0050000000000000)) == 5);
    for (int i = 0; i < 1000; i++) {
        uint64_t x = rnd();
        assert_true(qpac_PACCellInvShuffle(qpac_PACCellShuffle(x)) == x);
    }
}

/* spec 1.6 written out: out[i+4k] = XOR over m != k of R_d(a_m). */
static unsigned rotcell(unsigned c, unsigned n) { return ((c << n) | (c >> (4 - n))) & 0xf; }

static void test_pacmult(void **state)
{
    (void)state;
    for (int i = 0; i < 1000; i++) {
        uint64_t x = rnd(), want = 0;
        for (unsigned col = 0; col < 4; col++)
            for (unsigned k = 0; k < 4; k++) {
                unsigned v = 0;
                for (unsigned m = 0; m < 4; m++) {
                    unsigned dist = k > m ? k - m : m - k;
                    if (dist)
                        v ^= rotcell(nib(x, col + 4 * m), dist == 2 ? 2 : 1);
                }
                want |= (uint64_t)v << (4 * (col + 4 * k));
            }
        assert_true(qpac_PACMult(x) == want);
        assert_true(qpac_PACMult(qpac_PACMult(x)) == x); /* involution */
    }
}

static void test_tweak_schedule(void **state)
{
    (void)state;
    /* spec 1.7 LFSRs on single cells */
    for (unsigned c = 0; c < 16; c++) {
        unsigned b0 = c & 1, b1 = (c >> 1) & 1, b3 = (c >> 3) & 1;
        assert_int_equal(qpac_TweakCellRot(c), ((b0 ^ b1) << 3) | (c >> 1));
        assert_int_equal(qpac_TweakCellInvRot(c), ((c << 1) & 0xe) | (b0 ^ b3));
        assert_int_equal(qpac_TweakCellInvRot(qpac_TweakCellRot(c)), c);
    }
    /* spec 1.7 TweakShuffle table: sources, LFSR on the marked outputs */
    static const unsigned src[16] = {4, 5, 6, 7, 11, 2, 3, 8, 12, 13, 14, 15, 0, 1, 10, 9};
    static const unsigned rot[16] = {0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1};
    static const unsigned isrc[16] = {12, 13, 5, 6, 0, 1, 2, 3, 7, 15, 14, 4, 8, 9, 10, 11};
    static const unsigned irot[16] = {1, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 1};
    for (int i = 0; i < 1000; i++) {
        uint64_t x = rnd(), f = qpac_TweakShuffle(x), g = qpac_TweakInvShuffle(x);
        for (unsigned j = 0; j < 16; j++) {
            unsigned c = nib(x, src[j]);
            assert_int_equal(nib(f, j), rot[j] ? qpac_TweakCellRot(c) : c);
            c = nib(x, isrc[j]);
            assert_int_equal(nib(g, j), irot[j] ? qpac_TweakCellInvRot(c) : c);
        }
        assert_true(qpac_TweakInvShuffle(qpac_TweakShuffle(x)) == x);
    }
}

/* spec 1.7, paper notation (cell i = nibble 15 - i, "new cell i = old cell
 * P[i]"): the same shuffles as the ARM nibble tables. */
static unsigned cell(uint64_t x, unsigned i) { return nib(x, 15 - i); }

static void test_paper_notation(void **state)
{
    (void)state;
    static const unsigned tau[16] = {0, 11, 6, 13, 10, 1, 12, 7, 5, 14, 3, 8, 15, 4, 9, 2};
    static const unsigned tau_inv[16] = {0, 5, 15, 10, 13, 8, 2, 7, 11, 14, 4, 1, 6, 3, 9, 12};
    static const unsigned h[16] = {6, 5, 14, 15, 0, 1, 2, 3, 7, 12, 13, 4, 8, 9, 10, 11};
    static const unsigned h_inv[16] = {4, 5, 6, 7, 11, 1, 0, 8, 12, 13, 14, 15, 9, 10, 2, 3};
    static const unsigned omega_cells[7] = {0, 1, 3, 4, 8, 11, 13};
    for (int n = 0; n < 200; n++) {
        uint64_t x = n ? rnd() : IDENT;
        uint64_t a = qpac_PACCellShuffle(x), b = qpac_PACCellInvShuffle(x);
        uint64_t f = qpac_TweakShuffle(x), g = qpac_TweakInvShuffle(x);
        for (unsigned i = 0; i < 16; i++) {
            assert_int_equal(cell(a, i), cell(x, tau[i]));
            assert_int_equal(cell(b, i), cell(x, tau_inv[i]));
            int lfsr = 0;
            for (int k = 0; k < 7; k++)
                lfsr |= omega_cells[k] == i;
            /* forward: h, then omega on the listed cells */
            unsigned c = cell(x, h[i]);
            assert_int_equal(cell(f, i), lfsr ? qpac_TweakCellRot(c) : c);
            /* inverse: omega^-1 on the same cells, then h^-1 */
            unsigned src = h_inv[i];
            int lfsr_src = 0;
            for (int k = 0; k < 7; k++)
                lfsr_src |= omega_cells[k] == src;
            c = cell(x, src);
            assert_int_equal(cell(g, i), lfsr_src ? qpac_TweakCellInvRot(c) : c);
        }
    }
}

/* ---- qpac_qarma64 arguments and trace ------------------------------------ */

struct trace_log {
    unsigned n, fwd, bwd, centre, refl;
    uint64_t last_w;
    char order[64];
};

static void trace_cb(void *arg, const char *stage, int round, uint64_t w, uint64_t t)
{
    struct trace_log *log = arg;
    (void)t;
    (void)round;
    if (log->n < sizeof log->order - 1)
        log->order[log->n] = stage[0];
    log->n++;
    log->last_w = w;
    if (!strcmp(stage, "fwd")) log->fwd++;
    else if (!strcmp(stage, "bwd")) log->bwd++;
    else if (!strcmp(stage, "centre")) log->centre++;
    else if (!strcmp(stage, "refl")) log->refl++;
}

static void test_qarma64_trace_and_args(void **state)
{
    (void)state;
    struct trace_log log;
    memset(&log, 0, sizeof log);
    uint64_t c = 0;
    assert_int_equal(qpac_qarma64(1, 2, 3, 4, 5, 2, trace_cb, &log, &c), QPAC_OK);
    assert_int_equal(log.fwd, 5);
    assert_int_equal(log.bwd, 5);
    assert_int_equal(log.centre, 2);
    assert_int_equal(log.refl, 1);
    assert_string_equal(log.order, "fffffcrcbbbbbo");
    assert_true(log.last_w == c);
    assert_true(c == qpac_ComputePAC_impl(QPAC_IMPL_REF, 1, 2, 3, 4, QPAC_ALG_QARMA5));

    assert_int_equal(qpac_qarma64(1, 2, 3, 4, 5, 3, NULL, NULL, &c), QPAC_EINVAL);
    assert_int_equal(qpac_qarma64(1, 2, 3, 4, 0, 2, NULL, NULL, &c), QPAC_EINVAL);
    assert_int_equal(qpac_qarma64(1, 2, 3, 4, 9, 2, NULL, NULL, &c), QPAC_EINVAL);
    assert_int_equal(qpac_qarma64(1, 2, 3, 4, 5, 2, NULL, NULL, NULL), QPAC_EINVAL);
}

/* ---- make ctgrind: constant time under valgrind memcheck ------------------
 * `test_cipher --ctgrind IMPL` marks key, data and modifier as undefined
 * (secret) and runs the implementation's one-call entry and both batch
 * entries (a full block and a padded tail), then the dispatched ComputePAC,
 * batches, AddPAC and PACGA, on them: memcheck reports any branch or memory
 * index that depends on them, and valgrind's --error-exitcode makes that a
 * failure. IMPL "ref" is the positive control: its table lookups must be
 * reported. `test_cipher --list-impls` prints the table's names (the
 * ctgrind target's list). */
static int ctgrind(const char *impl_name)
{
#ifdef QPAC_HAVE_VALGRIND
    qpac_impl impl = QPAC_IMPL_COUNT;
    for (int i = 0; i < QPAC_IMPL_COUNT; i++)
        if (!strcmp(impl_name, qpac_impl_name((qpac_impl)i)))
            impl = (qpac_impl)i;
    if (impl == QPAC_IMPL_COUNT || !qpac_impl_available(impl)) {
        fprintf(stderr, "test_cipher --ctgrind: no implementation '%s' here\n", impl_name);
        return 2;
    }
    enum { NB = 300 }; /* a 256 block and a padded tail of 44 */
    static uint64_t d[NB], m[NB], k0[NB], k1[NB], out[NB];
    uint64_t acc = 0;
    for (int alg = 0; alg < 2; alg++)
        for (int i = 0; i < 2; i++) {
            uint64_t secret[4] = {rnd(), rnd(), rnd(), rnd()}; /* data, modifier, key0, key1 */
            for (int j = 0; j < NB; j++) {
                d[j] = rnd();
                m[j] = rnd();
                k0[j] = rnd();
                k1[j] = rnd();
            }
            VALGRIND_MAKE_MEM_UNDEFINED(secret, sizeof secret);
            VALGRIND_MAKE_MEM_UNDEFINED(d, sizeof d);
            VALGRIND_MAKE_MEM_UNDEFINED(m, sizeof m);
            VALGRIND_MAKE_MEM_UNDEFINED(k0, sizeof k0);
            VALGRIND_MAKE_MEM_UNDEFINED(k1, sizeof k1);
            uint64_t pac = qpac_ComputePAC_impl(impl, secret[0], secret[1], secret[2], secret[3],
                                                (qpac_alg)alg);
            if (impl != QPAC_IMPL_REF) {
                size_t n = qpac_impl_lanes(impl) > 1 ? NB : 3;
                qpac_ComputePAC_batch_using(impl, d, m, n, secret[2], secret[3], (qpac_alg)alg,
                                            out);
                for (size_t j = 0; j < n; j++)
                    pac ^= out[j];
                qpac_ComputePAC_batch_keys_using(impl, d, m, n, k0, k1, (qpac_alg)alg, out);
                for (size_t j = 0; j < n; j++)
                    pac ^= out[j];
                /* the dispatched paths and the pointer rules */
                qpac_config cfg;
                qpac_config_init(&cfg);
                cfg.alg = (qpac_alg)alg;
                cfg.tbi0 = cfg.tbi1 = (unsigned)i & 1;
                qpac_key key = {secret[2], secret[3]};
                pac ^= qpac_ComputePAC(secret[0], secret[1], secret[2], secret[3], (qpac_alg)alg);
                pac ^= qpac_AddPAC(&cfg, UINT64_C(0x0000ffff12345670), secret[1], &key, i);
                pac ^= qpac_AddPACGA(&cfg, secret[0], secret[1], &key);
                qpac_ComputePAC_batch(d, m, 5, secret[2], secret[3], (qpac_alg)alg, out);
                qpac_ComputePAC_batch_keys(d, m, 5, k0, k1, (qpac_alg)alg, out + 5);
                for (size_t j = 0; j < 10; j++)
                    pac ^= out[j];
            }
            VALGRIND_MAKE_MEM_DEFINED(&pac, sizeof pac); /* outputs are public */
            acc ^= pac;
        }
    printf("ctgrind %s: ran (result %016" PRIx64 ")\n", impl_name, acc);
    return 0;
#else
    fprintf(stderr, "test_cipher --ctgrind %s: built without valgrind/memcheck.h\n", impl_name);
    return 2;
#endif
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--ctgrind"))
        return ctgrind(argv[2]);
    if (argc == 3 && !strcmp(argv[1], "--available")) { /* exit 0 if IMPL runs here */
        for (int i = 0; i < QPAC_IMPL_COUNT; i++)
            if (!strcmp(argv[2], qpac_impl_name((qpac_impl)i)))
                return !qpac_impl_available((qpac_impl)i);
        return 2;
    }
    if (argc == 2 && !strcmp(argv[1], "--list-impls")) {
        for (int i = 0; i < QPAC_IMPL_COUNT; i++)
            printf("%s\n", qpac_impl_name((qpac_impl)i));
        return 0;
    }

    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_paper_vectors),
        cmocka_unit_test(test_computepac_vectors),
        cmocka_unit_test(test_impls_match_ref),
        cmocka_unit_test(test_batch_matches_ref),
        cmocka_unit_test(test_impl_names),
        cmocka_unit_test(test_sbox_tables),
        cmocka_unit_test(test_cell_shuffles),
        cmocka_unit_test(test_pacmult),
        cmocka_unit_test(test_tweak_schedule),
        cmocka_unit_test(test_paper_notation),
        cmocka_unit_test(test_qarma64_trace_and_args),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

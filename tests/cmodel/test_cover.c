/*
 * test_cover.c - the coverage model (qpac_cover.h): the AUT outcome
 * predicate against spec 4 (pass and fail results written out by hand from
 * the spec's rules and examples: error codes, TBI and TBID, bit 55 and the
 * range it selects, PAuth2 XOR, the FPAC fault), against the model on
 * signed and tampered pointers, and the rows, bins and counters.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "qpac_cover.h"

static qpac_config cfg_of(qpac_feat feat, unsigned tbi, unsigned tbid)
{
    qpac_config c;
    qpac_config_init(&c); /* two ranges, T0SZ = T1SZ = 16: b = 48 */
    c.feat = feat;
    c.tbi0 = c.tbi1 = tbi;
    c.tbid0 = c.tbid1 = tbid;
    return c;
}

/* Outcome of op/key on x given the result (value, fault). */
static int outcome(const qpac_config *c, qpac_op op, qpac_keyid key, uint64_t x, uint64_t value,
                   int fault)
{
    qpac_result r = {value, fault};
    return qpac_aut_outcome(c, op, key, x, &r);
}
#define PASS QPAC_AUT_PASS
#define FAIL QPAC_AUT_FAIL

/* spec 4 steps 5 and 6 without PAuth2: orig, or orig with the error code. */
static void test_aut_error_code(void **state)
{
    (void)state;
    qpac_config c = cfg_of(QPAC_FEAT_PAUTH, 1, 0);
    uint64_t x = 0x003a123456789abcull; /* PAC 0x3a in <54:48>, tag 0 */
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IA, x, 0x0000123456789abcull, 0), PASS);
    /* the spec's examples: lower half, key A 0x0020..., key B 0x0040... */
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IA, x, 0x0020123456789abcull, 0), FAIL);
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IB, x, 0x0040123456789abcull, 0), FAIL);
    /* a result that differs outside the PAC field is not orig either */
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IA, x, 0x0000123456789abdull, 0), FAIL);
    /* EPAC: the same rule */
    c.feat = QPAC_FEAT_EPAC;
    assert_int_equal(outcome(&c, QPAC_OP_AUTC, QPAC_KEY_DB, x, 0x0000123456789abcull, 0), PASS);
    assert_int_equal(outcome(&c, QPAC_OP_AUTC, QPAC_KEY_DB, x, 0x0040123456789abcull, 0), FAIL);
    /* without TBI the top byte is PAC field: key A code in <62:61> */
    c = cfg_of(QPAC_FEAT_PAUTH, 0, 0);
    x = 0x5a3a123456789abcull;
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IA, x, 0x0000123456789abcull, 0), PASS);
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IA, x, 0x2000123456789abcull, 0), FAIL);
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IA, x, 0x5a00123456789abcull, 0), FAIL);
}

/* TBI keeps the tag (spec 4 step 2); TBID turns it off for instruction keys
 * only (2.2). */
static void test_aut_tbi_tbid(void **state)
{
    (void)state;
    uint64_t x = 0x5a3a123456789abcull, tagged = 0x5a00123456789abcull,
             untagged = 0x0000123456789abcull;
    qpac_config c = cfg_of(QPAC_FEAT_PAUTH, 1, 0);
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_DA, x, tagged, 0), PASS);
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_DA, x, untagged, 0), FAIL);
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IA, x, tagged, 0), PASS);
    c = cfg_of(QPAC_FEAT_PAUTH, 1, 1);
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_DA, x, tagged, 0), PASS);
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IA, x, tagged, 0), FAIL);
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IA, x, untagged, 0), PASS);
    assert_int_equal(outcome(&c, QPAC_OP_AUTC, QPAC_KEY_IB, x, untagged, 0), PASS);
}

/* Bit 55 selects the extension value and, with two ranges, the range. */
static void test_aut_bit55(void **state)
{
    (void)state;
    qpac_config c = cfg_of(QPAC_FEAT_PAUTH, 1, 0);
    uint64_t x = 0xff9c800000001000ull; /* upper half, PAC bits in <54:48> */
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IA, x, 0xffff800000001000ull, 0), PASS);
    /* the spec's example: upper-half failure with key A 0xffbf8... */
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IA, x, 0xffbf800000001000ull, 0), FAIL);
    /* canonical in itself, but bit 55 is not the input's: not orig */
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IA, x, 0xff00800000001000ull, 0), FAIL);
    /* two ranges: bit 55 = 1 takes T1SZ (25: b = 39) */
    c.t1sz = 25;
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_DA, 0x12c0000012345678ull,
                             0x12ffff8012345678ull, 0), PASS);
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_DA, 0x12c0000012345678ull,
                             0x12ff000012345678ull, 0), FAIL);
    /* single range: bit 55 = 1 still takes T0SZ (16: b = 48) and TBI0 */
    c.ranges = 1;
    c.tbi1 = 0;
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_DA, 0x12c0000012345678ull,
                             0x12ff000012345678ull, 0), PASS);
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_DA, 0x12c0000012345678ull,
                             0x12ffff8012345678ull, 0), FAIL);
}

/* PAuth2: the PAC XORed out, pass iff the field is back to extension bits;
 * FPAC: the fault is a failure whatever the value; FPAC spares combined
 * instructions, which then fail by the value (spec 4 steps 5, 6). */
static void test_aut_pauth2_fpac(void **state)
{
    (void)state;
    uint64_t x = 0x003a123456789abcull, orig = 0x0000123456789abcull;
    qpac_config c = cfg_of(QPAC_FEAT_PAUTH2, 1, 0);
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IA, x, orig, 0), PASS);
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IA, x, 0x0011123456789abcull, 0), FAIL);
    c.feat = QPAC_FEAT_FPAC;
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IA, x, 0x0011123456789abcull, 1), FAIL);
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_IA, x, orig, 1), FAIL);
    assert_int_equal(outcome(&c, QPAC_OP_AUTC, QPAC_KEY_IA, x, 0x0011123456789abcull, 0), FAIL);
    assert_int_equal(outcome(&c, QPAC_OP_AUTC, QPAC_KEY_IA, x, orig, 0), PASS);
    c.feat = QPAC_FEAT_FPACCOMBINE;
    assert_int_equal(outcome(&c, QPAC_OP_AUTC, QPAC_KEY_DA, x, orig, 1), FAIL);
    /* not an AUT: no outcome */
    assert_int_equal(outcome(&c, QPAC_OP_PAC, QPAC_KEY_IA, x, orig, 0), QPAC_AUT_NA);
    assert_int_equal(outcome(&c, QPAC_OP_XPAC, QPAC_KEY_IA, x, orig, 0), QPAC_AUT_NA);
    assert_int_equal(outcome(&c, QPAC_OP_PACGA, QPAC_KEY_GA, x, orig, 0), QPAC_AUT_NA);
    assert_int_equal(outcome(&c, QPAC_OP_AUT, QPAC_KEY_GA, x, orig, 0), QPAC_AUT_NA);
}

/* The model: AUT of a PAC result passes; with one PAC-field bit flipped it
 * fails, at every level, algorithm, TBI/TBID, range and TxSZ 16..48. */
#define TEST_RNG_SEED UINT64_C(0x636f766572)
#include "test_rng.h"

static void test_aut_model(void **state)
{
    (void)state;
    qpac_state st;
    qpac_state_init(&st);
    unsigned n = 0;
    for (int i = 0; i < 4000; i++) {
        qpac_config *c = &st.cfg;
        qpac_config_init(c);
        uint64_t r = rnd();
        c->feat = (qpac_feat)(1 + r % 5);
        c->alg = (r >> 3) & 1 ? QPAC_ALG_QARMA3 : QPAC_ALG_QARMA5;
        c->ranges = (r >> 4) & 1 ? 2 : 1;
        c->tbi0 = (r >> 5) & 1, c->tbi1 = (r >> 6) & 1;
        c->tbid0 = (r >> 7) & 1, c->tbid1 = (r >> 8) & 1;
        c->t0sz = 16 + (unsigned)((r >> 16) % 33), c->t1sz = 16 + (unsigned)((r >> 24) % 33);
        qpac_keyid k = (qpac_keyid)((r >> 32) & 3);
        st.key[k].hi = rnd(), st.key[k].lo = rnd();
        int data = k >= 2, b55 = (r >> 40) & 1, upper = c->ranges == 2 && b55;
        unsigned b = 64 - (upper ? c->t1sz : c->t0sz); /* spec 2.3 */
        int tbi = (upper ? c->tbi1 : c->tbi0) && !(!data && (upper ? c->tbid1 : c->tbid0));
        uint64_t ext = b55 ? ~0ull : 0, low = (1ull << b) - 1;
        uint64_t x = (rnd() & low) | (ext & ~low);
        if (tbi)
            x = (x & 0x00ffffffffffffffull) | (rnd() << 56);
        qpac_op op = (r >> 41) & 1 ? QPAC_OP_AUTC : QPAC_OP_AUT;
        uint64_t y = op == QPAC_OP_AUTC && data ? 0 : rnd();
        qpac_result s, a;
        assert_int_equal(qpac_exec(&st, QPAC_OP_PAC, k, x, y, &s), QPAC_OK);
        assert_int_equal(qpac_exec(&st, op, k, s.value, y, &a), QPAC_OK);
        assert_int_equal(qpac_aut_outcome(c, op, k, s.value, &a), PASS);
        /* one bit of the PAC field (spec 2.4) */
        unsigned nf = 55 - b + (tbi ? 0 : 8), j = (unsigned)(rnd() % nf);
        unsigned bit = j < 55 - b ? b + j : 56 + (j - (55 - b));
        uint64_t t = s.value ^ (1ull << bit);
        assert_int_equal(qpac_exec(&st, op, k, t, y, &a), QPAC_OK);
        if (qpac_aut_outcome(c, op, k, t, &a) != FAIL)
            fail_msg("flipped bit %u of %016llx passed (level %d)", bit, (unsigned long long)t,
                     (int)c->feat);
        n++;
    }
    assert_int_equal(n, 4000);
}

/* Rows (cosim table), classes and bins (qpac export). */
static void test_rows_bins(void **state)
{
    (void)state;
    assert_int_equal(QPAC_COVER_BINS, 14720);
    assert_string_equal(qpac_cover_row_name(qpac_cover_row(QPAC_OP_AUT, QPAC_KEY_IA, FAIL)),
                        "autia fail");
    assert_string_equal(qpac_cover_row_name(qpac_cover_row(QPAC_OP_AUTC, QPAC_KEY_DB, PASS)),
                        "ldrab pass");
    assert_string_equal(qpac_cover_row_name(qpac_cover_row(QPAC_OP_XPAC, QPAC_KEY_IB, 0)),
                        "xpaci (ib)");
    assert_int_equal(qpac_cover_row(QPAC_OP_PACGA, QPAC_KEY_GA, 0), QPAC_COVER_ROWS - 1);
    assert_int_equal(qpac_cover_row(QPAC_OP_PAC, QPAC_KEY_GA, 0), -1);
    assert_int_equal(qpac_cover_row(QPAC_OP_PACGA, QPAC_KEY_IA, 0), -1);
    assert_int_equal(qpac_cover_class(QPAC_OP_XPAC, QPAC_KEY_IB, 0),
                     qpac_cover_class(QPAC_OP_XPAC, QPAC_KEY_IA, 0));

    qpac_config c = cfg_of(QPAC_FEAT_FPAC, 0, 0);
    c.alg = QPAC_ALG_QARMA3;
    c.tbi1 = 1;
    c.t1sz = 60; /* above TSZMAX */
    char d[200];
    int bin = qpac_cover_bin(&c, QPAC_OP_AUT, QPAC_KEY_DA, 0x0080000000000000ull, FAIL);
    qpac_cover_bin_describe(bin, d, sizeof d);
    assert_string_equal(d, "autda fail, qarma3, fpac, two-range upper, tbi=1 tbid=0, TxSZ>max");
    bin = qpac_cover_bin(&c, QPAC_OP_PAC, QPAC_KEY_IA, 0, 0);
    qpac_cover_bin_describe(bin, d, sizeof d);
    assert_string_equal(d, "pacia, qarma3, fpac, two-range lower, tbi=0 tbid=0, TxSZ=min");
    c.t0sz = 30; /* between the limits: no bin */
    assert_int_equal(qpac_cover_bin(&c, QPAC_OP_PAC, QPAC_KEY_IA, 0, 0), -1);

    /* counting: the row by the predicate, the bin, illegal combinations */
    static qpac_cover cv, sum;
    qpac_cover_init(&cv);
    qpac_cover_init(&sum);
    c = cfg_of(QPAC_FEAT_PAUTH, 1, 0);
    qpac_result ok = {0x0000123456789abcull, 0}, bad = {0x0020123456789abcull, 0};
    assert_int_equal(qpac_cover_add(&cv, &c, QPAC_OP_AUT, QPAC_KEY_IA, 0x003a123456789abcull, &ok),
                     PASS);
    assert_int_equal(qpac_cover_add(&cv, &c, QPAC_OP_AUT, QPAC_KEY_IA, 0x003a123456789abcull, &bad),
                     FAIL);
    qpac_cover_add(&cv, &c, QPAC_OP_PAC, QPAC_KEY_GA, 0, &ok);
    assert_int_equal(cv.rows[4][0][0][0], 1);
    assert_int_equal(cv.rows[5][0][0][0], 1);
    assert_int_equal(cv.illegal, 1);
    assert_int_equal(qpac_cover_bins_hit(&cv), 2);
    qpac_cover_merge(&sum, &cv);
    qpac_cover_merge(&sum, &cv);
    assert_int_equal(sum.rows[5][0][0][0], 2);
    assert_int_equal(sum.illegal, 2);
    assert_int_equal(qpac_cover_bins_hit(&sum), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_aut_error_code), cmocka_unit_test(test_aut_tbi_tbid),
        cmocka_unit_test(test_aut_bit55),      cmocka_unit_test(test_aut_pauth2_fpac),
        cmocka_unit_test(test_aut_model),      cmocka_unit_test(test_rows_bins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

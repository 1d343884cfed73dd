/*
 * test_props.c - properties of the pointer rules over random keys and random
 * configurations (every TxSZ 0..63 and clamp limit, TBI/TBID, one or two
 * ranges, both algorithms, every feature level, both compat modes):
 *   - AUT (and the combined forms) of a PAC gives the pointer back, no fault;
 *   - a flipped PAC bit, a wrong modifier or a wrong key fails: levels 1-2
 *     with the spec's error code in the spec's bits, levels >= 3 with the PAC
 *     XORed out and a fault exactly where FPAC/FPACCOMBINE say;
 *   - XPAC restores the extension bits;
 *   - PACGA's low 32 bits are zero;
 *   - a non-canonical pointer never comes back from AUT canonical.
 * A wrong modifier or key passes by chance when the two PACs agree on the
 * field (probability 2^-bits); those cases are recognised with the reference
 * cipher and skipped, so every assertion is exact.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "qpac.h"

#define ROUNDS 3000

#define TEST_RNG_SEED UINT64_C(0x70a0b5e7)
#include "test_rng.h"

static uint64_t mask(unsigned h, unsigned l)
{
    if (h < l)
        return 0;
    uint64_t m = (h == 63) ? ~UINT64_C(0) : ((UINT64_C(1) << (h + 1)) - 1);
    return m & ~((UINT64_C(1) << l) - 1);
}

#define BIT(n) (UINT64_C(1) << (n))

static void rnd_config(qpac_config *c)
{
    qpac_config_init(c);
    c->t0sz = (unsigned)(rnd() % 64);
    c->t1sz = (unsigned)(rnd() % 64);
    c->tbi0 = rnd() & 1;
    c->tbi1 = rnd() & 1;
    c->tbid0 = rnd() & 1;
    c->tbid1 = rnd() & 1;
    c->ranges = 1 + (rnd() & 1);
    c->tszmin = 12 + (unsigned)(rnd() % 5);
    c->tszmax = 39 + (unsigned)(rnd() % 10);
    c->alg = (qpac_alg)(rnd() & 1);
    c->feat = (qpac_feat)(1 + rnd() % 5);
    c->compat = (qpac_compat)(rnd() & 1);
    assert_int_equal(qpac_config_check(c), QPAC_OK);
}

/* A canonical pointer for the key kind: bits 54:b (and 63:56 without TBI)
 * copy bit 55; with TBI the top byte is a random tag. */
typedef struct {
    uint64_t ptr;
    int tbi;
    unsigned b;
    uint64_t C; /* PAC field, spec 4 step 4 */
} pointer;

static pointer rnd_canonical(const qpac_config *c, int data)
{
    pointer p;
    uint64_t x = rnd();
    int upper = (int)((x >> 55) & 1);
    p.tbi = qpac_EffectiveTBI(c, x, !data);
    p.b = qpac_CalculateBottomPACBit(c, upper);
    uint64_t ext = p.tbi ? mask(55, p.b) : mask(63, p.b);
    p.ptr = (x & ~ext) | (upper ? ext : 0);
    p.C = mask(54, p.b) | (p.tbi ? 0 : mask(63, 56));
    return p;
}

static int is_canonical(uint64_t r, uint64_t C)
{
    uint64_t e = (r >> 55) & 1 ? ~UINT64_C(0) : 0;
    return (r & C) == (e & C);
}

/* A random bit of the field C. */
static unsigned rnd_field_bit(uint64_t C)
{
    for (;;) {
        unsigned n = (unsigned)(rnd() % 64);
        if (C & BIT(n))
            return n;
    }
}

static qpac_result exec_ok(const qpac_state *st, qpac_op op, qpac_keyid key, uint64_t x,
                           uint64_t y)
{
    qpac_result r;
    assert_int_equal(qpac_exec(st, op, key, x, y, &r), QPAC_OK);
    return r;
}

static int fault_expected(qpac_feat f, int combined)
{
    return f == QPAC_FEAT_FPACCOMBINE || (f == QPAC_FEAT_FPAC && !combined);
}

/* Levels 1-2, spec 4 step 6: the original pointer with the error code
 * key_number:NOT(key_number) in bits 54:53 (TBI) or 62:61. */
static uint64_t error_code_value(const pointer *p, int key_number)
{
    unsigned pos = p->tbi ? 53 : 61;
    return (p->ptr & ~mask(pos + 1, pos)) | ((uint64_t)(key_number ? 2 : 1) << pos);
}

static void test_roundtrip_and_tamper(void **state)
{
    (void)state;
    qpac_state st;
    unsigned checked_fail = 0, skipped = 0;
    for (int round = 0; round < ROUNDS; round++) {
        qpac_state_init(&st);
        rnd_config(&st.cfg);
        for (int k = 0; k < QPAC_NKEYS; k++) {
            st.key[k].hi = rnd();
            st.key[k].lo = rnd();
        }
        qpac_keyid key = (qpac_keyid)(rnd() % 4);
        int data = key >= QPAC_KEY_DA, kn = key & 1;
        int combined = (int)(rnd() & 1);
        qpac_op aut = combined ? QPAC_OP_AUTC : QPAC_OP_AUT;
        pointer p = rnd_canonical(&st.cfg, data);
        uint64_t mod = (combined && data) ? 0 : rnd();

        qpac_result s = exec_ok(&st, QPAC_OP_PAC, key, p.ptr, mod);
        /* only the PAC field changes when signing a canonical pointer */
        assert_true(((s.value ^ p.ptr) & ~p.C) == 0);
        qpac_result a = exec_ok(&st, aut, key, s.value, mod);
        assert_true(a.value == p.ptr);
        assert_int_equal(a.fault, 0);
        /* XPAC restores the extension bits */
        assert_true(exec_ok(&st, QPAC_OP_XPAC, key, s.value, 0).value == p.ptr);

        /* the PAC the AUT recomputes, from the reference cipher */
        const qpac_key *K = &st.key[key];
        uint64_t pac = qpac_ComputePAC_impl(QPAC_IMPL_REF, p.ptr, mod, K->hi, K->lo, st.cfg.alg);

        for (int kind = 0; kind < 3; kind++) {
            uint64_t in = s.value, diff, mod2 = mod;
            qpac_state st2 = st;
            if (kind == 0) { /* one PAC bit flipped */
                diff = BIT(rnd_field_bit(p.C));
                in ^= diff;
            } else if (kind == 1) { /* wrong modifier (not for LDRA*: modifier 0) */
                if (combined && data)
                    continue;
                mod2 = mod ^ (BIT(rnd() % 64));
                diff = (pac ^ qpac_ComputePAC_impl(QPAC_IMPL_REF, p.ptr, mod2, K->hi, K->lo,
                                                   st.cfg.alg)) & p.C;
            } else { /* wrong key */
                st2.key[key].lo ^= BIT(rnd() % 64);
                diff = (pac ^ qpac_ComputePAC_impl(QPAC_IMPL_REF, p.ptr, mod, K->hi,
                                                   st2.key[key].lo, st.cfg.alg)) & p.C;
            }
            if (!diff) { /* the two PACs collide on the field: passes by chance */
                skipped++;
                continue;
            }
            qpac_result r = exec_ok(&st2, aut, key, in, mod2);
            uint64_t want;
            if (st.cfg.feat >= QPAC_FEAT_PAUTH2)
                want = p.ptr ^ diff; /* the PAC XORed out leaves the difference */
            else
                want = error_code_value(&p, kn);
            if (r.value != want)
                fail_msg("round %d kind %d %s feat %s: AUT(%016" PRIx64 ") = %016" PRIx64
                         ", want %016" PRIx64,
                         round, kind, qpac_mnemonic(aut, key), qpac_feat_name(st.cfg.feat), in,
                         r.value, want);
            assert_false(is_canonical(r.value, p.C));
            assert_int_equal(r.fault, fault_expected(st.cfg.feat, combined));
            checked_fail++;
        }
    }
    /* the skips are rare (2^-bits each) */
    assert_true(checked_fail > 2 * ROUNDS);
    assert_true(skipped < ROUNDS / 20);
}

static void test_noncanonical_stays(void **state)
{
    (void)state;
    qpac_state st;
    unsigned checked = 0;
    for (int round = 0; round < ROUNDS; round++) {
        qpac_state_init(&st);
        rnd_config(&st.cfg);
        qpac_keyid key = (qpac_keyid)(rnd() % 4);
        st.key[key].hi = rnd();
        st.key[key].lo = rnd();
        int data = key >= QPAC_KEY_DA;
        pointer p = rnd_canonical(&st.cfg, data);
        uint64_t bad = p.ptr ^ BIT(rnd_field_bit(p.C));
        uint64_t mod = rnd();
        qpac_result s = exec_ok(&st, QPAC_OP_PAC, key, bad, mod);
        if (st.cfg.feat == QPAC_FEAT_EPAC) {
            /* EPAC inserts PAC = 0; it authenticates by chance only when the
             * real PAC is zero on the field too (2^-bits) */
            uint64_t orig = exec_ok(&st, QPAC_OP_XPAC, key, s.value, 0).value;
            uint64_t pac = qpac_ComputePAC_impl(QPAC_IMPL_REF, orig, mod, st.key[key].hi,
                                                st.key[key].lo, st.cfg.alg);
            if ((pac & p.C) == 0)
                continue;
        }
        qpac_result r = exec_ok(&st, QPAC_OP_AUT, key, s.value, mod);
        if (is_canonical(r.value, p.C))
            fail_msg("round %d %s feat %s: non-canonical %016" PRIx64 " signed %016" PRIx64
                     " came back canonical %016" PRIx64,
                     round, qpac_mnemonic(QPAC_OP_AUT, key), qpac_feat_name(st.cfg.feat), bad,
                     s.value, r.value);
        checked++;
    }
    assert_true(checked > ROUNDS * 9 / 10);
}

static void test_pacga_low_zero(void **state)
{
    (void)state;
    qpac_state st;
    for (int round = 0; round < ROUNDS; round++) {
        qpac_state_init(&st);
        rnd_config(&st.cfg);
        st.key[QPAC_KEY_GA].hi = rnd();
        st.key[QPAC_KEY_GA].lo = rnd();
        uint64_t x = rnd(), y = rnd();
        qpac_result r = exec_ok(&st, QPAC_OP_PACGA, QPAC_KEY_GA, x, y);
        assert_true((r.value & mask(31, 0)) == 0);
        assert_true(r.value == (qpac_ComputePAC(x, y, st.key[QPAC_KEY_GA].hi,
                                                st.key[QPAC_KEY_GA].lo, st.cfg.alg) &
                                mask(63, 32)));
        assert_int_equal(r.fault, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roundtrip_and_tamper),
        cmocka_unit_test(test_noncanonical_stays),
        cmocka_unit_test(test_pacga_low_zero),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_config.c - the configuration-field table (cmodel/src/config.c) and
 * what it drives: defaults, checks, CFG/TSZLIM packing both ways against the
 * register map's own numbers (regmap/qpac.regs: reset values, field
 * positions), the RTL's storage rules (FEAT outside 1..5 reads as 1, TxSZ
 * limits clamped), the .pvs cfg line, and the library version.
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

#include "qpac_vectors.h"

static void test_table(void **state)
{
    (void)state;
    static const char *const names[QPAC_NFIELDS] = {"t0sz", "t1sz", "tbi0", "tbi1", "tbid0",
                                                    "tbid1", "ranges", "alg", "feat", "tszmin",
                                                    "tszmax", "compat"}; /* cmodel/README.md */
    for (int f = 0; f < QPAC_NFIELDS; f++) {
        const qpac_field_info *d = qpac_field_get((qpac_field)f);
        assert_non_null(d);
        assert_string_equal(d->name, names[f]);
        assert_int_equal(qpac_field_find(names[f], strlen(names[f])), f);
        assert_true(d->lo <= d->dflt && d->dflt <= d->hi);
    }
    assert_null(qpac_field_get(QPAC_NFIELDS));
    assert_int_equal(qpac_field_find("tbi", 3), -1);
    assert_int_equal(qpac_field_find("t0sz=", 5), -1);
    assert_string_equal(qpac_alg_name(QPAC_ALG_QARMA3), "qarma3");
    assert_string_equal(qpac_feat_name(QPAC_FEAT_FPACCOMBINE), "fpaccombine");
    assert_null(qpac_feat_name((qpac_feat)0));
    assert_null(qpac_feat_name((qpac_feat)6));
}

/* qpac_config_init is the reset state: CFG/TSZLIM reset values of the
 * register map, and back. */
static void test_reset(void **state)
{
    (void)state;
    qpac_config a, b;
    qpac_config_init(&a);
    assert_int_equal(qpac_config_check(&a), 0);
    assert_int_equal(qpac_config_to_cfg_reg(&a), QPAC_REG_CFG_RESET);
    assert_int_equal(qpac_config_to_tszlim_reg(&a), QPAC_REG_TSZLIM_RESET);
    memset(&b, 0xa5, sizeof b);
    qpac_config_from_regs(&b, QPAC_REG_CFG_RESET, QPAC_REG_TSZLIM_RESET);
    assert_memory_equal(&a, &b, sizeof a);
}

/* Words written by hand from the field positions of regmap/qpac.regs. */
static void test_from_regs(void **state)
{
    (void)state;
    qpac_config c;
    /* T0SZ 25 <5:0>, T1SZ 39 <13:8>, TBI1 <17>, TBID0 <18>, SINGLE <20>,
     * ALG <24> = QARMA3, FEAT <30:28> = 4 (FPAC) */
    qpac_config_from_regs(&c, 25u | 39u << 8 | 1u << 17 | 1u << 18 | 1u << 20 | 1u << 24 | 4u << 28,
                          13u | 40u << 8);
    assert_int_equal(c.t0sz, 25);
    assert_int_equal(c.t1sz, 39);
    assert_int_equal(c.tbi0, 0);
    assert_int_equal(c.tbi1, 1);
    assert_int_equal(c.tbid0, 1);
    assert_int_equal(c.tbid1, 0);
    assert_int_equal(c.ranges, 1);
    assert_int_equal(c.alg, QPAC_ALG_QARMA3);
    assert_int_equal(c.feat, QPAC_FEAT_FPAC);
    assert_int_equal(c.tszmin, 13);
    assert_int_equal(c.tszmax, 40);
    assert_int_equal(c.compat, QPAC_COMPAT_ARCH);
    assert_int_equal(qpac_config_to_cfg_reg(&c), 0x41162719u);
    assert_int_equal(qpac_config_to_tszlim_reg(&c), 0x280du);
    /* storage rules: FEAT 0, 6, 7 read as 1; limits clamp both ways */
    for (uint32_t f = 0; f < 8; f++) {
        qpac_config_from_regs(&c, f << 28, 0);
        assert_int_equal(c.feat, f >= 1 && f <= 5 ? f : 1);
    }
    qpac_config_from_regs(&c, 0x3f3fu | 0x70000000u, 0x3f00u);
    assert_int_equal(c.t0sz, 63);
    assert_int_equal(c.t1sz, 63);
    assert_int_equal(c.ranges, 2);
    assert_int_equal(c.tszmin, 12);
    assert_int_equal(c.tszmax, 48);
    qpac_config_from_regs(&c, 0, 0x0000ff3fu);
    assert_int_equal(c.tszmin, 16);
    assert_int_equal(c.tszmax, 48);
    qpac_config_from_regs(&c, 0, 0x00000100u);
    assert_int_equal(c.tszmin, 12);
    assert_int_equal(c.tszmax, 39);
}

/* Every field takes every legal value: set, check, pack, unpack, .pvs line
 * and back. compat has no register field. */
static void test_roundtrip(void **state)
{
    (void)state;
    for (int f = 0; f < QPAC_NFIELDS; f++) {
        const qpac_field_info *d = qpac_field_get((qpac_field)f);
        for (unsigned v = d->lo; v <= d->hi; v++) {
            qpac_config c, r;
            qpac_state st;
            qpac_config_init(&c);
            qpac_config_set(&c, (qpac_field)f, v);
            assert_int_equal(qpac_config_get(&c, (qpac_field)f), v);
            assert_int_equal(qpac_config_check(&c), 0);
            qpac_config_from_regs(&r, qpac_config_to_cfg_reg(&c), qpac_config_to_tszlim_reg(&c));
            assert_int_equal(qpac_config_get(&r, (qpac_field)f), d->reg ? v : d->dflt);
            char line[QPAC_PVS_MAXLINE];
            assert_true(qpac_pvs_format_cfg(line, sizeof line, &c) < sizeof line);
            FILE *fp = fmemopen(line, strlen(line), "r");
            assert_non_null(fp);
            qpac_pvs_reader rd;
            qpac_pvs_item it;
            qpac_pvs_reader_init(&rd, fp, "mem");
            qpac_state_init(&st);
            assert_int_equal(qpac_pvs_next(&rd, &st, &it), 1);
            fclose(fp);
            assert_int_equal(it.cfg_fields, QPAC_PVS_F_ALL);
            assert_memory_equal(&st.cfg, &c, sizeof c);
        }
        qpac_config c;
        qpac_config_init(&c);
        qpac_config_set(&c, (qpac_field)f, d->hi + 1);
        assert_int_equal(qpac_config_check(&c), QPAC_EINVAL);
    }
}

static void test_version(void **state)
{
    (void)state;
    char v[32];
    snprintf(v, sizeof v, "%d.%d.%d", QPAC_VERSION_MAJOR, QPAC_VERSION_MINOR, QPAC_VERSION_PATCH);
    assert_string_equal(v, QPAC_VERSION_STRING);
    assert_string_equal(qpac_version(), QPAC_VERSION_STRING);
}

/* qpac_exec_unit: the unit's answer, with the paper's PACGA (spec 7.2) as
 * the executed case and the RTL's 0/no fault for refused combinations. */
static void test_exec_unit(void **state)
{
    (void)state;
    qpac_state st;
    qpac_result r;
    qpac_state_init(&st);
    st.key[QPAC_KEY_GA].hi = UINT64_C(0x84be85ce9804e94b);
    st.key[QPAC_KEY_GA].lo = UINT64_C(0xec2802d4e0a488e9);
    const uint64_t x = UINT64_C(0xfb623599da6e8127), y = UINT64_C(0x477d469dec0b8762);
    assert_int_equal(qpac_exec_unit(&st, QPAC_OP_PACGA, QPAC_KEY_GA, x, y, &r), 0);
    assert_true(r.value == UINT64_C(0xc003b93900000000) && !r.fault);
    static const unsigned bad[][2] = {{QPAC_OP_PACGA, QPAC_KEY_IA}, {QPAC_OP_PAC, QPAC_KEY_GA},
                                      {5, 0}, {7, 4}, {QPAC_OP_AUT, 5}, {QPAC_OP_XPAC, 7}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        r.value = 1;
        r.fault = 1;
        assert_int_equal(qpac_exec_unit(&st, bad[i][0], bad[i][1], x, y, &r), 1);
        assert_true(r.value == 0 && !r.fault);
    }
    /* LDRAA with a modifier: refused too */
    assert_int_equal(qpac_exec_unit(&st, QPAC_OP_AUTC, QPAC_KEY_DA, x, 1, &r), 1);
    assert_int_equal(qpac_exec_unit(&st, QPAC_OP_AUTC, QPAC_KEY_DA, x, 0, &r), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),     cmocka_unit_test(test_reset),
        cmocka_unit_test(test_from_regs), cmocka_unit_test(test_roundtrip),
        cmocka_unit_test(test_version),   cmocka_unit_test(test_exec_unit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_regdrv.c - the register driver (qpac_regdrv.h) on a scripted bus: the
 * exact accesses of each sequence (offsets and words written out by hand
 * from regmap/qpac.regs), STATUS polling, and every error path.
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

#include "qpac_regdrv.h"

/* The bus: a log of accesses; reads of STATUS return busy_reads times BUSY,
 * then status; other reads regs[addr / 4]; fail_at: the access (1-based)
 * that fails. */
typedef struct {
    char log[64][24];
    unsigned n, busy_reads, fail_at, seq_calls;
    uint32_t status, regs[32];
} bus;

static int bus_fail(bus *b) { return b->fail_at && b->n == b->fail_at; }

static int b_read(void *arg, uint32_t a, uint32_t *v)
{
    bus *b = arg;
    *v = a == 0x1c ? (b->busy_reads ? (b->busy_reads--, 0x2u) : b->status) : b->regs[a / 4];
    snprintf(b->log[b->n++ % 64], 24, "R%02x", (unsigned)a);
    return bus_fail(b);
}

static int b_write(void *arg, uint32_t a, uint32_t v)
{
    bus *b = arg;
    snprintf(b->log[b->n++ % 64], 24, "W%02x=%08x", (unsigned)a, (unsigned)v);
    return bus_fail(b);
}

static int b_seq(void *arg, const qpac_reg_write *w, size_t n)
{
    bus *b = arg;
    b->seq_calls++;
    for (size_t i = 0; i < n; i++)
        if (b_write(b, w[i].addr, w[i].data))
            return 1;
    return 0;
}

static void expect_log(const bus *b, const char *const *want, unsigned n)
{
    assert_int_equal(b->n, n);
    for (unsigned i = 0; i < n; i++)
        assert_string_equal(b->log[i], want[i]);
}

static void test_sequences(void **state)
{
    (void)state;
    bus b = {.status = 0x1};
    qpac_regdrv d = {b_read, b_write, NULL, &b, 0};
    qpac_config cfg;
    qpac_config_init(&cfg);
    cfg.t0sz = 25;
    cfg.ranges = 1;
    cfg.alg = QPAC_ALG_QARMA3;
    cfg.feat = QPAC_FEAT_FPACCOMBINE;
    cfg.tszmin = 12;
    assert_int_equal(qpac_regdrv_set_cfg(&d, &cfg), 0);
    static const char *const w_cfg[] = {"W10=51101019", "W14=0000300c", "R1c"};
    expect_log(&b, w_cfg, 3);

    b.n = 0;
    qpac_key k = {UINT64_C(0x84be85ce9804e94b), UINT64_C(0xec2802d4e0a488e9)};
    assert_int_equal(qpac_regdrv_set_key(&d, QPAC_KEY_DB, &k), 0);
    static const char *const w_key[] = {"W40=9804e94b", "W44=84be85ce", "W48=e0a488e9",
                                        "W4c=ec2802d4", "W18=00000302", "R1c"};
    expect_log(&b, w_key, 6);

    b.n = 0;
    b.busy_reads = 3;
    b.status = 0x5; /* DONE, FAULT */
    b.regs[0x30 / 4] = 0x00401000u;
    b.regs[0x34 / 4] = 0x20220000u;
    qpac_result r;
    assert_int_equal(qpac_regdrv_exec(&d, QPAC_OP_AUTC, QPAC_KEY_IB, UINT64_C(0x1122334455667788),
                                      UINT64_C(0x99aabbccddeeff00), &r), 0);
    static const char *const w_op[] = {"W20=55667788", "W24=11223344", "W28=ddeeff00",
                                       "W2c=99aabbcc", "W18=00000121", "R1c", "R1c", "R1c",
                                       "R1c", "R30", "R34"};
    expect_log(&b, w_op, 11);
    assert_true(r.value == UINT64_C(0x2022000000401000));
    assert_int_equal(r.fault, 1);
}

static void test_batched_writes(void **state)
{
    (void)state;
    bus b = {.status = 0x1};
    qpac_regdrv d = {b_read, b_write, b_seq, &b, 0};
    qpac_result r;
    assert_int_equal(qpac_regdrv_exec(&d, QPAC_OP_PACGA, QPAC_KEY_GA, 1, 2, &r), 0);
    assert_int_equal(b.seq_calls, 1); /* the five writes in one call */
    assert_string_equal(b.log[4], "W18=00000441");
}

static void test_errors(void **state)
{
    (void)state;
    qpac_result r;
    qpac_key k = {1, 2};
    bus b = {.status = 0x1, .busy_reads = 1000};
    qpac_regdrv d = {b_read, b_write, NULL, &b, 0};
    assert_int_equal(qpac_regdrv_exec(&d, QPAC_OP_PAC, QPAC_KEY_IA, 1, 2, &r), QPAC_EHUNG);
    assert_int_equal(b.n, 5 + QPAC_REGDRV_POLLS);
    memset(&b, 0, sizeof b);
    b.busy_reads = 3;
    d.max_polls = 3;
    assert_int_equal(qpac_regdrv_set_key(&d, 0, &k), QPAC_EHUNG);
    assert_int_equal(b.n, 5 + 3);
    memset(&b, 0, sizeof b); /* STATUS idle but DONE clear */
    assert_int_equal(qpac_regdrv_exec(&d, QPAC_OP_PAC, QPAC_KEY_IA, 1, 2, &r), QPAC_ENOTDONE);
    for (unsigned at = 1; at <= 8; at++) { /* a failed access anywhere stops the driver */
        memset(&b, 0, sizeof b);
        b.status = 0x1;
        b.fail_at = at;
        assert_int_equal(qpac_regdrv_exec(&d, QPAC_OP_PAC, QPAC_KEY_IA, 1, 2, &r), QPAC_EBUS);
        assert_int_equal(b.n, at);
    }
    memset(&b, 0, sizeof b);
    qpac_regdrv_id id;
    b.regs[0] = 0x71706163u;
    b.regs[1] = 0x756e6975u; /* "unit" with one bit off */
    assert_int_equal(qpac_regdrv_identify(&d, &id), QPAC_EINVAL);
    b.regs[1] = 0x756e6974u;
    b.regs[2] = 0x00010203u;
    b.regs[3] = 0x00000c0eu;
    assert_int_equal(qpac_regdrv_identify(&d, &id), 0);
    assert_int_equal(id.major * 100 + id.minor * 10 + id.patch, 123);
    assert_int_equal(id.depth, 12);
    assert_int_equal(id.latency, 14);
    assert_string_equal(qpac_regdrv_strerror(QPAC_EHUNG), "STATUS.BUSY stuck");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sequences),
        cmocka_unit_test(test_batched_writes),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_pvs.c - the .pvs reader, formatters, writers and the generator.
 *
 * Known answers: every op line of qemu-smoke.pvs (results QEMU 7.2 computed)
 * through the reader and qpac_exec, in compat=arch and compat=qemu. Every
 * parser error has a case asserting the message names the file, the line and
 * the field. Writer output is read back item by item. The generator is checked
 * for determinism, for hitting every coverage bin within a bounded number of
 * items, and for the meaning of its flags (a correctly signed pointer
 * authenticates, a flipped PAC bit faults under FEAT_FPAC).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "qpac_vectors.h"

#ifndef QPAC_VECTORS_DIR
#define QPAC_VECTORS_DIR "../shared/vectors"
#endif
#define SMOKE QPAC_VECTORS_DIR "/qemu-smoke.pvs"

/* ---------------------------------------------------------------------------
 * qemu-smoke.pvs
 * ------------------------------------------------------------------------- */

/* Counts op lines by plain text (not with the reader under test): non-blank
 * lines that are not comments, cfg or key lines. */
static unsigned count_op_lines(const char *path)
{
    FILE *fp = fopen(path, "r");
    char line[2048];
    unsigned n = 0;
    assert_non_null(fp);
    while (fgets(line, sizeof line, fp)) {
        const char *p = line + strspn(line, " \t");
        if (*p == '#' || *p == '\n' || *p == '\r' || *p == '\0' || !strncmp(p, "cfg ", 4) ||
            !strncmp(p, "key ", 4))
            continue;
        n++;
    }
    fclose(fp);
    return n;
}

static void run_smoke(qpac_compat compat)
{
    FILE *fp = fopen(SMOKE, "r");
    qpac_pvs_reader rd;
    qpac_state st;
    qpac_pvs_item it;
    unsigned ops = 0, cfgs = 0, keys = 0;
    int r;
    assert_non_null(fp);
    qpac_state_init(&st);
    st.cfg.compat = compat;
    qpac_pvs_reader_init(&rd, fp, SMOKE);
    while ((r = qpac_pvs_next(&rd, &st, &it)) > 0) {
        if (it.kind == QPAC_PVS_CFG) {
            cfgs++;
            continue;
        }
        if (it.kind == QPAC_PVS_KEY) {
            keys++;
            continue;
        }
        qpac_result res;
        assert_int_equal(qpac_exec(&st, it.op, it.key, it.x, it.y, &res), 0);
        /* every line carries an expected value; none of them faults (PAuth) */
        assert_int_equal(it.expect, QPAC_EXPECT_VALUE);
        if (!qpac_pvs_expect_match(&it, &res))
            fail_msg("%s:%u: expected %016llx, got %016llx", SMOKE, it.line,
                     (unsigned long long)it.expected, (unsigned long long)res.value);
        /* and the comparison can fail */
        qpac_result bad = res;
        bad.value ^= 1;
        assert_false(qpac_pvs_expect_match(&it, &bad));
        bad = res;
        bad.fault = 1;
        assert_false(qpac_pvs_expect_match(&it, &bad));
        ops++;
    }
    assert_int_equal(r, 0);
    assert_int_equal(ops, count_op_lines(SMOKE));
    assert_int_equal(cfgs, 4);
    assert_int_equal(keys, 20);
    fclose(fp);
}

static void test_smoke_arch(void **state)
{
    (void)state;
    run_smoke(QPAC_COMPAT_ARCH);
}

/* cfg lines in the file do not name compat, so compat=qemu stays in force. */
static void test_smoke_qemu(void **state)
{
    (void)state;
    run_smoke(QPAC_COMPAT_QEMU);
}

/* ---------------------------------------------------------------------------
 * Reader behaviour
 * ------------------------------------------------------------------------- */
typedef struct {
    qpac_pvs_reader rd;
    qpac_state st;
    FILE *fp;
} src;

static void src_open(src *s, const char *text, size_t len)
{
    s->fp = fmemopen((void *)text, len, "r");
    assert_non_null(s->fp);
    qpac_state_init(&s->st);
    qpac_pvs_reader_init(&s->rd, s->fp, "t.pvs");
}

static void src_close(src *s) { fclose(s->fp); }

static void test_defaults_and_partial_cfg(void **state)
{
    (void)state;
    static const char text[] = "cfg t0sz=20 tbi1=1\ncfg alg=qarma3 feat=fpac\n";
    src s;
    qpac_pvs_item it;
    src_open(&s, text, sizeof text - 1);
    /* the defaults before any line, as the format states them */
    assert_int_equal(s.st.cfg.t0sz, 16);
    assert_int_equal(s.st.cfg.t1sz, 16);
    assert_int_equal(s.st.cfg.tbi0 | s.st.cfg.tbi1 | s.st.cfg.tbid0 | s.st.cfg.tbid1, 0);
    assert_int_equal(s.st.cfg.ranges, 2);
    assert_int_equal(s.st.cfg.alg, QPAC_ALG_QARMA5);
    assert_int_equal(s.st.cfg.feat, QPAC_FEAT_PAUTH);
    assert_int_equal(s.st.cfg.compat, QPAC_COMPAT_ARCH);
    assert_int_equal(s.st.cfg.tszmin, 16);
    assert_int_equal(s.st.cfg.tszmax, 48);
    for (int k = 0; k < QPAC_NKEYS; k++)
        assert_true(s.st.key[k].hi == 0 && s.st.key[k].lo == 0);
    assert_int_equal(qpac_pvs_next(&s.rd, &s.st, &it), 1);
    assert_int_equal(it.kind, QPAC_PVS_CFG);
    assert_int_equal(it.cfg_fields, QPAC_PVS_F_T0SZ | QPAC_PVS_F_TBI1);
    assert_int_equal(s.st.cfg.t0sz, 20);
    assert_int_equal(s.st.cfg.tbi1, 1);
    assert_int_equal(s.st.cfg.t1sz, 16);
    assert_int_equal(qpac_pvs_next(&s.rd, &s.st, &it), 1);
    /* a cfg line changes only the fields it names */
    assert_int_equal(s.st.cfg.t0sz, 20);
    assert_int_equal(s.st.cfg.tbi1, 1);
    assert_int_equal(s.st.cfg.alg, QPAC_ALG_QARMA3);
    assert_int_equal(s.st.cfg.feat, QPAC_FEAT_FPAC);
    assert_int_equal(qpac_pvs_next(&s.rd, &s.st, &it), 0);
    src_close(&s);
}

/* A 16-digit hex field with every byte value at every position (the bytes
 * that end a field left out): read as the value the digits spell, or
 * refused, exactly as the rule "16 hex digits, either case" says. */
static void test_hex_every_byte(void **state)
{
    (void)state;
    static const char digits[] = "0123456789abcdef";
    for (int pos = 0; pos < 16; pos++)
        for (int c = 1; c < 256; c++) {
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '#')
                continue;
            char text[64], f[17];
            memcpy(f, "0123456789ABCDEF", 16);
            f[pos] = (char)c;
            f[16] = 0;
            int len = snprintf(text, sizeof text, "key ia %s 00000000000000ff\n", f);
            const char *d = strchr(digits, tolower(c));
            int valid = isxdigit(c) && d != NULL;
            uint64_t want = UINT64_C(0x0123456789ABCDEF);
            if (valid)
                want = (want & ~(UINT64_C(0xf) << (60 - 4 * pos))) |
                       (uint64_t)(d - digits) << (60 - 4 * pos);
            src s;
            qpac_pvs_item it;
            src_open(&s, text, (size_t)len);
            int r = qpac_pvs_next(&s.rd, &s.st, &it);
            if (valid && (r != 1 || s.st.key[QPAC_KEY_IA].hi != want ||
                          s.st.key[QPAC_KEY_IA].lo != 0xff))
                fail_msg("byte 0x%02x at digit %d: not read as %016" PRIx64, c, pos, want);
            if (!valid && r >= 0)
                fail_msg("byte 0x%02x at digit %d: accepted", c, pos);
            src_close(&s);
        }
}

static unsigned skipped;
static void count_skip(void *arg, const char *text)
{
    (void)arg;
    (void)text;
    skipped++;
}

/* CRLF, no final newline, tabs, comments after fields, upper-case hex,
 * every cfg field and every mnemonic with and without an expected column. */
static void test_accepted_forms(void **state)
{
    (void)state;
    static const char text[] =
        "# comment\r\n"
        "\r\n"
        "   \t  # indented comment, UTF-8 \xc3\xa9 allowed here\n"
        "cfg t0sz=0 t1sz=63 tbi0=1 tbi1=1 tbid0=1 tbid1=1 ranges=1 alg=qarma3 feat=epac "
        "tszmin=12 tszmax=39 compat=qemu\r\n"
        "key ga 0123456789ABCDEF fedcba9876543210  # key\n"
        "pacia\t0000000000000001 0000000000000002\n"
        "pacib 0000000000000001 0000000000000002 00000000000000Ff\n"
        "pacda 0000000000000001 0000000000000002\n"
        "pacdb 0000000000000001 0000000000000002\n"
        "autia 0000000000000001 0000000000000002 fault\n"
        "autib 0000000000000001 0000000000000002 0000000000000003\n"
        "autda 0000000000000001 0000000000000002\n"
        "autdb 0000000000000001 0000000000000002\n"
        "braa 0000000000000001 0000000000000002 fault\n"
        "brab 0000000000000001 0000000000000002\n"
        "ldraa 0000000000000001 fault\n"
        "ldrab 0000000000000001 0000000000000004\n"
        "xpaci 0000000000000001\n"
        "xpacd 0000000000000001 0000000000000005\n"
        "pacga ffffffffffffffff 0000000000000002 1234567800000000";
    static const struct {
        qpac_op op;
        qpac_keyid key;
        qpac_expect expect;
        uint64_t expected;
    } want[] = {
        {QPAC_OP_PAC, QPAC_KEY_IA, QPAC_EXPECT_NONE, 0},
        {QPAC_OP_PAC, QPAC_KEY_IB, QPAC_EXPECT_VALUE, 0xff},
        {QPAC_OP_PAC, QPAC_KEY_DA, QPAC_EXPECT_NONE, 0},
        {QPAC_OP_PAC, QPAC_KEY_DB, QPAC_EXPECT_NONE, 0},
        {QPAC_OP_AUT, QPAC_KEY_IA, QPAC_EXPECT_FAULT, 0},
        {QPAC_OP_AUT, QPAC_KEY_IB, QPAC_EXPECT_VALUE, 3},
        {QPAC_OP_AUT, QPAC_KEY_DA, QPAC_EXPECT_NONE, 0},
        {QPAC_OP_AUT, QPAC_KEY_DB, QPAC_EXPECT_NONE, 0},
        {QPAC_OP_AUTC, QPAC_KEY_IA, QPAC_EXPECT_FAULT, 0},
        {QPAC_OP_AUTC, QPAC_KEY_IB, QPAC_EXPECT_NONE, 0},
        {QPAC_OP_AUTC, QPAC_KEY_DA, QPAC_EXPECT_FAULT, 0},
        {QPAC_OP_AUTC, QPAC_KEY_DB, QPAC_EXPECT_VALUE, 4},
        {QPAC_OP_XPAC, QPAC_KEY_IA, QPAC_EXPECT_NONE, 0},
        {QPAC_OP_XPAC, QPAC_KEY_DA, QPAC_EXPECT_VALUE, 5},
        {QPAC_OP_PACGA, QPAC_KEY_GA, QPAC_EXPECT_VALUE, 0x1234567800000000},
    };
    src s;
    qpac_pvs_item it;
    src_open(&s, text, sizeof text - 1);
    skipped = 0;
    s.rd.on_skip = count_skip;
    assert_int_equal(qpac_pvs_next(&s.rd, &s.st, &it), 1);
    assert_int_equal(skipped, 3);
    assert_int_equal(it.kind, QPAC_PVS_CFG);
    assert_int_equal(it.line, 4);
    assert_int_equal(it.cfg_fields, QPAC_PVS_F_ALL);
    const qpac_config *c = &s.st.cfg;
    assert_true(c->t0sz == 0 && c->t1sz == 63 && c->tbi0 == 1 && c->tbi1 == 1 && c->tbid0 == 1 &&
                c->tbid1 == 1 && c->ranges == 1 && c->alg == QPAC_ALG_QARMA3 &&
                c->feat == QPAC_FEAT_EPAC && c->tszmin == 12 && c->tszmax == 39 &&
                c->compat == QPAC_COMPAT_QEMU);
    assert_int_equal(qpac_pvs_next(&s.rd, &s.st, &it), 1);
    assert_int_equal(it.kind, QPAC_PVS_KEY);
    assert_int_equal(it.key, QPAC_KEY_GA);
    assert_true(s.st.key[QPAC_KEY_GA].hi == UINT64_C(0x0123456789abcdef));
    assert_true(s.st.key[QPAC_KEY_GA].lo == UINT64_C(0xfedcba9876543210));
    assert_int_equal(s.rd.comment, 42);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        assert_int_equal(qpac_pvs_next(&s.rd, &s.st, &it), 1);
        assert_int_equal(it.kind, QPAC_PVS_OP);
        assert_int_equal(it.line, 6 + i);
        assert_int_equal(it.op, want[i].op);
        assert_int_equal(it.key, want[i].key);
        assert_int_equal(it.expect, want[i].expect);
        if (want[i].expect == QPAC_EXPECT_VALUE)
            assert_true(it.expected == want[i].expected);
        assert_true(it.x == (it.op == QPAC_OP_PACGA ? ~UINT64_C(0) : 1));
        assert_true(it.y == (qpac_op_nargs(it.op, it.key) == 2 ? 2 : 0));
    }
    assert_int_equal(qpac_pvs_next(&s.rd, &s.st, &it), 0);
    assert_int_equal(qpac_pvs_next(&s.rd, &s.st, &it), 0);
    src_close(&s);
}

/* ---------------------------------------------------------------------------
 * Every parser error: one case each. The message must start "t.pvs:LINE: "
 * and contain the given text and "(field F)".
 * ------------------------------------------------------------------------- */
#define H16 "0000000000000001"
static const struct {
    const char *text; /* the bad line, after one good line */
    const char *what;
    const char *field;
} bad_lines[] = {
    {"foo " H16 " " H16, "unknown mnemonic", "op"},
    {"PACIA " H16 " " H16, "unknown mnemonic", "op"},
    {"paciaxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx " H16, "unknown mnemonic", "op"},
    {"autia", "takes 2 operands, got 0", "ptr"},
    {"pacia " H16, "takes 2 operands, got 1", "modifier"},
    {"pacga " H16, "takes 2 operands, got 1", "y"},
    {"xpaci", "takes 1 operand, got 0", "ptr"},
    {"pacia " H16 " " H16 " " H16 " junk", "unexpected 'junk'", "expected"},
    {"ldraa " H16 " " H16 " " H16, "unexpected", "expected"},
    {"xpacd " H16 " " H16 " " H16, "unexpected", "expected"},
    {"pacia 000000000000000g " H16, "not a hex number", "ptr"},
    {"pacia " H16 " 00000000000000-1", "not a hex number", "modifier"},
    {"pacia 123 " H16, "has 3 digits, expected exactly 16", "ptr"},
    {"pacia 00000000000000001 " H16, "has 17 digits", "ptr"},
    {"pacia 0x00000000000001 " H16, "0x prefix", "ptr"},
    {"pacia " H16 " " H16 " 12", "has 2 digits", "expected"},
    {"autia " H16 " " H16 " faults", "not a hex number", "expected"},
    {"pacia " H16 " " H16 " fault", "never faults", "expected"},
    {"xpaci " H16 " fault", "never faults", "expected"},
    {"pacga " H16 " " H16 " fault", "never faults", "expected"},
    {"pacga 1 " H16, "has 1 digits", "x"},
    {"key", "missing key name", "key"},
    {"key ic " H16 " " H16, "unknown key 'ic'", "key"},
    {"key ia", "missing key half K<127:64>", "hi"},
    {"key ia " H16, "missing key half K<63:0>", "lo"},
    {"key ia " H16 " " H16 " extra", "unexpected text after the key", "lo"},
    {"key ia 0123456789abcdeX " H16, "not a hex number", "hi"},
    {"key ia " H16 " 0123456789abcde", "has 15 digits", "lo"},
    {"cfg", "names no field", "cfg"},
    {"cfg t0sz", "missing '='", "t0sz"},
    {"cfg =5", "missing field name", "cfg"},
    {"cfg foo=1", "unknown cfg field", "foo"},
    {"cfg t0sz=1 t1sz=2 t0sz=3", "given twice", "t0sz"},
    {"cfg t0sz=", "missing value", "t0sz"},
    {"cfg t0sz=64", "out of range 0..63", "t0sz"},
    {"cfg t1sz=100", "out of range 0..63", "t1sz"},
    {"cfg t0sz=-1", "is not a number 0..63", "t0sz"},
    {"cfg t1sz=+16", "is not a number 0..63", "t1sz"},
    {"cfg t0sz=1=2", "more than one '='", "t0sz"},
    {"cfg tbi0=2", "out of range 0..1", "tbi0"},
    {"cfg tbi1=x", "is not a number 0..1", "tbi1"},
    {"cfg tbid0=3", "out of range 0..1", "tbid0"},
    {"cfg tbid1=9", "out of range 0..1", "tbid1"},
    {"cfg ranges=3", "out of range 1..2", "ranges"},
    {"cfg ranges=0", "out of range 1..2", "ranges"},
    {"cfg alg=qarma7", "unknown algorithm", "alg"},
    {"cfg feat=pauth3", "unknown feature level", "feat"},
    {"cfg feat=1", "unknown feature level", "feat"},
    {"cfg tszmin=11", "out of range 12..16", "tszmin"},
    {"cfg tszmin=17", "out of range 12..16", "tszmin"},
    {"cfg tszmax=38", "out of range 39..48", "tszmax"},
    {"cfg tszmax=49", "out of range 39..48", "tszmax"},
    {"cfg compat=bochs", "unknown compat", "compat"},
    {"pacia " H16 "\x01 " H16, "unexpected byte 0x01 at column 23", "line"},
    {"pacia " H16 " " H16 "\xff", "unexpected byte 0xff", "line"},
    {"pacia " H16 "\r " H16, "unexpected byte 0x0d", "line"},
    {"pacia " H16 " " H16 " # bell \x07", "control byte 0x07 in a comment", "line"},
    {"\x7f", "unexpected byte 0x7f", "line"},
};

static void expect_error(const char *text, size_t len, unsigned line, const char *what,
                         const char *field, qpac_state *final)
{
    src s;
    qpac_pvs_item it;
    int r;
    char prefix[32], fieldtxt[64];
    src_open(&s, text, len);
    while ((r = qpac_pvs_next(&s.rd, &s.st, &it)) > 0)
        ;
    if (r != QPAC_ESYNTAX)
        fail_msg("no syntax error for line %u of: %.60s", line, text);
    snprintf(prefix, sizeof prefix, "t.pvs:%u: ", line);
    snprintf(fieldtxt, sizeof fieldtxt, "(field %s)", field);
    if (strncmp(s.rd.err, prefix, strlen(prefix)) || !strstr(s.rd.err, what) ||
        !strstr(s.rd.err, fieldtxt))
        fail_msg("message '%s' lacks '%s', '%s' or '%s'", s.rd.err, prefix, what, fieldtxt);
    /* the rest of the input still reads */
    while ((r = qpac_pvs_next(&s.rd, &s.st, &it)) != 0)
        assert_true(r == 1 || r == QPAC_ESYNTAX);
    if (final)
        *final = s.st;
    src_close(&s);
}

static void test_parse_errors(void **state)
{
    (void)state;
    char text[256];
    for (size_t i = 0; i < sizeof bad_lines / sizeof bad_lines[0]; i++) {
        int n = snprintf(text, sizeof text, "pacia " H16 " " H16 "\n%s\nxpaci " H16 "\n",
                         bad_lines[i].text);
        expect_error(text, (size_t)n, 2, bad_lines[i].what, bad_lines[i].field, NULL);
    }
}

/* A key line in error never shows the key. */
static void test_error_hides_keys(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "key ia 0123456789abcdeX 1111111111111111\n",
        "key ia 0123456789abcdef 111111111111111Z\n",
        "key ia 0123456789abcdef 11111111111111111\n",
        "key ia 0123456789abcdef 1111111111111111 2222222222222222\n",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        src s;
        qpac_pvs_item it;
        src_open(&s, lines[i], strlen(lines[i]));
        assert_int_equal(qpac_pvs_next(&s.rd, &s.st, &it), QPAC_ESYNTAX);
        assert_null(strstr(s.rd.err, "0123456789abcde"));
        assert_null(strstr(s.rd.err, "1111111111"));
        assert_null(strstr(s.rd.err, "2222222222"));
        /* and the key is not half-applied */
        assert_true(s.st.key[QPAC_KEY_IA].hi == 0 && s.st.key[QPAC_KEY_IA].lo == 0);
        src_close(&s);
    }
}

static void test_line_limits(void **state)
{
    (void)state;
    static char text[4 * QPAC_PVS_MAXLINE];
    qpac_state st;
    /* exactly QPAC_PVS_MAXLINE characters (+ CRLF) is accepted */
    size_t n = 0;
    n += (size_t)sprintf(text + n, "xpaci " H16 " #");
    while (n < QPAC_PVS_MAXLINE)
        text[n++] = 'c';
    text[n++] = '\r';
    text[n++] = '\n';
    {
        src s;
        qpac_pvs_item it;
        src_open(&s, text, n);
        assert_int_equal(qpac_pvs_next(&s.rd, &s.st, &it), 1);
        assert_int_equal(s.rd.text_len, QPAC_PVS_MAXLINE);
        assert_int_equal(qpac_pvs_next(&s.rd, &s.st, &it), 0);
        src_close(&s);
    }
    /* one more is an error on line 2, and the reader stops there (issue 10
     * D5: input without line endings never ends): line 3 is not read */
    n = 0;
    n += (size_t)sprintf(text + n, "cfg t0sz=20\n");
    size_t start = n;
    while (n - start < QPAC_PVS_MAXLINE + 1)
        text[n++] = ' ';
    n += (size_t)sprintf(text + n, "\ncfg t1sz=30\n");
    expect_error(text, n, 2, "line longer than 1024 characters", "line", &st);
    assert_int_equal(st.cfg.t0sz, 20);
    assert_int_equal(st.cfg.t1sz, 16);
    /* NUL bytes */
    static const char nul[] = "cfg t0sz=20\npacia \0 x\ncfg t1sz=30";
    expect_error(nul, sizeof nul - 1, 2, "NUL byte at column 7", "line", &st);
    assert_int_equal(st.cfg.t1sz, 30);
    /* too many fields */
    n = 0;
    n += (size_t)sprintf(text + n, "cfg t0sz=20\ncfg");
    for (int i = 0; i < 40; i++)
        n += (size_t)sprintf(text + n, " t0sz=1");
    text[n++] = '\n';
    expect_error(text, n, 2, "more than 32 fields", "line", NULL);
}

/* A line in error changes nothing; the next lines apply. */
/* issue 10 D5: the reader stops at the first overlong line: from an endless
 * stream of NUL bytes it reads no more than one line's worth. */
static void test_overlong_stops_reading(void **state)
{
    (void)state;
    static char zeros[1 << 20];
    src s;
    qpac_pvs_item it;
    src_open(&s, zeros, sizeof zeros);
    assert_int_equal(qpac_pvs_next(&s.rd, &s.st, &it), QPAC_ESYNTAX);
    assert_string_equal(s.rd.err, "t.pvs:1: line longer than 1024 characters (field line)");
    assert_true(ftell(s.fp) <= QPAC_PVS_MAXLINE + 2);
    assert_int_equal(qpac_pvs_next(&s.rd, &s.st, &it), 0);
    assert_true(ftell(s.fp) <= QPAC_PVS_MAXLINE + 2);
    src_close(&s);
}

/* issue 10 D6: the one number parser. */
static void test_number_parser(void **state)
{
    (void)state;
    static const struct {
        const char *s;
        uint64_t max;
        int ok;
        uint64_t v;
    } c[] = {
        {"0", 10, 1, 0}, {"10", 10, 1, 10}, {"010", 10, 1, 10}, {"0x0a", 10, 1, 10},
        {"0XA", 10, 1, 10}, {"11", 10, 0, 0}, {"0xb", 10, 0, 0}, {"-1", UINT64_MAX, 0, 0},
        {"+5", UINT64_MAX, 0, 0}, {" 5", UINT64_MAX, 0, 0}, {"5 ", UINT64_MAX, 0, 0},
        {"", UINT64_MAX, 0, 0}, {"0x", UINT64_MAX, 0, 0}, {"0x-1", UINT64_MAX, 0, 0},
        {"1e3", UINT64_MAX, 0, 0}, {"0b1", UINT64_MAX, 0, 0},
        {"18446744073709551615", UINT64_MAX, 1, UINT64_MAX},
        {"18446744073709551616", UINT64_MAX, 0, 0},
        {"0xffffffffffffffff", UINT64_MAX, 1, UINT64_MAX},
        {"0x00000000000000000001", UINT64_MAX, 1, 1},
        {"0x10000000000000000", UINT64_MAX, 0, 0},
        {"99999999999999999999999", UINT64_MAX, 0, 0},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        uint64_t v = 12345;
        int r = qpac_parse_u64(c[i].s, strlen(c[i].s), c[i].max, &v);
        if (c[i].ok ? (r != 0 || v != c[i].v) : (r == 0 || v != 12345))
            fail_msg("qpac_parse_u64('%s'): %d %llu", c[i].s, r, (unsigned long long)v);
    }
    uint64_t v = 0;
    assert_int_equal(qpac_parse_u64("123", 2, 100, &v), 0); /* length-bounded */
    assert_int_equal(v, 12);
    assert_int_equal(qpac_parse_hex("00000000000000ff", 16, 16, 16, &v), 0);
    assert_int_equal(v, 255);
    assert_int_not_equal(qpac_parse_hex("ff", 2, 16, 16, &v), 0);
    assert_int_not_equal(qpac_parse_hex("0x00000000000000ff", 18, 1, 16, &v), 0);
    assert_int_not_equal(qpac_parse_hex("fffffffffffffffff", 17, 1, 17, &v), 0);
    assert_int_not_equal(qpac_parse_hex("g", 1, 1, 16, &v), 0);
    assert_int_not_equal(qpac_parse_u64_str(NULL, 1, &v), 0);
}

/* issue 10 D3: begin ... end N sections; a cut section fails. */
static void test_sections(void **state)
{
    (void)state;
    qpac_state st;
    static const char ok[] = "begin\n# c\nxpaci " H16 "\nxpacd " H16 "\nend 2\n\n"
                             "begin\nxpaci " H16 "\nend 1\n";
    src s;
    qpac_pvs_item it;
    int r, n = 0;
    src_open(&s, ok, sizeof ok - 1);
    while ((r = qpac_pvs_next(&s.rd, &s.st, &it)) > 0)
        n++;
    assert_int_equal(r, 0);
    assert_int_equal(n, 3);
    src_close(&s);
    expect_error("begin\nxpaci " H16 "\n", sizeof("begin\nxpaci " H16 "\n") - 1, 2, "input ends inside a section after 1 op lines",
                 "end", &st);
    expect_error("begin\nxpaci " H16 "\nend 2\n", sizeof("begin\nxpaci " H16 "\nend 2\n") - 1, 3,
                 "end record count differs from the 1 op lines of the section", "end", &st);
    expect_error("begin\nend 0x\n", sizeof("begin\nend 0x\n") - 1, 2, "end count is not a number", "end", &st);
    expect_error("begin\nend\n", sizeof("begin\nend\n") - 1, 2, "write 'end N'", "end", &st);
    expect_error("xpaci " H16 "\nend 1\n", sizeof("xpaci " H16 "\nend 1\n") - 1, 2, "end without begin", "end", &st);
    expect_error("begin\nbegin\n", sizeof("begin\nbegin\n") - 1, 2, "begin inside a section", "end", &st);
    expect_error("begin x\n", sizeof("begin x\n") - 1, 1, "unexpected text after begin", "begin", &st);
    expect_error("begin\nend 0\nxpaci " H16 "\n", sizeof("begin\nend 0\nxpaci " H16 "\n") - 1, 3, "record after the end record", "end", &st);
}

static void test_error_is_atomic(void **state)
{
    (void)state;
    static const char text[] = "cfg t0sz=20 t1sz=99\ncfg tbi0=1\n";
    qpac_state st;
    expect_error(text, sizeof text - 1, 1, "out of range", "t1sz", &st);
    assert_int_equal(st.cfg.t0sz, 16);
    assert_int_equal(st.cfg.t1sz, 16);
    assert_int_equal(st.cfg.tbi0, 1);
}

/* Binary junk of every byte value: an error or items, never a crash. */
static void test_junk(void **state)
{
    (void)state;
    static unsigned char junk[64 * 1024];
    uint64_t x = 12345;
    for (size_t i = 0; i < sizeof junk; i++) {
        x = x * UINT64_C(6364136223846793005) + 1442695040888963407u;
        junk[i] = (unsigned char)(x >> 56);
    }
    src s;
    qpac_pvs_item it;
    int r;
    unsigned errors = 0;
    src_open(&s, (const char *)junk, sizeof junk);
    while ((r = qpac_pvs_next(&s.rd, &s.st, &it)) != 0) {
        assert_true(r == 1 || r == QPAC_ESYNTAX);
        errors += r < 0;
        assert_int_equal(qpac_config_check(&s.st.cfg), 0);
    }
    assert_true(errors > 0);
    src_close(&s);
}

/* Valid scripts with random edits (bytes changed, cut, duplicated, special
 * tokens inserted): every line either reads or gives a message naming its
 * line; the state stays a valid configuration. */
static void test_mutations(void **state)
{
    (void)state;
    static const char *const tokens[] = {" ", "\t", "\r", "\n", "=", "#", "fault", "cfg ", "key ",
                                         "00000000000000000", "0x", "t0sz=", "ldraa ", "\r\n"};
    char *base = NULL, buf[1 << 14];
    size_t blen = 0;
    FILE *out = open_memstream(&base, &blen);
    qpac_gen g;
    qpac_state st;
    qpac_pvs_item it;
    qpac_gen_init(&g, 3, 0);
    qpac_state_init(&st);
    for (int i = 0; i < 60; i++) {
        qpac_gen_next(&g, &st, &it);
        qpac_pvs_write_item(out, &st, &it);
    }
    fclose(out);
    assert_true(blen < sizeof buf / 2);
    uint64_t x = 99;
#define RND() (x = x * UINT64_C(6364136223846793005) + 1442695040888963407u, (unsigned)(x >> 33))
    for (int round = 0; round < 3000; round++) {
        size_t n = blen;
        memcpy(buf, base, n);
        for (unsigned e = 1 + RND() % 8; e; e--) {
            size_t p = RND() % n;
            switch (RND() % 4) {
            case 0: buf[p] = (char)RND(); break;
            case 1: { size_t k = 1 + RND() % 40; if (p + k > n) k = n - p; memmove(buf + p, buf + p + k, n - p - k); n -= k; break; }
            case 2: { const char *t = tokens[RND() % (sizeof tokens / sizeof tokens[0])]; size_t k = strlen(t);
                      if (n + k < sizeof buf) { memmove(buf + p + k, buf + p, n - p); memcpy(buf + p, t, k); n += k; } break; }
            default: { size_t q = RND() % n, k = 1 + RND() % 60; if (q + k > n) k = n - q;
                       if (n + k < sizeof buf) { memmove(buf + p + k, buf + p, n - p); memmove(buf + p, buf + (q < p ? q : q + k), k); n += k; } break; }
            }
            if (n == 0)
                break;
        }
        src s;
        int r;
        unsigned last = 0;
        src_open(&s, buf, n ? n : 1);
        while ((r = qpac_pvs_next(&s.rd, &s.st, &it)) != 0) {
            assert_true(r == 1 || r == QPAC_ESYNTAX);
            assert_true(s.rd.line > last); /* one report per line, in order */
            last = s.rd.line;
            if (r < 0) {
                char prefix[32];
                snprintf(prefix, sizeof prefix, "t.pvs:%u: ", s.rd.line);
                assert_int_equal(strncmp(s.rd.err, prefix, strlen(prefix)), 0);
                assert_non_null(strstr(s.rd.err, "(field "));
            }
            assert_int_equal(qpac_config_check(&s.st.cfg), 0);
        }
        src_close(&s);
    }
#undef RND
    free(base);
}

/* ---------------------------------------------------------------------------
 * Writers
 * ------------------------------------------------------------------------- */
static void test_writer_format(void **state)
{
    (void)state;
    qpac_config c;
    char buf[256];
    qpac_config_init(&c);
    size_t n = qpac_pvs_format_cfg(buf, sizeof buf, &c);
    assert_int_equal(n, strlen(buf));
    assert_string_equal(buf, "cfg t0sz=16 t1sz=16 tbi0=0 tbi1=0 tbid0=0 tbid1=0 ranges=2 "
                             "alg=qarma5 feat=pauth tszmin=16 tszmax=48 compat=arch");
    qpac_result res = {UINT64_C(0xABCDEF0123456789), 0};
    qpac_pvs_format_op(buf, sizeof buf, QPAC_OP_AUTC, QPAC_KEY_DB, UINT64_C(0xFF), 0, &res);
    assert_string_equal(buf, "ldrab 00000000000000ff abcdef0123456789");
    res.fault = 1;
    qpac_pvs_format_op(buf, sizeof buf, QPAC_OP_AUT, QPAC_KEY_IB, 1, 2, &res);
    assert_string_equal(buf, "autib 0000000000000001 0000000000000002 fault");
    /* truncation reports the needed length */
    assert_int_equal(qpac_pvs_format_op(buf, 8, QPAC_OP_AUT, QPAC_KEY_IB, 1, 2, &res), 45);
    assert_int_equal(strlen(buf), 7);
    FILE *fp = fmemopen(buf, sizeof buf, "w");
    qpac_key k = {UINT64_C(0x0123456789ABCDEF), 2};
    assert_int_equal(qpac_pvs_write_key(fp, QPAC_KEY_DA, &k), 0);
    fclose(fp);
    assert_string_equal(buf, "key da 0123456789abcdef 0000000000000002\n");
}

static void same_state(const qpac_state *a, const qpac_state *b)
{
    assert_memory_equal(&a->cfg, &b->cfg, sizeof a->cfg);
    assert_memory_equal(a->key, b->key, sizeof a->key);
}

/* Generated items written as .pvs read back as the same items and state. */
static void test_round_trip(void **state)
{
    (void)state;
    enum { N = 30000 };
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    qpac_gen g;
    qpac_state gs, rs;
    static qpac_pvs_item items[N];
    assert_non_null(out);
    qpac_gen_init(&g, 77, 0);
    qpac_state_init(&gs);
    for (int i = 0; i < N; i++) {
        qpac_gen_next(&g, &gs, &items[i]);
        assert_int_equal(qpac_pvs_write_item(out, &gs, &items[i]), 0);
    }
    fclose(out);
    FILE *in = fmemopen(buf, len, "r");
    qpac_pvs_reader rd;
    qpac_pvs_item it;
    qpac_state_init(&rs);
    qpac_pvs_reader_init(&rd, in, "mem");
    for (int i = 0; i < N; i++) {
        if (qpac_pvs_next(&rd, &rs, &it) != 1)
            fail_msg("item %d: %s", i, rd.err);
        assert_int_equal(it.kind, items[i].kind);
        if (it.kind == QPAC_PVS_OP) {
            assert_int_equal(it.op, items[i].op);
            assert_int_equal(it.key, items[i].key);
            assert_true(it.x == items[i].x && it.y == items[i].y);
            assert_int_equal(it.expect, items[i].expect);
            if (it.expect == QPAC_EXPECT_VALUE)
                assert_true(it.expected == items[i].expected);
            assert_true(rd.comment > 0 || items[i].flags == 0);
        } else if (it.kind == QPAC_PVS_KEY) {
            assert_int_equal(it.key, items[i].key);
        } else {
            assert_int_equal(it.cfg_fields, QPAC_PVS_F_ALL); /* written with every field */
        }
    }
    same_state(&gs, &rs);
    assert_int_equal(qpac_pvs_next(&rd, &rs, &it), 0);
    fclose(in);
    free(buf);
}

/* ---------------------------------------------------------------------------
 * Generator
 * ------------------------------------------------------------------------- */
static void test_gen_deterministic(void **state)
{
    (void)state;
    qpac_gen a, b, c;
    qpac_state sa, sb, sc;
    qpac_pvs_item ia, ib, ic;
    unsigned differ = 0;
    qpac_gen_init(&a, 42, 0);
    qpac_gen_init(&b, 42, 0);
    qpac_gen_init_shard(&c, 42, 0, 1);
    qpac_state_init(&sa);
    qpac_state_init(&sb);
    qpac_state_init(&sc);
    for (int i = 0; i < 20000; i++) {
        qpac_gen_next(&a, &sa, &ia);
        qpac_gen_next(&b, &sb, &ib);
        qpac_gen_next(&c, &sc, &ic);
        assert_memory_equal(&ia, &ib, sizeof ia);
        differ += memcmp(&ia, &ic, sizeof ia) != 0;
    }
    same_state(&sa, &sb);
    assert_true(differ > 10000);
    /* shard 0 is the plain stream; shard seeds are distinct */
    assert_true(qpac_gen_shard_seed(42, 0) == 42);
    assert_true(qpac_gen_shard_seed(42, 1) != qpac_gen_shard_seed(42, 2));
    assert_true(qpac_gen_shard_seed(42, 1) != qpac_gen_shard_seed(43, 1));
    /* every stream starts with a full cfg and the five keys */
    qpac_gen_init_shard(&c, 9, 1, 3);
    qpac_state_init(&sc);
    qpac_gen_next(&c, &sc, &ic);
    assert_int_equal(ic.kind, QPAC_PVS_CFG);
    assert_int_equal(ic.cfg_fields, QPAC_PVS_F_ALL);
    for (int k = 0; k < QPAC_NKEYS; k++) {
        qpac_gen_next(&c, &sc, &ic);
        assert_int_equal(ic.kind, QPAC_PVS_KEY);
        assert_int_equal(ic.key, k);
    }
}

/* Coverage bins, all hit within N items, and the meaning of the flags. */
static void test_gen_coverage(void **state)
{
    (void)state;
    enum { N = 200000 };
    static unsigned char mn[5][QPAC_NKEYS][2][6]; /* op x key x alg x feat */
    unsigned char t0[64] = {0}, t1[64] = {0}, tmin[17] = {0}, tmax[49] = {0}, tb[16] = {0};
    unsigned ranges_seen = 0, flags_seen = 0, halves = 0, keys_seen = 0, qemu = 0;
    unsigned aut_fault = 0, autc_fault = 0, autc_pass_fpac = 0, signed_ok = 0, flip_fault = 0;
    qpac_gen g;
    qpac_state st;
    qpac_pvs_item it;
    memset(mn, 0, sizeof mn);
    qpac_gen_init(&g, 2026, 0);
    qpac_state_init(&st);
    for (int i = 0; i < N; i++) {
        qpac_gen_next(&g, &st, &it);
        const qpac_config *c = &st.cfg;
        assert_int_equal(qpac_config_check(c), 0);
        t0[c->t0sz] = t1[c->t1sz] = 1;
        tmin[c->tszmin] = tmax[c->tszmax] = 1;
        tb[c->tbi0 | c->tbi1 << 1 | c->tbid0 << 2 | c->tbid1 << 3] = 1;
        qemu |= c->compat == QPAC_COMPAT_QEMU;
        if (it.kind == QPAC_PVS_KEY)
            keys_seen |= 1u << it.key;
        if (it.kind != QPAC_PVS_OP)
            continue;
        qpac_result r;
        assert_int_equal(qpac_exec(&st, it.op, it.key, it.x, it.y, &r), 0);
        assert_true(qpac_pvs_expect_match(&it, &r)); /* the expectation is the model's */
        assert_int_not_equal(it.expect, QPAC_EXPECT_NONE);
        assert_non_null(qpac_mnemonic(it.op, it.key));
        if (it.op == QPAC_OP_AUTC && (it.key & 2))
            assert_true(it.y == 0); /* LDRA* */
        mn[it.op][it.key][c->alg][c->feat] = 1;
        ranges_seen |= 1u << c->ranges;
        flags_seen |= it.flags;
        if (it.op != QPAC_OP_PACGA)
            halves |= 1u << ((it.x >> 55) & 1);
        if (it.expect == QPAC_EXPECT_FAULT) {
            assert_true(it.op == QPAC_OP_AUT || it.op == QPAC_OP_AUTC);
            assert_true(c->feat >= QPAC_FEAT_FPAC);
            if (it.op == QPAC_OP_AUTC)
                assert_int_equal(c->feat, QPAC_FEAT_FPACCOMBINE); /* spec 4 step 6 */
            aut_fault += it.op == QPAC_OP_AUT;
            autc_fault += it.op == QPAC_OP_AUTC;
        }
        if (it.op == QPAC_OP_AUTC && c->feat == QPAC_FEAT_FPAC && (it.flags & QPAC_VF_FLIP_PAC))
            autc_pass_fpac++;
        /* a correctly signed canonical pointer authenticates */
        if ((it.flags & QPAC_VF_SIGNED) && !(it.flags & QPAC_VF_NONCANON) &&
            (it.op == QPAC_OP_AUT || it.op == QPAC_OP_AUTC) && c->feat >= QPAC_FEAT_FPAC) {
            assert_int_equal(it.expect, QPAC_EXPECT_VALUE);
            /* and comes back as the pointer Strip gives (the original) */
            assert_true(it.expected == qpac_Strip(c, it.x, (it.key & 2) != 0));
            signed_ok++;
        }
        /* one flipped PAC bit always fails: a fault under FEAT_FPAC */
        if ((it.flags & QPAC_VF_FLIP_PAC) && !(it.flags & QPAC_VF_NONCANON) &&
            it.op == QPAC_OP_AUT && c->feat >= QPAC_FEAT_FPAC) {
            assert_int_equal(it.expect, QPAC_EXPECT_FAULT);
            flip_fault++;
        }
    }
    for (int op = 0; op < 5; op++)
        for (int k = 0; k < QPAC_NKEYS; k++) {
            if (!qpac_mnemonic((qpac_op)op, (qpac_keyid)k))
                continue;
            /* XPAC is generated with the canonical keys IA (xpaci), DA (xpacd) */
            if (op == QPAC_OP_XPAC && (k == QPAC_KEY_IB || k == QPAC_KEY_DB))
                continue;
            for (int a = 0; a < 2; a++)
                for (int f = 1; f <= 5; f++)
                    if (!mn[op][k][a][f])
                        fail_msg("bin not hit: %s alg=%s feat=%s", qpac_mnemonic((qpac_op)op, (qpac_keyid)k),
                                 qpac_alg_name((qpac_alg)a), qpac_feat_name((qpac_feat)f));
        }
    for (int i = 0; i < 64; i++)
        if (!t0[i] || !t1[i])
            fail_msg("TxSZ %d not generated", i);
    for (int i = QPAC_TSZMIN_LO; i <= QPAC_TSZMIN_HI; i++)
        assert_true(tmin[i]);
    for (int i = QPAC_TSZMAX_LO; i <= QPAC_TSZMAX_HI; i++)
        assert_true(tmax[i]);
    for (int i = 0; i < 16; i++)
        assert_true(tb[i]);
    assert_int_equal(ranges_seen, 6);
    assert_int_equal(flags_seen, 0x7f);
    assert_int_equal(halves, 3);
    assert_int_equal(keys_seen, 0x1f);
    assert_true(qemu);
    assert_true(aut_fault > 100 && autc_fault > 100);
    assert_true(autc_pass_fpac > 10);
    assert_true(signed_ok > 1000);
    assert_true(flip_fault > 100);
}

static void test_gen_hw_only(void **state)
{
    (void)state;
    qpac_gen g;
    qpac_state st;
    qpac_pvs_item it;
    qpac_gen_init(&g, 5, 1);
    qpac_state_init(&st);
    for (int i = 0; i < 100000; i++) {
        qpac_gen_next(&g, &st, &it);
        assert_int_equal(st.cfg.compat, QPAC_COMPAT_ARCH);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_smoke_arch),
        cmocka_unit_test(test_smoke_qemu),
        cmocka_unit_test(test_defaults_and_partial_cfg),
        cmocka_unit_test(test_accepted_forms),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_error_hides_keys),
        cmocka_unit_test(test_line_limits),
        cmocka_unit_test(test_overlong_stops_reading),
        cmocka_unit_test(test_number_parser),
        cmocka_unit_test(test_sections),
        cmocka_unit_test(test_error_is_atomic),
        cmocka_unit_test(test_junk),
        cmocka_unit_test(test_mutations),
        cmocka_unit_test(test_writer_format),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_gen_deterministic),
        cmocka_unit_test(test_gen_coverage),
        cmocka_unit_test(test_gen_hw_only),
        cmocka_unit_test(test_hex_every_byte),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_tool.c - the qpac command (QPAC_TOOL) as a user runs it: every exit
 * code of run, check, gen, pac, aut, xpac and pacga, check's output format,
 * run's output re-checking clean, gen's output checking clean, usage errors,
 * keys never echoed, and the README's library example compiling and running.
 *
 * Known answers come from qemu-smoke.pvs (QEMU 7.2) and the spec's PACGA
 * vector (spec 7.2); scratch files go to $(BUILD)/tests/tool-tmp.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <cmocka.h>

#ifndef QPAC_VECTORS_DIR
#define QPAC_VECTORS_DIR "../shared/vectors"
#endif
#ifndef QPAC_TOOL
#define QPAC_TOOL "build/bin/qpac"
#endif
#define SMOKE QPAC_VECTORS_DIR "/qemu-smoke.pvs"

static char tmpdir[600], builddir[512];

/* the first block of qemu-smoke.pvs: its cfg and keys */
#define SMOKE_CFG1 "--t0sz 17 --t1sz 18 --tbi0 0 --tbi1 0 --tbid0 1 --tbid1 0"
#define SMOKE_KEY_DA "--key da --key-hi 0925e4749b575bd1 --key-lo ae66267594c9c950"
#define SMOKE_KEY_IB "--key ib --key-hi 4067c3584ee207f8 --key-lo 3653f8dd9b1f282e"

typedef struct {
    int rc;
    char out[1 << 20];
    char err[1 << 16];
} result;

static result R;

static void slurp(const char *path, char *buf, size_t len)
{
    FILE *fp = fopen(path, "rb");
    size_t n = fp ? fread(buf, 1, len - 1, fp) : 0;
    buf[n] = '\0';
    if (fp)
        fclose(fp);
}

/* Runs "QPAC_TOOL ARGS" through sh; fills R (stdout, stderr, exit code). */
static int qpac(const char *fmt, ...)
{
    char args[4096], cmd[8192], errpath[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(errpath, sizeof errpath, "%s/stderr", tmpdir);
    /* timeout: a tool that never ends (e.g. --count " -1" read as 2^64-1) fails */
    snprintf(cmd, sizeof cmd, "timeout 60 %s %s 2>%s", QPAC_TOOL, args, errpath);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(R.out, 1, sizeof R.out - 1, p);
    R.out[n] = '\0';
    int st = pclose(p);
    R.rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    slurp(errpath, R.err, sizeof R.err);
    return R.rc;
}

static int sh(const char *fmt, ...)
{
    char cmd[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static const char *last_line(const char *s)
{
    static char line[512];
    size_t n = strlen(s);
    while (n && s[n - 1] == '\n')
        n--;
    size_t b = n;
    while (b && s[b - 1] != '\n')
        b--;
    snprintf(line, sizeof line, "%.*s", (int)(n - b), s + b);
    return line;
}

static void write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(text, fp);
    fclose(fp);
}

static char *tmp(const char *name)
{
    static char paths[8][700];
    static int k;
    char *p = paths[k++ & 7];
    snprintf(p, 700, "%s/%s", tmpdir, name);
    return p;
}

/* Op lines of a file, counted as plain text. */
static unsigned count_op_lines(const char *path)
{
    FILE *fp = fopen(path, "r");
    char line[2048];
    unsigned n = 0;
    assert_non_null(fp);
    while (fgets(line, sizeof line, fp)) {
        const char *p = line + strspn(line, " \t");
        if (*p == '#' || *p == '\n' || *p == '\0' || !strncmp(p, "cfg ", 4) || !strncmp(p, "key ", 4) ||
            !strncmp(p, "begin", 5) || !strncmp(p, "end ", 4))
            continue;
        n++;
    }
    fclose(fp);
    return n;
}

static int setup(void **state)
{
    (void)state;
    /* QPAC_TOOL is $(BUILD)/bin/qpac */
    snprintf(builddir, sizeof builddir, "%s", QPAC_TOOL);
    char *s = strstr(builddir, "/bin/qpac");
    if (s)
        *s = '\0';
    else
        snprintf(builddir, sizeof builddir, "build");
    snprintf(tmpdir, sizeof tmpdir, "%s/tests/tool-tmp", builddir);
    return sh("mkdir -p '%s'", tmpdir);
}

/* ---------------------------------------------------------------------------
 * help and dispatch
 * ------------------------------------------------------------------------- */
static void test_help(void **state)
{
    (void)state;
    static const char *const cmds[] = {"run", "check", "gen", "pac", "aut", "xpac", "pacga"};
    assert_int_equal(qpac("--help"), 0);
    assert_non_null(strstr(R.out, "usage: qpac"));
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        char want[64];
        assert_int_equal(qpac("%s --help", cmds[i]), 0);
        snprintf(want, sizeof want, "usage: qpac %s", cmds[i]);
        assert_non_null(strstr(R.out, want));
        assert_int_equal(qpac("%s -h", cmds[i]), 0);
        assert_int_equal(qpac("%s --no-such-option", cmds[i]), 2);
        assert_non_null(strstr(R.err, "unknown option '--no-such-option'"));
    }
    assert_int_equal(qpac(""), 2);
    assert_int_equal(qpac("frobnicate"), 2);
}

/* ---------------------------------------------------------------------------
 * check
 * ------------------------------------------------------------------------- */
static void test_check_smoke(void **state)
{
    (void)state;
    char want[64];
    unsigned n = count_op_lines(SMOKE);
    assert_int_equal(n, 99);
    assert_int_equal(qpac("check %s", SMOKE), 0);
    snprintf(want, sizeof want, "%u passed, 0 failed", n);
    assert_string_equal(last_line(R.out), want);
    assert_int_equal(qpac("check %s %s", SMOKE, SMOKE), 0);
    snprintf(want, sizeof want, "%u passed, 0 failed", 2 * n);
    assert_string_equal(last_line(R.out), want);
    assert_int_equal(qpac("check - < %s", SMOKE), 0);
}

/* A copy of qemu-smoke.pvs with one expected value changed. */
static void test_check_mismatch(void **state)
{
    (void)state;
    static char text[1 << 16];
    char want[256];
    slurp(SMOKE, text, sizeof text);
    const char *line = "autda 829c3a185186ee32 e2520e33e44c5055 fffffa185186ee32";
    char *p = strstr(text, line);
    assert_non_null(p);
    unsigned lineno = 1;
    for (char *q = text; q < p; q++)
        lineno += *q == '\n';
    p[strlen(line) - 1] = '3';
    const char *f = tmp("mismatch.pvs");
    write_file(f, text);
    assert_int_equal(qpac("check %s", f), 1);
    snprintf(want, sizeof want,
             "%s:%u: autda 829c3a185186ee32 e2520e33e44c5055: expected fffffa185186ee33, got "
             "fffffa185186ee32\n", f, lineno);
    assert_non_null(strstr(R.out, want));
    assert_string_equal(last_line(R.out), "98 passed, 1 failed");
    /* --quiet keeps only the summary */
    assert_int_equal(qpac("check -q %s", f), 1);
    assert_string_equal(R.out, "98 passed, 1 failed\n");
}

/* fault in either column: AUTIB of this pointer fails (qemu-smoke.pvs line:
 * autib 829c3a185186ee32 e2520e33e44c5055 dffffa185186ee32), so under
 * FEAT_FPAC it faults, and under FEAT_PAuth it returns the error code. */
static void test_check_fault_columns(void **state)
{
    (void)state;
    const char *f = tmp("fault.pvs");
    write_file(f, "cfg t0sz=17 t1sz=18 tbi0=0 tbi1=0 tbid0=1 tbid1=0\n"
                  "key ib 4067c3584ee207f8 3653f8dd9b1f282e\n"
                  "autib 829c3a185186ee32 e2520e33e44c5055 fault\n"
                  "cfg feat=fpac\n"
                  "autib 829c3a185186ee32 e2520e33e44c5055 dffffa185186ee32\n"
                  "autib 829c3a185186ee32 e2520e33e44c5055 fault\n"
                  "brab 829c3a185186ee32 e2520e33e44c5055 fault\n"
                  "cfg feat=fpaccombine\n"
                  "brab 829c3a185186ee32 e2520e33e44c5055 fault\n");
    assert_int_equal(qpac("check %s", f), 1);
    char want[256];
    snprintf(want, sizeof want,
             "%s:3: autib 829c3a185186ee32 e2520e33e44c5055: expected fault, got dffffa185186ee32\n"
             "%s:5: autib 829c3a185186ee32 e2520e33e44c5055: expected dffffa185186ee32, got fault\n",
             f, f);
    assert_non_null(strstr(R.out, want));
    /* BRAB does not fault under FEAT_FPAC (only standalone AUT does) */
    assert_non_null(strstr(R.out, ":7: brab 829c3a185186ee32 e2520e33e44c5055: expected fault, got "));
    assert_string_equal(last_line(R.out), "2 passed, 3 failed");
}

static void test_check_exit_codes(void **state)
{
    (void)state;
    assert_int_equal(qpac("check"), 2);
    assert_int_equal(qpac("check %s/no-such-file.pvs", tmpdir), 2);
    assert_non_null(strstr(R.err, "cannot open"));
    assert_int_equal(qpac("check %s", tmpdir), 2); /* a directory */
    assert_non_null(strstr(R.err, ":1: read error"));

    const char *bad = tmp("bad.pvs");
    write_file(bad, "pacia 0000000000000001 0000000000000002 7da0000000000001\n"
                    "pacia 0000000000000001 0000000000000002 00000000000000001\n");
    assert_int_equal(qpac("check %s", bad), 2);
    char want[600];
    snprintf(want, sizeof want, "%s:2: hex value has 17 digits, expected exactly 16 (field expected)", bad);
    assert_non_null(strstr(R.err, want));
    /* other files are still checked; the input error wins the exit code */
    assert_int_equal(qpac("check %s %s", bad, SMOKE), 2);
    assert_non_null(strstr(R.out, "99 passed, "));

    const char *none = tmp("none.pvs");
    write_file(none, "# no expected results\npacia 0000000000000001 0000000000000002\n");
    assert_int_equal(qpac("check %s", none), 1);
    assert_string_equal(last_line(R.out), "0 passed, 0 failed");
    write_file(none, "");
    assert_int_equal(qpac("check %s", none), 1);
    assert_string_equal(last_line(R.out), "0 passed, 0 failed");
}

/* ---------------------------------------------------------------------------
 * run
 * ------------------------------------------------------------------------- */
static void test_run(void **state)
{
    (void)state;
    static char text[1 << 16], stripped[1 << 16];
    slurp(SMOKE, text, sizeof text);
    /* the smoke file without its expected column */
    char *o = stripped;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        size_t n = strlen(line);
        if (strncmp(line, "cfg", 3) && strncmp(line, "key", 3) && line[0] != '#')
            n = (size_t)(strrchr(line, ' ') - line);
        memcpy(o, line, n);
        o += n;
        *o++ = '\n';
    }
    *o = '\0';
    const char *in = tmp("stripped.pvs"), *out = tmp("run-out.pvs");
    write_file(in, stripped);
    assert_int_equal(qpac("check %s", in), 1); /* nothing to compare yet */
    assert_int_equal(qpac("run %s -o %s", in, out), 0);
    assert_string_equal(R.err, "");
    /* the output is the original file again, and checks clean */
    slurp(SMOKE, text, sizeof text);
    slurp(out, stripped, sizeof stripped);
    assert_string_equal(stripped, text);
    assert_int_equal(qpac("check %s", out), 0);
    assert_string_equal(last_line(R.out), "99 passed, 0 failed");
    /* stdin, with '-' or no argument */
    assert_int_equal(qpac("run - < %s", in), 0);
    assert_string_equal(R.out, text);
    assert_int_equal(qpac("run < %s", in), 0);
    assert_string_equal(R.out, text);
    /* run keeps comments, replaces a wrong expected column, exits 1 */
    const char *w = tmp("run-wrong.pvs");
    write_file(w, "cfg feat=pauth2 # c\npacga ffffffffffffffff 0000000000000000 0000000000000000 # why\n");
    assert_int_equal(qpac("run %s", w), 1);
    assert_non_null(strstr(R.err, ":2: pacga ffffffffffffffff 0000000000000000: expected 0000000000000000, got "));
    assert_non_null(strstr(R.out, "cfg feat=pauth2 # c\npacga ffffffffffffffff 0000000000000000 "));
    assert_non_null(strstr(R.out, "  # why\n"));
    write_file(w, R.out);
    assert_int_equal(qpac("check %s", w), 0);
    /* input errors */
    write_file(w, "cfg t0sz=16\ncfg t0sz=99\n");
    assert_int_equal(qpac("run %s", w), 2);
    assert_non_null(strstr(R.err, ":2: value 99 out of range 0..63 (field t0sz)"));
    assert_int_equal(qpac("run %s %s", w, w), 2);
    assert_int_equal(qpac("run %s/no-such-file.pvs", tmpdir), 2);
    assert_int_equal(qpac("run %s -o %s/no-such-dir/x.pvs", in, tmpdir), 2);
}

/* ---------------------------------------------------------------------------
 * gen
 * ------------------------------------------------------------------------- */
static void test_gen(void **state)
{
    (void)state;
    const char *a = tmp("gen-a.pvs"), *b = tmp("gen-b.pvs"), *c = tmp("gen-c.pvs");
    assert_int_equal(qpac("gen --seed 3 --count 3000 -o %s", a), 0);
    assert_int_equal(qpac("gen -s 3 -n 3000 > %s", b), 0);
    assert_int_equal(sh("cmp -s %s %s", a, b), 0); /* deterministic */
    assert_int_equal(count_op_lines(a), 3000);
    assert_int_equal(qpac("check %s", a), 0);
    assert_string_equal(last_line(R.out), "3000 passed, 0 failed");
    assert_int_equal(qpac("gen --seed 4 --count 3000 -o %s", c), 0);
    assert_int_not_equal(sh("cmp -s %s %s", a, c), 0);
    /* every mnemonic appears; compat=qemu appears, but never with --hw */
    slurp(a, R.out, sizeof R.out);
    static const char *const mn[] = {"pacia", "pacib", "pacda", "pacdb", "autia", "autib", "autda", "autdb",
                                     "braa", "brab", "ldraa", "ldrab", "xpaci", "xpacd", "pacga", "fault",
                                     "compat=qemu", "ranges=1", "# signed", "wrong-key", "wrong-mod", "flip-pac"};
    for (size_t i = 0; i < sizeof mn / sizeof mn[0]; i++)
        if (!strstr(R.out, mn[i]))
            fail_msg("gen output lacks '%s'", mn[i]);
    assert_int_equal(qpac("gen --seed 3 --count 3000 --hw -o %s", c), 0);
    slurp(c, R.out, sizeof R.out);
    assert_null(strstr(R.out, "compat=qemu"));
    /* shards: different streams, each self-contained */
    assert_int_equal(qpac("gen --seed 3 --count 500 --shard 2 -o %s", c), 0);
    assert_int_equal(qpac("check %s", c), 0);
    assert_int_equal(qpac("gen --seed 3 --count 0"), 0);
    assert_int_equal(count_op_lines(a), 3000);
    /* usage errors */
    assert_int_equal(qpac("gen --count x"), 2);
    assert_int_equal(qpac("gen --seed"), 2);
    assert_non_null(strstr(R.err, "needs a value"));
    assert_int_equal(qpac("gen --seed 99999999999999999999"), 2);
    assert_int_equal(qpac("gen extra"), 2);
    assert_int_equal(qpac("gen --hw=1"), 2);
    assert_int_equal(qpac("gen -o %s/no-such-dir/x.pvs", tmpdir), 2);
}

/* ---------------------------------------------------------------------------
 * pac, aut, xpac, pacga
 * ------------------------------------------------------------------------- */
static void test_single_values(void **state)
{
    (void)state;
    /* spec 7.2: PACGA with the paper's key and inputs */
    assert_int_equal(qpac("pacga --key-hi 84be85ce9804e94b --key-lo ec2802d4e0a488e9 "
                          "fb623599da6e8127 477d469dec0b8762"), 0);
    assert_string_equal(R.out, "c003b93900000000\n");
    assert_int_equal(qpac("pacga --key-hi 0x84be85ce9804e94b --key-lo ec2802d4e0a488e9 "
                          "--x fb623599da6e8127 -y 477d469dec0b8762 --expect c003b93900000000"), 0);
    assert_int_equal(qpac("pacga --key-hi 84be85ce9804e94b --key-lo ec2802d4e0a488e9 "
                          "fb623599da6e8127 477d469dec0b8762 -e c003b93900000001"), 1);
    assert_non_null(strstr(R.err, "expected c003b93900000001, got c003b93900000000"));
    /* qemu-smoke.pvs, first block */
    assert_int_equal(qpac("pac " SMOKE_CFG1 " " SMOKE_KEY_DA " fffffa185186ee32 e2520e33e44c5055"), 0);
    assert_string_equal(R.out, "829c3a185186ee32\n");
    assert_int_equal(qpac("pac " SMOKE_CFG1 " " SMOKE_KEY_DA " --ptr fffffa185186ee32 "
                          "--mod=e2520e33e44c5055 --pvs"), 0);
    assert_string_equal(R.out, "pacda fffffa185186ee32 e2520e33e44c5055 829c3a185186ee32\n");
    assert_int_equal(qpac("pac " SMOKE_CFG1 " " SMOKE_KEY_DA " fffffa185186ee32 e2520e33e44c5055 "
                          "--expect 829c3a185186ee32"), 0);
    assert_int_equal(qpac("pac " SMOKE_CFG1 " " SMOKE_KEY_DA " fffffa185186ee32 e2520e33e44c5055 "
                          "--expect 829c3a185186ee33"), 1);
    assert_non_null(strstr(R.err, "expected 829c3a185186ee33, got 829c3a185186ee32"));
    assert_int_equal(qpac("aut " SMOKE_CFG1 " " SMOKE_KEY_DA " 829c3a185186ee32 e2520e33e44c5055"), 0);
    assert_string_equal(R.out, "fffffa185186ee32\n");
    assert_int_equal(qpac("aut " SMOKE_CFG1 " " SMOKE_KEY_IB " 829c3a185186ee32 e2520e33e44c5055"), 0);
    assert_string_equal(R.out, "dffffa185186ee32\n");
    /* the same AUTIB faults under FEAT_FPAC; BRAB only under FPACCOMBINE */
    assert_int_equal(qpac("aut --feat fpac " SMOKE_CFG1 " " SMOKE_KEY_IB
                          " 829c3a185186ee32 e2520e33e44c5055 --expect fault"), 0);
    assert_non_null(strstr(R.out, " fault\n"));
    assert_non_null(strstr(R.err, "EC 0x1c, ISS 0x1 (instruction key, key B)")); /* spec 4 */
    assert_int_equal(qpac("aut --feat fpac " SMOKE_CFG1 " " SMOKE_KEY_IB
                          " 829c3a185186ee32 e2520e33e44c5055 --expect dffffa185186ee32"), 1);
    assert_int_equal(qpac("aut --feat fpac --combined " SMOKE_CFG1 " " SMOKE_KEY_IB
                          " 829c3a185186ee32 e2520e33e44c5055"), 0);
    assert_null(strstr(R.out, "fault"));
    assert_int_equal(qpac("aut --feat fpaccombine -c " SMOKE_CFG1 " " SMOKE_KEY_IB
                          " 829c3a185186ee32 e2520e33e44c5055 --pvs"), 0);
    assert_string_equal(R.out, "brab 829c3a185186ee32 e2520e33e44c5055 fault\n");
    /* xpaci/xpacd lines of qemu-smoke.pvs (blocks 1 and 3) */
    assert_int_equal(qpac("xpac " SMOKE_CFG1 " 48d408bf2c70501e"), 0);
    assert_string_equal(R.out, "ffffc8bf2c70501e\n");
    assert_int_equal(qpac("xpac --data --t0sz 33 --t1sz 20 --tbi0 1 --tbid0 1 80be19d3e0a54652"), 0);
    assert_string_equal(R.out, "fffff9d3e0a54652\n");
    assert_int_equal(qpac("xpac --key db --t0sz 33 --t1sz 20 --tbi0 1 --tbid0 1 --pvs 80be19d3e0a54652"), 0);
    assert_string_equal(R.out, "xpacd 80be19d3e0a54652 fffff9d3e0a54652\n");
    assert_int_equal(qpac("xpac -d --t0sz 33 --t1sz 20 --tbi0 1 --tbid0 1 80be19d3e0a54652 "
                          "-e fffff9d3e0a54652"), 0);
    assert_int_equal(qpac("xpac -d --t0sz 33 --t1sz 20 --tbi0 1 --tbid0 1 80be19d3e0a54652 "
                          "-e 80be19d3e0a54652"), 1);
    /* --load: cfg and keys from a script (its op lines ignored) */
    assert_int_equal(qpac("pac --load %s --key da fffffa185186ee32 e2520e33e44c5055", SMOKE), 0);
    /* the whole file leaves its last block in force: use the head of the file */
    assert_string_not_equal(R.out, "829c3a185186ee32\n");
    const char *head = tmp("head.pvs");
    assert_int_equal(sh("head -n 14 %s > %s", SMOKE, head), 0);
    assert_int_equal(qpac("pac -l %s -k da fffffa185186ee32 e2520e33e44c5055", head), 0);
    assert_string_equal(R.out, "829c3a185186ee32\n");
    assert_int_equal(qpac("pacga -l %s ffffffffffffffff 09325626e6b58de7", head), 0);
    assert_string_equal(R.out, "3048ddf100000000\n");
}

static void test_single_usage_errors(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "pac",                                  /* no pointer */
        "pac 1 2 3",                            /* too many */
        "pac 00000000000000001",                /* 17 digits */
        "pac xyz",                              /* not hex */
        "pac --ptr",                            /* missing value */
        "pac --ptr 1 --ptr 2",                  /* twice */
        "pac --t0sz 64 1",
        "pac --tbi0 2 1",
        "pac --ranges 3 1",
        "pac --alg qarma4 1",
        "pac --feat none 1",
        "pac --compat bochs 1",
        "pac --tszmax 50 1",
        "pac --key zz 1",
        "pac --key ga 1",
        "pac --x 1",
        "pac --combined 1",
        "pac --expect fault 1",
        "pac --expect nothex 1",
        "aut --combined --key da 1 2",          /* LDRA* uses modifier 0 */
        "aut --data 1",
        "xpac 1 2",
        "xpac --mod 1 1",
        "xpac --key-hi 1 1",
        "xpac --key ga 1",
        "pacga --key ia 1",
        "pacga --ptr 1",
        "pacga",
        "pac --load /no/such/file.pvs 1",
        "pacga --help=yes",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (qpac("%s", bad[i]) != 2 || R.err[0] == '\0')
            fail_msg("'qpac %s' exit %d, stderr '%s'", bad[i], R.rc, R.err);
    /* a bad --load file reports FILE:LINE */
    const char *f = tmp("badstate.pvs");
    write_file(f, "key ia 0123456789abcdef\n");
    assert_int_equal(qpac("pac --load %s 1", f), 2);
    assert_non_null(strstr(R.err, ":1: missing key half K<63:0> (field lo)"));
    assert_null(strstr(R.err, "0123456789abcdef"));
}

/* Keys are never printed, not even in errors. */
static void test_keys_not_echoed(void **state)
{
    (void)state;
    assert_int_equal(qpac("pac --key-hi 0123456789abcdef --key-lo fedcba9876543210 --t0sz 99 1"), 2);
    assert_null(strstr(R.err, "0123456789abcdef"));
    assert_null(strstr(R.err, "fedcba9876543210"));
    assert_int_equal(qpac("pac --key-hi 0123456789abcdeZ 1"), 2);
    assert_null(strstr(R.err, "0123456789abcde"));
    assert_int_equal(qpac("pac --key-hi 0123456789abcdef --key-lo fedcba9876543210 1 2"), 0);
    assert_null(strstr(R.out, "0123456789abcdef"));
    assert_null(strstr(R.out, "fedcba9876543210"));
    const char *f = tmp("keyerr.pvs");
    write_file(f, "key ia 0123456789abcdef fedcba987654321X\n");
    assert_int_equal(qpac("check %s", f), 2);
    assert_null(strstr(R.err, "0123456789abcdef"));
    assert_null(strstr(R.out, "0123456789abcdef"));
}

/* ---------------------------------------------------------------------------
 * issue 10: D2 key echo, D3 outputs, D5 overlong input, D6 numbers
 * ------------------------------------------------------------------------- */

/* D2: a key line with its name missing quotes nothing of the key. */
static void test_d2_key_line_name_missing(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "key 84be85ce9804e94b ec2802d4e0a488e9\n",      /* name missing */
        "84be85ce9804e94b ec2802d4e0a488e9\n",          /* 'key ia' missing */
        "key ia 84be85ce9804e94b ec2802d4e0a488e9 x\n", /* extra text */
        "cfg t0sz=0x84be85ce9804e94b\n",                /* a key in a cfg value */
        "cfg 84be85ce9804e94b=1\n",                     /* ... or a cfg name */
        "pacia 0000000000000000 0000000000000000 0000000000000000 84be85ce9804e94b\n",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        const char *f = tmp("d2.pvs");
        write_file(f, lines[i]);
        assert_int_equal(qpac("check %s", f), 2);
        assert_non_null(strstr(R.err, "d2.pvs:1: "));
        if (strstr(R.err, "84be85ce") || strstr(R.out, "84be85ce") || strstr(R.err, "9565"))
            fail_msg("key material echoed for line %zu: %s", i, R.err);
    }
    /* a bad key half given inline (--key-lo=V) was echoed in the option name
     * (found by tests/fuzz/fuzz_num); an unknown option's inline value too */
    assert_int_equal(qpac("pac --key-lo=84be85ce9804e94bX 1 2"), 2);
    assert_null(strstr(R.err, "84be85ce"));
    assert_non_null(strstr(R.err, "--key-lo"));
    assert_int_equal(qpac("pac --key-low=84be85ce9804e94b 1 2"), 2);
    assert_null(strstr(R.err, "84be85ce"));
    /* pvs2memh's table reader (shifted columns put a key half first) */
    const char *k = tmp("d2.txt"), *m = tmp("d2.memh");
    write_file(k, "84be85ce9804e94b ec2802d4e0a488e9 0 0 0 0\n");
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s/rtl/pvs2memh --kat %s %s 2>%s", builddir, k, m, tmp("d2.err"));
    if (sh("test -x %s/rtl/pvs2memh", builddir) == 0) {
        assert_int_not_equal(sh("%s", cmd), 0);
        slurp(tmp("d2.err"), R.err, sizeof R.err);
        assert_null(strstr(R.err, "84be85ce"));
    }
}

/* D5: input without a line ending stops at the first overlong line, exit 2 at once. */
static void test_d5_overlong_input_stops(void **state)
{
    (void)state;
    static const char *const cmds[] = {"check /dev/zero", "check /dev/full", "pac --load /dev/full 1",
                                       "run /dev/zero"};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        /* timeout: a reader that never stops makes this fail, not hang */
        char args[256];
        snprintf(args, sizeof args, "%s", cmds[i]);
        int rc = sh("timeout 5 %s %s >/dev/null 2>%s", QPAC_TOOL, args, tmp("d5.err"));
        slurp(tmp("d5.err"), R.err, sizeof R.err);
        if (rc != 2 || !strstr(R.err, ":1: line longer than 1024 characters (field line)"))
            fail_msg("qpac %s: exit %d, %s", cmds[i], rc, R.err);
    }
}

/* D6: one number syntax: no sign, no octal, range-checked, same in every command. */
static void test_d6_numbers(void **state)
{
    (void)state;
    static const char *const bad[] = {"' -1'", "-1", "+5", "' 5'", "5x", "0x", "''",
                                      "18446744073709551616", "0x10000000000000000"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (qpac("gen --count %s -o /dev/null", bad[i]) != 2 ||
            qpac("export --format pvs --count %s -o /dev/null", bad[i]) != 2 ||
            qpac("gen --seed %s -o /dev/null", bad[i]) != 2 ||
            qpac("export --format pvs --seed %s -o /dev/null", bad[i]) != 2)
            fail_msg("'%s' accepted as a number", bad[i]);
    }
    /* --seed 010 is ten everywhere (not octal 8) */
    static char a[1 << 16], b[1 << 16];
    assert_int_equal(qpac("gen --seed 010 --count 20"), 0);
    memcpy(a, R.out, sizeof a);
    assert_int_equal(qpac("gen --seed 10 --count 20"), 0);
    assert_string_equal(a, R.out);
    assert_int_equal(qpac("gen --seed 0xa --count 20"), 0);
    memcpy(b, R.out, sizeof b);
    assert_int_equal(qpac("gen --seed 8 --count 20"), 0);
    assert_true(strcmp(b, R.out) != 0);
    assert_int_equal(qpac("export --format csv --seed 010 --count 5 -o -"), 0);
    memcpy(a, R.out, sizeof a);
    assert_int_equal(qpac("export --format csv --seed 10 --count 5 -o -"), 0);
    /* the header records the seed as given by the number, not the text */
    assert_string_equal(a, R.out);
    /* cfg fields take the same syntax */
    assert_int_equal(qpac("pac --t0sz 0x10 --t1sz 010 1 2"), 0);
    assert_int_equal(qpac("pac --t0sz -1 1 2"), 2);
    assert_int_equal(qpac("pac --t0sz +5 1 2"), 2);
}

/* D3: every output through a temporary file: a write failure leaves no file. */
static void test_d3_failed_write_leaves_nothing(void **state)
{
    (void)state;
    static const char *const fmts[] = {"pvs", "csv", "jsonl", "wycheproof", "readmemh", "stil"};
    for (size_t i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
        const char *f = tmp("d3.out");
        sh("rm -f %s %s.tmp*", f, f);
        /* ulimit -f 8: 8 KiB, far less than 2000 vectors */
        int rc = sh("ulimit -f 8; %s export --no-progress --format %s --count 2000 -o %s 2>/dev/null",
                    QPAC_TOOL, fmts[i], f);
        if (rc == 0 || sh("test -e %s", f) == 0 || sh("ls %s.tmp* >/dev/null 2>&1", f) == 0)
            fail_msg("export --format %s under ulimit -f: exit %d, partial file left", fmts[i], rc);
    }
    const char *g = tmp("d3gen.pvs");
    sh("rm -f %s", g);
    assert_true(sh("ulimit -f 8; %s gen --count 5000 -o %s 2>/dev/null", QPAC_TOOL, g) != 0);
    assert_int_not_equal(sh("test -e %s", g), 0);
    /* run: an input error leaves no output either */
    const char *bad = tmp("d3bad.pvs"), *o = tmp("d3run.pvs");
    write_file(bad, "pacia 0000000000000000 0000000000000000\nbogus\n");
    sh("rm -f %s", o);
    assert_int_equal(qpac("run %s -o %s", bad, o), 2);
    assert_int_not_equal(sh("test -e %s", o), 0);
}

/* D3: an output that is the input is refused and the input is left alone. */
static void test_d3_output_is_input(void **state)
{
    (void)state;
    const char *f = tmp("d3same.pvs"), *l = tmp("d3link.pvs");
    assert_int_equal(sh("cp %s %s && ln -sf d3same.pvs %s", SMOKE, f, l), 0);
    assert_int_equal(qpac("run %s -o %s", f, f), 2);
    assert_non_null(strstr(R.err, "the output is the input"));
    assert_int_equal(qpac("run %s -o %s", f, l), 2);
    assert_int_equal(sh("cmp -s %s %s", SMOKE, f), 0);
    assert_int_equal(qpac("run %s -o %s", f, tmp("d3other.pvs")), 0);
}

/* D3: generated .pvs files are self-delimiting: a file cut at a line boundary fails. */
static void test_d3_cut_pvs_fails(void **state)
{
    (void)state;
    const char *f = tmp("d3full.pvs"), *c = tmp("d3cut.pvs");
    assert_int_equal(qpac("gen --seed 3 --count 500 -o %s", f), 0);
    assert_int_equal(qpac("check %s", f), 0);
    assert_string_equal(last_line(R.out), "500 passed, 0 failed");
    /* every cut at a line boundary, up to the last line, fails */
    static const int cuts[] = {1, 2, 10, 200, 400};
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
        assert_int_equal(sh("head -n %d %s > %s", cuts[i], f, c), 0);
        if (qpac("check %s", c) != 2 || !strstr(R.err, "(field end)"))
            fail_msg("a .pvs cut to %d lines passes qpac check: %s", cuts[i], R.err);
    }
    assert_int_equal(sh("sed '$d' %s > %s", f, c), 0); /* only the end record missing */
    assert_int_equal(qpac("check %s", c), 2);
    assert_int_equal(sh("sed 's/^end 500$/end 499/' %s > %s", f, c), 0);
    assert_int_equal(qpac("check %s", c), 2);
    assert_non_null(strstr(R.err, "end record count differs from the 500 op lines of the section (field end)"));
    /* export --format pvs and run -o keep the records; sections concatenate */
    assert_int_equal(qpac("export --no-progress --format pvs --count 50 -o %s", c), 0);
    assert_int_equal(sh("head -n 20 %s > %s.cut", c, c), 0);
    assert_int_equal(qpac("check %s.cut", c), 2);
    assert_int_equal(qpac("run %s -o %s.run", f, c), 0);
    assert_int_equal(sh("tail -1 %s.run | grep -qx 'end 500'", c), 0);
    assert_int_equal(sh("cat %s %s > %s.cat", f, c, c), 0);
    assert_int_equal(qpac("check %s.cat", c), 0);
}

/* cmodel/README.md shows tests/cmodel/example.c verbatim; it builds and runs. */
static void test_readme_example(void **state)
{
    (void)state;
    static char readme[1 << 17], example[1 << 14];
    slurp("cmodel/README.md", readme, sizeof readme);
    slurp("tests/cmodel/example.c", example, sizeof example);
    assert_true(strlen(example) > 100);
    assert_non_null(strstr(readme, example));
    const char *exe = tmp("example");
    /* the compiler and flags of the build (make test-sanitize: ASan+UBSan) */
    const char *cc = getenv("CC"), *cflags = getenv("CFLAGS");
    assert_int_equal(sh("%s %s -std=c11 -Wall -Wextra -Werror -Icmodel/include tests/cmodel/example.c "
                        "%s/lib/libqpac.a -o %s", cc && *cc ? cc : "cc", cflags ? cflags : "",
                        builddir, exe), 0);
    char cmd[1024], out[256];
    snprintf(cmd, sizeof cmd, "%s %s", exe, SMOKE);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = '\0';
    assert_int_equal(pclose(p), 0);
    assert_string_equal(out, "pacga c003b93900000000\n99 passed, 0 failed\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help),
        cmocka_unit_test(test_check_smoke),
        cmocka_unit_test(test_check_mismatch),
        cmocka_unit_test(test_check_fault_columns),
        cmocka_unit_test(test_check_exit_codes),
        cmocka_unit_test(test_run),
        cmocka_unit_test(test_gen),
        cmocka_unit_test(test_single_values),
        cmocka_unit_test(test_single_usage_errors),
        cmocka_unit_test(test_keys_not_echoed),
        cmocka_unit_test(test_d2_key_line_name_missing),
        cmocka_unit_test(test_d5_overlong_input_stops),
        cmocka_unit_test(test_d6_numbers),
        cmocka_unit_test(test_d3_failed_write_leaves_nothing),
        cmocka_unit_test(test_d3_output_is_input),
        cmocka_unit_test(test_d3_cut_pvs_fails),
        cmocka_unit_test(test_readme_example),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}

/*
 * bench.c - `qpac bench`: nanoseconds per ComputePAC (each algorithm, each
 * available implementation) and per unit operation (qpac_exec).
 *
 * Every figure is the latency of one call: each call's input depends on the
 * previous call's output, so calls cannot overlap and nothing is optimised
 * away. The "indep" lines instead run four independent chains side by side
 * (throughput per call when a caller has several PACs to compute), and the
 * "batch" lines time each batch implementation of the table per PAC (one
 * key; "batch-keys": a key per item). Each line
 * runs batches of about 1 ms of thread CPU time for --time seconds and prints
 * the fastest batch, the most repeatable figure on a machine shared with
 * other work. The "gen pvs" and "check pvs" lines are throughputs in
 * vectors (op lines) per second: the generator writing .pvs text to
 * /dev/null, and `qpac check`'s evaluation of 256-vector scripts held in
 * memory (the cipher, the pointer rules and the .pvs reader and writer).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmds.h"
#include "qpac.h"
#include "util.h"

static double clock_s(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Wall time bounds a line; each batch is timed in this thread's CPU time, so
 * a batch interrupted by other processes is not charged for their time. */
static double now(void) { return clock_s(CLOCK_MONOTONIC); }
static double cpu_now(void) { return clock_s(CLOCK_THREAD_CPUTIME_ID); }

/* What a measured loop needs. `zero` is 0 at run time but unknown to the
 * compiler: ANDing a result with it builds a real data dependency. */
typedef struct {
    qpac_state st;
    qpac_impl impl;
    qpac_alg alg;
    qpac_op op;
    qpac_keyid key;
    uint64_t zero;
    uint64_t ptr[256], mod[256]; /* inputs for AUT lines */
} bench_ctx;

/* A measured loop: n calls, returns a value that depends on all of them. */
typedef uint64_t (*bench_loop)(const bench_ctx *c, long n, uint64_t seed);

static uint64_t loop_computepac_impl(const bench_ctx *c, long n, uint64_t x)
{
    for (long i = 0; i < n; i++)
        x = qpac_ComputePAC_impl(c->impl, x, (uint64_t)i, UINT64_C(0x84be85ce9804e94b),
                                 UINT64_C(0xec2802d4e0a488e9), c->alg);
    return x;
}

static uint64_t loop_computepac(const bench_ctx *c, long n, uint64_t x)
{
    for (long i = 0; i < n; i++)
        x = qpac_ComputePAC(x, (uint64_t)i, UINT64_C(0x84be85ce9804e94b),
                            UINT64_C(0xec2802d4e0a488e9), c->alg);
    return x;
}

/* Four independent chains: n counts calls, not iterations. */
static uint64_t loop_computepac_indep(const bench_ctx *c, long n, uint64_t x)
{
    uint64_t a = x, b = x + 1, d = x + 2, e = x + 3;
    for (long i = 0; i < n; i += 4) {
        a = qpac_ComputePAC(a, (uint64_t)i, UINT64_C(0x84be85ce9804e94b), 1, c->alg);
        b = qpac_ComputePAC(b, (uint64_t)i, UINT64_C(0x84be85ce9804e94b), 2, c->alg);
        d = qpac_ComputePAC(d, (uint64_t)i, UINT64_C(0x84be85ce9804e94b), 3, c->alg);
        e = qpac_ComputePAC(e, (uint64_t)i, UINT64_C(0x84be85ce9804e94b), 4, c->alg);
    }
    return a ^ b ^ d ^ e;
}

/* A batch implementation on BATCH_N words, in place: each pass signs the
 * previous pass's results. n counts PACs. */
enum { BATCH_N = 1024 };

static uint64_t loop_batch(const bench_ctx *c, long n, uint64_t x, int keys)
{
    static uint64_t buf[BATCH_N], mod[BATCH_N], k0[BATCH_N], k1[BATCH_N];
    for (int j = 0; j < BATCH_N; j++) {
        buf[j] = x + (uint64_t)j;
        mod[j] = (uint64_t)j * UINT64_C(0x9e3779b97f4a7c15);
        k0[j] = UINT64_C(0x84be85ce9804e94b) + (uint64_t)j;
        k1[j] = UINT64_C(0xec2802d4e0a488e9) ^ (uint64_t)j;
    }
    for (long i = 0; i < n; i += BATCH_N) {
        if (keys)
            qpac_ComputePAC_batch_keys_using(c->impl, buf, mod, BATCH_N, k0, k1, c->alg, buf);
        else
            qpac_ComputePAC_batch_using(c->impl, buf, mod, BATCH_N, k0[0], k1[0], c->alg, buf);
    }
    return buf[0] ^ buf[BATCH_N - 1];
}

static uint64_t loop_computepac_batch(const bench_ctx *c, long n, uint64_t x)
{
    return loop_batch(c, n, x, 0);
}

static uint64_t loop_computepac_batch_keys(const bench_ctx *c, long n, uint64_t x)
{
    return loop_batch(c, n, x, 1);
}

/* PAC, XPAC, PACGA: the next pointer is the previous result (kept in the
 * lower half so it stays a plausible pointer). */
static uint64_t loop_exec_chain(const bench_ctx *c, long n, uint64_t x)
{
    qpac_result r;
    for (long i = 0; i < n; i++) {
        (void)qpac_exec(&c->st, c->op, c->key, x, UINT64_C(0x0000ffffd3a0b410), &r);
        x = (r.value & UINT64_C(0x0000fffffffffff0)) ^ (uint64_t)i;
    }
    return x;
}

/* AUT lines: inputs from a table (signed, or tampered), each made to depend
 * on the previous result through `zero`. */
static uint64_t loop_exec_table(const bench_ctx *c, long n, uint64_t x)
{
    qpac_result r;
    for (long i = 0; i < n; i++) {
        unsigned j = (unsigned)i & 255;
        (void)qpac_exec(&c->st, c->op, c->key, c->ptr[j] ^ (x & c->zero), c->mod[j], &r);
        x = r.value ^ (uint64_t)r.fault;
    }
    return x;
}

/* gen pvs: qpac gen's loop (generator, then the .pvs writer) to /dev/null;
 * n counts op lines. */
static FILE *gen_out;
static uint64_t loop_gen_pvs(const bench_ctx *c, long n, uint64_t x)
{
    static qpac_gen g;
    static qpac_state st;
    static int started;
    qpac_pvs_item it;
    (void)c;
    if (!started) {
        qpac_gen_init(&g, 1, 0);
        qpac_state_init(&st);
        started = 1;
    }
    for (uint64_t end = qpac_gen_ops(&g) + (uint64_t)n; qpac_gen_ops(&g) < end;) {
        qpac_gen_next(&g, &st, &it);
        x ^= (uint64_t)qpac_pvs_write_item(gen_out, &st, &it);
    }
    return x ^ qpac_gen_ops(&g);
}

/* check pvs: qpac check's evaluation (qpac_check_stream) of a 256-vector
 * script in memory, n / 256 times; check_bad is set if any vector failed. */
enum { CHECK_N = 256 };
static char *check_text;
static size_t check_len;
static int check_bad;
static uint64_t loop_check_pvs(const bench_ctx *c, long n, uint64_t x)
{
    (void)c;
    for (long i = 0; i < n; i += CHECK_N) {
        qpac_check_tally t = {0, 0, 0, 1};
        FILE *fp = fmemopen(check_text, check_len, "r");
        if (!fp || qpac_check_stream(fp, "bench", &t) || t.passed != CHECK_N)
            check_bad = 1;
        if (fp)
            fclose(fp);
        x += t.passed;
    }
    return x;
}

/* The script loop_check_pvs reads: qpac gen --seed 1 --count 256. */
static int make_check_text(void)
{
    qpac_gen g;
    qpac_state st;
    qpac_pvs_item it;
    FILE *fp = open_memstream(&check_text, &check_len);
    if (!fp)
        return -1;
    int err = qpac_pvs_write_begin(fp) != 0;
    qpac_gen_init(&g, 1, 0);
    qpac_state_init(&st);
    while (!err && qpac_gen_ops(&g) < CHECK_N) {
        qpac_gen_next(&g, &st, &it);
        err = qpac_pvs_write_item(fp, &st, &it) != 0;
    }
    if (!err)
        err = qpac_pvs_write_end(fp, qpac_gen_ops(&g)) != 0;
    qpac_state_wipe(&st);
    return fclose(fp) || err ? -1 : 0;
}

static volatile uint64_t sink;
static volatile uint64_t zero_source; /* always 0 */

/* Fastest batch over about `seconds`, in ns per call. */
static double measure(bench_loop fn, const bench_ctx *c, double seconds)
{
    long n = 256;
    double t;
    for (;;) { /* calibrate: a batch of about 1 ms */
        t = cpu_now();
        sink ^= fn(c, n, sink);
        t = cpu_now() - t;
        if (t >= 0.001 || n >= (1L << 40))
            break;
        n *= t > 0.0001 ? 2 : 8;
    }
    double best = t / (double)n, start = now();
    do {
        t = cpu_now();
        sink ^= fn(c, n, sink);
        t = (cpu_now() - t) / (double)n;
        if (t < best)
            best = t;
    } while (now() - start < seconds);
    return best * 1e9;
}

static int markdown; /* --markdown: table rows for the README */

/* A throughput line: vectors per second from ns per vector. */
static void rate_line(const char *name, double ns)
{
    if (markdown)
        printf("| %s | %.0f vectors/s |\n", name, 1e9 / ns);
    else
        printf("%-34s %7.0f vectors/s\n", name, 1e9 / ns);
    fflush(stdout);
}

static void line(const char *name, double ns)
{
    if (markdown)
        printf("| %s | %.1f |\n", name, ns);
    else
        printf("%-34s %7.1f ns/op\n", name, ns);
    fflush(stdout);
}

/* Signed (pass) or signed-then-tampered (fail) inputs for an AUT line. */
static void fill_aut_inputs(bench_ctx *c, qpac_keyid key, int fail)
{
    qpac_result r;
    uint64_t x = UINT64_C(0x0000aaaa00001000);
    int data = key >= QPAC_KEY_DA;
    for (int j = 0; j < 256; j++) {
        uint64_t mod = (c->op == QPAC_OP_AUTC && data) ? 0 : x * 3 + (uint64_t)j;
        uint64_t ptr = (x + (uint64_t)j * 0x1010) & UINT64_C(0x0000fffffffffff0);
        (void)qpac_exec(&c->st, QPAC_OP_PAC, key, ptr, mod, &r);
        c->ptr[j] = fail ? r.value ^ (UINT64_C(1) << 50) : r.value;
        c->mod[j] = mod;
    }
}

static void usage(FILE *fp)
{
    fprintf(fp,
            "usage: qpac bench [--time SECONDS] [--quick] [--markdown]\n\n"
            "Prints one line per measurement: NAME  N.N ns/op (--markdown: a table).\n"
            "  ComputePAC ALG IMPL     one call through qpac_ComputePAC_impl (each\n"
            "                          available one-call implementation: ref,\n"
            "                          portable, ssse3, avx)\n"
            "  ComputePAC ALG default  qpac_ComputePAC (the dispatched implementation)\n"
            "  ComputePAC ALG indep    four independent calls in flight (throughput)\n"
            "  ComputePAC ALG batch X  batch implementation X (avx2, bs64, bs256, bs512)\n"
            "                          over 1024 words, one key, per PAC; the batch entries\n"
            "                          use the fastest available one\n"
            "  ComputePAC ALG batch-keys X  the same with a key per item\n"
            "  OPERATION               qpac_exec of one instruction, 48-bit VA, TBI on,\n"
            "                          QARMA5 (autia pass/fail, autia fault at FEAT_FPAC)\n"
            "  gen pvs   N vectors/s   qpac gen's generator and .pvs writer, to /dev/null\n"
            "  check pvs N vectors/s   qpac check's reader and evaluation, from memory\n"
            "One-call figures are latencies (each call waits for the previous result);\n"
            "each is the fastest of batches of about 1 ms run for --time seconds a line\n"
            "(default 0.2; --quick = 0.02).\n");
}

int qpac_cmd_bench(int argc, char **argv)
{
    enum { OPT_TIME = 2, OPT_QUICK = 3, OPT_MARKDOWN = 4 };
    static const qpac_optdef defs[] = {
        QPAC_OPTDEF_HELP,
        {"time", 't', 1, OPT_TIME},
        {"quick", 'q', 0, OPT_QUICK},
        {"markdown", 'm', 0, OPT_MARKDOWN},
        QPAC_OPTDEF_END,
    };
    double seconds = 0.2;
    qpac_opts o;
    int id;
    qpac_opts_init(&o, argc, argv, "qpac bench");
    while ((id = qpac_opts_next(&o, defs)) != QPAC_OPT_END) {
        if (id == QPAC_OPT_ERR)
            return QPAC_EXIT_USAGE;
        if (id == QPAC_OPT_HELP) {
            usage(stdout);
            return QPAC_EXIT_OK;
        }
        if (id == OPT_QUICK) {
            seconds = 0.02;
        } else if (id == OPT_MARKDOWN) {
            markdown = 1;
        } else if (id == OPT_TIME) {
            char *end;
            double v = strtod(o.arg, &end);
            if (end == o.arg || *end || !(v > 0 && v <= 60)) {
                fprintf(stderr, "qpac bench: bad value for %s: '%s' (seconds, 0 < s <= 60)\n",
                        o.name, o.arg);
                return QPAC_EXIT_USAGE;
            }
            seconds = v;
        } else {
            fprintf(stderr, "qpac bench: unexpected argument '%s' (try --help)\n", o.arg);
            return QPAC_EXIT_USAGE;
        }
    }

    static bench_ctx c; /* large: not on the stack */
    memset(&c, 0, sizeof c);
    c.zero = zero_source;
    char name[64];
    if (markdown)
        printf("| measurement | ns/op |\n|---|---|\n");

    /* One-call implementations, then the batch implementations, from the
     * implementation table (qpac_impl_lanes: 1 = one-call code). */
    for (int alg = 0; alg < 2; alg++) {
        c.alg = (qpac_alg)alg;
        for (int impl = 0; impl < QPAC_IMPL_COUNT; impl++) {
            if (!qpac_impl_available((qpac_impl)impl) || qpac_impl_lanes((qpac_impl)impl) != 1)
                continue;
            c.impl = (qpac_impl)impl;
            snprintf(name, sizeof name, "ComputePAC %s %s", qpac_alg_name(c.alg),
                     qpac_impl_name(c.impl));
            line(name, measure(loop_computepac_impl, &c, seconds));
        }
        snprintf(name, sizeof name, "ComputePAC %s default", qpac_alg_name(c.alg));
        line(name, measure(loop_computepac, &c, seconds));
        snprintf(name, sizeof name, "ComputePAC %s indep", qpac_alg_name(c.alg));
        line(name, measure(loop_computepac_indep, &c, seconds));
        for (int impl = 0; impl < QPAC_IMPL_COUNT; impl++) {
            if (!qpac_impl_available((qpac_impl)impl) || qpac_impl_lanes((qpac_impl)impl) < 2)
                continue;
            c.impl = (qpac_impl)impl;
            snprintf(name, sizeof name, "ComputePAC %s batch %s", qpac_alg_name(c.alg),
                     qpac_impl_name(c.impl));
            line(name, measure(loop_computepac_batch, &c, seconds));
            snprintf(name, sizeof name, "ComputePAC %s batch-keys %s", qpac_alg_name(c.alg),
                     qpac_impl_name(c.impl));
            line(name, measure(loop_computepac_batch_keys, &c, seconds));
        }
    }

    /* Operations: a Linux-like EL1&0 setup, 48-bit VA, TBI on, QARMA5. */
    qpac_state_init(&c.st);
    c.st.cfg.tbi0 = c.st.cfg.tbi1 = 1;
    for (int k = 0; k < QPAC_NKEYS; k++) {
        c.st.key[k].hi = UINT64_C(0x84be85ce9804e94b) + (uint64_t)k;
        c.st.key[k].lo = UINT64_C(0xec2802d4e0a488e9) ^ (uint64_t)k;
    }
    static const struct {
        const char *name;
        qpac_op op;
        qpac_keyid key;
        int table, fail;
        qpac_feat feat;
    } ops[] = {
        {"pacia", QPAC_OP_PAC, QPAC_KEY_IA, 0, 0, QPAC_FEAT_PAUTH},
        {"pacdb", QPAC_OP_PAC, QPAC_KEY_DB, 0, 0, QPAC_FEAT_PAUTH},
        {"autia pass", QPAC_OP_AUT, QPAC_KEY_IA, 1, 0, QPAC_FEAT_PAUTH},
        {"autia fail", QPAC_OP_AUT, QPAC_KEY_IA, 1, 1, QPAC_FEAT_PAUTH},
        {"autia fault (fpac)", QPAC_OP_AUT, QPAC_KEY_IA, 1, 1, QPAC_FEAT_FPAC},
        {"braa pass", QPAC_OP_AUTC, QPAC_KEY_IA, 1, 0, QPAC_FEAT_PAUTH},
        {"ldraa pass", QPAC_OP_AUTC, QPAC_KEY_DA, 1, 0, QPAC_FEAT_PAUTH},
        {"xpaci", QPAC_OP_XPAC, QPAC_KEY_IA, 0, 0, QPAC_FEAT_PAUTH},
        {"pacga", QPAC_OP_PACGA, QPAC_KEY_GA, 0, 0, QPAC_FEAT_PAUTH},
    };
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        c.st.cfg.feat = ops[i].feat;
        c.op = ops[i].op;
        c.key = ops[i].key;
        if (ops[i].table)
            fill_aut_inputs(&c, ops[i].key, ops[i].fail);
        line(ops[i].name, measure(ops[i].table ? loop_exec_table : loop_exec_chain, &c, seconds));
    }
    qpac_state_wipe(&c.st);

    /* Throughputs of the .pvs tools (their library loops, no disk I/O). */
    gen_out = fopen("/dev/null", "w");
    if (!gen_out || make_check_text()) {
        fprintf(stderr, "qpac bench: cannot set up the gen/check lines\n");
        return QPAC_EXIT_USAGE;
    }
    static char gen_buf[1 << 16];
    setvbuf(gen_out, gen_buf, _IOFBF, sizeof gen_buf);
    rate_line("gen pvs", measure(loop_gen_pvs, &c, seconds));
    fclose(gen_out);
    rate_line("check pvs", measure(loop_check_pvs, &c, seconds));
    free(check_text);
    if (check_bad) {
        fprintf(stderr, "qpac bench: check pvs: a vector did not pass\n");
        return QPAC_EXIT_MISMATCH;
    }
    return QPAC_EXIT_OK;
}

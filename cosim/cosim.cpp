/*
 * cosim.cpp - qpac cosimulation harness: drives a Verilated qpac_unit with
 * the known answers, a .pvs script or the seeded random stream, with random
 * input bubbles and output back-pressure; a scoreboard follows the pipeline
 * and compares every result (value, fault, tag) with libqpac. A mismatch is
 * printed as a replayable .pvs fragment. Options (plusargs):
 *   +count=N +seed=N +shard=I/N +vectors=FILE +known=DIR +trace=FILE
 *   +maxfail=N +bubble=PCT +stall=PCT +progress=0|1 +random=0|1 +threads=N
 *   +writes=N (random stream: one key/cfg write in about N items; 0: the
 *   generator's default mix, about 6 in 100)
 *   +resets=N (random stream: a reset before about one operation in N, with
 *   whatever is in flight; then the pipeline must be empty, the configuration
 *   at its reset value and every key zero; 0: none)
 * Unless +verilator+rand+reset+N is given, flops start random
 * (+verilator+rand+reset+2) with +verilator+seed+S derived from the seed.
 * With +threads=N the random stream runs on N Verilated models in N threads
 * (each its own slice of the shard's blocks); results do not change.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <dirent.h>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include "coverage.h"
#include "harness.h"
#include "stim.h"

namespace {

struct Options {
    uint64_t count = 1000000;
    uint64_t seed = 0;
    bool seed_given = false;
    unsigned shard = 0, nshards = 1;
    const char *vectors = nullptr;
    const char *known = nullptr;
    const char *trace = nullptr;
    unsigned maxfail = 3;
    unsigned bubble = 10, stall = 10; /* percent of cycles */
    int progress = -1;                /* -1: when stderr is a terminal */
    bool random = true;
    unsigned threads = 1;
    /* the generator's write_every: every write drains the pipeline, so the
     * default mix (0, ~6 writes per 100 items) costs ~1.95 clocks per
     * operation at DEPTH=12, one write in 128 items ~1.3 */
    unsigned writes = COSIM_WRITE_EVERY;
    unsigned resets = 2048;
    bool xinit_given = false; /* +verilator+rand+reset+N on the command line */
};

/* Shared by the threads of one run: mismatch count, stop flag, progress,
 * and one lock so that reports do not interleave. */
std::atomic<uint64_t> g_failed{0}, g_ops{0};
std::atomic<bool> g_stop{false};
std::mutex g_print;

double now_s()
{
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}

/* Plusarg numbers: libqpac's one number parser (decimal or 0x hex, no sign,
 * no octal, range-checked), as every qpac command. */
bool parse_u64(const char *s, uint64_t *v, uint64_t lo = 0, uint64_t hi = UINT64_MAX)
{
    uint64_t x;
    if (qpac_parse_u64_str(s, hi, &x) || x < lo)
        return false;
    *v = x;
    return true;
}

int parse_options(int argc, char **argv, Options &o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        uint64_t v;
        if (!strncmp(a, "+verilator+", 11)) {
            if (!strncmp(a, "+verilator+rand+reset+", 22))
                o.xinit_given = true;
            continue; /* Verilator's runtime options */
        }
        const char *eq = strchr(a, '=');
        std::string key = eq ? std::string(a, eq - a) : std::string(a);
        const char *val = eq ? eq + 1 : "";
        bool ok = true;
        const char *want = "a number (decimal or 0x hex, no sign)";
        if (key == "+count") {
            ok = parse_u64(val, &o.count, 1);
            want = "a number 1..18446744073709551615 (decimal or 0x hex, no sign)";
        } else if (key == "+seed") {
            ok = (o.seed_given = parse_u64(val, &o.seed));
            want = "a number 0..18446744073709551615 (decimal or 0x hex, no sign)";
        } else if (key == "+shard") {
            const char *sl = strchr(val, '/');
            uint64_t i_ = 0, n_ = 0;
            ok = sl && qpac_parse_u64(val, (size_t)(sl - val), 0xffffffffu, &i_) == 0 &&
                 parse_u64(sl + 1, &n_, 1, 0xffffffffu) && i_ < n_;
            o.shard = (unsigned)i_;
            o.nshards = (unsigned)n_;
            want = "I/N with numbers 0 <= I < N";
        } else if (key == "+vectors")
            o.vectors = val;
        else if (key == "+known")
            o.known = val;
        else if (key == "+trace")
            o.trace = val;
        else if (key == "+maxfail")
            ok = parse_u64(val, &v) && v > 0 && (o.maxfail = (unsigned)v);
        else if (key == "+bubble")
            ok = parse_u64(val, &v) && v < 100 && ((o.bubble = (unsigned)v), true);
        else if (key == "+stall")
            ok = parse_u64(val, &v) && v < 100 && ((o.stall = (unsigned)v), true);
        else if (key == "+progress")
            ok = parse_u64(val, &v) && ((o.progress = v ? 1 : 0), true);
        else if (key == "+threads")
            ok = parse_u64(val, &v) && v >= 1 && v <= 64 && ((o.threads = (unsigned)v), true);
        else if (key == "+writes")
            ok = parse_u64(val, &v) && (v == 0 || (v >= 2 && v < (1u << 31))) &&
                 ((o.writes = (unsigned)v), true);
        else if (key == "+resets")
            ok = parse_u64(val, &v) && v < (1u << 31) && ((o.resets = (unsigned)v), true);
        else if (key == "+random")
            ok = parse_u64(val, &v) && ((o.random = v != 0), true);
        else {
            fprintf(stderr, "cosim: unknown option '%s'\n", a);
            return -1;
        }
        if (!ok) {
            fprintf(stderr, "cosim: bad value in '%.48s': expected %s\n", a, want);
            return -1;
        }
    }
    if (*(o.vectors ? o.vectors : "x") == 0 || (o.trace && !*o.trace)) {
        fprintf(stderr, "cosim: +vectors= and +trace= need a file name\n");
        return -1;
    }
    return 0;
}

/* Straight after reset, before any write: the unit must hold the reset
 * configuration and all-zero keys (libqpac's qpac_state_init), whatever its
 * flops held before. One operation per key and instruction class. Also
 * run after every reset in the middle of the random stream. */
class ResetProbe : public Source {
public:
    int next(Stim &s) override
    {
        static const unsigned ops[][2] = {
            {QPAC_OP_PAC, QPAC_KEY_IA},  {QPAC_OP_PAC, QPAC_KEY_IB},  {QPAC_OP_PAC, QPAC_KEY_DA},
            {QPAC_OP_PAC, QPAC_KEY_DB},  {QPAC_OP_AUT, QPAC_KEY_IA},  {QPAC_OP_AUTC, QPAC_KEY_DB},
            {QPAC_OP_XPAC, QPAC_KEY_DA}, {QPAC_OP_PACGA, QPAC_KEY_GA}};
        if (n_ == sizeof ops / sizeof ops[0])
            return 0;
        s = Stim();
        s.kind = Stim::OP;
        s.op = ops[n_][0];
        s.key = ops[n_][1];
        s.x = 0x0000123456789abcull ^ (uint64_t)n_ << 4;
        /* LDRAA/LDRAB take modifier 0 (rtl/README.md, qpac_exec) */
        s.y = (s.op == QPAC_OP_AUTC && (s.key & 2)) ? 0 : 0x42;
        s.index = n_++;
        return 1;
    }

private:
    unsigned n_ = 0;
};

/* One operation in flight: what went in and what the model expects. */
struct Entry {
    Stim s;
    qpac_result exp;
    bool legal;
    unsigned tag;
    uint64_t cycle;
};

/* Drives the DUT cycle by cycle and owns the checker (libqpac state). */
class Bench {
public:
    Bench(Dut &dut, const Options &o) : dut_(dut), opt_(o)
    {
        tag_mask_ = (1u << dut.tag_bits()) - 1;
        rng_ = cosim_mix64(o.seed ^ cosim_mix64(0x7a11 + o.shard)) | 1;
        qpac_state_init(&st_);
    }

    uint64_t passed = 0, failed = 0, cycles = 0, digest = 0;
    uint64_t resets = 0, flushed = 0; /* mid-stream resets, operations they dropped */
    unsigned lat_min = ~0u, lat_max = 0;
    Coverage cov;
    bool stop = false;

    /* Pulse the reset; the model returns to its defaults, as the RTL must. */
    void reset(int ncycles = 3)
    {
        dut_.mark("reset");
        in_ = DutIn();
        in_.rst_n = false;
        for (int i = 0; i < ncycles; i++) {
            dut_.settle(in_, out_);
            dut_.posedge();
            cycles++;
        }
        in_.rst_n = true;
        qpac_state_init(&st_);
        sb_.clear();
        dut_.settle(in_, out_);
        if (out_.cfg != QPAC_REG_CFG_RESET || out_.tszlim != QPAC_REG_TSZLIM_RESET ||
            out_.out_valid) {
            printf("# ---- mismatch %" PRIu64 ": after reset CFG 0x%08x TSZLIM 0x%08x "
                   "out_valid %d; expected CFG 0x%08x TSZLIM 0x%08x, no output\n",
                   g_failed.load() + 1, out_.cfg, out_.tszlim, out_.out_valid,
                   (unsigned)QPAC_REG_CFG_RESET, (unsigned)QPAC_REG_TSZLIM_RESET);
            fail();
        }
    }

    /* Runs a source to its end (or until too many mismatches). Returns 0, or
     * -1 if the source reported an error. */
    int run(Source &src, const char *phase, uint64_t total)
    {
        Stim cur;
        bool have = false, src_done = false, valid_held = false, srcerr = false;
        bool check_cfg = false;
        uint32_t cfg_w = 0, tsz_w = 0;
        uint64_t idle = 0, ops_in = 0;
        double t_last = now_s();
        bool prog = show_progress_ && (opt_.progress > 0 || (opt_.progress < 0 && isatty(2)));
        phase_ = phase;
        dut_.mark(phase);
        while (!stop && !g_stop.load(std::memory_order_relaxed)) {
            if (!have && !src_done) {
                int rc = src.next(cur);
                if (rc < 0)
                    srcerr = true;
                if (rc <= 0)
                    src_done = true;
                else
                    have = true;
            }
            if (!have && src_done && sb_.empty())
                break;
            in_.key_we = in_.cfg_we = in_.in_valid = false;
            if (have && cur.kind == Stim::OP && resets_on_ && !valid_held &&
                cur.index != reset_before_ && reset_here(cur.index)) {
                reset_before_ = cur.index;
                mid_reset();
                check_cfg = false;
                idle = 0;
                in_.key_we = in_.cfg_we = in_.in_valid = false;
            }
            if (have && cur.kind == Stim::KEY) {
                in_.key_we = true;
                in_.key_sel = cur.key;
                in_.key_hi = cur.kv.hi;
                in_.key_lo = cur.kv.lo;
            } else if (have && cur.kind == Stim::CFG) {
                in_.cfg_we = true;
                in_.cfg = qpac_config_to_cfg_reg(&cur.cfg);
                in_.tszlim = qpac_config_to_tszlim_reg(&cur.cfg);
            } else if (have) {
                /* valid, once raised, stays up until the unit takes it */
                if (!valid_held)
                    valid_held = pct() >= opt_.bubble;
                if (valid_held) {
                    in_.in_valid = true;
                    in_.in_op = cur.op;
                    in_.in_key = cur.key;
                    in_.in_x = cur.x;
                    in_.in_y = cur.y;
                    in_.in_tag = tag_;
                }
            }
            in_.out_ready = pct() >= opt_.stall;
            dut_.settle(in_, out_);
            idle++;

            if (check_cfg) { /* read back the words written the cycle before */
                check_cfg = false;
                if (out_.cfg != cfg_w || out_.tszlim != tsz_w) {
                    printf("# ---- mismatch %" PRIu64 ": cycle %" PRIu64 ": CFG/TSZLIM read "
                           "back 0x%08x/0x%08x after writing 0x%08x/0x%08x\n",
                           g_failed.load() + 1, cycles, out_.cfg, out_.tszlim, cfg_w, tsz_w);
                    fail();
                }
            }
            if (in_.in_valid && out_.in_ready) {
                accept(cur);
                have = valid_held = false;
                idle = 0;
                if ((++ops_in & 0xfff) == 0)
                    g_ops += 0x1000;
            }
            if ((in_.key_we || in_.cfg_we) && out_.wr_ready) {
                if (!sb_.empty()) {
                    printf("# ---- mismatch %" PRIu64 ": cycle %" PRIu64 ": wr_ready_o high "
                           "with %zu operation(s) in flight (a write must wait for an empty "
                           "pipeline)\n",
                           g_failed.load() + 1, cycles, sb_.size());
                    fail();
                }
                if (cur.kind == Stim::KEY) {
                    st_.key[cur.key] = cur.kv;
                } else {
                    st_.cfg = cur.cfg;
                    check_cfg = true;
                    cfg_w = in_.cfg;
                    tsz_w = in_.tszlim;
                }
                have = false;
                idle = 0;
            }
            if (out_.out_valid && in_.out_ready) {
                if (sb_.empty()) {
                    printf("# ---- mismatch %" PRIu64 ": cycle %" PRIu64 ": out_valid_o "
                           "with no operation in flight (value 0x%016" PRIx64 ", tag 0x%x)\n",
                           g_failed.load() + 1, cycles, out_.out_value, out_.out_tag);
                    fail();
                } else {
                    retire();
                }
                idle = 0;
            }
            dut_.posedge();
            cycles++;
            if (idle > 10000) {
                printf("# ---- mismatch %" PRIu64 ": cycle %" PRIu64 ": no handshake for "
                       "10000 cycles (%zu in flight, in_ready %d, wr_ready %d): the unit hangs\n",
                       g_failed.load() + 1, cycles, sb_.size(), out_.in_ready, out_.wr_ready);
                fail();
                stop = true;
            }
            if (prog && (cycles & 0x3fff) == 0) {
                double t = now_s();
                if (t - t_last >= 1.0) {
                    t_last = t;
                    uint64_t all = opt_.threads > 1 ? g_ops.load() : ops_in;
                    char tot[32] = "";
                    if (total)
                        snprintf(tot, sizeof tot, "/%" PRIu64, total);
                    fprintf(stderr, "\r%s: %" PRIu64 "%s operations, %.0f ops/s, "
                                    "%" PRIu64 " mismatches   ",
                            phase, all, tot, rate_ops(all), g_failed.load());
                }
            }
        }
        g_ops += ops_in & 0xfff;
        if (prog)
            fprintf(stderr, "\r%78s\r", "");
        return srcerr ? -1 : 0;
    }

    /* Random resets in the stream that follows (the random phase only: a
     * file's expected values assume no reset). */
    void set_resets(bool on) { resets_on_ = on && opt_.resets; }
    void start_clock() { t0_ = now_s(); }
    void set_progress(bool on) { show_progress_ = on; }
    double rate_ops(uint64_t ops) const
    {
        double dt = now_s() - t0_;
        return dt > 0 ? ops / dt : 0;
    }

private:
    /* Whether a reset comes before operation #index: a function of the seed
     * and the index only, so the digest does not depend on DEPTH, threads or
     * shards. */
    bool reset_here(uint64_t index) const
    {
        return cosim_mix64(cosim_mix64(opt_.seed ^ 0x2e5e7ull) ^ index) % opt_.resets == 0;
    }

    /* A reset in the middle of the stream, 1..3 cycles long, with whatever
     * is in flight: those operations are dropped (they count in the digest
     * with the model's value, as if they had left). Then the pipeline must be
     * empty and the configuration at its reset value (reset() checks both),
     * and every key must behave as zero (the reset probe, checked against
     * the model reset the same way). */
    void mid_reset()
    {
        for (const Entry &e : sb_) {
            digest ^= cosim_mix64(cosim_mix64(e.s.index) ^ e.exp.value ^
                                  (e.exp.fault ? 0xfa17fa17fa17fa17ull : 0));
            flushed++;
        }
        resets++;
        reset(1 + (int)(pct() % 3));
        const char *ph = phase_;
        resets_on_ = false;
        probing_ = true;
        ResetProbe rs;
        run(rs, "after a reset", 0);
        probing_ = false;
        resets_on_ = true;
        phase_ = ph;
    }

    unsigned pct()
    {
        rng_ ^= rng_ >> 12;
        rng_ ^= rng_ << 25;
        rng_ ^= rng_ >> 27;
        return (unsigned)(((rng_ * 0x2545f4914f6cdd1dull) >> 32) % 100);
    }

    void fail()
    {
        failed++;
        if (++g_failed >= opt_.maxfail) {
            if (!g_stop.exchange(true))
                printf("# stopping after %" PRIu64 " mismatches\n", g_failed.load());
            stop = true;
        }
    }

    void accept(const Stim &s)
    {
        Entry e;
        e.s = s;
        e.tag = tag_;
        e.cycle = cycles;
        e.legal = stim_is_legal(s.op, s.key);
        int rc = qpac_exec(&st_, (qpac_op)s.op, (qpac_keyid)s.key, s.x, s.y, &e.exp);
        if (!e.legal || rc != 0) {
            /* rtl/README.md: an illegal combination returns 0, no fault */
            e.exp.value = 0;
            e.exp.fault = 0;
            if (e.legal) {
                printf("# ---- harness error: qpac_exec refused a legal operation "
                       "(op %u key %u, error %d)\n", s.op, s.key, rc);
                fail();
            }
        }
        cov.add(st_.cfg, s.op, s.key, s.x, e.exp, e.legal);
        sb_.push_back(e);
        tag_ = (tag_ + 1) & tag_mask_;
    }

    void retire()
    {
        Entry &e = sb_.front();
        unsigned lat = (unsigned)(cycles - e.cycle);
        lat_min = std::min(lat_min, lat);
        lat_max = std::max(lat_max, lat);
        qpac_result rtl;
        rtl.value = out_.out_value;
        rtl.fault = out_.out_fault ? 1 : 0;
        bool ok_model = rtl.value == e.exp.value && rtl.fault == e.exp.fault &&
                        out_.out_tag == e.tag;
        qpac_pvs_item it = qpac_pvs_item();
        it.expect = e.s.fexp;
        it.expected = e.s.fval;
        bool ok_file = e.s.fexp == QPAC_EXPECT_NONE || qpac_pvs_expect_match(&it, &rtl);
        bool model_file = e.s.fexp == QPAC_EXPECT_NONE || qpac_pvs_expect_match(&it, &e.exp);
        if (ok_model && ok_file) {
            passed++;
            if (!probing_) /* the probes' count depends on the reset count */
                digest ^= cosim_mix64(cosim_mix64(e.s.index) ^ rtl.value ^
                                  (rtl.fault ? 0xfa17fa17fa17fa17ull : 0));
        } else {
            report(e, rtl, ok_model, model_file);
            fail();
        }
        sb_.pop_front();
    }

    /* The mismatch as a .pvs fragment that replays it (state, then the op
     * with the model's result), with the cycle and what the RTL gave. */
    void report(const Entry &e, const qpac_result &rtl, bool ok_model, bool model_file)
    {
        std::lock_guard<std::mutex> lock(g_print);
        printf("# ---- mismatch %" PRIu64 " (%s): cycle %" PRIu64 ", operation #%" PRIu64
               " accepted at cycle %" PRIu64 ", %s, seed %" PRIu64 "\n",
               g_failed.load() + 1, phase_, cycles, e.s.index, e.cycle, dut_.variant(), opt_.seed);
        if (e.s.src)
            printf("# source: %s:%u\n", e.s.src, e.s.line);
        printf("#   RTL:   value %016" PRIx64 " fault %d tag 0x%02x\n", rtl.value, rtl.fault,
               out_.out_tag);
        printf("#   model: value %016" PRIx64 " fault %d tag 0x%02x%s\n", e.exp.value,
               e.exp.fault, e.tag, ok_model ? " (agrees with the RTL)" : "");
        if (e.s.fexp == QPAC_EXPECT_VALUE)
            printf("#   file:  value %016" PRIx64 "%s\n", e.s.fval,
                   model_file ? "" : "  <- the C model disagrees with the file too");
        else if (e.s.fexp == QPAC_EXPECT_FAULT)
            printf("#   file:  fault%s\n",
                   model_file ? "" : "  <- the C model disagrees with the file too");
        printf("# replay: save the cfg, key and op lines below as FILE.pvs, run "
               "'make cosim VECTORS=FILE.pvs' or 'qpac check FILE.pvs'\n");
        fflush(stdout);
        qpac_pvs_write_cfg(stdout, &st_.cfg);
        for (unsigned k = 0; k < QPAC_NKEYS; k++)
            qpac_pvs_write_key(stdout, (qpac_keyid)k, &st_.key[k]);
        if (e.legal)
            qpac_pvs_write_op(stdout, (qpac_op)e.s.op, (qpac_keyid)e.s.key, e.s.x, e.s.y,
                              &e.exp);
        else
            printf("# illegal combination op %u key %u, x %016" PRIx64 " y %016" PRIx64
                   ": expected 0, no fault\n",
                   e.s.op, e.s.key, e.s.x, e.s.y);
        fflush(stdout);
    }

    Dut &dut_;
    const Options &opt_;
    qpac_state st_;
    std::deque<Entry> sb_;
    DutIn in_;
    DutOut out_;
    uint64_t rng_;
    unsigned tag_ = 0, tag_mask_;
    const char *phase_ = "";
    double t0_ = 0;
    bool show_progress_ = true;
    bool resets_on_ = false, probing_ = false;
    uint64_t reset_before_ = ~0ull;
};

bool ends_with(const std::string &s, const char *suf)
{
    size_t n = strlen(suf);
    return s.size() >= n && s.compare(s.size() - n, n, suf) == 0;
}


/* The known answers: ComputePAC tables through PACGA, then every .pvs. */
int run_known(Bench &b, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "cosim: %s: cannot open the vectors directory\n", dir);
        return -1;
    }
    std::vector<std::string> names;
    while (struct dirent *de = readdir(d)) {
        std::string n = de->d_name;
        if (ends_with(n, ".pvs") || n == "computepac.txt" || n == "qarma64-paper.txt")
            names.push_back(n);
    }
    closedir(d);
    std::sort(names.begin(), names.end());
    int rc = 0;
    for (const std::string &n : names) {
        std::string path = std::string(dir) + "/" + n;
        uint64_t p0 = b.passed, f0 = b.failed;
        unsigned skipped = 0;
        std::unique_ptr<Source> src;
        if (ends_with(n, ".pvs")) {
            if (check_pvs_for_hw(path.c_str()))
                return -1;
            src.reset(make_pvs_source(path.c_str()));
        } else {
            src.reset(make_table_source(path.c_str(), &skipped));
            if (!src)
                return -1;
        }
        b.reset();
        if (b.run(*src, path.c_str(), 0))
            rc = -1;
        printf("known answers %s: %" PRIu64 " passed, %" PRIu64 " failed", path.c_str(),
               b.passed - p0, b.failed - f0);
        if (skipped)
            printf(" (%u rows are QARMA-64 variants ComputePAC does not use)", skipped);
        printf("\n");
        if (b.stop || rc)
            break;
    }
    return rc;
}

} // namespace

int cosim_main(int argc, char **argv, DutFactory make_dut)
{
    Options o;
    if (parse_options(argc, argv, o))
        return 2;
    if (!o.seed_given) {
        FILE *r = fopen("/dev/urandom", "rb");
        if (!r || fread(&o.seed, sizeof o.seed, 1, r) != 1)
            o.seed = (uint64_t)(now_s() * 1e6);
        if (r)
            fclose(r);
        o.seed &= 0xffffffffull; /* short enough to type back */
    }
    if (o.vectors && check_pvs_for_hw(o.vectors))
        return 2;
    if (o.trace)
        o.threads = 1; /* one waveform */
    /* random initial state unless asked otherwise: Verilator's runtime
     * options, seeded from the run's seed (reported, reproducible) */
    std::vector<std::string> xargs(argv, argv + argc);
    std::string xinit = "as given";
    if (!o.xinit_given) {
        uint64_t xs = cosim_mix64(o.seed ^ 0x5eedull) % 0x7ffffffeull + 1;
        xargs.push_back("+verilator+rand+reset+2");
        xargs.push_back("+verilator+seed+" + std::to_string(xs));
        xinit = "random, +verilator+rand+reset+2 +verilator+seed+" + std::to_string(xs);
    }
    std::vector<char *> xargv;
    for (std::string &a : xargs)
        xargv.push_back(&a[0]);
    xargv.push_back(nullptr);
    argc = (int)xargs.size();
    argv = xargv.data();
    std::unique_ptr<Dut> dut(make_dut(argc, argv, o.trace));
    if (!dut)
        return 2;
    Bench b(*dut, o);
    printf("cosim: qpac_unit %s, seed %" PRIu64 ", shard %u/%u, bubbles %u%%, stalls %u%%, "
           "writes %s%u, resets %s%u\n", dut->variant(), o.seed, o.shard, o.nshards, o.bubble,
           o.stall, o.writes ? "1/" : "", o.writes, o.resets ? "1/" : "", o.resets);
    printf("initial state: %s\n", xinit.c_str());
    fflush(stdout);
    int rc = 0;
    uint64_t checked = 0;
    double t = 0, t0;
    uint64_t c0;
    if (o.vectors) {
        std::unique_ptr<Source> src(make_pvs_source(o.vectors));
        b.reset();
        b.start_clock();
        t0 = now_s();
        c0 = b.cycles;
        if (b.run(*src, o.vectors, 0))
            rc = 2;
        t = now_s() - t0;
        checked = b.passed + b.failed;
        printf("replay %s: %" PRIu64 " operations in %" PRIu64 " cycles, digest %016" PRIx64
               "\n", o.vectors, checked, b.cycles - c0, b.digest);
        b.cov.print(stdout);
    } else {
        ResetProbe rs;
        uint64_t p0 = b.passed, f0 = b.failed;
        b.reset();
        b.run(rs, "reset state", 0);
        printf("reset state (zero keys, reset configuration): %" PRIu64 " passed, %" PRIu64
               " failed\n", b.passed - p0, b.failed - f0);
        if (o.known && *o.known && !b.stop && run_known(b, o.known))
            rc = 2;
        if (o.random && !b.stop && !rc) {
            uint64_t before = b.passed + b.failed;
            uint64_t mine = 0; /* operations in this shard's blocks */
            uint64_t nblocks = (o.count + COSIM_BLOCK - 1) / COSIM_BLOCK;
            for (uint64_t blk = o.shard; blk < nblocks; blk += o.nshards)
                mine += std::min<uint64_t>(COSIM_BLOCK, o.count - blk * COSIM_BLOCK);
            b.cov = Coverage(); /* the table covers the random stream */
            uint64_t d0 = b.digest;
            b.digest = 0;
            t0 = now_s();
            c0 = b.cycles;
            /* thread k runs the blocks of sub-shard (shard + k * nshards) of
             * (nshards * threads): together exactly this shard's blocks */
            unsigned nt = o.threads;
            std::vector<std::unique_ptr<Dut>> duts;
            std::vector<std::unique_ptr<Bench>> benches;
            std::vector<int> rcs(nt, 0);
            for (unsigned k = 1; k < nt; k++) {
                duts.emplace_back(make_dut(argc, argv, nullptr));
                benches.emplace_back(new Bench(*duts.back(), o));
                benches.back()->set_progress(false);
            }
            auto work = [&](Bench &bb, unsigned k) {
                std::unique_ptr<Source> src(make_random_source(
                    o.seed, o.count, o.shard + k * o.nshards, o.nshards * nt, o.writes));
                bb.reset();
                bb.start_clock();
                bb.set_resets(true);
                if (bb.run(*src, "random", mine))
                    rcs[k] = 2;
            };
            std::vector<std::thread> th;
            for (unsigned k = 1; k < nt; k++)
                th.emplace_back(work, std::ref(*benches[k - 1]), k);
            work(b, 0);
            for (std::thread &x : th)
                x.join();
            for (unsigned k = 0; k < nt; k++)
                if (rcs[k])
                    rc = 2;
            for (auto &bb : benches) {
                b.passed += bb->passed;
                b.failed += bb->failed;
                b.cycles += bb->cycles;
                b.digest ^= bb->digest;
                b.resets += bb->resets;
                b.flushed += bb->flushed;
                b.lat_min = std::min(b.lat_min, bb->lat_min);
                b.lat_max = std::max(b.lat_max, bb->lat_max);
                b.cov.merge(bb->cov);
            }
            for (auto &d : duts)
                d->finish();
            t = now_s() - t0;
            checked = b.passed + b.failed - before;
            printf("random: %" PRIu64 " operations (seed %" PRIu64 ", COUNT %" PRIu64
                   ", shard %u/%u, %u thread%s) in %" PRIu64 " cycles, latency %u..%u cycles\n",
                   checked, o.seed, o.count, o.shard, o.nshards, nt, nt > 1 ? "s" : "",
                   b.cycles - c0,
                   b.lat_min == ~0u ? 0 : b.lat_min, b.lat_max);
            b.cov.print(stdout);
            printf("resets in the stream: %" PRIu64 " (%" PRIu64 " operations in flight "
                   "dropped), each followed by the zero-key probe\n", b.resets, b.flushed);
            printf("digest %016" PRIx64 " (random stream; XOR of the shards' digests = the "
                   "whole run's)\n", b.digest);
            b.digest ^= d0;
        }
    }
    dut->finish();
    printf("checked %.0f operations/s (%" PRIu64 " in %.2f s)\n", t > 0 ? checked / t : 0.0,
           checked, t);
    printf("%" PRIu64 " passed, %" PRIu64 " failed\n", b.passed, b.failed);
    if (b.failed)
        return 1;
    return rc;
}

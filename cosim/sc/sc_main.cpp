/*
 * sc_main.cpp - make cosim-sc: one SystemC initiator drives the same
 * register sequence, access by access, into the loosely-timed TLM-2.0 model
 * (qpac_tlm.h, libqpac) and, through a TLM-to-APB bridge, into the Verilated
 * register wrapper qpac_apb (verilator --sc). Every access must give the same
 * response (OK or error) and read data on both; every operation's result must
 * also equal qpac_exec (and a .pvs script's expected column). STATUS polling
 * is the one difference allowed: the TLM model is done at once, the RTL after
 * its latency. Configuration, key and operation sequences come from libqpac's
 * register driver (qpac_regdrv.h), the one `qpac fpga` uses; the bench varies
 * the key staging order and interleaving around them (rule KEY_STAGING).
 * Options: +vectors=FILE.pvs (repeatable) +count=N +seed=N.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "Vqpac_apb.h"
#include "apb_bridge.h"
#include "qpac_regdrv.h"
#include "qpac_tlm.h"
#include "qpac_vectors.h"

#ifndef COSIM_DEPTH
#define COSIM_DEPTH 12
#endif

using namespace sc_core;

struct ScOptions {
    std::vector<std::string> vectors;
    uint64_t count = 2000, seed = 1;
};

class Initiator : public sc_module {
public:
    tlm_utils::simple_initiator_socket<Initiator> to_model, to_rtl;
    sc_in<bool> clk;
    sc_out<bool> rst_n;
    uint64_t accesses = 0, ops = 0, polls = 0, mismatches = 0, errors_seen = 0, refused_commits = 0;
    sc_time model_time = SC_ZERO_TIME;
    bool input_error = false;

    SC_HAS_PROCESS(Initiator);
    Initiator(sc_module_name n, const ScOptions &o)
        : sc_module(n), to_model("to_model"), to_rtl("to_rtl"), clk("clk"), rst_n("rst_n"),
          opt_(o)
    {
        rnd_ = o.seed;
        SC_THREAD(run);
    }

private:
    const ScOptions &opt_;
    std::string where_ = "start";

    void mismatch(const char *fmt, uint64_t a, uint64_t b)
    {
        mismatches++;
        if (mismatches <= 10) {
            printf("cosim-sc: MISMATCH (%s): ", where_.c_str());
            printf(fmt, a, b);
            printf("\n");
        }
    }

    /* One transaction on one socket; returns the response status. */
    tlm::tlm_response_status xfer1(tlm_utils::simple_initiator_socket<Initiator> &s,
                                   tlm::tlm_command cmd, uint64_t addr, uint8_t *buf,
                                   unsigned len, unsigned char *be, unsigned belen,
                                   bool model)
    {
        tlm::tlm_generic_payload p;
        p.set_command(cmd);
        p.set_address(addr);
        p.set_data_ptr(buf);
        p.set_data_length(len);
        p.set_streaming_width(len);
        p.set_byte_enable_ptr(be);
        p.set_byte_enable_length(belen);
        p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_time d = SC_ZERO_TIME;
        s->b_transport(p, d);
        if (model) {
            model_time += d;
            wait(d); /* loosely timed: the initiator honours the annotation */
        }
        return p.get_response_status();
    }

    /* The same access on both targets; compares response and read data.
     * Returns the RTL's read data; *ok = the access succeeded. */
    uint32_t both(tlm::tlm_command cmd, uint64_t addr, uint32_t wdata, bool *ok = nullptr,
                  unsigned len = 4, unsigned char *be = nullptr, unsigned belen = 0)
    {
        uint8_t bm[8] = {0}, br[8] = {0};
        memcpy(bm, &wdata, 4);
        memcpy(br, &wdata, 4);
        tlm::tlm_response_status sm = xfer1(to_model, cmd, addr, bm, len, be, belen, true);
        tlm::tlm_response_status sr = xfer1(to_rtl, cmd, addr, br, len, be, belen, false);
        accesses++;
        bool okm = sm == tlm::TLM_OK_RESPONSE, okr = sr == tlm::TLM_OK_RESPONSE;
        if (okm != okr)
            mismatch("access 0x%" PRIx64 ": TLM model and RTL disagree on the response "
                     "(RTL ok=%" PRIu64 ")", addr, okr);
        if (!okm)
            errors_seen++;
        uint32_t vm, vr;
        memcpy(&vm, bm, 4);
        memcpy(&vr, br, 4);
        if (cmd == tlm::TLM_READ_COMMAND && okm && okr && vm != vr)
            mismatch("read 0x%02" PRIx64 ": TLM model / RTL 0x%08" PRIx64, addr,
                     ((uint64_t)vm << 32) | vr);
        if (ok)
            *ok = okm && okr;
        return vr;
    }
    uint32_t rd(uint32_t a) { return both(tlm::TLM_READ_COMMAND, a, 0); }
    void wr(uint32_t a, uint32_t v) { both(tlm::TLM_WRITE_COMMAND, a, v); }

    /* Poll STATUS until DONE: once on the model, as long as needed on the RTL. */
    uint32_t wait_done()
    {
        uint8_t b[8] = {0};
        xfer1(to_model, tlm::TLM_READ_COMMAND, QPAC_REG_STATUS, b, 4, nullptr, 0, true);
        uint32_t sm, sr = 0;
        memcpy(&sm, b, 4);
        for (unsigned i = 0; i < 1000; i++) {
            uint8_t c[8] = {0};
            xfer1(to_rtl, tlm::TLM_READ_COMMAND, QPAC_REG_STATUS, c, 4, nullptr, 0, false);
            memcpy(&sr, c, 4);
            polls++;
            if (sr & QPAC_STATUS_DONE_MASK)
                break;
        }
        accesses++;
        if (sm != sr)
            mismatch("STATUS after the operation: TLM model 0x%" PRIx64 ", RTL 0x%" PRIx64, sm, sr);
        return sr;
    }

    /* libqpac's register driver on both targets: writes go to both, a
     * STATUS read is wait_done (the RTL polled until DONE), other reads rd. */
    static int drv_read32(void *arg, uint32_t a, uint32_t *v)
    {
        Initiator *self = static_cast<Initiator *>(arg);
        *v = a == QPAC_REG_STATUS ? self->wait_done() : self->rd(a);
        return 0;
    }
    static int drv_write32(void *arg, uint32_t a, uint32_t v)
    {
        static_cast<Initiator *>(arg)->wr(a, v);
        return 0;
    }
    qpac_regdrv drv() { return qpac_regdrv{drv_read32, drv_write32, nullptr, this, 1}; }

    void write_cfg(const qpac_config &c)
    {
        qpac_regdrv d = drv();
        qpac_reg_write w[QPAC_REGSEQ_MAX];
        size_t n = qpac_regseq_cfg(&c, w);
        qpac_regdrv_write(&d, w, n);
        uint32_t rc = rd(QPAC_REG_CFG), rt = rd(QPAC_REG_TSZLIM);
        if (n != 2 || rc != w[0].data || rt != w[1].data)
            mismatch("CFG/TSZLIM read back 0x%016" PRIx64 ", written 0x%016" PRIx64,
                     ((uint64_t)rc << 32) | rt, ((uint64_t)w[0].data << 32) | w[1].data);
    }

    uint64_t rnd_ = 0;
    uint32_t rnd()
    { /* splitmix64: the bench's own choices (sequence variants, garbage) */
        uint64_t z = (rnd_ += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return (uint32_t)((z ^ (z >> 31)) >> 32);
    }

    /* The staging words of mask m (bit i: write i of the driver's key
     * sequence) in a random order. */
    void stage(unsigned m, const qpac_reg_write w[4])
    {
        while (m) {
            unsigned i = rnd() % 4;
            if (m & (1u << i)) {
                wr(w[i].addr, w[i].data);
                m &= ~(1u << i);
            }
        }
    }

    /* CTRL.KEYWR (with START at random when it must be refused as a whole). */
    void commit(unsigned k, bool want_ok)
    {
        bool ok;
        uint32_t v = qpac_ctrl_word(!want_ok && (rnd() & 1), 1, 0, k);
        both(tlm::TLM_WRITE_COMMAND, QPAC_REG_CTRL, v, &ok);
        if (ok != want_ok)
            mismatch("KEYWR: response ok=%" PRIu64 ", rule KEY_STAGING says %" PRIu64, ok, want_ok);
        if (!want_ok)
            refused_commits++;
    }

    /* A key through the staging registers (rule KEY_STAGING, doc/regmap.md):
     * random word order; at random interleaved with an operation, or followed
     * by a refused partial commit, a refused commit right after the commit and
     * an abandoned sequence. The operations that follow use the key, so a
     * commit that should have been refused shows as a wrong result. */
    void write_key(unsigned k, const qpac_key &v)
    {
        qpac_reg_write w[QPAC_REGSEQ_MAX], junk[4];
        qpac_regseq_key(k, &v, w); /* the four staging words, then CTRL.KEYWR */
        unsigned variant = rnd() % 4, part = 1 + rnd() % 14; /* 1..14: not all four */
        if (variant == 3) {
            stage(part, w);
            operation(QPAC_OP_XPAC, QPAC_KEY_IA, ((uint64_t)rnd() << 32) | rnd(), 0);
            stage(~part & 0xf, w);
        } else {
            stage(0xf, w);
        }
        if (w[4].data != qpac_ctrl_word(0, 1, 0, k))
            mismatch("key sequence: CTRL 0x%08" PRIx64 " (key %" PRIu64 ")", w[4].data, k);
        commit(k, true);
        for (unsigned i = 0; i < 4; i++)
            junk[i] = qpac_reg_write{w[i].addr, rnd()};
        if (variant == 1) {
            stage(part, junk);
            commit(k, false);
        } else if (variant == 2) {
            commit(k, false);
            stage(rnd() & 1 ? 0xf : part, junk);
        }
    }

    /* Runs one operation; returns the RTL's result. */
    qpac_result operation(unsigned op, unsigned key, uint64_t x, uint64_t y)
    {
        qpac_regdrv d = drv();
        qpac_result r = {0, 0};
        int rc = qpac_regdrv_exec(&d, op, key, x, y, &r);
        if (rc) {
            printf("cosim-sc: register driver: %s\n", qpac_regdrv_strerror(rc));
            mismatch("operation %" PRIu64 " key %" PRIu64 ": the register driver failed", op, key);
        }
        ops++;
        return r;
    }

    /* An item of a .pvs script or the generator, with the state after it. */
    void item(const qpac_state &st, const qpac_pvs_item &it)
    {
        if (it.kind == QPAC_PVS_CFG) {
            write_cfg(st.cfg);
        } else if (it.kind == QPAC_PVS_KEY) {
            write_key(it.key, st.key[it.key]);
        } else {
            qpac_result exp, got = operation(it.op, it.key, it.x, it.y);
            qpac_exec(&st, it.op, it.key, it.x, it.y, &exp);
            if (got.value != exp.value)
                mismatch("operation: RTL (and TLM model) %016" PRIx64 ", libqpac %016" PRIx64,
                         got.value, exp.value);
            if (got.fault != exp.fault)
                mismatch("operation fault flag: RTL %" PRIu64 ", libqpac %" PRIu64,
                         (uint64_t)got.fault, (uint64_t)exp.fault);
            if (!qpac_pvs_expect_match(&it, &got))
                mismatch("operation: RTL %016" PRIx64 ", the script expects %016" PRIx64,
                         got.value, it.expected);
        }
    }

    void error_paths()
    {
        where_ = "register map and error paths";
        bool ok;
        static const uint32_t ro[] = {QPAC_REG_NAME0, QPAC_REG_NAME1, QPAC_REG_VERSION,
                                      QPAC_REG_CAPS, QPAC_REG_CFG, QPAC_REG_TSZLIM,
                                      QPAC_REG_STATUS, QPAC_REG_RES_LO, QPAC_REG_RES_HI};
        for (uint32_t a : ro)
            rd(a); /* reset values */
        if (rd(QPAC_REG_NAME0) != QPAC_NAME0_VALUE || rd(QPAC_REG_CFG) != QPAC_REG_CFG_RESET)
            mismatch("NAME0/CFG after reset not the regmap values (%" PRIu64 "%" PRIu64 ")", 0, 0);
        { /* the TLM model's debug port: side-effect-free reads, no writes */
            uint32_t v = 0;
            tlm::tlm_generic_payload p;
            p.set_command(tlm::TLM_READ_COMMAND);
            p.set_address(QPAC_REG_NAME1);
            p.set_data_ptr((unsigned char *)&v);
            p.set_data_length(4);
            unsigned n = to_model->transport_dbg(p);
            if (n != 4 || v != QPAC_NAME1_VALUE)
                mismatch("debug read of NAME1: %" PRIu64 " bytes, 0x%08" PRIx64, n, v);
            p.set_command(tlm::TLM_WRITE_COMMAND);
            p.set_address(QPAC_REG_OPX_LO);
            if (to_model->transport_dbg(p) != 0)
                mismatch("debug write accepted (%" PRIu64 "%" PRIu64 ")", 0, 0);
        }
        wr(QPAC_REG_NAME0, 0x12345678); /* read-only: ignored, no error */
        rd(QPAC_REG_NAME0);
        wr(QPAC_REG_KEYHI_LO, 0xdeadbeef); /* write-only: reads 0 */
        if (rd(QPAC_REG_KEYHI_LO) != 0 || rd(QPAC_REG_CTRL) != 0)
            mismatch("a key staging register or CTRL reads non-zero (%" PRIu64 "%" PRIu64 ")", 0, 0);
        commit(0, false); /* nothing staged since reset: refused */
        {
            qpac_reg_write w[QPAC_REGSEQ_MAX];
            qpac_key k = {0x0123456789abcdefull, 0xfedcba9876543210ull};
            qpac_regseq_key(5, &k, w);
            stage(0xf, w);
        }
        commit(5, true); /* no key 5: clears the staging, writes no key */
        commit(0, false);
        both(tlm::TLM_READ_COMMAND, 0x38, 0, &ok); /* unmapped */
        both(tlm::TLM_READ_COMMAND, QPAC_REG_CFG + 1, 0, &ok); /* unaligned */
        both(tlm::TLM_WRITE_COMMAND, 0x50, 1, &ok);
        both(tlm::TLM_READ_COMMAND, 1u << QPAC_ADDR_BITS, 0, &ok); /* outside the window */
        both(tlm::TLM_READ_COMMAND, QPAC_REG_NAME0, 0, &ok, 8); /* a burst */
        unsigned char be[4] = {TLM_BYTE_ENABLED, 0, TLM_BYTE_ENABLED, TLM_BYTE_ENABLED};
        both(tlm::TLM_WRITE_COMMAND, QPAC_REG_OPX_LO, 0xffffffff, &ok, 4, be, 4);
        both(tlm::TLM_IGNORE_COMMAND, QPAC_REG_NAME0, 0, &ok);
        /* stored values: FEAT 7 reads as 1, TxSZ limits clamp */
        wr(QPAC_REG_CFG, 0x70000000u | 0x3f3fu);
        rd(QPAC_REG_CFG);
        wr(QPAC_REG_TSZLIM, 0x3f00u);
        rd(QPAC_REG_TSZLIM);
        wr(QPAC_REG_TSZLIM, 0x0000ff01u);
        rd(QPAC_REG_TSZLIM);
        /* illegal combinations: 0, no fault */
        operation(6, 0, 0x1234, 0x5678);
        operation(QPAC_OP_PAC, QPAC_KEY_GA, 0x1234, 0x5678);
        operation(QPAC_OP_PACGA, QPAC_KEY_IA, 0x1234, 0x5678);
        /* back to reset configuration for what follows */
        wr(QPAC_REG_CFG, QPAC_REG_CFG_RESET);
        wr(QPAC_REG_TSZLIM, QPAC_REG_TSZLIM_RESET);
    }

    void run()
    {
        rst_n.write(false);
        for (int i = 0; i < 4; i++)
            wait(clk.posedge_event());
        rst_n.write(true);
        wait(clk.posedge_event());
        error_paths();
        qpac_state st;
        qpac_pvs_item it;
        for (const std::string &f : opt_.vectors) {
            FILE *fp = fopen(f.c_str(), "r");
            if (!fp) {
                printf("cosim-sc: %s: cannot open\n", f.c_str());
                input_error = true;
                continue;
            }
            qpac_pvs_reader rd_;
            qpac_pvs_reader_init(&rd_, fp, f.c_str());
            qpac_state_init(&st);
            /* a script starts from the reset state: configuration and keys */
            write_cfg(st.cfg);
            for (unsigned k = 0; k < QPAC_NKEYS; k++)
                write_key(k, st.key[k]);
            int rc;
            while ((rc = qpac_pvs_next(&rd_, &st, &it)) == 1) {
                where_ = f + ":" + std::to_string(it.line);
                if (it.kind == QPAC_PVS_CFG && st.cfg.compat != QPAC_COMPAT_ARCH) {
                    printf("cosim-sc: %s: compat=qemu: not in the hardware\n", where_.c_str());
                    input_error = true;
                    break;
                }
                item(st, it);
            }
            if (rc < 0) {
                printf("cosim-sc: %s\n", rd_.err);
                input_error = true;
            }
            fclose(fp);
        }
        qpac_gen g;
        qpac_gen_init(&g, opt_.seed, 1);
        qpac_state_init(&st);
        uint64_t n = 0;
        while (n < opt_.count && mismatches < 10) {
            qpac_gen_next(&g, &st, &it);
            where_ = "qpac gen --hw --seed " + std::to_string(opt_.seed) + ", op " +
                     std::to_string(n);
            item(st, it);
            if (it.kind == QPAC_PVS_OP)
                n++;
        }
        sc_stop();
    }
};

int sc_main(int argc, char **argv)
{
    ScOptions o;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strncmp(a, "+vectors=", 9))
            o.vectors.push_back(a + 9);
        else if (!strncmp(a, "+count=", 7) || !strncmp(a, "+seed=", 6)) {
            /* libqpac's one number parser, as the qpac commands and cosim */
            bool cnt = a[1] == 'c';
            if (qpac_parse_u64_str(strchr(a, '=') + 1, UINT64_MAX, cnt ? &o.count : &o.seed) ||
                (cnt && o.count == 0)) {
                fprintf(stderr, "cosim-sc: bad value in '%.48s': expected a number (decimal or 0x "
                                "hex, no sign; count at least 1)\n", a);
                return 2;
            }
        } else if (strncmp(a, "+verilator+", 11)) {
            fprintf(stderr, "cosim-sc: unknown option '%s'\n", a);
            return 2;
        }
    }
    Verilated::commandArgs(argc, argv);
    sc_report_handler::set_actions("/OSCI/SystemC", SC_INFO, SC_DO_NOTHING); /* sc_stop note */
    const sc_time period(10, SC_NS);
    sc_clock clk("clk", period);
    sc_signal<bool> rst_n("rst_n"), psel("psel"), penable("penable"), pwrite("pwrite");
    sc_signal<bool> pready("pready"), pslverr("pslverr");
    sc_signal<uint32_t> paddr("paddr"), pwdata("pwdata"), prdata("prdata");

    Vqpac_apb rtl("rtl");
    rtl.clk_i(clk);
    rtl.rst_ni(rst_n);
    rtl.psel_i(psel);
    rtl.penable_i(penable);
    rtl.pwrite_i(pwrite);
    rtl.paddr_i(paddr);
    rtl.pwdata_i(pwdata);
    rtl.prdata_o(prdata);
    rtl.pready_o(pready);
    rtl.pslverr_o(pslverr);

    ApbBridge bridge("bridge");
    bridge.clk(clk);
    bridge.psel(psel);
    bridge.penable(penable);
    bridge.pwrite(pwrite);
    bridge.paddr(paddr);
    bridge.pwdata(pwdata);
    bridge.prdata(prdata);
    bridge.pready(pready);
    bridge.pslverr(pslverr);

    QpacTlm model("model", COSIM_DEPTH, period);
    Initiator init("initiator", o);
    init.clk(clk);
    init.rst_n(rst_n);
    init.to_model.bind(model.socket);
    init.to_rtl.bind(bridge.socket);

    sc_start();
    rtl.final();
    printf("cosim-sc: qpac_apb DEPTH=%d: %" PRIu64 " register accesses (%" PRIu64
           " refused with an error response on both, %" PRIu64 " of them key commits), %" PRIu64
           " operations, %" PRIu64 " STATUS polls on the RTL\n",
           COSIM_DEPTH, init.accesses, init.errors_seen, init.refused_commits, init.ops, init.polls);
    printf("cosim-sc: simulated time %s (RTL, %" PRIu64 " APB clocks in transfers); TLM "
           "model annotated %s\n",
           sc_time_stamp().to_string().c_str(), bridge.cycles,
           init.model_time.to_string().c_str());
    if (init.mismatches || init.input_error) {
        printf("cosim-sc: FAILED: %" PRIu64 " mismatches\n", init.mismatches);
        return 1;
    }
    printf("cosim-sc: TLM model and Verilated RTL identical on every access; every result "
           "equals libqpac\n");
    return 0;
}

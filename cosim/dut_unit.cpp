/*
 * dut_unit.cpp - qpac cosimulation: the Verilated qpac_unit behind the Dut
 * interface. Compiled once per build (DEPTH, check or fast, trace); the rest
 * of the harness is Verilator-free and built once.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <cstdio>
#include <memory>
#include <string>

#include "Vqpac_unit.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

#include "harness.h"

#ifndef COSIM_DEPTH
#define COSIM_DEPTH 0
#endif
#ifndef COSIM_PTR_PIPE
#define COSIM_PTR_PIPE 0
#endif
#ifndef COSIM_GLOBAL_STALL
#define COSIM_GLOBAL_STALL 0
#endif
#ifndef COSIM_FLAVOUR
#define COSIM_FLAVOUR "check"
#endif
#ifndef COSIM_TAG_W
#define COSIM_TAG_W 8
#endif
/* the waveform's nominal clock period (the trace's time unit is 1 ps) */
#ifndef COSIM_PERIOD_PS
#define COSIM_PERIOD_PS 10000
#endif

namespace {

class UnitDut : public Dut {
public:
    UnitDut(int argc, char **argv, const char *trace_file)
    {
        ctx_.reset(new VerilatedContext);
        ctx_->commandArgs(argc, argv); /* +verilator+rand+reset+N, +verilator+seed+N */
        top_.reset(new Vqpac_unit(ctx_.get(), "TOP"));
        variant_ = "DEPTH=" + std::to_string(COSIM_DEPTH) +
                   (COSIM_PTR_PIPE ? " PTR_PIPE=1" : "") +
                   (COSIM_GLOBAL_STALL ? " GLOBAL_STALL=1 " : " ") + COSIM_FLAVOUR;
        if (trace_file) {
#if VM_TRACE
            ctx_->traceEverOn(true);
            tfp_.reset(new VerilatedFstC);
            top_->trace(tfp_.get(), 99);
            tfp_->open(trace_file);
            phases_.reset(fopen((std::string(trace_file) + ".phases").c_str(), "w"));
            if (phases_)
                fprintf(phases_.get(), "period_ps %d\n", COSIM_PERIOD_PS);
#else
            fprintf(stderr, "cosim: this build has no tracing (make cosim TRACE=1)\n");
#endif
        }
    }
    void settle(const DutIn &in, DutOut &out) override
    {
        Vqpac_unit &t = *top_;
        t.clk_i = 0;
        t.rst_ni = in.rst_n;
        t.key_we_i = in.key_we;
        t.key_sel_i = in.key_sel;
        t.key_hi_i = in.key_hi;
        t.key_lo_i = in.key_lo;
        t.cfg_we_i = in.cfg_we;
        t.cfg_i = in.cfg;
        t.tszlim_i = in.tszlim;
        t.in_valid_i = in.in_valid;
        t.in_op_i = in.in_op;
        t.in_key_i = in.in_key;
        t.in_x_i = in.in_x;
        t.in_y_i = in.in_y;
        t.in_tag_i = in.in_tag;
        t.out_ready_i = in.out_ready;
        t.eval();
        dump();
        out.wr_ready = t.wr_ready_o;
        out.in_ready = t.in_ready_o;
        out.out_valid = t.out_valid_o;
        out.out_fault = t.out_fault_o;
        out.out_value = t.out_value_o;
        out.out_tag = t.out_tag_o;
        out.cfg = t.cfg_o;
        out.tszlim = t.tszlim_o;
    }
    void posedge() override
    {
        top_->clk_i = 1;
        top_->eval();
        dump();
    }
    void finish() override
    {
        top_->final();
#if VM_TRACE
        if (tfp_)
            tfp_->close();
#endif
    }
    const char *variant() const override { return variant_.c_str(); }
    /* FILE.phases: "TIME_PS PHASE" at each change (GTKWave markers, see
     * cosim/gtkw_phases.py) */
    void mark(const char *phase) override
    {
        if (phases_ && last_phase_ != phase) {
            fprintf(phases_.get(), "%llu %s\n", (unsigned long long)ctx_->time(), phase);
            last_phase_ = phase;
        }
    }
    unsigned tag_bits() const override { return COSIM_TAG_W; }

private:
    void dump()
    {
        ctx_->timeInc(COSIM_PERIOD_PS / 2); /* two dumps per clock */
#if VM_TRACE
        if (tfp_)
            tfp_->dump(ctx_->time());
#endif
    }
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Vqpac_unit> top_;
#if VM_TRACE
    std::unique_ptr<VerilatedFstC> tfp_;
#endif
    std::string variant_;
    struct FileCloser {
        void operator()(FILE *f) const { fclose(f); }
    };
    std::unique_ptr<FILE, FileCloser> phases_;
    std::string last_phase_;
};

Dut *make_unit(int argc, char **argv, const char *trace_file)
{
    return new UnitDut(argc, argv, trace_file);
}

} // namespace

int main(int argc, char **argv) { return cosim_main(argc, argv, make_unit); }

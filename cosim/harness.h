/*
 * harness.h - qpac cosimulation: the interface between the harness (checker,
 * scoreboard, coverage, stimulus; no Verilator headers) and one Verilated
 * build of qpac_unit (cosim/dut_unit.cpp, compiled once per DEPTH).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef COSIM_HARNESS_H
#define COSIM_HARNESS_H

#include <cstdint>

/* Inputs of qpac_unit for one clock cycle (port names in rtl/README.md). */
struct DutIn {
    bool rst_n = false;
    bool key_we = false;
    unsigned key_sel = 0;
    uint64_t key_hi = 0, key_lo = 0;
    bool cfg_we = false;
    uint32_t cfg = 0, tszlim = 0;
    bool in_valid = false;
    unsigned in_op = 0, in_key = 0, in_tag = 0;
    uint64_t in_x = 0, in_y = 0;
    bool out_ready = false;
};

/* Outputs of qpac_unit, sampled after the inputs settled, before the edge. */
struct DutOut {
    bool wr_ready = false, in_ready = false, out_valid = false, out_fault = false;
    uint64_t out_value = 0;
    unsigned out_tag = 0;
    uint32_t cfg = 0, tszlim = 0;
};

class Dut {
public:
    virtual ~Dut() {}
    /* Clock low: apply the inputs, evaluate, return the outputs. */
    virtual void settle(const DutIn &in, DutOut &out) = 0;
    /* Rising clock edge (registers take the inputs given to settle). */
    virtual void posedge() = 0;
    /* Flush the waveform, run final blocks. */
    virtual void finish() = 0;
    /* What was built: "DEPTH=3 check" and so on. */
    virtual const char *variant() const = 0;
    /* Tag width of the build. */
    virtual unsigned tag_bits() const = 0;
    /* The bench enters a phase ("reset", "reset state", a known-answer file,
     * "random"): a trace build records it for the waveform's markers. */
    virtual void mark(const char *phase) { (void)phase; }
};

/* Builds the DUT; trace_file is NULL unless waveforms were asked for. */
typedef Dut *(*DutFactory)(int argc, char **argv, const char *trace_file);

/* The harness main program (cosim/cosim.cpp); returns the exit status. */
int cosim_main(int argc, char **argv, DutFactory make_dut);

#endif

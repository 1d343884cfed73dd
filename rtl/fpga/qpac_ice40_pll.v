// qpac_ice40_pll.v - the iCE40 PLL (SB_PLL40_CORE, simple feedback) in the
// configuration IceStorm's icepll computes: PLLOUT = REFERENCECLK *
// (DIVF + 1) / ((DIVR + 1) * 2^DIVQ), the VCO at PLLOUT * 2^DIVQ, the output
// on a global net. synth/fpga.sh runs icepll for the asked frequency and sets
// these parameters on the board top. Simulation replaces SB_PLL40_CORE with
// rtl/fpga/sim/ice40_sim.v.
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module qpac_ice40_pll #(
    parameter integer DIVR = 0,
    parameter integer DIVF = 66,
    parameter integer DIVQ = 3,
    parameter integer FILTER_RANGE = 1
) (
    input  wire clk_i,
    output wire clk_o,
    output wire locked_o
);
    localparam [3:0] DIVR_B = DIVR[3:0];
    localparam [6:0] DIVF_B = DIVF[6:0];
    localparam [2:0] DIVQ_B = DIVQ[2:0];
    localparam [2:0] FILTER_B = FILTER_RANGE[2:0];
    wire unused_core, unused_sdo;
    SB_PLL40_CORE #(
        .FEEDBACK_PATH("SIMPLE"), .PLLOUT_SELECT("GENCLK"),
        .DIVR(DIVR_B), .DIVF(DIVF_B), .DIVQ(DIVQ_B), .FILTER_RANGE(FILTER_B)
    ) u_pll (
        .REFERENCECLK(clk_i), .PLLOUTCORE(unused_core), .PLLOUTGLOBAL(clk_o),
        .EXTFEEDBACK(1'b0), .DYNAMICDELAY(8'd0), .LOCK(locked_o), .BYPASS(1'b0),
        .RESETB(1'b1), .LATCHINPUTVALUE(1'b0), .SDO(unused_sdo), .SDI(1'b0), .SCLK(1'b0));
endmodule

`default_nettype wire

// ice40_sim.v - simulation-only behavioural model of the iCE40 PLL the HX8K
// board top uses with PLL = 1 (never read by synthesis): SB_PLL40_CORE
// raises LOCK after LOCK_CLOCKS reference clocks and gives PLLOUTGLOBAL =
// REFERENCECLK, or with +define+ICE40_SIM_PLLOUT_HALF=H REFERENCECLK / 2H
// (qpac_sim_pll.v).
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module SB_PLL40_CORE #(
    parameter FEEDBACK_PATH = "SIMPLE",
    parameter PLLOUT_SELECT = "GENCLK",
    parameter [3:0] DIVR = 4'b0000,
    parameter [6:0] DIVF = 7'b0000000,
    parameter [2:0] DIVQ = 3'b000,
    parameter [2:0] FILTER_RANGE = 3'b000,
    parameter integer LOCK_CLOCKS = 24
) (
    input  wire       REFERENCECLK, EXTFEEDBACK, BYPASS, RESETB, LATCHINPUTVALUE, SDI, SCLK,
    input  wire [7:0] DYNAMICDELAY,
    output wire       PLLOUTCORE, PLLOUTGLOBAL, LOCK, SDO
);
`ifndef ICE40_SIM_PLLOUT_HALF
`define ICE40_SIM_PLLOUT_HALF 0
`endif
    qpac_sim_pll #(.HALF(`ICE40_SIM_PLLOUT_HALF), .LOCK_CLOCKS(LOCK_CLOCKS)) u_pll (
        .clk_i(REFERENCECLK), .clk_o(PLLOUTGLOBAL), .lock_o(LOCK));
    assign PLLOUTCORE = PLLOUTGLOBAL;
    assign SDO = 1'b0;
endmodule

`default_nettype wire

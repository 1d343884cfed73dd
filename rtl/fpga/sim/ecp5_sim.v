// ecp5_sim.v - simulation-only behavioural model of the ECP5 primitive the
// board top uses (never read by synthesis): EHXPLLL raises LOCK after
// LOCK_CLOCKS input clocks and gives CLKOP = CLKI, or with
// +define+ECP5_SIM_CLKOP_HALF=H CLKI / 2H (qpac_sim_pll.v).
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module EHXPLLL #(
    parameter PLLRST_ENA = "DISABLED",
    parameter INTFB_WAKE = "DISABLED",
    parameter STDBY_ENABLE = "DISABLED",
    parameter DPHASE_SOURCE = "DISABLED",
    parameter OUTDIVIDER_MUXA = "DIVA",
    parameter OUTDIVIDER_MUXB = "DIVB",
    parameter OUTDIVIDER_MUXC = "DIVC",
    parameter OUTDIVIDER_MUXD = "DIVD",
    parameter integer CLKI_DIV = 1,
    parameter CLKOP_ENABLE = "ENABLED",
    parameter integer CLKOP_DIV = 8,
    parameter integer CLKOP_CPHASE = 0,
    parameter integer CLKOP_FPHASE = 0,
    parameter FEEDBK_PATH = "CLKOP",
    parameter integer CLKFB_DIV = 1,
    parameter integer LOCK_CLOCKS = 24
) (
    input  wire RST, STDBY, CLKI, CLKFB, PHASESEL0, PHASESEL1, PHASEDIR, PHASESTEP,
    input  wire PHASELOADREG, PLLWAKESYNC, ENCLKOP,
    output wire CLKOP,
    output wire LOCK
);
`ifndef ECP5_SIM_CLKOP_HALF
`define ECP5_SIM_CLKOP_HALF 0
`endif
    qpac_sim_pll #(.HALF(`ECP5_SIM_CLKOP_HALF), .LOCK_CLOCKS(LOCK_CLOCKS)) u_pll (
        .clk_i(CLKI), .clk_o(CLKOP), .lock_o(LOCK));
endmodule

`default_nettype wire

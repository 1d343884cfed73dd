// ecp5_sim.v - simulation-only behavioural model of the ECP5 primitive the
// board top uses (never read by synthesis): EHXPLLL passes CLKI through as
// CLKOP (the frequency ratio does not matter to a cycle-based model: the
// bench clocks the board at the unit's clock) and raises LOCK after
// LOCK_CLOCKS input clocks.
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
    reg [7:0] count_q = 8'd0;
    always @(posedge CLKI)
        if (count_q != LOCK_CLOCKS[7:0]) count_q <= count_q + 8'd1;
    assign CLKOP = CLKI;
    assign LOCK = (count_q == LOCK_CLOCKS[7:0]);
endmodule

`default_nettype wire

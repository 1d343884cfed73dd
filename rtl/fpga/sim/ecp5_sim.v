// ecp5_sim.v - simulation-only behavioural model of the ECP5 primitive the
// board top uses (never read by synthesis): EHXPLLL raises LOCK after
// LOCK_CLOCKS input clocks and gives CLKOP = CLKI, or with
// +define+ECP5_SIM_CLKOP_HALF=H a clock that toggles every H clocks of CLKI
// (CLKI / 2H): a cycle-based bench cannot make a faster clock, but a slower
// one puts the board top's two clock domains on different clocks.
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
    reg [7:0] count_q = 8'd0;
    always @(posedge CLKI)
        if (count_q != LOCK_CLOCKS[7:0]) count_q <= count_q + 8'd1;
    generate
        if (`ECP5_SIM_CLKOP_HALF == 0) begin : g_pass
            assign CLKOP = CLKI;
        end else begin : g_div
            reg [7:0] div_q = 8'd0;
            reg       clkop_q = 1'b0;
            always @(posedge CLKI) begin
                if ({24'd0, div_q} == `ECP5_SIM_CLKOP_HALF - 1) begin
                    div_q   <= 8'd0;
                    clkop_q <= !clkop_q;
                end else
                    div_q <= div_q + 8'd1;
            end
            assign CLKOP = clkop_q;
        end
    endgenerate
    assign LOCK = (count_q == LOCK_CLOCKS[7:0]);
endmodule

`default_nettype wire

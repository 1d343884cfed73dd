// ice40_sim.v - simulation-only behavioural model of the iCE40 PLL the HX8K
// board top uses with PLL = 1 (never read by synthesis): SB_PLL40_CORE
// raises LOCK after LOCK_CLOCKS reference clocks and gives PLLOUTGLOBAL =
// REFERENCECLK, or with +define+ICE40_SIM_PLLOUT_HALF=H a clock that toggles
// every H reference clocks: a cycle-based bench cannot make a faster clock,
// but a slower one puts the two clock domains on different clocks.
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
    reg [7:0] count_q = 8'd0;
    always @(posedge REFERENCECLK)
        if (count_q != LOCK_CLOCKS[7:0]) count_q <= count_q + 8'd1;
    generate
        if (`ICE40_SIM_PLLOUT_HALF == 0) begin : g_pass
            assign PLLOUTGLOBAL = REFERENCECLK;
        end else begin : g_div
            reg [7:0] div_q = 8'd0;
            reg       out_q = 1'b0;
            always @(posedge REFERENCECLK) begin
                if ({24'd0, div_q} == `ICE40_SIM_PLLOUT_HALF - 1) begin
                    div_q <= 8'd0;
                    out_q <= !out_q;
                end else
                    div_q <= div_q + 8'd1;
            end
            assign PLLOUTGLOBAL = out_q;
        end
    endgenerate
    assign PLLOUTCORE = PLLOUTGLOBAL;
    assign LOCK = (count_q == LOCK_CLOCKS[7:0]);
    assign SDO = 1'b0;
endmodule

`default_nettype wire

// qpac_sim_pll.v - simulation-only core of the PLL models (ecp5_sim.v,
// ice40_sim.v; never read by synthesis): lock_o rises after LOCK_CLOCKS
// clocks of clk_i; clk_o is clk_i (HALF 0) or a clock that toggles every
// HALF clocks of clk_i (clk_i / 2 HALF): a cycle-based bench cannot make a
// faster clock, but a slower one puts the board top's two clock domains on
// different clocks.
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module qpac_sim_pll #(
    parameter integer HALF        = 0,
    parameter integer LOCK_CLOCKS = 24
) (
    input  wire clk_i,
    output wire clk_o,
    output wire lock_o
);
    reg [7:0] count_q = 8'd0;
    always @(posedge clk_i)
        if (count_q != LOCK_CLOCKS[7:0]) count_q <= count_q + 8'd1;
    assign lock_o = (count_q == LOCK_CLOCKS[7:0]);
    generate
        if (HALF == 0) begin : g_pass
            assign clk_o = clk_i;
        end else begin : g_div
            reg [7:0] div_q = 8'd0;
            reg       clk_q = 1'b0;
            always @(posedge clk_i) begin
                if ({24'd0, div_q} == HALF - 1) begin
                    div_q <= 8'd0;
                    clk_q <= !clk_q;
                end else
                    div_q <= div_q + 8'd1;
            end
            assign clk_o = clk_q;
        end
    endgenerate
endmodule

`default_nettype wire

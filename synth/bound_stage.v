// bound_stage.v - one idealised pipeline stage of the QARMA-64 datapath, to
// measure what "one round per stage" can reach with a given library and flow
// (asic.py --top bound). Registers -> one stage of logic -> registers; the
// tweakey tk is precomputed and arrives registered, so only the state path is
// timed (asic.py cuts the paths from inputs and to outputs). The functions
// are the real ones of rtl/qarma_functions.vh (spec 1.4-1.6).
//   VARIANT 0  forward round      PACSub(PACMult(PACCellShuffle(x)) ^ tk)
//   VARIANT 1  backward round     PACCellInvShuffle(PACMult(PACInvSub(x))) ^ tk
//   VARIANT 2  linear half-round  PACMult(PACCellShuffle(x)) ^ tk
//   VARIANT 3  S-box half-round   PACSub(x) ^ tk
//   REGS 0     plain flip-flops (no reset, no enable)
//   REGS 1     asynchronous active-low reset (DFFSR in osu018), as the
//              pipeline slots of qarma_core (qpac_pipe_slot)
//   REGS 2     reset and a load enable from a register (the slot's "load")
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module bound_stage #(
    parameter integer VARIANT = 0,
    parameter integer REGS    = 0
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        en_i,   // load enable (REGS 2)
    input  wire [63:0] x_i,    // state into the stage's input register
    input  wire [63:0] tk_i,   // tweakey into its register
    output wire [63:0] y_o     // the stage's output register
);

`include "qarma_functions.vh"

reg  [63:0] x_q, tk_q, y_q;
wire [63:0] y;

generate
    if (VARIANT == 0) begin : g_fwd
        assign y = PACSub(PACMult(PACCellShuffle(x_q)) ^ tk_q);
    end else if (VARIANT == 1) begin : g_bwd
        assign y = PACCellInvShuffle(PACMult(PACInvSub(x_q))) ^ tk_q;
    end else if (VARIANT == 2) begin : g_lin
        assign y = PACMult(PACCellShuffle(x_q)) ^ tk_q;
    end else begin : g_sub
        assign y = PACSub(x_q) ^ tk_q;
    end

    if (REGS == 0) begin : g_plain
        always @(posedge clk_i) begin
            x_q  <= x_i;
            tk_q <= tk_i;
            y_q  <= y;
        end
        wire unused_ok = &{1'b0, rst_ni, en_i}; // no reset, no enable
    end else begin : g_rst
        reg en_q;
        always @(posedge clk_i or negedge rst_ni) begin
            if (!rst_ni) begin
                en_q <= 1'b0;
                x_q  <= 64'd0;
                tk_q <= 64'd0;
                y_q  <= 64'd0;
            end else begin
                en_q <= en_i;
                if (REGS == 1 || en_q) begin
                    x_q  <= x_i;
                    tk_q <= tk_i;
                    y_q  <= y;
                end
            end
        end
    end
endgenerate

assign y_o = y_q;

endmodule

`default_nettype wire

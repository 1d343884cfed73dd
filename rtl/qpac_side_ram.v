// qpac_side_ram.v - a W-bit delay line of N positions in block RAM, for a
// pipeline whose N register stages all move on one advance signal
// (qpac_unit SIDE_RAM = 1: the side band beside qarma_core at GLOBAL_STALL = 1).
// On every advance the head's word is written at the write pointer wp_q and
// both pointers step; the synchronous read is addressed by rp_q = wp_q + 1 - N
// (a counter of its own, no adder), so after an advance q_o is the word
// written N advances earlier: the word of the item now in the last stage.
// No advance: no write, the read output holds. M = 2^AW >= N entries, so the
// write never reaches a word still in flight and never the one being read.
// As qpac_pipe_slot DATA 2 for the last stage: the read output loads only
// when the item entering the last stage is valid (v_q: the stages' valid
// bits, as the pipeline's own), and q_o is zero until the first valid item
// arrives after a reset, so q_o only ever shows zero or a word written with a
// valid item since the reset; the RAM words themselves are never cleared.
// N = 0: a wire; N = 1: one register (DATA 2), no RAM.
// Inferred as iCE40 SB_RAM40_4K / ECP5 DP16KD by Yosys (ram_style "block").
`default_nettype none

module qpac_side_ram #(
    parameter integer W = 8,
    parameter integer N = 12
) (
    input  wire         clk_i,
    input  wire         rst_ni,
    input  wire         adv_i,   // the pipeline moves (every stage loads)
    input  wire         valid_i, // the head item is valid
    input  wire [W-1:0] d_i,     // the head item's word
    output wire [W-1:0] q_o      // the last stage's item's word (see above)
);

generate
    if (N >= 2) begin : g_ram
        localparam integer AW = (N <= 2) ? 1 : $clog2(N);
        localparam integer M  = 1 << AW;
        localparam integer RP0 = M + 1 - N; // (1 - N) mod M
        (* ram_style = "block", syn_ramstyle = "block_ram" *)
        reg  [W-1:0]  mem [0:M-1];
        reg  [AW-1:0] wp_q, rp_q;
        reg  [N-2:0]  v_q;   // bit i: the item in stage i + 1 is valid
        reg           ok_q;  // a valid word has been read since the reset
        reg  [W-1:0]  rd_q;
        wire          re = adv_i && v_q[N-2];
        integer       i;

        always @(posedge clk_i or negedge rst_ni) begin
            if (!rst_ni) begin
                wp_q <= {AW{1'b0}};
                rp_q <= RP0[AW-1:0];
                v_q  <= {(N-1){1'b0}};
                ok_q <= 1'b0;
            end else if (adv_i) begin
                wp_q <= wp_q + 1'b1;
                rp_q <= rp_q + 1'b1;
                v_q[0] <= valid_i;
                for (i = 1; i < N - 1; i = i + 1)
                    v_q[i] <= v_q[i-1];
                ok_q <= ok_q || v_q[N-2];
            end
        end
        always @(posedge clk_i) begin
            if (adv_i)
                mem[wp_q] <= d_i;
            if (re)
                rd_q <= mem[rp_q];
        end
        assign q_o = rd_q & {W{ok_q}};
    end else if (N == 1) begin : g_reg
        reg [W-1:0] d_q;
        always @(posedge clk_i or negedge rst_ni) begin
            if (!rst_ni)
                d_q <= {W{1'b0}};
            else if (adv_i && valid_i)
                d_q <= d_i;
        end
        assign q_o = d_q;
    end else begin : g_wire
        assign q_o = d_i;
        wire unused_ok = &{1'b0, clk_i, rst_ni, adv_i, valid_i};
    end
endgenerate

endmodule

`default_nettype wire

// ice40_probe.v - timing harness for the bare cipher on the iCE40: measures
// what the fabric allows for qarma_core alone (synth/qarma_core_syn.v, one
// key; ALG 0 QARMA5 only, 1 QARMA3 only, 2 both chosen per operation) at a
// pipeline DEPTH, without the key file, pointer logic, APB and UART of the
// FPGA top. KEY_PIPE as in qarma_core (the FPGA top uses 1).
// The 258 input bits (alg, valid, modifier, data, key) come from a shift
// register fed by one pin (the alg bit is used with ALG 2 only); the result (valid and PAC) is XOR-folded into one pin in two
// registered steps (64 -> 16 -> 1, one LUT level each). So every path the
// timer sees starts and ends in a register, and the slowest one is the
// core's (its first layer from the shift register, or a stage inside it).
// Reset: a power-on counter like qpac_fpga_top (iCE40 flip-flops start at 0).
// The figures are for timing and size only; the pins carry no useful data.
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module ice40_probe #(
    parameter integer DEPTH = 12,
    parameter integer ALG = 0,
    parameter integer KEY_PIPE = 0
) (
    input  wire clk_i,
    input  wire din_i,   // serial stimulus
    output wire dout_o   // folded result
);
    reg [3:0] por_q = 4'd0;
    reg       rst_n = 1'b0;
    always @(posedge clk_i) begin
        if (!(&por_q)) por_q <= por_q + 4'd1;
        rst_n <= &por_q;
    end

    // {alg, valid, modifier, data, key}: 1 + 1 + 64 + 64 + 128 bits
    reg [257:0] sr_q = 258'd0;
    always @(posedge clk_i) sr_q <= {sr_q[256:0], din_i};

    wire        out_valid, in_ready_unused;
    wire [63:0] out_pac;
    qarma_core_syn #(.DEPTH(DEPTH), .ALG(ALG), .KEY_PIPE(KEY_PIPE)) u_core (
        .clk_i(clk_i), .rst_ni(rst_n), .key_i(sr_q[127:0]), .key_sel_i(3'd0),
        .in_valid_i(sr_q[256]), .in_ready_o(in_ready_unused),
        .in_data_i(sr_q[191:128]), .in_mod_i(sr_q[255:192]), .alg_i(sr_q[257]),
        .out_valid_o(out_valid), .out_pac_o(out_pac));

    // XOR fold: each cell to one bit, then the 16 bits and valid to the pin
    reg [15:0] fold_q = 16'd0;
    reg        dout_q = 1'b0;
    integer i;
    always @(posedge clk_i) begin
        for (i = 0; i < 16; i = i + 1) fold_q[i] <= ^out_pac[4*i +: 4];
        dout_q <= ^{fold_q, out_valid};
    end
    assign dout_o = dout_q;

    wire unused_ok = &{1'b0, in_ready_unused};
endmodule

`default_nettype wire

// qarma_core_syn.v - synthesis wrapper of qarma_core: the bare cipher.
//
// KEYS 1: one 128-bit key drives all five key slots and the key select is 0,
// so the key-file multiplexers fold away and what remains is ComputePAC itself
// (data, modifier, key -> 64-bit PAC): the figure published QARMA-64 ASIC
// results compare with. KEYS 5 (point stem -f1): key m is key_i rotated left
// by 13m bits and key_sel_i selects, so every layer keeps its pick among five
// keys, as in qpac_unit. ALG selects the algorithm: 0 QARMA5 only, 1 QARMA3
// only (the other one is constant-folded away), 2 both (chosen per operation
// by alg_i, as in qpac_unit). DEPTH and KEY_PIPE are passed to the core
// (KEY_PIPE 1: the key travels with the operation through the register slots,
// as in the FPGA top, instead of every layer reading key_i). The result side
// never stalls (out_ready tied high), as in the published unrolled cores, so
// the figures are those of the cipher datapath; qpac_unit is synthesised with
// its full valid/ready handshake.
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module qarma_core_syn #(
    parameter integer DEPTH = 12,
    parameter integer ALG = 0,
    parameter integer KEY_PIPE = 0,
    parameter integer KEYS = 1
) (
    input  wire         clk_i,
    input  wire         rst_ni,
    input  wire [127:0] key_i,   // {K<127:64>, K<63:0>}
    input  wire [2:0]   key_sel_i, // used when KEYS = 5
    input  wire         in_valid_i,
    output wire         in_ready_o,
    input  wire [63:0]  in_data_i,
    input  wire [63:0]  in_mod_i,
    input  wire         alg_i,   // used when ALG = 2
    output wire         out_valid_o,
    output wire [63:0]  out_pac_o
);
    wire alg = (ALG == 2) ? alg_i : (ALG == 1);
    wire side_unused, busy_unused;
    wire [5*128-1:0] keys;
    genvar m;
    generate
        for (m = 0; m < 5; m = m + 1) begin : g_keys
            if (KEYS == 5) begin : g_rot
                assign keys[m*128 +: 128] = (key_i << (13 * m)) | (key_i >> (128 - 13 * m));
            end else begin : g_same
                assign keys[m*128 +: 128] = key_i;
            end
        end
    endgenerate

    qarma_core #(.DEPTH(DEPTH), .SIDE_W(1), .KEY_PIPE(KEY_PIPE)) u_core (
        .clk_i(clk_i), .rst_ni(rst_ni), .keys_i(keys),
        .in_valid_i(in_valid_i), .in_ready_o(in_ready_o),
        .in_data_i(in_data_i), .in_mod_i(in_mod_i), .in_key_i((KEYS == 5) ? key_sel_i : 3'd0),
        .in_alg_i(alg), .in_side_i(1'b0),
        .out_valid_o(out_valid_o), .out_ready_i(1'b1),
        .out_pac_o(out_pac_o), .out_side_o(side_unused), .busy_o(busy_unused));
endmodule

`default_nettype wire

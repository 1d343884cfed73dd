// qarma_core.v - pipelined ComputePAC (QARMA-64 as used by ARM pointer
// authentication, spec 1.8) for QARMA5 and QARMA3, one operation per clock.
//
// The cipher is unrolled into 12 layers, one per S-box layer of QARMA5:
//   L0..L4  forward rounds 0..4          L5  centre round (key modk0, T_{N+1})
//   L6      pseudo-reflector and the full backward round (key key0)
//   L7..L10 backward rounds 4..1         L11 backward round 0 and output whitening
// QARMA3 (alg = 1) runs the same layers with PACSub1 and passes rounds 3 and 4
// of both halves (L3, L4, L7, L8) through, so both algorithms have the same
// latency and the algorithm can change from one operation to the next.
// After layer L sits an optional register slot; DEPTH (0..12) of the 12 slots
// are present, spread evenly (slot L present when floor((L+1)*DEPTH/12) !=
// floor(L*DEPTH/12)); the last slot is present whenever DEPTH > 0, so the
// latency in clocks is DEPTH. The valid bit, the 3-bit key select, the
// algorithm, the modifier and a caller side band (SIDE_W bits) travel with the
// state; the keys do not: they come from the key file (keys_i), which must stay
// stable while operations are in flight (qpac_unit drains before a key write).
// The tweak T_k = TweakShuffle^k(modifier) is formed in each layer from the
// carried modifier (wiring plus a few XORs), so no inverse schedule is needed.
`default_nettype none

module qarma_core #(
    parameter integer DEPTH  = 12,
    parameter integer SIDE_W = 1
) (
    input  wire              clk_i,
    input  wire              rst_ni,
    // key file: key n = {K<127:64>, K<63:0>} at bits 128n+127:128n (n = KEY encoding)
    input  wire [5*128-1:0]  keys_i,
    // operation in
    input  wire              in_valid_i,
    output wire              in_ready_o,
    input  wire [63:0]       in_data_i,
    input  wire [63:0]       in_mod_i,
    input  wire [2:0]        in_key_i,
    input  wire              in_alg_i,
    input  wire [SIDE_W-1:0] in_side_i,
    // result out
    output wire              out_valid_o,
    input  wire              out_ready_i,
    output wire [63:0]       out_pac_o,
    output wire [SIDE_W-1:0] out_side_o,
    // some register slot holds an operation
    output wire              busy_o
);

`include "qarma_functions.vh"

// bundle carried between layers: {side, alg, key, modifier, w}
localparam integer BW = SIDE_W + 1 + 3 + 64 + 64;

function integer SlotPresent;
    input integer l;
    begin
        SlotPresent = (((l + 1) * DEPTH) / 12 != (l * DEPTH) / 12) ? 1 : 0;
    end
endfunction

function [127:0] KeySel; // {K<127:64> = ASL key0, K<63:0> = ASL key1}
    input [5*128-1:0] keys;
    input [2:0]       sel;
    begin
        case (sel)
            3'd0: KeySel = keys[0*128 +: 128];
            3'd1: KeySel = keys[1*128 +: 128];
            3'd2: KeySel = keys[2*128 +: 128];
            3'd3: KeySel = keys[3*128 +: 128];
            3'd4: KeySel = keys[4*128 +: 128];
            default: KeySel = 128'd0;
        endcase
    end
endfunction

// T_k = TweakShuffle applied k times to the modifier (spec 1.8 notes)
function [63:0] TweakK;
    input [63:0]  mod;
    input integer k;
    integer i;
    begin
        TweakK = mod;
        for (i = 0; i < k; i = i + 1) TweakK = TweakShuffle(TweakK);
    end
endfunction

function [63:0] SubFwd; // S: PACSub (QARMA5) or PACSub1 (QARMA3)
    input [63:0] x;
    input        alg3;
    begin
        SubFwd = alg3 ? PACSub1(x) : PACSub(x);
    end
endfunction

function [63:0] SubInv; // Sinv: PACInvSub (QARMA5) or PACSub1 (QARMA3)
    input [63:0] x;
    input        alg3;
    begin
        SubInv = alg3 ? PACSub1(x) : PACInvSub(x);
    end
endfunction

// One layer of the unrolled cipher; l is a constant at every call.
function [63:0] QarmaLayer;
    input integer l;
    input [63:0]  w;
    input [63:0]  mod;
    input [63:0]  key0;
    input [63:0]  key1;
    input         alg3;
    reg   [63:0]  tn1; // T_{N+1}
    reg   [63:0]  v;
    reg   [2:0]   kb; // backward round number
    begin
        tn1 = alg3 ? TweakK(mod, 3) : TweakK(mod, 5);
        if (l == 0) begin
            // forward round 0 (w = data here): w ^ key0, then ^ key1 ^ T_0 ^ RC[0]
            QarmaLayer = SubFwd(w ^ key0 ^ key1 ^ mod ^ QarmaRC(3'd0), alg3);
        end else if (l <= 4) begin
            // forward round l; QARMA3 has rounds 0..2 only
            v = w ^ key1 ^ TweakK(mod, l) ^ QarmaRC(l[2:0]);
            QarmaLayer = (alg3 && l >= 3) ? w : SubFwd(PACMult(PACCellShuffle(v)), alg3);
        end else if (l == 5) begin
            // centre: full forward round keyed with modk0 and T_{N+1}
            v = w ^ QarmaModK0(key0) ^ tn1;
            QarmaLayer = SubFwd(PACMult(PACCellShuffle(v)), alg3);
        end else if (l == 6) begin
            // pseudo-reflector, then the full backward round keyed with key0
            v = PACCellInvShuffle(PACMult(PACCellShuffle(w)) ^ key1);
            v = PACCellInvShuffle(PACMult(SubInv(v, alg3)));
            QarmaLayer = v ^ key0 ^ tn1;
        end else if (l <= 10) begin
            // backward round k = 11 - l (4..1)
            kb = 3'd3 - l[2:0]; // (11 - l) mod 8 = 3 - l mod 8
            v = PACCellInvShuffle(PACMult(SubInv(w, alg3)));
            v = v ^ key1 ^ TweakK(mod, 11 - l) ^ QarmaRC(kb) ^ QARMA_ALPHA;
            QarmaLayer = (alg3 && (11 - l) >= 3) ? w : v;
        end else begin
            // backward round 0 and the output whitening with modk0
            QarmaLayer = SubInv(w, alg3) ^ key1 ^ mod ^ QarmaRC(3'd0) ^ QARMA_ALPHA ^ QarmaModK0(key0);
        end
    end
endfunction

// Apply layer l to a bundle, keys chosen by the bundle's own key select.
function [BW-1:0] LayerBundle;
    input integer     l;
    input [BW-1:0]    b;
    input [5*128-1:0] keys;
    reg   [127:0]     k;
    begin
        k = KeySel(keys, b[130:128]);
        LayerBundle = {b[BW-1:64], QarmaLayer(l, b[63:0], b[127:64], k[127:64], k[63:0], b[131])};
    end
endfunction

wire [BW-1:0] b0_in = {in_side_i, in_alg_i, in_key_i, in_mod_i, in_data_i};
wire          v0_in = in_valid_i;
wire          r0_in;
assign in_ready_o = r0_in;

// ---- layer 0 and the slot after it
wire [BW-1:0] b0_out = LayerBundle(0, b0_in, keys_i);
wire [BW-1:0] b1_in;
wire          v1_in, r1_in, busy0;
qpac_pipe_slot #(.W(BW), .REG(SlotPresent(0))) u_slot0 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v0_in), .in_ready_o(r0_in), .in_data_i(b0_out),
    .out_valid_o(v1_in), .out_ready_i(r1_in), .out_data_o(b1_in),
    .busy_o(busy0));

// ---- layer 1 and the slot after it
wire [BW-1:0] b1_out = LayerBundle(1, b1_in, keys_i);
wire [BW-1:0] b2_in;
wire          v2_in, r2_in, busy1;
qpac_pipe_slot #(.W(BW), .REG(SlotPresent(1))) u_slot1 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v1_in), .in_ready_o(r1_in), .in_data_i(b1_out),
    .out_valid_o(v2_in), .out_ready_i(r2_in), .out_data_o(b2_in),
    .busy_o(busy1));

// ---- layer 2 and the slot after it
wire [BW-1:0] b2_out = LayerBundle(2, b2_in, keys_i);
wire [BW-1:0] b3_in;
wire          v3_in, r3_in, busy2;
qpac_pipe_slot #(.W(BW), .REG(SlotPresent(2))) u_slot2 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v2_in), .in_ready_o(r2_in), .in_data_i(b2_out),
    .out_valid_o(v3_in), .out_ready_i(r3_in), .out_data_o(b3_in),
    .busy_o(busy2));

// ---- layer 3 and the slot after it
wire [BW-1:0] b3_out = LayerBundle(3, b3_in, keys_i);
wire [BW-1:0] b4_in;
wire          v4_in, r4_in, busy3;
qpac_pipe_slot #(.W(BW), .REG(SlotPresent(3))) u_slot3 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v3_in), .in_ready_o(r3_in), .in_data_i(b3_out),
    .out_valid_o(v4_in), .out_ready_i(r4_in), .out_data_o(b4_in),
    .busy_o(busy3));

// ---- layer 4 and the slot after it
wire [BW-1:0] b4_out = LayerBundle(4, b4_in, keys_i);
wire [BW-1:0] b5_in;
wire          v5_in, r5_in, busy4;
qpac_pipe_slot #(.W(BW), .REG(SlotPresent(4))) u_slot4 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v4_in), .in_ready_o(r4_in), .in_data_i(b4_out),
    .out_valid_o(v5_in), .out_ready_i(r5_in), .out_data_o(b5_in),
    .busy_o(busy4));

// ---- layer 5 and the slot after it
wire [BW-1:0] b5_out = LayerBundle(5, b5_in, keys_i);
wire [BW-1:0] b6_in;
wire          v6_in, r6_in, busy5;
qpac_pipe_slot #(.W(BW), .REG(SlotPresent(5))) u_slot5 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v5_in), .in_ready_o(r5_in), .in_data_i(b5_out),
    .out_valid_o(v6_in), .out_ready_i(r6_in), .out_data_o(b6_in),
    .busy_o(busy5));

// ---- layer 6 and the slot after it
wire [BW-1:0] b6_out = LayerBundle(6, b6_in, keys_i);
wire [BW-1:0] b7_in;
wire          v7_in, r7_in, busy6;
qpac_pipe_slot #(.W(BW), .REG(SlotPresent(6))) u_slot6 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v6_in), .in_ready_o(r6_in), .in_data_i(b6_out),
    .out_valid_o(v7_in), .out_ready_i(r7_in), .out_data_o(b7_in),
    .busy_o(busy6));

// ---- layer 7 and the slot after it
wire [BW-1:0] b7_out = LayerBundle(7, b7_in, keys_i);
wire [BW-1:0] b8_in;
wire          v8_in, r8_in, busy7;
qpac_pipe_slot #(.W(BW), .REG(SlotPresent(7))) u_slot7 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v7_in), .in_ready_o(r7_in), .in_data_i(b7_out),
    .out_valid_o(v8_in), .out_ready_i(r8_in), .out_data_o(b8_in),
    .busy_o(busy7));

// ---- layer 8 and the slot after it
wire [BW-1:0] b8_out = LayerBundle(8, b8_in, keys_i);
wire [BW-1:0] b9_in;
wire          v9_in, r9_in, busy8;
qpac_pipe_slot #(.W(BW), .REG(SlotPresent(8))) u_slot8 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v8_in), .in_ready_o(r8_in), .in_data_i(b8_out),
    .out_valid_o(v9_in), .out_ready_i(r9_in), .out_data_o(b9_in),
    .busy_o(busy8));

// ---- layer 9 and the slot after it
wire [BW-1:0] b9_out = LayerBundle(9, b9_in, keys_i);
wire [BW-1:0] b10_in;
wire          v10_in, r10_in, busy9;
qpac_pipe_slot #(.W(BW), .REG(SlotPresent(9))) u_slot9 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v9_in), .in_ready_o(r9_in), .in_data_i(b9_out),
    .out_valid_o(v10_in), .out_ready_i(r10_in), .out_data_o(b10_in),
    .busy_o(busy9));

// ---- layer 10 and the slot after it
wire [BW-1:0] b10_out = LayerBundle(10, b10_in, keys_i);
wire [BW-1:0] b11_in;
wire          v11_in, r11_in, busy10;
qpac_pipe_slot #(.W(BW), .REG(SlotPresent(10))) u_slot10 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v10_in), .in_ready_o(r10_in), .in_data_i(b10_out),
    .out_valid_o(v11_in), .out_ready_i(r11_in), .out_data_o(b11_in),
    .busy_o(busy10));

// ---- layer 11 and the slot after it
wire [BW-1:0] b11_out = LayerBundle(11, b11_in, keys_i);
wire [BW-1:0] b12_in;
wire          v12_in, r12_in, busy11;
qpac_pipe_slot #(.W(BW), .REG(SlotPresent(11))) u_slot11 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v11_in), .in_ready_o(r11_in), .in_data_i(b11_out),
    .out_valid_o(v12_in), .out_ready_i(r12_in), .out_data_o(b12_in),
    .busy_o(busy11));

assign r12_in      = out_ready_i;
assign out_valid_o = v12_in;
assign out_pac_o   = b12_in[63:0];
assign out_side_o  = b12_in[BW-1:BW-SIDE_W];
assign busy_o      = busy0 | busy1 | busy2 | busy3 | busy4 | busy5 |
                     busy6 | busy7 | busy8 | busy9 | busy10 | busy11;

// the modifier, key and algorithm of the last bundle are not needed at the output
wire unused_ok = &{1'b0, b12_in[BW-SIDE_W-1:64]};

endmodule

`default_nettype wire

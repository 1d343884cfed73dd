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
// latency in clocks is DEPTH. The valid bit, the key field, the algorithm, the
// modifier and a caller side band (SIDE_W bits) travel with the state.
// DEPTH 13..24 (SPLIT): two stages per round. The cipher is cut into 24 halves,
// a register before and after every S-box layer: layer L is half a (the linear
// part before the S-box: state ^ tweakey, PACCellShuffle, PACMult; from layer 7
// on, the end of the previous backward round: PACMult, PACCellInvShuffle,
// ^ tweakey) and half b (the S-box). All 12 end slots are present plus DEPTH-12
// mid slots (after half a of layer L when floor((L+1)*(DEPTH-12)/12) !=
// floor(L*(DEPTH-12)/12)), so LATENCY = DEPTH. The bundle grows a 64-bit aux
// field: the tweakey of the next linear half, computed from the modifier and
// the key beside the S-box (TweakShuffle^k of the modifier is at most a 3-input
// XOR per bit), or, for QARMA3, the state saved across a passed forward round.
// QARMA3 passes backward rounds 4 and 3 by PACMult(PACCellShuffle()) in place
// of the S-box, which the next half's PACCellInvShuffle(PACMult()) undoes, with
// a zero tweakey. At DEPTH 24 every stage is an S-box (plus a 2:1 choice or one
// XOR) or at most three XOR levels.
// KEY_PIPE = 0: the key field is the 3-bit key select, and every layer picks its
// key from the key file (keys_i) with it (a 5:1 128-bit mux per layer); the key
// file must stay stable while operations are in flight (qpac_unit drains
// before a key write). KEY_PIPE = 1: the key is selected once at the input and
// the key field carries it (key0 = K<127:64>, key1 = K<63:0>; 128 bits per
// slot instead of 3): fewer LUTs, more flip-flops. Same function and latency.
// The tweak T_k = TweakShuffle^k(modifier) is formed in each layer from the
// carried modifier (wiring plus a few XORs), so no inverse schedule is needed.
// Written for fast Verilator models as well as synthesis: every layer is its
// own set of wires (no per-layer dispatch), S-boxes are table lookups, the
// key select indexes a table, and functions assign whole words (no loops of
// partial assignments, which Verilator keeps as state rather than locals).
`default_nettype none

module qarma_core #(
    parameter integer DEPTH    = 12,
    parameter integer SIDE_W   = 1,
    parameter integer KEY_PIPE = 0, // 1: carry the selected key, not its select
    // 0: every slot takes an item when it is empty or its item moves on (the
    // ready chain runs through all slots, bubbles close up); 1: one stall
    // signal, the last slot's load, moves the whole pipeline (bubbles stay);
    // 2: as 1, but the last slot too loads only on out_ready_i (the caller's
    // slot behind the core decides)
    parameter integer STALL    = 0
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

// bundle carried between layers: {side, alg, key field, modifier, w}; the key
// field (KF bits at KEY_LSB) is the key select (KEY_PIPE = 0) or {key0, key1}
localparam integer KF      = (KEY_PIPE != 0) ? 128 : 3;
localparam integer KEY_LSB = 128;
localparam integer ALG_B   = KEY_LSB + KF;
localparam integer BW      = SIDE_W + 1 + KF + 64 + 64;
// SPLIT: two stages per round (DEPTH 13..24); the bundle then carries aux at BW
// and a second copy of the algorithm bit at ALGH_B, which drives the upper half
// of each stage's algorithm choices (half the fanout per flip-flop). The copy
// enters as in_alg_i & in_valid_i (the same value in every valid bundle): a
// different input, so synthesis keeps it as its own flip-flop, and constant 0
// (gone) when the algorithm is constant QARMA5.
localparam integer SPLIT   = (DEPTH > 12) ? 1 : 0;
localparam integer BWX     = (SPLIT != 0) ? BW + 65 : BW;
localparam integer ALGH_B  = BW + 64;

function integer SlotPresent;
    input integer l;
    begin
        SlotPresent = (((l + 1) * DEPTH) / 12 != (l * DEPTH) / 12) ? 1 : 0;
    end
endfunction

// the slot after layer l (SPLIT: after its half b): always there when SPLIT
function integer EndPresent;
    input integer l;
    begin
        EndPresent = (SPLIT != 0) ? 1 : SlotPresent(l);
    end
endfunction

// SPLIT: the mid slot of layer l (between its halves), DEPTH-12 of them
function integer MidPresent;
    input integer l;
    begin
        MidPresent = (((l + 1) * (DEPTH - 12)) / 12 != (l * (DEPTH - 12)) / 12) ? 1 : 0;
    end
endfunction

function [63:0] SubFwd; // S: PACSub (QARMA5) or PACSub1 (QARMA3)
    input [63:0] x;
    input        alg3;
    begin
        SubFwd = SubCells(x, alg3 ? PAC_SBOX1 : PAC_SBOX2);
    end
endfunction

function [63:0] SubInv; // Sinv: PACInvSub (QARMA5) or PACSub1 (QARMA3)
    input [63:0] x;
    input        alg3;
    begin
        SubInv = SubCells(x, alg3 ? PAC_SBOX1 : PAC_SBOX2_INV);
    end
endfunction

// SPLIT: both S-box layers side by side and the algorithm's choice after them,
// so the algorithm bit (a high-fanout net) is not in series with the S-box
function [63:0] SubFwdSel; // PACSub1 (alg3) or PACSub
    input [63:0] x;
    input        alg3;
    reg   [63:0] s5, s3;
    begin
        s5 = SubCells(x, PAC_SBOX2);
        s3 = SubCells(x, PAC_SBOX1);
        SubFwdSel = alg3 ? s3 : s5;
    end
endfunction

function [63:0] SubInvSel; // PACSub1 (alg3) or PACInvSub
    input [63:0] x;
    input        alg3;
    reg   [63:0] s5, s3;
    begin
        s5 = SubCells(x, PAC_SBOX2_INV);
        s3 = SubCells(x, PAC_SBOX1);
        SubInvSel = alg3 ? s3 : s5;
    end
endfunction

// forward round with key1, tweak tk and round constant rc (layers 1..4)
function [63:0] FwdRound;
    input [63:0] w;
    input [63:0] key1;
    input [63:0] tk;
    input [63:0] rc;
    input        alg3;
    begin
        FwdRound = SubFwd(PACMult(PACCellShuffle(w ^ key1 ^ tk ^ rc)), alg3);
    end
endfunction

// backward round (layers 7..10)
function [63:0] BwdRound;
    input [63:0] w;
    input [63:0] key1;
    input [63:0] tk;
    input [63:0] rc;
    input        alg3;
    begin
        BwdRound = PACCellInvShuffle(PACMult(SubInv(w, alg3))) ^ key1 ^ tk ^ rc ^ QARMA_ALPHA;
    end
endfunction

// The key file as two tables indexed by the key select (KEY encoding):
// KeyTab0[n] = K<127:64> (ASL key0), KeyTab1[n] = K<63:0> (ASL key1) of key n,
// zero for the selects 5..7 that name no key. An indexed read instead of a
// 5-way case: one load per layer in a Verilated model.
wire [63:0] KeyTab0 [0:7];
wire [63:0] KeyTab1 [0:7];
genvar gk;
generate
    for (gk = 0; gk < 8; gk = gk + 1) begin : g_keytab
        if (gk < 5) begin : g_key
            assign KeyTab0[gk] = keys_i[gk*128+64 +: 64];
            assign KeyTab1[gk] = keys_i[gk*128 +: 64];
        end else begin : g_none
            assign KeyTab0[gk] = 64'd0;
            assign KeyTab1[gk] = 64'd0;
        end
    end
endgenerate

// Each layer's keys (key0_L = K<127:64>, key1_L = K<63:0>, only those the
// layer uses), assigned at the end of the module once every bundle exists.
wire [63:0] key0_0, key1_0, key1_1, key1_2, key1_3, key1_4, key0_5, key0_6,
            key1_6, key1_7, key1_8, key1_9, key1_10, key0_11, key1_11;

// the key field entering layer 0
wire [KF-1:0] kf_in;
generate
    if (KEY_PIPE != 0) begin : g_kf_key
        assign kf_in = {KeyTab0[in_key_i], KeyTab1[in_key_i]};
    end else begin : g_kf_sel
        assign kf_in = in_key_i;
    end
endgenerate

wire [BWX-1:0] b0_in;
generate
    if (SPLIT != 0) begin : g_b0_aux
        assign b0_in = {in_alg_i & in_valid_i, 64'd0, in_side_i, in_alg_i, kf_in, in_mod_i,
                        in_data_i};
    end else begin : g_b0
        assign b0_in = {in_side_i, in_alg_i, kf_in, in_mod_i, in_data_i};
    end
endgenerate
wire          v0_in = in_valid_i;
wire          r0_in;
assign in_ready_o = r0_in;

// Each layer L takes its bundle bL_in apart: wL the cipher state, modL the
// modifier (T_0), q3_L the algorithm (1: QARMA3); its keys key0_L/key1_L come
// from the bundle's key field (see the end of the module).

// ---- layer 0 and the slot after it
wire [63:0] w0     = b0_in[63:0];
wire [63:0] mod0   = b0_in[127:64];
wire        q3_0   = b0_in[ALG_B];
// forward round 0 (w = data here): w ^ key0, then ^ key1 ^ T_0 ^ RC[0]
wire [63:0] y0 = SubFwd(w0 ^ key0_0 ^ key1_0 ^ mod0 ^ QarmaRC(3'd0), q3_0);
wire [BWX-1:0] b0_out;  // into the slot after layer 0
wire           v0_e, r0_e, busy0m;
generate
    if (SPLIT != 0) begin : g_half0
        // half a: whitening and round 0's tweakey (data ^ key0 ^ key1 ^ T_0 ^ RC[0])
        wire [63:0]     xa = w0 ^ key0_0 ^ key1_0 ^ mod0 ^ QarmaRC(3'd0);
        wire [BWX-1:0]  m_out = {b0_in[ALGH_B], 64'd0, b0_in[BW-1:64], xa};
        wire [BWX-1:0]  m_in;
        qpac_pipe_slot #(.W(BWX), .REG(MidPresent(0)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_mid (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(v0_in), .in_ready_o(r0_in), .in_data_i(m_out),
            .out_valid_o(v0_e), .out_ready_i(r0_e), .out_data_o(m_in),
            .busy_o(busy0m));
        // half b: round 0's S-box; the tweakey of round 1 in parallel
        wire [63:0]     mw = m_in[63:0], mmod = m_in[127:64], maux = m_in[BW +: 64];
        wire            mq3 = m_in[ALG_B], mq3h = m_in[ALGH_B]; // mq3h: upper half
        wire [63:0]     mk0, mk1;
        if (KEY_PIPE != 0) begin : g_kc
            assign mk0 = m_in[KEY_LSB + 64 +: 64];
            assign mk1 = m_in[KEY_LSB +: 64];
        end else begin : g_ks
            assign mk0 = KeyTab0[m_in[KEY_LSB +: 3]];
            assign mk1 = KeyTab1[m_in[KEY_LSB +: 3]];
        end
        // T_1: the modifier through TweakShuffle (wiring and XORs)
        wire [63:0]     mt1 = TweakShuffle(mmod);
        wire [63:0]     yb_l = SubFwdSel(mw, mq3);
        wire [63:0]     yb_h = SubFwdSel(mw, mq3h);
        wire [63:0]     yb  = {yb_h[63:32], yb_l[31:0]};
        wire [63:0]     ayb = mk1 ^ mt1 ^ QarmaRC(3'd1);  // aux out
        assign b0_out = {m_in[ALGH_B], ayb, m_in[BW-1:64], yb};
        // the whole-layer result is not used in this configuration
        wire unused_ok = &{1'b0, y0, mk0, mk1, maux, mmod, mq3, yb_l, yb_h, mq3h};
    end else begin : g_whole0
        assign b0_out = {b0_in[BW-1:64], y0};
        assign v0_e   = v0_in;
        assign r0_in  = r0_e;
        assign busy0m = 1'b0;
    end
endgenerate
wire [BWX-1:0] b1_in;
wire          v1_in, r1_in, busy0;
qpac_pipe_slot #(.W(BWX), .REG(EndPresent(0)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_slot0 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v0_e), .in_ready_o(r0_e), .in_data_i(b0_out),
    .out_valid_o(v1_in), .out_ready_i(r1_in), .out_data_o(b1_in),
    .busy_o(busy0));

// ---- layer 1 and the slot after it
wire [63:0] w1     = b1_in[63:0];
wire [63:0] mod1   = b1_in[127:64];
wire        q3_1   = b1_in[ALG_B];
// forward round 1
wire [63:0] tk1 = TweakShuffle(mod1);
wire [63:0] y1 = FwdRound(w1, key1_1, tk1, QarmaRC(3'd1), q3_1);
wire [BWX-1:0] b1_out;  // into the slot after layer 1
wire           v1_e, r1_e, busy1m;
generate
    if (SPLIT != 0) begin : g_half1
        // half a: forward round 1: state ^ tweakey, PACCellShuffle, PACMult
        wire [63:0]     aux1 = b1_in[BW +: 64];
        wire [63:0]     xa = PACMult(PACCellShuffle(w1 ^ aux1));
        wire [BWX-1:0]  m_out = {b1_in[ALGH_B], 64'd0, b1_in[BW-1:64], xa};
        wire [BWX-1:0]  m_in;
        qpac_pipe_slot #(.W(BWX), .REG(MidPresent(1)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_mid (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(v1_in), .in_ready_o(r1_in), .in_data_i(m_out),
            .out_valid_o(v1_e), .out_ready_i(r1_e), .out_data_o(m_in),
            .busy_o(busy1m));
        // half b: round 1's S-box
        wire [63:0]     mw = m_in[63:0], mmod = m_in[127:64], maux = m_in[BW +: 64];
        wire            mq3 = m_in[ALG_B], mq3h = m_in[ALGH_B]; // mq3h: upper half
        wire [63:0]     mk0, mk1;
        if (KEY_PIPE != 0) begin : g_kc
            assign mk0 = m_in[KEY_LSB + 64 +: 64];
            assign mk1 = m_in[KEY_LSB +: 64];
        end else begin : g_ks
            assign mk0 = KeyTab0[m_in[KEY_LSB +: 3]];
            assign mk1 = KeyTab1[m_in[KEY_LSB +: 3]];
        end
        // T_1..T_2: the modifier through TweakShuffle (wiring and XORs)
        wire [63:0]     mt1 = TweakShuffle(mmod);
        wire [63:0]     mt2 = TweakShuffle(mt1);
        wire [63:0]     yb_l = SubFwdSel(mw, mq3);
        wire [63:0]     yb_h = SubFwdSel(mw, mq3h);
        wire [63:0]     yb  = {yb_h[63:32], yb_l[31:0]};
        wire [63:0]     ayb = mk1 ^ mt2 ^ QarmaRC(3'd2);  // aux out
        assign b1_out = {m_in[ALGH_B], ayb, m_in[BW-1:64], yb};
        // the whole-layer result is not used in this configuration
        wire unused_ok = &{1'b0, y1, mk0, mk1, maux, mmod, mq3, yb_l, yb_h, mq3h};
    end else begin : g_whole1
        assign b1_out = {b1_in[BW-1:64], y1};
        assign v1_e   = v1_in;
        assign r1_in  = r1_e;
        assign busy1m = 1'b0;
    end
endgenerate
wire [BWX-1:0] b2_in;
wire          v2_in, r2_in, busy1;
qpac_pipe_slot #(.W(BWX), .REG(EndPresent(1)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_slot1 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v1_e), .in_ready_o(r1_e), .in_data_i(b1_out),
    .out_valid_o(v2_in), .out_ready_i(r2_in), .out_data_o(b2_in),
    .busy_o(busy1));

// ---- layer 2 and the slot after it
wire [63:0] w2     = b2_in[63:0];
wire [63:0] mod2   = b2_in[127:64];
wire        q3_2   = b2_in[ALG_B];
// forward round 2
wire [63:0] tk2 = TweakShuffle(TweakShuffle(mod2));
wire [63:0] y2 = FwdRound(w2, key1_2, tk2, QarmaRC(3'd2), q3_2);
wire [BWX-1:0] b2_out;  // into the slot after layer 2
wire           v2_e, r2_e, busy2m;
generate
    if (SPLIT != 0) begin : g_half2
        // half a: forward round 2: state ^ tweakey, PACCellShuffle, PACMult
        wire [63:0]     aux2 = b2_in[BW +: 64];
        wire [63:0]     xa = PACMult(PACCellShuffle(w2 ^ aux2));
        wire [BWX-1:0]  m_out = {b2_in[ALGH_B], 64'd0, b2_in[BW-1:64], xa};
        wire [BWX-1:0]  m_in;
        qpac_pipe_slot #(.W(BWX), .REG(MidPresent(2)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_mid (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(v2_in), .in_ready_o(r2_in), .in_data_i(m_out),
            .out_valid_o(v2_e), .out_ready_i(r2_e), .out_data_o(m_in),
            .busy_o(busy2m));
        // half b: round 2's S-box
        wire [63:0]     mw = m_in[63:0], mmod = m_in[127:64], maux = m_in[BW +: 64];
        wire            mq3 = m_in[ALG_B], mq3h = m_in[ALGH_B]; // mq3h: upper half
        wire [63:0]     mk0, mk1;
        if (KEY_PIPE != 0) begin : g_kc
            assign mk0 = m_in[KEY_LSB + 64 +: 64];
            assign mk1 = m_in[KEY_LSB +: 64];
        end else begin : g_ks
            assign mk0 = KeyTab0[m_in[KEY_LSB +: 3]];
            assign mk1 = KeyTab1[m_in[KEY_LSB +: 3]];
        end
        // T_1..T_3: the modifier through TweakShuffle (wiring and XORs)
        wire [63:0]     mt1 = TweakShuffle(mmod);
        wire [63:0]     mt2 = TweakShuffle(mt1);
        wire [63:0]     mt3 = TweakShuffle(mt2);
        wire [63:0]     yb_l = SubFwdSel(mw, mq3);
        wire [63:0]     yb_h = SubFwdSel(mw, mq3h);
        wire [63:0]     yb  = {yb_h[63:32], yb_l[31:0]};
        wire [63:0]     ayb = mk1 ^ mt3 ^ QarmaRC(3'd3);  // aux out
        assign b2_out = {m_in[ALGH_B], ayb, m_in[BW-1:64], yb};
        // the whole-layer result is not used in this configuration
        wire unused_ok = &{1'b0, y2, mk0, mk1, maux, mmod, mq3, yb_l, yb_h, mq3h};
    end else begin : g_whole2
        assign b2_out = {b2_in[BW-1:64], y2};
        assign v2_e   = v2_in;
        assign r2_in  = r2_e;
        assign busy2m = 1'b0;
    end
endgenerate
wire [BWX-1:0] b3_in;
wire          v3_in, r3_in, busy2;
qpac_pipe_slot #(.W(BWX), .REG(EndPresent(2)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_slot2 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v2_e), .in_ready_o(r2_e), .in_data_i(b2_out),
    .out_valid_o(v3_in), .out_ready_i(r3_in), .out_data_o(b3_in),
    .busy_o(busy2));

// ---- layer 3 and the slot after it
wire [63:0] w3     = b3_in[63:0];
wire [63:0] mod3   = b3_in[127:64];
wire        q3_3   = b3_in[ALG_B];
// forward round 3; QARMA3 has rounds 0..2 only
wire [63:0] tk3 = TweakShuffle(TweakShuffle(TweakShuffle(mod3)));
wire [63:0] y3 = q3_3 ? w3 : FwdRound(w3, key1_3, tk3, QarmaRC(3'd3), 1'b0);
wire [BWX-1:0] b3_out;  // into the slot after layer 3
wire           v3_e, r3_e, busy3m;
generate
    if (SPLIT != 0) begin : g_half3
        // half a: forward round 3: state ^ tweakey, PACCellShuffle, PACMult
        // (the state also goes on in aux: QARMA3 passes this round)
        wire [63:0]     aux3 = b3_in[BW +: 64];
        wire [63:0]     xa = PACMult(PACCellShuffle(w3 ^ aux3));
        wire [BWX-1:0]  m_out = {b3_in[ALGH_B], w3, b3_in[BW-1:64], xa};
        wire [BWX-1:0]  m_in;
        qpac_pipe_slot #(.W(BWX), .REG(MidPresent(3)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_mid (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(v3_in), .in_ready_o(r3_in), .in_data_i(m_out),
            .out_valid_o(v3_e), .out_ready_i(r3_e), .out_data_o(m_in),
            .busy_o(busy3m));
        // half b: round 3's S-box (QARMA3: the state saved in aux)
        wire [63:0]     mw = m_in[63:0], mmod = m_in[127:64], maux = m_in[BW +: 64];
        wire            mq3 = m_in[ALG_B], mq3h = m_in[ALGH_B]; // mq3h: upper half
        wire [63:0]     mk0, mk1;
        if (KEY_PIPE != 0) begin : g_kc
            assign mk0 = m_in[KEY_LSB + 64 +: 64];
            assign mk1 = m_in[KEY_LSB +: 64];
        end else begin : g_ks
            assign mk0 = KeyTab0[m_in[KEY_LSB +: 3]];
            assign mk1 = KeyTab1[m_in[KEY_LSB +: 3]];
        end
        // T_1..T_4: the modifier through TweakShuffle (wiring and XORs)
        wire [63:0]     mt1 = TweakShuffle(mmod);
        wire [63:0]     mt2 = TweakShuffle(mt1);
        wire [63:0]     mt3 = TweakShuffle(mt2);
        wire [63:0]     mt4 = TweakShuffle(mt3);
        wire [63:0]     yb_l = mq3 ? maux : SubFwd(mw, 1'b0);
        wire [63:0]     yb_h = mq3h ? maux : SubFwd(mw, 1'b0);
        wire [63:0]     yb  = {yb_h[63:32], yb_l[31:0]};
        wire [63:0]     ayb = mk1 ^ mt4 ^ QarmaRC(3'd4);  // aux out
        assign b3_out = {m_in[ALGH_B], ayb, m_in[BW-1:64], yb};
        // the whole-layer result is not used in this configuration
        wire unused_ok = &{1'b0, y3, mk0, mk1, maux, mmod, mq3, yb_l, yb_h, mq3h};
    end else begin : g_whole3
        assign b3_out = {b3_in[BW-1:64], y3};
        assign v3_e   = v3_in;
        assign r3_in  = r3_e;
        assign busy3m = 1'b0;
    end
endgenerate
wire [BWX-1:0] b4_in;
wire          v4_in, r4_in, busy3;
qpac_pipe_slot #(.W(BWX), .REG(EndPresent(3)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_slot3 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v3_e), .in_ready_o(r3_e), .in_data_i(b3_out),
    .out_valid_o(v4_in), .out_ready_i(r4_in), .out_data_o(b4_in),
    .busy_o(busy3));

// ---- layer 4 and the slot after it
wire [63:0] w4     = b4_in[63:0];
wire [63:0] mod4   = b4_in[127:64];
wire        q3_4   = b4_in[ALG_B];
// forward round 4; QARMA3 has rounds 0..2 only
wire [63:0] tk4 = TweakShuffle(TweakShuffle(TweakShuffle(TweakShuffle(mod4))));
wire [63:0] y4 = q3_4 ? w4 : FwdRound(w4, key1_4, tk4, QarmaRC(3'd4), 1'b0);
wire [BWX-1:0] b4_out;  // into the slot after layer 4
wire           v4_e, r4_e, busy4m;
generate
    if (SPLIT != 0) begin : g_half4
        // half a: forward round 4: state ^ tweakey, PACCellShuffle, PACMult
        // (the state also goes on in aux: QARMA3 passes this round)
        wire [63:0]     aux4 = b4_in[BW +: 64];
        wire [63:0]     xa = PACMult(PACCellShuffle(w4 ^ aux4));
        wire [BWX-1:0]  m_out = {b4_in[ALGH_B], w4, b4_in[BW-1:64], xa};
        wire [BWX-1:0]  m_in;
        qpac_pipe_slot #(.W(BWX), .REG(MidPresent(4)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_mid (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(v4_in), .in_ready_o(r4_in), .in_data_i(m_out),
            .out_valid_o(v4_e), .out_ready_i(r4_e), .out_data_o(m_in),
            .busy_o(busy4m));
        // half b: round 4's S-box (QARMA3: the state saved in aux)
        wire [63:0]     mw = m_in[63:0], mmod = m_in[127:64], maux = m_in[BW +: 64];
        wire            mq3 = m_in[ALG_B], mq3h = m_in[ALGH_B]; // mq3h: upper half
        wire [63:0]     mk0, mk1;
        if (KEY_PIPE != 0) begin : g_kc
            assign mk0 = m_in[KEY_LSB + 64 +: 64];
            assign mk1 = m_in[KEY_LSB +: 64];
        end else begin : g_ks
            assign mk0 = KeyTab0[m_in[KEY_LSB +: 3]];
            assign mk1 = KeyTab1[m_in[KEY_LSB +: 3]];
        end
        // T_1..T_5: the modifier through TweakShuffle (wiring and XORs)
        wire [63:0]     mt1 = TweakShuffle(mmod);
        wire [63:0]     mt2 = TweakShuffle(mt1);
        wire [63:0]     mt3 = TweakShuffle(mt2);
        wire [63:0]     mt4 = TweakShuffle(mt3);
        wire [63:0]     mt5 = TweakShuffle(mt4);
        wire [63:0]     yb_l = mq3 ? maux : SubFwd(mw, 1'b0);
        wire [63:0]     yb_h = mq3h ? maux : SubFwd(mw, 1'b0);
        wire [63:0]     yb  = {yb_h[63:32], yb_l[31:0]};
        wire [63:0]     ayb_l = QarmaModK0(mk0) ^ (mq3 ? mt3 : mt5);
        wire [63:0]     ayb_h = QarmaModK0(mk0) ^ (mq3h ? mt3 : mt5);
        wire [63:0]     ayb = {ayb_h[63:32], ayb_l[31:0]};  // aux out
        assign b4_out = {m_in[ALGH_B], ayb, m_in[BW-1:64], yb};
        // the whole-layer result is not used in this configuration
        wire unused_ok = &{1'b0, y4, mk0, mk1, maux, mmod, mq3, yb_l, yb_h, ayb_l, ayb_h, mq3h};
    end else begin : g_whole4
        assign b4_out = {b4_in[BW-1:64], y4};
        assign v4_e   = v4_in;
        assign r4_in  = r4_e;
        assign busy4m = 1'b0;
    end
endgenerate
wire [BWX-1:0] b5_in;
wire          v5_in, r5_in, busy4;
qpac_pipe_slot #(.W(BWX), .REG(EndPresent(4)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_slot4 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v4_e), .in_ready_o(r4_e), .in_data_i(b4_out),
    .out_valid_o(v5_in), .out_ready_i(r5_in), .out_data_o(b5_in),
    .busy_o(busy4));

// ---- layer 5 and the slot after it
wire [63:0] w5     = b5_in[63:0];
wire [63:0] mod5   = b5_in[127:64];
wire        q3_5   = b5_in[ALG_B];
// centre: full forward round keyed with modk0 and T_{N+1}
wire [63:0] t3_5  = TweakShuffle(TweakShuffle(TweakShuffle(mod5)));
wire [63:0] tn1_5 = q3_5 ? t3_5 : TweakShuffle(TweakShuffle(t3_5));
wire [63:0] y5 = SubFwd(PACMult(PACCellShuffle(w5 ^ QarmaModK0(key0_5) ^ tn1_5)), q3_5);
wire [BWX-1:0] b5_out;  // into the slot after layer 5
wire           v5_e, r5_e, busy5m;
generate
    if (SPLIT != 0) begin : g_half5
        // half a: centre: state ^ (modk0 ^ T_{N+1}), PACCellShuffle, PACMult
        wire [63:0]     aux5 = b5_in[BW +: 64];
        wire [63:0]     xa = PACMult(PACCellShuffle(w5 ^ aux5));
        wire [BWX-1:0]  m_out = {b5_in[ALGH_B], 64'd0, b5_in[BW-1:64], xa};
        wire [BWX-1:0]  m_in;
        qpac_pipe_slot #(.W(BWX), .REG(MidPresent(5)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_mid (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(v5_in), .in_ready_o(r5_in), .in_data_i(m_out),
            .out_valid_o(v5_e), .out_ready_i(r5_e), .out_data_o(m_in),
            .busy_o(busy5m));
        // half b: centre S-box
        wire [63:0]     mw = m_in[63:0], mmod = m_in[127:64], maux = m_in[BW +: 64];
        wire            mq3 = m_in[ALG_B], mq3h = m_in[ALGH_B]; // mq3h: upper half
        wire [63:0]     mk0, mk1;
        if (KEY_PIPE != 0) begin : g_kc
            assign mk0 = m_in[KEY_LSB + 64 +: 64];
            assign mk1 = m_in[KEY_LSB +: 64];
        end else begin : g_ks
            assign mk0 = KeyTab0[m_in[KEY_LSB +: 3]];
            assign mk1 = KeyTab1[m_in[KEY_LSB +: 3]];
        end
        wire [63:0]     yb_l = SubFwdSel(mw, mq3);
        wire [63:0]     yb_h = SubFwdSel(mw, mq3h);
        wire [63:0]     yb  = {yb_h[63:32], yb_l[31:0]};
        wire [63:0]     ayb = 64'd0;  // aux out
        assign b5_out = {m_in[ALGH_B], ayb, m_in[BW-1:64], yb};
        // the whole-layer result is not used in this configuration
        wire unused_ok = &{1'b0, y5, mk0, mk1, maux, mmod, mq3, yb_l, yb_h, mq3h};
    end else begin : g_whole5
        assign b5_out = {b5_in[BW-1:64], y5};
        assign v5_e   = v5_in;
        assign r5_in  = r5_e;
        assign busy5m = 1'b0;
    end
endgenerate
wire [BWX-1:0] b6_in;
wire          v6_in, r6_in, busy5;
qpac_pipe_slot #(.W(BWX), .REG(EndPresent(5)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_slot5 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v5_e), .in_ready_o(r5_e), .in_data_i(b5_out),
    .out_valid_o(v6_in), .out_ready_i(r6_in), .out_data_o(b6_in),
    .busy_o(busy5));

// ---- layer 6 and the slot after it
wire [63:0] w6     = b6_in[63:0];
wire [63:0] mod6   = b6_in[127:64];
wire        q3_6   = b6_in[ALG_B];
// pseudo-reflector, then the full backward round keyed with key0
wire [63:0] t3_6  = TweakShuffle(TweakShuffle(TweakShuffle(mod6)));
wire [63:0] tn1_6 = q3_6 ? t3_6 : TweakShuffle(TweakShuffle(t3_6));
wire [63:0] refl6 = PACCellInvShuffle(PACMult(PACCellShuffle(w6)) ^ key1_6);
wire [63:0] y6 = PACCellInvShuffle(PACMult(SubInv(refl6, q3_6))) ^ key0_6 ^ tn1_6;
wire [BWX-1:0] b6_out;  // into the slot after layer 6
wire           v6_e, r6_e, busy6m;
generate
    if (SPLIT != 0) begin : g_half6
        // half a: pseudo-reflector: PACCellInvShuffle(PACMult(PACCellShuffle(state)) ^ key1)
        wire [63:0]     xa = PACCellInvShuffle(PACMult(PACCellShuffle(w6)) ^ key1_6);
        wire [BWX-1:0]  m_out = {b6_in[ALGH_B], 64'd0, b6_in[BW-1:64], xa};
        wire [BWX-1:0]  m_in;
        qpac_pipe_slot #(.W(BWX), .REG(MidPresent(6)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_mid (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(v6_in), .in_ready_o(r6_in), .in_data_i(m_out),
            .out_valid_o(v6_e), .out_ready_i(r6_e), .out_data_o(m_in),
            .busy_o(busy6m));
        // half b: the S-box of the reflector's backward round; its tweakey key0 ^ T_{N+1}
        wire [63:0]     mw = m_in[63:0], mmod = m_in[127:64], maux = m_in[BW +: 64];
        wire            mq3 = m_in[ALG_B], mq3h = m_in[ALGH_B]; // mq3h: upper half
        wire [63:0]     mk0, mk1;
        if (KEY_PIPE != 0) begin : g_kc
            assign mk0 = m_in[KEY_LSB + 64 +: 64];
            assign mk1 = m_in[KEY_LSB +: 64];
        end else begin : g_ks
            assign mk0 = KeyTab0[m_in[KEY_LSB +: 3]];
            assign mk1 = KeyTab1[m_in[KEY_LSB +: 3]];
        end
        // T_1..T_5: the modifier through TweakShuffle (wiring and XORs)
        wire [63:0]     mt1 = TweakShuffle(mmod);
        wire [63:0]     mt2 = TweakShuffle(mt1);
        wire [63:0]     mt3 = TweakShuffle(mt2);
        wire [63:0]     mt4 = TweakShuffle(mt3);
        wire [63:0]     mt5 = TweakShuffle(mt4);
        wire [63:0]     yb_l = SubInvSel(mw, mq3);
        wire [63:0]     yb_h = SubInvSel(mw, mq3h);
        wire [63:0]     yb  = {yb_h[63:32], yb_l[31:0]};
        wire [63:0]     ayb_l = mk0 ^ (mq3 ? mt3 : mt5);
        wire [63:0]     ayb_h = mk0 ^ (mq3h ? mt3 : mt5);
        wire [63:0]     ayb = {ayb_h[63:32], ayb_l[31:0]};  // aux out
        assign b6_out = {m_in[ALGH_B], ayb, m_in[BW-1:64], yb};
        // the whole-layer result is not used in this configuration
        wire unused_ok = &{1'b0, y6, mk0, mk1, maux, mmod, mq3, yb_l, yb_h, ayb_l, ayb_h, mq3h};
    end else begin : g_whole6
        assign b6_out = {b6_in[BW-1:64], y6};
        assign v6_e   = v6_in;
        assign r6_in  = r6_e;
        assign busy6m = 1'b0;
    end
endgenerate
wire [BWX-1:0] b7_in;
wire          v7_in, r7_in, busy6;
qpac_pipe_slot #(.W(BWX), .REG(EndPresent(6)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_slot6 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v6_e), .in_ready_o(r6_e), .in_data_i(b6_out),
    .out_valid_o(v7_in), .out_ready_i(r7_in), .out_data_o(b7_in),
    .busy_o(busy6));

// ---- layer 7 and the slot after it
wire [63:0] w7     = b7_in[63:0];
wire [63:0] mod7   = b7_in[127:64];
wire        q3_7   = b7_in[ALG_B];
// backward round 4; QARMA3 passes it through
wire [63:0] tk7 = TweakShuffle(TweakShuffle(TweakShuffle(TweakShuffle(mod7))));
wire [63:0] y7 = q3_7 ? w7 : BwdRound(w7, key1_7, tk7, QarmaRC(3'd4), 1'b0);
wire [BWX-1:0] b7_out;  // into the slot after layer 7
wire           v7_e, r7_e, busy7m;
generate
    if (SPLIT != 0) begin : g_half7
        // half a: end of the reflector's backward round: PACMult, PACCellInvShuffle,
        // ^ tweakey (aux)
        wire [63:0]     aux7 = b7_in[BW +: 64];
        wire [63:0]     xa = PACCellInvShuffle(PACMult(w7)) ^ aux7;
        wire [BWX-1:0]  m_out = {b7_in[ALGH_B], 64'd0, b7_in[BW-1:64], xa};
        wire [BWX-1:0]  m_in;
        qpac_pipe_slot #(.W(BWX), .REG(MidPresent(7)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_mid (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(v7_in), .in_ready_o(r7_in), .in_data_i(m_out),
            .out_valid_o(v7_e), .out_ready_i(r7_e), .out_data_o(m_in),
            .busy_o(busy7m));
        // half b: backward round 4's S-box and its tweakey; QARMA3 passes the round:
        // PACMult(PACCellShuffle(state)), undone by the next half, and a zero tweakey
        wire [63:0]     mw = m_in[63:0], mmod = m_in[127:64], maux = m_in[BW +: 64];
        wire            mq3 = m_in[ALG_B], mq3h = m_in[ALGH_B]; // mq3h: upper half
        wire [63:0]     mk0, mk1;
        if (KEY_PIPE != 0) begin : g_kc
            assign mk0 = m_in[KEY_LSB + 64 +: 64];
            assign mk1 = m_in[KEY_LSB +: 64];
        end else begin : g_ks
            assign mk0 = KeyTab0[m_in[KEY_LSB +: 3]];
            assign mk1 = KeyTab1[m_in[KEY_LSB +: 3]];
        end
        // T_1..T_4: the modifier through TweakShuffle (wiring and XORs)
        wire [63:0]     mt1 = TweakShuffle(mmod);
        wire [63:0]     mt2 = TweakShuffle(mt1);
        wire [63:0]     mt3 = TweakShuffle(mt2);
        wire [63:0]     mt4 = TweakShuffle(mt3);
        wire [63:0]     yb_l = mq3 ? PACMult(PACCellShuffle(mw)) : SubInv(mw, 1'b0);
        wire [63:0]     yb_h = mq3h ? PACMult(PACCellShuffle(mw)) : SubInv(mw, 1'b0);
        wire [63:0]     yb  = {yb_h[63:32], yb_l[31:0]};
        wire [63:0]     ayb_l = mq3 ? 64'd0 : (mk1 ^ mt4 ^ QarmaRC(3'd4) ^ QARMA_ALPHA);
        wire [63:0]     ayb_h = mq3h ? 64'd0 : (mk1 ^ mt4 ^ QarmaRC(3'd4) ^ QARMA_ALPHA);
        wire [63:0]     ayb = {ayb_h[63:32], ayb_l[31:0]};  // aux out
        assign b7_out = {m_in[ALGH_B], ayb, m_in[BW-1:64], yb};
        // the whole-layer result is not used in this configuration
        wire unused_ok = &{1'b0, y7, mk0, mk1, maux, mmod, mq3, yb_l, yb_h, ayb_l, ayb_h, mq3h};
    end else begin : g_whole7
        assign b7_out = {b7_in[BW-1:64], y7};
        assign v7_e   = v7_in;
        assign r7_in  = r7_e;
        assign busy7m = 1'b0;
    end
endgenerate
wire [BWX-1:0] b8_in;
wire          v8_in, r8_in, busy7;
qpac_pipe_slot #(.W(BWX), .REG(EndPresent(7)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_slot7 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v7_e), .in_ready_o(r7_e), .in_data_i(b7_out),
    .out_valid_o(v8_in), .out_ready_i(r8_in), .out_data_o(b8_in),
    .busy_o(busy7));

// ---- layer 8 and the slot after it
wire [63:0] w8     = b8_in[63:0];
wire [63:0] mod8   = b8_in[127:64];
wire        q3_8   = b8_in[ALG_B];
// backward round 3; QARMA3 passes it through
wire [63:0] tk8 = TweakShuffle(TweakShuffle(TweakShuffle(mod8)));
wire [63:0] y8 = q3_8 ? w8 : BwdRound(w8, key1_8, tk8, QarmaRC(3'd3), 1'b0);
wire [BWX-1:0] b8_out;  // into the slot after layer 8
wire           v8_e, r8_e, busy8m;
generate
    if (SPLIT != 0) begin : g_half8
        // half a: end of backward round 4: PACMult, PACCellInvShuffle, ^ tweakey (aux)
        wire [63:0]     aux8 = b8_in[BW +: 64];
        wire [63:0]     xa = PACCellInvShuffle(PACMult(w8)) ^ aux8;
        wire [BWX-1:0]  m_out = {b8_in[ALGH_B], 64'd0, b8_in[BW-1:64], xa};
        wire [BWX-1:0]  m_in;
        qpac_pipe_slot #(.W(BWX), .REG(MidPresent(8)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_mid (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(v8_in), .in_ready_o(r8_in), .in_data_i(m_out),
            .out_valid_o(v8_e), .out_ready_i(r8_e), .out_data_o(m_in),
            .busy_o(busy8m));
        // half b: backward round 3's S-box and its tweakey; QARMA3 passes the round:
        // PACMult(PACCellShuffle(state)), undone by the next half, and a zero tweakey
        wire [63:0]     mw = m_in[63:0], mmod = m_in[127:64], maux = m_in[BW +: 64];
        wire            mq3 = m_in[ALG_B], mq3h = m_in[ALGH_B]; // mq3h: upper half
        wire [63:0]     mk0, mk1;
        if (KEY_PIPE != 0) begin : g_kc
            assign mk0 = m_in[KEY_LSB + 64 +: 64];
            assign mk1 = m_in[KEY_LSB +: 64];
        end else begin : g_ks
            assign mk0 = KeyTab0[m_in[KEY_LSB +: 3]];
            assign mk1 = KeyTab1[m_in[KEY_LSB +: 3]];
        end
        // T_1..T_3: the modifier through TweakShuffle (wiring and XORs)
        wire [63:0]     mt1 = TweakShuffle(mmod);
        wire [63:0]     mt2 = TweakShuffle(mt1);
        wire [63:0]     mt3 = TweakShuffle(mt2);
        wire [63:0]     yb_l = mq3 ? PACMult(PACCellShuffle(mw)) : SubInv(mw, 1'b0);
        wire [63:0]     yb_h = mq3h ? PACMult(PACCellShuffle(mw)) : SubInv(mw, 1'b0);
        wire [63:0]     yb  = {yb_h[63:32], yb_l[31:0]};
        wire [63:0]     ayb_l = mq3 ? 64'd0 : (mk1 ^ mt3 ^ QarmaRC(3'd3) ^ QARMA_ALPHA);
        wire [63:0]     ayb_h = mq3h ? 64'd0 : (mk1 ^ mt3 ^ QarmaRC(3'd3) ^ QARMA_ALPHA);
        wire [63:0]     ayb = {ayb_h[63:32], ayb_l[31:0]};  // aux out
        assign b8_out = {m_in[ALGH_B], ayb, m_in[BW-1:64], yb};
        // the whole-layer result is not used in this configuration
        wire unused_ok = &{1'b0, y8, mk0, mk1, maux, mmod, mq3, yb_l, yb_h, ayb_l, ayb_h, mq3h};
    end else begin : g_whole8
        assign b8_out = {b8_in[BW-1:64], y8};
        assign v8_e   = v8_in;
        assign r8_in  = r8_e;
        assign busy8m = 1'b0;
    end
endgenerate
wire [BWX-1:0] b9_in;
wire          v9_in, r9_in, busy8;
qpac_pipe_slot #(.W(BWX), .REG(EndPresent(8)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_slot8 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v8_e), .in_ready_o(r8_e), .in_data_i(b8_out),
    .out_valid_o(v9_in), .out_ready_i(r9_in), .out_data_o(b9_in),
    .busy_o(busy8));

// ---- layer 9 and the slot after it
wire [63:0] w9     = b9_in[63:0];
wire [63:0] mod9   = b9_in[127:64];
wire        q3_9   = b9_in[ALG_B];
// backward round 2
wire [63:0] tk9 = TweakShuffle(TweakShuffle(mod9));
wire [63:0] y9 = BwdRound(w9, key1_9, tk9, QarmaRC(3'd2), q3_9);
wire [BWX-1:0] b9_out;  // into the slot after layer 9
wire           v9_e, r9_e, busy9m;
generate
    if (SPLIT != 0) begin : g_half9
        // half a: end of backward round 3: PACMult, PACCellInvShuffle, ^ tweakey (aux)
        wire [63:0]     aux9 = b9_in[BW +: 64];
        wire [63:0]     xa = PACCellInvShuffle(PACMult(w9)) ^ aux9;
        wire [BWX-1:0]  m_out = {b9_in[ALGH_B], 64'd0, b9_in[BW-1:64], xa};
        wire [BWX-1:0]  m_in;
        qpac_pipe_slot #(.W(BWX), .REG(MidPresent(9)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_mid (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(v9_in), .in_ready_o(r9_in), .in_data_i(m_out),
            .out_valid_o(v9_e), .out_ready_i(r9_e), .out_data_o(m_in),
            .busy_o(busy9m));
        // half b: backward round 2's S-box and its tweakey key1 ^ T_2 ^ RC[2] ^ alpha
        wire [63:0]     mw = m_in[63:0], mmod = m_in[127:64], maux = m_in[BW +: 64];
        wire            mq3 = m_in[ALG_B], mq3h = m_in[ALGH_B]; // mq3h: upper half
        wire [63:0]     mk0, mk1;
        if (KEY_PIPE != 0) begin : g_kc
            assign mk0 = m_in[KEY_LSB + 64 +: 64];
            assign mk1 = m_in[KEY_LSB +: 64];
        end else begin : g_ks
            assign mk0 = KeyTab0[m_in[KEY_LSB +: 3]];
            assign mk1 = KeyTab1[m_in[KEY_LSB +: 3]];
        end
        // T_1..T_2: the modifier through TweakShuffle (wiring and XORs)
        wire [63:0]     mt1 = TweakShuffle(mmod);
        wire [63:0]     mt2 = TweakShuffle(mt1);
        wire [63:0]     yb_l = SubInvSel(mw, mq3);
        wire [63:0]     yb_h = SubInvSel(mw, mq3h);
        wire [63:0]     yb  = {yb_h[63:32], yb_l[31:0]};
        wire [63:0]     ayb = mk1 ^ mt2 ^ QarmaRC(3'd2) ^ QARMA_ALPHA;  // aux out
        assign b9_out = {m_in[ALGH_B], ayb, m_in[BW-1:64], yb};
        // the whole-layer result is not used in this configuration
        wire unused_ok = &{1'b0, y9, mk0, mk1, maux, mmod, mq3, yb_l, yb_h, mq3h};
    end else begin : g_whole9
        assign b9_out = {b9_in[BW-1:64], y9};
        assign v9_e   = v9_in;
        assign r9_in  = r9_e;
        assign busy9m = 1'b0;
    end
endgenerate
wire [BWX-1:0] b10_in;
wire          v10_in, r10_in, busy9;
qpac_pipe_slot #(.W(BWX), .REG(EndPresent(9)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_slot9 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v9_e), .in_ready_o(r9_e), .in_data_i(b9_out),
    .out_valid_o(v10_in), .out_ready_i(r10_in), .out_data_o(b10_in),
    .busy_o(busy9));

// ---- layer 10 and the slot after it
wire [63:0] w10    = b10_in[63:0];
wire [63:0] mod10  = b10_in[127:64];
wire        q3_10  = b10_in[ALG_B];
// backward round 1
wire [63:0] tk10 = TweakShuffle(mod10);
wire [63:0] y10 = BwdRound(w10, key1_10, tk10, QarmaRC(3'd1), q3_10);
wire [BWX-1:0] b10_out;  // into the slot after layer 10
wire           v10_e, r10_e, busy10m;
generate
    if (SPLIT != 0) begin : g_half10
        // half a: end of backward round 2: PACMult, PACCellInvShuffle, ^ tweakey (aux)
        wire [63:0]     aux10 = b10_in[BW +: 64];
        wire [63:0]     xa = PACCellInvShuffle(PACMult(w10)) ^ aux10;
        wire [BWX-1:0]  m_out = {b10_in[ALGH_B], 64'd0, b10_in[BW-1:64], xa};
        wire [BWX-1:0]  m_in;
        qpac_pipe_slot #(.W(BWX), .REG(MidPresent(10)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_mid (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(v10_in), .in_ready_o(r10_in), .in_data_i(m_out),
            .out_valid_o(v10_e), .out_ready_i(r10_e), .out_data_o(m_in),
            .busy_o(busy10m));
        // half b: backward round 1's S-box and its tweakey key1 ^ T_1 ^ RC[1] ^ alpha
        wire [63:0]     mw = m_in[63:0], mmod = m_in[127:64], maux = m_in[BW +: 64];
        wire            mq3 = m_in[ALG_B], mq3h = m_in[ALGH_B]; // mq3h: upper half
        wire [63:0]     mk0, mk1;
        if (KEY_PIPE != 0) begin : g_kc
            assign mk0 = m_in[KEY_LSB + 64 +: 64];
            assign mk1 = m_in[KEY_LSB +: 64];
        end else begin : g_ks
            assign mk0 = KeyTab0[m_in[KEY_LSB +: 3]];
            assign mk1 = KeyTab1[m_in[KEY_LSB +: 3]];
        end
        // T_1: the modifier through TweakShuffle (wiring and XORs)
        wire [63:0]     mt1 = TweakShuffle(mmod);
        wire [63:0]     yb_l = SubInvSel(mw, mq3);
        wire [63:0]     yb_h = SubInvSel(mw, mq3h);
        wire [63:0]     yb  = {yb_h[63:32], yb_l[31:0]};
        wire [63:0]     ayb = mk1 ^ mt1 ^ QarmaRC(3'd1) ^ QARMA_ALPHA;  // aux out
        assign b10_out = {m_in[ALGH_B], ayb, m_in[BW-1:64], yb};
        // the whole-layer result is not used in this configuration
        wire unused_ok = &{1'b0, y10, mk0, mk1, maux, mmod, mq3, yb_l, yb_h, mq3h};
    end else begin : g_whole10
        assign b10_out = {b10_in[BW-1:64], y10};
        assign v10_e   = v10_in;
        assign r10_in  = r10_e;
        assign busy10m = 1'b0;
    end
endgenerate
wire [BWX-1:0] b11_in;
wire          v11_in, r11_in, busy10;
qpac_pipe_slot #(.W(BWX), .REG(EndPresent(10)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_slot10 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v10_e), .in_ready_o(r10_e), .in_data_i(b10_out),
    .out_valid_o(v11_in), .out_ready_i(r11_in), .out_data_o(b11_in),
    .busy_o(busy10));

// ---- layer 11 and the slot after it
wire [63:0] w11    = b11_in[63:0];
wire [63:0] mod11  = b11_in[127:64];
wire        q3_11  = b11_in[ALG_B];
// backward round 0 and the output whitening with modk0
wire [63:0] y11 = SubInv(w11, q3_11) ^ key1_11 ^ mod11 ^ QarmaRC(3'd0) ^ QARMA_ALPHA ^
                  QarmaModK0(key0_11);
wire [BWX-1:0] b11_out;  // into the slot after layer 11
wire           v11_e, r11_e, busy11m;
generate
    if (SPLIT != 0) begin : g_half11
        // half a: end of backward round 1: PACMult, PACCellInvShuffle, ^ tweakey (aux)
        wire [63:0]     aux11 = b11_in[BW +: 64];
        wire [63:0]     xa = PACCellInvShuffle(PACMult(w11)) ^ aux11;
        wire [BWX-1:0]  m_out = {b11_in[ALGH_B], 64'd0, b11_in[BW-1:64], xa};
        wire [BWX-1:0]  m_in;
        qpac_pipe_slot #(.W(BWX), .REG(MidPresent(11)), .COLLAPSE((STALL == 0) ? 1 : 0)) u_mid (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(v11_in), .in_ready_o(r11_in), .in_data_i(m_out),
            .out_valid_o(v11_e), .out_ready_i(r11_e), .out_data_o(m_in),
            .busy_o(busy11m));
        // half b: backward round 0's S-box, ^ key1 ^ T_0 ^ RC[0] ^ alpha, output whitening ^ modk0
        wire [63:0]     mw = m_in[63:0], mmod = m_in[127:64], maux = m_in[BW +: 64];
        wire            mq3 = m_in[ALG_B], mq3h = m_in[ALGH_B]; // mq3h: upper half
        wire [63:0]     mk0, mk1;
        if (KEY_PIPE != 0) begin : g_kc
            assign mk0 = m_in[KEY_LSB + 64 +: 64];
            assign mk1 = m_in[KEY_LSB +: 64];
        end else begin : g_ks
            assign mk0 = KeyTab0[m_in[KEY_LSB +: 3]];
            assign mk1 = KeyTab1[m_in[KEY_LSB +: 3]];
        end
        wire [63:0]     yb_l = SubInvSel(mw, mq3) ^ mk1 ^ mmod ^ QarmaRC(3'd0) ^ QARMA_ALPHA ^
                              QarmaModK0(mk0);
        wire [63:0]     yb_h = SubInvSel(mw, mq3h) ^ mk1 ^ mmod ^ QarmaRC(3'd0) ^ QARMA_ALPHA ^
                              QarmaModK0(mk0);
        wire [63:0]     yb  = {yb_h[63:32], yb_l[31:0]};
        wire [63:0]     ayb = 64'd0;  // aux out
        assign b11_out = {m_in[ALGH_B], ayb, m_in[BW-1:64], yb};
        // the whole-layer result is not used in this configuration
        wire unused_ok = &{1'b0, y11, mk0, mk1, maux, mmod, mq3, yb_l, yb_h, mq3h};
    end else begin : g_whole11
        assign b11_out = {b11_in[BW-1:64], y11};
        assign v11_e   = v11_in;
        assign r11_in  = r11_e;
        assign busy11m = 1'b0;
    end
endgenerate
wire [BWX-1:0] b12_in;
wire          v12_in, r12_in, busy11;
qpac_pipe_slot #(.W(BWX), .REG(EndPresent(11)), .COLLAPSE((STALL != 2) ? 1 : 0)) u_slot11 (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(v11_e), .in_ready_o(r11_e), .in_data_i(b11_out),
    .out_valid_o(v12_in), .out_ready_i(r12_in), .out_data_o(b12_in),
    .busy_o(busy11));

// the layers' keys: read from the carried key (KEY_PIPE = 1), or from the key
// file tables by the carried key select (KEY_PIPE = 0)
generate
    if (KEY_PIPE != 0) begin : g_key_carried
        assign key0_0 = b0_in[KEY_LSB + 64 +: 64];
        assign key1_0 = b0_in[KEY_LSB +: 64];
        assign key1_1 = b1_in[KEY_LSB +: 64];
        assign key1_2 = b2_in[KEY_LSB +: 64];
        assign key1_3 = b3_in[KEY_LSB +: 64];
        assign key1_4 = b4_in[KEY_LSB +: 64];
        assign key0_5 = b5_in[KEY_LSB + 64 +: 64];
        assign key0_6 = b6_in[KEY_LSB + 64 +: 64];
        assign key1_6 = b6_in[KEY_LSB +: 64];
        assign key1_7 = b7_in[KEY_LSB +: 64];
        assign key1_8 = b8_in[KEY_LSB +: 64];
        assign key1_9 = b9_in[KEY_LSB +: 64];
        assign key1_10 = b10_in[KEY_LSB +: 64];
        assign key0_11 = b11_in[KEY_LSB + 64 +: 64];
        assign key1_11 = b11_in[KEY_LSB +: 64];
    end else begin : g_key_select
        assign key0_0 = KeyTab0[b0_in[KEY_LSB +: 3]];
        assign key1_0 = KeyTab1[b0_in[KEY_LSB +: 3]];
        assign key1_1 = KeyTab1[b1_in[KEY_LSB +: 3]];
        assign key1_2 = KeyTab1[b2_in[KEY_LSB +: 3]];
        assign key1_3 = KeyTab1[b3_in[KEY_LSB +: 3]];
        assign key1_4 = KeyTab1[b4_in[KEY_LSB +: 3]];
        assign key0_5 = KeyTab0[b5_in[KEY_LSB +: 3]];
        assign key0_6 = KeyTab0[b6_in[KEY_LSB +: 3]];
        assign key1_6 = KeyTab1[b6_in[KEY_LSB +: 3]];
        assign key1_7 = KeyTab1[b7_in[KEY_LSB +: 3]];
        assign key1_8 = KeyTab1[b8_in[KEY_LSB +: 3]];
        assign key1_9 = KeyTab1[b9_in[KEY_LSB +: 3]];
        assign key1_10 = KeyTab1[b10_in[KEY_LSB +: 3]];
        assign key0_11 = KeyTab0[b11_in[KEY_LSB +: 3]];
        assign key1_11 = KeyTab1[b11_in[KEY_LSB +: 3]];
    end
endgenerate

assign r12_in      = out_ready_i;
assign out_valid_o = v12_in;
assign out_pac_o   = b12_in[63:0];
assign out_side_o  = b12_in[BW-1:BW-SIDE_W];
assign busy_o      = busy0 | busy1 | busy2 | busy3 | busy4 | busy5 |
                     busy6 | busy7 | busy8 | busy9 | busy10 | busy11 |
                     busy0m | busy1m | busy2m | busy3m | busy4m | busy5m |
                     busy6m | busy7m | busy8m | busy9m | busy10m | busy11m;

// the modifier, key and algorithm of the last bundle are not needed at the output
wire unused_ok = &{1'b0, b12_in[BW-SIDE_W-1:64]};
generate
    if (SPLIT != 0) begin : g_out_aux
        wire unused_aux = &{1'b0, b12_in[BWX-1:BW]};
    end
endgenerate

endmodule

`default_nettype wire

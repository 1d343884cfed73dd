// qarma_core.v - pipelined ComputePAC (QARMA-64 as used by ARM pointer
// authentication, spec 1.8) for QARMA5 and QARMA3, one operation per clock.
//
// The cipher is unrolled into 12 layers, one per S-box layer of QARMA5, written
// once in a generate loop (layer l, its round R):
//   l 0..4  forward rounds R = 0..4 (l 0 with the input whitening)
//   l 5     centre round (key modk0, T_{N+1})
//   l 6     pseudo-reflector and the full backward round (key key0)
//   l 7..11 backward rounds R = 4..0 (l 11 with the output whitening)
// QARMA3 (alg = 1) runs the same layers with PACSub1 and passes rounds 3 and 4
// of both halves (l 3, 4, 7, 8) through, so both algorithms have the same
// latency and the algorithm can change from one operation to the next.
// After layer l sits an optional register slot; DEPTH (0..12) of the 12 slots
// are present, spread evenly (slot l present when floor((l+1)*DEPTH/12) !=
// floor(l*DEPTH/12)); the last slot is present whenever DEPTH > 0, so the
// latency in clocks is DEPTH. The valid bit, the key field, the algorithm, the
// modifier and a caller side band (SIDE_W bits) travel with the state.
// DEPTH 13..24 (SPLIT): two stages per round. Layer l is cut into half a (the
// linear part before the S-box: state ^ tweakey, PACCellShuffle, PACMult; from
// layer 7 on, the end of the previous backward round: PACMult,
// PACCellInvShuffle, ^ tweakey) and half b (the S-box). All 12 end slots are
// present plus DEPTH-12 mid slots (between the halves of layer l when
// floor((l+1)*(DEPTH-12)/12) != floor(l*(DEPTH-12)/12)), so LATENCY = DEPTH.
// The bundle grows a 64-bit aux field: the tweakey of the next linear half,
// computed beside the S-box, or, for QARMA3, the state saved across a passed
// forward round. QARMA3 passes backward rounds 4 and 3 by
// PACMult(PACCellShuffle()) in place of the S-box, which the next half's
// PACCellInvShuffle(PACMult()) undoes, with a zero tweakey.
// KEY_PIPE = 0: the key field is the key select, decoded once at the input to
// one-hot (5 bits; DEPTH 12: KR = 4 copies, SPLIT: 8, copy c for key bits
// c*KQ..c*KQ+KQ-1, so no select flip-flop drives a buffer tree), and every layer
// picks its key part from the key file (keys_i) with one AND-OR level; the key
// file must stay stable while operations are in flight (qpac_unit drains before
// a key write). KEY_PIPE = 1: the key is selected once at the input and the key
// field carries it (key0 = K<127:64>, key1 = K<63:0>). KEY_PIPE = 2: as 1, and
// at DEPTH 0..12 the bundle carries aux too: the tweakey of the next layer,
// computed beside the layer, so no key or tweak XOR is in series with a round
// (64 more flip-flops per slot; DEPTH 13..24 carry aux anyway, 2 is 1 there).
// Same function and latency.
// The tweak T_k = TweakShuffle^k(modifier) is formed in each layer from the
// carried modifier (wiring plus a few XORs), so no inverse schedule is needed.
// Reset clears the valid bits; the data registers have none (qpac_pipe_slot
// DATA 0) but the last slot's, which is reset and loads only valid items, so
// out_pac_o and out_side_o only ever show zero or a result: no value an
// earlier operation left in a slot reaches a port (rtl/README.md, "Reset").
// Written for fast Verilator models: per-layer wires, table-lookup S-boxes,
// whole-word functions, layer choices as constant conditions on the genvar.
`default_nettype none

module qarma_core #(
    parameter integer DEPTH    = 12, // 0..24 register stages (= LATENCY)
    parameter integer SIDE_W   = 1,
    parameter integer KEY_PIPE = 0,  // 1: carry the selected key, not its select; 2: and the next tweakey
    // 0: every slot takes an item when it is empty or its item moves on (the
    // ready chain runs through all slots, bubbles close up); 1: one stall
    // signal, the last slot's load, moves the whole pipeline (bubbles stay);
    // 2: as 1, but the last slot too loads only on out_ready_i (the caller's
    // slot behind the core decides), and out_ready_i has NLS = 4 copies per
    // slot position (bits 4(2l)..: the end slot of layer l, 4(2l+1)..: its
    // mid slot; each loads a quarter of the slot), so the caller can drive
    // every quarter slot's load from its own register
    parameter integer STALL    = 0,
    // KEY_PIPE = 0 or 1: in_key_i is the KEY encoding (0) or the one-hot
    // select field, 8 copies of 5 bits (1: the caller decodes it a stage
    // earlier, qpac_pipeline.vh QpacKeySel; copies 0..KR-1 are used)
    parameter integer KEY_ONEHOT = 0
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
    input  wire [((KEY_ONEHOT != 0) ? 40 : 3)-1:0] in_key_i,
    input  wire              in_alg_i,
    input  wire [SIDE_W-1:0] in_side_i,
    // result out
    output wire              out_valid_o,
    input  wire [((STALL == 2) ? 96 : 1)-1:0] out_ready_i,
    output wire [63:0]       out_pac_o,
    output wire [SIDE_W-1:0] out_side_o,
    // some register slot holds an operation
    output wire              busy_o
);

`include "qarma_functions.vh"

// Illegal parameters stop elaboration (Icarus, Verilator and Yosys all refuse
// an instance of a module that does not exist).
generate
    if (DEPTH < 0 || DEPTH > 24 || SIDE_W < 1 || KEY_PIPE < 0 || KEY_PIPE > 2 ||
        STALL < 0 || STALL > 2 || KEY_ONEHOT < 0 || KEY_ONEHOT > 1) begin : g_illegal_parameter
        qarma_core_parameter_out_of_range u_stop ();
    end
endgenerate

// bundle carried between layers: {side, alg, key field, modifier, w}; the key
// field (KF bits at KEY_LSB) is the one-hot key select (KEY_PIPE = 0; copy c,
// key n at bit 5c+n) or {key0, key1}
// FAN (DEPTH 12..24): the key select and the algorithm bit travel as several
// copies, each steering part of a layer, so no select flip-flop drives a
// buffer tree in series with the S-box (at DEPTH 12 they limit the clock)
localparam integer FAN     = (DEPTH >= 12) ? 1 : 0;
localparam integer KR      = (DEPTH > 12) ? 8 : (FAN != 0) ? 4 : 1;
localparam integer KQ      = 64 / KR;
localparam integer KSW     = 5 * KR;
localparam integer KF      = (KEY_PIPE != 0) ? 128 : KSW;
localparam integer KEY_LSB = 128;
localparam integer ALG_B   = KEY_LSB + KF;
localparam integer BW      = SIDE_W + 1 + KF + 64 + 64;
// SPLIT: two stages per round (DEPTH 13..24); the bundle then carries aux at BW,
// as it does at any DEPTH with KEY_PIPE = 2 (AUX).
// FAN: NQ-1 copies of the algorithm bit from ALGH_B: copy c (0: the bit at
// ALG_B) chooses the algorithm for state bits 8c..8c+7 of each S-box
// stage, so no flip-flop drives a buffer tree in series with the S-box. Copy c
// enters as in_alg_i & (in_valid_i | in_data_i[c]), in_alg_i in every valid
// bundle but a different function, so synthesis keeps each as its own
// flip-flop; all are constant 0 (gone) when the algorithm is constant QARMA5.
localparam integer SPLIT   = (DEPTH > 12) ? 1 : 0;
localparam integer NQ      = (FAN != 0) ? 8 : 1;
localparam integer AUX     = (SPLIT != 0 || KEY_PIPE == 2) ? 1 : 0;
localparam integer ALGH_B  = BW + ((AUX != 0) ? 64 : 0);
localparam integer BWX     = ALGH_B + NQ - 1;
localparam integer COLL    = (STALL == 0) ? 1 : 0; // qpac_pipe_slot COLLAPSE
localparam integer NLS     = (STALL == 2) ? 4 : 1; // load copies per slot

// the algorithm bit per state bit: copy h of q for bits 8h..8h+7
function [63:0] AlgMask;
    input [7:0] q;
    begin
        AlgMask = {{8{q[7]}}, {8{q[6]}}, {8{q[5]}}, {8{q[4]}},
                   {8{q[3]}}, {8{q[2]}}, {8{q[1]}}, {8{q[0]}}};
    end
endfunction

// every cell of x through the table t5 (QARMA5) or t3 (QARMA3), chosen for
// cells 2c and 2c+1 by q[c] (the algorithm bit's copy for those 8 bits)
function [63:0] SubSel;
    input [63:0] x, t5, t3;
    input [7:0]  q;
    begin
        SubSel = {
            SBoxCell(q[7] ? t3 : t5, x[63:60]), SBoxCell(q[7] ? t3 : t5, x[59:56]),
            SBoxCell(q[6] ? t3 : t5, x[55:52]), SBoxCell(q[6] ? t3 : t5, x[51:48]),
            SBoxCell(q[5] ? t3 : t5, x[47:44]), SBoxCell(q[5] ? t3 : t5, x[43:40]),
            SBoxCell(q[4] ? t3 : t5, x[39:36]), SBoxCell(q[4] ? t3 : t5, x[35:32]),
            SBoxCell(q[3] ? t3 : t5, x[31:28]), SBoxCell(q[3] ? t3 : t5, x[27:24]),
            SBoxCell(q[2] ? t3 : t5, x[23:20]), SBoxCell(q[2] ? t3 : t5, x[19:16]),
            SBoxCell(q[1] ? t3 : t5, x[15:12]), SBoxCell(q[1] ? t3 : t5, x[11:8]),
            SBoxCell(q[0] ? t3 : t5, x[7:4]),   SBoxCell(q[0] ? t3 : t5, x[3:0])};
    end
endfunction

// the slot after layer l (SPLIT: after its half b; all 12 present)
function integer EndPresent;
    input integer l;
    begin
        EndPresent = (SPLIT != 0 || ((l + 1) * DEPTH) / 12 != (l * DEPTH) / 12) ? 1 : 0;
    end
endfunction

// the mid slot of layer l (between its halves): DEPTH-12 of them when SPLIT
function integer MidPresent;
    input integer l;
    begin
        MidPresent = (SPLIT != 0 &&
                      ((l + 1) * (DEPTH - 12)) / 12 != (l * (DEPTH - 12)) / 12) ? 1 : 0;
    end
endfunction

// The tweakey layer n adds (n a constant): key1 ^ T_R ^ RC[R] (^ alpha in the
// backward rounds), with the whitening key0 (n 0) or modk0 (n 11); the centre
// modk0 ^ T_{N+1} (n 5), the reflector's backward round key0 ^ T_{N+1} (n 6).
// tr = T_R, tn1 = T_{N+1} (T_3 for QARMA3, T_5 for QARMA5), rc = RC[R]. It
// is KeyPart (linear in the key; n 6: key0, n 1: key1) ^ TweakPart.
function [63:0] KeyPart;
    input integer n;
    input [63:0]  k0, k1;
    begin
        KeyPart = (n == 5) ? QarmaModK0(k0) : (n == 6) ? k0 :
                  k1 ^ ((n == 0) ? k0 : 64'd0) ^ ((n == 11) ? QarmaModK0(k0) : 64'd0);
    end
endfunction

function [63:0] TweakPart;
    input integer n;
    input [63:0]  tr, tn1, rc;
    begin
        TweakPart = (n == 5 || n == 6) ? tn1 : tr ^ rc ^ ((n > 6) ? QARMA_ALPHA : 64'd0);
    end
endfunction

localparam integer KP_KEY0 = 6, KP_KEY1 = 1;

// KeyPart n of each of the five keys of the key file k, key m's at bit 64m
function [5*64-1:0] KeyParts;
    input integer     n;
    input [5*128-1:0] k;
    integer m;
    begin
        for (m = 0; m < 5; m = m + 1)
            KeyParts[m*64 +: 64] = KeyPart(n, k[m*128 + 64 +: 64], k[m*128 +: 64]);
    end
endfunction

// the word of the five (k: KeyParts) that a one-hot select field s names (an
// argument: a simulator need not re-evaluate a call when a module signal the
// function reads changes): an AND-OR, bit i chosen by copy i/KQ of the select
function [63:0] KeyPick;
    input [5*64-1:0] k;
    input [KSW-1:0]  s;
    integer c, n;
    reg [63:0] m;
    begin
        KeyPick = 64'd0;
        for (n = 0; n < 5; n = n + 1) begin
            for (c = 0; c < KR; c = c + 1)
                m[c*KQ +: KQ] = {KQ{s[5*c+n]}};
            KeyPick = KeyPick | (m & k[n*64 +: 64]);
        end
    end
endfunction

// Pipeline boundaries: bnd[l] is the bundle entering layer l (bnd[12] the
// result), vld[l]/rdy[l] its handshake. Each element is driven by one layer;
// split_var keeps Verilator from seeing one variable feed itself (UNOPTFLAT).
wire [BWX-1:0] bnd [0:12] /* verilator split_var */;
wire           vld [0:12] /* verilator split_var */;
wire           rdy [0:12] /* verilator split_var */;
wire [23:0]    busy_w; // 2l: the end slot of layer l, 2l+1: its mid slot

wire [KF-1:0]  kf_in;  // the key field entering layer 0
// KeyParts n of the key file for n = 0..11, formed once (at 320n)
wire [12*320-1:0] kparts;
genvar kpn;
// the select one-hot, KR copies; the selects 5..7 name no key (zero)
wire [KSW-1:0] ks_in;
generate
    if (KEY_ONEHOT != 0) begin : g_ks_1h
        assign ks_in = in_key_i[KSW-1:0];
        if (KSW < 40) begin : g_ks_unused
            wire unused_ok = &{1'b0, in_key_i[39:KSW]};
        end
    end else begin : g_ks_dec
        assign ks_in = {KR{5'b1 << in_key_i}};
    end
    for (kpn = 0; kpn < 12; kpn = kpn + 1) begin : g_kparts
        assign kparts[kpn*320 +: 320] = KeyParts(kpn, keys_i);
    end
    if (KEY_PIPE != 0) begin : g_kf_key
        assign kf_in = {KeyPick(kparts[KP_KEY0*320 +: 320], ks_in),
                        KeyPick(kparts[KP_KEY1*320 +: 320], ks_in)};
    end else begin : g_kf_sel
        assign kf_in = ks_in;
    end
    wire [BW-1:0] b0 = {in_side_i, in_alg_i, kf_in, in_mod_i, in_data_i};
    if (FAN != 0) begin : g_b0_fan
        wire [NQ-1:1] alg_copies = {(NQ-1){in_alg_i}} & ({(NQ-1){in_valid_i}} | in_data_i[NQ-1:1]);
        if (AUX != 0) begin : g_aux
            assign bnd[0] = {alg_copies, 64'd0, b0};
        end else begin : g_noaux
            assign bnd[0] = {alg_copies, b0};
        end
    end else if (AUX != 0) begin : g_b0_aux
        assign bnd[0] = {64'd0, b0};
    end else begin : g_b0
        assign bnd[0] = b0;
    end
endgenerate
assign vld[0]     = in_valid_i;
assign in_ready_o = rdy[0];
assign rdy[12]    = out_ready_i[0];

genvar l;
generate
    for (l = 0; l < 12; l = l + 1) begin : g_layer
        localparam integer R    = (l < 6) ? l : 11 - l;      // round (5: centre/reflector)
        localparam integer PASS = (R == 3 || R == 4) ? 1 : 0; // QARMA3 passes the round
        localparam integer FWD  = (l < 6) ? 1 : 0;           // S-box PACSub, else PACInvSub
        // AUX: the layer whose tweakey half b prepares for the next half a
        // (SPLIT forward: the next round's; backward: the end of its own
        // round) or, whole (KEY_PIPE 2), for the next layer
        localparam integer NT   = (l < 5 || (SPLIT == 0 && l < 11)) ? l + 1 : l;
        localparam integer RT   = (NT < 6) ? NT : 11 - NT;
        localparam integer AUXT = (l == 11 || (SPLIT != 0 && l == 5)) ? 0 : 1; // half b fills aux
        localparam [31:0]  RA = R, RB = RT;                  // QarmaRC(RA[2:0])

        // ---- the layer's input bundle; the mid slot's output (half b's input)
        wire [BWX-1:0] b_in = bnd[l];
        wire [63:0]    w = b_in[63:0], md = b_in[127:64];
        wire [BWX-1:0] m_out, m_in;
        wire           v_m, r_m;
        wire [63:0]    aux, maux;   // the aux field in and after the mid slot
        // the algorithm bit's copy for each cell pair (FAN: the NQ = 8 copies,
        // else the one bit 8 times) entering the layer (qa) and after the mid
        // slot (qv); per state bit (qma, qm)
        wire [7:0]     qa, qv;
        wire [63:0]    qma, qm;
        wire [63:0]    mw = m_in[63:0], mmd = m_in[127:64];
        if (FAN != 0) begin : g_qa_fan
            assign qa = {b_in[BWX-1:ALGH_B], b_in[ALG_B]};
            assign qv = {m_in[BWX-1:ALGH_B], m_in[ALG_B]};
        end else begin : g_qa_one
            assign qa = {8{b_in[ALG_B]}};
            assign qv = {8{m_in[ALG_B]}};
        end
        assign qma = AlgMask(qa);
        assign qm  = AlgMask(qv);

        // ---- the layer's data path: whole layer (y), half a (xa, auxa), half b
        // (yb, ayb); the rest of the layer only moves bundles
        wire [63:0]    y, xa, auxa, yb, ayb;
`ifdef QPAC_FORMAL_CUT
        // a cut point for the proofs that do not observe the cipher (formal/):
        // the words the data path makes are free values, an over-approximation
        // (every trace of the real layer is one of the cut model's)
        assign y    = $anyseq;
        assign xa   = $anyseq;
        assign auxa = $anyseq;
        assign yb   = $anyseq;
        assign ayb  = $anyseq;
        wire unused_dp = &{1'b0, w, md, aux, maux, mw, mmd, qma, qm};
`else
        // the reflector's key1, the key parts of tka and tkb
        wire [63:0]    ka1, kpa, kpb;
        wire [63:0]    ta1 = TweakShuffle(md), ta2 = TweakShuffle(ta1),
                       ta3 = TweakShuffle(ta2), ta4 = TweakShuffle(ta3), ta5 = TweakShuffle(ta4);
        wire [63:0]    tra = (R == 0) ? md : (R == 1) ? ta1 : (R == 2) ? ta2 :
                             (R == 3) ? ta3 : ta4;
        wire [63:0]    tna = (R != 5) ? 64'd0 : (FAN != 0) ? (ta3 & qma) | (ta5 & ~qma) :
                             qa[0] ? ta3 : ta5; // T_{N+1}
        // forward, the key part enters after PACMult (linear): the key file's
        // path into the S-box is an XOR level shorter
        wire [63:0]    twa = TweakPart(l, tra, tna, QarmaRC(RA[2:0])), tka = kpa ^ twa;
        // the whole layer's tweakey: carried in aux (KEY_PIPE 2), else formed here
        wire [63:0]    tkw = (AUX != 0 && l != 0) ? aux : tka;

        // whole layer (DEPTH 0..12)
        wire [63:0]    xf  = (l == 0) ? w ^ tka : (AUX != 0) ? PACMult(PACCellShuffle(w ^ aux)) :
                             PACMult(PACCellShuffle(w ^ twa)) ^ PACMult(PACCellShuffle(kpa));
        wire [63:0]    refl = PACCellInvShuffle(PACMult(PACCellShuffle(w)) ^ ka1);
        // S: PACSub, Sinv: PACInvSub (QARMA5) or PACSub1 (QARMA3, not in a
        // passed round). FAN: each algorithm copy picks the table of its two
        // cells and the passed round's bits; else the one bit does (the same
        // function, a faster Verilator model: one table choice per layer)
        wire [63:0]    xs  = (FWD != 0) ? xf : (l == 6) ? refl : w;
        wire [63:0]    t5  = (FWD != 0) ? PAC_SBOX2 : PAC_SBOX2_INV;
        wire [63:0]    t3  = (PASS != 0) ? t5 : PAC_SBOX1;
        wire [63:0]    sb  = (FAN != 0) ? SubSel(xs, t5, t3, qa)
                                        : SubCells(xs, qa[0] ? t3 : t5);
        wire [63:0]    yw0 = (FWD != 0) ? sb : (l == 11) ? sb ^ tkw :
                             PACCellInvShuffle(PACMult(sb)) ^ tkw;
        assign y = (PASS == 0) ? yw0 : (FAN != 0) ? (w & qma) | (yw0 & ~qma) :
                   qa[0] ? w : yw0;

        // SPLIT half a: the linear part (and QARMA3's saved state)
        assign xa = (l == 0) ? w ^ tka : (l == 6) ? refl :
                    (FWD != 0) ? PACMult(PACCellShuffle(w ^ aux)) :
                    PACCellInvShuffle(PACMult(w)) ^ aux;
        // aux: QARMA3's saved state across a passed forward round, else ~xa, a
        // copy of the state that only QARMA3's S-box reads (half the fanout of
        // each state flip-flop; inverted, so synthesis keeps it as its own)
        assign auxa = (PASS != 0 && FWD != 0) ? w : ~xa;

        // SPLIT half b: the S-box; beside it the tweakey of the next half a
        wire [63:0]    tb1 = TweakShuffle(mmd), tb2 = TweakShuffle(tb1),
                       tb3 = TweakShuffle(tb2), tb4 = TweakShuffle(tb3), tb5 = TweakShuffle(tb4);
        wire [63:0]    trb = (RT == 0) ? mmd : (RT == 1) ? tb1 : (RT == 2) ? tb2 :
                             (RT == 3) ? tb3 : tb4;
        // both algorithms' results side by side, the choice after them
        wire [63:0]    tnb = (RT == 5) ? (tb3 & qm) | (tb5 & ~qm) : 64'd0;
        wire [63:0]    tkb = kpb ^ TweakPart(NT, trb, tnb, QarmaRC(RB[2:0]));
        wire [63:0]    s5  = (FWD != 0) ? PACSub(mw) : PACInvSub(mw);
        wire [63:0]    s3  = (PASS == 0) ? PACSub1(~maux) : (FWD != 0) ? maux :
                             PACMult(PACCellShuffle(~maux));
        wire [63:0]    sq  = (s3 & qm) | (s5 & ~qm);
        assign yb  = (l == 11) ? sq ^ tkb : sq;
        assign ayb = (AUXT == 0) ? 64'd0 : (SPLIT != 0 && PASS != 0 && FWD == 0) ? tkb & ~qm : tkb;

        // the layer's keys: carried (KEY_PIPE = 1) or from the key file
        if (KEY_PIPE != 0) begin : g_kc
            wire [63:0] ka0, kb0, kb1;
            assign {ka0, ka1} = b_in[KEY_LSB +: 128];
            assign {kb0, kb1} = m_in[KEY_LSB +: 128];
            assign kpa = KeyPart(l, ka0, ka1);
            assign kpb = KeyPart(NT, kb0, kb1);
        end else begin : g_ks
            wire [KSW-1:0] ksa = b_in[KEY_LSB +: KSW], ksb = m_in[KEY_LSB +: KSW];
            assign ka1 = KeyPick(kparts[KP_KEY1*320 +: 320], ksa);
            // SPLIT: pick the part (for k0 ^ k1 and k1 ^ modk0 a select bit
            // then steers KQ bits, not 2*KQ through a buffer tree); else pick
            // key0 and key1, then combine (smaller)
            if (SPLIT != 0) begin : g_kp_part
                assign kpa = KeyPick(kparts[l*320 +: 320], ksa);
                assign kpb = KeyPick(kparts[NT*320 +: 320], ksb);
            end else begin : g_kp_keys
                assign kpa = KeyPart(l, KeyPick(kparts[KP_KEY0*320 +: 320], ksa), ka1);
                assign kpb = KeyPart(NT, KeyPick(kparts[KP_KEY0*320 +: 320], ksb),
                                     KeyPick(kparts[KP_KEY1*320 +: 320], ksb));
            end
        end
        // what a setting leaves unused (the other mode's half, keys, tweaks)
        wire unused_dp = &{1'b0, refl, ta5, tra, tb5, trb, tka, tkw, ka1, kpa, kpb};
`endif

        // ---- mid slot (a wire unless SPLIT puts a register here)
        wire [NLS-1:0] ld_m, ld_e; // the loads the mid and end slot are given
        if (STALL == 2) begin : g_ld_copy
            assign ld_m = out_ready_i[(2*l+1)*NLS +: NLS];
            assign ld_e = out_ready_i[2*l*NLS +: NLS];
        end else begin : g_ld_chain
            assign ld_m = r_m;
            assign ld_e = rdy[l+1];
        end
        if (SPLIT != 0) begin : g_m_split
            assign m_out = {b_in[BWX-1:ALGH_B], auxa, b_in[BW-1:64], xa};
            assign aux   = b_in[BW +: 64];
            assign maux  = m_in[BW +: 64];
        end else if (AUX != 0) begin : g_m_whole_aux
            assign m_out = {b_in[BWX-1:64], y};
            assign aux   = b_in[BW +: 64];
            assign maux  = 64'd0;
        end else begin : g_m_whole
            assign m_out = {b_in[BWX-1:64], y};
            assign aux   = 64'd0;
            assign maux  = 64'd0;
        end
        qpac_pipe_slot #(.W(BWX), .REG(MidPresent(l)), .COLLAPSE(COLL), .DATA(0), .NL(NLS)) u_mid (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(vld[l]), .in_ready_o(rdy[l]), .in_data_i(m_out),
            .out_valid_o(v_m), .out_ready_i(ld_m), .out_data_o(m_in),
            .busy_o(busy_w[2*l+1]));

        // ---- end slot
        wire [BWX-1:0] e_in, e_out;
        wire           v_e;
        if (SPLIT != 0) begin : g_e_split
            assign e_in = {m_in[BWX-1:ALGH_B], ayb, m_in[BW-1:64], yb};
        end else if (AUX != 0 && FAN != 0) begin : g_e_whole_aux
            assign e_in = {m_in[BWX-1:ALGH_B], ayb, m_in[BW-1:0]};
        end else if (AUX != 0) begin : g_e_whole_aux1
            assign e_in = {ayb, m_in[BW-1:0]};
        end else begin : g_e_whole
            assign e_in = m_in;
        end
        qpac_pipe_slot #(.W(BWX), .REG(EndPresent(l)),
                         .COLLAPSE((l == 11) ? ((STALL != 2) ? 1 : 0) : COLL),
                         .DATA((l == 11) ? 2 : 0), .NL(NLS)) u_end (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(v_m), .in_ready_o(r_m), .in_data_i(e_in),
            .out_valid_o(v_e), .out_ready_i(ld_e), .out_data_o(e_out),
            .busy_o(busy_w[2*l]));
        assign bnd[l+1] = e_out;
        assign vld[l+1] = v_e;

        // what a setting leaves unused (the other mode's half, keys, tweaks)
        wire unused_ok = &{1'b0, y, xa, auxa, aux, w, md, qa, mw, mmd, maux, qv, r_m,
                           rdy[l+1], yb, ayb, m_in, unused_dp};
    end
endgenerate

assign out_valid_o = vld[12];
assign out_pac_o   = bnd[12][63:0];
assign out_side_o  = bnd[12][BW-1 -: SIDE_W];
assign busy_o      = |busy_w;

// the modifier, key and algorithm (and SPLIT: aux) of the result are not
// needed; a setting uses some of the key parts
wire unused_ok = &{1'b0, bnd[12], rdy[12], kparts};

endmodule

`default_nettype wire

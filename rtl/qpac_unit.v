// qpac_unit.v - the pipelined ARM pointer-authentication unit.
// PAC, AUT (standalone and combined), XPAC and PACGA per ../shared/spec/pauth.md,
// bit-exact with libqpac's qpac_exec, one operation accepted per clock at every
// setting, results in order with their tags. Structure:
//   qpac_ptr_front -> [slot F] -> qarma_core (DEPTH slots) -> qpac_ptr_back -> [slot B]
// slots F and B are present when PTR_PIPE = 1 (the pointer logic then has a
// clock of its own instead of sharing one with the first and last layers);
// with GLOBAL_STALL = 1 as well, slot B is a two-entry output buffer whose
// "not full" is the registered stall signal of the whole pipeline.
// Beside the pipeline sit the key file and the configuration (qpac_cfg, which
// decodes CFG/TSZLIM into masks and selects as it stores them): a key or
// configuration write waits until the pipeline is empty (wr_ready_o) and
// holds off new operations meanwhile (in_ready_o low), so an operation always
// uses the keys and configuration present when it was accepted. LATENCY = QpacLatency(DEPTH, PTR_PIPE) clocks from
// acceptance to out_valid_o (qpac_pipeline.vh; 0: the result is
// combinational from the inputs). Illegal parameters stop elaboration.
// Reset: asynchronous, active low; clears keys, pipeline and configuration
// (to the regmap reset values). Interface contract and timing: rtl/README.md.
`default_nettype none

module qpac_unit #(
    parameter integer DEPTH    = 12,
    parameter integer TAG_W    = 8,
    parameter integer KEY_PIPE = 0, // 1: the core carries the selected key (qarma_core)
    parameter integer PTR_PIPE = 0, // 1: register slots after the pointer front and back stages
    parameter integer GLOBAL_STALL = 0, // 1: one stall signal for the whole pipeline (see rtl/README.md)
    parameter integer QARMA3   = 1, // 0: QARMA5 only (CFG.ALG reads 0; the core folds QARMA3 away)
    parameter integer SIDE_RAM = 0  // 1 (GLOBAL_STALL = 1 only): the side band in a RAM delay line
) (
    input  wire             clk_i,
    input  wire             rst_ni,
    // key and configuration writes
    input  wire             key_we_i,
    input  wire [2:0]       key_sel_i,
    input  wire [63:0]      key_hi_i,
    input  wire [63:0]      key_lo_i,
    input  wire             cfg_we_i,
    input  wire [31:0]      cfg_i,
    input  wire [31:0]      tszlim_i,
    output wire             wr_ready_o,
    output wire [31:0]      cfg_o,
    output wire [31:0]      tszlim_o,
    // operation in
    input  wire             in_valid_i,
    output wire             in_ready_o,
    input  wire [2:0]       in_op_i,
    input  wire [2:0]       in_key_i,
    input  wire [63:0]      in_x_i,
    input  wire [63:0]      in_y_i,
    input  wire [TAG_W-1:0] in_tag_i,
    // result out
    output wire             out_valid_o,
    input  wire             out_ready_i,
    output wire [63:0]      out_value_o,
    output wire             out_fault_o,
    output wire [TAG_W-1:0] out_tag_o
);

`include "qpac_pipeline.vh"
`include "qpac_pointer_functions.vh"

localparam integer LATENCY = QpacLatency(DEPTH, PTR_PIPE);

// a setting outside rtl/README.md's ranges names a module that does not
// exist, so Icarus, Verilator and Yosys stop at elaboration
generate
    if (QpacParamsLegal(DEPTH, TAG_W, KEY_PIPE, PTR_PIPE, GLOBAL_STALL, QARMA3) == 0) begin : g_illegal
        qpac_unit_parameter_out_of_range u_check ();
    end
    // SIDE_RAM = 1 needs the one stall signal (the delay line moves as a whole)
    if (!(SIDE_RAM == 0 || (SIDE_RAM == 1 && GLOBAL_STALL == 1))) begin : g_illegal_side_ram
        qpac_unit_parameter_out_of_range u_check ();
    end
endgenerate

// wr_ready_o is a register, high exactly when the pipeline is empty, so the
// key file's and the configuration's load enables start at a flip-flop.
// The operations in the unit (accepted, not yet delivered) are counted as a
// thermometer code (bit i: more than i), which moves by a shift, no carry;
// the handshakes are registered first (one-hot: up_q one more, dn_q one
// fewer, st_q the same), so
// occ_q is the count one clock ago and occ_now the count now, both from
// flip-flops alone, and
// the handshake only picks in the NWR copies of wr_ready_q: the port, the
// configuration and each key (copy c also reads bit 1 + c of occ_now, which
// implies bit 0, so synthesis keeps each)
wire       wr_req  = key_we_i || cfg_we_i;
wire       core_busy, front_busy, back_busy;
localparam integer OW  = LATENCY + 2;  // more than the unit can hold
localparam integer NWR = 7;
reg  [OW-1:0]  occ_q;
reg            up_q, dn_q, st_q;
reg  [NWR-1:0] wr_ready_q;
wire           in_take  = in_valid_i && in_ready_o;
wire           out_take = out_valid_o && out_ready_i;
wire [OW-1:0]  occ_now  = ({OW{up_q}} & {occ_q[OW-2:0], 1'b1}) | ({OW{dn_q}} & {1'b0, occ_q[OW-1:1]}) |
                          ({OW{st_q}} & occ_q);
wire [NWR-1:0] wr_ready_d;
genvar wc;
generate
    for (wc = 0; wc < NWR; wc = wc + 1) begin : g_wr_ready
        // the count after this clock is 0: it is 0 and stays, or 1 and leaves
        assign wr_ready_d[wc] = (!occ_now[0] && !occ_now[1 + wc % (OW - 1)] && in_take == out_take) ||
                                (occ_now[0] && !occ_now[1] && out_take && !in_take);
    end
endgenerate
always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
        occ_q      <= {OW{1'b0}};
        up_q       <= 1'b0;
        dn_q       <= 1'b0;
        st_q       <= 1'b1;
        wr_ready_q <= {NWR{1'b1}};
    end else begin
        occ_q      <= occ_now;
        up_q       <= in_take && !out_take;
        dn_q       <= out_take && !in_take;
        st_q       <= in_take == out_take;
        wr_ready_q <= wr_ready_d;
    end
end
assign wr_ready_o  = wr_ready_q[0];
wire       cfg_take = cfg_we_i && wr_ready_q[1];
wire [4:0] key_take = {5{key_we_i}} & wr_ready_q[6:2];

// ---- configuration and its decode ----------------------------------------------
wire        alg;
wire [35:0] mask0, mask1;
wire [3:0]  tbi_tab;
wire [1:0]  sel55;
wire        lvl1, epac, pauth2, fpac, fpacc;

qpac_cfg #(.QARMA3(QARMA3)) u_cfg (
    .clk_i(clk_i), .rst_ni(rst_ni), .we_i(cfg_take), .cfg_i(cfg_i),
    .tszlim_i(tszlim_i), .cfg_o(cfg_o), .tszlim_o(tszlim_o),
    .alg_o(alg), .mask0_o(mask0), .mask1_o(mask1), .tbi_o(tbi_tab), .sel55_o(sel55),
    .lvl1_o(lvl1), .epac_o(epac), .pauth2_o(pauth2), .fpac_o(fpac), .fpacc_o(fpacc));

// ---- key file ---------------------------------------------------------------
wire [5*128-1:0] keys;

qpac_keyfile u_keyfile (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .we_i(key_take), .sel_i(key_sel_i), .hi_i(key_hi_i), .lo_i(key_lo_i),
    .keys_o(keys));

// ---- front stage --------------------------------------------------------------
wire [63:0] f_data;
wire [2:0]  f_ckey;
wire [4:0]  f_cls;
wire        f_tbi, f_e;
wire [3:0]  f_flags;

qpac_ptr_front u_front (
    .mask0_i(mask0), .mask1_i(mask1), .tbi_i(tbi_tab), .sel55_i(sel55),
    .op_i(in_op_i), .key_i(in_key_i), .x_i(in_x_i),
    .data_o(f_data), .ckey_o(f_ckey), .cls_o(f_cls), .tbi_o(f_tbi), .e_o(f_e),
    .flags_o(f_flags));

// ---- cipher pipeline; the side band carries what the back stage needs ---------
// slot F carries {tag, op class (one-hot), field flags, key number (key B),
// x, tbi, e}; after it qpac_ptr_mid replaces the class, the flags and tbi
// by the back stage's controls (with the non-canonical test), beside the
// first cipher layer
localparam integer SIDE_F = TAG_W + 5 + 4 + 1 + 64 + 1 + 1;
// NRC: DEPTH > 12 carries three more copies of clr1, clr0, pm1 and pm0, so
// each of the four flip-flops of a control steers a quarter of C (each
// control steers 40 bits of the result: behind one flip-flop, a buffer tree)
localparam integer NRC    = (DEPTH > 12) ? 12 : 0;
localparam integer SIDE_W = TAG_W + NRC + 21 + 1 + 64 + 1;

// qpac_ptr_back's rcu_i from qpac_ptr_mid's controls: {clr1, clr0, pm1,
// pm0}, three of each; copy j ANDed with v[j] (1 in a valid item)
// (waiver: the function reads 4 of the 21 controls)
/* verilator lint_off UNUSEDSIGNAL */
function [11:0] RangeCopies;
    input [20:0] ctl;
    input [2:0]  v;
    begin
        RangeCopies = {{3{ctl[6]}}, {3{ctl[7]}}, {3{ctl[0]}}, {3{ctl[1]}}} & {4{v}};
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

wire [SIDE_F-1:0] side_in = {in_tag_i, f_cls, f_flags, in_key_i[0], in_x_i, f_tbi, f_e};
wire [SIDE_W-1:0] side_out;
wire [63:0]       pac;

// slot F: the core's inputs ({side, key select, modifier, data}); the key
// select is decoded to the core's one-hot field before it (QpacKeySel), so
// the first cipher layer picks its key from a flip-flop; the algorithm is
// read at the core input (a write waits until slot F is empty too)
localparam integer KSF = 40;           // qarma_core KEY_ONEHOT's in_key_i
localparam integer SB  = 128 + KSF;    // slot F's side band
localparam integer FW  = SIDE_F + SB;
wire [KSF-1:0] f_ksel = QpacKeySel(f_ckey, {8{in_valid_i}} | in_x_i[7:0]);
wire          front_ready, c_valid, c_ready;
wire [FW-1:0] c_in;
wire          c_out_valid;


// GLOBAL_STALL = 1: every slot but the last loads on the last slot's load
// (qarma_core STALL 1, or 2 when slot B is the last), no ready chain; with
// PTR_PIPE = 1 slot B is the two-entry buffer, so that load is a register
localparam integer CORE_STALL = (GLOBAL_STALL == 0) ? 0 : (PTR_PIPE != 0) ? 2 : 1;
localparam integer SLOT_B     = (PTR_PIPE == 0) ? 0 : (GLOBAL_STALL != 0) ? 2 : 1;
// with the buffer, its "entry 1 empty" register has a copy for every
// quarter of every core slot (CRW, qarma_core STALL 2), four for slot F,
// one for the port and the write handshake and (SIDE_RAM) one for the side
// band's delay line, so no register drives more than a quarter slot's load
// enables
localparam integer CRW        = (CORE_STALL == 2) ? 96 : 1;
localparam integer NRB        = (SLOT_B == 2) ? CRW + 5 + SIDE_RAM : 1;
localparam integer NLF        = (SLOT_B == 2) ? 4 : 1;
wire [NRB-1:0] b_ready;
wire [CRW-1:0] c_out_ready = b_ready[CRW-1:0];
wire [NLF-1:0] f_ld;
wire           in_rdy;
wire           side_adv; // SIDE_RAM: the core's slots load
generate
    if (SLOT_B == 2) begin : g_ld_copies
        assign f_ld     = b_ready[CRW +: 4];
        assign in_rdy   = b_ready[CRW + 4];
        assign side_adv = b_ready[NRB - 1];
    end else begin : g_ld_core
        assign f_ld     = c_ready;
        assign in_rdy   = front_ready;
        assign side_adv = c_ready;
    end
endgenerate
assign in_ready_o = in_rdy && !wr_req;

qpac_pipe_slot #(.W(FW), .REG(PTR_PIPE), .COLLAPSE((GLOBAL_STALL == 0) ? 1 : 0), .DATA(0),
                 .NL(NLF)) u_slot_front (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(in_valid_i && !wr_req), .in_ready_o(front_ready),
    .in_data_i({side_in, f_ksel, in_y_i, f_data}),
    .out_valid_o(c_valid), .out_ready_i(f_ld), .out_data_o(c_in),
    .busy_o(front_busy));

// slot F's side band from bit SB: e, tbi, x (64), key number, field flags
// (4), class (5), tag
wire [20:0] c_ctl;

qpac_ptr_mid u_mid (
    .lvl1_i(lvl1), .epac_i(epac), .pauth2_i(pauth2), .fpac_i(fpac), .fpacc_i(fpacc),
    .cls_i(c_in[SB+71 +: 5]), .flags_i(c_in[SB+67 +: 4]), .top_i(c_in[SB+58 +: 8]),
    .tbi_i(c_in[SB+1]), .e_i(c_in[SB]), .ctl_o(c_ctl));

// SIDE_RAM = 1: the side band skips the core's slots (its side band is one
// constant bit, which synthesis removes) and goes through qpac_side_ram, a
// delay line of DEPTH positions that moves when the core's slots load
// (GLOBAL_STALL = 1: all at once) and shows the word of the core's last slot
localparam integer CSW = (SIDE_RAM != 0) ? 1 : SIDE_W;
wire [SIDE_W-1:0] side_c;
generate
    if (NRC != 0) begin : g_side_rc
        // copy j is ANDed with valid | data bit j (1 in a valid item: the
        // same value, another function, so synthesis keeps the flip-flops apart)
        assign side_c = {c_in[FW-1 -: TAG_W], RangeCopies(c_ctl, {3{c_valid}} | c_in[2:0]), c_ctl,
                         c_in[SB+66:SB+2], c_in[SB]};
    end else begin : g_side
        assign side_c = {c_in[FW-1 -: TAG_W], c_ctl, c_in[SB+66:SB+2], c_in[SB]};
    end
endgenerate
wire [CSW-1:0]    core_side_out;

qarma_core #(.DEPTH(DEPTH), .SIDE_W(CSW), .KEY_PIPE(KEY_PIPE), .STALL(CORE_STALL),
             .KEY_ONEHOT(1)) u_core (
    .clk_i(clk_i), .rst_ni(rst_ni), .keys_i(keys),
    .in_valid_i(c_valid), .in_ready_o(c_ready),
    .in_data_i(c_in[63:0]), .in_mod_i(c_in[127:64]), .in_key_i(c_in[128 +: KSF]),
    .in_alg_i(alg),
    .in_side_i((SIDE_RAM != 0) ? {CSW{1'b0}} : side_c[CSW-1:0]),
    .out_valid_o(c_out_valid), .out_ready_i(c_out_ready), .out_pac_o(pac),
    .out_side_o(core_side_out), .busy_o(core_busy));

generate
    if (SIDE_RAM != 0) begin : g_side_ram
        qpac_side_ram #(.W(SIDE_W), .N(DEPTH)) u_side (
            .clk_i(clk_i), .rst_ni(rst_ni), .adv_i(side_adv), .valid_i(c_valid),
            .d_i(side_c), .q_o(side_out));
        wire unused_side = &{1'b0, core_side_out};
    end else begin : g_side_core
        assign side_out = core_side_out;
        wire unused_side = &{1'b0, side_adv};
    end
endgenerate

// ---- back stage -----------------------------------------------------------------
wire [TAG_W-1:0] b_tag;
wire [20:0] b_ctl;
wire [11:0] b_rc;
wire [63:0] b_x, b_value;
wire        b_kn, b_e, b_fault_en;
wire [7:0]  b_grp;
wire [3:0]  b_flip;

generate
    if (NRC != 0) begin : g_rc
        assign {b_tag, b_rc, b_ctl, b_kn, b_x, b_e} = side_out;
    end else begin : g_no_rc
        assign {b_tag, b_ctl, b_kn, b_x, b_e} = side_out;
        assign b_rc = RangeCopies(b_ctl, 3'b111);
    end
endgenerate

qpac_ptr_back u_back (
    .mask0_i(mask0), .mask1_i(mask1), .ctl_i(b_ctl), .rcu_i(b_rc),
    .key_number_i(b_kn), .x_i(b_x),
    .e_i(b_e), .pac_i(pac), .value_o(b_value),
    .grp_o(b_grp), .flip_o(b_flip), .fault_en_o(b_fault_en));

// slot B: the result. The two-entry buffer holds the back stage's outputs
// and QpacPtrFinish (Auth's compare: an 8-input OR and the flip of four bits
// and the fault) follows it, so the buffer's input is not behind the compare;
// every other output bit comes from a flip-flop. Otherwise QpacPtrFinish
// sits before the slot.
generate
    if (SLOT_B == 2) begin : g_finish_after
        localparam integer BWB = TAG_W + 13 + 64;
        wire [BWB-1:0] q;
        qpac_pipe_slot #(.W(BWB), .REG(2), .NR(NRB)) u_slot_back (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(c_out_valid), .in_ready_o(b_ready),
            .in_data_i({b_tag, b_grp, b_flip, b_fault_en, b_value}),
            .out_valid_o(out_valid_o), .out_ready_i(out_ready_i), .out_data_o(q),
            .busy_o(back_busy));
        assign out_tag_o = q[BWB-1 -: TAG_W];
        assign {out_fault_o, out_value_o} = QpacPtrFinish(q[63:0], q[76:69], q[68:65], q[64]);
    end else begin : g_finish_before
        wire [64:0] fin = QpacPtrFinish(b_value, b_grp, b_flip, b_fault_en);
        qpac_pipe_slot #(.W(TAG_W + 1 + 64), .REG(SLOT_B), .DATA(2)) u_slot_back (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(c_out_valid), .in_ready_o(b_ready), .in_data_i({b_tag, fin}),
            .out_valid_o(out_valid_o), .out_ready_i(out_ready_i),
            .out_data_o({out_tag_o, out_fault_o, out_value_o}),
            .busy_o(back_busy));
    end
endgenerate

// key select bits 2:1 are not needed after the front stage
// (the slots' busy flags: the in-flight count says the same)
wire unused_ok = &{1'b0, in_key_i[2:1], LATENCY[0], core_busy, front_busy, back_busy,
                   front_ready, c_ready};

endmodule

`default_nettype wire

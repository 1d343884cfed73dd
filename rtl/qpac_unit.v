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
    parameter integer QARMA3   = 1  // 0: QARMA5 only (CFG.ALG reads 0; the core folds QARMA3 away)
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
endgenerate

// wr_ready_o is a register: a count of the operations in the unit (accepted,
// not yet delivered) is kept, and wr_ready_o says it is zero, so the key
// file's and the configuration's load enables start at a flip-flop and no
// OR over every slot's valid bit sits in their path; it is high exactly
// when the pipeline is empty
wire       wr_req  = key_we_i || cfg_we_i;
wire       core_busy, front_busy, back_busy;
localparam integer CW = 6;  // up to LATENCY + 2 <= 28 operations in the unit
reg [CW-1:0] inflight_q;
reg          wr_ready_q;
wire         in_take  = in_valid_i && in_ready_o;
wire         out_take = out_valid_o && out_ready_i;
// the count one up and one down are formed from the register alone; the
// handshake (from the ports) only picks one, no carry chain after it
wire [CW-1:0] inflight_up = inflight_q + {{(CW-1){1'b0}}, 1'b1};
wire [CW-1:0] inflight_dn = inflight_q - {{(CW-1){1'b0}}, 1'b1};
wire [CW-1:0] inflight_d  = (in_take == out_take) ? inflight_q : in_take ? inflight_up : inflight_dn;
always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
        inflight_q <= {CW{1'b0}};
        wr_ready_q <= 1'b1;
    end else begin
        inflight_q <= inflight_d;
        // inflight_d == 0, without the adder: the count is 0 and nothing
        // net enters, or it is 1 and that one leaves
        wr_ready_q <= (inflight_q == {CW{1'b0}} && in_take == out_take) ||
                      (inflight_q == {{(CW-1){1'b0}}, 1'b1} && out_take && !in_take);
    end
end
assign wr_ready_o  = wr_ready_q;
wire       wr_take = wr_req && wr_ready_q;

// ---- configuration and its decode ----------------------------------------------
wire        alg;
wire [35:0] mask0, mask1;
wire [3:0]  tbi_tab;
wire [1:0]  sel55;
wire        lvl1, epac, pauth2, fpac, fpacc;

qpac_cfg #(.QARMA3(QARMA3)) u_cfg (
    .clk_i(clk_i), .rst_ni(rst_ni), .we_i(wr_take && cfg_we_i), .cfg_i(cfg_i),
    .tszlim_i(tszlim_i), .cfg_o(cfg_o), .tszlim_o(tszlim_o),
    .alg_o(alg), .mask0_o(mask0), .mask1_o(mask1), .tbi_o(tbi_tab), .sel55_o(sel55),
    .lvl1_o(lvl1), .epac_o(epac), .pauth2_o(pauth2), .fpac_o(fpac), .fpacc_o(fpacc));

// ---- key file ---------------------------------------------------------------
wire [5*128-1:0] keys;

qpac_keyfile u_keyfile (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .we_i(wr_take && key_we_i), .sel_i(key_sel_i), .hi_i(key_hi_i), .lo_i(key_lo_i),
    .keys_o(keys));

// ---- front stage --------------------------------------------------------------
wire [63:0] f_data;
wire [2:0]  f_ckey;
wire [4:0]  f_cls;
wire        f_tbi, f_e;

qpac_ptr_front u_front (
    .mask0_i(mask0), .mask1_i(mask1), .tbi_i(tbi_tab), .sel55_i(sel55),
    .op_i(in_op_i), .key_i(in_key_i), .x_i(in_x_i),
    .data_o(f_data), .ckey_o(f_ckey), .cls_o(f_cls), .tbi_o(f_tbi), .e_o(f_e));

// ---- cipher pipeline; the side band carries what the back stage needs ---------
// slot F carries {tag, op class (one-hot), key number (key B), x, tbi, e};
// after it qpac_ptr_mid replaces the class by the back stage's controls
// (with the non-canonical test), beside the first cipher layer
localparam integer SIDE_F = TAG_W + 5 + 1 + 64 + 1 + 1;
localparam integer SIDE_W = TAG_W + 12 + 1 + 64 + 1 + 1;

wire [SIDE_F-1:0] side_in = {in_tag_i, f_cls, in_key_i[0], in_x_i, f_tbi, f_e};
wire [SIDE_W-1:0] side_out;
wire [63:0]       pac;

// slot F: the core's inputs ({side, key select, modifier, data}); the
// algorithm is read at the core input (a write waits until slot F is empty too)
localparam integer FW = SIDE_F + 3 + 64 + 64;
wire          front_ready, c_valid, c_ready;
wire [FW-1:0] c_in;
wire          c_out_valid, c_out_ready;

assign in_ready_o = front_ready && !wr_req;

// GLOBAL_STALL = 1: every slot but the last loads on the last slot's load
// (qarma_core STALL 1, or 2 when slot B is the last), no ready chain; with
// PTR_PIPE = 1 slot B is the two-entry buffer, so that load is a register
localparam integer CORE_STALL = (GLOBAL_STALL == 0) ? 0 : (PTR_PIPE != 0) ? 2 : 1;
localparam integer SLOT_B     = (PTR_PIPE == 0) ? 0 : (GLOBAL_STALL != 0) ? 2 : 1;

qpac_pipe_slot #(.W(FW), .REG(PTR_PIPE), .COLLAPSE((GLOBAL_STALL == 0) ? 1 : 0), .DATA(0)) u_slot_front (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(in_valid_i && !wr_req), .in_ready_o(front_ready),
    .in_data_i({side_in, f_ckey, in_y_i, f_data}),
    .out_valid_o(c_valid), .out_ready_i(c_ready), .out_data_o(c_in),
    .busy_o(front_busy));

// slot F's side band: e at bit 131, tbi at 132, x at 196:133, key number at
// 197, class at 202:198, tag above
wire [11:0] c_ctl;

qpac_ptr_mid u_mid (
    .mask0_i(mask0), .mask1_i(mask1), .lvl1_i(lvl1), .epac_i(epac), .pauth2_i(pauth2),
    .fpac_i(fpac), .fpacc_i(fpacc), .cls_i(c_in[198 +: 5]), .x_i(c_in[149 +: 48]),
    .tbi_i(c_in[132]), .e_i(c_in[131]), .ctl_o(c_ctl));

qarma_core #(.DEPTH(DEPTH), .SIDE_W(SIDE_W), .KEY_PIPE(KEY_PIPE), .STALL(CORE_STALL)) u_core (
    .clk_i(clk_i), .rst_ni(rst_ni), .keys_i(keys),
    .in_valid_i(c_valid), .in_ready_o(c_ready),
    .in_data_i(c_in[63:0]), .in_mod_i(c_in[127:64]), .in_key_i(c_in[130:128]),
    .in_alg_i(alg),
    .in_side_i({c_in[FW-1 -: TAG_W], c_ctl, c_in[197:131]}),
    .out_valid_o(c_out_valid), .out_ready_i(c_out_ready), .out_pac_o(pac),
    .out_side_o(side_out), .busy_o(core_busy));

// ---- back stage -----------------------------------------------------------------
wire [TAG_W-1:0] b_tag;
wire [11:0] b_ctl;
wire [63:0] b_x, b_value;
wire        b_kn, b_tbi, b_e, b_fault_en;
wire [7:0]  b_grp;
wire [3:0]  b_flip;

assign {b_tag, b_ctl, b_kn, b_x, b_tbi, b_e} = side_out;

qpac_ptr_back u_back (
    .mask0_i(mask0), .mask1_i(mask1), .ctl_i(b_ctl), .key_number_i(b_kn), .x_i(b_x),
    .tbi_i(b_tbi), .e_i(b_e), .pac_i(pac), .value_o(b_value),
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
        qpac_pipe_slot #(.W(BWB), .REG(2)) u_slot_back (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(c_out_valid), .in_ready_o(c_out_ready),
            .in_data_i({b_tag, b_grp, b_flip, b_fault_en, b_value}),
            .out_valid_o(out_valid_o), .out_ready_i(out_ready_i), .out_data_o(q),
            .busy_o(back_busy));
        assign out_tag_o = q[BWB-1 -: TAG_W];
        assign {out_fault_o, out_value_o} = QpacPtrFinish(q[63:0], q[76:69], q[68:65], q[64]);
    end else begin : g_finish_before
        wire [64:0] fin = QpacPtrFinish(b_value, b_grp, b_flip, b_fault_en);
        qpac_pipe_slot #(.W(TAG_W + 1 + 64), .REG(SLOT_B), .DATA(2)) u_slot_back (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .in_valid_i(c_out_valid), .in_ready_o(c_out_ready), .in_data_i({b_tag, fin}),
            .out_valid_o(out_valid_o), .out_ready_i(out_ready_i),
            .out_data_o({out_tag_o, out_fault_o, out_value_o}),
            .busy_o(back_busy));
    end
endgenerate

// key select bits 2:1 are not needed after the front stage
// (the slots' busy flags: the in-flight count says the same)
wire unused_ok = &{1'b0, in_key_i[2:1], LATENCY[0], core_busy, front_busy, back_busy};

endmodule

`default_nettype wire

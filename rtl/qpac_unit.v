// qpac_unit.v - the pipelined ARM pointer-authentication unit.
// PAC, AUT (standalone and combined), XPAC and PACGA per ../shared/spec/pauth.md,
// bit-exact with libqpac's qpac_exec, one operation accepted per clock at every
// DEPTH, results in order with their tags. Structure:
//   qpac_ptr_front -> [slot F] -> qarma_core (DEPTH slots) -> qpac_ptr_back -> [slot B]
// slots F and B are present when PTR_PIPE = 1 (the pointer logic then has a
// clock of its own instead of sharing one with the first and last layers)
// plus the key file and the configuration register, which sit outside the
// pipeline: a key or configuration write waits until the pipeline is empty
// (wr_ready_o) and holds off new operations meanwhile (in_ready_o low), so an
// operation always uses the keys and configuration present when it was
// accepted. LATENCY = DEPTH + 2*PTR_PIPE clocks from acceptance to out_valid_o
// (0: the result is combinational from the inputs). The configuration's
// bottom_PAC_bit of each range is decoded when it is written. Reset: asynchronous, active low;
// clears keys, pipeline and configuration (to the regmap reset values).
// Interface contract and timing: rtl/README.md.
`default_nettype none

module qpac_unit #(
    parameter integer DEPTH    = 12,
    parameter integer TAG_W    = 8,
    parameter integer KEY_PIPE = 0, // 1: the core carries the selected key (qarma_core)
    parameter integer PTR_PIPE = 0, // 1: register slots after the pointer front and back stages
    parameter integer GLOBAL_STALL = 0 // 1: one stall signal for the whole pipeline (see rtl/README.md)
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
    output reg  [31:0]      cfg_o,
    output reg  [31:0]      tszlim_o,
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

`include "qpac_regmap.vh"
`include "qpac_pointer_functions.vh"

localparam integer LATENCY = DEPTH + 2 * PTR_PIPE;

// ---- configuration register (stored fields) ---------------------------------
reg [5:0] t0sz_q, t1sz_q, tszmin_q, tszmax_q;
reg [1:0] tbi_q, tbid_q;   // {range 1, range 0}
reg       single_q, alg_q;
reg [2:0] feat_q;
reg [5:0] bottom0_q, bottom1_q;  // CalculateBottomPACBit(0), (1) of the stored fields

localparam [31:0] CFG_RESET    = `QPAC_REG_CFG_RESET;
localparam [31:0] TSZLIM_RESET = `QPAC_REG_TSZLIM_RESET;

wire       wr_req  = key_we_i || cfg_we_i;
wire       core_busy, front_busy, back_busy;
assign wr_ready_o  = !core_busy && !front_busy && !back_busy;
wire       wr_take = wr_req && wr_ready_o;

// value stored by a write: FEAT outside 1..5 becomes 1; limits are clamped
wire [2:0] feat_w   = cfg_i[`QPAC_CFG_FEAT];
wire [5:0] tszmin_w = tszlim_i[`QPAC_TSZLIM_TSZMIN];
wire [5:0] tszmax_w = tszlim_i[`QPAC_TSZLIM_TSZMAX];
wire [5:0] tszmin_c = (tszmin_w < 6'd12) ? 6'd12 : (tszmin_w > 6'd16) ? 6'd16 : tszmin_w;
wire [5:0] tszmax_c = (tszmax_w < 6'd39) ? 6'd39 : (tszmax_w > 6'd48) ? 6'd48 : tszmax_w;

always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
        t0sz_q   <= CFG_RESET[`QPAC_CFG_T0SZ];
        t1sz_q   <= CFG_RESET[`QPAC_CFG_T1SZ];
        tbi_q    <= {CFG_RESET[`QPAC_CFG_TBI1], CFG_RESET[`QPAC_CFG_TBI0]};
        tbid_q   <= {CFG_RESET[`QPAC_CFG_TBID1], CFG_RESET[`QPAC_CFG_TBID0]};
        single_q <= CFG_RESET[`QPAC_CFG_SINGLE];
        alg_q    <= CFG_RESET[`QPAC_CFG_ALG];
        feat_q   <= CFG_RESET[`QPAC_CFG_FEAT];
        tszmin_q <= TSZLIM_RESET[`QPAC_TSZLIM_TSZMIN];
        tszmax_q <= TSZLIM_RESET[`QPAC_TSZLIM_TSZMAX];
        bottom0_q <= CalculateBottomPACBit(CFG_RESET[`QPAC_CFG_SINGLE], CFG_RESET[`QPAC_CFG_T0SZ],
                         CFG_RESET[`QPAC_CFG_T1SZ], TSZLIM_RESET[`QPAC_TSZLIM_TSZMIN],
                         TSZLIM_RESET[`QPAC_TSZLIM_TSZMAX], 1'b0);
        bottom1_q <= CalculateBottomPACBit(CFG_RESET[`QPAC_CFG_SINGLE], CFG_RESET[`QPAC_CFG_T0SZ],
                         CFG_RESET[`QPAC_CFG_T1SZ], TSZLIM_RESET[`QPAC_TSZLIM_TSZMIN],
                         TSZLIM_RESET[`QPAC_TSZLIM_TSZMAX], 1'b1);
    end else if (wr_take && cfg_we_i) begin
        t0sz_q   <= cfg_i[`QPAC_CFG_T0SZ];
        t1sz_q   <= cfg_i[`QPAC_CFG_T1SZ];
        tbi_q    <= {cfg_i[`QPAC_CFG_TBI1], cfg_i[`QPAC_CFG_TBI0]};
        tbid_q   <= {cfg_i[`QPAC_CFG_TBID1], cfg_i[`QPAC_CFG_TBID0]};
        single_q <= cfg_i[`QPAC_CFG_SINGLE];
        alg_q    <= cfg_i[`QPAC_CFG_ALG];
        feat_q   <= (feat_w >= `QPAC_ENC_FEAT_PAUTH && feat_w <= `QPAC_ENC_FEAT_FPACCOMBINE)
                    ? feat_w : `QPAC_ENC_FEAT_PAUTH;
        tszmin_q <= tszmin_c;
        tszmax_q <= tszmax_c;
        bottom0_q <= CalculateBottomPACBit(cfg_i[`QPAC_CFG_SINGLE], cfg_i[`QPAC_CFG_T0SZ],
                         cfg_i[`QPAC_CFG_T1SZ], tszmin_c, tszmax_c, 1'b0);
        bottom1_q <= CalculateBottomPACBit(cfg_i[`QPAC_CFG_SINGLE], cfg_i[`QPAC_CFG_T0SZ],
                         cfg_i[`QPAC_CFG_T1SZ], tszmin_c, tszmax_c, 1'b1);
    end
end

// read-back words (undefined bits read 0)
always @* begin
    cfg_o = 32'd0;
    cfg_o[`QPAC_CFG_T0SZ]   = t0sz_q;
    cfg_o[`QPAC_CFG_T1SZ]   = t1sz_q;
    cfg_o[`QPAC_CFG_TBI0]   = tbi_q[0];
    cfg_o[`QPAC_CFG_TBI1]   = tbi_q[1];
    cfg_o[`QPAC_CFG_TBID0]  = tbid_q[0];
    cfg_o[`QPAC_CFG_TBID1]  = tbid_q[1];
    cfg_o[`QPAC_CFG_SINGLE] = single_q;
    cfg_o[`QPAC_CFG_ALG]    = alg_q;
    cfg_o[`QPAC_CFG_FEAT]   = feat_q;
    tszlim_o = 32'd0;
    tszlim_o[`QPAC_TSZLIM_TSZMIN] = tszmin_q;
    tszlim_o[`QPAC_TSZLIM_TSZMAX] = tszmax_q;
end

// ---- key file ---------------------------------------------------------------
wire [5*128-1:0] keys;

qpac_keyfile u_keyfile (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .we_i(wr_take && key_we_i), .sel_i(key_sel_i), .hi_i(key_hi_i), .lo_i(key_lo_i),
    .keys_o(keys));

// ---- front stage --------------------------------------------------------------
wire [63:0] f_data;
wire [2:0]  f_ckey;
wire        f_tbi, f_selbit, f_noncanon, f_illegal;
wire [5:0]  f_bottom;

qpac_ptr_front u_front (
    .tbi_i(tbi_q), .tbid_i(tbid_q), .single_i(single_q),
    .bottom0_i(bottom0_q), .bottom1_i(bottom1_q),
    .op_i(in_op_i), .key_i(in_key_i), .x_i(in_x_i),
    .data_o(f_data), .ckey_o(f_ckey), .tbi_o(f_tbi), .bottom_o(f_bottom),
    .selbit_o(f_selbit), .noncanon_o(f_noncanon), .illegal_o(f_illegal));

// ---- cipher pipeline; the side band carries what the back stage needs ---------
localparam integer SIDE_W = TAG_W + 3 + 3 + 64 + 1 + 6 + 1 + 1 + 1;

wire [SIDE_W-1:0] side_in = {in_tag_i, in_op_i, in_key_i, in_x_i, f_tbi, f_bottom,
                             f_selbit, f_noncanon, f_illegal};
wire [SIDE_W-1:0] side_out;
wire [63:0]       pac;

// slot F: the core's inputs ({side, key select, modifier, data}); alg_q is
// read at the core input (a write waits until slot F is empty too)
localparam integer FW = SIDE_W + 3 + 64 + 64;
wire          front_ready, c_valid, c_ready;
wire [FW-1:0] c_in;
wire          c_out_valid, c_out_ready;

assign in_ready_o = front_ready && !wr_req;

// GLOBAL_STALL = 1: every slot but the last loads on the last slot's load
// (qarma_core STALL 1, or 2 when slot B is the last), no ready chain
localparam integer CORE_STALL = (GLOBAL_STALL == 0) ? 0 : (PTR_PIPE != 0) ? 2 : 1;

qpac_pipe_slot #(.W(FW), .REG(PTR_PIPE), .COLLAPSE((GLOBAL_STALL == 0) ? 1 : 0)) u_slot_front (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(in_valid_i && !wr_req), .in_ready_o(front_ready),
    .in_data_i({side_in, f_ckey, in_y_i, f_data}),
    .out_valid_o(c_valid), .out_ready_i(c_ready), .out_data_o(c_in),
    .busy_o(front_busy));

qarma_core #(.DEPTH(DEPTH), .SIDE_W(SIDE_W), .KEY_PIPE(KEY_PIPE), .STALL(CORE_STALL)) u_core (
    .clk_i(clk_i), .rst_ni(rst_ni), .keys_i(keys),
    .in_valid_i(c_valid), .in_ready_o(c_ready),
    .in_data_i(c_in[63:0]), .in_mod_i(c_in[127:64]), .in_key_i(c_in[130:128]),
    .in_alg_i(alg_q), .in_side_i(c_in[FW-1:131]),
    .out_valid_o(c_out_valid), .out_ready_i(c_out_ready), .out_pac_o(pac),
    .out_side_o(side_out), .busy_o(core_busy));

// ---- back stage -----------------------------------------------------------------
wire [2:0]  b_op, b_key;
wire [TAG_W-1:0] b_tag;
wire [63:0] b_x, b_value;
wire        b_fault;
wire        b_tbi, b_selbit, b_noncanon, b_illegal;
wire [5:0]  b_bottom;

assign {b_tag, b_op, b_key, b_x, b_tbi, b_bottom, b_selbit, b_noncanon, b_illegal} = side_out;

qpac_ptr_back u_back (
    .feat_i(feat_q), .key_number_i(b_key[0]), .op_i(b_op), .x_i(b_x),
    .tbi_i(b_tbi), .bottom_i(b_bottom), .selbit_i(b_selbit), .noncanon_i(b_noncanon),
    .illegal_i(b_illegal), .pac_i(pac),
    .value_o(b_value), .fault_o(b_fault));

// slot B: the result

qpac_pipe_slot #(.W(TAG_W + 1 + 64), .REG(PTR_PIPE)) u_slot_back (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(c_out_valid), .in_ready_o(c_out_ready), .in_data_i({b_tag, b_fault, b_value}),
    .out_valid_o(out_valid_o), .out_ready_i(out_ready_i),
    .out_data_o({out_tag_o, out_fault_o, out_value_o}),
    .busy_o(back_busy));

// reserved CFG/TSZLIM bits are not stored; bits 2:1 of the operation's key
// select are not needed after the front stage
wire unused_ok = &{1'b0, cfg_i, tszlim_i, b_key[2:1], LATENCY[0]};

endmodule

`default_nettype wire

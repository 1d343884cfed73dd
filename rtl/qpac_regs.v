// qpac_regs.v - the register block of qpac (regmap/qpac.regs, doc/regmap.md)
// around qpac_unit, behind a bus-neutral access port. The bus wrappers
// (qpac_apb.v: APB3, qpac_axil.v: AXI4-Lite) only translate their protocol
// into one access at a time; every register rule lives here:
//   - an access is acc_i for one or more cycles; it completes at the clock
//     edge where ready_o is 1 (ready_o is 0 only for a CFG/TSZLIM write the
//     unit has not taken yet). rdata_o and err_o are valid while acc_i is 1.
//   - a CFG/TSZLIM write takes one wait state: its first clock stores the
//     CFG and TSZLIM words the unit will take (cfg_w_q, tszlim_w_q), the
//     next hands them to the unit from those registers, so no address
//     decode or BUSY sits before the unit's configuration decode.
//   - err_o: an unmapped or unaligned offset; a write to CTRL, CFG, TSZLIM,
//     OPX/OPY or the key staging registers while STATUS.BUSY is 1; a CTRL
//     write with KEYWR while the key staging is incomplete. An access with
//     err_o changes nothing. Writes to read-only registers are ignored without
//     error. Reads never change state.
//   - key staging: KEYWR needs all four staging words written since the last
//     commit or reset; otherwise the CTRL write is refused as a whole. A
//     commit clears the staging, so no word of one key reaches another, and a
//     complete sequence overwrites whatever an abandoned one left.
//   - CTRL: KEYWR copies the staging registers to key KEY; START runs
//     operation OP with key KEY on OPX, OPY (DONE and FAULT clear, BUSY sets
//     until the result is in RES and DONE sets). With both bits the key is
//     written first. Keys cannot be read back: staging and CTRL read 0.
//   - CAPS = {16'd0, DEPTH, LATENCY}; LATENCY = QpacLatency (qpac_pipeline.vh).
//   - ACC_SETUP=1: we_i, addr_i and wdata_i hold their values for the clock
//     before each access, and that clock is out of reset (APB's SETUP
//     phase); the decode is registered there, so a write enable is a
//     flip-flop, acc_i and BUSY (itself a flip-flop).
// Reset: asynchronous, active low; clears keys, staging, operands, result and
// status; CFG/TSZLIM return to their reset values.
`default_nettype none

`include "qpac_regmap.vh"

module qpac_regs #(
    parameter integer DEPTH    = 12,
    parameter integer KEY_PIPE = 0, // passed to qpac_unit
    parameter integer PTR_PIPE = 0, // passed to qpac_unit
    parameter integer GLOBAL_STALL = 0, // passed to qpac_unit
    parameter integer QARMA3   = 1, // passed to qpac_unit (0: QARMA5 only)
    parameter integer SIDE_RAM = 0, // passed to qpac_unit (1: side band in RAM)
    parameter integer ACC_SETUP = 0 // 1: the decode is registered the clock before acc_i
) (
    input  wire                       clk_i,
    input  wire                       rst_ni,
    input  wire                       acc_i,    // an access is presented
    input  wire                       we_i,     // 1 write, 0 read
    input  wire [`QPAC_ADDR_BITS-1:0] addr_i,   // byte offset
    input  wire [31:0]                wdata_i,
    output reg  [31:0]                rdata_o,
    output wire                       ready_o,  // the access completes at this edge
    output wire                       err_o     // error response (nothing changed)
);

`include "qpac_pipeline.vh"
localparam integer LATENCY = QpacLatency(DEPTH, PTR_PIPE); // as qpac_unit
localparam [31:0] CAPS = {16'd0, DEPTH[7:0], LATENCY[7:0]};

// ---- registers ----------------------------------------------------------------
reg [63:0] opx_q, opy_q, res_q;
reg [63:0] stage_hi_q, stage_lo_q;   // key staging, write-only
reg [3:0]  staged_q;                 // staging words written: {LO_HI, LO_LO, HI_HI, HI_LO}
reg        done_q, fault_q;
reg        op_pend_q, op_flight_q, key_pend_q;
reg [2:0]  op_q, key_q;
// STATUS.BUSY (op_pend_q || op_flight_q || key_pend_q) and "all four staging
// words written" (&staged_q), each a register of its next value (see state)
reg        busy_q, staged_all_q;
wire       busy = busy_q;

// ---- unit -----------------------------------------------------------------------
wire        wr_ready, in_ready, out_valid, out_fault;
wire [31:0] cfg_rd, tszlim_rd;
wire [63:0] out_value;
wire        out_tag;

// the configuration write in progress: the words stored in its first clock
reg        cfg_wr_q;
reg [31:0] cfg_w_q, tszlim_w_q;

qpac_unit #(.DEPTH(DEPTH), .TAG_W(1), .KEY_PIPE(KEY_PIPE), .PTR_PIPE(PTR_PIPE),
            .GLOBAL_STALL(GLOBAL_STALL), .QARMA3(QARMA3), .SIDE_RAM(SIDE_RAM)) u_unit (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .key_we_i(key_pend_q), .key_sel_i(key_q), .key_hi_i(stage_hi_q), .key_lo_i(stage_lo_q),
    .cfg_we_i(cfg_wr_q), .cfg_i(cfg_w_q), .tszlim_i(tszlim_w_q),
    .wr_ready_o(wr_ready), .cfg_o(cfg_rd), .tszlim_o(tszlim_rd),
    .in_valid_i(op_pend_q), .in_ready_o(in_ready), .in_op_i(op_q), .in_key_i(key_q),
    .in_x_i(opx_q), .in_y_i(opy_q), .in_tag_i(1'b0),
    .out_valid_o(out_valid), .out_ready_i(1'b1), .out_value_o(out_value),
    .out_fault_o(out_fault), .out_tag_o(out_tag));

// ---- address decode -------------------------------------------------------------
// the register a write names (one-hot), whether the offset is mapped, a write
// refused while BUSY (every writable register), and a CTRL write with KEYWR
localparam integer W_OPX_LO = 0, W_OPX_HI = 1, W_OPY_LO = 2, W_OPY_HI = 3,
                   W_KEYHI_LO = 4, W_KEYHI_HI = 5, W_KEYLO_LO = 6, W_KEYLO_HI = 7,
                   W_CTRL = 8, W_CFG = 9, W_TSZLIM = 10, W_N = 11;
localparam integer D_MAPPED = W_N, D_GUARDED = W_N + 1, D_KEYWR = W_N + 2, D_N = W_N + 3;
reg [W_N-1:0] sel;
reg           mapped;
always @* begin
    sel    = {W_N{1'b0}};
    mapped = 1'b1;
    case (addr_i)
        `QPAC_REG_NAME0, `QPAC_REG_NAME1, `QPAC_REG_VERSION, `QPAC_REG_CAPS,
        `QPAC_REG_STATUS, `QPAC_REG_RES_LO, `QPAC_REG_RES_HI: ;
        `QPAC_REG_OPX_LO:   sel[W_OPX_LO]   = 1'b1;
        `QPAC_REG_OPX_HI:   sel[W_OPX_HI]   = 1'b1;
        `QPAC_REG_OPY_LO:   sel[W_OPY_LO]   = 1'b1;
        `QPAC_REG_OPY_HI:   sel[W_OPY_HI]   = 1'b1;
        `QPAC_REG_KEYHI_LO: sel[W_KEYHI_LO] = 1'b1;
        `QPAC_REG_KEYHI_HI: sel[W_KEYHI_HI] = 1'b1;
        `QPAC_REG_KEYLO_LO: sel[W_KEYLO_LO] = 1'b1;
        `QPAC_REG_KEYLO_HI: sel[W_KEYLO_HI] = 1'b1;
        `QPAC_REG_CTRL:     sel[W_CTRL]     = 1'b1;
        `QPAC_REG_CFG:      sel[W_CFG]      = 1'b1;
        `QPAC_REG_TSZLIM:   sel[W_TSZLIM]   = 1'b1;
        default:            mapped          = 1'b0;
    endcase
end
wire [D_N-1:0] dec_d = {we_i && sel[W_CTRL] && wdata_i[`QPAC_CTRL_KEYWR], we_i && |sel,
                        mapped, sel & {W_N{we_i}}};
// the previous clock's decode; after reset none (an access in the first clock
// out of reset, which ACC_SETUP rules out, is refused as unmapped)
reg  [D_N-1:0] dec_q;
always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) dec_q <= {D_N{1'b0}};
    else         dec_q <= dec_d;
end
wire [D_N-1:0] dec = ACC_SETUP != 0 ? dec_q : dec_d;

// a KEYWR commit without all four staging words
wire key_incomplete = dec[D_KEYWR] && !staged_all_q;
wire refused = !dec[D_MAPPED] || (dec[D_GUARDED] && busy) || key_incomplete;
assign err_o = acc_i && refused;

// a write that takes effect at this clock edge, written per register (the
// terms of `refused` and `ready_o` that apply to it), so that the enables
// see only the decode, the access, BUSY and, for CTRL, the staging check
wire wr_data   = acc_i && !busy;
wire wr_ctrl   = wr_data && dec[W_CTRL] && !key_incomplete;
wire wr_cfg    = wr_data && dec[W_CFG];
wire wr_tszlim = wr_data && dec[W_TSZLIM];
assign ready_o = !((wr_cfg || wr_tszlim) && !(cfg_wr_q && wr_ready));

// ---- read data ------------------------------------------------------------------
always @* begin
    rdata_o = 32'd0;
    if (acc_i && !we_i) begin
        case (addr_i)
            `QPAC_REG_NAME0:   rdata_o = `QPAC_NAME0_VALUE;
            `QPAC_REG_NAME1:   rdata_o = `QPAC_NAME1_VALUE;
            `QPAC_REG_VERSION: rdata_o = `QPAC_VERSION_VALUE;
            `QPAC_REG_CAPS:    rdata_o = CAPS;
            `QPAC_REG_CFG:     rdata_o = cfg_rd;
            `QPAC_REG_TSZLIM:  rdata_o = tszlim_rd;
            `QPAC_REG_STATUS: begin
                rdata_o[`QPAC_STATUS_DONE]  = done_q;
                rdata_o[`QPAC_STATUS_BUSY]  = busy;
                rdata_o[`QPAC_STATUS_FAULT] = fault_q;
            end
            `QPAC_REG_OPX_LO:  rdata_o = opx_q[31:0];
            `QPAC_REG_OPX_HI:  rdata_o = opx_q[63:32];
            `QPAC_REG_OPY_LO:  rdata_o = opy_q[31:0];
            `QPAC_REG_OPY_HI:  rdata_o = opy_q[63:32];
            `QPAC_REG_RES_LO:  rdata_o = res_q[31:0];
            `QPAC_REG_RES_HI:  rdata_o = res_q[63:32];
            default:           rdata_o = 32'd0; // CTRL, key staging, unmapped
        endcase
    end
end

// ---- state ----------------------------------------------------------------------
// next values of the control state (a later rule wins, as in program order)
wire       commit      = wr_ctrl && wdata_i[`QPAC_CTRL_KEYWR];
wire       start       = wr_ctrl && wdata_i[`QPAC_CTRL_START];
wire       op_take     = op_pend_q && in_ready;   // operation accepted
wire       key_take    = key_pend_q && wr_ready;  // key commit taken
wire       op_pend_d   = op_take ? 1'b0 : start ? 1'b1 : op_pend_q;
wire       op_flight_d = out_valid ? 1'b0 : op_take ? 1'b1 : op_flight_q;
wire       key_pend_d  = key_take ? 1'b0 : commit ? 1'b1 : key_pend_q;
wire [3:0] staged_d    = commit ? 4'd0 : wr_data ? staged_q | dec[W_KEYLO_HI:W_KEYHI_LO] : staged_q;

always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
        opx_q <= 64'd0; opy_q <= 64'd0; res_q <= 64'd0;
        stage_hi_q <= 64'd0; stage_lo_q <= 64'd0; staged_q <= 4'd0;
        done_q <= 1'b0; fault_q <= 1'b0;
        op_pend_q <= 1'b0; op_flight_q <= 1'b0; key_pend_q <= 1'b0;
        busy_q <= 1'b0; staged_all_q <= 1'b0;
        op_q <= 3'd0; key_q <= 3'd0;
        cfg_wr_q <= 1'b0; cfg_w_q <= 32'd0; tszlim_w_q <= 32'd0;
    end else begin
        // configuration write: stored in its first clock, taken by the unit
        // (wr_ready: the pipeline is empty) in a later one
        if ((wr_cfg || wr_tszlim) && !cfg_wr_q) begin
            cfg_wr_q   <= 1'b1;
            cfg_w_q    <= wr_cfg ? wdata_i : cfg_rd;
            tszlim_w_q <= wr_tszlim ? wdata_i : tszlim_rd;
        end
        if (cfg_wr_q && wr_ready) cfg_wr_q <= 1'b0;
        op_pend_q    <= op_pend_d;
        op_flight_q  <= op_flight_d;
        key_pend_q   <= key_pend_d;
        busy_q       <= op_pend_d || op_flight_d || key_pend_d;
        staged_q     <= staged_d;
        staged_all_q <= &staged_d;
        if (wr_data) begin
            if (dec[W_OPX_LO])   opx_q[31:0]       <= wdata_i;
            if (dec[W_OPX_HI])   opx_q[63:32]      <= wdata_i;
            if (dec[W_OPY_LO])   opy_q[31:0]       <= wdata_i;
            if (dec[W_OPY_HI])   opy_q[63:32]      <= wdata_i;
            if (dec[W_KEYHI_LO]) stage_hi_q[31:0]  <= wdata_i;
            if (dec[W_KEYHI_HI]) stage_hi_q[63:32] <= wdata_i;
            if (dec[W_KEYLO_LO]) stage_lo_q[31:0]  <= wdata_i;
            if (dec[W_KEYLO_HI]) stage_lo_q[63:32] <= wdata_i;
        end
        if (wr_ctrl) begin
            op_q  <= wdata_i[`QPAC_CTRL_OP];
            key_q <= wdata_i[`QPAC_CTRL_KEY];
        end
        if (start) begin
            done_q  <= 1'b0;
            fault_q <= 1'b0;
        end
        // key commit taken by the unit: the staging registers clear
        if (key_take) begin
            stage_hi_q <= 64'd0;
            stage_lo_q <= 64'd0;
        end
        // the operation's result
        if (out_valid) begin
            res_q       <= out_value;
            fault_q     <= out_fault;
            done_q      <= 1'b1;
        end
    end
end

wire unused_ok = &{1'b0, out_tag};

endmodule

`default_nettype wire

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
    parameter integer SIDE_RAM = 0  // passed to qpac_unit (1: side band in RAM)
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
wire       busy = op_pend_q || op_flight_q || key_pend_q;

// ---- unit -----------------------------------------------------------------------
wire        wr_ready, in_ready, out_valid, out_fault;
wire [31:0] cfg_rd, tszlim_rd;
wire [63:0] out_value;
wire        out_tag;

wire [`QPAC_ADDR_BITS-1:0] addr = addr_i;
wire wr_cfg    = acc_i && we_i && !busy && addr == `QPAC_REG_CFG;
wire wr_tszlim = acc_i && we_i && !busy && addr == `QPAC_REG_TSZLIM;
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
reg       mapped;     // offset names a register
reg       guarded;    // register whose writes are refused while BUSY
reg [3:0] stage_word; // one-hot: which key staging word
always @* begin
    mapped     = 1'b1;
    guarded    = 1'b0;
    stage_word = 4'd0;
    case (addr)
        `QPAC_REG_NAME0, `QPAC_REG_NAME1, `QPAC_REG_VERSION, `QPAC_REG_CAPS,
        `QPAC_REG_STATUS, `QPAC_REG_RES_LO, `QPAC_REG_RES_HI: ;
        `QPAC_REG_CFG, `QPAC_REG_TSZLIM, `QPAC_REG_CTRL,
        `QPAC_REG_OPX_LO, `QPAC_REG_OPX_HI, `QPAC_REG_OPY_LO, `QPAC_REG_OPY_HI:
            guarded = 1'b1;
        `QPAC_REG_KEYHI_LO: begin guarded = 1'b1; stage_word = 4'b0001; end
        `QPAC_REG_KEYHI_HI: begin guarded = 1'b1; stage_word = 4'b0010; end
        `QPAC_REG_KEYLO_LO: begin guarded = 1'b1; stage_word = 4'b0100; end
        `QPAC_REG_KEYLO_HI: begin guarded = 1'b1; stage_word = 4'b1000; end
        default: mapped = 1'b0;
    endcase
end

// a KEYWR commit without all four staging words
wire key_incomplete = addr == `QPAC_REG_CTRL && wdata_i[`QPAC_CTRL_KEYWR] && staged_q != 4'hf;
wire refused = !mapped || (we_i && guarded && busy) || (we_i && key_incomplete);
assign ready_o = !((wr_cfg || wr_tszlim) && !(cfg_wr_q && wr_ready));
assign err_o   = acc_i && refused;

// a write that takes effect at this clock edge, written per register (the
// terms of `refused` and `ready_o` that apply to it), so that the enables
// see only the address, the access, BUSY and, for CTRL, the staging check:
// the operand and key staging registers (refused only while BUSY) and CTRL
wire wr_data = acc_i && we_i && !busy;
wire wr_ctrl = wr_data && addr == `QPAC_REG_CTRL && !key_incomplete;

// ---- read data ------------------------------------------------------------------
always @* begin
    rdata_o = 32'd0;
    if (acc_i && !we_i) begin
        case (addr)
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
always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
        opx_q <= 64'd0; opy_q <= 64'd0; res_q <= 64'd0;
        stage_hi_q <= 64'd0; stage_lo_q <= 64'd0; staged_q <= 4'd0;
        done_q <= 1'b0; fault_q <= 1'b0;
        op_pend_q <= 1'b0; op_flight_q <= 1'b0; key_pend_q <= 1'b0;
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
        if (wr_data) begin
            staged_q <= staged_q | stage_word;
            case (addr)
                `QPAC_REG_OPX_LO:   opx_q[31:0]       <= wdata_i;
                `QPAC_REG_OPX_HI:   opx_q[63:32]      <= wdata_i;
                `QPAC_REG_OPY_LO:   opy_q[31:0]       <= wdata_i;
                `QPAC_REG_OPY_HI:   opy_q[63:32]      <= wdata_i;
                `QPAC_REG_KEYHI_LO: stage_hi_q[31:0]  <= wdata_i;
                `QPAC_REG_KEYHI_HI: stage_hi_q[63:32] <= wdata_i;
                `QPAC_REG_KEYLO_LO: stage_lo_q[31:0]  <= wdata_i;
                `QPAC_REG_KEYLO_HI: stage_lo_q[63:32] <= wdata_i;
                default: ;
            endcase
        end
        if (wr_ctrl) begin
            op_q  <= wdata_i[`QPAC_CTRL_OP];
            key_q <= wdata_i[`QPAC_CTRL_KEY];
            if (wdata_i[`QPAC_CTRL_KEYWR]) begin
                key_pend_q <= 1'b1;
                staged_q   <= 4'd0;
            end
            if (wdata_i[`QPAC_CTRL_START]) begin
                op_pend_q <= 1'b1;
                done_q    <= 1'b0;
                fault_q   <= 1'b0;
            end
        end
        // key commit: taken when the unit is ready; the staging registers clear
        if (key_pend_q && wr_ready) begin
            key_pend_q <= 1'b0;
            stage_hi_q <= 64'd0;
            stage_lo_q <= 64'd0;
        end
        // operation accepted, then its result
        if (op_pend_q && in_ready) begin
            op_pend_q   <= 1'b0;
            op_flight_q <= 1'b1;
        end
        if (out_valid) begin
            op_flight_q <= 1'b0;
            res_q       <= out_value;
            fault_q     <= out_fault;
            done_q      <= 1'b1;
        end
    end
end

wire unused_ok = &{1'b0, out_tag};

endmodule

`default_nettype wire

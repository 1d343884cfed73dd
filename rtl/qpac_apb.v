// qpac_apb.v - 32-bit APB3 register wrapper of qpac_unit for SoC integration
// and the FPGA prototype. Register map: regmap/qpac.regs (doc/regmap.md);
// offsets and fields come from the generated qpac_regmap.vh only.
//   - zero wait states except a CFG/TSZLIM write, which holds PREADY low until
//     the unit takes it (the pipeline is empty whenever STATUS.BUSY is 0, so
//     in practice this costs nothing);
//   - PSLVERR: an access to an unmapped or unaligned offset, and a write to
//     CTRL, CFG, TSZLIM, OPX/OPY or the key staging registers while
//     STATUS.BUSY is 1 (the write is ignored). Writes to read-only registers
//     are ignored without error. Reads never change state.
//   - CTRL: KEYWR copies the staging registers to key KEY and clears them;
//     START runs operation OP with key KEY on OPX, OPY (DONE and FAULT clear,
//     BUSY sets until the result is in RES and DONE sets). With both bits the
//     key is written first. Keys cannot be read back: the staging registers and
//     CTRL read 0.
//   - CAPS = {16'd0, DEPTH, LATENCY}; LATENCY = QpacLatency (qpac_pipeline.vh).
// Reset: asynchronous, active low (PRESETn); clears keys, staging registers,
// operands, result and status; CFG/TSZLIM return to their reset values.
`default_nettype none

`include "qpac_regmap.vh"

module qpac_apb #(
    parameter integer DEPTH    = 12,
    parameter integer KEY_PIPE = 0, // passed to qpac_unit
    parameter integer PTR_PIPE = 0, // passed to qpac_unit
    parameter integer GLOBAL_STALL = 0, // passed to qpac_unit
    parameter integer QARMA3   = 1  // passed to qpac_unit
) (
    input  wire                       clk_i,     // PCLK
    input  wire                       rst_ni,    // PRESETn
    input  wire                       psel_i,
    input  wire                       penable_i,
    input  wire                       pwrite_i,
    input  wire [`QPAC_ADDR_BITS-1:0] paddr_i,
    input  wire [31:0]                pwdata_i,
    output reg  [31:0]                prdata_o,
    output wire                       pready_o,
    output wire                       pslverr_o
);

`include "qpac_pipeline.vh"
localparam integer LATENCY = QpacLatency(DEPTH, PTR_PIPE); // as qpac_unit
localparam [31:0] CAPS = {16'd0, DEPTH[7:0], LATENCY[7:0]};

// ---- registers ----------------------------------------------------------------
reg [63:0] opx_q, opy_q, res_q;
reg [63:0] stage_hi_q, stage_lo_q;   // key staging, write-only
reg        done_q, fault_q;
reg        op_pend_q, op_flight_q, key_pend_q;
reg [2:0]  op_q, key_q;
wire       busy = op_pend_q || op_flight_q || key_pend_q;

// ---- unit -----------------------------------------------------------------------
wire        wr_ready, in_ready, out_valid, out_fault;
wire [31:0] cfg_rd, tszlim_rd;
wire [63:0] out_value;
wire        out_tag;

wire access = psel_i && penable_i;
wire [`QPAC_ADDR_BITS-1:0] addr = paddr_i;
wire wr_cfg    = access && pwrite_i && !busy && addr == `QPAC_REG_CFG;
wire wr_tszlim = access && pwrite_i && !busy && addr == `QPAC_REG_TSZLIM;

qpac_unit #(.DEPTH(DEPTH), .TAG_W(1), .KEY_PIPE(KEY_PIPE), .PTR_PIPE(PTR_PIPE),
            .GLOBAL_STALL(GLOBAL_STALL), .QARMA3(QARMA3)) u_unit (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .key_we_i(key_pend_q), .key_sel_i(key_q), .key_hi_i(stage_hi_q), .key_lo_i(stage_lo_q),
    .cfg_we_i(wr_cfg || wr_tszlim),
    .cfg_i(wr_cfg ? pwdata_i : cfg_rd), .tszlim_i(wr_tszlim ? pwdata_i : tszlim_rd),
    .wr_ready_o(wr_ready), .cfg_o(cfg_rd), .tszlim_o(tszlim_rd),
    .in_valid_i(op_pend_q), .in_ready_o(in_ready), .in_op_i(op_q), .in_key_i(key_q),
    .in_x_i(opx_q), .in_y_i(opy_q), .in_tag_i(1'b0),
    .out_valid_o(out_valid), .out_ready_i(1'b1), .out_value_o(out_value),
    .out_fault_o(out_fault), .out_tag_o(out_tag));

// ---- address decode -------------------------------------------------------------
reg mapped;     // offset names a register
reg guarded;    // register whose writes are refused while BUSY
always @* begin
    mapped  = 1'b1;
    guarded = 1'b0;
    case (addr)
        `QPAC_REG_NAME0, `QPAC_REG_NAME1, `QPAC_REG_VERSION, `QPAC_REG_CAPS,
        `QPAC_REG_STATUS, `QPAC_REG_RES_LO, `QPAC_REG_RES_HI: ;
        `QPAC_REG_CFG, `QPAC_REG_TSZLIM, `QPAC_REG_CTRL,
        `QPAC_REG_OPX_LO, `QPAC_REG_OPX_HI, `QPAC_REG_OPY_LO, `QPAC_REG_OPY_HI,
        `QPAC_REG_KEYHI_LO, `QPAC_REG_KEYHI_HI, `QPAC_REG_KEYLO_LO, `QPAC_REG_KEYLO_HI:
            guarded = 1'b1;
        default: mapped = 1'b0;
    endcase
end

wire refused = !mapped || (pwrite_i && guarded && busy);
assign pready_o  = !((wr_cfg || wr_tszlim) && !wr_ready);
assign pslverr_o = access && refused;

// a write that takes effect at this clock edge
wire wr = access && pwrite_i && !refused && pready_o;

// ---- read data ------------------------------------------------------------------
always @* begin
    prdata_o = 32'd0;
    if (access && !pwrite_i) begin
        case (addr)
            `QPAC_REG_NAME0:   prdata_o = `QPAC_NAME0_VALUE;
            `QPAC_REG_NAME1:   prdata_o = `QPAC_NAME1_VALUE;
            `QPAC_REG_VERSION: prdata_o = `QPAC_VERSION_VALUE;
            `QPAC_REG_CAPS:    prdata_o = CAPS;
            `QPAC_REG_CFG:     prdata_o = cfg_rd;
            `QPAC_REG_TSZLIM:  prdata_o = tszlim_rd;
            `QPAC_REG_STATUS: begin
                prdata_o[`QPAC_STATUS_DONE]  = done_q;
                prdata_o[`QPAC_STATUS_BUSY]  = busy;
                prdata_o[`QPAC_STATUS_FAULT] = fault_q;
            end
            `QPAC_REG_OPX_LO:  prdata_o = opx_q[31:0];
            `QPAC_REG_OPX_HI:  prdata_o = opx_q[63:32];
            `QPAC_REG_OPY_LO:  prdata_o = opy_q[31:0];
            `QPAC_REG_OPY_HI:  prdata_o = opy_q[63:32];
            `QPAC_REG_RES_LO:  prdata_o = res_q[31:0];
            `QPAC_REG_RES_HI:  prdata_o = res_q[63:32];
            default:           prdata_o = 32'd0; // CTRL, key staging, unmapped
        endcase
    end
end

// ---- state ----------------------------------------------------------------------
always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
        opx_q <= 64'd0; opy_q <= 64'd0; res_q <= 64'd0;
        stage_hi_q <= 64'd0; stage_lo_q <= 64'd0;
        done_q <= 1'b0; fault_q <= 1'b0;
        op_pend_q <= 1'b0; op_flight_q <= 1'b0; key_pend_q <= 1'b0;
        op_q <= 3'd0; key_q <= 3'd0;
    end else begin
        if (wr) begin
            case (addr)
                `QPAC_REG_OPX_LO:   opx_q[31:0]       <= pwdata_i;
                `QPAC_REG_OPX_HI:   opx_q[63:32]      <= pwdata_i;
                `QPAC_REG_OPY_LO:   opy_q[31:0]       <= pwdata_i;
                `QPAC_REG_OPY_HI:   opy_q[63:32]      <= pwdata_i;
                `QPAC_REG_KEYHI_LO: stage_hi_q[31:0]  <= pwdata_i;
                `QPAC_REG_KEYHI_HI: stage_hi_q[63:32] <= pwdata_i;
                `QPAC_REG_KEYLO_LO: stage_lo_q[31:0]  <= pwdata_i;
                `QPAC_REG_KEYLO_HI: stage_lo_q[63:32] <= pwdata_i;
                `QPAC_REG_CTRL: begin
                    op_q  <= pwdata_i[`QPAC_CTRL_OP];
                    key_q <= pwdata_i[`QPAC_CTRL_KEY];
                    if (pwdata_i[`QPAC_CTRL_KEYWR]) key_pend_q <= 1'b1;
                    if (pwdata_i[`QPAC_CTRL_START]) begin
                        op_pend_q <= 1'b1;
                        done_q    <= 1'b0;
                        fault_q   <= 1'b0;
                    end
                end
                default: ;
            endcase
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

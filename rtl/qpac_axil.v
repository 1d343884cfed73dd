// qpac_axil.v - 32-bit AXI4-Lite subordinate wrapper of qpac_unit. The
// register map and every register rule (errors, key staging, BUSY) are those
// of the shared block qpac_regs.v, as on qpac_apb.v: this file only turns the
// five AXI channels into one register access at a time.
//   - AW and W are independent: each has a one-entry holding register and is
//     accepted whenever it is empty, in either order. A write is performed
//     when both hold a beat and the B channel is free; a read when AR holds an
//     address and the R channel is free. When a read and a write are both
//     ready, they alternate.
//   - B and R hold their response until BREADY/RREADY (back-pressure): no new
//     write (read) is performed while its response waits.
//   - BRESP/RRESP = SLVERR (2'b10) wherever qpac_apb gives PSLVERR; also on a
//     write whose WSTRB is not 4'b1111 (the registers are 32-bit only; the
//     write is not performed). OKAY otherwise. AxPROT is ignored.
//   - A CFG/TSZLIM write waits until the unit takes it (qpac_regs ready_o).
// Reset: asynchronous, active low (ARESETn); clears the channel state.
`default_nettype none

`include "qpac_regmap.vh"

module qpac_axil #(
    parameter integer DEPTH    = 12,
    parameter integer KEY_PIPE = 0, // passed to qpac_unit
    parameter integer PTR_PIPE = 0, // passed to qpac_unit
    parameter integer GLOBAL_STALL = 0, // passed to qpac_unit
    parameter integer QARMA3   = 1  // passed to qpac_unit (0: QARMA5 only)
) (
    input  wire                       clk_i,     // ACLK
    input  wire                       rst_ni,    // ARESETn
    // write address
    input  wire                       awvalid_i,
    output wire                       awready_o,
    input  wire [`QPAC_ADDR_BITS-1:0] awaddr_i,
    input  wire [2:0]                 awprot_i,
    // write data
    input  wire                       wvalid_i,
    output wire                       wready_o,
    input  wire [31:0]                wdata_i,
    input  wire [3:0]                 wstrb_i,
    // write response
    output reg                        bvalid_o,
    input  wire                       bready_i,
    output reg  [1:0]                 bresp_o,
    // read address
    input  wire                       arvalid_i,
    output wire                       arready_o,
    input  wire [`QPAC_ADDR_BITS-1:0] araddr_i,
    input  wire [2:0]                 arprot_i,
    // read data
    output reg                        rvalid_o,
    input  wire                       rready_i,
    output reg  [31:0]                rdata_o,
    output reg  [1:0]                 rresp_o
);

localparam [1:0] RESP_OKAY = 2'b00, RESP_SLVERR = 2'b10;

// ---- holding registers ------------------------------------------------------------
reg                       aw_full_q, w_full_q, ar_full_q;
reg [`QPAC_ADDR_BITS-1:0] aw_addr_q, ar_addr_q;
reg [31:0]                w_data_q;
reg [3:0]                 w_strb_q;
reg                       rd_first_q;  // a read goes first when both are ready

assign awready_o = !aw_full_q;
assign wready_o  = !w_full_q;
assign arready_o = !ar_full_q;

wire wr_pend = aw_full_q && w_full_q && !bvalid_o;
wire rd_pend = ar_full_q && !rvalid_o;
wire do_rd   = rd_pend && (!wr_pend || rd_first_q);
wire do_wr   = wr_pend && !do_rd;
wire strb_ok = w_strb_q == 4'hf;

// ---- the register block -------------------------------------------------------------
wire [31:0] reg_rdata;
wire        reg_ready, reg_err;

qpac_regs #(.DEPTH(DEPTH), .KEY_PIPE(KEY_PIPE), .PTR_PIPE(PTR_PIPE),
            .GLOBAL_STALL(GLOBAL_STALL), .QARMA3(QARMA3)) u_regs (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .acc_i(do_rd || (do_wr && strb_ok)), .we_i(do_wr),
    .addr_i(do_wr ? aw_addr_q : ar_addr_q), .wdata_i(w_data_q),
    .rdata_o(reg_rdata), .ready_o(reg_ready), .err_o(reg_err));

// the access completes at this edge (a refused strobe pattern needs no access)
wire wr_done = do_wr && (!strb_ok || reg_ready);
wire rd_done = do_rd && reg_ready;

always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
        aw_full_q <= 1'b0; w_full_q <= 1'b0; ar_full_q <= 1'b0;
        aw_addr_q <= {`QPAC_ADDR_BITS{1'b0}}; ar_addr_q <= {`QPAC_ADDR_BITS{1'b0}};
        w_data_q <= 32'd0; w_strb_q <= 4'd0; rd_first_q <= 1'b0;
        bvalid_o <= 1'b0; bresp_o <= RESP_OKAY;
        rvalid_o <= 1'b0; rresp_o <= RESP_OKAY; rdata_o <= 32'd0;
    end else begin
        if (awvalid_i && awready_o) begin aw_full_q <= 1'b1; aw_addr_q <= awaddr_i; end
        if (wvalid_i && wready_o) begin w_full_q <= 1'b1; w_data_q <= wdata_i; w_strb_q <= wstrb_i; end
        if (arvalid_i && arready_o) begin ar_full_q <= 1'b1; ar_addr_q <= araddr_i; end
        if (bvalid_o && bready_i) bvalid_o <= 1'b0;
        if (rvalid_o && rready_i) rvalid_o <= 1'b0;
        if (wr_done) begin
            aw_full_q <= 1'b0;
            w_full_q  <= 1'b0;
            bvalid_o  <= 1'b1;
            bresp_o   <= (!strb_ok || reg_err) ? RESP_SLVERR : RESP_OKAY;
        end
        if (rd_done) begin
            ar_full_q <= 1'b0;
            rvalid_o  <= 1'b1;
            rdata_o   <= reg_err ? 32'd0 : reg_rdata;
            rresp_o   <= reg_err ? RESP_SLVERR : RESP_OKAY;
        end
        if (wr_done || rd_done) rd_first_q <= wr_done; // alternate
    end
end

wire unused_ok = &{1'b0, awprot_i, arprot_i};

endmodule

`default_nettype wire

// qpac_apb_cdc.v - APB3 across two unrelated clocks: the master (the UART
// bridge) on m_clk_i, the slave (qpac_apb) on s_clk_i. One transfer at a
// time, by a two-phase (toggle) handshake:
//   master: SETUP -> toggle req_q;
//   slave:  req_q through two flops -> its own SETUP and ACCESS with the
//           master's PWRITE/PADDR/PWDATA, PRDATA/PSLVERR into rsp_* and
//           toggle ack_q;
//   master: ack_q through two flops -> PREADY for one clock, with rsp_*.
// Only req_q and ack_q cross through synchronisers. The request words are
// the master's own: APB holds them from SETUP until PREADY, which is after
// the slave's access. rsp_* change only in the slave's access, before ack_q
// toggles, and stay until the master's next request. So every word that
// crosses is stable for at least two clocks of the reading domain before it
// is read, and is not copied (no flip-flops beyond the slave's answer).
// Each domain has its own asynchronous reset; both must be released from the
// same event (the board top: PLL lock) while no transfer is pending.
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module qpac_apb_cdc #(
    parameter integer ADDR_W = 8
) (
    // master side (from the bridge)
    input  wire              m_clk_i,
    input  wire              m_rst_ni,
    input  wire              m_psel_i,
    input  wire              m_penable_i,
    input  wire              m_pwrite_i,
    input  wire [ADDR_W-1:0] m_paddr_i,
    input  wire [31:0]       m_pwdata_i,
    output wire [31:0]       m_prdata_o,
    output reg               m_pready_o,
    output wire              m_pslverr_o,
    // slave side (to qpac_apb)
    input  wire              s_clk_i,
    input  wire              s_rst_ni,
    output reg               s_psel_o,
    output reg               s_penable_o,
    output wire              s_pwrite_o,
    output wire [ADDR_W-1:0] s_paddr_o,
    output wire [31:0]       s_pwdata_o,
    input  wire [31:0]       s_prdata_i,
    input  wire              s_pready_i,
    input  wire              s_pslverr_i
);
    // ---- master domain
    reg              req_q, busy_q;
    reg [1:0]        ack_sync_q;
    // ---- slave domain
    reg              ack_q;
    reg [1:0]        req_sync_q;
    reg [1:0]        state_q;
    reg [31:0]       rsp_rdata_q;
    reg              rsp_err_q;
    localparam [1:0] S_IDLE = 2'd0, S_SETUP = 2'd1, S_ACCESS = 2'd2;

    always @(posedge m_clk_i or negedge m_rst_ni) begin
        if (!m_rst_ni) begin
            req_q       <= 1'b0;
            busy_q      <= 1'b0;
            ack_sync_q  <= 2'b00;
            m_pready_o  <= 1'b0;
        end else begin
            ack_sync_q <= {ack_sync_q[0], ack_q};
            m_pready_o <= 1'b0;
            if (!busy_q) begin
                if (m_psel_i && !m_penable_i) begin  // the master's SETUP phase
                    req_q       <= !req_q;
                    busy_q      <= 1'b1;
                end
            end else if (ack_sync_q[1] == req_q) begin  // the slave has answered
                m_pready_o  <= 1'b1;
                busy_q      <= 1'b0;
            end
        end
    end

    always @(posedge s_clk_i or negedge s_rst_ni) begin
        if (!s_rst_ni) begin
            ack_q       <= 1'b0;
            req_sync_q  <= 2'b00;
            state_q     <= S_IDLE;
            s_psel_o    <= 1'b0;
            s_penable_o <= 1'b0;
            rsp_rdata_q <= 32'd0;
            rsp_err_q   <= 1'b0;
        end else begin
            req_sync_q <= {req_sync_q[0], req_q};
            case (state_q)
                S_IDLE:
                    if (req_sync_q[1] != ack_q) begin  // a new request
                        s_psel_o <= 1'b1;
                        state_q  <= S_SETUP;
                    end
                S_SETUP: begin
                    s_penable_o <= 1'b1;
                    state_q     <= S_ACCESS;
                end
                default: begin  // S_ACCESS: taken every clock, the last one counts
                    rsp_rdata_q <= s_prdata_i;
                    rsp_err_q   <= s_pslverr_i;
                    if (s_pready_i) begin
                        s_psel_o    <= 1'b0;
                        s_penable_o <= 1'b0;
                        ack_q       <= !ack_q;
                        state_q     <= S_IDLE;
                    end
                end
            endcase
        end
    end

    // the words that cross without a copy (see above)
    assign s_pwrite_o  = m_pwrite_i;
    assign s_paddr_o   = m_paddr_i;
    assign s_pwdata_o  = m_pwdata_i;
    assign m_prdata_o  = rsp_rdata_q;
    assign m_pslverr_o = rsp_err_q;
endmodule

`default_nettype wire

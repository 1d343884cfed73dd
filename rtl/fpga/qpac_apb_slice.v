// qpac_apb_slice.v - APB3 register slice: every signal between the master
// (the UART bridge) and the slave (qpac_apb) passes through a flip-flop, so
// no combinational path runs from the bridge into the unit or back (PREADY,
// PRDATA, PSLVERR from the unit end in this slice's registers). Costs three
// clocks per transfer: the slave sees its own SETUP and ACCESS phases, and
// the master's ACCESS phase ends one clock after the slave's.
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module qpac_apb_slice #(
    parameter integer ADDR_W = 8
) (
    input  wire              clk_i,
    input  wire              rst_ni,
    // master side (from the bridge)
    input  wire              m_psel_i,
    input  wire              m_penable_i,
    input  wire              m_pwrite_i,
    input  wire [ADDR_W-1:0] m_paddr_i,
    input  wire [31:0]       m_pwdata_i,
    output reg  [31:0]       m_prdata_o,
    output reg               m_pready_o,
    output reg               m_pslverr_o,
    // slave side (to qpac_apb)
    output reg               s_psel_o,
    output reg               s_penable_o,
    output reg               s_pwrite_o,
    output reg  [ADDR_W-1:0] s_paddr_o,
    output reg  [31:0]       s_pwdata_o,
    input  wire [31:0]       s_prdata_i,
    input  wire              s_pready_i,
    input  wire              s_pslverr_i
);
    localparam [1:0] S_IDLE = 2'd0, S_SETUP = 2'd1, S_ACCESS = 2'd2, S_DONE = 2'd3;
    reg [1:0] state_q;

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            state_q     <= S_IDLE;
            s_psel_o    <= 1'b0;
            s_penable_o <= 1'b0;
            s_pwrite_o  <= 1'b0;
            s_paddr_o   <= {ADDR_W{1'b0}};
            s_pwdata_o  <= 32'd0;
            m_prdata_o  <= 32'd0;
            m_pready_o  <= 1'b0;
            m_pslverr_o <= 1'b0;
        end else begin
            case (state_q)
                S_IDLE:
                    // the master's SETUP phase: take the request
                    if (m_psel_i && !m_penable_i) begin
                        s_psel_o   <= 1'b1;
                        s_pwrite_o <= m_pwrite_i;
                        s_paddr_o  <= m_paddr_i;
                        s_pwdata_o <= m_pwdata_i;
                        state_q    <= S_SETUP;
                    end
                S_SETUP: begin
                    s_penable_o <= 1'b1;
                    state_q     <= S_ACCESS;
                end
                S_ACCESS: begin
                    // PRDATA and PSLVERR are taken on every clock of the
                    // access (the last one is the completing one), so PREADY
                    // does not sit before the enables of 33 flip-flops
                    m_prdata_o  <= s_prdata_i;
                    m_pslverr_o <= s_pslverr_i;
                    if (s_pready_i) begin
                        s_psel_o    <= 1'b0;
                        s_penable_o <= 1'b0;
                        m_pready_o  <= 1'b1;
                        state_q     <= S_DONE;
                    end
                end
                default: begin  // S_DONE: the master sees PREADY this clock
                    m_pready_o <= 1'b0;
                    state_q    <= S_IDLE;
                end
            endcase
        end
    end
endmodule

`default_nettype wire

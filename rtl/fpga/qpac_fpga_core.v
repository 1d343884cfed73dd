// qpac_fpga_core.v - what every board top holds: the UART (8N1), the byte
// protocol bridge (qpac_uart_apb.v) and the diagnostic LEDs on clk_i, and
// qpac_apb on unit_clk_i. The board top brings both clocks and their
// synchronously released resets. Between the bridge and qpac_apb:
//   APB_CDC = 1: qpac_apb_cdc.v, so the two clocks may be unrelated (the UART
//     on the oscillator, the unit on a PLL);
//   APB_CDC = 0: one clock (the top ties unit_clk_i to clk_i); APB_SLICE = 1
//     puts a register slice (qpac_apb_slice.v) there, so the paths the flow
//     sees end at the unit's boundary (two more clocks a transfer; the UART
//     sets the pace), APB_SLICE = 0 wires the bridge to qpac_apb.
// LEDs: 0 heartbeat, 1 receive overrun, 2 frame timeout, 3 UART framing error
// (sticky until reset).
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module qpac_fpga_core #(
    parameter integer CLKS_PER_BIT = 104,
    parameter integer DEPTH = 4,        // qpac_unit pipeline depth
    parameter integer KEY_PIPE = 1,     // passed to qpac_apb
    parameter integer PTR_PIPE = 0,     // passed to qpac_apb
    parameter integer GLOBAL_STALL = 0, // passed to qpac_apb
    parameter integer QARMA3 = 1,       // passed to qpac_apb (0: QARMA5 only)
    parameter integer SIDE_RAM = 0,     // passed to qpac_apb (1: side band in block RAM)
    parameter integer APB_SLICE = 0,    // 1: register slice before qpac_apb (APB_CDC = 0)
    parameter integer APB_CDC = 0,      // 1: clock-domain crossing before qpac_apb
    parameter integer ACC_SETUP = 1,    // passed to qpac_apb (our masters keep APB's hold rule)
    parameter integer BEAT_W = 24       // heartbeat counter width
) (
    input  wire       clk_i,       // UART, bridge, LEDs
    input  wire       rst_ni,
    input  wire       unit_clk_i,  // qpac_apb (clk_i itself unless APB_CDC = 1)
    input  wire       unit_rst_ni,
    input  wire       uart_rx_i,
    output wire       uart_tx_o,
    output wire [3:0] led_o
);
    wire       rx_valid, rx_ferr, tx_valid, tx_ready;
    wire [7:0] rx_data, tx_data;

    qpac_uart_rx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_rx (
        .clk_i(clk_i), .rst_ni(rst_ni), .rx_i(uart_rx_i),
        .valid_o(rx_valid), .data_o(rx_data), .frame_err_o(rx_ferr));

    qpac_uart_tx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_tx (
        .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(tx_valid), .data_i(tx_data),
        .ready_o(tx_ready), .tx_o(uart_tx_o));

    // m_*: the bridge's APB master port; s_*: qpac_apb's slave port
    wire        m_psel, m_penable, m_pwrite, m_pready, m_pslverr, overrun, timeout;
    wire [7:0]  m_paddr;
    wire [31:0] m_pwdata, m_prdata;
    wire        s_psel, s_penable, s_pwrite, s_pready, s_pslverr;
    wire [7:0]  s_paddr;
    wire [31:0] s_pwdata, s_prdata;

    // a partial frame is dropped after 64 byte times of silence
    qpac_uart_apb #(.ADDR_W(8), .FRAME_TIMEOUT(CLKS_PER_BIT * 640)) u_bridge (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .rx_valid_i(rx_valid), .rx_data_i(rx_data),
        .tx_valid_o(tx_valid), .tx_data_o(tx_data), .tx_ready_i(tx_ready),
        .psel_o(m_psel), .penable_o(m_penable), .pwrite_o(m_pwrite), .paddr_o(m_paddr),
        .pwdata_o(m_pwdata), .prdata_i(m_prdata), .pready_i(m_pready),
        .pslverr_i(m_pslverr), .overrun_o(overrun), .timeout_o(timeout));

    generate
        if (APB_CDC != 0) begin : g_cdc
            qpac_apb_cdc #(.ADDR_W(8)) u_cdc (
                .m_clk_i(clk_i), .m_rst_ni(rst_ni),
                .m_psel_i(m_psel), .m_penable_i(m_penable), .m_pwrite_i(m_pwrite),
                .m_paddr_i(m_paddr), .m_pwdata_i(m_pwdata), .m_prdata_o(m_prdata),
                .m_pready_o(m_pready), .m_pslverr_o(m_pslverr),
                .s_clk_i(unit_clk_i), .s_rst_ni(unit_rst_ni),
                .s_psel_o(s_psel), .s_penable_o(s_penable), .s_pwrite_o(s_pwrite),
                .s_paddr_o(s_paddr), .s_pwdata_o(s_pwdata), .s_prdata_i(s_prdata),
                .s_pready_i(s_pready), .s_pslverr_i(s_pslverr));
        end else if (APB_SLICE != 0) begin : g_slice
            qpac_apb_slice #(.ADDR_W(8)) u_slice (
                .clk_i(clk_i), .rst_ni(rst_ni),
                .m_psel_i(m_psel), .m_penable_i(m_penable), .m_pwrite_i(m_pwrite),
                .m_paddr_i(m_paddr), .m_pwdata_i(m_pwdata), .m_prdata_o(m_prdata),
                .m_pready_o(m_pready), .m_pslverr_o(m_pslverr),
                .s_psel_o(s_psel), .s_penable_o(s_penable), .s_pwrite_o(s_pwrite),
                .s_paddr_o(s_paddr), .s_pwdata_o(s_pwdata), .s_prdata_i(s_prdata),
                .s_pready_i(s_pready), .s_pslverr_i(s_pslverr));
        end else begin : g_direct
            assign s_psel = m_psel;
            assign s_penable = m_penable;
            assign s_pwrite = m_pwrite;
            assign s_paddr = m_paddr;
            assign s_pwdata = m_pwdata;
            assign m_prdata = s_prdata;
            assign m_pready = s_pready;
            assign m_pslverr = s_pslverr;
        end
    endgenerate

    qpac_apb #(.DEPTH(DEPTH), .KEY_PIPE(KEY_PIPE), .PTR_PIPE(PTR_PIPE),
               .GLOBAL_STALL(GLOBAL_STALL), .QARMA3(QARMA3),
               .SIDE_RAM(SIDE_RAM), .ACC_SETUP(ACC_SETUP)) u_apb (
        .clk_i(unit_clk_i), .rst_ni(unit_rst_ni),
        .psel_i(s_psel), .penable_i(s_penable), .pwrite_i(s_pwrite), .paddr_i(s_paddr),
        .pwdata_i(s_pwdata), .prdata_o(s_prdata), .pready_o(s_pready),
        .pslverr_o(s_pslverr));

    reg [BEAT_W-1:0] beat_q;
    reg              ferr_q;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            beat_q <= {BEAT_W{1'b0}};
            ferr_q <= 1'b0;
        end else begin
            beat_q <= beat_q + 1'b1;
            if (rx_ferr) ferr_q <= 1'b1;
        end
    end

    assign led_o = {ferr_q, timeout, overrun, beat_q[BEAT_W-1]};
endmodule

`default_nettype wire

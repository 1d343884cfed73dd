// qpac_fpga_top.v - FPGA prototype top: qpac_apb behind a UART bridge.
//
// The 64-bit PAC unit does not fit the package pins, so the host reaches the
// APB register wrapper through an 8N1 UART and the byte protocol of
// qpac_uart_apb.v. The board clock drives everything directly (no PLL);
// reset is a power-on counter (iCE40 flip-flops start at 0 after
// configuration), so keys and configuration start cleared.
// LEDs: 0 heartbeat, 1 receive overrun, 2 frame timeout, 3 UART framing error
// (sticky until reconfiguration).
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module qpac_fpga_top #(
    parameter integer CLK_HZ = 12000000,
    parameter integer BAUD = 115200,
    parameter integer CLKS_PER_BIT = CLK_HZ / BAUD,
    parameter integer DEPTH = 4,    // qpac_unit pipeline depth
    parameter integer KEY_PIPE = 1  // carry the selected key: no key mux per layer (fewer LUTs)
) (
    input  wire       clk_i,
    input  wire       uart_rx_i,
    output wire       uart_tx_o,
    output wire [3:0] led_o
);
    // power-on reset: held for 16 clocks after configuration
    reg [3:0] por_q = 4'd0;
    reg       rst_n = 1'b0;
    always @(posedge clk_i) begin
        if (!(&por_q)) por_q <= por_q + 4'd1;
        rst_n <= &por_q;
    end

    wire       rx_valid, rx_ferr, tx_valid, tx_ready;
    wire [7:0] rx_data, tx_data;

    qpac_uart_rx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_rx (
        .clk_i(clk_i), .rst_ni(rst_n), .rx_i(uart_rx_i),
        .valid_o(rx_valid), .data_o(rx_data), .frame_err_o(rx_ferr));

    qpac_uart_tx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_tx (
        .clk_i(clk_i), .rst_ni(rst_n), .valid_i(tx_valid), .data_i(tx_data),
        .ready_o(tx_ready), .tx_o(uart_tx_o));

    wire        psel, penable, pwrite, pready, pslverr, overrun, timeout;
    wire [7:0]  paddr;
    wire [31:0] pwdata, prdata;

    // a partial frame is dropped after 64 byte times of silence
    qpac_uart_apb #(.ADDR_W(8), .FRAME_TIMEOUT(CLKS_PER_BIT * 640)) u_bridge (
        .clk_i(clk_i), .rst_ni(rst_n),
        .rx_valid_i(rx_valid), .rx_data_i(rx_data),
        .tx_valid_o(tx_valid), .tx_data_o(tx_data), .tx_ready_i(tx_ready),
        .psel_o(psel), .penable_o(penable), .pwrite_o(pwrite), .paddr_o(paddr),
        .pwdata_o(pwdata), .prdata_i(prdata), .pready_i(pready),
        .pslverr_i(pslverr), .overrun_o(overrun), .timeout_o(timeout));

    qpac_apb #(.DEPTH(DEPTH), .KEY_PIPE(KEY_PIPE)) u_apb (
        .clk_i(clk_i), .rst_ni(rst_n),
        .psel_i(psel), .penable_i(penable), .pwrite_i(pwrite), .paddr_i(paddr),
        .pwdata_i(pwdata), .prdata_o(prdata), .pready_o(pready),
        .pslverr_o(pslverr));

    reg [23:0] beat_q = 24'd0;
    reg        ferr_q = 1'b0;
    always @(posedge clk_i) begin
        beat_q <= beat_q + 24'd1;
        if (rx_ferr) ferr_q <= 1'b1;
    end

    assign led_o = {ferr_q, timeout, overrun, beat_q[23]};
endmodule

`default_nettype wire

// qpac_fpga_top.v - iCE40-HX8K breakout board top: qpac_fpga_core (UART,
// bridge, qpac_apb) on the 12 MHz oscillator.
//
// The 64-bit PAC unit does not fit the package pins, so the host reaches the
// APB register wrapper through an 8N1 UART and the byte protocol of
// qpac_uart_apb.v. The board clock drives everything directly (no PLL);
// reset is a power-on counter (iCE40 flip-flops start at 0 after
// configuration), so keys and configuration start cleared.
// LEDs: see qpac_fpga_core.v.
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module qpac_fpga_top #(
    parameter integer CLK_HZ = 12000000,
    parameter integer BAUD = 115200,
    parameter integer CLKS_PER_BIT = CLK_HZ / BAUD,
    parameter integer DEPTH = 4,    // qpac_unit pipeline depth
    parameter integer KEY_PIPE = 1, // carry the selected key: no key mux per layer (fewer LUTs)
    parameter integer PTR_PIPE = 0,     // passed to qpac_apb
    parameter integer GLOBAL_STALL = 0, // passed to qpac_apb
    parameter integer QARMA3 = 1,       // passed to qpac_apb (0: QARMA5 only)
    parameter integer SIDE_RAM = 0,     // passed to qpac_apb (1: side band in block RAM)
    parameter integer APB_SLICE = 0     // 1: register slice before qpac_apb (qpac_fpga_core)
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

    qpac_fpga_core #(.CLKS_PER_BIT(CLKS_PER_BIT), .DEPTH(DEPTH), .KEY_PIPE(KEY_PIPE),
                     .PTR_PIPE(PTR_PIPE), .GLOBAL_STALL(GLOBAL_STALL), .QARMA3(QARMA3),
                     .SIDE_RAM(SIDE_RAM), .APB_SLICE(APB_SLICE)) u_core (
        .clk_i(clk_i), .rst_ni(rst_n), .unit_clk_i(clk_i), .unit_rst_ni(rst_n),
        .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o),
        .led_o(led_o));
endmodule

`default_nettype wire

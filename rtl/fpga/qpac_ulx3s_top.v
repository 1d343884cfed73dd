// qpac_ulx3s_top.v - ULX3S (Lattice LFE5U-85F-6BG381C) board top:
// qpac_fpga_core (UART, bridge, register slice, qpac_apb with both
// algorithms and the five keys) on one PLL clock made from the 25 MHz
// oscillator. The UART runs on the same clock (CLKS_PER_BIT from CLK_HZ), so
// there is no clock-domain crossing. Reset is held until the PLL locks, then
// released through a two-flop synchroniser. Pins: ulx3s.lpf.
// LEDs 3:0 as in qpac_fpga_core.v; 4 PLL locked, 5 reset released.
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module qpac_ulx3s_top #(
    parameter integer CLK_HZ = 150000000,  // the PLL output (synth/fpga_ecp5.sh sets it)
    parameter integer BAUD = 115200,
    parameter integer CLKS_PER_BIT = CLK_HZ / BAUD,
    parameter integer CLKI_DIV = 1,        // PLL configuration from ecppll
    parameter integer CLKFB_DIV = 6,
    parameter integer CLKOP_DIV = 4,
    parameter integer CLKOP_CPHASE = 2,
    parameter integer DEPTH = 12,          // qpac_unit pipeline depth
    parameter integer KEY_PIPE = 1,        // passed to qpac_apb
    parameter integer PTR_PIPE = 1,        // passed to qpac_apb
    parameter integer GLOBAL_STALL = 1     // passed to qpac_apb
) (
    input  wire       clk_i,      // 25 MHz oscillator
    input  wire       uart_rx_i,  // from the FT231X
    output wire       uart_tx_o,  // to the FT231X
    output wire [7:0] led_o
);
    wire clk, locked;
    qpac_ecp5_pll #(.CLKI_DIV(CLKI_DIV), .CLKFB_DIV(CLKFB_DIV), .CLKOP_DIV(CLKOP_DIV),
                    .CLKOP_CPHASE(CLKOP_CPHASE)) u_pll (
        .clk_i(clk_i), .clk_o(clk), .locked_o(locked));

    // reset: asserted while the PLL is unlocked, released synchronously
    reg [1:0] rst_q;
    always @(posedge clk or negedge locked) begin
        if (!locked) rst_q <= 2'b00;
        else         rst_q <= {rst_q[0], 1'b1};
    end
    wire rst_n = rst_q[1];

    wire [3:0] led;
    qpac_fpga_core #(.CLKS_PER_BIT(CLKS_PER_BIT), .DEPTH(DEPTH), .KEY_PIPE(KEY_PIPE),
                     .PTR_PIPE(PTR_PIPE), .GLOBAL_STALL(GLOBAL_STALL), .APB_SLICE(1),
                     .BEAT_W(27)) u_core (
        .clk_i(clk), .rst_ni(rst_n), .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o),
        .led_o(led));

    assign led_o = {2'b00, rst_n, locked, led};
endmodule

`default_nettype wire

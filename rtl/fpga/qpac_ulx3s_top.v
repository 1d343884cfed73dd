// qpac_ulx3s_top.v - ULX3S (Lattice LFE5U-85F-6BG381C) board top:
// qpac_fpga_core with qpac_apb (both algorithms, the five keys) on a PLL
// clock made from the 25 MHz oscillator, and the UART and its bridge on the
// oscillator itself, the two joined by qpac_apb_cdc (APB_CDC = 1): the
// unit's clock is set by the unit alone. Each domain's reset is held while
// the PLL is unlocked and released through its own two-flop synchroniser.
// Pins: ulx3s.lpf. LEDs 3:0 as in qpac_fpga_core.v (UART domain); 4 PLL
// locked, 5 the unit's reset released.
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module qpac_ulx3s_top #(
    parameter integer UART_HZ = 25000000,  // the oscillator: the UART's clock
    parameter integer BAUD = 115200,
    parameter integer CLKS_PER_BIT = UART_HZ / BAUD,
    parameter integer CLKI_DIV = 1,        // PLL configuration (the unit's clock) from ecppll
    parameter integer CLKFB_DIV = 6,
    parameter integer CLKOP_DIV = 4,
    parameter integer CLKOP_CPHASE = 2,
    parameter integer DEPTH = 12,          // qpac_unit pipeline depth
    parameter integer KEY_PIPE = 2,        // passed to qpac_apb (2: the tweakey carried, a shorter round)
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

    // resets: asserted while the PLL is unlocked, released synchronously
    reg [1:0] rst_q, unit_rst_q;
    always @(posedge clk_i or negedge locked) begin
        if (!locked) rst_q <= 2'b00;
        else         rst_q <= {rst_q[0], 1'b1};
    end
    always @(posedge clk or negedge locked) begin
        if (!locked) unit_rst_q <= 2'b00;
        else         unit_rst_q <= {unit_rst_q[0], 1'b1};
    end
    wire rst_n = rst_q[1], unit_rst_n = unit_rst_q[1];

    wire [3:0] led;
    qpac_fpga_core #(.CLKS_PER_BIT(CLKS_PER_BIT), .DEPTH(DEPTH), .KEY_PIPE(KEY_PIPE),
                     .PTR_PIPE(PTR_PIPE), .GLOBAL_STALL(GLOBAL_STALL), .APB_CDC(1),
                     .BEAT_W(24)) u_core (
        .clk_i(clk_i), .rst_ni(rst_n), .unit_clk_i(clk), .unit_rst_ni(unit_rst_n),
        .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o),
        .led_o(led));

    assign led_o = {2'b00, unit_rst_n, locked, led};
endmodule

`default_nettype wire

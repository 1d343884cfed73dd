// qpac_fpga_top.v - iCE40-HX8K breakout board top: qpac_fpga_core (UART,
// bridge, qpac_apb) on the 12 MHz oscillator, or with PLL = 1 qpac_apb on
// a PLL clock (qpac_ice40_pll.v, divisors from icepll) joined to the UART
// side by qpac_apb_cdc.
//
// The 64-bit PAC unit does not fit the package pins, so the host reaches the
// APB register wrapper through an 8N1 UART and the byte protocol of
// qpac_uart_apb.v. Reset is a power-on counter (iCE40 flip-flops start at 0
// after configuration), so keys and configuration start cleared; with
// PLL = 1 each domain's reset also waits for the PLL's lock.
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
    parameter integer APB_SLICE = 0,    // 1: register slice before qpac_apb (qpac_fpga_core; PLL = 0)
    parameter integer PLL = 0,          // 1: qpac_apb on the PLL's clock
    parameter integer ACC_SETUP = 0,    // passed to qpac_apb (0: 14 flip-flops fewer on a full part)
    parameter integer PLL_DIVR = 0,     // the PLL's configuration from icepll (default 100.5 MHz)
    parameter integer PLL_DIVF = 66,
    parameter integer PLL_DIVQ = 3,
    parameter integer PLL_FILTER = 1
) (
    input  wire       clk_i,
    input  wire       uart_rx_i,
    output wire       uart_tx_o,
    output wire [3:0] led_o
);
    wire unit_clk, locked;
    generate
        if (PLL != 0) begin : g_pll
            qpac_ice40_pll #(.DIVR(PLL_DIVR), .DIVF(PLL_DIVF), .DIVQ(PLL_DIVQ),
                             .FILTER_RANGE(PLL_FILTER)) u_pll (
                .clk_i(clk_i), .clk_o(unit_clk), .locked_o(locked));
        end else begin : g_osc
            assign unit_clk = clk_i;
            assign locked = 1'b1;
        end
    endgenerate

    // power-on reset: held for 16 clocks after configuration and until the
    // PLL locks (the lock released through two flip-flops)
    reg [3:0] por_q = 4'd0;
    reg [1:0] lock_q = 2'b00;
    reg       rst_n = 1'b0;
    always @(posedge clk_i or negedge locked) begin
        if (!locked) lock_q <= 2'b00;
        else         lock_q <= {lock_q[0], 1'b1};
    end
    always @(posedge clk_i) begin
        if (!(&por_q)) por_q <= por_q + 4'd1;
        rst_n <= &por_q && lock_q[1];
    end
    // the unit's reset: with PLL = 1 held while the PLL is unlocked, released
    // through two flip-flops of its clock; else the oscillator's
    wire unit_rst_n;
    generate
        if (PLL != 0) begin : g_unit_rst
            reg [1:0] unit_rst_q;
            always @(posedge unit_clk or negedge locked) begin
                if (!locked) unit_rst_q <= 2'b00;
                else         unit_rst_q <= {unit_rst_q[0], 1'b1};
            end
            assign unit_rst_n = unit_rst_q[1];
        end else begin : g_osc_rst
            assign unit_rst_n = rst_n;
        end
    endgenerate

    qpac_fpga_core #(.CLKS_PER_BIT(CLKS_PER_BIT), .DEPTH(DEPTH), .KEY_PIPE(KEY_PIPE),
                     .PTR_PIPE(PTR_PIPE), .GLOBAL_STALL(GLOBAL_STALL), .QARMA3(QARMA3),
                     .SIDE_RAM(SIDE_RAM), .APB_SLICE((PLL != 0) ? 0 : APB_SLICE),
                     .APB_CDC((PLL != 0) ? 1 : 0), .ACC_SETUP(ACC_SETUP)) u_core (
        .clk_i(clk_i), .rst_ni(rst_n), .unit_clk_i(unit_clk), .unit_rst_ni(unit_rst_n),
        .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o), .led_o(led_o));
endmodule

`default_nettype wire

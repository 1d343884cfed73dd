// qpac_ecp5_pll.v - the ECP5 PLL (EHXPLLL) in the configuration Project
// Trellis's ecppll computes: CLKOP = CLKI * CLKFB_DIV / CLKI_DIV, with the VCO
// at CLKOP * CLKOP_DIV and CLKOP fed back. synth/fpga_ecp5.sh runs ecppll for
// the asked frequency and sets these parameters on the board top. Simulation
// replaces EHXPLLL with rtl/fpga/sim/ecp5_sim.v.
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module qpac_ecp5_pll #(
    parameter integer CLKI_DIV = 1,
    parameter integer CLKFB_DIV = 6,
    parameter integer CLKOP_DIV = 4,
    parameter integer CLKOP_CPHASE = 2
) (
    input  wire clk_i,
    output wire clk_o,
    output wire locked_o
);
    (* ICP_CURRENT="12" *) (* LPF_RESISTOR="8" *) (* MFG_ENABLE_FILTEROPAMP="1" *)
    (* MFG_GMCREF_SEL="2" *)
    EHXPLLL #(
        .PLLRST_ENA("DISABLED"), .INTFB_WAKE("DISABLED"), .STDBY_ENABLE("DISABLED"),
        .DPHASE_SOURCE("DISABLED"),
        .OUTDIVIDER_MUXA("DIVA"), .OUTDIVIDER_MUXB("DIVB"), .OUTDIVIDER_MUXC("DIVC"),
        .OUTDIVIDER_MUXD("DIVD"),
        .CLKI_DIV(CLKI_DIV), .CLKOP_ENABLE("ENABLED"), .CLKOP_DIV(CLKOP_DIV),
        .CLKOP_CPHASE(CLKOP_CPHASE), .CLKOP_FPHASE(0), .FEEDBK_PATH("CLKOP"),
        .CLKFB_DIV(CLKFB_DIV)
    ) u_pll (
        .RST(1'b0), .STDBY(1'b0), .CLKI(clk_i), .CLKOP(clk_o), .CLKFB(clk_o),
        .PHASESEL0(1'b0), .PHASESEL1(1'b0), .PHASEDIR(1'b1),
        .PHASESTEP(1'b1), .PHASELOADREG(1'b1), .PLLWAKESYNC(1'b0), .ENCLKOP(1'b0),
        .LOCK(locked_o));
endmodule

`default_nettype wire

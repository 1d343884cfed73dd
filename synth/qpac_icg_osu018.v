// qpac_icg_osu018.v - the clock gate synth/asic.py inserts (Yosys clockgate)
// for a group of flip-flops sharing a clock and an enable, built from osu018
// cells (the library has no integrated clock-gating cell): the latch holds E
// while CLK is high, so GCLK = CLK & E has no glitch. Synthesis only; the RTL
// keeps its enables.
module qpac_icg (input wire CLK, input wire E, output wire GCLK);
wire clk_n, e_l;
INVX1  u_inv (.A(CLK), .Y(clk_n));
LATCH  u_lat (.CLK(clk_n), .D(E), .Q(e_l));
AND2X2 u_and (.A(CLK), .B(e_l), .Y(GCLK));
endmodule

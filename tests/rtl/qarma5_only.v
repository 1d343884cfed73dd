// qarma5_only.v - a second root module for the Icarus bench build of
// tb_qpac_unit: builds its unit with QARMA3 = 0 (QARMA5 only), so the bench
// file itself stays as it is. Used by rtl/rtl.mk (<bench>_a5_d<DEPTH>).
`default_nettype none
module qarma5_only;
defparam tb_qpac_unit.dut.QARMA3 = 0;
endmodule
`default_nettype wire

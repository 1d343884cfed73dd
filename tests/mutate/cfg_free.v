// tests/mutate/cfg_free.v - qpac_cfg ignores every TSZLIM bit outside TSZMIN 5:0
// and TSZMAX 13:8: two copies, the second with those bits replaced by free
// inputs, keep all outputs equal (sat -tempinduct; survivors.txt m0304). Run:
//   yosys -q -p "read_verilog -Irtl rtl/qpac_regmap.vh rtl/qpac_cfg.v; read_verilog -formal tests/mutate/cfg_free.v;
//     prep -top cfg_miter; flatten; async2sync; sat -tempinduct -prove-asserts -set-init-zero -verify"
// (with the mask 3f3e instead of 3f3f, a used bit freed, the proof fails)
module cfg_miter(input clk, input rst_n, input we, input [31:0] cfg, input [31:0] tszlim, input [31:0] junk);
wire [31:0] t2 = (tszlim & 32'h00003f3f) | (junk & ~32'h00003f3f);
wire [31:0] c1, c2, z1, z2; wire [35:0] a1, a2, b1, b2; wire [3:0] tb1, tb2; wire [1:0] s1, s2;
wire [5:0] f1, f2; wire al1, al2;
qpac_cfg #(.QARMA3(1)) u1 (.clk_i(clk), .rst_ni(rst_n), .we_i(we), .cfg_i(cfg), .tszlim_i(tszlim),
  .cfg_o(c1), .tszlim_o(z1), .alg_o(al1), .mask0_o(a1), .mask1_o(b1), .tbi_o(tb1), .sel55_o(s1),
  .lvl1_o(f1[0]), .epac_o(f1[1]), .pauth2_o(f1[2]), .fpac_o(f1[3]), .fpacc_o(f1[4]));
qpac_cfg #(.QARMA3(1)) u2 (.clk_i(clk), .rst_ni(rst_n), .we_i(we), .cfg_i(cfg), .tszlim_i(t2),
  .cfg_o(c2), .tszlim_o(z2), .alg_o(al2), .mask0_o(a2), .mask1_o(b2), .tbi_o(tb2), .sel55_o(s2),
  .lvl1_o(f2[0]), .epac_o(f2[1]), .pauth2_o(f2[2]), .fpac_o(f2[3]), .fpacc_o(f2[4]));
assign f1[5] = 1'b0; assign f2[5] = 1'b0;
always @* assert({c1, z1, al1, a1, b1, tb1, s1, f1} == {c2, z2, al2, a2, b2, tb2, s2, f2});
endmodule

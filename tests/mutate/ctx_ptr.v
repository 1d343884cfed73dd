// tests/mutate/ctx_ptr.v - the context of a qpac_ptr_front or qpac_ptr_mid
// mutant for mutate.py's context check: the configuration decode (qpac_cfg,
// renamed ctx_cfg) feeds two copies of front -> mid, copy a with the original
// of the mutated module and copy b with the mutant (mutate.py renames the
// modules of the elaborated stem to ctx_front_a/b, ctx_mid_a/b). diff_o is 1
// when the copies disagree on anything the unit uses after them: the cipher's
// data and key, the side band's tbi and e, and the back stage's controls.
// The unit's slot F only delays these (a configuration write waits for an
// empty pipeline), so equal outputs here for every configuration reachable
// from a write or a reset make the mutant equivalent in the unit.
`default_nettype none

module ctx_ptr (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        we_i,
    input  wire [31:0] cfg_i,
    input  wire [31:0] tszlim_i,
    input  wire [2:0]  op_i,
    input  wire [2:0]  key_i,
    input  wire [63:0] x_i,
    output wire        diff_o
);

wire [31:0] cfg_q, tszlim_q;
wire        alg;
wire [35:0] mask0, mask1;
wire [3:0]  tbi_tab;
wire [1:0]  sel55;
wire        lvl1, epac, pauth2, fpac, fpacc;

ctx_cfg u_cfg (
    .clk_i(clk_i), .rst_ni(rst_ni), .we_i(we_i), .cfg_i(cfg_i), .tszlim_i(tszlim_i),
    .cfg_o(cfg_q), .tszlim_o(tszlim_q), .alg_o(alg), .mask0_o(mask0), .mask1_o(mask1),
    .tbi_o(tbi_tab), .sel55_o(sel55), .lvl1_o(lvl1), .epac_o(epac), .pauth2_o(pauth2),
    .fpac_o(fpac), .fpacc_o(fpacc));

wire [63:0] data_a, data_b;
wire [2:0]  ckey_a, ckey_b;
wire [4:0]  cls_a, cls_b;
wire        tbi_a, tbi_b, e_a, e_b;
wire [3:0]  flags_a, flags_b;
wire [20:0] ctl_a, ctl_b;

ctx_front_a u_front_a (
    .mask0_i(mask0), .mask1_i(mask1), .tbi_i(tbi_tab), .sel55_i(sel55), .op_i(op_i),
    .key_i(key_i), .x_i(x_i), .data_o(data_a), .ckey_o(ckey_a), .cls_o(cls_a),
    .tbi_o(tbi_a), .e_o(e_a), .flags_o(flags_a));
ctx_front_b u_front_b (
    .mask0_i(mask0), .mask1_i(mask1), .tbi_i(tbi_tab), .sel55_i(sel55), .op_i(op_i),
    .key_i(key_i), .x_i(x_i), .data_o(data_b), .ckey_o(ckey_b), .cls_o(cls_b),
    .tbi_o(tbi_b), .e_o(e_b), .flags_o(flags_b));

ctx_mid_a u_mid_a (
    .lvl1_i(lvl1), .epac_i(epac), .pauth2_i(pauth2), .fpac_i(fpac), .fpacc_i(fpacc),
    .cls_i(cls_a), .flags_i(flags_a), .top_i(x_i[63:56]), .tbi_i(tbi_a), .e_i(e_a),
    .ctl_o(ctl_a));
ctx_mid_b u_mid_b (
    .lvl1_i(lvl1), .epac_i(epac), .pauth2_i(pauth2), .fpac_i(fpac), .fpacc_i(fpacc),
    .cls_i(cls_b), .flags_i(flags_b), .top_i(x_i[63:56]), .tbi_i(tbi_b), .e_i(e_b),
    .ctl_o(ctl_b));

assign diff_o = {data_a, ckey_a, tbi_a, e_a, ctl_a} != {data_b, ckey_b, tbi_b, e_b, ctl_b};

// the configuration registers' readback and alg do not reach the pointer path
wire unused_ok = &{1'b0, cfg_q, tszlim_q, alg};

endmodule

`default_nettype wire

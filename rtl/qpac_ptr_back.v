// qpac_ptr_back.v - pointer back stage of the PAC unit (combinational).
// From the ComputePAC result, the operation's pointer x and what the front
// stages decided (EffectiveTBI, extension bit e = range of b, and the
// controls qpac_ptr_mid derived from the op class and the feature level):
//   PAC  : AddPAC steps 7-9 (spec 3.2): the classic non-canonical test on
//          ptr<top_bit:b> (spec 3.3; level 1: flip PAC<top_bit-1>; EPAC,
//          level exactly 2: PAC = 0; PAuth2: none), insertion (levels 1-2)
//          or XOR insertion (levels >= 3); bit 55 = selbit
//   AUT/AUTC: Auth steps 4-6 (spec 4): compare over C, error code (levels
//          1-2), XOR out and PAC Fail (FPAC: standalone, FPACCOMBINE: also
//          combined)
//   XPAC : orig (Strip);  PACGA: ComputePAC<63:32> : Zeros(32);  op 5..7 and
//          illegal op/key pairs (no class bit set by the front stage): 0, no fault
// Every result is base ^ (pac & pm) with base and pm selected by flip-flops
// (the controls) before the PAC arrives, except Auth's compare, which only sets two bits and the fault:
// the stage gives the value without it (value_o), the compare as eight
// group flags (grp_o, any set: mismatch), the bits a mismatch flips
// (flip_o: <62:61,54:53>) and whether a mismatch faults (fault_en_o);
// QpacPtrFinish (qpac_pointer_functions.vh) completes the result, in the
// same clock or after the output register (qpac_unit).
// The 2023-ASL guard "tbi and b >= 55 returns ptr" cannot fire: b <= 52
// (TSZMIN >= 12, qpac_cfg).
`default_nettype none

module qpac_ptr_back (
    input  wire [35:0] mask0_i,    // mask(63, b) bits 51:16, range 0 (qpac_cfg)
    input  wire [35:0] mask1_i,    // range 1
    input  wire [20:0] ctl_i,      // qpac_ptr_mid (its list)
    input  wire [11:0] rcu_i,      // {clr1, clr0, pm1, pm0} x 3, for C's quarters 3..1 (copies or ctl_i's)
    input  wire        key_number_i, // key B (KEY encoding bit 0)
    input  wire [63:0] x_i,        // the operation's pointer / Xn
    input  wire        e_i,        // extension bit (PAC: selbit; else ptr<55>)
    input  wire [63:0] pac_i,      // ComputePAC result
    output wire [63:0] value_o,    // the result unless Auth's compare fails
    output wire [7:0]  grp_o,      // compare flags over bits 63:16, 6 bits each
    output wire [3:0]  flip_o,     // bits <62:61,54:53> a failed compare flips
    output wire        fault_en_o  // a failed compare is a PAC Fail
);

wire pm1 = ctl_i[0], pm0 = ctl_i[1], ga = ctl_i[2], bx = ctl_i[3], bpac = ctl_i[4];
wire borig1 = ctl_i[5], clr1 = ctl_i[6], clr0 = ctl_i[7], fl62 = ctl_i[8], ecn = ctl_i[9];
wire fen = ctl_i[10], borig0 = ctl_i[11], xa = ctl_i[12], xp = ctl_i[13], pmt = ctl_i[14];
wire fl54 = ctl_i[15], ect = ctl_i[16], xt = ctl_i[17], st = ctl_i[18], ct = ctl_i[19];
wire cmpt = ctl_i[20];

// C = mask(54, b) of the range a control names (an AND-OR with the masks),
// bits 55:0: mask bits 9q+8..9q of quarter q chosen by c1[q], c0[q] (the
// same value, each from its own flip-flop where qpac_unit carries copies),
// bits 54:52 by quarter 3's; the top byte (in C without tbi) has its own
// controls
function [55:0] RangeC;
    input [3:0]  c1, c0;
    input [35:0] mask1, mask0;
    begin
        RangeC = {1'b0, {3{c1[3] || c0[3]}},
                  (mask1 & {{9{c1[3]}}, {9{c1[2]}}, {9{c1[1]}}, {9{c1[0]}}}) |
                  (mask0 & {{9{c0[3]}}, {9{c0[2]}}, {9{c0[1]}}, {9{c0[0]}}}), 16'd0};
    end
endfunction

// base: x (AUT, PAuth2), x with bit 55 = selbit (PAC), orig (XPAC, AUT
// levels 1-2: the pointer with extension bits e from b up, Auth step 2,
// Strip; borig1 for e = 1, borig0 for e = 0); the controls are exclusive, so
// x passes wherever xp (any of them) or xa (bx, bpac) says, and orig's
// extension bits are set (borig1) or x is cleared (borig0) over mask(63, b);
// PAC insertion (levels 1-2) clears C; level 1 flips PAC<top_bit-1> of a
// non-canonical pointer
wire [63:0] src  = {{8{xt}} & x_i[63:56] | {8{st}},
                    (bx && x_i[55]) || (bpac && e_i) || borig1,
                    {3{xa}} & x_i[54:52] | {3{borig1}},
                    ({36{xp}} & x_i[51:16] & ~({36{borig0}} & mask0_i)) | ({36{borig1}} & mask1_i),
                    {16{xp}} & x_i[15:0]};
wire [63:0] base = src & ~{{8{ct}}, RangeC({rcu_i[11:9], clr1}, {rcu_i[8:6], clr0}, mask1_i, mask0_i)} ^
                   {1'b0, fl62, 7'd0, fl54, 54'd0};
wire [63:0] pm   = {{8{pmt}}, RangeC({rcu_i[5:3], pm1}, {rcu_i[2:0], pm0}, mask1_i, mask0_i)} | {{32{ga}}, 32'd0};

assign value_o = base ^ (pac_i & pm);

// Auth: compare over C; with PAuth2 (bx) the fault test (spec 4 step 6) is
// the same compare against x ^ replicate(x<55>) (result<55> = x<55>: C<55> = 0).
// Both polarities and both ranges are ORed per group, and bx & x<55> and e
// pick after the ORs, so no select fans out in front of the compare
wire [63:0] cmp1 = {{8{cmpt}}, RangeC(4'hf, 4'h0, mask1_i, mask0_i)};
wire [63:0] cmp0 = {{8{cmpt}}, RangeC(4'h0, 4'hf, mask1_i, mask0_i)};
wire [63:0] d    = pac_i ^ x_i;
wire        inv  = bx && x_i[55];
genvar g;
generate
    for (g = 0; g < 8; g = g + 1) begin : g_grp
        wire [5:0] d_g = d[16 + 6*g +: 6];
        wire [5:0] c1  = cmp1[16 + 6*g +: 6], c0 = cmp0[16 + 6*g +: 6];
        wire [3:0] any = {(~d_g & c1) != 6'd0, (~d_g & c0) != 6'd0,
                          (d_g & c1) != 6'd0, (d_g & c0) != 6'd0};
        assign grp_o[g] = any[{inv, e_i}];
    end
endgenerate

// the error code 01 (key A) / 10 (key B) at <54:53> with tbi, <62:61>
// without, against orig's bits there (e, as b <= 52)
wire [3:0] ec_code = {key_number_i, !key_number_i, key_number_i, !key_number_i} ^ {4{e_i}};
assign flip_o     = {ecn, ecn, ect, ect} & ec_code;
assign fault_en_o = fen;

// C<15:0> is 0 (b >= 16)
wire unused_ok = &{1'b0, d[15:0], cmp1[15:0], cmp0[15:0]};

endmodule

`default_nettype wire

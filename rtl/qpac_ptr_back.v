// qpac_ptr_back.v - pointer back stage of the PAC unit (combinational).
// From the ComputePAC result, the operation's pointer x and what the front
// stage decided (op, EffectiveTBI, extension bit e = range of b):
//   PAC  : AddPAC steps 7-9 (spec 3.2): the classic non-canonical test on
//          ptr<top_bit:b> (spec 3.3; level 1: flip PAC<top_bit-1>; EPAC,
//          level exactly 2: PAC = 0; PAuth2: none), insertion (levels 1-2)
//          or XOR insertion (levels >= 3); bit 55 = selbit
//   AUT/AUTC: Auth steps 4-6 (spec 4): compare over C, error code (levels
//          1-2), XOR out and PAC Fail (FPAC: standalone, FPACCOMBINE: also
//          combined)
//   XPAC : orig (Strip);  PACGA: ComputePAC<63:32> : Zeros(32);  op 5..7 and
//          illegal op/key pairs (no class bit set by the front stage): 0, no fault
// Every result is base ^ (pac & pm) with base and pm known before the PAC
// arrives, except Auth's compare, which only sets two bits and the fault:
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
    input  wire        lvl1_i,     // feature level 1
    input  wire        epac_i,     // level exactly 2
    input  wire        pauth2_i,   // level >= 3
    input  wire        fpac_i,     // level >= 4
    input  wire        fpacc_i,    // level 5
    input  wire [4:0]  cls_i,      // {PACGA, XPAC, AUT, AUT or AUTC, PAC} (front stage)
    input  wire        key_number_i, // key B (KEY encoding bit 0)
    input  wire [63:0] x_i,        // the operation's pointer / Xn
    input  wire        tbi_i,
    input  wire        e_i,        // extension bit (PAC: selbit; else ptr<55>)
    input  wire        noncanon_i, // AddPAC: ptr<top_bit:b> not all equal (front stage)
    input  wire [63:0] pac_i,      // ComputePAC result
    output wire [63:0] value_o,    // the result unless Auth's compare fails
    output wire [7:0]  grp_o,      // compare flags over bits 63:16, 6 bits each
    output wire [3:0]  flip_o,     // bits <62:61,54:53> a failed compare flips
    output wire        fault_en_o  // a failed compare is a PAC Fail
);

`include "qpac_regmap.vh"

wire is_pac  = cls_i[0];
wire is_aut  = cls_i[1];
wire is_xpac = cls_i[3];
wire is_ga   = cls_i[4];

// mask(63, b) of the range e, bits 51:16
wire [35:0] m = e_i ? mask1_i : mask0_i;
// C = mask(54, b), plus the top byte without tbi (Auth step 4; AddPAC's field)
wire [63:0] cmp = {tbi_i ? 8'h00 : 8'hFF, 1'b0, 3'b111, m, 16'd0};
// orig: the pointer with extension bits e from b up (Auth step 2, Strip)
wire [63:0] orig = {tbi_i ? x_i[63:56] : {8{e_i}}, {4{e_i}},
                    (x_i[51:16] & ~m) | ({36{e_i}} & m), x_i[15:0]};

wire noncanon = noncanon_i;

// the error code / top_bit-1 positions: <54:53> with tbi, <62:61> without
wire [63:0] ec_pos = tbi_i ? (64'd3 << 53) : (64'd3 << 61);
wire [63:0] ec_val = {1'b0, key_number_i, !key_number_i, 6'd0, key_number_i, !key_number_i, 53'd0};

// AddPAC: insertion (levels 1-2) or XOR insertion; bit 55 = selbit
wire [63:0] pac_base = ({x_i[63:56], e_i, x_i[54:0]} & ~(pauth2_i ? 64'd0 : cmp)) ^
                       ((noncanon && lvl1_i) ? (tbi_i ? (64'd1 << 54) : (64'd1 << 62)) : 64'd0);
// Auth: compare over C; with PAuth2 the fault test (spec 4 step 6) is the
// same compare against x ^ replicate(x<55>) (result<55> = x<55>: C<55> = 0)
wire [63:0] aut_k    = pauth2_i ? (x_i ^ {64{x_i[55]}}) : x_i;
wire [63:0] diff     = (pac_i ^ aut_k) & cmp;   // bits 15:0 of cmp are 0
genvar g;
generate
    for (g = 0; g < 8; g = g + 1) begin : g_grp
        assign grp_o[g] = diff[16 + 6*g +: 6] != 6'd0;
    end
endgenerate
wire [63:0] aut_base = pauth2_i ? x_i : orig;

// one-hot class: AND-OR selects (none: 0)
wire [63:0] base = ({64{is_pac}} & pac_base) | ({64{is_aut}} & aut_base) | ({64{is_xpac}} & orig);
wire [63:0] pm   = (cmp & {64{(is_pac && !(noncanon && epac_i)) || (is_aut && pauth2_i)}}) |
                   ({{32{is_ga}}, 32'd0});
wire        ec   = is_aut && !pauth2_i;  // a failed compare writes the error code

assign value_o    = base ^ (pac_i & pm);
// the error code against orig's bits there (e, as b <= 52)
wire [63:0] ec_flip = ec ? ((ec_val ^ {64{e_i}}) & ec_pos) : 64'd0;
assign flip_o     = {ec_flip[62:61], ec_flip[54:53]};
// C<15:0> is 0 (b >= 16); only four error-code positions exist
wire unused_ok = &{1'b0, diff[15:0], ec_flip[63], ec_flip[60:55], ec_flip[52:0]};
assign fault_en_o = is_aut && pauth2_i && (fpacc_i || (fpac_i && cls_i[2]));

endmodule

`default_nettype wire

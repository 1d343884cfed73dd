// qpac_ptr_front.v - pointer front stage of the PAC unit (combinational).
// Decodes the operation, picks the cipher key and forms the cipher input from
// the configuration's decode (qpac_cfg), so the stage is selects and ANDs:
//   PAC  : AddPAC steps 1-5 (spec 3.2): EffectiveTBI, selbit, ext_ptr
//   AUT, AUTC, XPAC: Auth steps 1-2 (spec 4): EffectiveTBI, orig (= Strip)
//   PACGA: data = Xn, key GA
// The extension bit e (selbit for PAC, ptr<55> otherwise) is also the range
// of bottom_PAC_bit (CalculateBottomPACBit(e)), so with b = bottom_PAC_bit:
//   data<i> = x<i> below b, e from b to 55, and above 55 x<i> (tbi) or e.
// b is 16..52, so bits 15:0 are x and bits 55:52 are e for every pointer.
// e, tbi and the operation's class (one-hot; none for an op/key pair that
// names no instruction) travel beside the cipher to the back stage
// (qpac_ptr_back). The non-canonical test starts here: the field flags of
// both ranges (QpacFieldFlags) travel in slot F, and qpac_ptr_mid ends it.
`default_nettype none

module qpac_ptr_front (
    // configuration decode (qpac_cfg)
    input  wire [35:0] mask0_i,    // mask(63, b) bits 51:16, range 0
    input  wire [35:0] mask1_i,    // range 1
    input  wire [3:0]  tbi_i,      // EffectiveTBI at {ptr<55>, is_instr}
    input  wire [1:0]  sel55_i,    // AddPAC selbit from ptr<55>, by data key
    input  wire [2:0]  op_i,       // OP encoding
    input  wire [2:0]  key_i,      // KEY encoding
    input  wire [63:0] x_i,        // pointer, or PACGA Xn
    output wire [63:0] data_o,     // ComputePAC data input
    output wire [2:0]  ckey_o,     // key the cipher uses
    output wire [4:0]  cls_o,      // {PACGA, XPAC, AUT (standalone), AUT or AUTC, PAC}, legal pairs
    output wire        tbi_o,      // EffectiveTBI
    output wire        e_o,        // extension bit and range of b
    output wire [3:0]  flags_o     // QpacFieldFlags of range 1, range 0
);

`include "qpac_regmap.vh"
`include "qpac_pointer_functions.vh"

wire is_pac   = op_i == `QPAC_ENC_OP_PAC;
wire is_ptr   = op_i <= `QPAC_ENC_OP_XPAC;   // PAC, AUT, AUTC, XPAC
wire is_ga    = op_i == `QPAC_ENC_OP_PACGA;
wire illegal  = is_ptr ? (key_i > `QPAC_ENC_KEY_DB) : !(is_ga && key_i == `QPAC_ENC_KEY_GA);
wire data_key = key_i[1];                    // DA/DB key, or XPACD

wire pacsel   = is_pac && !sel55_i[data_key]; // AddPAC's selbit is ptr<63>
assign e_o    = pacsel ? x_i[63] : x_i[55];
assign tbi_o  = tbi_i[{x_i[55], !data_key}];
assign cls_o  = {5{!illegal}} & {is_ga, op_i == `QPAC_ENC_OP_XPAC, op_i == `QPAC_ENC_OP_AUT,
                                 op_i == `QPAC_ENC_OP_AUT || op_i == `QPAC_ENC_OP_AUTC, is_pac};
assign ckey_o = is_ga ? `QPAC_ENC_KEY_GA : key_i;
assign flags_o = {QpacFieldFlags(x_i[55:16], mask1_i), QpacFieldFlags(x_i[55:16], mask0_i)};

// bits 51:16: below b keep x, from b up take e; the data for both values of
// e is formed first, then for e = ptr<63> and e = ptr<55>, and pacsel picks
// last, so neither e nor the configuration's selbit choice is in series
// with the rest
wire [63:0] ext1 = {tbi_o ? x_i[63:56] : 8'hFF, 4'hF, x_i[51:16] | mask1_i, x_i[15:0]};
wire [63:0] ext0 = {tbi_o ? x_i[63:56] : 8'h00, 4'h0, x_i[51:16] & ~mask0_i, x_i[15:0]};
wire [63:0] d1   = is_ptr ? ext1 : x_i;
wire [63:0] d0   = is_ptr ? ext0 : x_i;
wire [63:0] dh   = x_i[63] ? d1 : d0;
wire [63:0] dl   = x_i[55] ? d1 : d0;
assign data_o = pacsel ? dh : dl;

endmodule

`default_nettype wire

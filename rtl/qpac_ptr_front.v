// qpac_ptr_front.v - pointer front stage of the PAC unit (combinational).
// Decodes the operation, picks the cipher key, and forms the cipher input:
//   PAC  : AddPAC steps 1-5 (spec 3.2): EffectiveTBI, selbit, bottom_PAC_bit,
//          ext_ptr, and the classic non-canonical test (spec 3.3)
//   AUT, AUTC, XPAC: Auth steps 1-2 (spec 4): EffectiveTBI, bottom_PAC_bit
//          from ptr<55>, orig (= Strip's result)
//   PACGA: data = Xn, key GA
// tbi, bottom, selbit, noncanon and illegal travel beside the cipher to the
// back stage (qpac_ptr_back). Illegal op/key pairs are flagged, not trapped.
`default_nettype none

module qpac_ptr_front (
    // configuration (stored fields, spec 2)
    input  wire [1:0]  tbi_i,      // {TBI1, TBI0}
    input  wire [1:0]  tbid_i,     // {TBID1, TBID0}
    input  wire        single_i,   // single-range regime
    // CalculateBottomPACBit(0) and (1), decoded when the configuration is
    // written (qpac_unit), so no TxSZ clamp sits in an operation's path
    input  wire [5:0]  bottom0_i,
    input  wire [5:0]  bottom1_i,
    input  wire [2:0]  op_i,       // OP encoding
    input  wire [2:0]  key_i,      // KEY encoding
    input  wire [63:0] x_i,        // pointer, or PACGA Xn
    output reg  [63:0] data_o,     // ComputePAC data input
    output reg  [2:0]  ckey_o,     // key the cipher uses
    output reg         tbi_o,      // EffectiveTBI
    output reg  [5:0]  bottom_o,   // bottom_PAC_bit
    output reg         selbit_o,   // extension value (AddPAC selbit, else ptr<55>)
    output reg         noncanon_o, // AddPAC: ptr<top_bit:b> not all equal
    output reg         illegal_o   // op/key pair that has no instruction
);

`include "qpac_regmap.vh"
`include "qpac_pointer_functions.vh"

reg        data_key;  // DA/DB key, or XPACD
reg        is_instr;
reg [63:0] field;     // ptr<top_bit:b> as a mask

always @* begin
    data_key   = key_i[1];
    is_instr   = !data_key;
    ckey_o     = key_i;
    data_o     = x_i;
    tbi_o      = 1'b0;
    bottom_o   = 6'd0;
    selbit_o   = x_i[55];
    noncanon_o = 1'b0;
    field      = 64'd0;
    illegal_o  = 1'b0;
    case (op_i)
        `QPAC_ENC_OP_PAC: begin
            illegal_o = key_i > `QPAC_ENC_KEY_DB;
            tbi_o     = EffectiveTBI(single_i, tbi_i, tbid_i, x_i[55], is_instr);
            // AddPAC step 2: the extension value
            if (single_i)
                selbit_o = tbi_o ? x_i[55] : x_i[63];
            else if (data_key)
                selbit_o = (tbi_i[0] || tbi_i[1]) ? x_i[55] : x_i[63];
            else
                selbit_o = ((tbi_i[1] && !tbid_i[1]) || (tbi_i[0] && !tbid_i[0])) ? x_i[55] : x_i[63];
            bottom_o = selbit_o ? bottom1_i : bottom0_i;
            data_o   = ExtendPtr(x_i, tbi_o, bottom_o, selbit_o);
            // step 7, classic rule: bits top_bit..b, top_bit = tbi ? 55 : 63
            field      = tbi_o ? (MaskFrom(bottom_o) & 64'h00FF_FFFF_FFFF_FFFF) : MaskFrom(bottom_o);
            noncanon_o = ((x_i & field) != 64'd0) && ((x_i & field) != field);
        end
        `QPAC_ENC_OP_AUT, `QPAC_ENC_OP_AUTC, `QPAC_ENC_OP_XPAC: begin
            illegal_o = key_i > `QPAC_ENC_KEY_DB;
            tbi_o     = EffectiveTBI(single_i, tbi_i, tbid_i, x_i[55], is_instr);
            bottom_o  = x_i[55] ? bottom1_i : bottom0_i;
            data_o    = ExtendPtr(x_i, tbi_o, bottom_o, x_i[55]); // orig
        end
        `QPAC_ENC_OP_PACGA: begin
            illegal_o = key_i != `QPAC_ENC_KEY_GA;
            ckey_o    = `QPAC_ENC_KEY_GA;
        end
        default: illegal_o = 1'b1;
    endcase
end

endmodule

`default_nettype wire

// qpac_ptr_back.v - pointer back stage of the PAC unit (combinational).
// From the ComputePAC result and what the front stage computed:
//   PAC  : AddPAC steps 7-9 (spec 3.2): non-canonical corruption (level 1: flip
//          PAC<top_bit-1>; EPAC, level exactly 2: PAC = 0; PAuth2: none),
//          insertion (levels 1-2) or XOR insertion (levels >= 3)
//   AUT/AUTC: Auth steps 4-6 (spec 4): compare and error code (levels 1-2),
//          XOR out and PAC Fail (FPAC: standalone, FPACCOMBINE: also combined)
//   XPAC : orig (Strip);  PACGA: ComputePAC<63:32> : Zeros(32)
// The 2023-ASL guard "tbi and b >= 55 returns ptr" is kept for parity with the
// model (unreachable while TSZMIN >= 12). Illegal op/key pairs give 0.
`default_nettype none

module qpac_ptr_back (
    input  wire [2:0]  feat_i,     // feature level 1..5 (FEAT encoding)
    input  wire        key_number_i, // key B (KEY encoding bit 0)
    input  wire [2:0]  op_i,
    input  wire [63:0] x_i,        // the operation's pointer / Xn
    input  wire        tbi_i,
    input  wire [5:0]  bottom_i,
    input  wire        selbit_i,
    input  wire        noncanon_i,
    input  wire        illegal_i,
    input  wire [63:0] pac_i,      // ComputePAC result
    output reg  [63:0] value_o,
    output reg         fault_o
);

`include "qpac_regmap.vh"
`include "qpac_pointer_functions.vh"

reg [2:0]  level;
reg        pauth2;
reg        guard;     // 2023 ASL: tbi and bottom_PAC_bit >= 55
reg [63:0] lo;        // bits b-1..0
reg [63:0] m54;       // mask(54, b)
reg [63:0] cmp;       // Auth compare mask C
reg [63:0] pac;
reg [63:0] ins;
reg [63:0] orig;
reg [63:0] res;

always @* begin
    level      = feat_i;
    pauth2     = level >= `QPAC_ENC_FEAT_PAUTH2;
    guard      = tbi_i && (bottom_i >= 6'd55);
    lo         = ~MaskFrom(bottom_i);
    m54        = MaskFrom(bottom_i) & 64'h007F_FFFF_FFFF_FFFF;
    cmp        = tbi_i ? m54 : (m54 | 64'hFF00_0000_0000_0000);
    orig       = ExtendPtr(x_i, tbi_i, bottom_i, x_i[55]);
    pac        = pac_i;
    ins        = 64'd0;
    res        = 64'd0;
    value_o    = 64'd0;
    fault_o    = 1'b0;
    case (op_i)
        `QPAC_ENC_OP_PAC: begin
            if (noncanon_i) begin
                if (level == `QPAC_ENC_FEAT_EPAC)
                    pac = 64'd0;
                else if (level == `QPAC_ENC_FEAT_PAUTH)
                    pac = pac_i ^ (tbi_i ? (64'd1 << 54) : (64'd1 << 62));
            end
            ins = pauth2 ? (x_i ^ pac) : pac;
            value_o = (x_i & lo) | ({63'd0, selbit_i} << 55) | (ins & m54) |
                      (tbi_i ? (x_i & 64'hFF00_0000_0000_0000) : (ins & 64'hFF00_0000_0000_0000));
            if (guard) value_o = x_i;
        end
        `QPAC_ENC_OP_AUT, `QPAC_ENC_OP_AUTC: begin
            if (!pauth2) begin
                if (((pac_i ^ x_i) & cmp) == 64'd0)
                    value_o = orig;
                else if (tbi_i)
                    value_o = {orig[63:55], key_number_i, !key_number_i, orig[52:0]};
                else
                    value_o = {orig[63:63], key_number_i, !key_number_i, orig[60:0]};
            end else begin
                res     = x_i ^ (pac_i & cmp);
                value_o = res;
                fault_o = (level == `QPAC_ENC_FEAT_FPACCOMBINE ||
                           (level == `QPAC_ENC_FEAT_FPAC && op_i == `QPAC_ENC_OP_AUT)) &&
                          ((res & cmp) != ({64{res[55]}} & cmp));
            end
            if (guard) begin
                value_o = x_i;
                fault_o = 1'b0;
            end
        end
        `QPAC_ENC_OP_XPAC: value_o = guard ? x_i : orig;
        `QPAC_ENC_OP_PACGA: value_o = {pac_i[63:32], 32'd0};
        default: value_o = 64'd0;
    endcase
    if (illegal_i) begin
        value_o = 64'd0;
        fault_o = 1'b0;
    end
end

endmodule

`default_nettype wire

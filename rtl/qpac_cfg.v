// qpac_cfg.v - the unit's configuration register (CFG, TSZLIM; spec 2, 3.1)
// and its decode. A write stores the fields (FEAT outside 1..5 becomes 1; the
// TxSZ limits are clamped into TSZMIN 12..16, TSZMAX 39..48; with QARMA3 = 0
// the ALG field is stored as QARMA5) and, in the same clock, the decode: what
// an operation needs as selects and masks, so no comparison or clamp sits in
// an operation's path. The decode compares the written fields with constants
// only (clamping commutes with them, see FieldMask):
//   mask0/mask1  bits 51:16 of mask(63, CalculateBottomPACBit(0/1)); bits
//                63:52 of that mask are always set and 15:0 never (TxSZ is
//                clamped into 12..48, so bottom_PAC_bit is 16..52)
//   tbi          EffectiveTBI, indexed {ptr<55>, is_instr}
//   sel55        AddPAC step 2 takes selbit from ptr<55> (else ptr<63>),
//                indexed by the key's data bit
//   feature-level flags
// Reset: asynchronous, active low, to the regmap reset values.
`default_nettype none

module qpac_cfg #(
    parameter integer QARMA3 = 1  // 0: QARMA5 only, CFG.ALG is stored as 0
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        we_i,
    input  wire [31:0] cfg_i,
    input  wire [31:0] tszlim_i,
    output reg  [31:0] cfg_o,
    output reg  [31:0] tszlim_o,
    output wire        alg_o,     // ALG encoding (1: QARMA3)
    output wire [35:0] mask0_o,
    output wire [35:0] mask1_o,
    output wire [3:0]  tbi_o,     // EffectiveTBI at index {ptr<55>, is_instr}
    output wire [1:0]  sel55_o,   // index: key bit 1 (data key)
    output wire        lvl1_o,    // FEAT_PAuth only (level 1)
    output wire        epac_o,    // level exactly 2
    output wire        pauth2_o,  // level >= 3
    output wire        fpac_o,    // level >= 4: standalone AUT faults
    output wire        fpacc_o    // level 5: combined AUT faults too
);

`include "qpac_regmap.vh"

localparam [31:0] CFG_RESET    = `QPAC_REG_CFG_RESET;
localparam [31:0] TSZLIM_RESET = `QPAC_REG_TSZLIM_RESET;

// ---- stored fields ------------------------------------------------------------
reg [5:0] t0sz_q, t1sz_q, tszmin_q, tszmax_q;
reg [1:0] tbi_q, tbid_q;   // {range 1, range 0}
reg       single_q, alg_q;
reg [2:0] feat_q;

wire [2:0] feat_w   = cfg_i[`QPAC_CFG_FEAT];
wire [5:0] tszmin_w = tszlim_i[`QPAC_TSZLIM_TSZMIN];
wire [5:0] tszmax_w = tszlim_i[`QPAC_TSZLIM_TSZMAX];
// FEAT as stored (outside 1..5: 1)
wire [2:0] feat_s = (feat_w >= `QPAC_ENC_FEAT_PAUTH && feat_w <= `QPAC_ENC_FEAT_FPACCOMBINE)
                    ? feat_w : `QPAC_ENC_FEAT_PAUTH;


always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
        t0sz_q   <= CFG_RESET[`QPAC_CFG_T0SZ];
        t1sz_q   <= CFG_RESET[`QPAC_CFG_T1SZ];
        tbi_q    <= {CFG_RESET[`QPAC_CFG_TBI1], CFG_RESET[`QPAC_CFG_TBI0]};
        tbid_q   <= {CFG_RESET[`QPAC_CFG_TBID1], CFG_RESET[`QPAC_CFG_TBID0]};
        single_q <= CFG_RESET[`QPAC_CFG_SINGLE];
        alg_q    <= CFG_RESET[`QPAC_CFG_ALG] && QARMA3 != 0;
        feat_q   <= CFG_RESET[`QPAC_CFG_FEAT];
        tszmin_q <= TSZLIM_RESET[`QPAC_TSZLIM_TSZMIN];
        tszmax_q <= TSZLIM_RESET[`QPAC_TSZLIM_TSZMAX];
    end else if (we_i) begin
        t0sz_q   <= cfg_i[`QPAC_CFG_T0SZ];
        t1sz_q   <= cfg_i[`QPAC_CFG_T1SZ];
        tbi_q    <= {cfg_i[`QPAC_CFG_TBI1], cfg_i[`QPAC_CFG_TBI0]};
        tbid_q   <= {cfg_i[`QPAC_CFG_TBID1], cfg_i[`QPAC_CFG_TBID0]};
        single_q <= cfg_i[`QPAC_CFG_SINGLE];
        alg_q    <= cfg_i[`QPAC_CFG_ALG] && QARMA3 != 0;
        feat_q   <= feat_s;
        tszmin_q <= (tszmin_w < 6'd12) ? 6'd12 : (tszmin_w > 6'd16) ? 6'd16 : tszmin_w;
        tszmax_q <= (tszmax_w < 6'd39) ? 6'd39 : (tszmax_w > 6'd48) ? 6'd48 : tszmax_w;
    end
end

// read-back words (undefined bits read 0)
always @* begin
    cfg_o = 32'd0;
    cfg_o[`QPAC_CFG_T0SZ]   = t0sz_q;
    cfg_o[`QPAC_CFG_T1SZ]   = t1sz_q;
    cfg_o[`QPAC_CFG_TBI0]   = tbi_q[0];
    cfg_o[`QPAC_CFG_TBI1]   = tbi_q[1];
    cfg_o[`QPAC_CFG_TBID0]  = tbid_q[0];
    cfg_o[`QPAC_CFG_TBID1]  = tbid_q[1];
    cfg_o[`QPAC_CFG_SINGLE] = single_q;
    cfg_o[`QPAC_CFG_ALG]    = alg_q;
    cfg_o[`QPAC_CFG_FEAT]   = feat_q;
    tszlim_o = 32'd0;
    tszlim_o[`QPAC_TSZLIM_TSZMIN] = tszmin_q;
    tszlim_o[`QPAC_TSZLIM_TSZMAX] = tszmax_q;
end

// ---- decode -------------------------------------------------------------------
// bits 51:16 of mask(63, 64 - clamp(txsz, mn, mx)): bit i is set when
// clamp(txsz) >= 64 - i, i.e. (txsz >= c or mn >= c) and mx >= c with c = 64 - i:
// comparisons with constants only. mn and mx may be the written TSZMIN and
// TSZMAX before their own clamp into 12..16 and 39..48: c is 13..48, and
// clamp(v, lo, hi) >= c equals v >= c for lo < c <= hi, and both are true
// for c <= lo (mn: c <= 12 does not occur; mx: c <= 39, where mx >= 39).
function [35:0] FieldMask;
    input [5:0] txsz;
    input [5:0] mn;
    input [5:0] mx;
    integer     i;
    reg   [5:0] c;
    begin
        for (i = 16; i < 52; i = i + 1) begin
            c = 6'd0 - i[5:0];  // 64 - i
            FieldMask[i - 16] = (Ge(txsz, c) || (c <= 6'd16 && Ge(mn, c))) &&
                                (c <= 6'd39 || Ge(mx, c));
        end
    end
endfunction

// v >= c for a constant c, written as two 3-bit halves so that it maps to a
// shallow AND-OR (v<5:3> > c<5:3>, or equal and v<2:0> >= c<2:0>)
function Ge;
    input [5:0] v;
    input [5:0] c;
    begin
        Ge = (v[5:3] > c[5:3]) || (v[5:3] == c[5:3] && v[2:0] >= c[2:0]);
    end
endfunction

// EffectiveTBI table, index {ptr<55>, is_instr} (spec 2.2)
function [3:0] TbiTable;
    input       single;
    input [1:0] tbi;
    input [1:0] tbid;
    integer     n;
    reg         r;
    begin
        for (n = 0; n < 4; n = n + 1) begin
            r = (n >= 2) && !single;
            TbiTable[n] = tbi[r] && !((n % 2) == 1 && tbid[r]);
        end
    end
endfunction

// AddPAC step 2 (spec 3.2): selbit = ptr<55> (else ptr<63>), index: data key
function [1:0] Sel55;
    input       single;
    input [1:0] tbi;
    input [1:0] tbid;
    begin
        if (single)
            Sel55 = {tbi[0], tbi[0] && !tbid[0]};
        else
            Sel55 = {tbi[0] || tbi[1], (tbi[1] && !tbid[1]) || (tbi[0] && !tbid[0])};
    end
endfunction

localparam integer DW = 36 + 36 + 4 + 2 + 5;
function [DW-1:0] Decode;
    input [5:0] t0sz, t1sz, mn, mx;
    input       single;
    input [1:0] tbi, tbid;
    input [2:0] feat;
    begin
        Decode = {single ? FieldMask(t0sz, mn, mx) : FieldMask(t1sz, mn, mx), FieldMask(t0sz, mn, mx),
                  TbiTable(single, tbi, tbid), Sel55(single, tbi, tbid),
                  feat == `QPAC_ENC_FEAT_PAUTH, feat == `QPAC_ENC_FEAT_EPAC,
                  feat >= `QPAC_ENC_FEAT_PAUTH2, feat >= `QPAC_ENC_FEAT_FPAC,
                  feat == `QPAC_ENC_FEAT_FPACCOMBINE};
    end
endfunction

reg [DW-1:0] dec_q;

always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)
        dec_q <= Decode(CFG_RESET[`QPAC_CFG_T0SZ], CFG_RESET[`QPAC_CFG_T1SZ],
                        TSZLIM_RESET[`QPAC_TSZLIM_TSZMIN], TSZLIM_RESET[`QPAC_TSZLIM_TSZMAX],
                        CFG_RESET[`QPAC_CFG_SINGLE],
                        {CFG_RESET[`QPAC_CFG_TBI1], CFG_RESET[`QPAC_CFG_TBI0]},
                        {CFG_RESET[`QPAC_CFG_TBID1], CFG_RESET[`QPAC_CFG_TBID0]},
                        CFG_RESET[`QPAC_CFG_FEAT]);
    else if (we_i)
        dec_q <= Decode(cfg_i[`QPAC_CFG_T0SZ], cfg_i[`QPAC_CFG_T1SZ], tszmin_w, tszmax_w,
                        cfg_i[`QPAC_CFG_SINGLE], {cfg_i[`QPAC_CFG_TBI1], cfg_i[`QPAC_CFG_TBI0]},
                        {cfg_i[`QPAC_CFG_TBID1], cfg_i[`QPAC_CFG_TBID0]}, feat_s);
end

assign alg_o    = alg_q;
assign {mask1_o, mask0_o, tbi_o, sel55_o, lvl1_o, epac_o, pauth2_o, fpac_o, fpacc_o} = dec_q;

// reserved CFG/TSZLIM bits are not stored
wire unused_ok = &{1'b0, cfg_i, tszlim_i};

endmodule

`default_nettype wire

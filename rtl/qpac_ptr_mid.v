// qpac_ptr_mid.v - the pointer logic between slot F and the first cipher
// layer (combinational; it runs beside layer 0 and rides in the side band):
// the end of AddPAC's classic non-canonical test (spec 3.3, QpacNonCanonical,
// from the front stage's field flags) and the back stage's controls, decided
// here from the op class, the extension bit e (the range of b), EffectiveTBI
// and the feature level, so that qpac_ptr_back starts from flip-flops and
// never reads tbi: base = x (bx) | x with bit 55 = selbit (bpac) | orig
// (borig1/borig0: for e = 1/0), cleared over C for insertion (clr1/clr0:
// range 1/0); pm = C (pm1/pm0) | <63:32> (ga); flip of PAC<top_bit-1> (level
// 1, non-canonical: fl62 without tbi, fl54 with); error code (levels 1-2
// Auth: ecn without tbi, ect with); PAC Fail on a failed compare (fen); two
// ORs (xa = bx | bpac, xp = xa | borig); and the top byte's own controls
// (without tbi it is in C and the field): x passes (xt), set (st), cleared
// (ct), in pm (pmt), compared (cmpt).
`default_nettype none

module qpac_ptr_mid (
    input  wire         lvl1_i,    // qpac_cfg decode
    input  wire         epac_i,
    input  wire         pauth2_i,
    input  wire         fpac_i,
    input  wire         fpacc_i,
    input  wire [4:0]   cls_i,     // {PACGA, XPAC, AUT, AUT or AUTC, PAC} (qpac_ptr_front)
    input  wire [3:0]   flags_i,   // QpacFieldFlags of range 1, range 0 (qpac_ptr_front)
    input  wire [63:56] top_i,     // the pointer's top byte
    input  wire         tbi_i,
    input  wire         e_i,
    output wire [20:0]  ctl_o      // {cmpt, ct, st, xt, ect, fl54, pmt, xp, xa, borig0, fen, ecn, fl62, clr0, clr1, borig1, bpac, bx, ga, pm0, pm1}
);

`include "qpac_pointer_functions.vh"

wire is_pac = cls_i[0], is_aut = cls_i[1], aut_std = cls_i[2], is_xpac = cls_i[3], is_ga = cls_i[4];
wire nc     = QpacNonCanonical(top_i, e_i, tbi_i, flags_i);
wire pm     = (is_pac && !(nc && epac_i)) || (is_aut && pauth2_i);
wire clr    = is_pac && !pauth2_i;

wire borig  = is_xpac || (is_aut && !pauth2_i);
wire xa     = is_pac || (is_aut && pauth2_i);
wire xp     = is_pac || is_aut || borig;
wire flip   = is_pac && nc && lvl1_i;
wire ec     = is_aut && !pauth2_i;

assign ctl_o = {!tbi_i,                                                   // cmpt
                clr && !tbi_i,                                            // ct
                borig && e_i && !tbi_i,                                   // st
                tbi_i ? xp : xa,                                          // xt
                ec && tbi_i, flip && tbi_i,                               // ect, fl54
                pm && !tbi_i,                                             // pmt
                xp,                                                       // xp: base takes x
                xa,                                                       // xa: bx or bpac
                borig && !e_i,                                            // borig0
                is_aut && pauth2_i && (fpacc_i || (fpac_i && aut_std)),   // fen
                ec && !tbi_i, flip && !tbi_i,                             // ecn, fl62
                clr && !e_i, clr && e_i,                                  // clr0, clr1
                borig && e_i,                                             // borig1
                is_pac,                                                   // bpac
                is_aut && pauth2_i,                                       // bx
                is_ga,                                                    // ga
                pm && !e_i, pm && e_i};                                   // pm0, pm1

endmodule

`default_nettype wire

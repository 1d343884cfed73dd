// qpac_ptr_mid.v - the pointer logic between slot F and the first cipher
// layer (combinational; it runs beside layer 0 and rides in the side band):
// AddPAC's classic non-canonical test (spec 3.3, QpacNonCanonical) and the
// back stage's controls, decided here from the op class, the extension bit e
// (the range of b) and the feature level, so that qpac_ptr_back starts from
// flip-flops: base = x (bx) | x with bit 55 = selbit (bpac) | orig (borig1/
// borig0: for e = 1/0), cleared over C for insertion (clr1/clr0: range 1/0); pm = C (pm1/pm0) |
// <63:32> (ga); flip of PAC<top_bit-1> (level 1, non-canonical); error code
// (ec, levels 1-2 Auth); PAC Fail on a failed compare (fen); and two ORs of
// them (xa = bx | bpac, xp = xa | borig), so the back stage starts from them.
`default_nettype none

module qpac_ptr_mid (
    input  wire [35:0]  mask0_i,   // qpac_cfg decode
    input  wire [35:0]  mask1_i,
    input  wire         lvl1_i,
    input  wire         epac_i,
    input  wire         pauth2_i,
    input  wire         fpac_i,
    input  wire         fpacc_i,
    input  wire [4:0]   cls_i,     // {PACGA, XPAC, AUT, AUT or AUTC, PAC} (qpac_ptr_front)
    input  wire [63:16] x_i,       // the pointer's bits 63:16
    input  wire         tbi_i,
    input  wire         e_i,
    output wire [13:0]  ctl_o      // {xp, xa, borig0, fen, ec, flip, clr0, clr1, borig1, bpac, bx, ga, pm0, pm1}
);

`include "qpac_pointer_functions.vh"

wire is_pac = cls_i[0], is_aut = cls_i[1], aut_std = cls_i[2], is_xpac = cls_i[3], is_ga = cls_i[4];
wire nc     = QpacNonCanonical(x_i, e_i, tbi_i, mask0_i, mask1_i);
wire pm     = (is_pac && !(nc && epac_i)) || (is_aut && pauth2_i);
wire clr    = is_pac && !pauth2_i;

wire borig  = is_xpac || (is_aut && !pauth2_i);

assign ctl_o = {is_pac || is_aut || borig,                                // xp: base takes x
                is_pac || (is_aut && pauth2_i),                           // xa: bx or bpac
                borig && !e_i,                                            // borig0
                is_aut && pauth2_i && (fpacc_i || (fpac_i && aut_std)),   // fen
                is_aut && !pauth2_i,                                      // ec
                is_pac && nc && lvl1_i,                                   // flip
                clr && !e_i, clr && e_i,                                  // clr0, clr1
                borig && e_i,                                             // borig1
                is_pac,                                                   // bpac
                is_aut && pauth2_i,                                       // bx
                is_ga,                                                    // ga
                pm && !e_i, pm && e_i};                                   // pm0, pm1

endmodule

`default_nettype wire

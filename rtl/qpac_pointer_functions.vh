// qpac_pointer_functions.vh - pointer-rule helpers shared by the front and back
// stages (spec 2-5), named after the ASL functions. `include inside a module
// body (no include guard, see qarma_functions.vh).

// EffectiveTBI(ptr, is_instr) (spec 2.2): the range is chosen by ptr<55> in a
// two-range regime; a single-range regime uses TBI0/TBID0.
function EffectiveTBI;
    input       single;
    input [1:0] tbi;   // {TBI1, TBI0}
    input [1:0] tbid;  // {TBID1, TBID0}
    input       ptr55;
    input       is_instr;
    reg         sel;
    begin
        sel = !single && ptr55;
        EffectiveTBI = tbi[sel] && !(is_instr && tbid[sel]);
    end
endfunction

// CalculateBottomPACBit(sel) (spec 2.3): 64 - TxSZ clamped to [TSZMIN, TSZMAX].
function [5:0] CalculateBottomPACBit;
    input       single;
    input [5:0] t0sz;
    input [5:0] t1sz;
    input [5:0] tszmin;
    input [5:0] tszmax;
    input       sel;
    reg   [5:0] txsz;
    begin
        txsz = (sel && !single) ? t1sz : t0sz;
        if (txsz < tszmin) txsz = tszmin;
        if (txsz > tszmax) txsz = tszmax;
        CalculateBottomPACBit = 6'd0 - txsz; // 64 - txsz, modulo 64 (txsz >= 12)
    end
endfunction

// mask(63, b): bits 63..b set
function [63:0] MaskFrom;
    input [5:0] b;
    begin
        MaskFrom = {64{1'b1}} << b;
    end
endfunction

// The pointer with extension bits E = replicate(e) from bit b up (Auth step 2,
// AddPAC step 5): with tbi the top byte is kept (bits 55..b replaced).
function [63:0] ExtendPtr;
    input [63:0] ptr;
    input        tbi;
    input [5:0]  b;
    input        e;
    reg   [63:0] ext;
    begin
        ext = tbi ? (MaskFrom(b) & 64'h00FF_FFFF_FFFF_FFFF) : MaskFrom(b);
        ExtendPtr = (ptr & ~ext) | ({64{e}} & ext);
    end
endfunction

// The back stage's last step (qpac_ptr_back): Auth's compare over the group
// flags; a mismatch flips the error-code bits and raises a PAC Fail when the
// level says so. Returns {fault, value}.
function [64:0] QpacPtrFinish;
    input [63:0] value;
    input [7:0]  grp;
    input [3:0]  flip;
    input        fault_en;
    reg          mismatch;
    begin
        mismatch = grp != 8'd0;
        QpacPtrFinish = {fault_en && mismatch,
                         value ^ ({1'b0, flip[3:2], 6'd0, flip[1:0], 53'd0} & {64{mismatch}})};
    end
endfunction

// The classic non-canonical test of AddPAC (spec 3.3): ptr<top_bit:b> is not
// all zeros and not all ones, top_bit = tbi ? 55 : 63, b from the range e
// (mask0/mask1: bits 51:16 of mask(63, b), qpac_cfg). It is made in two
// steps a register apart: QpacFieldFlags tests bits 55:b of one range (the
// front stage, both ranges side by side), QpacNonCanonical adds the top byte
// and lets e pick (after slot F).
function [1:0] QpacFieldFlags;  // {ptr<55:b> all ones, ptr<55:b> all zeros}
    input [55:16] x;   // the field never reaches below 16
    input [35:0]  mask;
    reg   [39:0]  f;   // bits 55:16 of the field
    begin
        f = {4'hF, mask};
        QpacFieldFlags = {(x | ~f) == {40{1'b1}}, (x & f) == 40'd0};
    end
endfunction

function QpacNonCanonical;
    input [63:56] top;  // the pointer's top byte
    input         e;
    input         tbi;
    input [3:0]   flags; // {QpacFieldFlags of range 1, of range 0}
    reg           zero, ones;
    begin
        zero = (e ? flags[2] : flags[0]) && (tbi || top == 8'h00);
        ones = (e ? flags[3] : flags[1]) && (tbi || top == 8'hFF);
        QpacNonCanonical = !zero && !ones;
    end
endfunction

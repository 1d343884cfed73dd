// qarma_functions.vh - QARMA-64 round primitives of ARM ComputePAC as Verilog
// functions, named as in the spec (../shared/spec/pauth.md 1.2-1.7) and the ASL.
// Nibble j of a word is bits 4j+3:4j (nibble 0 least significant).
// `include this file inside a module body (it declares functions, so it has no
// include guard: every module that needs the primitives gets its own copy).

// Round constants RC[0..4] (spec 1.2) and the reflection constant ALPHA.
localparam [63:0] QARMA_ALPHA = 64'hC0AC29B7C97C50DD;

function [63:0] QarmaRC;
    input [2:0] k;
    begin
        case (k)
            3'd1:    QarmaRC = 64'h13198A2E03707344;
            3'd2:    QarmaRC = 64'hA4093822299F31D0;
            3'd3:    QarmaRC = 64'h082EFA98EC4E6C89;
            3'd4:    QarmaRC = 64'h452821E638D01377;
            default: QarmaRC = 64'h0000000000000000;
        endcase
    end
endfunction

// ---- S-boxes on one cell (spec 1.4) -----------------------------------------
function [3:0] PACSubCell; // sigma2
    input [3:0] v;
    begin
        case (v)
            4'h0: PACSubCell = 4'hB; 4'h1: PACSubCell = 4'h6; 4'h2: PACSubCell = 4'h8; 4'h3: PACSubCell = 4'hF;
            4'h4: PACSubCell = 4'hC; 4'h5: PACSubCell = 4'h0; 4'h6: PACSubCell = 4'h9; 4'h7: PACSubCell = 4'hE;
            4'h8: PACSubCell = 4'h3; 4'h9: PACSubCell = 4'h7; 4'hA: PACSubCell = 4'h4; 4'hB: PACSubCell = 4'h5;
            4'hC: PACSubCell = 4'hD; 4'hD: PACSubCell = 4'h2; 4'hE: PACSubCell = 4'h1; default: PACSubCell = 4'hA;
        endcase
    end
endfunction

function [3:0] PACInvSubCell; // sigma2^-1
    input [3:0] v;
    begin
        case (v)
            4'h0: PACInvSubCell = 4'h5; 4'h1: PACInvSubCell = 4'hE; 4'h2: PACInvSubCell = 4'hD; 4'h3: PACInvSubCell = 4'h8;
            4'h4: PACInvSubCell = 4'hA; 4'h5: PACInvSubCell = 4'hB; 4'h6: PACInvSubCell = 4'h1; 4'h7: PACInvSubCell = 4'h9;
            4'h8: PACInvSubCell = 4'h2; 4'h9: PACInvSubCell = 4'h6; 4'hA: PACInvSubCell = 4'hF; 4'hB: PACInvSubCell = 4'h0;
            4'hC: PACInvSubCell = 4'h4; 4'hD: PACInvSubCell = 4'hC; 4'hE: PACInvSubCell = 4'h7; default: PACInvSubCell = 4'h3;
        endcase
    end
endfunction

function [3:0] PACSub1Cell; // sigma1, an involution
    input [3:0] v;
    begin
        case (v)
            4'h0: PACSub1Cell = 4'hA; 4'h1: PACSub1Cell = 4'hD; 4'h2: PACSub1Cell = 4'hE; 4'h3: PACSub1Cell = 4'h6;
            4'h4: PACSub1Cell = 4'hF; 4'h5: PACSub1Cell = 4'h7; 4'h6: PACSub1Cell = 4'h3; 4'h7: PACSub1Cell = 4'h5;
            4'h8: PACSub1Cell = 4'h9; 4'h9: PACSub1Cell = 4'h8; 4'hA: PACSub1Cell = 4'h0; 4'hB: PACSub1Cell = 4'hC;
            4'hC: PACSub1Cell = 4'hB; 4'hD: PACSub1Cell = 4'h1; 4'hE: PACSub1Cell = 4'h2; default: PACSub1Cell = 4'h4;
        endcase
    end
endfunction

function [63:0] PACSub;
    input [63:0] x;
    integer j;
    begin
        for (j = 0; j < 16; j = j + 1) PACSub[4*j +: 4] = PACSubCell(x[4*j +: 4]);
    end
endfunction

function [63:0] PACInvSub;
    input [63:0] x;
    integer j;
    begin
        for (j = 0; j < 16; j = j + 1) PACInvSub[4*j +: 4] = PACInvSubCell(x[4*j +: 4]);
    end
endfunction

function [63:0] PACSub1;
    input [63:0] x;
    integer j;
    begin
        for (j = 0; j < 16; j = j + 1) PACSub1[4*j +: 4] = PACSub1Cell(x[4*j +: 4]);
    end
endfunction

// ---- cell shuffles tau, tau^-1 (spec 1.5): out nibble j = in nibble SRC[j] ----
function [63:0] PACCellShuffle;
    input [63:0] n;
    begin
        PACCellShuffle = {n[63:60], n[19:16], n[39:36], n[11:8],   // j = 15..12: 15, 4, 9, 2
                          n[23:20], n[59:56], n[15:12], n[35:32],  // j = 11..8:  5, 14, 3, 8
                          n[43:40], n[7:4],   n[51:48], n[31:28],  // j = 7..4:  10, 1, 12, 7
                          n[3:0],   n[47:44], n[27:24], n[55:52]}; // j = 3..0:   0, 11, 6, 13
    end
endfunction

function [63:0] PACCellInvShuffle;
    input [63:0] n;
    begin
        PACCellInvShuffle = {n[63:60], n[43:40], n[3:0],   n[23:20],  // j = 15..12: 15, 10, 0, 5
                             n[11:8],  n[31:28], n[55:52], n[35:32],  // j = 11..8:  2, 7, 13, 8
                             n[19:16], n[7:4],   n[47:44], n[59:56],  // j = 7..4:   4, 1, 11, 14
                             n[39:36], n[51:48], n[27:24], n[15:12]}; // j = 3..0:   9, 12, 6, 3
    end
endfunction

// ---- PACMult (spec 1.6), involutory MixColumns --------------------------------
function [3:0] RotCell1; // rotate a cell left by 1
    input [3:0] c;
    begin
        RotCell1 = {c[2:0], c[3]};
    end
endfunction

function [3:0] RotCell2; // rotate a cell left by 2
    input [3:0] c;
    begin
        RotCell2 = {c[1:0], c[3:2]};
    end
endfunction

function [63:0] PACMult;
    input [63:0] n;
    integer i;
    reg [3:0] a0, a1, a2, a3;
    begin
        for (i = 0; i < 4; i = i + 1) begin
            a0 = n[4*i +: 4];
            a1 = n[4*(i+4) +: 4];
            a2 = n[4*(i+8) +: 4];
            a3 = n[4*(i+12) +: 4];
            PACMult[4*i +: 4]      = RotCell1(a3) ^ RotCell2(a2) ^ RotCell1(a1);
            PACMult[4*(i+4) +: 4]  = RotCell2(a3) ^ RotCell1(a2) ^ RotCell1(a0);
            PACMult[4*(i+8) +: 4]  = RotCell1(a3) ^ RotCell1(a1) ^ RotCell2(a0);
            PACMult[4*(i+12) +: 4] = RotCell1(a2) ^ RotCell2(a1) ^ RotCell1(a0);
        end
    end
endfunction

// ---- tweak schedule (spec 1.7) ------------------------------------------------
function [3:0] TweakCellRot; // b3b2b1b0 -> (b0^b1) b3 b2 b1
    input [3:0] c;
    begin
        TweakCellRot = {c[0] ^ c[1], c[3:1]};
    end
endfunction

function [63:0] TweakShuffle;
    input [63:0] n;
    begin
        TweakShuffle = {TweakCellRot(n[39:36]), TweakCellRot(n[43:40]), n[7:4], TweakCellRot(n[3:0]),     // j = 15..12: 9*, 10*, 1, 0*
                        TweakCellRot(n[63:60]), n[59:56], n[55:52], n[51:48],                             // j = 11..8:  15*, 14, 13, 12
                        TweakCellRot(n[35:32]), n[15:12], n[11:8], TweakCellRot(n[47:44]),                // j = 7..4:   8*, 3, 2, 11*
                        n[31:28], TweakCellRot(n[27:24]), n[23:20], n[19:16]};                            // j = 3..0:   7, 6*, 5, 4
    end
endfunction

// ---- derived key (spec 1.3): modk0 = ROTR64(key0, 1) ^ (key0 >> 63) ----------
function [63:0] QarmaModK0;
    input [63:0] k0;
    begin
        QarmaModK0 = {k0[0], k0[63:2], k0[1] ^ k0[63]};
    end
endfunction

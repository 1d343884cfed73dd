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
// Each S-box is a 64-bit constant whose nibble v is the image of v, and a cell
// is one shifted lookup: no case statement, so a Verilated model has no branch
// per cell for random data to mispredict.
localparam [63:0] PAC_SBOX2     = 64'hA12D5473E90CF86B; // sigma2
localparam [63:0] PAC_SBOX2_INV = 64'h37C40F6291BA8DE5; // sigma2^-1
localparam [63:0] PAC_SBOX1     = 64'h421BC089537F6EDA; // sigma1, an involution

function [3:0] SBoxCell; // nibble v of the table t
    input [63:0] t;
    input [3:0]  v;
    begin
        SBoxCell = t[{v, 2'b00} +: 4];
    end
endfunction

function [3:0] PACSubCell; // sigma2
    input [3:0] v;
    begin
        PACSubCell = SBoxCell(PAC_SBOX2, v);
    end
endfunction

function [3:0] PACInvSubCell; // sigma2^-1
    input [3:0] v;
    begin
        PACInvSubCell = SBoxCell(PAC_SBOX2_INV, v);
    end
endfunction

function [3:0] PACSub1Cell; // sigma1
    input [3:0] v;
    begin
        PACSub1Cell = SBoxCell(PAC_SBOX1, v);
    end
endfunction

// every cell of x through the S-box table t (one concatenation, no partial
// assignment: Verilator keeps the result in a local)
function [63:0] SubCells;
    input [63:0] x;
    input [63:0] t;
    begin
        SubCells = {
                    SBoxCell(t, x[63:60]),
                    SBoxCell(t, x[59:56]),
                    SBoxCell(t, x[55:52]),
                    SBoxCell(t, x[51:48]),
                    SBoxCell(t, x[47:44]),
                    SBoxCell(t, x[43:40]),
                    SBoxCell(t, x[39:36]),
                    SBoxCell(t, x[35:32]),
                    SBoxCell(t, x[31:28]),
                    SBoxCell(t, x[27:24]),
                    SBoxCell(t, x[23:20]),
                    SBoxCell(t, x[19:16]),
                    SBoxCell(t, x[15:12]),
                    SBoxCell(t, x[11:8]),
                    SBoxCell(t, x[7:4]),
                    SBoxCell(t, x[3:0])};
    end
endfunction

function [63:0] PACSub;
    input [63:0] x;
    begin
        PACSub = SubCells(x, PAC_SBOX2);
    end
endfunction

function [63:0] PACInvSub;
    input [63:0] x;
    begin
        PACInvSub = SubCells(x, PAC_SBOX2_INV);
    end
endfunction

function [63:0] PACSub1;
    input [63:0] x;
    begin
        PACSub1 = SubCells(x, PAC_SBOX1);
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

// the cell rotations on all 16 cells of a word at once
function [63:0] RotCells1;
    input [63:0] x;
    begin
        RotCells1 = ((x << 1) & 64'hEEEE_EEEE_EEEE_EEEE) | ((x >> 3) & 64'h1111_1111_1111_1111);
    end
endfunction

function [63:0] RotCells2;
    input [63:0] x;
    begin
        RotCells2 = ((x << 2) & 64'hCCCC_CCCC_CCCC_CCCC) | ((x >> 2) & 64'h3333_3333_3333_3333);
    end
endfunction

// Output cell i+4r (i, r in 0..3) is RotCell1(a[r+1]) ^ RotCell2(a[r+2]) ^
// RotCell1(a[r+3]), a[s] = n cell i+4s, indices mod 4: a circulant over the
// rows, so whole-word rotations by 16, 32 and 48 bits line the rows up.
function [63:0] PACMult;
    input [63:0] n;
    reg   [63:0] n16, n32, n48; // n rotated right by 1, 2, 3 rows
    begin
        n16 = {n[15:0], n[63:16]};
        n32 = {n[31:0], n[63:32]};
        n48 = {n[47:0], n[63:48]};
        PACMult = RotCells1(n16 ^ n48) ^ RotCells2(n32);
    end
endfunction

// ---- tweak schedule (spec 1.7) ------------------------------------------------
function [3:0] TweakCellRot; // b3b2b1b0 -> (b0^b1) b3 b2 b1
    input [3:0] c;
    begin
        TweakCellRot = {c[0] ^ c[1], c[3:1]};
    end
endfunction

// The shuffle as wiring, then TweakCellRot on the starred cells (15, 14, 12,
// 11, 7, 4, 2) of the whole word at once: a cell rotation is a shift right by
// one within the cell and b0 ^ b1 into b3.
localparam [63:0] TWEAK_ROT_CELLS = 64'hFF0F_F000_F00F_0F00;

function [63:0] TweakShuffle;
    input [63:0] n;
    reg   [63:0] p; // out nibble j = in nibble SRC[j], before the rotations
    reg   [63:0] r; // every cell of p through TweakCellRot
    begin
        // p = {n[39:36], n[43:40], n[7:4],   n[3:0],    // j = 15..12: 9*, 10*, 1, 0*
        //      n[63:60], n[59:56], n[55:52], n[51:48],  // j = 11..8:  15*, 14, 13, 12
        //      n[35:32], n[15:12], n[11:8],  n[47:44],  // j = 7..4:   8*, 3, 2, 11*
        //      n[31:28], n[27:24], n[23:20], n[19:16]}; // j = 3..0:   7, 6*, 5, 4
        // written as one masked shift per distance a cell moves (7, not 16)
        p = ((n >> 16) & 64'h0000_FFFF_0000_FFFF) |  // j = 11..8, 3..0
            ((n << 12) & 64'h0000_0000_0FF0_0000) |  // j = 6, 5
            ((n << 48) & 64'h00FF_0000_0000_0000) |  // j = 13, 12
            ((n >> 28) & 64'h0000_0000_000F_0000) |  // j = 4
            ((n >> 4)  & 64'h0000_0000_F000_0000) |  // j = 7
            ((n << 16) & 64'h0F00_0000_0000_0000) |  // j = 14
            ((n << 24) & 64'hF000_0000_0000_0000);   // j = 15
        r = ((p >> 1) & 64'h7777_7777_7777_7777) | (((p ^ (p >> 1)) & 64'h1111_1111_1111_1111) << 3);
        TweakShuffle = (p & ~TWEAK_ROT_CELLS) | (r & TWEAK_ROT_CELLS);
    end
endfunction

// ---- derived key (spec 1.3): modk0 = ROTR64(key0, 1) ^ (key0 >> 63) ----------
function [63:0] QarmaModK0;
    input [63:0] k0;
    begin
        QarmaModK0 = {k0[0], k0[63:2], k0[1] ^ k0[63]};
    end
endfunction

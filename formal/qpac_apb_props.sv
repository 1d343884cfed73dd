// qpac_apb_props.sv - property 6 of issue 13 on the APB wrapper
// (doc/verification.md). Read by Yosys with -formal only. Two tops:
//   qpac_apb_secrecy  key secrecy: two qpac_apb copies under the same bus
//                     traffic, except the write data of key staging writes,
//                     which the solver chooses for each copy freely (so every
//                     key may differ). With no operation result read (no read
//                     of RES_LO/RES_HI; STATUS.FAULT, the PAC Fail of the last
//                     result, masked), PRDATA, PREADY and PSLVERR are the same.
//   qpac_apb_staging  the register map's rule KEY_STAGING on one copy, against a
//                     shadow of the staging kept from the bus alone. The key
//                     file is observed through `probe_keys` (connected by the
//                     .sby script to u_regs.u_unit.u_keyfile.keys_o).
//                     Also property 4 at the bus: a stored configuration
//                     write or key commit waits for nothing, the unit being
//                     empty whenever one is pending (probes on u_regs).
// The bus is free (any sequence of PSEL, PENABLE, PWRITE, PADDR, PWDATA),
// reset (PRESETn) in the first cycle and whenever the solver likes. With
// ACC_SETUP=1 (qpac_apb registers its write decode in SETUP) one APB rule is
// assumed (qpac_apb_hold): an access (PSEL and PENABLE) sees the PWRITE,
// PADDR and PWDATA of the clock before, out of reset, as APB holds them
// from SETUP to the end of the transfer.
`default_nettype none

`include "qpac_regmap.vh"

// APB's hold rule, assumed: an access sees the words (PWRITE, PADDR, PWDATA)
// of the clock before, and that clock was out of reset
module qpac_apb_hold #(
    parameter integer W = 1
) (
    input wire         clk_i,
    input wire         rst_ni,
    input wire         acc_i,
    input wire [W-1:0] words_i
);
reg         past_valid = 1'b0;
reg         rst_past;
reg [W-1:0] words_past;
always @(posedge clk_i) begin
    past_valid <= 1'b1;
    rst_past   <= rst_ni;
    words_past <= words_i;
end
always @* if (acc_i) assume (past_valid && rst_past && words_i == words_past);
endmodule

module qpac_apb_secrecy #(
    parameter integer DEPTH        = 3,
    parameter integer KEY_PIPE     = 0,
    parameter integer PTR_PIPE     = 0,
    parameter integer GLOBAL_STALL = 0,
    parameter integer ACC_SETUP    = 0
) (
    input wire                       clk_i,
    input wire                       rst_ni,
    input wire                       psel_i,
    input wire                       penable_i,
    input wire                       pwrite_i,
    input wire [`QPAC_ADDR_BITS-1:0] paddr_i,
    input wire [31:0]                pwdata_a_i,  // copy a's write data
    input wire [31:0]                pwdata_b_i   // copy b's: differs only for key staging
);

wire [31:0] prdata_a, prdata_b;
wire        pready_a, pready_b, pslverr_a, pslverr_b;

qpac_apb #(.DEPTH(DEPTH), .KEY_PIPE(KEY_PIPE), .PTR_PIPE(PTR_PIPE),
           .GLOBAL_STALL(GLOBAL_STALL), .ACC_SETUP(ACC_SETUP)) a (
    .clk_i(clk_i), .rst_ni(rst_ni), .psel_i(psel_i), .penable_i(penable_i),
    .pwrite_i(pwrite_i), .paddr_i(paddr_i), .pwdata_i(pwdata_a_i),
    .prdata_o(prdata_a), .pready_o(pready_a), .pslverr_o(pslverr_a));
qpac_apb #(.DEPTH(DEPTH), .KEY_PIPE(KEY_PIPE), .PTR_PIPE(PTR_PIPE),
           .GLOBAL_STALL(GLOBAL_STALL), .ACC_SETUP(ACC_SETUP)) b (
    .clk_i(clk_i), .rst_ni(rst_ni), .psel_i(psel_i), .penable_i(penable_i),
    .pwrite_i(pwrite_i), .paddr_i(paddr_i), .pwdata_i(pwdata_b_i),
    .prdata_o(prdata_b), .pready_o(pready_b), .pslverr_o(pslverr_b));

reg init = 1'b1;
always @(posedge clk_i) init <= 1'b0;
always @* if (init) assume (!rst_ni);
generate if (ACC_SETUP != 0) begin : g_hold
    qpac_apb_hold #(.W(`QPAC_ADDR_BITS + 65)) u_hold (
        .clk_i(clk_i), .rst_ni(rst_ni), .acc_i(psel_i && penable_i),
        .words_i({pwrite_i, paddr_i, pwdata_a_i, pwdata_b_i}));
end endgenerate

wire staging = paddr_i == `QPAC_REG_KEYHI_LO || paddr_i == `QPAC_REG_KEYHI_HI ||
               paddr_i == `QPAC_REG_KEYLO_LO || paddr_i == `QPAC_REG_KEYLO_HI;
wire rd      = psel_i && penable_i && !pwrite_i;
always @* begin
    if (!(pwrite_i && staging)) assume (pwdata_a_i == pwdata_b_i);
    // no operation result read
    assume (!(rd && (paddr_i == `QPAC_REG_RES_LO || paddr_i == `QPAC_REG_RES_HI)));
end

// STATUS.FAULT is a result bit (the PAC Fail of the last AUT): masked
reg [31:0] mask;
always @* begin
    mask = 32'hffffffff;
    if (paddr_i == `QPAC_REG_STATUS) mask[`QPAC_STATUS_FAULT] = 1'b0;
end
always @* if (rst_ni) begin
    p6_prdata: assert ((prdata_a & mask) == (prdata_b & mask));
    p6_pready: assert (pready_a == pready_b);
    p6_pslverr: assert (pslverr_a == pslverr_b);
end

endmodule

module qpac_apb_staging #(
    parameter integer DEPTH        = 3,
    parameter integer KEY_PIPE     = 0,
    parameter integer PTR_PIPE     = 0,
    parameter integer GLOBAL_STALL = 0,
    parameter integer ACC_SETUP    = 0
) (
    input wire                       clk_i,
    input wire                       rst_ni,
    input wire                       psel_i,
    input wire                       penable_i,
    input wire                       pwrite_i,
    input wire [`QPAC_ADDR_BITS-1:0] paddr_i,
    input wire [31:0]                pwdata_i
);

wire [31:0] prdata;
wire        pready, pslverr;

qpac_apb #(.DEPTH(DEPTH), .KEY_PIPE(KEY_PIPE), .PTR_PIPE(PTR_PIPE),
           .GLOBAL_STALL(GLOBAL_STALL), .ACC_SETUP(ACC_SETUP)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .psel_i(psel_i), .penable_i(penable_i),
    .pwrite_i(pwrite_i), .paddr_i(paddr_i), .pwdata_i(pwdata_i),
    .prdata_o(prdata), .pready_o(pready), .pslverr_o(pslverr));

(* keep *) wire [5*128-1:0] probe_keys;   // connected by the .sby script
(* keep *) wire probe_cfg_wr, probe_key_pend, probe_wr_ready;  // the same: u_regs'

reg init = 1'b1;
reg past_valid = 1'b0;
reg rst_past;
always @(posedge clk_i) begin
    init <= 1'b0;
    past_valid <= 1'b1;
    rst_past <= rst_ni;
end
always @* if (init) assume (!rst_ni);

generate if (ACC_SETUP != 0) begin : g_hold
    qpac_apb_hold #(.W(`QPAC_ADDR_BITS + 33)) u_hold (
        .clk_i(clk_i), .rst_ni(rst_ni), .acc_i(psel_i && penable_i),
        .words_i({pwrite_i, paddr_i, pwdata_i}));
end endgenerate

// one key bit K<kbit>, fixed for the run, stands for every bit of K
(* anyconst *) reg [6:0] kbit;
wire [1:0] kword = kbit[6:5];          // 0 KEYLO_LO, 1 KEYLO_HI, 2 KEYHI_LO, 3 KEYHI_HI
reg  [3:0] word;                       // one-hot: the staging word PADDR names
always @* begin
    case (paddr_i)
        `QPAC_REG_KEYLO_LO: word = 4'b0001;
        `QPAC_REG_KEYLO_HI: word = 4'b0010;
        `QPAC_REG_KEYHI_LO: word = 4'b0100;
        `QPAC_REG_KEYHI_HI: word = 4'b1000;
        default:            word = 4'b0000;
    endcase
end

// the shadow: staging words written since the last commit or reset, the
// value of K<kbit> they carry, and the last accepted commit (key, K<kbit>)
wire       done   = psel_i && penable_i && pready && !pslverr;   // an accepted access
wire       wr     = done && pwrite_i;
wire       keywr  = pwrite_i && paddr_i == `QPAC_REG_CTRL && pwdata_i[`QPAC_CTRL_KEYWR];
reg  [3:0] staged;
reg        s_bit, pend, pend_bit;
reg  [2:0] pend_sel;
always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
        staged <= 4'd0; s_bit <= 1'b0;
        pend <= 1'b0; pend_bit <= 1'b0; pend_sel <= 3'd0;
    end else if (wr) begin
        staged <= staged | word;
        if (word[kword]) s_bit <= pwdata_i[kbit[4:0]];
        if (keywr) begin
            staged   <= 4'd0;
            pend     <= 1'b1;
            pend_sel <= pwdata_i[`QPAC_CTRL_KEY];
            pend_bit <= s_bit;
        end
    end
end

// a KEYWR with incomplete staging is refused (PSLVERR), START with it
always @* if (rst_ni && psel_i && penable_i && keywr && staged != 4'hf)
    p6_staging_incomplete: assert (pslverr);

wire rd_status = psel_i && penable_i && !pwrite_i && paddr_i == `QPAC_REG_STATUS;
wire [4:0] k;       // K<kbit> of each key
reg  [4:0] k_past;  // and one clock ago
genvar n;
generate for (n = 0; n < 5; n = n + 1) begin : g_key
    assign k[n] = probe_keys[128 * n + kbit];
end endgenerate
always @(posedge clk_i) k_past <= k;
// a key changes only to the value of the last accepted commit, and only that key
always @* if (past_valid && rst_ni && rst_past && k != k_past)
    p6_staging_commit_only: assert (pend && (k ^ k_past) == (5'd1 << pend_sel) && k[pend_sel] == pend_bit);
// once STATUS.BUSY reads 0 after a commit, the key holds the committed value
always @* if (rst_ni && pend && pend_sel < 3'd5 && rd_status && !prdata[`QPAC_STATUS_BUSY])
    p6_staging_committed: assert (k[pend_sel] == pend_bit);

// the write-drain rule at the bus: CFG, TSZLIM and CTRL writes are refused
// while BUSY, so a stored configuration write or key commit finds the unit
// empty (wr_ready, qpac_unit: high exactly when the pipeline is empty)
always @* if (rst_ni && (probe_cfg_wr || probe_key_pend))
    p4_regs_drained: assert (probe_wr_ready);

endmodule

`default_nettype wire

// qpac_apb.v - 32-bit APB3 register wrapper of qpac_unit for SoC integration
// and the FPGA prototype. Register map: regmap/qpac.regs (doc/regmap.md); every
// register rule (errors, key staging, BUSY) is in the shared block qpac_regs.v.
//   - zero wait states except a CFG/TSZLIM write, which holds PREADY low until
//     the unit takes it: one wait state (qpac_regs stores the words first;
//     the pipeline is empty whenever STATUS.BUSY is 0);
//   - PSLVERR: wherever qpac_regs answers with an error (unmapped or unaligned
//     offset, a guarded write while BUSY, KEYWR with incomplete key staging);
//     the access changes nothing.
//   - ACC_SETUP=1 registers the write decode in the SETUP phase (qpac_regs):
//     a write enable then starts at flip-flops. It relies on APB's rule that
//     PWRITE, PADDR and PWDATA hold from SETUP to the end of the transfer; a
//     master that breaks it may write a register other than PADDR names.
// Reset: asynchronous, active low (PRESETn).
`default_nettype none

`include "qpac_regmap.vh"

module qpac_apb #(
    parameter integer DEPTH    = 12,
    parameter integer KEY_PIPE = 0, // passed to qpac_unit
    parameter integer PTR_PIPE = 0, // passed to qpac_unit
    parameter integer GLOBAL_STALL = 0, // passed to qpac_unit
    parameter integer QARMA3   = 1, // passed to qpac_unit (0: QARMA5 only)
    parameter integer SIDE_RAM = 0, // passed to qpac_unit (1: side band in RAM)
    parameter integer ACC_SETUP = 0 // passed to qpac_regs (1: decode registered in SETUP)
) (
    input  wire                       clk_i,     // PCLK
    input  wire                       rst_ni,    // PRESETn
    input  wire                       psel_i,
    input  wire                       penable_i,
    input  wire                       pwrite_i,
    input  wire [`QPAC_ADDR_BITS-1:0] paddr_i,
    input  wire [31:0]                pwdata_i,
    output wire [31:0]                prdata_o,
    output wire                       pready_o,
    output wire                       pslverr_o
);

// the access phase of an APB transfer is one register-block access
qpac_regs #(.DEPTH(DEPTH), .KEY_PIPE(KEY_PIPE), .PTR_PIPE(PTR_PIPE),
            .GLOBAL_STALL(GLOBAL_STALL), .QARMA3(QARMA3), .SIDE_RAM(SIDE_RAM),
            .ACC_SETUP(ACC_SETUP)) u_regs (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .acc_i(psel_i && penable_i), .we_i(pwrite_i), .addr_i(paddr_i), .wdata_i(pwdata_i),
    .rdata_o(prdata_o), .ready_o(pready_o), .err_o(pslverr_o));

endmodule

`default_nettype wire

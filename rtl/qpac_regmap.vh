// generated from regmap/qpac.regs by scripts/gen_regmap.py: do not edit
`ifndef QPAC_REGMAP_VH
`define QPAC_REGMAP_VH

`define QPAC_ADDR_BITS 32'h00000008 // byte address width of the register wrapper
`define QPAC_NAME0_VALUE 32'h71706163 // ASCII 'qpac'
`define QPAC_NAME1_VALUE 32'h756e6974 // ASCII 'unit'
`define QPAC_VERSION_VALUE 32'h00000100 // major<23:16>.minor<15:8>.patch<7:0> = 0.1.0

`define QPAC_ENC_OP_W 3
`define QPAC_ENC_KEY_W 3
`define QPAC_ENC_ALG_W 1
`define QPAC_ENC_FEAT_W 3
`define QPAC_ENC_OP_PAC 3'd0 // AddPAC: PACIA, PACIB, PACDA, PACDB
`define QPAC_ENC_OP_AUT 3'd1 // Auth, standalone: AUTIA, AUTIB, AUTDA, AUTDB
`define QPAC_ENC_OP_AUTC 3'd2 // Auth, combined: BRAA/BRAB (IA/IB), LDRAA/LDRAB (DA/DB, modifier 0)
`define QPAC_ENC_OP_XPAC 3'd3 // Strip: XPACI (IA/IB), XPACD (DA/DB)
`define QPAC_ENC_OP_PACGA 3'd4 // AddPACGA (key GA)
`define QPAC_ENC_KEY_IA 3'd0 // instruction key A
`define QPAC_ENC_KEY_IB 3'd1 // instruction key B
`define QPAC_ENC_KEY_DA 3'd2 // data key A
`define QPAC_ENC_KEY_DB 3'd3 // data key B
`define QPAC_ENC_KEY_GA 3'd4 // generic key
`define QPAC_ENC_ALG_QARMA5 1'd0 // FEAT_PACQARMA5
`define QPAC_ENC_ALG_QARMA3 1'd1 // FEAT_PACQARMA3
`define QPAC_ENC_FEAT_PAUTH 3'd1 // FEAT_PAuth: error code on a failed AUT
`define QPAC_ENC_FEAT_EPAC 3'd2 // FEAT_EPAC: PAC = 0 for a non-canonical pointer
`define QPAC_ENC_FEAT_PAUTH2 3'd3 // FEAT_PAuth2: XOR insertion, no error code
`define QPAC_ENC_FEAT_FPAC 3'd4 // FEAT_FPAC: standalone AUT faults
`define QPAC_ENC_FEAT_FPACCOMBINE 3'd5 // FEAT_FPACCOMBINE: combined AUT faults too

`define QPAC_REG_NAME0 8'h00 // ro: core name, first word
`define QPAC_REG_NAME0_RESET 32'h71706163
`define QPAC_REG_NAME1 8'h04 // ro: core name, second word
`define QPAC_REG_NAME1_RESET 32'h756e6974
`define QPAC_REG_VERSION 8'h08 // ro: core version
`define QPAC_REG_VERSION_RESET 32'h00000100
`define QPAC_REG_CAPS 8'h0c // ro: build parameters (read-only, value set by the RTL parameters)
`define QPAC_REG_CAPS_RESET 32'h00000000
`define QPAC_REG_CFG 8'h10 // rw: configuration (spec 2, 3.1)
`define QPAC_REG_CFG_RESET 32'h10001010
`define QPAC_REG_TSZLIM 8'h14 // rw: TxSZ clamp limits; writes are clamped into the legal ranges
`define QPAC_REG_TSZLIM_RESET 32'h00003010
`define QPAC_REG_CTRL 8'h18 // wo: command: write to start an operation or commit a key
`define QPAC_REG_CTRL_RESET 32'h00000000
`define QPAC_REG_STATUS 8'h1c // ro: status
`define QPAC_REG_STATUS_RESET 32'h00000000
`define QPAC_REG_OPX_LO 8'h20 // rw: operand X<31:0>: pointer, or PACGA Xn
`define QPAC_REG_OPX_LO_RESET 32'h00000000
`define QPAC_REG_OPX_HI 8'h24 // rw: operand X<63:32>
`define QPAC_REG_OPX_HI_RESET 32'h00000000
`define QPAC_REG_OPY_LO 8'h28 // rw: operand Y<31:0>: modifier, or PACGA Xm
`define QPAC_REG_OPY_LO_RESET 32'h00000000
`define QPAC_REG_OPY_HI 8'h2c // rw: operand Y<63:32>
`define QPAC_REG_OPY_HI_RESET 32'h00000000
`define QPAC_REG_RES_LO 8'h30 // ro: result<31:0>
`define QPAC_REG_RES_LO_RESET 32'h00000000
`define QPAC_REG_RES_HI 8'h34 // ro: result<63:32>
`define QPAC_REG_RES_HI_RESET 32'h00000000
`define QPAC_REG_KEYHI_LO 8'h40 // wo: key staging K<95:64> (KeyHi<31:0>); reads return 0
`define QPAC_REG_KEYHI_LO_RESET 32'h00000000
`define QPAC_REG_KEYHI_HI 8'h44 // wo: key staging K<127:96> (KeyHi<63:32>); reads return 0
`define QPAC_REG_KEYHI_HI_RESET 32'h00000000
`define QPAC_REG_KEYLO_LO 8'h48 // wo: key staging K<31:0> (KeyLo<31:0>); reads return 0
`define QPAC_REG_KEYLO_LO_RESET 32'h00000000
`define QPAC_REG_KEYLO_HI 8'h4c // wo: key staging K<63:32> (KeyLo<63:32>); reads return 0
`define QPAC_REG_KEYLO_HI_RESET 32'h00000000

`define QPAC_CAPS_LATENCY 7:0 // cycles from operation accepted to result valid in qpac_unit
`define QPAC_CAPS_DEPTH 15:8 // pipeline depth parameter
`define QPAC_CFG_T0SZ 5:0 // T0SZ (0..63)
`define QPAC_CFG_T1SZ 13:8 // T1SZ (0..63)
`define QPAC_CFG_TBI0 16:16 // TBI0
`define QPAC_CFG_TBI1 17:17 // TBI1
`define QPAC_CFG_TBID0 18:18 // TBID0
`define QPAC_CFG_TBID1 19:19 // TBID1
`define QPAC_CFG_SINGLE 20:20 // 1: single-range regime (uses T0SZ, TBI0, TBID0)
`define QPAC_CFG_ALG 24:24 // algorithm (ALG encoding)
`define QPAC_CFG_FEAT 30:28 // feature level (FEAT encoding, 1..5; other values read as 1)
`define QPAC_TSZLIM_TSZMIN 5:0 // minimum TxSZ (12..16)
`define QPAC_TSZLIM_TSZMAX 13:8 // maximum TxSZ (39..48)
`define QPAC_CTRL_START 0:0 // 1: start operation OP with key KEY on OPX, OPY
`define QPAC_CTRL_KEYWR 1:1 // 1: copy the key staging registers to key KEY and clear them (rule KEY_STAGING)
`define QPAC_CTRL_OP 6:4 // operation (OP encoding)
`define QPAC_CTRL_KEY 10:8 // key select (KEY encoding)
`define QPAC_STATUS_DONE 0:0 // result of the last START valid in RES
`define QPAC_STATUS_BUSY 1:1 // an operation or key write is in progress
`define QPAC_STATUS_FAULT 2:2 // the last result is a PAC Fail (FEAT_FPAC/FPACCOMBINE)

`endif // QPAC_REGMAP_VH

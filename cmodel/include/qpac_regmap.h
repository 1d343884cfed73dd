/* generated from regmap/qpac.regs by scripts/gen_regmap.py: do not edit */
#ifndef QPAC_REGMAP_H
#define QPAC_REGMAP_H

#define QPAC_ADDR_BITS 0x00000008u /* byte address width of the register wrapper */
#define QPAC_NAME0_VALUE 0x71706163u /* ASCII 'qpac' */
#define QPAC_NAME1_VALUE 0x756e6974u /* ASCII 'unit' */
#define QPAC_VERSION_VALUE 0x00000100u /* major<23:16>.minor<15:8>.patch<7:0> = 0.1.0 */

#define QPAC_ENC_OP_PAC 0 /* AddPAC: PACIA, PACIB, PACDA, PACDB */
#define QPAC_ENC_OP_AUT 1 /* Auth, standalone: AUTIA, AUTIB, AUTDA, AUTDB */
#define QPAC_ENC_OP_AUTC 2 /* Auth, combined: BRAA/BRAB (IA/IB), LDRAA/LDRAB (DA/DB, modifier 0) */
#define QPAC_ENC_OP_XPAC 3 /* Strip: XPACI (IA/IB), XPACD (DA/DB) */
#define QPAC_ENC_OP_PACGA 4 /* AddPACGA (key GA) */
#define QPAC_ENC_KEY_IA 0 /* instruction key A */
#define QPAC_ENC_KEY_IB 1 /* instruction key B */
#define QPAC_ENC_KEY_DA 2 /* data key A */
#define QPAC_ENC_KEY_DB 3 /* data key B */
#define QPAC_ENC_KEY_GA 4 /* generic key */
#define QPAC_ENC_ALG_QARMA5 0 /* FEAT_PACQARMA5 */
#define QPAC_ENC_ALG_QARMA3 1 /* FEAT_PACQARMA3 */
#define QPAC_ENC_FEAT_PAUTH 1 /* FEAT_PAuth: error code on a failed AUT */
#define QPAC_ENC_FEAT_EPAC 2 /* FEAT_EPAC: PAC = 0 for a non-canonical pointer */
#define QPAC_ENC_FEAT_PAUTH2 3 /* FEAT_PAuth2: XOR insertion, no error code */
#define QPAC_ENC_FEAT_FPAC 4 /* FEAT_FPAC: standalone AUT faults */
#define QPAC_ENC_FEAT_FPACCOMBINE 5 /* FEAT_FPACCOMBINE: combined AUT faults too */

#define QPAC_REG_NAME0 0x00u /* ro: core name, first word */
#define QPAC_REG_NAME0_RESET 0x71706163u
#define QPAC_REG_NAME1 0x04u /* ro: core name, second word */
#define QPAC_REG_NAME1_RESET 0x756e6974u
#define QPAC_REG_VERSION 0x08u /* ro: core version */
#define QPAC_REG_VERSION_RESET 0x00000100u
#define QPAC_REG_CAPS 0x0cu /* ro: build parameters (read-only, value set by the RTL parameters) */
#define QPAC_REG_CAPS_RESET 0x00000000u
#define QPAC_REG_CFG 0x10u /* rw: configuration (spec 2, 3.1) */
#define QPAC_REG_CFG_RESET 0x10001010u
#define QPAC_REG_TSZLIM 0x14u /* rw: TxSZ clamp limits; writes are clamped into the legal ranges */
#define QPAC_REG_TSZLIM_RESET 0x00003010u
#define QPAC_REG_CTRL 0x18u /* wo: command: write to start an operation or commit a key */
#define QPAC_REG_CTRL_RESET 0x00000000u
#define QPAC_REG_STATUS 0x1cu /* ro: status */
#define QPAC_REG_STATUS_RESET 0x00000000u
#define QPAC_REG_OPX_LO 0x20u /* rw: operand X<31:0>: pointer, or PACGA Xn */
#define QPAC_REG_OPX_LO_RESET 0x00000000u
#define QPAC_REG_OPX_HI 0x24u /* rw: operand X<63:32> */
#define QPAC_REG_OPX_HI_RESET 0x00000000u
#define QPAC_REG_OPY_LO 0x28u /* rw: operand Y<31:0>: modifier, or PACGA Xm */
#define QPAC_REG_OPY_LO_RESET 0x00000000u
#define QPAC_REG_OPY_HI 0x2cu /* rw: operand Y<63:32> */
#define QPAC_REG_OPY_HI_RESET 0x00000000u
#define QPAC_REG_RES_LO 0x30u /* ro: result<31:0> */
#define QPAC_REG_RES_LO_RESET 0x00000000u
#define QPAC_REG_RES_HI 0x34u /* ro: result<63:32> */
#define QPAC_REG_RES_HI_RESET 0x00000000u
#define QPAC_REG_KEYHI_LO 0x40u /* wo: key staging K<95:64> (KeyHi<31:0>); reads return 0 */
#define QPAC_REG_KEYHI_LO_RESET 0x00000000u
#define QPAC_REG_KEYHI_HI 0x44u /* wo: key staging K<127:96> (KeyHi<63:32>); reads return 0 */
#define QPAC_REG_KEYHI_HI_RESET 0x00000000u
#define QPAC_REG_KEYLO_LO 0x48u /* wo: key staging K<31:0> (KeyLo<31:0>); reads return 0 */
#define QPAC_REG_KEYLO_LO_RESET 0x00000000u
#define QPAC_REG_KEYLO_HI 0x4cu /* wo: key staging K<63:32> (KeyLo<63:32>); reads return 0 */
#define QPAC_REG_KEYLO_HI_RESET 0x00000000u

#define QPAC_CAPS_LATENCY_LSB 0 /* cycles from operation accepted to result valid in qpac_unit */
#define QPAC_CAPS_LATENCY_MASK 0x000000ffu
#define QPAC_CAPS_DEPTH_LSB 8 /* pipeline depth parameter */
#define QPAC_CAPS_DEPTH_MASK 0x0000ff00u
#define QPAC_CFG_T0SZ_LSB 0 /* T0SZ (0..63) */
#define QPAC_CFG_T0SZ_MASK 0x0000003fu
#define QPAC_CFG_T1SZ_LSB 8 /* T1SZ (0..63) */
#define QPAC_CFG_T1SZ_MASK 0x00003f00u
#define QPAC_CFG_TBI0_LSB 16 /* TBI0 */
#define QPAC_CFG_TBI0_MASK 0x00010000u
#define QPAC_CFG_TBI1_LSB 17 /* TBI1 */
#define QPAC_CFG_TBI1_MASK 0x00020000u
#define QPAC_CFG_TBID0_LSB 18 /* TBID0 */
#define QPAC_CFG_TBID0_MASK 0x00040000u
#define QPAC_CFG_TBID1_LSB 19 /* TBID1 */
#define QPAC_CFG_TBID1_MASK 0x00080000u
#define QPAC_CFG_SINGLE_LSB 20 /* 1: single-range regime (uses T0SZ, TBI0, TBID0) */
#define QPAC_CFG_SINGLE_MASK 0x00100000u
#define QPAC_CFG_ALG_LSB 24 /* algorithm (ALG encoding) */
#define QPAC_CFG_ALG_MASK 0x01000000u
#define QPAC_CFG_FEAT_LSB 28 /* feature level (FEAT encoding, 1..5; other values read as 1) */
#define QPAC_CFG_FEAT_MASK 0x70000000u
#define QPAC_TSZLIM_TSZMIN_LSB 0 /* minimum TxSZ (12..16) */
#define QPAC_TSZLIM_TSZMIN_MASK 0x0000003fu
#define QPAC_TSZLIM_TSZMAX_LSB 8 /* maximum TxSZ (39..48) */
#define QPAC_TSZLIM_TSZMAX_MASK 0x00003f00u
#define QPAC_CTRL_START_LSB 0 /* 1: start operation OP with key KEY on OPX, OPY */
#define QPAC_CTRL_START_MASK 0x00000001u
#define QPAC_CTRL_KEYWR_LSB 1 /* 1: copy the key staging registers to key KEY and clear them (rule KEY_STAGING) */
#define QPAC_CTRL_KEYWR_MASK 0x00000002u
#define QPAC_CTRL_OP_LSB 4 /* operation (OP encoding) */
#define QPAC_CTRL_OP_MASK 0x00000070u
#define QPAC_CTRL_KEY_LSB 8 /* key select (KEY encoding) */
#define QPAC_CTRL_KEY_MASK 0x00000700u
#define QPAC_STATUS_DONE_LSB 0 /* result of the last START valid in RES */
#define QPAC_STATUS_DONE_MASK 0x00000001u
#define QPAC_STATUS_BUSY_LSB 1 /* an operation or key write is in progress */
#define QPAC_STATUS_BUSY_MASK 0x00000002u
#define QPAC_STATUS_FAULT_LSB 2 /* the last result is a PAC Fail (FEAT_FPAC/FPACCOMBINE) */
#define QPAC_STATUS_FAULT_MASK 0x00000004u

#endif /* QPAC_REGMAP_H */

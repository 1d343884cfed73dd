/*
 * exec.c - the PAC unit as a whole: configuration defaults and validation,
 * state init/wipe, register packing (layout from qpac_regmap.h), one
 * operation (qpac_exec), mnemonics and names.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "qpac.h"

void qpac_config_init(qpac_config *cfg)
{
    if (!cfg)
        return;
    memset(cfg, 0, sizeof *cfg);
    cfg->t0sz = 16;
    cfg->t1sz = 16;
    cfg->ranges = 2;
    cfg->tszmin = QPAC_TSZMIN_HI;
    cfg->tszmax = QPAC_TSZMAX_HI;
    cfg->alg = QPAC_ALG_QARMA5;
    cfg->feat = QPAC_FEAT_PAUTH;
    cfg->compat = QPAC_COMPAT_ARCH;
}

int qpac_config_check(const qpac_config *cfg)
{
    if (!cfg)
        return QPAC_EINVAL;
    if (cfg->t0sz > 63 || cfg->t1sz > 63)
        return QPAC_EINVAL;
    if (cfg->tbi0 > 1 || cfg->tbi1 > 1 || cfg->tbid0 > 1 || cfg->tbid1 > 1)
        return QPAC_EINVAL;
    if (cfg->ranges != 1 && cfg->ranges != 2)
        return QPAC_EINVAL;
    if (cfg->tszmin < QPAC_TSZMIN_LO || cfg->tszmin > QPAC_TSZMIN_HI)
        return QPAC_EINVAL;
    if (cfg->tszmax < QPAC_TSZMAX_LO || cfg->tszmax > QPAC_TSZMAX_HI)
        return QPAC_EINVAL;
    if (cfg->alg != QPAC_ALG_QARMA5 && cfg->alg != QPAC_ALG_QARMA3)
        return QPAC_EINVAL;
    if ((unsigned)cfg->feat < QPAC_FEAT_PAUTH || (unsigned)cfg->feat > QPAC_FEAT_FPACCOMBINE)
        return QPAC_EINVAL;
    if (cfg->compat != QPAC_COMPAT_ARCH && cfg->compat != QPAC_COMPAT_QEMU)
        return QPAC_EINVAL;
    return QPAC_OK;
}

void qpac_state_init(qpac_state *st)
{
    if (!st)
        return;
    qpac_config_init(&st->cfg);
    memset(st->key, 0, sizeof st->key);
}

/* Zero the keys through a volatile pointer so the stores cannot be removed
 * as dead, then a compiler barrier. */
void qpac_state_wipe(qpac_state *st)
{
    if (!st)
        return;
    volatile unsigned char *p = (volatile unsigned char *)st->key;
    for (size_t i = 0; i < sizeof st->key; i++)
        p[i] = 0;
    __asm__ __volatile__("" : : "r"(st->key) : "memory");
}

static uint32_t field(unsigned v, unsigned lsb, uint32_t mask)
{
    return ((uint32_t)v << lsb) & mask;
}

uint32_t qpac_config_to_cfg_reg(const qpac_config *cfg)
{
    return field(cfg->t0sz, QPAC_CFG_T0SZ_LSB, QPAC_CFG_T0SZ_MASK) |
           field(cfg->t1sz, QPAC_CFG_T1SZ_LSB, QPAC_CFG_T1SZ_MASK) |
           field(cfg->tbi0, QPAC_CFG_TBI0_LSB, QPAC_CFG_TBI0_MASK) |
           field(cfg->tbi1, QPAC_CFG_TBI1_LSB, QPAC_CFG_TBI1_MASK) |
           field(cfg->tbid0, QPAC_CFG_TBID0_LSB, QPAC_CFG_TBID0_MASK) |
           field(cfg->tbid1, QPAC_CFG_TBID1_LSB, QPAC_CFG_TBID1_MASK) |
           field(cfg->ranges == 1, QPAC_CFG_SINGLE_LSB, QPAC_CFG_SINGLE_MASK) |
           field((unsigned)cfg->alg, QPAC_CFG_ALG_LSB, QPAC_CFG_ALG_MASK) |
           field((unsigned)cfg->feat, QPAC_CFG_FEAT_LSB, QPAC_CFG_FEAT_MASK);
}

uint32_t qpac_config_to_tszlim_reg(const qpac_config *cfg)
{
    return field(cfg->tszmin, QPAC_TSZLIM_TSZMIN_LSB, QPAC_TSZLIM_TSZMIN_MASK) |
           field(cfg->tszmax, QPAC_TSZLIM_TSZMAX_LSB, QPAC_TSZLIM_TSZMAX_MASK);
}

int qpac_unit_shape_check(const qpac_unit_shape *s)
{
    if (!s || s->depth > QPAC_UNIT_DEPTH_MAX || s->ptr_pipe > 1 || s->global_stall > 1 ||
        s->key_pipe > 1)
        return QPAC_EINVAL;
    return 0;
}

int qpac_unit_latency(const qpac_unit_shape *s)
{
    if (qpac_unit_shape_check(s))
        return -1;
    return (int)(s->depth + 2 * s->ptr_pipe);
}

static int is_pointer_key(qpac_keyid key)
{
    return key == QPAC_KEY_IA || key == QPAC_KEY_IB || key == QPAC_KEY_DA || key == QPAC_KEY_DB;
}

static int is_data_key(qpac_keyid key) { return key == QPAC_KEY_DA || key == QPAC_KEY_DB; }

/* Valid (op, key) pairs, see the comment on qpac_op in qpac.h. */
static int op_valid(qpac_op op, qpac_keyid key)
{
    switch (op) {
    case QPAC_OP_PAC:
    case QPAC_OP_AUT:
    case QPAC_OP_AUTC:
    case QPAC_OP_XPAC:
        return is_pointer_key(key);
    case QPAC_OP_PACGA:
        return key == QPAC_KEY_GA;
    default:
        return 0;
    }
}

/* AUTC with a data key is LDRAA/LDRAB, whose modifier is 0 (spec 5.4): a
 * non-zero y is rejected rather than silently ignored. */
int qpac_exec(const qpac_state *st, qpac_op op, qpac_keyid key, uint64_t x,
              uint64_t y, qpac_result *res)
{
    if (!st || !res || !op_valid(op, key) || qpac_config_check(&st->cfg) != QPAC_OK)
        return QPAC_EINVAL;
    if (op == QPAC_OP_AUTC && is_data_key(key) && y != 0)
        return QPAC_EINVAL;

    const qpac_config *cfg = &st->cfg;
    const qpac_key *k = &st->key[key];
    const int data = is_data_key(key);
    const int key_number = (key == QPAC_KEY_IB || key == QPAC_KEY_DB);

    res->fault = 0;
    switch (op) {
    case QPAC_OP_PAC:
        res->value = qpac_AddPAC(cfg, x, y, k, data);
        break;
    case QPAC_OP_AUT:
    case QPAC_OP_AUTC:
        res->value = qpac_Auth(cfg, x, y, k, data, key_number, op == QPAC_OP_AUTC, &res->fault);
        break;
    case QPAC_OP_XPAC:
        res->value = qpac_Strip(cfg, x, data);
        break;
    case QPAC_OP_PACGA:
        res->value = qpac_AddPACGA(cfg, x, y, k);
        break;
    }
    return QPAC_OK;
}

/* Mnemonic table: the key select completes the instruction. XPAC with IB or
 * DB prints as xpaci/xpacd; parsing gives IA or DA. */
static const struct {
    const char *name;
    qpac_op op;
    qpac_keyid key;
} mnemonics[] = {
    {"pacia", QPAC_OP_PAC, QPAC_KEY_IA},   {"pacib", QPAC_OP_PAC, QPAC_KEY_IB},
    {"pacda", QPAC_OP_PAC, QPAC_KEY_DA},   {"pacdb", QPAC_OP_PAC, QPAC_KEY_DB},
    {"autia", QPAC_OP_AUT, QPAC_KEY_IA},   {"autib", QPAC_OP_AUT, QPAC_KEY_IB},
    {"autda", QPAC_OP_AUT, QPAC_KEY_DA},   {"autdb", QPAC_OP_AUT, QPAC_KEY_DB},
    {"braa", QPAC_OP_AUTC, QPAC_KEY_IA},   {"brab", QPAC_OP_AUTC, QPAC_KEY_IB},
    {"ldraa", QPAC_OP_AUTC, QPAC_KEY_DA},  {"ldrab", QPAC_OP_AUTC, QPAC_KEY_DB},
    {"xpaci", QPAC_OP_XPAC, QPAC_KEY_IA},  {"xpacd", QPAC_OP_XPAC, QPAC_KEY_DA},
    {"pacga", QPAC_OP_PACGA, QPAC_KEY_GA},
};
#define NMNEMONICS (sizeof mnemonics / sizeof mnemonics[0])

const char *qpac_mnemonic(qpac_op op, qpac_keyid key)
{
    if (!op_valid(op, key))
        return NULL;
    if (op == QPAC_OP_XPAC)
        return is_data_key(key) ? "xpacd" : "xpaci";
    for (size_t i = 0; i < NMNEMONICS; i++)
        if (mnemonics[i].op == op && mnemonics[i].key == key)
            return mnemonics[i].name;
    return NULL;
}

int qpac_mnemonic_parse(const char *name, qpac_op *op, qpac_keyid *key)
{
    if (!name || !op || !key)
        return QPAC_EINVAL;
    for (size_t i = 0; i < NMNEMONICS; i++)
        if (!strcmp(name, mnemonics[i].name)) {
            *op = mnemonics[i].op;
            *key = mnemonics[i].key;
            return QPAC_OK;
        }
    return QPAC_EINVAL;
}

/* XPAC and LDRA* take a pointer only; the rest a pointer (or Xn) and a
 * modifier (or Xm). */
int qpac_op_nargs(qpac_op op, qpac_keyid key)
{
    if (!op_valid(op, key))
        return QPAC_EINVAL;
    if (op == QPAC_OP_XPAC || (op == QPAC_OP_AUTC && is_data_key(key)))
        return 1;
    return 2;
}

const char *qpac_alg_name(qpac_alg alg)
{
    switch (alg) {
    case QPAC_ALG_QARMA5: return "qarma5";
    case QPAC_ALG_QARMA3: return "qarma3";
    default: return NULL;
    }
}

const char *qpac_feat_name(qpac_feat feat)
{
    switch (feat) {
    case QPAC_FEAT_PAUTH: return "pauth";
    case QPAC_FEAT_EPAC: return "epac";
    case QPAC_FEAT_PAUTH2: return "pauth2";
    case QPAC_FEAT_FPAC: return "fpac";
    case QPAC_FEAT_FPACCOMBINE: return "fpaccombine";
    default: return NULL;
    }
}

const char *qpac_key_name(qpac_keyid key)
{
    static const char *const names[QPAC_NKEYS] = {"ia", "ib", "da", "db", "ga"};
    if ((unsigned)key >= QPAC_NKEYS)
        return NULL;
    return names[key];
}

/*
 * exec.c - the PAC unit as a whole: state init/wipe, the unit's shape, one
 * operation (qpac_exec), mnemonics and names (configuration: config.c).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "qpac.h"

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

int qpac_exec_unit(const qpac_state *st, unsigned op, unsigned key, uint64_t x, uint64_t y,
                   qpac_result *res)
{
    if (op <= QPAC_OP_PACGA && key < QPAC_NKEYS &&
        qpac_exec(st, (qpac_op)op, (qpac_keyid)key, x, y, res) == QPAC_OK)
        return 0;
    res->value = 0;
    res->fault = 0;
    return 1;
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

const char *qpac_key_name(qpac_keyid key)
{
    static const char *const names[QPAC_NKEYS] = {"ia", "ib", "da", "db", "ga"};
    if ((unsigned)key >= QPAC_NKEYS)
        return NULL;
    return names[key];
}

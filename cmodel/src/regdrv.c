/*
 * regdrv.c - the register driver (qpac_regdrv.h): sequences built from the
 * generated register map (qpac_regmap.h) and the configuration table.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stddef.h>
#include <stdint.h>

#include "qpac_regdrv.h"

static uint32_t put(unsigned v, unsigned lsb, uint32_t mask) { return ((uint32_t)v << lsb) & mask; }
static unsigned get(uint32_t w, unsigned lsb, uint32_t mask) { return (unsigned)((w & mask) >> lsb); }

uint32_t qpac_ctrl_word(unsigned start, unsigned keywr, unsigned op, unsigned key)
{
    return put(start, QPAC_CTRL_START_LSB, QPAC_CTRL_START_MASK) |
           put(keywr, QPAC_CTRL_KEYWR_LSB, QPAC_CTRL_KEYWR_MASK) |
           put(op, QPAC_CTRL_OP_LSB, QPAC_CTRL_OP_MASK) |
           put(key, QPAC_CTRL_KEY_LSB, QPAC_CTRL_KEY_MASK);
}

size_t qpac_regseq_cfg(const qpac_config *cfg, qpac_reg_write w[QPAC_REGSEQ_MAX])
{
    w[0] = (qpac_reg_write){QPAC_REG_CFG, qpac_config_to_cfg_reg(cfg)};
    w[1] = (qpac_reg_write){QPAC_REG_TSZLIM, qpac_config_to_tszlim_reg(cfg)};
    return 2;
}

static size_t seq64(uint32_t lo_reg, uint32_t hi_reg, uint64_t v, qpac_reg_write *w)
{
    w[0] = (qpac_reg_write){lo_reg, (uint32_t)v};
    w[1] = (qpac_reg_write){hi_reg, (uint32_t)(v >> 32)};
    return 2;
}

size_t qpac_regseq_key(unsigned id, const qpac_key *k, qpac_reg_write w[QPAC_REGSEQ_MAX])
{
    seq64(QPAC_REG_KEYHI_LO, QPAC_REG_KEYHI_HI, k->hi, w);
    seq64(QPAC_REG_KEYLO_LO, QPAC_REG_KEYLO_HI, k->lo, w + 2);
    w[4] = (qpac_reg_write){QPAC_REG_CTRL, qpac_ctrl_word(0, 1, 0, id)};
    return 5;
}

size_t qpac_regseq_op(unsigned op, unsigned key, uint64_t x, uint64_t y,
                      qpac_reg_write w[QPAC_REGSEQ_MAX])
{
    seq64(QPAC_REG_OPX_LO, QPAC_REG_OPX_HI, x, w);
    seq64(QPAC_REG_OPY_LO, QPAC_REG_OPY_HI, y, w + 2);
    w[4] = (qpac_reg_write){QPAC_REG_CTRL, qpac_ctrl_word(1, 0, op, key)};
    return 5;
}

static int rd(const qpac_regdrv *d, uint32_t addr, uint32_t *v)
{
    return d->read32(d->arg, addr, v) ? QPAC_EBUS : 0;
}

int qpac_regdrv_write(const qpac_regdrv *d, const qpac_reg_write *w, size_t n)
{
    if (d->write_seq)
        return d->write_seq(d->arg, w, n) ? QPAC_EBUS : 0;
    for (size_t i = 0; i < n; i++)
        if (d->write32(d->arg, w[i].addr, w[i].data))
            return QPAC_EBUS;
    return 0;
}

int qpac_regdrv_identify(const qpac_regdrv *d, qpac_regdrv_id *id)
{
    uint32_t ver, caps;
    if (rd(d, QPAC_REG_NAME0, &id->name0) || rd(d, QPAC_REG_NAME1, &id->name1) ||
        rd(d, QPAC_REG_VERSION, &ver) || rd(d, QPAC_REG_CAPS, &caps))
        return QPAC_EBUS;
    id->major = ver >> 16 & 0xff;
    id->minor = ver >> 8 & 0xff;
    id->patch = ver & 0xff;
    id->depth = get(caps, QPAC_CAPS_DEPTH_LSB, QPAC_CAPS_DEPTH_MASK);
    id->latency = get(caps, QPAC_CAPS_LATENCY_LSB, QPAC_CAPS_LATENCY_MASK);
    return id->name0 == QPAC_NAME0_VALUE && id->name1 == QPAC_NAME1_VALUE ? 0 : QPAC_EINVAL;
}

int qpac_regdrv_wait(const qpac_regdrv *d, uint32_t *status)
{
    unsigned n = d->max_polls ? d->max_polls : QPAC_REGDRV_POLLS;
    for (unsigned i = 0; i < n; i++) {
        if (rd(d, QPAC_REG_STATUS, status))
            return QPAC_EBUS;
        if (!(*status & QPAC_STATUS_BUSY_MASK))
            return 0;
    }
    return QPAC_EHUNG;
}

static int write_wait(const qpac_regdrv *d, const qpac_reg_write *w, size_t n, uint32_t *status)
{
    int rc = qpac_regdrv_write(d, w, n);
    return rc ? rc : qpac_regdrv_wait(d, status);
}

int qpac_regdrv_set_cfg(const qpac_regdrv *d, const qpac_config *cfg)
{
    qpac_reg_write w[QPAC_REGSEQ_MAX];
    uint32_t st;
    return write_wait(d, w, qpac_regseq_cfg(cfg, w), &st);
}

int qpac_regdrv_set_key(const qpac_regdrv *d, unsigned id, const qpac_key *k)
{
    qpac_reg_write w[QPAC_REGSEQ_MAX];
    uint32_t st;
    int rc = write_wait(d, w, qpac_regseq_key(id, k, w), &st);
    for (size_t i = 0; i < 4; i++) /* no key material left on the stack */
        ((volatile qpac_reg_write *)w)[i].data = 0;
    return rc;
}

int qpac_regdrv_exec(const qpac_regdrv *d, unsigned op, unsigned key, uint64_t x, uint64_t y,
                     qpac_result *res)
{
    qpac_reg_write w[QPAC_REGSEQ_MAX];
    uint32_t st, lo, hi;
    int rc = write_wait(d, w, qpac_regseq_op(op, key, x, y, w), &st);
    if (rc)
        return rc;
    if (!(st & QPAC_STATUS_DONE_MASK))
        return QPAC_ENOTDONE;
    if (rd(d, QPAC_REG_RES_LO, &lo) || rd(d, QPAC_REG_RES_HI, &hi))
        return QPAC_EBUS;
    res->value = (uint64_t)hi << 32 | lo;
    res->fault = (st & QPAC_STATUS_FAULT_MASK) != 0;
    return 0;
}

const char *qpac_regdrv_strerror(int rc)
{
    switch (rc) {
    case 0: return "ok";
    case QPAC_EBUS: return "register access failed";
    case QPAC_EHUNG: return "STATUS.BUSY stuck";
    case QPAC_ENOTDONE: return "STATUS.DONE not set after START";
    case QPAC_EINVAL: return "not a qpac unit (NAME0/NAME1)";
    default: return "unknown error";
    }
}

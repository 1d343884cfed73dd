/*
 * config.c - the configuration fields (spec 2, 3.1): their one table, and
 * what it drives here: defaults, checks, names of values, the CFG/TSZLIM
 * register packing in both directions (layout from qpac_regmap.h), the
 * library version.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "qpac.h"

static const char *const alg_names[] = {"qarma5", "qarma3"};
static const char *const feat_names[] = {"pauth", "epac", "pauth2", "fpac", "fpaccombine"};
static const char *const compat_names[] = {"arch", "qemu"};

#define CFG(F) QPAC_REG_CFG, QPAC_CFG_##F##_MASK, QPAC_CFG_##F##_LSB
#define TSZLIM(F) QPAC_REG_TSZLIM, QPAC_TSZLIM_##F##_MASK, QPAC_TSZLIM_##F##_LSB

static const qpac_field_info fields[QPAC_NFIELDS] = {
    /* name, what, lo, hi, default, value names, register, reg_is_lo, reg_clamp, doc */
    [QPAC_FIELD_T0SZ] = {"t0sz", "T0SZ", 0, 63, 16, NULL, CFG(T0SZ), 0, 0,
                         "TxSZ of the lower range (the only one with ranges=1), clamped to "
                         "[tszmin, tszmax] (spec 2.3)"},
    [QPAC_FIELD_T1SZ] = {"t1sz", "T1SZ", 0, 63, 16, NULL, CFG(T1SZ), 0, 0,
                         "TxSZ of the upper range, clamped likewise"},
    [QPAC_FIELD_TBI0] = {"tbi0", "TBI0", 0, 1, 0, NULL, CFG(TBI0), 0, 0,
                         "top byte ignore, lower range"},
    [QPAC_FIELD_TBI1] = {"tbi1", "TBI1", 0, 1, 0, NULL, CFG(TBI1), 0, 0,
                         "top byte ignore, upper range"},
    [QPAC_FIELD_TBID0] = {"tbid0", "TBID0", 0, 1, 0, NULL, CFG(TBID0), 0, 0,
                          "TBI for data only, lower range: instruction keys see no TBI"},
    [QPAC_FIELD_TBID1] = {"tbid1", "TBID1", 0, 1, 0, NULL, CFG(TBID1), 0, 0,
                          "TBI for data only, upper range"},
    [QPAC_FIELD_RANGES] = {"ranges", "ranges", 1, 2, 2, NULL, CFG(SINGLE), 1, 0,
                           "2: two VA ranges (EL1&0, bit 55 selects); 1: one range "
                           "(t0sz, tbi0, tbid0)"},
    [QPAC_FIELD_ALG] = {"alg", "algorithm", QPAC_ALG_QARMA5, QPAC_ALG_QARMA3, QPAC_ALG_QARMA5,
                        alg_names, CFG(ALG), 0, 0, "ComputePAC algorithm"},
    [QPAC_FIELD_FEAT] = {"feat", "feature level", QPAC_FEAT_PAUTH, QPAC_FEAT_FPACCOMBINE,
                         QPAC_FEAT_PAUTH, feat_names, CFG(FEAT), 0, 0,
                         "feature level (spec 3.1); a register value outside 1..5 reads as 1"},
    [QPAC_FIELD_TSZMIN] = {"tszmin", "TxSZ minimum", QPAC_TSZMIN_LO, QPAC_TSZMIN_HI,
                           QPAC_TSZMIN_HI, NULL, TSZLIM(TSZMIN), 0, 1,
                           "clamp minimum (12: FEAT_LVA/LPA2); register writes are clamped"},
    [QPAC_FIELD_TSZMAX] = {"tszmax", "TxSZ maximum", QPAC_TSZMAX_LO, QPAC_TSZMAX_HI,
                           QPAC_TSZMAX_HI, NULL, TSZLIM(TSZMAX), 0, 1,
                           "clamp maximum (48: FEAT_TTST, 4 KB granule); register writes "
                           "are clamped"},
    [QPAC_FIELD_COMPAT] = {"compat", "compat", QPAC_COMPAT_ARCH, QPAC_COMPAT_QEMU,
                           QPAC_COMPAT_ARCH, compat_names, 0, 0, 0, 0, 0,
                           "qemu: QEMU's AddPAC extension-bit rule (spec 3.4); software only, "
                           "no register"},
};

const char *qpac_version(void) { return QPAC_VERSION_STRING; }

static const char *value_name(qpac_field f, unsigned v)
{
    const qpac_field_info *d = &fields[f];
    return v >= d->lo && v <= d->hi ? d->names[v - d->lo] : NULL;
}
const char *qpac_alg_name(qpac_alg alg) { return value_name(QPAC_FIELD_ALG, (unsigned)alg); }
const char *qpac_feat_name(qpac_feat feat) { return value_name(QPAC_FIELD_FEAT, (unsigned)feat); }

const qpac_field_info *qpac_field_get(qpac_field f)
{
    return (unsigned)f < QPAC_NFIELDS ? &fields[f] : NULL;
}

int qpac_field_find(const char *name, size_t len)
{
    for (int f = 0; name && f < QPAC_NFIELDS; f++)
        if (strlen(fields[f].name) == len && !memcmp(fields[f].name, name, len))
            return f;
    return -1;
}

/* The one map from a field to its member of qpac_config (inlined into the
 * checks below, where f is a constant after unrolling). */
static inline __attribute__((always_inline)) unsigned field_value(const qpac_config *c,
                                                                  qpac_field f)
{
    switch (f) {
    case QPAC_FIELD_T0SZ: return c->t0sz;
    case QPAC_FIELD_T1SZ: return c->t1sz;
    case QPAC_FIELD_TBI0: return c->tbi0;
    case QPAC_FIELD_TBI1: return c->tbi1;
    case QPAC_FIELD_TBID0: return c->tbid0;
    case QPAC_FIELD_TBID1: return c->tbid1;
    case QPAC_FIELD_RANGES: return c->ranges;
    case QPAC_FIELD_ALG: return (unsigned)c->alg;
    case QPAC_FIELD_FEAT: return (unsigned)c->feat;
    case QPAC_FIELD_TSZMIN: return c->tszmin;
    case QPAC_FIELD_TSZMAX: return c->tszmax;
    case QPAC_FIELD_COMPAT: return (unsigned)c->compat;
    default: return 0;
    }
}

unsigned qpac_config_get(const qpac_config *c, qpac_field f) { return field_value(c, f); }

void qpac_config_set(qpac_config *c, qpac_field f, unsigned v)
{
    switch (f) {
    case QPAC_FIELD_T0SZ: c->t0sz = v; break;
    case QPAC_FIELD_T1SZ: c->t1sz = v; break;
    case QPAC_FIELD_TBI0: c->tbi0 = v; break;
    case QPAC_FIELD_TBI1: c->tbi1 = v; break;
    case QPAC_FIELD_TBID0: c->tbid0 = v; break;
    case QPAC_FIELD_TBID1: c->tbid1 = v; break;
    case QPAC_FIELD_RANGES: c->ranges = v; break;
    case QPAC_FIELD_ALG: c->alg = (qpac_alg)v; break;
    case QPAC_FIELD_FEAT: c->feat = (qpac_feat)v; break;
    case QPAC_FIELD_TSZMIN: c->tszmin = v; break;
    case QPAC_FIELD_TSZMAX: c->tszmax = v; break;
    case QPAC_FIELD_COMPAT: c->compat = (qpac_compat)v; break;
    default: break;
    }
}

void qpac_config_init(qpac_config *cfg)
{
    if (!cfg)
        return;
    memset(cfg, 0, sizeof *cfg);
    for (int f = 0; f < QPAC_NFIELDS; f++)
        qpac_config_set(cfg, (qpac_field)f, fields[f].dflt);
}

int qpac_config_check(const qpac_config *cfg)
{
    if (!cfg)
        return QPAC_EINVAL;
    /* qpac_exec checks on every call: unrolled, each test is one compare of
     * a member with the table's constants, and no branch per field */
    unsigned bad = 0;
#pragma GCC unroll 16
    for (int f = 0; f < QPAC_NFIELDS; f++) {
        unsigned v = field_value(cfg, (qpac_field)f);
        bad |= (unsigned)(v < fields[f].lo) | (unsigned)(v > fields[f].hi);
    }
    return bad ? QPAC_EINVAL : QPAC_OK;
}

static uint32_t pack(const qpac_config *cfg, uint32_t reg)
{
    uint32_t w = 0;
    for (int f = 0; f < QPAC_NFIELDS; f++) {
        const qpac_field_info *d = &fields[f];
        if (d->reg != reg)
            continue;
        unsigned v = qpac_config_get(cfg, (qpac_field)f);
        if (d->reg_is_lo)
            v = v == d->lo;
        w |= ((uint32_t)v << d->lsb) & d->mask;
    }
    return w;
}

uint32_t qpac_config_to_cfg_reg(const qpac_config *cfg) { return pack(cfg, QPAC_REG_CFG); }
uint32_t qpac_config_to_tszlim_reg(const qpac_config *cfg) { return pack(cfg, QPAC_REG_TSZLIM); }

void qpac_config_from_regs(qpac_config *cfg, uint32_t cfg_reg, uint32_t tszlim_reg)
{
    for (int f = 0; f < QPAC_NFIELDS; f++) {
        const qpac_field_info *d = &fields[f];
        unsigned v = d->dflt; /* no register field: the default (compat=arch) */
        if (d->reg) {
            v = ((d->reg == QPAC_REG_CFG ? cfg_reg : tszlim_reg) & d->mask) >> d->lsb;
            if (d->reg_is_lo)
                v = v ? d->lo : d->hi;
            else if (v < d->lo || v > d->hi)
                v = !d->reg_clamp ? d->dflt : v < d->lo ? d->lo : d->hi;
        }
        qpac_config_set(cfg, (qpac_field)f, v);
    }
}

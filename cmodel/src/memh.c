/*
 * memh.c - the RTL vector image format: one fixed-width $readmemh record per
 * configuration write, key write or operation (layout in qpac.h and
 * rtl/README.md). Used by tests/rtl/pvs2memh and `qpac export --format readmemh`.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "qpac_vectors.h"

int qpac_memh_write_header(FILE *fp, const char *source)
{
    if (!fp)
        return QPAC_EIO;
    int r = fprintf(fp,
        "// qpac RTL vector image%s%s: one record a line, 52 hex digits (208 bits)\n"
        "// [207:204] kind: 1 CFG, 2 KEY, 3 OP, 0 end of image ([63:0] = records before it)\n"
        "// [203:200] op (0 PAC, 1 AUT, 2 AUTC, 3 XPAC, 4 PACGA)\n"
        "// [199:196] key (0 IA, 1 IB, 2 DA, 3 DB, 4 GA)\n"
        "// [195:192] expect: 0 none, 1 value, 2 fault\n"
        "// [191:128] x: OP pointer/Xn; KEY K<127:64>; CFG {TSZLIM word, CFG word}\n"
        "// [127:64]  y: OP modifier/Xm; KEY K<63:0>\n"
        "// [63:0]    expected value (on a fault: the value Auth computed)\n",
        source ? " from " : "", source ? source : "");
    return r < 0 ? QPAC_EIO : QPAC_OK;
}

static void put_record(char buf[QPAC_MEMH_DIGITS + 1], unsigned kind, unsigned op,
                       unsigned key, unsigned expect, uint64_t x, uint64_t y, uint64_t v)
{
    snprintf(buf, QPAC_MEMH_DIGITS + 1, "%x%x%x%x%016" PRIx64 "%016" PRIx64 "%016" PRIx64,
             kind & 15u, op & 15u, key & 15u, expect & 15u, x, y, v);
}

void qpac_memh_format_end(char buf[QPAC_MEMH_DIGITS + 1], uint64_t nrec)
{
    put_record(buf, QPAC_MEMH_KIND_END, 0, 0, 0, 0, 0, nrec);
}

int qpac_memh_format(char buf[QPAC_MEMH_DIGITS + 1], const qpac_state *st,
                     const qpac_pvs_item *item, const qpac_result *res)
{
    if (!buf || !st || !item)
        return QPAC_EINVAL;
    buf[0] = '\0';
    switch (item->kind) {
    case QPAC_PVS_CFG: {
        uint64_t x = ((uint64_t)qpac_config_to_tszlim_reg(&st->cfg) << 32) |
                     qpac_config_to_cfg_reg(&st->cfg);
        put_record(buf, QPAC_MEMH_KIND_CFG, 0, 0, 0, x, 0, 0);
        return QPAC_OK;
    }
    case QPAC_PVS_KEY:
        if ((unsigned)item->key >= QPAC_NKEYS)
            return QPAC_EINVAL;
        put_record(buf, QPAC_MEMH_KIND_KEY, 0, (unsigned)item->key, 0,
                   st->key[item->key].hi, st->key[item->key].lo, 0);
        return QPAC_OK;
    case QPAC_PVS_OP: {
        unsigned expect;
        uint64_t value;
        if ((unsigned)item->op > 7u || (unsigned)item->key > 7u)
            return QPAC_EINVAL;
        if (res) {
            expect = res->fault ? QPAC_EXPECT_FAULT : QPAC_EXPECT_VALUE;
            value = res->value;
        } else {
            expect = (unsigned)item->expect;
            value = item->expect == QPAC_EXPECT_NONE ? 0 : item->expected;
        }
        put_record(buf, QPAC_MEMH_KIND_OP, (unsigned)item->op, (unsigned)item->key, expect,
                   item->x, item->y, value);
        return QPAC_OK;
    }
    }
    return QPAC_EINVAL;
}

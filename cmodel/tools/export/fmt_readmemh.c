/*
 * fmt_readmemh.c - `qpac export --format readmemh`: the RTL benches' vector
 * image, 208-bit records formatted by qpac_memh_format (cmodel/src/memh.c),
 * ended by a record holding their number.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "export.h"

typedef struct {
    uint64_t nrec; /* records written */
} memh_t;

static int memh_begin(exporter_t *e)
{
    export_header_lines(e, "// ", "");
    return qpac_memh_write_header(e->fp, "qpac export");
}

static int memh_put(exporter_t *e, const qpac_pvs_item *it, const qpac_result *res)
{
    char rec[QPAC_MEMH_DIGITS + 1];
    if (qpac_memh_format(rec, &e->st, it, res) != QPAC_OK) {
        fprintf(stderr, "qpac export: internal error: record not representable\n");
        return QPAC_EINVAL;
    }
    fputs(rec, e->fp);
    fputc('\n', e->fp);
    ((memh_t *)e->fs)->nrec++;
    return 0;
}

static int memh_cfg(exporter_t *e)
{
    qpac_pvs_item it = {0};
    it.kind = QPAC_PVS_CFG;
    return memh_put(e, &it, NULL);
}

static int memh_key(exporter_t *e, qpac_keyid k)
{
    qpac_pvs_item it = {0};
    it.kind = QPAC_PVS_KEY;
    it.key = k;
    return memh_put(e, &it, NULL);
}

static int memh_op(exporter_t *e, const vec_t *v)
{
    qpac_pvs_item it = export_vec_item(v);
    return memh_put(e, &it, &v->res);
}

static int memh_end(exporter_t *e)
{
    char rec[QPAC_MEMH_DIGITS + 1];
    qpac_memh_format_end(rec, ((memh_t *)e->fs)->nrec);
    fprintf(e->fp, "%s\n", rec);
    return 0;
}

const format_t export_fmt_readmemh = {"readmemh", 1,        sizeof(memh_t), memh_begin,
                                      memh_cfg,   memh_key, memh_op,        memh_end};

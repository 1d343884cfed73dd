/*
 * fmt_pvs.c - `qpac export --format pvs`: the project's vector script, read
 * back by qpac check. begin ... end N (qpac_pvs_next checks N): a cut file
 * fails qpac check.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "export.h"

static int pvs_begin(exporter_t *e)
{
    int r = qpac_pvs_write_begin(e->fp);
    export_header_lines(e, "# ", "");
    return r;
}

static int pvs_cfg(exporter_t *e) { return qpac_pvs_write_cfg(e->fp, &e->st.cfg); }

static int pvs_key(exporter_t *e, qpac_keyid k)
{
    return qpac_pvs_write_key(e->fp, k, &e->st.key[k]);
}

static int pvs_op(exporter_t *e, const vec_t *v)
{
    qpac_pvs_item it = export_vec_item(v);
    it.expect = v->res.fault ? QPAC_EXPECT_FAULT : QPAC_EXPECT_VALUE;
    it.expected = v->res.value;
    it.flags = v->flags;
    return qpac_pvs_write_item(e->fp, &e->st, &it);
}

static int pvs_end(exporter_t *e) { return qpac_pvs_write_end(e->fp, e->nvec); }

const format_t export_fmt_pvs = {"pvs", 0, 0, pvs_begin, pvs_cfg, pvs_key, pvs_op, pvs_end};

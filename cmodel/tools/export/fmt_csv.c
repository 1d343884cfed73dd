/*
 * fmt_csv.c - `qpac export --format csv`: a header row, then one
 * self-contained row per operation (fixed-width hex, the configuration and
 * key it ran with), then "# end N" (the number of vectors, checked by
 * readers).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <inttypes.h>

#include "export.h"

static int csv_begin(exporter_t *e)
{
    export_header_lines(e, "# ", "");
    fprintf(e->fp, "# one row per operation; hex fields are fixed-width without 0x; "
                   "cfg_reg/tszlim_reg are the CFG/TSZLIM register words\n");
    fprintf(e->fp, "id,mnemonic,op,key,x,y,value,fault,aut,flags,");
    export_cfg_names(e->fp, ",");
    fprintf(e->fp, ",cfg_reg,tszlim_reg,key_hi,key_lo\n");
    return 0;
}

static int csv_op(exporter_t *e, const vec_t *v)
{
    const qpac_config *c = &e->st.cfg;
    const qpac_key *k = &e->st.key[v->key];
    char fl[128];
    export_flag_list(v->flags, fl, sizeof fl, "+", 0);
    fprintf(e->fp, "%" PRIu64 ",%s,%u,%u,%016" PRIx64 ",%016" PRIx64 ",%016" PRIx64 ",%d,%s,%s,", v->id,
            qpac_mnemonic(v->op, v->key), (unsigned)v->op, (unsigned)v->key, v->x, v->y, v->res.value, v->res.fault,
            export_aut_name(v->aut), fl);
    export_cfg_values(e->fp, c, ",");
    fprintf(e->fp, ",%08" PRIx32 ",%08" PRIx32 ",%016" PRIx64 ",%016" PRIx64 "\n", qpac_config_to_cfg_reg(c),
            qpac_config_to_tszlim_reg(c), k->hi, k->lo);
    return 0;
}

static int csv_end(exporter_t *e)
{
    fprintf(e->fp, "# end %" PRIu64 "\n", e->nvec);
    return 0;
}

const format_t export_fmt_csv = {"csv", 0, 0, csv_begin, NULL, NULL, csv_op, csv_end};

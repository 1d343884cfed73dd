/*
 * fmt_jsonl.c - `qpac export --format jsonl`: JSON Lines, a header object,
 * one self-contained vector object per operation, then an end object with
 * the number of vectors (checked by readers).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <inttypes.h>

#include "export.h"

static int jsonl_begin(exporter_t *e)
{
    fprintf(e->fp,
            "{\"kind\":\"header\",\"generator\":\"qpac export\",\"version\":\"%s\","
            "\"seed\":%" PRIu64 ",\"options\":\"%s\"}\n",
            QPAC_VERSION_STRING, e->o->seed, e->o->optstr);
    return 0;
}

static int jsonl_op(exporter_t *e, const vec_t *v)
{
    const qpac_key *k = &e->st.key[v->key];
    char fl[160];
    export_flag_list(v->flags, fl, sizeof fl, ",", 1);
    fprintf(e->fp,
            "{\"kind\":\"vector\",\"id\":%" PRIu64 ",\"mnemonic\":\"%s\",\"op\":%u,\"key\":%u,"
            "\"x\":\"%016" PRIx64 "\",\"y\":\"%016" PRIx64 "\",\"value\":\"%016" PRIx64 "\","
            "\"fault\":%s,\"aut\":\"%s\",\"flags\":[%s],\"key_hi\":\"%016" PRIx64 "\","
            "\"key_lo\":\"%016" PRIx64 "\",\"cfg\":",
            v->id, qpac_mnemonic(v->op, v->key), (unsigned)v->op, (unsigned)v->key, v->x, v->y,
            v->res.value, v->res.fault ? "true" : "false", export_aut_name(v->aut), fl, k->hi,
            k->lo);
    export_json_cfg(e->fp, &e->st.cfg);
    fputs("}\n", e->fp);
    return 0;
}

static int jsonl_end(exporter_t *e)
{
    fprintf(e->fp, "{\"kind\":\"end\",\"count\":%" PRIu64 "}\n", e->nvec);
    return 0;
}

const format_t export_fmt_jsonl = {"jsonl", 0, 0, jsonl_begin, NULL, NULL, jsonl_op, jsonl_end};

/*
 * fields.c - `qpac fields`: the configuration fields from libqpac's one
 * table (qpac_field_get): as text, or as the Markdown table that `make
 * cfg-docs` puts into cmodel/README.md. Also the configuration part of the
 * tools' --help.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "cmds.h"
#include "util.h"

/* "0..63", "0, 1", "qarma5, qarma3"; quote wraps names (Markdown code). */
static void values(char *buf, size_t len, const qpac_field_info *d, const char *quote)
{
    size_t n = 0;
    buf[0] = '\0';
    if (!d->names && d->hi - d->lo > 1) {
        snprintf(buf, len, "%u..%u", d->lo, d->hi);
        return;
    }
    for (unsigned v = d->lo; v <= d->hi && n < len; v++) {
        int k = d->names ? snprintf(buf + n, len - n, "%s%s%s%s", v > d->lo ? ", " : "", quote,
                                    d->names[v - d->lo], quote)
                         : snprintf(buf + n, len - n, "%s%u", v > d->lo ? ", " : "", v);
        n += k > 0 ? (size_t)k : 0;
    }
}

static void dflt(char *buf, size_t len, const qpac_field_info *d)
{
    if (d->names)
        snprintf(buf, len, "%s", d->names[d->dflt - d->lo]);
    else
        snprintf(buf, len, "%u", d->dflt);
}

/* "CFG<5:0>", "CFG<20> = (ranges == 1)", "-" */
static void reg(char *buf, size_t len, const qpac_field_info *d)
{
    unsigned msb = d->lsb;
    while (msb < 31 && (d->mask >> (msb + 1) & 1))
        msb++;
    const char *r = d->reg == QPAC_REG_CFG ? "CFG" : d->reg == QPAC_REG_TSZLIM ? "TSZLIM" : NULL;
    if (!r)
        snprintf(buf, len, "-");
    else if (msb == d->lsb && d->reg_is_lo)
        snprintf(buf, len, "%s<%u> = (%s == %u)", r, d->lsb, d->name, d->lo);
    else if (msb == d->lsb)
        snprintf(buf, len, "%s<%u>", r, d->lsb);
    else
        snprintf(buf, len, "%s<%u:%u>", r, msb, d->lsb);
}

void qpac_util_cfg_help(FILE *fp)
{
    fputs("configuration (defaults as a .pvs script starts with; 'qpac fields'):\n", fp);
    for (int f = 0; f < QPAC_NFIELDS; f++) {
        const qpac_field_info *d = qpac_field_get((qpac_field)f);
        char v[80], def[24], opt[48];
        values(v, sizeof v, d, "");
        dflt(def, sizeof def, d);
        snprintf(opt, sizeof opt, "--%s %s", d->name, d->names || d->hi - d->lo == 1 ? "V" : "N");
        fprintf(fp, "  %-14s %s (default %s)\n  %-14s %s\n", opt, v, def, "", d->doc);
    }
}

int qpac_cmd_fields(int argc, char **argv)
{
    enum { OPT_MD = 2 };
    static const qpac_optdef defs[] = {QPAC_OPTDEF_HELP, {"markdown", 0, 0, OPT_MD},
                                       QPAC_OPTDEF_END};
    qpac_opts o;
    int id, md = 0;
    qpac_opts_init(&o, argc, argv, "qpac fields");
    while ((id = qpac_opts_next(&o, defs)) != QPAC_OPT_END) {
        if (id == QPAC_OPT_HELP) {
            fputs("usage: qpac fields [--markdown]\n\n"
                  "The configuration fields: .pvs cfg line and option names, values,\n"
                  "defaults, register bits (regmap/qpac.regs) and meaning, from libqpac's\n"
                  "one table. --markdown: the table of cmodel/README.md (make cfg-docs).\n",
                  stdout);
            return QPAC_EXIT_OK;
        }
        if (id != OPT_MD) {
            if (id == QPAC_OPT_ARG)
                fprintf(stderr, "qpac fields: unexpected argument '%.32s'\n", o.arg);
            return QPAC_EXIT_USAGE;
        }
        md = 1;
    }
    if (md)
        printf("| cfg field | values | default | register | meaning |\n"
               "|-----------|--------|---------|----------|---------|\n");
    for (int f = 0; f < QPAC_NFIELDS; f++) {
        const qpac_field_info *d = qpac_field_get((qpac_field)f);
        char v[96], def[24], r[40];
        values(v, sizeof v, d, md ? "`" : "");
        dflt(def, sizeof def, d);
        reg(r, sizeof r, d);
        if (md)
            printf("| `%s` | %s | %s | %s | %s |\n", d->name, v, def, r, d->doc);
        else
            printf("%-7s %-36s default %-7s %-22s %s\n", d->name, v, def, r, d->doc);
    }
    return QPAC_EXIT_OK;
}

/*
 * util.c - option parsing, numbers, keys, configuration options and input
 * helpers shared by the qpac subcommands (see util.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "util.h"

void qpac_opts_init(qpac_opts *o, int argc, char **argv, const char *cmd)
{
    memset(o, 0, sizeof *o);
    o->argc = argc;
    o->argv = argv;
    o->i = 1;
    o->cmd = cmd;
}

static const qpac_optdef *find_long(const qpac_optdef *d, const char *name, size_t len)
{
    static qpac_optdef cfg_defs[QPAC_NFIELDS]; /* QPAC_OPTDEFS_CFG, from the field table */
    for (; d->name; d++) {
        if (!d->name[0] && d->id == QPAC_OPT_CFG_BASE) {
            int f = qpac_field_find(name, len);
            if (f >= 0) {
                cfg_defs[f] = (qpac_optdef){qpac_field_get((qpac_field)f)->name, 0, 1,
                                            QPAC_OPT_CFG_BASE + f};
                return &cfg_defs[f];
            }
        } else if (strlen(d->name) == len && !strncmp(d->name, name, len)) {
            return d;
        }
    }
    return NULL;
}

int qpac_opts_next(qpac_opts *o, const qpac_optdef *defs)
{
    o->arg = NULL;
    o->name = NULL;
    if (o->i >= o->argc)
        return QPAC_OPT_END;
    char *a = o->argv[o->i++];
    if (o->no_more_opts || a[0] != '-' || a[1] == '\0') {
        o->arg = a;
        return QPAC_OPT_ARG;
    }
    if (!strcmp(a, "--")) {
        o->no_more_opts = 1;
        return qpac_opts_next(o, defs);
    }
    const qpac_optdef *d = NULL;
    const char *inline_val = NULL;
    o->name = a;
    if (a[1] == '-') {
        const char *eq = strchr(a + 2, '=');
        size_t len = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);
        d = find_long(defs, a + 2, len);
        if (eq)
            inline_val = eq + 1;
    } else {
        for (const qpac_optdef *p = defs; p->name; p++)
            if (p->short_name && p->short_name == a[1])
                d = p;
        if (d && a[2] != '\0') {
            if (!d->has_arg)
                d = NULL; /* no bundling of flags */
            else
                inline_val = a + 2;
        }
    }
    if (!d) { /* the name only: an inline value (--x=V, -xV) may be a key half */
        int n = a[1] == '-' ? (int)strcspn(a, "=") : 2;
        fprintf(stderr, "%s: unknown option '%.*s' (try '%s --help')\n", o->cmd, n > 32 ? 32 : n, a,
                o->cmd);
        return QPAC_OPT_ERR;
    }
    snprintf(o->namebuf, sizeof o->namebuf, "--%s", d->name);
    o->name = o->namebuf;
    if (!d->has_arg) {
        if (inline_val) {
            fprintf(stderr, "%s: option '--%s' takes no value\n", o->cmd, d->name);
            return QPAC_OPT_ERR;
        }
        return d->id;
    }
    if (!inline_val) {
        if (o->i >= o->argc) {
            fprintf(stderr, "%s: option '%s' needs a value\n", o->cmd, a);
            return QPAC_OPT_ERR;
        }
        inline_val = o->argv[o->i++];
    }
    o->arg = inline_val;
    return d->id;
}

int qpac_util_is_cfg_opt(int id)
{
    return id >= QPAC_OPT_CFG_BASE && id < QPAC_OPT_CFG_BASE + QPAC_NFIELDS;
}

int qpac_util_cfg_opt(qpac_config *cfg, const qpac_opts *o, int id)
{
    char err[QPAC_PVS_ERRLEN];
    if (!qpac_util_is_cfg_opt(id)) {
        fprintf(stderr, "%s: internal error: not a cfg option\n", o->cmd);
        return -1;
    }
    const char *name = qpac_field_get((qpac_field)(id - QPAC_OPT_CFG_BASE))->name;
    if (qpac_pvs_cfg_set(cfg, name, o->arg, err, sizeof err)) {
        fprintf(stderr, "%s: bad value for --%s: %s\n", o->cmd, name, err);
        return -1;
    }
    return 0;
}

int qpac_util_parse_hex(const char *s, uint64_t *v)
{
    if (!s)
        return -1;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2;
    return qpac_parse_hex(s, strlen(s), 1, 16, v) ? -1 : 0;
}

int qpac_util_parse_u64(const char *s, uint64_t *v)
{
    return qpac_parse_u64_str(s, UINT64_MAX, v) ? -1 : 0;
}

int qpac_util_parse_key(const char *s, qpac_keyid *k)
{
    for (int i = 0; i < QPAC_NKEYS; i++) {
        const char *n = qpac_key_name((qpac_keyid)i);
        if (s && n && !strcmp(s, n)) {
            *k = (qpac_keyid)i;
            return 0;
        }
    }
    return -1;
}

int qpac_util_opt_hex(const qpac_opts *o, uint64_t *v)
{
    if (qpac_util_parse_hex(o->arg, v) == 0)
        return 0;
    /* never echo the value: it may be a key half */
    fprintf(stderr, "%s: bad value for %s: expected 1 to 16 hex digits, optional 0x\n", o->cmd,
            o->name ? o->name : "argument");
    return -1;
}

int qpac_util_opt_num(const qpac_opts *o, uint64_t lo, uint64_t hi, uint64_t *v)
{
    uint64_t x;
    if (qpac_parse_u64_str(o->arg, hi, &x) == 0 && x >= lo) {
        *v = x;
        return 0;
    }
    fprintf(stderr, "%s: bad value for %s: '%.24s' is not a number %llu..%llu (decimal or 0x "
                    "hex, no sign)\n", o->cmd, o->name ? o->name : "argument", o->arg ? o->arg : "",
            (unsigned long long)lo, (unsigned long long)hi);
    return -1;
}

int qpac_util_opt_u64(const qpac_opts *o, uint64_t *v)
{
    return qpac_util_opt_num(o, 0, UINT64_MAX, v);
}

int qpac_util_opt_key(const qpac_opts *o, qpac_keyid *k)
{
    if (qpac_util_parse_key(o->arg, k) == 0)
        return 0;
    fprintf(stderr, "%s: bad value for %s: expected ia, ib, da, db or ga\n", o->cmd,
            o->name ? o->name : "argument");
    return -1;
}

FILE *qpac_util_open_in(const char *cmd, const char *path, const char **name)
{
    if (!strcmp(path, "-")) {
        *name = "<stdin>";
        return stdin;
    }
    FILE *fp = fopen(path, "r");
    *name = path;
    if (!fp)
        fprintf(stderr, "%s: cannot open '%s'\n", cmd, path);
    return fp;
}

void qpac_util_close_in(FILE *fp)
{
    if (fp && fp != stdin)
        fclose(fp);
}

int qpac_util_load_state(const char *cmd, const char *path, qpac_state *st)
{
    const char *name;
    FILE *fp = qpac_util_open_in(cmd, path, &name);
    if (!fp)
        return -1;
    qpac_pvs_reader rd;
    qpac_pvs_item it;
    int r;
    qpac_pvs_reader_init(&rd, fp, name);
    while ((r = qpac_pvs_next(&rd, st, &it)) > 0)
        ;
    qpac_util_close_in(fp);
    if (r < 0) {
        fprintf(stderr, "%s\n", rd.err);
        return -1;
    }
    return 0;
}

int qpac_util_out_open(const char *cmd, qpac_out *out, const char *path,
                       const char *const *inputs)
{
    char err[QPAC_PVS_ERRLEN + 64];
    if (qpac_out_open(out, path ? path : "-", inputs, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, "%s: %s\n", cmd, err);
    return -1;
}

int qpac_util_out_close(const char *cmd, qpac_out *out, int ok)
{
    char err[QPAC_PVS_ERRLEN + 64];
    if (qpac_out_close(out, ok, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, "%s: %s\n", cmd, err);
    return -1;
}

const char *qpac_util_hex(char buf[17], uint64_t v)
{
    static const char d[] = "0123456789abcdef";
    for (int i = 0; i < 16; i++)
        buf[i] = d[(v >> (60 - 4 * i)) & 15];
    buf[16] = '\0';
    return buf;
}

/*
 * export.c - `qpac export`: silicon-validation vectors with the model's
 * expected results, in the formats benches and testers read.
 *
 *   pvs         the project's vector script (qpac check reads it back)
 *   csv         one self-contained row per operation, header row, fixed-width hex
 *   jsonl       JSON Lines: a header object, then one vector object per line
 *   wycheproof  one JSON document: test groups by configuration and keys,
 *               tcId, comment, result valid/invalid, flags for negative cases
 *   readmemh    $readmemh image of 208-bit records (cmodel/src/memh.c format)
 *   stil        IEEE 1450-1999 cycle-based patterns at the qpac_unit pins
 *
 * The vector stream is the directed coverage set (--cover, built here) followed
 * by --count random vectors from the library generator (qpac_gen_*). Every
 * operation's expected result comes from qpac_exec. Output streams in constant
 * memory; the same options and seed give byte-identical files.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmds.h"
#include "qpac.h"
#include "util.h"

/* ---------------------------------------------------------------------------
 * One exported operation.
 * ------------------------------------------------------------------------- */
enum { AUT_NA = 0, AUT_PASS = 1, AUT_FAIL = 2 };

typedef struct {
    uint64_t id; /* 1-based, in stream order */
    qpac_op op;
    qpac_keyid key;
    uint64_t x, y;
    qpac_result res;
    unsigned flags;  /* QPAC_VF_* */
    int aut;         /* AUT_* for AUT/AUTC, from the model's result */
    int cover;       /* 1: part of the directed coverage set */
} vec_t;

/* A vector's op line as a libqpac item (operands only; callers add the rest). */
static qpac_pvs_item vec_item(const vec_t *v)
{
    qpac_pvs_item it = {0};
    it.kind = QPAC_PVS_OP;
    it.op = v->op;
    it.key = v->key;
    it.x = v->x;
    it.y = v->y;
    return it;
}

/* ---------------------------------------------------------------------------
 * Options.
 * ------------------------------------------------------------------------- */
typedef struct {
    const char *format;
    const char *out;
    uint64_t seed;
    uint64_t count;
    int count_given;
    int cover;
    int qemu_compat; /* 1: the random stream may use compat=qemu (software formats) */
    int progress;    /* -1: when stderr is a terminal */
    qpac_unit_shape shape; /* STIL: the unit's pipeline parameters */
    const char *report;
    char optstr[512]; /* canonical options, recorded in every header */
} opts_t;

struct exporter;
typedef struct {
    const char *name;
    int rtl; /* stimulus for the RTL: never compat=qemu */
    int (*begin)(struct exporter *);
    int (*cfg)(struct exporter *);
    int (*key)(struct exporter *, qpac_keyid);
    int (*op)(struct exporter *, const vec_t *);
    int (*end)(struct exporter *);
} format_t;

typedef struct exporter {
    const opts_t *o;
    const format_t *fmt;
    FILE *fp;
    qpac_state st;       /* state the next operation runs with */
    uint64_t nvec;       /* vectors written */
    uint64_t nrec;       /* readmemh: records written */
    uint64_t total;      /* vectors planned (for progress) */
    /* wycheproof */
    int group_open;      /* a test group is open */
    int group_dirty;     /* cfg or key changed since the group opened */
    uint64_t ngroups;
    int nvec_in_group_reset; /* next test is the group's first */
    /* stil */
    uint64_t cycle;      /* next cycle number */
    uint64_t last_accept;/* cycle of the last accepted operation + 1 (0: none) */
    int latency;
    struct stil_exp *ring; /* expected outputs by cycle, latency + 1 slots */
    /* coverage */
    uint32_t *hits;
    uint64_t cover_vectors, random_vectors;
    /* progress */
    int show_progress;
    struct timespec t0, tlast;
} exporter_t;

/* ---------------------------------------------------------------------------
 * Small helpers.
 * ------------------------------------------------------------------------- */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Option values through the one number parser (qpac_parse_u64). */
static int parse_u64(const char *opt, const char *s, uint64_t *v)
{
    if (!s || !*s) {
        fprintf(stderr, "qpac export: %s needs a value\n", opt);
        return -1;
    }
    if (qpac_parse_u64_str(s, UINT64_MAX, v)) {
        fprintf(stderr, "qpac export: %s: '%.24s' is not a number below 2^64 (decimal or 0x "
                        "hex, no sign)\n", opt, s);
        return -1;
    }
    return 0;
}

static uint64_t mask_hl(unsigned h, unsigned l)
{
    if (h < l)
        return 0;
    uint64_t top = h >= 63 ? ~0ull : ((1ull << (h + 1)) - 1);
    return top & ~((1ull << l) - 1);
}

/* Flag names, in bit order (QPAC_VF_*). */
static const struct {
    unsigned bit;
    const char *snake; /* csv, jsonl */
    const char *camel; /* wycheproof */
    const char *note;
} vf_names[] = {
    {QPAC_VF_SIGNED, "signed", "Signed", "The AUT input is the result of a PAC with the same key, modifier and configuration."},
    {QPAC_VF_WRONG_KEY, "wrong_key", "WrongKey", "The pointer was signed with another key: AUT must fail."},
    {QPAC_VF_WRONG_MOD, "wrong_mod", "WrongModifier", "The pointer was signed with another modifier: AUT must fail."},
    {QPAC_VF_FLIP_PAC, "flip_pac", "FlippedPacBit", "One bit of the PAC field of a signed pointer was flipped: AUT must fail."},
    {QPAC_VF_NONCANON, "noncanonical", "NonCanonical", "The input pointer is non-canonical (extension bits are not copies of bit 55)."},
    {QPAC_VF_TAGGED, "tagged", "Tagged", "The input pointer's top byte is not the extension of bit 55."},
    {QPAC_VF_STALE, "stale", "Stale", "AUT of an older PAC result: configuration or keys may have changed since it was signed."},
};
#define NVF (sizeof vf_names / sizeof vf_names[0])

/* The AUT outcome: an AUT passes when its result is the pointer with the PAC
 * field restored to extension bits (Strip of the input) and no fault. This is
 * spec 4 step 5 (levels 1, 2) and the fault test of step 6 (levels >= 3). */
static int aut_outcome(const qpac_state *st, const vec_t *v)
{
    if (v->op != QPAC_OP_AUT && v->op != QPAC_OP_AUTC)
        return AUT_NA;
    int data = (v->key & 2) != 0;
    uint64_t orig = qpac_Strip(&st->cfg, v->x, data);
    return (!v->res.fault && v->res.value == orig) ? AUT_PASS : AUT_FAIL;
}

/* ---------------------------------------------------------------------------
 * Coverage bins: op class x alg x feat x range x TBI/TBID x TxSZ limit.
 *   op class (23): PAC IA..DB, AUT pass IA..DB, AUT fail IA..DB, AUTC pass
 *     IA..DB, AUTC fail IA..DB, XPACI, XPACD, PACGA
 *   alg (2), feat level 1..5 (5)
 *   range (4): {single, two-range} x pointer bit 55
 *   TBI/TBID (4): of the range the pointer selects
 *   TxSZ (4): the selected TxSZ below TSZMIN (clamped), = TSZMIN, = TSZMAX,
 *     above TSZMAX (clamped); other values hit no bin
 * ------------------------------------------------------------------------- */
#define NCLASS 23
#define NBINS (NCLASS * 2 * 5 * 4 * 4 * 4)

static const char *class_names[NCLASS] = {
    "pacia", "pacib", "pacda", "pacdb",
    "autia pass", "autib pass", "autda pass", "autdb pass",
    "autia fail", "autib fail", "autda fail", "autdb fail",
    "braa pass", "brab pass", "ldraa pass", "ldrab pass",
    "braa fail", "brab fail", "ldraa fail", "ldrab fail",
    "xpaci", "xpacd", "pacga"};
static const char *range_names[4] = {"single/bit55=0", "single/bit55=1",
                                     "two-range lower", "two-range upper"};
static const char *tt_names[4] = {"tbi=0 tbid=0", "tbi=0 tbid=1", "tbi=1 tbid=0",
                                  "tbi=1 tbid=1"};
static const char *tsz_names[4] = {"TxSZ<min", "TxSZ=min", "TxSZ=max", "TxSZ>max"};

static int op_class(const vec_t *v)
{
    unsigned k = (unsigned)v->key;
    switch (v->op) {
    case QPAC_OP_PAC: return k < 4 ? (int)k : -1;
    case QPAC_OP_AUT: return k < 4 ? (v->aut == AUT_PASS ? 4 : 8) + (int)k : -1;
    case QPAC_OP_AUTC: return k < 4 ? (v->aut == AUT_PASS ? 12 : 16) + (int)k : -1;
    case QPAC_OP_XPAC: return k < 4 ? 20 + (int)((k >> 1) & 1) : -1;
    case QPAC_OP_PACGA: return k == QPAC_KEY_GA ? 22 : -1;
    }
    return -1;
}

/* Bin index of an operation run with cfg, or -1 when it hits none. */
static int bin_of(const qpac_config *c, const vec_t *v)
{
    int cls = op_class(v);
    if (cls < 0)
        return -1;
    int b55 = (int)((v->x >> 55) & 1);
    int two = c->ranges == 2;
    int range = two * 2 + b55;
    int upper = two && b55;
    unsigned tbi = upper ? c->tbi1 : c->tbi0, tbid = upper ? c->tbid1 : c->tbid0;
    unsigned txsz = upper ? c->t1sz : c->t0sz;
    int z;
    if (txsz < c->tszmin)
        z = 0;
    else if (txsz == c->tszmin)
        z = 1;
    else if (txsz == c->tszmax)
        z = 2;
    else if (txsz > c->tszmax)
        z = 3;
    else
        return -1;
    int a = c->alg == QPAC_ALG_QARMA3;
    int f = (int)c->feat - 1;
    if (f < 0 || f > 4)
        return -1;
    return ((((cls * 2 + a) * 5 + f) * 4 + range) * 4 + (int)(tbi * 2 + tbid)) * 4 + z;
}

static void bin_describe(int bin, char *buf, size_t len)
{
    int z = bin % 4, tt = (bin / 4) % 4, range = (bin / 16) % 4, f = (bin / 64) % 5,
        a = (bin / 320) % 2, cls = bin / 640;
    snprintf(buf, len, "%s, %s, %s, %s, %s, %s", class_names[cls],
             qpac_alg_name(a ? QPAC_ALG_QARMA3 : QPAC_ALG_QARMA5),
             qpac_feat_name((qpac_feat)(f + 1)), range_names[range], tt_names[tt],
             tsz_names[z]);
}

/* ---------------------------------------------------------------------------
 * Headers: generator version, seed and options, in each format's comment form.
 * ------------------------------------------------------------------------- */
static void header_lines(const exporter_t *e, const char *prefix, const char *suffix)
{
    FILE *fp = e->fp;
    fprintf(fp, "%sgenerated by qpac export %s (bit-exact ARM pointer authentication model)%s\n",
            prefix, QPAC_VERSION_STRING, suffix);
    fprintf(fp, "%sseed %" PRIu64 "; options: %s%s\n", prefix, e->o->seed, e->o->optstr, suffix);
    fprintf(fp, "%sregenerate with: qpac export %s -o FILE%s\n", prefix, e->o->optstr, suffix);
}

static void cfg_comment(const qpac_config *c, char *buf, size_t len)
{
    snprintf(buf, len, "%s %s %s t0sz=%u t1sz=%u tbi0=%u tbi1=%u tbid0=%u tbid1=%u tszmin=%u tszmax=%u%s",
             qpac_alg_name(c->alg), qpac_feat_name(c->feat), c->ranges == 2 ? "two-range" : "single-range",
             c->t0sz, c->t1sz, c->tbi0, c->tbi1, c->tbid0, c->tbid1, c->tszmin, c->tszmax,
             c->compat == QPAC_COMPAT_QEMU ? " compat=qemu" : "");
}

/* ===========================================================================
 * pvs
 * ========================================================================= */
/* begin ... end N (qpac_pvs_next checks N): a cut file fails qpac check */
static int pvs_begin(exporter_t *e)
{
    int r = qpac_pvs_write_begin(e->fp);
    header_lines(e, "# ", "");
    return r;
}
static int pvs_end(exporter_t *e) { return qpac_pvs_write_end(e->fp, e->nvec); }
static int pvs_cfg(exporter_t *e) { return qpac_pvs_write_cfg(e->fp, &e->st.cfg); }
static int pvs_key(exporter_t *e, qpac_keyid k)
{
    return qpac_pvs_write_key(e->fp, k, &e->st.key[k]);
}
/* csv and jsonl end records: the number of vectors, checked by readers */
static int csv_end(exporter_t *e)
{
    fprintf(e->fp, "# end %" PRIu64 "\n", e->nvec);
    return 0;
}
static int jsonl_end(exporter_t *e)
{
    fprintf(e->fp, "{\"kind\":\"end\",\"count\":%" PRIu64 "}\n", e->nvec);
    return 0;
}

/* ===========================================================================
 * csv and jsonl: one self-contained record per operation
 * ========================================================================= */
static void flag_list(unsigned flags, char *buf, size_t len, const char *sep, int quoted)
{
    size_t n = 0;
    buf[0] = 0;
    for (size_t i = 0; i < NVF; i++) {
        if (!(flags & vf_names[i].bit))
            continue;
        n += (size_t)snprintf(buf + n, len - n, "%s%s%s%s", n ? sep : "", quoted ? "\"" : "",
                              vf_names[i].snake, quoted ? "\"" : "");
        if (n >= len)
            break;
    }
}

static const char *aut_name(int aut)
{
    return aut == AUT_PASS ? "pass" : aut == AUT_FAIL ? "fail" : "";
}

static int csv_begin(exporter_t *e)
{
    header_lines(e, "# ", "");
    fprintf(e->fp, "# one row per operation; hex fields are fixed-width without 0x; "
                   "cfg_reg/tszlim_reg are the CFG/TSZLIM register words\n");
    fprintf(e->fp, "id,mnemonic,op,key,x,y,value,fault,aut,flags,alg,feat,ranges,t0sz,t1sz,"
                   "tbi0,tbi1,tbid0,tbid1,tszmin,tszmax,compat,cfg_reg,tszlim_reg,key_hi,key_lo\n");
    return 0;
}

static int csv_op(exporter_t *e, const vec_t *v)
{
    const qpac_config *c = &e->st.cfg;
    const qpac_key *k = &e->st.key[v->key];
    char fl[128];
    flag_list(v->flags, fl, sizeof fl, "+", 0);
    fprintf(e->fp,
            "%" PRIu64 ",%s,%u,%u,%016" PRIx64 ",%016" PRIx64 ",%016" PRIx64 ",%d,%s,%s,"
            "%s,%s,%u,%u,%u,%u,%u,%u,%u,%u,%u,%s,%08" PRIx32 ",%08" PRIx32 ",%016" PRIx64
            ",%016" PRIx64 "\n",
            v->id, qpac_mnemonic(v->op, v->key), (unsigned)v->op, (unsigned)v->key, v->x, v->y,
            v->res.value, v->res.fault, aut_name(v->aut), fl, qpac_alg_name(c->alg),
            qpac_feat_name(c->feat), c->ranges, c->t0sz, c->t1sz, c->tbi0, c->tbi1, c->tbid0,
            c->tbid1, c->tszmin, c->tszmax, c->compat == QPAC_COMPAT_QEMU ? "qemu" : "arch",
            qpac_config_to_cfg_reg(c), qpac_config_to_tszlim_reg(c), k->hi, k->lo);
    return 0;
}

static int jsonl_begin(exporter_t *e)
{
    fprintf(e->fp,
            "{\"kind\":\"header\",\"generator\":\"qpac export\",\"version\":\"%s\","
            "\"seed\":%" PRIu64 ",\"options\":\"%s\"}\n",
            QPAC_VERSION_STRING, e->o->seed, e->o->optstr);
    return 0;
}

static void json_cfg(FILE *fp, const qpac_config *c)
{
    fprintf(fp,
            "{\"alg\":\"%s\",\"feat\":\"%s\",\"ranges\":%u,\"t0sz\":%u,\"t1sz\":%u,\"tbi0\":%u,"
            "\"tbi1\":%u,\"tbid0\":%u,\"tbid1\":%u,\"tszmin\":%u,\"tszmax\":%u,\"compat\":\"%s\","
            "\"cfg_reg\":\"%08" PRIx32 "\",\"tszlim_reg\":\"%08" PRIx32 "\"}",
            qpac_alg_name(c->alg), qpac_feat_name(c->feat), c->ranges, c->t0sz, c->t1sz, c->tbi0,
            c->tbi1, c->tbid0, c->tbid1, c->tszmin, c->tszmax,
            c->compat == QPAC_COMPAT_QEMU ? "qemu" : "arch", qpac_config_to_cfg_reg(c),
            qpac_config_to_tszlim_reg(c));
}

static int jsonl_op(exporter_t *e, const vec_t *v)
{
    const qpac_key *k = &e->st.key[v->key];
    char fl[160];
    flag_list(v->flags, fl, sizeof fl, ",", 1);
    fprintf(e->fp,
            "{\"kind\":\"vector\",\"id\":%" PRIu64 ",\"mnemonic\":\"%s\",\"op\":%u,\"key\":%u,"
            "\"x\":\"%016" PRIx64 "\",\"y\":\"%016" PRIx64 "\",\"value\":\"%016" PRIx64 "\","
            "\"fault\":%s,\"aut\":\"%s\",\"flags\":[%s],\"key_hi\":\"%016" PRIx64 "\","
            "\"key_lo\":\"%016" PRIx64 "\",\"cfg\":",
            v->id, qpac_mnemonic(v->op, v->key), (unsigned)v->op, (unsigned)v->key, v->x, v->y,
            v->res.value, v->res.fault ? "true" : "false", aut_name(v->aut), fl, k->hi, k->lo);
    json_cfg(e->fp, &e->st.cfg);
    fputs("}\n", e->fp);
    return 0;
}

/* ===========================================================================
 * wycheproof: {"algorithm", "generatorVersion", "header", "notes",
 * "testGroups": [{config, keys, tests: [...]}...], "numberOfTests"}.
 * A new group starts at the first operation after a cfg or key change.
 * ========================================================================= */
static int wp_begin(exporter_t *e)
{
    FILE *fp = e->fp;
    fprintf(fp, "{\n  \"algorithm\": \"ARM-PAC\",\n  \"generatorVersion\": \"qpac %s\",\n",
            QPAC_VERSION_STRING);
    fprintf(fp, "  \"header\": [\n    \"generated by qpac export %s\",\n    \"seed %" PRIu64
                "; options: %s\",\n",
            QPAC_VERSION_STRING, e->o->seed, e->o->optstr);
    fprintf(fp, "    \"Each test runs op with key on x (pointer or PACGA Xn) and y (modifier or "
                "PACGA Xm) under the group's configuration and keys.\",\n"
                "    \"result: valid = the operation succeeds (AUT: authentication passes); "
                "invalid = AUT fails (error code, corrupted pointer or fault).\",\n"
                "    \"value is the exact 64-bit result; fault is the PAC Fail exception "
                "(FEAT_FPAC, FEAT_FPACCOMBINE).\"\n  ],\n");
    fprintf(fp, "  \"notes\": {\n");
    for (size_t i = 0; i < NVF; i++)
        fprintf(fp, "    \"%s\": \"%s\"%s\n", vf_names[i].camel, vf_names[i].note,
                i + 1 < NVF ? "," : "");
    fprintf(fp, "  },\n  \"testGroups\": [");
    e->group_dirty = 1;
    return 0;
}

static int wp_mark(exporter_t *e)
{
    e->group_dirty = 1;
    return 0;
}
static int wp_key(exporter_t *e, qpac_keyid k)
{
    (void)k;
    return wp_mark(e);
}

static void wp_close_group(exporter_t *e)
{
    if (e->group_open)
        fprintf(e->fp, "\n      ]\n    }");
    e->group_open = 0;
}

static int wp_op(exporter_t *e, const vec_t *v)
{
    FILE *fp = e->fp;
    if (e->group_dirty || !e->group_open) {
        int first = e->ngroups == 0;
        wp_close_group(e);
        fprintf(fp, "%s\n    {\n      \"type\": \"PacTest\",\n      \"config\": ", first ? "" : ",");
        json_cfg(fp, &e->st.cfg);
        fprintf(fp, ",\n      \"keys\": {");
        for (int k = 0; k < QPAC_NKEYS; k++)
            fprintf(fp, "%s\"%s\": {\"hi\": \"%016" PRIx64 "\", \"lo\": \"%016" PRIx64 "\"}",
                    k ? ", " : "", qpac_key_name((qpac_keyid)k), e->st.key[k].hi, e->st.key[k].lo);
        fprintf(fp, "},\n      \"tests\": [");
        e->group_open = 1;
        e->group_dirty = 0;
        e->ngroups++;
        e->nvec_in_group_reset = 1;
    }
    /* comment: what the test is */
    const qpac_config *c = &e->st.cfg;
    int b55 = (int)((v->x >> 55) & 1);
    int upper = c->ranges == 2 && b55;
    char comment[256], fl[160];
    size_t n = (size_t)snprintf(comment, sizeof comment, "%s", qpac_mnemonic(v->op, v->key));
    if (v->aut)
        n += (size_t)snprintf(comment + n, sizeof comment - n, " %s", aut_name(v->aut));
    for (size_t i = 0; i < NVF; i++)
        if (v->flags & vf_names[i].bit & ~(QPAC_VF_SIGNED | QPAC_VF_TAGGED))
            n += (size_t)snprintf(comment + n, sizeof comment - n, " (%s)", vf_names[i].snake);
    if (v->op != QPAC_OP_PACGA)
        snprintf(comment + n, sizeof comment - n, ", %s, TBI%d=%u TBID%d=%u, T%dSZ=%u",
                 c->ranges == 2 ? (upper ? "upper range" : "lower range") : "single range",
                 upper, upper ? c->tbi1 : c->tbi0, upper, upper ? c->tbid1 : c->tbid0, upper,
                 upper ? c->t1sz : c->t0sz);
    fl[0] = 0;
    size_t m = 0;
    for (size_t i = 0; i < NVF; i++)
        if (v->flags & vf_names[i].bit)
            m += (size_t)snprintf(fl + m, sizeof fl - m, "%s\"%s\"", m ? ", " : "",
                                  vf_names[i].camel);
    fprintf(fp,
            "%s\n        {\"tcId\": %" PRIu64 ", \"comment\": \"%s\", \"op\": \"%s\", "
            "\"x\": \"%016" PRIx64 "\", \"y\": \"%016" PRIx64 "\", \"result\": \"%s\", "
            "\"value\": \"%016" PRIx64 "\", \"fault\": %s, \"flags\": [%s]}",
            e->nvec_in_group_reset ? "" : ",", v->id, comment, qpac_mnemonic(v->op, v->key), v->x,
            v->y, v->aut == AUT_FAIL ? "invalid" : "valid", v->res.value,
            v->res.fault ? "true" : "false", fl);
    e->nvec_in_group_reset = 0;
    return 0;
}

static int wp_end(exporter_t *e)
{
    wp_close_group(e);
    fprintf(e->fp, "\n  ],\n  \"numberOfTests\": %" PRIu64 "\n}\n", e->nvec);
    return 0;
}

/* ===========================================================================
 * readmemh: the RTL vector image, records formatted by qpac_memh_format
 * ========================================================================= */
static int memh_begin(exporter_t *e)
{
    header_lines(e, "// ", "");
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
    e->nrec++;
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
    qpac_pvs_item it = vec_item(v);
    return memh_put(e, &it, &v->res);
}
static int memh_end(exporter_t *e)
{
    char rec[QPAC_MEMH_DIGITS + 1];
    qpac_memh_format_end(rec, e->nrec);
    fprintf(e->fp, "%s\n", rec);
    return 0;
}

/* ===========================================================================
 * STIL (IEEE 1450-1999) at the qpac_unit pins.
 *
 * The pin sequence is computed from the unit's cycle contract (rtl/README.md,
 * rtl/qpac_unit.v) and proven by replaying the file on the RTL
 * (tests/export/stil_replay.py + tb_stil_replay.v):
 *   - reset: two cycles with rst_ni low, outputs masked;
 *   - operations one per clock with out_ready_i high (no back-pressure);
 *     in_ready_o is strobed H on each; the result (out_valid_o H, value,
 *     fault, tag = id mod 256) is strobed exactly LATENCY cycles later;
 *   - a key or cfg write is driven when the pipeline is empty, i.e. at least
 *     LATENCY + 1 cycles after the last accepted operation; wr_ready_o is
 *     strobed H and in_ready_o L in that cycle;
 *   - out_valid_o is strobed L in every other cycle after reset; value, fault
 *     and tag are X (masked) whenever no result is due.
 * One V per cycle, period 100 ns: inputs change at 0 ns, outputs are strobed
 * at 40 ns, clk_i rises at 50 ns (the accepting edge).
 * ========================================================================= */
#define STIL_TAG_W 8

typedef struct stil_exp {
    int valid;
    uint64_t value;
    int fault;
    unsigned tag;
} stil_exp_t;

static const struct {
    const char *name;
    int width;
    int out;
} stil_pins[] = {
    {"clk_i", 1, 0},       {"rst_ni", 1, 0},      {"key_we_i", 1, 0},   {"key_sel_i", 3, 0},
    {"key_hi_i", 64, 0},   {"key_lo_i", 64, 0},   {"cfg_we_i", 1, 0},   {"cfg_i", 32, 0},
    {"tszlim_i", 32, 0},   {"in_valid_i", 1, 0},  {"in_op_i", 3, 0},    {"in_key_i", 3, 0},
    {"in_x_i", 64, 0},     {"in_y_i", 64, 0},     {"in_tag_i", STIL_TAG_W, 0},
    {"out_ready_i", 1, 0}, {"wr_ready_o", 1, 1},  {"in_ready_o", 1, 1}, {"out_valid_o", 1, 1},
    {"out_value_o", 64, 1}, {"out_fault_o", 1, 1}, {"out_tag_o", STIL_TAG_W, 1},
};
#define NSTILPINS (sizeof stil_pins / sizeof stil_pins[0])

/* One signal per bit, as ATPG tools write them, every name quoted wherever
 * it appears ("clk_i", "key_hi_i[63]"): a bus range is not a signal name in
 * IEEE 1450, and a name is quoted or not the same way everywhere. The bits
 * of pin i, MSB first, each followed by `after` (between them: `sep`). */
static void stil_bits(FILE *fp, int i, const char *sep, const char *after)
{
    for (int k = stil_pins[i].width - 1; k >= 0; k--) {
        if (stil_pins[i].width == 1)
            fprintf(fp, "\"%s\"%s", stil_pins[i].name, after);
        else
            fprintf(fp, "\"%s[%d]\"%s", stil_pins[i].name, k, after);
        if (k)
            fputs(sep, fp);
    }
}

static void stil_group(FILE *fp, const char *name, int out, int skip_clk)
{
    int first = 1;
    fprintf(fp, "  \"%s\" = '", name);
    for (size_t i = 0; i < NSTILPINS; i++) {
        if (stil_pins[i].out != out || (skip_clk && i == 0))
            continue;
        if (!first)
            fputs(" + ", fp);
        stil_bits(fp, (int)i, " + ", "");
        first = 0;
    }
    fputs("';\n", fp);
}

static int stil_begin(exporter_t *e)
{
    FILE *fp = e->fp;
    int L = e->latency;
    fprintf(fp, "STIL 1.0;\n\n");
    fprintf(fp, "Header {\n  Title \"qpac_unit validation patterns\";\n"
                "  Source \"qpac export %s\";\n  History {\n",
            QPAC_VERSION_STRING);
    fprintf(fp, "    Ann {* generated by qpac export %s (bit-exact ARM pointer authentication model) *}\n",
            QPAC_VERSION_STRING);
    fprintf(fp, "    Ann {* seed %" PRIu64 "; options: %s *}\n", e->o->seed, e->o->optstr);
    const qpac_unit_shape *sh = &e->o->shape;
    fprintf(fp, "    Ann {* qpac_unit DEPTH=%u PTR_PIPE=%u GLOBAL_STALL=%u KEY_PIPE=%u TAG_W=%d: "
                "LATENCY=%d cycles from acceptance to result *}\n",
            sh->depth, sh->ptr_pipe, sh->global_stall, sh->key_pipe, STIL_TAG_W, L);
    fprintf(fp, "    Ann {* one V per clock cycle; period 100ns; inputs at 0ns; outputs strobed at 40ns; clk_i rises at 50ns *}\n");
    fprintf(fp, "    Ann {* results strobed exactly LATENCY cycles after acceptance, masked (X) elsewhere; out_ready_i held 1 *}\n");
    fprintf(fp, "  }\n}\n\nSignals {\n");
    for (size_t i = 0; i < NSTILPINS; i++) {
        fputs("  ", fp);
        stil_bits(fp, (int)i, "  ", stil_pins[i].out ? " Out;\n" : " In;\n");
    }
    fprintf(fp, "}\n\nSignalGroups {\n");
    stil_group(fp, "pi", 0, 0);
    stil_group(fp, "pi_data", 0, 1);
    stil_group(fp, "po", 1, 0);
    fprintf(fp, "}\n\nTiming \"qpac_timing\" {\n  WaveformTable \"qpac_wft\" {\n    Period '100ns';\n"
                "    Waveforms {\n"
                "      \"clk_i\" { 0P { '0ns' D; '50ns' D/U; } }\n"
                "      \"pi_data\" { 01 { '0ns' D/U; } }\n"
                "      \"po\" { LHX { '0ns' X; '40ns' L/H/X; } }\n"
                "    }\n  }\n}\n\n");
    fprintf(fp, "PatternBurst \"qpac_burst\" {\n  PatList { \"qpac_patterns\"; }\n}\n\n"
                "PatternExec {\n  Timing \"qpac_timing\";\n  PatternBurst \"qpac_burst\";\n}\n\n");
    fprintf(fp, "Pattern \"qpac_patterns\" {\n  W \"qpac_wft\";\n");
    fprintf(fp, "  Ann {* pi = clk_i rst_ni key_we_i key_sel_i[2..0] key_hi_i[63..0] key_lo_i[63..0] "
                "cfg_we_i cfg_i[31..0] tszlim_i[31..0] in_valid_i in_op_i[2..0] in_key_i[2..0] "
                "in_x_i[63..0] in_y_i[63..0] in_tag_i[7..0] out_ready_i *}\n");
    fprintf(fp, "  Ann {* po = wr_ready_o in_ready_o out_valid_o out_value_o[63..0] out_fault_o "
                "out_tag_o[7..0] *}\n");
    e->ring = calloc((size_t)L + 1, sizeof *e->ring);
    if (!e->ring) {
        fprintf(stderr, "qpac export: out of memory\n");
        return QPAC_EIO;
    }
    e->cycle = 0;
    e->last_accept = 0;
    return 0;
}

static char *put_bits(char *p, uint64_t v, int width, char zero, char one)
{
    for (int i = width - 1; i >= 0; i--)
        *p++ = ((v >> i) & 1) ? one : zero;
    return p;
}

/* Inputs of one cycle. */
typedef struct {
    int rst_n;
    int key_we;
    unsigned key_sel;
    uint64_t key_hi, key_lo;
    int cfg_we;
    uint32_t cfg, tszlim;
    int in_valid;
    unsigned op, key;
    uint64_t x, y;
    unsigned tag;
} stil_in_t;

/* Emits one cycle: its inputs, an optional new expectation (the operation
 * accepted in this cycle), and the strobes due in this cycle. */
static void stil_cycle(exporter_t *e, const stil_in_t *in, const stil_exp_t *issue)
{
    char buf[600], *p = buf;
    int L = e->latency;
    size_t slots = (size_t)L + 1;
    if (issue)
        e->ring[(e->cycle + (uint64_t)L) % slots] = *issue;
    stil_exp_t due = e->ring[e->cycle % slots];
    memset(&e->ring[e->cycle % slots], 0, sizeof due);

    p += sprintf(p, "  V { \"pi\" = ");
    *p++ = 'P';
    *p++ = in->rst_n ? '1' : '0';
    *p++ = in->key_we ? '1' : '0';
    p = put_bits(p, in->key_sel, 3, '0', '1');
    p = put_bits(p, in->key_hi, 64, '0', '1');
    p = put_bits(p, in->key_lo, 64, '0', '1');
    *p++ = in->cfg_we ? '1' : '0';
    p = put_bits(p, in->cfg, 32, '0', '1');
    p = put_bits(p, in->tszlim, 32, '0', '1');
    *p++ = in->in_valid ? '1' : '0';
    p = put_bits(p, in->op, 3, '0', '1');
    p = put_bits(p, in->key, 3, '0', '1');
    p = put_bits(p, in->x, 64, '0', '1');
    p = put_bits(p, in->y, 64, '0', '1');
    p = put_bits(p, in->tag, STIL_TAG_W, '0', '1');
    *p++ = '1'; /* out_ready_i */
    p += sprintf(p, "; \"po\" = ");
    int in_reset = !in->rst_n;
    int wr = in->key_we || in->cfg_we;
    *p++ = wr ? 'H' : 'X';                                   /* wr_ready_o */
    *p++ = wr ? 'L' : (in->in_valid ? 'H' : 'X');            /* in_ready_o */
    *p++ = in_reset ? 'X' : (due.valid ? 'H' : 'L');         /* out_valid_o */
    if (due.valid && !in_reset) {
        p = put_bits(p, due.value, 64, 'L', 'H');
        *p++ = due.fault ? 'H' : 'L';
        p = put_bits(p, due.tag, STIL_TAG_W, 'L', 'H');
    } else {
        memset(p, 'X', 64 + 1 + STIL_TAG_W);
        p += 64 + 1 + STIL_TAG_W;
    }
    p += sprintf(p, "; }\n");
    fwrite(buf, 1, (size_t)(p - buf), e->fp);
    e->cycle++;
}

static void stil_idle(exporter_t *e)
{
    stil_in_t in = {0};
    in.rst_n = 1;
    stil_cycle(e, &in, NULL);
}

/* Idle cycles until the pipeline is empty (a write may be taken). */
static void stil_drain(exporter_t *e)
{
    while (e->last_accept && e->cycle < e->last_accept + (uint64_t)e->latency)
        stil_idle(e);
    e->last_accept = 0;
}

static void stil_reset_if_first(exporter_t *e)
{
    if (e->cycle)
        return;
    fprintf(e->fp, "  Ann {* reset *}\n");
    stil_in_t in = {0};
    stil_cycle(e, &in, NULL);
    stil_cycle(e, &in, NULL);
}

static int stil_cfg(exporter_t *e)
{
    char c[200];
    stil_reset_if_first(e);
    stil_drain(e);
    cfg_comment(&e->st.cfg, c, sizeof c);
    fprintf(e->fp, "  Ann {* cfg write: %s *}\n", c);
    stil_in_t in = {0};
    in.rst_n = 1;
    in.cfg_we = 1;
    in.cfg = qpac_config_to_cfg_reg(&e->st.cfg);
    in.tszlim = qpac_config_to_tszlim_reg(&e->st.cfg);
    stil_cycle(e, &in, NULL);
    return 0;
}

static int stil_key(exporter_t *e, qpac_keyid k)
{
    stil_reset_if_first(e);
    stil_drain(e);
    fprintf(e->fp, "  Ann {* key write: %s *}\n", qpac_key_name(k));
    stil_in_t in = {0};
    in.rst_n = 1;
    in.key_we = 1;
    in.key_sel = (unsigned)k;
    in.key_hi = e->st.key[k].hi;
    in.key_lo = e->st.key[k].lo;
    stil_cycle(e, &in, NULL);
    return 0;
}

static int stil_op(exporter_t *e, const vec_t *v)
{
    stil_reset_if_first(e);
    stil_in_t in = {0};
    in.rst_n = 1;
    in.in_valid = 1;
    in.op = (unsigned)v->op;
    in.key = (unsigned)v->key;
    in.x = v->x;
    in.y = v->y;
    in.tag = (unsigned)(v->id & ((1u << STIL_TAG_W) - 1));
    stil_exp_t x = {1, v->res.value, v->res.fault, in.tag};
    stil_cycle(e, &in, &x);
    e->last_accept = e->cycle; /* = acceptance cycle + 1 */
    return 0;
}

static int stil_end(exporter_t *e)
{
    stil_reset_if_first(e);
    stil_drain(e);
    stil_idle(e);
    fprintf(e->fp, "  Ann {* end: %" PRIu64 " cycles *}\n}\n", e->cycle);
    free(e->ring);
    e->ring = NULL;
    return 0;
}

/* ---------------------------------------------------------------------------
 * Format table.
 * ------------------------------------------------------------------------- */
static int pvs_op_item(exporter_t *e, const vec_t *v)
{
    qpac_pvs_item it = vec_item(v);
    it.expect = v->res.fault ? QPAC_EXPECT_FAULT : QPAC_EXPECT_VALUE;
    it.expected = v->res.value;
    it.flags = v->flags;
    return qpac_pvs_write_item(e->fp, &e->st, &it);
}

static const format_t formats[] = {
    {"pvs", 0, pvs_begin, pvs_cfg, pvs_key, pvs_op_item, pvs_end},
    {"csv", 0, csv_begin, NULL, NULL, csv_op, csv_end},
    {"jsonl", 0, jsonl_begin, NULL, NULL, jsonl_op, jsonl_end},
    {"wycheproof", 0, wp_begin, wp_mark, wp_key, wp_op, wp_end},
    {"readmemh", 1, memh_begin, memh_cfg, memh_key, memh_op, memh_end},
    {"stil", 1, stil_begin, stil_cfg, stil_key, stil_op, stil_end},
};
#define NFORMATS (sizeof formats / sizeof formats[0])

/* ===========================================================================
 * The stream: emit cfg, key and op items through the format.
 * ========================================================================= */
static void progress(exporter_t *e, int final)
{
    if (!e->show_progress)
        return;
    double t = now_s();
    double t0 = (double)e->t0.tv_sec + e->t0.tv_nsec * 1e-9;
    double tl = (double)e->tlast.tv_sec + e->tlast.tv_nsec * 1e-9;
    if (!final && t - tl < 0.25)
        return;
    clock_gettime(CLOCK_MONOTONIC, &e->tlast);
    double rate = t > t0 ? (double)e->nvec / (t - t0) : 0;
    fprintf(stderr, "\rqpac export: %" PRIu64 " / %" PRIu64 " vectors (%3.0f%%), %.0f vectors/s ",
            e->nvec, e->total, e->total ? 100.0 * (double)e->nvec / (double)e->total : 100.0, rate);
    if (final)
        fputc('\n', stderr);
}

static int emit_cfg(exporter_t *e)
{
    return e->fmt->cfg ? e->fmt->cfg(e) : 0;
}
static int emit_key(exporter_t *e, qpac_keyid k)
{
    return e->fmt->key ? e->fmt->key(e, k) : 0;
}

/* Runs the op on the model (the expected result), counts its bin, writes it. */
static int emit_op(exporter_t *e, vec_t *v)
{
    if (qpac_exec(&e->st, v->op, v->key, v->x, v->y, &v->res) != QPAC_OK) {
        fprintf(stderr, "qpac export: internal error: op %u key %u rejected by the model\n",
                (unsigned)v->op, (unsigned)v->key);
        return QPAC_EINVAL;
    }
    v->id = ++e->nvec;
    v->aut = aut_outcome(&e->st, v);
    int bin = bin_of(&e->st.cfg, v);
    if (bin >= 0 && e->hits[bin] < UINT32_MAX)
        e->hits[bin]++;
    if (v->cover)
        e->cover_vectors++;
    else
        e->random_vectors++;
    int r = e->fmt->op(e, v);
    if ((e->nvec & 4095) == 0) {
        progress(e, 0);
        if (ferror(e->fp))
            return QPAC_EIO; /* disk full, closed pipe: stop early */
    }
    return r;
}

/* ---------------------------------------------------------------------------
 * The directed coverage set. 2 alg x 5 feat x 32 configurations; each
 * configuration serves both pointer ranges (bit 55 = 0 and 1), and for each
 * range 23 operations hit the 23 op classes once:
 *   PAC with IA, IB, DA, DB (canonical pointers, tagged where TBI applies;
 *     data keys sign with modifier 0 so LDRAA/LDRAB can authenticate them),
 *   AUT and AUTC of each signed pointer (pass),
 *   AUT and AUTC failing by a rotating construction: wrong key, wrong
 *     modifier, flipped PAC bit, non-canonical unsigned pointer (a
 *     construction that happens to pass is replaced by a flipped PAC bit),
 *   XPACI and XPACD of signed pointers, PACGA.
 * Two-range configurations pair the 16 (TBI/TBID, TxSZ) combinations of the
 * lower range with a permutation of those of the upper range; single-range
 * configurations cover the 16 combinations of T0SZ/TBI0/TBID0. The TSZMIN/
 * TSZMAX limits rotate over {16,12} x {48,39}. Every bin is hit exactly once
 * by construction, so the set is minimal (vectors = bins = 14720).
 * ------------------------------------------------------------------------- */
typedef struct {
    qpac_gen g; /* used only as a deterministic random source */
    unsigned fail_kind;
} cover_t;

static uint64_t crand(cover_t *c) { return qpac_gen_u64(&c->g); }

static unsigned txsz_for(cover_t *c, const qpac_config *cfg, int z)
{
    switch (z) {
    case 0: return (unsigned)(crand(c) % cfg->tszmin);
    case 1: return cfg->tszmin;
    case 2: return cfg->tszmax;
    default: return cfg->tszmax + 1 + (unsigned)(crand(c) % (63 - cfg->tszmax));
    }
}

/* PAC field of a pointer for an instruction or data key. */
static uint64_t pac_field(const qpac_config *cfg, uint64_t ptr, int data)
{
    int b55 = (int)((ptr >> 55) & 1);
    unsigned b = qpac_CalculateBottomPACBit(cfg, b55);
    uint64_t m = mask_hl(54, b);
    if (!qpac_EffectiveTBI(cfg, ptr, !data))
        m |= mask_hl(63, 56);
    return m;
}

/* A canonical pointer in the range selected by b55; tagged (top byte not
 * the extension) with probability 3/4 when TBI applies to the key type. */
static uint64_t make_ptr(cover_t *c, const qpac_config *cfg, int b55, int data, unsigned *flags)
{
    unsigned b = qpac_CalculateBottomPACBit(cfg, b55);
    uint64_t ext = b55 ? ~0ull : 0;
    uint64_t p = (crand(c) & mask_hl(b - 1, 0)) | (ext & mask_hl(63, b));
    *flags = 0;
    if (qpac_EffectiveTBI(cfg, p, !data) && (crand(c) & 3)) {
        uint64_t tag = crand(c) & 0xff;
        p = (p & ~mask_hl(63, 56)) | (tag << 56);
        if ((p & mask_hl(63, 56)) != (ext & mask_hl(63, 56)))
            *flags = QPAC_VF_TAGGED;
    }
    return p;
}

/* TAGGED: TBI applies to the key type and the top byte is not the extension
 * of bit 55 (without TBI the top byte holds PAC bits, not a tag). */
static unsigned tag_flag(const qpac_config *cfg, uint64_t p, int data)
{
    uint64_t ext = ((p >> 55) & 1) ? mask_hl(63, 56) : 0;
    if (!qpac_EffectiveTBI(cfg, p, !data))
        return 0;
    return (p & mask_hl(63, 56)) != ext ? QPAC_VF_TAGGED : 0;
}

static int trial_fails(const exporter_t *e, const vec_t *v)
{
    vec_t t = *v;
    if (qpac_exec(&e->st, t.op, t.key, t.x, t.y, &t.res) != QPAC_OK)
        return 0;
    return aut_outcome(&e->st, &t) == AUT_FAIL;
}

static int cover_range(exporter_t *e, cover_t *c, int b55)
{
    const qpac_config *cfg = &e->st.cfg;
    uint64_t ptr[4], mod[4], sig[4];
    unsigned pflags[4];
    int r;
    for (int k = 0; k < 4; k++) {
        int data = k >= 2;
        mod[k] = data ? 0 : crand(c);
        ptr[k] = make_ptr(c, cfg, b55, data, &pflags[k]);
        vec_t v = {0};
        v.op = QPAC_OP_PAC;
        v.key = (qpac_keyid)k;
        v.x = ptr[k];
        v.y = mod[k];
        v.flags = pflags[k];
        v.cover = 1;
        if ((r = emit_op(e, &v)))
            return r;
        sig[k] = v.res.value;
    }
    for (int pass = 0; pass < 2; pass++) {
        for (int opi = 0; opi < 2; opi++) {
            qpac_op op = opi ? QPAC_OP_AUTC : QPAC_OP_AUT;
            for (int k = 0; k < 4; k++) {
                int data = k >= 2;
                uint64_t y = (op == QPAC_OP_AUTC && data) ? 0 : mod[k];
                vec_t v = {0};
                v.op = op;
                v.key = (qpac_keyid)k;
                v.cover = 1;
                v.x = sig[k];
                v.y = y;
                if (pass == 0) {
                    v.flags = QPAC_VF_SIGNED | tag_flag(cfg, v.x, data);
                } else {
                    unsigned kind = c->fail_kind++ % 4;
                    if (kind == 1 && op == QPAC_OP_AUTC && data)
                        kind = 2; /* LDRAA/LDRAB: the modifier is always 0 */
                    switch (kind) {
                    case 0: /* signed with the other key of the same kind */
                        v.x = sig[k ^ 1];
                        v.y = (op == QPAC_OP_AUTC && data) ? 0 : mod[k ^ 1];
                        v.flags = QPAC_VF_WRONG_KEY;
                        break;
                    case 1:
                        v.y = y ^ (crand(c) | 1);
                        v.flags = QPAC_VF_WRONG_MOD;
                        break;
                    case 2: break;
                    default: { /* unsigned, one extension bit flipped */
                        unsigned b = qpac_CalculateBottomPACBit(cfg, b55);
                        v.x = ptr[k] ^ (1ull << (b + (unsigned)(crand(c) % (55 - b))));
                        v.flags = QPAC_VF_NONCANON;
                        break;
                    }
                    }
                    if (kind == 2 || !trial_fails(e, &v)) {
                        uint64_t m = pac_field(cfg, sig[k], data);
                        unsigned nb = 0;
                        for (uint64_t t = m; t; t &= t - 1)
                            nb++;
                        unsigned pick = (unsigned)(crand(c) % nb);
                        uint64_t bit = 0;
                        for (unsigned i = 0, n = 0; i < 64; i++)
                            if ((m >> i) & 1 && n++ == pick)
                                bit = 1ull << i;
                        v.x = sig[k] ^ bit;
                        v.y = y;
                        v.flags = QPAC_VF_FLIP_PAC;
                    }
                    v.flags |= tag_flag(cfg, v.x, data);
                }
                if ((r = emit_op(e, &v)))
                    return r;
            }
        }
    }
    for (int d = 0; d < 2; d++) {
        vec_t v = {0};
        v.op = QPAC_OP_XPAC;
        v.key = d ? QPAC_KEY_DA : QPAC_KEY_IA;
        v.x = sig[d ? 2 : 0];
        v.flags = tag_flag(cfg, v.x, d);
        v.cover = 1;
        if ((r = emit_op(e, &v)))
            return r;
    }
    vec_t v = {0};
    v.op = QPAC_OP_PACGA;
    v.key = QPAC_KEY_GA;
    v.x = (crand(c) & ~(1ull << 55)) | ((uint64_t)b55 << 55);
    v.y = crand(c);
    v.cover = 1;
    return emit_op(e, &v);
}

static int cover_set(exporter_t *e)
{
    cover_t c;
    int r;
    memset(&c, 0, sizeof c);
    qpac_gen_init(&c.g, e->o->seed ^ 0x636f766572736574ull /* "coverset" */, 1);
    for (int k = 0; k < QPAC_NKEYS; k++) {
        e->st.key[k].hi = crand(&c);
        e->st.key[k].lo = crand(&c);
        if ((r = emit_key(e, (qpac_keyid)k)))
            return r;
    }
    for (int a = 0; a < 2; a++)
        for (int f = 1; f <= 5; f++)
            for (int single = 0; single < 2; single++)
                for (int j = 0; j < 16; j++) {
                    qpac_config *cfg = &e->st.cfg;
                    qpac_config_init(cfg);
                    cfg->alg = a ? QPAC_ALG_QARMA3 : QPAC_ALG_QARMA5;
                    cfg->feat = (qpac_feat)f;
                    cfg->compat = QPAC_COMPAT_ARCH;
                    int tt0 = j % 4, z0 = j / 4;
                    /* limits rotate so each (TBI/TBID, TxSZ) combination meets
                     * every (TSZMIN, TSZMAX) pair across the levels */
                    int lim = (tt0 + z0 + f + a) % 4;
                    cfg->tszmin = (lim & 1) ? 12 : 16;
                    cfg->tszmax = (lim & 2) ? 39 : 48;
                    int tt1 = (tt0 + 1) % 4, z1 = (z0 + 2) % 4;
                    cfg->ranges = single ? 1 : 2;
                    cfg->tbi0 = (unsigned)(tt0 >> 1);
                    cfg->tbid0 = (unsigned)(tt0 & 1);
                    cfg->t0sz = txsz_for(&c, cfg, z0);
                    if (single) { /* range 1 fields are ignored: random */
                        uint64_t rr = crand(&c);
                        cfg->tbi1 = (unsigned)(rr & 1);
                        cfg->tbid1 = (unsigned)((rr >> 1) & 1);
                        cfg->t1sz = (unsigned)((rr >> 8) % 64);
                    } else {
                        cfg->tbi1 = (unsigned)(tt1 >> 1);
                        cfg->tbid1 = (unsigned)(tt1 & 1);
                        cfg->t1sz = txsz_for(&c, cfg, z1);
                    }
                    if ((r = emit_cfg(e)))
                        return r;
                    for (int b55 = 0; b55 < 2; b55++)
                        if ((r = cover_range(e, &c, b55)))
                            return r;
                }
    return 0;
}

/* The random stream: qpac_gen items; the generator applies cfg/key items to
 * the state itself. */
static int random_set(exporter_t *e, uint64_t count, int hw_only)
{
    qpac_gen g;
    qpac_pvs_item it;
    int r;
    qpac_gen_init(&g, e->o->seed, (unsigned)hw_only);
    for (uint64_t done = 0; done < count;) {
        qpac_gen_next(&g, &e->st, &it);
        switch (it.kind) {
        case QPAC_PVS_CFG: r = emit_cfg(e); break;
        case QPAC_PVS_KEY: r = emit_key(e, it.key); break;
        default: {
            vec_t v = {0};
            v.op = it.op;
            v.key = it.key;
            v.x = it.x;
            v.y = it.y;
            v.flags = it.flags;
            r = emit_op(e, &v);
            if (!r && !qpac_pvs_expect_match(&it, &v.res)) {
                fprintf(stderr, "qpac export: internal error: generator and model disagree "
                                "on vector %" PRIu64 "\n", v.id);
                r = QPAC_EINVAL;
            }
            done++;
            break;
        }
        }
        if (r)
            return r;
    }
    return 0;
}

/* ---------------------------------------------------------------------------
 * Coverage report.
 * ------------------------------------------------------------------------- */
static unsigned count_hit(const uint32_t *hits)
{
    unsigned n = 0;
    for (int i = 0; i < NBINS; i++)
        n += hits[i] != 0;
    return n;
}

static int write_report(const exporter_t *e, const char *path)
{
    qpac_out out;
    if (qpac_util_out_open("qpac export", &out, path, NULL))
        return QPAC_EIO;
    FILE *fp = out.fp;
    unsigned hit = count_hit(e->hits);
    fprintf(fp, "# qpac export coverage report\n# generated by qpac export %s\n"
                "# seed %" PRIu64 "; options: %s\n\n",
            QPAC_VERSION_STRING, e->o->seed, e->o->optstr);
    fprintf(fp, "bins: %d = 23 op classes x 2 algorithms x 5 feature levels x 4 ranges x "
                "4 TBI/TBID x 4 TxSZ limits\n", NBINS);
    fprintf(fp, "bins hit: %u (%.2f%%)\n", hit, 100.0 * hit / NBINS);
    fprintf(fp, "vectors: %" PRIu64 " (coverage set %" PRIu64 ", random %" PRIu64 ")\n\n",
            e->nvec, e->cover_vectors, e->random_vectors);
    /* marginals: bins hit per value of each dimension */
    static const struct {
        const char *name;
        int div, mod, nvals;
    } dims[] = {{"op class", 640, 23, 23}, {"algorithm", 320, 2, 2}, {"feature level", 64, 5, 5},
                {"range", 16, 4, 4},       {"TBI/TBID", 4, 4, 4},    {"TxSZ", 1, 4, 4}};
    for (size_t d = 0; d < sizeof dims / sizeof dims[0]; d++) {
        fprintf(fp, "%s:\n", dims[d].name);
        for (int val = 0; val < dims[d].nvals; val++) {
            unsigned tot = 0, h = 0;
            uint64_t vecs = 0;
            for (int i = 0; i < NBINS; i++)
                if ((i / dims[d].div) % dims[d].mod == val) {
                    tot++;
                    h += e->hits[i] != 0;
                    vecs += e->hits[i];
                }
            const char *nm;
            switch (d) {
            case 0: nm = class_names[val]; break;
            case 1: nm = qpac_alg_name(val ? QPAC_ALG_QARMA3 : QPAC_ALG_QARMA5); break;
            case 2: nm = qpac_feat_name((qpac_feat)(val + 1)); break;
            case 3: nm = range_names[val]; break;
            case 4: nm = tt_names[val]; break;
            default: nm = tsz_names[val]; break;
            }
            fprintf(fp, "  %-18s %5u / %5u bins hit, %" PRIu64 " vectors\n", nm, h, tot, vecs);
        }
    }
    if (hit < NBINS) {
        fprintf(fp, "\nbins not hit:\n");
        char d[200];
        for (int i = 0; i < NBINS; i++)
            if (!e->hits[i]) {
                bin_describe(i, d, sizeof d);
                fprintf(fp, "  %s\n", d);
            }
    }
    return qpac_util_out_close("qpac export", &out, 1) ? QPAC_EIO : 0;
}

/* ===========================================================================
 * Command line.
 * ========================================================================= */
static void usage(FILE *fp)
{
    fprintf(fp,
            "usage: qpac export --format FORMAT [--seed S] [--count N] [--cover] [options] -o PATH\n\n"
            "Writes validation vectors with the model's expected results.\n\n"
            "formats:\n"
            "  pvs         .pvs vector script (qpac check reads it)\n"
            "  csv         one row per operation, header row, fixed-width hex\n"
            "  jsonl       JSON Lines: a header object, then one vector per line\n"
            "  wycheproof  Wycheproof-style JSON: groups by configuration, flags for negative cases\n"
            "  readmemh    $readmemh image of 208-bit records for RTL benches\n"
            "  stil        IEEE 1450-1999 cycle-based patterns at the qpac_unit pins\n\n"
            "options:\n"
            "  -o PATH           output file ('-' = standard output)\n"
            "  --seed S          random seed (default 1)\n"
            "  --count N         random vectors (default 1000, or 0 with --cover)\n"
            "  --cover           start with the directed set that hits every coverage bin\n"
            "                    once (14720 vectors) and write a report to PATH.cover.txt\n"
            "  --report FILE     write the coverage report to FILE\n"
            "  --qemu-compat     let the random stream use compat=qemu configurations\n"
            "                    (software formats only; by default every format gets\n"
            "                    the same hardware-valid vectors for the same seed)\n"
            "  --depth D         stil: the qpac_unit parameters the patterns are for:\n"
            "  --ptr-pipe P      DEPTH 0..24 (default 12), PTR_PIPE, GLOBAL_STALL and\n"
            "  --global-stall G  KEY_PIPE 0 or 1 (default 0); results are strobed\n"
            "  --key-pipe K      LATENCY = DEPTH + 2*PTR_PIPE cycles after acceptance\n"
            "  --progress, --no-progress   progress line on stderr (default: if a terminal)\n"
            "The same options and seed give byte-identical files.\n"
            "exit codes: 0 success, 1 coverage bins not hit, 2 usage or I/O error\n");
}

/* The option naming one of the unit's parameters, or NULL. */
static unsigned *shape_field(qpac_unit_shape *s, const char *opt)
{
    if (!strcmp(opt, "--depth"))
        return &s->depth;
    if (!strcmp(opt, "--ptr-pipe"))
        return &s->ptr_pipe;
    if (!strcmp(opt, "--global-stall"))
        return &s->global_stall;
    if (!strcmp(opt, "--key-pipe"))
        return &s->key_pipe;
    return NULL;
}

int qpac_cmd_export(int argc, char **argv)
{
    opts_t o;
    memset(&o, 0, sizeof o);
    o.seed = 1;
    o.progress = -1;
    o.shape.depth = 12;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t u;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return QPAC_EXIT_OK;
        } else if (!strcmp(a, "--format") || !strcmp(a, "-f")) {
            if (!val) goto needs;
            o.format = val, i++;
        } else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
            if (!val) goto needs;
            o.out = val, i++;
        } else if (!strcmp(a, "--seed")) {
            if (parse_u64(a, val, &o.seed)) return QPAC_EXIT_USAGE;
            i++;
        } else if (!strcmp(a, "--count")) {
            if (parse_u64(a, val, &o.count)) return QPAC_EXIT_USAGE;
            o.count_given = 1, i++;
        } else if (shape_field(&o.shape, a)) {
            /* the unit's parameters: range from qpac_unit_shape_check */
            if (parse_u64(a, val, &u)) return QPAC_EXIT_USAGE;
            qpac_unit_shape t = o.shape;
            *shape_field(&t, a) = (unsigned)(u > 1000 ? 1000 : u);
            if (qpac_unit_shape_check(&t)) {
                fprintf(stderr, "qpac export: %s: %" PRIu64 " is out of range 0..%d\n", a, u,
                        !strcmp(a, "--depth") ? QPAC_UNIT_DEPTH_MAX : 1);
                return QPAC_EXIT_USAGE;
            }
            o.shape = t, i++;
        } else if (!strcmp(a, "--report")) {
            if (!val) goto needs;
            o.report = val, i++;
        } else if (!strcmp(a, "--cover")) {
            o.cover = 1;
        } else if (!strcmp(a, "--qemu-compat")) {
            o.qemu_compat = 1;
        } else if (!strcmp(a, "--progress")) {
            o.progress = 1;
        } else if (!strcmp(a, "--no-progress")) {
            o.progress = 0;
        } else {
            fprintf(stderr, "qpac export: unknown option '%s' (try 'qpac export --help')\n", a);
            return QPAC_EXIT_USAGE;
        }
        continue;
    needs:
        fprintf(stderr, "qpac export: %s needs a value\n", a);
        return QPAC_EXIT_USAGE;
    }
    if (!o.format || !o.out) {
        fprintf(stderr, "qpac export: %s is required (try 'qpac export --help')\n",
                !o.format ? "--format" : "-o PATH");
        return QPAC_EXIT_USAGE;
    }
    const format_t *fmt = NULL;
    for (size_t i = 0; i < NFORMATS; i++)
        if (!strcmp(o.format, formats[i].name))
            fmt = &formats[i];
    if (!fmt) {
        fprintf(stderr, "qpac export: --format: unknown format '%s' (pvs, csv, jsonl, "
                        "wycheproof, readmemh, stil)\n", o.format);
        return QPAC_EXIT_USAGE;
    }
    if (!o.count_given)
        o.count = o.cover ? 0 : 1000;
    if (o.qemu_compat && fmt->rtl) {
        fprintf(stderr, "qpac export: --qemu-compat: the RTL has no compat=qemu mode; not "
                        "available with --format %s\n", fmt->name);
        return QPAC_EXIT_USAGE;
    }
    int hw_only = !o.qemu_compat;
    int is_stil = !strcmp(fmt->name, "stil");
    int latency = qpac_unit_latency(&o.shape);

    /* canonical options for the headers (the output path is not recorded) */
    int n = snprintf(o.optstr, sizeof o.optstr, "--format %s --seed %" PRIu64, fmt->name, o.seed);
    if (o.cover)
        n += snprintf(o.optstr + n, sizeof o.optstr - (size_t)n, " --cover");
    n += snprintf(o.optstr + n, sizeof o.optstr - (size_t)n, " --count %" PRIu64, o.count);
    if (o.qemu_compat)
        n += snprintf(o.optstr + n, sizeof o.optstr - (size_t)n, " --qemu-compat");
    if (is_stil) {
        n += snprintf(o.optstr + n, sizeof o.optstr - (size_t)n, " --depth %u", o.shape.depth);
        if (o.shape.ptr_pipe)
            n += snprintf(o.optstr + n, sizeof o.optstr - (size_t)n, " --ptr-pipe 1");
        if (o.shape.global_stall)
            n += snprintf(o.optstr + n, sizeof o.optstr - (size_t)n, " --global-stall 1");
        if (o.shape.key_pipe)
            snprintf(o.optstr + n, sizeof o.optstr - (size_t)n, " --key-pipe 1");
    }

    static uint32_t hits[NBINS];
    exporter_t e;
    memset(&e, 0, sizeof e);
    memset(hits, 0, sizeof hits);
    e.o = &o;
    e.fmt = fmt;
    e.hits = hits;
    e.latency = latency;
    e.total = o.count + (o.cover ? NBINS : 0);
    qpac_state_init(&e.st);
    int to_stdout = !strcmp(o.out, "-");
    qpac_out out;
    if (qpac_util_out_open("qpac export", &out, o.out, NULL))
        return QPAC_EXIT_USAGE;
    e.fp = out.fp;
    static char iobuf[1 << 16];
    setvbuf(e.fp, iobuf, _IOFBF, sizeof iobuf);
    e.show_progress = o.progress >= 0 ? o.progress : isatty(2);
    clock_gettime(CLOCK_MONOTONIC, &e.t0);
    e.tlast = e.t0;

    int r = fmt->begin(&e);
    if (!r && o.cover)
        r = cover_set(&e);
    if (!r)
        r = random_set(&e, o.count, hw_only);
    if (!r)
        r = fmt->end(&e);
    progress(&e, 1);
    int werr = qpac_util_out_close("qpac export", &out, r == 0);
    free(e.ring);
    qpac_state_wipe(&e.st);
    if (werr || r)
        return QPAC_EXIT_USAGE;

    int rc = QPAC_EXIT_OK;
    unsigned hit = count_hit(hits);
    if (o.cover || o.report) {
        char path[4096];
        const char *rp = o.report;
        if (!rp && !to_stdout) {
            snprintf(path, sizeof path, "%s.cover.txt", o.out);
            rp = path;
        }
        if (rp && write_report(&e, rp))
            return QPAC_EXIT_USAGE;
        fprintf(stderr, "qpac export: coverage %u / %d bins hit by %" PRIu64 " vectors "
                        "(%" PRIu64 " directed, %" PRIu64 " random)%s%s\n",
                hit, NBINS, e.nvec, e.cover_vectors, e.random_vectors, rp ? "; report " : "",
                rp ? rp : "");
        if (o.cover && hit < NBINS) {
            fprintf(stderr, "qpac export: the coverage set missed %d bins\n", NBINS - (int)hit);
            rc = QPAC_EXIT_MISMATCH;
        }
    }
    return rc;
}

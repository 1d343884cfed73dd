/*
 * cover.c - functional coverage: the AUT outcome predicate, instruction rows,
 * coverage bins, counters and their tables (qpac_cover.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <inttypes.h>
#include <string.h>

#include "qpac_cover.h"

int qpac_aut_outcome(const qpac_config *cfg, qpac_op op, qpac_keyid key, uint64_t x,
                     const qpac_result *res)
{
    if ((op != QPAC_OP_AUT && op != QPAC_OP_AUTC) || (unsigned)key > QPAC_KEY_DB)
        return QPAC_AUT_NA;
    int data = (key & 2) != 0;
    uint64_t orig = qpac_Strip(cfg, x, data);
    return (!res->fault && res->value == orig) ? QPAC_AUT_PASS : QPAC_AUT_FAIL;
}

/* ---------------------------------------------------------------------------
 * Rows and classes.
 * ------------------------------------------------------------------------- */
static const char *const row_names[QPAC_COVER_ROWS] = {
    "pacia",       "pacib",       "pacda",       "pacdb",       "autia pass",
    "autia fail",  "autib pass",  "autib fail",  "autda pass",  "autda fail",
    "autdb pass",  "autdb fail",  "braa pass",   "braa fail",   "brab pass",
    "brab fail",   "ldraa pass",  "ldraa fail",  "ldrab pass",  "ldrab fail",
    "xpaci (ia)",  "xpaci (ib)",  "xpacd (da)",  "xpacd (db)",  "pacga",
};

static const char *const class_names[QPAC_COVER_CLASSES] = {
    "pacia", "pacib", "pacda", "pacdb",
    "autia pass", "autib pass", "autda pass", "autdb pass",
    "autia fail", "autib fail", "autda fail", "autdb fail",
    "braa pass", "brab pass", "ldraa pass", "ldrab pass",
    "braa fail", "brab fail", "ldraa fail", "ldrab fail",
    "xpaci", "xpacd", "pacga"};

int qpac_cover_row(qpac_op op, qpac_keyid key, int aut)
{
    int k = (int)key;
    int fail = aut != QPAC_AUT_PASS;
    switch (op) {
    case QPAC_OP_PAC: return k < 4 ? k : -1;
    case QPAC_OP_AUT: return k < 4 ? 4 + 2 * k + fail : -1;
    case QPAC_OP_AUTC: return k < 4 ? 12 + 2 * k + fail : -1;
    case QPAC_OP_XPAC: return k < 4 ? 20 + k : -1;
    case QPAC_OP_PACGA: return key == QPAC_KEY_GA ? 24 : -1;
    }
    return -1;
}

const char *qpac_cover_row_name(int row)
{
    return row >= 0 && row < QPAC_COVER_ROWS ? row_names[row] : "?";
}

int qpac_cover_class(qpac_op op, qpac_keyid key, int aut)
{
    int k = (int)key;
    int fail = aut != QPAC_AUT_PASS;
    switch (op) {
    case QPAC_OP_PAC: return k < 4 ? k : -1;
    case QPAC_OP_AUT: return k < 4 ? (fail ? 8 : 4) + k : -1;
    case QPAC_OP_AUTC: return k < 4 ? (fail ? 16 : 12) + k : -1;
    case QPAC_OP_XPAC: return k < 4 ? 20 + ((k >> 1) & 1) : -1;
    case QPAC_OP_PACGA: return key == QPAC_KEY_GA ? 22 : -1;
    }
    return -1;
}

/* ---------------------------------------------------------------------------
 * Bins.
 * ------------------------------------------------------------------------- */
static const char *const range_names[4] = {"single/bit55=0", "single/bit55=1",
                                           "two-range lower", "two-range upper"};
static const char *const tt_names[4] = {"tbi=0 tbid=0", "tbi=0 tbid=1", "tbi=1 tbid=0",
                                        "tbi=1 tbid=1"};
static const char *const tsz_names[4] = {"TxSZ<min", "TxSZ=min", "TxSZ=max", "TxSZ>max"};

const qpac_cover_dim qpac_cover_dims[QPAC_COVER_NDIMS] = {
    {"op class", 640, 23}, {"algorithm", 320, 2}, {"feature level", 64, 5},
    {"range", 16, 4},      {"TBI/TBID", 4, 4},    {"TxSZ", 1, 4}};

const char qpac_cover_bins_shape[] = "23 op classes x 2 algorithms x 5 feature levels x "
                                     "4 ranges x 4 TBI/TBID x 4 TxSZ limits";

const char *qpac_cover_dim_value(int dim, int val)
{
    if (dim < 0 || dim >= QPAC_COVER_NDIMS || val < 0 || val >= qpac_cover_dims[dim].nvals)
        return "?";
    switch (dim) {
    case 0: return class_names[val];
    case 1: return qpac_alg_name(val ? QPAC_ALG_QARMA3 : QPAC_ALG_QARMA5);
    case 2: return qpac_feat_name((qpac_feat)(val + 1));
    case 3: return range_names[val];
    case 4: return tt_names[val];
    default: return tsz_names[val];
    }
}

int qpac_cover_bin(const qpac_config *c, qpac_op op, qpac_keyid key, uint64_t x, int aut)
{
    int cls = qpac_cover_class(op, key, aut);
    if (cls < 0)
        return -1;
    int b55 = (int)((x >> 55) & 1);
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
    if (f < 0 || f > 4 || tbi > 1 || tbid > 1)
        return -1;
    return ((((cls * 2 + a) * 5 + f) * 4 + range) * 4 + (int)(tbi * 2 + tbid)) * 4 + z;
}

void qpac_cover_bin_describe(int bin, char *buf, size_t len)
{
    if (bin < 0 || bin >= QPAC_COVER_BINS) {
        snprintf(buf, len, "?");
        return;
    }
    size_t n = 0;
    buf[0] = 0;
    for (int d = 0; d < QPAC_COVER_NDIMS && n < len; d++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s", d ? ", " : "",
                              qpac_cover_dim_value(d, (bin / qpac_cover_dims[d].div) %
                                                          qpac_cover_dims[d].nvals));
}

/* ---------------------------------------------------------------------------
 * Counters.
 * ------------------------------------------------------------------------- */
void qpac_cover_init(qpac_cover *c) { memset(c, 0, sizeof *c); }

int qpac_cover_add(qpac_cover *c, const qpac_config *cfg, qpac_op op, qpac_keyid key,
                   uint64_t x, const qpac_result *res)
{
    int aut = qpac_aut_outcome(cfg, op, key, x, res);
    int row = qpac_cover_row(op, key, aut);
    if (row < 0) {
        c->illegal++;
        return aut;
    }
    unsigned f = (unsigned)cfg->feat - 1;
    if (f < 5)
        c->rows[row][cfg->alg == QPAC_ALG_QARMA3][f][(x >> 55) & 1]++;
    int bin = qpac_cover_bin(cfg, op, key, x, aut);
    if (bin >= 0 && c->bins[bin] < UINT32_MAX)
        c->bins[bin]++;
    return aut;
}

void qpac_cover_merge(qpac_cover *dst, const qpac_cover *src)
{
    uint64_t *d = &dst->rows[0][0][0][0];
    const uint64_t *s = &src->rows[0][0][0][0];
    for (size_t i = 0; i < sizeof dst->rows / sizeof *d; i++)
        d[i] += s[i];
    for (int i = 0; i < QPAC_COVER_BINS; i++)
        dst->bins[i] = src->bins[i] > UINT32_MAX - dst->bins[i] ? UINT32_MAX
                                                                : dst->bins[i] + src->bins[i];
    dst->illegal += src->illegal;
}

unsigned qpac_cover_bins_hit(const qpac_cover *c)
{
    unsigned n = 0;
    for (int i = 0; i < QPAC_COVER_BINS; i++)
        n += c->bins[i] != 0;
    return n;
}

/* Four characters: 1234, 12k, 1.2M; an empty cell prints as "--". */
static void cell(char *buf, uint64_t n)
{
    if (n == 0)
        strcpy(buf, "  --");
    else if (n < 10000)
        snprintf(buf, 8, "%4u", (unsigned)n);
    else if (n < 1000000)
        snprintf(buf, 8, "%3uk", (unsigned)(n / 1000));
    else if (n < 10000000)
        snprintf(buf, 8, "%3.1fM", (double)n / 1e6);
    else
        snprintf(buf, 8, "%3uM", (unsigned)(n / 1000000 > 999 ? 999 : n / 1000000));
}

unsigned qpac_cover_write_rows(FILE *fp, const qpac_cover *c)
{
    /* column labels, at most 9 characters */
    static const char *const feat[5] = {"pauth", "epac", "pauth2", "fpac", "fpaccomb"};
    unsigned empty = 0;
    fprintf(fp, "coverage: checked operations per instruction x algorithm x feature level x "
                "range (lo/hi = pointer bit 55); -- = empty bin\n");
    fprintf(fp, "%-11s", "");
    for (unsigned a = 0; a < 2; a++)
        for (unsigned f = 0; f < 5; f++)
            fprintf(fp, " %-9.9s", f ? "" : qpac_alg_name(a ? QPAC_ALG_QARMA3 : QPAC_ALG_QARMA5));
    fprintf(fp, "\n%-11s", "");
    for (unsigned a = 0; a < 2; a++)
        for (unsigned f = 0; f < 5; f++)
            fprintf(fp, " %-9.9s", feat[f]);
    fprintf(fp, "\n%-11s", "");
    for (unsigned a = 0; a < 2; a++)
        for (unsigned f = 0; f < 5; f++)
            fprintf(fp, "   lo   hi");
    fprintf(fp, "\n");
    for (int r = 0; r < QPAC_COVER_ROWS; r++) {
        fprintf(fp, "%-11s", row_names[r]);
        unsigned row_empty = 0;
        for (unsigned a = 0; a < 2; a++)
            for (unsigned f = 0; f < 5; f++)
                for (unsigned g = 0; g < 2; g++) {
                    char b[8];
                    cell(b, c->rows[r][a][f][g]);
                    fprintf(fp, "%s%s", g ? " " : "  ", b);
                    if (!c->rows[r][a][f][g])
                        row_empty++;
                }
        fprintf(fp, "%s\n", row_empty ? "  <- EMPTY BIN" : "");
        empty += row_empty;
    }
    fprintf(fp, "illegal op/key combinations (expect 0, no fault): %llu\n",
            (unsigned long long)c->illegal);
    fprintf(fp, "coverage: %u of %u bins empty%s\n", empty, QPAC_COVER_ROWS * 2 * 5 * 2,
            empty ? " (flagged above)" : "");
    return empty;
}

void qpac_cover_write_bins(FILE *fp, const qpac_cover *c)
{
    for (int d = 0; d < QPAC_COVER_NDIMS; d++) {
        const qpac_cover_dim *dim = &qpac_cover_dims[d];
        fprintf(fp, "%s:\n", dim->name);
        for (int val = 0; val < dim->nvals; val++) {
            unsigned tot = 0, h = 0;
            uint64_t vecs = 0;
            for (int i = 0; i < QPAC_COVER_BINS; i++)
                if ((i / dim->div) % dim->nvals == val) {
                    tot++;
                    h += c->bins[i] != 0;
                    vecs += c->bins[i];
                }
            fprintf(fp, "  %-18s %5u / %5u bins hit, %" PRIu64 " vectors\n",
                    qpac_cover_dim_value(d, val), h, tot, vecs);
        }
    }
    if (qpac_cover_bins_hit(c) < QPAC_COVER_BINS) {
        fprintf(fp, "\nbins not hit:\n");
        char d[200];
        for (int i = 0; i < QPAC_COVER_BINS; i++)
            if (!c->bins[i]) {
                qpac_cover_bin_describe(i, d, sizeof d);
                fprintf(fp, "  %s\n", d);
            }
    }
}

/*
 * coverage.cpp - qpac cosimulation coverage table (see coverage.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "coverage.h"

#include <cstring>

/* Rows: PAC x4, AUT x4 x {pass, fail}, AUTC x4 x {pass, fail}, XPAC x4, PACGA. */
static const char *row_name[Coverage::ROWS] = {
    "pacia",       "pacib",       "pacda",       "pacdb",       "autia pass",
    "autia fail",  "autib pass",  "autib fail",  "autda pass",  "autda fail",
    "autdb pass",  "autdb fail",  "braa pass",   "braa fail",   "brab pass",
    "brab fail",   "ldraa pass",  "ldraa fail",  "ldrab pass",  "ldrab fail",
    "xpaci (ia)",  "xpaci (ib)",  "xpacd (da)",  "xpacd (db)",  "pacga",
};

Coverage::Coverage() { memset(this, 0, sizeof *this); }

bool Coverage::aut_passed(const qpac_config &cfg, unsigned key, uint64_t x,
                          const qpac_result &res)
{
    if (res.fault)
        return false;
    int data = (key >> 1) & 1;
    int tbi = qpac_EffectiveTBI(&cfg, x, !data);
    unsigned b = qpac_CalculateBottomPACBit(&cfg, (int)((x >> 55) & 1));
    uint64_t c = (b <= 54) ? ((~0ull >> (63 - 54)) & ~((1ull << b) - 1)) : 0; /* mask(54,b) */
    if (!tbi)
        c |= 0xff00000000000000ull;
    uint64_t ext = ((res.value >> 55) & 1) ? ~0ull : 0;
    return ((res.value ^ ext) & c) == 0;
}

void Coverage::add(const qpac_config &cfg, unsigned op, unsigned key, uint64_t x,
                   const qpac_result &res, bool legal)
{
    if (!legal) {
        illegal_++;
        return;
    }
    unsigned row;
    switch (op) {
    case QPAC_OP_PAC:
        row = key;
        break;
    case QPAC_OP_AUT:
    case QPAC_OP_AUTC:
        row = (op == QPAC_OP_AUT ? 4 : 12) + 2 * key + (aut_passed(cfg, key, x, res) ? 0 : 1);
        break;
    case QPAC_OP_XPAC:
        row = 20 + key;
        break;
    default:
        row = 24;
        break;
    }
    unsigned alg = cfg.alg == QPAC_ALG_QARMA3 ? 1 : 0;
    unsigned feat = (cfg.feat >= 1 && cfg.feat <= 5) ? cfg.feat - 1 : 0;
    bins_[row][alg][feat][(x >> 55) & 1]++;
}

void Coverage::merge(const Coverage &o)
{
    for (unsigned r = 0; r < ROWS; r++)
        for (unsigned a = 0; a < NALG; a++)
            for (unsigned f = 0; f < NFEAT; f++)
                for (unsigned g = 0; g < NRANGE; g++)
                    bins_[r][a][f][g] += o.bins_[r][a][f][g];
    illegal_ += o.illegal_;
}

/* Four characters: 1234, 12k, 1.2M; an empty bin prints as "--". */
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

unsigned Coverage::print(FILE *fp) const
{
    static const char *feat[NFEAT] = {"pauth", "epac", "pauth2", "fpac", "fpaccomb"};
    unsigned empty = 0;
    fprintf(fp, "coverage: checked operations per instruction x algorithm x feature level x "
                "range (lo/hi = pointer bit 55); -- = empty bin\n");
    fprintf(fp, "%-11s", "");
    for (unsigned a = 0; a < NALG; a++)
        for (unsigned f = 0; f < NFEAT; f++)
            fprintf(fp, " %-9.9s", a == 0 && f == 0 ? "qarma5" : a == 1 && f == 0 ? "qarma3" : "");
    fprintf(fp, "\n%-11s", "");
    for (unsigned a = 0; a < NALG; a++)
        for (unsigned f = 0; f < NFEAT; f++)
            fprintf(fp, " %-9.9s", feat[f]);
    fprintf(fp, "\n%-11s", "");
    for (unsigned a = 0; a < NALG; a++)
        for (unsigned f = 0; f < NFEAT; f++)
            fprintf(fp, "   lo   hi");
    fprintf(fp, "\n");
    for (unsigned r = 0; r < ROWS; r++) {
        fprintf(fp, "%-11s", row_name[r]);
        unsigned row_empty = 0;
        for (unsigned a = 0; a < NALG; a++)
            for (unsigned f = 0; f < NFEAT; f++)
                for (unsigned g = 0; g < NRANGE; g++) {
                    char b[8];
                    cell(b, bins_[r][a][f][g]);
                    fprintf(fp, "%s%s", g ? " " : "  ", b);
                    if (!bins_[r][a][f][g])
                        row_empty++;
                }
        fprintf(fp, "%s\n", row_empty ? "  <- EMPTY BIN" : "");
        empty += row_empty;
    }
    fprintf(fp, "illegal op/key combinations (expect 0, no fault): %llu\n",
            (unsigned long long)illegal_);
    fprintf(fp, "coverage: %u of %u bins empty%s\n", empty, ROWS * NALG * NFEAT * NRANGE,
            empty ? " (flagged above)" : "");
    return empty;
}

/*
 * pvs2memh.c - build RTL vector images ($readmemh, format in qpac.h and
 * rtl/README.md) for tb_qpac_unit and tb_qpac_apb. Every expectation in an
 * image is computed by libqpac's qpac_exec with the architecture's rules (the
 * RTL has no compat=qemu); an expectation written in the input that disagrees
 * with the model is an error naming file and line.
 *   pvs2memh FILE.pvs OUT          a .pvs read with the one reader (qpac_pvs_next)
 *   pvs2memh --kat computepac.txt OUT
 *       the ComputePAC known answers as PACGA operations (cfg alg, key ga, pacga
 *       data modifier): expected = pac<63:32> : Zeros(32) from the file
 *   pvs2memh --gen SEED COUNT OUT  COUNT items of the qpac gen stream (hw_only)
 * Exit status: 0 written, 1 error (message on stderr), 2 usage.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qpac_vectors.h"

static const char *out_name;
static uint64_t nrec; /* records written, counted by the end record */

static int emit(FILE *out, const qpac_state *st, const qpac_pvs_item *item,
                const qpac_result *res)
{
    char rec[QPAC_MEMH_DIGITS + 1];
    if (qpac_memh_format(rec, st, item, res) != QPAC_OK) {
        fprintf(stderr, "pvs2memh: cannot format a record\n");
        return -1;
    }
    if (fprintf(out, "%s\n", rec) < 0) {
        fprintf(stderr, "pvs2memh: %s: write failed\n", out_name);
        return -1;
    }
    nrec++;
    return 0;
}

/* The result the RTL must give: the model with compat forced to arch. */
static int model(const qpac_state *st, const qpac_pvs_item *item, qpac_result *res)
{
    qpac_state arch = *st;
    arch.cfg.compat = QPAC_COMPAT_ARCH;
    int r = qpac_exec(&arch, item->op, item->key, item->x, item->y, res);
    qpac_state_wipe(&arch);
    return r;
}

static int from_pvs(const char *name, FILE *out)
{
    FILE *in = fopen(name, "r");
    if (!in) {
        fprintf(stderr, "pvs2memh: %s: %s\n", name, strerror(errno));
        return -1;
    }
    qpac_pvs_reader rd;
    qpac_state st;
    qpac_pvs_item item;
    qpac_result res;
    int r, rc = 0;
    unsigned ops = 0;
    qpac_state_init(&st);
    qpac_pvs_reader_init(&rd, in, name);
    while ((r = qpac_pvs_next(&rd, &st, &item)) == 1) {
        if (item.kind != QPAC_PVS_OP) {
            if (emit(out, &st, &item, NULL)) { rc = -1; break; }
            continue;
        }
        if (model(&st, &item, &res) != QPAC_OK) {
            fprintf(stderr, "%s:%u: the model rejects this operation (op/key pair or operands)\n",
                    name, item.line);
            rc = -1;
            break;
        }
        if (!qpac_pvs_expect_match(&item, &res)) {
            fprintf(stderr, "%s:%u: expected column disagrees with the model (architecture rules): "
                    "model gives %016" PRIx64 "%s\n", name, item.line, res.value,
                    res.fault ? " with a fault" : "");
            rc = -1;
            break;
        }
        if (emit(out, &st, &item, &res)) { rc = -1; break; }
        ops++;
    }
    if (r < 0) {
        fprintf(stderr, "%s\n", rd.err);
        rc = -1;
    }
    if (rc == 0 && ops == 0) {
        fprintf(stderr, "%s: no operations\n", name);
        rc = -1;
    }
    qpac_state_wipe(&st);
    fclose(in);
    return rc;
}

static int from_kat(const char *name, FILE *out)
{
    static const char *const field[5] = {"data", "modifier", "key_hi", "key_lo", "pac"};
    FILE *in = fopen(name, "r");
    if (!in) {
        fprintf(stderr, "pvs2memh: %s: %s\n", name, strerror(errno));
        return -1;
    }
    char line[512];
    unsigned lineno = 0, ops = 0;
    int rc = 0;
    qpac_state st;
    qpac_state_init(&st);
    while (rc == 0 && fgets(line, sizeof line, in)) {
        char *tok[7];
        int n = 0;
        uint64_t v[5];
        qpac_pvs_item item;
        qpac_result res;
        lineno++;
        for (char *t = strtok(line, " \t\r\n"); t && n < 7; t = strtok(NULL, " \t\r\n"))
            tok[n++] = t;
        if (n == 0 || tok[0][0] == '#')
            continue;
        if (n != 6) {
            fprintf(stderr, "%s:%u: expected 6 columns: alg data modifier key_hi key_lo pac "
                    "(field line)\n", name, lineno);
            rc = -1;
            break;
        }
        if (!strcmp(tok[0], "QARMA5"))
            st.cfg.alg = QPAC_ALG_QARMA5;
        else if (!strcmp(tok[0], "QARMA3"))
            st.cfg.alg = QPAC_ALG_QARMA3;
        else {
            /* not quoted: with columns shifted it may be a key half */
            fprintf(stderr, "%s:%u: alg: not QARMA5 or QARMA3 (field alg)\n", name, lineno);
            rc = -1;
            break;
        }
        for (int i = 0; i < 5 && rc == 0; i++)
            if (qpac_parse_hex(tok[i + 1], strlen(tok[i + 1]), 16, 16, &v[i])) {
                fprintf(stderr, "%s:%u: not 16 hex digits (field %s)\n", name, lineno, field[i]);
                rc = -1;
            }
        if (rc)
            break;
        memset(&item, 0, sizeof item);
        item.line = lineno;
        item.kind = QPAC_PVS_CFG;
        if (emit(out, &st, &item, NULL)) { rc = -1; break; }
        st.key[QPAC_KEY_GA].hi = v[2];
        st.key[QPAC_KEY_GA].lo = v[3];
        item.kind = QPAC_PVS_KEY;
        item.key = QPAC_KEY_GA;
        if (emit(out, &st, &item, NULL)) { rc = -1; break; }
        item.kind = QPAC_PVS_OP;
        item.op = QPAC_OP_PACGA;
        item.x = v[0];
        item.y = v[1];
        item.expect = QPAC_EXPECT_VALUE;
        item.expected = v[4] & UINT64_C(0xffffffff00000000);
        if (model(&st, &item, &res) != QPAC_OK || !qpac_pvs_expect_match(&item, &res)) {
            fprintf(stderr, "%s:%u: the model disagrees with the known answer (field pac)\n",
                    name, lineno);
            rc = -1;
            break;
        }
        /* the image carries the file's value, not the model's */
        if (emit(out, &st, &item, NULL)) { rc = -1; break; }
        ops++;
    }
    if (rc == 0 && ops == 0) {
        fprintf(stderr, "%s: no vectors\n", name);
        rc = -1;
    }
    qpac_state_wipe(&st);
    fclose(in);
    return rc;
}

static int from_gen(uint64_t seed, uint64_t count, FILE *out)
{
    qpac_gen g;
    qpac_state st;
    qpac_pvs_item item;
    qpac_result res;
    int rc = 0;
    qpac_state_init(&st);
    qpac_gen_init(&g, seed, 1);
    for (uint64_t i = 0; i < count && rc == 0; i++) {
        qpac_gen_next(&g, &st, &item);
        if (item.kind != QPAC_PVS_OP) {
            rc = emit(out, &st, &item, NULL);
            continue;
        }
        if (model(&st, &item, &res) != QPAC_OK) {
            fprintf(stderr, "pvs2memh: gen item %llu: the model rejects it\n", (unsigned long long)i);
            rc = -1;
        } else if (!qpac_pvs_expect_match(&item, &res)) {
            fprintf(stderr, "pvs2memh: gen item %llu: generator and model disagree\n",
                    (unsigned long long)i);
            rc = -1;
        } else {
            rc = emit(out, &st, &item, &res);
        }
    }
    qpac_state_wipe(&st);
    return rc;
}

int main(int argc, char **argv)
{
    const char *src;
    int rc;
    FILE *out;

    if (argc == 3 && argv[1][0] != '-') {
        src = argv[1];
        out_name = argv[2];
    } else if (argc == 4 && !strcmp(argv[1], "--kat")) {
        src = argv[2];
        out_name = argv[3];
    } else if (argc == 5 && !strcmp(argv[1], "--gen")) {
        src = "qpac gen --hw";
        out_name = argv[4];
    } else {
        fprintf(stderr, "usage: pvs2memh FILE.pvs OUT | --kat computepac.txt OUT | --gen SEED COUNT OUT\n");
        return 2;
    }
    /* numbers first: a usage error creates no file */
    uint64_t seed = 0, count = 0;
    if (argc == 5 && (qpac_parse_u64_str(argv[2], UINT64_MAX, &seed) ||
                      qpac_parse_u64_str(argv[3], UINT64_MAX, &count) || count == 0)) {
        fprintf(stderr, "pvs2memh: --gen: SEED and COUNT are numbers (decimal or 0x hex), "
                        "COUNT at least 1\n");
        return 2;
    }
    /* the image goes to a temporary file, renamed when complete */
    char err[QPAC_PVS_ERRLEN + 64];
    const char *inputs[2] = {argc == 5 ? NULL : src, NULL};
    qpac_out of;
    if (qpac_out_open(&of, out_name, inputs, err, sizeof err)) {
        fprintf(stderr, "pvs2memh: %s\n", err);
        return 1;
    }
    out = of.fp;
    rc = qpac_memh_write_header(out, src) == QPAC_OK ? 0 : -1;
    if (rc == 0 && argc == 3)
        rc = from_pvs(src, out);
    else if (rc == 0 && argc == 4)
        rc = from_kat(src, out);
    else if (rc == 0)
        rc = from_gen(seed, count, out);
    char end[QPAC_MEMH_DIGITS + 1];
    qpac_memh_format_end(end, nrec);
    if (rc == 0 && fprintf(out, "%s\n", end) < 0)
        rc = -1;
    if (qpac_out_close(&of, rc == 0, err, sizeof err)) {
        fprintf(stderr, "pvs2memh: %s\n", err);
        rc = -1;
    }
    if (rc)
        return 1;
    return 0;
}

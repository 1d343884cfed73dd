/*
 * kat2core.c - turn the ComputePAC known answers (../shared/vectors/computepac.txt)
 * into the readmemh image of tb_qarma_core: one record a line, 81 hex digits:
 *   [323:320] alg (0 QARMA5, 1 QARMA3; f = end of image)
 *   [319:256] data  [255:192] modifier  [191:128] key_hi  [127:64] key_lo
 *   [63:0]    expected pac (all 64 bits, from the file)
 * The end record (alg f) carries the number of records before it in [63:0];
 * tb_qarma_core checks it, so a cut image fails. OUT is written through
 * qpac_out (temporary file, renamed when complete).
 * Usage: kat2core IN OUT. Errors name file, line and field; exit status 1.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qpac_vectors.h"

int main(int argc, char **argv)
{
    static const char *const field[5] = {"data", "modifier", "key_hi", "key_lo", "pac"};
    char line[512];
    unsigned lineno = 0, count = 0;
    FILE *in, *out;

    if (argc != 3) {
        fprintf(stderr, "usage: kat2core computepac.txt image.memh\n");
        return 2;
    }
    in = fopen(argv[1], "r");
    if (!in) {
        fprintf(stderr, "kat2core: %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    char err[QPAC_PVS_ERRLEN + 64];
    const char *inputs[2] = {argv[1], NULL};
    qpac_out of;
    if (qpac_out_open(&of, argv[2], inputs, err, sizeof err)) {
        fprintf(stderr, "kat2core: %s\n", err);
        fclose(in);
        return 1;
    }
    out = of.fp;
    fprintf(out, "// tb_qarma_core image from %s\n", argv[1]);
    fprintf(out, "// [323:320] alg (0 QARMA5, 1 QARMA3, f end) [319:256] data [255:192] modifier\n");
    fprintf(out, "// [191:128] key_hi K<127:64> [127:64] key_lo K<63:0> [63:0] expected ComputePAC\n");
    while (fgets(line, sizeof line, in)) {
        char *tok[7];
        int n = 0, alg;
        uint64_t v[5];
        lineno++;
        if (!strchr(line, '\n') && !feof(in)) {
            fprintf(stderr, "%s:%u: line too long\n", argv[1], lineno);
            goto fail;
        }
        for (char *t = strtok(line, " \t\r\n"); t && n < 7; t = strtok(NULL, " \t\r\n"))
            tok[n++] = t;
        if (n == 0 || tok[0][0] == '#')
            continue;
        if (n != 6) {
            fprintf(stderr, "%s:%u: expected 6 columns (alg data modifier key_hi key_lo pac), got %d\n",
                    argv[1], lineno, n);
            goto fail;
        }
        if (!strcmp(tok[0], "QARMA5"))
            alg = 0;
        else if (!strcmp(tok[0], "QARMA3"))
            alg = 1;
        else {
            /* not quoted: with columns shifted it may be a key half */
            fprintf(stderr, "%s:%u: not QARMA5 or QARMA3 (field alg)\n", argv[1], lineno);
            goto fail;
        }
        for (int i = 0; i < 5; i++) {
            if (qpac_parse_hex(tok[i + 1], strlen(tok[i + 1]), 16, 16, &v[i])) {
                fprintf(stderr, "%s:%u: not 16 hex digits (field %s)\n", argv[1], lineno,
                        field[i]);
                goto fail;
            }
        }
        fprintf(out, "%x%016" PRIx64 "%016" PRIx64 "%016" PRIx64 "%016" PRIx64 "%016" PRIx64 "\n",
                alg, v[0], v[1], v[2], v[3], v[4]);
        count++;
    }
    fprintf(out, "f%064x%016x\n", 0, count);
    fclose(in);
    if (count == 0) {
        fprintf(stderr, "%s: no vectors\n", argv[1]);
        qpac_out_close(&of, 0, err, sizeof err);
        return 1;
    }
    if (qpac_out_close(&of, 1, err, sizeof err)) {
        fprintf(stderr, "kat2core: %s\n", err);
        return 1;
    }
    return 0;
fail:
    fclose(in);
    qpac_out_close(&of, 0, err, sizeof err);
    return 1;
}

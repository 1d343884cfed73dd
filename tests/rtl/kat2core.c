/*
 * kat2core.c - turn the ComputePAC known answers (../shared/vectors/computepac.txt)
 * into the readmemh image of tb_qarma_core: one record a line, 81 hex digits:
 *   [323:320] alg (0 QARMA5, 1 QARMA3; f = end of image)
 *   [319:256] data  [255:192] modifier  [191:128] key_hi  [127:64] key_lo
 *   [63:0]    expected pac (all 64 bits, from the file)
 * Usage: kat2core IN OUT. Errors name file, line and field; exit status 1.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_hex64(const char *s, uint64_t *v)
{
    char *end;
    if (strlen(s) != 16)
        return -1;
    errno = 0;
    *v = strtoull(s, &end, 16);
    return (errno || *end) ? -1 : 0;
}

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
    out = fopen(argv[2], "w");
    if (!out) {
        fprintf(stderr, "kat2core: %s: %s\n", argv[2], strerror(errno));
        fclose(in);
        return 1;
    }
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
            return 1;
        }
        for (char *t = strtok(line, " \t\r\n"); t && n < 7; t = strtok(NULL, " \t\r\n"))
            tok[n++] = t;
        if (n == 0 || tok[0][0] == '#')
            continue;
        if (n != 6) {
            fprintf(stderr, "%s:%u: expected 6 columns (alg data modifier key_hi key_lo pac), got %d\n",
                    argv[1], lineno, n);
            return 1;
        }
        if (!strcmp(tok[0], "QARMA5"))
            alg = 0;
        else if (!strcmp(tok[0], "QARMA3"))
            alg = 1;
        else {
            fprintf(stderr, "%s:%u: alg: '%s' is not QARMA5 or QARMA3\n", argv[1], lineno, tok[0]);
            return 1;
        }
        for (int i = 0; i < 5; i++) {
            if (parse_hex64(tok[i + 1], &v[i])) {
                fprintf(stderr, "%s:%u: %s: '%s' is not 16 hex digits\n", argv[1], lineno,
                        field[i], tok[i + 1]);
                return 1;
            }
        }
        fprintf(out, "%x%016" PRIx64 "%016" PRIx64 "%016" PRIx64 "%016" PRIx64 "%016" PRIx64 "\n",
                alg, v[0], v[1], v[2], v[3], v[4]);
        count++;
    }
    fprintf(out, "f%080x\n", 0);
    fclose(in);
    if (fclose(out)) {
        fprintf(stderr, "kat2core: %s: write failed\n", argv[2]);
        return 1;
    }
    if (count == 0) {
        fprintf(stderr, "%s: no vectors\n", argv[1]);
        return 1;
    }
    return 0;
}

/*
 * fuzz_memh.c - libFuzzer harness of the image writer/reader path of
 * tests/rtl/pvs2memh.c (included here with its main renamed): the input is
 * a .pvs script (first byte even) or a computepac.txt table (odd).
 * Properties, on any byte string:
 *   - no crash, no sanitizer report;
 *   - on success the image reads back: `//` comment lines, then records of
 *     QPAC_MEMH_DIGITS hex digits with kind 1..3, the last one the end record
 *     (kind 0) whose [63:0] counts the records before it (what the benches
 *     check), and nothing after it;
 *   - on failure no output file, and no temporary file, is left;
 *   - no message echoes 8 or more hex digits of the input, except the
 *     model's own result in an expected-column mismatch.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <dirent.h>
#include <stdint.h>
#include <unistd.h>

#include "fuzz_common.h"

#define main pvs2memh_main
#include "../rtl/pvs2memh.c"
#undef main

static char dir[64], in_path[96], out_path[96];
static FILE *errs;
static char *errbuf;
static size_t errlen;

static void check_image(void)
{
    FILE *fp = fopen(out_path, "r");
    char line[256];
    uint64_t recs = 0;
    int ended = 0;
    if (!fp)
        abort();
    while (fgets(line, sizeof line, fp)) {
        size_t n = strcspn(line, "\n");
        if (!strncmp(line, "//", 2))
            continue;
        if (ended || n != QPAC_MEMH_DIGITS) {
            dprintf(2, "PROPERTY: bad image line: %s", line);
            abort();
        }
        for (size_t i = 0; i < n; i++)
            if (!fuzz_is_hex((unsigned char)line[i]) || (line[i] >= 'A' && line[i] <= 'F'))
                abort();
        if (line[0] == '0') {
            uint64_t cnt;
            if (qpac_parse_hex(line + n - 16, 16, 16, 16, &cnt) || cnt != recs) {
                dprintf(2, "PROPERTY: end record counts %s, image has %llu\n", line,
                        (unsigned long long)recs);
                abort();
            }
            ended = 1;
        } else if (line[0] < '1' || line[0] > '3') {
            abort();
        } else {
            recs++;
        }
    }
    fclose(fp);
    if (!ended || recs == 0) {
        dprintf(2, "PROPERTY: image without end record or records\n");
        abort();
    }
}

static void cleanup(void)
{
    unlink(in_path);
    unlink(out_path);
    rmdir(dir);
}

static int dir_entries(void)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/fuzz_memh.XXXXXX");
        if (!mkdtemp(dir))
            abort();
        snprintf(in_path, sizeof in_path, "%s/in", dir);
        snprintf(out_path, sizeof out_path, "%s/out.memh", dir);
        atexit(cleanup);
        errs = open_memstream(&errbuf, &errlen);
        stderr = errs;
    }
    if (size == 0)
        return 0;
    FILE *fp = fopen(in_path, "wb");
    fwrite(data + 1, 1, size - 1, fp);
    fclose(fp);
    unlink(out_path);
    nrec = 0;
    char *kat[] = {"pvs2memh", "--kat", in_path, out_path, NULL};
    char *pvs[] = {"pvs2memh", in_path, out_path, NULL};
    int rc = data[0] & 1 ? pvs2memh_main(4, kat) : pvs2memh_main(3, pvs);
    fflush(errs);
    if (rc == 0) {
        check_image();
    } else if (access(out_path, F_OK) == 0 || dir_entries() != 1) {
        dprintf(2, "PROPERTY: failed run (exit %d) left an output or temporary file\n", rc);
        abort();
    }
    char *msgs = strndup(errbuf ? errbuf : "", errlen); /* this run's messages only */
    if (!strstr(msgs, "model gives"))
        fuzz_no_echo(msgs, data + 1, size - 1);
    free(msgs);
    rewind(errs);
    errlen = 0;
    if (errbuf)
        errbuf[0] = '\0';
    return 0;
}

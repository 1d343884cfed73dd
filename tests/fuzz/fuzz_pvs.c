/*
 * fuzz_pvs.c - libFuzzer harness of the .pvs reader (qpac_pvs_next).
 * Properties, on any byte string:
 *   - no crash, no sanitizer report, the reader ends (0) after its errors;
 *   - every error is "fuzz.pvs:LINE: what (field F)";
 *   - no message contains 8 or more hex digits of the input (no key echo);
 *   - round trip: the items read, written back with qpac_pvs_write_item and
 *     read again, give the same items and the same state after each.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdint.h>

#include "fuzz_common.h"
#include "qpac_vectors.h"

#define MAXITEMS 4096

static qpac_pvs_item items[MAXITEMS];
static qpac_state states[MAXITEMS];

static int same_item(const qpac_pvs_item *a, const qpac_pvs_item *b)
{
    if (a->kind != b->kind)
        return 0;
    if (a->kind == QPAC_PVS_KEY)
        return a->key == b->key;
    if (a->kind == QPAC_PVS_OP)
        return a->op == b->op && a->key == b->key && a->x == b->x && a->y == b->y &&
               a->expect == b->expect && (a->expect != QPAC_EXPECT_VALUE || a->expected == b->expected);
    return 1;
}

static int same_state(const qpac_state *a, const qpac_state *b)
{
    return !memcmp(&a->cfg, &b->cfg, sizeof a->cfg) && !memcmp(a->key, b->key, sizeof a->key);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *fp = fmemopen((void *)data, size, "r");
    if (!fp || size == 0) {
        if (fp)
            fclose(fp);
        return 0;
    }
    qpac_pvs_reader rd;
    qpac_state st;
    qpac_pvs_item it;
    size_t n = 0;
    int r, errors = 0;
    qpac_state_init(&st);
    qpac_pvs_reader_init(&rd, fp, "fuzz.pvs");
    while ((r = qpac_pvs_next(&rd, &st, &it)) != 0) {
        if (r < 0) {
            fuzz_check_message(rd.err, "fuzz.pvs");
            fuzz_no_echo(rd.err, data, size);
            if (++errors > 100000)
                abort(); /* the reader must end */
            continue;
        }
        if (n < MAXITEMS) {
            items[n] = it;
            states[n] = st;
            n++;
        }
    }
    fclose(fp);

    /* round trip through the writer */
    char *buf = NULL;
    size_t blen = 0;
    FILE *w = open_memstream(&buf, &blen);
    if (!w)
        abort();
    for (size_t i = 0; i < n; i++)
        if (qpac_pvs_write_item(w, &states[i], &items[i]))
            abort();
    fclose(w);
    FILE *rfp = fmemopen(buf, blen ? blen : 1, "r");
    qpac_state_init(&st);
    qpac_pvs_reader_init(&rd, rfp, "roundtrip.pvs");
    for (size_t i = 0; i < n; i++) {
        if (!blen || qpac_pvs_next(&rd, &st, &it) != 1) {
            dprintf(2, "PROPERTY: written item %zu does not read back: %s\n", i, rd.err);
            abort();
        }
        if (!same_item(&it, &items[i]) || !same_state(&st, &states[i])) {
            dprintf(2, "PROPERTY: item %zu differs after the round trip\n", i);
            abort();
        }
    }
    if (blen && qpac_pvs_next(&rd, &st, &it) != 0)
        abort();
    fclose(rfp);
    free(buf);
    return 0;
}

/* example.c - libqpac in a few lines: one PACGA, then a .pvs script checked
 * line by line. cmodel/README.md shows this file; test_tool builds and runs it.
 *   cc -std=c11 -Icmodel/include example.c build/lib/libqpac.a -o example */
#include <stdio.h>

#include "qpac_vectors.h"

int main(int argc, char **argv)
{
    qpac_state st;
    qpac_result res;

    /* One operation: PACGA with the QARMA paper's key and inputs (spec 7.2). */
    qpac_state_init(&st); /* default configuration, every key zero */
    st.key[QPAC_KEY_GA].hi = UINT64_C(0x84be85ce9804e94b); /* K<127:64> */
    st.key[QPAC_KEY_GA].lo = UINT64_C(0xec2802d4e0a488e9); /* K<63:0> */
    if (qpac_exec(&st, QPAC_OP_PACGA, QPAC_KEY_GA, UINT64_C(0xfb623599da6e8127),
                  UINT64_C(0x477d469dec0b8762), &res))
        return 2;
    printf("pacga %016llx\n", (unsigned long long)res.value);

    /* A script: cfg and key lines update st, op lines are evaluated. */
    if (argc < 2)
        return 0;
    FILE *fp = fopen(argv[1], "r");
    if (!fp)
        return 2;
    qpac_pvs_reader rd;
    qpac_pvs_item it;
    unsigned passed = 0, failed = 0;
    int r;
    qpac_state_init(&st);
    qpac_pvs_reader_init(&rd, fp, argv[1]);
    while ((r = qpac_pvs_next(&rd, &st, &it)) > 0) {
        if (it.kind != QPAC_PVS_OP || it.expect == QPAC_EXPECT_NONE)
            continue;
        if (qpac_exec(&st, it.op, it.key, it.x, it.y, &res) == 0 &&
            qpac_pvs_expect_match(&it, &res))
            passed++;
        else
            failed++;
    }
    fclose(fp);
    qpac_state_wipe(&st);
    if (r < 0) {
        fprintf(stderr, "%s\n", rd.err); /* "FILE:LINE: what is wrong (field F)" */
        return 2;
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}

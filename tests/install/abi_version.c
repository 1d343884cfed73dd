/* abi_version.c - make test-install builds this against the installed
 * headers and shared library: both public headers compile on their own, the
 * version macros agree with each other and with the library, and the
 * vectors API links. Prints "VERSION MAJOR" for the Makefile to compare
 * with qpac.pc and the SONAME. */
#include <stdio.h>
#include <string.h>

#include "qpac_vectors.h" /* includes qpac.h */

#define STR_(x) #x
#define STR(x) STR_(x)

int main(void)
{
    static const char mmp[] =
        STR(QPAC_VERSION_MAJOR) "." STR(QPAC_VERSION_MINOR) "." STR(QPAC_VERSION_PATCH);
    if (strcmp(mmp, QPAC_VERSION_STRING) || strcmp(qpac_version(), QPAC_VERSION_STRING)) {
        fprintf(stderr, "abi_version: header %s, macros %s, library %s disagree\n",
                QPAC_VERSION_STRING, mmp, qpac_version());
        return 1;
    }
    qpac_gen g;
    qpac_state st;
    qpac_pvs_item it;
    qpac_state_init(&st);
    qpac_gen_init(&g, 1, 1);
    qpac_gen_next(&g, &st, &it); /* the first item names every cfg field */
    if (it.kind != QPAC_PVS_CFG || it.cfg_fields != QPAC_PVS_F_ALL) {
        fprintf(stderr, "abi_version: the generator's first item is not a full cfg\n");
        return 1;
    }
    printf("%s %d\n", QPAC_VERSION_STRING, QPAC_VERSION_MAJOR);
    return 0;
}

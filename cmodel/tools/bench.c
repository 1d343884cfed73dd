/* bench.c - placeholder until its owner lands the real command. */
#include <stdio.h>
#include "cmds.h"
int qpac_cmd_bench(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "qpac bench: not built yet\n"); return QPAC_EXIT_USAGE; }

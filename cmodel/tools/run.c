/* run.c - placeholder until its owner lands the real command. */
#include <stdio.h>
#include "cmds.h"
int qpac_cmd_run(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "qpac run: not built yet\n"); return QPAC_EXIT_USAGE; }

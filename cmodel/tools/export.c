/* export.c - placeholder until its owner lands the real command. */
#include <stdio.h>
#include "cmds.h"
int qpac_cmd_export(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "qpac export: not built yet\n"); return QPAC_EXIT_USAGE; }

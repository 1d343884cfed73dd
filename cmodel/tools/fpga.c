/* fpga.c - placeholder until its owner lands the real command. */
#include <stdio.h>
#include "cmds.h"
int qpac_cmd_fpga(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "qpac fpga: not built yet\n"); return QPAC_EXIT_USAGE; }

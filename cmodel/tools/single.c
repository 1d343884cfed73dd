/* single.c - placeholder until its owner lands the real command. */
#include <stdio.h>
#include "cmds.h"
int qpac_cmd_pac(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "qpac pac: not built yet\n"); return QPAC_EXIT_USAGE; }
int qpac_cmd_aut(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "qpac aut: not built yet\n"); return QPAC_EXIT_USAGE; }
int qpac_cmd_xpac(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "qpac xpac: not built yet\n"); return QPAC_EXIT_USAGE; }
int qpac_cmd_pacga(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "qpac pacga: not built yet\n"); return QPAC_EXIT_USAGE; }

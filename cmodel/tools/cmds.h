/* cmds.h - the qpac command's subcommands, one file each. */
#ifndef QPAC_CMDS_H
#define QPAC_CMDS_H

/* Exit codes of every subcommand. */
#define QPAC_EXIT_OK 0
#define QPAC_EXIT_MISMATCH 1
#define QPAC_EXIT_USAGE 2

int qpac_cmd_run(int argc, char **argv);    /* run.c */
int qpac_cmd_check(int argc, char **argv);  /* check.c */
int qpac_cmd_gen(int argc, char **argv);    /* gen.c */
int qpac_cmd_pac(int argc, char **argv);    /* single.c */
int qpac_cmd_aut(int argc, char **argv);    /* single.c */
int qpac_cmd_xpac(int argc, char **argv);   /* single.c */
int qpac_cmd_pacga(int argc, char **argv);  /* single.c */
int qpac_cmd_bench(int argc, char **argv);  /* bench.c */
int qpac_cmd_export(int argc, char **argv); /* export/driver.c */
int qpac_cmd_fpga(int argc, char **argv);   /* fpga.c */
int qpac_cmd_fields(int argc, char **argv); /* fields.c */

/* check.c: evaluate one .pvs stream (NAME in messages) into a tally;
 * mismatches are printed unless quiet. 0, or -1 on an input error (message
 * printed). qpac bench times it. */
#include <stdio.h>
typedef struct {
    unsigned long passed, failed, unchecked;
    int quiet;
} qpac_check_tally;
int qpac_check_stream(FILE *fp, const char *name, qpac_check_tally *t);

#endif

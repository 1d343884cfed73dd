/*
 * util.h - helpers shared by the qpac subcommands: a small long-option
 * parser, number and key parsing, the configuration options (named as the
 * .pvs cfg fields) and input/state loading. Messages go to stderr prefixed
 * with the command ("qpac run: ...").
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef QPAC_UTIL_H
#define QPAC_UTIL_H

#include <stdint.h>
#include <stdio.h>

#include "qpac_vectors.h"

/* ---- options ---------------------------------------------------------------
 * Accepted forms: --name VALUE, --name=VALUE, -n VALUE, -nVALUE, flags
 * --name / -n, "--" ends the options, "-" is an ordinary argument (stdin). */
typedef struct {
    const char *name; /* long name without "--" */
    char short_name;  /* 0 if none */
    int has_arg;      /* 1: takes a value */
    int id;           /* returned by qpac_opts_next; > 0 */
} qpac_optdef;

typedef struct {
    int argc;
    char **argv;
    int i;
    const char *cmd;  /* "qpac run", for messages */
    const char *arg;  /* value of the option, or the positional argument */
    const char *name; /* the option's name, "--NAME" (for messages; never its value) */
    char namebuf[40];
    int no_more_opts;
} qpac_opts;

#define QPAC_OPT_END 0     /* no more arguments */
#define QPAC_OPT_ARG (-1)  /* a positional argument, in o->arg */
#define QPAC_OPT_ERR (-2)  /* unknown option or missing value (message printed) */

/* Table terminator and the options every command takes. */
#define QPAC_OPT_HELP 1
#define QPAC_OPTDEF_HELP {"help", 'h', 0, QPAC_OPT_HELP}
#define QPAC_OPTDEF_END {NULL, 0, 0, 0}

/* argv[0] is the subcommand's name; parsing starts at argv[1]. */
void qpac_opts_init(qpac_opts *o, int argc, char **argv, const char *cmd);
int qpac_opts_next(qpac_opts *o, const qpac_optdef *defs);

/* Configuration options: one --NAME VALUE per configuration field, named
 * and checked as the .pvs cfg fields (the table of qpac_field_get). Put
 * QPAC_OPTDEFS_CFG in a table; qpac_opts_next returns QPAC_OPT_CFG_BASE + the
 * field, which qpac_util_cfg_opt applies. */
#define QPAC_OPT_CFG_BASE 1000
#define QPAC_OPTDEFS_CFG {"", 0, 1, QPAC_OPT_CFG_BASE} /* every field */
/* The configuration options for --help, from the table (fields.c). */
void qpac_util_cfg_help(FILE *fp);
/* Applies one configuration option; 0, or -1 with a message printed. */
int qpac_util_cfg_opt(qpac_config *cfg, const qpac_opts *o, int id);
int qpac_util_is_cfg_opt(int id);

/* ---- values -------------------------------------------------------------- */
/* Operands on the command line (pointers, modifiers, key halves): hex,
 * optional 0x, 1 to 16 digits (qpac_parse_hex). 0 or -1. */
int qpac_util_parse_hex(const char *s, uint64_t *v);
/* Counts, seeds, indices: qpac_parse_u64 (decimal or 0x hex, no sign, no
 * octal), below 2^64. 0 or -1. */
int qpac_util_parse_u64(const char *s, uint64_t *v);
/* Key name ia, ib, da, db, ga. 0 or -1. */
int qpac_util_parse_key(const char *s, qpac_keyid *k);
/* Parses o->arg as hex / number / key for option o->name; prints
 * "CMD: bad value for --NAME: ..." on error. 0 or -1. */
int qpac_util_opt_hex(const qpac_opts *o, uint64_t *v);
int qpac_util_opt_u64(const qpac_opts *o, uint64_t *v);
/* As opt_u64, range lo..hi (both named in the message). */
int qpac_util_opt_num(const qpac_opts *o, uint64_t lo, uint64_t hi, uint64_t *v);
int qpac_util_opt_key(const qpac_opts *o, qpac_keyid *k);

/* ---- files ----------------------------------------------------------------
 * Opens PATH for reading, "-" meaning stdin; *name gets the name to show
 * ("<stdin>" for "-"). NULL with a message printed on failure. */
FILE *qpac_util_open_in(const char *cmd, const char *path, const char **name);
void qpac_util_close_in(FILE *fp);
/* Applies the cfg and key lines of a .pvs file to *st (op lines are read
 * and ignored). 0, or -1 with a message printed. */
int qpac_util_load_state(const char *cmd, const char *path, qpac_state *st);

/* Output files through qpac_out (temporary file renamed on success; NULL or
 * "-" = stdout; refuses an output that is one of inputs). Messages printed
 * as "CMD: ..."; 0 or -1. out_close with ok=0 discards the file. */
int qpac_util_out_open(const char *cmd, qpac_out *out, const char *path,
                       const char *const *inputs);
int qpac_util_out_close(const char *cmd, qpac_out *out, int ok);

/* The lowercase 16-digit hex of v, in buf. */
const char *qpac_util_hex(char buf[17], uint64_t v);

#endif

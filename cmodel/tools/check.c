/*
 * check.c - `qpac check FILE...`: evaluate .pvs scripts and compare every op
 * line that has an expected column with the model. Each mismatch is printed
 * as "FILE:LINE: <op line>: expected X, got Y"; the last line of stdout is
 * "N passed, M failed". Exit 0 only when every vector passed and at least one
 * ran; 1 on a mismatch (or none ran); 2 on a usage or input error.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "cmds.h"
#include "util.h"

static void usage(FILE *fp)
{
    fputs("usage: qpac check [OPTIONS] FILE...\n"
          "\n"
          "Evaluates .pvs scripts (- for stdin) and compares each op line's expected\n"
          "column with the model. Every mismatch is printed as\n"
          "  FILE:LINE: <op line>: expected X, got Y\n"
          "and the last line is 'N passed, M failed'. Op lines without an expected\n"
          "column are evaluated but not counted. A malformed line stops that file\n"
          "(FILE:LINE: what is wrong, on stderr); the other files are still checked.\n"
          "\n"
          "options:\n"
          "  -q, --quiet   do not print mismatches, only the summary line\n"
          "  -h, --help    this text\n"
          "\n"
          "exit: 0 every vector passed and at least one ran, 1 a mismatch or no vector,\n"
          "      2 usage or input error\n",
          fp);
}

enum { OPT_QUIET = 2 };

typedef qpac_check_tally tally;

int qpac_check_stream(FILE *fp, const char *name, tally *t)
{
    qpac_state st;
    qpac_pvs_reader rd;
    qpac_pvs_item it;
    int r, rc = 0;
    qpac_state_init(&st);
    qpac_pvs_reader_init(&rd, fp, name);
    while ((r = qpac_pvs_next(&rd, &st, &it)) > 0) {
        if (it.kind != QPAC_PVS_OP)
            continue;
        qpac_result res = {0, 0};
        if (qpac_exec(&st, it.op, it.key, it.x, it.y, &res)) {
            fprintf(stderr, "%s:%u: operation rejected by the model\n", name, it.line);
            rc = -1;
            break;
        }
        if (it.expect == QPAC_EXPECT_NONE) {
            t->unchecked++;
        } else if (qpac_pvs_expect_match(&it, &res)) {
            t->passed++;
        } else {
            t->failed++;
            if (!t->quiet) {
                char op[96], eb[17], vb[17];
                qpac_pvs_format_op(op, sizeof op, it.op, it.key, it.x, it.y, NULL);
                printf("%s:%u: %s: expected %s, got %s\n", name, it.line, op,
                       qpac_pvs_format_expect(eb, &it),
                       res.fault ? "fault" : qpac_util_hex(vb, res.value));
            }
        }
    }
    if (r < 0) {
        fprintf(stderr, "%s\n", rd.err);
        rc = -1;
    }
    qpac_state_wipe(&st);
    return rc;
}

/* 0 ok, -1 input error (message printed). */
static int check_file(const char *path, tally *t)
{
    const char *name;
    FILE *fp = qpac_util_open_in("qpac check", path, &name);
    if (!fp)
        return -1;
    int rc = qpac_check_stream(fp, name, t);
    qpac_util_close_in(fp);
    return rc;
}

int qpac_cmd_check(int argc, char **argv)
{
    static const qpac_optdef defs[] = {QPAC_OPTDEF_HELP, {"quiet", 'q', 0, OPT_QUIET},
                                       QPAC_OPTDEF_END};
    qpac_opts o;
    tally t = {0, 0, 0, 0};
    int id, nfiles = 0, input_error = 0;
    qpac_opts_init(&o, argc, argv, "qpac check");
    /* options first (anywhere on the line), then the files in order */
    while ((id = qpac_opts_next(&o, defs)) != QPAC_OPT_END) {
        if (id == QPAC_OPT_HELP) {
            usage(stdout);
            return QPAC_EXIT_OK;
        } else if (id == OPT_QUIET) {
            t.quiet = 1;
        } else if (id == QPAC_OPT_ARG) {
            nfiles++;
        } else {
            return QPAC_EXIT_USAGE;
        }
    }
    if (nfiles == 0) {
        fprintf(stderr, "qpac check: no input file (try 'qpac check --help')\n");
        return QPAC_EXIT_USAGE;
    }
    qpac_opts_init(&o, argc, argv, "qpac check");
    while ((id = qpac_opts_next(&o, defs)) != QPAC_OPT_END)
        if (id == QPAC_OPT_ARG && check_file(o.arg, &t))
            input_error = 1;
    if (t.unchecked)
        printf("%lu op line%s without an expected result (not counted)\n", t.unchecked,
               t.unchecked == 1 ? "" : "s");
    printf("%lu passed, %lu failed\n", t.passed, t.failed);
    if (fflush(stdout) != 0) {
        fprintf(stderr, "qpac check: write error on stdout\n");
        return QPAC_EXIT_USAGE;
    }
    if (input_error)
        return QPAC_EXIT_USAGE;
    if (t.failed)
        return QPAC_EXIT_MISMATCH;
    if (t.passed == 0) {
        fprintf(stderr, "qpac check: no vector with an expected result ran\n");
        return QPAC_EXIT_MISMATCH;
    }
    return QPAC_EXIT_OK;
}

/*
 * run.c - `qpac run [FILE|-]`: evaluate a .pvs script and print it back with
 * every op line's computed result, so that the output is itself a valid
 * script with expected results. Comments, blank lines, cfg and key lines are
 * copied as written; op lines are printed in canonical form with the
 * computed result (and their comment, if any).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "cmds.h"
#include "util.h"

static void usage(FILE *fp)
{
    fputs("usage: qpac run [OPTIONS] [FILE|-]\n"
          "\n"
          "Evaluates a .pvs script (stdin if FILE is - or missing) and prints it back\n"
          "with every op line's computed result: the output is a script with expected\n"
          "results. An expected column already present is replaced; where it differed\n"
          "from the computed result a warning FILE:LINE: ... goes to stderr.\n"
          "\n"
          "options:\n"
          "  -o, --output FILE   write to FILE instead of stdout\n"
          "  -h, --help          this text\n"
          "\n"
          "exit: 0 done, 1 an expected column in the input differed,\n"
          "      2 usage or input error (FILE:LINE: what is wrong)\n",
          fp);
}

static void echo_line(void *arg, const char *text)
{
    FILE *out = arg;
    fputs(text, out);
    putc('\n', out);
}

enum { OPT_OUTPUT = 2 };

int qpac_cmd_run(int argc, char **argv)
{
    static const qpac_optdef defs[] = {QPAC_OPTDEF_HELP, {"output", 'o', 1, OPT_OUTPUT},
                                       QPAC_OPTDEF_END};
    qpac_opts o;
    const char *in_path = NULL, *out_path = NULL;
    int id;
    qpac_opts_init(&o, argc, argv, "qpac run");
    while ((id = qpac_opts_next(&o, defs)) != QPAC_OPT_END) {
        switch (id) {
        case QPAC_OPT_HELP:
            usage(stdout);
            return QPAC_EXIT_OK;
        case OPT_OUTPUT:
            out_path = o.arg;
            break;
        case QPAC_OPT_ARG:
            if (in_path) {
                fprintf(stderr, "qpac run: one input file only (try 'qpac check' for several)\n");
                return QPAC_EXIT_USAGE;
            }
            in_path = o.arg;
            break;
        default:
            return QPAC_EXIT_USAGE;
        }
    }
    const char *name;
    FILE *in = qpac_util_open_in("qpac run", in_path ? in_path : "-", &name);
    if (!in)
        return QPAC_EXIT_USAGE;
    const char *inputs[2] = {in_path ? in_path : "-", NULL};
    qpac_out of;
    if (qpac_util_out_open("qpac run", &of, out_path, inputs)) {
        qpac_util_close_in(in);
        return QPAC_EXIT_USAGE;
    }
    FILE *out = of.fp;

    qpac_state st;
    qpac_pvs_reader rd;
    qpac_pvs_item it;
    int r, status = QPAC_EXIT_OK;
    qpac_state_init(&st);
    qpac_pvs_reader_init(&rd, in, name);
    rd.on_skip = echo_line;
    rd.on_skip_arg = out;
    while ((r = qpac_pvs_next(&rd, &st, &it)) > 0) {
        if (it.kind != QPAC_PVS_OP) {
            echo_line(out, rd.text);
            continue;
        }
        qpac_result res = {0, 0};
        char line[128], eb[17], vb[17];
        if (qpac_exec(&st, it.op, it.key, it.x, it.y, &res)) {
            fprintf(stderr, "%s:%u: operation rejected by the model\n", name, it.line);
            status = QPAC_EXIT_USAGE;
            break;
        }
        qpac_pvs_format_op(line, sizeof line, it.op, it.key, it.x, it.y, &res);
        if (!qpac_pvs_expect_match(&it, &res)) {
            char op[96];
            qpac_pvs_format_op(op, sizeof op, it.op, it.key, it.x, it.y, NULL);
            fprintf(stderr, "%s:%u: %s: expected %s, got %s (output has the computed result)\n",
                    name, it.line, op, qpac_pvs_format_expect(eb, &it),
                    res.fault ? "fault" : qpac_util_hex(vb, res.value));
            if (status == QPAC_EXIT_OK)
                status = QPAC_EXIT_MISMATCH;
        }
        fputs(line, out);
        if (rd.comment >= 0) {
            fputs("  ", out);
            fputs(rd.text + rd.comment, out);
        }
        putc('\n', out);
    }
    qpac_state_wipe(&st);
    if (r < 0) {
        fprintf(stderr, "%s\n", rd.err);
        status = QPAC_EXIT_USAGE;
    }
    qpac_util_close_in(in);
    /* an input error leaves no output file; a mismatch (exit 1) keeps it */
    if (qpac_util_out_close("qpac run", &of, status != QPAC_EXIT_USAGE))
        status = QPAC_EXIT_USAGE;
    return status;
}

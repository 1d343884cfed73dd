/* qpac.c - the qpac command: dispatch to one subcommand. */
#include <stdio.h>
#include <string.h>

#include "cmds.h"
#include "qpac.h"

static const struct {
    const char *name;
    int (*fn)(int, char **);
    const char *help;
} cmds[] = {
    {"run", qpac_cmd_run, "evaluate a .pvs script, print it back with results"},
    {"check", qpac_cmd_check, "evaluate .pvs scripts and compare with expected results"},
    {"gen", qpac_cmd_gen, "write random vectors with expected results"},
    {"pac", qpac_cmd_pac, "one AddPAC (PACIA, PACIB, PACDA, PACDB)"},
    {"aut", qpac_cmd_aut, "one Auth (AUT*, BRA*, LDRA*)"},
    {"xpac", qpac_cmd_xpac, "one Strip (XPACI, XPACD)"},
    {"pacga", qpac_cmd_pacga, "one PACGA"},
    {"bench", qpac_cmd_bench, "print ns/op for ComputePAC and each operation"},
    {"export", qpac_cmd_export, "write validation vectors (pvs, csv, jsonl, wycheproof, readmemh, stil)"},
    {"fpga", qpac_cmd_fpga, "run a .pvs script on the FPGA prototype over a serial port"},
    {"fields", qpac_cmd_fields, "list the configuration fields (cfg lines, options, registers)"},
};

static void usage(FILE *fp)
{
    fprintf(fp, "usage: qpac COMMAND [OPTIONS] [ARGS]\n\n"
                "qpac %s: bit-exact ARM pointer authentication (QARMA5, QARMA3)\n\ncommands:\n",
            QPAC_VERSION_STRING);
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        fprintf(fp, "  %-8s %s\n", cmds[i].name, cmds[i].help);
    fprintf(fp, "\n'qpac COMMAND --help' describes one command.\n"
                "exit codes: 0 success, 1 mismatch, 2 usage or input error\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return QPAC_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return QPAC_EXIT_OK;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("qpac %s\n", QPAC_VERSION_STRING);
        return QPAC_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (!strcmp(argv[1], cmds[i].name))
            return cmds[i].fn(argc - 1, argv + 1);
    fprintf(stderr, "qpac: unknown command '%s' (try 'qpac --help')\n", argv[1]);
    return QPAC_EXIT_USAGE;
}

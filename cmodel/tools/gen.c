/*
 * gen.c - `qpac gen`: write random vectors with expected results as a .pvs
 * script (the library generator qpac_gen_*, expectations from qpac_exec).
 * The same seed, count and options give a byte-identical file.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <inttypes.h>

#include "cmds.h"
#include "util.h"

static void usage(FILE *fp)
{
    fputs("usage: qpac gen [OPTIONS]\n"
          "\n"
          "Writes COUNT random op lines with expected results (plus the cfg and key\n"
          "lines between them) as a .pvs script. Covers every operation, key,\n"
          "algorithm and feature level, both ranges regimes, TxSZ over 0..63 and at\n"
          "the clamp limits, TBI/TBID, tagged, canonical and non-canonical pointers,\n"
          "AUT of signed and of tampered pointers (flagged in a trailing comment:\n"
          "signed, wrong-key, wrong-mod, flip-pac, stale, noncanon, tagged).\n"
          "\n"
          "options:\n"
          "  -s, --seed S      stream seed, decimal or 0x hex (default 1)\n"
          "  -n, --count N     number of op lines (default 1000)\n"
          "      --hw          hardware streams only: never compat=qemu\n"
          "      --shard I     shard I of the seed's parallel streams (default 0,\n"
          "                    the plain stream); every shard starts with cfg and keys\n"
          "  -o, --output FILE write to FILE instead of stdout\n"
          "  -h, --help        this text\n"
          "\n"
          "example: qpac gen --seed 7 --count 100000 -o v.pvs && qpac check v.pvs\n"
          "exit: 0 written, 2 usage or write error\n",
          fp);
}

enum { OPT_SEED = 2, OPT_COUNT, OPT_HW, OPT_SHARD, OPT_OUTPUT };

int qpac_cmd_gen(int argc, char **argv)
{
    static const qpac_optdef defs[] = {
        QPAC_OPTDEF_HELP,         {"seed", 's', 1, OPT_SEED},   {"count", 'n', 1, OPT_COUNT},
        {"hw", 0, 0, OPT_HW},     {"shard", 0, 1, OPT_SHARD},   {"output", 'o', 1, OPT_OUTPUT},
        QPAC_OPTDEF_END};
    qpac_opts o;
    uint64_t seed = 1, count = 1000, shard = 0;
    unsigned hw = 0;
    const char *out_path = NULL;
    int id;
    qpac_opts_init(&o, argc, argv, "qpac gen");
    while ((id = qpac_opts_next(&o, defs)) != QPAC_OPT_END) {
        switch (id) {
        case QPAC_OPT_HELP:
            usage(stdout);
            return QPAC_EXIT_OK;
        case OPT_SEED:
            if (qpac_util_opt_u64(&o, &seed))
                return QPAC_EXIT_USAGE;
            break;
        case OPT_COUNT:
            if (qpac_util_opt_u64(&o, &count))
                return QPAC_EXIT_USAGE;
            break;
        case OPT_SHARD:
            if (qpac_util_opt_u64(&o, &shard))
                return QPAC_EXIT_USAGE;
            if (shard > 0xffffffffu) {
                fprintf(stderr, "qpac gen: bad value for --shard: at most 4294967295\n");
                return QPAC_EXIT_USAGE;
            }
            break;
        case OPT_HW:
            hw = 1;
            break;
        case OPT_OUTPUT:
            out_path = o.arg;
            break;
        case QPAC_OPT_ARG:
            fprintf(stderr, "qpac gen: unexpected argument '%s' (try 'qpac gen --help')\n", o.arg);
            return QPAC_EXIT_USAGE;
        default:
            return QPAC_EXIT_USAGE;
        }
    }
    qpac_out of;
    if (qpac_util_out_open("qpac gen", &of, out_path, NULL))
        return QPAC_EXIT_USAGE;
    FILE *out = of.fp;
    static char buf[1 << 16]; /* static: stdout may use it until exit */
    setvbuf(out, buf, _IOFBF, sizeof buf);

    qpac_gen g;
    qpac_state st;
    qpac_pvs_item it;
    qpac_gen_init_shard(&g, seed, hw, (unsigned)shard);
    qpac_state_init(&st);
    /* begin ... end COUNT: a cut file fails qpac check (qpac_pvs_next) */
    int err = qpac_pvs_write_begin(out) != 0;
    fprintf(out, "# qpac gen --seed %" PRIu64 " --count %" PRIu64 "%s", seed, count, hw ? " --hw" : "");
    if (shard)
        fprintf(out, " --shard %" PRIu64, shard);
    fprintf(out, "\n# qpac %s: random vectors, expected results from the reference model\n",
            QPAC_VERSION_STRING);
    while (!err && qpac_gen_ops(&g) < count) {
        qpac_gen_next(&g, &st, &it);
        err = qpac_pvs_write_item(out, &st, &it) != 0;
    }
    if (!err)
        err = qpac_pvs_write_end(out, qpac_gen_ops(&g)) != 0;
    qpac_state_wipe(&st);
    if (qpac_util_out_close("qpac gen", &of, !err) || err)
        return QPAC_EXIT_USAGE;
    return QPAC_EXIT_OK;
}

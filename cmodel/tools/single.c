/*
 * single.c - one operation from the command line: `qpac pac`, `qpac aut`,
 * `qpac xpac`, `qpac pacga`. The state starts as a .pvs script's does (every
 * key zero, default cfg); --load takes cfg and keys from a script, then the
 * options on the line apply. The result is printed as 16 hex digits
 * ("VALUE fault" when an AUT takes a PAC Fail exception). Keys are never
 * printed.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "cmds.h"
#include "util.h"

typedef enum { S_PAC, S_AUT, S_XPAC, S_PACGA } single_kind;

static const char *const cmd_names[] = {"qpac pac", "qpac aut", "qpac xpac", "qpac pacga"};

static void usage(single_kind k, FILE *fp)
{
    switch (k) {
    case S_PAC:
        fputs("usage: qpac pac [OPTIONS] [PTR [MOD]]\n\n"
              "AddPAC: PACIA, PACIB, PACDA or PACDB of PTR with modifier MOD (default 0).\n\n"
              "  -k, --key ia|ib|da|db   key (default ia)\n"
              "  -p, --ptr HEX           pointer (or the first argument)\n"
              "  -m, --mod HEX           modifier (or the second argument)\n", fp);
        break;
    case S_AUT:
        fputs("usage: qpac aut [OPTIONS] [PTR [MOD]]\n\n"
              "Auth: AUTIA, AUTIB, AUTDA or AUTDB of PTR with modifier MOD (default 0);\n"
              "with --combined BRAA/BRAB (instruction keys) or LDRAA/LDRAB (data keys,\n"
              "modifier 0), which differ under FEAT_FPAC. Prints the authenticated\n"
              "pointer, followed by 'fault' when a PAC Fail exception is taken\n"
              "(FEAT_FPAC, FEAT_FPACCOMBINE; the value is what Auth computed, and the\n"
              "exception's EC and ISS are noted on stderr).\n\n"
              "  -k, --key ia|ib|da|db   key (default ia)\n"
              "  -p, --ptr HEX           pointer (or the first argument)\n"
              "  -m, --mod HEX           modifier (or the second argument)\n"
              "  -c, --combined          combined form: braa, brab, ldraa, ldrab\n", fp);
        break;
    case S_XPAC:
        fputs("usage: qpac xpac [OPTIONS] [PTR]\n\n"
              "Strip: XPACI (default) or XPACD of PTR. Uses no key.\n\n"
              "  -d, --data              XPACD (data pointer)\n"
              "  -i, --insn              XPACI (instruction pointer, default)\n"
              "  -p, --ptr HEX           pointer (or the first argument)\n", fp);
        break;
    case S_PACGA:
        fputs("usage: qpac pacga [OPTIONS] [X [Y]]\n\n"
              "PACGA: ComputePAC(X, Y, APGAKey)<63:32> : Zeros(32); Y defaults to 0.\n\n"
              "  -x, --x HEX             Xn (or the first argument)\n"
              "  -y, --y HEX             Xm (or the second argument)\n", fp);
        break;
    }
    if (k != S_XPAC)
        fputs("      --key-hi HEX        K<127:64> of the key used (default 0)\n"
              "      --key-lo HEX        K<63:0> of the key used (default 0)\n", fp);
    fputs("  -l, --load FILE         take cfg and keys from a .pvs script (op lines ignored)\n"
          "  -e, --expect HEX|fault  compare with the result: exit 1 on a mismatch\n"
          "      --pvs               print a .pvs op line with the result instead\n"
          "  -h, --help              this text\n\n", fp);
    qpac_util_cfg_help(fp);
    fputs("\nHex values take 1 to 16 digits with an optional 0x.\n"
          "exit: 0 done, 1 --expect differs, 2 usage error\n", fp);
    if (k == S_PAC)
        fputs("\nexample: qpac pac --key ia --key-hi 84be85ce9804e94b --key-lo ec2802d4e0a488e9 \\\n"
              "           --t0sz 25 --tbi0 1 0000007fdeadbe00 0000000000000042\n", fp);
}

enum { OPT_KEY = 2, OPT_PTR, OPT_MOD, OPT_X, OPT_Y, OPT_COMBINED, OPT_DATA, OPT_INSN,
       OPT_KEYHI, OPT_KEYLO, OPT_LOAD, OPT_EXPECT, OPT_PVS };

static int single(single_kind kind, int argc, char **argv)
{
    static const qpac_optdef defs[] = {
        QPAC_OPTDEF_HELP,
        {"key", 'k', 1, OPT_KEY},       {"ptr", 'p', 1, OPT_PTR},
        {"mod", 'm', 1, OPT_MOD},       {"x", 'x', 1, OPT_X},
        {"y", 'y', 1, OPT_Y},           {"combined", 'c', 0, OPT_COMBINED},
        {"data", 'd', 0, OPT_DATA},     {"insn", 'i', 0, OPT_INSN},
        {"key-hi", 0, 1, OPT_KEYHI},    {"key-lo", 0, 1, OPT_KEYLO},
        {"load", 'l', 1, OPT_LOAD},     {"expect", 'e', 1, OPT_EXPECT},
        {"pvs", 0, 0, OPT_PVS},         QPAC_OPTDEFS_CFG,
        QPAC_OPTDEF_END};
    const char *cmd = cmd_names[kind];
    qpac_opts o;
    qpac_state st;
    int id, rc = QPAC_EXIT_USAGE;
    qpac_state_init(&st);

    /* pass 1: --help and --load (the script's state comes first) */
    qpac_opts_init(&o, argc, argv, cmd);
    while ((id = qpac_opts_next(&o, defs)) != QPAC_OPT_END) {
        if (id == QPAC_OPT_ERR)
            return QPAC_EXIT_USAGE;
        if (id == QPAC_OPT_HELP) {
            usage(kind, stdout);
            return QPAC_EXIT_OK;
        }
        if (id == OPT_LOAD && qpac_util_load_state(cmd, o.arg, &st))
            goto out;
    }

    /* pass 2: everything else, in order */
    qpac_keyid key = kind == S_PACGA ? QPAC_KEY_GA : QPAC_KEY_IA;
    uint64_t v[2] = {0, 0}, keyhi = 0, keylo = 0;
    int have[2] = {0, 0}, nargs = 0, combined = 0, data = 0, pvs = 0;
    int have_hi = 0, have_lo = 0;
    qpac_pvs_item expect;
    memset(&expect, 0, sizeof expect);
    const int want_args = kind == S_XPAC ? 1 : 2;
    qpac_opts_init(&o, argc, argv, cmd);
    while ((id = qpac_opts_next(&o, defs)) != QPAC_OPT_END) {
        int slot = -1;
        switch (id) {
        case OPT_LOAD:
            break;
        case OPT_KEY:
            if (kind == S_XPAC || kind == S_PACGA) {
                if (qpac_util_opt_key(&o, &key))
                    goto out;
                if (kind == S_PACGA && key != QPAC_KEY_GA) {
                    fprintf(stderr, "%s: PACGA uses key ga\n", cmd);
                    goto out;
                }
                if (kind == S_XPAC) {
                    if (key == QPAC_KEY_GA) {
                        fprintf(stderr, "%s: --key takes ia, ib (XPACI) or da, db (XPACD)\n", cmd);
                        goto out;
                    }
                    data = (key & 2) != 0;
                }
                break;
            }
            if (qpac_util_opt_key(&o, &key))
                goto out;
            if (key == QPAC_KEY_GA) {
                fprintf(stderr, "%s: --key takes ia, ib, da or db (ga is for 'qpac pacga')\n", cmd);
                goto out;
            }
            break;
        case OPT_PTR: case OPT_X: slot = 0; break;
        case OPT_MOD: case OPT_Y: slot = 1; break;
        case OPT_COMBINED: combined = 1; break;
        case OPT_DATA: data = 1; break;
        case OPT_INSN: data = 0; break;
        case OPT_KEYHI:
            if (qpac_util_opt_hex(&o, &keyhi))
                goto out;
            have_hi = 1;
            break;
        case OPT_KEYLO:
            if (qpac_util_opt_hex(&o, &keylo))
                goto out;
            have_lo = 1;
            break;
        case OPT_EXPECT:
            if (!strcmp(o.arg, "fault")) {
                expect.expect = QPAC_EXPECT_FAULT;
            } else if (qpac_util_opt_hex(&o, &expect.expected)) {
                goto out;
            } else {
                expect.expect = QPAC_EXPECT_VALUE;
            }
            break;
        case OPT_PVS: pvs = 1; break;
        case QPAC_OPT_ARG:
            if (nargs >= want_args) {
                fprintf(stderr, "%s: too many arguments (try '%s --help')\n", cmd, cmd);
                goto out;
            }
            o.name = nargs == 0 ? (kind == S_PACGA ? "X" : "PTR") : (kind == S_PACGA ? "Y" : "MOD");
            slot = nargs++;
            break;
        default:
            if (qpac_util_is_cfg_opt(id)) {
                if (qpac_util_cfg_opt(&st.cfg, &o, id))
                    goto out;
                break;
            }
            goto out;
        }
        if (slot >= 0) {
            int wrong = kind == S_PACGA ? (id == OPT_PTR || id == OPT_MOD)
                                        : (id == OPT_X || id == OPT_Y);
            if (wrong || slot >= want_args) {
                fprintf(stderr, "%s: option %s does not apply (try '%s --help')\n", cmd, o.name, cmd);
                goto out;
            }
            if (have[slot]) {
                fprintf(stderr, "%s: %s given twice\n", cmd, slot ? "modifier" : "pointer");
                goto out;
            }
            if (qpac_util_opt_hex(&o, &v[slot]))
                goto out;
            have[slot] = 1;
        }
    }
    if (!have[0]) {
        fprintf(stderr, "%s: missing %s (try '%s --help')\n", cmd,
                kind == S_PACGA ? "X" : "pointer", cmd);
        goto out;
    }
    if (kind == S_XPAC && (have_hi || have_lo || combined)) {
        fprintf(stderr, "%s: XPAC uses no key and has no combined form\n", cmd);
        goto out;
    }
    if (kind != S_AUT && combined) {
        fprintf(stderr, "%s: --combined applies to 'qpac aut' only\n", cmd);
        goto out;
    }
    if (kind != S_XPAC && data) {
        fprintf(stderr, "%s: --data/--insn apply to 'qpac xpac' only (use --key)\n", cmd);
        goto out;
    }
    qpac_op op = kind == S_PAC ? QPAC_OP_PAC : kind == S_AUT ? (combined ? QPAC_OP_AUTC : QPAC_OP_AUT)
               : kind == S_XPAC ? QPAC_OP_XPAC : QPAC_OP_PACGA;
    if (kind == S_XPAC)
        key = data ? QPAC_KEY_DA : QPAC_KEY_IA;
    if (op == QPAC_OP_AUTC && (key & 2) && v[1] != 0) {
        fprintf(stderr, "%s: LDRAA/LDRAB (--combined with a data key) use modifier 0\n", cmd);
        goto out;
    }
    if (have_hi)
        st.key[key].hi = keyhi;
    if (have_lo)
        st.key[key].lo = keylo;
    if (expect.expect == QPAC_EXPECT_FAULT && op != QPAC_OP_AUT && op != QPAC_OP_AUTC) {
        fprintf(stderr, "%s: only AUT can fault: --expect fault does not apply\n", cmd);
        goto out;
    }

    qpac_result res = {0, 0};
    if (qpac_exec(&st, op, key, v[0], v[1], &res)) {
        fprintf(stderr, "%s: operation rejected by the model\n", cmd);
        goto out;
    }
    char line[128], vb[17], eb[17];
    if (pvs)
        qpac_pvs_format_op(line, sizeof line, op, key, v[0], v[1], &res);
    else
        snprintf(line, sizeof line, "%s%s", qpac_util_hex(vb, res.value), res.fault ? " fault" : "");
    puts(line);
    if (res.fault) /* spec 4 step 6: EC 0x1c, ISS<1:0> = data : key_number */
        fprintf(stderr, "%s: PAC Fail exception: EC 0x1c, ISS 0x%x (%s key, key %c)\n", cmd,
                (unsigned)key & 3u, (key & 2) ? "data" : "instruction", (key & 1) ? 'B' : 'A');
    rc = QPAC_EXIT_OK;
    if (!qpac_pvs_expect_match(&expect, &res)) {
        fprintf(stderr, "%s: expected %s, got %s\n", cmd, qpac_pvs_format_expect(eb, &expect),
                res.fault ? "fault" : qpac_util_hex(vb, res.value));
        rc = QPAC_EXIT_MISMATCH;
    }
    if (fflush(stdout) != 0) {
        fprintf(stderr, "%s: write error on stdout\n", cmd);
        rc = QPAC_EXIT_USAGE;
    }
out:
    qpac_state_wipe(&st);
    return rc;
}

int qpac_cmd_pac(int argc, char **argv) { return single(S_PAC, argc, argv); }
int qpac_cmd_aut(int argc, char **argv) { return single(S_AUT, argc, argv); }
int qpac_cmd_xpac(int argc, char **argv) { return single(S_XPAC, argc, argv); }
int qpac_cmd_pacga(int argc, char **argv) { return single(S_PACGA, argc, argv); }

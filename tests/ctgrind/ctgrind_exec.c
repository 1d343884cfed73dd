/*
 * ctgrind_exec.c - make ctgrind, the pointer instructions: under valgrind
 * memcheck with the five keys marked secret (undefined), runs AddPAC, Auth
 * (a good and a tampered pointer), Strip and qpac_exec for every op/key at
 * every feature level, both algorithms, with and without TBI. Memcheck
 * reports any branch or memory index that depends on a key; valgrind's
 * --error-exitcode turns a report into a failure.
 *
 * Public: the configuration, the op and key selects, the pointer's address
 * bits and range bit 55, the modifier, and the outputs. For Strip the PAC
 * field of the pointer is secret too (built as undefined bits under a
 * constant mask, so bit 55 and the address bits stay defined).
 *
 * The only branches allowed on secret-derived data are the two on Auth's
 * public pass/fail outcome, declassified in cmodel/src/pointer.c when the
 * library is built with -DQPAC_CTGRIND: the returned pointer vs the error
 * code (PAuth, EPAC), and the FPAC fault (PAuth2 with FPAC/FPACCOMBINE).
 * Linked with the ordinary library (no declassification) the same program
 * must be reported in qpac_Auth: that is the positive control.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <inttypes.h>
#include <stdio.h>

#include <valgrind/memcheck.h>

#include "qpac.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static uint64_t acc;
static void out(uint64_t v) /* outputs are public */
{
    VALGRIND_MAKE_MEM_DEFINED(&v, sizeof v);
    acc = acc * 31 + v;
}

int main(void)
{
    static const qpac_feat feats[] = {QPAC_FEAT_PAUTH, QPAC_FEAT_EPAC, QPAC_FEAT_PAUTH2,
                                      QPAC_FEAT_FPAC, QPAC_FEAT_FPACCOMBINE};
    static const qpac_op ops[] = {QPAC_OP_PAC, QPAC_OP_AUT, QPAC_OP_AUTC, QPAC_OP_XPAC,
                                  QPAC_OP_PACGA};
    unsigned runs = 0;
    for (unsigned alg = 0; alg < 2; alg++)
        for (unsigned f = 0; f < sizeof feats / sizeof feats[0]; f++)
            for (unsigned tbi = 0; tbi < 2; tbi++) {
                qpac_state st;
                qpac_state_init(&st);
                st.cfg.alg = (qpac_alg)alg;
                st.cfg.feat = feats[f];
                st.cfg.tbi0 = st.cfg.tbi1 = tbi;
                for (unsigned k = 0; k < QPAC_NKEYS; k++) {
                    st.key[k].hi = rnd();
                    st.key[k].lo = rnd();
                }
                VALGRIND_MAKE_MEM_UNDEFINED(st.key, sizeof st.key); /* secret */
                const uint64_t mod = rnd();
                for (unsigned hi = 0; hi < 2; hi++) { /* both address ranges */
                    const uint64_t ptr = hi ? UINT64_C(0xffff800012345670)
                                            : UINT64_C(0x0000000012345670);
                    for (int data = 0; data < 2; data++) {
                        const qpac_key *key = &st.key[data ? QPAC_KEY_DA : QPAC_KEY_IA];
                        uint64_t s = qpac_AddPAC(&st.cfg, ptr, mod, key, data);
                        int fault;
                        out(qpac_Auth(&st.cfg, s, mod, key, data, 0, 0, &fault));
                        out((uint64_t)fault);
                        out(qpac_Auth(&st.cfg, s ^ (UINT64_C(1) << 50), mod, key, data, 0, 1,
                                      &fault));
                        out((uint64_t)fault);
                        /* Strip: the PAC field secret, bit 55 and the address public */
                        uint64_t secret = rnd();
                        VALGRIND_MAKE_MEM_UNDEFINED(&secret, sizeof secret);
                        const uint64_t field = UINT64_C(0xff7fff0000000000);
                        out(qpac_Strip(&st.cfg, (ptr & ~field) | (secret & field), data));
                        out(s);
                        runs += 3;
                    }
                    for (unsigned o = 0; o < sizeof ops / sizeof ops[0]; o++)
                        for (unsigned k = 0; k < QPAC_NKEYS; k++) {
                            qpac_result r;
                            uint64_t y = (ops[o] == QPAC_OP_AUTC && (k & 2)) ? 0 : mod;
                            if (qpac_exec(&st, ops[o], (qpac_keyid)k, ptr, y, &r) != QPAC_OK)
                                continue; /* no such instruction (public select) */
                            out(r.value);
                            out((uint64_t)r.fault);
                            runs++;
                        }
                }
            }
    printf("ctgrind_exec: %u calls (AddPAC, Auth pass/fail, Strip, qpac_exec every op/key), "
           "result %016" PRIx64 "\n", runs, acc);
    return 0;
}

/*
 * qpac_dpi.c - DPI-C shim over libqpac: the reference model a SystemVerilog
 * (or UVM) testbench calls to predict qpac_unit. Import declarations:
 * qpac_dpi_pkg.sv. Plain DPI-C types only (chandle, int unsigned, longint
 * unsigned, bit, string), so any simulator with DPI-C can use it.
 *
 * A model context holds the state a PAC unit holds: configuration and five
 * keys. Keys go in and never come out: no function returns key material, and
 * freeing or resetting a context wipes its keys.
 *
 * Configuration is given as the CFG and TSZLIM register words
 * (regmap/qpac.regs), stored as the RTL stores them: FEAT outside 1..5 reads
 * as 1, the TxSZ limits are clamped into their legal ranges.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdint.h>
#include <stdlib.h>

#include "qpac.h"
#include "svdpi.h"

typedef struct {
    qpac_state st;
} qpac_dpi_ctx;

void *qpac_dpi_new(void)
{
    qpac_dpi_ctx *c = calloc(1, sizeof *c);
    if (c)
        qpac_state_init(&c->st);
    return c;
}

void qpac_dpi_free(void *ctx)
{
    qpac_dpi_ctx *c = ctx;
    if (!c)
        return;
    qpac_state_wipe(&c->st);
    free(c);
}

/* The state after the unit's reset: keys zero, CFG/TSZLIM reset values. */
void qpac_dpi_reset(void *ctx)
{
    qpac_dpi_ctx *c = ctx;
    if (!c)
        return;
    qpac_state_wipe(&c->st);
    qpac_state_init(&c->st);
}

void qpac_dpi_set_cfg(void *ctx, uint32_t cfg, uint32_t tszlim)
{
    qpac_dpi_ctx *c = ctx;
    if (c)
        qpac_config_from_regs(&c->st.cfg, cfg, tszlim);
}

/* The stored configuration words, as CFG and TSZLIM read back. */
uint32_t qpac_dpi_get_cfg(void *ctx)
{
    qpac_dpi_ctx *c = ctx;
    return c ? qpac_config_to_cfg_reg(&c->st.cfg) : 0;
}
uint32_t qpac_dpi_get_tszlim(void *ctx)
{
    qpac_dpi_ctx *c = ctx;
    return c ? qpac_config_to_tszlim_reg(&c->st.cfg) : 0;
}

/* Key sel (KEY encoding) = {hi: K<127:64>, lo: K<63:0>}. Returns 0, or -1 for
 * a select outside IA..GA (no key written, as the unit). */
int qpac_dpi_set_key(void *ctx, uint32_t sel, uint64_t hi, uint64_t lo)
{
    qpac_dpi_ctx *c = ctx;
    if (!c || sel >= QPAC_NKEYS)
        return -1;
    c->st.key[sel].hi = hi;
    c->st.key[sel].lo = lo;
    return 0;
}

/* One operation as qpac_unit executes it: op (OP encoding), key (KEY
 * encoding), x (pointer or Xn), y (modifier or Xm). *value and *fault get the
 * result. Returns 0, or 1 for a combination the unit does not execute (op
 * outside 0..4, a PAC/AUT/AUTC/XPAC with key GA, PACGA with another key,
 * LDRAA/LDRAB with y != 0): value 0, no fault, as the unit answers. */
int qpac_dpi_exec(void *ctx, uint32_t op, uint32_t key, uint64_t x, uint64_t y,
                  uint64_t *value, svBit *fault)
{
    qpac_dpi_ctx *c = ctx;
    qpac_result r = {0, 0};
    int refused = c ? qpac_exec_unit(&c->st, op, key, x, y, &r) : 1;
    *value = r.value;
    *fault = r.fault ? 1 : 0;
    return refused;
}

/* "pacia", "autdb", "braa", "ldrab", "xpaci", "pacga", ...; "illegal" for a
 * combination the unit does not execute. */
const char *qpac_dpi_mnemonic(uint32_t op, uint32_t key)
{
    const char *m = op <= QPAC_OP_PACGA && key < QPAC_NKEYS
                        ? qpac_mnemonic((qpac_op)op, (qpac_keyid)key) : NULL;
    return m ? m : "illegal";
}

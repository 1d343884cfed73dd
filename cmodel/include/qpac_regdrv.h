/*
 * qpac_regdrv.h - the one driver of the qpac register wrapper (rtl/qpac_apb.v,
 * register map doc/regmap.md): the write sequences for configuration, keys
 * and operations, STATUS polling and result reads, over any bus given as
 * read32/write32 callbacks. Used by `qpac fpga` (UART bridge) and the SystemC
 * test (TLM model and Verilated RTL). Keys are written, never read back.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef QPAC_REGDRV_H
#define QPAC_REGDRV_H

#include <stddef.h>
#include <stdint.h>

#include "qpac.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint32_t addr; /* QPAC_REG_* byte offset */
    uint32_t data;
} qpac_reg_write;

/* The sequences, in the order the driver writes them (at most
 * QPAC_REGSEQ_MAX writes); each returns its length.
 *   cfg: CFG, TSZLIM (compat has no register: the hardware is arch)
 *   key: KEYHI_LO, KEYHI_HI, KEYLO_LO, KEYLO_HI, CTRL.KEYWR with KEY = id
 *        (rule KEY_STAGING: the four staging words in any order, then KEYWR)
 *   op:  OPX_LO, OPX_HI, OPY_LO, OPY_HI, CTRL.START with OP and KEY */
#define QPAC_REGSEQ_MAX 5
size_t qpac_regseq_cfg(const qpac_config *cfg, qpac_reg_write w[QPAC_REGSEQ_MAX]);
size_t qpac_regseq_key(unsigned id, const qpac_key *k, qpac_reg_write w[QPAC_REGSEQ_MAX]);
size_t qpac_regseq_op(unsigned op, unsigned key, uint64_t x, uint64_t y,
                      qpac_reg_write w[QPAC_REGSEQ_MAX]);
/* A CTRL word: START, KEYWR (0/1), OP and KEY encodings. */
uint32_t qpac_ctrl_word(unsigned start, unsigned keywr, unsigned op, unsigned key);

/* The bus. Callbacks return 0, or non-zero for a failed access (the driver
 * returns QPAC_EBUS; the callback keeps its own message). write_seq is
 * optional: several writes in order for a link that pipelines them (NULL:
 * write32 one by one). max_polls: STATUS reads before the unit counts as
 * hung (0: QPAC_REGDRV_POLLS). */
#define QPAC_REGDRV_POLLS 1000
typedef struct {
    int (*read32)(void *arg, uint32_t addr, uint32_t *data);
    int (*write32)(void *arg, uint32_t addr, uint32_t data);
    int (*write_seq)(void *arg, const qpac_reg_write *w, size_t n);
    void *arg;
    unsigned max_polls;
} qpac_regdrv;

/* What the unit says about itself (NAME0/NAME1, VERSION, CAPS). */
typedef struct {
    uint32_t name0, name1;
    unsigned major, minor, patch; /* VERSION major<23:16>.minor<15:8>.patch<7:0> */
    unsigned depth, latency;      /* CAPS.DEPTH, CAPS.LATENCY */
} qpac_regdrv_id;

/* Every function returns 0, QPAC_EBUS or QPAC_EHUNG; exec also
 * QPAC_ENOTDONE; identify QPAC_EINVAL for NAME0/NAME1 that are not "qpac"
 * "unit" (id filled). */
int qpac_regdrv_identify(const qpac_regdrv *d, qpac_regdrv_id *id);
/* Writes a sequence (write_seq or write32). */
int qpac_regdrv_write(const qpac_regdrv *d, const qpac_reg_write *w, size_t n);
/* Reads STATUS until BUSY is clear; *status = the last value read. */
int qpac_regdrv_wait(const qpac_regdrv *d, uint32_t *status);
/* The configuration (cfg sequence), then waits for the unit. */
int qpac_regdrv_set_cfg(const qpac_regdrv *d, const qpac_config *cfg);
/* Key id (key sequence), then waits for the unit. */
int qpac_regdrv_set_key(const qpac_regdrv *d, unsigned id, const qpac_key *k);
/* One operation (op sequence), waits, requires STATUS.DONE, reads RES:
 * res->value = RES, res->fault = STATUS.FAULT. op and key are written as
 * given (an illegal combination: the unit answers 0, no fault). */
int qpac_regdrv_exec(const qpac_regdrv *d, unsigned op, unsigned key, uint64_t x, uint64_t y,
                     qpac_result *res);
/* A short description of the codes above. */
const char *qpac_regdrv_strerror(int rc);

#ifdef __cplusplus
}
#endif
#endif /* QPAC_REGDRV_H */

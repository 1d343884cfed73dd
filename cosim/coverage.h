/*
 * coverage.h - qpac cosimulation functional coverage: every checked
 * operation counted by instruction (op x key), algorithm, feature level,
 * address range (pointer bit 55) and, for AUT*, pass or fail. The model,
 * the AUT predicate and the table are libqpac's (qpac_cover.h), shared with
 * qpac export.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef COSIM_COVERAGE_H
#define COSIM_COVERAGE_H

#include <cstdint>
#include <cstdio>

#include "qpac.h"
#include "qpac_cover.h"

class Coverage {
public:
    Coverage() { qpac_cover_init(&c_); }
    /* One accepted operation with the model's state and result; an illegal
     * op/key combination is counted apart. */
    void add(const qpac_config &cfg, unsigned op, unsigned key, uint64_t x,
             const qpac_result &res, bool legal);
    void merge(const Coverage &o);
    /* Prints the table; returns the number of empty bins. */
    unsigned print(FILE *fp) const;
    uint64_t illegal() const { return c_.illegal; }

private:
    qpac_cover c_;
};

#endif

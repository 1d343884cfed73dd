/*
 * coverage.h - qpac cosimulation functional coverage: every checked
 * operation counted by instruction (op x key), algorithm, feature level,
 * address range (pointer bit 55) and, for AUT*, pass or fail.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef COSIM_COVERAGE_H
#define COSIM_COVERAGE_H

#include <cstdint>
#include <cstdio>

#include "qpac.h"

class Coverage {
public:
    enum { ROWS = 25, NALG = 2, NFEAT = 5, NRANGE = 2 };
    Coverage();
    /* One accepted operation with the model's state and result. */
    void add(const qpac_config &cfg, unsigned op, unsigned key, uint64_t x,
             const qpac_result &res, bool legal);
    void merge(const Coverage &o);
    /* Prints the table; returns the number of empty bins. */
    unsigned print(FILE *fp) const;
    uint64_t illegal() const { return illegal_; }

    /* AUT pass: no fault and the result is canonical within the PAC field. */
    static bool aut_passed(const qpac_config &cfg, unsigned key, uint64_t x,
                           const qpac_result &res);

private:
    uint64_t bins_[ROWS][NALG][NFEAT][NRANGE];
    uint64_t illegal_;
};

#endif

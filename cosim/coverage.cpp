/*
 * coverage.cpp - qpac cosimulation coverage table (see coverage.h): the
 * libqpac coverage counters (qpac_cover.h) behind the harness's interface.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "coverage.h"

void Coverage::add(const qpac_config &cfg, unsigned op, unsigned key, uint64_t x,
                   const qpac_result &res, bool legal)
{
    if (legal)
        qpac_cover_add(&c_, &cfg, (qpac_op)op, (qpac_keyid)key, x, &res);
    else
        c_.illegal++;
}

void Coverage::merge(const Coverage &o) { qpac_cover_merge(&c_, &o.c_); }

unsigned Coverage::print(FILE *fp) const { return qpac_cover_write_rows(fp, &c_); }

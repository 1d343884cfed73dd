/*
 * stim.h - qpac cosimulation stimulus: one item per register write or
 * operation, and the sources that produce them (the seeded random stream,
 * a .pvs script read with libqpac's one reader, the known-answer tables).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef COSIM_STIM_H
#define COSIM_STIM_H

#include <cstdint>
#include <string>
#include <vector>

#include "qpac_vectors.h"

struct Stim {
    enum Kind { KEY, CFG, OP } kind = OP;
    unsigned key = 0;        /* KEY: key written; OP: key select */
    qpac_key kv = {0, 0};    /* KEY: value */
    qpac_config cfg = {};    /* CFG: the whole configuration after the line */
    unsigned op = 0;         /* OP: op encoding (may be illegal on purpose) */
    uint64_t x = 0, y = 0;   /* OP: operands */
    qpac_expect fexp = QPAC_EXPECT_NONE; /* OP: expectation stated by a file */
    uint64_t fval = 0;
    const char *src = nullptr; /* file the item came from, or nullptr */
    unsigned line = 0;
    uint64_t index = 0;      /* OP: position in the stream (digest) */
};

class Source {
public:
    virtual ~Source() {}
    /* 1: *s filled; 0: end; -1: error (message printed). */
    virtual int next(Stim &s) = 0;
};

/* The random stream of a seed: COUNT operations cut into blocks of
 * COSIM_BLOCK; block b is libqpac's generator stream qpac_gen_init_shard(
 * seed, hw_only = 1, b), which begins with the whole configuration and all
 * five keys, so any block can run alone. Shard i of n runs the blocks b with b % n == i. */
#define COSIM_BLOCK 4096u
/* write_every: the generator's knob (qpac_gen_set_write_every), one key or cfg
 * write in about that many items; 0 keeps the generator's default mix. */
#define COSIM_WRITE_EVERY 128u
Source *make_random_source(uint64_t seed, uint64_t count, unsigned shard,
                           unsigned nshards, unsigned write_every);

/* A .pvs script, replayed with qpac_pvs_next. check_pvs_for_hw() reads the
 * whole file first and refuses syntax errors and what the hardware lacks. */
int check_pvs_for_hw(const char *path);
Source *make_pvs_source(const char *path);

/* ComputePAC tables (computepac.txt, qarma64-paper.txt) as PACGA
 * operations: PACGA returns ComputePAC<63:32>, the part a unit exposes. */
Source *make_table_source(const char *path, unsigned *skipped);

/* Illegal op/key combinations the stream injects (the RTL answers 0). */
int stim_is_legal(unsigned op, unsigned key);

uint64_t cosim_mix64(uint64_t x); /* splitmix64 finaliser */

#endif

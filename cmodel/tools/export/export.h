/*
 * export.h - `qpac export` internals: one exported operation, the options,
 * the format table and the driver's state shared by the format writers.
 *
 *   driver.c     command line, the vector stream, progress, coverage report
 *   cover_set.c  the directed coverage set (--cover)
 *   common.c     headers, flag names, configuration text and JSON
 *   fmt_*.c      one file per format: pvs, csv, jsonl, wycheproof,
 *                readmemh, stil
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef QPAC_EXPORT_H
#define QPAC_EXPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "qpac_vectors.h"
#include "qpac_cover.h"

/* One exported operation. */
typedef struct {
    uint64_t id; /* 1-based, in stream order */
    qpac_op op;
    qpac_keyid key;
    uint64_t x, y;
    qpac_result res;
    unsigned flags; /* QPAC_VF_* */
    int aut;        /* QPAC_AUT_* for AUT/AUTC (qpac_aut_outcome) */
    int cover;      /* 1: part of the directed coverage set */
} vec_t;

typedef struct {
    const char *format;
    const char *out;
    uint64_t seed;
    uint64_t count;
    int count_given;
    int cover;
    int qemu_compat;       /* 1: the random stream may use compat=qemu (software formats) */
    int progress;          /* -1: when stderr is a terminal */
    qpac_unit_shape shape; /* STIL: the unit's pipeline parameters */
    const char *report;
    char optstr[512]; /* canonical options, recorded in every header */
} opts_t;

struct exporter;

/* A format: callbacks in stream order (cfg and key may be NULL: ignored) and
 * the size of its own state, zeroed before begin (exporter.fs). */
typedef struct {
    const char *name;
    int rtl; /* stimulus for the RTL: never compat=qemu */
    size_t state_size;
    int (*begin)(struct exporter *);
    int (*cfg)(struct exporter *);
    int (*key)(struct exporter *, qpac_keyid);
    int (*op)(struct exporter *, const vec_t *);
    int (*end)(struct exporter *);
} format_t;

extern const format_t export_fmt_pvs, export_fmt_csv, export_fmt_jsonl, export_fmt_wycheproof,
    export_fmt_readmemh, export_fmt_stil;

typedef struct exporter {
    const opts_t *o;
    const format_t *fmt;
    FILE *fp;
    qpac_state st;  /* state the next operation runs with */
    uint64_t nvec;  /* vectors written */
    uint64_t total; /* vectors planned (for progress) */
    void *fs;       /* the format's state */
    qpac_cover *cov;
    uint64_t cover_vectors, random_vectors;
    int show_progress;
    struct timespec t0, tlast;
} exporter_t;

/* driver.c: the stream (expected result, coverage and the format's writer). */
int export_emit_cfg(exporter_t *e);
int export_emit_key(exporter_t *e, qpac_keyid k);
int export_emit_op(exporter_t *e, vec_t *v);

/* cover_set.c */
int export_cover_set(exporter_t *e);

/* common.c */
typedef struct {
    unsigned bit;
    const char *snake; /* csv, jsonl */
    const char *camel; /* wycheproof */
    const char *note;
} export_flag_t;
extern const export_flag_t export_flags[]; /* QPAC_VF_*, in bit order */
extern const size_t export_nflags;

uint64_t export_mask_hl(unsigned h, unsigned l); /* spec "mask(h,l)" */
/* A vector's op line as a libqpac item (operands only). */
qpac_pvs_item export_vec_item(const vec_t *v);
/* Generator version, seed and options, in a format's comment form. */
void export_header_lines(const exporter_t *e, const char *prefix, const char *suffix);
void export_cfg_comment(const qpac_config *c, char *buf, size_t len);
/* Flag names joined by sep (optionally quoted). */
void export_flag_list(unsigned flags, char *buf, size_t len, const char *sep, int quoted);
const char *export_aut_name(int aut); /* "pass", "fail", "" */
void export_json_cfg(FILE *fp, const qpac_config *c);
/* The configuration fields in the order of their one table (qpac_field_get):
 * their names, and one configuration's values, joined by sep. */
void export_cfg_names(FILE *fp, const char *sep);
void export_cfg_values(FILE *fp, const qpac_config *c, const char *sep);

#endif

/*
 * cover_set.c - `qpac export --cover`: the directed coverage set. 2 alg x 5
 * feat x 32 configurations; each configuration serves both pointer ranges
 * (bit 55 = 0 and 1), and for each range 23 operations hit the 23 op classes
 * (qpac_cover.h) once:
 *   PAC with IA, IB, DA, DB (canonical pointers, tagged where TBI applies;
 *     data keys sign with modifier 0 so LDRAA/LDRAB can authenticate them),
 *   AUT and AUTC of each signed pointer (pass),
 *   AUT and AUTC failing by a rotating construction: wrong key, wrong
 *     modifier, flipped PAC bit, non-canonical unsigned pointer (a
 *     construction that happens to pass is replaced by a flipped PAC bit),
 *   XPACI and XPACD of signed pointers, PACGA.
 * Two-range configurations pair the 16 (TBI/TBID, TxSZ) combinations of the
 * lower range with a permutation of those of the upper range; single-range
 * configurations cover the 16 combinations of T0SZ/TBI0/TBID0. The TSZMIN/
 * TSZMAX limits rotate over {16,12} x {48,39}. Every bin is hit exactly once
 * by construction, so the set is minimal (vectors = bins = 14720).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "export.h"

typedef struct {
    qpac_gen g; /* used only as a deterministic random source */
    unsigned fail_kind;
} cover_t;

static uint64_t crand(cover_t *c) { return qpac_gen_u64(&c->g); }

static unsigned txsz_for(cover_t *c, const qpac_config *cfg, int z)
{
    switch (z) {
    case 0: return (unsigned)(crand(c) % cfg->tszmin);
    case 1: return cfg->tszmin;
    case 2: return cfg->tszmax;
    default: return cfg->tszmax + 1 + (unsigned)(crand(c) % (63 - cfg->tszmax));
    }
}

/* PAC field of a pointer for an instruction or data key (spec 2.4). */
static uint64_t pac_field(const qpac_config *cfg, uint64_t ptr, int data)
{
    int b55 = (int)((ptr >> 55) & 1);
    unsigned b = qpac_CalculateBottomPACBit(cfg, b55);
    uint64_t m = export_mask_hl(54, b);
    if (!qpac_EffectiveTBI(cfg, ptr, !data))
        m |= export_mask_hl(63, 56);
    return m;
}

/* A canonical pointer in the range selected by b55; tagged (top byte not
 * the extension) with probability 3/4 when TBI applies to the key type. */
static uint64_t make_ptr(cover_t *c, const qpac_config *cfg, int b55, int data, unsigned *flags)
{
    unsigned b = qpac_CalculateBottomPACBit(cfg, b55);
    uint64_t ext = b55 ? ~0ull : 0;
    uint64_t p = (crand(c) & export_mask_hl(b - 1, 0)) | (ext & export_mask_hl(63, b));
    *flags = 0;
    if (qpac_EffectiveTBI(cfg, p, !data) && (crand(c) & 3)) {
        uint64_t tag = crand(c) & 0xff;
        p = (p & ~export_mask_hl(63, 56)) | (tag << 56);
        if ((p & export_mask_hl(63, 56)) != (ext & export_mask_hl(63, 56)))
            *flags = QPAC_VF_TAGGED;
    }
    return p;
}

/* TAGGED: TBI applies to the key type and the top byte is not the extension
 * of bit 55 (without TBI the top byte holds PAC bits, not a tag). */
static unsigned tag_flag(const qpac_config *cfg, uint64_t p, int data)
{
    uint64_t ext = ((p >> 55) & 1) ? export_mask_hl(63, 56) : 0;
    if (!qpac_EffectiveTBI(cfg, p, !data))
        return 0;
    return (p & export_mask_hl(63, 56)) != ext ? QPAC_VF_TAGGED : 0;
}

static int trial_fails(const exporter_t *e, const vec_t *v)
{
    qpac_result res;
    if (qpac_exec(&e->st, v->op, v->key, v->x, v->y, &res) != QPAC_OK)
        return 0;
    return qpac_aut_outcome(&e->st.cfg, v->op, v->key, v->x, &res) == QPAC_AUT_FAIL;
}

/* One bit of the PAC field of sig, chosen at random. */
static uint64_t flip_bit(cover_t *c, const qpac_config *cfg, uint64_t sig, int data)
{
    uint64_t m = pac_field(cfg, sig, data);
    unsigned nb = 0;
    for (uint64_t t = m; t; t &= t - 1)
        nb++;
    unsigned pick = (unsigned)(crand(c) % nb);
    uint64_t bit = 0;
    for (unsigned i = 0, n = 0; i < 64; i++)
        if ((m >> i) & 1 && n++ == pick)
            bit = 1ull << i;
    return bit;
}

/* A failing AUT/AUTC of key k: the next construction in the rotation. */
static void make_fail(const exporter_t *e, cover_t *c, vec_t *v, int b55, const uint64_t *ptr,
                      const uint64_t *mod, const uint64_t *sig)
{
    const qpac_config *cfg = &e->st.cfg;
    int k = (int)v->key, data = k >= 2;
    int ldra = v->op == QPAC_OP_AUTC && data; /* LDRAA/LDRAB: the modifier is always 0 */
    uint64_t y = v->y;
    unsigned kind = c->fail_kind++ % 4;
    if (kind == 1 && ldra)
        kind = 2;
    switch (kind) {
    case 0: /* signed with the other key of the same kind */
        v->x = sig[k ^ 1];
        v->y = ldra ? 0 : mod[k ^ 1];
        v->flags = QPAC_VF_WRONG_KEY;
        break;
    case 1:
        v->y = y ^ (crand(c) | 1);
        v->flags = QPAC_VF_WRONG_MOD;
        break;
    case 2: break;
    default: { /* unsigned, one extension bit flipped */
        unsigned b = qpac_CalculateBottomPACBit(cfg, b55);
        v->x = ptr[k] ^ (1ull << (b + (unsigned)(crand(c) % (55 - b))));
        v->flags = QPAC_VF_NONCANON;
        break;
    }
    }
    if (kind == 2 || !trial_fails(e, v)) {
        v->x = sig[k] ^ flip_bit(c, cfg, sig[k], data);
        v->y = y;
        v->flags = QPAC_VF_FLIP_PAC;
    }
    v->flags |= tag_flag(cfg, v->x, data);
}

static int cover_range(exporter_t *e, cover_t *c, int b55)
{
    const qpac_config *cfg = &e->st.cfg;
    uint64_t ptr[4], mod[4], sig[4];
    unsigned pflags[4];
    int r;
    for (int k = 0; k < 4; k++) {
        int data = k >= 2;
        mod[k] = data ? 0 : crand(c);
        ptr[k] = make_ptr(c, cfg, b55, data, &pflags[k]);
        vec_t v = {0};
        v.op = QPAC_OP_PAC;
        v.key = (qpac_keyid)k;
        v.x = ptr[k];
        v.y = mod[k];
        v.flags = pflags[k];
        v.cover = 1;
        if ((r = export_emit_op(e, &v)))
            return r;
        sig[k] = v.res.value;
    }
    for (int pass = 0; pass < 2; pass++)
        for (int opi = 0; opi < 2; opi++)
            for (int k = 0; k < 4; k++) {
                int data = k >= 2;
                vec_t v = {0};
                v.op = opi ? QPAC_OP_AUTC : QPAC_OP_AUT;
                v.key = (qpac_keyid)k;
                v.cover = 1;
                v.x = sig[k];
                v.y = (v.op == QPAC_OP_AUTC && data) ? 0 : mod[k];
                if (pass == 0)
                    v.flags = QPAC_VF_SIGNED | tag_flag(cfg, v.x, data);
                else
                    make_fail(e, c, &v, b55, ptr, mod, sig);
                if ((r = export_emit_op(e, &v)))
                    return r;
            }
    for (int d = 0; d < 2; d++) {
        vec_t v = {0};
        v.op = QPAC_OP_XPAC;
        v.key = d ? QPAC_KEY_DA : QPAC_KEY_IA;
        v.x = sig[d ? 2 : 0];
        v.flags = tag_flag(cfg, v.x, d);
        v.cover = 1;
        if ((r = export_emit_op(e, &v)))
            return r;
    }
    vec_t v = {0};
    v.op = QPAC_OP_PACGA;
    v.key = QPAC_KEY_GA;
    v.x = (crand(c) & ~(1ull << 55)) | ((uint64_t)b55 << 55);
    v.y = crand(c);
    v.cover = 1;
    return export_emit_op(e, &v);
}

/* One configuration of the set: algorithm a, level f, j = the lower range's
 * (TBI/TBID, TxSZ) combination. */
static void cover_cfg(cover_t *c, qpac_config *cfg, int a, int f, int single, int j)
{
    qpac_config_init(cfg);
    cfg->alg = a ? QPAC_ALG_QARMA3 : QPAC_ALG_QARMA5;
    cfg->feat = (qpac_feat)f;
    cfg->compat = QPAC_COMPAT_ARCH;
    int tt0 = j % 4, z0 = j / 4;
    /* limits rotate so each (TBI/TBID, TxSZ) combination meets every
     * (TSZMIN, TSZMAX) pair across the levels */
    int lim = (tt0 + z0 + f + a) % 4;
    cfg->tszmin = (lim & 1) ? 12 : 16;
    cfg->tszmax = (lim & 2) ? 39 : 48;
    int tt1 = (tt0 + 1) % 4, z1 = (z0 + 2) % 4;
    cfg->ranges = single ? 1 : 2;
    cfg->tbi0 = (unsigned)(tt0 >> 1);
    cfg->tbid0 = (unsigned)(tt0 & 1);
    cfg->t0sz = txsz_for(c, cfg, z0);
    if (single) { /* range 1 fields are ignored: random */
        uint64_t rr = crand(c);
        cfg->tbi1 = (unsigned)(rr & 1);
        cfg->tbid1 = (unsigned)((rr >> 1) & 1);
        cfg->t1sz = (unsigned)((rr >> 8) % 64);
    } else {
        cfg->tbi1 = (unsigned)(tt1 >> 1);
        cfg->tbid1 = (unsigned)(tt1 & 1);
        cfg->t1sz = txsz_for(c, cfg, z1);
    }
}

int export_cover_set(exporter_t *e)
{
    cover_t c;
    int r;
    memset(&c, 0, sizeof c);
    qpac_gen_init(&c.g, e->o->seed ^ 0x636f766572736574ull /* "coverset" */, 1);
    for (int k = 0; k < QPAC_NKEYS; k++) {
        e->st.key[k].hi = crand(&c);
        e->st.key[k].lo = crand(&c);
        if ((r = export_emit_key(e, (qpac_keyid)k)))
            return r;
    }
    for (int a = 0; a < 2; a++)
        for (int f = 1; f <= 5; f++)
            for (int single = 0; single < 2; single++)
                for (int j = 0; j < 16; j++) {
                    cover_cfg(&c, &e->st.cfg, a, f, single, j);
                    if ((r = export_emit_cfg(e)))
                        return r;
                    for (int b55 = 0; b55 < 2; b55++)
                        if ((r = cover_range(e, &c, b55)))
                            return r;
                }
    return 0;
}

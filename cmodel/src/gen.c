/*
 * gen.c - deterministic random .pvs vector stream (qpac gen, the cosim, the
 * exporters). xoshiro256** seeded by splitmix64: the same seed gives the same
 * stream everywhere. Expected results come from qpac_exec.
 *
 * Stream shape: a cfg item naming every field and the five keys first, then
 * operations with a cfg change (about 1 in 33 items) or a key change (1 in
 * 33) in between; with write_every = n set after init, one write (cfg or
 * key) in about n items. Operations are weighted towards AUT, whose inputs
 * are mostly pointers signed just before under the current state (should pass)
 * or tampered copies (wrong key, wrong modifier, one PAC-field bit flipped),
 * plus older PAC results from a small ring (possibly signed under another
 * cfg/key: "stale"). Pointers are canonical, tagged, non-canonical, random or
 * edge values, in both halves (bit 55). TxSZ values are spread over 0..63
 * with extra weight at and around the clamp limits tszmin/tszmax.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "gen_internal.h"

/* ---------------------------------------------------------------------------
 * Random numbers
 * ------------------------------------------------------------------------- */
static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

uint64_t qpac_gen_u64(qpac_gen *g)
{
    uint64_t *s = g->s;
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Uniform in 0..n-1 (n < 2^32), multiply-shift on the top 32 bits. */
static unsigned below(qpac_gen *g, unsigned n)
{
    return (unsigned)(((qpac_gen_u64(g) >> 32) * n) >> 32);
}

void qpac_gen_init(qpac_gen *g, uint64_t seed, unsigned hw_only)
{
    uint64_t x = seed;
    memset(g, 0, sizeof *g);
    for (int i = 0; i < 4; i++)
        g->s[i] = splitmix64(&x);
    g->hw_only = hw_only ? 1 : 0;
}

uint64_t qpac_gen_shard_seed(uint64_t seed, unsigned shard)
{
    if (shard == 0)
        return seed;
    uint64_t x = seed ^ (UINT64_C(0xd6e8feb86659fd93) * shard);
    splitmix64(&x);
    return splitmix64(&x);
}

void qpac_gen_init_shard(qpac_gen *g, uint64_t seed, unsigned hw_only, unsigned shard)
{
    qpac_gen_init(g, qpac_gen_shard_seed(seed, shard), hw_only);
}

/* ---------------------------------------------------------------------------
 * Helpers on pointers
 * ------------------------------------------------------------------------- */
static uint64_t mask(unsigned h, unsigned l) /* bits h..l, empty if h < l */
{
    if (h < l || h > 63)
        return 0;
    uint64_t upto = h == 63 ? ~UINT64_C(0) : (UINT64_C(1) << (h + 1)) - 1;
    return upto & ~((UINT64_C(1) << l) - 1);
}

static int bit55(uint64_t p) { return (int)((p >> 55) & 1); }

/* The PAC field of p as Auth and Strip see it (spec 2.4): <54:b>, plus the
 * top byte when TBI is not in effect. */
static uint64_t pac_field(const qpac_config *cfg, uint64_t p, int data)
{
    unsigned b = qpac_CalculateBottomPACBit(cfg, bit55(p));
    int tbi = qpac_EffectiveTBI(cfg, p, !data);
    return mask(54, b) | (tbi ? 0 : mask(63, 56));
}

/* TAGGED / NONCANON flags of an input pointer. */
static unsigned classify(const qpac_config *cfg, uint64_t p, int data)
{
    uint64_t ext = bit55(p) ? ~UINT64_C(0) : 0;
    unsigned f = 0;
    if ((p ^ ext) & mask(63, 56))
        f |= QPAC_VF_TAGGED;
    if ((p ^ ext) & pac_field(cfg, p, data))
        f |= QPAC_VF_NONCANON;
    return f;
}

static uint64_t random_mod(qpac_gen *g)
{
    switch (below(g, 8)) {
    case 0: return 0;
    case 1: return below(g, 4096);
    case 2: /* a stack pointer, as RETAA/PACIASP use */
        return UINT64_C(0x00007ff000000000) | (qpac_gen_u64(g) & UINT64_C(0x0000000ffffffff0));
    case 3: return ~UINT64_C(0);
    default: return qpac_gen_u64(g);
    }
}

/* A pointer for the current configuration: canonical, tagged,
 * non-canonical, random or an edge value, in either half. With `canon`, a
 * pointer the key type sees as canonical (tagged only where TBI applies). */
static uint64_t random_ptr_k(qpac_gen *g, const qpac_config *cfg, int canon, int data)
{
    static const uint64_t edge[] = {
        0, ~UINT64_C(0), UINT64_C(0x0000ffffffffffff), UINT64_C(0xffff000000000000),
        UINT64_C(0x0080000000000000), UINT64_C(0xff7fffffffffffff),
        UINT64_C(0x8000000000000000), UINT64_C(0x7fffffffffffffff),
        UINT64_C(0x00ffffffffffffff), UINT64_C(0xff00000000000000),
    };
    int sel = (int)below(g, 2);
    uint64_t ext = sel ? ~UINT64_C(0) : 0;
    unsigned b = qpac_CalculateBottomPACBit(cfg, sel);
    uint64_t low = qpac_gen_u64(g) & mask(b - 1, 0);
    switch (below(g, 4)) {
    case 0: low &= ~UINT64_C(0xf); break; /* aligned */
    case 1: low &= UINT64_C(0xffffffff); break;
    default: break;
    }
    uint64_t p = (ext & ~mask(b - 1, 0)) | low;
    unsigned k = below(g, 16);
    if (canon) {
        if (below(g, 2) && qpac_EffectiveTBI(cfg, p, !data))
            p = (p & ~mask(63, 56)) | (qpac_gen_u64(g) & mask(63, 56));
        return p;
    }
    if (k <= 6)
        return p; /* canonical */
    if (k <= 9) /* tagged */
        return (p & ~mask(63, 56)) | (qpac_gen_u64(g) & mask(63, 56));
    if (k <= 12) { /* one bit of the PAC field (with or without tag byte) wrong */
        unsigned nf = 55 - b + 8, i = below(g, nf);
        unsigned pos = i < 55 - b ? b + i : 56 + (i - (55 - b));
        return p ^ (UINT64_C(1) << pos);
    }
    if (k == 13)
        return qpac_gen_u64(g);
    if (k == 14)
        return edge[below(g, sizeof edge / sizeof edge[0])];
    return p ^ (UINT64_C(1) << (below(g, 2) ? 63 : 55)); /* ptr<63> != ptr<55> */
}

static uint64_t random_ptr(qpac_gen *g, const qpac_config *cfg)
{
    return random_ptr_k(g, cfg, 0, 0);
}

static uint64_t exec_value(const qpac_state *st, qpac_op op, qpac_keyid key, uint64_t x,
                           uint64_t y)
{
    qpac_result r = {0, 0};
    if (qpac_exec(st, op, key, x, y, &r))
        return x;
    return r.value;
}

static void ring_push(qpac_gen *g, uint64_t ptr, uint64_t mod, qpac_keyid key, unsigned flags)
{
    g->ring[g->ring_pos].flags = flags & (QPAC_VF_TAGGED | QPAC_VF_NONCANON);
    g->ring[g->ring_pos].ptr = ptr;
    g->ring[g->ring_pos].mod = mod;
    g->ring[g->ring_pos].key = key;
    g->ring[g->ring_pos].epoch = g->epoch;
    g->ring_pos = (g->ring_pos + 1) % QPAC_GEN_RING;
    if (g->nring < QPAC_GEN_RING)
        g->nring++;
}

/* ---------------------------------------------------------------------------
 * Items
 * ------------------------------------------------------------------------- */
static unsigned random_tsz(qpac_gen *g, const qpac_config *cfg)
{
    static const unsigned extremes[] = {0, 1, 11, 12, 15, 16, 17, 38, 39, 40, 47, 48, 49, 52, 62, 63};
    switch (below(g, 8)) {
    case 0: case 1: case 2:
        return cfg->tszmin + below(g, cfg->tszmax - cfg->tszmin + 1);
    case 3: case 4: { /* at and around the clamp limits in force */
        unsigned lim = below(g, 2) ? cfg->tszmin : cfg->tszmax;
        return lim - 1 + below(g, 3);
    }
    case 5:
        return extremes[below(g, sizeof extremes / sizeof extremes[0])];
    default:
        return below(g, 64);
    }
}

/* A random value for field f (qpac_field; its range from the one table).
 * The draws are part of the stream: changing one changes every stream. */
static void set_field(qpac_gen *g, qpac_config *c, unsigned f)
{
    const qpac_field_info *d = qpac_field_get((qpac_field)f);
    unsigned v;
    switch (f) {
    case QPAC_FIELD_T0SZ: case QPAC_FIELD_T1SZ: v = random_tsz(g, c); break;
    case QPAC_FIELD_RANGES: v = below(g, 4) ? d->hi : d->lo; break; /* mostly two */
    case QPAC_FIELD_TSZMIN: case QPAC_FIELD_TSZMAX: /* half the time the default */
        v = below(g, 2) ? d->dflt : d->lo + below(g, d->hi - d->lo + 1); break;
    case QPAC_FIELD_COMPAT: /* qemu once in five, never in hw_only streams */
        v = (!g->hw_only && below(g, 5) == 0) ? QPAC_COMPAT_QEMU : QPAC_COMPAT_ARCH; break;
    default: v = d->lo + below(g, d->hi - d->lo + 1); break; /* uniform */
    }
    qpac_config_set(c, (qpac_field)f, v);
}

static void gen_cfg(qpac_gen *g, qpac_state *st, qpac_pvs_item *item, int full)
{
    qpac_config *c = &st->cfg;
    unsigned fields = 0;
    if (full || below(g, 4) == 0) {
        /* limits first, so that TxSZ is drawn around the new limits */
        set_field(g, c, QPAC_FIELD_TSZMIN);
        set_field(g, c, QPAC_FIELD_TSZMAX);
        for (unsigned f = 0; f < QPAC_NFIELDS; f++)
            if (f != QPAC_FIELD_TSZMIN && f != QPAC_FIELD_TSZMAX)
                set_field(g, c, f);
        fields = QPAC_PVS_F_ALL;
    } else {
        for (unsigned n = 1 + below(g, 3); n; n--) {
            unsigned f = below(g, QPAC_NFIELDS);
            set_field(g, c, f);
            fields |= 1u << f;
        }
    }
    item->kind = QPAC_PVS_CFG;
    item->cfg_fields = fields;
    g->epoch++;
}

static void gen_key(qpac_gen *g, qpac_state *st, qpac_pvs_item *item, qpac_keyid id)
{
    qpac_key k;
    k.hi = qpac_gen_u64(g);
    k.lo = qpac_gen_u64(g);
    if (below(g, 16) == 0) {
        switch (below(g, 4)) {
        case 0: k.hi = k.lo = 0; break;
        case 1: k.hi = k.lo = ~UINT64_C(0); break;
        case 2: k.lo = k.hi; break;
        default: k.hi = UINT64_C(1) << below(g, 64); k.lo = 0; break;
        }
    }
    st->key[id] = k;
    item->kind = QPAC_PVS_KEY;
    item->key = id;
    g->epoch++;
}

/* An AUT/AUTC input: signed, tampered, stale or random. Sets x, y, flags
 * (and may change key/op for a ring entry). */
static void gen_aut_input(qpac_gen *g, const qpac_state *st, qpac_pvs_item *it)
{
    const qpac_config *cfg = &st->cfg;
    int data = (it->key & 2) != 0;
    int ldra = it->op == QPAC_OP_AUTC && data; /* LDRAA/LDRAB: modifier 0 */
    uint64_t mod = ldra ? 0 : random_mod(g);
    unsigned m = below(g, 100);
    if (m >= 91 && g->nring) {
        unsigned i = below(g, g->nring);
        it->key = g->ring[i].key;
        mod = g->ring[i].mod;
        if ((it->key & 2) && it->op == QPAC_OP_AUTC && mod != 0)
            it->op = QPAC_OP_AUT; /* LDRA* cannot take this modifier */
        it->x = g->ring[i].ptr;
        it->y = (it->op == QPAC_OP_AUTC && (it->key & 2)) ? 0 : mod;
        it->flags = (g->ring[i].epoch == g->epoch ? QPAC_VF_SIGNED : QPAC_VF_STALE) |
                    g->ring[i].flags;
        return;
    }
    if (m < 20) {
        it->x = random_ptr(g, cfg);
        it->y = mod;
        it->flags = classify(cfg, it->x, data);
        return;
    }
    /* three in four signed pointers start canonical, so that most pass */
    uint64_t orig = random_ptr_k(g, cfg, below(g, 4) != 0, data);
    qpac_keyid skey = it->key;
    uint64_t smod = mod;
    unsigned flags = classify(cfg, orig, data);
    if (m >= 55 && m < 67) {
        skey = (qpac_keyid)((it->key + 1 + below(g, 3)) & 3);
        flags |= QPAC_VF_WRONG_KEY;
    } else if (m >= 67 && m < 79) {
        smod = mod ^ (below(g, 2) ? UINT64_C(1) << below(g, 64) : (qpac_gen_u64(g) | 1));
        flags |= QPAC_VF_WRONG_MOD;
    } else {
        flags |= QPAC_VF_SIGNED;
    }
    uint64_t s = exec_value(st, QPAC_OP_PAC, skey, orig, smod);
    if (m >= 79) { /* flip one PAC-field bit of a correctly signed pointer */
        uint64_t field = pac_field(cfg, s, data);
        unsigned n = 0, k;
        for (uint64_t f = field; f; f &= f - 1)
            n++;
        k = below(g, n ? n : 1);
        for (unsigned pos = 0; pos < 64 && n; pos++)
            if ((field >> pos) & 1) {
                if (k-- == 0) {
                    s ^= UINT64_C(1) << pos;
                    break;
                }
            }
        flags = (flags & ~QPAC_VF_SIGNED) | QPAC_VF_FLIP_PAC;
    }
    it->x = s;
    it->y = mod;
    it->flags = flags;
}

static void gen_op(qpac_gen *g, qpac_state *st, qpac_pvs_item *it)
{
    const qpac_config *cfg = &st->cfg;
    unsigned c = below(g, 100);
    it->kind = QPAC_PVS_OP;
    if (c < 24) {
        it->op = QPAC_OP_PAC;
        it->key = (qpac_keyid)below(g, 4);
        int data = (it->key & 2) != 0;
        if (below(g, 20) == 0 && g->nring) { /* sign a signed pointer again */
            it->x = g->ring[below(g, g->nring)].ptr;
            it->flags = classify(cfg, it->x, data);
        } else {
            it->x = random_ptr(g, cfg);
            it->flags = classify(cfg, it->x, data);
        }
        it->y = random_mod(g);
    } else if (c < 78) {
        it->op = c < 54 ? QPAC_OP_AUT : QPAC_OP_AUTC;
        it->key = (qpac_keyid)below(g, 4);
        gen_aut_input(g, st, it);
    } else if (c < 90) {
        it->op = QPAC_OP_XPAC;
        it->key = below(g, 2) ? QPAC_KEY_DA : QPAC_KEY_IA;
        int data = it->key == QPAC_KEY_DA;
        uint64_t p = random_ptr(g, cfg);
        it->flags = classify(cfg, p, data);
        if (below(g, 3) == 0) /* strip a real PAC */
            p = exec_value(st, QPAC_OP_PAC, (qpac_keyid)below(g, 4), p, random_mod(g));
        it->x = p;
    } else {
        it->op = QPAC_OP_PACGA;
        it->key = QPAC_KEY_GA;
        it->x = below(g, 2) ? random_ptr(g, cfg) : qpac_gen_u64(g);
        it->y = random_mod(g);
    }
    qpac_result r = {0, 0};
    if (qpac_exec(st, it->op, it->key, it->x, it->y, &r) == 0) {
        it->expect = r.fault ? QPAC_EXPECT_FAULT : QPAC_EXPECT_VALUE;
        it->expected = r.value;
        if (it->op == QPAC_OP_PAC)
            ring_push(g, r.value, it->y, it->key, it->flags);
    } else {
        it->expect = QPAC_EXPECT_NONE;
    }
    g->ops++;
}

void qpac_gen_next(qpac_gen *g, qpac_state *st, qpac_pvs_item *item)
{
    memset(item, 0, sizeof *item);
    if (g->count == 0) {
        gen_cfg(g, st, item, 1);
    } else if (g->count <= QPAC_NKEYS) {
        gen_key(g, st, item, (qpac_keyid)(g->count - 1));
    } else if (g->write_every) {
        unsigned r = below(g, 2 * g->write_every);
        if (r == 0)
            gen_cfg(g, st, item, 0);
        else if (r == 1)
            gen_key(g, st, item, (qpac_keyid)below(g, QPAC_NKEYS));
        else
            gen_op(g, st, item);
    } else {
        unsigned r = below(g, 100);
        if (r < 3)
            gen_cfg(g, st, item, 0);
        else if (r < 6)
            gen_key(g, st, item, (qpac_keyid)below(g, QPAC_NKEYS));
        else
            gen_op(g, st, item);
    }
    g->count++;
}

uint64_t qpac_gen_ops(const qpac_gen *g) { return g->ops; }
void qpac_gen_set_write_every(qpac_gen *g, unsigned n) { g->write_every = n; }

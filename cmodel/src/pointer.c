/*
 * pointer.c - where the PAC lives in a pointer: the pointer rules of spec 2-5,
 * one function per ASL pseudocode function (EffectiveTBI, the TxSZ clamp,
 * CalculateBottomPACBit, AddPAC, Auth, Strip, AddPACGA), with the decisions of
 * spec 0: classic non-canonical rule, EPAC only at level 2, PAuth2 XOR
 * insertion, the 2023 ASL "tbi and bottom bit >= 55" guard, and compat=qemu's
 * extension bit and TxSZ choice (spec 3.4).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdint.h>

#include "qpac.h"

/* mask(h,l): bits h..l set, empty if h < l (the AND of "up to h" and "from
 * l" is then empty); no branch on h or l. */
static inline uint64_t mask(unsigned h, unsigned l)
{
    if (h > 63 || l > 63)
        return 0;
    return (~UINT64_C(0) >> (63 - h)) & (~UINT64_C(0) << l);
}

static int bit(uint64_t x, unsigned n) { return (int)((x >> n) & 1); }

/* Replicate(b) over 64 bits. */
static uint64_t replicate(int b) { return b ? ~UINT64_C(0) : 0; }

static int two_ranges(const qpac_config *cfg) { return cfg->ranges != 1; }

/* spec 2.2: ptr<55> selects the range (two-range regimes);
 * result = TBI AND NOT(is_instr AND TBID). */
static inline int effective_tbi(const qpac_config *cfg, uint64_t ptr, int is_instr)
{
    int upper = two_ranges(cfg) && bit(ptr, 55);
    unsigned tbi = upper ? cfg->tbi1 : cfg->tbi0;
    unsigned tbid = upper ? cfg->tbid1 : cfg->tbid0;
    return (tbi & 1) && !(is_instr && (tbid & 1));
}

int qpac_EffectiveTBI(const qpac_config *cfg, uint64_t ptr, int is_instr)
{
    return effective_tbi(cfg, ptr, is_instr);
}

/* spec 2.3, decision 0.4: TxSZ of the selected range, clamped to
 * [tszmin, tszmax]. The limits themselves are kept in their legal ranges so
 * that an unchecked configuration can never place the PAC outside 16..52. */
static inline unsigned clamp_tsz(const qpac_config *cfg, unsigned tsz)
{
    unsigned lo = cfg->tszmin, hi = cfg->tszmax;
    if (lo < QPAC_TSZMIN_LO) lo = QPAC_TSZMIN_LO;
    if (lo > QPAC_TSZMIN_HI) lo = QPAC_TSZMIN_HI;
    if (hi < QPAC_TSZMAX_LO) hi = QPAC_TSZMAX_LO;
    if (hi > QPAC_TSZMAX_HI) hi = QPAC_TSZMAX_HI;
    if (tsz < lo) tsz = lo;
    if (tsz > hi) tsz = hi;
    return tsz;
}

unsigned qpac_EffectiveTxSZ(const qpac_config *cfg, int sel)
{
    return clamp_tsz(cfg, (two_ranges(cfg) && sel) ? cfg->t1sz : cfg->t0sz);
}

/* spec 2.3: bottom_PAC_bit = 64 - TxSZ_eff. Both ranges' values first, then
 * the pick by sel (which comes from the pointer), so a call's latency from
 * the pointer is one select. */
static inline unsigned bottom_bit(const qpac_config *cfg, int sel)
{
    unsigned b0 = 64 - clamp_tsz(cfg, cfg->t0sz);
    unsigned b1 = two_ranges(cfg) ? 64 - clamp_tsz(cfg, cfg->t1sz) : b0;
    return sel ? b1 : b0;
}

unsigned qpac_CalculateBottomPACBit(const qpac_config *cfg, int sel)
{
    return bottom_bit(cfg, sel);
}

/* make ctgrind builds the library with -DQPAC_CTGRIND and marks the keys
 * secret: Auth's pass/fail outcome is public (it picks the returned pointer
 * or raises the fault an observer sees), so it is declassified here, at the
 * only two branches on it; any other key-dependent branch is still reported. */
#ifdef QPAC_CTGRIND
#include <valgrind/memcheck.h>
#define QPAC_PUBLIC(v) VALGRIND_MAKE_MEM_DEFINED(&(v), sizeof(v))
#else
#define QPAC_PUBLIC(v) ((void)0)
#endif

static int have_pauth2(const qpac_config *cfg) { return cfg->feat >= QPAC_FEAT_PAUTH2; }

/* spec 4 step 2 (also Strip): the pointer with its extension bits restored
 * from E = Replicate(ptr<55>). */
static uint64_t original_ptr(uint64_t ptr, int tbi, unsigned b)
{
    uint64_t field = tbi ? mask(55, b) : mask(63, b);
    return (ptr & ~field) | (replicate(bit(ptr, 55)) & field);
}

/* spec 3.2 step 2 (architecture) or spec 3.4 (compat=qemu): the extension
 * value that AddPAC builds the pointer with. */
static int addpac_selbit(const qpac_config *cfg, uint64_t ptr, int data, int tbi)
{
    int use_bit55;
    if (cfg->compat == QPAC_COMPAT_QEMU || !two_ranges(cfg))
        use_bit55 = tbi;
    else if (data)
        use_bit55 = (cfg->tbi0 & 1) || (cfg->tbi1 & 1);
    else
        use_bit55 = ((cfg->tbi1 & 1) && !(cfg->tbid1 & 1)) || ((cfg->tbi0 & 1) && !(cfg->tbid0 & 1));
    return use_bit55 ? bit(ptr, 55) : bit(ptr, 63);
}

/* spec 3.2 (AddPAC). */
uint64_t qpac_AddPAC(const qpac_config *cfg, uint64_t ptr, uint64_t modifier,
                     const qpac_key *key, int data)
{
    data = !!data;
    const int tbi = effective_tbi(cfg, ptr, !data);
    const unsigned top_bit = tbi ? 55 : 63;
    const int selbit = addpac_selbit(cfg, ptr, data, tbi);
    /* compat=qemu takes TxSZ from the range ptr<55> selects (spec 3.4). */
    const unsigned b = bottom_bit(
        cfg, cfg->compat == QPAC_COMPAT_QEMU ? bit(ptr, 55) : selbit);

    if (tbi && b >= 55) /* 2023 ASL: no PAC field */
        return ptr;

    /* step 5: a pointer with good extension bits */
    const uint64_t ext_field = tbi ? mask(55, b) : mask(63, b);
    const uint64_t ext_ptr = (ptr & ~ext_field) | (replicate(selbit) & ext_field);

    /* step 6 */
    uint64_t pac = qpac_ComputePAC(ext_ptr, modifier, key->hi, key->lo, cfg->alg);

    /* step 7: classic non-canonical check on ptr<top_bit:b> (spec 3.3) */
    const uint64_t ext_mask = mask(top_bit, b);
    const uint64_t ext_bits = ptr & ext_mask;
    if (ext_bits != 0 && ext_bits != ext_mask) {
        if (cfg->feat == QPAC_FEAT_EPAC)
            pac = 0;
        else if (!have_pauth2(cfg))
            pac ^= UINT64_C(1) << (top_bit - 1);
    }

    /* steps 8 and 9 */
    const uint64_t low = ptr & mask(b - 1, 0);
    const uint64_t bit55 = (uint64_t)selbit << 55;
    const uint64_t mid = mask(54, b), top = mask(63, 56);
    if (!have_pauth2(cfg)) {
        if (tbi)
            return (ptr & top) | bit55 | (pac & mid) | low;
        return (pac & top) | bit55 | (pac & mid) | low;
    }
    if (tbi)
        return (ptr & top) | bit55 | ((ptr ^ pac) & mid) | low;
    return ((ptr ^ pac) & top) | bit55 | ((ptr ^ pac) & mid) | low;
}

/* spec 4 (Auth). On a PAC Fail (FEAT_FPAC/FPACCOMBINE) *fault = 1 and the
 * value is still the one step 5 computed. */
uint64_t qpac_Auth(const qpac_config *cfg, uint64_t ptr, uint64_t modifier,
                   const qpac_key *key, int data, int key_number,
                   int is_combined, int *fault)
{
    data = !!data;
    key_number &= 1;
    if (fault)
        *fault = 0;

    /* step 1 */
    const int tbi = effective_tbi(cfg, ptr, !data);
    const unsigned b = bottom_bit(cfg, bit(ptr, 55));
    if (tbi && b >= 55) /* 2023 ASL: no PAC field */
        return ptr;

    /* steps 2-4 */
    const uint64_t orig = original_ptr(ptr, tbi, b);
    const uint64_t pac = qpac_ComputePAC(orig, modifier, key->hi, key->lo, cfg->alg);
    const uint64_t C = mask(54, b) | (tbi ? 0 : mask(63, 56));

    if (!have_pauth2(cfg)) {
        /* steps 5-6, levels 1 and 2: error code key_number:NOT(key_number) */
        int pass = ((pac ^ ptr) & C) == 0;
        QPAC_PUBLIC(pass); /* outcome branch 1: the pointer or the error code */
        if (pass)
            return orig;
        const uint64_t code = key_number ? 2 : 1;
        const unsigned pos = tbi ? 53 : 61;
        return (orig & ~mask(pos + 1, pos)) | (code << pos);
    }

    /* steps 5-6 with PAuth2: XOR the PAC out, fault rule of FPAC/FPACCOMBINE */
    const uint64_t result = ptr ^ (pac & C);
    const int faults = cfg->feat >= QPAC_FEAT_FPACCOMBINE ||
                       (cfg->feat == QPAC_FEAT_FPAC && !is_combined);
    int fail = (result & C) != (replicate(bit(result, 55)) & C);
    QPAC_PUBLIC(fail); /* outcome branch 2: the FPAC fault */
    if (faults && fault && fail)
        *fault = 1;
    return result;
}

/* spec 5.1 (Strip: XPACI, XPACD). */
uint64_t qpac_Strip(const qpac_config *cfg, uint64_t ptr, int data)
{
    const int tbi = effective_tbi(cfg, ptr, !data);
    const unsigned b = bottom_bit(cfg, bit(ptr, 55));
    if (tbi && b >= 55)
        return ptr;
    return original_ptr(ptr, tbi, b);
}

/* spec 5.2 (PACGA): ComputePAC(Xn, Xm, GA key)<63:32> : Zeros(32), with the
 * unit's one configured algorithm. */
uint64_t qpac_AddPACGA(const qpac_config *cfg, uint64_t x, uint64_t y,
                       const qpac_key *key)
{
    return qpac_ComputePAC(x, y, key->hi, key->lo, cfg->alg) & mask(63, 32);
}

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

/* Replicate(x<n>) over 64 bits: bit n moved to the top, then an arithmetic
 * shift (two instructions; GCC and Clang shift signed values arithmetically). */
static inline uint64_t replicate_bit(uint64_t x, unsigned n)
{
    return (uint64_t)((int64_t)(x << (63 - n)) >> 63);
}

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
    return (ptr & ~field) | (replicate_bit(ptr, 55) & field);
}

/* spec 3.2 step 2 (architecture) or spec 3.4 (compat=qemu): whether the
 * extension value that AddPAC builds the pointer with is ptr<55> (else
 * ptr<63>). */
static int addpac_use_bit55(const qpac_config *cfg, int data, int tbi)
{
    if (cfg->compat == QPAC_COMPAT_QEMU || !two_ranges(cfg))
        return tbi;
    if (data)
        return (cfg->tbi0 & 1) || (cfg->tbi1 & 1);
    return ((cfg->tbi1 & 1) && !(cfg->tbid1 & 1)) || ((cfg->tbi0 & 1) && !(cfg->tbid0 & 1));
}

/* spec 3.2 (AddPAC). */
uint64_t qpac_AddPAC(const qpac_config *cfg, uint64_t ptr, uint64_t modifier,
                     const qpac_key *key, int data)
{
    data = !!data;
    const int tbi = effective_tbi(cfg, ptr, !data);
    const unsigned top_bit = tbi ? 55 : 63;
    const int use_bit55 = addpac_use_bit55(cfg, data, tbi);
    const int selbit = bit(ptr, use_bit55 ? 55 : 63);
    /* compat=qemu takes TxSZ from the range ptr<55> selects (spec 3.4). */
    const unsigned b = bottom_bit(
        cfg, cfg->compat == QPAC_COMPAT_QEMU ? bit(ptr, 55) : selbit);

    if (tbi && b >= 55) /* 2023 ASL: no PAC field */
        return ptr;

    /* step 5: a pointer with good extension bits. The field of each range
     * (f0, f1) comes from the configuration alone, so the pointer reaches
     * ComputePAC through a sign extension and two logic steps: where selbit
     * itself picks the range (always but for compat=qemu without TBI), a
     * clear selbit clears f0 and a set one sets f1. */
    const unsigned b0 = bottom_bit(cfg, 0), b1 = bottom_bit(cfg, 1);
    const uint64_t f0 = tbi ? mask(55, b0) : mask(63, b0);
    const uint64_t f1 = tbi ? mask(55, b1) : mask(63, b1);
    const uint64_t rep = use_bit55 ? replicate_bit(ptr, 55) : replicate_bit(ptr, 63);
    uint64_t ext_ptr;
    if (cfg->compat != QPAC_COMPAT_QEMU || use_bit55) {
        ext_ptr = (rep & (ptr | f1)) | (~rep & ptr & ~f0);
    } else {
        const uint64_t ext_field = bit(ptr, 55) ? f1 : f0;
        ext_ptr = (ptr & ~ext_field) | (rep & ext_field);
    }

    /* steps 7-9 before step 6, as result = keep | ((pac ^ flip) & from_pac):
     * keep holds the pointer's bits that stay (the top byte under TBI), bit
     * 55 and the bits below b; from_pac the PAC field. */
    const uint64_t mid = mask(54, b), top = mask(63, 56);
    uint64_t from_pac = tbi ? mid : mid | top;
    const uint64_t keep = (tbi ? ptr & top : 0) | (uint64_t)selbit << 55 | (ptr & mask(b - 1, 0));
    uint64_t flip = 0;
    if (have_pauth2(cfg)) {
        flip = ptr; /* PAuth2 inserts ptr XOR pac */
    } else {
        /* step 7: classic non-canonical check on ptr<top_bit:b> (spec 3.3) */
        const uint64_t ext_mask = mask(top_bit, b);
        const uint64_t ext_bits = ptr & ext_mask;
        if (ext_bits != 0 && ext_bits != ext_mask) {
            if (cfg->feat == QPAC_FEAT_EPAC)
                from_pac = 0; /* the PAC is 0 */
            else
                flip = UINT64_C(1) << (top_bit - 1);
        }
    }
    /* keep and from_pac are disjoint: the PAC is one AND and one XOR away */
    const uint64_t base = keep | (flip & from_pac);

    /* step 6 */
    const uint64_t pac = qpac_ComputePAC(ext_ptr, modifier, key->hi, key->lo, cfg->alg);
    return base ^ (pac & from_pac);
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
    int fail = (result & C) != (replicate_bit(result, 55) & C);
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

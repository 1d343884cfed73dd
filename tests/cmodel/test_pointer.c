/*
 * test_pointer.c - the pointer rules (spec 2-5) and qpac_exec against facts
 * stated in the specification: PAC field sizes and positions (2.4), the TxSZ
 * clamp (2.3), TBI/TBID (2.2), the extension-bit choice (3.2, 3.4), the
 * non-canonical rule per feature level (3.2 step 7), XOR insertion (3.2 step
 * 9), error codes and their examples (4), FPAC/FPACCOMBINE faults (4 step 6),
 * Strip (5.1), PACGA (5.2, 7.2), and argument validation.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "qpac.h"

#define TEST_RNG_SEED UINT64_C(0x9047e4c0de)
#include "test_rng.h"

static qpac_key rnd_key(void)
{
    qpac_key k = {rnd(), rnd()};
    return k;
}

/* mask(h,l) as in the spec */
static uint64_t mask(unsigned h, unsigned l)
{
    uint64_t m = (h == 63) ? ~UINT64_C(0) : ((UINT64_C(1) << (h + 1)) - 1);
    return m & ~((UINT64_C(1) << l) - 1);
}

#define BIT(n) (UINT64_C(1) << (n))

static qpac_config cfg_tbi(unsigned tsz, unsigned tbi)
{
    qpac_config c;
    qpac_config_init(&c);
    c.t0sz = c.t1sz = tsz;
    c.tbi0 = c.tbi1 = tbi;
    return c;
}

/* ---- spec 2.2 EffectiveTBI ------------------------------------------------ */

static void test_effective_tbi(void **state)
{
    (void)state;
    qpac_config c;
    qpac_config_init(&c);
    for (unsigned v = 0; v < 16; v++) {
        c.tbi0 = v & 1;
        c.tbi1 = (v >> 1) & 1;
        c.tbid0 = (v >> 2) & 1;
        c.tbid1 = (v >> 3) & 1;
        c.ranges = 2;
        /* two ranges: ptr<55> selects the range */
        assert_int_equal(qpac_EffectiveTBI(&c, 0, 0), (int)c.tbi0);
        assert_int_equal(qpac_EffectiveTBI(&c, BIT(55), 0), (int)c.tbi1);
        assert_int_equal(qpac_EffectiveTBI(&c, 0, 1), (int)(c.tbi0 && !c.tbid0));
        assert_int_equal(qpac_EffectiveTBI(&c, BIT(55), 1), (int)(c.tbi1 && !c.tbid1));
        /* bit 63 alone does not select the range */
        assert_int_equal(qpac_EffectiveTBI(&c, BIT(63), 0), (int)c.tbi0);
        /* single range: TBI0/TBID0 whatever ptr<55> is */
        c.ranges = 1;
        assert_int_equal(qpac_EffectiveTBI(&c, BIT(55), 0), (int)c.tbi0);
        assert_int_equal(qpac_EffectiveTBI(&c, BIT(55), 1), (int)(c.tbi0 && !c.tbid0));
    }
}

/* ---- spec 2.3 TxSZ clamp and bottom PAC bit ------------------------------ */

static void test_txsz_clamp(void **state)
{
    (void)state;
    qpac_config c;
    qpac_config_init(&c);
    /* QEMU 7.2 -cpu max: T0SZ = 0 behaves as 16, T1SZ = 60 as 48 */
    c.t0sz = 0;
    c.t1sz = 60;
    assert_int_equal(qpac_EffectiveTxSZ(&c, 0), 16);
    assert_int_equal(qpac_EffectiveTxSZ(&c, 1), 48);
    assert_int_equal(qpac_CalculateBottomPACBit(&c, 0), 48);
    assert_int_equal(qpac_CalculateBottomPACBit(&c, 1), 16);
    /* FEAT_LVA/LPA2 minimum 12; no FEAT_TTST maximum 39 */
    c.tszmin = 12;
    c.tszmax = 39;
    assert_int_equal(qpac_CalculateBottomPACBit(&c, 0), 52);
    assert_int_equal(qpac_CalculateBottomPACBit(&c, 1), 25);
    /* in-range values are used as programmed */
    for (unsigned tsz = 12; tsz <= 39; tsz++) {
        c.t0sz = c.t1sz = tsz;
        assert_int_equal(qpac_EffectiveTxSZ(&c, 0), tsz);
        assert_int_equal(qpac_CalculateBottomPACBit(&c, 1), 64 - tsz);
    }
    /* single range: T0SZ for both selectors */
    c.ranges = 1;
    c.t0sz = 20;
    c.t1sz = 30;
    assert_int_equal(qpac_EffectiveTxSZ(&c, 1), 20);
}

/* ---- spec 2.4 PAC field ------------------------------------------------- */

/* Bits AddPAC changes in a canonical lower-half pointer over many keys. */
static uint64_t changed_bits(const qpac_config *c, int data, uint64_t ptr)
{
    uint64_t acc = 0;
    for (int i = 0; i < 64; i++) {
        qpac_key k = rnd_key();
        acc |= qpac_AddPAC(c, ptr, rnd(), &k, data) ^ ptr;
    }
    return acc;
}

static void test_pac_field(void **state)
{
    (void)state;
    static const struct {
        unsigned tsz, tbi, tszmin, nbits;
        uint64_t field;
    } cases[] = {
        {16, 1, 16, 7, 0},   /* 48-bit VA with TBI: 7 bits, <54:48> */
        {16, 0, 16, 15, 0},  /* 48-bit without TBI: 15 bits, <63:56>,<54:48> */
        {12, 1, 12, 3, 0},   /* 52-bit with TBI: 3 bits */
        {25, 1, 16, 16, 0},  /* 39-bit with TBI: 16 bits */
        {25, 0, 16, 24, 0},  /* 39-bit without TBI: 24 bits */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        qpac_config c = cfg_tbi(cases[i].tsz, cases[i].tbi);
        c.tszmin = cases[i].tszmin;
        unsigned b = 64 - cases[i].tsz;
        uint64_t want = mask(54, b) | (cases[i].tbi ? 0 : mask(63, 56));
        uint64_t ptr = rnd() & mask(b - 1, 0);
        for (int data = 0; data < 2; data++) {
            uint64_t got = changed_bits(&c, data, ptr);
            assert_int_equal(__builtin_popcountll(got), cases[i].nbits);
            assert_true(got == want);
            /* tagged pointer with TBI: the tag stays */
            if (cases[i].tbi)
                assert_true((changed_bits(&c, data, ptr | BIT(60)) & mask(63, 56)) == 0);
        }
    }
}

/* TBID = 1: instruction pointers get the top byte as PAC bits, data keep the tag. */
static void test_tbid(void **state)
{
    (void)state;
    qpac_config c = cfg_tbi(16, 1);
    c.tbid0 = c.tbid1 = 1;
    uint64_t ptr = UINT64_C(0x5a00001234567000);
    assert_true(changed_bits(&c, 0, ptr) == (mask(63, 56) | mask(54, 48)));
    assert_true(changed_bits(&c, 1, ptr) == mask(54, 48));
    /* Strip: XPACI clears the top byte to the extension, XPACD keeps it */
    qpac_key k = rnd_key();
    uint64_t signed_i = qpac_AddPAC(&c, ptr & mask(47, 0), 7, &k, 0);
    assert_true(qpac_Strip(&c, signed_i, 0) == (ptr & mask(47, 0)));
    uint64_t signed_d = qpac_AddPAC(&c, ptr, 7, &k, 1);
    assert_true(qpac_Strip(&c, signed_d, 1) == ptr);
}

/* ---- spec 3.2 step 7: the non-canonical rule per level ------------------- */

static void test_noncanonical_addpac(void **state)
{
    (void)state;
    for (int tbi = 0; tbi < 2; tbi++) {
        qpac_config c = cfg_tbi(16, (unsigned)tbi);
        const uint64_t canon = UINT64_C(0x0000123456789ab0);
        /* non-canonical in the extension field (bit 48; no TBI also bit 56) */
        const uint64_t bad = canon | BIT(48) | (tbi ? 0 : BIT(56));
        const uint64_t field = mask(54, 48) | (tbi ? 0 : mask(63, 56));
        for (int i = 0; i < 50; i++) {
            qpac_key k = rnd_key();
            uint64_t mod = rnd();
            /* level 1: same PAC as the canonical pointer with PAC<top_bit-1> flipped */
            c.feat = QPAC_FEAT_PAUTH;
            uint64_t good1 = qpac_AddPAC(&c, canon, mod, &k, 1);
            uint64_t bad1 = qpac_AddPAC(&c, bad, mod, &k, 1);
            assert_true((good1 ^ bad1) == (tbi ? BIT(54) : BIT(62)));
            /* QEMU 7.2 example: TBI, 48-bit VA, PACIA of 0x0080000000001000
             * then AUTIA with the same modifier gives 0x00bf000000001000 */
            if (tbi) {
                uint64_t p = qpac_AddPAC(&c, UINT64_C(0x0080000000001000), mod, &k, 0);
                assert_true(qpac_Auth(&c, p, mod, &k, 0, 0, 0, NULL) ==
                            UINT64_C(0x00bf000000001000));
            }
            /* level 2 (EPAC): PAC = 0 */
            c.feat = QPAC_FEAT_EPAC;
            assert_true(qpac_AddPAC(&c, bad, mod, &k, 1) == canon);
            assert_true(qpac_AddPAC(&c, canon, mod, &k, 1) == good1); /* canonical: as level 1 */
            /* PAuth2 and later: XOR insertion, no corruption */
            for (unsigned f = QPAC_FEAT_PAUTH2; f <= QPAC_FEAT_FPACCOMBINE; f++) {
                c.feat = (qpac_feat)f;
                uint64_t x = qpac_AddPAC(&c, bad, mod, &k, 1);
                assert_true(((x ^ bad) & ~field) == 0);           /* only the field changes */
                assert_true(((x ^ bad) & field) == (good1 & field)); /* by the PAC */
            }
        }
    }
}

/* ---- spec 3.2 step 9: PAuth2 XOR insertion on canonical pointers --------- */

static void test_xor_insertion(void **state)
{
    (void)state;
    for (int tbi = 0; tbi < 2; tbi++) {
        qpac_config c1 = cfg_tbi(20, (unsigned)tbi), c3 = c1;
        c3.feat = QPAC_FEAT_PAUTH2;
        const uint64_t field = mask(54, 44) | (tbi ? 0 : mask(63, 56));
        for (int i = 0; i < 200; i++) {
            qpac_key k = rnd_key();
            uint64_t mod = rnd();
            uint64_t lower = rnd() & mask(43, 0), upper = lower | mask(63, 44);
            /* lower half: the field was zero, so XOR insertion = plain insertion */
            assert_true(qpac_AddPAC(&c3, lower, mod, &k, 0) == qpac_AddPAC(&c1, lower, mod, &k, 0));
            /* upper half: the field was ones, so the inserted bits are inverted */
            assert_true((qpac_AddPAC(&c3, upper, mod, &k, 0) ^ qpac_AddPAC(&c1, upper, mod, &k, 0)) ==
                        field);
        }
    }
}

/* ---- spec 3.2 step 2 vs 3.4: extension bit with mixed TBI ---------------- */

static void test_selbit_arch_vs_qemu(void **state)
{
    (void)state;
    qpac_config c = cfg_tbi(16, 0);
    c.tbi1 = 1; /* TBI0 = 0, TBI1 = 1 */
    qpac_key k = rnd_key();
    /* ptr<55> = 0 (range 0, no TBI), ptr<63> = 1: the architecture takes the
     * extension from ptr<55> for a data key because TBI1 = 1; QEMU from ptr<63>. */
    const uint64_t ptr = UINT64_C(0x8000000000001000);
    c.compat = QPAC_COMPAT_ARCH;
    assert_true((qpac_AddPAC(&c, ptr, 0, &k, 1) & BIT(55)) == 0);
    c.compat = QPAC_COMPAT_QEMU;
    assert_true((qpac_AddPAC(&c, ptr, 0, &k, 1) & BIT(55)) != 0);
    /* with ptr<63> == ptr<55> both rules agree */
    for (int i = 0; i < 500; i++) {
        uint64_t p = rnd();
        p = (p & ~BIT(63)) | ((p & BIT(55)) << 8);
        int data = (int)(rnd() & 1);
        c.tbi0 = rnd() & 1;
        c.tbid0 = rnd() & 1;
        c.tbid1 = rnd() & 1;
        c.compat = QPAC_COMPAT_ARCH;
        uint64_t a = qpac_AddPAC(&c, p, 5, &k, data);
        c.compat = QPAC_COMPAT_QEMU;
        assert_true(qpac_AddPAC(&c, p, 5, &k, data) == a);
    }
}

/* ---- spec 4: error codes and their examples ------------------------------ */

static void test_error_codes(void **state)
{
    (void)state;
    /* {tbi, upper, key_number, expected bits 63:48 with a zero tag} */
    static const struct {
        unsigned tbi, upper, key_number;
        uint64_t top16;
    } ex[] = {
        {1, 0, 0, 0x0020}, {1, 0, 1, 0x0040}, {1, 1, 0, 0xffbf}, {1, 1, 1, 0xffdf},
        {0, 0, 0, 0x2000}, {0, 0, 1, 0x4000}, {0, 1, 0, 0xbfff}, {0, 1, 1, 0xdfff},
    };
    for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
        qpac_config c = cfg_tbi(16, ex[i].tbi);
        for (int data = 0; data < 2; data++)
            for (int n = 0; n < 50; n++) {
                qpac_key k = rnd_key();
                uint64_t mod = rnd();
                uint64_t p = rnd() & mask(47, 0);
                if (ex[i].upper)
                    p |= ex[i].tbi ? mask(55, 48) | mask(63, 56) : mask(63, 48);
                uint64_t s = qpac_AddPAC(&c, p, mod, &k, data);
                assert_true(qpac_Auth(&c, s, mod, &k, data, (int)ex[i].key_number, 0, NULL) == p);
                /* flip one PAC bit: fails with the code in 54:53 or 62:61 */
                uint64_t r = qpac_Auth(&c, s ^ BIT(48 + n % 7), mod, &k, data,
                                       (int)ex[i].key_number, 0, NULL);
                assert_true((r >> 48) == ex[i].top16);
                assert_true((r & mask(47, 0)) == (p & mask(47, 0)));
            }
    }
    /* with TBI the tag byte survives a failure */
    qpac_config c = cfg_tbi(16, 1);
    qpac_key k = rnd_key();
    uint64_t s = qpac_AddPAC(&c, UINT64_C(0x5a00000000001000), 3, &k, 1);
    assert_true(qpac_Auth(&c, s, 3, &k, 1, 0, 0, NULL) == UINT64_C(0x5a00000000001000));
    assert_true(qpac_Auth(&c, s ^ BIT(52), 3, &k, 1, 0, 0, NULL) == UINT64_C(0x5a20000000001000));
    assert_true(qpac_Auth(&c, s ^ BIT(52), 3, &k, 1, 1, 0, NULL) == UINT64_C(0x5a40000000001000));
}

/* ---- spec 4 step 6: FPAC / FPACCOMBINE ----------------------------------- */

static void test_fpac_faults(void **state)
{
    (void)state;
    qpac_config c = cfg_tbi(16, 1);
    for (int i = 0; i < 100; i++) {
        qpac_key k = rnd_key();
        uint64_t mod = rnd(), p = rnd() & mask(47, 0);
        c.feat = QPAC_FEAT_PAUTH2;
        uint64_t s = qpac_AddPAC(&c, p, mod, &k, 0);
        uint64_t bad = s ^ BIT(50);
        int fault = -1;
        uint64_t v3 = qpac_Auth(&c, bad, mod, &k, 0, 0, 0, &fault);
        assert_int_equal(fault, 0);
        /* PAuth2 failure: no error code, the field is p's field XOR one bit */
        assert_true(v3 == (p ^ BIT(50)));
        /* standalone / combined x FPAC / FPACCOMBINE */
        static const struct { qpac_feat f; int combined, fault; } rules[] = {
            {QPAC_FEAT_FPAC, 0, 1}, {QPAC_FEAT_FPAC, 1, 0},
            {QPAC_FEAT_FPACCOMBINE, 0, 1}, {QPAC_FEAT_FPACCOMBINE, 1, 1},
            {QPAC_FEAT_PAUTH2, 1, 0},
        };
        for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++) {
            c.feat = rules[r].f;
            fault = -1;
            /* the value on a fault is what Auth computed (as at level 3) */
            assert_true(qpac_Auth(&c, bad, mod, &k, 0, 0, rules[r].combined, &fault) == v3);
            assert_int_equal(fault, rules[r].fault);
            fault = -1;
            assert_true(qpac_Auth(&c, s, mod, &k, 0, 0, rules[r].combined, &fault) == p);
            assert_int_equal(fault, 0);
        }
    }
}

/* ---- spec 5.2 and 7.2: PACGA --------------------------------------------- */

static void test_pacga(void **state)
{
    (void)state;
    qpac_state st;
    qpac_state_init(&st);
    /* QEMU tests/tcg/aarch64/system/pauth-3.c (spec 7.2) */
    st.key[QPAC_KEY_GA].hi = UINT64_C(0x84be85ce9804e94b);
    st.key[QPAC_KEY_GA].lo = UINT64_C(0xec2802d4e0a488e9);
    qpac_result res;
    assert_int_equal(qpac_exec(&st, QPAC_OP_PACGA, QPAC_KEY_GA, UINT64_C(0xfb623599da6e8127),
                               UINT64_C(0x477d469dec0b8762), &res), QPAC_OK);
    assert_true(res.value == UINT64_C(0xc003b93900000000));
    assert_int_equal(res.fault, 0);
    /* the unit-wide algorithm applies to PACGA too */
    st.cfg.alg = QPAC_ALG_QARMA3;
    for (int i = 0; i < 100; i++) {
        uint64_t x = rnd(), y = rnd();
        st.key[QPAC_KEY_GA] = rnd_key();
        assert_int_equal(qpac_exec(&st, QPAC_OP_PACGA, QPAC_KEY_GA, x, y, &res), QPAC_OK);
        assert_true(res.value == (qpac_ComputePAC_impl(QPAC_IMPL_REF, x, y, st.key[QPAC_KEY_GA].hi,
                                                       st.key[QPAC_KEY_GA].lo, QPAC_ALG_QARMA3) &
                                  mask(63, 32)));
    }
}

/* ---- qpac_exec dispatch and validation ----------------------------------- */

static void test_exec_dispatch(void **state)
{
    (void)state;
    qpac_state st;
    qpac_state_init(&st);
    st.cfg.tbi0 = st.cfg.tbi1 = 1;
    for (int k = 0; k < QPAC_NKEYS; k++)
        st.key[k] = rnd_key();
    qpac_result r;
    for (int i = 0; i < 200; i++) {
        uint64_t x = rnd(), y = rnd();
        st.cfg.feat = (qpac_feat)(1 + rnd() % 5);
        for (int key = 0; key < 4; key++) {
            int data = key >= 2, kn = key & 1;
            assert_int_equal(qpac_exec(&st, QPAC_OP_PAC, (qpac_keyid)key, x, y, &r), 0);
            assert_true(r.value == qpac_AddPAC(&st.cfg, x, y, &st.key[key], data));
            int f;
            uint64_t v = qpac_Auth(&st.cfg, x, y, &st.key[key], data, kn, 0, &f);
            assert_int_equal(qpac_exec(&st, QPAC_OP_AUT, (qpac_keyid)key, x, y, &r), 0);
            assert_true(r.value == v && r.fault == f);
            uint64_t yc = data ? 0 : y; /* LDRAA/LDRAB: modifier 0 */
            v = qpac_Auth(&st.cfg, x, yc, &st.key[key], data, kn, 1, &f);
            assert_int_equal(qpac_exec(&st, QPAC_OP_AUTC, (qpac_keyid)key, x, yc, &r), 0);
            assert_true(r.value == v && r.fault == f);
            assert_int_equal(qpac_exec(&st, QPAC_OP_XPAC, (qpac_keyid)key, x, 0, &r), 0);
            assert_true(r.value == qpac_Strip(&st.cfg, x, data) && r.fault == 0);
        }
    }
}

static void test_exec_einval(void **state)
{
    (void)state;
    qpac_state st;
    qpac_state_init(&st);
    qpac_result r;
    /* invalid (op, key) pairs */
    assert_int_equal(qpac_exec(&st, QPAC_OP_PAC, QPAC_KEY_GA, 1, 2, &r), QPAC_EINVAL);
    assert_int_equal(qpac_exec(&st, QPAC_OP_AUT, QPAC_KEY_GA, 1, 2, &r), QPAC_EINVAL);
    assert_int_equal(qpac_exec(&st, QPAC_OP_AUTC, QPAC_KEY_GA, 1, 2, &r), QPAC_EINVAL);
    assert_int_equal(qpac_exec(&st, QPAC_OP_XPAC, QPAC_KEY_GA, 1, 0, &r), QPAC_EINVAL);
    assert_int_equal(qpac_exec(&st, QPAC_OP_PACGA, QPAC_KEY_IA, 1, 2, &r), QPAC_EINVAL);
    assert_int_equal(qpac_exec(&st, (qpac_op)7, QPAC_KEY_IA, 1, 2, &r), QPAC_EINVAL);
    assert_int_equal(qpac_exec(&st, QPAC_OP_PAC, (qpac_keyid)5, 1, 2, &r), QPAC_EINVAL);
    assert_int_equal(qpac_exec(&st, QPAC_OP_PAC, (qpac_keyid)-1, 1, 2, &r), QPAC_EINVAL);
    /* LDRAA/LDRAB take modifier 0 */
    assert_int_equal(qpac_exec(&st, QPAC_OP_AUTC, QPAC_KEY_DA, 1, 2, &r), QPAC_EINVAL);
    assert_int_equal(qpac_exec(&st, QPAC_OP_AUTC, QPAC_KEY_DB, 1, 0, &r), QPAC_OK);
    assert_int_equal(qpac_exec(NULL, QPAC_OP_PAC, QPAC_KEY_IA, 1, 2, &r), QPAC_EINVAL);
    assert_int_equal(qpac_exec(&st, QPAC_OP_PAC, QPAC_KEY_IA, 1, 2, NULL), QPAC_EINVAL);

    /* each configuration field out of range */
    qpac_config good;
    qpac_config_init(&good);
    assert_int_equal(qpac_config_check(&good), QPAC_OK);
    assert_int_equal(qpac_config_check(NULL), QPAC_EINVAL);
#define BAD(field, value)                                                        \
    do {                                                                         \
        st.cfg = good;                                                           \
        st.cfg.field = value;                                                    \
        assert_int_equal(qpac_config_check(&st.cfg), QPAC_EINVAL);               \
        assert_int_equal(qpac_exec(&st, QPAC_OP_PAC, QPAC_KEY_IA, 1, 2, &r), QPAC_EINVAL); \
    } while (0)
    BAD(t0sz, 64);
    BAD(t1sz, 100);
    BAD(tbi0, 2);
    BAD(tbi1, 2);
    BAD(tbid0, 2);
    BAD(tbid1, 7);
    BAD(ranges, 0);
    BAD(ranges, 3);
    BAD(tszmin, 11);
    BAD(tszmin, 17);
    BAD(tszmax, 38);
    BAD(tszmax, 49);
    BAD(alg, (qpac_alg)2);
    BAD(feat, (qpac_feat)0);
    BAD(feat, (qpac_feat)6);
    BAD(compat, (qpac_compat)2);
#undef BAD
    /* the extremes are valid */
    st.cfg = good;
    st.cfg.t0sz = 0;
    st.cfg.t1sz = 63;
    st.cfg.tszmin = 12;
    st.cfg.tszmax = 39;
    st.cfg.ranges = 1;
    st.cfg.feat = QPAC_FEAT_FPACCOMBINE;
    st.cfg.alg = QPAC_ALG_QARMA3;
    st.cfg.compat = QPAC_COMPAT_QEMU;
    assert_int_equal(qpac_config_check(&st.cfg), QPAC_OK);
}

/* ---- mnemonics, names, registers, wipe ----------------------------------- */

static void test_mnemonics(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        qpac_op op;
        qpac_keyid key;
        int nargs;
    } m[] = {
        {"pacia", QPAC_OP_PAC, QPAC_KEY_IA, 2},  {"pacib", QPAC_OP_PAC, QPAC_KEY_IB, 2},
        {"pacda", QPAC_OP_PAC, QPAC_KEY_DA, 2},  {"pacdb", QPAC_OP_PAC, QPAC_KEY_DB, 2},
        {"autia", QPAC_OP_AUT, QPAC_KEY_IA, 2},  {"autib", QPAC_OP_AUT, QPAC_KEY_IB, 2},
        {"autda", QPAC_OP_AUT, QPAC_KEY_DA, 2},  {"autdb", QPAC_OP_AUT, QPAC_KEY_DB, 2},
        {"braa", QPAC_OP_AUTC, QPAC_KEY_IA, 2},  {"brab", QPAC_OP_AUTC, QPAC_KEY_IB, 2},
        {"ldraa", QPAC_OP_AUTC, QPAC_KEY_DA, 1}, {"ldrab", QPAC_OP_AUTC, QPAC_KEY_DB, 1},
        {"xpaci", QPAC_OP_XPAC, QPAC_KEY_IA, 1}, {"xpacd", QPAC_OP_XPAC, QPAC_KEY_DA, 1},
        {"pacga", QPAC_OP_PACGA, QPAC_KEY_GA, 2},
    };
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) {
        qpac_op op;
        qpac_keyid key;
        assert_int_equal(qpac_mnemonic_parse(m[i].name, &op, &key), QPAC_OK);
        assert_int_equal(op, m[i].op);
        assert_int_equal(key, m[i].key);
        assert_string_equal(qpac_mnemonic(op, key), m[i].name);
        assert_int_equal(qpac_op_nargs(op, key), m[i].nargs);
    }
    assert_string_equal(qpac_mnemonic(QPAC_OP_XPAC, QPAC_KEY_IB), "xpaci");
    assert_string_equal(qpac_mnemonic(QPAC_OP_XPAC, QPAC_KEY_DB), "xpacd");
    assert_null(qpac_mnemonic(QPAC_OP_PACGA, QPAC_KEY_IA));
    assert_null(qpac_mnemonic(QPAC_OP_PAC, QPAC_KEY_GA));
    qpac_op op;
    qpac_keyid key;
    assert_int_equal(qpac_mnemonic_parse("PACIA", &op, &key), QPAC_EINVAL);
    assert_int_equal(qpac_mnemonic_parse("pacgb", &op, &key), QPAC_EINVAL);
    assert_int_equal(qpac_mnemonic_parse("", &op, &key), QPAC_EINVAL);
    assert_int_equal(qpac_mnemonic_parse(NULL, &op, &key), QPAC_EINVAL);
    assert_int_equal(qpac_op_nargs(QPAC_OP_PACGA, QPAC_KEY_DA), QPAC_EINVAL);

    assert_string_equal(qpac_alg_name(QPAC_ALG_QARMA5), "qarma5");
    assert_string_equal(qpac_alg_name(QPAC_ALG_QARMA3), "qarma3");
    assert_null(qpac_alg_name((qpac_alg)2));
    static const char *const feats[] = {"pauth", "epac", "pauth2", "fpac", "fpaccombine"};
    for (int f = 1; f <= 5; f++)
        assert_string_equal(qpac_feat_name((qpac_feat)f), feats[f - 1]);
    assert_null(qpac_feat_name((qpac_feat)0));
    static const char *const keys[] = {"ia", "ib", "da", "db", "ga"};
    for (int k = 0; k < QPAC_NKEYS; k++)
        assert_string_equal(qpac_key_name((qpac_keyid)k), keys[k]);
    assert_null(qpac_key_name((qpac_keyid)5));
}

static void test_registers(void **state)
{
    (void)state;
    qpac_config c;
    qpac_config_init(&c);
    /* the defaults are the register reset values of regmap/qpac.regs */
    assert_int_equal(qpac_config_to_cfg_reg(&c), QPAC_REG_CFG_RESET);
    assert_int_equal(qpac_config_to_tszlim_reg(&c), QPAC_REG_TSZLIM_RESET);
    c.t0sz = 63;
    c.t1sz = 0;
    assert_int_equal(qpac_config_to_cfg_reg(&c) & QPAC_CFG_T0SZ_MASK, QPAC_CFG_T0SZ_MASK);
    assert_int_equal(qpac_config_to_cfg_reg(&c) & QPAC_CFG_T1SZ_MASK, 0);
    c.tbi0 = 1;
    c.tbid1 = 1;
    c.ranges = 1;
    c.alg = QPAC_ALG_QARMA3;
    c.feat = QPAC_FEAT_FPACCOMBINE;
    uint32_t reg = qpac_config_to_cfg_reg(&c);
    assert_int_equal(reg & QPAC_CFG_TBI0_MASK, QPAC_CFG_TBI0_MASK);
    assert_int_equal(reg & QPAC_CFG_TBI1_MASK, 0);
    assert_int_equal(reg & QPAC_CFG_TBID1_MASK, QPAC_CFG_TBID1_MASK);
    assert_int_equal(reg & QPAC_CFG_SINGLE_MASK, QPAC_CFG_SINGLE_MASK);
    assert_int_equal((reg & QPAC_CFG_ALG_MASK) >> QPAC_CFG_ALG_LSB, QPAC_ENC_ALG_QARMA3);
    assert_int_equal((reg & QPAC_CFG_FEAT_MASK) >> QPAC_CFG_FEAT_LSB, 5);
    c.tszmin = 12;
    c.tszmax = 39;
    assert_int_equal(qpac_config_to_tszlim_reg(&c), (39u << QPAC_TSZLIM_TSZMAX_LSB) | 12u);
}

static void test_state_wipe(void **state)
{
    (void)state;
    qpac_state st;
    qpac_state_init(&st);
    for (int k = 0; k < QPAC_NKEYS; k++) {
        assert_true(st.key[k].hi == 0 && st.key[k].lo == 0);
        st.key[k] = rnd_key();
    }
    st.cfg.t0sz = 25;
    qpac_state_wipe(&st);
    for (int k = 0; k < QPAC_NKEYS; k++)
        assert_true(st.key[k].hi == 0 && st.key[k].lo == 0);
    assert_int_equal(st.cfg.t0sz, 25); /* configuration is not secret */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_effective_tbi),
        cmocka_unit_test(test_txsz_clamp),
        cmocka_unit_test(test_pac_field),
        cmocka_unit_test(test_tbid),
        cmocka_unit_test(test_noncanonical_addpac),
        cmocka_unit_test(test_xor_insertion),
        cmocka_unit_test(test_selbit_arch_vs_qemu),
        cmocka_unit_test(test_error_codes),
        cmocka_unit_test(test_fpac_faults),
        cmocka_unit_test(test_pacga),
        cmocka_unit_test(test_exec_dispatch),
        cmocka_unit_test(test_exec_einval),
        cmocka_unit_test(test_mnemonics),
        cmocka_unit_test(test_registers),
        cmocka_unit_test(test_state_wipe),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

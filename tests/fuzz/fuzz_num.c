/*
 * fuzz_num.c - libFuzzer harness of the one number parser (qpac_parse_u64,
 * qpac_parse_hex) and the tools' option parser (cmodel/tools/util.c).
 * Properties, on any byte string:
 *   - qpac_parse_u64 agrees with an independent reference (decimal digits,
 *     or 0x/0X and hex digits; no sign, space or octal; value <= max), and
 *     the same text always gives the same value;
 *   - qpac_parse_hex agrees with its reference (bare hex digits, length in
 *     [min, max]);
 *   - option parsing (the input split at NUL bytes into argv) never crashes,
 *     and no message echoes 8 or more hex digits of the input (key halves
 *     given to --key-hi/--key-lo are never printed).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdint.h>

#include "fuzz_common.h"
#include "qpac_vectors.h"
#include "util.h"

static int ref_u64(const char *s, size_t n, uint64_t max, uint64_t *v)
{
    unsigned __int128 x = 0;
    size_t i = 0;
    int base = 10;
    if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        base = 16, i = 2;
    if (n == 0)
        return -1;
    for (; i < n; i++) {
        unsigned c = (unsigned char)s[i], d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (base == 16 && c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (base == 16 && c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            return -1;
        x = x * (unsigned)base + d;
        if (x > UINT64_MAX)
            return -1;
    }
    if (x > max)
        return -1;
    *v = (uint64_t)x;
    return 0;
}

static FILE *errs;
static char *errbuf;
static size_t errlen;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    uint64_t max = UINT64_MAX, a = 0, b = 0, c = 0;
    if (size >= 1)
        max = (uint64_t)1 << (data[0] & 63) | (data[0] & 64 ? 0 : UINT64_MAX);
    int r1 = qpac_parse_u64(s, size, max, &a);
    int r2 = ref_u64(s, size, max, &b);
    int r3 = qpac_parse_u64(s, size, max, &c);
    if ((r1 == 0) != (r2 == 0) || (r1 == 0 && a != b) || r1 != r3 || a != c) {
        dprintf(2, "PROPERTY: qpac_parse_u64 %d/%llu, reference %d/%llu\n", r1,
                (unsigned long long)a, r2, (unsigned long long)b);
        abort();
    }
    unsigned lo = size ? data[0] % 18 : 0, hi = size > 1 ? data[1] % 18 : 16;
    uint64_t h1 = 0, h2 = 0;
    int hr = qpac_parse_hex(s, size, lo, hi, &h1);
    int hok = size >= 1 && size >= lo && size <= hi && size <= 16;
    for (size_t i = 0; hok && i < size; i++)
        hok = fuzz_is_hex(data[i]);
    if (hok)
        for (size_t i = 0; i < size; i++)
            h2 = h2 << 4 | (uint64_t)(data[i] <= '9' ? data[i] - '0' : (data[i] | 32) - 'a' + 10);
    if ((hr == 0) != hok || (hok && h1 != h2)) {
        dprintf(2, "PROPERTY: qpac_parse_hex %d/%llx, reference %d/%llx\n", hr,
                (unsigned long long)h1, hok, (unsigned long long)h2);
        abort();
    }

    /* options: argv from the NUL-separated input, messages captured */
    if (!errs) {
        errs = open_memstream(&errbuf, &errlen);
        stderr = errs;
    }
    char *copy = malloc(size + 1), *argv[64];
    int argc = 0;
    memcpy(copy, data, size);
    copy[size] = '\0';
    argv[argc++] = "fuzz";
    for (char *p = copy; p < copy + size && argc < 63; p += strlen(p) + 1)
        argv[argc++] = p;
    argv[argc] = NULL;
    enum { O_NUM = 1, O_SEED, O_HEX, O_KEY, O_FLAG };
    static const qpac_optdef defs[] = {
        {"count", 'n', 1, O_NUM}, {"seed", 's', 1, O_SEED}, {"key-hi", 0, 1, O_HEX},
        {"key-lo", 0, 1, O_HEX},  {"key", 'k', 1, O_KEY},   {"hw", 0, 0, O_FLAG},
        QPAC_OPTDEFS_CFG,         QPAC_OPTDEF_END};
    qpac_opts o;
    qpac_config cfg;
    qpac_config_init(&cfg);
    qpac_opts_init(&o, argc, argv, "fuzz");
    int id;
    for (int guard = 0; (id = qpac_opts_next(&o, defs)) != QPAC_OPT_END; guard++) {
        uint64_t v;
        qpac_keyid k;
        if (guard > 64)
            abort(); /* every call consumes an argument */
        switch (id) {
        case O_NUM: qpac_util_opt_num(&o, 1, 1000, &v); break;
        case O_SEED: qpac_util_opt_u64(&o, &v); break;
        case O_HEX: {
            /* a key half given here is never in the message */
            fflush(errs);
            long before = ftell(errs);
            qpac_util_opt_hex(&o, &v);
            fflush(errs);
            if (o.arg && (size_t)before < errlen) {
                errbuf[errlen] = '\0';
                fuzz_no_echo(errbuf + before, (const unsigned char *)o.arg, strlen(o.arg));
            }
            break;
        }
        case O_KEY: qpac_util_opt_key(&o, &k); break;
        default:
            if (qpac_util_is_cfg_opt(id))
                qpac_util_cfg_opt(&cfg, &o, id);
            break;
        }
    }
    rewind(errs);
    errlen = 0;
    free(copy);
    return 0;
}

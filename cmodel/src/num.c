/*
 * num.c - the one number syntax of every qpac command line and file reader
 * (qpac.h, "Numbers"): decimal or 0x hex, no sign, no octal, range-checked.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "qpac_vectors.h"

static int hex_digit(unsigned c)
{
    if (c >= '0' && c <= '9')
        return (int)(c - '0');
    if (c >= 'a' && c <= 'f')
        return (int)(c - 'a' + 10);
    if (c >= 'A' && c <= 'F')
        return (int)(c - 'A' + 10);
    return -1;
}

int qpac_parse_hex(const char *s, size_t len, unsigned min_digits, unsigned max_digits,
                   uint64_t *v)
{
    uint64_t x = 0;
    if (!s || len < min_digits || len > max_digits || len == 0 || len > 16)
        return QPAC_EINVAL;
    for (size_t i = 0; i < len; i++) {
        int d = hex_digit((unsigned char)s[i]);
        if (d < 0)
            return QPAC_EINVAL;
        x = x << 4 | (unsigned)d;
    }
    *v = x;
    return QPAC_OK;
}

int qpac_parse_u64(const char *s, size_t len, uint64_t max, uint64_t *v)
{
    uint64_t x = 0;
    if (!s || len == 0)
        return QPAC_EINVAL;
    if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        for (size_t i = 2; i < len; i++) {
            int d = hex_digit((unsigned char)s[i]);
            if (d < 0 || x > (UINT64_MAX >> 4))
                return QPAC_EINVAL;
            x = x << 4 | (unsigned)d;
        }
    } else {
        for (size_t i = 0; i < len; i++) {
            unsigned c = (unsigned char)s[i];
            if (c < '0' || c > '9')
                return QPAC_EINVAL;
            if (x > (UINT64_MAX - (c - '0')) / 10)
                return QPAC_EINVAL;
            x = x * 10 + (c - '0');
        }
    }
    if (x > max)
        return QPAC_EINVAL;
    *v = x;
    return QPAC_OK;
}

int qpac_parse_u64_str(const char *s, uint64_t max, uint64_t *v)
{
    return s ? qpac_parse_u64(s, strlen(s), max, v) : QPAC_EINVAL;
}

/*
 * fuzz_common.h - shared by the libFuzzer harnesses of tests/fuzz: the
 * property checks every harness applies to the messages it collects.
 *
 * FUZZ_PLANT_BAD_MESSAGE (make test-fuzz-neg) makes fuzz_check_message see a
 * deliberately bad message, to prove the property check reports it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline int fuzz_is_hex(unsigned c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Property: no run of 8 or more hex digits of the message appears in the
 * input (key material is never echoed; the reader shows at most 7). */
static inline void fuzz_no_echo(const char *msg, const unsigned char *in, size_t n)
{
    for (const char *p = msg; *p;) {
        const char *q = p;
        while (fuzz_is_hex((unsigned char)*q))
            q++;
        if (q - p >= 8) {
            for (size_t i = 0; i + 8 <= n; i++)
                if (!memcmp(in + i, p, 8)) {
                    dprintf(2, "PROPERTY: message echoes input hex '%.8s': %s\n", p, msg);
                    abort();
                }
        }
        p = *q ? q + 1 : q;
    }
}

/* Property: "NAME:LINE: what is wrong (field F)". */
static inline void fuzz_check_message(const char *msg, const char *name)
{
#ifdef FUZZ_PLANT_BAD_MESSAGE
    msg = "a message without file, line or field";
#endif
    size_t nl = strlen(name), ml = strlen(msg);
    const char *p = msg + nl;
    int ok = !strncmp(msg, name, nl) && *p == ':' && p[1] >= '1' && p[1] <= '9';
    if (ok) {
        p++;
        while (*p >= '0' && *p <= '9')
            p++;
        ok = p[0] == ':' && p[1] == ' ' && p[2] && ml > 1 && msg[ml - 1] == ')' &&
             strstr(p, " (field ") != NULL;
    }
    if (!ok) {
        dprintf(2, "PROPERTY: message is not 'FILE:LINE: what (field F)': %s\n", msg);
        abort();
    }
}

#endif

/*
 * pvs.c - the PAC vector script (.pvs): strict line reader, formatters and
 * writers. Grammar and error rules: cmodel/README.md ("The .pvs format").
 *
 * The reader takes any byte stream: every malformed line gives
 * "NAME:LINE: what is wrong (field F)" and QPAC_ESYNTAX, never a crash.
 * A line is consumed whole before it is judged, so reading can continue
 * after an error, except after a line longer than QPAC_PVS_MAXLINE: the
 * reader stops there (input without line endings, /dev/zero): the error is
 * returned once, then end of input. Key values are never copied into a message: quoted
 * text has every run of 8 or more hex digits replaced by "<hex>", and key
 * lines quote nothing. `begin` ... `end N` sections (N = op lines in
 * between) make a file self-delimiting: a cut file fails.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "qpac_vectors.h"

#define MAXTOK 32 /* fields on one line; a full cfg line has 13 */
#define SHOWLEN 24 /* longest piece of user text quoted in a message */

typedef struct {
    const char *s;
    unsigned len;
} tok;

/* v as 16 lower-case hex digits at p (no terminator). Without tables or
 * branches (a key half is secret): each nibble n becomes '0' + n, plus 39
 * when n > 9, eight at a time in the bytes of a word. */
static uint64_t hex8(uint32_t h)
{
    /* byte i of x = nibble i of h */
    uint64_t x = h;
    x = (x | x << 16) & UINT64_C(0x0000FFFF0000FFFF);
    x = (x | x << 8) & UINT64_C(0x00FF00FF00FF00FF);
    x = (x | x << 4) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    uint64_t gt9 = ((x + UINT64_C(0x0606060606060606)) >> 4) & UINT64_C(0x0101010101010101);
    return x + UINT64_C(0x3030303030303030) + gt9 * 39;
}

static char *put_hex(char *p, uint64_t v)
{
    const uint64_t w[2] = {hex8((uint32_t)(v >> 32)), hex8((uint32_t)v)};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 8; i++) /* most significant digit first */
            p[8 * k + i] = (char)(w[k] >> (56 - 8 * i));
    return p + 16;
}

/* hex16: exactly 16 hex digits (either case) at s -> *out; 0 on success.
 * Branch- and table-free like put_hex: on little-endian hosts two SWAR
 * loads (hex8s), else a loop over the digits. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define HEX_L UINT64_C(0x0101010101010101)
#define HEX_H UINT64_C(0x8080808080808080)
static uint64_t ge8(uint64_t x, unsigned n) { return ((x | HEX_H) - HEX_L * n) & HEX_H; }

/* Eight hex digits, the first the most significant, from one 64-bit load:
 * a byte is valid when it is below 0x80 and in '0'..'9' or, with bit 5 set,
 * in 'a'..'f'; ge8(x, n) sets a byte's top bit when the byte >= n. */
static int hex8s(const char *s, uint32_t *out)
{
    uint64_t x, lx;
    memcpy(&x, s, 8);
    lx = x | HEX_L * 0x20;
    uint64_t digit = ge8(x, '0') & ~ge8(x, '9' + 1);
    uint64_t letter = ge8(lx, 'a') & ~ge8(lx, 'f' + 1);
    uint64_t v = (x & HEX_L * 0x0f) + (letter >> 7) * 9; /* a byte per digit */
    v = ((v << 4) | (v >> 8)) & UINT64_C(0x00ff00ff00ff00ff);
    v = ((v << 8) | (v >> 16)) & UINT64_C(0x0000ffff0000ffff);
    *out = (uint32_t)((v << 16) | (v >> 32));
    return (x & HEX_H) != 0 || (digit | letter) != HEX_H;
}

static int hex16(const char *s, uint64_t *out)
{
    uint32_t hi, lo;
    int bad = hex8s(s, &hi) | hex8s(s + 8, &lo);
    *out = (uint64_t)hi << 32 | lo;
    return bad;
}
#else
static int hex16(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    unsigned bad = 0;
    for (int i = 0; i < 16; i++) {
        unsigned c = (unsigned char)s[i];
        unsigned d = c - '0', l = (c | 0x20) - 'a';
        unsigned isd = 0u - (d < 10), isl = 0u - (l < 6);
        bad |= ~(isd | isl);
        v = v << 4 | ((d & isd) | ((l + 10) & isl));
    }
    *out = v;
    return bad != 0;
}
#endif

static int tok_is(tok t, const char *s)
{
    size_t n = strlen(s);
    return t.len == n && memcmp(t.s, s, n) == 0;
}

static int is_hex(unsigned c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Quotes user text in a message, shortened to SHOWLEN characters; a run of
 * SECRET_RUN or more hex digits (it may be a key half) becomes "<hex>". */
#define SECRET_RUN 8
static const char *show(char buf[SHOWLEN + 4], tok t)
{
    unsigned n = 0, i = 0;
    while (i < t.len && n < SHOWLEN) {
        unsigned j = i;
        while (j < t.len && is_hex((unsigned char)t.s[j]))
            j++;
        if (j - i >= SECRET_RUN) {
            if (n + 5 > SHOWLEN)
                break;
            memcpy(buf + n, "<hex>", 5), n += 5;
            i = j;
        } else if (j > i) {
            while (i < j && n < SHOWLEN)
                buf[n++] = t.s[i++];
        } else {
            buf[n++] = t.s[i++];
        }
    }
    if (i < t.len)
        memcpy(buf + n, "...", 3), n += 3;
    buf[n] = '\0';
    return buf;
}

static int rd_fail(qpac_pvs_reader *rd, int code, const char *fmt, ...)
{
    va_list ap;
    const char *name = rd->name ? rd->name : "<input>";
    size_t nl = strlen(name);
    /* a very long file name is shortened from the left: the message matters more */
    int n = nl > 120 ? snprintf(rd->err, sizeof rd->err, "...%s:%u: ", name + nl - 117, rd->line)
                     : snprintf(rd->err, sizeof rd->err, "%s:%u: ", name, rd->line);
    if (n < 0 || (size_t)n >= sizeof rd->err)
        n = 0;
    va_start(ap, fmt);
    vsnprintf(rd->err + n, sizeof rd->err - (size_t)n, fmt, ap);
    va_end(ap);
    return code;
}

void qpac_pvs_reader_init(qpac_pvs_reader *rd, FILE *fp, const char *name)
{
    memset(rd, 0, sizeof *rd);
    rd->fp = fp;
    rd->name = name;
    rd->comment = -1;
}

/* ---------------------------------------------------------------------------
 * cfg fields
 * ------------------------------------------------------------------------- */
/* The fields, their ranges and value names: the one table (config.c). */
static int cfg_field_index(tok name) { return qpac_field_find(name.s, name.len); }

/* Sets field f from value v; on error writes "what is wrong (field F)". */
static int cfg_set_tok(qpac_config *cfg, int f, tok v, char *err, size_t errlen)
{
    char sb[SHOWLEN + 4];
    const qpac_field_info *d = qpac_field_get((qpac_field)f);
    if (v.len == 0) {
        if (err)
            snprintf(err, errlen, "missing value after '=' (field %s)", d->name);
        return QPAC_EINVAL;
    }
    if (d->names) { /* named values: "unknown WHAT 'V', expected A, B or C (field F)" */
        for (unsigned x = d->lo; x <= d->hi; x++)
            if (tok_is(v, d->names[x - d->lo])) {
                qpac_config_set(cfg, (qpac_field)f, x);
                return 0;
            }
        if (err) {
            int n = snprintf(err, errlen, "unknown %s '%s', expected ", d->what, show(sb, v));
            for (unsigned x = d->lo; x <= d->hi && n >= 0 && (size_t)n < errlen; x++)
                n += snprintf(err + n, errlen - (size_t)n, "%s%s",
                              x == d->lo ? "" : x == d->hi ? " or " : ", ", d->names[x - d->lo]);
            if (n >= 0 && (size_t)n < errlen)
                snprintf(err + n, errlen - (size_t)n, " (field %s)", d->name);
        }
        return QPAC_EINVAL;
    }
    /* numeric: the shared number syntax (qpac_parse_u64) */
    uint64_t u;
    if (qpac_parse_u64(v.s, v.len, UINT64_MAX, &u)) {
        if (err)
            snprintf(err, errlen, "'%s' is not a number %u..%u (field %s)", show(sb, v), d->lo,
                     d->hi, d->name);
        return QPAC_EINVAL;
    }
    if (u < d->lo || u > d->hi) {
        if (err && v.len <= 3) /* short values only: a long one may be a key */
            snprintf(err, errlen, "value %u out of range %u..%u (field %s)", (unsigned)u, d->lo,
                     d->hi, d->name);
        else if (err)
            snprintf(err, errlen, "value out of range %u..%u (field %s)", d->lo, d->hi, d->name);
        return QPAC_EINVAL;
    }
    qpac_config_set(cfg, (qpac_field)f, (unsigned)u);
    return 0;
}

int qpac_pvs_cfg_set(qpac_config *cfg, const char *field, const char *value,
                     char *err, size_t errlen)
{
    char sb[SHOWLEN + 4];
    if (!cfg || !field || !value) {
        if (err && errlen)
            snprintf(err, errlen, "missing field or value");
        return QPAC_EINVAL;
    }
    tok name = {field, (unsigned)strnlen(field, QPAC_PVS_MAXLINE)};
    tok val = {value, (unsigned)strnlen(value, QPAC_PVS_MAXLINE)};
    int f = cfg_field_index(name);
    if (f < 0) {
        if (err && errlen)
            snprintf(err, errlen, "unknown cfg field '%s'", show(sb, name));
        return QPAC_EINVAL;
    }
    return cfg_set_tok(cfg, f, val, err && errlen ? err : NULL, errlen);
}

/* ---------------------------------------------------------------------------
 * Line parsing
 * ------------------------------------------------------------------------- */

/* Exactly 16 hex digits (either case), no prefix. `secret` keeps the text
 * out of the message (key halves). */
static int parse_hex(qpac_pvs_reader *rd, tok t, const char *field, int secret, uint64_t *out)
{
    char sb[SHOWLEN + 4];
    if (t.len == 16 && !hex16(t.s, out))
        return 0; /* the common case; anything else is judged below */
    if (t.len >= 2 && t.s[0] == '0' && (t.s[1] == 'x' || t.s[1] == 'X'))
        return rd_fail(rd, QPAC_ESYNTAX, "hex value with a 0x prefix, write exactly 16 hex digits (field %s)",
                       field);
    for (unsigned i = 0; i < t.len; i++)
        if (!is_hex((unsigned char)t.s[i])) {
            if (secret)
                return rd_fail(rd, QPAC_ESYNTAX, "not a hex number (field %s)", field);
            return rd_fail(rd, QPAC_ESYNTAX, "'%s' is not a hex number (field %s)", show(sb, t), field);
        }
    if (qpac_parse_hex(t.s, t.len, 16, 16, out))
        return rd_fail(rd, QPAC_ESYNTAX, "hex value has %u digits, expected exactly 16 (field %s)",
                       t.len, field);
    return 0;
}

static int parse_cfg(qpac_pvs_reader *rd, qpac_state *st, qpac_pvs_item *item, const tok *t, int nt)
{
    char sb[SHOWLEN + 4], msg[QPAC_PVS_ERRLEN];
    qpac_config cfg = st->cfg;
    unsigned seen = 0;
    if (nt == 1)
        return rd_fail(rd, QPAC_ESYNTAX, "cfg line names no field (field cfg)");
    for (int i = 1; i < nt; i++) {
        const char *eq = memchr(t[i].s, '=', t[i].len);
        if (!eq)
            return rd_fail(rd, QPAC_ESYNTAX, "missing '=' in '%s', write FIELD=VALUE (field %s)",
                           show(sb, t[i]), show(sb, t[i]));
        tok name = {t[i].s, (unsigned)(eq - t[i].s)};
        tok val = {eq + 1, t[i].len - name.len - 1};
        if (name.len == 0)
            return rd_fail(rd, QPAC_ESYNTAX, "missing field name before '=' in '%s' (field cfg)",
                           show(sb, t[i]));
        int f = cfg_field_index(name);
        if (f < 0)
            return rd_fail(rd, QPAC_ESYNTAX, "unknown cfg field (field %s)", show(sb, name));
        if (seen & (1u << f))
            return rd_fail(rd, QPAC_ESYNTAX, "cfg field given twice (field %s)", qpac_field_get((qpac_field)f)->name);
        seen |= 1u << f;
        if (memchr(val.s, '=', val.len))
            return rd_fail(rd, QPAC_ESYNTAX, "more than one '=' in '%s' (field %s)",
                           show(sb, t[i]), qpac_field_get((qpac_field)f)->name);
        if (cfg_set_tok(&cfg, f, val, msg, sizeof msg))
            return rd_fail(rd, QPAC_ESYNTAX, "%s", msg);
    }
    st->cfg = cfg;
    item->kind = QPAC_PVS_CFG;
    item->cfg_fields = seen;
    return 1;
}

static int parse_key(qpac_pvs_reader *rd, qpac_state *st, qpac_pvs_item *item, const tok *t, int nt)
{
    qpac_key k;
    int id = -1;
    if (nt < 2)
        return rd_fail(rd, QPAC_ESYNTAX, "missing key name ia, ib, da, db or ga (field key)");
    for (int i = 0; i < QPAC_NKEYS; i++) {
        const char *n = qpac_key_name((qpac_keyid)i);
        if (n && tok_is(t[1], n))
            id = i;
    }
    /* a short name is quoted; nothing longer: with the name missing, t[1] is K<127:64> */
    if (id < 0 && t[1].len <= 4)
        return rd_fail(rd, QPAC_ESYNTAX, "unknown key '%.*s', expected ia, ib, da, db or ga (field key)",
                       (int)t[1].len, t[1].s);
    if (id < 0)
        return rd_fail(rd, QPAC_ESYNTAX, "unknown key name, expected ia, ib, da, db or ga (field key)");
    if (nt < 3)
        return rd_fail(rd, QPAC_ESYNTAX, "missing key half K<127:64> (field hi)");
    if (nt < 4)
        return rd_fail(rd, QPAC_ESYNTAX, "missing key half K<63:0> (field lo)");
    if (nt > 4)
        return rd_fail(rd, QPAC_ESYNTAX, "unexpected text after the key (field lo)");
    int r = parse_hex(rd, t[2], "hi", 1, &k.hi);
    if (r)
        return r;
    if ((r = parse_hex(rd, t[3], "lo", 1, &k.lo)))
        return r;
    st->key[id] = k;
    item->kind = QPAC_PVS_KEY;
    item->key = (qpac_keyid)id;
    return 1;
}

static int parse_op(qpac_pvs_reader *rd, qpac_pvs_item *item, const tok *t, int nt)
{
    char sb[SHOWLEN + 4], name[16];
    qpac_op op;
    qpac_keyid key;
    if (t[0].len >= sizeof name)
        return rd_fail(rd, QPAC_ESYNTAX, "unknown mnemonic '%s' (field op)", show(sb, t[0]));
    memcpy(name, t[0].s, t[0].len);
    name[t[0].len] = '\0';
    if (qpac_mnemonic_parse(name, &op, &key))
        return rd_fail(rd, QPAC_ESYNTAX, "unknown mnemonic '%s', expected cfg, key or an operation (field op)",
                       show(sb, t[0]));
    int nargs = qpac_op_nargs(op, key);
    const char *fields[2];
    fields[0] = op == QPAC_OP_PACGA ? "x" : "ptr";
    fields[1] = op == QPAC_OP_PACGA ? "y" : "modifier";
    if (nt - 1 < nargs)
        return rd_fail(rd, QPAC_ESYNTAX, "%s takes %d operand%s, got %d (field %s)", name, nargs,
                       nargs == 1 ? "" : "s", nt - 1, fields[nt - 1]);
    if (nt - 1 > nargs + 1)
        return rd_fail(rd, QPAC_ESYNTAX, "unexpected '%s' after the expected result (field expected)",
                       show(sb, t[nargs + 2]));
    uint64_t v[2] = {0, 0};
    for (int i = 0; i < nargs; i++) {
        int r = parse_hex(rd, t[1 + i], fields[i], 0, &v[i]);
        if (r)
            return r;
    }
    item->kind = QPAC_PVS_OP;
    item->op = op;
    item->key = key;
    item->x = v[0];
    item->y = nargs == 2 ? v[1] : 0;
    item->expect = QPAC_EXPECT_NONE;
    if (nt - 1 == nargs + 1) {
        tok e = t[nargs + 1];
        if (tok_is(e, "fault")) {
            if (op != QPAC_OP_AUT && op != QPAC_OP_AUTC)
                return rd_fail(rd, QPAC_ESYNTAX, "%s never faults: 'fault' is only valid for aut*, "
                                                 "bra* and ldra* (field expected)", name);
            item->expect = QPAC_EXPECT_FAULT;
        } else {
            int r = parse_hex(rd, e, "expected", 0, &item->expected);
            if (r)
                return r;
            item->expect = QPAC_EXPECT_VALUE;
        }
    }
    return 1;
}

/* Reads one line into rd->text. 1: a line, 0: end of input, <0: error (the
 * line is consumed).
 *
 * The raw bytes come from one fgets (memchr and memcpy inside libc, where a
 * getc loop carries the FILE pointer through memory byte by byte), into a
 * buffer filled with '\n' beforehand, so that the end is found even after a
 * NUL byte: fgets writes the bytes and a '\0'; a '\n' followed by that '\0'
 * was read, the first '\n' after it is the fill. The buffer holds
 * QPAC_PVS_MAXLINE + 2 bytes, enough for the longest line and its "\r\n",
 * and enough for the rules below to see an overlong line. */
static int read_line(qpac_pvs_reader *rd)
{
    char raw[QPAC_PVS_MAXLINE + 3], *buf = rd->text;
    FILE *fp = rd->fp;
    size_t len = 0;
    int any = 0;
    errno = 0;
    memset(raw, '\n', sizeof raw);
    if (fgets(raw, (int)sizeof raw, fp)) {
        const char *nl = memchr(raw, '\n', sizeof raw);
        size_t i = nl ? (size_t)(nl - raw) : sizeof raw;
        any = 1;
        if (i + 1 < sizeof raw && raw[i + 1] == '\0')
            len = i; /* a line ending: the bytes before it */
        else
            len = i - 1; /* no line ending: the '\0' fgets wrote is at i - 1 */
    }
    unsigned n = 0, nul_col = 0, over = 0;
    int cr = 0;
    if (len <= QPAC_PVS_MAXLINE && !memchr(raw, '\0', len) && !memchr(raw, '\r', len)) {
        memcpy(buf, raw, len); /* no NUL, no '\r', not too long: the bytes as read */
        n = (unsigned)len, len = 0;
    }
    for (size_t k = 0; k < len; k++) {
        int c = (unsigned char)raw[k];
        if (c > '\r' && !cr && n < QPAC_PVS_MAXLINE) { /* an ordinary byte */
            buf[n++] = (char)c;
            continue;
        }
        if (cr) { /* a '\r' not followed by '\n' is an ordinary (bad) byte */
            if (n < QPAC_PVS_MAXLINE)
                buf[n++] = '\r';
            else {
                over = 1;
                break;
            }
            cr = 0;
        }
        if (c == '\r') {
            cr = 1; /* dropped before '\n' and at the end of input */
            continue;
        }
        if (c == 0 && !nul_col)
            nul_col = n + 1;
        if (n < QPAC_PVS_MAXLINE)
            buf[n++] = (char)c;
        else {
            over = 1; /* stop here: the rest may never end (/dev/zero) */
            break;
        }
    }
    buf[n] = '\0';
    rd->text_len = n;
    rd->comment = -1;
    if (!any && !ferror(fp))
        return 0;
    rd->line++;
    if (ferror(fp))
        return rd_fail(rd, QPAC_EIO, "read error: %s (field line)", errno ? strerror(errno) : "I/O error");
    if (over) {
        rd->stopped = 1;
        return rd_fail(rd, QPAC_ESYNTAX, "line longer than %d characters (field line)", QPAC_PVS_MAXLINE);
    }
    if (nul_col)
        return rd_fail(rd, QPAC_ESYNTAX, "NUL byte at column %u (field line)", nul_col);
    return 1;
}

/* Checks the bytes of rd->text and splits it into fields (a field is a run
 * of printable non-blank bytes; '#' anywhere starts the comment). Returns
 * the number of fields or a negative error. */
static int split_line(qpac_pvs_reader *rd, tok *t)
{
    const char *s = rd->text;
    unsigned n = rd->text_len, i = 0;
    int nt = 0;
    while (i < n) {
        unsigned c = (unsigned char)s[i];
        if (c == ' ' || c == '\t') {
            i++;
            continue;
        }
        if (c == '#') {
            rd->comment = (int)i;
            for (unsigned j = i + 1; j < n; j++) {
                unsigned d = (unsigned char)s[j];
                if ((d < 0x20 && d != '\t') || d == 0x7f)
                    return rd_fail(rd, QPAC_ESYNTAX, "control byte 0x%02x in a comment at column %u (field line)",
                                   d, j + 1);
            }
            break;
        }
        if (c < 0x21 || c > 0x7e)
            return rd_fail(rd, QPAC_ESYNTAX, "unexpected byte 0x%02x at column %u (field line)", c, i + 1);
        if (nt == MAXTOK)
            return rd_fail(rd, QPAC_ESYNTAX, "more than %d fields on one line (field line)", MAXTOK);
        unsigned start = i++;
        while (i < n && (c = (unsigned char)s[i]) > 0x20 && c < 0x7f && c != '#')
            i++;
        t[nt].s = s + start;
        t[nt].len = i - start;
        nt++;
    }
    return nt;
}

/* `begin` and `end N`: a section whose end record counts its op lines. */
static int parse_section(qpac_pvs_reader *rd, const tok *t, int nt)
{
    uint64_t n;
    if (tok_is(t[0], "begin")) {
        if (nt > 1)
            return rd_fail(rd, QPAC_ESYNTAX, "unexpected text after begin (field begin)");
        if (rd->in_section)
            return rd_fail(rd, QPAC_ESYNTAX, "begin inside a section: end N missing (field end)");
        rd->in_section = 1;
        rd->section_ops = 0;
        return 0;
    }
    if (nt != 2)
        return rd_fail(rd, QPAC_ESYNTAX, "write 'end N', N the number of op lines since begin (field end)");
    if (!rd->in_section)
        return rd_fail(rd, QPAC_ESYNTAX, "end without begin (field end)");
    if (qpac_parse_u64(t[1].s, t[1].len, UINT64_MAX, &n))
        return rd_fail(rd, QPAC_ESYNTAX, "end count is not a number (field end)");
    if (n != rd->section_ops)
        return rd_fail(rd, QPAC_ESYNTAX, "end record count differs from the %llu op lines of "
                       "the section (field end)", (unsigned long long)rd->section_ops);
    rd->in_section = 0;
    rd->sections++;
    return 0;
}

int qpac_pvs_next(qpac_pvs_reader *rd, qpac_state *st, qpac_pvs_item *item)
{
    tok t[MAXTOK];
    if (rd->stopped)
        return 0; /* after an overlong line: the error was returned, nothing more is read */
    for (;;) {
        int r = read_line(rd);
        if (r == 0 && rd->in_section) {
            rd->in_section = 0; /* reported once; the next call is end of input */
            return rd_fail(rd, QPAC_ESYNTAX,
                           "input ends inside a section after %llu op lines: cut short? (field end)",
                           (unsigned long long)rd->section_ops);
        }
        if (r <= 0)
            return r;
        int nt = split_line(rd, t);
        if (nt < 0)
            return nt;
        int sect = nt > 0 && (tok_is(t[0], "begin") || tok_is(t[0], "end"));
        if (nt == 0 || sect) {
            if (sect && (r = parse_section(rd, t, nt)) < 0)
                return r;
            if (rd->on_skip)
                rd->on_skip(rd->on_skip_arg, rd->text);
            continue;
        }
        if (rd->sections && !rd->in_section)
            return rd_fail(rd, QPAC_ESYNTAX, "record after the end record (field end)");
        memset(item, 0, sizeof *item);
        item->line = rd->line;
        if (tok_is(t[0], "cfg"))
            return parse_cfg(rd, st, item, t, nt);
        if (tok_is(t[0], "key"))
            return parse_key(rd, st, item, t, nt);
        r = parse_op(rd, item, t, nt);
        if (r > 0)
            rd->section_ops++;
        return r;
    }
}

/* ---------------------------------------------------------------------------
 * Formatters and writers
 * ------------------------------------------------------------------------- */
static size_t copy_out(char *buf, size_t len, const char *src, size_t n)
{
    if (len) {
        size_t m = n < len ? n : len - 1;
        memcpy(buf, src, m);
        buf[m] = '\0';
    }
    return n;
}

/* "cfg NAME=VALUE ..." with every field of the table, in its order. */
size_t qpac_pvs_format_cfg(char *buf, size_t len, const qpac_config *cfg)
{
    char line[QPAC_PVS_MAXLINE];
    size_t n = copy_out(line, sizeof line, "cfg", 3);
    for (int f = 0; f < QPAC_NFIELDS; f++) {
        const qpac_field_info *d = qpac_field_get((qpac_field)f);
        unsigned v = qpac_config_get(cfg, (qpac_field)f);
        int k;
        if (d->names) /* "?" for a value outside the enumeration */
            k = snprintf(line + n, sizeof line - n, " %s=%s", d->name,
                         v >= d->lo && v <= d->hi ? d->names[v - d->lo] : "?");
        else
            k = snprintf(line + n, sizeof line - n, " %s=%u", d->name, v);
        n += k > 0 ? (size_t)k : 0;
    }
    return copy_out(buf, len, line, n);
}

size_t qpac_pvs_format_op(char *buf, size_t len, qpac_op op, qpac_keyid key,
                          uint64_t x, uint64_t y, const qpac_result *res)
{
    char line[80], *p = line;
    const char *m = qpac_mnemonic(op, key);
    if (!m)
        return copy_out(buf, len, "", 0);
    size_t ml = strlen(m);
    memcpy(p, m, ml);
    p += ml;
    *p++ = ' ';
    p = put_hex(p, x);
    if (qpac_op_nargs(op, key) == 2) {
        *p++ = ' ';
        p = put_hex(p, y);
    }
    if (res) {
        *p++ = ' ';
        if (res->fault)
            memcpy(p, "fault", 5), p += 5;
        else
            p = put_hex(p, res->value);
    }
    return copy_out(buf, len, line, (size_t)(p - line));
}

const char *qpac_pvs_format_expect(char buf[17], const qpac_pvs_item *item)
{
    if (item->expect == QPAC_EXPECT_FAULT)
        return "fault";
    if (item->expect == QPAC_EXPECT_VALUE) {
        put_hex(buf, item->expected);
        buf[16] = '\0';
        return buf;
    }
    return "";
}

static int put_line(FILE *fp, const char *s, size_t n)
{
    if (fwrite(s, 1, n, fp) != n || putc('\n', fp) == EOF)
        return QPAC_EIO;
    return 0;
}

int qpac_pvs_write_begin(FILE *fp)
{
    return put_line(fp, "begin", 5);
}

int qpac_pvs_write_end(FILE *fp, uint64_t ops)
{
    return fprintf(fp, "end %llu\n", (unsigned long long)ops) < 0 ? QPAC_EIO : 0;
}

int qpac_pvs_write_cfg(FILE *fp, const qpac_config *cfg)
{
    char line[256];
    size_t n = qpac_pvs_format_cfg(line, sizeof line, cfg);
    return put_line(fp, line, n);
}

int qpac_pvs_write_key(FILE *fp, qpac_keyid key, const qpac_key *k)
{
    char line[64], *p = line;
    const char *name = qpac_key_name(key);
    if (!name)
        return QPAC_EINVAL;
    memcpy(p, "key ", 4), p += 4;
    memcpy(p, name, 2), p += 2;
    *p++ = ' ';
    p = put_hex(p, k->hi);
    *p++ = ' ';
    p = put_hex(p, k->lo);
    return put_line(fp, line, (size_t)(p - line));
}

int qpac_pvs_write_op(FILE *fp, qpac_op op, qpac_keyid key, uint64_t x,
                      uint64_t y, const qpac_result *res)
{
    char line[80];
    size_t n = qpac_pvs_format_op(line, sizeof line, op, key, x, y, res);
    if (n == 0)
        return QPAC_EINVAL;
    return put_line(fp, line, n);
}

static const char *const flag_names[] = {"signed", "wrong-key", "wrong-mod", "flip-pac",
                                         "noncanon", "tagged", "stale"};

int qpac_pvs_write_item(FILE *fp, const qpac_state *st, const qpac_pvs_item *item)
{
    char line[256], eb[17];
    size_t n;
    switch (item->kind) {
    case QPAC_PVS_CFG:
        return qpac_pvs_write_cfg(fp, &st->cfg);
    case QPAC_PVS_KEY:
        if ((unsigned)item->key >= QPAC_NKEYS)
            return QPAC_EINVAL;
        return qpac_pvs_write_key(fp, item->key, &st->key[item->key]);
    case QPAC_PVS_OP:
        n = qpac_pvs_format_op(line, sizeof line, item->op, item->key, item->x, item->y, NULL);
        if (n == 0)
            return QPAC_EINVAL;
        if (item->expect != QPAC_EXPECT_NONE) {
            const char *e = qpac_pvs_format_expect(eb, item);
            size_t el = strlen(e);
            line[n++] = ' ';
            memcpy(line + n, e, el);
            n += el;
        }
        if (item->flags) {
            memcpy(line + n, "  #", 3);
            n += 3;
            for (unsigned b = 0; b < sizeof flag_names / sizeof flag_names[0]; b++)
                if (item->flags & (1u << b)) {
                    size_t fl = strlen(flag_names[b]);
                    line[n++] = ' ';
                    memcpy(line + n, flag_names[b], fl);
                    n += fl;
                }
        }
        return put_line(fp, line, n);
    }
    return QPAC_EINVAL;
}

int qpac_pvs_expect_match(const qpac_pvs_item *item, const qpac_result *res)
{
    switch (item->expect) {
    case QPAC_EXPECT_VALUE:
        return !res->fault && res->value == item->expected;
    case QPAC_EXPECT_FAULT:
        return res->fault != 0;
    default:
        return 1;
    }
}

/*
 * fpga.c - `qpac fpga`: run .pvs vector scripts on the FPGA prototype.
 *
 * The board (rtl/fpga/qpac_fpga_top.v) exposes the APB register wrapper behind
 * a UART bridge; the byte protocol is described in rtl/fpga/qpac_uart_apb.v
 * and synth/README.md:
 *   'W' ADDR D0 D1 D2 D3 -> status        'R' ADDR -> D0 D1 D2 D3 status
 *   'P'                  -> status        status 'k' = OK, 'e' = PSLVERR
 * Each script is read with libqpac's reader; cfg and key lines become register
 * writes, op lines become OPX/OPY/CTRL writes, STATUS polls and RES reads,
 * all through libqpac's register driver (qpac_regdrv.h) over this link. A
 * result is compared with the expected column, or with qpac_exec when the line
 * has none, and mismatches are printed as `qpac check` prints them.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#define _DEFAULT_SOURCE /* B230400 and friends, usleep-free nanosleep */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "cmds.h"
#include "qpac_regdrv.h"
#include "qpac_vectors.h"

#define CMD_WRITE 0x57
#define CMD_READ 0x52
#define CMD_PING 0x50
#define ST_OK 0x6b
#define ST_ERR 0x65

typedef struct {
    int fd;
    const char *dev;
    int timeout_ms;
    int verbose;
    char err[256]; /* set on a link failure */
} board;

static void usage(FILE *fp)
{
    fprintf(fp,
            "usage: qpac fpga --port DEVICE [--baud N] [--timeout MS] [-v] FILE.pvs...\n"
            "Run vector scripts on the qpac FPGA prototype over a serial port and\n"
            "check every result (expected column, or the model when absent).\n"
            "  --port DEVICE  serial device of the board (e.g. /dev/ttyUSB1)\n"
            "  --baud N       9600 19200 38400 57600 115200 (default) 230400\n"
            "  --timeout MS   reply timeout in milliseconds (default 1000)\n"
            "  -v             print the board's identification and parameters\n"
            "exit: 0 all passed, 1 mismatch, 2 usage, input or link error\n");
}

static int baud_const(long baud, speed_t *sp)
{
    static const struct {
        long baud;
        speed_t sp;
    } tab[] = {{9600, B9600},   {19200, B19200},   {38400, B38400},
               {57600, B57600}, {115200, B115200}, {230400, B230400}};
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (tab[i].baud == baud) {
            *sp = tab[i].sp;
            return 0;
        }
    return -1;
}

/* Raw 8N1, no flow control, no echo, reads never block (poll decides). */
static int port_open(board *b, long baud)
{
    speed_t sp;
    struct termios t;
    if (baud_const(baud, &sp)) {
        fprintf(stderr, "qpac fpga: --baud %ld: unsupported rate\n", baud);
        return -1;
    }
    b->fd = open(b->dev, O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (b->fd < 0) {
        fprintf(stderr, "qpac fpga: %s: %s\n", b->dev, strerror(errno));
        return -1;
    }
    if (tcgetattr(b->fd, &t)) {
        fprintf(stderr, "qpac fpga: %s: not a serial port: %s\n", b->dev, strerror(errno));
        close(b->fd);
        return -1;
    }
    t.c_iflag &= ~(tcflag_t)(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON |
                             IXOFF | IXANY | INPCK);
    t.c_oflag &= ~(tcflag_t)OPOST;
    t.c_lflag &= ~(tcflag_t)(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
    t.c_cflag &= ~(tcflag_t)(CSIZE | PARENB | CSTOPB | CRTSCTS);
    t.c_cflag |= CS8 | CREAD | CLOCAL;
    t.c_cc[VMIN] = 0;
    t.c_cc[VTIME] = 0;
    cfsetispeed(&t, sp);
    cfsetospeed(&t, sp);
    if (tcsetattr(b->fd, TCSANOW, &t)) {
        fprintf(stderr, "qpac fpga: %s: cannot configure: %s\n", b->dev, strerror(errno));
        close(b->fd);
        return -1;
    }
    tcflush(b->fd, TCIOFLUSH);
    return 0;
}

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int send_bytes(board *b, const uint8_t *p, size_t n)
{
    long deadline = now_ms() + b->timeout_ms;
    while (n) {
        ssize_t w = write(b->fd, p, n);
        if (w > 0) {
            p += w;
            n -= (size_t)w;
            continue;
        }
        if (w < 0 && errno != EAGAIN && errno != EINTR) {
            snprintf(b->err, sizeof b->err, "%s: write: %s", b->dev, strerror(errno));
            return -1;
        }
        long left = deadline - now_ms();
        if (left <= 0) {
            snprintf(b->err, sizeof b->err, "%s: cannot send within %d ms", b->dev,
                     b->timeout_ms);
            return -1;
        }
        struct pollfd pf = {b->fd, POLLOUT, 0};
        poll(&pf, 1, (int)left);
    }
    return 0;
}

/* Reads exactly n bytes or fails after the timeout (never hangs). */
static int recv_bytes(board *b, uint8_t *p, size_t n)
{
    long deadline = now_ms() + b->timeout_ms;
    while (n) {
        ssize_t r = read(b->fd, p, n);
        if (r > 0) {
            p += r;
            n -= (size_t)r;
            continue;
        }
        if (r < 0 && errno != EAGAIN && errno != EINTR) {
            snprintf(b->err, sizeof b->err, "%s: read: %s", b->dev, strerror(errno));
            return -1;
        }
        long left = deadline - now_ms();
        if (left <= 0) {
            snprintf(b->err, sizeof b->err, "%s: no reply from the board within %d ms",
                     b->dev, b->timeout_ms);
            return -1;
        }
        struct pollfd pf = {b->fd, POLLIN, 0};
        poll(&pf, 1, (int)left);
    }
    return 0;
}

static int check_status(board *b, uint8_t st, const char *what, unsigned addr)
{
    if (st == ST_OK)
        return 0;
    if (st == ST_ERR)
        snprintf(b->err, sizeof b->err, "%s: %s of register 0x%02x: slave error", b->dev, what,
                 addr);
    else
        snprintf(b->err, sizeof b->err,
                 "%s: %s of register 0x%02x: bad status byte 0x%02x (link out of step?)",
                 b->dev, what, addr, st);
    return -1;
}

/* A batch of register writes: sent back to back, then every status read. */
static int reg_write_n(board *b, const qpac_reg_write *w, size_t n)
{
    uint8_t buf[6 * 8], st[8];
    if (n > 8)
        return -1;
    for (size_t i = 0; i < n; i++) {
        uint8_t *f = buf + 6 * i;
        f[0] = CMD_WRITE;
        f[1] = (uint8_t)w[i].addr;
        for (int k = 0; k < 4; k++)
            f[2 + k] = (uint8_t)(w[i].data >> (8 * k));
    }
    if (send_bytes(b, buf, 6 * n) || recv_bytes(b, st, n))
        return -1;
    for (size_t i = 0; i < n; i++)
        if (check_status(b, st[i], "write", w[i].addr))
            return -1;
    return 0;
}

static int reg_read(board *b, unsigned addr, uint32_t *v)
{
    uint8_t f[2] = {CMD_READ, (uint8_t)addr}, r[5];
    if (send_bytes(b, f, 2) || recv_bytes(b, r, 5))
        return -1;
    if (check_status(b, r[4], "read", addr))
        return -1;
    *v = (uint32_t)r[0] | (uint32_t)r[1] << 8 | (uint32_t)r[2] << 16 | (uint32_t)r[3] << 24;
    return 0;
}

/* Ping until the bridge answers: a stale partial frame from an earlier run is
 * dropped by the bridge's frame timeout, so the retry finds it in step. */
static int board_sync(board *b)
{
    for (int tries = 0; tries < 3; tries++) {
        uint8_t p = CMD_PING, r;
        tcflush(b->fd, TCIFLUSH);
        if (send_bytes(b, &p, 1))
            return -1;
        if (recv_bytes(b, &r, 1) == 0 && r == ST_OK) {
            /* drain anything a stale frame still produced */
            struct timespec ts = {0, 20 * 1000000L};
            nanosleep(&ts, NULL);
            tcflush(b->fd, TCIFLUSH);
            return 0;
        }
    }
    if (!b->err[0])
        snprintf(b->err, sizeof b->err, "%s: the board does not answer pings", b->dev);
    return -1;
}

/* The register driver over this link (the batch write keeps a sequence in
 * one round trip). */
static int cb_read32(void *b, uint32_t addr, uint32_t *v) { return reg_read(b, addr, v); }
static int cb_write32(void *b, uint32_t addr, uint32_t v)
{
    qpac_reg_write w = {addr, v};
    return reg_write_n(b, &w, 1);
}
static int cb_write_seq(void *b, const qpac_reg_write *w, size_t n) { return reg_write_n(b, w, n); }

static qpac_regdrv board_drv(board *b)
{
    qpac_regdrv d = {cb_read32, cb_write32, cb_write_seq, b, 0};
    return d;
}

/* A driver result: 0, or -1 with b->err set (a link error has set it already). */
static int drv_done(board *b, int rc)
{
    if (rc == 0)
        return 0;
    if (rc == QPAC_EHUNG)
        snprintf(b->err, sizeof b->err, "%s: STATUS.BUSY stuck after %d polls", b->dev,
                 QPAC_REGDRV_POLLS);
    else if (rc != QPAC_EBUS || !b->err[0])
        snprintf(b->err, sizeof b->err, "%s: %s", b->dev, qpac_regdrv_strerror(rc));
    return -1;
}

static int board_identify(board *b)
{
    qpac_regdrv d = board_drv(b);
    qpac_regdrv_id id;
    int rc = qpac_regdrv_identify(&d, &id);
    if (rc == QPAC_EINVAL) {
        snprintf(b->err, sizeof b->err,
                 "%s: not a qpac unit (NAME0/NAME1 = %08" PRIx32 " %08" PRIx32 ")", b->dev,
                 id.name0, id.name1);
        return -1;
    }
    if (drv_done(b, rc))
        return -1;
    if (b->verbose)
        fprintf(stderr, "qpac fpga: %s: qpac unit %u.%u.%u, depth %u, latency %u cycles\n",
                b->dev, id.major, id.minor, id.patch, id.depth, id.latency);
    return 0;
}

static int write_cfg(board *b, const qpac_config *cfg)
{
    qpac_regdrv d = board_drv(b);
    return drv_done(b, qpac_regdrv_set_cfg(&d, cfg));
}

static int write_key(board *b, qpac_keyid id, const qpac_key *k)
{
    qpac_regdrv d = board_drv(b);
    return drv_done(b, qpac_regdrv_set_key(&d, id, k));
}

static int run_op(board *b, const qpac_pvs_item *it, qpac_result *res)
{
    qpac_regdrv d = board_drv(b);
    return drv_done(b, qpac_regdrv_exec(&d, it->op, it->key, it->x, it->y, res));
}

/* "expected X" / "got Y" wording shared with qpac check. */
static void fmt_result(char *buf, size_t n, const qpac_result *r)
{
    if (r->fault)
        snprintf(buf, n, "fault");
    else
        snprintf(buf, n, "%016" PRIx64, r->value);
}

/* One script; returns 0 done, -1 input error, -2 link error. */
static int run_file(board *b, const char *path, unsigned long *pass, unsigned long *fail)
{
    FILE *fp = strcmp(path, "-") ? fopen(path, "r") : stdin;
    if (!fp) {
        fprintf(stderr, "qpac fpga: %s: %s\n", path, strerror(errno));
        return -1;
    }
    qpac_pvs_reader rd;
    qpac_state st;
    qpac_pvs_item it;
    int rc = 0, r;
    qpac_pvs_reader_init(&rd, fp, path);
    qpac_state_init(&st);
    /* the board keeps keys and configuration between runs: start from the
     * model's defaults so the script sees the state the model assumes */
    if (write_cfg(b, &st.cfg))
        rc = -2;
    for (int k = 0; !rc && k < QPAC_NKEYS; k++)
        if (write_key(b, (qpac_keyid)k, &st.key[k]))
            rc = -2;
    while (!rc && (r = qpac_pvs_next(&rd, &st, &it)) > 0) {
        if (it.kind == QPAC_PVS_CFG) {
            if (st.cfg.compat != QPAC_COMPAT_ARCH) {
                fprintf(stderr,
                        "qpac fpga: %s:%u: compat=qemu: the hardware follows the architecture; "
                        "check this script with 'qpac check'\n",
                        path, it.line);
                rc = -1;
            } else if (write_cfg(b, &st.cfg)) {
                rc = -2;
            }
        } else if (it.kind == QPAC_PVS_KEY) {
            if (write_key(b, it.key, &st.key[it.key]))
                rc = -2;
        } else {
            qpac_result got, want;
            int ok;
            if (run_op(b, &it, &got)) {
                rc = -2;
                break;
            }
            if (it.expect != QPAC_EXPECT_NONE) {
                ok = qpac_pvs_expect_match(&it, &got);
                want.fault = it.expect == QPAC_EXPECT_FAULT;
                want.value = it.expected;
            } else { /* the unit's answer (an op the model rejects: 0, no fault) */
                qpac_exec_unit(&st, it.op, it.key, it.x, it.y, &want);
                ok = got.value == want.value && got.fault == want.fault;
            }
            if (ok) {
                (*pass)++;
            } else {
                /* the wording of qpac check */
                char line[96], ws[24], gs[24];
                qpac_pvs_format_op(line, sizeof line, it.op, it.key, it.x, it.y, NULL);
                if (it.expect != QPAC_EXPECT_NONE)
                    qpac_pvs_format_expect(ws, &it);
                else
                    fmt_result(ws, sizeof ws, &want);
                fmt_result(gs, sizeof gs, &got);
                printf("%s:%u: %s: expected %s, got %s\n", path, it.line, line, ws, gs);
                (*fail)++;
            }
        }
    }
    if (!rc && r < 0) {
        fprintf(stderr, "qpac fpga: %s\n", rd.err);
        rc = -1;
    }
    if (rc == -2)
        fprintf(stderr, "qpac fpga: %s (%s:%u)\n", b->err, path, rd.line);
    qpac_state_wipe(&st);
    if (fp != stdin)
        fclose(fp);
    return rc;
}

static int parse_long(const char *opt, const char *s, long lo, long hi, long *v)
{
    uint64_t x; /* the one number parser (qpac_parse_u64); lo >= 0 here */
    if (qpac_parse_u64_str(s, (uint64_t)hi, &x) || x < (uint64_t)lo) {
        fprintf(stderr, "qpac fpga: %s: expected a number %ld..%ld\n", opt, lo, hi);
        return -1;
    }
    *v = (long)x;
    return 0;
}

int qpac_cmd_fpga(int argc, char **argv)
{
    board b;
    long baud = 115200, tmo = 1000;
    int first = 0, i;
    memset(&b, 0, sizeof b);
    b.fd = -1;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return QPAC_EXIT_OK;
        } else if (!strcmp(a, "--port") && i + 1 < argc) {
            b.dev = argv[++i];
        } else if (!strcmp(a, "--baud")) {
            if (parse_long(a, i + 1 < argc ? argv[++i] : NULL, 1, 4000000, &baud))
                return QPAC_EXIT_USAGE;
        } else if (!strcmp(a, "--timeout")) {
            if (parse_long(a, i + 1 < argc ? argv[++i] : NULL, 1, 600000, &tmo))
                return QPAC_EXIT_USAGE;
        } else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
            b.verbose = 1;
        } else if (!strcmp(a, "--")) {
            first = i + 1;
            break;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "qpac fpga: unknown option '%s'\n", a);
            usage(stderr);
            return QPAC_EXIT_USAGE;
        } else {
            first = i;
            break;
        }
    }
    if (!b.dev || !first || first >= argc) {
        usage(stderr);
        return QPAC_EXIT_USAGE;
    }
    b.timeout_ms = (int)tmo;
    if (port_open(&b, baud))
        return QPAC_EXIT_USAGE;
    unsigned long pass = 0, fail = 0;
    int rc = 0;
    if (board_sync(&b) || board_identify(&b)) {
        fprintf(stderr, "qpac fpga: %s\n", b.err);
        rc = -2;
    }
    for (i = first; !rc && i < argc; i++)
        rc = run_file(&b, argv[i], &pass, &fail);
    close(b.fd);
    printf("%lu passed, %lu failed\n", pass, fail);
    if (rc)
        return QPAC_EXIT_USAGE;
    return fail ? QPAC_EXIT_MISMATCH : QPAC_EXIT_OK;
}

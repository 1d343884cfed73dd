/*
 * fuzz_fpga.c - libFuzzer harness of the FPGA host's frame decoder
 * (cmodel/tools/fpga.c, included here unchanged): the input is what the
 * board answers on the serial link, served through a socket pair.
 * Properties, on any byte string:
 *   - no crash, no hang (an exhausted link is a timeout error at once);
 *   - reg_read decodes a read frame D0 D1 D2 D3 STATUS: status 'k' gives the
 *     little-endian word, any other status an error naming the register;
 *   - run_file on a fixed script ends, counts at most one pass or fail per op
 *     line, and on a link error leaves a message naming the device;
 *   - no message echoes the script's key halves.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
/* first: fpga.c sets its feature macros before any system header */
#include "../../cmodel/tools/fpga.c"

#include <sys/socket.h>

#include "fuzz_common.h"

#define SCRIPT_OPS 3
static const char script[] =
    "cfg t0sz=25 feat=pauth2\n"
    "key ia 84be85ce9804e94b ec2802d4e0a488e9\n"
    "pacia 0000000000401000 0000000000000000 0022000000401000\n"
    "autia 0000000000401000 0000000000000000\n"
    "xpaci 0022000000401000 0000000000401000\n";
static char script_path[64];

static void cleanup(void) { unlink(script_path); }
static FILE *errs;
static char *errbuf;
static size_t errlen;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!script_path[0]) {
        snprintf(script_path, sizeof script_path, "/tmp/fuzz_fpga.XXXXXX");
        int fd = mkstemp(script_path);
        if (fd < 0 || write(fd, script, sizeof script - 1) != (ssize_t)(sizeof script - 1))
            abort();
        close(fd);
        atexit(cleanup);
        errs = open_memstream(&errbuf, &errlen);
        stderr = errs;
        if (!freopen("/dev/null", "w", stdout))
            abort();
    }
    if (size > 65536)
        return 0;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
        abort();
    int big = 1 << 20;
    setsockopt(sv[1], SOL_SOCKET, SO_SNDBUF, &big, sizeof big);
    setsockopt(sv[0], SOL_SOCKET, SO_RCVBUF, &big, sizeof big);
    fcntl(sv[0], F_SETFL, O_NONBLOCK);
    fcntl(sv[1], F_SETFL, O_NONBLOCK);
    size_t sent = 0;
    while (sent < size) {
        ssize_t w = write(sv[1], data + sent, size - sent);
        if (w <= 0)
            break;
        sent += (size_t)w;
    }
    board b;
    memset(&b, 0, sizeof b);
    b.fd = sv[0];
    b.dev = "fuzzdev";
    b.timeout_ms = 0;

    /* the read frame decoder */
    uint32_t v = 0;
    int r = reg_read(&b, QPAC_REG_STATUS, &v);
    if (sent >= 5) {
        int want_ok = data[4] == ST_OK;
        uint32_t want = (uint32_t)data[0] | (uint32_t)data[1] << 8 | (uint32_t)data[2] << 16 |
                        (uint32_t)data[3] << 24;
        if ((r == 0) != want_ok || (want_ok && v != want) ||
            (!want_ok && !strstr(b.err, "fuzzdev: read of register 0x"))) {
            dprintf(2, "PROPERTY: reg_read frame %02x%02x%02x%02x %02x: rc %d value %08x err %s\n",
                    data[0], data[1], data[2], data[3], data[4], r, v, b.err);
            abort();
        }
    } else if (r == 0 || strncmp(b.err, "fuzzdev: ", 9)) {
        dprintf(2, "PROPERTY: a short frame decoded: rc %d err %s\n", r, b.err);
        abort();
    }

    /* a whole script over the rest of the link */
    unsigned long pass = 0, fail = 0;
    b.err[0] = '\0';
    int rc = run_file(&b, script_path, &pass, &fail);
    if (pass + fail > SCRIPT_OPS || (rc == -2 && strncmp(b.err, "fuzzdev: ", 9)) ||
        (rc == 0 && pass + fail != SCRIPT_OPS)) {
        dprintf(2, "PROPERTY: run_file rc %d, %lu passed, %lu failed, err '%s'\n", rc, pass, fail,
                b.err);
        abort();
    }
    fflush(errs);
    char *msgs = strndup(errbuf ? errbuf : "", errlen); /* this run's messages only */
    fuzz_no_echo(msgs, (const unsigned char *)script, sizeof script - 1);
    free(msgs);
    fuzz_no_echo(b.err, (const unsigned char *)script, sizeof script - 1);
    rewind(errs);
    errlen = 0;
    if (errbuf)
        errbuf[0] = '\0';
    close(sv[0]);
    close(sv[1]);
    return 0;
}

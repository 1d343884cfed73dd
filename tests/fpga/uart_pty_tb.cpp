// uart_pty_tb.cpp - the FPGA prototype end to end, without a board.
//
// Verilates a board top (qpac_fpga_top, qpac_ulx3s_top) and connects its
// serial line to a pseudo-terminal:
// bytes the host writes to the pty are bit-banged onto uart_rx_i (8N1,
// CLKS_PER_BIT clocks a bit), and uart_tx_o is decoded by an independent
// receiver here and written back to the pty. The host program (normally
// `qpac fpga --port {PTY} FILE.pvs`) runs as a child with every "{PTY}" in
// its arguments replaced by the slave's name; the bench exits with the
// child's exit status, or 3 on a timeout.
//
// usage: uart_pty_tb [--max-seconds S] -- PROGRAM ARGS...
//
// SPDX-License-Identifier: BSD-2-Clause
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <deque>
#include <string>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

// the board top: qpac_fpga_top (HX8K) unless built with -DTB_TOP=Vqpac_ulx3s_top
// -DTB_TOP_H='"Vqpac_ulx3s_top.h"' (every top has clk_i, uart_rx_i, uart_tx_o)
#ifndef TB_TOP
#define TB_TOP Vqpac_fpga_top
#define TB_TOP_H "Vqpac_fpga_top.h"
#endif
#include TB_TOP_H
#include "verilated.h"

#ifndef TB_CLKS_PER_BIT
#error "build with -DTB_CLKS_PER_BIT equal to the top's CLKS_PER_BIT parameter"
#endif

static const int CPB = TB_CLKS_PER_BIT;

// Drives the DUT's receive line from a byte queue: start, 8 data LSB first, stop.
struct LineDriver {
    std::deque<unsigned char> q;
    int bit = -1;  // -1 idle, 0 start, 1..8 data, 9 stop
    int cnt = 0;
    unsigned char cur = 0;
    int level() const {
        if (bit < 0) return 1;
        if (bit == 0) return 0;
        if (bit == 9) return 1;
        return (cur >> (bit - 1)) & 1;
    }
    void tick() {
        if (bit < 0) {
            if (q.empty()) return;
            cur = q.front();
            q.pop_front();
            bit = 0;
            cnt = CPB;
        }
        if (--cnt == 0) {
            cnt = CPB;
            if (++bit == 10) bit = -1;
        }
    }
    bool idle() const { return bit < 0 && q.empty(); }
};

// Decodes the DUT's transmit line, sampling each bit at its middle.
struct LineMonitor {
    int state = -1;  // -1 idle, 0 start, 1..8 data, 9 stop
    int cnt = 0;
    unsigned char sh = 0;
    long framing_errors = 0;
    // returns 1 and sets *out when a byte is complete
    int tick(int line, unsigned char *out) {
        if (state < 0) {
            if (!line) {
                state = 0;
                cnt = CPB / 2;
            }
            return 0;
        }
        if (--cnt > 0) return 0;
        cnt = CPB;
        if (state == 0) {
            if (line) state = -1;  // glitch
            else state = 1;
            return 0;
        }
        if (state <= 8) {
            sh = (unsigned char)((sh >> 1) | (line ? 0x80 : 0));
            state++;
            return 0;
        }
        state = -1;
        if (!line) {
            framing_errors++;
            return 0;
        }
        *out = sh;
        return 1;
    }
};

static double now_s() {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    double max_seconds = 120;
    int i = 1;
    for (; i < argc; i++) {
        if (!strcmp(argv[i], "--max-seconds") && i + 1 < argc) max_seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--")) { i++; break; }
        else if (argv[i][0] == '+') continue;  // Verilator plusargs
        else break;
    }
    if (i >= argc) {
        fprintf(stderr, "usage: %s [--max-seconds S] -- PROGRAM ARGS... ({PTY} = port)\n", argv[0]);
        return 2;
    }

    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) || unlockpt(master)) {
        perror("uart_pty_tb: posix_openpt");
        return 2;
    }
    std::string slave_name = ptsname(master);
    // keep a slave descriptor open: reads of the master then never see EIO
    // between the host's open and close; raw mode from the start
    int slave = open(slave_name.c_str(), O_RDWR | O_NOCTTY);
    if (slave < 0) {
        perror("uart_pty_tb: open slave");
        return 2;
    }
    struct termios t;
    tcgetattr(slave, &t);
    cfmakeraw(&t);
    tcsetattr(slave, TCSANOW, &t);
    fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);

    std::vector<std::string> args;
    for (int k = i; k < argc; k++) {
        std::string a = argv[k];
        size_t p;
        while ((p = a.find("{PTY}")) != std::string::npos) a.replace(p, 5, slave_name);
        args.push_back(a);
    }
    fflush(stdout);
    pid_t child = fork();
    if (child < 0) {
        perror("uart_pty_tb: fork");
        return 2;
    }
    if (child == 0) {
        std::vector<char *> cargv;
        for (auto &a : args) cargv.push_back(&a[0]);
        cargv.push_back(nullptr);
        close(master);
        close(slave);
        execv(cargv[0], cargv.data());
        perror("uart_pty_tb: exec");
        _exit(127);
    }

    Verilated::commandArgs(argc, argv);
    TB_TOP top;
    LineDriver drv;
    LineMonitor mon;
    top.clk_i = 0;
    top.uart_rx_i = 1;
    top.eval();

    double t0 = now_s();
    unsigned long long cycles = 0, idle = 0;
    long bytes_in = 0, bytes_out = 0;
    int status = -1;
    unsigned char buf[256];
    for (;;) {
        // one clock: inputs change away from the rising edge
        top.uart_rx_i = (unsigned char)drv.level();
        top.clk_i = 1;
        top.eval();
        top.clk_i = 0;
        top.eval();
        cycles++;
        drv.tick();
        unsigned char b;
        if (mon.tick(top.uart_tx_o, &b)) {
            if (write(master, &b, 1) != 1) {
                perror("uart_pty_tb: write pty");
                break;
            }
            bytes_out++;
        }
        bool quiet = drv.idle() && mon.state < 0;
        idle = quiet ? idle + 1 : 0;
        if (drv.idle() && (cycles & 31) == 0) {
            // the host's bytes; wait a little when the line has been quiet
            if (idle > (unsigned long long)(20 * CPB)) {
                struct pollfd pf = {master, POLLIN, 0};
                poll(&pf, 1, 1);
            }
            ssize_t n = read(master, buf, sizeof buf);
            for (ssize_t k = 0; k < n; k++) drv.q.push_back(buf[k]);
            if (n > 0) bytes_in += n;
        }
        if ((cycles & 4095) == 0 || idle > (unsigned long long)(20 * CPB)) {
            int st;
            if (waitpid(child, &st, WNOHANG) == child) {
                status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
                break;
            }
            if (now_s() - t0 > max_seconds) {
                fprintf(stderr, "uart_pty_tb: timeout after %.0f s, stopping the host\n",
                        max_seconds);
                kill(child, SIGTERM);
                waitpid(child, &st, 0);
                status = 3;
                break;
            }
        }
    }
    top.final();
    fprintf(stderr,
            "uart_pty_tb: %llu clocks, %ld bytes in, %ld bytes out, %ld framing errors, "
            "%.2f s, host exit %d\n",
            cycles, bytes_in, bytes_out, mon.framing_errors, now_s() - t0, status);
    close(slave);
    close(master);
    if (mon.framing_errors && status == 0) status = 4;
    return status < 0 ? 3 : status;
}

// tb_apb_cdc.v - qpac_apb_cdc between two free-running clocks (Icarus).
// An APB3 master on m_clk issues random reads and writes, back to back or
// with idle clocks between them; an APB3 slave on s_clk answers after 0..4
// wait states with a random word on PRDATA until PREADY, holds a 16-word
// memory (address 15 answers PSLVERR and writes nothing) and at address 14
// reads how many transfers it has completed. Checks:
//   master: every read returns the model's word, PSLVERR where due, and the
//           count at address 14 equals the master's own transfer number, so
//           no transfer is lost or done twice; no transfer waits forever;
//   slave:  SETUP lasts one clock, PENABLE only under PSEL, PWRITE, PADDR
//           and PWDATA stay put through the access.
// Plusargs: +m_half=T +s_half=T (half periods in time units, read as ps),
// +n=N transfers, +seed=S.
// Ends with "tb_apb_cdc: ... passed" or $fatal(1, "... ERROR ...").
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module tb_apb_cdc;
    integer m_half, s_half, n_xfer, seed, seed0;
    reg m_clk = 1'b0, s_clk = 1'b0, m_rst_n = 1'b0, s_rst_n = 1'b0;

    reg         m_psel = 1'b0, m_penable = 1'b0, m_pwrite = 1'b0;
    reg  [7:0]  m_paddr = 8'd0;
    reg  [31:0] m_pwdata = 32'd0;
    wire [31:0] m_prdata;
    wire        m_pready, m_pslverr;
    wire        s_psel, s_penable, s_pwrite;
    wire [7:0]  s_paddr;
    wire [31:0] s_pwdata;
    reg  [31:0] s_prdata = 32'd0;
    reg         s_pready = 1'b0, s_pslverr = 1'b0;

    qpac_apb_cdc #(.ADDR_W(8)) dut (
        .m_clk_i(m_clk), .m_rst_ni(m_rst_n),
        .m_psel_i(m_psel), .m_penable_i(m_penable), .m_pwrite_i(m_pwrite),
        .m_paddr_i(m_paddr), .m_pwdata_i(m_pwdata), .m_prdata_o(m_prdata),
        .m_pready_o(m_pready), .m_pslverr_o(m_pslverr),
        .s_clk_i(s_clk), .s_rst_ni(s_rst_n),
        .s_psel_o(s_psel), .s_penable_o(s_penable), .s_pwrite_o(s_pwrite),
        .s_paddr_o(s_paddr), .s_pwdata_o(s_pwdata), .s_prdata_i(s_prdata),
        .s_pready_i(s_pready), .s_pslverr_i(s_pslverr));

    initial begin
        if (!$value$plusargs("m_half=%d", m_half)) m_half = 20000;
        if (!$value$plusargs("s_half=%d", s_half)) s_half = 3333;
        if (!$value$plusargs("n=%d", n_xfer)) n_xfer = 2000;
        if (!$value$plusargs("seed=%d", seed)) seed = 1;
        seed0 = seed;
    end
    // the slave's clock starts at a random phase of the master's
    initial begin
        #1;
        forever #(m_half) m_clk = !m_clk;
    end
    initial begin
        #(1 + ($unsigned($random(seed)) % (2 * m_half)));
        forever #(s_half) s_clk = !s_clk;
    end

    // ---- the slave (s_clk)
    reg  [31:0] mem [0:15];
    integer     s_done = 0, s_wait = 0, s_clocks = 0, k;
    reg         s_in_access = 1'b0;
    reg         s_pwrite_h;
    reg  [7:0]  s_paddr_h;
    reg  [31:0] s_pwdata_h;
    initial for (k = 0; k < 16; k = k + 1) mem[k] = 32'd0;
    always @(posedge s_clk) begin
        if (s_rst_n) begin
            if (s_penable && !s_psel) $fatal(1, "tb_apb_cdc: ERROR: PENABLE without PSEL");
            if (s_psel && !s_in_access) begin  // SETUP: hold the request, one clock only
                if (s_penable) $fatal(1, "tb_apb_cdc: ERROR: PSEL rose with PENABLE");
                s_in_access = 1'b1;
                s_pwrite_h = s_pwrite; s_paddr_h = s_paddr; s_pwdata_h = s_pwdata;
                s_wait = $unsigned($random(seed)) % 5;
                s_clocks = 0;
            end else if (s_in_access) begin
                if (!(s_psel && s_penable)) $fatal(1, "tb_apb_cdc: ERROR: the access ended before PREADY");
                if (s_pwrite !== s_pwrite_h || s_paddr !== s_paddr_h || s_pwdata !== s_pwdata_h)
                    $fatal(1, "tb_apb_cdc: ERROR: the request changed during the access");
                if (s_pready) begin  // the completing clock
                    s_in_access = 1'b0;
                    s_done = s_done + 1;
                    if (s_pwrite_h && s_paddr_h[3:0] < 4'd14) mem[s_paddr_h[3:0]] = s_pwdata_h;
                end else
                    s_clocks = s_clocks + 1;
            end
            // PREADY, PRDATA, PSLVERR for the next clock (after s_wait wait states)
            if (s_in_access && s_clocks >= s_wait) begin
                s_pready  <= 1'b1;
                s_pslverr <= (s_paddr_h[3:0] == 4'd15);
                s_prdata  <= (s_paddr_h[3:0] == 4'd14) ? s_done + 1 : mem[s_paddr_h[3:0]];
            end else begin
                s_pready  <= 1'b0;
                s_pslverr <= $random(seed);
                s_prdata  <= $random(seed);  // not to be read while PREADY is low
            end
        end
    end

    // ---- the master (m_clk) and its model of the slave's memory
    reg  [31:0] model [0:15];
    reg  [31:0] want;
    integer     i, t, idle, n_rd = 0, n_wr = 0, n_err = 0;
    reg         rd_x;
    initial begin
        for (k = 0; k < 16; k = k + 1) model[k] = 32'd0;
        #(20 * (m_half + s_half));
        m_rst_n = 1'b1;
        s_rst_n = 1'b1;
        @(posedge m_clk);
        for (i = 0; i < n_xfer; i = i + 1) begin
            // SETUP right after the last transfer's completing clock, or 1..3 idle clocks
            idle = $unsigned($random(seed)) % 4;
            if (idle != 0) begin
                m_psel    <= 1'b0;
                m_penable <= 1'b0;
                repeat (idle) @(posedge m_clk);
            end
            m_psel    <= 1'b1;
            m_penable <= 1'b0;
            m_pwrite  <= $random(seed);
            m_paddr   <= {$random(seed)} % 256;
            m_pwdata  <= $random(seed);
            @(posedge m_clk);
            m_penable <= 1'b1;
            t = 0;
            @(posedge m_clk);
            while (!m_pready) begin
                t = t + 1;
                if (t > 200) $fatal(1, "tb_apb_cdc: ERROR: transfer %0d: no PREADY in 200 clocks", i);
                @(posedge m_clk);
            end
            // the completing clock
            if (m_paddr[3:0] == 4'd15) begin
                n_err = n_err + 1;
                if (m_pslverr !== 1'b1) $fatal(1, "tb_apb_cdc: ERROR: transfer %0d: no PSLVERR at %h", i, m_paddr);
            end else if (m_pslverr !== 1'b0)
                $fatal(1, "tb_apb_cdc: ERROR: transfer %0d: PSLVERR at %h", i, m_paddr);
            if (m_pwrite) begin
                n_wr = n_wr + 1;
                if (m_paddr[3:0] < 4'd14) model[m_paddr[3:0]] = m_pwdata;
            end else begin
                n_rd = n_rd + 1;
                want = (m_paddr[3:0] == 4'd14) ? i + 1 : model[m_paddr[3:0]];
                rd_x = (m_paddr[3:0] == 4'd15);  // an error response's data is not looked at
                if (!rd_x && m_prdata !== want)
                    $fatal(1, "tb_apb_cdc: ERROR: transfer %0d: read %h gave %h, expected %h",
                           i, m_paddr, m_prdata, want);
            end
        end
        m_psel    <= 1'b0;
        m_penable <= 1'b0;
        @(posedge m_clk);
        repeat (4) @(posedge s_clk);
        if (s_done != n_xfer)
            $fatal(1, "tb_apb_cdc: ERROR: the slave completed %0d transfers, the master %0d", s_done, n_xfer);
        $display("tb_apb_cdc: m_clk half period %0d ps, s_clk %0d ps, seed %0d: %0d transfers passed (%0d reads, %0d writes, %0d error responses)",
                 m_half, s_half, seed0, n_xfer, n_rd, n_wr, n_err);
        $finish;
    end
endmodule

`default_nettype wire

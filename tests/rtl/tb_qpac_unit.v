// tb_qpac_unit.v - bench of qpac_unit on an RTL vector image (format:
// rtl/README.md; written by tests/rtl/pvs2memh from the shared vectors, the
// ComputePAC known answers as PACGA, or the qpac gen stream, with every
// expectation from libqpac). Operations go in with random bubbles while the
// output side applies random back-pressure; key and configuration writes are
// issued as soon as the previous operation was accepted, so they meet a busy
// pipeline and must wait for it to drain; between writes the write inputs
// (key select included) carry fresh junk for every operation. Checks: wr_ready high exactly when
// no operation is in the unit; a configuration write reads back; every value, fault flag and
// tag in order (operation s carries TagOf(s) = s*40355 mod 2^16, so every tag
// bit toggles); out_valid and the result stay stable while stalled; and at the
// end a burst of operations with out_ready high is accepted one per clock with
// the first result LATENCY = DEPTH + 2*PTR_PIPE clocks after acceptance; with
// out_ready held low and an operation offered every clock, exactly the unit's
// capacity is accepted, one per clock (LATENCY, +1 at PTR_PIPE=1 GLOBAL_STALL=1:
// the output buffer's second entry), then none until out_ready rises; then every
// op/key pair without an instruction (PAC with GA, PACGA with IA, op 5..7, ...)
// must give value 0 without a fault (the rtl/README.md contract). Reset after
// time 0: straight after the first reset a probe (PAC with IA, IB, DA, DB and
// PACGA) records what the zero keys give; at the end operations go in and the
// reset is asserted with them in flight: then nothing may come out, the
// configuration must read its reset value, the probe must give exactly its
// first results (no X: a key word the reset leaves alone is X at time 0 and
// stale later), and the image's first records must pass again. Last, a
// configuration write with TSZLIM 0x3805 must read back clamped (TszlimRead,
// the documented rule), random keys go in, and a reset pulse that rises and
// falls between two clock edges, with operations in flight, must leave no
// result, the reset configuration and the probe's first results. After
// every reset and until the first result the result ports must read zero.
// Ends with $fatal(1, ...) on any error. Plusargs: +image=FILE +seed=N.
`default_nettype none

module tb_qpac_unit;

parameter integer DEPTH = 12;
parameter integer KEY_PIPE = 0;
parameter integer PTR_PIPE = 0;
parameter integer GLOBAL_STALL = 0;
localparam integer LATENCY = DEPTH + 2 * PTR_PIPE;
localparam integer TAG_W = 16;
localparam integer MAXR  = 65536;

reg clk = 1'b0;
reg rst_n = 1'b0;
always #5 clk = !clk;

reg  [207:0] image [0:MAXR-1];

reg              key_we, cfg_we;
reg  [2:0]       key_sel;
reg  [63:0]      key_hi, key_lo;
reg  [31:0]      cfg_w, tszlim_w;
wire             wr_ready;
wire [31:0]      cfg_rd, tszlim_rd;
reg              in_valid;
wire             in_ready;
reg  [2:0]       in_op, in_key;
reg  [63:0]      in_x, in_y;
reg  [TAG_W-1:0] in_tag;
wire             out_valid;
reg              out_ready;
wire [63:0]      out_value;
wire             out_fault;
wire [TAG_W-1:0] out_tag;

qpac_unit #(.DEPTH(DEPTH), .TAG_W(TAG_W), .KEY_PIPE(KEY_PIPE), .PTR_PIPE(PTR_PIPE),
            .GLOBAL_STALL(GLOBAL_STALL)) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .key_we_i(key_we), .key_sel_i(key_sel), .key_hi_i(key_hi), .key_lo_i(key_lo),
    .cfg_we_i(cfg_we), .cfg_i(cfg_w), .tszlim_i(tszlim_w), .wr_ready_o(wr_ready),
    .cfg_o(cfg_rd), .tszlim_o(tszlim_rd),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_op_i(in_op), .in_key_i(in_key),
    .in_x_i(in_x), .in_y_i(in_y), .in_tag_i(in_tag),
    .out_valid_o(out_valid), .out_ready_i(out_ready), .out_value_o(out_value),
    .out_fault_o(out_fault), .out_tag_o(out_tag));

integer seed, errors, nrec, r, seq_in, seq_out, nfault, cycle, timeout;

// the tag of operation number s: an odd multiplier mod 2^16, so every tag bit
// toggles (a counter's low bits would leave the high tag bits untested)
function [TAG_W-1:0] TagOf;
    input integer s;
    begin
        TagOf = s * 40355;
    end
endfunction

// +stop_on_error: end at the first error instead of at the end of the run
// (make mutate: a mutant is killed sooner; the log still says ERROR)
always @(errors) if (errors != 0 && $test$plusargs("stop_on_error"))
    $fatal(1, "%0s: stopped at the first error (+stop_on_error)", "tb_qpac_unit");
integer seq_acc;               // operations accepted (counted at the clock edge)

// wr_ready_o is high exactly when no operation is in the unit (rtl/README.md):
// an independent count of accepted minus delivered operations, checked every
// clock (a count that is right only every other clock still fails here)
integer n_inside;
always @(posedge clk or negedge rst_n) begin
    if (!rst_n) n_inside <= 0;
    else begin
        if (wr_ready !== (n_inside == 0)) begin
            $display("ERROR: wr_ready %b with %0d operations in the unit", wr_ready, n_inside);
            errors = errors + 1;
        end
        n_inside <= n_inside + ((in_valid && in_ready) ? 1 : 0) - ((out_valid && out_ready) ? 1 : 0);
    end
end
integer exp_rec [0:MAXR-1];   // record index of operation seq (-1: directed illegal op,
                              // -2-p: reset probe p)
localparam integer NPROBE = 5;
reg  [64:0]      probe_ref [0:NPROBE-1]; // {fault, value} of probe p after the first reset
reg              probe_have;             // probe_ref is filled: compare with it
reg [1023:0] image_file;
reg backpressure;             // 1: random out_ready; 0: out_ready held high
reg out_hold;                 // 1: out_ready held low (overrides backpressure)
// operations the unit holds with out_ready low (doc/verification.md P2):
// one per register slot, LATENCY, plus the second entry of slot B's output
// buffer with PTR_PIPE=1 GLOBAL_STALL=1 (rtl/README.md, qpac_unit.v)
localparam integer CAPACITY = LATENCY + ((PTR_PIPE != 0 && GLOBAL_STALL != 0) ? 1 : 0);

always @(posedge clk) cycle <= cycle + 1;
always @(posedge clk) if (rst_n && in_valid && in_ready) seq_acc <= seq_acc + 1;

// ---- output side: random back-pressure, scoreboard ---------------------------
always @(negedge clk) out_ready <= out_hold ? 1'b0 : backpressure ? (($random(seed) & 3) != 0) : 1'b1;

reg              stall_q;
reg [63:0]       stall_value;
reg              stall_fault;
reg [TAG_W-1:0]  stall_tag;
reg [207:0]      rec;
integer          first_out_cycle;

// a reset empties the unit: a result stalled before it is gone, not lost
// (asynchronous: a reset pulse between two clock edges counts too)
always @(posedge clk or negedge rst_n) begin
    if (!rst_n) stall_q <= 1'b0;
    else begin
        // a stalled result must stay valid and unchanged
        if (stall_q && !(out_valid && out_value == stall_value && out_fault == stall_fault &&
                         out_tag == stall_tag)) begin
            $display("ERROR: result changed or vanished while stalled (tag %h)", stall_tag);
            errors = errors + 1;
        end
        stall_q     <= out_valid && !out_ready;
        stall_value <= out_value;
        stall_fault <= out_fault;
        stall_tag   <= out_tag;
        if (out_valid && out_ready) begin
            // at DEPTH 0 a result leaves in the cycle its operation enters
            if (seq_out >= seq_acc + ((in_valid && in_ready) ? 1 : 0)) begin
                $display("ERROR: result with tag %h but no operation in flight", out_tag);
                errors = errors + 1;
            end else if (out_tag !== TagOf(seq_out)) begin
                $display("ERROR: record %0d: tag %h, expected %h (order)", exp_rec[seq_out],
                         out_tag, TagOf(seq_out));
                errors = errors + 1;
                seq_out = seq_out + 1;
            end else if (exp_rec[seq_out] <= -2) begin
                if ((^{out_value, out_fault}) === 1'bx) begin
                    $display("ERROR: reset probe %0d: result %h fault %b has X bits (a flop the reset leaves alone)",
                             -2 - exp_rec[seq_out], out_value, out_fault);
                    errors = errors + 1;
                end else if (!probe_have) begin
                    probe_ref[-2 - exp_rec[seq_out]] = {out_fault, out_value};
                end else if (probe_ref[-2 - exp_rec[seq_out]] !== {out_fault, out_value}) begin
                    $display("ERROR: reset probe %0d after a mid-run reset: %h fault %b, after the first reset %h fault %b (a key or state the reset does not clear)",
                             -2 - exp_rec[seq_out], out_value, out_fault,
                             probe_ref[-2 - exp_rec[seq_out]][63:0], probe_ref[-2 - exp_rec[seq_out]][64]);
                    errors = errors + 1;
                end
                seq_out = seq_out + 1;
            end else begin
                // directed illegal op/key pairs: rtl/README.md says value 0, no fault
                rec = (exp_rec[seq_out] < 0) ? {4'd3, 4'd0, 4'd0, 4'd1, 192'd0}
                                             : image[exp_rec[seq_out]];
                if (first_out_cycle < 0) first_out_cycle = cycle;
                if (rec[195:192] != 4'd0 &&
                             (out_value !== rec[63:0] || out_fault !== (rec[195:192] == 4'd2))) begin
                    $display("ERROR: record %0d: op %0d key %0d x=%h y=%h cfg=%h tszlim=%h: got %h fault=%b, expected %h fault=%b",
                             exp_rec[seq_out], rec[203:200], rec[199:196], rec[191:128],
                             rec[127:64], cfg_rd, tszlim_rd, out_value, out_fault, rec[63:0],
                             rec[195:192] == 4'd2);
                    errors = errors + 1;
                end
                if (out_fault) nfault = nfault + 1;
                seq_out = seq_out + 1;
            end
        end
    end
end

// after every reset and until the first result the result ports show zero
// (rtl/README.md: zero or a result, never what an operation left before the
// reset, such as a SIDE_RAM word); DEPTH 0 is combinational from the inputs
reg     fresh_q = 1'b1; // no result since the last reset
integer n_fresh = 0;    // clocks checked
always @(posedge clk or negedge rst_n) begin
    if (!rst_n) fresh_q <= 1'b1;
    else begin
        if (DEPTH > 0 && fresh_q && !out_valid) begin
            n_fresh = n_fresh + 1;
            if ({out_tag, out_fault, out_value} !== {(TAG_W + 65){1'b0}}) begin
                $display("ERROR: after a reset, before any result: tag %h fault %b value %h (not zero)",
                         out_tag, out_fault, out_value);
                errors = errors + 1;
            end
        end
        if (out_valid) fresh_q <= 1'b0;
    end
end

// ---- input side -----------------------------------------------------------------
// TSZLIM as it reads back after writing w: TSZMIN clamped into 12..16, TSZMAX
// into 39..48, reserved bits 0 (rtl/README.md, regmap/qpac.regs; libqpac's
// qpac_config_from_regs clamps the same way)
function [31:0] TszlimRead;
    input [31:0] w;
    reg [5:0] mn, mx;
    begin
        mn = w[`QPAC_TSZLIM_TSZMIN];
        mx = w[`QPAC_TSZLIM_TSZMAX];
        TszlimRead = 32'd0;
        TszlimRead[`QPAC_TSZLIM_TSZMIN] = (mn < 12) ? 6'd12 : (mn > 16) ? 6'd16 : mn;
        TszlimRead[`QPAC_TSZLIM_TSZMAX] = (mx < 39) ? 6'd39 : (mx > 48) ? 6'd48 : mx;
    end
endfunction

// without their write enables the write inputs are don't-cares: junk there
// (every key select 0..7 too) must change no key or configuration (m0176)
task junk_wr;
    begin
        key_sel = $random(seed);
        key_hi = {$random(seed), $random(seed)}; key_lo = {$random(seed), $random(seed)};
        cfg_w = $random(seed); tszlim_w = $random(seed);
    end
endtask

task send_write;
    input [207:0] w;
    begin
        @(negedge clk);
        in_valid = 1'b0;
        if (w[207:204] == 4'd1) begin
            cfg_we = 1'b1; cfg_w = w[159:128]; tszlim_w = w[191:160];
        end else begin
            key_we = 1'b1; key_sel = w[198:196]; key_hi = w[191:128]; key_lo = w[127:64];
        end
        @(posedge clk);
        if (in_ready) begin
            $display("ERROR: in_ready high while a write is requested");
            errors = errors + 1;
        end
        timeout = 0;
        while (!wr_ready) begin
            @(posedge clk);
            timeout = timeout + 1;
            if (timeout > 10000) $fatal(1, "tb_qpac_unit: write never taken (wr_ready low)");
        end
        @(negedge clk);
        // a taken configuration write reads back as written, TSZLIM clamped
        // (as CFG/TSZLIM in tb_qpac_apb)
        if (w[207:204] == 4'd1 && (cfg_rd !== w[159:128] || tszlim_rd !== TszlimRead(w[191:160]))) begin
            $display("ERROR: configuration reads %h %h after writing %h %h (TSZLIM reads %h)",
                     cfg_rd, tszlim_rd, w[159:128], w[191:160], TszlimRead(w[191:160]));
            errors = errors + 1;
        end
        cfg_we = 1'b0; key_we = 1'b0;
        junk_wr;
        // and keeps it without a write (a stored field that drifts, m0015)
        @(negedge clk);
        if (w[207:204] == 4'd1 && (cfg_rd !== w[159:128] || tszlim_rd !== TszlimRead(w[191:160]))) begin
            $display("ERROR: configuration reads %h %h a clock after writing %h %h",
                     cfg_rd, tszlim_rd, w[159:128], w[191:160]);
            errors = errors + 1;
        end
    end
endtask

task send_op;
    input integer ri;
    input         bubbles;
    begin
        @(negedge clk);
        if (bubbles) begin
            in_valid = 1'b0;
            while (($random(seed) % 3) == 0) @(negedge clk);
        end
        in_valid = 1'b1;
        present(ri);
        @(posedge clk);
        timeout = 0;
        while (!in_ready) begin
            @(posedge clk);
            timeout = timeout + 1;
            if (timeout > 10000) $fatal(1, "tb_qpac_unit: operation never accepted");
        end
        seq_in = seq_in + 1;
    end
endtask

// the inputs of operation seq_in from record ri (-1: directed illegal op,
// -2-p: reset probe p), and fresh junk on the write inputs
task present;
    input integer ri;
    begin
        junk_wr;
        if (ri <= -2) begin
            // reset probe p: PAC with key p (IA, IB, DA, DB), PACGA with GA
            in_op    = (ri == -2 - 4) ? `QPAC_ENC_OP_PACGA : `QPAC_ENC_OP_PAC;
            in_key   = -2 - ri;
            in_x     = 64'h0000_1234_5678_9abc ^ (-2 - ri);
            in_y     = 64'h42;
        end else if (ri >= 0) begin
            in_op    = image[ri][202:200];
            in_key   = image[ri][198:196];
            in_x     = image[ri][191:128];
            in_y     = image[ri][127:64];
        end else begin
            in_op    = ill_op;
            in_key   = ill_key;
            in_x     = {$random(seed), $random(seed)};
            in_y     = {$random(seed), $random(seed)};
        end
        in_tag   = TagOf(seq_in);
        exp_rec[seq_in] = ri;
    end
endtask

task drain;
    begin
        @(negedge clk);
        in_valid = 1'b0;
        timeout = 0;
        while (seq_out < seq_in) begin
            @(negedge clk);
            timeout = timeout + 1;
            if (timeout > 10000) $fatal(1, "tb_qpac_unit: %0d results missing", seq_in - seq_out);
        end
    end
endtask

reg [31:0] cfg_new;
reg [2:0]  kw;
integer nops, last_write, burst_first, burst_n, accept_cycle, i, nill, nrerun, k, n_acc;

// the reset probe: one operation per key, then wait for the results
task probe;
    begin
        for (i = 0; i < NPROBE; i = i + 1) send_op(-2 - i, 1'b1);
        drain;
    end
endtask

// the image from record 0 up to (not including) record `last`
task run_image;
    input integer last;
    begin
        for (r = 0; r < last; r = r + 1) begin
            if (image[r][207:204] == 4'd3) send_op(r, 1'b1);
            else send_write(image[r]);
        end
    end
endtask
reg [2:0] ill_op, ill_key;

initial begin
    if (!$value$plusargs("image=%s", image_file)) image_file = "build/rtl/smoke.memh";
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    for (i = 0; i < MAXR; i = i + 1) image[i] = 208'd0;
    $readmemh(image_file, image);
    errors = 0; seq_in = 0; seq_acc = 0; seq_out = 0; nfault = 0; cycle = 0; nops = 0;
    first_out_cycle = -1; stall_q = 1'b0; backpressure = 1'b1; out_hold = 1'b0;
    key_we = 0; cfg_we = 0; key_sel = 0; key_hi = 0; key_lo = 0; cfg_w = 0; tszlim_w = 0;
    in_valid = 0; in_op = 0; in_key = 0; in_x = 0; in_y = 0; in_tag = 0; out_ready = 0;
    repeat (3) @(negedge clk);
    if (cfg_rd !== `QPAC_REG_CFG_RESET || tszlim_rd !== `QPAC_REG_TSZLIM_RESET) begin
        $display("ERROR: configuration after reset %h %h", cfg_rd, tszlim_rd);
        errors = errors + 1;
    end
    rst_n = 1'b1;
    probe_have = 1'b0;
    probe;
    probe_have = 1'b1;
    // phase 1: the whole image, with bubbles and back-pressure
    last_write = 0;
    nrec = 0;
    while (nrec < MAXR && image[nrec][207:204] != 4'd0) begin
        case (image[nrec][207:204])
            4'd1, 4'd2: begin send_write(image[nrec]); last_write = nrec; end
            4'd3: begin send_op(nrec, 1'b1); nops = nops + 1; end
            default: $fatal(1, "tb_qpac_unit: record %0d: bad kind %h", nrec, image[nrec][207:204]);
        endcase
        nrec = nrec + 1;
    end
    if (nops == 0) $fatal(1, "tb_qpac_unit: no operations in %0s", image_file);
    if (nrec == MAXR) $fatal(1, "tb_qpac_unit: %0s has no end record within %0d records", image_file, MAXR);
    // the end record counts the records before it: a cut image reads as zeros here
    if (image[nrec][63:32] != 32'd0 || image[nrec][31:0] != nrec) $fatal(1, "tb_qpac_unit: %0s: end record counts %0d records, image has %0d (cut short?)", image_file, image[nrec][63:0], nrec);
    drain;
    // phase 2: the operations after the last write again, back to back, no back-pressure
    backpressure = 1'b0;
    repeat (2) @(negedge clk);
    first_out_cycle = -1;
    burst_first = seq_in;
    burst_n = 0;
    accept_cycle = -1;
    for (r = last_write + 1; r < nrec && burst_n < 64; r = r + 1) begin
        send_op(r, 1'b0);
        if (accept_cycle < 0) accept_cycle = cycle;
        if (cycle != accept_cycle + burst_n) begin
            $display("ERROR: burst operation %0d accepted at cycle %0d, expected %0d",
                     burst_n, cycle, accept_cycle + burst_n);
            errors = errors + 1;
        end
        burst_n = burst_n + 1;
    end
    drain;
    if (burst_n > 0 && first_out_cycle - accept_cycle != LATENCY) begin
        $display("ERROR: latency %0d, expected %0d", first_out_cycle - accept_cycle, LATENCY);
        errors = errors + 1;
    end
    // phase 2b: out_ready held low, an operation offered every clock: exactly
    // CAPACITY are accepted, one per clock, then none while stalled; then
    // out_ready high and every result checked (LATENCY 0: in_ready follows
    // out_ready, nothing to hold)
    n_acc = 0;
    if (LATENCY > 0) begin
        @(negedge clk);
        out_hold = 1'b1;
        repeat (2) @(negedge clk);
        ill_op = 3'd5;
        for (k = 0; k < CAPACITY + LATENCY + 8; k = k + 1) begin
            in_valid = 1'b1;
            r = (nrec > last_write + 1) ? last_write + 1 + (n_acc % (nrec - last_write - 1)) : -1;
            ill_key = $random(seed);
            present(r);
            @(negedge clk);
            if (seq_acc > seq_in) begin
                if (n_acc != k) begin
                    $display("ERROR: out_ready low: operation %0d accepted %0d clocks after the first offer, expected %0d",
                             n_acc, k, n_acc);
                    errors = errors + 1;
                end
                n_acc = n_acc + 1;
                seq_in = seq_in + 1;
            end
        end
        if (n_acc != CAPACITY) begin
            $display("ERROR: out_ready low: %0d operations accepted, the unit holds %0d", n_acc, CAPACITY);
            errors = errors + 1;
        end
        in_valid = 1'b0;
        out_hold = 1'b0;
        drain;
    end
    // phase 3: every op/key pair that names no instruction gives 0, no fault
    backpressure = 1'b1;
    nill = 0;
    for (i = 0; i < 64; i = i + 1) begin
        ill_op = i[5:3];
        ill_key = i[2:0];
        if ((ill_op <= 3'd3 && ill_key >= 3'd4) || (ill_op == 3'd4 && ill_key != 3'd4) ||
            ill_op >= 3'd5) begin
            send_op(-1, 1'b1);
            nill = nill + 1;
        end
    end
    drain;
    // phase 4: reset with operations in flight (output stalled), then the
    // probe and the image's first records again
    backpressure = 1'b1;
    for (r = last_write + 1; r < nrec && r < last_write + 1 + LATENCY + 4; r = r + 1)
        send_op(r, 1'b0);
    @(negedge clk);
    in_valid = 1'b0;
    rst_n = 1'b0;
    repeat (2) @(negedge clk);
    seq_out = seq_in; seq_acc = seq_in; // what was in flight is gone
    if (out_valid !== 1'b0 || cfg_rd !== `QPAC_REG_CFG_RESET || tszlim_rd !== `QPAC_REG_TSZLIM_RESET) begin
        $display("ERROR: during a mid-run reset: out_valid %b, configuration %h %h", out_valid, cfg_rd, tszlim_rd);
        errors = errors + 1;
    end
    rst_n = 1'b1;
    @(negedge clk);
    if (out_valid !== 1'b0) begin
        $display("ERROR: out_valid after a mid-run reset (the pipeline is not empty)");
        errors = errors + 1;
    end
    probe;
    nrerun = (nrec < 200) ? nrec : 200;
    run_image(nrerun);
    drain;
    // phase 5: a random CFG (fields in range, ALG 0, which QARMA3=0 keeps)
    // with TSZLIM 0x3805 (TSZMIN 5, TSZMAX 56: reads back clamped), random
    // keys, illegal operations in flight, then a reset pulse that rises and
    // falls between two clock edges: nothing may come out, the configuration
    // reads its reset value and the probe gives its first results
    backpressure = 1'b1;
    cfg_new = 32'd0;
    cfg_new[`QPAC_CFG_T0SZ] = $random(seed);
    cfg_new[`QPAC_CFG_T1SZ] = $random(seed);
    cfg_new[19:16] = $random(seed);  // TBI0, TBI1, TBID0, TBID1
    cfg_new[`QPAC_CFG_SINGLE] = $random(seed);
    cfg_new[`QPAC_CFG_FEAT] = 1 + {$random(seed)} % 5;
    send_write({4'd1, 12'd0, 32'h0000_3805, cfg_new, 128'd0});
    for (kw = 0; kw < 5; kw = kw + 1)
        send_write({4'd2, 4'd0, 1'b0, kw, 4'd0, $random(seed), $random(seed), $random(seed), $random(seed), 64'd0});
    ill_op = 3'd5;
    for (k = 0; k < LATENCY + 4; k = k + 1) begin
        ill_key = $random(seed);
        send_op(-1, 1'b0);
    end
    @(negedge clk);
    in_valid = 1'b0;
    #1 rst_n = 1'b0;
    #1 if (out_valid !== 1'b0 || cfg_rd !== `QPAC_REG_CFG_RESET || tszlim_rd !== `QPAC_REG_TSZLIM_RESET) begin
        $display("ERROR: during a reset pulse between clock edges: out_valid %b, configuration %h %h",
                 out_valid, cfg_rd, tszlim_rd);
        errors = errors + 1;
    end
    seq_out = seq_in; seq_acc = seq_in; // what was in flight is gone
    #1 rst_n = 1'b1;
    backpressure = 1'b0;
    for (k = 0; k < LATENCY + 4; k = k + 1) begin
        @(negedge clk);
        if (out_valid !== 1'b0 || cfg_rd !== `QPAC_REG_CFG_RESET || tszlim_rd !== `QPAC_REG_TSZLIM_RESET) begin
            $display("ERROR: %0d clocks after a reset pulse between clock edges: out_valid %b, configuration %h %h",
                     k + 1, out_valid, cfg_rd, tszlim_rd);
            errors = errors + 1;
        end
    end
    backpressure = 1'b1;
    probe;
    if (errors != 0) $fatal(1, "tb_qpac_unit DEPTH=%0d PTR_PIPE=%0d %0s: %0d errors", DEPTH, PTR_PIPE, image_file, errors);
    $display("tb_qpac_unit DEPTH=%0d%0s%0s: %0d operations (%0d faults), burst of %0d, %0d held under stall, %0d illegal passed, latency %0d, mid-run reset then probe and %0d records again, reset pulse between edges then probe, ports zero for %0d clocks after resets: %0s",
             DEPTH, PTR_PIPE ? (GLOBAL_STALL ? " PTR_PIPE=1 GLOBAL_STALL=1" : " PTR_PIPE=1")
                                : (GLOBAL_STALL ? " GLOBAL_STALL=1" : ""),
             (KEY_PIPE == 2) ? " KEY_PIPE=2" : KEY_PIPE ? " KEY_PIPE=1" : "", nops, nfault, burst_n, n_acc, nill, first_out_cycle - accept_cycle, nrerun, n_fresh, image_file);
    $finish;
end

endmodule

`default_nettype wire

// tb_qarma_core.v - known-answer bench of the pipelined ComputePAC core.
// Reads the image written by kat2core from computepac.txt (full 64-bit
// ComputePAC results, QARMA5 and QARMA3), loads five vectors' keys into the
// five key slots, sends the five operations (each selecting its own key) with
// random input bubbles and random output back-pressure, checks every result in
// order against the file, and repeats until the image ends. Keys change only
// when the core is empty (as qpac_unit guarantees). First a latency probe: one
// operation into the empty core with no back-pressure must come out DEPTH
// clocks after it was taken (LATENCY = DEPTH). Then a reset after time 0:
// operations go in with the output held, the reset is asserted with them in
// flight; nothing may come out and busy_o must fall; then every vector runs
// again. Ends with $fatal on error.
// Plusargs: +image=FILE (default build/rtl/core.memh), +seed=N.
`default_nettype none

module tb_qarma_core;

parameter integer DEPTH = 12;
parameter integer KEY_PIPE = 0;
localparam integer MAXV = 256;

reg clk = 1'b0;
reg rst_n = 1'b0;
always #5 clk = !clk;

reg  [323:0]     image [0:MAXV-1];
reg  [5*128-1:0] keys;
reg              in_valid;
wire             in_ready;
reg  [63:0]      in_data, in_mod;
reg  [2:0]       in_key;
reg              in_alg;
reg  [7:0]       in_side;
wire             out_valid;
reg              out_ready;
wire [63:0]      out_pac;
wire [7:0]       out_side;
wire             busy;

qarma_core #(.DEPTH(DEPTH), .SIDE_W(8), .KEY_PIPE(KEY_PIPE)) dut (
    .clk_i(clk), .rst_ni(rst_n), .keys_i(keys),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_data_i(in_data), .in_mod_i(in_mod),
    .in_key_i(in_key), .in_alg_i(in_alg), .in_side_i(in_side),
    .out_valid_o(out_valid), .out_ready_i(out_ready), .out_pac_o(out_pac),
    .out_side_o(out_side), .busy_o(busy));

integer seed;
integer nvec, base, sent, got, errors, i, cycles, lat;
reg     probe;
reg     hold;      // output held (operations stay in flight)
integer pass, nflight;
reg [1023:0] image_file;

// output side: random back-pressure, in-order check against the image
always @(posedge clk) begin
    if (rst_n && out_valid && out_ready) begin
        if (out_side != base + got) begin
            $display("ERROR: result order: got index %0d, expected %0d", out_side, base + got);
            errors = errors + 1;
        end else if (out_pac !== image[out_side][63:0]) begin
            $display("ERROR: vector %0d (%s) data=%h modifier=%h key_hi=%h key_lo=%h: pac %h, expected %h",
                     out_side, image[out_side][320] ? "QARMA3" : "QARMA5",
                     image[out_side][319:256], image[out_side][255:192],
                     image[out_side][191:128], image[out_side][127:64], out_pac,
                     image[out_side][63:0]);
            errors = errors + 1;
        end
        got = got + 1;
    end
end

always @(posedge clk) out_ready <= !hold && (probe || (($random(seed) & 3) != 0));

initial begin
    if (!$value$plusargs("image=%s", image_file)) image_file = "build/rtl/core.memh";
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    for (i = 0; i < MAXV; i = i + 1) image[i] = {4'hf, 320'd0};
    $readmemh(image_file, image);
    nvec = 0;
    while (nvec < MAXV && image[nvec][323:320] != 4'hf) nvec = nvec + 1;
    if (nvec == 0) $fatal(1, "tb_qarma_core: no vectors in %0s", image_file);
    // the end record counts the vectors before it: a cut image has a count of 0
    if (nvec == MAXV || image[nvec][63:32] != 32'd0 || image[nvec][31:0] != nvec) $fatal(1, "tb_qarma_core: %0s: no end record counting %0d vectors (cut short?)", image_file, nvec);
    errors = 0; keys = 0; in_valid = 0; in_data = 0; in_mod = 0; in_key = 0; in_alg = 0;
    in_side = 0; out_ready = 0; probe = 1'b1; hold = 1'b0;
    repeat (3) @(posedge clk);
    rst_n = 1'b1;
    base = 0;
    // latency probe (vector 0): out_ready is high from here on until probe ends
    keys[127:0] = image[0][191:64];
    got = 0;
    @(negedge clk);
    in_valid = 1; in_data = image[0][319:256]; in_mod = image[0][255:192];
    in_alg = image[0][320]; in_key = 3'd0; in_side = 8'd0;
    #1 lat = 0;
    if (!out_valid) begin
        // taken at the next rising edge (empty core, no back-pressure)
        @(negedge clk);
        in_valid = 0;
        lat = 1;
        while (!out_valid && lat < 100) begin
            @(negedge clk);
            lat = lat + 1;
        end
    end else begin
        @(negedge clk);
        in_valid = 0;
    end
    @(negedge clk);
    if (lat != DEPTH) begin
        $display("ERROR: latency %0d, expected %0d", lat, DEPTH);
        errors = errors + 1;
    end
    if (got != 1) begin
        $display("ERROR: latency probe: %0d results, expected 1", got);
        errors = errors + 1;
    end
    probe = 1'b0;
    for (pass = 0; pass < 2; pass = pass + 1) begin
    if (pass == 1) begin
        // reset with operations in flight
        hold = 1'b1;
        for (i = 0; i < 5; i = i + 1)
            keys[128*i +: 128] = (i < nvec) ? image[i][191:64] : 128'd0;
        nflight = 0;
        @(negedge clk);
        while (nflight < 5 && nflight < nvec) begin
            in_valid = 1; in_data = image[nflight][319:256]; in_mod = image[nflight][255:192];
            in_alg = image[nflight][320]; in_key = nflight[2:0]; in_side = nflight;
            @(posedge clk);
            #1 if (!in_ready) nflight = 5; // full: stop
            @(negedge clk);
            if (nflight < 5) nflight = nflight + 1;
        end
        in_valid = 0;
        rst_n = 1'b0;
        repeat (2) @(negedge clk);
        if (out_valid !== 1'b0 || busy !== 1'b0) begin
            $display("ERROR: during a mid-run reset: out_valid %b busy %b", out_valid, busy);
            errors = errors + 1;
        end
        rst_n = 1'b1;
        hold = 1'b0;
        @(negedge clk);
        if (out_valid !== 1'b0 || busy !== 1'b0) begin
            $display("ERROR: after a mid-run reset: out_valid %b busy %b (the pipeline is not empty)", out_valid, busy);
            errors = errors + 1;
        end
        base = 0;
    end
    while (base < nvec) begin
        // keys may change only while the core is empty
        if (busy) $fatal(1, "tb_qarma_core: busy with nothing in flight");
        for (i = 0; i < 5; i = i + 1)
            keys[128*i +: 128] = (base + i < nvec) ? image[base + i][191:64] : 128'd0;
        sent = 0; got = 0; cycles = 0;
        while (got < 5 && base + got < nvec) begin
            @(negedge clk);
            if (in_valid && in_ready_seen) sent = sent + 1;
            in_valid = 0;
            if (sent < 5 && base + sent < nvec && ($random(seed) % 4) != 0) begin
                in_valid = 1;
                in_data  = image[base + sent][319:256];
                in_mod   = image[base + sent][255:192];
                in_alg   = image[base + sent][320];
                in_key   = sent[2:0];
                in_side  = base + sent;
            end
            cycles = cycles + 1;
            if (cycles > 1000) $fatal(1, "tb_qarma_core: timeout at vector %0d", base + got);
        end
        @(negedge clk);
        in_valid = 0;
        base = base + 5;
    end
    end
    if (errors != 0) $fatal(1, "tb_qarma_core DEPTH=%0d: %0d errors", DEPTH, errors);
    $display("tb_qarma_core DEPTH=%0d KEY_PIPE=%0d: %0d ComputePAC vectors passed, latency %0d, again after a mid-run reset",
             DEPTH, KEY_PIPE, nvec, lat);
    $finish;
end

// an input is taken at a rising edge with in_valid and in_ready high
reg in_ready_seen;
always @(posedge clk) in_ready_seen <= in_valid && in_ready;

endmodule

`default_nettype wire

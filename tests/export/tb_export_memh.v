// tb_export_memh.v - self-checking replay of a `qpac export --format readmemh`
// image through qpac_unit (record layout: the image's `//` header, qpac.h and
// rtl/README.md). Records are replayed in order: CFG and KEY records become
// cfg_we_i/key_we_i writes held until wr_ready_o takes them; OP records go in
// with in_valid_i and are accepted on in_ready_o; every result is compared in
// order with the record's expectation (value; fault flag for expect = 2) and
// the operation's tag; after each CFG write, cfg_o/tszlim_o must read back the
// written words. +stall=1 applies pseudo-random back-pressure on
// out_ready_i (default: out_ready_i held high). Runs on Icarus and Verilator
// (--binary --timing). Ends with $fatal(1, ...) on any error.
// Plusargs: +image=FILE [+stall=1]. Parameter: DEPTH.
`default_nettype none

module tb_export_memh;

parameter integer DEPTH = 12;
localparam integer TAG_W = 8;
localparam integer MAXR  = 65536;

reg  [207:0] image [0:MAXR-1];

reg              clk = 1'b0;
reg              rst_n = 1'b0;
reg              key_we = 1'b0, cfg_we = 1'b0, in_valid = 1'b0;
reg              out_ready = 1'b1;
reg  [2:0]       key_sel = 3'd0, in_op = 3'd0, in_key = 3'd0;
reg  [63:0]      key_hi = 64'd0, key_lo = 64'd0, in_x = 64'd0, in_y = 64'd0;
reg  [31:0]      cfg_w = 32'd0, tszlim_w = 32'd0;
reg  [TAG_W-1:0] in_tag = {TAG_W{1'b0}};
wire             wr_ready, in_ready, out_valid, out_fault;
wire [31:0]      cfg_rd, tszlim_rd;
wire [63:0]      out_value;
wire [TAG_W-1:0] out_tag;

always #5 clk = !clk;

qpac_unit #(.DEPTH(DEPTH), .TAG_W(TAG_W)) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .key_we_i(key_we), .key_sel_i(key_sel), .key_hi_i(key_hi), .key_lo_i(key_lo),
    .cfg_we_i(cfg_we), .cfg_i(cfg_w), .tszlim_i(tszlim_w), .wr_ready_o(wr_ready),
    .cfg_o(cfg_rd), .tszlim_o(tszlim_rd),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_op_i(in_op), .in_key_i(in_key),
    .in_x_i(in_x), .in_y_i(in_y), .in_tag_i(in_tag),
    .out_valid_o(out_valid), .out_ready_i(out_ready), .out_value_o(out_value),
    .out_fault_o(out_fault), .out_tag_o(out_tag));

reg [1023:0] image_file;
reg stall;
integer stall_arg, lfsr, errors, nin, nout, nwr, cycles, r;
integer npresented;          // operations presented on the inputs (set before the edge)
integer op_rec [0:MAXR-1];   // record index of the n-th operation
reg [207:0] rec, erec;

// ---- output side: back-pressure and scoreboard ---------------------------------
always @(negedge clk) begin
    lfsr = lfsr * 1103515245 + 12345;
    out_ready <= stall ? (((lfsr >>> 16) & 3) != 0) : 1'b1;
end

always @(posedge clk) begin
    cycles <= cycles + 1;
    if (rst_n && out_valid && out_ready) begin
        if (nout >= npresented) begin
            $display("ERROR: result with tag %h but no operation outstanding", out_tag);
            errors = errors + 1;
        end else begin
            erec = image[op_rec[nout]];
            if (out_value !== erec[63:0] || out_fault !== (erec[195:192] == 4'd2) ||
                out_tag !== nout[TAG_W-1:0]) begin
                errors = errors + 1;
                if (errors <= 10)
                    $display("MISMATCH op %0d (record %0d: %h): value %h fault %b tag %h, expected %h fault %b tag %h",
                             nout, op_rec[nout], erec, out_value, out_fault, out_tag,
                             erec[63:0], erec[195:192] == 4'd2, nout[TAG_W-1:0]);
            end
        end
        nout = nout + 1;
    end
end

// ---- input side: one record at a time, inputs change on the falling edge -------
initial begin
    if (!$value$plusargs("image=%s", image_file))
        $fatal(1, "tb_export_memh: +image=FILE is required");
    if (!$value$plusargs("stall=%d", stall_arg))
        stall_arg = 0;
    stall = stall_arg != 0;
    for (r = 0; r < MAXR; r = r + 1)
        image[r] = 208'd0;
    $readmemh(image_file, image);
    lfsr = 1;
    errors = 0; npresented = 0; nin = 0; nout = 0; nwr = 0; cycles = 0;
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    r = 0;
    rec = image[0];
    while (rec[207:204] != 4'd0) begin
        @(negedge clk);
        case (rec[207:204])
        4'd1: begin
            cfg_we = 1'b1; cfg_w = rec[159:128]; tszlim_w = rec[191:160];
            @(posedge clk);
            while (!wr_ready) @(posedge clk);
            @(negedge clk);
            cfg_we = 1'b0;
            nwr = nwr + 1;
            // the configuration reads back as written (exported words are legal)
            if (cfg_rd !== cfg_w || tszlim_rd !== tszlim_w) begin
                errors = errors + 1;
                $display("MISMATCH record %0d: cfg_o %h tszlim_o %h, written %h %h",
                         r, cfg_rd, tszlim_rd, cfg_w, tszlim_w);
            end
        end
        4'd2: begin
            key_we = 1'b1; key_sel = rec[198:196]; key_hi = rec[191:128]; key_lo = rec[127:64];
            @(posedge clk);
            while (!wr_ready) @(posedge clk);
            @(negedge clk);
            key_we = 1'b0; key_hi = 64'd0; key_lo = 64'd0;
            nwr = nwr + 1;
        end
        4'd3: begin
            op_rec[nin] = r;
            npresented = nin + 1;
            in_valid = 1'b1; in_op = rec[202:200]; in_key = rec[198:196];
            in_x = rec[191:128]; in_y = rec[127:64]; in_tag = nin[TAG_W-1:0];
            @(posedge clk);
            while (!in_ready) @(posedge clk);
            nin = nin + 1;
            // the next record is applied at the next falling edge; drop valid
            // there unless it is another operation (back-to-back issue)
            r = r + 1;
            rec = image[r];
            if (rec[207:204] != 4'd3) begin
                @(negedge clk);
                in_valid = 1'b0;
            end
            r = r - 1;
        end
        default: $fatal(1, "tb_export_memh: record %0d has kind %0d", r, rec[207:204]);
        endcase
        r = r + 1;
        if (r >= MAXR)
            $fatal(1, "tb_export_memh: image has no end record within %0d records", MAXR);
        rec = image[r];
    end
    in_valid = 1'b0;
    // the end record counts the records before it: a cut image reads as zeros here
    if (rec[63:32] != 32'd0 || rec[31:0] != r) $fatal(1, "tb_export_memh: end record counts %0d records, image has %0d (cut short?)", rec[63:0], r);
    // drain: every result back within a bounded time
    r = 0;
    while (nout < nin && r < 100 * (DEPTH + 2) + 10 * nin) begin
        @(posedge clk);
        r = r + 1;
    end
    @(negedge clk);
    if (nout != nin)
        $fatal(1, "tb_export_memh: %0d operations issued, %0d results returned", nin, nout);
    if (nin == 0)
        $fatal(1, "tb_export_memh: %0s holds no operations", image_file);
    if (errors != 0)
        $fatal(1, "tb_export_memh: %0d of %0d results mismatched (DEPTH=%0d)", errors, nin, DEPTH);
    $display("tb_export_memh: %0d operations, %0d writes matched in %0d cycles (DEPTH=%0d, %0s)",
             nin, nwr, cycles, DEPTH, stall ? "back-pressure" : "out_ready_i high");
    $finish;
end

endmodule

`default_nettype wire

// tb_stil_replay.v - replays a STIL pattern file written by `qpac export
// --format stil` on qpac_unit, cycle by cycle. tests/export/stil.py checks the
// STIL file and converts each V statement into one record of a replay image
// (layout in stil.py); this bench applies the record's inputs at the start of
// the 100 ns period, compares every strobed output (mask bit set) with the
// expected level at 40 ns, and raises clk_i at 50 ns, exactly as the STIL
// WaveformTable says. Ends with $fatal(1, ...) on any mismatch.
// Plusargs: +image=FILE. Parameters: DEPTH (must match the export's --depth),
// PTR_PIPE (1: export with --latency DEPTH+2).
// Time unit: 1 ns (delays are plain numbers; the simulator's default unit).
`default_nettype none

module tb_stil_replay;

parameter integer DEPTH = 12;
parameter integer PTR_PIPE = 0;
localparam integer TAG_W = 8;
localparam integer MAXC  = 131072;

reg  [495:0] image [0:MAXC-1];
reg  [495:0] rec;

reg              clk;
reg              rst_n;
reg              key_we, cfg_we, in_valid, out_ready;
reg  [2:0]       key_sel, in_op, in_key;
reg  [63:0]      key_hi, key_lo, in_x, in_y;
reg  [31:0]      cfg_w, tszlim_w;
reg  [TAG_W-1:0] in_tag;
wire             wr_ready, in_ready, out_valid, out_fault;
wire [31:0]      cfg_rd, tszlim_rd;
wire [63:0]      out_value;
wire [TAG_W-1:0] out_tag;

qpac_unit #(.DEPTH(DEPTH), .TAG_W(TAG_W), .PTR_PIPE(PTR_PIPE)) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .key_we_i(key_we), .key_sel_i(key_sel), .key_hi_i(key_hi), .key_lo_i(key_lo),
    .cfg_we_i(cfg_we), .cfg_i(cfg_w), .tszlim_i(tszlim_w), .wr_ready_o(wr_ready),
    .cfg_o(cfg_rd), .tszlim_o(tszlim_rd),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_op_i(in_op), .in_key_i(in_key),
    .in_x_i(in_x), .in_y_i(in_y), .in_tag_i(in_tag),
    .out_valid_o(out_valid), .out_ready_i(out_ready), .out_value_o(out_value),
    .out_fault_o(out_fault), .out_tag_o(out_tag));

wire [75:0] actual = {wr_ready, in_ready, out_valid, out_value, out_fault, out_tag};

reg [1023:0] image_file;
integer cycle, errors, strobes, b;
reg [75:0] expv, mask, diff;

initial begin
    if (!$value$plusargs("image=%s", image_file))
        $fatal(1, "tb_stil_replay: +image=FILE is required");
    $readmemh(image_file, image);
    clk = 1'b0;
    {rst_n, key_we, key_sel, key_hi, key_lo, cfg_we, cfg_w, tszlim_w, in_valid, in_op, in_key,
     in_x, in_y, in_tag, out_ready} = 342'd0;
    errors = 0;
    strobes = 0;
    cycle = 0;
    rec = image[0];
    while (rec[495] === 1'b1) begin
        // 0 ns: inputs; clk_i low
        clk = 1'b0;
        {rst_n, key_we, key_sel, key_hi, key_lo, cfg_we, cfg_w, tszlim_w, in_valid, in_op,
         in_key, in_x, in_y, in_tag, out_ready} = rec[493:152];
        #40;
        // 40 ns: strobe
        expv = rec[151:76];
        mask = rec[75:0];
        diff = (actual ^ expv) & mask;
        for (b = 0; b < 76; b = b + 1)
            strobes = strobes + {31'd0, mask[b]};
        if (^(actual & mask) === 1'bx || diff != 76'd0) begin
            errors = errors + 1;
            if (errors <= 10)
                $display("MISMATCH cycle %0d: expected %h actual %h mask %h (wr_ready in_ready out_valid value fault tag)",
                         cycle, expv, actual, mask);
        end
        #10;
        // 50 ns: clk_i rises
        clk = 1'b1;
        #50;
        cycle = cycle + 1;
        if (cycle >= MAXC)
            $fatal(1, "tb_stil_replay: image longer than %0d cycles", MAXC);
        rec = image[cycle];
    end
    if (cycle == 0)
        $fatal(1, "tb_stil_replay: %0s holds no cycles", image_file);
    if (errors != 0)
        $fatal(1, "tb_stil_replay: %0d of %0d cycles mismatched (DEPTH=%0d)", errors, cycle, DEPTH);
    $display("tb_stil_replay: %0d cycles, %0d strobes matched (DEPTH=%0d)", cycle, strobes, DEPTH);
    $finish;
end

endmodule

`default_nettype wire

// tb_qpac_apb.v - bench of the APB3 register wrapper qpac_apb on an RTL vector
// image (the same images as tb_qpac_unit): configuration through CFG/TSZLIM
// (read back and compared), keys through the staging registers and
// CTRL.KEYWR (staging must read 0), operations through OPX/OPY (read back), CTRL.START,
// STATUS polling and RES/STATUS.FAULT, with random idle cycles between
// transfers. Also checks NAME/VERSION/CAPS, PSLVERR on an unmapped offset and
// on a CTRL write while BUSY, and the key-staging rule (qpac_regs.v): each key
// record is written in a random word order and, at random, followed by a
// partial commit or a stale sequence (KEYWR must get PSLVERR and change no
// key: the image's later operations use the key) or interleaved with an
// operation. A reset in the middle of the run (an operation in flight) must
// leave reset values and zero keys: the bench then runs +reset_image (the
// operations of tests/rtl/after-reset.pvs) and replays the whole image.
// Deterministic register checks at the start (the corners random traffic
// rarely reaches, each found by a mutation survivor, doc/verification.md):
// for each staging word, the other three then KEYWR must get PSLVERR
// (rule KEY_STAGING); a CTRL write without START or KEYWR, and a key commit,
// leave STATUS.DONE set; TSZLIM writes out of range read back clamped
// (regmap/qpac.regs; the clamp of libqpac's qpac_config_from_regs). The APB
// bench counts wait states: one for a CFG/TSZLIM write that is not refused,
// none for any other transfer (the contract in qpac_apb.v's header).
// Ends with $fatal(1, ...) on any error.
// Built with -DQPAC_TB_AXIL the same bench drives the AXI4-Lite wrapper
// qpac_axil (make test-axil): AW, W, B, AR and R each get random valid/ready
// delays, AW and W go in either order, a write may run beside a read of an ID
// register, a monitor checks that B and R hold until taken, and SLVERR is
// expected wherever APB gives PSLVERR (plus a write with partial WSTRB).
// Plusargs: +image=FILE +reset_image=FILE +seed=N.
`default_nettype none

module tb_qpac_apb;

parameter integer DEPTH = 12;
parameter integer PTR_PIPE = 0;
parameter integer ACC_SETUP = 0;  // qpac_apb's (the APB build only)
localparam integer LATENCY = DEPTH + 2 * PTR_PIPE;
localparam integer MAXR = 65536;

reg clk = 1'b0;
reg rst_n = 1'b0;
always #5 clk = !clk;

reg  [207:0] image [0:MAXR-1];
localparam integer MAXZ = 256;
reg  [207:0] zimage [0:MAXZ-1];   // operations from the reset state

`ifdef QPAC_TB_AXIL
localparam BENCH = "tb_qpac_axil";
localparam integer BUSY_MIN = 8;  // a BUSY probe needs LATENCY >= this
`else
localparam BENCH = "tb_qpac_apb";
localparam integer BUSY_MIN = 4;
`endif
reg quick;

integer seed, errors, nrec, nops, nfault, timeout, i, polls;

// +stop_on_error: end at the first error instead of at the end of the run
// (make mutate: a mutant is killed sooner; the log still says ERROR)
always @(errors) if (errors != 0 && $test$plusargs("stop_on_error"))
    $fatal(1, "%0s: stopped at the first error (+stop_on_error)", BENCH);
integer nimage, reset_at, nzops, nbad;
reg          in_reset_pass, did_reset;
reg [1023:0] image_file, zimage_file;
reg [31:0]   rd, rd2;
reg          err;

`ifdef QPAC_TB_AXIL
reg         awvalid, wvalid, bready, arvalid, rready;
reg  [7:0]  awaddr, araddr;
reg  [31:0] wdata;
reg  [3:0]  wstrb;
wire        awready, wready, bvalid, arready, rvalid;
wire [1:0]  bresp, rresp;
wire [31:0] rdata;

qpac_axil #(.DEPTH(DEPTH), .PTR_PIPE(PTR_PIPE)) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .awvalid_i(awvalid), .awready_o(awready), .awaddr_i(awaddr), .awprot_i(3'd0),
    .wvalid_i(wvalid), .wready_o(wready), .wdata_i(wdata), .wstrb_i(wstrb),
    .bvalid_o(bvalid), .bready_i(bready), .bresp_o(bresp),
    .arvalid_i(arvalid), .arready_o(arready), .araddr_i(araddr), .arprot_i(3'd0),
    .rvalid_o(rvalid), .rready_i(rready), .rdata_o(rdata), .rresp_o(rresp));

// a response held without its ready must stay unchanged until taken
reg        b_hold, r_hold;
reg [1:0]  b_resp_q;
reg [33:0] r_q;
initial begin b_hold = 1'b0; r_hold = 1'b0; end
always @(posedge clk) begin
    if (b_hold && !(bvalid === 1'b1 && bresp === b_resp_q)) begin
        $display("ERROR: B changed before BREADY"); errors = errors + 1;
    end
    if (r_hold && !(rvalid === 1'b1 && {rresp, rdata} === r_q)) begin
        $display("ERROR: R changed before RREADY"); errors = errors + 1;
    end
    b_hold <= rst_n && bvalid && !bready; b_resp_q <= bresp;
    r_hold <= rst_n && rvalid && !rready; r_q <= {rresp, rdata};
end

// quick: no random delays (the BUSY probes need the next transfer to arrive
// within BUSY_MIN cycles)
task delay;
    begin
        if (!quick) while (($random(seed) & 3) == 0) @(negedge clk);
    end
endtask

// AR then R with random delays; rc/ec: data and SLVERR
reg [31:0] rc;
reg        ec;
task rchan;
    input [7:0] addr;
    integer t;
    begin
        fork
            begin
                @(negedge clk); delay;
                arvalid = 1'b1; araddr = addr;
                t = 0;
                @(posedge clk);
                while (!arready) begin @(posedge clk); t = t + 1; if (t > 1000) $fatal(1, "%0s: ARREADY stuck", BENCH); end
                @(negedge clk); arvalid = 1'b0;
            end
            begin : r_wait
                integer tr;
                tr = 0;
                while (1) begin
                    @(negedge clk);
                    rready = quick || ($random(seed) & 3) != 0;
                    @(posedge clk);
                    if (rvalid && rready) begin rc = rdata; ec = rresp == 2'b10; disable r_wait; end
                    tr = tr + 1;
                    if (tr > 2000) $fatal(1, "%0s: no R response", BENCH);
                end
            end
        join
        @(negedge clk); rready = 1'b0;
    end
endtask

// AW, W and B with random delays (AW and W in either order); strb: WSTRB;
// side: read NAME0 beside the write
task wchan;
    input [7:0]  addr;
    input [31:0] data;
    input [3:0]  strb;
    input        side;
    integer ta, tw;
    begin
        fork
            begin
                @(negedge clk); delay;
                awvalid = 1'b1; awaddr = addr;
                ta = 0;
                @(posedge clk);
                while (!awready) begin @(posedge clk); ta = ta + 1; if (ta > 1000) $fatal(1, "%0s: AWREADY stuck", BENCH); end
                @(negedge clk); awvalid = 1'b0;
            end
            begin
                @(negedge clk); delay;
                wvalid = 1'b1; wdata = data; wstrb = strb;
                tw = 0;
                @(posedge clk);
                while (!wready) begin @(posedge clk); tw = tw + 1; if (tw > 1000) $fatal(1, "%0s: WREADY stuck", BENCH); end
                @(negedge clk); wvalid = 1'b0;
            end
            begin : b_wait
                integer tb;
                tb = 0;
                while (1) begin
                    @(negedge clk);
                    bready = quick || ($random(seed) & 3) != 0;
                    @(posedge clk);
                    if (bvalid && bready) begin err = bresp == 2'b10; disable b_wait; end
                    tb = tb + 1;
                    if (tb > 2000) $fatal(1, "%0s: no B response", BENCH);
                end
            end
            if (side) begin
                rchan(`QPAC_REG_NAME0);
                if (ec || rc !== `QPAC_NAME0_VALUE) begin
                    $display("ERROR: NAME0 read beside a write: %h (slverr %b)", rc, ec);
                    errors = errors + 1;
                end
            end
        join
        @(negedge clk); bready = 1'b0;
    end
endtask

// one transfer; returns read data in rd and SLVERR in err
task apb;
    input        write;
    input [7:0]  addr;
    input [31:0] data;
    begin
        if (write) begin
            wchan(addr, data, 4'hf, !quick && ($random(seed) & 3) == 0);
        end else begin
            rchan(addr);
            rd = rc; err = ec;
        end
    end
endtask
`else
reg         psel, penable, pwrite;
reg  [7:0]  paddr;
reg  [31:0] pwdata;
wire [31:0] prdata;
wire        pready, pslverr;

qpac_apb #(.DEPTH(DEPTH), .PTR_PIPE(PTR_PIPE), .ACC_SETUP(ACC_SETUP)) dut (
    .clk_i(clk), .rst_ni(rst_n), .psel_i(psel), .penable_i(penable), .pwrite_i(pwrite),
    .paddr_i(paddr), .pwdata_i(pwdata), .prdata_o(prdata), .pready_o(pready),
    .pslverr_o(pslverr));

// one APB transfer; returns read data in rd and PSLVERR in err
task apb;
    input        write;
    input [7:0]  addr;
    input [31:0] data;
    begin
        @(negedge clk);
        if (!quick) while (($random(seed) & 7) == 0) @(negedge clk); // idle cycles
        psel = 1'b1; penable = 1'b0; pwrite = write; paddr = addr; pwdata = data;
        @(negedge clk);
        penable = 1'b1;
        @(posedge clk);
        timeout = 0;
        while (!pready) begin
            @(posedge clk);
            timeout = timeout + 1;
            if (timeout > 1000) $fatal(1, "%0s: PREADY stuck low at %h", BENCH, addr);
        end
        rd = prdata;
        err = pslverr;
        // qpac_apb: one wait state for a CFG/TSZLIM write, none otherwise
        if (timeout !== ((write && !err && (addr == `QPAC_REG_CFG || addr == `QPAC_REG_TSZLIM)) ? 1 : 0)) begin
            $display("ERROR: %0s offset %h: %0d wait states (pslverr %b)", write ? "write" : "read", addr, timeout, err);
            errors = errors + 1;
        end
        @(negedge clk);
        psel = 1'b0; penable = 1'b0;
    end
endtask
`endif

task wr_ok;
    input [7:0]  addr;
    input [31:0] data;
    begin
        apb(1'b1, addr, data);
        if (err) begin
            $display("ERROR: PSLVERR on write %h to offset %h", data, addr);
            errors = errors + 1;
        end
    end
endtask

task rd_expect;
    input [7:0]  addr;
    input [31:0] value;
    begin
        apb(1'b0, addr, 32'd0);
        if (err || rd !== value) begin
            $display("ERROR: read offset %h: %h (pslverr %b), expected %h", addr, rd, err, value);
            errors = errors + 1;
        end
    end
endtask

// poll STATUS until BUSY is clear
task wait_idle;
    begin
        polls = 0;
        apb(1'b0, `QPAC_REG_STATUS, 32'd0);
        while (rd[`QPAC_STATUS_BUSY]) begin
            polls = polls + 1;
            if (polls > 1000) $fatal(1, "%0s: STATUS.BUSY stuck", BENCH);
            apb(1'b0, `QPAC_REG_STATUS, 32'd0);
        end
    end
endtask

reg [207:0] rec;
reg [31:0]  ctrl;
reg [63:0]  result;
reg [3:0]   wmask;
reg [31:0]  kw [0:3];
integer     variant, k;

// the staging word k (0 KEYHI_LO, 1 KEYHI_HI, 2 KEYLO_LO, 3 KEYLO_HI)
function [7:0] key_reg;
    input integer n;
    case (n)
        0: key_reg = `QPAC_REG_KEYHI_LO;
        1: key_reg = `QPAC_REG_KEYHI_HI;
        2: key_reg = `QPAC_REG_KEYLO_LO;
        default: key_reg = `QPAC_REG_KEYLO_HI;
    endcase
endfunction

// write the staging words of mask m with the values kw[], in a random order
task stage_words;
    input [3:0] m;
    reg   [3:0] left;
    begin
        left = m;
        while (left != 4'd0) begin
            k = {$random(seed)} % 4;
            if (left[k]) begin
                wr_ok(key_reg(k), kw[k]);
                left[k] = 1'b0;
            end
        end
    end
endtask

// CTRL.KEYWR for key sel; expect_err: the commit must be refused
task key_commit;
    input [2:0] sel;
    input       expect_err;
    begin
        ctrl = 32'd0;
        ctrl[`QPAC_CTRL_KEYWR] = 1'b1;
        ctrl[`QPAC_CTRL_KEY] = sel;
        if (expect_err && ($random(seed) & 1)) ctrl[`QPAC_CTRL_START] = 1'b1; // refused as a whole
        apb(1'b1, `QPAC_REG_CTRL, ctrl);
        if (err !== expect_err) begin
            $display("ERROR: record %0d: KEYWR key %0d: PSLVERR %b, expected %b", nrec, sel, err, expect_err);
            errors = errors + 1;
        end
        if (expect_err) nbad = nbad + 1;
        wait_idle;
    end
endtask

// a random mask of 1..3 words
function [3:0] partial_mask;
    input integer r;
    begin
        partial_mask = r[3:0];
        if (partial_mask == 4'hf || partial_mask == 4'h0) partial_mask = 4'b0011;
    end
endfunction

task do_key;
    begin
        variant = {$random(seed)} % 4;
        kw[0] = rec[159:128]; kw[1] = rec[191:160]; kw[2] = rec[95:64]; kw[3] = rec[127:96];
        if (variant == 3) begin
            // interleaved: an operation (and a refused staging write while it
            // is BUSY) between the halves of the key
            wmask = partial_mask($random(seed));
            stage_words(wmask);
            wr_ok(`QPAC_REG_OPX_LO, $random(seed));
            ctrl = 32'd0;
            ctrl[`QPAC_CTRL_START] = 1'b1;
            ctrl[`QPAC_CTRL_OP] = `QPAC_ENC_OP_XPAC;
            quick = LATENCY >= BUSY_MIN;
            wr_ok(`QPAC_REG_CTRL, ctrl);
            if (quick) begin
                apb(1'b1, key_reg(0), 32'hdeadbeef);
                if (!err) begin $display("ERROR: no PSLVERR on a key staging write while BUSY"); errors = errors + 1; end
            end
            quick = 1'b0;
            wait_idle;
            stage_words(~wmask);
        end else begin
            stage_words(4'hf);
        end
        rd_expect(`QPAC_REG_KEYHI_LO, 32'd0); // write-only
        rd_expect(`QPAC_REG_KEYLO_HI, 32'd0);
        key_commit(rec[198:196], 1'b0);
        kw[0] = $random(seed); kw[1] = $random(seed); kw[2] = $random(seed); kw[3] = $random(seed);
        if (variant == 1) begin
            // partial: some words, then KEYWR: refused, the key stays
            stage_words(partial_mask($random(seed)));
            key_commit(rec[198:196], 1'b1);
        end else if (variant == 2) begin
            // stale: the commit cleared the staging, so a commit now is
            // refused; then an abandoned sequence, which the next key's
            // complete sequence must overwrite
            key_commit(rec[198:196], 1'b1);
            stage_words(($random(seed) & 1) ? 4'hf : partial_mask($random(seed)));
        end
    end
endtask

// one image record; returns early (did_reset) when the mid-run reset hits it
task do_record;
    begin
        case (rec[207:204])
            4'd1: begin // configuration: write and read back (CFG also
                // before the TSZLIM write, whose stored word repeats CFG)
                wr_ok(`QPAC_REG_CFG, rec[159:128]);
                rd_expect(`QPAC_REG_CFG, rec[159:128]);
                wr_ok(`QPAC_REG_TSZLIM, rec[191:160]);
                rd_expect(`QPAC_REG_CFG, rec[159:128]);
                rd_expect(`QPAC_REG_TSZLIM, rec[191:160]);
            end
            4'd2: do_key;
            4'd3: begin // operation
                wr_ok(`QPAC_REG_OPX_LO, rec[159:128]);
                wr_ok(`QPAC_REG_OPX_HI, rec[191:160]);
                wr_ok(`QPAC_REG_OPY_LO, rec[95:64]);
                wr_ok(`QPAC_REG_OPY_HI, rec[127:96]);
                // the operand registers read back as written (every bit of the read
                // mux), last written first: an odd number of accesses after each write
                rd_expect(`QPAC_REG_OPY_HI, rec[127:96]);
                rd_expect(`QPAC_REG_OPY_LO, rec[95:64]);
                rd_expect(`QPAC_REG_OPX_HI, rec[191:160]);
                rd_expect(`QPAC_REG_OPX_LO, rec[159:128]);
                // and the identification registers, now that OPX/OPY hold data
                rd_expect(`QPAC_REG_NAME0, `QPAC_NAME0_VALUE);
                rd_expect(`QPAC_REG_NAME1, `QPAC_NAME1_VALUE);
                rd_expect(`QPAC_REG_VERSION, `QPAC_VERSION_VALUE);
                rd_expect(`QPAC_REG_CAPS, DEPTH * 256 + LATENCY);
                ctrl = 32'd0;
                ctrl[`QPAC_CTRL_START] = 1'b1;
                ctrl[`QPAC_CTRL_OP] = rec[202:200];
                ctrl[`QPAC_CTRL_KEY] = rec[198:196];
                quick = nops == 0 && LATENCY >= BUSY_MIN;
                wr_ok(`QPAC_REG_CTRL, ctrl);
                if (quick) begin
                    // a command while BUSY is refused and changes nothing
                    apb(1'b1, `QPAC_REG_CTRL, 32'h00000001);
                    if (!err) begin $display("ERROR: no PSLVERR on CTRL write while BUSY"); errors = errors + 1; end
                end
                quick = 1'b0;
                if (!did_reset && nrec == reset_at) begin
                    // reset with the operation in flight
                    @(negedge clk);
                    rst_n = 1'b0;
                    repeat (1 + {$random(seed)} % 3) @(negedge clk);
                    rst_n = 1'b1;
                    did_reset = 1'b1;
                end else begin
                    check_op;
                end
            end
            default: $fatal(1, "%0s: record %0d: bad kind", BENCH, nrec);
        endcase
    end
endtask

task check_op;
    begin
        wait_idle;
        if (!rd[`QPAC_STATUS_DONE]) begin
            $display("ERROR: record %0d: STATUS %h: DONE not set", nrec, rd);
            errors = errors + 1;
        end
        apb(1'b0, `QPAC_REG_RES_LO, 32'd0);
        rd2 = rd;
        apb(1'b0, `QPAC_REG_RES_HI, 32'd0);
        result = {rd, rd2};
        apb(1'b0, `QPAC_REG_STATUS, 32'd0);
        if (rd[`QPAC_STATUS_FAULT]) nfault = nfault + 1;
        if (rec[195:192] != 4'd0 &&
            (result !== rec[63:0] || rd[`QPAC_STATUS_FAULT] !== (rec[195:192] == 4'd2))) begin
            $display("ERROR: %0s record %0d: op %0d key %0d x=%h y=%h: RES %h FAULT %b, expected %h fault %b",
                     in_reset_pass ? "after reset" : "", nrec, rec[203:200], rec[199:196], rec[191:128],
                     rec[127:64], result, rd[`QPAC_STATUS_FAULT], rec[63:0], rec[195:192] == 4'd2);
            errors = errors + 1;
        end
        nops = nops + 1;
    end
endtask

// run the image; the first pass stops at the mid-run reset
task run_image;
    begin
        nrec = 0;
        while (nrec < nimage) begin
            rec = image[nrec];
            do_record;
            if (did_reset && !replaying && nrec == reset_at) nrec = nimage;
            else nrec = nrec + 1;
        end
    end
endtask
reg replaying;

initial begin
    if (!$value$plusargs("image=%s", image_file)) image_file = "build/rtl/smoke.memh";
    if (!$value$plusargs("reset_image=%s", zimage_file)) zimage_file = "build/rtl/after_reset.memh";
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    for (i = 0; i < MAXR; i = i + 1) image[i] = 208'd0;
    for (i = 0; i < MAXZ; i = i + 1) zimage[i] = 208'd0;
    $readmemh(image_file, image);
    $readmemh(zimage_file, zimage);
    errors = 0; nops = 0; nfault = 0; nzops = 0; nbad = 0;
    did_reset = 1'b0; in_reset_pass = 1'b0; replaying = 1'b0; quick = 1'b0;
`ifdef QPAC_TB_AXIL
    awvalid = 0; wvalid = 0; bready = 0; arvalid = 0; rready = 0;
    awaddr = 0; araddr = 0; wdata = 0; wstrb = 0;
`else
    psel = 0; penable = 0; pwrite = 0; paddr = 0; pwdata = 0;
`endif
    nimage = 0;
    while (nimage < MAXR && image[nimage][207:204] != 4'd0) nimage = nimage + 1;
    if (nimage == MAXR) $fatal(1, "%0s: %0s has no end record within %0d records", BENCH, image_file, MAXR);
    // the end record counts the records before it: a cut image reads as zeros here
    if (image[nimage][63:32] != 32'd0 || image[nimage][31:0] != nimage)
        $fatal(1, "%0s: %0s: end record counts %0d records, image has %0d (cut short?)", BENCH, image_file, image[nimage][63:0], nimage);
    // the mid-run reset: at a random operation record of the first pass
    reset_at = 0;
    for (i = 0; i < nimage; i = i + 1) if (image[i][207:204] == 4'd3) reset_at = reset_at + 1;
    if (reset_at == 0) $fatal(1, "%0s: no operations in %0s", BENCH, image_file);
    k = {$random(seed)} % reset_at;     // the k-th operation record
    for (i = 0; i < nimage; i = i + 1)
        if (image[i][207:204] == 4'd3) begin
            if (k == 0) reset_at = i;
            k = k - 1;
        end
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    // identification, reset values, errors
    rd_expect(`QPAC_REG_NAME0, `QPAC_NAME0_VALUE);
    rd_expect(`QPAC_REG_NAME1, `QPAC_NAME1_VALUE);
    rd_expect(`QPAC_REG_VERSION, `QPAC_VERSION_VALUE);
    rd_expect(`QPAC_REG_CAPS, DEPTH * 256 + LATENCY);   // DEPTH<15:8>, LATENCY<7:0>
    rd_expect(`QPAC_REG_CFG, `QPAC_REG_CFG_RESET);
    rd_expect(`QPAC_REG_TSZLIM, `QPAC_REG_TSZLIM_RESET);
    rd_expect(`QPAC_REG_STATUS, 32'd0);
    apb(1'b0, 8'h3c, 32'd0);
    if (!err) begin $display("ERROR: no PSLVERR reading unmapped offset 3c"); errors = errors + 1; end
    apb(1'b1, 8'h11, 32'd0);
    if (!err) begin $display("ERROR: no PSLVERR writing unaligned offset 11"); errors = errors + 1; end
`ifdef QPAC_TB_AXIL
    // a write with partial WSTRB: SLVERR, not performed
    wchan(`QPAC_REG_OPX_LO, 32'h12345678, 4'b0111, 1'b0);
    if (!err) begin $display("ERROR: no SLVERR on a write with WSTRB 0111"); errors = errors + 1; end
    rd_expect(`QPAC_REG_OPX_LO, 32'd0);
`endif
    // a commit with nothing staged is refused
    nrec = -1;
    key_commit(3'd0, 1'b1);
    regmap_checks;
    // first pass, cut by the reset
    run_image;
    if (!did_reset) $fatal(1, "%0s: the mid-run reset never happened (record %0d)", BENCH, reset_at);
    // after the reset: reset values, an empty staging, zero keys
    in_reset_pass = 1'b1;
    rd_expect(`QPAC_REG_CFG, `QPAC_REG_CFG_RESET);
    rd_expect(`QPAC_REG_TSZLIM, `QPAC_REG_TSZLIM_RESET);
    rd_expect(`QPAC_REG_STATUS, 32'd0);
    rd_expect(`QPAC_REG_RES_LO, 32'd0);
    rd_expect(`QPAC_REG_OPX_HI, 32'd0);
    key_commit(3'd0, 1'b1);
    for (nrec = 0; nrec < MAXZ && zimage[nrec][207:204] != 4'd0; nrec = nrec + 1) begin
        rec = zimage[nrec];
        if (rec[207:204] != 4'd3) $fatal(1, "%0s: %0s: record %0d is not an operation", BENCH, zimage_file, nrec);
        check_op_start;
        check_op;
        nzops = nzops + 1;
    end
    if (nzops == 0) $fatal(1, "%0s: no operations in %0s", BENCH, zimage_file);
    // the whole image again from the reset state
    in_reset_pass = 1'b0;
    replaying = 1'b1;
    run_image;
    if (nops == 0) $fatal(1, "%0s: no operations in %0s", BENCH, image_file);
    if (errors != 0) $fatal(1, "%0s DEPTH=%0d PTR_PIPE=%0d %0s: %0d errors", BENCH, DEPTH, PTR_PIPE, image_file, errors);
    $display("%0s DEPTH=%0d%0s%0s: %0d operations (%0d faults) passed, %0d refused key commits, reset at record %0d then %0d zero-key operations: %0s",
             BENCH, DEPTH, PTR_PIPE ? " PTR_PIPE=1" : "", ACC_SETUP ? " ACC_SETUP=1" : "",
             nops, nfault, nbad, reset_at, nzops, image_file);
    $finish;
end

// deterministic checks of the register rules (before the image; keys stay 0,
// TSZLIM returns to its reset value)
task regmap_checks;
    integer n;
    reg [31:0] done_st;
    begin
        done_st = 32'd0;
        done_st[`QPAC_STATUS_DONE] = 1'b1;
        // an operation, so that DONE is set: XPACI, which never faults
        ctrl = 32'd0;
        ctrl[`QPAC_CTRL_START] = 1'b1;
        ctrl[`QPAC_CTRL_OP] = `QPAC_ENC_OP_XPAC;
        wr_ok(`QPAC_REG_CTRL, ctrl);
        wait_idle;
        rd_expect(`QPAC_REG_STATUS, done_st);
        // a CTRL write with neither START nor KEYWR changes no status
        wr_ok(`QPAC_REG_CTRL, 32'd0);
        rd_expect(`QPAC_REG_STATUS, done_st);
        // KEY_STAGING: each word is needed; the other three are not enough,
        // then the fourth completes it (key IA := 0, its reset value)
        kw[0] = 32'd0; kw[1] = 32'd0; kw[2] = 32'd0; kw[3] = 32'd0;
        for (n = 0; n < 4; n = n + 1) begin
            stage_words(4'hf & ~(4'd1 << n));
            key_commit(3'd0, 1'b1);
            wr_ok(key_reg(n), 32'd0);
            key_commit(3'd0, 1'b0);
            // a key commit leaves DONE (the last START's result is still in RES)
            rd_expect(`QPAC_REG_STATUS, done_st);
        end
        // TSZLIM writes are clamped into TSZMIN 12..16, TSZMAX 39..48 (below
        // the range: the minimum, above: the maximum)
        wr_ok(`QPAC_REG_TSZLIM, 32'h00000a05);   // TSZMAX 10, TSZMIN 5
        rd_expect(`QPAC_REG_TSZLIM, 32'h0000270c);
        wr_ok(`QPAC_REG_TSZLIM, 32'h00003f3f);   // TSZMAX 63, TSZMIN 63
        rd_expect(`QPAC_REG_TSZLIM, 32'h00003010);
        wr_ok(`QPAC_REG_TSZLIM, 32'h0000172e);   // TSZMAX 23, TSZMIN 46
        rd_expect(`QPAC_REG_TSZLIM, 32'h00002710);
        wr_ok(`QPAC_REG_TSZLIM, `QPAC_REG_TSZLIM_RESET);
        rd_expect(`QPAC_REG_TSZLIM, `QPAC_REG_TSZLIM_RESET);
    end
endtask

// start the operation of record rec (no reset, no BUSY probe)
task check_op_start;
    begin
        wr_ok(`QPAC_REG_OPX_LO, rec[159:128]);
        wr_ok(`QPAC_REG_OPX_HI, rec[191:160]);
        wr_ok(`QPAC_REG_OPY_LO, rec[95:64]);
        wr_ok(`QPAC_REG_OPY_HI, rec[127:96]);
        ctrl = 32'd0;
        ctrl[`QPAC_CTRL_START] = 1'b1;
        ctrl[`QPAC_CTRL_OP] = rec[202:200];
        ctrl[`QPAC_CTRL_KEY] = rec[198:196];
        wr_ok(`QPAC_REG_CTRL, ctrl);
    end
endtask

endmodule

`default_nettype wire

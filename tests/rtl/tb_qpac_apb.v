// tb_qpac_apb.v - bench of the APB3 register wrapper qpac_apb on an RTL vector
// image (the same images as tb_qpac_unit): configuration through CFG/TSZLIM
// (read back and compared), keys through the staging registers and
// CTRL.KEYWR (staging must read 0), operations through OPX/OPY, CTRL.START,
// STATUS polling and RES/STATUS.FAULT, with random idle cycles between
// transfers. Also checks NAME/VERSION/CAPS, PSLVERR on an unmapped offset and
// on a CTRL write while BUSY. Ends with $fatal(1, ...) on any error.
// Plusargs: +image=FILE +seed=N.
`default_nettype none

module tb_qpac_apb;

parameter integer DEPTH = 12;
parameter integer PTR_PIPE = 0;
localparam integer LATENCY = DEPTH + 2 * PTR_PIPE;
localparam integer MAXR = 65536;

reg clk = 1'b0;
reg rst_n = 1'b0;
always #5 clk = !clk;

reg  [207:0] image [0:MAXR-1];

reg         psel, penable, pwrite;
reg  [7:0]  paddr;
reg  [31:0] pwdata;
wire [31:0] prdata;
wire        pready, pslverr;

qpac_apb #(.DEPTH(DEPTH), .PTR_PIPE(PTR_PIPE)) dut (
    .clk_i(clk), .rst_ni(rst_n), .psel_i(psel), .penable_i(penable), .pwrite_i(pwrite),
    .paddr_i(paddr), .pwdata_i(pwdata), .prdata_o(prdata), .pready_o(pready),
    .pslverr_o(pslverr));

integer seed, errors, nrec, nops, nfault, timeout, i, polls;
reg [1023:0] image_file;
reg [31:0]   rd, rd2;
reg          err;

// one APB transfer; returns read data in rd and PSLVERR in err
task apb;
    input        write;
    input [7:0]  addr;
    input [31:0] data;
    begin
        @(negedge clk);
        while (($random(seed) & 7) == 0) @(negedge clk); // idle cycles
        psel = 1'b1; penable = 1'b0; pwrite = write; paddr = addr; pwdata = data;
        @(negedge clk);
        penable = 1'b1;
        @(posedge clk);
        timeout = 0;
        while (!pready) begin
            @(posedge clk);
            timeout = timeout + 1;
            if (timeout > 1000) $fatal(1, "tb_qpac_apb: PREADY stuck low at %h", addr);
        end
        rd = prdata;
        err = pslverr;
        @(negedge clk);
        psel = 1'b0; penable = 1'b0;
    end
endtask

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
            if (polls > 1000) $fatal(1, "tb_qpac_apb: STATUS.BUSY stuck");
            apb(1'b0, `QPAC_REG_STATUS, 32'd0);
        end
    end
endtask

reg [207:0] rec;
reg [31:0]  ctrl;
reg [63:0]  result;

initial begin
    if (!$value$plusargs("image=%s", image_file)) image_file = "build/rtl/smoke.memh";
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    for (i = 0; i < MAXR; i = i + 1) image[i] = 208'd0;
    $readmemh(image_file, image);
    errors = 0; nops = 0; nfault = 0;
    psel = 0; penable = 0; pwrite = 0; paddr = 0; pwdata = 0;
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
    nrec = 0;
    while (nrec < MAXR && image[nrec][207:204] != 4'd0) begin
        rec = image[nrec];
        case (rec[207:204])
            4'd1: begin // configuration: write and read back
                wr_ok(`QPAC_REG_CFG, rec[159:128]);
                wr_ok(`QPAC_REG_TSZLIM, rec[191:160]);
                rd_expect(`QPAC_REG_CFG, rec[159:128]);
                rd_expect(`QPAC_REG_TSZLIM, rec[191:160]);
            end
            4'd2: begin // key: staging registers, then CTRL.KEYWR
                wr_ok(`QPAC_REG_KEYHI_LO, rec[159:128]);
                wr_ok(`QPAC_REG_KEYHI_HI, rec[191:160]);
                wr_ok(`QPAC_REG_KEYLO_LO, rec[95:64]);
                wr_ok(`QPAC_REG_KEYLO_HI, rec[127:96]);
                rd_expect(`QPAC_REG_KEYHI_LO, 32'd0); // write-only
                rd_expect(`QPAC_REG_KEYLO_HI, 32'd0);
                ctrl = 32'd0;
                ctrl[`QPAC_CTRL_KEYWR] = 1'b1;
                ctrl[`QPAC_CTRL_KEY] = rec[198:196];
                wr_ok(`QPAC_REG_CTRL, ctrl);
                wait_idle;
            end
            4'd3: begin // operation
                wr_ok(`QPAC_REG_OPX_LO, rec[159:128]);
                wr_ok(`QPAC_REG_OPX_HI, rec[191:160]);
                wr_ok(`QPAC_REG_OPY_LO, rec[95:64]);
                wr_ok(`QPAC_REG_OPY_HI, rec[127:96]);
                ctrl = 32'd0;
                ctrl[`QPAC_CTRL_START] = 1'b1;
                ctrl[`QPAC_CTRL_OP] = rec[202:200];
                ctrl[`QPAC_CTRL_KEY] = rec[198:196];
                wr_ok(`QPAC_REG_CTRL, ctrl);
                if (nops == 0 && LATENCY >= 4) begin
                    // a command while BUSY is refused and changes nothing
                    apb(1'b1, `QPAC_REG_CTRL, 32'h00000001);
                    if (!err) begin $display("ERROR: no PSLVERR on CTRL write while BUSY"); errors = errors + 1; end
                end
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
                    $display("ERROR: record %0d: op %0d key %0d x=%h y=%h: RES %h FAULT %b, expected %h fault %b",
                             nrec, rec[203:200], rec[199:196], rec[191:128], rec[127:64], result,
                             rd[`QPAC_STATUS_FAULT], rec[63:0], rec[195:192] == 4'd2);
                    errors = errors + 1;
                end
                nops = nops + 1;
            end
            default: $fatal(1, "tb_qpac_apb: record %0d: bad kind", nrec);
        endcase
        nrec = nrec + 1;
    end
    if (nops == 0) $fatal(1, "tb_qpac_apb: no operations in %0s", image_file);
    if (nrec == MAXR) $fatal(1, "tb_qpac_apb: %0s has no end record within %0d records", image_file, MAXR);
    // the end record counts the records before it: a cut image reads as zeros here
    if (image[nrec][63:32] != 32'd0 || image[nrec][31:0] != nrec) $fatal(1, "tb_qpac_apb: %0s: end record counts %0d records, image has %0d (cut short?)", image_file, image[nrec][63:0], nrec);
    if (errors != 0) $fatal(1, "tb_qpac_apb DEPTH=%0d PTR_PIPE=%0d %0s: %0d errors", DEPTH, PTR_PIPE, image_file, errors);
    $display("tb_qpac_apb DEPTH=%0d%0s: %0d operations (%0d faults) passed: %0s", DEPTH, PTR_PIPE ? " PTR_PIPE=1" : "", nops, nfault, image_file);
    $finish;
end

endmodule

`default_nettype wire

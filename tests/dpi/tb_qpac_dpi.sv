// tb_qpac_dpi.sv - SystemVerilog scoreboard bench: drives qpac_unit with random
// operations (every op/key combination, some illegal), key and configuration
// writes, bubbles, output back-pressure and a mid-run reset, and checks every
// result against the DPI-C reference model (qpac_dpi_pkg, libqpac).
// The model sees each write when the unit takes it and computes each
// operation's expectation when the unit accepts it (the unit drains its
// pipeline before a write, so that is the state the operation uses).
// Plusargs: +count=N (operations to check, default 20000) +seed=N
// +corrupt=N (negative test: flip one bit of the N-th expectation; the bench
// must then fail). Ends with $fatal on any mismatch.
`default_nettype none

module tb_qpac_dpi;
  import qpac_dpi_pkg::*;

  parameter int DEPTH = 12;
  parameter int KEY_PIPE = 0;
  parameter int PTR_PIPE = 0;
  parameter int GLOBAL_STALL = 0;
  localparam int TAG_W = 16;

  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk = !clk;

  logic             key_we, cfg_we, in_valid, out_ready;
  logic [2:0]       key_sel, in_op, in_key;
  logic [63:0]      key_hi, key_lo, in_x, in_y;
  logic [31:0]      cfg_w, tszlim_w;
  logic [TAG_W-1:0] in_tag;
  wire              wr_ready, in_ready, out_valid, out_fault;
  wire [31:0]       cfg_rd, tszlim_rd;
  wire [63:0]       out_value;
  wire [TAG_W-1:0]  out_tag;

  qpac_unit #(.DEPTH(DEPTH), .TAG_W(TAG_W), .KEY_PIPE(KEY_PIPE), .PTR_PIPE(PTR_PIPE),
              .GLOBAL_STALL(GLOBAL_STALL)) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .key_we_i(key_we), .key_sel_i(key_sel), .key_hi_i(key_hi), .key_lo_i(key_lo),
    .cfg_we_i(cfg_we), .cfg_i(cfg_w), .tszlim_i(tszlim_w),
    .wr_ready_o(wr_ready), .cfg_o(cfg_rd), .tszlim_o(tszlim_rd),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_op_i(in_op), .in_key_i(in_key),
    .in_x_i(in_x), .in_y_i(in_y), .in_tag_i(in_tag),
    .out_valid_o(out_valid), .out_ready_i(out_ready), .out_value_o(out_value),
    .out_fault_o(out_fault), .out_tag_o(out_tag));

  typedef struct {
    logic [TAG_W-1:0] tag;
    bit [2:0]         op, key;
    longint unsigned  x, y, value;
    bit               fault, illegal;
  } exp_t;
  exp_t expq[$];

  chandle ctx;
  int unsigned seed, count, corrupt;
  int unsigned nops, nchecked, nillegal, nfault, nkey, ncfg, nbubble, nstall, errors;
  bit in_reset_phase;
  bit pending;  // the driven item is not taken yet

  function automatic longint unsigned rand64();
    return {$urandom(), $urandom()};
  endfunction

  // pointers that exercise the PAC field: canonical, tagged, non-canonical
  function automatic longint unsigned rand_ptr();
    longint unsigned p = rand64();
    case ($urandom_range(0, 3))
      0: p = p & 64'h0000_ffff_ffff_ffff;
      1: p = p | 64'hffff_0000_0000_0000;
      2: p = p & 64'h00ff_ffff_ffff_ffff;
      default: ;
    endcase
    return p;
  endfunction

  // a random configuration: CFG and TSZLIM words (any value: the unit clamps)
  function automatic logic [63:0] rand_cfg();
    logic [31:0] c = $urandom() & 32'h711f_3f3f;
    logic [31:0] t = $urandom() & 32'h0000_3f3f;
    if ($urandom_range(0, 3) != 0) c[30:28] = 3'($urandom_range(1, 5));
    if ($urandom_range(0, 3) != 0) begin c[5:0] = 6'($urandom_range(12, 48)); c[13:8] = 6'($urandom_range(12, 48)); end
    return {t, c};
  endfunction

  // ---- drive: one random item per cycle ------------------------------------------
  task automatic drive();
    int kind;
    key_we <= 1'b0; cfg_we <= 1'b0; in_valid <= 1'b0;
    while (nchecked < count) begin
      @(negedge clk);
      out_ready <= $urandom_range(0, 3) != 0;
      if (in_reset_phase) continue;
      if (pending) continue;  // an item stays up until the unit takes it
      key_we <= 1'b0; cfg_we <= 1'b0; in_valid <= 1'b0;
      kind = $urandom_range(0, 99);
      pending = kind < 4 || kind >= 20;
      if (kind < 2) begin
        key_we <= 1'b1; key_sel <= 3'($urandom_range(0, 5)); // 5: no such key
        key_hi <= rand64(); key_lo <= rand64();
      end else if (kind < 4) begin
        logic [63:0] w = rand_cfg();
        cfg_we <= 1'b1; cfg_w <= w[31:0]; tszlim_w <= w[63:32];
      end else if (kind < 20) begin
        nbubble++;
      end else begin
        bit [2:0] op = 3'($urandom_range(0, 4));
        bit [2:0] key = op == 3'd4 ? 3'd4 : 3'($urandom_range(0, 3));
        if ($urandom_range(0, 49) == 0) begin op = 3'($urandom()); key = 3'($urandom()); end
        in_valid <= 1'b1; in_op <= op; in_key <= key;
        in_x <= rand_ptr(); in_y <= (op == 3'd2 && key[1]) ? 64'd0 : rand64();
        in_tag <= in_tag + 1'b1;
      end
    end
  endtask

  // ---- monitor: writes and accepted operations into the model, results checked ---
  always @(posedge clk) if (rst_n) begin
    if ((key_we || cfg_we) && wr_ready || in_valid && in_ready) pending = 1'b0;
    if (key_we && wr_ready) begin
      void'(qpac_dpi_set_key(ctx, 32'(key_sel), key_hi, key_lo));
      nkey++;
    end
    if (cfg_we && wr_ready) begin
      qpac_dpi_set_cfg(ctx, cfg_w, tszlim_w);
      ncfg++;
    end
    if (in_valid && in_ready) begin
      exp_t e;
      longint unsigned v;
      bit f;
      e.tag = in_tag; e.op = in_op; e.key = in_key; e.x = in_x; e.y = in_y;
      e.illegal = qpac_dpi_exec(ctx, 32'(in_op), 32'(in_key), in_x, in_y, v, f) != 0;
      e.value = v; e.fault = f;
      nops++;
      if (nops == corrupt) e.value ^= 64'h1;
      expq.push_back(e);
    end
    if (out_valid && !out_ready) nstall++;
    if (out_valid && out_ready) begin
      if (expq.size() == 0) begin
        $display("ERROR: a result (tag %0d) with no operation outstanding", out_tag);
        errors++;
      end else begin
        exp_t e = expq.pop_front();
        if (out_tag !== e.tag || out_value !== e.value || out_fault !== e.fault) begin
          $display("ERROR: %s x=%016x y=%016x (tag %0d): unit %016x fault %0d tag %0d, model %016x fault %0d",
                   qpac_dpi_mnemonic(32'(e.op), 32'(e.key)), e.x, e.y, e.tag, out_value, out_fault,
                   out_tag, e.value, e.fault);
          errors++;
          if (errors >= 10) $fatal(1, "tb_qpac_dpi: too many mismatches");
        end
        if (e.illegal) nillegal++;
        if (e.fault) nfault++;
        nchecked++;
      end
    end
    // the stored configuration reads back as the model stores it
    if (!cfg_we && !in_reset_phase &&
        (cfg_rd !== qpac_dpi_get_cfg(ctx) || tszlim_rd !== qpac_dpi_get_tszlim(ctx))) begin
      $display("ERROR: cfg_o/tszlim_o %08x/%08x, model %08x/%08x", cfg_rd, tszlim_rd,
               qpac_dpi_get_cfg(ctx), qpac_dpi_get_tszlim(ctx));
      errors++;
    end
  end

  // ---- a reset in the middle of the run ------------------------------------------
  task automatic mid_reset();
    wait (nchecked >= count / 2);
    @(negedge clk);
    in_reset_phase = 1'b1;
    key_we <= 1'b0; cfg_we <= 1'b0; in_valid <= 1'b0;
    pending = 1'b0;
    rst_n = 1'b0;
    expq.delete();          // operations in flight are lost
    qpac_dpi_reset(ctx);
    repeat (2) @(negedge clk);
    rst_n = 1'b1;
    in_reset_phase = 1'b0;
  endtask

  initial begin
    if (!$value$plusargs("count=%d", count)) count = 20000;
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (!$value$plusargs("corrupt=%d", corrupt)) corrupt = 0;
    void'($urandom(seed));
    ctx = qpac_dpi_new();
    key_we = 0; cfg_we = 0; in_valid = 0; out_ready = 1; in_tag = '0;
    key_sel = 0; key_hi = 0; key_lo = 0; cfg_w = 0; tszlim_w = 0;
    in_op = 0; in_key = 0; in_x = 0; in_y = 0;
    in_reset_phase = 1'b0;
    pending = 1'b0;
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    fork
      drive();
      mid_reset();
    join
    // drain
    in_valid <= 1'b0; out_ready <= 1'b1;
    repeat (DEPTH + 2 * PTR_PIPE + 4) @(negedge clk);
    if (expq.size() != 0) begin
      $display("ERROR: %0d operations never returned a result", expq.size());
      errors++;
    end
    qpac_dpi_free(ctx);
    if (errors != 0)
      $fatal(1, "tb_qpac_dpi DEPTH=%0d: %0d errors", DEPTH, errors);
    $display("tb_qpac_dpi DEPTH=%0d KEY_PIPE=%0d PTR_PIPE=%0d GLOBAL_STALL=%0d seed %0d: %0d results checked through DPI-C (%0d faults, %0d illegal), %0d key and %0d cfg writes, %0d bubbles, %0d stalled cycles, one mid-run reset: passed",
             DEPTH, KEY_PIPE, PTR_PIPE, GLOBAL_STALL, seed, nchecked, nfault, nillegal, nkey, ncfg, nbubble, nstall);
    $finish;
  end

endmodule

`default_nettype wire

// qpac_unit_props.sv - formal properties of qpac_unit at its ports (issue 13,
// properties 1-5; doc/verification.md). Read by Yosys with -formal only.
// The environment is free except: reset in the first cycle, tags numbered in
// acceptance order, and an offered operation held until it is accepted. Key
// contents are observed through `probe_keys`, which the .sby script connects
// to the key file's output after flattening (there is no key port to read).
`default_nettype none

module qpac_unit_props #(
    parameter integer DEPTH        = 3,
    parameter integer KEY_PIPE     = 0,
    parameter integer PTR_PIPE     = 0,
    parameter integer GLOBAL_STALL = 0
) (
    input wire        clk_i,
    input wire        rst_ni,
    input wire        key_we_i,
    input wire [2:0]  key_sel_i,
    input wire [63:0] key_hi_i,
    input wire [63:0] key_lo_i,
    input wire        cfg_we_i,
    input wire [31:0] cfg_i,
    input wire [31:0] tszlim_i,
    input wire        in_valid_i,
    input wire [2:0]  in_op_i,
    input wire [2:0]  in_key_i,
    input wire [63:0] in_x_i,
    input wire [63:0] in_y_i,
    input wire        out_ready_i
);

`include "qpac_regmap.vh"

localparam integer TAG_W   = 8;
localparam integer LATENCY = DEPTH + 2 * PTR_PIPE;
// what the unit can hold: its slots, plus the second entry of the output
// buffer that PTR_PIPE=1 with GLOBAL_STALL=1 has (qpac_unit)
localparam integer CAPACITY = LATENCY + ((PTR_PIPE != 0 && GLOBAL_STALL != 0) ? 1 : 0);
localparam integer CNT_W   = TAG_W;  // in flight <= CAPACITY < 2**TAG_W: no wrap

wire             wr_ready_o, in_ready_o, out_valid_o, out_fault_o;
wire [31:0]      cfg_o, tszlim_o;
wire [63:0]      out_value_o;
wire [TAG_W-1:0] out_tag_o;
reg  [CNT_W-1:0] acc_cnt, del_cnt;   // operations accepted / results taken
wire [TAG_W-1:0] in_tag_i = acc_cnt[TAG_W-1:0];

qpac_unit #(.DEPTH(DEPTH), .TAG_W(TAG_W), .KEY_PIPE(KEY_PIPE), .PTR_PIPE(PTR_PIPE),
            .GLOBAL_STALL(GLOBAL_STALL)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .key_we_i(key_we_i), .key_sel_i(key_sel_i), .key_hi_i(key_hi_i), .key_lo_i(key_lo_i),
    .cfg_we_i(cfg_we_i), .cfg_i(cfg_i), .tszlim_i(tszlim_i), .wr_ready_o(wr_ready_o),
    .cfg_o(cfg_o), .tszlim_o(tszlim_o),
    .in_valid_i(in_valid_i), .in_ready_o(in_ready_o), .in_op_i(in_op_i), .in_key_i(in_key_i),
    .in_x_i(in_x_i), .in_y_i(in_y_i), .in_tag_i(in_tag_i),
    .out_valid_o(out_valid_o), .out_ready_i(out_ready_i), .out_value_o(out_value_o),
    .out_fault_o(out_fault_o), .out_tag_o(out_tag_o));

(* keep *) wire [5*128-1:0] probe_keys;   // connected by the .sby script

wire accept  = in_valid_i && in_ready_o;
wire deliver = out_valid_o && out_ready_i;
wire wr_req  = key_we_i || cfg_we_i;
wire wr_take = wr_req && wr_ready_o;
wire [CNT_W-1:0] inflight = acc_cnt - del_cnt;

// ---- environment ----------------------------------------------------------------
reg init = 1'b1;
reg past_valid = 1'b0;
reg rst_past;          // rst_ni one clock ago
always @(posedge clk_i) begin
    init <= 1'b0;
    past_valid <= 1'b1;
    rst_past <= rst_ni;
end
always @* if (init) assume (!rst_ni);

always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
        acc_cnt <= 0;
        del_cnt <= 0;
    end else begin
        acc_cnt <= acc_cnt + accept;
        del_cnt <= del_cnt + deliver;
    end
end

// an offered operation stays offered, unchanged, until it is accepted
reg        held;
reg [2:0]  h_op, h_key;
reg [63:0] h_x, h_y;
always @(posedge clk_i) begin
    held <= rst_ni && in_valid_i && !in_ready_o;
    h_op <= in_op_i; h_key <= in_key_i; h_x <= in_x_i; h_y <= in_y_i;
end
always @* if (past_valid && rst_ni && held)
    assume (in_valid_i && in_op_i == h_op && in_key_i == h_key && in_x_i == h_x && in_y_i == h_y);

// ---- 1. handshake: a result stays valid, its payload stable, until taken -------------
reg        stalled;
reg [63:0] s_value;
reg        s_fault;
reg [TAG_W-1:0] s_tag;
always @(posedge clk_i) begin
    stalled <= rst_ni && out_valid_o && !out_ready_i && (LATENCY != 0 || !wr_req);
    s_value <= out_value_o; s_fault <= out_fault_o; s_tag <= out_tag_o;
end
always @* if (past_valid && rst_ni && stalled && (LATENCY != 0 || !wr_req)) begin
    p1_stable_valid: assert (out_valid_o);
    p1_stable_tag: assert (out_tag_o == s_tag);
`ifdef QPAC_FORMAL_PAYLOAD
    // the value and fault bits bring the whole cipher into the cone: a run of its own
    p1_stable_payload: assert (out_value_o == s_value && out_fault_o == s_fault);
`endif
end
// no result without an accepted operation (LATENCY 0: the result of the
// operation on offer, combinational, before it is taken)
always @* if (rst_ni && out_valid_o)
    p1_no_spurious: assert (LATENCY == 0 ? in_valid_i : inflight != 0);

// ---- 2. conservation and order: results leave once each, in order, with their tags ---
always @* if (rst_ni) begin
    if (out_valid_o) p2_order: assert (out_tag_o == del_cnt[TAG_W-1:0]);
    p2_capacity: assert (inflight <= CAPACITY);
    if (inflight == 0 && LATENCY != 0) p2_empty: assert (!out_valid_o);
end

// ---- 3. throughput and latency ---------------------------------------------------
// one operation per clock while out_ready_i stays high and no write is
// requested: from the first clock at LATENCY 0 and with the ready chain; one
// clock later with PTR_PIPE=1 GLOBAL_STALL=1, whose stall is a register
localparam integer RAMP = (PTR_PIPE != 0 && GLOBAL_STALL != 0) ? 1 : 0;
reg [1:0] open_run;    // clocks in a row with out_ready_i high and no write request
always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) open_run <= 2'd0;
    else if (!(out_ready_i && !wr_req)) open_run <= 2'd0;
    else if (open_run != 2'd3) open_run <= open_run + 2'd1;
always @* if (rst_ni && out_ready_i && !wr_req && open_run >= RAMP)
    p3_throughput: assert (in_ready_o);
// an operation accepted with no stall ahead of it leaves exactly LATENCY clocks later
// trk[k]: the operation accepted k clocks ago had out_ready_i high ever since;
// trk_tag holds the tags, TAG_W bits per step
reg [LATENCY:0]           trk;
reg [TAG_W*(LATENCY+1)-1:0] trk_tag;
generate if (LATENCY > 0) begin : g_trk
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            trk[LATENCY:1] <= 0;
            trk_tag[TAG_W*(LATENCY+1)-1:TAG_W] <= 0;
        end else begin
            trk[LATENCY:1] <= trk[LATENCY-1:0] & {LATENCY{out_ready_i}};
            trk_tag[TAG_W*(LATENCY+1)-1:TAG_W] <= trk_tag[TAG_W*LATENCY-1:0];
        end
    end
end endgenerate
always @* begin
    trk[0] = accept;
    trk_tag[TAG_W-1:0] = in_tag_i;
end
always @* if (rst_ni && trk[LATENCY]) begin
    p3_latency: assert (out_valid_o && out_tag_o == trk_tag[TAG_W*LATENCY +: TAG_W]);
end
// and never earlier: a result of tag t is out at the soonest LATENCY clocks after t
// (implied by order + p3_latency with LATENCY-slot capacity; checked by p2_capacity)

// ---- 4. writes take effect only with the pipeline empty -----------------------------
always @* if (rst_ni && wr_take) begin
    p4_write_empty: assert (inflight == 0);
    p4_write_no_accept: assert (!accept);
end
always @* if (rst_ni && wr_req) p4_write_blocks: assert (!in_ready_o);
// keys: one arbitrary bit, fixed for the run, stands for every bit
(* anyconst *) reg [9:0] kbit;
always @* assume (kbit < 10'd640);
reg             k_past;
reg [31:0]      c_past, t_past;
reg             empty_past;
always @(posedge clk_i) begin
    k_past <= probe_keys[kbit]; c_past <= cfg_o; t_past <= tszlim_o;
    empty_past <= inflight == 0 && !accept;
end
always @* if (past_valid && rst_ni && rst_past) begin
    if (probe_keys[kbit] != k_past || cfg_o != c_past || tszlim_o != t_past)
        p4_change_when_empty: assert (empty_past);
end

// ---- 5. reset: keys zero, configuration at its reset value, no result -------------
always @* if (past_valid && rst_ni && !rst_past) begin
    p5_keys_zero: assert (probe_keys == 0);
    p5_cfg_reset: assert (cfg_o == `QPAC_REG_CFG_RESET && tszlim_o == `QPAC_REG_TSZLIM_RESET);
    if (LATENCY != 0) p5_no_result: assert (!out_valid_o);
end

endmodule

`default_nettype wire

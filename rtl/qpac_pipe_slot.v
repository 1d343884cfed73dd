// qpac_pipe_slot.v - one optional pipeline register slot with valid/ready.
// REG = 1: a register with its valid bit; it takes new data when it is empty
// or its content leaves in the same cycle (in_ready = !valid_q | out_ready), so
// a chain of slots keeps one transfer per clock and closes bubbles under
// back-pressure without losing, duplicating or reordering anything.
// COLLAPSE = 0: the slot loads exactly when out_ready_i is high and passes
// out_ready_i back as in_ready_o, so a chain of such slots in front of one
// ordinary slot moves as one: the last slot's load is the stall signal of the
// whole chain (no ready chain through the slots; bubbles are kept).
// REG = 2: a two-entry output buffer whose in_ready_o is a register (entry
// 1 empty): the pipeline in front of it moves on a registered stall signal,
// one clock late, and entry 1 catches the item that arrives in that clock.
// Entry 0 drives the outputs (registered outputs); one item per clock while
// out_ready_i is high. COLLAPSE is not used. in_ready_o is NR flip-flops
// (NR copies of "entry 1 empty"), so a long pipeline can give each group of
// slots its own copy and no one register drives every slot's load enable;
// copy c differs from the others only in the unreachable state "entry 1
// full, entry 0 empty" (through d0_q bit c), so synthesis keeps each.
// REG = 0: a wire (the slot is absent). busy_o says the slot holds an item.
// Reset: asynchronous, active low; it clears the valid bit(s). DATA (REG = 1)
// = 1: it clears the data too; 0: the data registers have no reset (smaller
// flip-flops, no reset net); 2: as 1, and the data loads only with a valid
// item, so out_data_o only ever shows zero or an item that passed (an output
// slot behind unreset ones shows no stale bubble). REG = 2 is DATA 2.
`default_nettype none

module qpac_pipe_slot #(
    parameter integer W        = 8,
    parameter integer REG      = 1, // 0 wire, 1 register, 2 two-entry buffer
    parameter integer COLLAPSE = 1, // 0: load = out_ready_i (see above)
    parameter integer DATA     = 1, // data reset: 0 none, 1 reset, 2 reset, valid items only
    parameter integer NR       = 1, // copies of in_ready_o (all equal; REG = 2: own flip-flops)
    parameter integer NL       = 1  // REG = 1, COLLAPSE = 0: copies of out_ready_i (all equal)
) (
    input  wire         clk_i,
    input  wire         rst_ni,
    input  wire         in_valid_i,
    output wire [NR-1:0] in_ready_o,
    input  wire [W-1:0] in_data_i,
    output wire         out_valid_o,
    input  wire [NL-1:0] out_ready_i,
    output wire [W-1:0] out_data_o,
    output wire         busy_o
);

genvar c;
generate
    if (REG == 2) begin : g_buf
        // the data is handled in NP parts, each with its own copies of the
        // control registers (no register drives the whole width)
        localparam integer NP = 4;
        reg         v0_q, v1_q;
        reg [W-1:0] d0_q, d1_q;
        // copies of !v1_q: NR for the caller, then NP for d1's loads and NP
        // for d0's choice; copies of v0_q: NP for d0's loads, then one for
        // each group of 16 copies of r_q
        localparam integer NG = (NR + 2 * NP + 15) / 16;
        reg [NR+2*NP-1:0] r_q;
        reg [NP+NG-1:0]   v0c_q;
        // v1_q's next value is v0_q & !out_ready_i & (v1_q | in_valid_i); copy c
        // reads its own state for v1_q and replaces v0_q by v0_q | (v1_q &
        // d0_q[c]), equal since v1_q implies v0_q; v0_q's next value is
        // (v0_q & !out_ready_i) | v1_q | in_valid_i, each copy reads itself
        wire [NR+2*NP-1:0] r_d;
        for (c = 0; c < NR + 2 * NP; c = c + 1) begin : g_r
            assign r_d[c] = !((v0c_q[NP + c / 16] || (!r_q[c] && d0_q[c % W])) && !out_ready_i[0] &&
                              (!r_q[c] || in_valid_i));
        end

        always @(posedge clk_i or negedge rst_ni) begin
            if (!rst_ni) begin
                r_q   <= {(NR+2*NP){1'b1}};
                v0c_q <= {(NP+NG){1'b0}};
                v0_q  <= 1'b0;
                v1_q  <= 1'b0;
            end else begin
                r_q   <= r_d;
                v0c_q <= (v0c_q & {(NP+NG){!out_ready_i[0]}}) | {(NP+NG){v1_q || in_valid_i}};
                v0_q  <= (v0_q && !out_ready_i[0]) || v1_q || in_valid_i;
                v1_q  <= v0_q && !out_ready_i[0] && (v1_q || in_valid_i);
            end
        end

        // entry 0 takes entry 1's item first (no new item is taken while it
        // is there) when it is free or its item leaves; entry 1 holds the
        // item that arrives while entry 0 is stalled (it loads whenever it is
        // empty: what it holds then is never read)
        for (c = 0; c < NP; c = c + 1) begin : g_part
            localparam integer LO = c * W / NP, N = (c + 1) * W / NP - LO;
            always @(posedge clk_i or negedge rst_ni) begin
                if (!rst_ni) begin
                    d0_q[LO +: N] <= {N{1'b0}};
                    d1_q[LO +: N] <= {N{1'b0}};
                end else begin
                    if ((!v0c_q[c] || out_ready_i[0]) && (!r_q[NR+NP+c] || in_valid_i))
                        d0_q[LO +: N] <= !r_q[NR+NP+c] ? d1_q[LO +: N] : in_data_i[LO +: N];
                    if (r_q[NR+c])
                        d1_q[LO +: N] <= in_data_i[LO +: N];
                end
            end
        end

        assign in_ready_o  = r_q[NR-1:0];
        assign out_valid_o = v0_q;
        assign out_data_o  = d0_q;
        assign busy_o      = v0_q || v1_q;
    end else if (REG != 0) begin : g_reg
        reg         valid_q;
        reg [W-1:0] data_q;
        // COLLAPSE = 0: part p of the data (bits p*W/NL up) loads on copy p
        wire [NL-1:0] ld = (COLLAPSE != 0) ? {NL{!valid_q || out_ready_i[0]}} : out_ready_i;
        wire        load = ld[0];
        // DATA 0, 1: data is taken with the valid bit, not gated by it:
        // fewer gates on every data flip-flop's enable; a bubble's data is
        // never used (out_valid_o is low)
        wire [NL-1:0] dload = ld & {NL{DATA != 2 || in_valid_i}};

        always @(posedge clk_i or negedge rst_ni) begin
            if (!rst_ni)
                valid_q <= 1'b0;
            else if (load)
                valid_q <= in_valid_i;
        end
        for (c = 0; c < NL; c = c + 1) begin : g_part
            localparam integer LO = c * W / NL, N = (c + 1) * W / NL - LO;
            if (DATA != 0) begin : g_data_rst
                always @(posedge clk_i or negedge rst_ni) begin
                    if (!rst_ni)
                        data_q[LO +: N] <= {N{1'b0}};
                    else if (dload[c])
                        data_q[LO +: N] <= in_data_i[LO +: N];
                end
            end else begin : g_data
                always @(posedge clk_i) begin
                    if (dload[c])
                        data_q[LO +: N] <= in_data_i[LO +: N];
                end
            end
        end

        assign in_ready_o  = {NR{load}};
        assign out_valid_o = valid_q;
        assign out_data_o  = data_q;
        assign busy_o      = valid_q;
    end else begin : g_wire
        assign in_ready_o  = {NR{out_ready_i[0]}};
        assign out_valid_o = in_valid_i;
        assign out_data_o  = in_data_i;
        assign busy_o      = 1'b0;
        wire unused_ok = &{1'b0, clk_i, rst_ni}; // no register in this slot
    end
endgenerate

// copies 1.. of out_ready_i are read by REG = 1 with COLLAPSE = 0 only
wire unused_nl = &{1'b0, out_ready_i};

endmodule

`default_nettype wire

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
// out_ready_i is high. COLLAPSE is not used.
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
    parameter integer DATA     = 1  // data reset: 0 none, 1 reset, 2 reset, valid items only
) (
    input  wire         clk_i,
    input  wire         rst_ni,
    input  wire         in_valid_i,
    output wire         in_ready_o,
    input  wire [W-1:0] in_data_i,
    output wire         out_valid_o,
    input  wire         out_ready_i,
    output wire [W-1:0] out_data_o,
    output wire         busy_o
);

generate
    if (REG == 2) begin : g_buf
        reg         v0_q, v1_q;
        reg [W-1:0] d0_q, d1_q;
        wire        take0 = !v0_q || out_ready_i;  // entry 0 is free or leaves

        always @(posedge clk_i or negedge rst_ni) begin
            if (!rst_ni) begin
                v0_q <= 1'b0;
                v1_q <= 1'b0;
                d0_q <= {W{1'b0}};
                d1_q <= {W{1'b0}};
            end else if (take0) begin
                // entry 1's item first (no new item is taken while it is there)
                v0_q <= v1_q || in_valid_i;
                if (v1_q || in_valid_i)
                    d0_q <= v1_q ? d1_q : in_data_i;
                v1_q <= 1'b0;
            end else if (!v1_q) begin
                // entry 0 is stalled: an item arriving now waits in entry 1
                v1_q <= in_valid_i;
                if (in_valid_i)
                    d1_q <= in_data_i;
            end
        end

        assign in_ready_o  = !v1_q;
        assign out_valid_o = v0_q;
        assign out_data_o  = d0_q;
        assign busy_o      = v0_q || v1_q;
    end else if (REG != 0) begin : g_reg
        reg         valid_q;
        reg [W-1:0] data_q;
        wire        load = (COLLAPSE != 0) ? (!valid_q || out_ready_i) : out_ready_i;
        // DATA 0, 1: data is taken with the valid bit, not gated by it:
        // fewer gates on every data flip-flop's enable; a bubble's data is
        // never used (out_valid_o is low)
        wire        dload = load && (DATA != 2 || in_valid_i);

        always @(posedge clk_i or negedge rst_ni) begin
            if (!rst_ni)
                valid_q <= 1'b0;
            else if (load)
                valid_q <= in_valid_i;
        end
        if (DATA != 0) begin : g_data_rst
            always @(posedge clk_i or negedge rst_ni) begin
                if (!rst_ni)
                    data_q <= {W{1'b0}};
                else if (dload)
                    data_q <= in_data_i;
            end
        end else begin : g_data
            always @(posedge clk_i) begin
                if (dload)
                    data_q <= in_data_i;
            end
        end

        assign in_ready_o  = load;
        assign out_valid_o = valid_q;
        assign out_data_o  = data_q;
        assign busy_o      = valid_q;
    end else begin : g_wire
        assign in_ready_o  = out_ready_i;
        assign out_valid_o = in_valid_i;
        assign out_data_o  = in_data_i;
        assign busy_o      = 1'b0;
        wire unused_ok = &{1'b0, clk_i, rst_ni}; // no register in this slot
    end
endgenerate

endmodule

`default_nettype wire

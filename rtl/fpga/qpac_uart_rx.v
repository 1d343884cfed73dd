// qpac_uart_rx.v - 8N1 UART receiver for the qpac FPGA prototype.
//
// The line is synchronised with two flip-flops, a start bit is confirmed at its
// middle, then the eight data bits (LSB first) and the stop bit are sampled at
// the middle of each bit. A byte with a bad stop bit is dropped and flagged on
// frame_err_o for one clock. CLKS_PER_BIT = clock frequency / baud rate (>= 4).
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module qpac_uart_rx #(
    parameter integer CLKS_PER_BIT = 104
) (
    input  wire       clk_i,
    input  wire       rst_ni,
    input  wire       rx_i,        // serial line, idle high
    output reg        valid_o,     // one clock: data_o holds a received byte
    output reg  [7:0] data_o,
    output reg        frame_err_o  // one clock: stop bit was low, byte dropped
);
    localparam integer CW = $clog2(CLKS_PER_BIT + 1);
    localparam [31:0] HALF32 = CLKS_PER_BIT / 2 - 1;
    localparam [31:0] FULL32 = CLKS_PER_BIT - 1;
    localparam [CW-1:0] HALF = HALF32[CW-1:0];  // clocks to the middle of the start bit
    localparam [CW-1:0] FULL = FULL32[CW-1:0];

    localparam [1:0] S_IDLE = 2'd0, S_START = 2'd1, S_DATA = 2'd2, S_STOP = 2'd3;

    reg [1:0]    sync_q;   // metastability guard: sync_q[1] is the usable line
    reg [1:0]    state_q;
    reg [CW-1:0] cnt_q;    // clocks left until the next sample point
    reg [2:0]    bit_q;    // data bit being received
    reg [7:0]    shift_q;

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            sync_q      <= 2'b11;
            state_q     <= S_IDLE;
            cnt_q       <= {CW{1'b0}};
            bit_q       <= 3'd0;
            shift_q     <= 8'd0;
            valid_o     <= 1'b0;
            data_o      <= 8'd0;
            frame_err_o <= 1'b0;
        end else begin
            sync_q      <= {sync_q[0], rx_i};
            valid_o     <= 1'b0;
            frame_err_o <= 1'b0;
            case (state_q)
                S_IDLE:
                    if (!sync_q[1]) begin  // falling edge: a start bit begins
                        state_q <= S_START;
                        cnt_q   <= HALF;
                    end
                S_START:
                    if (cnt_q != 0) cnt_q <= cnt_q - 1'b1;
                    else if (sync_q[1]) state_q <= S_IDLE;  // glitch, not a start bit
                    else begin
                        state_q <= S_DATA;
                        cnt_q   <= FULL;
                        bit_q   <= 3'd0;
                    end
                S_DATA:
                    if (cnt_q != 0) cnt_q <= cnt_q - 1'b1;
                    else begin
                        shift_q <= {sync_q[1], shift_q[7:1]};
                        cnt_q   <= FULL;
                        bit_q   <= bit_q + 3'd1;
                        if (bit_q == 3'd7) state_q <= S_STOP;
                    end
                default:  // S_STOP
                    if (cnt_q != 0) cnt_q <= cnt_q - 1'b1;
                    else begin
                        state_q <= S_IDLE;  // resume hunting at mid stop bit
                        if (sync_q[1]) begin
                            valid_o <= 1'b1;
                            data_o  <= shift_q;
                        end else begin
                            frame_err_o <= 1'b1;
                        end
                    end
            endcase
        end
    end
endmodule

`default_nettype wire

// qpac_uart_tx.v - 8N1 UART transmitter for the qpac FPGA prototype.
//
// A byte is taken when valid_i and ready_o are both high, then sent as a start
// bit, eight data bits LSB first and one stop bit, each CLKS_PER_BIT clocks.
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module qpac_uart_tx #(
    parameter integer CLKS_PER_BIT = 104
) (
    input  wire       clk_i,
    input  wire       rst_ni,
    input  wire       valid_i,
    input  wire [7:0] data_i,
    output wire       ready_o,  // idle: the next byte can be taken
    output reg        tx_o      // serial line, idle high
);
    localparam integer CW = $clog2(CLKS_PER_BIT + 1);
    localparam [31:0] FULL32 = CLKS_PER_BIT - 1;
    localparam [CW-1:0] FULL = FULL32[CW-1:0];

    reg [8:0]    shift_q;  // {stop, data}: shifted out after the start bit
    reg [3:0]    left_q;   // bits still to send after the current one
    reg [CW-1:0] cnt_q;
    reg          busy_q;

    assign ready_o = !busy_q;

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            shift_q <= 9'h1ff;
            left_q  <= 4'd0;
            cnt_q   <= {CW{1'b0}};
            busy_q  <= 1'b0;
            tx_o    <= 1'b1;
        end else if (!busy_q) begin
            if (valid_i) begin
                tx_o    <= 1'b0;  // start bit
                shift_q <= {1'b1, data_i};
                left_q  <= 4'd9;
                cnt_q   <= FULL;
                busy_q  <= 1'b1;
            end
        end else if (cnt_q != 0) begin
            cnt_q <= cnt_q - 1'b1;
        end else if (left_q != 0) begin
            tx_o    <= shift_q[0];
            shift_q <= {1'b1, shift_q[8:1]};
            left_q  <= left_q - 4'd1;
            cnt_q   <= FULL;
        end else begin
            busy_q <= 1'b0;  // stop bit done
        end
    end
endmodule

`default_nettype wire

// qpac_uart_apb.v - UART byte protocol to APB3 master bridge (qpac FPGA top).
//
// Byte protocol (host -> board; multi-byte values little-endian):
//   'W' (0x57) ADDR D0 D1 D2 D3  APB write of D3..D0 at byte address ADDR
//                                reply: status
//   'R' (0x52) ADDR              APB read   reply: D0 D1 D2 D3 status
//   'P' (0x50)                   ping       reply: status ('k')
//   any other first byte                    reply: '?' (0x3f), byte dropped
// status is 'k' (0x6b) for OK or 'e' (0x65) when the slave raised PSLVERR.
// A frame whose bytes stop arriving for FRAME_TIMEOUT clocks is dropped
// without reply, so a host that lost a byte resynchronises by waiting that
// long and pinging. One received byte is buffered while a reply is sent: a
// host may stream write frames, but waits for a read's five reply bytes.
//
// SPDX-License-Identifier: BSD-2-Clause
`default_nettype none

module qpac_uart_apb #(
    parameter integer ADDR_W = 8,
    parameter integer FRAME_TIMEOUT = 65536  // clocks of silence inside a frame
) (
    input  wire              clk_i,
    input  wire              rst_ni,
    // received bytes (one-clock strobe) and the transmitter handshake
    input  wire              rx_valid_i,
    input  wire [7:0]        rx_data_i,
    output wire              tx_valid_o,
    output wire [7:0]        tx_data_o,
    input  wire              tx_ready_i,
    // APB3 master
    output reg               psel_o,
    output reg               penable_o,
    output reg               pwrite_o,
    output reg  [ADDR_W-1:0] paddr_o,
    output reg  [31:0]       pwdata_o,
    input  wire [31:0]       prdata_i,
    input  wire              pready_i,
    input  wire              pslverr_i,
    // sticky diagnostics (LEDs): a byte arrived while the buffer was full,
    // a partial frame timed out
    output reg               overrun_o,
    output reg               timeout_o
);
    localparam [7:0] CMD_WRITE = 8'h57, CMD_READ = 8'h52, CMD_PING = 8'h50;
    localparam [7:0] ST_OK = 8'h6b, ST_ERR = 8'h65, ST_BAD = 8'h3f;

    localparam [2:0] S_CMD = 3'd0, S_ARGS = 3'd1, S_SETUP = 3'd2, S_ACCESS = 3'd3,
                     S_REPLY = 3'd4;

    localparam integer TW = $clog2(FRAME_TIMEOUT + 1);
    // the silence counter counts down from FRAME_TIMEOUT - 1; its top bit
    // (the borrow past zero) ends the frame: one flip-flop, no compare
    localparam [31:0] TSTART32 = FRAME_TIMEOUT - 1;
    localparam [TW:0] TSTART = TSTART32[TW:0];

    reg [2:0]    state_q;
    reg [7:0]    hold_q;     // one-byte receive buffer
    reg          hold_w_q, hold_r_q, hold_p_q; // hold_q is CMD_WRITE, CMD_READ, CMD_PING
    reg          full_q;
    reg          is_wr_q;    // frame is a write
    reg [2:0]    need_q;     // argument bytes still expected
    reg [TW:0]   silent_q;   // FRAME_TIMEOUT - 1 - clocks since the last byte of this frame
    reg [39:0]   reply_q;    // bytes to send, first in bits 7:0
    reg [2:0]    left_q;     // reply bytes still to send

    wire take = full_q && (state_q == S_CMD || state_q == S_ARGS);

    assign tx_valid_o = (state_q == S_REPLY);
    assign tx_data_o  = reply_q[7:0];

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            state_q   <= S_CMD;
            hold_q    <= 8'd0;
            hold_w_q  <= 1'b0;
            hold_r_q  <= 1'b0;
            hold_p_q  <= 1'b0;
            full_q    <= 1'b0;
            is_wr_q   <= 1'b0;
            need_q    <= 3'd0;
            silent_q  <= TSTART;
            reply_q   <= 40'd0;
            left_q    <= 3'd0;
            psel_o    <= 1'b0;
            penable_o <= 1'b0;
            pwrite_o  <= 1'b0;
            paddr_o   <= {ADDR_W{1'b0}};
            pwdata_o  <= 32'd0;
            overrun_o <= 1'b0;
            timeout_o <= 1'b0;
        end else begin
            // receive buffer: filled by the UART, emptied by `take`
            if (rx_valid_i) begin
                hold_q <= rx_data_i;
                // the command compares, done as the byte arrives (off the
                // path from the buffer into the frame's state)
                hold_w_q <= (rx_data_i == CMD_WRITE);
                hold_r_q <= (rx_data_i == CMD_READ);
                hold_p_q <= (rx_data_i == CMD_PING);
                full_q <= 1'b1;
                if (full_q && !take) overrun_o <= 1'b1;
            end else if (take) begin
                full_q <= 1'b0;
            end

            case (state_q)
                S_CMD:
                    if (take) begin
                        silent_q <= TSTART;
                        is_wr_q  <= hold_w_q;
                        pwrite_o <= hold_w_q;
                        if (hold_w_q) begin
                            need_q  <= 3'd5;
                            state_q <= S_ARGS;
                        end else if (hold_r_q) begin
                            need_q  <= 3'd1;
                            state_q <= S_ARGS;
                        end else begin
                            reply_q <= {32'd0, hold_p_q ? ST_OK : ST_BAD};
                            left_q  <= 3'd1;
                            state_q <= S_REPLY;
                        end
                    end
                S_ARGS:
                    if (take) begin
                        silent_q <= TSTART;
                        need_q   <= need_q - 3'd1;
                        // first argument is the address, then data bytes LSB first
                        if (need_q == (is_wr_q ? 3'd5 : 3'd1))
                            paddr_o <= hold_q[ADDR_W-1:0];
                        else
                            pwdata_o <= {hold_q, pwdata_o[31:8]};
                        if (need_q == 3'd1) begin
                            psel_o  <= 1'b1;
                            state_q <= S_SETUP;
                        end
                    end else if (silent_q[TW]) begin
                        timeout_o <= 1'b1;
                        state_q   <= S_CMD;
                    end else begin
                        silent_q <= silent_q - 1'b1;
                    end
                S_SETUP: begin
                    penable_o <= 1'b1;
                    state_q   <= S_ACCESS;
                end
                S_ACCESS:
                    if (pready_i) begin
                        psel_o    <= 1'b0;
                        penable_o <= 1'b0;
                        if (is_wr_q) begin
                            reply_q <= {32'd0, pslverr_i ? ST_ERR : ST_OK};
                            left_q  <= 3'd1;
                        end else begin
                            reply_q <= {pslverr_i ? ST_ERR : ST_OK, prdata_i};
                            left_q  <= 3'd5;
                        end
                        state_q <= S_REPLY;
                    end
                default:  // S_REPLY
                    if (tx_ready_i) begin
                        reply_q <= {8'd0, reply_q[39:8]};
                        left_q  <= left_q - 3'd1;
                        if (left_q == 3'd1) state_q <= S_CMD;
                    end
            endcase
        end
    end
endmodule

`default_nettype wire

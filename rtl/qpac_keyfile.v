// qpac_keyfile.v - the five 128-bit PAC keys (IA, IB, DA, DB, GA), spec 5.3.
// One write port; the only output feeds the cipher core (there is no read path
// to any bus or status output). Reset (asynchronous, active low) clears every
// key. A write with a select outside 0..4 is ignored.
`default_nettype none

module qpac_keyfile (
    input  wire             clk_i,
    input  wire             rst_ni,
    input  wire [4:0]       we_i,    // write enable, one copy per key (all equal)
    input  wire [2:0]       sel_i,   // KEY encoding
    input  wire [63:0]      hi_i,    // K<127:64> (APxxKeyHi_EL1)
    input  wire [63:0]      lo_i,    // K<63:0>   (APxxKeyLo_EL1)
    output wire [5*128-1:0] keys_o   // key n = {hi, lo} at bits 128n+127:128n
);

genvar n;
generate
    for (n = 0; n < 5; n = n + 1) begin : g_key
        reg [127:0] key_q;
        always @(posedge clk_i or negedge rst_ni) begin
            if (!rst_ni)
                key_q <= 128'd0;
            else if (we_i[n] && sel_i == n)
                key_q <= {hi_i, lo_i};
        end
        assign keys_o[128*n +: 128] = key_q;
    end
endgenerate

endmodule

`default_nettype wire

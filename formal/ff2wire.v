// ff2wire.v - techmap for property 7 (formal/core_equiv.sh): every flip-flop
// becomes a wire from D to Q, its enable and reset ignored. What is left of a
// pipelined qarma_core is the function one operation sees on its way through.
(* techmap_celltype = "$dff $dffe $adff $adffe $sdff $sdffe $sdffce $aldff $aldffe $dffsr $dffsre" *)
module _90_ff2wire (CLK, EN, ARST, SRST, CE, ALOAD, AD, SET, CLR, D, Q);
    parameter WIDTH = 1;
    // the cells' other parameters, unused
    parameter CLK_POLARITY = 1, EN_POLARITY = 1, ARST_POLARITY = 1, SRST_POLARITY = 1,
              ALOAD_POLARITY = 1, SET_POLARITY = 1, CLR_POLARITY = 1, CE_OVER_SRST = 0,
              ARST_VALUE = 0, SRST_VALUE = 0;
    input              CLK, EN, ARST, SRST, CE, ALOAD;
    input  [WIDTH-1:0] AD, SET, CLR, D;
    output [WIDTH-1:0] Q;
    assign Q = D;
    wire _TECHMAP_FAIL_ = 1'b0;
endmodule

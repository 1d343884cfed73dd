// qpac_pipeline.vh - the unit's pipeline shape, written once for every RTL
// user (qpac_unit, qpac_apb's CAPS, benches). `include inside a module body.

// Clocks from an operation's acceptance to its out_valid_o: one per cipher
// register slot (DEPTH) plus the pointer slots before and after the cipher
// (PTR_PIPE = 1). 0: the result is combinational from the inputs.
function integer QpacLatency;
    input integer depth;
    input integer ptr_pipe;
    begin
        QpacLatency = depth + 2 * ptr_pipe;
    end
endfunction

// 1 when the unit's parameters name a setting it implements (rtl/README.md):
// DEPTH 0..24, TAG_W 1..32, the options 0 or 1
function integer QpacParamsLegal;
    input integer depth;
    input integer tag_w;
    input integer key_pipe;
    input integer ptr_pipe;
    input integer global_stall;
    input integer qarma3;
    begin
        QpacParamsLegal = (depth >= 0 && depth <= 24 && tag_w >= 1 && tag_w <= 32 &&
                           (key_pipe >= 0 && key_pipe <= 2) && (ptr_pipe == 0 || ptr_pipe == 1) &&
                           (global_stall == 0 || global_stall == 1) &&
                           (qarma3 == 0 || qarma3 == 1)) ? 1 : 0;
    end
endfunction

// The cipher core's key select field as qpac_unit registers it in slot F
// (qarma_core KEY_ONEHOT = 1): 8 copies of the one-hot of KEY encoding k
// (5..7 name no key), copy c at bits 5c+4:5c; the core uses the first
// copies it needs. Copy c > 0 is ANDed with keep[c], which is 1 in every
// valid operation (the caller passes valid | a data bit), so synthesis keeps
// each copy as its own flip-flop and no select flip-flop drives a buffer tree.
function [39:0] QpacKeySel;
    input [2:0] k;
    input [7:0] keep;  // bit 0 unused
    integer c;
    begin
        for (c = 0; c < 8; c = c + 1)
            QpacKeySel[5*c +: 5] = (5'b1 << k) & {5{c == 0 || keep[c]}};
    end
endfunction

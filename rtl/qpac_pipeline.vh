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
                           (key_pipe == 0 || key_pipe == 1) && (ptr_pipe == 0 || ptr_pipe == 1) &&
                           (global_stall == 0 || global_stall == 1) &&
                           (qarma3 == 0 || qarma3 == 1)) ? 1 : 0;
    end
endfunction

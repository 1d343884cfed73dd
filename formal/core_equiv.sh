#!/usr/bin/env bash
# core_equiv.sh RTL_DIR WORK_DIR DEPTH KEY_PIPE - property 7: qarma_core at DEPTH
# computes the same function as DEPTH 0, both algorithms (in_alg_i free), every
# key, data, modifier and key select. The pipelined core's flip-flops become
# wires (ff2wire.v): an operation's data then flows through the same logic as
# it does stage by stage in flight, with the keys and algorithm held as the
# write-drain rule holds them (property 4). A combinational miter of the two
# nets is proven by ABC (iprove: SAT sweeping). Skew between operations in
# flight is not in this model: order and tags are properties 1-3, and the
# cosim checks values. Prints one line and exits 0 only on a proof.
# Each side is mapped to gates and optimised on its own (opt_merge over the
# two sides' miter took most of the CPU; ABC's strash merges them instead).
# GOLD: the DEPTH 0 side as RTLIL (core_equiv.sh gold RTL_DIR OUT.il KEY_PIPE
# writes it; make builds one per KEY_PIPE 0 and 1 for all the jobs); without
# it, the job builds its own. KEY_PIPE 2 (the carried tweakey) is proven
# against KEY_PIPE 1 at DEPTH 0, the tweakey formed in each layer.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# the ports compared: data result and side band; valid/ready/busy are properties 1-3
elab() { # DEPTH NAME
    cat <<YS
read_verilog -I$rtl $rtl/qarma_core.v $rtl/qpac_pipe_slot.v
chparam -set DEPTH $1 -set KEY_PIPE $kp -set SIDE_W 4 qarma_core
hierarchy -top qarma_core
proc; flatten; opt_clean
delete -port qarma_core/in_ready_o qarma_core/out_valid_o qarma_core/busy_o
connect -set in_valid_i 1'b1
connect -set out_ready_i 1'b1
connect -set rst_ni 1'b1
opt_expr; opt_dff
techmap -map $here/ff2wire.v
techmap; opt -fast
rename -top $2
YS
}
if [ "$1" = gold ]; then  # gold RTL_DIR OUT.il KEY_PIPE
    rtl=$2 out=$3 kp=$4
    mkdir -p "$(dirname "$out")"
    { elab 0 gold; echo "hierarchy -top gold"; echo "write_rtlil $out.tmp"; } > "$out.ys"
    ${YOSYS:-yosys} -q -l "$out.log" -s "$out.ys" >/dev/null 2>&1 || {
        echo "core gold k$kp: ERROR building DEPTH 0 (see $out.log)"; exit 1; }
    mv "$out.tmp" "$out"; exit 0
fi
rtl=$1 work=$2 depth=$3 kp=$4
mkdir -p "$work"
name="core d$depth-k$kp"
gold=${GOLD:-$work/gold.il}
if [ -z "${GOLD:-}" ]; then "$0" gold "$rtl" "$gold" "$((kp > 1 ? 1 : kp))"; fi
{
    elab "$depth" gate
    cat <<YS
read_rtlil $gold
miter -equiv -flatten -ignore_gold_x gold gate miter
hierarchy -top miter
select -assert-count 0 t:\$dff t:\$dffe t:\$adff t:\$adffe t:\$sdff t:\$sdffe
techmap; setundef -zero; aigmap; opt_clean
write_aiger -zinit $work/miter.aig
YS
} > "$work/miter.ys"
if ! ${YOSYS:-yosys} -q -l "$work/yosys.log" -s "$work/miter.ys" >/dev/null 2>&1; then
    echo "$name: ERROR building the miter (see $work/yosys.log)"; exit 1
fi
${YOSYS_ABC:-yosys-abc} -c "read_aiger $work/miter.aig; strash; iprove -v" >"$work/abc.log" 2>&1 || true
if grep -q 'Networks are equivalent\|UNSATISFIABLE\|Property proved' "$work/abc.log"; then
    echo "$name: passed (proof: combinational miter, ABC iprove)"
elif grep -q 'SATISFIABLE\|NOT EQUIVALENT' "$work/abc.log"; then
    echo "$name: FAILED, counterexample: the outputs differ (see $work/abc.log)"; exit 1
else
    echo "$name: FAILED (see $work/abc.log)"; exit 1
fi

#!/usr/bin/env bash
# mutant.sh NAME WORK_DIR - the negative tests of make test-formal: copy rtl/,
# plant one bug, run the formal job that must refute it, and exit 0 only if it
# ends in a counterexample. Tools: SBY (see formal.mk).
#   slot-stall      qpac_pipe_slot loads while stalled          (P1-P5, ctrl-bmc d3)
#   key-in-status   a key staging bit readable as STATUS<3>     (P6 secrecy, d1)
#   staging-partial KEYWR taken with any staging word written (P6-staging, d1)
#   staging-partial-s1  the same with ACC_SETUP=1 (P6-staging, d1-s1)
#   key-in-status-s1    key-in-status with ACC_SETUP=1 (P6 secrecy, d1-s1)
#   slot-data       a register slot inverts data bit 0         (P7, core d2)
#   cfg-busy        a CFG write stored while BUSY              (P4-bus, staging d1)
#   aux-stale       KEY_PIPE 2: a layer passes on the tweakey it got, not the next (P7, core d2-k2)
set -uo pipefail
name=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
case $name in
slot-stall) file=qpac_pipe_slot.v kind=ctrl-bmc stem=d3 what="a slot that ignores the stall"
    expr='s/wire \[NL-1:0\] ld = (COLLAPSE != 0) ? {NL{!valid_q || out_ready_i\[0\]}} : out_ready_i;/wire [NL-1:0] ld = {NL{1'"'"'b1}};/' ;;
key-in-status|key-in-status-s1) file=qpac_regs.v kind=secrecy stem=d1 what="a staging key bit readable in STATUS"
    [ "$name" = key-in-status-s1 ] && stem=d1-s1 what="$what, decode registered in SETUP"
    expr='s/^\( *\)rdata_o\[`QPAC_STATUS_FAULT\] = fault_q;/&\n\1rdata_o[3] = stage_lo_q[0];/' ;;
staging-partial|staging-partial-s1) file=qpac_regs.v kind=staging stem=d1 what="KEYWR with incomplete staging accepted"
    [ "$name" = staging-partial-s1 ] && stem=d1-s1 what="$what, decode registered in SETUP"
    expr='s/staged_all_q <= &staged_d;/staged_all_q <= |staged_d;/' ;;
slot-data) file=qpac_pipe_slot.v kind=core stem=d2 what="a register slot that inverts a data bit"
    expr='s/assign out_data_o  = data_q;/assign out_data_o  = data_q ^ 1;/' ;;
aux-stale) file=qarma_core.v kind=core stem=d2-k2 what="a carried tweakey not advanced to the next layer's"
    expr='s/assign e_in = {ayb, m_in\[BW-1:0\]};/assign e_in = m_in;/' ;;
cfg-busy) file=qpac_regs.v kind=staging stem=d1 what="a CFG write stored while BUSY"
    expr='s/^wire wr_cfg    = wr_data \&\& /wire wr_cfg    = acc_i \&\& /' ;;
*) echo "mutant.sh: unknown mutant '$name'" >&2; exit 2 ;;
esac
rtl=$work/rtl
rm -rf "$work"; mkdir -p "$rtl"
cp "$here"/../rtl/*.v "$here"/../rtl/*.vh "$rtl"/
sed -i "$expr" "$rtl/$file"
if cmp -s "$here/../rtl/$file" "$rtl/$file"; then
    echo "test-formal: mutant $name no longer applies to rtl/$file"; exit 1
fi
if RTL=$rtl "$here/run.sh" "$kind" "$stem" "$work/job" >"$work/result.txt"; then
    cat "$work/result.txt"; echo "test-formal: mutant $name ($what) passed: NOT caught"; exit 1
elif grep -q 'counterexample' "$work/result.txt"; then
    echo "test-formal: mutant $name ($what) caught: $(grep -o 'counterexample[^(]*' "$work/result.txt" | head -1)"
else
    cat "$work/result.txt"; echo "test-formal: mutant $name: the run failed without a counterexample"; exit 1
fi

#!/usr/bin/env bash
# run.sh KIND STEM WORK_DIR - run one job of the formal matrix and print one
# line per property it covers: "formal: <property> <setting> <how>: passed|FAILED".
# KIND: ctrl-bmc, ctrl-pdr (properties 1-5 of qpac_unit), payload (property 1's
# value/fault stability, bounded), core (property 7, qarma_core DEPTH vs 0),
# secrecy and staging (property 6 on qpac_apb: key secrecy, rule KEY_STAGING).
# Tools: SBY, YOSYS (Debian's: elaborates every job), YOSYS_ABC (see formal.mk).
# Exit status 0 only if every line passed.
set -uo pipefail
kind=$1 stem=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
rtl=${RTL:-$here/../rtl}
rm -rf "$work"; mkdir -p "$work"
start=$(date +%s)
props() { # STATUS HOW PROPS...: one line per property
    local st=$1 how=$2; shift 2
    local t=$(( $(date +%s) - start )) p
    for p in "$@"; do echo "formal: $p $stem $how (${t}s): $st"; done
}
case $kind in
core)
    depth=${stem#d}; depth=${depth%%-*}
    kp=0; case $stem in *-k1*) kp=1 ;; *-k2*) kp=2 ;; esac
    # GOLD_DIR: the DEPTH 0 sides make built (gold-k<0|1>.il: KEY_PIPE 2 is
    # proven against 1's), else the job builds its own
    if GOLD=${GOLD_DIR:+$GOLD_DIR/gold-k$((kp > 1 ? 1 : kp)).il} "$here/core_equiv.sh" "$rtl" "$work" "$depth" "$kp" >"$work/result.txt"; then
        props passed "equivalent to DEPTH 0 (ABC iprove on a combinational miter)" P7; exit 0
    else
        props FAILED "$(cat "$work/result.txt")" P7; exit 1
    fi ;;
ctrl-bmc|ctrl-pdr|payload|secrecy|staging)
    case $kind in
    secrecy)  gen=secrecy; how="unbounded (abc pdr, two-copy miter)"; list="P6"; eng=pdr ;;
    staging)  gen=staging; how="unbounded (abc pdr)"; list="P6-staging P4-bus"; eng=pdr ;;
    ctrl-bmc) gen=ctrl; how="bounded (abc bmc3, ${BOUND:-LATENCY+12} clocks)"; list="P1 P2 P3 P4 P5"; eng=bmc ;;
    ctrl-pdr) gen=ctrl; how="unbounded (abc pdr)"; list="P1 P2 P3 P4 P5"; eng=pdr ;;
    payload)  gen=payload; how="bounded (abc bmc3, ${BOUND:-LATENCY+12} clocks)"; list="P1-payload"; eng=bmc ;;
    esac
    RTL=$rtl ENGINE=$eng python3 "$here/gen_sby.py" "$gen" "$stem" "$work/job.sby" || exit 1
    if ! ${YOSYS:-yosys} -q -l "$work/elab.log" -s "$work/elab.ys" >/dev/null 2>&1; then
        props FAILED "elaboration failed (see $work/elab.log)" $list; exit 1
    fi
    (cd "$work" && $SBY job.sby >"$work/sby.log" 2>&1)
    st=$(sed -n 's/.*DONE (\([A-Z]*\),.*/\1/p' "$work/sby.log" | tail -1)
    # Debian's ABC writes a witness the current SymbiYosys cannot read back into a
    # trace: the job ends in ERROR, but ABC has named the frame of the failure
    cex=$(grep -o 'asserted in frame [0-9]*' "$work/sby.log" | head -1)
    if [ -n "$cex" ]; then
        # ABC numbers the outputs in the order of the witness map's asserts
        n=$(grep -o 'Output [0-9]* of miter' "$work/sby.log" | head -1 | grep -o '[0-9]*')
        name=$(python3 -c 'import json,sys; a=json.load(open(sys.argv[1]))["asserts"]; print(a[int(sys.argv[2])][-1].lstrip("\\"))' \
               "$work/job/model/design_aiger.ywa" "$n" 2>/dev/null)
        st="FAIL, counterexample: ${name:-output $n} $cex"
    fi
    if [ "$st" = PASS ]; then props passed "$how" $list; exit 0; fi
    # name the failing properties by their assertion labels (p<N>_...)
    failed=$(grep -o 'failed assertion [^ ]*' "$work/sby.log" | grep -o '\bp[0-9]_[a-z_]*' | sort -u | tr '\n' ' ')
    props FAILED "$how: ${st:-no result} ${failed:+($failed)}(see $work/sby.log)" ${list}
    exit 1 ;;
*) echo "run.sh: unknown kind '$kind'" >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# times.sh [WORK_DIR] - the CPU seconds of each formal job's last run, from its
# logs under WORK_DIR (build/formal/work): native Yosys (elab.log, core
# yosys.log, gold-k<N>.il.log: its "CPU: user"), SymbiYosys ("Elapsed process
# time") and ABC. One line a job, then the total; prints, asserts nothing.
set -uo pipefail
work=${1:-build/formal/work}
cpu() { sed -n 's/.*CPU: user \([0-9.]*\)s system \([0-9.]*\)s.*/\1 \2/p' "$1" 2>/dev/null | tail -1 | awk '{printf "%.1f", $1 + $2}'; }
total=0
for d in "$work"/*/* "$work"/../core/gold-k*.il.log; do
    [ -e "$d" ] || continue
    case $d in
    *.il.log) job=core/$(basename "$d" .il.log); y=$(cpu "$d"); s=0 ;;
    *) job=${d#"$work"/}
       if [ -f "$d/elab.log" ]; then y=$(cpu "$d/elab.log")
       elif [ -f "$d/yosys.log" ]; then y=$(cpu "$d/yosys.log")
       else continue; fi
       s=$(sed -n 's/.*Elapsed process time.*(\([0-9]*\)).*/\1/p' "$d/sby.log" 2>/dev/null | tail -1) ;;
    esac
    s=${s:-0}; y=${y:-0}
    printf '%-24s yosys %6.1f s  sby %4d s  sum %6.1f s\n' "$job" "$y" "$s" "$(echo "$y + $s" | bc)"
    total=$(echo "$total + $y + $s" | bc)
done
printf 'total %.0f s of CPU (Yosys and SymbiYosys; ABC in core jobs not counted, 0.01 s each)\n' "$total"

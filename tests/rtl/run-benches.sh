#!/usr/bin/env bash
# run-benches.sh J [PLUSARG...] < JOBS - run-bench.sh on each "VVP IMAGE
# [PLUSARG...]" line of JOBS, J runs at a time, the command line's PLUSARGs
# after each line's own. Each run's output is printed whole, in the list's
# order. Exits 1 if any run failed or JOBS is empty.
set -uo pipefail
j=$1; shift
here=$(dirname "$0")
dir=$(mktemp -d "${TMPDIR:-/tmp}/run-benches.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
one() { local i=$1; shift; "$here/run-bench.sh" "$@" >"$dir/$i.log" 2>&1; echo $? >"$dir/$i.rc"; }
n=0
while read -r -a job; do
    [ "${#job[@]}" -gt 0 ] || continue
    if [ "${#job[@]}" -lt 2 ]; then
        echo "run-benches: ERROR: job $((n + 1)): want 'VVP IMAGE [PLUSARG...]', got '${job[*]}'" >&2; wait; exit 1
    fi
    n=$((n + 1))
    while [ "$(jobs -rp | wc -l)" -ge "$j" ]; do wait -n; done
    one "$n" "${job[@]}" "$@" &
done
wait
[ "$n" -gt 0 ] || { echo "run-benches: ERROR: no benches to run" >&2; exit 1; }
fail=0
for i in $(seq 1 "$n"); do
    cat "$dir/$i.log"
    [ "$(cat "$dir/$i.rc" 2>/dev/null)" = 0 ] || fail=1
done
exit $fail

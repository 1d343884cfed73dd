#!/usr/bin/env bash
# run-benches.sh J [PLUSARG...] < JOBS - run-bench.sh on each "VVP IMAGE" line of
# JOBS, J runs at a time, the PLUSARGs passed to every run. Each run's output is
# printed whole, in the list's order. Exits 1 if any run failed or JOBS is empty.
set -uo pipefail
j=$1; shift
here=$(dirname "$0")
dir=$(mktemp -d "${TMPDIR:-/tmp}/run-benches.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
one() { "$here/run-bench.sh" "$2" "$3" "${@:4}" >"$dir/$1.log" 2>&1; echo $? >"$dir/$1.rc"; }
n=0
while read -r vvp image rest; do
    [ -n "$vvp" ] || continue
    if [ -z "$image" ] || [ -n "$rest" ]; then
        echo "run-benches: ERROR: job $((n + 1)): want 'VVP IMAGE', got '$vvp $image $rest'" >&2; wait; exit 1
    fi
    n=$((n + 1))
    while [ "$(jobs -rp | wc -l)" -ge "$j" ]; do wait -n; done
    one "$n" "$vvp" "$image" "$@" &
done
wait
[ "$n" -gt 0 ] || { echo "run-benches: ERROR: no benches to run" >&2; exit 1; }
fail=0
for i in $(seq 1 "$n"); do
    cat "$dir/$i.log"
    [ "$(cat "$dir/$i.rc" 2>/dev/null)" = 0 ] || fail=1
done
exit $fail

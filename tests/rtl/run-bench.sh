#!/usr/bin/env bash
# run-bench.sh VVP_FILE IMAGE [PLUSARG...] - one Icarus bench run.
# Passes only if vvp exits 0, no line says ERROR or FATAL, and the bench printed
# its closing "passed" line. Icarus' "Not enough words in the file" note on an
# image shorter than the bench's memory is dropped from the log.
set -uo pipefail
vvp_file=$1 image=$2
shift 2
log=$(${VVP:-vvp} -n "$vvp_file" +image="$image" "$@" 2>&1)
status=$?
printf '%s\n' "$log" | grep -v 'Not enough words in the file' || true
if [ "$status" -ne 0 ]; then
    echo "run-bench: $vvp_file +image=$image: vvp exited $status" >&2; exit 1
fi
if printf '%s\n' "$log" | grep -q -E 'ERROR|FATAL'; then
    echo "run-bench: $vvp_file +image=$image: the bench reported errors" >&2; exit 1
fi
if ! printf '%s\n' "$log" | grep -q 'passed'; then
    echo "run-bench: $vvp_file +image=$image: no closing 'passed' line" >&2; exit 1
fi

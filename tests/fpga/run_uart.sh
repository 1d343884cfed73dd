#!/bin/sh
# run_uart.sh SIM QPAC DIR PVS... - the FPGA prototype's UART path in simulation.
# SIM is the Verilated qpac_fpga_top on a pseudo-terminal (uart_pty_tb), QPAC
# the qpac tool. Three runs through `qpac fpga --port <pty>`:
#   1. each PVS as given: must pass every op line, with the same summary line
#      as `qpac check` on the same file (the model, independently of the RTL);
#   2. the first PVS with one expected value changed: one mismatch, exit 1;
#   3. a compat=qemu script: refused, exit 2.
# SPDX-License-Identifier: BSD-2-Clause
set -u
sim=$1 qpac=$2 dir=$3
shift 3
mkdir -p "$dir"
fail=0

for pvs in "$@"; do
    log="$dir/$(basename "$pvs" .pvs).log"
    # the model must pass the file itself (its status, not only its last line)
    if ! want=$("$qpac" check "$pvs" 2>&1); then
        echo "FAIL fpga uart: qpac check $pvs fails: $(printf '%s\n' "$want" | tail -3)"; fail=1; continue
    fi
    want=$(printf '%s\n' "$want" | tail -1)
    "$sim" --max-seconds 300 -- "$qpac" fpga -v --port '{PTY}' "$pvs" >"$log" 2>&1
    rc=$?
    got=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -1)
    grep -E 'uart_pty_tb:|qpac fpga:' "$log"
    if [ $rc = 0 ] && [ "$got" = "$want" ]; then
        echo "fpga uart: $pvs over the pty: $got (qpac check: $want)"
    else
        echo "FAIL fpga uart: $pvs: exit $rc, board '$got', qpac check '$want'"; cat "$log"; fail=1
    fi
done
pvs=$1

# the first op line with an expected value gets its last hex digit changed
bad="$dir/tampered.pvs"
awk 'BEGIN { done = 0 }
     !done && $1 ~ /^(pac|aut|pacga)/ && NF >= 4 && $NF ~ /^[0-9a-f]+$/ {
         d = substr($NF, length($NF), 1); n = (d == "0") ? "1" : "0";
         $NF = substr($NF, 1, length($NF) - 1) n; done = NR }
     { print }
     END { if (!done) exit 1 }' "$pvs" >"$bad" || { echo "FAIL: no op line to tamper in $pvs"; exit 1; }
"$sim" --max-seconds 300 -- "$qpac" fpga --port '{PTY}' "$bad" >"$dir/tampered.log" 2>&1
rc=$?
n=$(grep -c "^$bad:[0-9]*: .*: expected .*, got " "$dir/tampered.log")
if [ $rc = 1 ] && [ "$n" = 1 ] && grep -q ' 1 failed$' "$dir/tampered.log"; then
    echo "fpga uart: tampered copy: $(grep "^$bad:" "$dir/tampered.log")"
else
    echo "FAIL fpga uart: tampered copy: exit $rc, $n mismatch lines"; cat "$dir/tampered.log"; fail=1
fi

qemu="$dir/compat-qemu.pvs"
printf 'cfg compat=qemu\npacia 0000000000001000 0000000000000000\n' >"$qemu"
"$sim" --max-seconds 60 -- "$qpac" fpga --port '{PTY}' "$qemu" >"$dir/qemu.log" 2>&1
rc=$?
if [ $rc = 2 ] && grep -q 'compat=qemu' "$dir/qemu.log"; then
    echo "fpga uart: compat=qemu script refused (exit 2)"
else
    echo "FAIL fpga uart: compat=qemu script: exit $rc"; cat "$dir/qemu.log"; fail=1
fi
exit $fail

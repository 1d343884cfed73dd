#!/bin/sh
# test-cosim.sh BUILD_COSIM VECTORS_DIR QPAC_BIN DEPTH... - the cosim part of
# `make test`: a short random cosim (20,000 operations, plus the known
# answers) on the check build of every DEPTH given; the last DEPTH once with
# each of +verilator+rand+reset+0, 1 and 2. Every run must pass and print the
# same result digest (results do not depend on depth, timing or X values).
# Then .pvs replay: qpac gen output and the shared scripts pass; a wrong
# expected value, a compat=qemu script and a syntax error are refused.
set -u
B=$1; V=$2; QPAC=$3; shift 3
COUNT=${COSIM_TEST_COUNT:-20000}
fail=0
digests=""
# logs of this run only (several people may run make test in one tree)
L=$B/test-logs.$$; rm -rf "$L"; mkdir -p "$L"
last=""
for d in "$@"; do last=$d; done

run() { # run LABEL EXE ARGS...: must exit 0; remembers the digest
    label=$1; shift
    log=$L/$(echo "$label" | tr ' +=' '___').log
    if "$@" +progress=0 >"$log" 2>&1; then
        dg=$(sed -n 's/^digest \([0-9a-f]*\).*/\1/p' "$log")
        echo "cosim $label: $(tail -1 "$log"), digest $dg, $(grep '^checked' "$log" | cut -d' ' -f2-3)"
        digests="$digests $dg"
    else
        echo "FAIL: cosim $label (exit $?), log $log:"; tail -25 "$log"; fail=1
    fi
}

for d in "$@"; do
    exe=$B/check-d$d/cosim
    if [ "$d" = "$last" ]; then
        for r in 0 1 2; do
            run "DEPTH=$d rand-reset=$r" "$exe" +known="$V" +count="$COUNT" +seed=1 \
                +verilator+rand+reset+$r +verilator+seed+7
        done
    else
        run "DEPTH=$d" "$exe" +known="$V" +count="$COUNT" +seed=1
    fi
done
n=$(echo $digests | tr ' ' '\n' | sort -u | wc -l)
if [ "$n" = 1 ]; then
    echo "cosim: every depth and reset value gave the same result digest ($(echo $digests | cut -d" " -f1))"
else
    echo "FAIL: cosim result digests differ:$digests"; fail=1
fi

exe=$B/check-d$last/cosim
# SHARD=i/N: the two halves of the stream XOR to the whole run's digest
d0=$("$exe" +count="$COUNT" +seed=1 +shard=0/2 +progress=0 | sed -n 's/^digest \([0-9a-f]*\).*/\1/p')
d1=$("$exe" +count="$COUNT" +seed=1 +shard=1/2 +progress=0 | sed -n 's/^digest \([0-9a-f]*\).*/\1/p')
whole=$(echo $digests | cut -d' ' -f1)
xor64() { # two 16-digit hex words, in 32-bit halves (sh arithmetic is signed 64-bit)
    printf '%08x%08x' $((0x$(echo $1 | cut -c1-8) ^ 0x$(echo $2 | cut -c1-8))) \
        $((0x$(echo $1 | cut -c9-16) ^ 0x$(echo $2 | cut -c9-16)))
}
if [ -n "$d0" ] && [ -n "$d1" ] && [ "$(xor64 $d0 $d1)" = "$whole" ]; then
    echo "cosim SHARD=0/2 and 1/2: digests $d0 ^ $d1 = $whole (the unsharded run)"
else
    echo "FAIL: shard digests $d0 ^ $d1 differ from the whole run's $whole"; fail=1
fi

T=$L/replay; mkdir -p "$T"
# qpac gen output replays through the RTL
if "$QPAC" gen --hw --seed 5 --count 3000 -o "$T/gen.pvs" && \
   "$exe" +vectors="$T/gen.pvs" +progress=0 >"$T/gen.log" 2>&1; then
    echo "cosim VECTORS=qpac gen --hw (3000 ops): $(tail -1 "$T/gen.log")"
else
    echo "FAIL: replay of qpac gen output:"; tail -20 "$T/gen.log"; fail=1
fi
for f in "$V"/*.pvs; do
    if "$exe" +vectors="$f" +progress=0 >"$T/shared.log" 2>&1; then
        echo "cosim VECTORS=$f: $(tail -1 "$T/shared.log")"
    else
        echo "FAIL: replay of $f:"; tail -20 "$T/shared.log"; fail=1
    fi
done
# a wrong expected value must be caught, with a replayable fragment
awk 'BEGIN{d=0} /^pacia /&&!d{v=$4; c=substr(v,16,1); c=(c=="0")?"1":"0"; $4=substr(v,1,15) c; d=1} {print}' \
    "$V/qemu-smoke.pvs" >"$T/wrong.pvs"
"$exe" +vectors="$T/wrong.pvs" +progress=0 >"$T/wrong.log" 2>&1; rc=$?
if [ $rc = 1 ] && grep -q '^# ---- mismatch 1' "$T/wrong.log" && grep -q '^pacia ' "$T/wrong.log" \
   && grep -q '1 failed$' "$T/wrong.log"; then
    echo "cosim: a wrong expected value is reported (exit 1, $(grep -c '^# source:' "$T/wrong.log") mismatch)"
else
    echo "FAIL: a wrong expected value was not reported (exit $rc)"; cat "$T/wrong.log"; fail=1
fi
# what the hardware does not have is refused before anything runs
printf 'cfg compat=qemu\npacia 0000000000001000 0000000000000000\n' >"$T/qemu.pvs"
"$exe" +vectors="$T/qemu.pvs" >"$T/qemu.log" 2>&1; rc=$?
if [ $rc = 2 ] && grep -q "qemu.pvs:1: compat=qemu" "$T/qemu.log"; then
    echo "cosim: compat=qemu refused: $(head -1 "$T/qemu.log" | cut -c1-90)..."
else
    echo "FAIL: compat=qemu not refused (exit $rc)"; cat "$T/qemu.log"; fail=1
fi
printf 'pacia 0000000000001000 0000000000000000\npacia 00000000000010zz 0\n' >"$T/bad.pvs"
"$exe" +vectors="$T/bad.pvs" >"$T/bad.log" 2>&1; rc=$?
if [ $rc = 2 ] && grep -q "bad.pvs:2:" "$T/bad.log"; then
    echo "cosim: syntax error refused: $(head -1 "$T/bad.log")"
else
    echo "FAIL: syntax error not refused (exit $rc)"; cat "$T/bad.log"; fail=1
fi
# bad numbers are refused with a message (issue 10 D8), nothing runs
for arg in +count=-1 +count=0 "+count= 5" +count=+5 +seed=-1 +seed=18446744073709551616 \
           +seed=0x10000000000000000 +shard=-1/2 +shard=2/2 +shard=0/0; do
    "$exe" "$arg" +progress=0 >"$T/num.log" 2>&1; rc=$?
    if [ $rc = 0 ] || ! grep -q "cosim: bad value in '$arg': expected" "$T/num.log"; then
        echo "FAIL: cosim $arg not refused (exit $rc)"; head -3 "$T/num.log"; fail=1
    fi
done
[ $fail = 0 ] && echo "cosim: bad numbers refused ($(head -1 "$T/num.log"))"
if [ $fail = 0 ]; then rm -rf "$L"; else echo "logs kept in $L"; fi
exit $fail

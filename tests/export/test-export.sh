#!/usr/bin/env bash
# test-export.sh - the `make test-export` suite: every `qpac export` format is
# written for a small set and read back (qpac check on .pvs; CSV, JSON Lines
# and Wycheproof parsed against the .pvs; the readmemh image replayed through
# qpac_unit on Icarus and Verilator; STIL structurally checked and replayed on
# the RTL), outputs are byte-identical for equal options, bad command lines
# fail cleanly, and each checker is shown to fail on a corrupted file.
# Called by tests/export.mk with the paths below in the environment.
#   QPAC OUT PYTHON REGS VVP SEED DEPTHS VL_MEMH IV_MEMH_PAT IV_STIL_PAT PP_DEPTH IV_STIL_PP
#   IEEE_PY (the build/venv python with Semi-ATE-STIL: tests/export/stil_ieee.py)
# (IV_*_PAT contain %d for the DEPTH of the Icarus binary.)
set -uo pipefail

fails=0
T="tests/export"
pass() { echo "  ok   $*"; }
fail() { echo "  FAIL $*"; fails=$((fails + 1)); }
# run a simulator; Icarus' "Not enough words" note on short images is dropped
sim() { "$@" 2>&1 | grep -v 'Not enough words in the file\|Verilog \$finish'; return "${PIPESTATUS[0]}"; }
ivm() { printf "$IV_MEMH_PAT" "$1"; }
ivs() { printf "$IV_STIL_PAT" "$1"; }

mkdir -p "$OUT"
E="$QPAC export --no-progress"
SMALL="--seed $SEED --count 300"

echo "-- command line errors (exit 2, message names the problem)"
expect_usage() {
    local want="$1"; shift
    local msg
    msg=$($E "$@" 2>&1 >/dev/null); local rc=$?
    if [ $rc = 2 ] && grep -q -- "$want" <<<"$msg"; then pass "$* -> $msg"; else fail "$* (rc $rc: $msg)"; fi
}
expect_usage "unknown format 'xml'" --format xml -o "$OUT/x"
expect_usage "-o PATH is required" --format csv
expect_usage "--count: 'ten' is not" --format csv --count ten -o "$OUT/x"
expect_usage "--depth: 25 is out of range" --format stil --depth 25 -o "$OUT/x"
expect_usage "$OUT/no/such/dir/x.csv" --format csv -o "$OUT/no/such/dir/x.csv"
expect_usage "no compat=qemu mode" --format stil --qemu-compat -o "$OUT/x"
expect_usage "unknown option '--colour'" --format csv --colour -o "$OUT/x"
[ -w /dev/full ] && expect_usage "/dev/full: write error" --format csv --count 100000 -o /dev/full

echo "-- every format: coverage set + 300 random, twice, byte-identical"
for f in pvs csv jsonl wycheproof readmemh stil; do
    $E --format $f --cover $SMALL -o "$OUT/cov.$f" 2>"$OUT/cov.$f.log" &&
    $E --format $f --cover $SMALL -o "$OUT/cov2.$f" 2>/dev/null
    rc=$?
    if [ $rc = 0 ] && cmp -s "$OUT/cov.$f" "$OUT/cov2.$f" && cmp -s "$OUT/cov.$f.cover.txt" "$OUT/cov2.$f.cover.txt"; then
        pass "$f: $(wc -c <"$OUT/cov.$f") bytes, identical on a second run"
    else
        fail "$f: export rc $rc or outputs differ between runs"
    fi
    grep -q "^bins hit: 14720 (100.00%)" "$OUT/cov.$f.cover.txt" || fail "$f: coverage report does not show 14720 bins hit"
    hdr="seed $SEED; options: --format $f --seed $SEED --cover --count 300"
    [ $f = jsonl ] && hdr="\"seed\":$SEED,\"options\":\"--format $f --seed $SEED --cover --count 300"
    grep -qF "$hdr" "$OUT/cov.$f" ||
        fail "$f: header does not record version, seed and options"
done
$E --format csv --seed $((SEED + 1)) --count 300 -o "$OUT/other.csv" 2>/dev/null
$E --format csv $SMALL -o "$OUT/same.csv" 2>/dev/null
if cmp -s <(grep -v '^#' "$OUT/other.csv") <(grep -v '^#' "$OUT/same.csv"); then
    fail "a different seed gives the same vectors"
else pass "a different seed gives different vectors"; fi

echo "-- .pvs: qpac check"
if $QPAC check "$OUT/cov.pvs" >"$OUT/check.log" 2>&1; then pass "qpac check: $(tail -1 "$OUT/check.log")"
else fail "qpac check cov.pvs: $(tail -3 "$OUT/check.log")"; fi

echo "-- CSV, JSON Lines, Wycheproof read back against the .pvs"
if $PYTHON $T/check_roundtrip.py --regs "$REGS" --seed "$SEED" "$OUT/cov.pvs" "$OUT/cov.csv" \
    "$OUT/cov.jsonl" "$OUT/cov.wycheproof"; then pass "round trip (coverage set)"; else fail "round trip"; fi
for f in pvs csv jsonl wycheproof; do
    $E --format $f --seed $SEED --count 3000 --qemu-compat -o "$OUT/qemu.$f" 2>/dev/null || fail "export $f --qemu-compat"
done
grep -q "compat=qemu" "$OUT/qemu.pvs" || fail "--qemu-compat stream has no compat=qemu configuration"
$QPAC check "$OUT/qemu.pvs" >/dev/null 2>&1 || fail "qpac check qemu.pvs"
if $PYTHON $T/check_roundtrip.py --regs "$REGS" --seed "$SEED" "$OUT/qemu.pvs" "$OUT/qemu.csv" \
    "$OUT/qemu.jsonl" "$OUT/qemu.wycheproof"; then pass "round trip (--qemu-compat stream)"; else fail "round trip --qemu-compat"; fi
# the checker must notice one changed value
awk -F, 'BEGIN{OFS=","} !d && $1 ~ /^[0-9]+$/ {c=substr($7,16,1); $7=substr($7,1,15) (c=="0"?"1":"0"); d=1} {print}' \
    "$OUT/cov.csv" >"$OUT/bad.csv"
if $PYTHON $T/check_roundtrip.py --regs "$REGS" --seed "$SEED" "$OUT/cov.pvs" "$OUT/bad.csv" 2>/dev/null; then
    fail "round trip accepts a CSV with a changed value"
else pass "round trip rejects a CSV with a changed value"; fi
# a file cut at a line boundary must fail its end-record check (issue 10 D3)
for f in csv jsonl; do
    $PYTHON $T/../neg/corrupt.py cut 30 "$OUT/cov.$f" "$OUT/cut.$f"
    if $PYTHON $T/check_roundtrip.py --regs "$REGS" --seed "$SEED" "$OUT/cov.pvs" "$OUT/cut.$f" 2>/dev/null; then
        fail "round trip accepts a cut $f file"
    else pass "round trip rejects a cut $f file"; fi
done
$PYTHON $T/../neg/corrupt.py cut 30 "$OUT/cov.pvs" "$OUT/cut.pvs"
if $QPAC check "$OUT/cut.pvs" >/dev/null 2>&1; then fail "qpac check accepts a cut .pvs"
else pass "qpac check rejects a cut .pvs"; fi

echo "-- readmemh: replay through qpac_unit (Icarus at DEPTH $DEPTHS, Verilator at 12)"
for d in $DEPTHS; do
    $E --format readmemh $SMALL -o "$OUT/small_d$d.memh" 2>/dev/null
    for st in 0 1; do
        if out=$(sim $VVP -n "$(ivm $d)" +image="$OUT/small_d$d.memh" +stall=$st); then pass "icarus: $out"
        else fail "icarus DEPTH=$d stall=$st: $out"; fi
    done
done
for st in 0 1; do
    if out=$(sim "$VL_MEMH" +image="$OUT/cov.readmemh" +stall=$st); then pass "verilator: $out"
    else fail "verilator stall=$st: $out"; fi
done
# a wrong expected value must be caught: change the last hex digit of the first op record
awk 'BEGIN{d=0} !d && /^3/ {c=substr($0,52,1); $0=substr($0,1,51) (c=="0"?"1":"0"); d=1} {print}' \
    "$OUT/small_d0.memh" >"$OUT/bad.memh"
if sim $VVP -n "$(ivm 0)" +image="$OUT/bad.memh" >/dev/null; then fail "memh bench accepts a wrong expectation"
else pass "memh bench rejects a wrong expectation"; fi
$PYTHON $T/../neg/corrupt.py cut 20 "$OUT/small_d0.memh" "$OUT/cut.memh"
if sim $VVP -n "$(ivm 0)" +image="$OUT/cut.memh" >/dev/null; then fail "memh bench accepts a cut image"
else pass "memh bench rejects a cut image"; fi

echo "-- STIL: structural check of every STIL file, replay on qpac_unit (Icarus)"
stils=("$OUT/cov.stil")
for d in $DEPTHS; do
    $E --format stil --depth $d --seed $SEED --count 200 -o "$OUT/small_d$d.stil" 2>/dev/null || fail "export stil d$d"
    stils+=("$OUT/small_d$d.stil")
done
if $PYTHON $T/stil.py check "${stils[@]}"; then pass "stil check: ${#stils[@]} files"; else fail "stil check"; fi
for d in $DEPTHS; do
    if $PYTHON $T/stil.py replay "$OUT/small_d$d.stil" "$OUT/small_d$d.replay" >/dev/null &&
        out=$(sim $VVP -n "$(ivs $d)" +image="$OUT/small_d$d.replay"); then pass "icarus: $out"
    else fail "stil replay DEPTH=$d: $out"; fi
done
# PTR_PIPE=1: the same cycle contract with LATENCY = DEPTH + 2, from --ptr-pipe
if $E --format stil --depth $PP_DEPTH --ptr-pipe 1 --seed $SEED --count 200 -o "$OUT/small_pp.stil" 2>/dev/null &&
    grep -q "LATENCY=$((PP_DEPTH + 2)) cycles" "$OUT/small_pp.stil" &&
    $PYTHON $T/stil.py replay "$OUT/small_pp.stil" "$OUT/small_pp.replay" >/dev/null &&
    out=$(sim $VVP -n "$IV_STIL_PP" +image="$OUT/small_pp.replay"); then
    pass "icarus PTR_PIPE=1 (--ptr-pipe 1, LATENCY $((PP_DEPTH + 2))): $out"
else fail "stil replay DEPTH=$PP_DEPTH PTR_PIPE=1: $out"; fi
stils+=("$OUT/small_pp.stil")
# every STIL file through the independent IEEE 1450 parser too
if $IEEE_PY $T/stil_ieee.py "${stils[@]}" >"$OUT/ieee.log" 2>&1; then
    pass "IEEE 1450 (Semi-ATE-STIL): ${#stils[@]} files valid"
else fail "IEEE 1450 (Semi-ATE-STIL): $(grep -v ': valid' "$OUT/ieee.log" | head -3)"; fi
# ... and the file for the other latency must not replay on it
if $PYTHON $T/stil.py replay "$OUT/small_d$(echo $DEPTHS | cut -d' ' -f1).stil" "$OUT/small_pp_wrong.replay" >/dev/null &&
    sim $VVP -n "$IV_STIL_PP" +image="$OUT/small_pp_wrong.replay" >/dev/null; then
    fail "PTR_PIPE=1 unit replays a STIL file made for LATENCY = DEPTH"
else pass "PTR_PIPE=1 unit rejects a STIL file made for another latency"; fi
# negative: one strobed bit of a result inverted must fail the replay
first=$(echo $DEPTHS | cut -d' ' -f1)
awk '!d && /"po" = ..H/ {i=index($0,"\"po\" = ")+10; c=substr($0,i,1); $0=substr($0,1,i-1) (c=="H"?"L":"H") substr($0,i+1); d=1} {print}' \
    "$OUT/small_d$first.stil" >"$OUT/bad_strobe.stil"
$PYTHON $T/stil.py replay "$OUT/bad_strobe.stil" "$OUT/bad_strobe.replay" >/dev/null
if sim $VVP -n "$(ivs $first)" +image="$OUT/bad_strobe.replay" >/dev/null; then fail "stil replay accepts an inverted strobe"
else pass "stil replay rejects an inverted strobe"; fi
# negative: patterns for another DEPTH must fail (results strobed at the wrong cycle)
last=$(echo $DEPTHS | awk '{print $NF}')
if [ "$first" != "$last" ]; then
    if sim $VVP -n "$(ivs $last)" +image="$OUT/small_d$first.replay" >/dev/null; then
        fail "DEPTH=$first patterns pass on DEPTH=$last RTL"
    else pass "DEPTH=$first patterns fail on DEPTH=$last RTL (latency is checked)"; fi
fi
# negative: structural errors are reported with file and line
awk '!d && /^  V \{/ {sub(/"po" = /, "\"po\" = X"); d=1} {print}' "$OUT/small_d$first.stil" >"$OUT/bad_width.stil"
sed 's/PatternBurst "qpac_burst";/PatternBurst "nope";/' "$OUT/small_d$first.stil" >"$OUT/bad_ref.stil"
sed '0,/"out_fault_o" Out;/s///' "$OUT/small_d$first.stil" >"$OUT/bad_sig.stil"
# a vector one character short (the last WFC of the first V's "po" dropped)
sed '0,/^  V {/{/^  V {/s/.; }$/; }/}' "$OUT/small_d$first.stil" >"$OUT/bad_short.stil"
cmp -s "$OUT/small_d$first.stil" "$OUT/bad_short.stil" && fail "bad_short.stil: the corruption did not apply"
for b in bad_width bad_ref bad_sig bad_short; do
    if msg=$($PYTHON $T/stil.py check "$OUT/$b.stil" 2>&1); then fail "stil check accepts $b.stil"
    else pass "stil check rejects $b.stil: ${msg#stil check: }"; fi
    if msg=$($IEEE_PY $T/stil_ieee.py "$OUT/$b.stil" 2>&1); then fail "Semi-ATE-STIL accepts $b.stil"
    else pass "Semi-ATE-STIL rejects $b.stil: ${msg#stil_ieee: }"; fi
done

if [ $fails = 0 ]; then echo "test-export: all checks passed"; else echo "test-export: $fails checks FAILED"; exit 1; fi

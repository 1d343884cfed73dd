#!/usr/bin/env python3
# asic.py - one point of the ASIC estimate sweep: Yosys maps the design to a
# liberty standard-cell library, OpenSTA times the mapped netlist, and the
# figures land in OUT/result.json for report.py.
#
#   asic.py --top core|unit --depth D --alg 0|1|2 --lib LIB --rtl DIR --out DIR
#
# core = synth/qarma_core_syn.v (bare ComputePAC; alg 0 QARMA5, 1 QARMA3,
# 2 both), unit = rtl/qpac_unit.v (both algorithms, chosen per operation).
# Flow: synth -flatten -nordff (no register merged into a case-statement ROM:
# the registers stay where the RTL puts them), dfflibmap, abc with a delay
# target and a load/drive constraint (so high-fanout nets get buffered), stat
# -liberty for the area; STA with ideal clock, inputs and outputs at the clock
# edge, min period = constraint - worst slack.
# SPDX-License-Identifier: BSD-2-Clause
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import time

STA_PERIOD_NS = 1.0  # any value works: min period = period - WNS


def nand2_area(lib):
    text = open(lib).read()
    m = re.search(r"cell\s*\(\s*NAND2X1\s*\)\s*\{[^}]*?area\s*:\s*([0-9.]+)", text, re.S)
    if not m:
        sys.exit("asic.py: %s: no NAND2X1 area" % lib)
    return float(m.group(1))


def run(cmd, log, cwd, timeout=None, out=None, what=None):
    with open(log, "w") as f:
        try:
            r = subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT, timeout=timeout)
        except subprocess.TimeoutExpired:
            # a result too: the report lists the point as not finished
            with open(os.path.join(out, "result.json"), "w") as j:
                json.dump(dict(what, error="%s did not finish in %d s" % (cmd[0], timeout)), j)
            print("asic.py: %s: %s timed out after %d s" % (out, cmd[0], timeout))
            sys.exit(0)
    if r.returncode:
        sys.exit("asic.py: %s failed (exit %d), see %s" % (cmd[0], r.returncode, log))


def rtl_commit(rtl):
    """Last commit touching the RTL, with '+' when the tree differs from it."""
    try:
        h = subprocess.run(["git", "log", "-1", "--format=%h", "--", "."], cwd=rtl,
                           capture_output=True, text=True).stdout.strip()
        d = subprocess.run(["git", "status", "--porcelain", "--", "."], cwd=rtl,
                           capture_output=True, text=True).stdout.strip()
        return h + ("+" if d else "")
    except OSError:
        return ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--top", choices=["core", "unit"], required=True)
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--alg", type=int, default=2)
    ap.add_argument("--lib", required=True)
    ap.add_argument("--rtl", default="rtl")
    ap.add_argument("--synth", default="synth")
    ap.add_argument("--abc-delay-ps", type=int, default=1000)
    ap.add_argument("--timeout", type=int, default=1200, help="seconds for Yosys/ABC")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()

    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    lib = os.path.abspath(a.lib)
    rtl = os.path.abspath(a.rtl)
    srcs = sorted(glob.glob(os.path.join(rtl, "*.v")))
    if a.top == "core":
        top = "qarma_core_syn"
        srcs.append(os.path.abspath(os.path.join(a.synth, "qarma_core_syn.v")))
        params = "-set DEPTH %d -set ALG %d" % (a.depth, a.alg)
    else:
        top = "qpac_unit"
        params = "-set DEPTH %d" % a.depth
        if a.alg != 2:
            sys.exit("asic.py: qpac_unit carries both algorithms (use --alg 2)")

    with open(os.path.join(out, "abc.constr"), "w") as f:
        f.write("set_driving_cell INVX1\nset_load 0.01\n")
    ys = os.path.join(out, "synth.ys")
    with open(ys, "w") as f:
        f.write("read_verilog -I %s %s\n" % (rtl, " ".join(srcs)))
        f.write("chparam %s %s\n" % (params, top))
        f.write("synth -top %s -flatten -nordff\n" % top)
        f.write("dfflibmap -liberty %s\n" % lib)
        f.write("abc -D %d -constr abc.constr -liberty %s\n" % (a.abc_delay_ps, lib))
        # one-bit nets: OpenSTA's reader takes no concatenation on an assign's left
        f.write("splitnets -ports\nopt_clean -purge\n")
        f.write("tee -o stat.txt stat -liberty %s\n" % lib)
        f.write("write_verilog -noattr -noexpr netlist.v\n")
    t0 = time.time()
    what = {"top": a.top, "depth": a.depth, "alg": a.alg, "rtl_commit": rtl_commit(rtl)}
    run(["yosys", "-q", "-l", "yosys.log", "-s", "synth.ys"], os.path.join(out, "yosys.out"), out,
        timeout=a.timeout, out=out, what=what)
    t_syn = time.time() - t0

    stat = open(os.path.join(out, "stat.txt")).read()
    m = re.search(r"Chip area for (?:top )?module '\\?%s': ([0-9.]+)" % top, stat)
    if not m:
        sys.exit("asic.py: no chip area in %s/stat.txt" % out)
    area = float(m.group(1))
    cells = {c: int(n) for c, n in re.findall(r"^\s+([A-Z][A-Z0-9]+X?\d*|DFFSR|LATCH)\s+(\d+)$", stat, re.M)}
    ffs = sum(n for c, n in cells.items() if c.startswith("DFF") or c == "LATCH")
    ncells = sum(cells.values())

    tcl = os.path.join(out, "sta.tcl")
    with open(tcl, "w") as f:
        f.write("read_liberty %s\n" % lib)
        f.write("read_verilog netlist.v\n")
        f.write("link_design %s\n" % top)
        f.write("create_clock -name clk -period %g [get_ports clk_i]\n" % STA_PERIOD_NS)
        f.write("set_input_delay 0 -clock clk [delete_from_list [all_inputs] [get_ports clk_i]]\n")
        f.write("set_output_delay 0 -clock clk [all_outputs]\n")
        f.write("set_load 0.01 [all_outputs]\n")
        # the reset tree is built later, like the clock tree
        f.write("set_false_path -from [get_ports rst_ni]\n")
        f.write("report_checks -path_delay max -fields {fanout cap slew} -digits 3\n")
        f.write("report_wns -digits 4\n")
    run(["sta", "-no_init", "-exit", "sta.tcl"], os.path.join(out, "sta.txt"), out)
    sta = open(os.path.join(out, "sta.txt")).read()
    m = re.search(r"^wns\s+(-?[0-9.]+)", sta, re.M)
    if not m:
        sys.exit("asic.py: no wns in %s/sta.txt" % out)
    wns = float(m.group(1))
    # report_wns prints 0 when every path meets the constraint: then tighten
    crit = STA_PERIOD_NS - wns
    if wns >= 0:
        sys.exit("asic.py: %s met %g ns: lower STA_PERIOD_NS" % (out, STA_PERIOD_NS))
    sp = re.search(r"Startpoint: (\S+)", sta)
    ep = re.search(r"Endpoint: (\S+)", sta)

    n2 = nand2_area(lib)
    res = {
        "top": a.top, "module": top, "depth": a.depth, "alg": a.alg,
        "latency": a.depth,  # both qarma_core and qpac_unit: LATENCY = DEPTH (rtl/README.md)
        "area_um2": area, "nand2_um2": n2, "kge": area / n2 / 1000.0,
        "ffs": ffs, "cells": ncells,
        "crit_ns": round(crit, 4), "fmax_mhz": round(1000.0 / crit, 1),
        "startpoint": sp.group(1) if sp else "", "endpoint": ep.group(1) if ep else "",
        "synth_seconds": round(t_syn, 1),
        "rtl_commit": rtl_commit(rtl),
    }
    with open(os.path.join(out, "result.json"), "w") as f:
        json.dump(res, f, indent=1)
    print("%s depth %d alg %d: %.0f um2 = %.2f kGE, %d FFs, %.3f ns = %.0f MHz (%.0f s)" % (
        a.top, a.depth, a.alg, area, res["kge"], ffs, crit, res["fmax_mhz"], t_syn))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# report.py - collect the synthesis sweep (asic/*/result.json: core, unit,
# unitp and the bound stages) and the FPGA runs (fpga/d*/result.json, the
# bare-core probe fpga/probe_d*/result.json) under --dir into report.md and
# report.png (area and fmax against latency). Points not run yet are missing.
# SPDX-License-Identifier: BSD-2-Clause
import argparse
import glob
import json
import os
import re
import subprocess
import sys

from asic import flop_times  # same reading of the STA path as the bound points

ALG_NAME = {0: "QARMA5", 1: "QARMA3", 2: "QARMA5+QARMA3"}
# bound_stage.v VARIANT and REGS
BOUND_STAGE = {0: "forward round: PACSub(PACMult(PACCellShuffle(x)) ^ tk)",
               1: "backward round: PACCellInvShuffle(PACMult(PACInvSub(x))) ^ tk",
               2: "linear half-round: PACMult(PACCellShuffle(x)) ^ tk",
               3: "S-box half-round: PACSub(x) ^ tk"}
BOUND_REGS = {0: "plain DFF", 1: "async reset", 2: "async reset + load enable"}
TARGET_MHZ = 800.0
# the harness around the probe core (synth/ice40_probe.v): power-on counter and
# reset (5), input shift register (257, and the alg bit with both algorithms),
# fold (16 + 1)
PROBE_HARNESS_FFS = 5 + 257 + 17


def tool_version(cmd, pkg):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True).stdout.strip().splitlines()
        v = out[0] if out else ""
    except OSError:
        v = ""
    try:
        d = subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg], capture_output=True,
                           text=True).stdout.strip()
    except OSError:
        d = ""
    return ("%s (Debian %s %s)" % (v, pkg, d)) if d else (v or "not found")


def load(pattern):
    out = []
    for p in sorted(glob.glob(pattern)):
        try:
            r = json.load(open(p))
        except (OSError, ValueError):
            continue
        r["_dir"] = os.path.dirname(p)
        out.append(r)
    return out


def plot(asic, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return "matplotlib not available: no plot"
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    series = [("core", 0, "o-"), ("core", 1, "s-"), ("core", 2, "^-"), ("unit", 2, "D-"),
              ("unitp", 2, "v-")]
    for top, alg, style in series:
        pts = sorted((r["latency"], r["kge"], r["fmax_mhz"]) for r in asic
                     if r["top"] == top and r["alg"] == alg)
        if not pts:
            continue
        label = {"core": "qarma core " + ALG_NAME[alg], "unit": "qpac_unit (both)",
                 "unitp": "qpac_unit PTR_PIPE=1"}[top]
        ax1.plot([p[0] for p in pts], [p[1] for p in pts], style, label=label)
        ax2.plot([p[0] for p in pts], [p[2] for p in pts], style, label=label)
    ax1.set_xlabel("latency (cycles) = DEPTH (+2 with PTR_PIPE)")
    ax1.set_ylabel("area (kGE, NAND2X1 = 1)")
    ax1.set_title("Area, OSU 0.18 um (osu018)")
    ax2.set_xlabel("latency (cycles) = DEPTH (+2 with PTR_PIPE)")
    ax2.set_ylabel("fmax (MHz), static timing, typical")
    ax2.set_title("Maximum clock = throughput in Mop/s")
    for ax in (ax1, ax2):
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return None


def path_cells(sta):
    """The cell types along the worst path of an OpenSTA report_checks."""
    return re.findall(r"^\s+(?:[0-9.]+\s+){3,4}[v^] \S+/(?:Q|Y) \((\w+)\)$", sta, re.M)


def q_net(netlist, cell):
    """The net a flip-flop instance drives (its register's name in the RTL)."""
    m = re.search(r"\b%s \((?:[^;]*?)\.Q\(([^)]*?)\s*\)" % re.escape(cell), netlist, re.S)
    return m.group(1).lstrip("\\") if m else ""


def nextpnr_ends(path):
    """Start and end of the post-route critical path in a nextpnr log, as the
    RTL names Yosys derived the cell names from (up to the first _SB_)."""
    try:
        log = open(path).read()
    except OSError:
        return None
    cp = log.rfind("Critical path report for clock")
    if cp < 0:
        return None
    block = log[cp:]
    src = re.search(r"Source (\S+)", block)
    dst = re.search(r"Setup (\S+)", block)
    if not src or not dst:
        return None
    def short(name):
        return re.sub(r"_SB_.*$|\.[A-Z0-9]+$", "", name)
    return short(src.group(1)), short(dst.group(1))


def bundle_field(net):
    """Name the field of a qarma_core bundle bit (b<L>_in = layer L's input:
    {side, alg, key field, modifier, w}), or '' for another net."""
    m = re.search(r"\bb(\d+)_in\[(\d+)\]", net)
    if not m:
        return ""
    n = int(m.group(2))
    # KEY_PIPE 0 layout (the ASIC sweep's): key select at 130:128, alg at 131
    what = ("state" if n < 64 else "carried modifier" if n < 128 else
            "key select" if n < 131 else "alg" if n == 131 else "side band")
    return "layer %s's input, %s bit" % (m.group(1), what)


def named(net):
    """A register's name, with its qarma_core bundle field when it has one."""
    f = bundle_field(net)
    return "`%s`%s" % (net, " (%s)" % f if f else "")


def ptr_pipe_section(asic, adir):
    """qpac_unit with and without the pointer stages registered, side by side,
    with the ends of the PTR_PIPE=1 critical path by register name."""
    unit = {r["depth"]: r for r in asic if r["top"] == "unit"}
    unitp = {r["depth"]: r for r in asic if r["top"] == "unitp"}
    unitpk = {r["depth"]: r for r in asic if r["top"] == "unitpk"}
    unitpg = {r["depth"]: r for r in asic if r["top"] == "unitpg"}
    unitpkg = {r["depth"]: r for r in asic if r["top"] == "unitpkg"}
    if not unitp:
        return []
    L = ["", "qpac_unit with the pointer stages registered (PTR_PIPE=1) against PTR_PIPE=0:", ""]
    L.append("| DEPTH | latency PTR_PIPE 0 / 1 | fmax PTR_PIPE 0 (MHz) | fmax PTR_PIPE 1 (MHz) "
             "| kGE PTR_PIPE 0 / 1 | FFs PTR_PIPE 0 / 1 | RTL 0 / 1 | PTR_PIPE 1 critical path "
             "(from -> to) |")
    L.append("|---:|---|---:|---:|---|---|---|---|")
    for d in sorted(unitp):
        p = unitp[d]
        u = unit.get(d)
        ends = "-"
        try:
            net = open(os.path.join(adir, "asic", "unitp_d%d_a2" % d, "netlist.v")).read()
            ends = " -> ".join(named(q_net(net, x) or x) for x in (p["startpoint"],
                                                                  p["endpoint"]))
        except OSError:
            pass
        pk = unitpk.get(d)
        if pk:
            try:
                net = open(os.path.join(adir, "asic", "unitpk_d%d_a2" % d, "netlist.v")).read()
                ends += "; with KEY_PIPE=1: %.0f MHz, %.2f kGE, %d FFs, " % (
                    pk["fmax_mhz"], pk["kge"], pk["ffs"]) + " -> ".join(
                        "`%s`" % (q_net(net, x) or x) for x in (pk["startpoint"], pk["endpoint"]))
            except OSError:
                pass
        for name, var in (("GLOBAL_STALL=1", unitpg), ("KEY_PIPE=1 and GLOBAL_STALL=1", unitpkg)):
            g = var.get(d)
            if not g:
                continue
            try:
                net = open(os.path.join(adir, "asic", "%s_d%d_a2" % (g["top"], d),
                                        "netlist.v")).read()
                ends += "; with %s: %.0f MHz, %.2f kGE, %d FFs, " % (
                    name, g["fmax_mhz"], g["kge"], g["ffs"]) + " -> ".join(
                        "`%s`" % (q_net(net, x) or x) for x in (g["startpoint"], g["endpoint"]))
            except OSError:
                pass
        L.append("| %d | %s / %d | %s | %.0f | %s / %.2f | %s / %d | %s / %s | %s |" % (
            d, str(u["latency"]) if u else "-", p["latency"],
            "%.0f" % u["fmax_mhz"] if u else "-", p["fmax_mhz"],
            "%.2f" % u["kge"] if u else "-", p["kge"], str(u["ffs"]) if u else "-", p["ffs"],
            u.get("rtl_commit", "") if u else "-", p.get("rtl_commit", ""), ends))
    return L


def bound_section(bound, refs):
    """What one round per stage can reach in this library and flow."""
    L = ["", "## What one round per stage can reach here (osu018, same flow)", ""]
    L.append("An idealised pipeline stage (synth/bound_stage.v, `make synth-bound`): 64-bit "
             "registers -> one round (or half-round) of the real functions of "
             "rtl/qarma_functions.vh -> 64-bit registers. The tweakey tk arrives precomputed "
             "in its own register (no key select, no tweak schedule, no valid/ready), and only "
             "the register-to-register path is timed. Registers: plain DFF (DFFPOSX1), with "
             "the asynchronous reset of the real pipeline slots (DFFSR), and with reset plus "
             "a load enable driven by one register (as qpac_pipe_slot's load). Clock-to-Q "
             "and setup are read from the worst path of the STA report: clock-to-Q depends "
             "on the load the launching flip-flop drives. logic = critical path - clock-to-Q - "
             "setup. The %.0f MHz target is a %.3f ns period." % (TARGET_MHZ, 1000.0 / TARGET_MHZ))
    L.append("")
    L.append("| stage | registers | critical path (ns) | fmax (MHz) | clock-to-Q (ns) | "
             "setup (ns) | logic (ns) | FFs | area (kGE) | %.0f MHz |" % TARGET_MHZ)
    L.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in bound:
        L.append("| %s | %s | %.3f | %.0f | %.3f (%s) | %.3f (%s) | %.3f | %d | %.2f | %s |" % (
            BOUND_STAGE.get(r["variant"], r["variant"]), BOUND_REGS.get(r["regs"], r["regs"]),
            r["crit_ns"], r["fmax_mhz"], r["clk_q_ns"], r["launch_cell"], r["setup_ns"],
            r["capture_cell"], r["crit_ns"] - r["clk_q_ns"] - r["setup_ns"], r["ffs"], r["kge"],
            "yes" if r["fmax_mhz"] >= TARGET_MHZ else "no"))
    for c in refs:
        ft = c.get("flop_times", {})
        L.append("| for comparison: qarma core QARMA5 DEPTH %d (%s; RTL %s) | async reset | "
                 "%.3f | %.0f | %s | %s | %s | %d | %.2f | %s |" % (
                     c["depth"], "one S-box layer per slot, with key select, tweak schedule, "
                     "valid/ready" if c["depth"] <= 12 else "two stages per round",
                     c.get("rtl_commit", "?"), c["crit_ns"], c["fmax_mhz"],
                     "%.3f (%s)" % (ft["clk_q_ns"], ft["launch_cell"]) if "clk_q_ns" in ft else "-",
                     "%.3f (%s)" % (ft["setup_ns"], ft["capture_cell"]) if "setup_ns" in ft else "-",
                     "%.3f" % (c["crit_ns"] - ft["clk_q_ns"] - ft["setup_ns"])
                     if "clk_q_ns" in ft and "setup_ns" in ft else "-",
                     c["ffs"], c["kge"], "yes" if c["fmax_mhz"] >= TARGET_MHZ else "no"))
    if not bound:
        L.append("| (not run yet: `make synth-bound`) |||||||||| ")
        return L
    full = [r for r in bound if r["variant"] in (0, 1)]
    half = [r for r in bound if r["variant"] in (2, 3)]
    L.append("")
    if full:
        best = min(full, key=lambda r: r["crit_ns"])
        worst = max(full, key=lambda r: r["crit_ns"])
        reach = [r for r in full if r["fmax_mhz"] >= TARGET_MHZ]
        L.append("Measured: one full round per stage takes %.3f to %.3f ns (%.0f to %.0f MHz) "
                 "even in this idealised stage; the best is the %s with %s registers. %s" % (
                     best["crit_ns"], worst["crit_ns"], worst["fmax_mhz"], best["fmax_mhz"],
                     BOUND_STAGE[best["variant"]].split(":")[0], BOUND_REGS[best["regs"]],
                     ("%d of %d full-round points reach %.0f MHz." % (len(reach), len(full),
                                                                    TARGET_MHZ)) if reach else
                     "No full-round stage reaches %.0f MHz with this library and flow. The "
                     "closest misses the %.3f ns period by %.3f ns, less than the spread "
                     "between register kinds of one round (up to %.3f ns, from the mapping), "
                     "so one full round per stage is at best at the edge of %.0f MHz with "
                     "nothing else in the stage." % (
                         TARGET_MHZ, 1000.0 / TARGET_MHZ, best["crit_ns"] - 1000.0 / TARGET_MHZ,
                         max(max(r["crit_ns"] for r in full if r["variant"] == v) -
                             min(r["crit_ns"] for r in full if r["variant"] == v)
                             for v in {r["variant"] for r in full}), TARGET_MHZ)))
        # the budget: flip-flop overhead against the logic of one round
        ff = [r["clk_q_ns"] + r["setup_ns"] for r in full]
        lg = [r["crit_ns"] - r["clk_q_ns"] - r["setup_ns"] for r in full]
        per = 1000.0 / TARGET_MHZ
        L.append("Budget at %.0f MHz (%.3f ns): clock-to-Q + setup take %.3f to %.3f ns in "
                 "these paths, leaving %.3f to %.3f ns for logic; one round's logic measured "
                 "%.3f to %.3f ns." % (TARGET_MHZ, per, min(ff), max(ff), per - max(ff),
                                       per - min(ff), min(lg), max(lg)))
    if half:
        hb = max(half, key=lambda r: r["crit_ns"])
        L.append("Half-round stages take %.3f ns at most (%s, %s registers: %.0f MHz): %s." % (
            hb["crit_ns"], BOUND_STAGE[hb["variant"]].split(":")[0], BOUND_REGS[hb["regs"]],
            hb["fmax_mhz"],
            ("in this idealised form every half-round stage measured reaches %.0f MHz, so "
             "the target needs a register slot per half round (24 slots for QARMA5 instead "
             "of 12)" % TARGET_MHZ) if hb["fmax_mhz"] >= TARGET_MHZ else
            "even half-round stages miss %.0f MHz" % TARGET_MHZ))
    for c in refs:
        if c["depth"] <= 12 and full:
            rel = ", %.3f ns more than the best full-round stage" % (
                c["crit_ns"] - best["crit_ns"])
            other = "; the best full-round stage's runs through %s" % (
                " ".join(best.get("path_cells", [])) or "(no path)")
        elif c["depth"] > 12 and half:
            rel = ", %+.3f ns against the slowest half-round stage" % (c["crit_ns"] - hb["crit_ns"])
            other = ""
        else:
            rel = other = ""
        L.append("The real DEPTH %d core (RTL %s) measures %.3f ns (%.0f MHz)%s. Its worst path "
                 "runs from %s to %s through %s%s." % (
                     c["depth"], c.get("rtl_commit", "?"), c["crit_ns"], c["fmax_mhz"], rel,
                     named(c.get("start_net") or c["startpoint"]),
                     named(c.get("end_net") or c["endpoint"]),
                     " ".join(c.get("path_cells", [])) or "(no path)", other))
    return L


def fabric_section(fpga, probe, freq, fdir):
    """What the iCE40-HX8K allows: the bare core, and the full top's size."""
    L = ["", "### What the fabric allows", ""]
    L.append("The bare core (synth/qarma_core_syn.v, one key; QARMA5 only, or both "
             "algorithms chosen per operation as in the unit) in a timing harness "
             "(synth/ice40_probe.v, `make synth-probe`): its input bits come from a shift "
             "register fed by one pin, its result is XOR-folded into one pin through two "
             "register stages, so every timed path starts and ends in a register and the "
             "slowest one is the core's. Same flow as the FPGA top (nextpnr timing-driven at "
             "%.0f MHz, seed 1). The harness adds %d flip-flops (one more with both "
             "algorithms); the logic-cell count "
             "includes them. Critical path: logic cells passed after the launching flip-flop, "
             "and nextpnr's split of the delay into logic and routing." % (freq,
                                                                          PROBE_HARNESS_FFS))
    L.append("")
    L.append("| design | KEY_PIPE | DEPTH | latency (cycles) | LUT4 | FFs | logic cells used / "
             "available | fits | fmax nextpnr (MHz) | fmax icetime (MHz) | critical path: "
             "cells, logic + routing (ns) | %.0f MHz |" % freq)
    L.append("|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---|---|")
    for r in probe:
        fits = r.get("fits", True)
        L.append("| bare core %s (probe) | %d | %d | %d | %d | %d | %d / %d | %s | %s | %s | %s | "
                 "%s |" % (
            ALG_NAME[r.get("alg", 0)], r.get("key_pipe", 0), r["depth"], r["latency"],
            r["lut4"], r["ffs"], r["lc_used"], r["lc_avail"],
            "yes" if fits else "no", "%.2f" % r["fmax_mhz"] if fits else "-",
            "%.2f" % r["icetime_mhz"] if fits and r["icetime_mhz"] else "-",
            "%d, %.1f + %.1f" % (r["crit_cells"], r["crit_logic_ns"], r["crit_route_ns"])
            if "crit_cells" in r else "-",
            "closes" if fits and r["fmax_mhz"] >= freq else "no"))
    ends = []
    for r in probe:
        e = nextpnr_ends(os.path.join(r["_dir"], "nextpnr.log"))
        if e:
            ends.append("%s KEY_PIPE %d DEPTH %d: `%s` -> `%s`" % (
                ALG_NAME[r.get("alg", 0)], r.get("key_pipe", 0), r["depth"], e[0], e[1]))
    if ends:
        L.append("")
        L.append("Critical path ends (nextpnr cell names cut at the first `_SB_`; `sr_q` is "
                 "the harness's input shift register, which holds the key: with KEY_PIPE 0 "
                 "every layer reads the key from it): %s." % "; ".join(ends))
    if not probe:
        L.append("| (not run yet: `make synth-probe`) |||||||||||")
    L.append("")
    closes = [r for r in probe if r.get("fits", True) and r["fmax_mhz"] >= freq]
    misses = [r for r in probe if not (r.get("fits", True) and r["fmax_mhz"] >= freq)]
    if probe:
        L.append("Measured: the bare core %s." % "; ".join(
            "%s with KEY_PIPE %d at DEPTH %d uses %d of %d logic cells and %s at %.2f MHz" % (
                ALG_NAME[r.get("alg", 0)], r.get("key_pipe", 0), r["depth"], r["lc_used"],
                r["lc_avail"],
                "closes %.0f MHz" % freq if r in closes else "misses %.0f MHz" % freq,
                r["fmax_mhz"]) for r in probe))
        if closes:
            L.append("So the cipher alone closes at %.0f MHz on this fabric at %s." % (
                freq, ", ".join("%s KEY_PIPE %d DEPTH %d" % (
                    ALG_NAME[r.get("alg", 0)], r.get("key_pipe", 0), r["depth"])
                    for r in closes)))
        elif misses:
            L.append("So the cipher alone does not close at %.0f MHz at the depths measured."
                     % freq)
    nofit = [r for r in fpga if not r.get("fits", True)]
    fit = [r for r in fpga if r.get("fits", True)]
    if nofit:
        L.append("The full FPGA top (table above) needs %s logic cells (of %d)%s: with the "
                 "unit's key file, both algorithms, pointer logic, APB and UART around the "
                 "core, the pipeline registers of a deeper setting do not fit the HX8K." % (
                     ", ".join("%d at DEPTH %d" % (r["lc_used"], r["depth"]) for r in nofit),
                     nofit[0]["lc_avail"],
                     ("; the deepest setting that fits is DEPTH %d (%.2f MHz)" % (
                         max(fit, key=lambda r: r["depth"])["depth"],
                         max(fit, key=lambda r: r["depth"])["fmax_mhz"])) if fit else ""))
    return L


BLOCKS = ["key file", "configuration", "pointer front", "pointer back", "side band", "handshake",
          "core"]


def core_of(r, named):
    """The bare core of a unit point's DEPTH and algorithms (core-d<D>[-a5])."""
    want = "core-d%d%s" % (r["depth"], "-a5" if r.get("algs") == "qarma5" else "")
    return named.get(want)


def headline_line(r, named):
    """`headline: <design> depth= algs= kge= fmax_mhz= [overhead_kge=]` (issue 11)."""
    line = "headline: %s depth=%d algs=%s kge=%.2f fmax_mhz=%.1f" % (
        r["point"], r["depth"], r["algs"], r["kge"], r["fmax_mhz"])
    if r["design"] == "unit":
        c = core_of(r, named)
        if not c:
            return None
        line += " overhead_kge=%.2f" % (r["kge"] - c["kge"])
    return line


def named_section(named):
    """The points named by setting stem (core-<stem>, unit-<stem>)."""
    if not named:
        return []
    L = ["", "## Named points (setting stems: rtl/rtl.mk QPAC_STEM)", ""]
    L.extend(named_table(named, sorted(named)))
    for p in sorted(named):
        r = named[p]
        if r.get("worst_by_block"):
            L.append("")
            L.append("`%s`, worst arrival per block (ns; the register Yosys named): %s." % (
                p, "; ".join("%s %.2f (`%s`)" % (b, v["arrival_ns"], v["register"])
                             for b, v in r["worst_by_block"].items())))
    for p in sorted(named):
        r = named[p]
        if "blocks" not in r:
            continue
        c = core_of(r, named)
        L.append("")
        L.append("Per-block area of `%s` (hierarchical run: each module mapped on its own, so "
                 "the total differs a little from the flat run's %.2f kGE; side band = the "
                 "share of the core's slot bits that carry it; handshake = slots F and B and "
                 "the unit's glue; core = qarma_core in the unit without the side band, i.e. "
                 "the cipher with the five-key select; RTL %s):" % (p, r["kge"],
                                                                  r.get("rtl_commit", "")))
        L.append("")
        L.append("| block | kGE |")
        L.append("|---|---:|")
        for k in BLOCKS + ["total (hierarchical)"]:
            L.append("| %s | %.2f |" % (k, r["blocks"].get(k, 0.0)))
        if c:
            ov = r["blocks"]["total (hierarchical)"] - r["blocks"]["core"]
            L.append("| bare core `%s` (flat run, one key) | %.2f |" % (c["point"], c["kge"]))
            L.append("| key select and slot load enables in the core (core row - bare core, "
                     "which has one key and never stalls) | %.2f |" % (
                r["blocks"]["core"] - c["kge"]))
            L.append("| unit - core in the unit (blocks other than core) | %.2f |" % ov)
    return L


def named_table(named, points):
    L = ["| point | design | algorithms | DEPTH | latency | kGE | overhead kGE | FFs | "
         "critical path (ns) | fmax (MHz) | RTL |", "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for p in points:
        r = named.get(p)
        if not r:
            L.append("| %s | (not run) ||||||||||" % p)
            continue
        c = core_of(r, named) if r["design"] == "unit" else None
        L.append("| %s | %s | %s | %d | %d | %.2f | %s | %d | %.3f | %.0f | %s |" % (
            p, "qpac_unit" if r["design"] == "unit" else
            "core (five keys)" if r.get("five_keys") else "core (bare)", r["algs"], r["depth"],
            r["latency"], r["kge"], "%.2f" % (r["kge"] - c["kge"]) if c else "-", r["ffs"],
            r["crit_ns"], r["fmax_mhz"], r.get("rtl_commit", "")))
    return L


def update_doc(path, named, points):
    """Rewrite the table between the headline markers of a Markdown file."""
    begin, end = "<!-- synth-headline: begin (make synth-docs) -->", "<!-- synth-headline: end -->"
    text = open(path).read()
    i, j = text.find(begin), text.find(end)
    if i < 0 or j < i:
        raise SystemExit("report.py: %s: no headline markers" % path)
    body = "\n".join(named_table(named, points))
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text[:i + len(begin)] + "\n" + body + "\n" + text[j:])
    os.replace(tmp, path)


def load_named(adir):
    named = {}
    for r in load(os.path.join(adir, "asic", "*", "result.json")):
        if "point" in r and "error" not in r:
            named[r["point"]] = r
    return named


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--lib", required=True)
    ap.add_argument("--fpga-depth", type=int, default=1)
    ap.add_argument("--fpga-freq", type=float, default=100)
    ap.add_argument("--headline", nargs="+", metavar="POINT",
                    help="print one 'headline:' line per named point and stop")
    ap.add_argument("--update-doc", nargs="+", metavar="FILE",
                    help="with --headline: rewrite the table between the markers of FILE")
    a = ap.parse_args()

    if a.headline:
        named = load_named(a.dir)
        bad = 0
        for p in a.headline:
            r = named.get(p)
            try:
                line = headline_line(r, named) if r else None
            except KeyError as e:
                print("report.py: %s: result without %s" % (p, e), file=sys.stderr)
                line = None
            if not line:
                print("report.py: %s: no result (or no bare core to compare with) under %s/asic"
                      % (p, a.dir), file=sys.stderr)
                bad = 1
                continue
            print(line)
        if bad:
            raise SystemExit(1)
        for f in a.update_doc or []:
            update_doc(f, named, a.headline)
            print("report.py: %s: headline table rewritten" % f)
        return

    everything = load(os.path.join(a.dir, "asic", "*", "result.json"))
    named_all = {r["point"]: r for r in everything if "point" in r and "error" not in r}
    everything = [r for r in everything if "point" not in r]
    bound_all = [r for r in everything if r["top"] == "bound"]
    asic_all = [r for r in everything if r["top"] != "bound"]
    asic = [r for r in asic_all if "error" not in r]
    bound = [r for r in bound_all if "error" not in r]
    unfinished = [r for r in asic_all if "error" in r]
    fpga = load(os.path.join(a.dir, "fpga", "d*", "result.json"))
    probe = load(os.path.join(a.dir, "fpga", "probe_d*", "result.json"))
    order = {"core": 0, "unit": 1, "unitp": 2, "unitpk": 3, "unitpg": 4, "unitpkg": 5}
    asic.sort(key=lambda r: (order.get(r["top"], 9), r["alg"] if r["top"] == "core" else 9, r["depth"]))
    bound.sort(key=lambda r: (r["variant"], r["regs"]))
    fpga.sort(key=lambda r: r["depth"])
    probe.sort(key=lambda r: (r.get("key_pipe", 0), r.get("alg", 0), r["depth"]))

    L = []
    L.append("# qpac synthesis report")
    L.append("")
    L.append("Generated by `make synth` / `make fpga` (synth/synth.mk).")
    L.append("")
    L.append("**These are estimates.** The ASIC figures come from an open, old library (OSU 0.18 um, "
             "typical corner, 1.8 V, 25 C) mapped by Yosys/ABC and timed by OpenSTA with an ideal "
             "clock, no wire-load model (the library has none), no placement or routing, inputs "
             "and outputs timed at the clock edge (0.01 pF output load). A commercial library and "
             "a real flow (synthesis with retiming, placement, clock tree) give different numbers; "
             "compare settings with each other rather than with published silicon. kGE = area / "
             "NAND2X1 area; XOR gates are expensive in this library (2.3 GE).")
    L.append("")
    L.append("Tools: %s; %s; %s; icepack/icetime (%s); cell library `%s`." % (
        tool_version(["yosys", "-V"], "yosys"),
        tool_version(["sta", "-version"], "opensta"),
        tool_version(["nextpnr-ice40", "--version"], "nextpnr-ice40"),
        tool_version(["true"], "fpga-icestorm"),
        os.path.basename(a.lib)))
    commits = sorted({r.get("rtl_commit", "") for r in asic_all} |
                     {r.get("rtl_commit", "") for r in fpga})
    # the bound and the probe read only some RTL files (their own commits)
    part = sorted({r.get("rtl_commit", "") for r in bound_all + probe} - {""})
    commits = [c for c in commits if c]
    if commits:
        L.append("")
        L.append("RTL measured: commit %s ('+' = uncommitted changes)%s." % (
            ", ".join(commits),
            "; MIXED: the RTL changed during the sweep, rerun `make synth` for one version"
            if len(commits) > 1 else ""))
    if part:
        L.append("Bound stages (rtl/qarma_functions.vh) and iCE40 probe (rtl/qarma_core.v, "
                 "qpac_pipe_slot.v, qarma_functions.vh): last commit touching those files %s." %
                 ", ".join(part))
    L.append("")
    L.append("## ASIC estimate (Yosys + OpenSTA, osu018)")
    L.append("")
    L.append("`core` is the bare cipher (synth/qarma_core_syn.v: qarma_core with one key, "
             "result side never stalled); `unit` is qpac_unit with key file, configuration, "
             "pointer logic and the full valid/ready handshake, both algorithms; `unitp` is "
             "qpac_unit with PTR_PIPE=1 (a register slot after the pointer front stage and one "
             "after the pointer back stage: latency DEPTH + 2). One operation "
             "per clock at every DEPTH, so throughput = fmax x 1 op/clock.")
    L.append("")
    L.append("| design | algorithm | DEPTH | latency (cycles) | area (um^2) | kGE | FFs | "
             "critical path (ns) | fmax (MHz) | throughput (Mop/s) | RTL |")
    L.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in asic:
        L.append("| %s | %s | %d | %d | %.0f | %.2f | %d | %.3f | %.0f | %.0f | %s |" % (
            r["top"], ALG_NAME[r["alg"]], r["depth"], r["latency"], r["area_um2"], r["kge"],
            r["ffs"], r["crit_ns"], r["fmax_mhz"], r["fmax_mhz"], r.get("rtl_commit", "")))
    if not asic:
        L.append("| (no point measured yet: run `make synth`) |||||||||| ")
    for r in unfinished:
        lat = r["depth"] + (2 if r["top"] in ("unitp", "unitpk", "unitpg", "unitpkg") else 0)
        L.append("| %s | %s | %d | %d | (%s) ||||||" % (r["top"], ALG_NAME[r["alg"]], r["depth"],
                                                       lat, r["error"]))
    png = os.path.join(a.dir, "report.png")
    err = plot(asic, png) if asic else "no data"
    L.append("")
    L.append("![area and fmax against latency](report.png)" if not err else "(plot: %s)" % err)

    # targets named in the issue
    def pick(top, alg, depth):
        for r in asic:
            if r["top"] == top and r["alg"] == alg and r["depth"] == depth:
                return r
        return None
    # the real cores beside the bound: DEPTH 12 and the split depths, with the
    # flip-flop times, cells and register names of their worst paths
    refs = []
    for d in [12] + sorted({r["depth"] for r in asic if r["depth"] > 12}):
        c = pick("core", 0, d)
        if not c:
            continue
        try:
            sta = open(os.path.join(c["_dir"], "sta.txt")).read()
            c = dict(c, flop_times=flop_times(sta), path_cells=path_cells(sta))
            net = open(os.path.join(c["_dir"], "netlist.v")).read()
            c["start_net"] = q_net(net, c["startpoint"])
            c["end_net"] = q_net(net, c["endpoint"])
        except OSError:
            pass
        refs.append(c)
    c12 = pick("core", 0, 12)
    for r in bound:
        try:
            r["path_cells"] = path_cells(open(os.path.join(
                a.dir, "asic", "bound_v%d_r%d" % (r["variant"], r["regs"]), "sta.txt")).read())
        except OSError:
            pass
    L.append("")
    L.append("Targets:")
    c0 = pick("core", 0, 0)
    if c0:
        L.append("- combinational QARMA5 core under 15 kGE: %.2f kGE, %s." % (
            c0["kge"], "met" if c0["kge"] < 15 else "NOT met"))
    if c12:
        L.append("- one S-box layer per stage (DEPTH 12) at 800 MHz or more: %.0f MHz, %s "
                 "(critical path %.3f ns; what the library and flow allow: \"What one "
                 "round per stage can reach here\")." % (
                     c12["fmax_mhz"],
                                               "met" if c12["fmax_mhz"] >= 800 else "NOT met",
                                               c12["crit_ns"]))
    for d in sorted({r["depth"] for r in asic if r["depth"] > 12}):
        r = pick("core", 0, d)
        if r:
            L.append("- QARMA5 core at DEPTH %d (two stages per round where the slots allow) at "
                     "800 MHz or more: %.0f MHz, %s (critical path %.3f ns)." % (
                         d, r["fmax_mhz"], "met" if r["fmax_mhz"] >= 800 else "NOT met",
                         r["crit_ns"]))
    L.append("- published unrolled QARMA-64 ASIC results: about 19-22 kGE (other libraries).")
    u12, p12 = pick("unit", 2, 12), pick("unitp", 2, 12)
    if u12 and p12:
        L.append("- qpac_unit DEPTH 12: %.0f MHz with the pointer stages in the first and last "
                 "slot (latency 12), %.0f MHz with them registered (PTR_PIPE=1, latency 14; "
                 "critical path in the table below)." % (u12["fmax_mhz"], p12["fmax_mhz"]))
    L.extend(named_section(named_all))
    L.extend(ptr_pipe_section(asic, a.dir))
    L.extend(bound_section(bound, refs))

    L.append("")
    L.append("## iCE40-HX8K prototype (Yosys synth_ice40, nextpnr-ice40, IceStorm)")
    L.append("")
    L.append("qpac_fpga_top = qpac_apb (qpac_unit, both algorithms) + UART bridge, "
             "part iCE40HX8K-CT256 (HX8K breakout board), nextpnr timing-driven at %.0f MHz, "
             "seed 1. fmax is nextpnr's post-route \"Max frequency\"; icetime's estimate beside it. "
             "The board image is DEPTH %d, clocked at 12 MHz." % (a.fpga_freq, a.fpga_depth))
    L.append("")
    L.append("| DEPTH | latency (cycles) | LUT4 | FFs | logic cells used / available | fits | "
             "fmax nextpnr (MHz) | fmax icetime (MHz) | throughput (Mop/s) | RTL |")
    L.append("|---:|---:|---:|---:|---:|---|---:|---:|---:|---|")
    for r in fpga:
        fits = r.get("fits", True)
        L.append("| %d | %d | %d | %d | %d / %d | %s | %s | %s | %s | %s |" % (
            r["depth"], r["latency"], r["lut4"], r["ffs"], r["lc_used"], r["lc_avail"],
            "yes" if fits else "no",
            "%.2f" % r["fmax_mhz"] if fits else "-",
            "%.2f" % r["icetime_mhz"] if fits and r["icetime_mhz"] else "-",
            "%.1f" % r["fmax_mhz"] if fits else "-", r.get("rtl_commit", "")))
    if not fpga:
        L.append("| (not run yet: `make fpga`) ||||||||| ")
    ok = [r for r in fpga if r.get("fits", True) and r["depth"] > 0 and r["fmax_mhz"] >= 100]
    L.append("")
    L.append("Target: a pipelined setting fits the HX8K and closes at 100 MHz at one operation "
             "per clock: %s." % ("met (DEPTH %s)" % ", ".join(str(r["depth"]) for r in ok)
                                 if ok else "NOT met by the settings measured"))
    L.extend(fabric_section(fpga, probe, a.fpga_freq, os.path.join(a.dir, "fpga")))
    L.append("")
    out = os.path.join(a.dir, "report.md")
    with open(out, "w") as f:
        f.write("\n".join(L))
    print("report: %s (%d ASIC points, %d FPGA points)" % (out, len(asic), len(fpga)))


if __name__ == "__main__":
    main()

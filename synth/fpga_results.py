#!/usr/bin/env python3
"""fpga_results.py - the FPGA figures of qpac's board builds.

  fpga_results.py summary BOARD RESULT.json
      print nextpnr's Max frequency lines of that run and the machine-readable
      line `fpga: board=B depth=D unit_mhz=F luts=N ffs=N brams=N fits=yes|no`
  fpga_results.py met BOARD RESULT.json
      exit 0 when the run fits and closes timing at its clock, else 1
  fpga_results.py table SYNTH_DIR
      collect every board run under SYNTH_DIR (fpga/d*/ for the HX8K,
      fpga-hx8k/*/ for its variants, fpga-ecp5/*/ for the ULX3S) into
      SYNTH_DIR/fpga-results.tsv and SYNTH_DIR/fpga-results.md
  fpga_results.py docs SYNTH_DIR FILE...
      the table, then each board's rows written between its markers
      `<!-- fpga-BOARD: begin (make fpga-docs) -->` and `<!-- fpga-BOARD: end -->`
      (BOARD hx8k or ulx3s) of each FILE
"""
import glob
import json
import os
import re
import sys


def stat_cells(run_dir, pattern):
    path = os.path.join(run_dir, "stat.txt")
    if not os.path.exists(path):
        return 0
    text = open(path).read()
    return sum(int(n) for n in re.findall(r"^\s+" + pattern + r"\s+(\d+)$", text, re.M))


def row(board, path):
    """One run as a dict of the summary fields (both flows' result.json)."""
    res = json.load(open(path))
    run_dir = os.path.dirname(path)
    if board == "hx8k":
        return {
            "board": "hx8k", "variant": res.get("variant", "full"), "depth": res["depth"],
            "key_pipe": res.get("key_pipe", 1), "ptr_pipe": res.get("ptr_pipe", 0),
            "global_stall": res.get("global_stall", 0), "side_ram": res.get("side_ram", 0),
            "clock_mhz": res.get("clock_mhz", 12.0), "unit_mhz": res["fmax_mhz"],
            "luts": res["lut4"], "ffs": res["ffs"],
            "brams": stat_cells(run_dir, r"SB_RAM40_4K\w*"),
            "cells": "%d/%d" % (res["lc_used"], res["lc_avail"]), "fits": res["fits"],
            "pnr_seconds": res.get("pnr_seconds", 0), "rtl": res.get("rtl_commit", ""),
            "critical_path": crit_ends(run_dir)}
    return {
        "board": "ulx3s", "variant": "full", "depth": res["depth"],
        "key_pipe": res["key_pipe"], "ptr_pipe": res["ptr_pipe"],
        "global_stall": res["global_stall"], "side_ram": res.get("side_ram", 0),
        "clock_mhz": res["pll_mhz"],
        "unit_mhz": res["unit_mhz"], "luts": res["luts"], "ffs": res["ffs"],
        "brams": res["brams"], "cells": "-", "fits": res["fits"],
        "pnr_seconds": res["pnr_seconds"], "rtl": res.get("rtl_commit", ""),
        "critical_path": crit_ends(run_dir)}


def unit_clock_report(text):
    """nextpnr's critical path report of the unit's clock, up to its "N ns
    logic, M ns routing" line (included): with a PLL, the clock that is not
    the oscillator's clk_i; else the last one. None when there is none."""
    heads = list(re.finditer(r"^Info: Critical path report for clock '([^']*)'.*$", text, re.M))
    if not heads:
        return None
    pick = [h for h in heads if "clk_i" not in h.group(1)] or heads
    block = text[pick[-1].start():]
    end = re.search(r"^Info: [0-9.]+ ns logic, [0-9.]+ ns routing.*$", block, re.M)
    return block[:end.end()] if end else block


def crit_ends(run_dir):
    """First source and last sink of the unit clock's critical path report,
    cut to the RTL name (before nextpnr's packing suffixes)."""
    log = os.path.join(run_dir, "nextpnr.log")
    if not os.path.exists(log):
        return "-"
    block = unit_clock_report(open(log).read())
    if block is None:
        return "-"
    src = re.findall(r"Source (\S+)", block)
    snk = re.findall(r"Sink (\S+)", block)
    if not src or not snk:
        return "-"
    cut = lambda n: re.split(r"_SB_|_TRELLIS|_LUT4|_CCU2C|\$", n.rsplit(".", 1)[0])[0]
    return "`%s` -> `%s`" % (cut(src[0]), cut(snk[-1]))


def max_freq_lines(path):
    log = os.path.join(os.path.dirname(path), "nextpnr.log")
    if not os.path.exists(log):
        return []
    return [l.rstrip() for l in open(log) if "Max frequency for clock" in l]


def summary(board, path):
    r = row(board, path)
    for line in max_freq_lines(path):
        print(line)
    if r["fits"] and r["unit_mhz"] < r["clock_mhz"]:
        print("fpga: timing NOT met: the unit's clock is %.2f MHz, the design closes at %.2f MHz"
              % (r["clock_mhz"], r["unit_mhz"]))
    print("fpga: board=%s depth=%d unit_mhz=%.2f luts=%d ffs=%d brams=%d fits=%s"
          % (board, r["depth"], r["unit_mhz"], r["luts"], r["ffs"], r["brams"],
             "yes" if r["fits"] else "no"))


COLS = ["board", "variant", "depth", "key_pipe", "ptr_pipe", "global_stall", "side_ram", "clock_mhz",
        "unit_mhz", "luts", "ffs", "brams", "cells", "fits", "pnr_seconds", "rtl",
        "critical_path"]


def table(synth_dir):
    rows = []
    for p in sorted(glob.glob(os.path.join(synth_dir, "fpga", "d*", "result.json"))):
        rows.append(row("hx8k", p))
    for p in sorted(glob.glob(os.path.join(synth_dir, "fpga-hx8k", "*", "result.json"))):
        rows.append(row("hx8k", p))
    for p in sorted(glob.glob(os.path.join(synth_dir, "fpga-ecp5", "*", "result.json"))):
        rows.append(row("ulx3s", p))
    rows.sort(key=lambda r: (r["board"], r["variant"], r["depth"], r["key_pipe"]))
    fmt = lambda v: ("yes" if v else "no") if isinstance(v, bool) else \
        ("%.2f" % v if isinstance(v, float) else str(v))
    tsv = os.path.join(synth_dir, "fpga-results.tsv")
    with open(tsv + ".tmp", "w") as f:
        f.write("\t".join(COLS) + "\n")
        for r in rows:
            f.write("\t".join(fmt(r[c]) for c in COLS) + "\n")
    os.replace(tsv + ".tmp", tsv)
    md = os.path.join(synth_dir, "fpga-results.md")
    with open(md + ".tmp", "w") as f:
        f.write("# FPGA board builds\n\nGenerated by `synth/fpga_results.py table` from every "
                "`make fpga` run under this directory (HX8K: iCE40-HX8K-CT256, nextpnr-ice40; "
                "ULX3S: LFE5U-85F-6BG381C, nextpnr-ecp5). clock = the unit's clock "
                "(oscillator or PLL), unit MHz = nextpnr's post-route Max frequency of that "
                "clock; cells = logic cells used/available (iCE40).\n\n")
        f.write("| board | variant | DEPTH | KEY_PIPE | PTR_PIPE | GLOBAL_STALL | SIDE_RAM | clock (MHz) "
                "| unit fmax (MHz) | LUT4 | FFs | BRAMs | cells | fits | PnR (s) | RTL | critical path |\n")
        f.write("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|---|\n")
        for r in rows:
            f.write("| " + " | ".join(fmt(r[c]) for c in COLS) + " |\n")
    os.replace(md + ".tmp", md)
    print("fpga_results: %d runs -> %s, %s" % (len(rows), tsv, md))
    return rows


# The rows each board's doc table takes from the run table: its columns
# (name, header), and the columns that name a row (a row already in the file
# stays unless a run of this directory has the same key).
DOCS = {
    "hx8k": {"cols": [("variant", "variant"), ("depth", "DEPTH"), ("unit_mhz", "fmax (MHz)"),
                      ("luts", "LUT4"), ("ffs", "FFs"), ("brams", "BRAMs"), ("cells", "cells"),
                      ("fits", "fits"), ("rtl", "RTL"), ("critical_path", "critical path")],
             "key": ["variant", "depth", "rtl"]},
    "ulx3s": {"cols": [("depth", "DEPTH"), ("key_pipe", "KEY_PIPE"), ("clock_mhz", "PLL (MHz)"),
                       ("unit_mhz", "unit fmax (MHz)"), ("luts", "LUT4"), ("ffs", "FFs"),
                       ("brams", "EBR"), ("fits", "fits"), ("rtl", "RTL"),
                       ("critical_path", "critical path")],
              "key": ["depth", "key_pipe", "clock_mhz", "rtl"]},
}


def doc_markers(board):
    return ("<!-- fpga-%s: begin (make fpga-docs) -->" % board, "<!-- fpga-%s: end -->" % board)


def docs(synth_dir, files):
    """Each board's rows of the table, written between that board's markers
    in each file that has them (every file must have one board's markers).
    A row already there stays unless a run of this directory has the same
    key (so the runs of earlier commits are kept)."""
    rows = table(synth_dir)
    fmt = lambda v: ("yes" if v else "no") if isinstance(v, bool) else \
        ("%.2f" % v if isinstance(v, float) else str(v))
    for path in files:
        text = open(path).read()
        found = 0
        for board, spec in DOCS.items():
            begin, end = doc_markers(board)
            a, b = text.find(begin), text.find(end)
            if a < 0 and b < 0:
                continue
            if a < 0 or b < a:
                raise SystemExit("fpga_results: %s: the fpga-%s markers are out of order" % (path, board))
            found += 1
            names = [c for c, _ in spec["cols"]]
            kidx = [names.index(k) for k in spec["key"]]
            head = ["| " + " | ".join(h for _, h in spec["cols"]) + " |",
                    "|" + "|".join("---" if c in ("variant", "fits", "rtl", "critical_path") else "---:"
                                   for c in names) + "|"]
            keyof = lambda cells: tuple(cells[i] for i in kidx)
            new = {}
            for r in rows:
                if r["board"] == board:
                    cells = [fmt(r[c]) for c in names]
                    new[keyof(cells)] = "| " + " | ".join(cells) + " |"
            keep = {}
            for line in text[a + len(begin):b].splitlines():
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                if len(cells) == len(names) and line.strip() not in head \
                        and not cells[0].startswith("-"):
                    keep[keyof(cells)] = line
            keep.update(new)
            num = lambda v: float(v) if re.fullmatch(r"[0-9.]+", v) else 0.0
            order = lambda k: tuple((num(v), v) for v in k)
            body = head + [keep[k] for k in sorted(keep, key=order)]
            text = text[:a + len(begin)] + "\n" + "\n".join(body) + "\n" + text[b:]
            print("fpga_results: %d %s rows (%d from this directory) -> %s"
                  % (len(body) - 2, board.upper(), len(new), path))
        if not found:
            raise SystemExit("fpga_results: %s: no fpga-<board> markers" % path)
        open(path + ".tmp", "w").write(text)
        os.replace(path + ".tmp", path)


def main(argv):
    if len(argv) == 4 and argv[1] == "summary" and argv[2] in ("hx8k", "ulx3s"):
        summary(argv[2], argv[3])
    elif len(argv) == 4 and argv[1] == "met" and argv[2] in ("hx8k", "ulx3s"):
        r = row(argv[2], argv[3])
        return 0 if r["fits"] and r["unit_mhz"] >= r["clock_mhz"] else 1
    elif len(argv) == 3 and argv[1] == "table":
        table(argv[2])
    elif len(argv) >= 4 and argv[1] == "docs":
        docs(argv[2], argv[3:])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

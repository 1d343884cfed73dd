#!/usr/bin/env python3
"""fpga_paths.py NETLIST.json [N] - the deepest register-to-register paths of
a synth_ecp5 netlist in LUT levels, before any place and route (which takes
an hour here): a cheap first look at what will limit the clock.

Levels: LUT4 1, PFUMX/L6MUX21 0.3 (the slice's wide-function muxes), CCU2C
0.4 (a carry-chain step); flip-flops, block RAMs, I/O and the PLL start and
end paths. One line per (end register, start register) pair, deepest first:
  <levels>  <end register>  <-  <start register>
A level is not a delay (routing is about half of an ECP5 path), so this
ranks paths; nextpnr's timing report gives the frequency.
SPDX-License-Identifier: BSD-2-Clause
"""
import json
import re
import sys

COMB = {"LUT4": 1.0, "PFUMX": 0.3, "L6MUX21": 0.3, "CCU2C": 0.4}


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: fpga_paths.py NETLIST.json [N]")
    path = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) == 3 else 20
    try:
        with open(path) as f:
            net = json.load(f)
        mods = net["modules"]
    except (OSError, ValueError, KeyError) as e:
        sys.exit("%s:1: not a Yosys JSON netlist (%s)" % (path, e))
    tops = [m for m in mods.values() if m.get("attributes", {}).get("top")]
    if len(tops) != 1:
        sys.exit("%s:1: no single top module (field attributes.top)" % path)
    mod = tops[0]

    cells = {}   # cell -> (type, input bits)
    drv = {}     # bit -> driving cell
    for name, c in mod["cells"].items():
        dirs = c.get("port_directions", {})
        ins = []
        for port, bits in c["connections"].items():
            for b in bits:
                if not isinstance(b, int):
                    continue
                if dirs.get(port) == "output":
                    drv[b] = name
                elif dirs.get(port) == "input":
                    ins.append(b)
        cells[name] = (c["type"], ins)

    # arrival level at each bit and the input it came through (iterative DFS)
    arr = {}

    def arrival(bit):
        stack = [bit]
        while stack:
            b = stack[-1]
            if b in arr:
                stack.pop()
                continue
            c = drv.get(b)
            if c is None or cells[c][0] not in COMB:
                arr[b] = (0.0, None)
                stack.pop()
                continue
            todo = [x for x in cells[c][1] if x not in arr]
            if todo:
                stack.extend(todo)
                continue
            best = max(((arr[x][0], x) for x in cells[c][1]), default=(0.0, None))
            arr[b] = (best[0] + COMB[cells[c][0]], best[1])
            stack.pop()
        return arr[bit]

    ends = []
    for name, (typ, ins) in cells.items():
        if typ in COMB:
            continue
        for b in ins:
            ends.append((arrival(b)[0], b, name))
    ends.sort(key=lambda e: -e[0])

    def reg(name):
        return re.sub(r"_(TRELLIS_FF|LUT4|PFUMX|L6MUX21|CCU2C)_.*|\[.*", "", name)

    seen = set()
    for level, b, end in ends:
        start = b
        while arr[start][1] is not None:
            start = arr[start][1]
        key = (reg(end), reg(drv.get(start, "input port")))
        if key in seen:
            continue
        seen.add(key)
        print("%4.1f  %s  <-  %s" % (level, key[0], key[1]))
        if len(seen) >= count:
            break


if __name__ == "__main__":
    main()

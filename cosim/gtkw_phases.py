#!/usr/bin/env python3
"""gtkw_phases.py TEMPLATE.gtkw PHASES OUT.gtkw - the cosim's GTKWave save file
with the bench's phases as named markers A, B, C, ... (GTKWave: Markers).

PHASES is the trace's FILE.phases (written by a TRACE=1 cosim): a line
"period_ps N" (the nominal clock period), then "TIME_PS PHASE" a line. Each
phase start becomes a marker, listed in the header comments ("[*] marker A at
0 ns: reset"); the template's zoom (made for a 2 ps clock) is scaled to the
period.
"""
import math
import os
import sys

NMARK = 26  # GTKWave's named markers A..Z


def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__)
    tmpl, phases, out = argv[1:]
    marks, period = [], 2
    with open(phases, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            w = line.split(None, 1)
            if n == 1 and len(w) == 2 and w[0] == "period_ps" and w[1].strip().isdigit():
                period = int(w[1])
                continue
            if len(w) != 2 or not w[0].isdigit():
                sys.exit(f"{phases}:{n}: not 'TIME_PS PHASE'")
            marks.append((int(w[0]), w[1].strip()))
    marks = marks[:NMARK]
    legend = [f"[*] marker {chr(65 + i)} at {t / 1000:g} ns: {p}\n" for i, (t, p) in enumerate(marks)]
    times = [str(t) for t, _ in marks] + ["-1"] * (NMARK - len(marks))
    o = []
    with open(tmpl, encoding="utf-8") as f:
        for line in f:
            if line.startswith("*"):  # *ZOOM MARKER NAMED_A .. NAMED_Z
                zoom = float(line[1:].split()[0]) - math.log2(period / 2)
                line = f"*{zoom:.6f} 0 {' '.join(times)}\n"
            o.append(line)
    head = [i for i, l in enumerate(o) if l.startswith("[*]")]
    at = head[-1] + 1 if head else 0
    o[at:at] = [f"[*] phases of the bench (make cosim TRACE=1), one clock = {period} ps:\n"] + legend
    tmp = f"{out}.tmp{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        f.writelines(o)
    os.replace(tmp, out)


if __name__ == "__main__":
    main(sys.argv)

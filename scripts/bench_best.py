#!/usr/bin/env python3
"""bench_best.py RUN.md... - the best figure of each line over several
`qpac bench --markdown` runs: the least ns/op, the most vectors/s. Every run
must list the same lines in the same order; the first run's table layout is
kept. A line that differs is reported as FILE:LINE and the exit is 1."""
import re
import sys

ROW = re.compile(r"^\| (.+?) \| ([0-9.]+)( vectors/s)? \|$")


def rows(path):
    out = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            m = ROW.match(line.rstrip("\n"))
            if m:
                out.append((n, m.group(1), float(m.group(2)), m.group(3) or "", m.group(2)))
    return out


def main(paths):
    if not paths:
        sys.stderr.write(__doc__)
        return 2
    runs = [rows(p) for p in paths]
    if not runs[0]:
        sys.stderr.write("%s:1: no measurement lines (field row)\n" % paths[0])
        return 1
    best = {}
    for path, run in zip(paths, runs):
        if [r[1] for r in run] != [r[1] for r in runs[0]]:
            names = [r[1] for r in runs[0]]
            for i, r in enumerate(run):
                if i >= len(names) or r[1] != names[i]:
                    sys.stderr.write("%s:%d: line '%s' is not the first run's (field name)\n"
                                     % (path, r[0], r[1]))
                    return 1
            sys.stderr.write("%s:%d: fewer lines than the first run (field name)\n"
                             % (path, run[-1][0] if run else 1))
            return 1
        for _, name, v, unit, text in run:
            b = best.get(name)
            if b is None or (v > b[0] if unit else v < b[0]):
                best[name] = (v, text)
    with open(paths[0]) as f:
        for line in f:
            m = ROW.match(line.rstrip("\n"))
            if m:
                line = "| %s | %s%s |\n" % (m.group(1), best[m.group(1)][1], m.group(3) or "")
            sys.stdout.write(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

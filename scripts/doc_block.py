#!/usr/bin/env python3
# doc_block.py - the one way a generated block gets into a document: the lines
# between "<!-- NAME begin ... -->" and "<!-- NAME end -->" in FILE are
# replaced by standard input (the marker lines stay). The file is written
# through a temporary file and renamed. --check writes nothing and exits 1
# when the block differs from standard input (a stale document).
# --figures FILE...: exits 1 naming every line outside the generated blocks
# that states a measured figure (a number with MHz, kGE, ns/op, ops/s,
# operations/s, vectors/s or items/s): such figures are generated, not typed.
#   doc_block.py [--check] NAME FILE < generated
#   doc_block.py --figures FILE...
import os
import re
import sys

FIGURE = re.compile(r"\d[\d,.]*\s*(MHz|kGE|ns/op|ops/s|operations/s|operations per second|"
                    r"vectors/s|items/s)")
BLOCK = re.compile(r"<!-- ([a-z-]+):? (begin|end)")


def figures(paths):
    bad = 0
    for path in paths:
        inside = None
        with open(path) as f:
            for n, line in enumerate(f, 1):
                m = BLOCK.match(line)
                if m:
                    inside = m.group(1) if m.group(2) == "begin" else None
                elif not inside and FIGURE.search(line):
                    sys.stderr.write("%s:%d: a measured figure outside a generated block: %s\n"
                                     % (path, n, line.strip()[:100]))
                    bad = 1
    return bad


def main(argv):
    if argv[:1] == ["--figures"]:
        return figures(argv[1:])
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    if len(args) != 2:
        sys.stderr.write("usage: doc_block.py [--check] NAME FILE < generated\n")
        return 2
    name, path = args
    new = sys.stdin.read()
    if new and not new.endswith("\n"):
        new += "\n"
    with open(path) as f:
        lines = f.readlines()
    begin = [i for i, l in enumerate(lines) if l.startswith("<!-- %s begin" % name)]
    end = [i for i, l in enumerate(lines) if l.startswith("<!-- %s end" % name)]
    if len(begin) != 1 or len(end) != 1 or end[0] < begin[0]:
        sys.stderr.write("%s: no single '<!-- %s begin' ... '<!-- %s end' block\n" % (path, name, name))
        return 2
    old = "".join(lines[begin[0] + 1:end[0]])
    if check:
        if old != new:
            sys.stderr.write("%s:%d: the %s block is out of date\n" % (path, begin[0] + 1, name))
            return 1
        return 0
    text = "".join(lines[:begin[0] + 1]) + new + "".join(lines[end[0]:])
    tmp = "%s.tmp%d" % (path, os.getpid())
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""corrupt.py MODE IN OUT - make a corrupted copy of a test input for the
negative tests (each suite must fail on it).
  flip REGEX   flip the low bit of the last hex digit of the first line matching REGEX
  cut N        keep the first N lines that are not comments (// or #)
"""
import re
import sys


def main(argv):
    if len(argv) != 5 or argv[1] not in ("flip", "cut"):
        sys.exit(__doc__)
    mode, arg, src, dst = argv[1:]
    lines = open(src).read().splitlines(keepends=True)
    out, done, kept = [], False, 0
    for line in lines:
        body = line.rstrip("\n")
        comment = body.startswith("//") or body.startswith("#")
        if mode == "flip":
            if not done and not comment and re.search(arg, body):
                m = re.search(r"[0-9a-fA-F](?=[^0-9a-fA-F]*$)", body)
                if m:
                    d = "%x" % (int(m.group(0), 16) ^ 1)
                    line = body[:m.start()] + d + body[m.end():] + "\n"
                    done = True
            out.append(line)
        else:
            if not comment:
                if kept == int(arg):
                    break
                kept += 1
            out.append(line)
    if mode == "flip" and not done:
        sys.exit("corrupt.py: %s: no line matches %r" % (src, arg))
    with open(dst, "w") as f:
        f.writelines(out)


if __name__ == "__main__":
    main(sys.argv)

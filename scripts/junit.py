#!/usr/bin/env python3
"""junit.py SUITE LOG STATUS START OUT - JUnit XML for one `make test` suite.

The suite's console log is read line by line: a line that reports a check
(`passed`, `caught`, `up to date`, ... ) becomes a passing testcase, a line that
reports a failure (ERROR, FATAL, FAILED, MISMATCH, NOT caught, ...) a failing
one with the line as its message, when the suite failed (a passing suite's
verdict stands: its negative tests print such lines on purpose). START: the
suite's start, seconds since the epoch (the time is measured to now). Every suite also gets one testcase for its
make target, failing with the last lines of the log when STATUS is not 0, so
each suite has at least one testcase. The file is written to a temporary name
and renamed.
"""
import os
import re
import sys
import time
from xml.sax.saxutils import escape, quoteattr

FAIL = re.compile(r"\b(ERROR|FATAL|FAILED|MISMATCH|NOT caught|mismatch(es)?:? [1-9])|failed suites|\*\*\*")
PASS = re.compile(r"\b(passed|caught|ok|OK|up to date|clean|identical|as documented|equals)\b")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def cases(suite, lines, failed):
    out, seen = [], {}
    for line in lines:
        text = ANSI.sub("", line).strip()
        if not text or text.startswith(("make[", "====")):
            continue
        bad = FAIL.search(text)
        if not bad and not PASS.search(text):
            continue
        if bad is None and re.search(r"\b[1-9][0-9]* failed\b", text):
            bad = True
        # a check's name: the line without numbers, so reruns keep their names
        name = re.sub(r"\s+", " ", text)[:160]
        n = seen.get(name, 0)
        seen[name] = n + 1
        if n:
            name = f"{name} #{n + 1}"
        out.append((name, text if bad and failed else None))
    return out


def main(argv):
    if len(argv) != 6:
        sys.exit(__doc__)
    suite, log, status, secs, dst = argv[1], argv[2], int(argv[3]), time.time() - float(argv[4]), argv[5]
    try:
        with open(log, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        lines = []
    tc = cases(suite, lines, status != 0)
    tail = "\n".join(lines[-20:])
    tc.append((f"make {suite}", None if status == 0 else f"make {suite} exited {status}"))
    nfail = sum(1 for _, m in tc if m is not None)
    x = ['<?xml version="1.0" encoding="UTF-8"?>',
         f'<testsuites tests="{len(tc)}" failures="{nfail}" time="{secs:.1f}">',
         f'  <testsuite name={quoteattr(suite)} tests="{len(tc)}" failures="{nfail}" '
         f'errors="0" time="{secs:.1f}">']
    for i, (name, msg) in enumerate(tc):
        t = f' time="{secs:.1f}"' if i == len(tc) - 1 else ""
        x.append(f'    <testcase classname={quoteattr("qpac." + suite)} name={quoteattr(name)}{t}>'
                 if msg is not None else
                 f'    <testcase classname={quoteattr("qpac." + suite)} name={quoteattr(name)}{t}/>')
        if msg is not None:
            detail = tail if name == f"make {suite}" else msg
            x.append(f'      <failure message={quoteattr(msg[:500])}>{escape(detail)}</failure>')
            x.append('    </testcase>')
    x += ['  </testsuite>', '</testsuites>', '']
    tmp = f"{dst}.tmp{os.getpid()}"
    os.makedirs(os.path.dirname(dst) or ".", exist_ok=True)
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("\n".join(x))
    os.replace(tmp, dst)


if __name__ == "__main__":
    main(sys.argv)

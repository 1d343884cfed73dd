#!/usr/bin/env python3
# stil_ieee.py FILE... - check STIL files with an independent IEEE 1450 parser:
# Semi-ATE-STIL (PyPI; a Lark grammar of the standard with semantic checks),
# installed in build/venv by `sh scripts/deps.sh venv`. Syntax, then semantics
# (declared signals and groups, WFC widths of every V, references between
# blocks). Exit 1 if any file is rejected, 2 if the parser is missing.
import contextlib
import io
import sys

try:
    from Semi_ATE.STIL.parsers.STILParser import STILParser
except ImportError as e:
    print("stil_ieee: Semi-ATE-STIL is not installed (sh scripts/deps.sh venv): %s" % e,
          file=sys.stderr)
    sys.exit(2)


def check(path):
    p = STILParser(path)
    with contextlib.redirect_stdout(io.StringIO()):  # it prints its errors too
        p.parse_syntax()
        if p.tree is not None:
            p.parse_semantic()
    if p.err_line != -1 or not p.is_parsing_done:
        # its message: a header, the line, a caret, then the reason(s)
        lines = [x.strip() for x in p.err_msg.splitlines() if x.strip()]
        why = " ".join(x for x in lines[3:] if len(x) < 300) if len(lines) > 3 else "rejected"
        print("stil_ieee: %s:%d:%d: %s" % (path, p.err_line, p.err_col, why), file=sys.stderr)
        return False
    print("stil_ieee: %s: valid IEEE 1450 (Semi-ATE-STIL)" % path)
    return True


def main(argv):
    if len(argv) < 2:
        print("usage: stil_ieee.py FILE...", file=sys.stderr)
        return 2
    ok = True
    for path in argv[1:]:
        try:
            ok = check(path) and ok
        except Exception as e:  # the parser's own failures count as a rejection
            print("stil_ieee: %s: parser error: %s" % (path, e), file=sys.stderr)
            ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

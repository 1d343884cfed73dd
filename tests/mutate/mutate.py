#!/usr/bin/env python3
"""mutate.py - mutation score of the RTL (issue 13; doc/verification.md).

Mutants come from Yosys's `mutate` (the engine behind MCY). A setting (a stem:
d<DEPTH>[-p1][-g1][-k1][-a5], as in rtl/rtl.mk) of a bench's top is elaborated
once (`prep` without flattening, so every module keeps its name); `mutate
-list` then picks mutations in each module of it. A mutant is one such line
applied to that elaboration and written out with write_verilog: the whole
netlist replaces rtl/ in the bench's file list, so the mutant is checked at
exactly the setting whose logic it changes (a slot that exists only with
PTR_PIPE=1 GLOBAL_STALL=1 is mutated only there). Checks, cheapest first,
stopping at the first kill: the Icarus bench on the smoke image, the known
answers, then the qpac gen stream (+stop_on_error ends a failing run early).

  mutate.py list    elaborate the stems, write mutants.tsv (the full set)
  mutate.py orig    the unmutated netlist of each stem must pass every check
  mutate.py run     one shard of a sample: results/<name>.tsv
  mutate.py equiv   survivors: a mutated bit masked by a constant operand, a
                    mutated point that reaches no output of the flattened stem,
                    else a miter of the original and the mutated module
                    (front/mid: also in the context of the configuration decode)
  mutate.py ctx     the context check alone on every front/mid mutant listed
  mutate.py dead    the dead-point check alone on every mutant listed
  mutate.py report  merge the shards into report.md, print the score line
Errors: `FILE:LINE: what` and a non-zero exit; outputs via temp file + rename.
"""
import argparse
import concurrent.futures
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

# ---- the full set: the one place that defines it ------------------------------
# unit stems: tb_qpac_unit (TAG_W 16) on the unit; bus stems: tb_qpac_apb on
# qpac_apb (mutations in the bus modules only: the unit's are covered above)
UNIT_STEMS = ["d0", "d2-k1", "d3-p1", "d2-g1", "d3-p1-g1", "d3-p1-g1-a5"]
BUS_STEMS = ["d2", "d3-p1"]
# mutations per module and stem
UNIT_MODULES = [("qarma_core", 8), ("qpac_unit", 6), ("qpac_cfg", 6), ("qpac_ptr_back", 6),
                ("qpac_pipe_slot", 6), ("qpac_ptr_front", 5), ("qpac_ptr_mid", 5),
                ("qpac_keyfile", 4)]
BUS_MODULES = [("qpac_regs", 20), ("qpac_apb", 4)]
UNIT_SRC = ["qpac_unit.v", "qpac_cfg.v", "qarma_core.v", "qpac_pipe_slot.v", "qpac_ptr_front.v",
            "qpac_ptr_back.v", "qpac_ptr_mid.v", "qpac_keyfile.v"]
BUS_SRC = ["qpac_apb.v", "qpac_regs.v"] + UNIT_SRC
# images per bench, cheapest first
# (directed: tests/rtl/directed.py, the corners earlier survivors found)
IMAGES = {"unit": ["smoke", "kat", "directed", "gen_unit"], "bus": ["smoke", "kat", "gen_apb"]}
# QARMA5-only units run the QEMU capture (QEMU 7.2 has no QARMA3) and the
# directed corners with every configuration QARMA5, as test-rtl
IMAGES_A5 = ["smoke", "directed_a5"]
SIM_TIMEOUT = 900  # seconds; a hung simulation counts as a kill (noted)
# modules whose miter flattens the whole unit (two cipher cores): it does not
# finish within the time limit, so their survivors are examined by hand
MITER_SKIP = {"qpac_unit", "qpac_regs", "qpac_apb"}
# survivors of these modules whose module miter fails get a context check
# (tests/mutate/ctx_ptr.v): the configuration decode feeds front -> mid, so only
# the inputs the unit can give them count (module role in the wrapper)
CTX_MODULES = {"qpac_ptr_front": "front", "qpac_ptr_mid": "mid"}
CTX_V = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ctx_ptr.v")


def die(msg):
    print(msg, file=sys.stderr)
    sys.exit(1)


def stem_params(stem):
    """d3-p1-g1 -> dict DEPTH, PTR_PIPE, GLOBAL_STALL, KEY_PIPE, QARMA3"""
    m = re.fullmatch(r"d(\d+)((?:-(?:p1|g1|k1|k2|a5))*)", stem)
    if not m:
        die(f"stem '{stem}': not d<DEPTH>[-p1][-g1][-k1|-k2][-a5]")
    opts = m.group(2).split("-")[1:]
    return {"DEPTH": int(m.group(1)), "PTR_PIPE": int("p1" in opts),
            "GLOBAL_STALL": int("g1" in opts), "KEY_PIPE": 2 if "k2" in opts else int("k1" in opts),
            "QARMA3": 0 if "a5" in opts else 1}


def parse_stems(spec):
    """'unit:d0,bus:d2' -> [('unit', 'd0'), ('bus', 'd2')]"""
    out = []
    for item in spec.split(","):
        kind, _, stem = item.partition(":")
        if kind not in ("unit", "bus") or not stem:
            die(f"--stems: '{item}' is not unit:<stem> or bus:<stem>")
        stem_params(stem)
        out.append((kind, stem))
    return out


def default_stems():
    return [("unit", s) for s in UNIT_STEMS] + [("bus", s) for s in BUS_STEMS]


def write_atomic(path, text):
    d = os.path.dirname(path) or "."
    os.makedirs(d, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp.")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def run(cmd, log, timeout=None, cwd=None):
    """run cmd, output to log; returns (exit status, seconds); 124 on timeout"""
    t0 = time.time()
    with open(log, "w") as f:
        try:
            rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, timeout=timeout,
                                cwd=cwd).returncode
        except subprocess.TimeoutExpired:
            rc = 124
    return rc, time.time() - t0


def yosys(args, script, log):
    sf = log + ".ys"
    write_atomic(sf, script)
    rc, _ = run([args.yosys, "-q", "-l", log, "-s", sf], log + ".out")
    if rc != 0:
        die(f"{sf}:1: yosys failed (exit {rc}; {log})")


def il_path(args, kind, stem):
    return os.path.join(args.build, "stems", f"{kind}-{stem}.il")


# ---- list: elaborate each stem, pick the mutations --------------------------
def elaborate(args, kind, stem):
    p = stem_params(stem)
    top = "qpac_unit" if kind == "unit" else "qpac_apb"
    src = " ".join(os.path.join(args.rtl, f) for f in (UNIT_SRC if kind == "unit" else BUS_SRC))
    ch = " ".join(f"-chparam {k} {v}" for k, v in p.items())
    if kind == "unit":
        ch += " -chparam TAG_W 16"  # tb_qpac_unit's tag width
    il = il_path(args, kind, stem)
    os.makedirs(os.path.dirname(il), exist_ok=True)
    # prep's steps after hierarchy (prep -top would derive the top anew)
    yosys(args, f"read_verilog -I{args.rtl} {src}\n"
                f"hierarchy -check -top {top} {ch}\n"
                "proc\nopt_expr\nopt_clean\ncheck -assert\nopt -noff -keepdc\nwreduce\nopt_clean\n"
                f"write_rtlil {il}.tmp\n", il + ".log")
    os.replace(il + ".tmp", il)
    return il


def base_module(name):
    """$paramod$<hash>\\qarma_core or $paramod\\qpac_cfg\\QARMA3=... -> the source name"""
    if name.startswith("$paramod"):
        name = name[len("$paramod"):]
        name = name.split("\\", 1)[1] if name.startswith("$") else name[1:]
    return name.split("\\")[0]


def dedupe_key(line):
    """the mutation without Yosys's per-elaboration counters ($procmux$123)"""
    return re.sub(r"\$\d+\b", "", line).replace(" -module ", " ")


def cmd_list(args):
    stems = parse_stems(args.stems) if args.stems else default_stems()
    rows, seen = [], set()
    for si, (kind, stem) in enumerate(stems):
        il = elaborate(args, kind, stem)
        mods = UNIT_MODULES if kind == "unit" else BUS_MODULES
        script = f"read_rtlil {il}\n"
        outs = []
        for mi, (mod, n) in enumerate(mods):
            out = os.path.join(args.build, "stems", f"{kind}-{stem}.{mod}.list")
            seed = args.seed * 1000 + si * 50 + mi  # one stream per stem and module
            if args.only:  # one chosen mutation (test-mutate's known mutant)
                if f"-module {mod} " not in args.only + " ":
                    continue
                script += f"mutate -list {args.only_n} -seed {seed} -o {out} {args.only}\n"
            else:
                script += f"mutate -list {n} -seed {seed} -o {out} *{mod}*\n"
            outs.append((mod, out))
        yosys(args, script, os.path.join(args.build, "stems", f"{kind}-{stem}.list.log"))
        for mod, out in outs:
            with open(out) as f:
                for line in f:
                    line = line.strip()
                    if not line.startswith("mutate "):
                        continue
                    m = re.search(r" -module (\S+)", line)
                    if not m or base_module(m.group(1)) != mod:
                        die(f"{out}:1: mutation outside module {mod}: {line}")
                    key = (mod, dedupe_key(line))
                    if key in seen:  # the same mutation of an unparameterised module
                        continue
                    seen.add(key)
                    rows.append((kind, stem, mod, line))
    text = "".join(f"m{i + 1:04d}\t{k}\t{s}\t{m}\t{l}\n" for i, (k, s, m, l) in enumerate(rows))
    write_atomic(os.path.join(args.build, "mutants.tsv"), text)
    print(f"mutate list: {len(rows)} mutants over {len(stems)} stems (seed {args.seed})")


def read_mutants(args):
    path = os.path.join(args.build, "mutants.tsv")
    rows = []
    try:
        with open(path) as f:
            for ln, line in enumerate(f, 1):
                parts = line.rstrip("\n").split("\t")
                if len(parts) != 5 or not parts[4].startswith("mutate -mode "):
                    die(f"{path}:{ln}: not 'id kind stem module mutate-line' (field {len(parts)})")
                rows.append(parts)
    except OSError as e:
        die(f"{path}:0: {e.strerror} (run mutate.py list)")
    return rows


# ---- checks -------------------------------------------------------------------
def bench_build(args, kind, stem, netlist, vvp, log):
    p = stem_params(stem)
    tb = "tb_qpac_unit" if kind == "unit" else "tb_qpac_apb"
    ps = ["DEPTH", "PTR_PIPE"] + (["GLOBAL_STALL", "KEY_PIPE"] if kind == "unit" else [])
    cmd = [args.iverilog, "-g2005", f"-I{args.rtl}", "-s", tb]
    for k in ps:
        cmd += ["-P", f"{tb}.{k}={p[k]}"]
    cmd += ["-o", vvp, os.path.join(args.rtl, "qpac_regmap.vh"),
            os.path.join(args.tests, f"{tb}.v"), netlist]
    rc, _ = run(cmd, log)
    return rc


def images_of(args, kind, stem):
    ims = IMAGES_A5 if stem_params(stem)["QARMA3"] == 0 else IMAGES[kind]
    if args.images:
        ims = [i for i in args.images.split(",") if i in ims or args.force_images]
    return ims


def check(args, kind, stem, netlist, work):
    """run the checks in order; ('pass', None) or ('kill', check) or ('error', why)"""
    os.makedirs(work, exist_ok=True)
    vvp = os.path.join(work, "tb.vvp")
    if bench_build(args, kind, stem, netlist, vvp, os.path.join(work, "build.log")) != 0:
        return "error", f"iverilog failed ({work}/build.log)"
    bench = os.path.join(args.tests, "run-bench.sh")
    for im in images_of(args, kind, stem):
        img = os.path.join(args.img, f"{im}.memh")
        log = os.path.join(work, f"{im}.log")
        rc, _ = run([bench, vvp, img, f"+reset_image={args.reset_image}", "+stop_on_error"],
                    log, timeout=SIM_TIMEOUT)
        if rc == 124:
            return "kill", f"{im}(timeout)"
        if rc != 0:
            return "kill", im
    return "pass", None


def write_netlists(args, kind, stem, muts, outdir):
    """one Yosys run: the unmutated netlist (muts None) or one per mutant"""
    il = il_path(args, kind, stem)
    if not os.path.exists(il):
        die(f"{il}:0: no elaboration of stem {kind}:{stem} (run mutate.py list)")
    os.makedirs(outdir, exist_ok=True)
    if muts is None:
        script = f"read_rtlil {il}\nwrite_verilog -noattr {outdir}/orig.v\n"
    else:
        script = f"read_rtlil {il}\ndesign -save orig\n"
        for mid, line in muts:
            script += f"design -load orig\n{line}\nwrite_verilog -noattr {outdir}/{mid}.v\n"
    yosys(args, script, os.path.join(outdir, "yosys.log"))


def orig_one(args, kind, stem):
    d = os.path.join(args.build, "orig", f"{kind}-{stem}")
    write_netlists(args, kind, stem, None, d)
    t0 = time.time()
    st, why = check(args, kind, stem, os.path.join(d, "orig.v"), d)
    if st != "pass":
        return 1, (f"mutate orig: {kind}:{stem}: the unmutated design FAILS ({why or 'check ' + st}; "
                   f"logs in {d}): a check is broken, no mutant can be scored")
    write_atomic(os.path.join(args.build, "orig", f"{kind}-{stem}.ok"), "pass\n")
    return 0, (f"mutate orig: {kind}:{stem}: the unmutated design passes "
               f"{','.join(images_of(args, kind, stem))} ({time.time() - t0:.0f} s)")


def cmd_orig(args):
    stems = sorted({(r[1], r[2]) for r in read_mutants(args)})
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        res = list(ex.map(lambda ks: orig_one(args, *ks), stems))
    for _, msg in res:
        print(msg)
    sys.exit(max(rc for rc, _ in res))


def sample(args, rows):
    """the MUTATE_N sample (all if empty) and then the shard i/N of it"""
    ids = [r[0] for r in rows]
    if args.n:
        if args.n > len(ids):
            die(f"MUTATE_N={args.n}: the full set has {len(ids)} mutants")
        ids = sorted(random.Random(args.seed).sample(ids, args.n))
    m = re.fullmatch(r"(\d+)/(\d+)", args.shard)
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        die(f"MUTATE_SHARD={args.shard}: not i/N with 1 <= i <= N")
    i, n = int(m.group(1)), int(m.group(2))
    want = set(ids[i - 1::n])
    return [r for r in rows if r[0] in want]


def cmd_run(args):
    rows = sample(args, read_mutants(args))
    if args.ids:  # re-check chosen mutants (survivors, after a bench changed)
        want = set(args.ids.split(","))
        rows = [r for r in read_mutants(args) if r[0] in want]
    out = args.out
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    part = open(out + ".part", "w")  # results so far (an interrupted shard keeps them)
    by_stem = {}
    for r in rows:
        by_stem.setdefault((r[1], r[2]), []).append(r)
    lines, errors = [], 0
    for (kind, stem), rs in sorted(by_stem.items()):
        ok = os.path.join(args.build, "orig", f"{kind}-{stem}.ok")
        if not os.path.exists(ok):
            die(f"{ok}:0: the unmutated {kind}:{stem} has not passed its checks (run mutate.py orig)")
        d = os.path.join(args.build, "work", os.path.basename(out) + f".{kind}-{stem}")
        shutil.rmtree(d, ignore_errors=True)
        write_netlists(args, kind, stem, [(r[0], r[4]) for r in rs], d)
        for r in rs:
            t0 = time.time()
            net = os.path.join(d, f"{r[0]}.v")
            st, why = check(args, kind, stem, net, os.path.join(d, r[0]))
            sec = time.time() - t0
            if st == "error":
                errors += 1
                print(f"mutate: {r[0]} {kind}:{stem} {r[3]}: harness error: {why}")
            else:
                res = "K" if st == "kill" else "S"
                print(f"mutate: {r[0]} {kind}:{stem} {r[3]}: "
                      f"{'killed by ' + why if res == 'K' else 'SURVIVED'} ({sec:.1f} s)", flush=True)
                lines.append(f"{r[0]}\t{res}\t{why or '-'}\t{sec:.1f}\n")
                part.write(lines[-1])
                part.flush()
                os.remove(net)
                if res == "K":
                    shutil.rmtree(os.path.join(d, r[0]), ignore_errors=True)
    part.close()
    write_atomic(out, "".join(lines))
    os.remove(out + ".part")
    if errors:
        die(f"mutate: {errors} mutants could not be checked (harness errors above)")


# ---- equivalence of survivors: module miter (MCY's approach) ------------------
def equiv_one(args, kind, stem, line, work):
    """'E' (proven equivalent), or 'N' (not proven: the induction fails)"""
    il = il_path(args, kind, stem)
    mod = re.search(r" -module (\S+)", line).group(1)
    os.makedirs(work, exist_ok=True)
    log = os.path.join(work, "equiv.log")
    script = (f"read_rtlil {il}\n"
              f"copy {mod} mut_gold\n"
              f"{line}\n"
              f"rename {mod} mut_gate\n"
              # no -ignore_gold_x: with it `sat` (no undef modelling) proved
              # mutants equivalent that the benches kill
              "miter -equiv -flatten -make_assert mut_gold mut_gate mut_miter\n"
              "hierarchy -top mut_miter\nasync2sync\ndffunmap\nopt_merge -share_all\nopt_clean\n"
              "sat -verify -tempinduct -prove-asserts -set-init-zero -seq 1 -maxsteps 12 mut_miter\n")
    write_atomic(log + ".ys", script)
    rc, _ = run([args.yosys, "-s", log + ".ys"], log, timeout=args.equiv_timeout)
    if rc == 0:
        return "E"
    with open(log) as f:
        text = f.read()
    # a counterexample, or an induction that does not close within -maxsteps
    if re.search(r"proof did fail|Reached maximum number of time steps", text):
        return "N"
    return "T" if rc == 124 else "?"


def stem_top(il, kind):
    """the stem's top module in its RTLIL (qpac_unit or qpac_apb, parameterised)"""
    want = "qpac_unit" if kind == "unit" else "qpac_apb"
    with open(il) as f:
        tops = [m.group(1) for m in re.finditer(r"^module (\S+)$", f.read(), re.M)
                if base_module(m.group(1).lstrip("\\")) == want]
    if len(tops) != 1:
        die(f"{il}:0: {len(tops)} {want} modules (expected one)")
    return tops[0]


def dead_one(args, kind, stem, line, work):
    """True if the mutated point reaches no output of the stem: an inverter
    put there (mutate -mode inv at the same cell, port and bit) is removed by
    opt_clean from the flattened stem mapped to single-bit gates, whose
    mark-and-sweep keeps exactly the cells in the input cone of the outputs
    (through flip-flops). Whatever a
    mutation does at such a point, no port sees it. Cheap (seconds) and bit-
    exact where the module miter cannot see the context (an unused copy of a
    key select, a port another module ignores)."""
    il = il_path(args, kind, stem)
    inv = re.sub(r" -ctrlbit \d+", "", re.sub(r"-mode \S+", "-mode inv", line, count=1))
    os.makedirs(work, exist_ok=True)
    log = os.path.join(work, "dead.log")
    write_atomic(log + ".ys", f"read_rtlil {il}\n{inv}\nhierarchy -top {stem_top(il, kind)}\n"
                              # every cell but the inverter to single-bit gates, so
                              # a wide register or bus keeps only its used bits
                              "flatten\nselect -assert-any c:*mutate*\ntechmap c:* c:*mutate* %d\n"
                              "select -assert-any c:*mutate*\nopt_clean -purge\n"
                              "select -assert-none c:*mutate*\n")
    rc, _ = run([args.yosys, "-q", "-s", log + ".ys"], log, timeout=args.equiv_timeout)
    if rc == 0:
        return True
    with open(log) as f:
        text = f.read()
    if "selection is not empty: c:*mutate*" not in text:
        die(f"{log}:1: the dead-point check did not run (exit {rc})")
    return False


def _sig_bits(spec, widths):
    """an RTLIL sigspec as a list of bits, LSB first: ('0'|'1'|'x') or (wire, i);
    None if it is not understood (then nothing is concluded from it)"""
    spec = spec.strip()
    if spec.startswith("{") and spec.endswith("}"):
        parts = re.findall(r"\d+'[01xz]+|[\\$]\S+(?: \[\d+(?::\d+)?\])?", spec[1:-1])
        if " ".join(parts) != " ".join(spec[1:-1].split()):
            return None
        bits = [_sig_bits(part, widths) for part in reversed(parts)]
        return None if None in bits else [b for part in bits for b in part]
    m = re.fullmatch(r"(\d+)'([01xz]+)", spec)
    if m:
        return list(m.group(2)[::-1])
    if re.fullmatch(r"-?\d+", spec):  # a bare integer: 32 bits (RTLIL)
        v = int(spec) & 0xffffffff
        return [str((v >> i) & 1) for i in range(32)]
    m = re.fullmatch(r"([\\$]\S+)(?: \[(\d+)(?::(\d+))?\])?", spec)
    if not m or (m.group(2) is None and m.group(1) not in widths):
        return None
    name, hi, lo = m.group(1), m.group(2), m.group(3)
    if hi is None:
        return [(name, i) for i in range(widths[name])]
    lo = hi if lo is None else lo
    return [(name, i) for i in range(int(lo), int(hi) + 1)]


def _const_bit(body, bit, depth=0):
    """'0'/'1' if bit is a constant by structure (literals, module connects,
    $and/$or/$not of such), else None"""
    if isinstance(bit, str):
        return bit if bit in "01" else None
    if depth > 64:
        return None
    widths, drv = body
    name, i = bit
    if (name, i) not in drv:
        return None
    kind, src = drv[(name, i)]
    if kind == "conn":
        return _const_bit(body, src, depth + 1)
    typ, prm, conn, j = src
    def operand(p):
        bits = _sig_bits(conn.get(p, ""), widths)
        if not bits:
            return None
        if j < len(bits):
            return _const_bit(body, bits[j], depth + 1)
        return _const_bit(body, bits[-1], depth + 1) if prm.get(p + "_SIGNED") == "1" else "0"
    if typ == "$not":
        a = operand("A")
        return None if a is None else "10"[int(a)]
    a, b = operand("A"), operand("B")
    if typ == "$and":
        return "0" if "0" in (a, b) else "1" if a == b == "1" else None
    return "1" if "1" in (a, b) else "0" if a == b == "0" else None  # $or


def _module_body(text, mod):
    """wire widths and the driver of every wire bit (module connects and the
    Y of $and/$or/$not cells) of one module of an RTLIL file"""
    # (a plain module is named \\name in RTLIL, name in the mutate line)
    body = (re.search(r"^module " + re.escape(mod) + r"\n(.*?)^end$", text, re.M | re.S) or
            re.search(r"^module " + re.escape("\\" + mod) + r"\n(.*?)^end$", text, re.M | re.S))
    if not body:
        return None, {}
    body = body.group(1)
    widths = {m.group(2): int(m.group(1) or 1)
              for m in re.finditer(r"^  wire (?:width (\d+) )?(?:(?:offset|input|output|inout) \d+ |signed |upto )*(\S+)$", body, re.M)}
    drv = {}
    for m in re.finditer(r"^  connect (\S+(?: \[[\d:]+\])?|\{[^}]*\}) (.+)$", body, re.M):
        lhs, rhs = _sig_bits(m.group(1), widths), _sig_bits(m.group(2), widths)
        if lhs is None or rhs is None or len(lhs) != len(rhs):
            continue
        for l, r in zip(lhs, rhs):
            if not isinstance(l, str):
                drv[l] = ("conn", r)
    cells = {}
    for m in re.finditer(r"^  cell (\S+) (\S+)\n(.*?)^  end$", body, re.M | re.S):
        prm = dict(re.findall(r"parameter \\(\w+) (\S+)", m.group(3)))
        conn = dict(re.findall(r"connect \\(\w+) (.+)$", m.group(3), re.M))
        cells[m.group(2)] = (m.group(1), prm, conn)
        if m.group(1) in ("$and", "$or", "$not") and "Y" in conn:
            for j, y in enumerate(_sig_bits(conn["Y"], widths) or []):
                if not isinstance(y, str):
                    drv[y] = ("cell", (m.group(1), prm, conn, j))
    return (widths, drv), cells


def mask_one(args, kind, stem, line):
    """True if the mutation provably changes nothing, by constants in the
    netlist (a literal, or a bit that literals fix through $and/$or/$not):
    the mutated input bit of an $and is masked by a constant 0 of the other
    operand ($or: 1), e.g. the constant masks of qarma_functions.vh; a const0
    /const1 mutation of a bit that is already that constant; a cnot1 (cnot0)
    mutation whose control bit is a constant 0 (1): the XOR with it is a
    no-op (checked: cnot1 is bit ^ ctrl); or a bit beyond the cell's output"""
    m = re.search(r"-mode (\S+) -module (\S+) -cell (\S+) -port (\w+) -portbit (\d+)"
                  r"(?: -ctrlbit (\d+))?", line)
    if not m:
        return False
    mode, mod, cell, port, bit = m.group(1), m.group(2), m.group(3), m.group(4), int(m.group(5))
    with open(il_path(args, kind, stem)) as f:
        text = f.read()
    body, cells = _module_body(text, mod)
    if body is None:
        die(f"{il_path(args, kind, stem)}:0: no module {mod} (mask check)")
    if cell not in cells:
        return False
    typ, prm, conn = cells[cell]
    bits = _sig_bits(conn.get(port, ""), body[0]) or []
    if bit >= len(bits):
        return False
    if mode in ("const0", "const1") and _const_bit(body, bits[bit]) == mode[-1]:
        return True
    if mode in ("cnot0", "cnot1") and m.group(6) is not None and int(m.group(6)) < len(bits) \
            and _const_bit(body, bits[int(m.group(6))]) == ("0" if mode == "cnot1" else "1"):
        return True
    if typ not in ("$and", "$or") or port not in "AB":
        return False
    if bit >= int(prm["Y_WIDTH"]):
        return True
    other = "B" if port == "A" else "A"
    ob = _sig_bits(conn.get(other, ""), body[0])
    if not ob:
        return False
    if bit < len(ob):
        v = _const_bit(body, ob[bit])
    else:  # extension of the narrower operand
        v = _const_bit(body, ob[-1]) if prm[other + "_SIGNED"] == "1" else "0"
    return v == ("0" if typ == "$and" else "1")


def ctx_one(args, kind, stem, line, work):
    """'C' (equivalent in the unit's context: after any configuration write
    and after a reset, every operation gives the same front/mid outputs), 'N'
    (a distinguishing configuration and operation: ctx.log shows the inputs)"""
    il = il_path(args, kind, stem)
    mod = re.search(r" -module (\S+)", line).group(1)
    role = CTX_MODULES[mod]
    other = [m for m, r in CTX_MODULES.items() if m != mod][0]
    with open(il) as f:
        cfg = [m.group(1) for m in re.finditer(r"^module (\S+)$", f.read(), re.M)
               if base_module(m.group(1).lstrip("\\")) == "qpac_cfg"]
    if len(cfg) != 1:
        die(f"{il}:0: {len(cfg)} qpac_cfg modules (expected one)")
    os.makedirs(work, exist_ok=True)
    log = os.path.join(work, "ctx.log")
    prove = "-prove-skip 1 -prove diff_o 0 -show-inputs ctx_ptr"
    script = (f"read_rtlil {il}\n"
              f"copy {mod} ctx_{role}_a\n{line}\nrename {mod} ctx_{role}_b\n"
              f"copy {other} ctx_{CTX_MODULES[other]}_a\ncopy {other} ctx_{CTX_MODULES[other]}_b\n"
              f"rename {cfg[0]} ctx_cfg\n"
              f"read_verilog {CTX_V}\nhierarchy -check -top ctx_ptr\nflatten\nasync2sync\nopt_clean\n"
              # step 1 writes any configuration (or resets), step 2 any operation
              f"sat -seq 2 -set-at 1 rst_ni 1 -set-at 1 we_i 1 -set-at 2 rst_ni 1 {prove}\n"
              f"sat -seq 2 -set-at 1 rst_ni 0 -set-at 2 rst_ni 1 {prove}\n")
    write_atomic(log + ".ys", script)
    rc, _ = run([args.yosys, "-s", log + ".ys"], log, timeout=args.equiv_timeout)
    with open(log) as f:
        text = f.read()
    if rc == 0 and text.count("SAT proof finished - no model found: SUCCESS!") == 2:
        return "C"
    if rc == 0 and "SAT proof finished - model found: FAIL!" in text:
        return "N"
    return "T" if rc == 124 else "?"


def cmd_ctx(args):
    """the context check alone on every front/mid mutant of mutants.tsv
    (test-mutate: it must prove some and refute others), and the module miter
    beside it: a module-equivalent mutant is equivalent in any context, so a
    mutant the miter proves and the context check refutes shows a check unsound"""
    rows = [r for r in read_mutants(args) if r[3] in CTX_MODULES]
    n = {}
    for r in rows:
        work = os.path.join(args.build, "ctx", r[0])
        c = ctx_one(args, r[1], r[2], r[4], work)
        e = equiv_one(args, r[1], r[2], r[4], work)
        print(f"mutate ctx: {r[0]} {r[3]}: context {c}, module miter {e}")
        if e == "E" and c == "N":
            die(f"mutate ctx: {r[0]}: the module miter proves it equivalent, the context check "
                f"refutes it ({work}): one of them is unsound")
        n[c] = n.get(c, 0) + 1
    print(f"mutate ctx: {len(rows)} mutants: {n.get('C', 0)} equivalent in context, "
          f"{n.get('N', 0)} not, {len(rows) - n.get('C', 0) - n.get('N', 0)} undecided")
    if len(rows) != n.get("C", 0) + n.get("N", 0):
        die("mutate ctx: a context check did not run (see ctx/*/ctx.log)")


def cmd_dead(args):
    """the dead-point check alone on every mutant listed (test-mutate: it must
    find some points dead and others live)"""
    n = {True: 0, False: 0}
    for r in read_mutants(args):
        d = dead_one(args, r[1], r[2], r[4], os.path.join(args.build, "dead", r[0]))
        print(f"mutate dead: {r[0]} {r[3]}: " + ("reaches no output" if d else "live"))
        n[d] += 1
    print(f"mutate dead: {n[True] + n[False]} mutants: {n[True]} dead, {n[False]} live")


# the module miter's self-check: this many killed mutants of small modules
# must not be proven equivalent (a kill is a counterexample)
EQUIV_SELFCHECK = 8
SMALL_MODULES = set(CTX_MODULES) | {"qpac_cfg", "qpac_keyfile", "qpac_ptr_back"}


def cmd_equiv(args):
    rows = {r[0]: r for r in read_mutants(args)}
    res = merged(args)
    killed = [m for m, (st, _, _) in sorted(res.items()) if st == "K" and rows[m][3] in SMALL_MODULES]
    for mid in killed[:EQUIV_SELFCHECK]:
        r = rows[mid]
        if equiv_one(args, r[1], r[2], r[4], os.path.join(args.build, "equiv", mid)) == "E":
            die(f"mutate equiv: {mid} is killed by {res[mid][1]} but the module miter proves it "
                "equivalent: the miter is unsound, no equivalence can be counted")
    print(f"mutate equiv: self-check: the module miter refutes all "
          f"{min(len(killed), EQUIV_SELFCHECK)} killed mutants tried")
    # the dead-point check must find every killed mutant's point live (a kill
    # is an output that changed)
    killed_any = [m for m, (st, _, _) in sorted(res.items()) if st == "K"]
    for mid in killed_any[::max(1, len(killed_any) // EQUIV_SELFCHECK)][:EQUIV_SELFCHECK]:
        r = rows[mid]
        if dead_one(args, r[1], r[2], r[4], os.path.join(args.build, "equiv", mid)):
            die(f"mutate equiv: {mid} is killed by {res[mid][1]} but the dead-point check finds "
                "its point unobservable: the check is unsound, no equivalence can be counted")
    print(f"mutate equiv: self-check: the dead-point check finds the points of "
          f"{min(len(killed_any), EQUIV_SELFCHECK)} killed mutants live")
    lines = []
    for mid, (st, _, _) in sorted(res.items()):
        if st != "S":
            continue
        r = rows[mid]
        work = os.path.join(args.build, "equiv", mid)
        if mask_one(args, r[1], r[2], r[4]):
            e = "M"
        elif dead_one(args, r[1], r[2], r[4], work):
            e = "D"
        elif r[3] in MITER_SKIP:
            continue
        else:
            e = equiv_one(args, r[1], r[2], r[4], work)
        if e != "E" and r[3] in CTX_MODULES:
            e = {"C": "C", "N": "X"}.get(ctx_one(args, r[1], r[2], r[4], work), e)
        print(f"mutate equiv: {mid} {r[3]}: " + {
            "E": "proven equivalent", "C": "proven equivalent in the unit's context",
            "M": "proven equivalent (a constant operand bit masks the mutated bit)",
            "D": "proven equivalent (the mutated point reaches no output of the stem)",
            "X": "not equivalent in the unit's context (inputs in equiv/" + mid + "/ctx.log)",
            "N": "not equivalent or not inductive", "T": "timeout", "?": "miter failed"}[e])
        lines.append(f"{mid}\t{e}\n")
    write_atomic(os.path.join(args.build, "equiv.tsv"), "".join(lines))


# ---- report ------------------------------------------------------------------
def merged(args):
    """every shard's results; a --recheck file (survivors run again after a
    bench gained a check) replaces the earlier result of its mutants"""
    res = {}
    for f in args.results:
        with open(f) as fh:
            for ln, line in enumerate(fh, 1):
                p = line.rstrip("\n").split("\t")
                if len(p) != 4 or p[1] not in ("K", "S"):
                    die(f"{f}:{ln}: not 'id K|S check seconds' (field {len(p)})")
                if p[0] in res:
                    die(f"{f}:{ln}: {p[0]} is in two shards")
                res[p[0]] = (p[1], p[2], float(p[3]))
    for f in args.recheck:
        with open(f) as fh:
            for ln, line in enumerate(fh, 1):
                p = line.rstrip("\n").split("\t")
                if len(p) != 4 or p[1] not in ("K", "S") or p[0] not in res:
                    die(f"{f}:{ln}: not 'id K|S check seconds' of a mutant with a result")
                res[p[0]] = (p[1], p[2] + " (recheck)", res[p[0]][2] + float(p[3]))
    return res


def cmd_report(args):
    rows = {r[0]: r for r in read_mutants(args)}
    res = merged(args)
    eq = {}
    ef = os.path.join(args.build, "equiv.tsv")
    if os.path.exists(ef):
        with open(ef) as f:
            for line in f:
                mid, e = line.split()
                eq[mid] = e
    notes = {}
    if args.notes and os.path.exists(args.notes):
        # the notes name mutants by id: they hold for the mutant set whose
        # mutants.tsv has the sha1 of their '# set' line only
        with open(os.path.join(args.build, "mutants.tsv"), "rb") as f:
            sha = hashlib.sha1(f.read()).hexdigest()[:12]
        with open(args.notes) as f:
            text = f.read()
        m = re.search(r"^# set ([0-9a-f]{12})\b", text, re.M)
        if m and m.group(1) == sha:
            for line in text.splitlines():
                if line.strip() and not line.startswith("#"):
                    mid, _, note = line.partition("\t")
                    notes[mid] = note
        else:
            print(f"mutate report: {args.notes}: its notes are for another mutant set "
                  f"(mutants.tsv sha1 {sha}, notes {m.group(1) if m else 'without a # set line'}); not attached")
    per = {}
    K = S = E = 0
    secs = 0.0
    for mid, (st, why, sec) in res.items():
        if mid not in rows:
            die(f"{args.results[0]}:0: {mid} is not in mutants.tsv (a shard of another list?)")
        mod = rows[mid][3]
        c = per.setdefault(mod, [0, 0, 0])
        secs += sec
        if st == "K":
            K += 1
            c[0] += 1
        elif eq.get(mid) in ("E", "C", "M", "D"):
            E += 1
            c[2] += 1
        else:
            S += 1
            c[1] += 1
    N = len(res)
    if N == 0:
        die("mutate report: no results")
    args.shard = "1/1"
    want = {r[0] for r in sample(args, list(rows.values()))}
    missing = len(want - set(res))
    P = 100.0 * K / (N - E) if N > E else 100.0
    summary = f"mutation score: {K} of {N} killed ({P:.1f}%), {E} equivalent"
    kills = {}
    for mid, (st, why, _) in res.items():
        if st == "K":
            kills[why] = kills.get(why, 0) + 1
    md = ["# Mutation score (make mutate)", "",
          f"Generated by tests/mutate/mutate.py from {N} mutants of mutants.tsv "
          f"({len(rows)} in the full set; seed {args.seed}"
          + (f", sample MUTATE_N={args.n}" if args.n else "") + ").", "",
          f"**{summary}** (P = K / (N - E))", "",
          f"Check time: {secs:.0f} s over {N} mutants, {secs / N:.1f} s a mutant (one process, "
          "on a machine shared with other jobs); at that rate the full set of "
          f"{len(rows)} needs {len(rows) * secs / N / 3600:.1f} h in one process, "
          f"{len(rows) * secs / N / 3600 / 2:.1f} h on 2 cores (MUTATE_J=2), less on a farm.", "",
          "| module | mutants | killed | survived | equivalent |", "|---|---|---|---|---|"]
    for mod in sorted(per):
        k, s, e = per[mod]
        md.append(f"| {mod} | {k + s + e} | {k} | {s} | {e} |")
    md += ["", "Kills by the check that made them: "
           + ", ".join(f"{w} {n}" for w, n in sorted(kills.items(), key=lambda x: -x[1])), "",
           "## Survivors and equivalent mutants", ""]
    surv = [m for m, (st, _, _) in sorted(res.items()) if st == "S"]
    if not surv:
        md.append("none")
    for mid in surv:
        r = rows[mid]
        tag = {"E": "E: proven equivalent (module miter, sat -tempinduct)",
               "M": "E: proven equivalent: the mutated input bit meets a constant 0 of an $and "
                    "(1 of an $or), so the cell's output is unchanged",
               "D": "E: proven equivalent: the mutated point reaches no output of the stem "
                    "(an inverter there is removed by opt_clean from the flattened stem)",
               "C": "E: proven equivalent in the unit's context (tests/mutate/ctx_ptr.v: "
                    "configuration decode, front, mid; after any configuration write or a reset)",
               "X": "survived: not equivalent in the unit's context either (the distinguishing "
                    f"inputs: equiv/{mid}/ctx.log)",
               "N": "survived: the module miter is not equivalent (or not inductive)",
               "T": "survived: the module miter timed out",
               "?": "survived: the module miter did not run"}.get(eq.get(mid), "survived")
        md.append(f"- `{mid}` {r[1]}:{r[2]} **{r[3]}** — {tag}  ")
        md.append(f"  `{r[4]}`  ")
        if mid in notes:
            md.append(f"  {notes[mid]}")
    if missing:
        md[2:2] = [f"**Incomplete: {missing} mutants of the sample have no result (shards missing).**", ""]
    write_atomic(os.path.join(args.build, "report.md"), "\n".join(md) + "\n")
    print(summary)
    if missing and not args.partial:
        die(f"mutate report: {missing} of {len(want)} mutants have no result (a shard is missing; "
            "MUTATE_PARTIAL=1 reports what is there)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cmd", choices=["list", "orig", "run", "equiv", "ctx", "dead", "report"])
    ap.add_argument("--build", default="build/mutate")
    ap.add_argument("--rtl", default="rtl")
    ap.add_argument("--tests", default="tests/rtl")
    ap.add_argument("--img", default="build/rtl")
    ap.add_argument("--reset-image", default="build/rtl/after_reset.memh")
    ap.add_argument("--yosys", default="yosys")
    ap.add_argument("--iverilog", default="iverilog")
    ap.add_argument("--stems", default="", help="unit:<stem>,bus:<stem>,... (default: the full set)")
    ap.add_argument("--only", default="", help="list: one mutation, by mutate -list filters")
    ap.add_argument("--only-n", type=int, default=1, help="list --only: this many mutations")
    ap.add_argument("--images", default="", help="only these images (a quick run)")
    ap.add_argument("--force-images", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="orig: stems checked at once")
    ap.add_argument("--n", type=int, default=0)
    ap.add_argument("--shard", default="1/1")
    ap.add_argument("--out", default="")
    ap.add_argument("--ids", default="", help="run: only these mutants (m0001,m0002)")
    ap.add_argument("--results", nargs="*", default=[])
    ap.add_argument("--recheck", nargs="*", default=[])
    ap.add_argument("--notes", default="")
    ap.add_argument("--partial", action="store_true", help="report: allow missing shards")
    ap.add_argument("--equiv-timeout", type=int, default=150)
    args = ap.parse_args()
    {"list": cmd_list, "orig": cmd_orig, "run": cmd_run, "equiv": cmd_equiv,
     "ctx": cmd_ctx, "dead": cmd_dead, "report": cmd_report}[args.cmd](args)


if __name__ == "__main__":
    main()

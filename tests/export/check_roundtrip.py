#!/usr/bin/env python3
# check_roundtrip.py - reads the CSV, JSON Lines and Wycheproof files written
# by `qpac export` back and checks them, vector by vector, against the .pvs
# exported with the same seed and options (which `qpac check` verifies
# against the model separately).
#
#   check_roundtrip.py --regs regmap/qpac.regs --seed S FILE.pvs [FILE.csv]
#                      [FILE.jsonl] [FILE.wycheproof]
#
# Per vector: mnemonic, operands, expected value (or fault), the configuration
# in effect and the key used must equal the .pvs state at that op line. The
# CFG/TSZLIM register words are re-packed here from the field table in
# regmap/qpac.regs. Headers must name the generator version, the seed and the
# options; ids must run 1..N; hex fields must be fixed-width.
import csv
import json
import re
import sys

HEX16 = re.compile(r"^[0-9a-f]{16}$")
ONE_OPERAND = {"xpaci", "xpacd", "ldraa", "ldrab"}
KEY_OF = {"ia": 0, "ib": 1, "da": 2, "db": 3, "ga": 4}
CFG_FIELDS = ["t0sz", "t1sz", "tbi0", "tbi1", "tbid0", "tbid1", "ranges", "alg", "feat",
              "tszmin", "tszmax", "compat"]
FEATS = ["pauth", "epac", "pauth2", "fpac", "fpaccombine"]


class Bad(Exception):
    pass


def read_regs(path):
    fields = {}
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) >= 5 and w[0] == "field":
                fields[(w[1], w[2])] = (int(w[3]), int(w[4]))
    return fields


def put(word, fields, reg, name, value):
    msb, lsb = fields[(reg, name)]
    if value >> (msb - lsb + 1):
        raise Bad("%s.%s value %d does not fit" % (reg, name, value))
    return word | (value << lsb)


def pack(cfg, fields):
    c = 0
    c = put(c, fields, "CFG", "T0SZ", cfg["t0sz"])
    c = put(c, fields, "CFG", "T1SZ", cfg["t1sz"])
    c = put(c, fields, "CFG", "TBI0", cfg["tbi0"])
    c = put(c, fields, "CFG", "TBI1", cfg["tbi1"])
    c = put(c, fields, "CFG", "TBID0", cfg["tbid0"])
    c = put(c, fields, "CFG", "TBID1", cfg["tbid1"])
    c = put(c, fields, "CFG", "SINGLE", 1 if cfg["ranges"] == 1 else 0)
    c = put(c, fields, "CFG", "ALG", 1 if cfg["alg"] == "qarma3" else 0)
    c = put(c, fields, "CFG", "FEAT", FEATS.index(cfg["feat"]) + 1)
    t = put(0, fields, "TSZLIM", "TSZMIN", cfg["tszmin"])
    t = put(t, fields, "TSZLIM", "TSZMAX", cfg["tszmax"])
    return "%08x" % c, "%08x" % t


def read_pvs(path):
    """The op lines of a .pvs file with the state each runs in."""
    cfg = {}
    keys = {}
    ops = []
    end = None
    with open(path) as f:
        for n, line in enumerate(f, 1):
            text = line.split("#", 1)[0].split()
            if not text:
                continue
            where = "%s:%d" % (path, n)
            if text[0] == "begin":
                continue
            if text[0] == "end":  # end record: the number of op lines
                end = int(text[1])
                continue
            if text[0] == "cfg":
                for kv in text[1:]:
                    k, v = kv.split("=", 1)
                    cfg[k] = v if k in ("alg", "feat", "compat") else int(v, 0)
            elif text[0] == "key":
                keys[text[1]] = (text[2], text[3])
            else:
                mn = text[0]
                nargs = 1 if mn in ONE_OPERAND else 2
                if len(text) != nargs + 2:
                    raise Bad("%s: op line without an expected column" % where)
                x = text[1]
                y = text[2] if nargs == 2 else "0" * 16
                ops.append({"where": where, "mnemonic": mn, "x": x, "y": y,
                            "expect": text[-1], "cfg": dict(cfg), "keys": dict(keys)})
    if not ops:
        raise Bad("%s: no op lines" % path)
    if end != len(ops):
        raise Bad("%s: end record %s, file has %d op lines" % (path, end, len(ops)))
    missing = [k for k in CFG_FIELDS if k not in ops[0]["cfg"]]
    if missing:
        raise Bad("%s: first op runs before a cfg line naming %s" % (path, ",".join(missing)))
    return ops


def same_vector(tag, op, mnemonic, x, y, value, fault, cfg, key, khi, klo, fields,
                cfg_reg=None, tszlim_reg=None):
    where = "%s (from %s)" % (tag, op["where"])
    for name, v in (("x", x), ("y", y), ("value", value), ("key_hi", khi), ("key_lo", klo)):
        if not HEX16.match(v):
            raise Bad("%s: %s %r is not 16 lowercase hex digits" % (where, name, v))
    if mnemonic != op["mnemonic"]:
        raise Bad("%s: mnemonic %s, .pvs has %s" % (where, mnemonic, op["mnemonic"]))
    if x != op["x"] or y != op["y"]:
        raise Bad("%s: operands %s %s, .pvs has %s %s" % (where, x, y, op["x"], op["y"]))
    if op["expect"] == "fault":
        if not fault:
            raise Bad("%s: no fault, .pvs expects a fault" % where)
    elif fault or value != op["expect"]:
        raise Bad("%s: value %s fault %s, .pvs expects %s" % (where, value, fault, op["expect"]))
    for k in CFG_FIELDS:
        if cfg[k] != op["cfg"][k]:
            raise Bad("%s: cfg %s=%s, .pvs has %s" % (where, k, cfg[k], op["cfg"][k]))
    if not mnemonic.startswith("xpac"):
        kname = [n for n, v in KEY_OF.items() if v == key]
        if not kname or op["keys"].get(kname[0]) != (khi, klo):
            raise Bad("%s: key %s differs from the .pvs key" % (where, key))
    if cfg_reg is not None:
        want = pack(op["cfg"], fields)
        if (cfg_reg, tszlim_reg) != want:
            raise Bad("%s: register words %s %s, packing the fields gives %s %s" %
                      ((where, cfg_reg, tszlim_reg) + want))


def check_header_text(tag, text, seed, fmt):
    if "qpac export" not in text or ("seed %s" % seed) not in text and ('"seed":%s' % seed) not in text:
        raise Bad("%s: header does not record the generator and seed %s" % (tag, seed))
    if "--format %s" % fmt not in text:
        raise Bad("%s: header does not record the options" % tag)


def check_csv(path, ops, seed, fields):
    with open(path) as f:
        lines = f.read().splitlines()
    comments = [l for l in lines if l.startswith("#")]
    if not comments or comments[-1] != "# end %d" % len(ops) or lines[-1] != comments[-1]:
        raise Bad("%s: last line is not the end record '# end %d'" % (path, len(ops)))
    check_header_text(path, "\n".join(comments), "%s;" % seed, "csv")
    rows = list(csv.DictReader(l for l in lines if not l.startswith("#")))
    if len(rows) != len(ops):
        raise Bad("%s: %d rows, .pvs has %d ops" % (path, len(rows), len(ops)))
    for i, (r, op) in enumerate(zip(rows, ops), 1):
        tag = "%s: row id %s" % (path, r["id"])
        if int(r["id"]) != i:
            raise Bad("%s: ids must run 1..N" % tag)
        cfg = {k: (r[k] if k in ("alg", "feat", "compat") else int(r[k])) for k in CFG_FIELDS}
        same_vector(tag, op, r["mnemonic"], r["x"], r["y"], r["value"], r["fault"] == "1", cfg,
                    int(r["key"]), r["key_hi"], r["key_lo"], fields, r["cfg_reg"], r["tszlim_reg"])
    return len(rows)


def check_jsonl(path, ops, seed, fields):
    with open(path) as f:
        lines = f.read().splitlines()
    head = json.loads(lines[0])
    if head.get("kind") != "header" or head.get("seed") != int(seed) or \
            "--format jsonl" not in head.get("options", "") or not head.get("version"):
        raise Bad("%s:1: header object lacks generator version, seed or options" % path)
    vecs = [json.loads(l) for l in lines[1:]]
    if not vecs or vecs.pop() != {"kind": "end", "count": len(ops)}:
        raise Bad("%s: last object is not the end record (count %d)" % (path, len(ops)))
    if len(vecs) != len(ops):
        raise Bad("%s: %d vectors, .pvs has %d ops" % (path, len(vecs), len(ops)))
    for i, (v, op) in enumerate(zip(vecs, ops), 1):
        tag = "%s:%d" % (path, i + 1)
        if v.get("kind") != "vector" or v["id"] != i:
            raise Bad("%s: kind/id wrong" % tag)
        c = v["cfg"]
        same_vector(tag, op, v["mnemonic"], v["x"], v["y"], v["value"], v["fault"], c,
                    v["key"], v["key_hi"], v["key_lo"], fields, c["cfg_reg"], c["tszlim_reg"])
    return len(vecs)


def check_wycheproof(path, ops, seed, fields):
    with open(path) as f:
        doc = json.load(f)
    check_header_text(path, " ".join(doc["header"]) + " " + doc["generatorVersion"],
                      "%s;" % seed, "wycheproof")
    notes = doc["notes"]
    n = 0
    for g in doc["testGroups"]:
        if not g["tests"]:
            raise Bad("%s: empty test group" % path)
        for t in g["tests"]:
            n += 1
            if n > len(ops):
                raise Bad("%s: more tests than .pvs ops" % path)
            op = ops[n - 1]
            tag = "%s: tcId %s" % (path, t["tcId"])
            if t["tcId"] != n:
                raise Bad("%s: tcIds must run 1..N" % tag)
            for fl in t["flags"]:
                if fl not in notes:
                    raise Bad("%s: flag %s has no note" % (tag, fl))
            if t["result"] not in ("valid", "invalid"):
                raise Bad("%s: result %r" % (tag, t["result"]))
            if t["result"] == "invalid" and not re.match(r"^(aut|bra|ldra)", t["op"]):
                raise Bad("%s: only AUT operations can be invalid" % tag)
            if not t["comment"].startswith(t["op"]):
                raise Bad("%s: comment does not name the operation" % tag)
            mn = t["op"]
            if mn.startswith("xpac"):
                kname = None  # no key
            elif mn.startswith("bra"):
                kname = "i" + mn[-1]
            elif mn.startswith("ldra"):
                kname = "d" + mn[-1]
            else:
                kname = mn[-2:]
            k = g["keys"][kname] if kname else {"hi": "0" * 16, "lo": "0" * 16}
            key = KEY_OF[kname] if kname else 0
            c = g["config"]
            same_vector(tag, op, t["op"], t["x"], t["y"], t["value"], t["fault"], c, key,
                        k["hi"], k["lo"], fields, c["cfg_reg"], c["tszlim_reg"])
    if n != len(ops) or doc["numberOfTests"] != n:
        raise Bad("%s: %d tests (numberOfTests %d), .pvs has %d ops" %
                  (path, n, doc["numberOfTests"], len(ops)))
    return n


def main(argv):
    args = argv[1:]
    regs, seed = None, None
    while args and args[0].startswith("--"):
        if args[0] == "--regs":
            regs = args[1]
        elif args[0] == "--seed":
            seed = args[1]
        else:
            print("check_roundtrip: unknown option %s" % args[0], file=sys.stderr)
            return 2
        args = args[2:]
    if not regs or not seed or not args or not args[0].endswith(".pvs"):
        print("usage: check_roundtrip.py --regs qpac.regs --seed S FILE.pvs [FILE.csv "
              "FILE.jsonl FILE.wycheproof]", file=sys.stderr)
        return 2
    try:
        fields = read_regs(regs)
        ops = read_pvs(args[0])
        for p in args[1:]:
            if p.endswith(".csv"):
                n = check_csv(p, ops, seed, fields)
            elif p.endswith(".jsonl"):
                n = check_jsonl(p, ops, seed, fields)
            elif p.endswith(".wycheproof") or p.endswith(".json"):
                n = check_wycheproof(p, ops, seed, fields)
            else:
                raise Bad("%s: unknown file type" % p)
            print("roundtrip: %s: %d vectors match %s" % (p, n, args[0]))
    except (Bad, OSError, KeyError, ValueError) as e:
        print("roundtrip: FAILED: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

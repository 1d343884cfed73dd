#!/usr/bin/env python3
"""Generate the C header, the Verilog include and the documented table from
regmap/qpac.regs, the one source of qpac's register map and encodings.

usage: gen_regmap.py REGS OUT_H OUT_VH OUT_MD
"""
import shlex
import sys


def parse(path):
    params, encs, regs, fields, notes = [], [], [], [], []
    with open(path, encoding="ascii") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            w = shlex.split(line)
            try:
                if w[0] == "param":
                    params.append((w[1], int(w[2], 0), w[3]))
                elif w[0] == "enc":
                    encs.append((w[1], w[2], int(w[3], 0), w[4]))
                elif w[0] == "reg":
                    regs.append((w[1], int(w[2], 0), w[3], int(w[4], 0), w[5]))
                elif w[0] == "field":
                    fields.append((w[1], w[2], int(w[3]), int(w[4]), w[5]))
                elif w[0] == "rule":
                    notes.append((w[1], w[2]))
                else:
                    raise ValueError("unknown directive " + w[0])
            except (IndexError, ValueError) as e:
                sys.exit(f"{path}:{n}: {e}")
    return params, encs, regs, fields, notes


HDR = "generated from regmap/qpac.regs by scripts/gen_regmap.py: do not edit"


def gen_h(params, encs, regs, fields, notes):
    o = [f"/* {HDR} */", "#ifndef QPAC_REGMAP_H", "#define QPAC_REGMAP_H", ""]
    for name, val, desc in params:
        o.append(f"#define QPAC_{name} 0x{val:08x}u /* {desc} */")
    o.append("")
    for grp, name, val, desc in encs:
        o.append(f"#define QPAC_ENC_{grp}_{name} {val} /* {desc} */")
    o.append("")
    for name, off, acc, rst, desc in regs:
        o.append(f"#define QPAC_REG_{name} 0x{off:02x}u /* {acc}: {desc} */")
        o.append(f"#define QPAC_REG_{name}_RESET 0x{rst:08x}u")
    o.append("")
    for reg, name, msb, lsb, desc in fields:
        w = msb - lsb + 1
        o.append(f"#define QPAC_{reg}_{name}_LSB {lsb} /* {desc} */")
        o.append(f"#define QPAC_{reg}_{name}_MASK 0x{((1 << w) - 1) << lsb:08x}u")
    o += ["", "#endif /* QPAC_REGMAP_H */", ""]
    return "\n".join(o)


def gen_vh(params, encs, regs, fields, notes):
    o = [f"// {HDR}", "`ifndef QPAC_REGMAP_VH", "`define QPAC_REGMAP_VH", ""]
    for name, val, desc in params:
        o.append(f"`define QPAC_{name} 32'h{val:08x} // {desc}")
    o.append("")
    widths = {}
    for grp, name, val, desc in encs:
        widths[grp] = max(widths.get(grp, 1), val.bit_length())
    for grp, w in widths.items():
        o.append(f"`define QPAC_ENC_{grp}_W {w}")
    for grp, name, val, desc in encs:
        w = widths[grp]
        o.append(f"`define QPAC_ENC_{grp}_{name} {w}'d{val} // {desc}")
    o.append("")
    for name, off, acc, rst, desc in regs:
        o.append(f"`define QPAC_REG_{name} 8'h{off:02x} // {acc}: {desc}")
        o.append(f"`define QPAC_REG_{name}_RESET 32'h{rst:08x}")
    o.append("")
    for reg, name, msb, lsb, desc in fields:
        o.append(f"`define QPAC_{reg}_{name} {msb}:{lsb} // {desc}")
    o += ["", "`endif // QPAC_REGMAP_VH", ""]
    return "\n".join(o)


def gen_md(params, encs, regs, fields, notes):
    o = [f"<!-- {HDR} -->", "# qpac register map", "",
         "32-bit registers, byte offsets. Keys are write-only: reading a key",
         "staging register returns 0, and no register returns a committed key.", "",
         "| offset | name | access | reset | description |",
         "|---|---|---|---|---|"]
    for name, off, acc, rst, desc in regs:
        o.append(f"| 0x{off:02x} | {name} | {acc} | 0x{rst:08x} | {desc} |")
    o += ["", "## Fields", "", "| register | field | bits | description |",
          "|---|---|---|---|"]
    for reg, name, msb, lsb, desc in fields:
        bits = f"{msb}" if msb == lsb else f"{msb}:{lsb}"
        o.append(f"| {reg} | {name} | {bits} | {desc} |")
    o += ["", "## Encodings", "", "| group | name | value | meaning |", "|---|---|---|---|"]
    for grp, name, val, desc in encs:
        o.append(f"| {grp} | {name} | {val} | {desc} |")
    if notes:
        o += ["", "## Rules", "", "| rule | |", "|---|---|"]
        for name, desc in notes:
            o.append(f"| {name} | {desc} |")
    o.append("")
    return "\n".join(o)


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    tables = parse(sys.argv[1])
    for path, gen in zip(sys.argv[2:], (gen_h, gen_vh, gen_md)):
        with open(path, "w", encoding="ascii") as f:
            f.write(gen(*tables))


if __name__ == "__main__":
    main()

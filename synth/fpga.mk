# synth/fpga.mk - FPGA board builds, programming and the ULX3S proof (issue 12):
#   make fpga BOARD=ulx3s|hx8k FPGA_DEPTH=n   one board build: nextpnr's Max frequency
#                    lines, then `fpga: board=B depth=D unit_mhz=F luts=N ffs=N brams=N
#                    fits=yes|no`; the table build/synth/fpga-results.{tsv,md}
#   make fpga-sweep  the HX8K runs and probes of synth.mk (FPGA_DEPTHS, FPGA_PROBES), the
#                    HX8K variants (FPGA_HX8K_VARIANTS) and the ULX3S at ULX3S_DEPTHS
#   make fpga-docs   each board's rows of that table into synth/README.md (fpga-hx8k, fpga-ulx3s markers)
#   make fpga-paths FPGA_DEPTH=n  the ULX3S run's deepest LUT-level paths (before PnR)
#   make fpga-prog BOARD=...  program the board's image with openFPGALoader
#   make test-fpga-ulx3s      the Verilated ULX3S top driven by `qpac fpga` over a pty
#   make test-fpga-hx8k-r1    the same for the HX8K top at q5p1g1r1 DEPTH 12
# Runs are one directory each under $(SYNTH_DIR): fpga/d<DEPTH> (HX8K board top, synth.mk),
# fpga-hx8k/<variant>, fpga-ecp5/d<DEPTH>_f<MHZ>_p<PTR_PIPE>g<GLOBAL_STALL>k<KEY_PIPE>.

BOARD ?= hx8k
# the ULX3S builds the pipelined unit: DEPTH 12 unless asked otherwise
ifeq ($(BOARD)$(origin FPGA_DEPTH),ulx3sfile)
FPGA_DEPTH := 12
endif
FPGA_RESULTS_PY := $(SYNTH_PY) synth/fpga_results.py

# ---- ULX3S (LFE5U-85F-6BG381C): ecppll + synth_ecp5 + nextpnr-ecp5 + ecppack
# ULX3S_MHZ: the PLL's (the unit's) clock; default the target (DEPTH 1..12: 150,
# 13..24: 200). A run whose unit_mhz is below it says so: rebuild at ULX3S_MHZ=<unit_mhz>.
ULX3S_DEPTHS       ?= 12 24
ULX3S_MHZ          ?= $(if $(filter 13 14 15 16 17 18 19 20 21 22 23 24,$(FPGA_DEPTH)),200,150)
ULX3S_PTR_PIPE     ?= 1
ULX3S_GLOBAL_STALL ?= 1
ULX3S_KEY_PIPE     ?= 2
ULX3S_LPF          := rtl/fpga/ulx3s.lpf
ULX3S_V            := rtl/fpga/qpac_ulx3s_top.v rtl/fpga/qpac_ecp5_pll.v $(FPGA_V)
ulx3s_run = $(SYNTH_DIR)/fpga-ecp5/d$(1)_f$(2)_p$(ULX3S_PTR_PIPE)g$(ULX3S_GLOBAL_STALL)k$(ULX3S_KEY_PIPE)
ULX3S_RUN          := $(call ulx3s_run,$(FPGA_DEPTH),$(ULX3S_MHZ))
ULX3S_BIT          := $(SYNTH_DIR)/fpga-ecp5/qpac_ulx3s.bit

$(SYNTH_DIR)/fpga-ecp5/%/result.json: $(RTL_SYNTH_V) $(ULX3S_V) $(ULX3S_LPF) synth/fpga_ecp5.sh \
    scripts/requirements.txt
	@$(DEPS) fpga venv
	@set -- $$(echo $* | sed 's/^d//; s/_f/ /; s/_p/ /; s/g/ /; s/k/ /'); \
	t0=$$(date +%s); \
	FPGA_V="$(ULX3S_V)" sh synth/fpga_ecp5.sh $$1 $$2 $(ULX3S_LPF) $(@D) $$3 $$4 $$5; \
	echo "fpga ulx3s: $* took $$(( $$(date +%s) - t0 )) s"

# ---- HX8K variants: name = <variant>_d<DEPTH> (synth/fpga.sh TOP qpac_fpga_top, KEY_PIPE,
# and for q5 the QARMA5-only cut: a measurement, not a board image)
# (the runs synth/README.md's HX8K table shows; r1: the side band in block RAM)
FPGA_HX8K_VARIANTS ?= q5_d6 q5p1g1_d6 q5p1g1_d12 q5p1g1r1_d12 q5p1g1r1s1_d12 p1g1r1_d12
$(SYNTH_DIR)/fpga-hx8k/%/result.json: $(RTL_SYNTH_V) $(FPGA_V) $(FPGA_PCF) synth/fpga.sh
	@$(DEPS) fpga
	@set -- $$(echo $* | sed 's/_d/ /'); \
	t0=$$(date +%s); \
	FPGA_V="$(FPGA_V)" nice sh synth/fpga.sh $$2 $(FPGA_FREQ) $(FPGA_PCF) $(@D) qpac_fpga_top "" "" $$1; \
	echo "fpga hx8k: $* took $$(( $$(date +%s) - t0 )) s"

.PHONY: fpga fpga-sweep fpga-table fpga-docs fpga-paths fpga-prog lint-fpga test-fpga-ulx3s
fpga-table:
	@$(FPGA_RESULTS_PY) table $(SYNTH_DIR)
# each board's rows of that table into synth/README.md (between its fpga-<board> markers)
fpga-docs:
	@$(FPGA_RESULTS_PY) docs $(SYNTH_DIR) synth/README.md
ifeq ($(BOARD),ulx3s)
fpga: $(ULX3S_RUN)/result.json
	@rm -f $(ULX3S_BIT); if $(FPGA_RESULTS_PY) met ulx3s $<; then \
	  cp $(ULX3S_RUN)/qpac_ulx3s_top.bit $(ULX3S_BIT); \
	  echo "board image (DEPTH $(FPGA_DEPTH), PLL $(ULX3S_MHZ) MHz): $(ULX3S_BIT)"; \
	else echo "no board image: the bitstream $(ULX3S_RUN)/qpac_ulx3s_top.bit does not meet its clock"; fi
	@$(FPGA_RESULTS_PY) table $(SYNTH_DIR) >/dev/null
	@$(FPGA_RESULTS_PY) summary ulx3s $<
else ifeq ($(BOARD),hx8k)
fpga: $(SYNTH_DIR)/fpga/d$(FPGA_DEPTH)/result.json
	@rm -f $(FPGA_BIN); if $(FPGA_RESULTS_PY) met hx8k $<; then \
	  cp $(SYNTH_DIR)/fpga/d$(FPGA_DEPTH)/qpac_fpga_top.bin $(FPGA_BIN); \
	  echo "board image (DEPTH $(FPGA_DEPTH)): $(FPGA_BIN)"; \
	else echo "no board image: DEPTH $(FPGA_DEPTH) does not fit or does not meet 12 MHz"; fi
	@$(FPGA_RESULTS_PY) table $(SYNTH_DIR) >/dev/null
	@$(FPGA_RESULTS_PY) summary hx8k $<
else
fpga:
	@echo "fpga: unknown BOARD '$(BOARD)' (hx8k or ulx3s)" >&2; exit 2
endif

# one PnR at a time (make -j1): the machine is shared
fpga-sweep:
	@for r in $(FPGA_RESULTS) \
	  $(patsubst %,$(SYNTH_DIR)/fpga-hx8k/%/result.json,$(FPGA_HX8K_VARIANTS)) \
	  $(foreach d,$(ULX3S_DEPTHS),$(call ulx3s_run,$(d),$(if $(filter 13 14 15 16 17 18 19 20 21 22 23 24,$(d)),200,150))/result.json); do \
	  $(MAKE) --no-print-directory -j1 $$r; done
	@$(FPGA_RESULTS_PY) table $(SYNTH_DIR)
	@cat $(SYNTH_DIR)/fpga-results.md

# ---- the deepest paths of the ULX3S run's synthesized netlist in LUT levels
# (synth/fpga_paths.py: seconds, against PnR's hour); the netlist is written
# by the run's synthesis, before its PnR starts
FPGA_PATHS_N ?= 20
fpga-paths:
	@f=$(ULX3S_RUN)/qpac_ulx3s_top.json; if [ ! -f $$f ]; then \
	  echo "fpga-paths: no netlist $$f: run make fpga BOARD=ulx3s FPGA_DEPTH=$(FPGA_DEPTH) first" >&2; exit 1; fi; \
	$(SYNTH_PY) synth/fpga_paths.py $$f $(FPGA_PATHS_N)

# ---- programming: openFPGALoader; no board (or no image) is an error
FPGA_PROG_BOARD_ulx3s := ulx3s
FPGA_PROG_IMAGE_ulx3s := $(ULX3S_BIT)
FPGA_PROG_BOARD_hx8k  := ice40_generic
FPGA_PROG_IMAGE_hx8k  := $(FPGA_BIN)
fpga-prog:
	@$(DEPS) fpga
	@img=$(FPGA_PROG_IMAGE_$(BOARD)); b=$(FPGA_PROG_BOARD_$(BOARD)); \
	if [ -z "$$b" ]; then echo "fpga-prog: unknown BOARD '$(BOARD)' (hx8k or ulx3s)" >&2; exit 2; fi; \
	if [ ! -f "$$img" ]; then echo "fpga-prog: no image $$img: run make fpga BOARD=$(BOARD) first" >&2; exit 1; fi; \
	if ! openFPGALoader -b $$b --detect >$(BUILD)/fpga-prog-detect.log 2>&1; then \
	  echo "fpga-prog: no $(BOARD) board found (openFPGALoader -b $$b --detect failed:" \
	    "$$(grep -v '^$$' $(BUILD)/fpga-prog-detect.log | tail -1))" >&2; exit 1; fi; \
	openFPGALoader -b $$b $$img

# the vendor primitives' simulation models
ECP5_SIM_V  := rtl/fpga/sim/ecp5_sim.v rtl/fpga/sim/qpac_sim_pll.v
ICE40_SIM_V := rtl/fpga/sim/ice40_sim.v rtl/fpga/sim/qpac_sim_pll.v

# ---- lint of the board tops (waivers in rtl/fpga/fpga.vlt, rtl/fpga/sim/*.vlt)
lint-fpga:
	@$(DEPS) rtl
	@verilator --lint-only -Wall -Irtl $(wildcard rtl/*.vlt) rtl/fpga/fpga.vlt --top-module qpac_fpga_top \
	  $(FPGA_V) $(wildcard rtl/*.v)
	@verilator --lint-only -Wall -Irtl $(wildcard rtl/*.vlt) rtl/fpga/fpga.vlt --top-module qpac_fpga_top \
	  -GDEPTH=12 -GQARMA3=0 -GPTR_PIPE=1 -GGLOBAL_STALL=1 -GSIDE_RAM=1 $(FPGA_V) $(wildcard rtl/*.v)
	@for d in 1 12 24; do verilator --lint-only -Wall -Irtl $(wildcard rtl/*.vlt) rtl/fpga/fpga.vlt \
	  rtl/fpga/sim/ecp5_sim.vlt --top-module qpac_ulx3s_top -GDEPTH=$$d $(ECP5_SIM_V) \
	  $(ULX3S_V) $(wildcard rtl/*.v); done
	@verilator --lint-only -Wall -Irtl $(wildcard rtl/*.vlt) rtl/fpga/fpga.vlt rtl/fpga/sim/ecp5_sim.vlt \
	  --top-module qpac_ulx3s_top +define+ECP5_SIM_CLKOP_HALF=3 $(ECP5_SIM_V) \
	  $(ULX3S_V) $(wildcard rtl/*.v)
	@verilator --lint-only -Wall -Irtl $(wildcard rtl/*.vlt) rtl/fpga/fpga.vlt rtl/fpga/sim/ice40_sim.vlt \
	  --top-module qpac_fpga_top -GDEPTH=12 -GQARMA3=0 -GPTR_PIPE=1 -GGLOBAL_STALL=1 -GSIDE_RAM=1 -GPLL=1 \
	  +define+ICE40_SIM_PLLOUT_HALF=3 $(ICE40_SIM_V) $(FPGA_V) $(wildcard rtl/*.v)
	@mkdir -p $(SYNTH_DIR)/lint-fpga; sed 's/^endmodule/    wire lint_probe_w;\nendmodule/' \
	  rtl/fpga/qpac_apb_slice.v >$(SYNTH_DIR)/lint-fpga/qpac_apb_slice.v; \
	if verilator --lint-only -Wall $(SYNTH_DIR)/lint-fpga/qpac_apb_slice.v >/dev/null 2>&1; then \
	  echo "FAIL lint-fpga: an unused wire in qpac_apb_slice passed the lint"; exit 1; fi
	@echo "lint-fpga: verilator -Wall clean: qpac_fpga_top (and at q5p1g1r1 DEPTH 12, with and without the PLL), qpac_ulx3s_top at DEPTH 1 12 24 (and with the unit on a divided clock) (and rejects an unused wire)"
lint: lint-fpga

# ---- the ULX3S top in simulation: EHXPLLL by its behavioural model
# (rtl/fpga/sim/ecp5_sim.v), the UART at UART_SIM_CPB clocks a bit, the same
# unit parameters as the board build; the host is `qpac fpga` over a pty. The
# unit's clock is the oscillator's / (2 * ULX3S_SIM_CLKOP_HALF) (0: the
# oscillator itself), so the requests and answers cross between two clocks.
ULX3S_SIM_DEPTH ?= 12
ULX3S_SIM_CLKOP_HALF ?= 3
ULX3S_SIM_DIR   := $(SYNTH_DIR)/uart_sim/ulx3s_d$(ULX3S_SIM_DEPTH)_p$(ULX3S_PTR_PIPE)g$(ULX3S_GLOBAL_STALL)k$(ULX3S_KEY_PIPE)_cpb$(UART_SIM_CPB)_h$(ULX3S_SIM_CLKOP_HALF)
ULX3S_SIM_BIN   := $(ULX3S_SIM_DIR)/uart_pty_tb
$(ULX3S_SIM_BIN): $(RTL_SYNTH_V) $(ULX3S_V) $(ECP5_SIM_V) rtl/fpga/sim/ecp5_sim.vlt \
    rtl/fpga/fpga.vlt tests/fpga/uart_pty_tb.cpp
	@$(DEPS) rtl
	@mkdir -p $(ULX3S_SIM_DIR)
	verilator --cc --exe --build -j 2 -O2 -Irtl --Mdir $(ULX3S_SIM_DIR)/obj \
	  --top-module qpac_ulx3s_top -GCLKS_PER_BIT=$(UART_SIM_CPB) -GDEPTH=$(ULX3S_SIM_DEPTH) \
	  -GPTR_PIPE=$(ULX3S_PTR_PIPE) -GGLOBAL_STALL=$(ULX3S_GLOBAL_STALL) -GKEY_PIPE=$(ULX3S_KEY_PIPE) \
	  +define+ECP5_SIM_CLKOP_HALF=$(ULX3S_SIM_CLKOP_HALF) -CFLAGS "-DTB_CLKS_PER_BIT=$(UART_SIM_CPB) -DTB_TOP=Vqpac_ulx3s_top -DTB_TOP_H='\"Vqpac_ulx3s_top.h\"' -Wall -Wextra" \
	  rtl/fpga/fpga.vlt rtl/fpga/sim/ecp5_sim.vlt $(wildcard rtl/*.vlt) $(ECP5_SIM_V) \
	  $(ULX3S_V) $(wildcard rtl/*.v) \
	  $(abspath tests/fpga/uart_pty_tb.cpp) -o uart_pty_tb >$(ULX3S_SIM_DIR)/build.log 2>&1 \
	  || { tail -20 $(ULX3S_SIM_DIR)/build.log; exit 1; }
	cp $(ULX3S_SIM_DIR)/obj/uart_pty_tb $@

# must pass: the QEMU capture, the silicon capture and the generated
# stream; must fail: one expected value changed; must refuse compat=qemu
test-fpga-ulx3s: $(ULX3S_SIM_BIN) $(QPAC_BIN) $(UART_SIM_DIR)/gen_hw.pvs
	@sh tests/fpga/run_uart.sh $(ULX3S_SIM_BIN) $(QPAC_BIN) $(ULX3S_SIM_DIR)/run.$$$$ \
	  $(VECTORS_DIR)/qemu-smoke.pvs $(VECTORS_DIR)/silicon-graviton3.pvs $(UART_SIM_DIR)/gen_hw.pvs
TEST_TARGETS += lint-fpga test-fpga-ulx3s

# ---- qpac_apb_cdc (the ULX3S's UART-to-unit crossing) between free-running
# clocks in Icarus (tests/fpga/tb_apb_cdc.v): the ULX3S ratio (25 and 150 MHz),
# nearly equal clocks drifting through every phase, a master faster than the
# slave; each at two seeds. Two mutants must each fail at one of the clock
# pairs at least: a master that ends the transfer without the slave's answer,
# a slave that keeps PRDATA from the first clock of the access (so a wait
# state returns a stale word).
FPGA_CDC_V     ?= rtl/fpga/qpac_apb_cdc.v
FPGA_CDC_DIR   := $(SYNTH_DIR)/fpga-cdc
FPGA_CDC_RUNS  := 20000:3333 20000:19700 3100:20000
FPGA_CDC_MUT1  := s/end else if (ack_sync_q\[1\] == req_q) begin/end else begin/
FPGA_CDC_MUT2  := s/ rsp_rdata_q <= s_prdata_i;/ if (!s_penable_o) rsp_rdata_q <= s_prdata_i;/
.PHONY: test-fpga-cdc
test-fpga-cdc: $(FPGA_CDC_V) tests/fpga/tb_apb_cdc.v
	@$(DEPS) rtl
	@set -e; D=$(FPGA_CDC_DIR); rm -rf $$D; mkdir -p $$D; \
	run() { vvp -n $$1 +m_half=$${2%%:*} +s_half=$${2##*:} +n=3000 +seed=$$3 >$$D/run.log 2>&1 \
	  && grep -q ' passed' $$D/run.log; }; \
	$(IVERILOG) -g2005 -Wall -o $$D/tb.vvp -s tb_apb_cdc tests/fpga/tb_apb_cdc.v $(FPGA_CDC_V); \
	for r in $(FPGA_CDC_RUNS); do for seed in 1 2; do \
	  if run $$D/tb.vvp $$r $$seed; then grep ' passed' $$D/run.log; \
	  else cat $$D/run.log; echo "FAIL test-fpga-cdc: clocks $$r seed $$seed"; exit 1; fi; done; done; \
	for m in 1 2; do \
	  if [ $$m = 1 ]; then e='$(FPGA_CDC_MUT1)'; else e='$(FPGA_CDC_MUT2)'; fi; \
	  sed "$$e" $(FPGA_CDC_V) >$$D/mut$$m.v; \
	  if cmp -s $(FPGA_CDC_V) $$D/mut$$m.v; then echo "FAIL test-fpga-cdc: mutant $$m no longer applies"; exit 1; fi; \
	  $(IVERILOG) -g2005 -Wall -o $$D/mut$$m.vvp -s tb_apb_cdc tests/fpga/tb_apb_cdc.v $$D/mut$$m.v; \
	  caught=; for r in $(FPGA_CDC_RUNS); do \
	    if ! run $$D/mut$$m.vvp $$r 1 && grep -q 'tb_apb_cdc: ERROR' $$D/run.log; then \
	      caught="clocks $$r: $$(grep -m1 -o 'tb_apb_cdc: ERROR.*' $$D/run.log)"; break; fi; done; \
	  if [ -z "$$caught" ]; then echo "FAIL test-fpga-cdc: mutant $$m ($$e) was not caught"; exit 1; fi; \
	  echo "test-fpga-cdc: mutant $$m caught: $$caught"; done; \
	echo "test-fpga-cdc: passed"
TEST_TARGETS += test-fpga-cdc

# ---- the HX8K board top at the setting that fits at DEPTH 12 (variant q5p1g1r1:
# QARMA5 only, PTR_PIPE, GLOBAL_STALL, the side band in block RAM), Verilated
# and driven by `qpac fpga` over a pty like test-fpga-uart (synth/synth.mk, which
# runs the image's own setting); the QEMU capture only (QARMA5)
HX8K_R1_SIM_DIR := $(SYNTH_DIR)/uart_sim/q5p1g1r1_d12_cpb$(UART_SIM_CPB)
HX8K_R1_SIM_BIN := $(HX8K_R1_SIM_DIR)/uart_pty_tb
$(HX8K_R1_SIM_BIN): $(RTL_SYNTH_V) $(FPGA_V) rtl/fpga/fpga.vlt tests/fpga/uart_pty_tb.cpp
	@$(DEPS) rtl
	@mkdir -p $(HX8K_R1_SIM_DIR)
	verilator --cc --exe --build -j 2 -O2 -Irtl --Mdir $(HX8K_R1_SIM_DIR)/obj \
	  --top-module qpac_fpga_top -GCLKS_PER_BIT=$(UART_SIM_CPB) -GDEPTH=12 -GQARMA3=0 -GPTR_PIPE=1 \
	  -GGLOBAL_STALL=1 -GSIDE_RAM=1 -CFLAGS "-DTB_CLKS_PER_BIT=$(UART_SIM_CPB) -Wall -Wextra" \
	  rtl/fpga/fpga.vlt $(wildcard rtl/*.vlt) $(FPGA_V) $(wildcard rtl/*.v) \
	  $(abspath tests/fpga/uart_pty_tb.cpp) -o uart_pty_tb >$(HX8K_R1_SIM_DIR)/build.log 2>&1 \
	  || { tail -20 $(HX8K_R1_SIM_DIR)/build.log; exit 1; }
	cp $(HX8K_R1_SIM_DIR)/obj/uart_pty_tb $@
.PHONY: test-fpga-hx8k-r1
test-fpga-hx8k-r1: $(HX8K_R1_SIM_BIN) $(QPAC_BIN)
	@sh tests/fpga/run_uart.sh $(HX8K_R1_SIM_BIN) $(QPAC_BIN) $(HX8K_R1_SIM_DIR)/run.$$$$ \
	  $(VECTORS_DIR)/qemu-smoke.pvs
TEST_TARGETS += test-fpga-hx8k-r1

HELP_LINES += "fpga         one board build, BOARD=hx8k|ulx3s FPGA_DEPTH=n: Max frequency lines + 'fpga: board=...' summary" \
              "fpga-sweep   every HX8K and ULX3S run (one at a time) and the table build/synth/fpga-results.md" \
              "fpga-docs    each board's rows of build/synth/fpga-results.md into synth/README.md" \
              "fpga-paths   the deepest LUT-level paths of the ULX3S run's netlist (BOARD=ulx3s FPGA_DEPTH=n), before PnR" \
              "fpga-prog    program BOARD's image with openFPGALoader (fails when no board is attached)" \
              "test-fpga-ulx3s  the Verilated ULX3S top (PLL model) driven by qpac fpga over a pty" \
              "test-fpga-cdc  qpac_apb_cdc between free-running clocks (Icarus), and two mutants it must catch" \
              "test-fpga-hx8k-r1  the Verilated HX8K top at q5p1g1r1 DEPTH 12 driven by qpac fpga over a pty"

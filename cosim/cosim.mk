# cosim/cosim.mk - Verilator cosimulation of qpac_unit against libqpac, and the
# SystemC/TLM-2.0 model of the register wrapper (cosim/sc/).
#   make cosim [DEPTH=n] [PTR_PIPE=1] [GLOBAL_STALL=1] [SIDE_RAM=1] [COUNT=n] [SEED=n] [SHARD=i/N] [TRACE=1] [VECTORS=f.pvs] [WRITES=n]
#   make cosim-sc        make test-cosim        make bench-cosim
# Builds go to $(BUILD)/cosim/<kind>-d<DEPTH>/ (kind: check, fast, trace;
# -p1 with PTR_PIPE=1, -g1 with GLOBAL_STALL=1, -r1 with SIDE_RAM=1, e.g.
# check-d24-p1-g1/, check-d12-p1-g1-r1/); the
# Verilator-free part of the harness is built once into $(BUILD)/cosim/lib.

COSIM_B      := $(BUILD)/cosim
VERILATOR    ?= verilator
CXX          ?= g++
COSIM_CXXFLAGS := -std=c++17 -O2 -g -Wall -Wextra -Werror -Icmodel/include -Icosim
COSIM_J      ?= -j2
COSIM_CHECK_OPT ?= -O1
# extra compile and link flags of the Verilated builds (make test-sanitize:
# -fsanitize=address,undefined)
COSIM_SAN_FLAGS ?=

DEPTH   ?= 12
PTR_PIPE ?= 0
GLOBAL_STALL ?= 0
# 1: the side band in a RAM delay line (needs GLOBAL_STALL=1, which it implies)
SIDE_RAM ?= 0
# the unit's legal settings (rtl/README.md); make refuses anything else before
# building, so that no build of an illegal unit and no temp dir is ever made
COSIM_ALL_DEPTHS := 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24
cosim_bad = $(if $(or $(filter-out 1,$(words $(2))),$(filter-out $(3),$(2))),$(1)='$(2)': must be one of $(3).)
COSIM_PARAM_ERR = $(strip $(call cosim_bad,DEPTH,$(DEPTH),$(COSIM_ALL_DEPTHS))\
  $(call cosim_bad,PTR_PIPE,$(PTR_PIPE),0 1) $(call cosim_bad,GLOBAL_STALL,$(GLOBAL_STALL),0 1)\
  $(call cosim_bad,SIDE_RAM,$(SIDE_RAM),0 1)\
  $(if $(and $(filter 1,$(SIDE_RAM)),$(filter 0,$(GLOBAL_STALL)),$(filter command line environment override,$(origin GLOBAL_STALL))),SIDE_RAM=1 needs GLOBAL_STALL=1.))
COSIM_GOALS := cosim cosim-build bench-cosim cosim-sc test-cosim-sc
ifneq ($(filter $(COSIM_GOALS),$(MAKECMDGOALS)),)
ifneq ($(COSIM_PARAM_ERR),)
$(error $(COSIM_PARAM_ERR))
endif
endif
COUNT   ?= $(if $(TRACE),10000,1000000)
SEED    ?=
SHARD   ?=
VECTORS ?=
TRACE   ?=
# Verilated models run in parallel threads over the random stream's blocks
JOBS    ?= 2
# random stream: one key/cfg write in about WRITES items (empty: the harness
# default, 128; 0: the generator's default mix, about 6 writes in 100 items)
WRITES  ?=
# check: -Wall --assert --x-assign unique --x-initial unique, -O1 (the default,
# also what make test builds); fast: -O3, --x-assign/--x-initial fast
# (COSIM_KIND=fast; on today's RTL no faster than check, see cosim/README.md);
# trace: check plus --trace-fst (TRACE=1)
COSIM_KIND ?= $(if $(TRACE),trace,check)

# the unit's sources (not rtl/fpga), its waivers and the harness waivers
COSIM_RTL := $(filter-out $(RTL_BUS_V),$(wildcard rtl/*.v))
COSIM_RTL_DEPS := $(wildcard rtl/*.v rtl/*.vh rtl/*.vlt cosim/*.vlt)
COSIM_VLT := $(wildcard rtl/*.vlt cosim/*.vlt)

COSIM_LIB_SRC := cosim/cosim.cpp cosim/sources.cpp cosim/coverage.cpp
COSIM_LIB_OBJ := $(patsubst cosim/%.cpp,$(COSIM_B)/lib/%.o,$(COSIM_LIB_SRC))
COSIM_LIB     := $(COSIM_B)/lib/libcosim.a
COSIM_HDR     := $(wildcard cosim/*.h) $(QPAC_HDR)

$(COSIM_B)/lib/%.o: cosim/%.cpp $(COSIM_HDR)
	@mkdir -p $(dir $@)
	$(CXX) $(COSIM_CXXFLAGS) -c $< -o $@.tmp$$$$ && mv $@.tmp$$$$ $@
$(COSIM_LIB): $(COSIM_LIB_OBJ)
	ar rcs $@.tmp$$$$ $^ && mv $@.tmp$$$$ $@

# $(call cosim_verilate,KIND-FLAGS,OPT,KIND,DEPTH,DIR[,RTL-DIR]). RTL-DIR: the
# unit's sources from another directory (the mutants of tests/neg/neg.mk).
# Each build is made in
# a private directory and moved into place when complete, so that two `make`
# runs in one tree (several engineers) never mix their objects. The Verilator
# runtime objects (verilated*.o) are the same for every DEPTH of one kind: the
# first build of a kind keeps them in $(COSIM_B)/rt-KIND for later builds.
# A build stem DEPTH[-p1][-g1][-r1] names the unit's parameters (PTR_PIPE=1,
# GLOBAL_STALL=1, SIDE_RAM=1).
cosim_depth = $(word 1,$(subst -, ,$(1)))
cosim_pp    = $(if $(filter p1,$(subst -, ,$(1))),1,0)
cosim_gs    = $(if $(filter g1,$(subst -, ,$(1))),1,0)
cosim_sr    = $(if $(filter r1,$(subst -, ,$(1))),1,0)
cosim_stem_bad = $(strip $(call cosim_bad,DEPTH,$(call cosim_depth,$(1)),$(COSIM_ALL_DEPTHS)) \
  $(if $(filter-out p1 g1 r1,$(wordlist 2,9,$(subst -, ,$(1)))),unknown part in the stem))
define cosim_verilate
	$(if $(call cosim_stem_bad,$(4)),@echo "cosim: build stem '$(4)': $(call cosim_stem_bad,$(4))" >&2; exit 2)
	@$(DEPS) base rtl
	+@set -e; t=$(5).tmp$$$$; rm -rf $$t; mkdir -p $$t $(COSIM_B)/rt-$(3); \
	echo "verilator $(3) DEPTH=$(call cosim_depth,$(4)) PTR_PIPE=$(call cosim_pp,$(4)) GLOBAL_STALL=$(call cosim_gs,$(4)) SIDE_RAM=$(call cosim_sr,$(4)) -> $(5)"; \
	$(VERILATOR) --cc --exe -Wall --assert $(1) --top-module qpac_unit \
	  -GDEPTH=$(call cosim_depth,$(4)) -GPTR_PIPE=$(call cosim_pp,$(4)) -GGLOBAL_STALL=$(call cosim_gs,$(4)) \
	  -GSIDE_RAM=$(call cosim_sr,$(4)) -I$(or $(6),rtl) $(COSIM_VLT) \
	  $(if $(6),$$(ls $(6)/*.v | grep -v '/qpac_apb\.v$$'),$(COSIM_RTL)) $(abspath cosim/dut_unit.cpp) \
	  $(abspath $(COSIM_LIB)) $(abspath $(LIBQPAC_A)) -Mdir $$t -o cosim \
	  -CFLAGS "-std=c++17 -Wall -Wextra -Werror -I$(abspath cosim) -I$(abspath cmodel/include) -DCOSIM_DEPTH=$(call cosim_depth,$(4)) -DCOSIM_PTR_PIPE=$(call cosim_pp,$(4)) -DCOSIM_GLOBAL_STALL=$(call cosim_gs,$(4)) -DCOSIM_FLAVOUR='\"$(3)$(if $(filter 1,$(call cosim_sr,$(4))), SIDE_RAM=1)\"' $(COSIM_SAN_FLAGS)" \
	  $(if $(COSIM_SAN_FLAGS),-LDFLAGS "$(COSIM_SAN_FLAGS)"); \
	for o in $(COSIM_B)/rt-$(3)/*.o; do if [ -f "$$o" ]; then cp "$$o" $$t/; fi; done; \
	$(MAKE) --no-print-directory -C $$t -f Vqpac_unit.mk $(COSIM_J) \
	  OPT_FAST="$(2)" OPT_SLOW="-O0" OPT_GLOBAL="-O1" >$$t/build.log 2>&1 \
	  || { tail -30 $$t/build.log; exit 1; }; \
	for o in $$t/verilated*.o; do r=$(COSIM_B)/rt-$(3)/$$(basename $$o); \
	  [ -f $$r ] || { cp -p $$o $$r.$$$$ && mv $$r.$$$$ $$r; }; done; \
	rm -rf $(5); mv $$t $(5)
endef

$(COSIM_B)/check-d%/cosim: $(COSIM_RTL_DEPS) cosim/dut_unit.cpp cosim/harness.h $(COSIM_LIB) $(LIBQPAC_A)
	$(call cosim_verilate,--x-assign unique --x-initial unique,$(COSIM_CHECK_OPT),check,$*,$(COSIM_B)/check-d$*)
$(COSIM_B)/fast-d%/cosim: $(COSIM_RTL_DEPS) cosim/dut_unit.cpp cosim/harness.h $(COSIM_LIB) $(LIBQPAC_A)
	$(call cosim_verilate,--x-assign fast --x-initial fast,-O3,fast,$*,$(COSIM_B)/fast-d$*)
# trace: one clock = TRACE_PERIOD_PS of waveform time (1 ps units; 10 ns by default)
TRACE_PERIOD_PS ?= 10000
$(COSIM_B)/trace-d%/cosim: $(COSIM_RTL_DEPS) cosim/dut_unit.cpp cosim/harness.h $(COSIM_LIB) $(LIBQPAC_A)
	$(call cosim_verilate,--x-assign unique --x-initial unique --trace-fst --trace-structs -CFLAGS -DCOSIM_PERIOD_PS=$(TRACE_PERIOD_PS),-O1,trace,$*,$(COSIM_B)/trace-d$*)

cosim_stem = $(DEPTH)$(if $(filter-out 0,$(PTR_PIPE)),-p$(PTR_PIPE))$(if $(filter-out 0,$(1)),-g$(1))$(if $(filter 1,$(SIDE_RAM)),-r1)
COSIM_STEM = $(call cosim_stem,$(GLOBAL_STALL))
COSIM_EXE = $(COSIM_B)/$(COSIM_KIND)-d$(COSIM_STEM)/cosim
# `make cosim` without GLOBAL_STALL= runs the unit both ways (ready chain and
# one stall signal: a bug of either must not pass the default run); with
# GLOBAL_STALL=n or TRACE=1, that one build only; SIDE_RAM=1: GLOBAL_STALL=1 only
COSIM_GS_RUNS = $(if $(filter 1,$(SIDE_RAM)),1,$(if $(or $(TRACE),$(filter command line environment override,$(origin GLOBAL_STALL))),$(GLOBAL_STALL),0 1))
COSIM_EXES = $(foreach g,$(COSIM_GS_RUNS),$(COSIM_B)/$(COSIM_KIND)-d$(call cosim_stem,$(g))/cosim)
COSIM_RUN_ARGS = $(if $(VECTORS),+vectors=$(VECTORS),+known=$(VECTORS_DIR) +count=$(COUNT)) \
  +threads=$(JOBS) $(if $(WRITES),+writes=$(WRITES)) \
  $(if $(SEED),+seed=$(SEED)) $(if $(SHARD),+shard=$(SHARD)) \
  $(if $(TRACE),+trace=$(COSIM_B)/qpac_unit-d$(DEPTH).fst)

.PHONY: cosim cosim-build test-cosim bench-cosim cosim-sc test-cosim-sc test-trace-markers
cosim-build: $(COSIM_EXE)
cosim: $(COSIM_EXES)
	@for x in $(COSIM_EXES); do $$x $(COSIM_RUN_ARGS); done
	@if [ -n "$(TRACE)" ]; then w=$(COSIM_B)/qpac_unit-d$(DEPTH); \
	  $(PYTHON) cosim/gtkw_phases.py cosim/qpac.gtkw $$w.fst.phases $$w.gtkw; \
	  echo "waveform: $$w.fst, one clock = $(TRACE_PERIOD_PS) ps, phases as markers A.. (gtkwave $$w.fst $$w.gtkw)"; fi

HELP_LINES += "cosim        Verilator cosimulation against libqpac (DEPTH= PTR_PIPE=1 GLOBAL_STALL=1 COUNT= SEED= SHARD=i/N TRACE=1 VECTORS=f.pvs WRITES=n)" \
              "test-cosim   short cosim of every pipeline setting, reset randomisation, replay checks" \
              "bench-cosim  checked operations per second of the default cosim"

# make test: the check build of the settings that differ in kind (see
# cosim/README.md): 0 = no register (combinational handshake), 1 = one
# register after eleven pass-through layers, 7 = alternating and adjacent
# registers, 12 = a register after every layer (the default); 24-p1-g1 = two
# stages per round with the pointer stages registered (PTR_PIPE=1) and one
# stall signal for the whole pipeline (GLOBAL_STALL=1); 12-p1-g1-r1 = the side
# band in a RAM delay line (SIDE_RAM=1), which must give the same digest.
COSIM_TEST_DEPTHS ?= 0 1 7 24-p1-g1 12-p1-g1-r1 12
# The builds run two at a time (COSIM_J= so the Verilator makes share the
# jobserver of this -j2), then the runs.
COSIM_TEST_EXES = $(foreach d,$(COSIM_TEST_DEPTHS),$(COSIM_B)/check-d$(d)/cosim)
test-cosim:
	@$(MAKE) --no-print-directory -j2 COSIM_J= $(COSIM_TEST_EXES) $(QPAC_BIN)
	@sh cosim/test-cosim.sh $(COSIM_B) $(VECTORS_DIR) $(QPAC_BIN) $(COSIM_TEST_DEPTHS)
TEST_TARGETS += test-cosim
# every DEPTH 0..24 (25 builds; tens of minutes, not part of make test)
test-cosim-all:
	@$(MAKE) --no-print-directory test-cosim COSIM_TEST_DEPTHS="$(COSIM_ALL_DEPTHS)"

# the build make cosim runs (COSIM_KIND), seed 1, the random stream only
bench-cosim: $(COSIM_EXE)
	@$(COSIM_EXE) +count=$(COUNT) +seed=1 +threads=$(JOBS) $(if $(WRITES),+writes=$(WRITES)) +progress=0 | grep -E '^(cosim|random|checked|[0-9]+ passed)'
BENCH_TARGETS += bench-cosim

# the phase markers of a TRACE=1 waveform (cosim/gtkw_phases.py) on a made-up
# phases file: markers at the phase times, zoom scaled to the period; a
# malformed phases file must be refused
test-trace-markers:
	@d=$(COSIM_B)/markers; mkdir -p $$d; \
	printf 'period_ps 10000\n0 reset\n35000 reset state\n280000 random\n' > $$d/ok.phases; \
	$(PYTHON) cosim/gtkw_phases.py cosim/qpac.gtkw $$d/ok.phases $$d/ok.gtkw; \
	grep -q '^\*-16.287712 0 0 35000 280000 -1' $$d/ok.gtkw && grep -q 'marker C at 280 ns: random' $$d/ok.gtkw \
	  || { echo "test-trace-markers: wrong marker line or legend"; grep '^\*' $$d/ok.gtkw; exit 1; }; \
	printf 'period_ps 10000\nreset 0\n' > $$d/bad.phases; \
	if $(PYTHON) cosim/gtkw_phases.py cosim/qpac.gtkw $$d/bad.phases $$d/bad.gtkw 2>/dev/null; then \
	  echo "test-trace-markers: NOT caught: a malformed phases file"; exit 1; fi; \
	echo "test-trace-markers: GTKWave markers at the phase times (10 ns clock); a malformed phases file is refused"
TEST_TARGETS += test-trace-markers

# ---- SystemC: TLM-2.0 model and the Verilated register wrapper ---------------
COSIM_SC_SRC := cosim/sc/sc_main.cpp cosim/sc/qpac_tlm.cpp
COSIM_SC_COUNT ?= 2000
$(COSIM_B)/sc-d%/cosim-sc: $(COSIM_RTL_DEPS) $(COSIM_SC_SRC) $(wildcard cosim/sc/*.h) $(LIBQPAC_A)
	$(if $(call cosim_stem_bad,$*),@echo "cosim-sc: build stem '$*': $(call cosim_stem_bad,$*)" >&2; exit 2)
	@$(DEPS) base rtl sc
	+@set -e; d=$(COSIM_B)/sc-d$*; t=$$d.tmp$$$$; rm -rf $$t; mkdir -p $$t; \
	echo "verilator --sc qpac_apb DEPTH=$* -> $$d"; \
	$(VERILATOR) --sc --exe -Wall --assert --x-assign unique --x-initial unique \
	  --top-module qpac_apb -GDEPTH=$* -Irtl $(COSIM_VLT) $(wildcard rtl/*.v) \
	  $(abspath $(COSIM_SC_SRC)) $(abspath $(LIBQPAC_A)) -Mdir $$t -o cosim-sc \
	  -CFLAGS "-std=c++17 -Wall -Wextra -Werror -I$(abspath cosim/sc) -I$(abspath cmodel/include) -DCOSIM_DEPTH=$*"; \
	$(MAKE) --no-print-directory -C $$t -f Vqpac_apb.mk $(COSIM_J) \
	  OPT_FAST="-O1" OPT_SLOW="-O0" OPT_GLOBAL="-O1" >$$t/build.log 2>&1 \
	  || { tail -30 $$t/build.log; exit 1; }; \
	rm -rf $$d; mv $$t $$d

cosim-sc: $(COSIM_B)/sc-d$(DEPTH)/cosim-sc
	@SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 $< +count=$(COSIM_SC_COUNT) $(if $(SEED),+seed=$(SEED)) \
	  $(foreach f,$(wildcard $(VECTORS_DIR)/*.pvs),+vectors=$(f))
# negative test: a copy of the QEMU capture with one expected bit flipped must fail
test-cosim-sc: $(COSIM_B)/sc-d$(DEPTH)/cosim-sc
	@$(MAKE) --no-print-directory cosim-sc COSIM_SC_COUNT=300
	@$(PYTHON) tests/neg/corrupt.py flip '^pac' $(VECTORS_DIR)/qemu-smoke.pvs $(COSIM_B)/sc-bad.pvs; \
	if SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 $< +count=10 +vectors=$(COSIM_B)/sc-bad.pvs >$(COSIM_B)/sc-neg.log 2>&1; then \
	  echo "test-cosim-sc: NOT caught: a corrupted expected value passed"; exit 1; fi; \
	grep -q 'the script expects' $(COSIM_B)/sc-neg.log || { echo "test-cosim-sc: the corrupted script failed for another reason"; tail -5 $(COSIM_B)/sc-neg.log; exit 1; }; \
	echo "test-cosim-sc: caught: a corrupted expected value ($(COSIM_B)/sc-bad.pvs)"
TEST_TARGETS += test-cosim-sc
HELP_LINES += "cosim-sc     SystemC: TLM-2.0 model and Verilated qpac_apb driven by one initiator, compared"

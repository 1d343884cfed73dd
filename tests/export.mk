# tests/export.mk - `qpac export` round trips (make test-export, in make test
# after the RTL and cosim suites) and the long runs behind their own targets.
#   make test-export        every format for a small set, read back: qpac check,
#                           CSV/JSONL/Wycheproof against the .pvs, readmemh bench
#                           on Icarus and Verilator, STIL check and replay
#   make test-export-full   the coverage set through the RTL on Icarus (readmemh
#                           and STIL, DEPTH 12; a few minutes)
#   make bench-export       export rate of every format, 1e6 vectors (csv, pvs, ...)

EXPORT_B      := $(BUILD)/export
EXPORT_SEED   ?= 1
EXPORT_DEPTHS ?= 0 6 12
EXPORT_BENCH_N ?= 1000000
EXPORT_RTL    := $(filter-out $(RTL_BUS_V),$(wildcard rtl/*.v))
EXPORT_RTL_DEPS := $(EXPORT_RTL) $(wildcard rtl/*.vh rtl/*.vlt) tests/export/tb_export.vlt
EXPORT_IVFLAGS := -g2005 -Wall -Irtl
# the project's Python environment (sh scripts/deps.sh venv): Semi-ATE-STIL
VENV_PY  ?= $(BUILD)/venv/bin/python
IVERILOG ?= iverilog
VVP      ?= vvp
VERILATOR ?= verilator

# Icarus binaries, one per bench and DEPTH
$(EXPORT_B)/tb_export_memh_d%.vvp: tests/export/tb_export_memh.v $(EXPORT_RTL_DEPS)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(EXPORT_IVFLAGS) -P tb_export_memh.DEPTH=$* -o $@ rtl/qpac_regmap.vh $< $(EXPORT_RTL)
$(EXPORT_B)/tb_stil_replay_d%.vvp: tests/export/tb_stil_replay.v $(EXPORT_RTL_DEPS)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(EXPORT_IVFLAGS) -P tb_stil_replay.DEPTH=$* -o $@ rtl/qpac_regmap.vh $< $(EXPORT_RTL)
# the unit with its pointer stages registered (PTR_PIPE=1, LATENCY = DEPTH + 2)
$(EXPORT_B)/tb_stil_replay_pp_d%.vvp: tests/export/tb_stil_replay.v $(EXPORT_RTL_DEPS)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(EXPORT_IVFLAGS) -P tb_stil_replay.DEPTH=$* -P tb_stil_replay.PTR_PIPE=1 -o $@ rtl/qpac_regmap.vh $< $(EXPORT_RTL)

# Verilator binary of the readmemh bench at DEPTH 12 (lint-clean with -Wall and
# the commented waivers; C++ at -O0: it builds faster and runs fast enough)
EXPORT_VL := $(EXPORT_B)/vl_memh_d12/Vtb_export_memh
$(EXPORT_VL): tests/export/tb_export_memh.v $(EXPORT_RTL_DEPS)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(VERILATOR) --binary --timing -Wall -Irtl -GDEPTH=12 --top-module tb_export_memh \
	  --Mdir $(dir $@) -j 2 rtl/qpac.vlt tests/export/tb_export.vlt $< $(EXPORT_RTL) \
	  -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0" >$(dir $@)build.log 2>&1 \
	  || { tail -30 $(dir $@)build.log; exit 1; }

EXPORT_PP_DEPTH ?= 24
EXPORT_VVP := $(foreach d,$(EXPORT_DEPTHS),$(EXPORT_B)/tb_export_memh_d$(d).vvp \
                $(EXPORT_B)/tb_stil_replay_d$(d).vvp) $(EXPORT_B)/tb_stil_replay_pp_d$(EXPORT_PP_DEPTH).vvp

.PHONY: test-export test-export-full bench-export
test-export: $(QPAC_BIN) $(EXPORT_VVP) $(EXPORT_VL)
	@$(DEPS) venv
	@IEEE_PY=$(VENV_PY) QPAC=$(QPAC_BIN) OUT=$(EXPORT_B)/out PYTHON=$(PYTHON) REGS=regmap/qpac.regs VVP=$(VVP) \
	  SEED=$(EXPORT_SEED) DEPTHS="$(EXPORT_DEPTHS)" VL_MEMH=$(EXPORT_VL) \
	  IV_MEMH_PAT=$(EXPORT_B)/tb_export_memh_d%d.vvp IV_STIL_PAT=$(EXPORT_B)/tb_stil_replay_d%d.vvp \
	  PP_DEPTH=$(EXPORT_PP_DEPTH) IV_STIL_PP=$(EXPORT_B)/tb_stil_replay_pp_d$(EXPORT_PP_DEPTH).vvp \
	  bash tests/export/test-export.sh
TEST_TARGETS += test-export

test-export-full: $(QPAC_BIN) $(EXPORT_B)/tb_export_memh_d12.vvp $(EXPORT_B)/tb_stil_replay_d12.vvp
	@mkdir -p $(EXPORT_B)/full
	$(QPAC_BIN) export --no-progress --format readmemh --cover --seed $(EXPORT_SEED) -o $(EXPORT_B)/full/cover.memh
	$(VVP) -n $(EXPORT_B)/tb_export_memh_d12.vvp +image=$(EXPORT_B)/full/cover.memh +stall=1
	$(QPAC_BIN) export --no-progress --format stil --depth 12 --cover --seed $(EXPORT_SEED) -o $(EXPORT_B)/full/cover.stil
	$(PYTHON) tests/export/stil.py replay $(EXPORT_B)/full/cover.stil $(EXPORT_B)/full/cover.replay
	@$(DEPS) venv
	$(VENV_PY) tests/export/stil_ieee.py $(EXPORT_B)/full/cover.stil
	$(VVP) -n $(EXPORT_B)/tb_stil_replay_d12.vvp +image=$(EXPORT_B)/full/cover.replay

# export rate per format: EXPORT_BENCH_N random vectors written to /dev/null
# (the writer, model and generator cost; add the disk's own speed for files)
bench-export: $(QPAC_BIN)
	@for f in pvs csv jsonl wycheproof readmemh stil; do \
	  s=$$(date +%s.%N); \
	  $(QPAC_BIN) export --no-progress --format $$f --count $(EXPORT_BENCH_N) -o /dev/null || exit 1; \
	  e=$$(date +%s.%N); \
	  awk -v f=$$f -v n=$(EXPORT_BENCH_N) -v s=$$s -v e=$$e \
	    'BEGIN { printf "export %-10s %d vectors in %6.2f s: %9.0f vectors/s\n", f, n, e-s, n/(e-s) }'; \
	done
BENCH_TARGETS += bench-export

HELP_LINES += "test-export  qpac export: every format read back (check, parse, RTL replay, STIL)" \
              "test-export-full  the coverage set through the RTL on Icarus (readmemh, STIL)" \
              "bench-export export rate of every format (EXPORT_BENCH_N vectors)"

# tests/soc.mk - SoC integration kit (issue 14): the AXI4-Lite wrapper bench,
# the FuseSoC core, the DPI-C reference model and its SystemVerilog scoreboard.
#   make test-axil     tb_qpac_apb built for qpac_axil (-DQPAC_TB_AXIL): random
#                      valid/ready on all five channels, images from the shared
#                      vectors and a qpac gen --hw stream (expectations: libqpac)
#   make test-fusesoc  fusesoc --cores-root . run --target=lint / --target=sim
#   make test-dpi      Verilator --binary scoreboard of qpac_unit vs the DPI model

SOC_B := $(BUILD)/soc

# ---- AXI4-Lite ----------------------------------------------------------------
# DEPTH 0 (combinational handshake), 12 (default), 24; PTR_PIPE=1 at 5
AXIL_DEPTHS    ?= 0 12 24
AXIL_PP_DEPTHS ?= 5
AXIL_IMAGES    ?= smoke kat gen_apb
AXIL_SEEDS     ?= 1 2
AXIL_SRC := $(RTL_DIR)/qpac_axil.v $(RTL_DIR)/qpac_regs.v $(RTL_UNIT_SRC)
$(SOC_B)/tb_qpac_axil_d%.vvp: tests/rtl/tb_qpac_apb.v $(AXIL_SRC) $(RTL_INC)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(IVFLAGS) -DQPAC_TB_AXIL -P tb_qpac_apb.DEPTH=$* -o $@.tmp $(RTL_DIR)/qpac_regmap.vh $< $(AXIL_SRC) && mv $@.tmp $@
$(SOC_B)/tb_qpac_axil_pp_d%.vvp: tests/rtl/tb_qpac_apb.v $(AXIL_SRC) $(RTL_INC)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(IVFLAGS) -DQPAC_TB_AXIL -P tb_qpac_apb.DEPTH=$* -P tb_qpac_apb.PTR_PIPE=1 -o $@.tmp $(RTL_DIR)/qpac_regmap.vh $< $(AXIL_SRC) && mv $@.tmp $@
AXIL_VVP := $(foreach d,$(AXIL_DEPTHS),$(SOC_B)/tb_qpac_axil_d$(d).vvp) \
            $(foreach d,$(AXIL_PP_DEPTHS),$(SOC_B)/tb_qpac_axil_pp_d$(d).vvp)

.PHONY: test-axil test-fusesoc test-dpi
test-axil: $(RTL_IMAGES) $(AXIL_VVP)
	@fail=0; for v in $(AXIL_VVP); do for im in $(AXIL_IMAGES); do for s in $(AXIL_SEEDS); do \
	  echo "$$v $(RTL_BUILD)/$$im.memh +seed=$$s"; \
	done; done; done | env VVP=$(VVP) tests/rtl/run-benches.sh $(RTL_J) +reset_image=$(RTL_RESET_IMAGE) \
	  || { echo "test-axil: FAILED"; exit 1; }; \
	mkdir -p $(SOC_B)/neg; \
	$(PYTHON) tests/neg/corrupt.py flip '^3..1' $(RTL_BUILD)/gen_apb.memh $(SOC_B)/neg/gen_apb.memh; \
	$(PYTHON) tests/neg/corrupt.py flip '^3..1' $(RTL_BUILD)/after_reset.memh $(SOC_B)/neg/after_reset.memh; \
	v=$(SOC_B)/tb_qpac_axil_d12.vvp; \
	for bad in "$(SOC_B)/neg/gen_apb.memh +reset_image=$(RTL_BUILD)/after_reset.memh" \
	           "$(RTL_BUILD)/gen_apb.memh +reset_image=$(SOC_B)/neg/after_reset.memh"; do \
	  if VVP=$(VVP) tests/rtl/run-bench.sh $$v $$bad >$(SOC_B)/neg/last.log 2>&1; then \
	    echo "test-axil: NOT caught: corrupted image $$bad"; fail=1; \
	  else echo "test-axil: caught: corrupted image $$bad"; fi; \
	done; \
	[ $$fail = 0 ] && echo "test-axil: qpac_axil passed at DEPTH $(AXIL_DEPTHS) (PTR_PIPE=1 at $(AXIL_PP_DEPTHS)), images $(AXIL_IMAGES), seeds $(AXIL_SEEDS); corrupted images caught" \
	  || { echo "test-axil: FAILED"; exit 1; }
TEST_TARGETS += test-axil

HELP_LINES += "test-axil    AXI4-Lite wrapper qpac_axil: random valid/ready on all channels, SLVERR, key staging, mid-run reset"

# ---- FuseSoC (qpac.core at the repository root) -------------------------------------
FUSESOC := $(BUILD)/venv/bin/fusesoc
# build/FUSESOC_IGNORE: --cores-root . does not scan build outputs and the venv
FUSESOC_RUN = $(FUSESOC) --cores-root . run --build-root $(SOC_B)/fusesoc/$(1) --target=$(2) qpac:ip:pac_unit
test-fusesoc: $(RTL_BUILD)/kat.memh $(RTL_BUILD)/smoke.memh
	@$(DEPS) rtl venv
	@set -e; d=$(SOC_B)/fusesoc; rm -rf $$d; mkdir -p $$d; \
	touch $(BUILD)/FUSESOC_IGNORE; \
	$(call FUSESOC_RUN,lint,lint) >$$d/lint.log 2>&1 || { tail -20 $$d/lint.log; echo "test-fusesoc: lint FAILED"; exit 1; }; \
	echo "test-fusesoc: --target=lint (Verilator -Wall, qpac_apb) clean"; \
	for p in "--DEPTH=12 --image=$(abspath $(RTL_BUILD)/kat.memh)" \
	         "--DEPTH=3 --PTR_PIPE=1 --GLOBAL_STALL=1 --image=$(abspath $(RTL_BUILD)/smoke.memh)"; do \
	  $(call FUSESOC_RUN,sim,sim) $$p >$$d/sim.log 2>&1 || { tail -20 $$d/sim.log; echo "test-fusesoc: sim $$p FAILED"; exit 1; }; \
	  dp=$$(echo "$$p" | sed 's/.*--DEPTH=\([0-9]*\).*/\1/'); \
	  grep -E "^tb_qpac_unit DEPTH=$$dp( |:).*passed" $$d/sim.log || { tail -20 $$d/sim.log; echo "test-fusesoc: sim $$p: no passing DEPTH=$$dp line"; exit 1; }; \
	done; \
	$(PYTHON) tests/neg/corrupt.py flip '^3..1' $(RTL_BUILD)/kat.memh $$d/bad.memh; \
	if $(call FUSESOC_RUN,simneg,sim) --image=$(abspath $$d/bad.memh) >$$d/neg.log 2>&1; then \
	  echo "test-fusesoc: NOT caught: --target=sim on a corrupted image passed"; exit 1; fi; \
	grep -q "FATAL" $$d/neg.log || { echo "test-fusesoc: the corrupted image failed without the bench's FATAL"; exit 1; }; \
	echo "test-fusesoc: caught: --target=sim on a corrupted image fails"; \
	lacks() { miss=; for f in $(FPGA_V) $(FPGA_PCF); do \
	  grep -q -x -e "      - $$f" -e "      - $$f: .*" $$1 || miss="$$miss $$f"; done; echo "$$miss"; }; \
	miss=$$(lacks qpac.core); \
	if [ -n "$$miss" ]; then echo "test-fusesoc: qpac.core's fpga_ice40 fileset lacks:$$miss"; exit 1; fi; \
	grep -v 'qpac_apb_cdc\.v' qpac.core >$$d/lacking.core; \
	if [ -z "$$(lacks $$d/lacking.core)" ]; then echo "test-fusesoc: NOT caught: a fileset without qpac_apb_cdc.v"; exit 1; fi; \
	echo "test-fusesoc: the fpga_ice40 fileset lists every board source (FPGA_V; one left out is caught)"
TEST_TARGETS += test-fusesoc
HELP_LINES += "test-fusesoc fusesoc --cores-root . run --target=lint / --target=sim (qpac.core), and sim on a corrupted image must fail"

# ---- DPI-C reference model and the SystemVerilog scoreboard ------------------------
# cmodel/dpi/qpac_dpi.c (C11, compiled as C) + qpac_dpi_pkg.sv; tests/dpi/tb_qpac_dpi.sv
# built with Verilator --binary --timing at each DPI_CONFIGS entry
# DEPTH-KEY_PIPE-PTR_PIPE-GLOBAL_STALL. Bench waivers (not RTL): BLKSEQ and
# INITIALDLY (counters in the clocked monitor, NBAs in the driver task),
# SYNCASYNCNET (the monitor samples rst_n synchronously).
DPI_CONFIGS ?= 12-0-0-0 5-1-1-1
DPI_COUNT   ?= 20000
DPI_SEEDS   ?= 1 2
DPI_RTL     := $(RTL_UNIT_SRC)
dpi_p = $(word $(2),$(subst -, ,$(1)))
$(SOC_B)/qpac_dpi.o: cmodel/dpi/qpac_dpi.c $(QPAC_HDR)
	@$(DEPS) base rtl
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -std=c11 -O2 -Wall -Wextra -Werror -Icmodel/include \
	  -I$$($(VERILATOR) --getenv VERILATOR_ROOT)/include/vltstd -c $< -o $@.tmp && mv $@.tmp $@
$(SOC_B)/dpi-%/Vtb_qpac_dpi: tests/dpi/tb_qpac_dpi.sv cmodel/dpi/qpac_dpi_pkg.sv $(DPI_RTL) $(RTL_INC) $(RTL_VLT) $(SOC_B)/qpac_dpi.o $(LIBQPAC_A)
	+@set -e; d=$(SOC_B)/dpi-$*; t=$$d.tmp$$$$; rm -rf $$t; mkdir -p $$t; \
	echo "verilator --binary tb_qpac_dpi DEPTH=$(call dpi_p,$*,1) KEY_PIPE=$(call dpi_p,$*,2) PTR_PIPE=$(call dpi_p,$*,3) GLOBAL_STALL=$(call dpi_p,$*,4) -> $$d"; \
	$(VERILATOR) --binary --timing -Wall -Wno-BLKSEQ -Wno-INITIALDLY -Wno-SYNCASYNCNET -O1 \
	  --top-module tb_qpac_dpi -GDEPTH=$(call dpi_p,$*,1) -GKEY_PIPE=$(call dpi_p,$*,2) \
	  -GPTR_PIPE=$(call dpi_p,$*,3) -GGLOBAL_STALL=$(call dpi_p,$*,4) -I$(RTL_DIR) $(RTL_VLT) \
	  cmodel/dpi/qpac_dpi_pkg.sv tests/dpi/tb_qpac_dpi.sv $(DPI_RTL) \
	  -LDFLAGS "$(abspath $(SOC_B)/qpac_dpi.o) $(abspath $(LIBQPAC_A))" -Mdir $$t -j 2 \
	  >$$t.log 2>&1 || { tail -30 $$t.log; rm -f $$t.log; exit 1; }; \
	rm -f $$t.log; rm -rf $$d; mv $$t $$d
DPI_BINS := $(foreach c,$(DPI_CONFIGS),$(SOC_B)/dpi-$(c)/Vtb_qpac_dpi)
test-dpi: $(DPI_BINS)
	@fail=0; for b in $(DPI_BINS); do for s in $(DPI_SEEDS); do \
	  $$b +count=$(DPI_COUNT) +seed=$$s +verilator+seed+$$s >$(SOC_B)/dpi.log 2>&1 && grep -q '^tb_qpac_dpi .*: passed$$' $(SOC_B)/dpi.log \
	    && grep '^tb_qpac_dpi ' $(SOC_B)/dpi.log || { cat $(SOC_B)/dpi.log | head -20; fail=1; }; \
	done; done; \
	b=$(word 1,$(DPI_BINS)); \
	if ( $$b +count=2000 +corrupt=777 ) >$(SOC_B)/dpi-neg.log 2>&1; then \
	  echo "test-dpi: NOT caught: a corrupted expectation (+corrupt=777) passed"; fail=1; \
	elif grep -q '^ERROR: .*model ' $(SOC_B)/dpi-neg.log; then echo "test-dpi: caught: a corrupted expectation (+corrupt=777) fails"; \
	else echo "test-dpi: +corrupt=777 failed without a mismatch line"; fail=1; fi; \
	[ $$fail = 0 ] && echo "test-dpi: qpac_unit vs the DPI-C model passed ($(DPI_CONFIGS); DEPTH-KEY_PIPE-PTR_PIPE-GLOBAL_STALL)" \
	  || { echo "test-dpi: FAILED"; exit 1; }
TEST_TARGETS += test-dpi
HELP_LINES += "test-dpi     SystemVerilog scoreboard (Verilator --binary) of qpac_unit against the DPI-C model cmodel/dpi"

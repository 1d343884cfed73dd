# rtl/rtl.mk - the PAC unit RTL: lint (Verilator), Icarus benches, vector images.
#   make lint-rtl   verilator --lint-only -Wall on every module, several DEPTHs
#   make test-rtl   tb_qarma_core, tb_qpac_unit, tb_qpac_apb at RTL_DEPTHS
#   make rtl-images the $readmemh images the benches read (build/rtl/*.memh)
#   make sim-rtl RTL_DEPTH=n RTL_IMAGE=file [RTL_TB=tb_qpac_unit]  one bench run
# Images come from the shared vectors by programs (kat2core, pvs2memh, which
# use libqpac); every expectation is from the vector files or the model.

RTL_DIR     := rtl

# ---- the pipeline's shape, once for make (rtl/qpac_pipeline.vh for the RTL) ---
# $(call QPAC_LATENCY,DEPTH,PTR_PIPE): clocks from acceptance to the result
QPAC_LATENCY = $(shell expr $(1) + 2 \* $(2))
# A setting's name (the stem rtl/, cosim/ and synth/ share):
# d<DEPTH>[-p1][-g1][-k1|-k2][-a5][-r1]: PTR_PIPE, GLOBAL_STALL, KEY_PIPE = 1 or 2,
# QARMA5 only, SIDE_RAM = 1 (r1 not in QPAC_STEM: the Icarus and cosim builds read it).
# $(call QPAC_STEM,DEPTH,PTR_PIPE,GLOBAL_STALL,KEY_PIPE,QARMA5_ONLY) makes one;
# QPAC_STEM_DEPTH, QPAC_STEM_OPT (p, g; a5 for QARMA5 only: 0 or 1) and
# QPAC_STEM_KP (KEY_PIPE: 0, 1 or 2) read it back.
QPAC_STEM = d$(strip $(1))$(if $(filter 1,$(2)),-p1)$(if $(filter 1,$(3)),-g1)$(if $(filter 1 2,$(4)),-k$(strip $(4)))$(if $(filter 1,$(5)),-a5)
QPAC_STEM_DEPTH = $(patsubst d%,%,$(word 1,$(subst -, ,$(1))))
QPAC_STEM_OPT = $(if $(filter $(2)1 $(2),$(wordlist 2,9,$(subst -, ,$(1)))),1,0)
QPAC_STEM_KP = $(if $(filter k2,$(subst -, ,$(1))),2,$(call QPAC_STEM_OPT,$(1),k))
QPAC_STEM_LATENCY = $(call QPAC_LATENCY,$(call QPAC_STEM_DEPTH,$(1)),$(call QPAC_STEM_OPT,$(1),p))
RTL_BUILD   := $(BUILD)/rtl
RTL_SRC     := $(RTL_DIR)/qpac_apb.v $(RTL_DIR)/qpac_regs.v $(RTL_DIR)/qpac_unit.v $(RTL_DIR)/qpac_cfg.v $(RTL_DIR)/qarma_core.v \
               $(RTL_DIR)/qpac_pipe_slot.v $(RTL_DIR)/qpac_ptr_front.v \
               $(RTL_DIR)/qpac_ptr_back.v $(RTL_DIR)/qpac_ptr_mid.v $(RTL_DIR)/qpac_keyfile.v \
               $(RTL_DIR)/qpac_side_ram.v
# the bus side: the wrappers and their shared register block (not in unit-only builds)
RTL_BUS_V   := $(RTL_DIR)/qpac_apb.v $(RTL_DIR)/qpac_axil.v $(RTL_DIR)/qpac_regs.v
RTL_UNIT_SRC = $(filter-out $(RTL_BUS_V),$(RTL_SRC))
RTL_INC     := $(wildcard $(RTL_DIR)/*.vh)
RTL_VLT     := $(RTL_DIR)/qpac.vlt
RTL_DEPTHS  ?= 0 6 12 24
RTL_LINT_DEPTHS ?= 0 1 6 12 24
# two stages per round (DEPTH 13..24): tb_qarma_core alone at these DEPTHs too
# (24 is in RTL_DEPTHS), and lint covers the core at them
RTL_CORE_DEPTHS ?= 13 18
# KEY_PIPE=1 (the selected key carried through the core; the FPGA top's setting):
# tb_qarma_core and tb_qpac_unit run at these DEPTHs too, and lint covers them
RTL_KP_DEPTHS ?= 1 4 24
# KEY_PIPE=2 (also the next layer's tweakey carried; the ULX3S top's setting):
# tb_qarma_core at these DEPTHs (the unit: stem d12-p1-g1-k2), and lint
RTL_KP2_DEPTHS ?= 3 12
# PTR_PIPE=1 (register slots around the pointer stages, LATENCY = DEPTH + 2):
# tb_qpac_unit and tb_qpac_apb run at these DEPTHs, and lint covers them
RTL_PP_DEPTHS ?= 0 5 24
# qpac_apb with ACC_SETUP=1 (decode registered in SETUP, as the FPGA top):
# tb_qpac_apb on every APB image at these DEPTHs
RTL_AS_DEPTHS ?= 0 12
# GLOBAL_STALL=1 (one stall signal instead of the ready chain): tb_qpac_unit at
# these DEPTHs, alone (_gs_) and with PTR_PIPE=1 (_gsp_), and lint
RTL_GS_DEPTHS ?= 0 7 24
RTL_GEN_SEED ?= 1
RTL_GEN_SEED_APB ?= 2
RTL_GEN_UNIT ?= 1200
RTL_GEN_APB  ?= 300
RTL_GEN_LONG ?= 20000
RTL_LONG_DEPTHS ?= 1 3 7 12
RTL_LONG_SEEDS  ?= 11 12
IVERILOG    ?= iverilog
VVP         ?= vvp
VERILATOR   ?= verilator
IVFLAGS     := -g2005 -Wall -I$(RTL_DIR)
VLFLAGS     := --lint-only -Wall +1364-2005ext+v -I$(RTL_DIR)

RTL_IMAGES  := $(RTL_BUILD)/core.memh $(RTL_BUILD)/smoke.memh $(RTL_BUILD)/kat.memh \
               $(RTL_BUILD)/gen_unit.memh $(RTL_BUILD)/gen_apb.memh $(RTL_BUILD)/after_reset.memh \
               $(RTL_BUILD)/directed.memh $(RTL_BUILD)/directed_a5.memh
# images per bench: the core bench has its own format
RTL_UNIT_IMAGES := smoke kat gen_unit directed
RTL_APB_IMAGES  := smoke kat gen_apb

.PHONY: lint lint-rtl test-rtl test-rtl-neg test-rtl-long rtl-images sim-rtl
.SECONDARY: $(RTL_BUILD)/gen_unit.pvs $(RTL_BUILD)/gen_apb.pvs $(RTL_BUILD)/directed.pvs \
            $(RTL_BUILD)/directed_a5.pvs
lint: lint-rtl

# ---- image builders ---------------------------------------------------------------
$(RTL_BUILD)/kat2core: tests/rtl/kat2core.c $(LIBQPAC_A) $(QPAC_HDR)
	@$(DEPS) base
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(QPAC_CFLAGS) -o $@ $< $(LIBQPAC_A)
$(RTL_BUILD)/pvs2memh: tests/rtl/pvs2memh.c $(LIBQPAC_A) $(QPAC_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(QPAC_CFLAGS) -o $@ $< $(LIBQPAC_A)

$(RTL_BUILD)/core.memh: $(VECTORS_DIR)/computepac.txt $(RTL_BUILD)/kat2core
	$(RTL_BUILD)/kat2core $< $@
$(RTL_BUILD)/smoke.memh: $(VECTORS_DIR)/qemu-smoke.pvs $(RTL_BUILD)/pvs2memh
	$(RTL_BUILD)/pvs2memh $< $@
$(RTL_BUILD)/kat.memh: $(VECTORS_DIR)/computepac.txt $(RTL_BUILD)/pvs2memh
	$(RTL_BUILD)/pvs2memh --kat $< $@
# operations from the reset state (zero keys): tb_qpac_apb's mid-run reset check
$(RTL_BUILD)/after_reset.memh: tests/rtl/after-reset.pvs $(RTL_BUILD)/pvs2memh
	$(RTL_BUILD)/pvs2memh $< $@
# random streams: `qpac gen --hw` writes a .pvs, pvs2memh reads it back
$(RTL_BUILD)/gen_unit.pvs: $(QPAC_BIN)
	@mkdir -p $(dir $@)
	$(QPAC_BIN) gen --hw --seed $(RTL_GEN_SEED) --count $(RTL_GEN_UNIT) -o $@
$(RTL_BUILD)/gen_apb.pvs: $(QPAC_BIN)
	@mkdir -p $(dir $@)
	$(QPAC_BIN) gen --hw --seed $(RTL_GEN_SEED_APB) --count $(RTL_GEN_APB) -o $@
# directed corners of the pointer logic (tests/rtl/directed.py; found by make mutate)
$(RTL_BUILD)/directed.pvs: tests/rtl/directed.py $(QPAC_BIN)
	@mkdir -p $(dir $@)
	$(PYTHON) tests/rtl/directed.py $(QPAC_BIN) $@
# the same corners, every configuration QARMA5: for the QARMA5-only stems (-a5)
$(RTL_BUILD)/directed_a5.pvs: tests/rtl/directed.py $(QPAC_BIN)
	@mkdir -p $(dir $@)
	$(PYTHON) tests/rtl/directed.py --qarma5 $(QPAC_BIN) $@
$(RTL_BUILD)/gen_long%.pvs: $(QPAC_BIN)
	@mkdir -p $(dir $@)
	$(QPAC_BIN) gen --hw --seed $* --count $(RTL_GEN_LONG) -o $@
$(RTL_BUILD)/%.memh: $(RTL_BUILD)/%.pvs $(RTL_BUILD)/pvs2memh
	$(RTL_BUILD)/pvs2memh $< $@
rtl-images: $(RTL_IMAGES)

# ---- Icarus simulation binaries, one per bench and DEPTH ----------------------------
$(RTL_BUILD)/tb_qarma_core_d%.vvp: tests/rtl/tb_qarma_core.v $(RTL_SRC) $(RTL_INC)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(IVFLAGS) -P tb_qarma_core.DEPTH=$* -o $@ $< $(RTL_DIR)/qarma_core.v $(RTL_DIR)/qpac_pipe_slot.v
$(RTL_BUILD)/tb_qpac_unit_d%.vvp: tests/rtl/tb_qpac_unit.v $(RTL_SRC) $(RTL_INC)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(IVFLAGS) -P tb_qpac_unit.DEPTH=$* -o $@ $(RTL_DIR)/qpac_regmap.vh $< $(RTL_UNIT_SRC)
$(RTL_BUILD)/tb_qpac_apb_d%.vvp: tests/rtl/tb_qpac_apb.v $(RTL_SRC) $(RTL_INC)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(IVFLAGS) -P tb_qpac_apb.DEPTH=$* -o $@ $(RTL_DIR)/qpac_regmap.vh $< $(RTL_SRC)

# KEY_PIPE=1 builds: <bench>_kp_d<DEPTH>
$(RTL_BUILD)/tb_qarma_core_kp_d%.vvp: tests/rtl/tb_qarma_core.v $(RTL_SRC) $(RTL_INC)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(IVFLAGS) -P tb_qarma_core.DEPTH=$* -P tb_qarma_core.KEY_PIPE=1 -o $@ $< $(RTL_DIR)/qarma_core.v $(RTL_DIR)/qpac_pipe_slot.v
$(RTL_BUILD)/tb_qpac_unit_kp_d%.vvp: tests/rtl/tb_qpac_unit.v $(RTL_SRC) $(RTL_INC)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(IVFLAGS) -P tb_qpac_unit.DEPTH=$* -P tb_qpac_unit.KEY_PIPE=1 -o $@ $(RTL_DIR)/qpac_regmap.vh $< $(RTL_UNIT_SRC)

$(RTL_BUILD)/tb_qarma_core_kp2_d%.vvp: tests/rtl/tb_qarma_core.v $(RTL_SRC) $(RTL_INC)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(IVFLAGS) -P tb_qarma_core.DEPTH=$* -P tb_qarma_core.KEY_PIPE=2 -o $@ $< $(RTL_DIR)/qarma_core.v $(RTL_DIR)/qpac_pipe_slot.v

# PTR_PIPE=1 builds: <bench>_pp_d<DEPTH>
$(RTL_BUILD)/tb_qpac_unit_pp_d%.vvp: tests/rtl/tb_qpac_unit.v $(RTL_SRC) $(RTL_INC)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(IVFLAGS) -P tb_qpac_unit.DEPTH=$* -P tb_qpac_unit.PTR_PIPE=1 -o $@ $(RTL_DIR)/qpac_regmap.vh $< $(RTL_UNIT_SRC)
$(RTL_BUILD)/tb_qpac_apb_pp_d%.vvp: tests/rtl/tb_qpac_apb.v $(RTL_SRC) $(RTL_INC)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(IVFLAGS) -P tb_qpac_apb.DEPTH=$* -P tb_qpac_apb.PTR_PIPE=1 -o $@ $(RTL_DIR)/qpac_regmap.vh $< $(RTL_SRC)
$(RTL_BUILD)/tb_qpac_apb_as_d%.vvp: tests/rtl/tb_qpac_apb.v $(RTL_SRC) $(RTL_INC)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(IVFLAGS) -P tb_qpac_apb.DEPTH=$* -P tb_qpac_apb.ACC_SETUP=1 -o $@ $(RTL_DIR)/qpac_regmap.vh $< $(RTL_SRC)

# GLOBAL_STALL=1 builds: <bench>_gs_d<DEPTH>, with PTR_PIPE=1 <bench>_gsp_d<DEPTH>
$(RTL_BUILD)/tb_qpac_unit_gs_d%.vvp: tests/rtl/tb_qpac_unit.v $(RTL_SRC) $(RTL_INC)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(IVFLAGS) -P tb_qpac_unit.DEPTH=$* -P tb_qpac_unit.GLOBAL_STALL=1 -o $@ $(RTL_DIR)/qpac_regmap.vh $< $(RTL_UNIT_SRC)
$(RTL_BUILD)/tb_qpac_unit_gsp_d%.vvp: tests/rtl/tb_qpac_unit.v $(RTL_SRC) $(RTL_INC)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(IVFLAGS) -P tb_qpac_unit.DEPTH=$* -P tb_qpac_unit.GLOBAL_STALL=1 -P tb_qpac_unit.PTR_PIPE=1 -o $@ $(RTL_DIR)/qpac_regmap.vh $< $(RTL_UNIT_SRC)

# Any setting by its stem (QPAC_STEM): tb_qpac_unit-<stem>.vvp, e.g.
# tb_qpac_unit-d24-p1-g1-a5.vvp (-a5: QARMA3=0 through tests/rtl/qarma5_only.v;
# -r1: SIDE_RAM=1 through the generated root module side_ram.v, likewise).
# RTL_STEMS run in test-rtl: the QARMA5-only unit on the QEMU capture (QARMA5:
# QEMU 7.2 has no QARMA3); RTL_SR_STEMS (the side band in a RAM delay line:
# N = DEPTH 12 and 7 with and without slot B, and the one-register line at
# DEPTH 1) on every unit image; RTL_HL_STEMS (synth-headline's DEPTH 12
# settings, synth/synth.mk SYNTH_UNIT_BEST12, and the ULX3S top's -k2) on
# every unit image
RTL_STEMS ?= d12-p1-g1-a5 d24-p1-g1-a5
RTL_SR_STEMS ?= d12-p1-g1-r1 d7-g1-r1 d1-g1-r1
RTL_HL_STEMS ?= d12-p1-g1 d12-p1-g1-k1 d12-p1-g1-k2
$(RTL_BUILD)/side_ram.v:
	@mkdir -p $(dir $@)
	@printf '%s\n' '// generated by rtl/rtl.mk: tb_qpac_unit with SIDE_RAM = 1 (stem -r1)' \
	  'module side_ram;' 'defparam tb_qpac_unit.dut.SIDE_RAM = 1;' 'endmodule' >$@
$(RTL_BUILD)/tb_qpac_unit-%.vvp: tests/rtl/tb_qpac_unit.v tests/rtl/qarma5_only.v $(RTL_BUILD)/side_ram.v $(RTL_SRC) $(RTL_INC)
	@$(DEPS) rtl
	@mkdir -p $(dir $@)
	$(IVERILOG) $(IVFLAGS) -P tb_qpac_unit.DEPTH=$(call QPAC_STEM_DEPTH,$*) \
	  -P tb_qpac_unit.PTR_PIPE=$(call QPAC_STEM_OPT,$*,p) -P tb_qpac_unit.GLOBAL_STALL=$(call QPAC_STEM_OPT,$*,g) \
	  -P tb_qpac_unit.KEY_PIPE=$(call QPAC_STEM_KP,$*) -o $@ $(RTL_DIR)/qpac_regmap.vh $< \
	  $(if $(filter 1,$(call QPAC_STEM_OPT,$*,a5)),tests/rtl/qarma5_only.v) \
	  $(if $(filter 1,$(call QPAC_STEM_OPT,$*,r)),$(RTL_BUILD)/side_ram.v) $(filter-out $(RTL_DIR)/qpac_apb.v,$(RTL_SRC))

RTL_VVP := $(foreach t,$(RTL_STEMS) $(RTL_SR_STEMS) $(RTL_HL_STEMS),$(RTL_BUILD)/tb_qpac_unit-$(t).vvp) \
           $(foreach d,$(RTL_GS_DEPTHS),$(RTL_BUILD)/tb_qpac_unit_gs_d$(d).vvp \
             $(RTL_BUILD)/tb_qpac_unit_gsp_d$(d).vvp) \
           $(foreach d,$(RTL_PP_DEPTHS),$(RTL_BUILD)/tb_qpac_unit_pp_d$(d).vvp \
             $(RTL_BUILD)/tb_qpac_apb_pp_d$(d).vvp) \
           $(foreach d,$(RTL_AS_DEPTHS),$(RTL_BUILD)/tb_qpac_apb_as_d$(d).vvp) \
           $(foreach d,$(RTL_KP_DEPTHS),$(RTL_BUILD)/tb_qarma_core_kp_d$(d).vvp \
             $(RTL_BUILD)/tb_qpac_unit_kp_d$(d).vvp) \
           $(foreach d,$(RTL_KP2_DEPTHS),$(RTL_BUILD)/tb_qarma_core_kp2_d$(d).vvp) \
           $(foreach d,$(RTL_DEPTHS),$(RTL_BUILD)/tb_qarma_core_d$(d).vvp \
             $(RTL_BUILD)/tb_qpac_unit_d$(d).vvp $(RTL_BUILD)/tb_qpac_apb_d$(d).vvp) \
           $(foreach d,$(RTL_CORE_DEPTHS),$(RTL_BUILD)/tb_qarma_core_d$(d).vvp)

# where test-rtl reads its images (test-rtl-neg points it at corrupted copies)
RTL_IMG_DIR ?= $(RTL_BUILD)
# one bench run: fails on a non-zero vvp exit, an ERROR/FATAL line or no "passed" line
# (+reset_image: the zero-key operations tb_qpac_apb checks after its mid-run reset)
RTL_RESET_IMAGE ?= $(RTL_BUILD)/after_reset.memh
RTL_RUN = env VVP=$(VVP) tests/rtl/run-bench.sh $(1) $(2) +reset_image=$(RTL_RESET_IMAGE)
# test-rtl lists its runs as "VVP IMAGE" lines and runs RTL_J at a time
# (tests/rtl/run-benches.sh; each run's output printed whole, in list order)
RTL_JOB = echo "$(1) $(2)"
RTL_J ?= $(shell nproc 2>/dev/null || echo 1)

test-rtl: $(RTL_IMAGES) $(RTL_VVP)
	@{ for d in $(RTL_DEPTHS) $(RTL_CORE_DEPTHS); do \
	  $(call RTL_JOB,$(RTL_BUILD)/tb_qarma_core_d$$d.vvp,$(RTL_IMG_DIR)/core.memh); \
	done; \
	for d in $(RTL_DEPTHS); do \
	  for im in $(RTL_UNIT_IMAGES); do \
	    $(call RTL_JOB,$(RTL_BUILD)/tb_qpac_unit_d$$d.vvp,$(RTL_IMG_DIR)/$$im.memh); \
	  done; \
	  for im in $(RTL_APB_IMAGES); do \
	    $(call RTL_JOB,$(RTL_BUILD)/tb_qpac_apb_d$$d.vvp,$(RTL_IMG_DIR)/$$im.memh); \
	  done; \
	done; \
	for d in $(RTL_KP_DEPTHS); do \
	  $(call RTL_JOB,$(RTL_BUILD)/tb_qarma_core_kp_d$$d.vvp,$(RTL_IMG_DIR)/core.memh); \
	  for im in $(RTL_UNIT_IMAGES); do \
	    $(call RTL_JOB,$(RTL_BUILD)/tb_qpac_unit_kp_d$$d.vvp,$(RTL_IMG_DIR)/$$im.memh); \
	  done; \
	done; \
	for d in $(RTL_KP2_DEPTHS); do \
	  $(call RTL_JOB,$(RTL_BUILD)/tb_qarma_core_kp2_d$$d.vvp,$(RTL_IMG_DIR)/core.memh); \
	done; \
	for d in $(RTL_PP_DEPTHS); do \
	  for im in $(RTL_UNIT_IMAGES); do \
	    $(call RTL_JOB,$(RTL_BUILD)/tb_qpac_unit_pp_d$$d.vvp,$(RTL_IMG_DIR)/$$im.memh); \
	  done; \
	  $(call RTL_JOB,$(RTL_BUILD)/tb_qpac_apb_pp_d$$d.vvp,$(RTL_BUILD)/smoke.memh); \
	done; \
	for d in $(RTL_AS_DEPTHS); do for im in $(RTL_APB_IMAGES); do \
	  $(call RTL_JOB,$(RTL_BUILD)/tb_qpac_apb_as_d$$d.vvp,$(RTL_IMG_DIR)/$$im.memh); \
	done; done; \
	for d in $(RTL_GS_DEPTHS); do for v in gs gsp; do \
	  for im in $(RTL_UNIT_IMAGES); do \
	    $(call RTL_JOB,$(RTL_BUILD)/tb_qpac_unit_$${v}_d$$d.vvp,$(RTL_IMG_DIR)/$$im.memh); \
	  done; \
	done; done; \
	for t in $(RTL_STEMS); do for im in smoke directed_a5; do \
	  $(call RTL_JOB,$(RTL_BUILD)/tb_qpac_unit-$$t.vvp,$(RTL_IMG_DIR)/$$im.memh); \
	done; done; \
	for t in $(RTL_SR_STEMS) $(RTL_HL_STEMS); do for im in $(RTL_UNIT_IMAGES); do \
	  $(call RTL_JOB,$(RTL_BUILD)/tb_qpac_unit-$$t.vvp,$(RTL_IMG_DIR)/$$im.memh); \
	done; done; \
	} | env VVP=$(VVP) tests/rtl/run-benches.sh $(RTL_J) +reset_image=$(RTL_RESET_IMAGE) \
	  && echo "test-rtl: all benches passed (DEPTH $(RTL_DEPTHS), core also $(RTL_CORE_DEPTHS); KEY_PIPE=1 at DEPTH $(RTL_KP_DEPTHS); KEY_PIPE=2 core at DEPTH $(RTL_KP2_DEPTHS); PTR_PIPE=1 at DEPTH $(RTL_PP_DEPTHS); qpac_apb ACC_SETUP=1 at DEPTH $(RTL_AS_DEPTHS); GLOBAL_STALL=1 at DEPTH $(RTL_GS_DEPTHS); stems $(RTL_STEMS) $(RTL_SR_STEMS) $(RTL_HL_STEMS))" \
	  || { echo "test-rtl: FAILED"; exit 1; }
TEST_TARGETS += test-rtl

# ---- negative tests: every bench target must fail on a corrupted image -----------
# One expected bit flipped (unit, APB, core images): sim-rtl on each, and test-rtl
# itself on a copy of the images in which exactly one is flipped; each must fail.
# An image cut to its first 20 records (corrupt.py cut) must fail each bench's
# end-record count check (issue 10 D3). A delay line read one position off
# (qpac_side_ram's read pointer starting at 2 - N) must fail tb_qpac_unit at
# d12-p1-g1-r1 on the intact QEMU capture, and one whose read register is not
# gated after a reset (stale words on the ports) at d7-g1-r1.
RTL_NEG := $(RTL_BUILD)/neg
RTL_NEG_ONE = --no-print-directory test-rtl RTL_IMG_DIR=$(RTL_NEG)/$(1) RTL_DEPTHS=12 RTL_CORE_DEPTHS= \
  RTL_KP_DEPTHS= RTL_KP2_DEPTHS= RTL_PP_DEPTHS= RTL_AS_DEPTHS= RTL_GS_DEPTHS= RTL_STEMS= RTL_SR_STEMS=
test-rtl-neg: $(RTL_IMAGES) $(RTL_BUILD)/tb_qpac_unit_d12.vvp $(RTL_BUILD)/tb_qpac_apb_d12.vvp $(RTL_BUILD)/tb_qarma_core_d12.vvp \
              $(RTL_BUILD)/tb_qpac_unit-d12-p1-g1-a5.vvp $(RTL_BUILD)/side_ram.v
	@rm -rf $(RTL_NEG); for im in core smoke kat gen_unit gen_apb after_reset directed directed_a5; do \
	  mkdir -p $(RTL_NEG)/$$im; cp $(RTL_IMAGES) $(RTL_NEG)/$$im/; \
	  if [ $$im = core ]; then re='^0'; else re='^3..1'; fi; \
	  $(PYTHON) tests/neg/corrupt.py flip "$$re" $(RTL_BUILD)/$$im.memh $(RTL_NEG)/$$im/$$im.memh; done
	@for im in core smoke kat; do \
	  $(PYTHON) tests/neg/corrupt.py cut 20 $(RTL_BUILD)/$$im.memh $(RTL_NEG)/cut_$$im.memh; done
	@mkdir -p $(RTL_NEG)/side_ram; sed 's/RP0 = M + 1 - N;/RP0 = M + 2 - N;/' $(RTL_DIR)/qpac_side_ram.v \
	  >$(RTL_NEG)/side_ram/qpac_side_ram.v; cmp -s $(RTL_DIR)/qpac_side_ram.v $(RTL_NEG)/side_ram/qpac_side_ram.v && \
	  { echo "test-rtl-neg: the delay-line mutant is unchanged (sed found nothing)"; exit 1; }; \
	$(IVERILOG) $(IVFLAGS) -P tb_qpac_unit.DEPTH=12 -P tb_qpac_unit.PTR_PIPE=1 -P tb_qpac_unit.GLOBAL_STALL=1 \
	  -o $(RTL_NEG)/side_ram/tb.vvp $(RTL_DIR)/qpac_regmap.vh tests/rtl/tb_qpac_unit.v $(RTL_BUILD)/side_ram.v \
	  $(filter-out $(RTL_DIR)/qpac_side_ram.v,$(RTL_UNIT_SRC)) $(RTL_NEG)/side_ram/qpac_side_ram.v
	@mkdir -p $(RTL_NEG)/side_ram_gate; sed 's/assign q_o = rd_q & {W{ok_q}};/assign q_o = rd_q;/' \
	  $(RTL_DIR)/qpac_side_ram.v >$(RTL_NEG)/side_ram_gate/qpac_side_ram.v; \
	cmp -s $(RTL_DIR)/qpac_side_ram.v $(RTL_NEG)/side_ram_gate/qpac_side_ram.v && \
	  { echo "test-rtl-neg: the read-gate mutant is unchanged (sed found nothing)"; exit 1; }; \
	$(IVERILOG) $(IVFLAGS) -P tb_qpac_unit.DEPTH=7 -P tb_qpac_unit.GLOBAL_STALL=1 \
	  -o $(RTL_NEG)/side_ram_gate/tb.vvp $(RTL_DIR)/qpac_regmap.vh tests/rtl/tb_qpac_unit.v $(RTL_BUILD)/side_ram.v \
	  $(filter-out $(RTL_DIR)/qpac_side_ram.v,$(RTL_UNIT_SRC)) $(RTL_NEG)/side_ram_gate/qpac_side_ram.v
	@fail=0; expect_fail() { if "$$@" >$(RTL_NEG)/last.log 2>&1; then \
	    echo "test-rtl-neg: NOT caught: $$*"; fail=1; \
	  elif ! grep -q -E 'ERROR|FATAL' $(RTL_NEG)/last.log; then \
	    echo "test-rtl-neg: NOT caught (failed, but no bench reported an error): $$*"; fail=1; \
	  else echo "test-rtl-neg: caught: $$*"; fi; }; \
	expect_fail $(MAKE) --no-print-directory sim-rtl RTL_TB=tb_qpac_unit RTL_DEPTH=12 RTL_IMAGE=$(RTL_NEG)/smoke/smoke.memh; \
	expect_fail $(MAKE) --no-print-directory sim-rtl RTL_TB=tb_qpac_apb RTL_DEPTH=12 RTL_IMAGE=$(RTL_NEG)/kat/kat.memh; \
	expect_fail $(MAKE) --no-print-directory sim-rtl RTL_TB=tb_qarma_core RTL_DEPTH=12 RTL_IMAGE=$(RTL_NEG)/core/core.memh; \
	expect_fail $(MAKE) --no-print-directory sim-rtl RTL_TB=tb_qpac_apb RTL_DEPTH=12 RTL_RESET_IMAGE=$(RTL_NEG)/after_reset/after_reset.memh; \
	expect_cut() { expect_fail "$$@"; grep -q 'cut short' $(RTL_NEG)/last.log || \
	  { echo "test-rtl-neg: cut image not reported as cut: $$*"; fail=1; }; }; \
	expect_cut $(MAKE) --no-print-directory sim-rtl RTL_TB=tb_qpac_unit RTL_DEPTH=12 RTL_IMAGE=$(RTL_NEG)/cut_smoke.memh; \
	expect_cut $(MAKE) --no-print-directory sim-rtl RTL_TB=tb_qpac_apb RTL_DEPTH=12 RTL_IMAGE=$(RTL_NEG)/cut_kat.memh; \
	expect_cut $(MAKE) --no-print-directory sim-rtl RTL_TB=tb_qarma_core RTL_DEPTH=12 RTL_IMAGE=$(RTL_NEG)/cut_core.memh; \
	expect_fail $(MAKE) $(call RTL_NEG_ONE,core); \
	expect_fail $(call RTL_RUN,$(RTL_BUILD)/tb_qpac_unit-d12-p1-g1-a5.vvp,$(RTL_BUILD)/kat.memh); \
	expect_fail $(call RTL_RUN,$(RTL_BUILD)/tb_qpac_unit-d12-p1-g1-a5.vvp,$(RTL_NEG)/directed_a5/directed_a5.memh); \
	expect_fail $(call RTL_RUN,$(RTL_NEG)/side_ram/tb.vvp,$(RTL_BUILD)/smoke.memh); \
	expect_fail $(call RTL_RUN,$(RTL_NEG)/side_ram_gate/tb.vvp,$(RTL_BUILD)/smoke.memh); \
	grep -q 'before any result: tag [0-9a-f]* fault [01] value' $(RTL_NEG)/last.log || \
	  { echo "test-rtl-neg: the read-gate mutant was not caught by a stale (non-X) word after a reset"; fail=1; }; \
	expect_fail sh -c 'printf "" | tests/rtl/run-benches.sh 2'; \
	for im in smoke kat gen_unit directed; do expect_fail $(MAKE) $(call RTL_NEG_ONE,$$im) RTL_UNIT_IMAGES=$$im RTL_APB_IMAGES=; done; \
	expect_fail $(MAKE) $(call RTL_NEG_ONE,gen_apb) RTL_UNIT_IMAGES= RTL_APB_IMAGES=gen_apb; \
	$(MAKE) $(call RTL_NEG_ONE,core) RTL_IMG_DIR=$(RTL_BUILD) >$(RTL_NEG)/last.log 2>&1 || \
	  { echo "test-rtl-neg: the same run on the intact images failed"; fail=1; }; \
	[ $$fail = 0 ] && echo "test-rtl-neg: every corrupted image was caught" || { echo "test-rtl-neg: FAILED"; exit 1; }
TEST_TARGETS += test-rtl-neg

# qarma_core refuses illegal parameters at elaboration (Icarus and Verilator):
# each setting of RTL_BAD_PARAMS must fail naming qarma_core_parameter_out_of_range,
# and the legal ones of RTL_CORE_OK_PARAMS must elaborate (so the check can fail)
RTL_CORE_BAD_PARAMS ?= DEPTH=25 DEPTH=-1 KEY_PIPE=3 STALL=3 SIDE_W=0
RTL_CORE_OK_PARAMS  ?= DEPTH=0 DEPTH=24
.PHONY: test-rtl-params-core
test-rtl-params-core:
	@$(DEPS) rtl
	@mkdir -p $(RTL_BUILD)
	@fail=0; log=$(RTL_BUILD)/params.$$$$.log; \
	elab() { if [ $$1 = iverilog ]; then \
	    $(IVERILOG) -g2005 -I$(RTL_DIR) -s qarma_core -P qarma_core.$$2 -o /dev/null \
	      $(RTL_DIR)/qarma_core.v $(RTL_DIR)/qpac_pipe_slot.v >$$log 2>&1; \
	  else $(VERILATOR) $(VLFLAGS) $(RTL_VLT) --top-module qarma_core -G$$2 \
	      $(RTL_DIR)/qarma_core.v $(RTL_DIR)/qpac_pipe_slot.v >$$log 2>&1; fi; }; \
	for p in $(RTL_CORE_BAD_PARAMS) $(RTL_CORE_OK_PARAMS); do for t in iverilog verilator; do \
	  case " $(RTL_CORE_OK_PARAMS) " in *" $$p "*) ok=1;; *) ok=0;; esac; \
	  if elab $$t $$p; then rc=0; else rc=$$?; fi; \
	  if [ $$ok = 1 ] && [ $$rc = 0 ]; then echo "test-rtl-params-core: $$t elaborates qarma_core $$p"; \
	  elif [ $$ok = 0 ] && [ $$rc != 0 ] && grep -q qarma_core_parameter_out_of_range $$log; then \
	    echo "test-rtl-params-core: $$t refuses qarma_core $$p"; \
	  else echo "test-rtl-params-core: FAIL: $$t on qarma_core $$p (exit $$rc)"; tail -5 $$log; fail=1; fi; \
	done; done; rm -f $$log; exit $$fail
TEST_TARGETS += test-rtl-params-core

# ---- illegal parameters stop elaboration (qpac_pipeline.vh QpacParamsLegal):
# each setting below must fail in Icarus and in Verilator, for qpac_unit and
# qpac_apb; the legal control setting must pass in both
# (SIDE_RAM=1 alone: GLOBAL_STALL is 0 by default, which SIDE_RAM=1 needs to be 1)
RTL_BAD_PARAMS ?= DEPTH=25 DEPTH=-1 TAG_W=0 PTR_PIPE=2 GLOBAL_STALL=2 KEY_PIPE=3 QARMA3=2 SIDE_RAM=2 SIDE_RAM=1
test-rtl-params:
	@$(DEPS) rtl
	@mkdir -p $(RTL_BUILD)/params; fail=0; log=$(RTL_BUILD)/params/last.log; \
	elab() { top=$$1; p=$$2; if [ $$top = qpac_unit ]; then src="$(RTL_UNIT_SRC)"; else src="$(RTL_SRC)"; fi; \
	  if [ -n "$$p" ]; then ip="-P$$top.$$p"; vp="-G$$p"; else ip=; vp=; fi; \
	  $(IVERILOG) $(IVFLAGS) -s $$top $$ip -o $(RTL_BUILD)/params/x.vvp $$src >$$log 2>&1 && iv=0 || iv=1; \
	  $(VERILATOR) $(VLFLAGS) $(RTL_VLT) --top-module $$top $$vp $$src >>$$log 2>&1 && vl=0 || vl=1; }; \
	for top in qpac_unit qpac_apb; do \
	  elab $$top "DEPTH=24"; \
	  [ $$iv$$vl = 00 ] || { echo "test-rtl-params: $$top DEPTH=24 (legal) refused"; cat $$log; fail=1; }; \
	  for p in $(RTL_BAD_PARAMS); do \
	    case "$$top:$$p" in qpac_apb:TAG_W=*) continue ;; esac; elab $$top "$$p"; \
	    [ $$iv$$vl = 11 ] || { echo "test-rtl-params: $$top $$p NOT refused (icarus $$iv, verilator $$vl)"; fail=1; }; \
	  done; done; \
	[ $$fail = 0 ] && echo "test-rtl-params: $(words $(RTL_BAD_PARAMS)) illegal settings refused by Icarus and Verilator (qpac_unit, qpac_apb); DEPTH=24 elaborates" || { echo "test-rtl-params: FAILED"; exit 1; }
TEST_TARGETS += test-rtl-params

# Long run (not in `make test`): RTL_GEN_LONG-op streams at other DEPTHs
RTL_LONG_VVP := $(foreach d,$(RTL_LONG_DEPTHS),$(RTL_BUILD)/tb_qpac_unit_d$(d).vvp)
RTL_LONG_IMG := $(foreach s,$(RTL_LONG_SEEDS),$(RTL_BUILD)/gen_long$(s).memh)
test-rtl-long: $(RTL_LONG_VVP) $(RTL_LONG_IMG)
	@fail=0; for d in $(RTL_LONG_DEPTHS); do for s in $(RTL_LONG_SEEDS); do \
	  $(call RTL_RUN,$(RTL_BUILD)/tb_qpac_unit_d$$d.vvp,$(RTL_BUILD)/gen_long$$s.memh) || fail=1; \
	done; done; [ $$fail = 0 ] && echo "test-rtl-long: passed" || { echo "test-rtl-long: FAILED"; exit 1; }

# One bench run: make sim-rtl RTL_TB=tb_qpac_unit RTL_DEPTH=3 RTL_IMAGE=build/rtl/x.memh
RTL_TB    ?= tb_qpac_unit
RTL_DEPTH ?= 12
RTL_IMAGE ?= $(RTL_BUILD)/smoke.memh
sim-rtl: $(RTL_BUILD)/$(RTL_TB)_d$(RTL_DEPTH).vvp $(RTL_IMAGES)
	@$(call RTL_RUN,$<,$(RTL_IMAGE))

# ---- lint: every module as top, the wrappers at several DEPTHs -----------------------
lint-rtl:
	@$(DEPS) rtl
	@set -e; \
	for m in qpac_keyfile qpac_cfg qpac_ptr_front qpac_ptr_mid qpac_ptr_back qpac_side_ram; do \
	  $(VERILATOR) $(VLFLAGS) $(RTL_VLT) --top-module $$m $(RTL_DIR)/$$m.v; done; \
	for r in 0 1 2; do $(VERILATOR) $(VLFLAGS) $(RTL_VLT) -GREG=$$r $(RTL_DIR)/qpac_pipe_slot.v; done; \
	$(VERILATOR) $(VLFLAGS) $(RTL_VLT) --top-module qarma_core $(RTL_DIR)/qarma_core.v $(RTL_DIR)/qpac_pipe_slot.v; \
	for d in $(RTL_CORE_DEPTHS); do for k in 0 1; do \
	  $(VERILATOR) $(VLFLAGS) $(RTL_VLT) --top-module qarma_core -GDEPTH=$$d -GKEY_PIPE=$$k $(RTL_DIR)/qarma_core.v $(RTL_DIR)/qpac_pipe_slot.v; \
	done; done; \
	$(VERILATOR) $(VLFLAGS) $(RTL_VLT) --top-module qpac_unit $(RTL_UNIT_SRC); \
	for d in $(RTL_LINT_DEPTHS); do \
	  $(VERILATOR) $(VLFLAGS) $(RTL_VLT) --top-module qpac_apb -GDEPTH=$$d $(RTL_SRC); \
	  $(VERILATOR) $(VLFLAGS) $(RTL_VLT) --top-module qpac_axil -GDEPTH=$$d $(RTL_DIR)/qpac_axil.v $(RTL_SRC); \
	done; \
	$(VERILATOR) $(VLFLAGS) $(RTL_VLT) --top-module qarma_core -GKEY_PIPE=1 $(RTL_DIR)/qarma_core.v $(RTL_DIR)/qpac_pipe_slot.v; \
	for d in $(RTL_KP_DEPTHS); do \
	  $(VERILATOR) $(VLFLAGS) $(RTL_VLT) --top-module qpac_apb -GKEY_PIPE=1 -GDEPTH=$$d $(RTL_SRC); \
	done; \
	for d in $(RTL_KP2_DEPTHS) 24; do \
	  $(VERILATOR) $(VLFLAGS) $(RTL_VLT) --top-module qarma_core -GKEY_PIPE=2 -GDEPTH=$$d $(RTL_DIR)/qarma_core.v $(RTL_DIR)/qpac_pipe_slot.v; \
	  $(VERILATOR) $(VLFLAGS) $(RTL_VLT) --top-module qpac_apb -GKEY_PIPE=2 -GPTR_PIPE=1 -GGLOBAL_STALL=1 -GDEPTH=$$d $(RTL_SRC); \
	done; \
	for d in $(RTL_PP_DEPTHS); do \
	  $(VERILATOR) $(VLFLAGS) $(RTL_VLT) --top-module qpac_apb -GPTR_PIPE=1 -GDEPTH=$$d $(RTL_SRC); \
	done; \
	for d in $(RTL_GS_DEPTHS); do for p in 0 1; do \
	  $(VERILATOR) $(VLFLAGS) $(RTL_VLT) --top-module qpac_apb -GGLOBAL_STALL=1 -GPTR_PIPE=$$p -GDEPTH=$$d $(RTL_SRC); \
	done; done; \
	for d in 12 24; do \
	  $(VERILATOR) $(VLFLAGS) $(RTL_VLT) --top-module qpac_apb -GQARMA3=0 -GGLOBAL_STALL=1 -GPTR_PIPE=1 -GDEPTH=$$d $(RTL_SRC); \
	done; \
	for r in 0 1; do $(VERILATOR) $(VLFLAGS) $(RTL_VLT) -GREG=$$r -GCOLLAPSE=0 $(RTL_DIR)/qpac_pipe_slot.v; done; \
	for n in 0 1 2 3 12 24; do $(VERILATOR) $(VLFLAGS) $(RTL_VLT) -GN=$$n $(RTL_DIR)/qpac_side_ram.v; done; \
	for t in $(RTL_SR_STEMS) d24-p1-g1-r1 d0-g1-r1; do d=$${t%%-*}; case $$t in *-p1*) p=1;; *) p=0;; esac; \
	  $(VERILATOR) $(VLFLAGS) $(RTL_VLT) --top-module qpac_apb -GSIDE_RAM=1 -GDEPTH=$${d#d} -GPTR_PIPE=$$p \
	    -GGLOBAL_STALL=1 $(RTL_SRC); done; \
	echo "lint-rtl: verilator -Wall clean: every module, qpac_apb and qpac_axil at DEPTH $(RTL_LINT_DEPTHS), qarma_core at $(RTL_CORE_DEPTHS), KEY_PIPE=1 at DEPTH $(RTL_KP_DEPTHS), KEY_PIPE=2 at DEPTH $(RTL_KP2_DEPTHS) 24, PTR_PIPE=1 at DEPTH $(RTL_PP_DEPTHS), GLOBAL_STALL=1 at DEPTH $(RTL_GS_DEPTHS), QARMA5 only (QARMA3=0) at 12 24, SIDE_RAM=1 at $(RTL_SR_STEMS) d24-p1-g1-r1 d0-g1-r1"
TEST_TARGETS += lint-rtl
HELP_LINES += "test-rtl-params  illegal qpac_unit/qpac_apb parameters must stop Icarus and Verilator"

HELP_LINES += "lint-rtl     verilator --lint-only -Wall on every RTL module (also: make lint)" \
              "test-rtl     Icarus benches: core KATs, unit and APB wrapper on the shared vectors and a gen stream, DEPTH $(RTL_DEPTHS) (core also $(RTL_CORE_DEPTHS); KEY_PIPE=1: $(RTL_KP_DEPTHS); KEY_PIPE=2: $(RTL_KP2_DEPTHS), d12-p1-g1-k2; PTR_PIPE=1: $(RTL_PP_DEPTHS); GLOBAL_STALL=1: $(RTL_GS_DEPTHS))" \
              "test-rtl-long  tb_qpac_unit on two $(RTL_GEN_LONG)-op qpac gen --hw streams at DEPTH $(RTL_LONG_DEPTHS)" \
              "sim-rtl      one bench: RTL_TB=tb_qpac_unit|tb_qpac_apb|tb_qarma_core RTL_DEPTH=n RTL_IMAGE=file"

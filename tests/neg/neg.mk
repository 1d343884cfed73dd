# tests/neg/neg.mk - negative tests: every suite runner of `make test` must
# fail on a corrupted input (issue 10 D1), the RTL mutants of D10 must fail
# the benches and the default cosim, and make must refuse illegal pipeline
# parameters before building (D7). Each case prints "caught" or "NOT caught";
# a case counts as caught only if the target exits non-zero AND its log names
# the corruption (so a run that fails for another reason does not pass).
# Reuses the builds of the suites (make test runs them first); the cosim
# mutant is one extra Verilator build at DEPTH NEG_COSIM_DEPTH.
#   make test-neg
# The corrupted inputs are in $(NEG_B): a copy of the shared vectors with one
# expected value flipped, a generated register-map file with one bit changed,
# an RTL copy with a lint violation, two RTL mutants, a README whose example
# comment promises another value, and the RTL images with one expected bit
# flipped (test-rtl-neg in rtl/rtl.mk covers sim-rtl and test-rtl with them).

NEG_B   := $(BUILD)/neg/suites
NEG_COSIM_DEPTH ?= 1
# the mutants (D10): sed scripts applied to a copy of rtl/; each must change
# its file (checked), so a rewrite of the RTL cannot silently disarm them.
#  key: the reset leaves the high word of key DB (n == 3) as it was
NEG_MUT_KEY := qpac_keyfile.v:s/key_q <= 128'd0;/key_q <= (n == 3) ? {key_q[127:64], 64'd0} : 128'd0;/
#  gs: a COLLAPSE=0 slot (only built with GLOBAL_STALL=1) also loads when its
#  input is not valid, so a stalled result is overwritten by a bubble
NEG_MUT_GS  := qpac_pipe_slot.v:s/: out_ready_i;/: (out_ready_i || !in_valid_i);/
# $(call neg_mutant,DIR,FILE:SED): copy rtl/ to DIR, apply, fail if unchanged
neg_mutant = rm -rf $(1); mkdir -p $(1); cp rtl/*.v rtl/*.vh rtl/*.vlt $(1)/; \
  f=$(word 1,$(subst :, ,$(2))); sed -i "$(patsubst $(word 1,$(subst :, ,$(2))):%,%,$(2))" $(1)/$$f; \
  if cmp -s rtl/$$f $(1)/$$f; then echo "test-neg: mutant '$(2)' no longer applies to rtl/$$f"; exit 1; fi

$(NEG_B)/mut_key/qpac_keyfile.v: $(wildcard rtl/*.v rtl/*.vh) tests/neg/neg.mk
	@$(call neg_mutant,$(@D),$(NEG_MUT_KEY))
$(NEG_B)/mut_gs/qpac_pipe_slot.v: $(wildcard rtl/*.v rtl/*.vh) tests/neg/neg.mk
	@$(call neg_mutant,$(@D),$(NEG_MUT_GS))
# the key mutant in the default cosim's build (check: random initial state)
$(COSIM_B)/mutkey-d%/cosim: $(NEG_B)/mut_key/qpac_keyfile.v cosim/dut_unit.cpp cosim/harness.h $(COSIM_LIB) $(LIBQPAC_A)
	$(call cosim_verilate,--x-assign unique --x-initial unique,$(COSIM_CHECK_OPT),check,$*,$(COSIM_B)/mutkey-d$*,$(NEG_B)/mut_key)
# the GLOBAL_STALL-only mutant as cosim builds (not in test-neg, one more
# Verilator build: make build/cosim/mutgs-d12-g1/cosim shows that the default
# make cosim, which runs GLOBAL_STALL=1 too, catches it)
$(COSIM_B)/mutgs-d%/cosim: $(NEG_B)/mut_gs/qpac_pipe_slot.v cosim/dut_unit.cpp cosim/harness.h $(COSIM_LIB) $(LIBQPAC_A)
	$(call cosim_verilate,--x-assign unique --x-initial unique,$(COSIM_CHECK_OPT),check,$*,$(COSIM_B)/mutgs-d$*,$(NEG_B)/mut_gs)
# Icarus unit bench on a mutant: $(call neg_iv_unit,MUTDIR,DEPTH,EXTRA-P)
neg_iv_unit = $(IVERILOG) $(IVFLAGS) -I$(1) -P tb_qpac_unit.DEPTH=$(2) $(3) -o $(1)/tb_d$(2)$(subst =,,$(subst -P tb_qpac_unit.,_,$(3))).vvp \
  $(1)/qpac_regmap.vh tests/rtl/tb_qpac_unit.v $$(ls $(1)/*.v | grep -v '/qpac_apb\.v$$')

.PHONY: test-neg
# $(TEST_BIN): built here with the real vectors path (the cmocka binaries
# bake it in), so the corrupted VECTORS_DIR below never reaches them
test-neg: $(QPAC_BIN) $(TEST_BIN) $(RTL_IMAGES) $(NEG_B)/mut_key/qpac_keyfile.v $(NEG_B)/mut_gs/qpac_pipe_slot.v \
          $(COSIM_B)/mutkey-d$(NEG_COSIM_DEPTH)/cosim
	@$(DEPS) base rtl
	@set -e; N=$(NEG_B); rm -rf $$N/in; mkdir -p $$N/in/vectors $$N/in/regmap $$N/in/img; \
	cp $(VECTORS_DIR)/* $$N/in/vectors/; \
	$(PYTHON) tests/neg/corrupt.py flip '^pacia' $(VECTORS_DIR)/qemu-smoke.pvs $$N/in/vectors/qemu-smoke.pvs; \
	$(PYTHON) tests/neg/corrupt.py flip '^`define' rtl/qpac_regmap.vh $$N/in/regmap/qpac_regmap.vh; \
	$(PYTHON) tests/neg/corrupt.py flip '/\* [0-9a-f]{16} \*/' README.md $$N/in/README.md; \
	for im in smoke kat; do $(PYTHON) tests/neg/corrupt.py flip '^3..1' $(RTL_BUILD)/$$im.memh $$N/in/img/$$im.memh; done; \
	rm -rf $$N/in/rtl_lint; mkdir -p $$N/in/rtl_lint; cp rtl/*.v rtl/*.vh rtl/*.vlt $$N/in/rtl_lint/; \
	sed -i 's/^endmodule/wire neg_lint_bad = 2;\nendmodule/' $$N/in/rtl_lint/qpac_keyfile.v
	@N=$(NEG_B); fail=0; n=0; \
	case_() { label=$$1 want=$$2; shift 2; n=$$((n+1)); log=$$N/case$$n.log; \
	  if "$$@" >$$log 2>&1; then echo "test-neg: NOT caught (exit 0): $$label"; fail=1; \
	  elif ! grep -q -E -- "$$want" $$log; then echo "test-neg: NOT caught (failed, but the log does not say '$$want'; $$log): $$label"; fail=1; \
	  else echo "test-neg: caught: $$label: $$(grep -m1 -E -- "$$want" $$log | cut -c1-110)"; fi; }; \
	M="$(MAKE) --no-print-directory"; \
	case_ "test-regmap, one generated file out of date" "qpac_regmap.vh is out of date" \
	  $$M test-regmap REGMAP_OUT="cmodel/include/qpac_regmap.h $$N/in/regmap/qpac_regmap.vh doc/regmap.md"; \
	case_ "test-cmodel, one expected value flipped in qemu-smoke.pvs" "qemu-smoke.pvs:[0-9]+: .*expected" \
	  $$M test-cmodel VECTORS_DIR=$$N/in/vectors; \
	case_ "lint-rtl, a width mismatch in qpac_keyfile.v" "neg_lint_bad" \
	  $$M lint-rtl RTL_DIR=$$N/in/rtl_lint; \
	case_ "test-readme, the README promises another value" "README says" \
	  $$M test-readme README_MD=$$N/in/README.md; \
	case_ "test-cosim, one expected value flipped in the known answers" "FAIL: cosim DEPTH=12" \
	  env COSIM_TEST_COUNT=2000 $$M test-cosim VECTORS_DIR=$$N/in/vectors COSIM_TEST_DEPTHS=12; \
	for d in $(COSIM_B)/test-logs.*; do if grep -rqs "$$N/in/vectors" $$d; then rm -rf $$d; fi; done; \
	case_ "cosim-sc, one expected value flipped in qemu-smoke.pvs" "qemu-smoke.pvs" \
	  $$M test-cosim-sc VECTORS_DIR=$$N/in/vectors; \
	case_ "test-postsynth, one expected bit flipped in the smoke image" "ERROR|FATAL" \
	  $$M test-postsynth POSTSYN_IMG_DIR=$$N/in/img POSTSYN_IMAGES=smoke; \
	case_ "test-fpga-uart, one expected value flipped in qemu-smoke.pvs" "FAIL fpga uart: qpac check" \
	  $$M test-fpga-uart VECTORS_DIR=$$N/in/vectors; \
	$(SAN_MAKE) $(SAN_COSIM) >$$N/san-build.log 2>&1 || { echo "test-neg: the sanitizer cosim build failed ($$N/san-build.log)"; fail=1; }; \
	case_ "test-sanitize's cosim (ASan+UBSan), one expected value flipped" "mismatch" \
	  $(SAN_COSIM) +known=$$N/in/vectors +count=2000 +seed=1 +progress=0; \
	for v in "DEPTH=25" "DEPTH=-1" "DEPTH=abc" "PTR_PIPE=2" "GLOBAL_STALL=x" "DEPTH=3 4"; do \
	  before=$$(ls $(COSIM_B) 2>/dev/null | sort | tr '\n' ' '); \
	  case_ "make cosim $$v refused before building" "must be one of" $$M cosim "$$v"; \
	  after=$$(ls $(COSIM_B) 2>/dev/null | sort | tr '\n' ' '); \
	  [ "$$before" = "$$after" ] || { echo "test-neg: make cosim $$v left files in $(COSIM_B): $$after"; fail=1; }; \
	done; \
	case_ "make build/cosim/check-d25/cosim refused" "build stem '25'" $$M $(COSIM_B)/check-d25/cosim; \
	case_ "D10: cosim (default options, DEPTH $(NEG_COSIM_DEPTH)) on a unit whose reset keeps key DB's high word" "mismatch" \
	  $(COSIM_B)/mutkey-d$(NEG_COSIM_DEPTH)/cosim +known=$(VECTORS_DIR) +count=20000 +seed=1 +progress=0; \
	case_ "D10: the same, flops starting at 0: caught by a reset in the stream" "mismatch .*after a reset" \
	  $(COSIM_B)/mutkey-d$(NEG_COSIM_DEPTH)/cosim +count=20000 +seed=1 +progress=0 +verilator+rand+reset+0; \
	$(call neg_iv_unit,$(NEG_B)/mut_key,1,) >/dev/null; \
	case_ "D10: tb_qpac_unit (test-rtl's bench) on the key mutant" "reset probe" \
	  $(call RTL_RUN,$$N/mut_key/tb_d1.vvp,$(RTL_BUILD)/smoke.memh); \
	$(call neg_iv_unit,$(NEG_B)/mut_gs,7,-P tb_qpac_unit.GLOBAL_STALL=1) >/dev/null; \
	$(call neg_iv_unit,$(NEG_B)/mut_gs,7,) >/dev/null; \
	case_ "D10: tb_qpac_unit GLOBAL_STALL=1 on the GLOBAL_STALL-only mutant" "ERROR|FATAL" \
	  $(call RTL_RUN,$$N/mut_gs/tb_d7_GLOBAL_STALL1.vvp,$(RTL_BUILD)/gen_unit.memh); \
	if $(call RTL_RUN,$$N/mut_gs/tb_d7.vvp,$(RTL_BUILD)/gen_unit.memh) >$$N/gs0.log 2>&1; then \
	  echo "test-neg: (the GLOBAL_STALL-only mutant passes with GLOBAL_STALL=0, as intended)"; \
	else echo "test-neg: the GLOBAL_STALL-only mutant fails with GLOBAL_STALL=0 too: it does not test what it claims ($$N/gs0.log)"; fail=1; fi; \
	if [ $$fail = 0 ]; then echo "test-neg: all $$n corrupted inputs and mutants caught"; \
	else echo "test-neg: FAILED"; exit 1; fi
TEST_TARGETS += test-neg

HELP_LINES += "test-neg     negative tests: each suite fails on a corrupted input, RTL mutants fail, bad DEPTH refused"

# tests/mutate/mutate.mk - mutation score of the RTL (issue 13; doc/verification.md,
# "Mutation score"). Mutants from Yosys's `mutate` (MCY's engine), checked by the
# Icarus benches of rtl/rtl.mk; the driver is tests/mutate/mutate.py.
#   make mutate                  the full set (MUTATE_J shards at once), report
#   make mutate MUTATE_N=60      a reproducible sample of it (MUTATE_SEED)
#   make mutate-shard MUTATE_SHARD=i/N   one shard (a farm node), then
#   make mutate-report           merges every shard file of $(MUTATE_D)/res
#   make test-mutate             the brief check in make test
# Outputs: $(MUTATE_D)/report.md (build/mutate/report.md is a copy of the last).

MUTATE_B     := $(BUILD)/mutate
MUTATE_SEED  ?= 1
MUTATE_N     ?=
MUTATE_SHARD ?= 1/1
MUTATE_J     ?= 2
MUTATE_YOSYS ?= yosys
MUTATE_PARTIAL ?=
# one directory per seed (the seed picks the full set); shard files are named
# after the sample and the split, so shards of different runs never mix
MUTATE_D     := $(MUTATE_B)/seed$(MUTATE_SEED)
MUTATE_NAME  := n$(or $(MUTATE_N),all)
MUTATE_PY     = $(PYTHON) tests/mutate/mutate.py --build $(MUTATE_D) --rtl $(RTL_DIR) \
  --img $(RTL_BUILD) --reset-image $(RTL_BUILD)/after_reset.memh --yosys $(MUTATE_YOSYS) \
  --iverilog $(IVERILOG) --seed $(MUTATE_SEED) $(if $(MUTATE_N),--n $(MUTATE_N))
MUTATE_SHARDS = $(foreach i,$(shell seq 1 $(MUTATE_J)),$(MUTATE_D)/res/$(MUTATE_NAME)-$(i)of$(MUTATE_J).tsv)
MUTATE_DEPS  := $(RTL_SRC) $(RTL_INC) tests/mutate/mutate.py

.PHONY: mutate mutate-shard mutate-report mutate-recheck test-mutate
comma := ,

# the full set: every stem elaborated, mutate -list per module
$(MUTATE_D)/mutants.tsv: $(MUTATE_DEPS)
	@$(DEPS) rtl
	$(MUTATE_PY) list
# the unmutated netlist of every stem passes every check (else no score)
$(MUTATE_D)/orig.stamp: $(MUTATE_D)/mutants.tsv $(RTL_IMAGES) tests/rtl/tb_qpac_unit.v tests/rtl/tb_qpac_apb.v
	nice -n 10 $(MUTATE_PY) orig --jobs $(MUTATE_J)
	@touch $@
$(MUTATE_D)/res/$(MUTATE_NAME)-%.tsv: $(MUTATE_D)/orig.stamp
	nice -n 10 $(MUTATE_PY) run --shard $(subst of,/,$*) --out $@

# $(call mutate_report,SHARD-FILES,RECHECK-FILES): equivalence of the survivors,
# then the report; a recheck file (make mutate-recheck) replaces the results
# of its mutants
mutate_report = $(MUTATE_PY) equiv --results $(1) --recheck $(2) && \
  $(MUTATE_PY) report --results $(1) --recheck $(2) --notes tests/mutate/survivors.txt \
    $(if $(MUTATE_PARTIAL),--partial) && \
  cp $(MUTATE_D)/report.md $(MUTATE_B)/report.md
MUTATE_RECHECK = $(wildcard $(MUTATE_D)/res/recheck-*.tsv)

mutate: $(MUTATE_D)/orig.stamp
	@rm -f $(MUTATE_SHARDS) $(MUTATE_D)/res/recheck-*.tsv
	@$(MAKE) --no-print-directory -j$(MUTATE_J) $(MUTATE_SHARDS)
	@$(call mutate_report,$(MUTATE_SHARDS),)

mutate-shard: $(MUTATE_D)/orig.stamp
	nice -n 10 $(MUTATE_PY) run --shard $(MUTATE_SHARD) --out $(MUTATE_D)/res/$(MUTATE_NAME)-$(subst /,of,$(MUTATE_SHARD)).tsv

mutate-report:
	@$(call mutate_report,$(wildcard $(MUTATE_D)/res/$(MUTATE_NAME)-*.tsv),$(MUTATE_RECHECK))

# survivors again after a bench gained a check: make mutate-recheck MUTATE_IDS=m0014,m0015
mutate-recheck: $(MUTATE_D)/orig.stamp
	nice -n 10 $(MUTATE_PY) run --ids $(MUTATE_IDS) --out $(MUTATE_D)/res/recheck-$(subst $(comma),-,$(MUTATE_IDS)).tsv

# ---- brief check for make test (about 1 minute): one stem (d1), the smoke
# image; the unmutated unit passes, a known mutant (out_valid_o inverted) is
# killed, and the same orig check with the vector images missing must fail;
# the context check (mutate.py ctx) on 12 qpac_ptr_mid mutants must prove at
# least one equivalent and refute at least one, and the dead-point check
# (mutate.py dead) on 20 qpac_unit mutants must find at least one point that
# reaches no output and one that does
MUTATE_T := $(BUILD)/mutate-test
MUTATE_T_PY = $(PYTHON) tests/mutate/mutate.py --build $(MUTATE_T) --rtl $(RTL_DIR) \
  --reset-image $(RTL_BUILD)/after_reset.memh --yosys $(MUTATE_YOSYS) --iverilog $(IVERILOG) \
  --stems unit:d1 --images smoke
test-mutate: $(RTL_IMAGES) $(MUTATE_DEPS)
	@$(DEPS) rtl
	@rm -rf $(MUTATE_T); mkdir -p $(MUTATE_T)/noimg
	@$(MUTATE_T_PY) --img $(RTL_BUILD) list --only "-mode inv -module qpac_unit -wire out_valid_o"
	@$(MUTATE_T_PY) --img $(RTL_BUILD) orig
	@$(MUTATE_T_PY) --img $(RTL_BUILD) run --out $(MUTATE_T)/res.tsv
	@grep -q "	K	smoke	" $(MUTATE_T)/res.tsv || { echo "test-mutate: the known mutant was NOT killed"; exit 1; }
	@$(MUTATE_T_PY) report --results $(MUTATE_T)/res.tsv | tee $(MUTATE_T)/score.txt
	@grep -qx "mutation score: 1 of 1 killed (100.0%), 0 equivalent" $(MUTATE_T)/score.txt
	@rc=0; $(MUTATE_T_PY) --img $(MUTATE_T)/noimg orig > $(MUTATE_T)/neg.log 2>&1 || rc=$$?; \
	if [ $$rc != 0 ] && grep -q "the unmutated design FAILS" $(MUTATE_T)/neg.log; then \
	  echo "test-mutate: caught: with the vector images missing the harness fails (exit $$rc) instead of scoring"; \
	else echo "test-mutate: NOT caught: the harness ran without its vector images (exit $$rc)"; cat $(MUTATE_T)/neg.log; exit 1; fi
	@$(MUTATE_T_PY) --build $(MUTATE_T)/ctx --only-n 12 list --only "-module qpac_ptr_mid"
	@$(MUTATE_T_PY) --build $(MUTATE_T)/ctx ctx > $(MUTATE_T)/ctx.txt; tail -1 $(MUTATE_T)/ctx.txt
	@grep -Eq "mutants: [1-9][0-9]* equivalent in context, [1-9][0-9]* not, 0 undecided" $(MUTATE_T)/ctx.txt || \
	  { echo "test-mutate: the context check did not both prove and refute (a check that cannot fail, or one that never passes)"; exit 1; }
	@$(MUTATE_T_PY) --build $(MUTATE_T)/dead --only-n 20 list --only "-module qpac_unit"
	@$(MUTATE_T_PY) --build $(MUTATE_T)/dead dead > $(MUTATE_T)/dead.txt; tail -1 $(MUTATE_T)/dead.txt
	@grep -Eq "mutants: [1-9][0-9]* dead, [1-9][0-9]* live" $(MUTATE_T)/dead.txt || \
	  { echo "test-mutate: the dead-point check did not both prove and refute"; exit 1; }
	@echo "test-mutate: the unmutated unit passes, the inverted out_valid_o mutant is killed, a broken check fails the run, the context check proves some ptr_mid mutants and refutes others, the dead-point check finds some qpac_unit points unobservable and others live"
TEST_TARGETS += test-mutate

HELP_LINES += "mutate       mutation score of the RTL: Yosys mutants through the benches (MUTATE_N= MUTATE_SEED= MUTATE_SHARD=i/N MUTATE_J=); build/mutate/report.md" \
              "mutate-recheck  MUTATE_IDS=m0001,... survivors again after a bench gained a check" \
              "test-mutate  the mutation harness: the original passes, a known mutant is killed, a broken check fails"

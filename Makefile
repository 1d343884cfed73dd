# qpac - top-level Makefile. Every build output goes to $(BUILD).
# Each room adds its own rules in a fragment (cmodel/cmodel.mk, rtl/rtl.mk,
# cosim/cosim.mk, synth/synth.mk, tests/export.mk) and appends its checks to
# TEST_TARGETS and its benchmarks to BENCH_TARGETS. `make help` lists targets.

# Every recipe runs in bash with -e and pipefail: a failing command anywhere in a
# pipe fails the recipe. A target whose recipe fails is deleted, so the next make
# rebuilds it instead of trusting a half-written file.
SHELL       := /bin/bash
.SHELLFLAGS := -e -o pipefail -c
.DELETE_ON_ERROR:

BUILD   ?= build
SHARED  ?= ../shared
VECTORS_DIR ?= $(SHARED)/vectors
PYTHON  ?= python3
DEPS    := sh scripts/deps.sh

TEST_TARGETS  :=
BENCH_TARGETS :=
HELP_LINES    :=

.DEFAULT_GOAL := all
.PHONY: all test bench help clean regmap test-regmap test-readme test-install deps test-junit

all:

# ---- register map: one source, three generated files ------------------------
REGMAP_SRC := regmap/qpac.regs
REGMAP_OUT := cmodel/include/qpac_regmap.h rtl/qpac_regmap.vh doc/regmap.md
regmap:
	$(PYTHON) scripts/gen_regmap.py $(REGMAP_SRC) $(REGMAP_OUT)

test-regmap:
	@mkdir -p $(BUILD)/regmap
	@$(PYTHON) scripts/gen_regmap.py $(REGMAP_SRC) $(BUILD)/regmap/qpac_regmap.h \
	  $(BUILD)/regmap/qpac_regmap.vh $(BUILD)/regmap/regmap.md
	@for f in $(REGMAP_OUT); do \
	  cmp -s $$f $(BUILD)/regmap/$$(basename $$f) || { echo "$$f is out of date: run make regmap"; exit 1; }; \
	done; echo "regmap: generated files up to date"
TEST_TARGETS += test-regmap

# ---- the README's C example compiles and prints what its comment says -------
# (README_MD: the negative test points it at a corrupted copy)
README_MD ?= README.md
test-readme: lib
	@mkdir -p $(BUILD)/readme
	@sed -n '/^```c$$/,/^```$$/p' $(README_MD) | sed '1d;$$d' > $(BUILD)/readme/example.c
	@$(CC) $(CFLAGS) -std=c11 -Wall -Wextra -Werror -Icmodel/include $(BUILD)/readme/example.c \
	  $(LIBQPAC_A) $(LDFLAGS) -o $(BUILD)/readme/example
	@want=$$(sed -n 's|.*/\* \([0-9a-f]\{16\}\) \*/.*|\1|p' $(BUILD)/readme/example.c); \
	got=$$($(BUILD)/readme/example); \
	if [ -n "$$want" ] && [ "$$want" = "$$got" ]; then echo "README example: prints $$got as documented"; \
	else echo "README example: printed '$$got', README says '$$want'"; exit 1; fi

-include cmodel/cmodel.mk
-include rtl/rtl.mk
-include cosim/cosim.mk
-include synth/synth.mk
-include synth/fpga.mk
-include tests/export.mk
-include tests/soc.mk
-include tests/sanitize.mk
-include tests/neg/neg.mk
-include formal/formal.mk
-include tests/mutate/mutate.mk

TEST_TARGETS += test-readme

# ---- make install into a staging dir, then build the README example against
# ---- the installed header, shared library and pkg-config file ---------------
test-install: test-readme
	@rm -rf $(BUILD)/stage
	@$(MAKE) --no-print-directory -s install PREFIX=/usr DESTDIR=$(abspath $(BUILD)/stage) >/dev/null
	@st=$(abspath $(BUILD)/stage); pc=$$st/usr/lib/pkgconfig; \
	flags=$$(PKG_CONFIG_PATH=$$pc PKG_CONFIG_SYSROOT_DIR=$$st pkg-config --cflags --libs qpac) && \
	$(CC) -std=c11 -Wall -Wextra -Werror $(BUILD)/readme/example.c $$flags -o $(BUILD)/stage/example && \
	got=$$(LD_LIBRARY_PATH=$$st/usr/lib $(BUILD)/stage/example) && \
	want=$$(sed -n 's|.*/\* \([0-9a-f]\{16\}\) \*/.*|\1|p' $(BUILD)/readme/example.c) && \
	{ [ -n "$$want" ] && [ "$$got" = "$$want" ] || { echo "make install: the installed example printed '$$got', README says '$$want'"; exit 1; }; } && \
	[ -x $$st/usr/bin/qpac ] && echo "make install: staged, shared library + pkg-config example prints $$got"
	@st=$(abspath $(BUILD)/stage); pc=$$st/usr/lib/pkgconfig; \
	flags=$$(PKG_CONFIG_PATH=$$pc PKG_CONFIG_SYSROOT_DIR=$$st pkg-config --cflags --libs qpac); \
	$(CC) -std=c11 -Wall -Wextra -Werror -pedantic tests/install/abi_version.c $$flags -o $$st/abi_version; \
	out=$$(LD_LIBRARY_PATH=$$st/usr/lib $$st/abi_version); read ver major <<< "$$out"; \
	check() { [ "$$(PKG_CONFIG_PATH=$$1 pkg-config --modversion qpac)" = "$$ver" ] && \
	  readelf -d $$st/usr/lib/libqpac.so.$$major | grep -q "SONAME.*\[libqpac.so.$$major\]" && \
	  [ -f $$st/usr/lib/libqpac.so.$$ver ] && [ "$$(ls $$st/usr/include)" = "$$(cd cmodel/include && ls)" ]; }; \
	check $$pc || { echo "make install: qpac.pc, the SONAME or the installed headers disagree with qpac.h's version $$ver"; exit 1; }; \
	mkdir -p $$st/badpc; sed 's/^Version: .*/Version: 9.9.9/' $$pc/qpac.pc > $$st/badpc/qpac.pc; \
	if check $$st/badpc; then echo "make install: a qpac.pc with another version passed the check"; exit 1; fi; \
	echo "make install: version $$ver (qpac.h, libqpac, qpac.pc, SONAME libqpac.so.$$major) and headers $$(ls $$st/usr/include | tr '\n' ' ')agree; a wrong qpac.pc version is caught"
TEST_TARGETS += test-install

HELP_LINES += "all          build the library and the qpac tool" \
              "test         build and run every test (what CI runs)" \
              "bench        print speed figures" \
              "regmap       regenerate the register-map header, include and table" \
              "clean        remove $(BUILD)/"

deps:
	@$(DEPS) base

# Every suite's console output is also kept in $(TEST_RESULTS)/<suite>.log and
# turned into JUnit XML, $(TEST_RESULTS)/<suite>.xml (scripts/junit.py: one
# testcase per reported check, plus one for the suite's make target).
TEST_RESULTS ?= $(BUILD)/test-results
test: deps
	@mkdir -p $(TEST_RESULTS); pass=0; fail=0; failed=""; for t in $(TEST_TARGETS); do \
	  echo "==== $$t"; t0=$$(date +%s); \
	  if $(MAKE) --no-print-directory $$t 2>&1 | tee $(TEST_RESULTS)/$$t.log; then rc=0; pass=$$((pass+1)); \
	  else rc=1; echo "FAILED: $$t"; fail=$$((fail+1)); failed="$$failed $$t"; fi; \
	  $(PYTHON) scripts/junit.py $$t $(TEST_RESULTS)/$$t.log $$rc $$t0 \
	    $(TEST_RESULTS)/$$t.xml || { echo "FAILED: JUnit XML for $$t"; fail=$$((fail+1)); }; \
	done; \
	[ $$fail = 0 ] || echo "failed suites:$$failed"; \
	echo "suites: $$pass passed, $$fail failed"; [ $$fail = 0 ]

# the JUnit writer on a passing and a failing log (a failed check must appear
# as a failure with its message)
test-junit:
	@mkdir -p $(BUILD)/junit; d=$(BUILD)/junit; \
	printf '%s\n' "regmap: generated files up to date" "run-bench: x: 3 passed" > $$d/ok.log; \
	printf '%s\n' "check a passed" "ERROR: record 7: RES 1, expected 2" > $$d/bad.log; \
	$(PYTHON) scripts/junit.py ok $$d/ok.log 0 $$(date +%s) $$d/ok.xml; \
	$(PYTHON) scripts/junit.py bad $$d/bad.log 1 $$(date +%s) $$d/bad.xml; \
	$(PYTHON) -c 'import sys, xml.etree.ElementTree as E; \
	ok = E.parse(sys.argv[1]).getroot(); bad = E.parse(sys.argv[2]).getroot(); \
	f = [c.find("failure").get("message") for c in bad.iter("testcase") if c.find("failure") is not None]; \
	assert ok.get("failures") == "0" and int(ok.get("tests")) == 3, "passing log"; \
	assert bad.get("failures") == "2" and "ERROR: record 7: RES 1, expected 2" in f, f; \
	print("test-junit: JUnit XML of a passing and a failing log as expected")' $$d/ok.xml $$d/bad.xml
TEST_TARGETS += test-junit

bench: $(BENCH_TARGETS)

help:
	@printf '%s\n' "qpac make targets:" $(HELP_LINES) | sed 's/^/  /;1s/^  //'

clean:
	rm -rf $(BUILD)

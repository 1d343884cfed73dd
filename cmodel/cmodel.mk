# cmodel/cmodel.mk - libqpac (static, shared with SONAME, pkg-config) and the
# qpac tool. Sources are picked up by wildcard: add a file, not a rule.
#   cmodel/src/*.c          library (*_ssse3.c get -mssse3, *_avx.c -mavx,
#                           *_avx2.c -mavx2)
#   cmodel/tools/*.c        the qpac command
#   cmodel/tools/export/*.c qpac export: driver, coverage set, one file per format
#   tests/cmodel/test_*.c   cmocka tests, one binary each, run by test-cmodel

CC      ?= cc
CFLAGS  ?= -O2 -g
QPAC_CFLAGS := -std=c11 -Wall -Wextra -Werror -fPIC -D_POSIX_C_SOURCE=200809L -Icmodel/include
PREFIX  ?= /usr/local
DESTDIR ?=
LIBDIR  ?= $(PREFIX)/lib
INCDIR  ?= $(PREFIX)/include
BINDIR  ?= $(PREFIX)/bin

# x86-64 SIMD files get their instruction set; elsewhere they compile to
# their portable fallbacks (and are never selected at run time).
QPAC_X86 := $(if $(filter x86_64-%,$(shell $(CC) -dumpmachine)),1)
QPAC_SSSE3_FLAGS := $(if $(QPAC_X86),-mssse3)
QPAC_AVX_FLAGS   := $(if $(QPAC_X86),-mavx)
QPAC_AVX2_FLAGS  := $(if $(QPAC_X86),-mavx2)

# Every object, archive, shared library and program is built under a
# temporary name and renamed into place (mv is an atomic rename), so parallel
# makes never see or leave a half-written file (issue 10 D9; test-build-race).
QPAC_TMP = $@.$$$$.tmp
QPAC_COMMIT = mv -f $(QPAC_TMP) $@

# The version's one source is cmodel/include/qpac.h (QPAC_VERSION_MAJOR/
# MINOR/PATCH); the SONAME is libqpac.so.MAJOR.
qpac_ver = $(shell sed -n 's/^\#define QPAC_VERSION_$(1) \([0-9][0-9]*\)$$/\1/p' cmodel/include/qpac.h)
QPAC_SOVER   := $(call qpac_ver,MAJOR)
QPAC_VERSION := $(QPAC_SOVER).$(call qpac_ver,MINOR).$(call qpac_ver,PATCH)

LIB_SRC  := $(wildcard cmodel/src/*.c)
LIB_OBJ  := $(patsubst cmodel/src/%.c,$(BUILD)/obj/lib/%.o,$(LIB_SRC))
TOOL_SRC := $(wildcard cmodel/tools/*.c cmodel/tools/export/*.c)
TOOL_OBJ := $(patsubst cmodel/tools/%.c,$(BUILD)/obj/tool/%.o,$(TOOL_SRC))
TEST_SRC := $(wildcard tests/cmodel/test_*.c)
TEST_BIN := $(patsubst tests/cmodel/%.c,$(BUILD)/tests/%,$(TEST_SRC))
QPAC_HDR := $(wildcard cmodel/include/*.h)
# Every header in cmodel/include is installed (the ABI: qpac.h core API,
# qpac_vectors.h vector formats, qpac_regmap.h encodings); private ones live
# in cmodel/src.
QPAC_PUBLIC_HDR := $(QPAC_HDR)

LIBQPAC_A  := $(BUILD)/lib/libqpac.a
LIBQPAC_SO := $(BUILD)/lib/libqpac.so.$(QPAC_VERSION)
QPAC_BIN   := $(BUILD)/bin/qpac
QPAC_PC    := $(BUILD)/lib/pkgconfig/qpac.pc

.PHONY: lib tool test-cmodel bench-cmodel install uninstall check-vectors
all: lib tool
lib: $(LIBQPAC_A) $(LIBQPAC_SO) $(QPAC_PC)
tool: $(QPAC_BIN)

$(BUILD)/obj/lib/%_ssse3.o: cmodel/src/%_ssse3.c $(QPAC_HDR) cmodel/src/*.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(QPAC_CFLAGS) $(QPAC_SSSE3_FLAGS) -c $< -o $(QPAC_TMP) && $(QPAC_COMMIT)
$(BUILD)/obj/lib/%_avx.o: cmodel/src/%_avx.c cmodel/src/cipher_ssse3.c $(QPAC_HDR) cmodel/src/*.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(QPAC_CFLAGS) $(QPAC_AVX_FLAGS) -c $< -o $(QPAC_TMP) && $(QPAC_COMMIT)
$(BUILD)/obj/lib/%_avx2.o: cmodel/src/%_avx2.c $(QPAC_HDR) cmodel/src/*.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(QPAC_CFLAGS) $(QPAC_AVX2_FLAGS) -c $< -o $(QPAC_TMP) && $(QPAC_COMMIT)
$(BUILD)/obj/lib/%.o: cmodel/src/%.c $(QPAC_HDR) $(wildcard cmodel/src/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(QPAC_CFLAGS) -c $< -o $(QPAC_TMP) && $(QPAC_COMMIT)
$(BUILD)/obj/tool/%.o: cmodel/tools/%.c $(QPAC_HDR) $(wildcard cmodel/tools/*.h cmodel/tools/export/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(QPAC_CFLAGS) -c $< -o $(QPAC_TMP) && $(QPAC_COMMIT)

$(LIBQPAC_A): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $(QPAC_TMP) && ar rcs $(QPAC_TMP) $^ && $(QPAC_COMMIT)
$(LIBQPAC_SO): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) -shared -Wl,-soname,libqpac.so.$(QPAC_SOVER) -o $(QPAC_TMP) $^ && $(QPAC_COMMIT)
	ln -sfn libqpac.so.$(QPAC_VERSION) $(BUILD)/lib/libqpac.so.$(QPAC_SOVER).$$$$.tmp && \
	  mv -Tf $(BUILD)/lib/libqpac.so.$(QPAC_SOVER).$$$$.tmp $(BUILD)/lib/libqpac.so.$(QPAC_SOVER)
	ln -sfn libqpac.so.$(QPAC_SOVER) $(BUILD)/lib/libqpac.so.$$$$.tmp && \
	  mv -Tf $(BUILD)/lib/libqpac.so.$$$$.tmp $(BUILD)/lib/libqpac.so
# rebuilt every time: it records PREFIX/LIBDIR/INCDIR, which may change per call
$(QPAC_PC): cmodel/qpac.pc.in FORCE
	@mkdir -p $(dir $@)
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|; s|@INCDIR@|$(INCDIR)|; s|@VERSION@|$(QPAC_VERSION)|' $< > $(QPAC_TMP) && $(QPAC_COMMIT)

$(QPAC_BIN): $(TOOL_OBJ) $(LIBQPAC_A)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $(QPAC_TMP) $(TOOL_OBJ) $(LIBQPAC_A) && $(QPAC_COMMIT)

# valgrind's client requests (make ctgrind) when its header is installed
QPAC_VALGRIND_CFLAGS := $(if $(wildcard /usr/include/valgrind/memcheck.h),-DQPAC_HAVE_VALGRIND)

$(BUILD)/tests/test_%: tests/cmodel/test_%.c $(LIBQPAC_A) $(QPAC_HDR) $(wildcard tests/cmodel/*.h)
	@$(DEPS) cmodel
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(QPAC_CFLAGS) $(QPAC_VALGRIND_CFLAGS) -Itests/cmodel \
	  -DQPAC_VECTORS_DIR='"$(VECTORS_DIR)"' -DQPAC_TOOL='"$(QPAC_BIN)"' -o $(QPAC_TMP) $< $(TEST_OBJ) $(LIBQPAC_A) -lcmocka && \
	  $(QPAC_COMMIT)
# test_bs3's cipher (tests/cmodel/bs3_core.c) is an object of its own that
# needs the headers only: built once a tree, at -O1 (the straight-line core
# takes 45 s at -O2, 21 s at -O1)
$(BUILD)/tests/test_bs3: TEST_OBJ = $(BUILD)/tests/bs3_core.o
$(BUILD)/tests/test_bs3: $(BUILD)/tests/bs3_core.o
$(BUILD)/tests/bs3_core.o: tests/cmodel/bs3_core.c cmodel/src/cipher_bs3_core.h cmodel/src/cipher_bs_batch.h \
                           cmodel/src/cipher_bs64_word.h cmodel/src/cipher_internal.h $(QPAC_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -O1 $(QPAC_CFLAGS) -c $< -o $(QPAC_TMP) && $(QPAC_COMMIT)

# Each cmocka binary runs from the repository root; the tool tests need the tool.
test-cmodel: $(TEST_BIN) $(QPAC_BIN)
	@fail=0; for t in $(TEST_BIN); do echo "---- $$t"; $$t 2>&1 || fail=1; done; \
	echo "---- qpac check $(VECTORS_DIR)/*.pvs"; $(QPAC_BIN) check $(VECTORS_DIR)/*.pvs || fail=1; \
	exit $$fail
TEST_TARGETS += test-cmodel

# D9: no rule here writes its target in place (the old `rm -f $@ && ar rcs $@`
# fails this check), and four makes at once relink the archive, shared library
# and tool (objects already built and touched, so the files are replaced, never
# removed, under other users of the tree) QPAC_RACE_ROUNDS times: each must
# succeed and leave a valid archive and no temporary file.
.PHONY: test-build-race
QPAC_RACE_ROUNDS ?= 5
test-build-race: lib tool
	@fail=0; \
	if sed -n '/^[^#].*:/,/^$$/p' cmodel/cmodel.mk | grep -nE '^\s.*(ar rcs \$$@|-o \$$@|> ?\$$@)'; then \
	  echo "test-build-race: the rules above write their target in place"; fail=1; fi; \
	for round in $(shell seq $(QPAC_RACE_ROUNDS)); do \
	  touch $(LIB_OBJ); pids=""; \
	  for j in 1 2 3 4; do $(MAKE) --no-print-directory -s lib tool >$(BUILD)/race.$$j.log 2>&1 & pids="$$pids $$!"; done; \
	  for p in $$pids; do wait $$p || { echo "test-build-race: round $$round: a make failed:"; cat $(BUILD)/race.*.log; fail=1; }; done; \
	  ar t $(LIBQPAC_A) >/dev/null && [ "$$(ar t $(LIBQPAC_A) | wc -l)" = $(words $(LIB_OBJ)) ] || \
	    { echo "test-build-race: round $$round: libqpac.a is damaged"; fail=1; }; \
	  $(QPAC_BIN) pacga --key-hi 84be85ce9804e94b --key-lo ec2802d4e0a488e9 fb623599da6e8127 477d469dec0b8762 >/dev/null || fail=1; \
	done; rm -f $(BUILD)/race.*.log; ls $(BUILD)/lib $(BUILD)/bin | grep -q '\.tmp$$' && { echo "test-build-race: temporary files left"; fail=1; }; \
	[ $$fail = 0 ] && echo "test-build-race: $(QPAC_RACE_ROUNDS) rounds of 4 parallel makes: archive, shared library and tool intact" || exit 1
TEST_TARGETS += test-build-race

# Constant time: key, data and modifier marked secret (undefined) under
# valgrind memcheck; any secret-dependent branch or index is an error. Every
# implementation of the table (test_cipher --list-impls) is checked; the
# reference is the positive control and must be flagged.
# Then the pointer instructions (tests/ctgrind/ctgrind_exec.c): AddPAC, Auth,
# Strip and qpac_exec for every op/key with the keys secret, on a library
# built with -DQPAC_CTGRIND ($(CTG_B)). The only branches allowed on
# key-derived data are the two on Auth's public pass/fail outcome (pointer or
# error code; the FPAC fault), declassified in cmodel/src/pointer.c; linked
# with the ordinary library the same program must be flagged in qpac_Auth.
CTG_B := $(BUILD)/ctgrind
CTG_LIB := $(CTG_B)/lib/libqpac.a
$(CTG_LIB): $(LIB_SRC) $(QPAC_HDR) $(wildcard cmodel/src/*.h)
	@$(MAKE) --no-print-directory BUILD=$(CTG_B) CFLAGS="$(CFLAGS) -DQPAC_CTGRIND" $@
$(CTG_B)/ctgrind_exec: tests/ctgrind/ctgrind_exec.c $(CTG_LIB)
	$(CC) $(CFLAGS) $(QPAC_CFLAGS) -o $(QPAC_TMP) $< $(CTG_LIB) && $(QPAC_COMMIT)
$(CTG_B)/ctgrind_exec_plain: tests/ctgrind/ctgrind_exec.c $(LIBQPAC_A)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(QPAC_CFLAGS) -o $(QPAC_TMP) $< $(LIBQPAC_A) && $(QPAC_COMMIT)
.PHONY: ctgrind
ctgrind: $(BUILD)/tests/test_cipher $(BUILD)/tests/test_bs3 $(CTG_B)/ctgrind_exec $(CTG_B)/ctgrind_exec_plain
	@command -v valgrind >/dev/null 2>&1 || { echo "ctgrind: needs valgrind (apt-get install valgrind)"; exit 1; }
	@impls=$$($(BUILD)/tests/test_cipher --list-impls | grep -vx ref); [ -n "$$impls" ]; \
	fail=0; for impl in $$impls; do \
	  rc=0; valgrind -q --error-exitcode=99 $(BUILD)/tests/test_cipher --ctgrind $$impl >/dev/null || rc=$$?; \
	  case $$rc in \
	  0) echo "ctgrind $$impl: no secret-dependent branch or index";; \
	  2) echo "ctgrind $$impl: not available here, skipped";; \
	  *) echo "ctgrind $$impl: FAILED (see the memcheck report above)"; fail=1;; \
	  esac; \
	done; \
	rc=0; valgrind -q --error-exitcode=99 $(BUILD)/tests/test_bs3 --ctgrind >/dev/null || rc=$$?; \
	if [ $$rc = 0 ]; then echo "ctgrind bs3 on uint64_t (bs512's 3-input core, tests/cmodel/test_bs3.c): no secret-dependent branch or index"; \
	else echo "ctgrind bs3 on uint64_t: FAILED (see the memcheck report above)"; fail=1; fi; \
	rc=0; valgrind -q --error-exitcode=99 $(BUILD)/tests/test_cipher --ctgrind ref >/dev/null 2>&1 || rc=$$?; \
	if [ $$rc = 99 ]; then echo "ctgrind ref: flagged, as it must be (positive control)"; \
	else echo "ctgrind ref: not flagged (exit $$rc): the check does not work"; fail=1; fi; \
	rc=0; valgrind -q --error-exitcode=99 $(CTG_B)/ctgrind_exec >$(CTG_B)/exec.log 2>&1 || rc=$$?; \
	if [ $$rc = 0 ]; then echo "ctgrind AddPAC, Auth, Strip, qpac_exec (every op/key, feature level, algorithm; keys secret): $$(tail -1 $(CTG_B)/exec.log | cut -d: -f2-)"; \
	  echo "ctgrind: branches on key-derived data: only Auth's public pass/fail outcome (pointer or error code; the FPAC fault), cmodel/src/pointer.c QPAC_PUBLIC"; \
	else echo "ctgrind qpac_exec: FAILED (exit $$rc):"; cat $(CTG_B)/exec.log; fail=1; fi; \
	rc=0; valgrind -q --error-exitcode=99 $(CTG_B)/ctgrind_exec_plain >$(CTG_B)/exec_plain.log 2>&1 || rc=$$?; \
	if [ $$rc = 99 ] && grep -q 'qpac_Auth' $(CTG_B)/exec_plain.log; then \
	  echo "ctgrind qpac_exec without the declassified outcome: flagged in qpac_Auth, as it must be (positive control)"; \
	else echo "ctgrind qpac_exec without the declassified outcome: not flagged in qpac_Auth (exit $$rc): the check does not work"; fail=1; fi; \
	exit $$fail

# The bitsliced cores are generated (scripts/gen_qarma_bs.py); test-bs-core
# checks the committed files are what the script makes, and that the check
# fails on a copy with one operation changed.
BS_CORE_H := cmodel/src/cipher_bs_core.h cmodel/src/cipher_bs3_core.h
.PHONY: bs-core test-bs-core
bs-core:
	$(PYTHON) scripts/gen_qarma_bs.py $(BS_CORE_H)
test-bs-core:
	@$(PYTHON) scripts/gen_qarma_bs.py --check $(BS_CORE_H)
	@d=$(BUILD)/neg/bs-core; mkdir -p $$d; cp cmodel/src/cipher_bs_core.h $$d/; \
	$(PYTHON) tests/neg/corrupt.py flip '= BS_TERN' cmodel/src/cipher_bs3_core.h $$d/cipher_bs3_core.h; \
	if $(PYTHON) scripts/gen_qarma_bs.py --check $$d/cipher_bs_core.h $$d/cipher_bs3_core.h 2>/dev/null; then \
	  echo "test-bs-core: a changed core passed the check"; exit 1; fi
	@echo "test-bs-core: generated bitsliced cores up to date (and a changed one is caught)"
TEST_TARGETS += test-bs-core

# test_cipher and test_bs3 must fail on a corrupted known answer (one QARMA3 PAC bit
# flipped), naming the file and line: every implementation is checked on it.
.PHONY: test-cipher-neg
test-cipher-neg: $(BUILD)/tests/test_cipher $(BUILD)/tests/test_bs3
	@d=$(BUILD)/neg/cipher; mkdir -p $$d; cp $(VECTORS_DIR)/qarma64-paper.txt $$d/; \
	$(PYTHON) tests/neg/corrupt.py flip '^QARMA3 ' $(VECTORS_DIR)/computepac.txt $$d/computepac.txt; \
	for t in test_cipher test_bs3; do \
	  rc=0; QPAC_VECTORS_DIR=$$d $(BUILD)/tests/$$t > $$d/$$t.log 2>&1 || rc=$$?; \
	  if [ $$rc != 0 ] && grep -q 'computepac.txt:[0-9]*: QARMA3' $$d/$$t.log; then \
	    echo "test-cipher-neg: $$t fails on a flipped PAC bit, as it must"; \
	  else echo "test-cipher-neg: $$t exit $$rc on a corrupted vector file"; cat $$d/$$t.log; exit 1; fi; \
	done
TEST_TARGETS += test-cipher-neg

# Part of `make test` where valgrind is installed (a few seconds).
TEST_TARGETS += $(if $(shell command -v valgrind 2>/dev/null),ctgrind)

bench-cmodel: $(QPAC_BIN)
	$(QPAC_BIN) bench
BENCH_TARGETS += bench-cmodel

# qpac bench runs (--quick): one line per row of the implementation table that
# runs here and per operation, each "NAME N.N ns/op" with N > 0, and the
# "gen pvs" / "check pvs" throughput lines ("NAME N vectors/s"); it refuses a
# bad --time (the negative case).
.PHONY: test-bench-cmodel
test-bench-cmodel: $(QPAC_BIN) $(BUILD)/tests/test_cipher
	@d=$(BUILD)/bench-test; mkdir -p $$d; $(QPAC_BIN) bench --quick > $$d/out; \
	bad=$$(grep -cvE '^([a-zA-Z0-9 ()-]+ +[0-9]+\.[0-9] ns/op|(gen|check) pvs +[0-9]+ vectors/s)$$' $$d/out || true); \
	zero=$$(grep -cE ' (0\.0 ns/op|0 vectors/s)$$' $$d/out || true); [ "$$bad" = 0 ] && [ "$$zero" = 0 ] || \
	  { echo "test-bench-cmodel: malformed or zero lines:"; cat $$d/out; exit 1; }; \
	for i in $$($(BUILD)/tests/test_cipher --list-impls); do \
	  if $(BUILD)/tests/test_cipher --available $$i; then \
	    grep -qE "^ComputePAC qarma5 (batch )?$$i " $$d/out || { echo "test-bench-cmodel: no line for $$i"; exit 1; }; fi; \
	done; \
	for l in "gen pvs" "check pvs"; do grep -qE "^$$l +[0-9]+ vectors/s$$" $$d/out || \
	  { echo "test-bench-cmodel: no line for $$l"; exit 1; }; done; \
	rc=0; $(QPAC_BIN) bench --time 0 > /dev/null 2>&1 || rc=$$?; \
	[ $$rc = 2 ] || { echo "test-bench-cmodel: bench --time 0 exit $$rc, want 2"; exit 1; }; \
	echo "test-bench-cmodel: $$(wc -l < $$d/out) lines, every available implementation measured; bad --time refused"
TEST_TARGETS += test-bench-cmodel

# Measured figures: one generated place per flow. Each bench-*-docs target
# runs its benchmark once, keeps what it prints (with the commit and the load)
# in $(BENCH_MD)/FLOW.md and writes that between the FLOW's markers in its
# document (scripts/doc_block.py); the tables are never typed by hand.
#   bench-docs         qpac bench            -> README.md        (bench-cmodel)
#   bench-export-docs  make bench-export     -> doc/export.md    (bench-export)
#   bench-cosim-docs   make bench-cosim      -> cosim/README.md  (bench-cosim)
# Synthesis has its own: make synth-docs (synth/synth.mk).
BENCH_MD := $(BUILD)/bench
bench_md_head = echo "Measured at $$(git rev-parse --short HEAD 2>/dev/null || echo '?') on $$(sed -n 's/^model name[^:]*: *//p' /proc/cpuinfo 2>/dev/null | head -1 | grep . || echo '?') ($$(nproc) CPUs), load average at the start: $$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"; echo
.PHONY: bench-docs bench-readme bench-export-docs bench-cosim-docs test-doc-blocks
# the best of BENCH_RUNS whole runs, a line at a time (scripts/bench_best.py):
# the VM's speed drifts for seconds at a time
BENCH_RUNS ?= 3
bench-docs: $(QPAC_BIN)
	@mkdir -p $(BENCH_MD)
	{ $(bench_md_head); } > $(BENCH_MD)/cmodel.head
	for i in $$(seq $(BENCH_RUNS)); do \
	  $(QPAC_BIN) bench --time 0.5 --markdown > $(BENCH_MD)/cmodel.run$$i.md || exit 1; done
	{ sed 's/^\(Measured at [^,]*\),/\1, best of $(BENCH_RUNS) runs,/' $(BENCH_MD)/cmodel.head; \
	  $(PYTHON) scripts/bench_best.py $$(seq -f '$(BENCH_MD)/cmodel.run%g.md' $(BENCH_RUNS)); } > $(BENCH_MD)/cmodel.md.tmp
	mv $(BENCH_MD)/cmodel.md.tmp $(BENCH_MD)/cmodel.md
	$(PYTHON) scripts/doc_block.py bench-cmodel README.md < $(BENCH_MD)/cmodel.md
bench-readme: bench-docs
bench-export-docs: $(QPAC_BIN)
	@mkdir -p $(BENCH_MD)
	{ $(bench_md_head); echo '| format | vectors | seconds | vectors/s |'; echo '|---|---:|---:|---:|'; \
	  $(MAKE) --no-print-directory -s bench-export | \
	  awk '$$1 == "export" { printf "| %s | %s | %s | %s |\n", $$2, $$3, $$6, $$8 }'; } > $(BENCH_MD)/export.md
	[ "$$(grep -cE '^\| [a-z]+ \| [0-9]+ \| [0-9.]+ \| [0-9]+ \|$$' $(BENCH_MD)/export.md)" = 6 ] || { echo "bench-export-docs: not six formats"; exit 1; }
	$(PYTHON) scripts/doc_block.py bench-export doc/export.md < $(BENCH_MD)/export.md
bench-cosim-docs:
	@mkdir -p $(BENCH_MD)
	{ $(bench_md_head); echo '```'; $(MAKE) --no-print-directory -s bench-cosim; echo '```'; } > $(BENCH_MD)/cosim.md
	grep -q '^checked [0-9]* operations/s' $(BENCH_MD)/cosim.md || { echo "bench-cosim-docs: no 'checked N operations/s' line"; exit 1; }
	$(PYTHON) scripts/doc_block.py bench-cosim cosim/README.md < $(BENCH_MD)/cosim.md

# Every generated block is in its document exactly once (the writers above,
# make cfg-docs and make synth-docs need them), and DOC_NO_FIGURES state no
# measured figure outside one; a copy without an end marker, and one with a
# typed figure, are refused. Under a second.
DOC_BLOCKS := bench-cmodel:README.md bench-export:doc/export.md bench-cosim:cosim/README.md \
              cfg-fields:cmodel/README.md
# documents whose every measured figure is generated (the others still hold
# dated records of one-off runs: cosim/README.md's history, synth/README.md)
DOC_NO_FIGURES := README.md cmodel/README.md doc/export.md
test-doc-blocks:
	@for b in $(DOC_BLOCKS); do n=$${b%%:*} f=$${b#*:}; \
	  sed -n "/^<!-- $$n begin/,/^<!-- $$n end/p" $$f | sed '1d;$$d' | $(PYTHON) scripts/doc_block.py --check $$n $$f || \
	    { echo "test-doc-blocks: $$f: no single $$n block"; exit 1; }; done
	@d=$(BUILD)/neg/doc-blocks; mkdir -p $$d; grep -v '^<!-- bench-cmodel end' README.md > $$d/README.md; \
	if $(PYTHON) scripts/doc_block.py --check bench-cmodel $$d/README.md </dev/null 2>/dev/null; then \
	  echo "test-doc-blocks: a README without its end marker passed"; exit 1; fi
	@$(PYTHON) scripts/doc_block.py --figures $(DOC_NO_FIGURES) || \
	  { echo "test-doc-blocks: figures typed by hand: put them in a generated block or link to one"; exit 1; }
	@d=$(BUILD)/neg/doc-blocks; { cat README.md; echo "The model computes 42.0 ns/op."; } > $$d/figure.md; \
	if $(PYTHON) scripts/doc_block.py --figures $$d/figure.md 2>/dev/null; then \
	  echo "test-doc-blocks: a hand-typed figure passed"; exit 1; fi
	@echo "test-doc-blocks: $(words $(DOC_BLOCKS)) generated blocks in place, no hand-typed figure in $(DOC_NO_FIGURES) (a missing end marker and a typed figure are caught)"
TEST_TARGETS += test-doc-blocks

# The configuration-field table of cmodel/README.md is what `qpac fields
# --markdown` prints (libqpac's one table); test-cfg-docs fails when the
# README is stale, and on a copy with one row changed.
.PHONY: cfg-docs test-cfg-docs
cfg-docs: $(QPAC_BIN)
	$(QPAC_BIN) fields --markdown | $(PYTHON) scripts/doc_block.py cfg-fields cmodel/README.md
test-cfg-docs: $(QPAC_BIN)
	@$(QPAC_BIN) fields --markdown | $(PYTHON) scripts/doc_block.py --check cfg-fields cmodel/README.md || \
	  { echo "test-cfg-docs: cmodel/README.md's field table is stale: run make cfg-docs"; exit 1; }
	@d=$(BUILD)/neg/cfg-docs; mkdir -p $$d; sed 's/^| `tszmax` | 39\.\.48 /| `tszmax` | 39..47 /' cmodel/README.md > $$d/README.md; \
	! cmp -s cmodel/README.md $$d/README.md || { echo "test-cfg-docs: the negative case no longer applies"; exit 1; }; \
	if $(QPAC_BIN) fields --markdown | $(PYTHON) scripts/doc_block.py --check cfg-fields $$d/README.md 2>/dev/null; then \
	  echo "test-cfg-docs: a changed row passed"; exit 1; fi
	@echo "test-cfg-docs: cmodel/README.md's field table is qpac fields --markdown (a changed row is caught)"
TEST_TARGETS += test-cfg-docs

install: lib tool
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCDIR) $(DESTDIR)$(BINDIR)
	install -m 644 $(LIBQPAC_A) $(DESTDIR)$(LIBDIR)/
	install -m 755 $(LIBQPAC_SO) $(DESTDIR)$(LIBDIR)/
	ln -sf libqpac.so.$(QPAC_VERSION) $(DESTDIR)$(LIBDIR)/libqpac.so.$(QPAC_SOVER)
	ln -sf libqpac.so.$(QPAC_SOVER) $(DESTDIR)$(LIBDIR)/libqpac.so
	install -m 644 $(QPAC_PUBLIC_HDR) $(DESTDIR)$(INCDIR)/
	install -m 644 $(QPAC_PC) $(DESTDIR)$(LIBDIR)/pkgconfig/
	install -m 755 $(QPAC_BIN) $(DESTDIR)$(BINDIR)/

uninstall:
	rm -f $(DESTDIR)$(LIBDIR)/libqpac.a $(DESTDIR)$(LIBDIR)/libqpac.so* \
	  $(DESTDIR)$(LIBDIR)/pkgconfig/qpac.pc $(addprefix $(DESTDIR)$(INCDIR)/,$(notdir $(QPAC_PUBLIC_HDR))) \
	  $(DESTDIR)$(BINDIR)/qpac

HELP_LINES += "lib          libqpac.a, libqpac.so (SONAME libqpac.so.0), qpac.pc in $(BUILD)/lib" \
              "tool         the qpac command at $(BUILD)/bin/qpac" \
              "test-cmodel  cmocka tests of the model and the tool, qpac check on the shared vectors" \
              "ctgrind      valgrind: ComputePAC/AddPAC/PACGA, Auth, Strip, qpac_exec constant time in the keys" \
              "bench-docs   run qpac bench and write its table into README.md (bench-export-docs, bench-cosim-docs: doc/export.md, cosim/README.md)" \
              "cfg-docs     write the configuration-field table of cmodel/README.md (qpac fields --markdown)" \
              "bs-core      regenerate the bitsliced ComputePAC cores (scripts/gen_qarma_bs.py)" \
              "install      install library, header, pkg-config file and tool (PREFIX, DESTDIR)"

.PHONY: FORCE
FORCE:

include tests/fuzz/fuzz.mk

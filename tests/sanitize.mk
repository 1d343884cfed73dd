# tests/sanitize.mk - make test-sanitize: the cmocka suites, the tool tests,
# the README example and a short cosim, all built with AddressSanitizer and
# UndefinedBehaviorSanitizer (any report aborts the program: non-zero exit)
# into $(SAN_B) (a second build tree: BUILD=$(SAN_B) for the same rules).
# Positive controls first: a use after free and a signed overflow built
# with the same flags must be reported, or the flags do nothing here.

SAN_B      := $(BUILD)/sanitize
SAN_FLAGS  := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_CFLAGS := -O1 -g $(SAN_FLAGS)
SAN_ENV    := ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=86 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
SAN_COSIM_DEPTH ?= 7
SAN_COSIM  := $(SAN_B)/cosim/check-d$(SAN_COSIM_DEPTH)/cosim
SAN_MAKE    = $(MAKE) --no-print-directory BUILD=$(SAN_B) CFLAGS="$(SAN_CFLAGS)" LDFLAGS="$(SAN_FLAGS)" \
              COSIM_CXXFLAGS="$(COSIM_CXXFLAGS) $(SAN_FLAGS)" COSIM_SAN_FLAGS="$(SAN_FLAGS)"

.PHONY: test-sanitize
test-sanitize:
	@$(DEPS) base cmodel rtl
	@mkdir -p $(SAN_B)/controls
	@printf '#include <stdlib.h>\nint main(int c, char **v) { (void)v; int *p = malloc(4 * sizeof *p); p[0] = c; free(p); return p[0]; }\n' >$(SAN_B)/controls/uaf.c
	@printf '#include <limits.h>\nint main(int c, char **v) { (void)v; volatile int big = INT_MAX; int x = big + c; return x > 0; }\n' >$(SAN_B)/controls/ovf.c
	@fail=0; for t in uaf:AddressSanitizer:.heap-use-after-free ovf:signed.integer.overflow; do \
	  $(CC) $(SAN_CFLAGS) $(SAN_B)/controls/$${t%%:*}.c -o $(SAN_B)/controls/$${t%%:*}; \
	  rc=0; $(SAN_ENV) $(SAN_B)/controls/$${t%%:*} >$(SAN_B)/controls/$${t%%:*}.log 2>&1 || rc=$$?; \
	  if [ $$rc != 0 ] && grep -q -E "$${t#*:}" $(SAN_B)/controls/$${t%%:*}.log; then \
	    echo "test-sanitize: positive control $${t%%:*}: reported, as it must be ($$(grep -m1 -o -E "$${t#*:}.{0,60}" $(SAN_B)/controls/$${t%%:*}.log))"; \
	  else echo "test-sanitize: positive control $${t%%:*} NOT reported (exit $$rc): the sanitizers do not work"; fail=1; fi; \
	done; [ $$fail = 0 ]
	@CC="$(CC)" CFLAGS="$(SAN_CFLAGS)" $(SAN_ENV) $(SAN_MAKE) test-cmodel test-readme
	@$(SAN_MAKE) $(SAN_COSIM)
	@$(SAN_ENV) $(SAN_COSIM) +known=$(VECTORS_DIR) +count=20000 +seed=1 +threads=1 +progress=0 >$(SAN_B)/cosim.log 2>&1 \
	  || { tail -30 $(SAN_B)/cosim.log; echo "test-sanitize: cosim FAILED"; exit 1; }
	@echo "test-sanitize: cosim DEPTH=$(SAN_COSIM_DEPTH) under ASan+UBSan: $$(tail -1 $(SAN_B)/cosim.log)"
	@echo "test-sanitize: cmocka suites, tool tests, qpac check, README example and cosim clean under $(SAN_FLAGS)"
TEST_TARGETS += test-sanitize

HELP_LINES += "test-sanitize  cmocka, tool tests, README example, short cosim under ASan+UBSan ($(SAN_B))"

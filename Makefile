# provkg - provenance knowledge graph and citation checker.
#
#   make            build ./provkg
#   make demo       install what is missing, build, build the graph, check a sample answer
#   make test       install what is missing, run every test ("N passed, N failed")
#   make bench      one benchmark table: figures and ratios to baselines (< 10 min)
#   make SANITIZE=address,undefined test     the same under ASan/UBSan
#
# Dependencies come from pkg-config; `make deps` installs the Debian
# packages when run as root and otherwise prints the command to run.

CC ?= cc
SANITIZE ?=
CFLAGS ?= -O3 -g
PKGS := lmdb libcurl libcjson libpcre2-8 zlib libutf8proc expat libarchive libmicrohttpd libcrypto libdeflate
DEB_BUILD := gcc make pkg-config liblmdb-dev libcurl4-openssl-dev libcjson-dev \
	libpcre2-dev zlib1g-dev libutf8proc-dev libexpat1-dev libarchive-dev libmicrohttpd-dev libssl-dev libdeflate-dev ca-certificates
DEB_TEST := python3 lmdb-utils bc time openssl util-linux chromium python3-scipy python3-sklearn jq units nodejs zstd python3-sympy \
	parallel slurm-wlm munge curl

comma := ,
BUILD := build/$(if $(SANITIZE),san-$(subst $(comma),-,$(SANITIZE)),rel)

WARN := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wvla -Wformat=2 -Wcast-qual -Wundef -fno-common
SANFLAGS := $(if $(SANITIZE),-fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all)
# recursively expanded: pkg-config runs when a recipe needs it, after `deps`
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS))
# libcurl, libmicrohttpd and libarchive are loaded when first used
# (common/dynlib.h): their headers, not their libraries, at build time
LAZY_PKGS := libcurl libmicrohttpd libarchive
PKG_LIBS = $(shell pkg-config --libs $(filter-out $(LAZY_PKGS),$(PKGS)))
ALL_CFLAGS = $(WARN) $(CFLAGS) $(SANFLAGS) -D_GNU_SOURCE -pthread -I. $(PKG_CFLAGS)
ALL_LDFLAGS = $(SANFLAGS) -pthread $(LDFLAGS)
LIBS = $(PKG_LIBS) -lm

LIB_SRC := $(wildcard common/*.c kg/*.c ingest/*.c query/*.c eval/*.c)
TOOL_SRC := $(wildcard tools/*.c)
UNIT_SRC := $(wildcard tests/unit/test_*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
TOOL_OBJ := $(TOOL_SRC:%.c=$(BUILD)/%.o)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
BENCH_SRC := $(wildcard bench/*.c)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)

.PHONY: all deps test-deps test demo bench bench-all clean unit-bins graph provkg
.DEFAULT_GOAL := all

all: provkg

# phony: the root binary follows whichever build (plain or SANITIZE) ran last
provkg: $(BUILD)/provkg
	@cmp -s $< $@ || cp $< $@

$(BUILD)/provkg: $(TOOL_OBJ) $(BUILD)/libprovkg.a
	$(CC) $(ALL_LDFLAGS) -o $@ $(TOOL_OBJ) $(BUILD)/libprovkg.a $(LIBS)

# the same binary with the test hooks ($PROVKG_TEST_*: failed allocations,
# kills at named stages, a small first map) compiled in: the fault tests
# run it; ./provkg has none (tools/tool.c without PROVKG_TEST_HOOKS)
TEST_TOOL_OBJ := $(filter-out $(BUILD)/tools/tool.o,$(TOOL_OBJ)) $(BUILD)/tools/tool-hooks.o
$(BUILD)/tools/tool-hooks.o: tools/tool.c common/banned.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DPROVKG_TEST_HOOKS -include common/banned.h -MMD -MP -c -o $@ $<

$(BUILD)/provkg-test: $(TEST_TOOL_OBJ) $(BUILD)/libprovkg.a
	$(CC) $(ALL_LDFLAGS) -o $@ $(TEST_TOOL_OBJ) $(BUILD)/libprovkg.a $(LIBS)

$(BUILD)/libprovkg.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $(LIB_OBJ)

# the library and the tools: git's banned functions are compile errors
$(BUILD)/%.o: %.c common/banned.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -include common/banned.h -MMD -MP -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c tests/unit/t.h $(BUILD)/libprovkg.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(BUILD)/libprovkg.a $(LIBS)

$(BUILD)/bench/%: bench/%.c $(BUILD)/libprovkg.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(BUILD)/libprovkg.a $(LIBS)

unit-bins: $(UNIT_BIN) $(BUILD)/provkg-test

deps:
	@tools/deps.sh $(DEB_BUILD)

test-deps:
	@tools/deps.sh $(DEB_BUILD) $(DEB_TEST)
	@tools/js-deps.sh

test: test-deps
	@$(MAKE) --no-print-directory all unit-bins
	@BUILD=$(BUILD) SANITIZE=$(SANITIZE) tests/run.sh

# the graph from data/sources/ into ./provkg.db
graph: all
	./provkg build

demo: deps
	@$(MAKE) --no-print-directory all
	@tools/demo.sh

# make bench: one table, every figure beside its baseline (bench/table.sh,
# under 10 minutes); make bench-all: every benchmark script (bench/run.sh,
# the 1M-work dumps, side-by-side runs of older commits; much longer)
bench: test-deps
	@$(MAKE) --no-print-directory all
	@bench/table.sh

bench-all: test-deps
	@$(MAKE) --no-print-directory all $(BENCH_BIN)
	@BUILD=$(BUILD) bench/run.sh

# ---- fuzzing (libFuzzer: clang and libclang-rt-*-dev) -------------------
# make fuzz [FUZZ_SECONDS=60] [FUZZ_ONLY=refparse]: each harness of
# tests/fuzz/fuzz.c for that long on a corpus seeded from data/sources and
# the fixtures; make fuzz-smoke: a few seconds each (.ci/run).
FUZZ_TARGETS := refparse checkref value units number pj lines crossref ingest answers derive patterns cites
FUZZ_SECONDS ?= 60
FUZZ_SAN := fuzzer-no-link,address,undefined
FUZZ_LIB := build/san-$(subst $(comma),-,$(FUZZ_SAN))/libprovkg.a
DEB_FUZZ := clang libclang-rt-14-dev

.PHONY: fuzz fuzz-smoke fuzz-bins
fuzz-bins:
	@tools/deps.sh $(DEB_BUILD) $(DEB_FUZZ)
	@$(MAKE) --no-print-directory CC=clang SANITIZE=$(FUZZ_SAN) $(FUZZ_LIB)
	@mkdir -p build/fuzz
	@i=0; for t in $(FUZZ_TARGETS); do i=$$((i + 1)); \
		clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -D_GNU_SOURCE -I. \
			$$(pkg-config --cflags $(PKGS)) -DFUZZ_TARGET=$$i -o build/fuzz/fuzz_$$t tests/fuzz/fuzz.c \
			$(FUZZ_LIB) $$(pkg-config --libs $(PKGS)) -lm || exit 1; done

fuzz: fuzz-bins
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_ONLY="$(FUZZ_ONLY)" tests/fuzz/run.sh $(FUZZ_TARGETS)

fuzz-smoke: fuzz-bins
	@FUZZ_SECONDS=$${FUZZ_SECONDS:-4} tests/fuzz/run.sh $(FUZZ_TARGETS)

clean:
	rm -rf build provkg

-include $(LIB_OBJ:.o=.d) $(TOOL_OBJ:.o=.d) $(BUILD)/tools/tool-hooks.d

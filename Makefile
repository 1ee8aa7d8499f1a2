# pinsweep - host<->GPU copy bandwidth sweeps.
#
#   make          build build/pinsweep
#   make test     install what is missing (the tests' tools too: LaTeX, ghostscript),
#                 build and run the tests (GPU tests skip visibly without a GPU)
#   make run      install what is missing, build, run experiments/default.yaml on GPU 0
#                 and render its figures
#   make deps     install the build and plot dependencies (Debian/Ubuntu, apt-get)
#   make mutate   mutation testing (scripts/mutate; MUTANTS=N for a fixed sample of N)
#
# V=1 shows the commands. The binary links libyaml, libcsv, GSL and cudart
# statically so that it runs unchanged on a GPU machine that has none of them.

CUDA_HOME ?= /usr/local/cuda
NVCC      ?= $(CUDA_HOME)/bin/nvcc
CC        ?= cc
BUILD     ?= build
EXPERIMENT ?= experiments/default.yaml

VERSION   := 0.1.0
GIT_REV   := $(shell git rev-parse --short=12 HEAD 2>/dev/null && (git diff --quiet HEAD -- || echo -dirty))
# What the binary was built from, by content: two builds of different uncommitted changes
# share "REV-dirty" but not this (merge tells their shards apart by it).
SRC_HASH  := $(shell cat $(sort $(wildcard src/*/*.[ch] src/*/*/*.[ch] src/*/*.cu)) Makefile | sha256sum | cut -c1-16)

CFLAGS    ?= -O2 -g
CFLAGS    += -std=c11 -Wall -Wextra -Wshadow -Wno-missing-field-initializers \
             -D_GNU_SOURCE -MMD -MP -Isrc
CUDA_CFLAGS := -I$(CUDA_HOME)/include
LDLIBS_CPU := -Wl,-Bstatic -lyaml -lcsv -lgsl -lgslcblas -lnuma -Wl,-Bdynamic -lm
LDLIBS_GPU := -L$(CUDA_HOME)/lib64 -Wl,-Bstatic -lcudart_static -Wl,-Bdynamic -lstdc++ -lpthread -ldl -lrt

space := $(subst ,, )

ifneq ($(SANITIZE),)
CFLAGS  += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS += -fsanitize=$(SANITIZE)
override BUILD := $(BUILD)-san
endif

ifeq ($(V),1)
Q :=
else
Q := @
endif

# src/ has a folder per stage of the pipeline, lowest first (src/README.md):
# base, experiment, host, engine, record, measure, results, analysis, figures/kit (the
# drawing kit), figures, report, run, cli.
# Sources include each other as "folder/file.h" from src/.
LAYERS   := base experiment host engine record measure results analysis figures/kit figures report run cli
ALL_SRC  := $(foreach l,$(LAYERS),$(wildcard src/$(l)/*.c))
# The unit tests link everything but main.c.
CORE_SRC := $(filter-out src/cli/main.c src/engine/gpu_cuda.c,$(ALL_SRC))
CORE_OBJ := $(CORE_SRC:src/%.c=$(BUILD)/%.o)
GPU_OBJ  := $(BUILD)/engine/gpu_cuda.o $(BUILD)/engine/kernels.o
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all test test-suite run deps clean fuzz mutate FORCE
all: $(BUILD)/pinsweep

$(BUILD)/pinsweep: $(BUILD)/cli/main.o $(CORE_OBJ) $(GPU_OBJ) $(BUILD)/version.o
	@echo "  LD      $@"
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_CPU) $(LDLIBS_GPU)

# The version, git revision and source hash, rewritten only when they change, so every
# binary says which source it was built from and nothing else rebuilds.
# Outside a git checkout (a copy of the tree on a GPU node) an existing one is kept.
$(BUILD)/version.c: FORCE | $(BUILD)
	$(Q)if [ -n "$(strip $(GIT_REV))" ] || [ ! -f $@ ]; then \
		printf 'const char pinsweep_version[] = "%s";\nconst char pinsweep_git_rev[] = "%s";\nconst char pinsweep_source_hash[] = "%s";\n' \
			'$(VERSION)' '$(or $(strip $(subst $(space),,$(GIT_REV))),unknown)' '$(or $(SRC_HASH),unknown)' > $@.tmp; \
		cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@; fi

$(BUILD)/version.o: $(BUILD)/version.c
	$(Q)$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/engine/gpu_cuda.o: src/engine/gpu_cuda.c
	@echo "  CC      $<"
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS) $(CUDA_CFLAGS) -c -o $@ $<

# Kernels: Hopper machine code (the H200) plus PTX that newer and older GPUs
# (from Turing on) compile at load time.
NVCCFLAGS ?= -O2 -gencode arch=compute_90,code=sm_90 -gencode arch=compute_75,code=compute_75
$(BUILD)/engine/kernels.o: src/engine/kernels.cu src/engine/kernels.h
	@echo "  NVCC    $<"
	$(Q)mkdir -p $(@D)
	$(Q)$(NVCC) $(NVCCFLAGS) -Isrc -c -o $@ $<

$(BUILD)/%.o: src/%.c
	@echo "  CC      $<"
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(CORE_OBJ) $(GPU_OBJ) $(BUILD)/version.o | $(BUILD)/tests
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) -Isrc $(LDFLAGS) -o $@ $< $(CORE_OBJ) $(GPU_OBJ) $(BUILD)/version.o $(LDLIBS_CPU) $(LDLIBS_GPU)

$(BUILD) $(BUILD)/tests:
	$(Q)mkdir -p $@

# A stand-in NVML library, so the NVML path is tested without a GPU.
$(BUILD)/tests/libfake-nvml.so: tests/fake_nvml.c | $(BUILD)/tests
	@echo "  CC      $<"
	$(Q)$(CC) -std=c11 -Wall -Wextra -shared -fPIC -o $@ $<

# The fuzz target with a main() of its own, so `make test` keeps it compiling and replays its corpus.
$(BUILD)/tests/fuzz_replay: tests/fuzz/fuzz_experiment.c $(CORE_OBJ) $(GPU_OBJ) $(BUILD)/version.o | $(BUILD)/tests
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) -DFUZZ_STANDALONE -Isrc $(LDFLAGS) -o $@ $< $(CORE_OBJ) $(GPU_OBJ) $(BUILD)/version.o $(LDLIBS_CPU) $(LDLIBS_GPU)

# `make test` and `make run` each install what is missing first (scripts/install-deps,
# with --tests the tests' own tools), so either works as the first command on a bare
# machine; the build runs in a second make, once the headers it needs are there.
test:
	$(Q)bash scripts/install-deps --tests
	$(Q)$(MAKE) --no-print-directory test-suite

test-suite: $(BUILD)/pinsweep $(UNIT_BIN) $(BUILD)/tests/libfake-nvml.so $(BUILD)/tests/fuzz_replay
	$(Q)BUILD=$(BUILD) bash tests/run-tests

# make itself exits 2 on any failure, so the line before says what pinsweep's
# own exit code was and what it means (docs/results.md's exit-code table).
run: deps
	$(Q)$(MAKE) --no-print-directory all
	$(Q)./$(BUILD)/pinsweep run $(EXPERIMENT); rc=$$?; \
	if [ $$rc -ne 0 ]; then \
		case $$rc in 1) why="some configurations failed (their rows say why)";; \
		2) why="usage or experiment-file error";; 3) why="no usable GPU or driver, or another system error";; \
		130|143) why="interrupted; finished configurations are kept (--resume goes on)";; *) why="unexpected";; esac; \
		echo "make run: pinsweep exited $$rc: $$why" >&2; fi; exit $$rc

deps:
	$(Q)bash scripts/install-deps

# Fuzzing the experiment loader and sweep expansion with libFuzzer (clang),
# under ASan and UBSan. FUZZ_TIME seconds (default 60); new crashes land in
# build-fuzz/ as crash-*: copy them to tests/fuzz/regressions/ once fixed.
FUZZ_TIME ?= 60
FUZZ_SRC  := $(wildcard src/base/*.c src/experiment/*.c) src/cli/plan.c src/host/sysinfo.c
build-fuzz/fuzz_experiment: tests/fuzz/fuzz_experiment.c $(FUZZ_SRC) $(wildcard src/*/*.h)
	@mkdir -p build-fuzz
	@echo "  CLANG   $@"
	$(Q)clang -std=c11 -g -O1 -D_GNU_SOURCE -Isrc -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=undefined -o $@ tests/fuzz/fuzz_experiment.c $(FUZZ_SRC) \
		-Wl,-Bstatic -lyaml -lgsl -lgslcblas -Wl,-Bdynamic -lm

fuzz: build-fuzz/fuzz_experiment
	$(Q)mkdir -p build-fuzz/corpus
	$(Q)cp -n tests/bad/*.yaml tests/good/*.yaml experiments/*.yaml tests/fuzz/regressions/* build-fuzz/corpus/ 2>/dev/null || true
	$(Q)cd build-fuzz && ./fuzz_experiment -max_total_time=$(FUZZ_TIME) -max_len=4096 \
		-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 corpus

# Mutation testing of the measurement, statistics, CSV and sweep code (scripts/mutate):
# MUTANTS=N runs a deterministic sample, MUTATE_STRICT=1 fails when any mutant survives.
mutate: deps
	$(Q)bash scripts/mutate

clean:
	rm -rf build build-san build-fuzz build-mutate

-include $(wildcard $(BUILD)/*/*.d $(BUILD)/*/*/*.d $(BUILD)/tests/*.d)

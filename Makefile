# Overplay: `make demo` (the main job) and `make test` (everything, both interpreters).
# The first run builds .venv from the pinned requirements; later runs reuse it.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Heap of the MicroPython test leg: the RP2040 has about 210 KB free after boot.
HEAP   ?= 128k
STAMP  := $(VENV)/.installed

.PHONY: all venv test test-cpython test-mpy gate lint bench soak demo clean help

all: test

help:
	@echo "make demo   simulated shoes deal, sync to a club database, print results"
	@echo "make test   MicroPython gate + pytest (CPython) + tests under MicroPython"
	@echo "make bench  benchmarks -> bench/results.json"
	@echo "make soak   the long fault suites"
	@echo "make lint   ruff"

$(STAMP): requirements-dev.txt pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check -r requirements-dev.txt
	$(BIN)/python -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $(STAMP)

venv: $(STAMP)

gate: $(STAMP)
	$(BIN)/python tools/mpy_gate.py firmware shared

test-cpython: $(STAMP)
	$(BIN)/python -m pytest tests

test-mpy: $(STAMP)
	$(BIN)/python tools/run_mpy_tests.py --heap $(HEAP) tests/shared tests/firmware

test: gate test-cpython test-mpy

lint: $(STAMP)
	$(BIN)/ruff check firmware shared host tests tools bench

bench: $(STAMP)
	$(BIN)/python bench/run.py

# Every suite with its long version switched on (10,000-frame link faults, 300-deal power
# cuts, the 200-deal session, more fuzz examples), on both interpreters.
soak: $(STAMP)
	OVERPLAY_SOAK=1 $(BIN)/python -m pytest tests
	OVERPLAY_SOAK=1 $(BIN)/python tools/run_mpy_tests.py --heap $(HEAP) tests/shared tests/firmware

demo: $(STAMP)
	$(BIN)/python -m overplay.demo

clean:
	rm -rf $(VENV) build bench/results.json

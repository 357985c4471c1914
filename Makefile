# Overplay: `make demo` (the main job) and `make test` (everything, both interpreters).
# The first run builds .venv from the pinned requirements; later runs reuse it.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Heap of the MicroPython test leg: the RP2040 has about 210 KB free after boot.
HEAP   ?= 128k
STAMP  := $(VENV)/.installed

.PHONY: all venv test test-cpython test-mpy test-pico gate lint bench soak demo clean help flash \
	deploy mount package wiring boards firmware emu screens

all: test

help:
	@echo "make demo   simulated shoes deal, sync to a club database, print results"
	@echo "make test   MicroPython gate + pytest (CPython) + tests under MicroPython"
	@echo "make bench  benchmarks -> bench/results.json"
	@echo "make soak   the long fault suites"
	@echo "make lint   ruff"
	@echo "make firmware  the Pico image (MicroPython v1.28.0 + the shoe frozen in) -> build/"
	@echo "make flash  copy make firmware's UF2 to a Pico held in BOOTSEL (the RPI-RP2 drive)"
	@echo "make deploy PORT=/dev/ttyACM0   shoe code, precompiled, onto a board running MicroPython"
	@echo "make mount PORT=/dev/ttyACM0    run the shoe from this checkout without copying it"
	@echo "make wiring / make boards       wiring diagrams from the board definitions / check them"
	@echo "make screens  every screen of the shoe's panel as a PNG -> docs/screens/"

$(STAMP): requirements-dev.txt pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check -r requirements-dev.txt
	$(BIN)/python -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $(STAMP)

# The editable install must point at this checkout (a copy of the tree that shares the venv
# would otherwise leave `overplay` running the copy's code): re-point it when it does not.
venv: $(STAMP)
	@$(BIN)/python -c "import os, sys, overplay; sys.exit(os.path.realpath(overplay.__file__) != os.path.realpath('host/overplay/__init__.py'))" 2>/dev/null \
	  || $(BIN)/python -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e .

gate: venv
	$(BIN)/python tools/mpy_gate.py firmware shared

test-cpython: venv
	$(BIN)/python -m pytest tests --ignore=tests/pico

# The shoe's real firmware on an emulated RP2040 (tests/pico): needs the ARM toolchain, cmake
# and node; without them ONE line says what was skipped and how to get it (.ci/run installs
# them, so CI always runs this leg).
test-pico: venv
	@missing="$$($(PYTHON) tools/pico_firmware.py --check)"; \
	command -v node >/dev/null && command -v npm >/dev/null || \
	  missing="$$missing node and npm (apt-get install -y nodejs npm);"; \
	if [ -n "$$missing" ]; then \
	  echo "make test: skipped the emulated-Pico tests (tests/pico): $$missing then make test"; \
	else \
	  $(PYTHON) tools/pico_firmware.py --quiet && $(MAKE) --no-print-directory emu && \
	  $(BIN)/python -m pytest tests/pico; \
	fi

test-mpy: venv
	$(BIN)/python tools/run_mpy_tests.py --heap $(HEAP) tests/shared tests/firmware

test: gate test-cpython test-mpy test-pico

lint: venv
	$(BIN)/ruff check firmware shared host tests tools bench

bench: venv
	$(BIN)/python bench/run.py

# The shoe's real firmware: MicroPython v1.28.0 RPI_PICO with firmware/manifest.py frozen in,
# build/overplay-pico.uf2 (tools/pico_firmware.py: source tree, toolchain check, UF2).
firmware:
	$(PYTHON) tools/pico_firmware.py

# The emulated Pico (tools/pico_emu: rp2040js, pinned in its package-lock.json).
EMU_STAMP := tools/pico_emu/node_modules/.overplay-installed
$(EMU_STAMP): tools/pico_emu/package.json tools/pico_emu/package-lock.json
	cd tools/pico_emu && npm ci --no-audit --no-fund --loglevel=error
	touch $(EMU_STAMP)
emu: $(EMU_STAMP)

# Every suite with its long version switched on (10,000-frame link faults, 300-deal power
# cuts, the 200-deal session, more fuzz examples), on both interpreters.
soak: venv
	OVERPLAY_SOAK=1 $(BIN)/python -m pytest tests
	OVERPLAY_SOAK=1 $(BIN)/python tools/run_mpy_tests.py --heap $(HEAP) tests/shared tests/firmware

demo: venv
	$(BIN)/python -m overplay.demo $(if $(PORT),--port $(PORT))

# Every kind of screen of a session, drawn by the shoe's code into the SSD1306's frame buffer
# under the MicroPython unix port, as PNGs (tools/screens_png.py; docs/screens.md)
screens: venv
	$(BIN)/python tools/screens_png.py --out docs/screens

clean:
	rm -rf $(VENV) build bench/results.json

# Boards (README "Flashing and provisioning a shoe"). UF2: the image `make firmware` builds
# (build/overplay-pico.uf2; build/firmware.uf2 is taken too).
UF2          ?= $(firstword $(wildcard build/overplay-pico.uf2 build/firmware.uf2) build/overplay-pico.uf2)
PORT         ?=
DEPLOY_STAGE ?= build/device
DEPLOY_FLAGS ?=

flash: venv
	$(BIN)/python tools/flash.py $(UF2) $(if $(RP2_DRIVE),--drive "$(RP2_DRIVE)")

deploy: venv
	$(BIN)/python tools/deploy.py --port "$(PORT)" --stage "$(DEPLOY_STAGE)" $(DEPLOY_FLAGS)

# The board runs the compiled tree from this PC's disk (mpremote mount): no copy, nothing on
# its flash changes; Ctrl-C ends it. The serial line is mpremote's meanwhile (no sync).
mount: venv
	@test -n "$(PORT)" || { echo "make mount PORT=/dev/ttyACM0" >&2; exit 2; }
	$(BIN)/python tools/device_files.py --stage "$(DEPLOY_STAGE)"
	cd "$(DEPLOY_STAGE)/lib" && $(CURDIR)/$(BIN)/mpremote connect "$(PORT)" mount . run "$(CURDIR)/firmware/main.py"

# package.json (mip's install list) from the tree
package: venv
	$(BIN)/python tools/device_files.py

wiring: venv
	$(BIN)/python tools/boards.py --svg

boards: venv
	$(BIN)/python tools/boards.py --check

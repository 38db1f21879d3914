# Every target makes its own virtual environment from the project's files.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
TSTAMP  = $(VENV)/.installed-test
# The install runs again when the project's metadata changes.
BUILT   = pyproject.toml setup.py
# The project is installed in setuptools' strict editable mode: the package is a
# tree of links to the sources (build/__editable__.*/rummykit), a plain folder
# that mypy, pyright and IDEs read. A file added, removed or renamed in the
# package needs a new tree: FILES, the list of the package's files, then changes
# and the install runs again (editing a file needs nothing).
STRICT   = --config-settings editable_mode=strict
PACKAGE  = rummykit_pkg core cli variants
FILES    = $(VENV)/.package-files

# The gate run before the tests: lint (ruff check), the formatter's check
# (ruff format --check; FORMAT_CHECK=0 skips it), types (mypy) and the import
# rules (lint-imports: the contracts in pyproject.toml's [tool.importlinter]).
FORMAT_CHECK ?= 1

.PHONY: play test check gate bench compiled clean FORCE

# An install step runs quietly: its output (pip's notices, setuptools' banner
# about editable installs) is kept and printed only when the step fails.
#   $(QUIET) COMMAND ARG...   runs COMMAND so; `quietly COMMAND ARG...` on the same
#   line runs another command so.
QUIET = @quietly() { out=$$("$$@" 2>&1) || { s=$$?; printf '%s\n' "$$out" >&2; echo "failed: $$*" >&2; return $$s; }; }; quietly

$(BIN)/python:
	@echo "Making the virtual environment $(VENV)"
	$(QUIET) $(PYTHON) -m venv $(VENV)
	$(QUIET) $(BIN)/python -m pip install -q --upgrade pip

$(FILES): FORCE | $(BIN)/python
	@find $(PACKAGE) -name __pycache__ -prune -o -type f -print | LC_ALL=C sort > $@.new
	@if cmp -s $@.new $@; then rm $@.new; else mv $@.new $@; fi

$(STAMP): $(BUILT) $(FILES) | $(BIN)/python
	@echo "Installing rummykit into $(VENV)"
	$(QUIET) $(BIN)/python -m pip install -q $(STRICT) -e .
	@touch $@

# An example removed from examples/ is uninstalled (its editable install would
# point at a folder that is gone, and its entry point would fail to load).
define UNINSTALL_GONE_EXAMPLES
import json, os, subprocess, sys
listed = subprocess.run([sys.executable, "-m", "pip", "list", "-e", "--format=json"], capture_output=True, text=True)
gone = [d["name"] for d in json.loads(listed.stdout or "[]")
        if os.sep + "examples" + os.sep in d.get("editable_project_location", "")
        and not os.path.isdir(d["editable_project_location"])]
if gone:
    subprocess.run([sys.executable, "-m", "pip", "uninstall", "-y", "-q", *gone], check=True)
endef
export UNINSTALL_GONE_EXAMPLES

# The tests need the test extra, Ray (the tests of simulate --backend ray start a local Ray),
# the rl extra (rummykit.env's tests) and the web extra (tests/web, which drive the
# system's Chromium: .ci/run installs it where it is missing).
$(TSTAMP): $(BUILT) $(FILES) $(wildcard examples/*/pyproject.toml) benchmarks/sparring/pyproject.toml | $(BIN)/python
	@echo "Installing rummykit, its test tools and the examples into $(VENV)"
	$(QUIET) $(BIN)/python -m pip install -q $(STRICT) -e '.[test,ray,rl,web]'
	$(QUIET) $(BIN)/python -c "$$UNINSTALL_GONE_EXAMPLES"
	$(QUIET) true; for ex in examples/*/; do [ -f $$ex/pyproject.toml ] && quietly $(BIN)/python -m pip install -q -e $$ex || true; done
	$(QUIET) $(BIN)/python -m pip install -q -e benchmarks/sparring
	@touch $(STAMP) $@

# Offers to continue the latest unfinished game first; rummy itself is then
# $(BIN)/rummy (or plain rummy after ". $(BIN)/activate").
play: $(STAMP)
	$(BIN)/rummy play gin --offer-resume

gate: $(TSTAMP)
	$(BIN)/ruff check .
	@if [ "$(FORMAT_CHECK)" = 1 ]; then echo "$(BIN)/ruff format --check ."; $(BIN)/ruff format --check .; fi
	$(BIN)/mypy -p rummykit
	$(BIN)/lint-imports

# The tests start Python processes (pytest-xdist's workers, the programs of
# tests/process). Each would compile every module it imports from source if
# byte-code were not written (PYTHONDONTWRITEBYTECODE set in the environment):
# the test runs write it anyway, under $(PYCACHE) rather than into the source tree.
PYCACHE  = $(VENV)/pycache
TESTENV  = PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX=$(abspath $(PYCACHE))

# Both run on every core (pytest-xdist, -n auto); --dist loadgroup keeps the
# tests of one xdist_group on one worker (Ray's, which start a cluster).
XDIST    = -n auto --dist loadgroup

# The gate and every test.
test: gate
	$(TESTENV) $(BIN)/python -m pytest $(XDIST) $(PYTEST_ARGS)

# The edit-test loop: the gate and the tests that run in the test process and
# are not marked slow (the tests that start programs, tests/process, are make test's).
check: gate
	$(TESTENV) $(BIN)/python -m pytest -m "not slow and not process" $(XDIST) $(PYTEST_ARGS)

bench: $(TSTAMP)
	$(BIN)/python benchmarks/run.py $(BENCH_ARGS)

# The optional compiled build (docs/env.md "Speed"): a second environment,
# $(CVENV), where rummykit is a regular install built with RUMMYKIT_COMPILE=1
# (the environment's hot path compiled by mypyc from the same source; needs a
# C compiler), with the rl and peers extras for benchmarks/bench_env.py.
CVENV   = .venv-compiled
compiled: $(CVENV)/.installed

$(CVENV)/.installed: $(BUILT) $(FILES)
	$(QUIET) $(PYTHON) -m venv $(CVENV)
	$(QUIET) $(CVENV)/bin/python -m pip install -q --upgrade pip
	$(QUIET) env RUMMYKIT_COMPILE=1 $(CVENV)/bin/python -m pip install -q '.[rl,peers]'
	@touch $@

clean:
	rm -rf $(VENV) $(CVENV) build .pytest_cache .hypothesis .mypy_cache .ruff_cache

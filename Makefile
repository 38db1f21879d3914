# Every target makes its own virtual environment from the project's files.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
TSTAMP  = $(VENV)/.installed-test
# The compiled play-out core is built at install: rebuild when it changes.
BUILT   = pyproject.toml setup.py variants/cardverse_rummy/bots/_fastplay.c

.PHONY: play test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP): $(BUILT) | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(TSTAMP): $(BUILT) $(wildcard examples/*/pyproject.toml) | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	for ex in examples/*/; do [ -f $$ex/pyproject.toml ] && $(BIN)/python -m pip install -q -e $$ex || true; done
	touch $(STAMP) $@

play: $(STAMP)
	$(BIN)/rummy play gin

test: $(TSTAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(TSTAMP)
	$(BIN)/python benchmarks/run.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

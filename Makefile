# Two commands do everything on a fresh machine with Python 3.11+ and pip:
#   make play   create .venv, install, start a hanchan
#   make test   create .venv, install with test extras, run the whole suite
# make check is the quick edit loop, make lint the ruff, mypy and import contracts CI runs.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HYPOTHESIS_PROFILE ?= $(if $(CI),ci,dev)

.PHONY: play test check lint typecheck bench bench-deps clean external-bots

$(VENV)/.created:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	touch $@

$(VENV)/.installed: $(VENV)/.created pyproject.toml
	$(PY) -m pip install --quiet -e .
	touch $@

# One install with the test extras (not the plain one first: each builds the package again)
$(VENV)/.installed-test: $(VENV)/.created pyproject.toml
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

play: $(VENV)/.installed
	$(VENV)/bin/hanchan play

# The sources byte-compiled once before a run: the suite starts a few hundred Python
# processes (the command line, mjai bots, the kill test), and where PYTHONDONTWRITEBYTECODE
# is set each of them compiled every module again. (compileall does not follow the
# symlinks under hanchan/, hence the folders by name.)
COMPILE := $(PY) -m compileall -q -j 0 engine ai tui rulesets saves hanchan tests

# Three workers on two cores: the app tests spend much of their time waiting on Textual's
# idle clock, and a third worker runs meanwhile; worksteal evens out the long tests at the end.
PYTEST_WORKERS := -n 3 --dist worksteal

test: $(VENV)/.installed-test
	$(COMPILE)
	$(PY) -m pytest $(PYTEST_WORKERS) -q --hypothesis-profile=$(HYPOTHESIS_PROFILE)

# The edit loop: everything but the slow checks and the tests that drive the app.
check: $(VENV)/.installed-test
	$(COMPILE)
	$(PY) -m pytest -n 2 -q -m "not slow and not pilot" --hypothesis-profile=dev

lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

# riichienv, to compare with (benchmarks/bench_vs_riichienv.py); never needed to play or test
bench-deps: $(VENV)/.installed-test
	$(PY) -m pip install --quiet -e '.[test,bench]'

# Outside AIs to measure against (needs node and npm; never part of `make test`):
# majiang-ai as an mjai bot, benchmarks/external/majiang_mjai.js.
external-bots:
	cd benchmarks/external && npm install --no-audit --no-fund

bench: $(VENV)/.installed-test
	for f in benchmarks/bench_*.py; do $(PY) -m benchmarks.$$(basename $$f .py); done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
	find . -name __pycache__ -not -path './.venv/*' -prune -exec rm -rf {} +

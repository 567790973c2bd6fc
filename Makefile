# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev

.PHONY: run test lint typecheck bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP_DEV): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $@ $(STAMP_RUN)

# The catalogues the bot reads, compiled from their .po sources whenever those change.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard bot/i18n/locale/*/LC_MESSAGES/*.po))

%.mo: %.po | $(STAMP_RUN)
	$(BIN)/python -m bot.i18n compile

run: $(STAMP_RUN) $(CATALOGUES)
	$(BIN)/python -m bot

test: $(STAMP_DEV) $(CATALOGUES)
	$(BIN)/python -m pytest -q

lint: $(STAMP_DEV)
	$(BIN)/ruff check bot cogs render tests
	$(BIN)/mypy bot cogs render   # strict on bot.poker and bot.games (pyproject)

bench: $(STAMP_DEV) $(CATALOGUES)
	$(BIN)/python -m bot bench all

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

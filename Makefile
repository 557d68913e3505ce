# Quick start: `make demo` and `make test` each create or reuse .venv and install what they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: demo test lint typecheck bench install clean train

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/corpkg demo examples/ --out-dir demo-output

test: lint typecheck
	$(BIN)/pytest

# ruff over the whole tree; mypy --strict over the package as installed (see [tool.mypy])
lint: $(STAMP)
	$(BIN)/ruff check .

TC := .typecheck
typecheck: $(STAMP)
	rm -rf $(TC) && mkdir -p $(TC)/corpkg
	for f in corpkg/*; do ln -s ../../$$f $(TC)/corpkg/; done
	for d in extract graph ontology; do ln -s ../../$$d $(TC)/corpkg/$$d; done
	cd $(TC) && ../$(BIN)/mypy --config-file ../pyproject.toml -p corpkg

bench: $(STAMP)
	$(BIN)/python bench/run.py

# the learned pair classifier (docs/learned.md): corpora from tests/annotations, config
# extract/learned/config.cfg, fixed seed -> extract/models/pairs; then its dev table
train: $(STAMP)
	$(BIN)/python -m corpkg.extract.learned.train
	$(BIN)/python -m corpkg.extract.learned.report

clean:
	rm -rf $(VENV) demo-output .pytest_cache $(TC)

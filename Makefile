# Humsafar: `make run` starts the whole system, `make test` checks it. Both install what is missing first.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PY_STAMP := $(VENV)/.installed
WEB_STAMP := web/node_modules/.installed
GENERATED := web/src/generated
CHECK_DIR := .data/generated-check
# make run, the tests and the benchmarks run on the sandbox vendors; a deploy's default is SANDBOX=false.
export SANDBOX ?= true

.PHONY: install run build generate check-generated lint typecheck test test-python test-web bench chromium clean

install: $(PY_STAMP) $(WEB_STAMP)

$(PY_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $@

$(WEB_STAMP): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

generate: install
	$(PY) -m domain.rules.export $(GENERATED)
	$(PY) -m scripts.export_openapi $(GENERATED)/openapi.json
	cd web && npx openapi-typescript src/generated/openapi.json -o src/generated/api.ts --silent

check-generated: install
	@mkdir -p $(CHECK_DIR)
	@$(PY) -m domain.rules.export $(CHECK_DIR)
	@$(PY) -m scripts.export_openapi $(CHECK_DIR)/openapi.json
	@cd web && npx openapi-typescript ../$(CHECK_DIR)/openapi.json -o ../$(CHECK_DIR)/api.ts --silent
	@for file in rules.ts rules openapi.json api.ts; do \
		diff -qr $(GENERATED)/$$file $(CHECK_DIR)/$$file >/dev/null || \
		{ echo "$(GENERATED)/$$file is stale: run 'make generate' and commit it"; exit 1; }; \
	done
	@echo "generated files are current"

build: install
	cd web && npm run build

run: build
	$(PY) -m scripts.run

# lint-imports checks the direction of imports between the layers (pyproject.toml, [tool.importlinter]); the web
# app's ESLint checks that features never import each other.
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-cache
	cd web && npm run lint

typecheck: install
	$(VENV)/bin/mypy
	cd web && npm run typecheck

# Browser journeys run in their own session: Playwright's sync API keeps an event loop running in the main thread,
# which the async tests' session loop cannot share.
# Each session keeps its temporary files under .data/pytest, away from other pytest runs on the machine.
# Debian's Chromium for the browser journeys and the front-end benchmarks, installed when missing.
chromium:
	@bash scripts/ensure-chromium.sh

test-python: build chromium
	mkdir -p .data/pytest
	$(VENV)/bin/pytest --ignore=tests/e2e --basetemp=.data/pytest/main
	$(VENV)/bin/pytest tests/e2e --basetemp=.data/pytest/e2e

test-web: install
	cd web && npm test

test: lint typecheck check-generated test-web test-python

# Prints one JSON object on stdout (progress goes to stderr).
bench: install chromium
	@$(PY) -m tests.perf.run_all

clean:
	rm -rf $(VENV) web/node_modules web/dist $(CHECK_DIR)

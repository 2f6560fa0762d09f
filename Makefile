# Workbench. `make run` sets everything up and serves http://127.0.0.1:8080 (SQLite, one
# process); `make test` runs the whole test suite. Each step is skipped when up to date.
.DEFAULT_GOAL := help
SHELL := /bin/bash

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
DATA_DIR := $(or $(WORKBENCH_DATA_DIR),var)
DB_KEY := $(shell printf '%s' "$(WORKBENCH_DATABASE_URL)" | md5sum | cut -c1-8)
MIGRATED := $(DATA_DIR)/.migrated-$(DB_KEY)
INSTALLED := $(VENV)/.installed
FRONTEND_BUILT := $(if $(wildcard frontend/package.json),frontend/dist/.built,)
CLIENTS_JS := tests/clients/js/node_modules/.installed
CLIENTS_OIDC := tests/clients/oidc/node_modules/.installed
# pytest's worker processes in `make test`: two by default, one per core (tests/conftest.py
# keeps the tests that share a resource in one worker); `TEST_WORKERS=0 make test` runs the
# suite in this process, one test after another.
TEST_WORKERS ?= 2

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

$(INSTALLED): requirements.txt requirements-dev.txt setup.cfg setup.py
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	$(BIN)/pip install --quiet --disable-pip-version-check --no-build-isolation --no-deps -e .
	touch $@

install: $(INSTALLED) $(FRONTEND_BUILT) ## create the virtualenv and build the frontend

frontend/node_modules/.installed: frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund --loglevel=error
	touch $@

frontend/dist/.built: frontend/node_modules/.installed $(shell find frontend/src frontend/scripts frontend/public frontend/index.html frontend/vite.config.* frontend/tsconfig.json plugins -path '*/node_modules' -prune -o -path '*/static' -prune -o -type f \( -name '*.ts' -o -name '*.tsx' -o -name '*.mjs' -o -name '*.css' -o -name '*.html' -o -name '*.json' -o -name '*.svg' -o -name 'vite.config.*' \) -print 2>/dev/null) $(wildcard i18n/*.json)
	cd frontend && npm run --silent build
	touch $@

# NocoDB's JavaScript SDK for the client scenarios; its own install script asks for pnpm
# and it needs no build, so scripts are not run.
$(CLIENTS_JS): tests/clients/js/package.json tests/clients/js/package-lock.json
	cd tests/clients/js && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $@

# The OpenID Provider the single sign-on tests start (tests/clients/oidc/provider.mjs).
$(CLIENTS_OIDC): tests/clients/oidc/package.json tests/clients/oidc/package-lock.json
	cd tests/clients/oidc && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $@

$(MIGRATED): $(INSTALLED) $(wildcard workbench/migrations/versions/*.py)
	mkdir -p $(DATA_DIR)
	$(BIN)/workbench migrate
	touch $@

migrate: $(INSTALLED) ## bring the meta database up to date
	$(BIN)/workbench migrate

run: $(INSTALLED) $(FRONTEND_BUILT) $(MIGRATED) ## set up and serve on http://127.0.0.1:$${PORT:-8080}
	exec $(BIN)/pserve development.ini

test: $(INSTALLED) $(FRONTEND_BUILT) $(CLIENTS_JS) $(CLIENTS_OIDC) ## run the whole test suite (vitest, then pytest)
	$(if $(FRONTEND_BUILT),cd frontend && npm test --silent -- --run)
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadgroup $(T)

lint: $(INSTALLED) ## ruff
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

reformat: $(INSTALLED) ## ruff format and autofix
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(INSTALLED) $(FRONTEND_BUILT) ## run the benchmarks and rewrite bench/RESULTS.md
	$(BIN)/python -m bench.startup
	$(BIN)/python -m bench.records
	$(BIN)/python -m bench.computed
	$(BIN)/python -m bench.grid
	$(BIN)/python -m bench.signin_attack

clean: ## remove the virtualenv and build output (keeps the data folder)
	rm -rf $(VENV) frontend/node_modules frontend/dist frontend/dist-ssr

.PHONY: help install migrate run test lint reformat bench clean

#!/usr/bin/env bash
# Sets up and runs every test: lint, the suite on PostgreSQL and Redis, then the browser suite.
# Extra arguments go to the first pytest run (e.g. `bash scripts/test.sh -k rules`).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh

ensure_venv requirements-dev.txt
ensure_postgres
ensure_redis 1
ensure_chromium
ensure_ops_tools
ensure_node_modules
log "PostgreSQL: $DATABASE_URL  Redis: $REDIS_URL"

log "ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .

log "lint-imports (the layering contract in pyproject.toml)"
.venv/bin/lint-imports

log "mypy (the rules engine and the bots)"
.venv/bin/mypy

# Two processes (pytest-xdist), each with its own test database and Redis database
# (config/test_settings.py); TEST_PROCESSES=0 runs each suite in this one process.
processes=${TEST_PROCESSES:-2}
log "pytest: rules, services, consumers ($processes processes)"
.venv/bin/python -m pytest --ignore=tests/browser -n "$processes" "$@"

log "pytest: browser (Playwright on /usr/bin/chromium, $processes processes)"
DJANGO_ALLOW_ASYNC_UNSAFE=true .venv/bin/python -m pytest tests/browser -n "$processes"

#!/usr/bin/env bash
# The cluster test (tools/cluster): hosts made of network namespaces, players through nginx,
# a Daphne, the Redis primary and the leading sweeper killed while they play. Needs root;
# elsewhere it says so and exits 0. Installs nginx, PgBouncer and Redis Sentinel when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh

ensure_venv requirements-dev.txt
if [ "$(id -u)" -ne 0 ]; then
  log "cluster test skipped: it needs root to make network namespaces"
  exit 0
fi
ensure_ops_tools
if ! command -v nginx >/dev/null; then log "Installing nginx from Debian"; apt_install nginx-light; fi
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then log "Installing PostgreSQL from Debian"; apt_install postgresql; fi
if ! command -v redis-server >/dev/null; then log "Installing Redis from Debian"; apt_install redis-server; fi
if ! command -v ip >/dev/null; then log "Installing iproute2 from Debian"; apt_install iproute2; fi
log "cluster test"
.venv/bin/python -m tools.cluster "$@"

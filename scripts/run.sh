#!/usr/bin/env bash
# Sets up and starts the site on http://127.0.0.1:8000 (PORT to change it).
# SQLite and the in-memory channel layer unless DATABASE_URL and REDIS_URL say otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh

ensure_venv requirements.txt
export DEBUG="${DEBUG:-1}"
PORT="${PORT:-8000}"
py=.venv/bin/python

$py manage.py migrate --noinput
if [ "$DEBUG" != "1" ]; then $py manage.py collectstatic --noinput >/dev/null; fi
$py manage.py ensure_demo_admin

if [ -n "${REDIS_URL:-}" ]; then
  # Across processes (Redis), one sweeper enforces the clocks; without Redis, Daphne runs it.
  $py manage.py run_sweeper &
  CLEANUP+=("kill $!")
  # The engine's reviews go to RQ on Redis: one worker here (more may run on other machines).
  $py manage.py run_review_worker &
  CLEANUP+=("kill $!")
fi
log "Serving on http://127.0.0.1:$PORT/"
$py -m config.serve -b 127.0.0.1 -p "$PORT" config.asgi:application  # Daphne; SIGTERM drains it

# Shared by scripts/run.sh and scripts/test.sh: a venv with pinned packages, and the
# services the site needs, installed from Debian's packages when missing.

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
APT_UPDATED=""

log() { printf '\033[1;33m==>\033[0m %s\n' "$*"; }

apt_install() {
  if [ -z "$APT_UPDATED" ]; then
    $SUDO apt-get update -qq
    APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}

# venv_python: the interpreter a new .venv is made on. Debian's own Python 3.11 where there is
# one: Debian builds it with profile-guided and link-time optimisation and links libpython into
# the executable, where a default build (as pyenv's) does neither, and the load test's servers
# use about 7% more CPU an action on the latter (docs/benchmarks.md, session 44).
venv_python() {
  if [ -x /usr/bin/python3.11 ]; then
    echo /usr/bin/python3.11
  else
    command -v python3.11 || command -v python3 || true
  fi
}

# venv_made_on PYTHON: whether .venv runs on PYTHON's interpreter (through a symlink such as
# python3, or a pyenv shim, it is the same one).
venv_made_on() {
  local base='import os, sys; print(os.path.realpath(sys._base_executable))'
  [ "$(.venv/bin/python -c "$base" 2>/dev/null)" = "$("$1" -c "$base")" ]
}

# ensure_venv REQUIREMENTS_FILE: .venv on venv_python with exactly these pins (re-installed when
# they change; made again when it runs on another interpreter).
ensure_venv() {
  local reqs="$1" python
  python=$(venv_python)
  if [ -z "$python" ]; then
    log "Installing Python 3 from Debian"
    apt_install python3 python3-venv
    python=$(command -v python3)
  fi
  if [ -x .venv/bin/python ] && ! venv_made_on "$python"; then
    log "Making .venv again on $python"
    rm -rf .venv
  fi
  if [ ! -x .venv/bin/python ]; then
    if ! "$python" -m venv .venv >/dev/null 2>&1; then
      log "Installing python3-venv from Debian"
      rm -rf .venv
      apt_install python3-venv
      "$python" -m venv .venv
    fi
  fi
  local stamp=".venv/.installed-$(basename "$reqs")"
  local want
  want=$(cat requirements*.txt | sha256sum | cut -c1-16)
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    log "Installing $reqs into .venv"
    .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
    .venv/bin/python -m pip install -q --disable-pip-version-check -r "$reqs"
    echo "$want" >"$stamp"
  fi
}

CLEANUP=()
cleanup() {
  local cmd
  for cmd in "${CLEANUP[@]}"; do eval "$cmd" || true; done
}
trap cleanup EXIT

py_can() { .venv/bin/python -c "$1" >/dev/null 2>&1; }

# ensure_postgres: DATABASE_URL as given, else the local server, else a throwaway one.
ensure_postgres() {
  if [ -n "${DATABASE_URL:-}" ]; then return; fi
  local url="postgres://postgres@127.0.0.1:5432/postgres"
  if py_can "import psycopg; psycopg.connect('$url', connect_timeout=3).close()"; then
    export DATABASE_URL="$url"
    return
  fi
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    log "Installing PostgreSQL from Debian"
    apt_install postgresql
  fi
  local bin dir port=55432
  bin=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")
  dir=$(mktemp -d /tmp/rummy-pg.XXXXXX)
  local as=()
  if [ "$(id -u)" -eq 0 ]; then  # initdb refuses to run as root
    chown postgres: "$dir"
    as=(runuser -u postgres --)
  fi
  log "Starting a throwaway PostgreSQL on port $port"
  "${as[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust >/dev/null
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
    -o "-p $port -k $dir -h 127.0.0.1 -c fsync=off" start >/dev/null
  CLEANUP+=("${as[*]} $bin/pg_ctl -D $dir/data -m immediate stop >/dev/null; rm -rf $dir")
  export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
}

# ensure_redis: REDIS_URL as given, else the local server, else a throwaway one.
ensure_redis() {
  local db="${1:-0}"
  if [ -n "${REDIS_URL:-}" ]; then return; fi
  local url="redis://127.0.0.1:6379/$db"
  if py_can "import redis; redis.Redis.from_url('$url', socket_timeout=3).ping()"; then
    export REDIS_URL="$url"
    return
  fi
  if ! command -v redis-server >/dev/null; then
    log "Installing Redis from Debian"
    apt_install redis-server
  fi
  local dir port=56379
  dir=$(mktemp -d /tmp/rummy-redis.XXXXXX)
  log "Starting a throwaway Redis on port $port"
  redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes \
    --dir "$dir" --pidfile "$dir/redis.pid" --logfile "$dir/log"
  for _ in $(seq 50); do [ -s "$dir/redis.pid" ] && break; sleep 0.1; done
  CLEANUP+=("kill \$(cat $dir/redis.pid); rm -rf $dir")
  export REDIS_URL="redis://127.0.0.1:$port/$db"
}

# ensure_ops_tools: PgBouncer and Redis Sentinel, which the production-shape tests start.
ensure_ops_tools() {
  local missing=()
  [ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
  command -v redis-sentinel >/dev/null || missing+=(redis-sentinel)
  if [ ${#missing[@]} -gt 0 ]; then
    log "Installing ${missing[*]} from Debian"
    apt_install "${missing[@]}"
  fi
}

ensure_chromium() {
  if [ ! -x /usr/bin/chromium ]; then
    log "Installing Chromium from Debian"
    apt_install chromium
  fi
}

# ensure_node_modules: the npm packages the browser tests inject (package-lock.json), from the
# npm registry; node and npm from Debian when missing.
ensure_node_modules() {
  if ! command -v npm >/dev/null; then
    log "Installing Node.js and npm from Debian"
    apt_install nodejs npm
  fi
  local want
  want=$(sha256sum package-lock.json | cut -c1-16)
  if [ "$(cat node_modules/.installed 2>/dev/null)" != "$want" ]; then
    log "Installing node modules (npm ci)"
    npm ci --no-audit --no-fund --silent
    echo "$want" >node_modules/.installed
  fi
}

#!/usr/bin/env bash
# A throw-away PostgreSQL cluster of our own, for the API tests on real PostgreSQL.
# It never touches the machine's clusters: its own data directory, a free loopback port,
# its unix socket inside the data directory, trust auth for user postgres on 127.0.0.1 only.
#
#   scripts/pg-cluster.sh start [DIR]   init (if new) and start; prints the URL on stdout
#                                       DIR defaults to a new mktemp directory
#   scripts/pg-cluster.sh url DIR       print the URL of a running cluster
#   scripts/pg-cluster.sh stop DIR [--rm]  stop it (and delete DIR)
#
# Usage:  dir=$(mktemp -d) && export TEST_DATABASE_URL=$(scripts/pg-cluster.sh start "$dir")
#         npm test  ...  scripts/pg-cluster.sh stop "$dir" --rm
# Env: PG_PORT (first port to try, default 55432), PG_BIN (default /usr/lib/postgresql/15/bin,
# else the newest /usr/lib/postgresql/*/bin, else PATH).
# As root the server runs as user postgres (it refuses to run as root); otherwise as you.
set -euo pipefail

log() { echo "pg-cluster: $*" >&2; }
die() { log "$*"; exit 1; }

pg_bin() {
  if [[ -n "${PG_BIN:-}" ]]; then echo "$PG_BIN"; return; fi
  if [[ -x /usr/lib/postgresql/15/bin/postgres ]]; then echo /usr/lib/postgresql/15/bin; return; fi
  local newest
  newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [[ -n "$newest" ]]; then echo "$newest"; return; fi
  local ctl
  ctl=$(command -v pg_ctl) || die "PostgreSQL not found: apt-get install -y postgresql (or set PG_BIN)"
  dirname "$ctl"
}

BIN=$(pg_bin)

# Run a PostgreSQL binary as the cluster's owner, from / so that user needs no access to our cwd.
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    (cd / && runuser -u postgres -- "$@")
  else
    (cd / && "$@")
  fi
}

# First port from $1 that nothing on 127.0.0.1 has bound (binding, not connecting, so a
# bound-but-idle port counts as taken too).
free_port() {
  node -e '
    const net = require("node:net");
    const try_ = (p) => {
      if (p > 65535) { console.error("no free port"); process.exit(1); }
      const s = net.createServer();
      s.once("error", () => try_(p + 1));
      s.listen(p, "127.0.0.1", () => s.close(() => console.log(p)));
    };
    try_(Number(process.argv[1]));
  ' "$1"
}

# postmaster.pid line 4 is the port the running server listens on.
running_port() { sed -n 4p "$1/postmaster.pid" 2>/dev/null; }
url_for() { echo "postgres://postgres@127.0.0.1:$1/postgres"; }

start() {
  local dir=${1:-}
  if [[ -z "$dir" ]]; then dir=$(mktemp -d "${TMPDIR:-/tmp}/shop-pg.XXXXXX"); fi
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  # The unix socket lives in the data directory and its path must fit in 107 bytes.
  (( ${#dir} < 90 )) || die "data directory path too long for a unix socket: $dir"
  if [[ $(id -u) -eq 0 ]]; then
    id postgres >/dev/null 2>&1 || die "user postgres missing (apt-get install -y postgresql creates it)"
    chown postgres: "$dir"
  fi
  chmod 700 "$dir"

  if [[ -f "$dir/postmaster.pid" ]] && as_owner "$BIN/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    log "already running in $dir"
    url_for "$(running_port "$dir")"
    return
  fi

  if [[ ! -f "$dir/PG_VERSION" ]]; then
    log "initdb in $dir"
    as_owner "$BIN/initdb" -D "$dir" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null \
      || die "initdb failed"
  fi

  local port
  port=$(free_port "${PG_PORT:-55432}")
  # Durability off: the data is thrown away, and the tests run faster without fsyncs.
  as_owner "$BIN/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories='$dir' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null || { tail -n 20 "$dir/server.log" >&2 || true; die "pg_ctl start failed"; }
  log "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') running on 127.0.0.1:$port, data $dir"
  log "stop with: $0 stop $dir --rm"
  url_for "$port"
}

stop() {
  local dir=${1:-}
  [[ -n "$dir" ]] || die "usage: $0 stop DIR [--rm]"
  if [[ -f "$dir/postmaster.pid" ]]; then
    as_owner "$BIN/pg_ctl" -D "$dir" -m fast -w stop >/dev/null && log "stopped cluster in $dir"
  else
    log "no running cluster in $dir"
  fi
  if [[ "${2:-}" == "--rm" ]]; then
    # Only ever delete something that is (or was about to be) a cluster directory of ours.
    if [[ -f "$dir/PG_VERSION" || -z "$(ls -A "$dir" 2>/dev/null)" ]]; then rm -rf "$dir"; log "removed $dir"; fi
  fi
}

case "${1:-}" in
  start) start "${2:-}" ;;
  stop) stop "${2:-}" "${3:-}" ;;
  url)
    [[ -n "${2:-}" ]] || die "usage: $0 url DIR"
    port=$(running_port "$2")
    [[ -n "$port" ]] || die "no running cluster in $2"
    url_for "$port"
    ;;
  *) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac

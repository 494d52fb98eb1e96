#!/usr/bin/env bash
# A throw-away PostgreSQL server on 127.0.0.1 for tests and benchmarks (Debian's packages).
#   scripts/postgres.sh start   installs PostgreSQL when missing, starts it, prints the DATABASE_URL
#   scripts/postgres.sh stop    stops it and removes its data
# Port and directory: PGPORT (default 25329, below Linux's ephemeral ports where a client connection could hold it), PGTEST_DIR (default /tmp/storefront-pg).
set -euo pipefail
PORT="${PGPORT:-25329}"
DIR="${PGTEST_DIR:-/tmp/storefront-pg}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
URL="postgres://postgres@127.0.0.1:${PORT}/store"

as_postgres() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
      echo "Installing PostgreSQL from Debian" >&2
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >&2
      apt-get install -y -qq postgresql >/dev/null
      BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
    fi
    if [ -f "$DIR/postmaster.pid" ] && as_postgres "$BIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then
      echo "$URL"
      exit 0
    fi
    rm -rf "$DIR"
    mkdir -p "$DIR"
    chmod 700 "$DIR"
    [ "$(id -u)" = "0" ] && chown postgres:postgres "$DIR"
    # C.UTF-8 so that pg_trgm treats Thai letters as word characters (stack.md).
    as_postgres "$BIN/initdb" -D "$DIR" -U postgres --auth=trust --locale=C.UTF-8 --encoding=UTF8 >/dev/null
    as_postgres "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w \
      -o "-c listen_addresses=127.0.0.1 -p ${PORT} -k ${DIR} -c max_connections=200 -c fsync=off" start >/dev/null
    as_postgres "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres store
    echo "$URL"
    ;;
  stop)
    if [ -n "$BIN" ] && [ -f "$DIR/postmaster.pid" ]; then
      as_postgres "$BIN/pg_ctl" -D "$DIR" -m fast -w stop >/dev/null || true
    fi
    rm -rf "$DIR"
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac

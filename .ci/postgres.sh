#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on a Unix socket for the tests and
# prints the connection URL for EXPLORER_TEST_POSTGRES. Usage:
#   export EXPLORER_TEST_POSTGRES="$(.ci/postgres.sh start DIR)"
#   .ci/postgres.sh stop DIR
set -euo pipefail
cmd=${1:?start or stop}
dir=${2:?directory}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "postgresql is not installed" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "$cmd" in
start)
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres: "$dir"
  as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust >"$dir/initdb.log" 2>&1
  as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-c listen_addresses='' -c unix_socket_directories='$dir' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" start >/dev/null
  echo "postgres://postgres@/postgres?host=$dir&sslmode=disable"
  ;;
stop)
  as_pg "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
  ;;
esac

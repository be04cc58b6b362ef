#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server in a temporary folder on 127.0.0.1 and
# prints the export line for TEST_POSTGRES_URL. Installs Debian's PostgreSQL
# server first when it is missing. Usage: eval "$(bash scripts/throwaway-postgres.sh)"
set -euo pipefail
PORT="${PGPORT_TEST:-54329}"
# Another server on that port (a developer's): take the next free one.
while (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; do PORT=$((PORT + 1)); done
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "throwaway-postgres: installing Debian's postgresql package…" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
dir=$(mktemp -d /tmp/pg-test.XXXXXX)
run=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$dir"
  run=(runuser -u postgres --)
fi
"${run[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
# The port can be taken between the check above and the start (another test server): try the next ones.
for attempt in 1 2 3 4 5; do
  if "${run[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -o "-p $PORT -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" -w start >/dev/null; then
    break
  fi
  [ "$attempt" -eq 5 ] && { echo "throwaway-postgres: could not start (see $dir/log)" >&2; exit 1; }
  PORT=$((PORT + 1))
  while (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; do PORT=$((PORT + 1)); done
done
echo "throwaway-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (data in $dir)" >&2
echo "export TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
echo "export THROWAWAY_PG_STOP='${run[*]} $bin/pg_ctl -D $dir/data -m fast stop'"

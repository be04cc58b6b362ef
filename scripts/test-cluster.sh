#!/usr/bin/env bash
# npm run test:cluster: two instances of the build behind Caddy (deploy/Caddyfile)
# on one throwaway PostgreSQL (tests/cluster/). Needs Debian's `caddy` and
# `postgresql` packages (.ci/run installs both); without them it says so and
# skips, except with TEST_CLUSTER_REQUIRED=1 (.ci/run sets it), where that
# fails. Builds first when there is no build yet. Uses the PostgreSQL server of
# TEST_POSTGRES_URL when set (a schema of its own), else starts one.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v caddy >/dev/null 2>&1 || missing+=(caddy)
if [ -z "${TEST_POSTGRES_URL:-}" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then missing+=(postgresql); fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ -n "${TEST_CLUSTER_REQUIRED:-}" ]; then
    echo "test:cluster: failed: ${missing[*]} not installed and TEST_CLUSTER_REQUIRED is set (apt-get install ${missing[*]})" >&2
    exit 1
  fi
  echo "test:cluster: skipped: ${missing[*]} not installed (apt-get install ${missing[*]}; bash .ci/run installs them)" >&2
  exit 0
fi

if [ ! -f build/server/index.js ]; then
  echo "test:cluster: no build yet, building" >&2
  npm run build --silent
fi

if [ -z "${TEST_POSTGRES_URL:-}" ]; then
  eval "$(bash scripts/throwaway-postgres.sh)"
  trap 'eval "$THROWAWAY_PG_STOP" >/dev/null 2>&1 || true' EXIT
fi
export TEST_POSTGRES_URL QUIET_DIALECT_NOTICE=1
vitest run --config vitest.cluster.config.ts --reporter=verbose "$@"

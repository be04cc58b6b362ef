#!/bin/sh
# Runs an npm script of the app as its services do: as the loan-guide user, in
# /opt/loan-guide, with the settings of /etc/loan-guide/env. NAME=value
# arguments before the script's name override a setting for this run:
#   sudo /opt/loan-guide/deploy/run.sh admin:create -- --email you@example.com
#   sudo /opt/loan-guide/deploy/run.sh retention
#   sudo /opt/loan-guide/deploy/run.sh DATABASE_URL=postgres://…/loan_guide_drill restore -- FILE
set -eu
APP_DIR=${APP_DIR:-/opt/loan-guide}
ENV_FILE=${ENV_FILE:-/etc/loan-guide/env}
[ "$#" -gt 0 ] || { echo "usage: run.sh [NAME=value …] SCRIPT [-- ARGS]" >&2; exit 2; }
# shellcheck disable=SC2016 # the inner shell expands these
exec sudo -H -u loan-guide sh -c '
  set -a; . "$1"; set +a
  cd "$2"; shift 2
  while [ "$#" -gt 0 ]; do case "$1" in *=*) export "$1"; shift ;; *) break ;; esac; done
  exec npm run --silent "$@"
' run.sh "$ENV_FILE" "$APP_DIR" "$@"

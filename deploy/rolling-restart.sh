#!/bin/sh
# Restarts the instances one after another, each only once the one before is
# back in Caddy's rotation, so the site never stops answering (ADR 0026):
#   sudo sh /opt/loan-guide/deploy/rolling-restart.sh 3001 3002
# After an upgrade (git pull, npm ci, npm run build) this is the restart.
set -eu
[ "$#" -gt 0 ] || set -- 3001 3002
for port in "$@"; do
  echo "restarting loan-guide@$port"
  # SIGTERM: the instance drains (SHUTDOWN_DELAY_MS) before it stops.
  systemctl restart "loan-guide@$port"
  tries=0
  until curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz"; do
    tries=$((tries + 1))
    if [ "$tries" -ge 120 ]; then
      echo "loan-guide@$port is not ready after 2 minutes: journalctl -u loan-guide@$port" >&2
      exit 1
    fi
    sleep 1
  done
  # Caddy checks /readyz every second: give it two checks to take the instance back.
  sleep 3
done
echo "all instances restarted"

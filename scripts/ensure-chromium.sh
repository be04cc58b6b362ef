#!/usr/bin/env bash
# Finds a Chromium for the browser tests: $CHROME_PATH, else /usr/bin/chromium.
# When neither exists it installs Debian's `chromium` package (never a
# downloaded browser build) and says so. Prints nothing else on success.
set -euo pipefail
if [ -n "${CHROME_PATH:-}" ] && [ -x "$CHROME_PATH" ]; then exit 0; fi
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "ensure-chromium: no Chromium found (CHROME_PATH unset, /usr/bin/chromium missing); installing Debian's chromium package…" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "ensure-chromium: not root and no sudo: install it with 'apt-get install chromium' or set CHROME_PATH." >&2
    exit 1
  fi
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
echo "ensure-chromium: installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)" >&2

#!/bin/sh
# Debian's Chromium, for the browser tests (tests/test_web_browser.py): Playwright drives it,
# as it cannot download a browser of its own on this network. Nothing to do if it is there.
set -e
command -v chromium >/dev/null 2>&1 && exit 0
if [ "$(id -u)" -eq 0 ]; then as_root=""; else as_root="sudo"; fi
$as_root apt-get install -y chromium || { $as_root apt-get update && $as_root apt-get install -y chromium; }

#!/usr/bin/env bash
# The browser journeys and the front-end benchmarks drive Debian's Chromium (Playwright cannot download its own
# here): installed from the Debian archive when it is missing.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }

if [ ! -x /usr/bin/chromium ]; then
  as_root apt-get update -q
  as_root apt-get install -y -q chromium
fi

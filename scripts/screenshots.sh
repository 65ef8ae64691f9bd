#!/usr/bin/env bash
# Regenerates docs/screenshots: every screen of the desktop app, in English and Chinese, with
# sample data, rendered headless. Uses the machine's Redis and MariaDB when they answer on 6379 and
# 3306, embedded servers otherwise. Chinese needs a CJK font (Debian: fonts-wqy-microhei).
set -euo pipefail
cd "$(dirname "$0")/.."
args=()
(exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null && args+=("-Dredcron.test.redis.uri=redis://127.0.0.1:6379")
(exec 3<>/dev/tcp/127.0.0.1/3306) 2>/dev/null && args+=("-Dredcron.test.jdbc.url=jdbc:mysql://127.0.0.1:3306/test")
mvn -B -ntp -q -pl app-desktop -am verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
  -Dit.test=ScreenshotsIT -Dfailsafe.failIfNoSpecifiedTests=false \
  -Dredcron.screenshots="$PWD/docs/screenshots" "${args[@]}"
echo "Screenshots written to docs/screenshots/"

#!/usr/bin/env bash
# Regenerates docs/screenshots: the desktop app on a production-like demo installation (namespace
# prod-eu: 36 tasks, three days of history, a lost node, dead and delayed runs), every screen in
# English and Chinese plus the task editor, the cron builder, the trigger dialog, the output
# window, a run's attempts, the dead runs and the dark theme, rendered headless. Uses the machine's
# Redis and MariaDB when they answer on 6379 and 3306, embedded servers otherwise. Chinese needs a
# CJK font (Debian: fonts-wqy-microhei). Pass -am to build the shared module too.
set -euo pipefail
cd "$(dirname "$0")/.."
args=()
(exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null && args+=("-Dredcron.test.redis.uri=redis://127.0.0.1:6379")
(exec 3<>/dev/tcp/127.0.0.1/3306) 2>/dev/null && args+=("-Dredcron.test.jdbc.url=jdbc:mysql://127.0.0.1:3306/test")
fc-list 2>/dev/null | grep -qiE 'wqy|noto.*cjk' || echo "warning: no CJK font found, the Chinese pictures will show boxes" >&2
rm -f docs/screenshots/*.png
mvn -B -ntp -q -pl app-desktop "$@" verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
  -Dit.test=ScreenshotsIT -Dfailsafe.failIfNoSpecifiedTests=false -Djacoco.skip=true \
  -Dredcron.screenshots="$PWD/docs/screenshots" "${args[@]}"
echo "Screenshots written to docs/screenshots/"

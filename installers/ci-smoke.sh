#!/usr/bin/env bash
# Installs the packages built by `mvn -Pinstallers package` the way an operator would, checks
# that both apps start, and removes them again. Run as root (it installs packages), from CI.
#   installers/ci-smoke.sh [DIR]     DIR: where the packages are (default installers/target)
set -euo pipefail

dir=$(cd "${1:-$(dirname "$0")/target}" && pwd)
node_deb=$(ls "$dir"/redcron-node_*.deb)
desktop_deb=$(ls "$dir"/redcron-desktop_*.deb)
export DEBIAN_FRONTEND=noninteractive

answers() { # host port
  (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null
}

step() { echo "[packages] $*"; }

step "installing $(basename "$node_deb") and $(basename "$desktop_deb") with apt-get"
apt-get update -qq || echo "[packages] apt-get update failed; installing from the package lists at hand"
# xvfb: a display for the desktop's smoke start (CI has none).
apt-get install -y -qq --no-install-recommends "$node_deb" "$desktop_deb" xvfb xauth >/dev/null

step "redcron-node --version"
redcron-node --version

# The installed node as its unit runs it (user redcron, the packaged config, metrics on 9464),
# against this machine's stores in a database and namespace of its own.
if answers 127.0.0.1 6379 && answers 127.0.0.1 3306 && ! answers 127.0.0.1 9464; then
  step "starting the installed node as user redcron"
  db="redcron_pkg_$$"
  log=$(mktemp)
  # The database of this machine has no TLS: the shipped verify-identity is loosened here only.
  env=(HOME=/var/lib/redcron LANG=C.UTF-8 REDCRON_NODE_NAMESPACE="$db" REDCRON_MYSQL_USER="${REDCRON_TEST_JDBC_USER:-root}"
       REDCRON_MYSQL_URL="jdbc:mysql://127.0.0.1:3306/$db?createDatabaseIfNotExist=true" REDCRON_MYSQL_TLS_MODE=disabled)
  # The password as systemd would hand it over (LoadCredential=): a file in a directory of the
  # service's own, never an environment variable.
  credentials=$(mktemp -d)
  printf '%s' "${REDCRON_TEST_JDBC_PASSWORD:-}" >"$credentials/mysql.password"
  chown -R redcron:redcron "$credentials"; chmod 0700 "$credentials"; chmod 0400 "$credentials/mysql.password"
  # As the unit starts it: user redcron with the ambient capabilities to start tasks as
  # redcron-task. setpriv execs (no child process), so $node is the node's own process id.
  (cd /var/lib/redcron && exec setpriv --reuid=redcron --regid=redcron --init-groups \
      --inh-caps=+setuid,+setgid,+kill --ambient-caps=+setuid,+setgid,+kill \
      env "${env[@]}" CREDENTIALS_DIRECTORY="$credentials" /usr/bin/redcron-node run --config /etc/redcron/redcron.yaml) >"$log" 2>&1 &
  node=$!
  # Whatever fails below, the node does not outlive this script.
  trap 'kill -TERM "$node" 2>/dev/null || true' EXIT
  ready=""
  for _ in $(seq 1 90); do
    if ready=$(curl -fsS -m 2 http://127.0.0.1:9464/health 2>/dev/null); then break; fi
    kill -0 "$node" 2>/dev/null || break
    sleep 1
  done
  [ -n "$ready" ] || { cat "$log"; echo "[packages] the installed node did not become ready" >&2; exit 1; }
  step "health: $ready"
  curl -fsS -m 5 http://127.0.0.1:9464/metrics | grep -q '^redcron_scheduler_leader' \
    || { echo "[packages] /metrics lacks redcron_scheduler_leader" >&2; exit 1; }

  # A task of the shipped allowlist runs as redcron-task and can read none of the node's secrets.
  probe=/usr/local/lib/redcron/jobs/redcron-smoke-probe
  cat >"$probe" <<'PROBE'
#!/bin/sh
echo "user=$(id -un)"
cat /etc/redcron/credentials/mysql.password >/dev/null 2>&1 && echo READ-CREDENTIAL
for f in "$1"/*; do cat "$f" >/dev/null 2>&1 && echo READ-CREDENTIALS-DIRECTORY; done
cat "/proc/$2/environ" >/dev/null 2>&1 && echo READ-NODE-ENVIRON
env | grep -q '^REDCRON_MYSQL' && echo SEES-NODE-SETTINGS
echo end
PROBE
  chmod 0755 "$probe"
  cli=(env "${env[@]}" /usr/bin/redcron-node)
  "${cli[@]}" task add --name smoke-probe --cron '0 0 1 1 *' --exec "$probe" "$credentials" "$node" >/dev/null
  "${cli[@]}" trigger smoke-probe >/dev/null
  output=""
  for _ in $(seq 1 60); do
    output=$("${cli[@]}" runs list --task smoke-probe --json 2>/dev/null || true)
    case "$output" in *SUCCEEDED*|*FAILED*) break ;; esac
    sleep 1
  done
  run=$(printf '%s' "$output" | grep -o '"id" *: *[0-9]*' | head -1 | grep -o '[0-9]*$')
  shown=$("${cli[@]}" runs show "$run" 2>&1 || true)
  case "$shown" in
    *user=redcron-task*end*) ;;
    *) echo "$shown"; cat "$log"; echo "[packages] the probe task did not run as redcron-task" >&2; exit 1 ;;
  esac
  case "$shown" in
    *READ-*|*SEES-*) echo "$shown"; echo "[packages] a task reached the node's secrets" >&2; exit 1 ;;
  esac
  rm -f "$probe"
  step "a task ran as redcron-task and could read none of the node's secrets"

  kill -TERM "$node"
  wait "$node" || true
  rm -rf "$credentials"
  mysql -h 127.0.0.1 -u "${REDCRON_TEST_JDBC_USER:-root}" ${REDCRON_TEST_JDBC_PASSWORD:+-p"$REDCRON_TEST_JDBC_PASSWORD"} \
    -e "DROP DATABASE IF EXISTS $db" 2>/dev/null || true
  redis-cli --scan --pattern "rc:{$db}:*" 2>/dev/null | xargs -r redis-cli del >/dev/null 2>&1 || true
  rm -f "$log"
  step "the installed node started, served /health and /metrics, and stopped on SIGTERM"
else
  step "no Redis on 6379 or MariaDB on 3306 (or port 9464 taken): the installed node is not started"
fi

step "desktop smoke start under Xvfb"
timeout 120 xvfb-run -a redcron-desktop --smoke-test

step "removing the packages"
apt-get purge -y -qq redcron-node redcron-desktop >/dev/null
step "done"

#!/usr/bin/env bash
# Runs the benchmark: Redcron's node processes next to Quartz, db-scheduler and JobRunr on one MariaDB and
# one Redis (the machine's on 3306 and 6379 when they answer, embedded ones otherwise). Prints a
# table, writes bench/results/<mode>-<time>.csv and .md, and regenerates docs/BENCHMARKS.md.
#
#   scripts/bench.sh [--quick|--full] [--only throughput,lateness,scale,ceiling,history,purge,process,http] [--runs N] [--help]
#
# Builds the node and the benchmark jars first when they are missing or older than the sources.
set -euo pipefail
cd "$(dirname "$0")/.."
node_jar=node-headless/target/redcron-node.jar
bench_jar=bench/target/redcron-bench.jar
stale() {
  [[ ! -f $node_jar || ! -f $bench_jar ]] && return 0
  [[ -n $(find pom.xml shared/pom.xml shared/src/main node-headless/pom.xml node-headless/src/main bench/pom.xml \
    bench/src/main -newer "$bench_jar" -type f -print -quit) ]]
}
if stale; then
  echo "Building the node and benchmark jars …" >&2
  mvn -B -ntp -q -pl bench -am -DskipTests package >&2
fi
exec java -jar "$bench_jar" "$@"

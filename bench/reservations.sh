#!/usr/bin/env bash
# Reservations: 200 customers race for 50 units through the gateway. Prints the throughput (reservation requests
# and holds per second), the latency of POST /v1/reservations (p50, p99), the answers by status, and the proof
# that no unit was ever held twice (the active reservations listed by the API, counted per unit).
#
#   bench/reservations.sh [customers] [units]    (defaults 200, 50)
#
# It builds the platform and runs com.storageplatform.e2e.ReservationBenchmark, which starts a devstack of its own
# (ports 27080+, home bench/.reservations), with the test-key rate limit out of the way.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
CUSTOMERS="${1:-200}"
UNITS="${2:-50}"
HOME_DIR="$PWD/bench/.reservations"
mkdir -p "$HOME_DIR"

build_e2e

export DEVSTACK_JAVA_OPTS="${DEVSTACK_JAVA_OPTS:--XX:+UseParallelGC -Xms512m -Xmx768m -XX:+ExitOnOutOfMemoryError $BENCH_TRACING_OPTS}"
export PLATFORM_RATE_LIMITS_TEST_PER_SECOND=100000
export PLATFORM_RATE_LIMITS_TEST_BURST=100000
print_machine
java -Xmx512m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -De2e.repo-root="$PWD" -cp "$CP" \
  com.storageplatform.e2e.ReservationBenchmark "$HOME_DIR" 27080 "$CUSTOMERS" "$UNITS" 2>&1 \
  | grep -E '^(setup|throughput|holds|latency|answers|proof|error):'

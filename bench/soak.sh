#!/usr/bin/env bash
# Soak: many mixed requests from several concurrent clients across many operators through the gateway, with
# credentials created, used at once and revoked, and the platform clock moved during the run. It must end with
# no 5xx answer and no client timeout. Prints the count of each status, any answer that was not the one
# expected, and p50/p99/max of the credential check (a 401 for an unknown or just-revoked key: always a full
# introspection) and of the first request made with a key created a moment before.
#
#   bench/soak.sh [requests] [clients] [operators]      (defaults 20000, 8, 50)
#
# It builds the platform and runs com.storageplatform.e2e.SoakBenchmark, which starts a devstack of its own on
# loopback (ports 27080+, home bench/.soak) and stops it at the end. The per-credential and per-IP rate limits are
# raised out of the way: every client is on 127.0.0.1, and the soak is about answers, not limits. Exit status 1
# when any answer was a 5xx or any request timed out (30 s).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
REQUESTS="${1:-20000}"
CLIENTS="${2:-8}"
OPERATORS="${3:-50}"
HOME_DIR="$PWD/bench/.soak"
mkdir -p "$HOME_DIR"

build_e2e

export PLATFORM_RATE_LIMITS_LIVE_PER_SECOND=100000
export PLATFORM_RATE_LIMITS_LIVE_BURST=100000
export PLATFORM_RATE_LIMITS_TEST_PER_SECOND=100000
export PLATFORM_RATE_LIMITS_TEST_BURST=100000
export PLATFORM_RATE_LIMITS_UNAUTHENTICATED_PER_SECOND=100000
export PLATFORM_RATE_LIMITS_UNAUTHENTICATED_BURST=100000
print_machine
echo "soak: $REQUESTS requests, $CLIENTS clients, $OPERATORS operators"
# The clients stand in for machines of their own: a small footprint, so the platform's processes get the CPU.
java -Xmx512m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -De2e.repo-root="$PWD" -cp "$CP" \
  com.storageplatform.e2e.SoakBenchmark "$HOME_DIR" 27080 "$REQUESTS" "$CLIENTS" "$OPERATORS" 2>&1 \
  | grep -E '^(setup|soak|statuses|5xx|unexpected|latency):'

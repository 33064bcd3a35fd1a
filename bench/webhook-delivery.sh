#!/usr/bin/env bash
# Webhook delivery: signed deliveries per second to ten local receivers (every event matching all ten), and the
# latency from the API call that causes an event to its receipt at a steady rate. Prints the figures and the
# machine.
#
#   bench/webhook-delivery.sh [throughput-events] [events-per-second] [seconds] [warm-up-seconds]
#                                                               (defaults 1000, 100, 30, 60)
#
# BENCH_WARMUP_EVENTS sets the throughput phase's unmeasured lead-in (default: the throughput events again).
#
# It builds the platform and runs com.storageplatform.e2e.WebhookBenchmark, which starts a devstack of its own
# (ports 26080+, home bench/.webhooks; below the ephemeral range, where a health probe could connect to itself),
# with the JIT fully on and the test-key rate limit out of the way. Each phase first does its work unmeasured, so
# it measures warm processes: the throughput phase sends its events once before the measured ones (200 until
# 2026-11-28), and the latency phase runs 60 s at the rate (topic creation, JIT; 30 s until 2026-11-28, too short
# for eight JVMs compiling on two cores), then measures the steady state.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
EVENTS="${1:-1000}"
RATE="${2:-100}"
SECONDS_="${3:-30}"
WARM_UP="${4:-60}"
HOME_DIR="$PWD/bench/.webhooks"
mkdir -p "$HOME_DIR"

build_e2e

export DEVSTACK_JAVA_OPTS="-XX:+UseParallelGC -Xms512m -Xmx768m -XX:+ExitOnOutOfMemoryError $BENCH_TRACING_OPTS"
export PLATFORM_RATE_LIMITS_TEST_PER_SECOND=100000
export PLATFORM_RATE_LIMITS_TEST_BURST=100000
print_machine
# The harness (API client and receivers) stands in for machines of its own: on these two shared cores it keeps
# its footprint small (the C1 compiler only, one GC thread) so the platform's processes get the CPU.
java -Xmx512m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -De2e.repo-root="$PWD" \
  ${BENCH_WARMUP_EVENTS:+-Dbench.warmup-events=$BENCH_WARMUP_EVENTS} -cp "$CP" com.storageplatform.e2e.WebhookBenchmark \
  "$HOME_DIR" 26080 "$EVENTS" "$RATE" "$SECONDS_" "$WARM_UP" 2>&1 | grep -E '^(throughput|latency|stage):'

#!/usr/bin/env bash
# Journeys through the gateway (issue 22), each at several operator counts with the same data per operator:
#   licence  an enquiry to a signed licence: contact, reservation, agreement, sign, move-in
#   order    an online order to a completed agreement: contact, order, pay by the card simulator, and the
#            order.completed webhook received by a local endpoint
#   billing  a month-end billing run of BENCH_PLANS plans (default 10,000) spread over the operators, half by card
#            and half by Direct Debit: the test clock moved to the 1st, the billing-run job run through the admin
#            API, every invoice issued and collected (card paid; Direct Debit requested, then confirmed)
# Per journey and operator count: the setup, per step its latency (step: <name> n=.. p50 .. ms p99 .. ms), the
# throughput, the cost per request (or per plan), the load average, and the proof; at the end, per journey, whether
# the cost per request stayed flat as the operators grew. Exit status 1 when any journey did not end as expected or
# any answer was a 5xx.
#
#   bench/journeys.sh [licence|order|billing|all] [operators...]     (defaults all, 10 100 1000)
#
# Environment: BENCH_JOURNEYS (licence and order journeys per run, default 200), BENCH_UNITS (units per operator for
# them, default 10, more when the journeys need them), BENCH_WARMUP (licence and order journeys walked untimed
# first, on units of their own, so that every operator count is measured on warm processes; default 2500: eight JVMs
# on two cores compile for minutes, and 100 journeys of warm-up, and on a machine slower to compile 500, measured
# half the warm throughput),
# BENCH_CLIENTS (concurrent clients, default 4), BENCH_PLANS (default 10000), BENCH_STARTUP_SECONDS
# (how long the devstack may take to start, default 600), BENCH_PORT (the devstack's base port, default 23080),
# DEVSTACK_STATEMENT_STATS=1 (PostgreSQL counts every statement; the run prints the statements per request).
# Each run starts a fresh devstack of its own (home bench/.journeys/stack-<port>, its output beside it), with the
# test-key rate limit out of the way, through com.storageplatform.e2e.JourneyBenchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
JOURNEY="${1:-all}"
shift || true
if [ $# -gt 0 ]; then OPERATORS=("$@"); else OPERATORS=(10 100 1000); fi
case "$JOURNEY" in
  all) JOURNEYS=(licence order billing) ;;
  licence|order|billing) JOURNEYS=("$JOURNEY") ;;
  *) echo "usage: bench/journeys.sh [licence|order|billing|all] [operators...]" >&2; exit 2 ;;
esac
HOME_DIR="$PWD/bench/.journeys"
mkdir -p "$HOME_DIR"

# SKIP_BUILD=1 reuses the last build (the devstack runs the checkout's target jars).
if [ -n "${SKIP_BUILD:-}" ]; then CP="e2e-tests/target/test-classes:$(cat e2e-tests/target/classpath.txt)"; else build_e2e; fi

export DEVSTACK_JAVA_OPTS="${DEVSTACK_JAVA_OPTS:--XX:+UseParallelGC -Xms512m -Xmx768m -XX:+ExitOnOutOfMemoryError $BENCH_TRACING_OPTS}"
export PLATFORM_RATE_LIMITS_TEST_PER_SECOND=100000
export PLATFORM_RATE_LIMITS_TEST_BURST=100000
print_machine
echo "commit: $(git rev-parse --short HEAD)"
status=0
for journey in "${JOURNEYS[@]}"; do
  costs=""
  for operators in "${OPERATORS[@]}"; do
    echo "== $journey, $operators operators (load $(cut -d' ' -f1-3 /proc/loadavg))"
    out="$HOME_DIR/$journey-$operators-${BENCH_PORT:-23080}.log"
    # The clients stand in for machines of their own: a small footprint, so the platform's processes get the CPU.
    java -Xmx512m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -De2e.repo-root="$PWD" \
      -Dbench.journeys="${BENCH_JOURNEYS:-200}" -Dbench.units="${BENCH_UNITS:-10}" \
      -Dbench.warmup="${BENCH_WARMUP:-2500}" \
      -Dbench.clients="${BENCH_CLIENTS:-4}" -Dbench.plans="${BENCH_PLANS:-10000}" \
      -Dbench.startup-seconds="${BENCH_STARTUP_SECONDS:-600}" -cp "$CP" \
      com.storageplatform.e2e.JourneyBenchmark "$HOME_DIR/stack-${BENCH_PORT:-23080}" "${BENCH_PORT:-23080}" "$journey" "$operators" \
      > "$out" 2>&1 || status=1
    grep -E '^(stack|setup|warm-up|run|step|throughput|database|cost|cpu|statements?|operators|proof|failed|error):' "$out" | head -110
    cost=$(sed -n 's/^cost: \([0-9.]*\) ms per \(request\|plan\).*/\1/p' "$out")
    costs="$costs $operators:${cost:-none}"
  done
  # Flat: the largest cost per request within 1.5 times the smallest (the machine is shared: compare runs made one
  # right after the other).
  echo "$journey cost by operators:$costs" | awk '{
    min = 0; max = 0; line = $0
    for (i = 5; i <= NF; i++) { split($i, p, ":"); if (p[2] == "none") { print line " (a run failed)"; next }
      v = p[2] + 0; if (min == 0 || v < min) min = v; if (v > max) max = v }
    printf "flat: %s ms; largest/smallest %.2f: %s\n", line, max / min, (max / min <= 1.5 ? "flat" : "grows") }'
done
exit $status

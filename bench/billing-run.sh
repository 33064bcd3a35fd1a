#!/usr/bin/env bash
# Billing run: for each size, billing-service's plan and invoice tables are emptied and seeded (set-based SQL,
# untimed) with that many active monthly plans due today, spread evenly over the operators (one account each), every
# other plan with a repeating fee; then one billing-run job is timed while the service's heap and resident set are
# sampled every 100 ms, and a second run must issue nothing. Prints per size the seconds, invoices per second,
# microseconds per plan, the peak heap (and the most that survived a collection), the peak resident set, the CPU per
# plan of the JVM and of PostgreSQL, and the load average at the start and the end (other work on the machine shows
# there); then whether the time per plan stayed the same as the plans grew, and the peak heap by size. Exit status 1
# when a run does not invoice every plan exactly once.
#
#   bench/billing-run.sh [sizes] [accounts]    (defaults 10000,50000,100000 and 1000)
#
# It needs no devstack: com.storageplatform.billing.subscription.BillingRunBenchmark runs billing-service in a test
# JVM against the embedded PostgreSQL and the Kafka broker every @PlatformTest uses (plans are collected offline, so
# no payment provider is called). BENCH_JAVA_OPTS is the test JVM's options (default a 1 GiB heap, the deployed
# service's 665 MiB plus room for the broker, which shares the JVM); BENCH_WARMUP the plans of an untimed first run
# that warms the JIT (default 5000).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
SIZES="${1:-10000,50000,100000}"
ACCOUNTS="${2:-1000}"
JAVA_OPTS="${BENCH_JAVA_OPTS:--Xms1g -Xmx1g -XX:+ExitOnOutOfMemoryError}"

print_machine
echo "commit: $(git rev-parse --short HEAD)"
echo "other processes: $(pgrep -fa 'DevStack|devstack' | wc -l) devstack, load $(cut -d' ' -f1-3 /proc/loadavg)"
# argLine is the test JVM's options for this run alone; the module's normal test run keeps its own.
./mvnw -q -B -o -pl billing-service test -Dtest=BillingRunBenchmark -Dsurefire.failIfNoSpecifiedTests=false \
  -Dbench.sizes="$SIZES" -Dbench.accounts="$ACCOUNTS" -Dbench.warmup="${BENCH_WARMUP:-5000}" \
  "-DargLine=$JAVA_OPTS" 2>&1 \
  | grep --line-buffered -E '^(setup|warmup|result|detail|linear|memory):|Tests run:.*Fail|AssertionError|BUILD FAILURE'

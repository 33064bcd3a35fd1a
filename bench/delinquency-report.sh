#!/usr/bin/env bash
# Delinquency report: billing-service's delinquency_debts seeded (set-based SQL, untimed) for one operator with 200
# sites and 50,000 customers invoiced monthly for three years (1.8 million invoices: 93% paid within 25 days, 6%
# paid late, 1% never, every hundredth customer in EUR), then GET /v1/reports/delinquency timed through the HTTP
# stack in each form (total and per site, as of today and as of a day a year ago, one site, the CSV): p50, p95, p99
# and the slowest, and the heap before and after the CSV runs.
#
#   bench/delinquency-report.sh [runs]    (default 200 per form)
#
# It needs no devstack: com.storageplatform.billing.collections.DelinquencyReportsBenchmark runs billing-service in
# a test JVM against the embedded PostgreSQL every @PlatformTest uses. BENCH_JAVA_OPTS is the test JVM's options
# (default a 1 GiB heap).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
RUNS="${1:-200}"
JAVA_OPTS="${BENCH_JAVA_OPTS:--Xms1g -Xmx1g -XX:+ExitOnOutOfMemoryError}"

print_machine
echo "commit: $(git rev-parse --short HEAD)"
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
# argLine is the test JVM's options for this run alone; the module's normal test run keeps its own.
./mvnw -q -B -o -pl billing-service test -Dtest=DelinquencyReportsBenchmark -Dsurefire.failIfNoSpecifiedTests=false \
  -Dbench.runs="$RUNS" "-DargLine=$JAVA_OPTS" 2>&1 \
  | grep --line-buffered -E '^(setup|result|memory):|Tests run:.*Fail|AssertionError|BUILD FAILURE'

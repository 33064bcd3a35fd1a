#!/usr/bin/env bash
# Conversion report: crm-service's deal_conversions, conversion_days and monthly counts seeded (set-based SQL, untimed) for one
# operator with 200 sites of 10 unit types and three years of enquiries (600 deals a day, 70% quoted, 40%
# reserved), then GET /v1/reports/conversion timed through the HTTP stack in each form (a month, a year, three
# years; each group_by; the CSV): p50, p95, p99 and the slowest, and the heap before and after the CSV runs.
#
#   bench/conversion-report.sh [runs]    (default 200 per form)
#
# It needs no devstack: com.storageplatform.crm.deal.ConversionReportsBenchmark runs crm-service in a test JVM
# against the embedded PostgreSQL every @PlatformTest uses. BENCH_JAVA_OPTS is the test JVM's options (default a
# 1 GiB heap).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
RUNS="${1:-200}"
JAVA_OPTS="${BENCH_JAVA_OPTS:--Xms1g -Xmx1g -XX:+ExitOnOutOfMemoryError}"

print_machine
echo "commit: $(git rev-parse --short HEAD)"
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
# argLine is the test JVM's options for this run alone; the module's normal test run keeps its own.
./mvnw -q -B -o -pl crm-service test -Dtest=ConversionReportsBenchmark -Dsurefire.failIfNoSpecifiedTests=false \
  -Dbench.runs="$RUNS" "-DargLine=$JAVA_OPTS" 2>&1 \
  | grep --line-buffered -E '^(setup|result|memory):|Tests run:.*Fail|AssertionError|BUILD FAILURE'

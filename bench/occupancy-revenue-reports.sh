#!/usr/bin/env bash
# Occupancy and revenue reports: billing-service's report and plan tables are emptied and seeded (set-based SQL,
# untimed) with one operator of 200 sites, 1,000 unit types, 50,000 units and three years of plans (150,000 plans,
# about 1.9 million invoiced periods, promotions on 30% of the units); then each report is asked for each group_by
# (total, site, unit_type) and as CSV, BENCH_ROUNDS times (default 50) after 5 untimed requests, through HTTP. Prints
# p50/p95/p99 per request, the heap before and after the CSVs, and the plans fragment's query plan. Exit status 1
# when a report's total is not the seeded one.
#
#   bench/occupancy-revenue-reports.sh
#
# It needs no devstack: com.storageplatform.billing.report.OccupancyRevenueReportsBenchmark runs billing-service in
# a test JVM against the embedded PostgreSQL every @PlatformTest uses. BENCH_JAVA_OPTS is the test JVM's options
# (default a 1 GiB heap).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
JAVA_OPTS="${BENCH_JAVA_OPTS:--Xms1g -Xmx1g -XX:+ExitOnOutOfMemoryError}"

print_machine
echo "commit: $(git rev-parse --short HEAD)"
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
# argLine is the test JVM's options for this run alone; the module's normal test run keeps its own.
./mvnw -q -B -o -pl billing-service test -Dtest=OccupancyRevenueReportsBenchmark \
  -Dsurefire.failIfNoSpecifiedTests=false -Dbench.rounds="${BENCH_ROUNDS:-50}" "-DargLine=$JAVA_OPTS" 2>&1 \
  | grep --line-buffered -E '^(setup|result|memory|plan):|Tests run:.*Fail|AssertionError|BUILD FAILURE'

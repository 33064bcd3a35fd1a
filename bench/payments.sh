#!/usr/bin/env bash
# Payments: client threads take payments through the gateway against open invoices, offline and by card (the card
# simulator), partial and full, with two threads racing for the last amount owed of an invoice and offline payments
# replayed under their Idempotency-Key. Prints the throughput (payments answered per second, by rail), the latency
# of POST /v1/payments (p50, p99, by rail), the answers by status and error code, what the races and replays came
# to, and then the ledger reconciled through the API: every invoice's amount paid against its succeeded payments,
# nothing over-collected, every replay recorded once, and the sum of the payments against the sum of what the
# invoices were reduced by. Exit status 1 on any mismatch or any 5xx.
#
#   bench/payments.sh [customers] [invoices-per-customer] [clients]    (defaults 50, 8, 8)
#
# It builds the platform and runs com.storageplatform.e2e.PaymentBenchmark, which starts a devstack of its own
# (ports 26080+, home bench/.payments). The test-key rate limit (25 requests/s, burst 50, per credential) is left
# as it is: each client thread has an API key of its own, and a 429 is waited out and counted.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
CUSTOMERS="${1:-50}"
INVOICES="${2:-8}"
CLIENTS="${3:-8}"
HOME_DIR="$PWD/bench/.payments"
mkdir -p "$HOME_DIR"

build_e2e

export DEVSTACK_JAVA_OPTS="${DEVSTACK_JAVA_OPTS:--XX:+UseParallelGC -Xms512m -Xmx768m -XX:+ExitOnOutOfMemoryError $BENCH_TRACING_OPTS}"
print_machine
# The clients stand in for machines of their own: a small footprint, so the platform's processes get the CPU.
java -Xmx512m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -De2e.repo-root="$PWD" -cp "$CP" \
  com.storageplatform.e2e.PaymentBenchmark "$HOME_DIR" 26080 "$CUSTOMERS" "$INVOICES" "$CLIENTS" 2>&1 \
  | grep --line-buffered -E '^(setup|throughput|latency|answers|races|replays|reconciled|ledger|mismatch|verdict|error):'

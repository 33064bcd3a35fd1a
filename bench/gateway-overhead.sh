#!/usr/bin/env bash
# GET of one resource (GET /v1/sites/{id}) through the gateway versus straight to catalogue-service with a
# valid caller token: requests/s and p50/p99 for both, with wrk. Prints the figures and the machine.
#
#   bench/gateway-overhead.sh [duration-seconds] [connections]     (WARMUP=seconds, default 60)
#
# It builds the platform, starts a devstack of its own on ports 28080+ (home bench/.stack), raises the rate
# limits out of the way (the benchmark measures the gateway's cost, not its limits), runs wrk, and stops it all.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
DURATION="${1:-20}"
CONNECTIONS="${2:-32}"
WARMUP="${WARMUP:-60}"
HOME_DIR="$PWD/bench/.stack"
ENV_FILE="$HOME_DIR/bench.env"
mkdir -p "$HOME_DIR"

if ! command -v wrk >/dev/null 2>&1; then
  echo "installing wrk (Debian package)"
  if [ "$(id -u)" -eq 0 ]; then apt-get install -y -qq wrk >/dev/null; else sudo apt-get install -y -qq wrk >/dev/null; fi
fi

build_e2e

# Full JIT for a throughput measurement (the devstack's default is tuned for a fast start).
export DEVSTACK_JAVA_OPTS="-XX:+UseParallelGC -Xms768m -Xmx768m -Xmn384m -XX:+ExitOnOutOfMemoryError $BENCH_TRACING_OPTS"
export PLATFORM_RATE_LIMITS_LIVE_PER_SECOND=1000000
export PLATFORM_RATE_LIMITS_LIVE_BURST=1000000
stack() { java -Xmx256m -De2e.repo-root="$PWD" -cp "$CP" com.storageplatform.e2e.BenchmarkStack "$@"; }
trap 'stack down "$HOME_DIR" >/dev/null 2>&1 || true' EXIT
stack up "$HOME_DIR" 28080 "$ENV_FILE"
# shellcheck disable=SC1090
source "$ENV_FILE"

# run LABEL URL TOKEN CONNECTIONS: wrk's requests/s, p50 and p99.
run() {
  local label="$1" url="$2" token="$3" connections="$4" out="$HOME_DIR/$1-$4.txt"
  wrk -t"$(( connections < 2 ? 1 : 2 ))" -c"$connections" -d"${DURATION}s" --latency \
    -H "Authorization: Bearer $token" "$url" > "$out"
  local rps p50 p99 non2xx
  rps=$(awk '/Requests\/sec/ {print $2}' "$out")
  p50=$(awk '$1 == "50%" {print $2}' "$out")
  p99=$(awk '$1 == "99%" {print $2}' "$out")
  non2xx=$(awk '/Non-2xx/ {print $5}' "$out")
  printf '%-8s %3s conn  %9s req/s   p50 %9s   p99 %9s   non-2xx %s\n' "$label" "$connections" "$rps" "$p50" "$p99" "${non2xx:-0}"
}

echo
print_machine
# On two cores the JIT needs about a minute of load before a JVM reaches steady state; measuring earlier
# mostly measures compilation. Each path is warmed just before it is measured.
warm() { wrk -t2 -c"$CONNECTIONS" -d"${WARMUP}s" -H "Authorization: Bearer $2" "$1" >/dev/null; }
echo "wrk: ${DURATION}s per run after ${WARMUP}s of warm-up, GET /v1/sites/{id}; throughput at $CONNECTIONS connections, latency at 1"
warm "$SERVICE_URL/v1/sites/$SITE_ID" "$CALLER_TOKEN"
run direct "$SERVICE_URL/v1/sites/$SITE_ID" "$CALLER_TOKEN" "$CONNECTIONS"
run direct "$SERVICE_URL/v1/sites/$SITE_ID" "$CALLER_TOKEN" 1
warm "$GATEWAY_URL/v1/sites/$SITE_ID" "$API_KEY"
run gateway "$GATEWAY_URL/v1/sites/$SITE_ID" "$API_KEY" "$CONNECTIONS"
run gateway "$GATEWAY_URL/v1/sites/$SITE_ID" "$API_KEY" 1

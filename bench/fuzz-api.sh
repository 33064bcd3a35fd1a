#!/usr/bin/env bash
# Fuzzes every operation of a running platform through its gateway with Schemathesis, driven by the gateway's
# GET /openapi.json: malformed and boundary bodies, query strings and headers (its own generation plus
# bench/fuzz/hooks.py: oversized strings, deep nesting, wrong types, unknown fields, NUL and non-UTF-8 bytes,
# huge numbers, negative money, 0000-00-00 dates, Idempotency-Key over 255 characters). Checks every answer: no
# 5xx, errors in the envelope, documented status codes, content types and schemas. Prints the summary; exits 1 on a
# finding, 3 when Schemathesis cannot be installed (no python3, or no package index).
#
#   bench/fuzz-api.sh [gateway-url] [max-examples-per-operation] [max-seconds]
#       defaults: http://127.0.0.1:8080 (./platform up), 50, 600
#   ADMIN_TOKEN     the platform admin token (default: .devstack/admin-token)
#   PHASES          Schemathesis' phases (default examples,coverage,fuzzing; the build runs examples,fuzzing)
#   SEED            replays a run (a failed run's seed is in its results folder)
#   RESULTS         where the report goes (default bench/.fuzz/results/<time>): junit.xml, cassette.yaml, output.txt
#   FUZZ_VENV       the virtual environment, made once (default bench/.fuzz/venv)
#   SCHEMATHESIS    what pip installs (default the pinned release below; a local wheel or source folder on a
#                   machine without the package index)
#
# It makes an operator and a test API key with every scope the document names (through the admin API, as
# README's first call), fuzzes /v1 and /oauth with that key, and /admin with the admin token (but the test clock and
# the job controls, which would move time under whatever else runs on the stack). Loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
GATEWAY="${1:-http://127.0.0.1:8080}"
MAX_EXAMPLES="${2:-50}"
MAX_SECONDS="${3:-600}"
PINNED="schemathesis==4.25.0"
SCHEMATHESIS="${SCHEMATHESIS:-$PINNED}"
FUZZ_VENV="${FUZZ_VENV:-$PWD/bench/.fuzz/venv}"
RESULTS="${RESULTS:-$PWD/bench/.fuzz/results/$(date -u +%Y%m%dT%H%M%SZ)}"
SEED="${SEED:-$(( (RANDOM << 15) | RANDOM ))}"
ADMIN_TOKEN="${ADMIN_TOKEN:-$(cat .devstack/admin-token 2>/dev/null || true)}"

case "$GATEWAY" in
  http://127.*|http://localhost*|http://\[::1\]*) ;;
  *) echo "fuzz: $GATEWAY is not a loopback address" >&2; exit 2 ;;
esac
[ -n "$ADMIN_TOKEN" ] || { echo "fuzz: no admin token: set ADMIN_TOKEN or start ./platform up" >&2; exit 2; }

# The virtual environment, kept across runs: reinstalled only when the requested package changes.
if ! command -v python3 >/dev/null 2>&1; then echo "fuzz: python3 is missing" >&2; exit 3; fi
if [ "$(cat "$FUZZ_VENV/.installed" 2>/dev/null)" != "$SCHEMATHESIS" ]; then
  echo "fuzz: installing $SCHEMATHESIS into $FUZZ_VENV"
  rm -rf "$FUZZ_VENV"
  python3 -m venv "$FUZZ_VENV" || { echo "fuzz: python3 cannot make a virtual environment" >&2; exit 3; }
  if ! "$FUZZ_VENV/bin/pip" install -q --disable-pip-version-check "$SCHEMATHESIS" > "$FUZZ_VENV.pip.log" 2>&1; then
    tail -3 "$FUZZ_VENV.pip.log" >&2
    echo "fuzz: pip could not install $SCHEMATHESIS (no package index here?)" >&2
    rm -rf "$FUZZ_VENV"
    exit 3
  fi
  echo "$SCHEMATHESIS" > "$FUZZ_VENV/.installed"
fi
ST="$FUZZ_VENV/bin/st"
PY="$FUZZ_VENV/bin/python"
mkdir -p "$RESULTS"

# The document, and every scope its operations name.
curl -sf "$GATEWAY/openapi.json" -o "$RESULTS/openapi.json"
SCOPES=$("$PY" -c '
import json, sys
doc = json.load(open(sys.argv[1]))
scopes = {s for path, item in doc["paths"].items() if path.startswith("/v1/")
          for op in item.values() if isinstance(op, dict)
          for req in op.get("security", []) for names in req.values() for s in names}
print(json.dumps(sorted(scopes)))' "$RESULTS/openapi.json")

# An operator and a test key holding every scope (the test environment: no money leaves, nothing is sent).
admin() { curl -sf -X POST "$GATEWAY$1" -H "Authorization: Bearer $ADMIN_TOKEN" -H 'Content-Type: application/json' -d "$2"; }
# field KEY...: the value at that path of the JSON on standard input.
field() { "$PY" -c 'import json, sys; from functools import reduce; print(reduce(lambda v, k: v[k], sys.argv[1:], json.load(sys.stdin)))' "$@"; }
OPERATOR=$(admin /admin/v1/operators '{"name": "Fuzzing Storage Ltd"}' | field data id)
KEY=$(admin "/admin/v1/operators/$OPERATOR/api-keys" \
  "{\"environment\": \"test\", \"name\": \"fuzz-api.sh\", \"scopes\": $SCOPES}" | field data key)
echo "fuzz: operator $OPERATOR, a test key with $(echo "$SCOPES" | tr -cd , | wc -c | awk '{print $1 + 1}') scopes"

# fuzz NAME TOKEN PATH-REGEX: one Schemathesis run over the operations whose path matches.
STATUS=0
fuzz() {
  local name="$1" token="$2" paths="$3" rc=0
  echo "fuzz: $name: operations under $paths, $MAX_EXAMPLES examples each, seed $SEED"
  SCHEMATHESIS_HOOKS=hooks PYTHONPATH="$PWD/bench/fuzz" timeout --signal=INT --kill-after=30 "$MAX_SECONDS" \
    "$ST" run "$RESULTS/openapi.json" --url "$GATEWAY" \
      --header "Authorization: Bearer $token" \
      --include-path-regex "$paths" --exclude-path-regex '^/admin/v1/(clock|jobs)' \
      --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,error_envelope \
      --phases "${PHASES:-examples,coverage,fuzzing}" --mode all \
      --max-examples "$MAX_EXAMPLES" --seed "$SEED" --workers 1 --rate-limit 20/s \
      --generation-allow-x00 true --generation-database none --request-timeout 30 \
      --suppress-health-check all --no-color --continue-on-failure \
      --report junit,vcr --report-junit-path "$RESULTS/$name-junit.xml" --report-vcr-path "$RESULTS/$name-cassette.yaml" \
      > "$RESULTS/$name-output.txt" 2>&1 || rc=$?
  sed -n '/SUMMARY/,$p' "$RESULTS/$name-output.txt" | grep -v '^$' | tail -40
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
    # Interrupted (or killed when it did not stop): a finding is one its summary lists.
    echo "fuzz: $name stopped at its time limit ($MAX_SECONDS s)"
    grep -q '^Failures:' "$RESULTS/$name-output.txt" && rc=1 || rc=0
  fi
  if [ "$rc" != 0 ]; then
    STATUS=1
    echo "$SEED" > "$RESULTS/failed-seed"
    echo "fuzz: $name FAILED (exit $rc): $RESULTS/$name-output.txt, replay with SEED=$SEED"
  fi
}

fuzz api "$KEY" '^/(v1|oauth)/'
fuzz admin "$ADMIN_TOKEN" '^/admin/'
echo "fuzz: results in $RESULTS"
exit "$STATUS"

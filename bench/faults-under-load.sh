#!/usr/bin/env bash
# Faults under load: a steady mixed load through the gateway (contacts, sites, invoices finalized and paid, every
# mutation under an Idempotency-Key and retried under it after a 5xx or no answer, as a client should, plus reads)
# with two webhook endpoints on a local receiver that records every delivery. Meanwhile each of commerce-service,
# webhook-dispatcher, the Kafka broker, PostgreSQL and auth-service in turn is killed (SIGKILL), left down, and
# started again. Then everything is reconciled from the databases and the receiver: every 2xx mutation in its
# table, nothing written twice, every outbox row sent, every public event in the dispatcher's log, every delivery
# received, every service's inbox holding every event of the kinds it applies, and a sample of the keyed requests
# retried and answered with the stored response. Prints the answers by status, each fault's window of 5xx and
# unanswered requests, the time to recover, the gateway's circuit breakers in each fault, and the reconciliation.
# Exit status 1 when anything was lost or written twice.
#
#   bench/faults-under-load.sh [seconds-down] [seconds-after] [workers]      (defaults 20, 25, 3)
#
#   FAULTS="kafka postgres" (which processes, in turn), WARMUP=30 (seconds of load first), REPLAYS=60
#
# It starts the devstack of this checkout on loopback (home .devstack, BASE_PORT default 23080, --fresh; the jars
# must be built: ./mvnw -q -B -o package -DskipTests -pl '!e2e-tests,!deploy-tests') and stops it at the end
# (KEEP_STACK=1 leaves it up; FRESH=0 keeps the data of a stack already up). Its files (request log, receiver log,
# answers) are in .devstack/faults/.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
DOWN="${1:-20}"
AFTER="${2:-25}"
WORKERS="${3:-3}"
BASE_PORT="${BASE_PORT:-23080}"
WARMUP="${WARMUP:-30}"
read -r -a FAULTS <<< "${FAULTS:-commerce-service webhook-dispatcher kafka postgres auth-service}"
STACK_HOME="$PWD/.devstack"
RUN="$STACK_HOME/faults"
GATEWAY="http://127.0.0.1:$BASE_PORT"
RECEIVER_PORT=$((BASE_PORT + 90))
export PGPASSWORD=postgres
PSQL=(psql -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p $((BASE_PORT + 20)) -U postgres -d platform)
command -v psql >/dev/null || { echo "faults: psql (the PostgreSQL client) is required" >&2; exit 2; }

# The load is about faults, not the per-credential limits: every client is on 127.0.0.1.
export PLATFORM_RATE_LIMITS_TEST_PER_SECOND=100000 PLATFORM_RATE_LIMITS_TEST_BURST=100000
receiver_pid=""
cleanup() {
  touch "$RUN/stop" 2>/dev/null || true
  [ -n "$receiver_pid" ] && kill "$receiver_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  [ "${KEEP_STACK:-0}" = 1 ] || ./platform down >/dev/null 2>&1 || true
}
trap cleanup EXIT

# Eleven processes starting at once on two shared cores can take minutes: a generous timeout. The guarantees hold
# only where PostgreSQL acknowledges a commit once it is durable, as production's does and the devstack's now does
# too (with synchronous_commit off, a crash lost an acknowledged event): checked, not assumed.
fresh=$([ "${FRESH:-1}" = 1 ] && echo --fresh || true)
./platform up --base-port "$BASE_PORT" --timeout 600 $fresh | grep -E 'is up in|error' || true
[ "$("${PSQL[@]}" -c 'SHOW synchronous_commit')" = on ] \
  || { echo "faults: PostgreSQL must commit synchronously (synchronous_commit = on)" >&2; exit 2; }
rm -rf "$RUN" && mkdir -p "$RUN/answers" "$RUN/requests"
ADMIN="$(cat "$STACK_HOME/admin-token")"
now_ms() { local t="${EPOCHREALTIME/./}"; echo "${t:0:-3}"; }
T0=$(now_ms)

# The receiver: answers 200 to every POST and records "ms path event-id type", one line per delivery.
python3 - "$RECEIVER_PORT" "$RUN/received.tsv" <<'PY' &
import json, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
lock, out = threading.Lock(), open(sys.argv[2], "a", buffering=1)
class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        with lock:
            out.write(f"{int(time.time() * 1000)}\t{self.path}\t{body.get('id')}\t{body.get('type')}\n")
        self.send_response(200); self.send_header("Content-Length", "0"); self.end_headers()
    def log_message(self, *args):
        pass
ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Receiver).serve_forever()
PY
receiver_pid=$!

# setup TOKEN PATH BODY FIELD: one POST of the setup, its answer's .data.FIELD. A stack just up may still be
# finishing its start (the auth service provisions its Keycloak realm before the first operator): a 5xx or no
# answer is retried under its key for a minute, as a client would; a setup that still fails stops the run, saying
# what it was answered (it used to stop silently).
setup() {
  local answer status tries=0 key
  key="$T0-setup-$(sha1sum <<< "$2 $3" | cut -c1-16)"
  while :; do
    answer=$(curl -s -w '\n%{http_code}' --max-time 30 -X POST "$GATEWAY$2" -H "Authorization: Bearer $1" \
      -H 'Content-Type: application/json' -H "Idempotency-Key: $key" -d "$3") || true
    status="${answer##*$'\n'}"
    [ "${status:0:1}" = 2 ] && { jq -r ".data.$4" <<< "${answer%$'\n'*}"; return; }
    tries=$((tries + 1))
    if [ "${status:0:1}" = 4 ] || [ "$tries" -ge 30 ]; then
      echo "faults: setup POST $2 answered $status: ${answer%$'\n'*}" >&2; exit 2
    fi
    sleep 2
  done
}
OPERATOR=$(setup "$ADMIN" /admin/v1/operators '{"name": "Faults Under Load Ltd"}' id)
KEY=$(setup "$ADMIN" "/admin/v1/operators/$OPERATOR/api-keys" '{"environment": "test", "name": "load", "scopes": [
  "contacts:read", "contacts:write", "sites:read", "sites:write", "billing:read", "billing:write", "webhooks:read",
  "webhooks:write", "events:read"]}' key)
webhook() {
  setup "$KEY" /v1/webhooks "{\"url\": \"http://127.0.0.1:$RECEIVER_PORT$1\", \"enabled_events\": $2}" id
}
ENDPOINT_ALL=$(webhook /all '["*"]')
ENDPOINT_BILLING=$(webhook /billing '["invoice.*", "payment.*"]')
printf '/all\t%s\n/billing\t%s\n' "$ENDPOINT_ALL" "$ENDPOINT_BILLING" > "$RUN/endpoints.tsv"
ACCOUNT=$("${PSQL[@]}" -c "SELECT account_id FROM webhooks.webhook_endpoints WHERE id = '$ENDPOINT_ALL'")

# call LOG METHOD PATH [BODY KEY]: one request; a mutation is retried under its key while the answer is a 5xx, a 429
# or none, for up to RETRY_FOR seconds (20), then given up so the client goes on with the rest of its load. Every
# attempt is a line of LOG: start-ms end-ms method path status key id error-code. The last answer's body is in $OUT
# and its status in $STATUS; a keyed 2xx keeps its request and answer for the replays.
call() {
  local log="$1" method="$2" path="$3" body="${4:-}" key="${5:-}" start end id code deadline
  deadline=$(( $(now_ms) + ${RETRY_FOR:-20} * 1000 ))
  while :; do
    start=$(now_ms)
    STATUS=$(curl -s -o "$OUT" -w '%{http_code}' --max-time 15 -X "$method" "$GATEWAY$path" \
      -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' ${key:+-H "Idempotency-Key: $key"} \
      ${body:+-d "$body"}) || true
    end=$(now_ms)
    id=$(jq -r '.data.id? // "-"' "$OUT" 2>/dev/null || true)
    code=$(jq -r '.error.code? // "-"' "$OUT" 2>/dev/null || true)
    echo "$start $end $method $path $STATUS ${key:--} ${id:--} ${code:--}" >> "$log"
    [ -n "$key" ] || break
    case "$STATUS" in
      5*|000|429) (( end < deadline )) || break; sleep 0.5 ;;
      *) break ;;
    esac
  done
  if [ -n "$key" ] && [ "${STATUS:0:1}" = 2 ]; then
    cp "$OUT" "$RUN/answers/$key.json"
    printf '%s %s %s\n%s\n' "$method" "$path" "$STATUS" "$body" > "$RUN/requests/$key"
  fi
}

# One client: each round creates a contact and a site, invoices the oldest contact billing knows of (billing learns
# contacts from commerce's events, so a 422 leaves it for a later round), finalizes a draft, pays an open invoice in
# full, and reads.
worker() {
  local w="$1" log="$RUN/load-$1.log" round=0 p total
  local -a contacts=() drafts=() open=()
  OUT="$RUN/out-$w.json"
  while [ ! -e "$RUN/stop" ]; do
    round=$((round + 1)); p="$T0-w$w-r$round"
    call "$log" POST /v1/contacts "{\"first_name\": \"Load\", \"last_name\": \"$w $round\", \"email\": \"$p@faults.example\"}" "$p-contact"
    [ "$STATUS" = 201 ] && contacts+=("$(jq -r .data.id "$OUT")")
    call "$log" POST /v1/sites "{\"name\": \"Site $p\", \"timezone\": \"Europe/London\"}" "$p-site"
    if [ ${#contacts[@]} -gt 0 ]; then
      call "$log" POST /v1/invoices "{\"contact_id\": \"${contacts[0]}\", \"currency\": \"GBP\", \"collection_method\": \"offline\",
        \"lines\": [{\"description\": \"Unit $p\", \"amount_minor\": $((4000 + round)), \"quantity\": 1}]}" "$p-invoice"
      [ "$STATUS" = 201 ] && { drafts+=("$(jq -r .data.id "$OUT")"); contacts=("${contacts[@]:1}"); }
    fi
    if [ ${#drafts[@]} -gt 0 ]; then
      call "$log" POST "/v1/invoices/${drafts[0]}/finalize" '{}' "$p-finalize"
      [ "$STATUS" = 200 ] && { open+=("${drafts[0]}:$(jq -r .data.total_minor "$OUT")"); drafts=("${drafts[@]:1}"); }
    fi
    if [ ${#open[@]} -gt 0 ]; then
      total="${open[0]#*:}"
      call "$log" POST /v1/payments "{\"rail\": \"offline\", \"offline_method\": \"card_terminal\", \"invoice_id\": \"${open[0]%%:*}\",
        \"amount_minor\": $total, \"currency\": \"GBP\"}" "$p-payment"
      [ "$STATUS" = 201 ] && open=("${open[@]:1}")
    fi
    call "$log" GET "/v1/contacts?limit=10"
    call "$log" GET "/v1/invoices?limit=10"
    call "$log" GET "/v1/sites?limit=10"
  done
}

# One client that only reads, never retrying, so that every fault's window shows in reads too while the writers wait
# out theirs.
reader() {
  local log="$RUN/load-reads.log" path
  OUT="$RUN/out-reads.json"
  while [ ! -e "$RUN/stop" ]; do
    for path in "/v1/contacts?limit=10" "/v1/invoices?limit=10" "/v1/sites?limit=10" "/v1/payments?limit=10"; do
      call "$log" GET "$path"
      sleep 0.2
    done
  done
}

# kill_hard NAME: SIGKILL to the devstack's process (and PostgreSQL's postmaster, which runs in its own session),
# checked by the devstack's marker on its command line so a reused pid is never signalled.
kill_hard() {
  local name="$1" pid
  pid=$(cat "$STACK_HOME/pids/$name.pid")
  grep -qa -- "-Ddevstack.process=$name" "/proc/$pid/cmdline" || { echo "faults: pid $pid is not $name" >&2; exit 2; }
  if [ "$name" = postgres ]; then
    kill -KILL "$(head -1 "$STACK_HOME/postgres/postmaster.pid")"
  fi
  kill -KILL "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
}

print_machine
echo "faults: $WORKERS writing clients and a reading one, ${WARMUP} s of load, then for each of ${FAULTS[*]}:" \
  "killed, ${DOWN} s down, started again, ${AFTER} s of load"
for w in $(seq 1 "$WORKERS"); do worker "$w" & done
reader &
sleep "$WARMUP"
: > "$RUN/faults.tsv"
for name in "${FAULTS[@]}"; do
  killed=$(now_ms)
  kill_hard "$name"
  sleep "$DOWN"
  restarting=$(now_ms)
  ./platform start "$name" >/dev/null
  healthy=$(now_ms)
  echo "$name $killed $restarting $healthy" >> "$RUN/faults.tsv"
  echo "faults: $name killed, started again after ${DOWN} s, healthy $(( (healthy - restarting) / 1000 )) s later"
  sleep "$AFTER"
done
touch "$RUN/stop"
wait $(jobs -p | grep -v "^$receiver_pid$") 2>/dev/null || true
ended=$(now_ms)
cat "$RUN"/load-*.log | sort -n > "$RUN/requests.log"

echo
awk -v t0="$T0" -v end="$ended" '{ n[$5]++; all++ } END {
  printf "load: %d requests in %.0f s:", all, (end - t0) / 1000; for (s in n) printf " %s x%d", s, n[s]; print "" }' "$RUN/requests.log"
# Each fault's window: from its kill to the next, the answers (by their end) that were a 5xx or none at all, for the
# reads and the writes apart; "recovered" is the end of the last of them, from the kill and from the moment the
# restarted process was ready (negative: the platform recovered before it, e.g. on credentials it had cached).
echo "fault               ready   requests  503  504 other none   failing (s after the kill)   recovered  after ready"
sort -k2 -n "$RUN/faults.tsv" | awk -v end="$ended" '
  NR == FNR { name[NR] = $1; kill[NR] = $2; ready[NR] = $4; n = NR; next }
  { for (i = n; i >= 1; i--) if ($2 >= kill[i]) break
    if (i < 1 || (i < n && $2 >= kill[i + 1])) next
    k = i SUBSEP ($3 == "GET" ? "reads" : "writes"); all[k]++
    if ($5 !~ /^5/ && $5 != "000") next
    if ($5 == "503") s503[k]++; else if ($5 == "504") s504[k]++; else if ($5 == "000") none[k]++; else other[k]++
    codes[i] = codes[i] " " $5 "/" $8; if (!(k in first)) first[k] = $1; last[k] = $2 }
  END { for (i = 1; i <= n; i++) for (j = 1; j <= 2; j++) {
    kind = j == 1 ? "reads" : "writes"; k = i SUBSEP kind
    printf "%-18s %6s  %-6s %4d %4d %4d %4d %4d", j == 1 ? name[i] : "", j == 1 ? sprintf("%.1fs", (ready[i] - kill[i]) / 1000) : "",
      kind, all[k], s503[k], s504[k], other[k], none[k]
    if (k in first) printf "   %6.1f .. %6.1f     %7.1f s  %+7.1f s\n", (first[k] - kill[i]) / 1000, (last[k] - kill[i]) / 1000,
      (last[k] - kill[i]) / 1000, (last[k] - ready[i]) / 1000
    else printf "   none\n" } }' - "$RUN/requests.log"
# The gateway's circuit breakers during each fault (the kit logs their transitions): when each opened, how many
# times it let calls through to probe the service, and when it closed, from the kill and from healthy again.
python3 - "$RUN/faults.tsv" "$STACK_HOME/logs/gateway.log" <<'PY'
import re, sys
from datetime import datetime
faults = [(n, int(k), int(h)) for n, k, r, h in (line.split() for line in open(sys.argv[1]))]
transition = re.compile(r"^(\S+Z) .*Circuit breaker of (\S+): State transition from (\w+) to (\w+)")
events = []
for line in open(sys.argv[2], errors="replace"):
    if m := transition.match(line):
        events.append((datetime.strptime(m[1], "%Y-%m-%dT%H:%M:%S.%f%z").timestamp() * 1000, m[2], m[3], m[4]))
for i, (name, kill, healthy) in enumerate(faults):
    until = faults[i + 1][1] if i + 1 < len(faults) else float("inf")
    breakers = {}
    for t, breaker, before, state in events:
        if kill <= t < until:
            breakers.setdefault(breaker, []).append((t, before, state))
    for breaker, seen in breakers.items():
        at = lambda t: f"{(t - kill) / 1000:.1f} s after the kill ({(t - healthy) / 1000:+.1f} s from healthy)"
        # A breaker left open by the previous fault (no call needed the service since) is open from the start.
        opened = "already" if seen[0][1] != "CLOSED" else at(seen[0][0])
        closed = [t for t, _, state in seen if state == "CLOSED"]
        print(f"circuit {breaker} during {name}: opened {opened}, probed"
              f" {sum(state == 'HALF_OPEN' for _, _, state in seen)} times, closed"
              f" {at(closed[-1]) if closed else 'not before the next fault (no call needed it meanwhile)'}")
PY
# The 5xx answers by status and error code, over the whole run.
awk '$5 ~ /^5/ || $5 == "000" { n[$5 " " $8]++ } END { printf "failures:"; for (c in n) printf " %s x%d;", c, n[c]; print "" }' \
  "$RUN/requests.log"

# Every schema's outbox as one relation (schema, event id, topic, type, account, sent, parked), and every inbox.
union_of() {
  "${PSQL[@]}" -c "SELECT string_agg(format('SELECT %L AS schema, $2 FROM %I.$1', table_schema, table_schema),
    ' UNION ALL ') FROM information_schema.tables WHERE table_name = '$1'"
}
OUTBOXES=$(union_of outbox_events "event_id, topic, event_type, partition_key, sent_at, failed_at")
INBOXES=$(union_of inbox_events "event_id, topic, event_type")
# Drained: no outbox row waiting to be sent, no delivery to our endpoints still to make (at most 5 minutes; a delivery
# whose attempt died with the dispatcher is tried again after its lease and then on the retry schedule).
drain_started=$(now_ms)
while :; do
  waiting=$("${PSQL[@]}" -c "SELECT (SELECT count(*) FROM ($OUTBOXES) o WHERE sent_at IS NULL AND failed_at IS NULL)
    + (SELECT count(*) FROM webhooks.webhook_deliveries WHERE account_id = '$ACCOUNT' AND status <> 'succeeded')")
  [ "$waiting" = 0 ] || (( $(now_ms) - drain_started > 300000 )) && break
  sleep 2
done
echo "drain: $(( ($(now_ms) - drain_started) / 1000 )) s after the load until every outbox row was sent and every delivery made ($waiting still waiting)"

# The mutations answered 2xx, by kind: "kind id" for the reconciliation.
awk '$3 == "POST" && $5 ~ /^2/ && $7 != "-" { kind = $4; sub(/^\/v1\//, "", kind); sub(/\/.*\//, "/", kind); print kind "\t" $7 }' \
  "$RUN/requests.log" | sed -e 's#^invoices/finalize#finalize#' > "$RUN/acknowledged.tsv"
"${PSQL[@]}" -F ' ' <<SQL | tee "$RUN/reconciled.txt"
CREATE TEMP TABLE acknowledged (kind text, id uuid);
\copy acknowledged FROM '$RUN/acknowledged.tsv'
CREATE TEMP TABLE received (ms bigint, path text, event_id uuid, type text);
\copy received FROM '$RUN/received.tsv'
CREATE TEMP TABLE endpoint (path text, id uuid);
\copy endpoint FROM '$RUN/endpoints.tsv'
CREATE TEMP VIEW outbox AS $OUTBOXES;
SELECT 'mutations:', kind, count(*) AS answered_2xx, count(*) FILTER (WHERE NOT CASE kind
    WHEN 'contacts' THEN EXISTS (SELECT FROM commerce.contacts c WHERE c.id = a.id AND c.account_id = '$ACCOUNT')
    WHEN 'sites' THEN EXISTS (SELECT FROM catalogue.sites s WHERE s.id = a.id AND s.account_id = '$ACCOUNT')
    WHEN 'invoices' THEN EXISTS (SELECT FROM billing.invoices i WHERE i.id = a.id AND i.account_id = '$ACCOUNT')
    WHEN 'finalize' THEN EXISTS (SELECT FROM billing.invoices i WHERE i.id = a.id AND i.status <> 'draft')
    WHEN 'payments' THEN EXISTS (SELECT FROM billing.payments p WHERE p.id = a.id AND p.account_id = '$ACCOUNT')
  END) || ' not in the database' FROM acknowledged a GROUP BY kind ORDER BY kind;
SELECT 'written twice:', (SELECT count(*) - count(DISTINCT email) FROM commerce.contacts WHERE account_id = '$ACCOUNT'
    AND email LIKE '%@faults.example') || ' contacts,', (SELECT count(*) - count(DISTINCT name) FROM catalogue.sites
    WHERE account_id = '$ACCOUNT' AND name LIKE 'Site %') || ' sites,',
  (SELECT count(*) - count(DISTINCT contact_id) FROM billing.invoices WHERE account_id = '$ACCOUNT') || ' invoices,',
  (SELECT count(*) - count(DISTINCT invoice_id) FROM billing.payments WHERE account_id = '$ACCOUNT') || ' payments',
  '(of ' || (SELECT count(*) FROM billing.invoices WHERE account_id = '$ACCOUNT') || ' invoices and '
    || (SELECT count(*) FROM billing.payments WHERE account_id = '$ACCOUNT') || ' payments)';
SELECT 'outbox:', schema, count(*) AS rows, count(sent_at) || ' sent,', count(*) FILTER (WHERE sent_at IS NULL
  AND failed_at IS NULL) || ' waiting,', count(failed_at) || ' parked' FROM outbox GROUP BY schema ORDER BY schema;
SELECT 'event log:', count(*) || ' of the outbox rows of types the dispatcher publishes,',
  count(*) FILTER (WHERE NOT EXISTS (SELECT FROM webhooks.events e WHERE e.id = o.event_id)) || ' not in the log'
  FROM outbox o WHERE event_type IN (SELECT source_type FROM webhooks.events);
SELECT 'not published:', string_agg(DISTINCT event_type, ' ') FROM outbox
  WHERE event_type NOT IN (SELECT source_type FROM webhooks.events);
CREATE TEMP VIEW inbox AS $INBOXES;
SELECT 'inbox:', h.schema, count(*) || ' events of the topics and types it applies,', count(*) FILTER (WHERE NOT EXISTS
  (SELECT FROM inbox i WHERE i.schema = h.schema AND i.event_id = o.event_id)) || ' not in its inbox'
  FROM (SELECT DISTINCT schema, topic, event_type FROM inbox) h JOIN outbox o ON o.topic = h.topic
  AND o.event_type = h.event_type GROUP BY h.schema ORDER BY h.schema;
SELECT 'deliveries:', e.path, count(*) || ' due,', count(*) FILTER (WHERE d.status = 'succeeded') || ' succeeded,',
  count(*) FILTER (WHERE NOT EXISTS (SELECT FROM received r WHERE r.path = e.path AND r.event_id = d.event_id))
    || ' never received,',
  (SELECT count(*) - count(DISTINCT event_id) FROM received r WHERE r.path = e.path) || ' received more than once'
  FROM endpoint e JOIN webhooks.webhook_deliveries d ON d.endpoint_id = e.id GROUP BY e.path ORDER BY e.path;
SELECT 'events:', count(*) || ' in the account''s log,', count(*) FILTER (WHERE NOT EXISTS (SELECT FROM
  webhooks.webhook_deliveries d JOIN endpoint p ON p.id = d.endpoint_id WHERE p.path = '/all' AND d.event_id = e.id))
  || ' without a delivery to the endpoint of every event' FROM webhooks.events e WHERE account_id = '$ACCOUNT';
SQL

# A sample of the keyed requests answered 2xx, sent again under their keys: each must be the stored answer.
OUT="$RUN/replay.json"
replayed=0 differed=0
for key in $(ls "$RUN/answers" | shuf -n "${REPLAYS:-60}" | sed 's/\.json$//'); do
  read -r method path status < "$RUN/requests/$key"
  body=$(sed -n 2,\$p "$RUN/requests/$key")
  again=$(curl -s -D "$RUN/replay.headers" -o "$OUT" -w '%{http_code}' --max-time 15 -X "$method" "$GATEWAY$path" \
    -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' -H "Idempotency-Key: $key" -d "$body")
  replayed=$((replayed + 1))
  if [ "$again" != "$status" ] || ! grep -qi '^idempotent-replayed: true' "$RUN/replay.headers" \
      || [ "$(jq -S . "$OUT")" != "$(jq -S . "$RUN/answers/$key.json")" ]; then
    differed=$((differed + 1)); echo "replay: $method $path under $key: $again, first $status"
  fi
done
echo "replays: $replayed keyed requests sent again after the faults, $differed not answered with the stored response"

lost=$(grep -cE "[1-9][0-9]* (not in the database|not in the log|not in its inbox|never received|waiting,|parked|without a delivery)" \
  "$RUN/reconciled.txt" || true)
twice=$(awk '/^written twice:/ { for (i = 3; i <= 9; i += 2) if ($i + 0 > 0) n++ } END { print n + 0 }' "$RUN/reconciled.txt")
if [ "$lost" = 0 ] && [ "$twice" = 0 ] && [ "$differed" = 0 ]; then
  echo "verdict: reconciled (nothing lost, nothing written twice, every replay the stored response)"
else
  echo "verdict: FAILED ($lost lines with something lost or waiting, $twice kinds written twice, $differed replays differed)"
  exit 1
fi

#!/usr/bin/env bash
# Seconds from SIGKILL of the server running a webhook attempt to that
# attempt's next try, on the shared harness (../shared/bench/lib.sh: builds
# notegen, starts it on 127.0.0.1, removes what it started on exit).
#
#   bash scripts/bench/takeover.sh sqlite restart     # the same server is started again at once
#   bash scripts/bench/takeover.sh postgres restart
#   bash scripts/bench/takeover.sh postgres survivor  # a second replica, already running, takes over
#
# The receiver leaves the first request unanswered, so the attempt is in
# flight (River's job "running") when its server is killed; every later
# request is answered 204. REPS (default 3) runs, one line each.
set -euo pipefail
MODE=${1:?sqlite or postgres}; HOW=${2:?restart or survivor}; REPS=${REPS:-3}
MAIN=$(cd "$(dirname "$0")/../.." && pwd)
source "$MAIN/../shared/bench/lib.sh"
build
RECV_PORT=18341
receiver() {
  exec python3 - "$RECV_PORT" "$1" <<'PY'
import http.server, sys, threading, time
log = open(sys.argv[2], "a", buffering=1)
lock, count = threading.Lock(), [0]
class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("content-length", 0)))
        with lock:
            count[0] += 1
            first = count[0] == 1
        log.write(f"{time.time():.3f} {self.headers.get('webhook-id', '')}\n")
        if first:
            time.sleep(3600)
        self.send_response(204)
        self.end_headers()
    def log_message(self, *args):
        pass
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
PY
}
one() {
  local rep=$1 db="" log key base dir first
  log=$(mktemp "$PERF/takeover.XXXX")
  receiver "$log" & PIDS+=($!)
  if [ "$MODE" = postgres ]; then newdb "takeover_$rep"; db=$DB_URL; fi
  start_notegen 18342 "$db"
  base=$NG_BASE; dir=$NG_DIR; first=$NG_PID
  key=$("$NBENCH" setup -base "$base" -email "takeover$rep@perf.example" -webhook "http://127.0.0.1:$RECV_PORT/hook" | jq_get key)
  curl -sf -o /dev/null "$base/v1/process-text" -H "x-api-key: $key" -H 'Content-Type: application/json' \
    -d '{"text":"Patient reports chest pain for two days.","template":"primaryCare","visit_type":"followUp","recording_type":"dictation","lang":"en"}'
  for _ in $(seq 200); do [ -s "$log" ] && break; sleep 0.05; done
  if [ "$HOW" = survivor ]; then
    # Started once the attempt is in flight on the first, so that it is the
    # first replica's attempt that the second takes over.
    NOTEGEN_ADDR=127.0.0.1:18343 NOTEGEN_DATA_DIR=$(mktemp -d "$PERF/data.XXXX") NOTEGEN_DATABASE_URL=$db \
      NOTEGEN_MASTER_KEY=$(cat "$dir/master.key") NOTEGEN_PUBLIC_URL=$base NOTEGEN_WEBHOOK_ALLOW_PRIVATE=true \
      NOTEGEN_LOG_LEVEL=warn "$NOTEGEN" serve >/dev/null 2>&1 & PIDS+=($!)
    sleep 1
  fi
  local killed; killed=$(date +%s.%N)
  kill -9 "$first"
  wait "$first" 2>/dev/null || true
  if [ "$HOW" = restart ]; then
    NOTEGEN_ADDR=127.0.0.1:18342 NOTEGEN_DATA_DIR=$dir NOTEGEN_DATABASE_URL=$db NOTEGEN_PUBLIC_URL=$base \
      NOTEGEN_WEBHOOK_ALLOW_PRIVATE=true NOTEGEN_LOG_LEVEL=warn "$NOTEGEN" serve >/dev/null 2>&1 & PIDS+=($!)
  fi
  for _ in $(seq 1200); do [ "$(wc -l <"$log")" -ge 2 ] && break; sleep 0.05; done
  python3 - "$log" "$killed" "$MODE" "$HOW" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
if len(rows) < 2 or rows[0][1] != rows[1][1]:
    print(f"{sys.argv[3]} {sys.argv[4]}: no second attempt of the in-flight delivery within 60 s")
else:
    print(f"{sys.argv[3]} {sys.argv[4]}: next attempt {float(rows[1][0]) - float(sys.argv[2]):.2f} s after SIGKILL")
PY
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  PIDS=()
  sleep 0.5
}
for rep in $(seq "$REPS"); do one "$rep"; done

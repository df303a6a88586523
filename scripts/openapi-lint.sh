#!/usr/bin/env bash
# Lints the OpenAPI document that a running notegen serves at /openapi.json
# with Redocly CLI (pinned in scripts/openapi-lint/package-lock.json) and
# its recommended rules, warnings counted as errors.
#
#   bash scripts/openapi-lint.sh            # builds and starts notegen on SQLite
#   bash scripts/openapi-lint.sh FILE.json  # lints a document already dumped
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

work="$(mktemp -d)"
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

doc="${1:-}"
if [ -z "$doc" ]; then
  go build -o "$work/notegen" ./cmd/notegen
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  "$work/notegen" serve --addr "127.0.0.1:$port" --data-dir "$work/data" --log-level error >"$work/serve.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/serve.log" >&2; exit 1; }
    sleep 0.1
  done
  doc="$work/openapi.json"
  curl -fsS "http://127.0.0.1:$port/openapi.json" -o "$doc"
fi

(cd scripts/openapi-lint && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
scripts/openapi-lint/node_modules/.bin/redocly lint --config scripts/openapi-lint/redocly.yaml --format stylish "$doc"

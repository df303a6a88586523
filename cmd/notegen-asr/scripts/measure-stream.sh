#!/usr/bin/env bash
# measure-stream.sh streams the five LibriVox utterances of pocketsphinx-testdata
# through GET /v1/realtime with the shared model (one recognizer thread) and
# prints, per file and in total, the streamed word error rate next to the batch
# endpoint's on the same audio, the delay from the first speech to the first
# partial, and the server's streaming real-time factor.
#
#   scripts/measure-stream.sh          # real-time pace: latency as a live client sees it
#   PACE=0 scripts/measure-stream.sh   # as fast as possible: throughput
#
# Figures depend on the machine's load; run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/fetch-libs.sh
NOTEGEN_ASR_TEST_STREAM_PACE="${PACE:-1}" CGO_ENABLED=1 \
  go test -count=1 -run '^TestRealtimeLibriVox$' -v . 2>&1 | grep -E 'realtime_test.go|^(ok|FAIL|---)' | sed -E 's/^ +//'

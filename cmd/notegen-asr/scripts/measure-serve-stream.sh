#!/usr/bin/env bash
# measure-serve-stream.sh measures live streams end to end, through
# `notegen serve` (built from the repository root, run as its own process) with this server as its speech-to-text, and
# prints the issue's targets:
#   - streamed vs batch word error rate on the LibriVox utterances, and the
#     delay from the first speech to the first partial (TestServeStreamsLibriVox,
#     real-time pace);
#   - end -> done and end -> completed (note by the built-in writer) for a
#     ten-minute stream, three runs and their median, through /v1/realtime and
#     through the utterance-by-utterance fallback (BenchmarkServeStreamTenMinutes;
#     PACE times faster than spoken, default 4);
#   - notegen's resident memory per open stream with 50 streams open (BenchmarkServeOpenStreams);
#   - notegen-asr's streaming real-time factor on one core (taskset -c 0,
#     scripts/measure-stream.sh as fast as possible).
# Figures depend on the machine's load; run it on an otherwise idle machine.
#
#   scripts/measure-serve-stream.sh [realtime|fallback|all]   # default all
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/fetch-libs.sh
export CGO_ENABLED=1
which="${1:-all}"
run() { go test -count=1 -timeout 60m "$@" . 2>&1 | grep -vE '^\{' ; }

echo "== WER and first partial through notegen serve (real-time pace)"
run -run '^TestServeStreamsLibriVox$' -v | grep -E 'serve_stream_test.go|^(ok|FAIL|---)' | sed -E 's/^ +//'

modes=(realtime fallback)
[[ "$which" != all ]] && modes=("$which")
for mode in "${modes[@]}"; do
  echo "== ten-minute stream, $mode, pace ${PACE:-4}x: three runs"
  out="$(NOTEGEN_BENCH_STREAM_PACE="${PACE:-4}" go test -count=3 -timeout 60m -run '^$' \
    -bench "^BenchmarkServeStreamTenMinutes/$mode\$" -benchtime=1x . 2>&1 | grep -vE '^\{')"
  echo "$out" | grep -E 'segments; end to done|^Benchmark' | sed -E 's/^ +//'
  median() { echo "$out" | grep -oE "[0-9.]+ $1" | awk '{print $1}' | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
  echo "median of 3: end -> done $(median end-to-done-ms) ms, end -> completed $(median end-to-completed-ms) ms"
done

echo "== memory per open stream"
run -run '^$' -bench '^BenchmarkServeOpenStreams$' -benchtime=1x | grep -E 'open streams|MiB/stream' | sed -E 's/^ +//'

echo "== notegen-asr streaming real-time factor on one core"
PACE=0 taskset -c 0 ./scripts/measure-stream.sh | grep -E 'STREAM WER|^(ok|FAIL)'

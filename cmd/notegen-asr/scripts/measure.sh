#!/usr/bin/env bash
# measure.sh reports real-time factor and peak memory of the built server
# (dist/notegen-asr, see Makefile) on the five LibriVox utterances and on a
# one-hour recording made by looping them, for --threads 1 and 2.
#
#   scripts/measure.sh [MODEL_DIR]     (default: the shared 3.3M model)
#
# Needs ffmpeg, curl, GNU time (apt-get install -y time) and pocketsphinx-testdata.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
model="${1:-$here/../../../shared/models/zipformer-en-kws-3.3M}"
data=/usr/share/pocketsphinx/test/data/librivox
port="${NOTEGEN_ASR_MEASURE_PORT:-18090}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

make -C "$here" build >/dev/null

# One hour: the five utterances with 1 s pauses, looped.
for f in "$data"/*.wav; do echo "file '$f'"; echo "file '$work/pause.wav'"; done > "$work/list.txt"
ffmpeg -nostdin -v error -f lavfi -i anullsrc=r=16000:cl=mono -t 1 "$work/pause.wav"
ffmpeg -nostdin -v error -f concat -safe 0 -i "$work/list.txt" -ar 16000 -ac 1 "$work/round.wav"
ffmpeg -nostdin -v error -stream_loop -1 -i "$work/round.wav" -t 3600 -c:a flac "$work/hour.flac"

metric() { curl -fsS "http://127.0.0.1:$port/metrics" | awk -v m="$1" '$1 == m {print $2}'; }

for threads in 1 2; do
  /usr/bin/time -v -o "$work/time.txt" "$here/dist/notegen-asr" --addr "127.0.0.1:$port" \
    --model-dir "$model" --threads "$threads" --concurrency 1 2>"$work/server.log" &
  pid=$!
  for _ in $(seq 100); do curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
  for f in "$data"/*.wav; do
    curl -fsS -F model=m -F file=@"$f" "http://127.0.0.1:$port/v1/audio/transcriptions" >/dev/null
  done
  a1=$(metric notegen_asr_audio_seconds_total); p1=$(metric notegen_asr_processing_seconds_total)
  r1=$(metric process_resident_memory_bytes)
  curl -fsS -F model=m -F response_format=verbose_json -F file=@"$work/hour.flac" \
    "http://127.0.0.1:$port/v1/audio/transcriptions" > "$work/hour.json"
  a2=$(metric notegen_asr_audio_seconds_total); p2=$(metric notegen_asr_processing_seconds_total)
  r2=$(metric process_resident_memory_bytes)
  # $pid is GNU time; signal the server it runs, then let time report.
  kill -TERM "$(pgrep -P "$pid")"; wait "$pid" || true
  segs=$(grep -o '"id":' "$work/hour.json" | wc -l)
  awk -v t="$threads" -v a1="$a1" -v p1="$p1" -v a2="$a2" -v p2="$p2" -v s="$segs" -v r1="$r1" -v r2="$r2" 'BEGIN {
    printf "threads=%s librivox: audio %.1f s, processing %.2f s, RTF %.4f\n", t, a1, p1, p1/a1
    printf "threads=%s one hour: audio %.1f s, processing %.1f s, RTF %.4f, %d segments\n", t, a2-a1, p2-p1, (p2-p1)/(a2-a1), s
    printf "threads=%s RSS after librivox %.1f MB, after one hour %.1f MB\n", t, r1/1e6, r2/1e6 }'
  grep -E "Maximum resident set size|Elapsed \(wall" "$work/time.txt" | sed "s/^\s*/threads=$threads /"
done

#!/usr/bin/env bash
# ci.sh installs what notegen-asr's tests need (idempotently), builds the
# self-contained server and runs the module's tests. Meant for a fresh Debian
# machine with Go, run as root (or with passwordless apt); .ci/run calls it.
#
# Installs from Debian: ffmpeg (decoding), pocketsphinx-testdata (the LibriVox
# WER test), npm (to fetch sherpa-onnx and the Silero VAD model by name), make,
# gcc/g++ (cgo) and time. Then scripts/fetch-libs.sh fetches
# sherpa-onnx-linux-x64@1.13.8 and @ricky0123/vad-web@0.0.31 from npm.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"

need=()
command -v ffmpeg >/dev/null || need+=(ffmpeg)
[[ -f /usr/share/pocketsphinx/test/data/librivox/transcription ]] || need+=(pocketsphinx-testdata)
command -v npm >/dev/null || need+=(npm)
command -v make >/dev/null || need+=(make)
command -v gcc >/dev/null || need+=(gcc)
command -v g++ >/dev/null || need+=(g++)
[[ -x /usr/bin/time ]] || need+=(time)
if ((${#need[@]})); then
  echo "ci: installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

./scripts/fetch-libs.sh
make build
# The shared model lives beside the repository (../shared); override with
# NOTEGEN_ASR_TEST_MODEL_DIR.
# This is a module of its own: the root's go vet and staticcheck do not
# reach it, so they run here, where cgo and the libraries are set up. It
# imports nothing of the main module (the tests that need notegen build it
# from the repository root and run it as a process), so its go.mod and
# go.sum are complete as committed.
CGO_ENABLED=1 go vet ./...
CGO_ENABLED=1 go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...
CGO_ENABLED=1 go test -count=1 -timeout 10m ./...

#!/usr/bin/env bash
# fetch-libs.sh downloads, by package name from the npm registry, the prebuilt
# sherpa-onnx C API shared libraries and a Silero VAD model into lib/ (git-ignored).
#
# Why npm: the Go proxy refuses sherpa-onnx's own Go binding modules, and Debian
# does not package sherpa-onnx. The npm package sherpa-onnx-linux-x64 is the
# project's official Linux x64 build (libsherpa-onnx-c-api.so + libonnxruntime.so);
# our cgo declarations in internal/recognizer and internal/vad match its version,
# so SHERPA_VERSION must only change together with them.
#
# Idempotent: it does nothing when lib/ already holds the pinned versions.
set -euo pipefail

SHERPA_VERSION="${SHERPA_VERSION:-1.13.8}"
VAD_PACKAGE="@ricky0123/vad-web"
VAD_VERSION="0.0.31"
VAD_FILE="silero_vad_v5.onnx"

here="$(cd "$(dirname "$0")/.." && pwd)"
lib="${NOTEGEN_ASR_LIB_DIR:-$here/lib}"
stamp="$lib/.fetched-$SHERPA_VERSION-$VAD_VERSION"

if [[ -f "$stamp" ]]; then
  exit 0
fi
case "$(uname -m)" in
  x86_64) pkg="sherpa-onnx-linux-x64" ;;
  aarch64) pkg="sherpa-onnx-linux-arm64" ;;
  *) echo "fetch-libs: unsupported architecture $(uname -m)" >&2; exit 1 ;;
esac
command -v npm >/dev/null || { echo "fetch-libs: npm is required (apt-get install -y npm)" >&2; exit 1; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$lib"
(cd "$tmp" && npm pack --silent "$pkg@$SHERPA_VERSION" "$VAD_PACKAGE@$VAD_VERSION" >/dev/null)
mkdir -p "$tmp/sherpa" "$tmp/vad"
tar -xzf "$tmp/$pkg-$SHERPA_VERSION.tgz" -C "$tmp/sherpa"
tar -xzf "$tmp/ricky0123-vad-web-$VAD_VERSION.tgz" -C "$tmp/vad"
install -m 0755 "$tmp/sherpa/package/libsherpa-onnx-c-api.so" "$lib/"
install -m 0644 "$tmp/sherpa/package/libonnxruntime.so" "$lib/"
install -m 0644 "$tmp/vad/package/dist/$VAD_FILE" "$lib/silero_vad.onnx"
rm -f "$lib"/.fetched-*
touch "$stamp"
echo "fetch-libs: $pkg@$SHERPA_VERSION and $VAD_PACKAGE@$VAD_VERSION ($VAD_FILE) in $lib"

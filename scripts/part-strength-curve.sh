#!/usr/bin/env bash
# Prints the notes' ROUGE-1 on the tuning splits (train, test3) for each
# Viterbi strength of the English part model: the curve that fixed
# cmd/notegen-train's PartStrengths. The models are embedded, so each
# strength is built from a copy of the tree with decoding.json edited;
# the checkout itself is not touched.
#
#   scripts/part-strength-curve.sh [aci-bench dir, default ../shared/data/aci-bench] [strengths...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
data="$(cd "${1:-$root/../shared/data/aci-bench}" && pwd)"
shift || true
strengths=("$@")
[ ${#strengths[@]} -gt 0 ] || strengths=(0 0.1 0.2 0.3 0.5 0.7)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git -C "$root" ls-files -z --cached --others --exclude-standard | (cd "$root" && xargs -0 cp --parents -t "$work" 2>/dev/null || true)
for s in "${strengths[@]}"; do
	python3 - "$work/internal/discourse/models/decoding.json" "$s" <<'PY'
import json, sys
path, strength = sys.argv[1], float(sys.argv[2])
d = json.load(open(path))
d["part_en.bin"]["Strength"] = strength
json.dump(d, open(path, "w"), indent=2)
PY
	(cd "$work" && go build -o "$work/eval" ./cmd/notegen-eval)
	line="strength $s"
	for split in train test3; do
		r1="$("$work/eval" --data "$data" --split "$split" | awk '/^ *writer /&&!done{print $2; done=1}')"
		line="$line  $split $r1"
	done
	echo "$line"
done

#!/usr/bin/env bash
# Limits hold at their edge: a cluster of exactly --max-chips (2,000,000 H100s) loads, builds
# its whole topology (`info`) and renders its floor in bounded memory — each run under an
# address-space cap (2.5 GB; 4 GB for the renderer, whose GL and shader compiler reserve more),
# with a timeout only as a hang guard — and one node more is refused with the
# limit named and how to raise it. Measured memory and time go to docs/format.md ("Limits").
# Usage: limits_test.sh PODPLANNER_BINARY SOURCE_DIR
set -euo pipefail
bin="$1"
example="$2/resources/examples/h100-cluster-70b.podplanner"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

sed 's/"nodes": 528/"nodes": 250000/' "$example" > "$work/at-limit.podplanner"
sed 's/"nodes": 528/"nodes": 250001/' "$example" > "$work/over-limit.podplanner"
grep -q '"nodes": 250000' "$work/at-limit.podplanner"

capped() { (ulimit -v 2500000 && timeout 300 "$@"); }
capped_gui() { (ulimit -v 4000000 && timeout 300 "$@"); }

echo "== 2,000,000 chips: validate, info (whole topology), evaluate, simulate"
capped "$bin" validate "$work/at-limit.podplanner" | grep -q "2000000 chips"
capped "$bin" info "$work/at-limit.podplanner" --json > "$work/info.json"
grep -q '"chips": 2000000' "$work/info.json"
capped "$bin" evaluate "$work/at-limit.podplanner" > /dev/null
capped "$bin" simulate "$work/at-limit.podplanner" --trials 200 > /dev/null

if [[ -n "${DISPLAY:-}" ]]; then
  echo "== 2,000,000 chips: the floor rendered"
  capped_gui "$bin" render "$work/at-limit.podplanner" -o "$work/floor.png" --size 640x400 > /dev/null
  test -s "$work/floor.png"
fi

echo "== one node over: refused, with the limit and the flag to raise it"
if "$bin" validate "$work/over-limit.podplanner" 2> "$work/err.txt"; then
  echo "a cluster over the limit was accepted" >&2
  exit 1
fi
grep -q "at most 2000000 chips, found 2000008 chips" "$work/err.txt"
grep -q -- "--max-chips" "$work/err.txt"
"$bin" validate "$work/over-limit.podplanner" --max-chips 2000008 | grep -q "2000008 chips"
echo "limits hold"

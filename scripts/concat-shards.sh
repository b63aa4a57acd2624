#!/usr/bin/env bash
# Joins the CSV files of a sharded sweep into one: the header once, then every shard's rows,
# sorted by point number so the result equals the unsharded sweep.
# Usage: scripts/concat-shards.sh OUT.csv shard-*.csv
set -euo pipefail
out="$1"; shift
[[ $# -ge 1 ]] || { echo "usage: $0 OUT.csv SHARD.csv..." >&2; exit 2; }
{
  head -n 1 "$1"
  for f in "$@"; do tail -n +2 "$f"; done | sort -t, -k1,1n -s
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out ($(($(wc -l < "$out") - 1)) rows)"

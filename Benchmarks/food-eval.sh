#!/usr/bin/env bash
# Scores `brewery recommend food` on the food-query set with ../shared/eval/food_eval.py.
# usage: Benchmarks/food-eval.sh [QUERIES.tsv] [CATALOGUE.json]   (run from the repo root)
set -euo pipefail
queries=${1:-../shared/eval/food-queries.tsv}
catalogue=${2:-../shared/punkapi/v2/beers.json}
brewery=${BREWERY_BIN:-.build/release/brewery}
[ -x "$brewery" ] || brewery=.build/debug/brewery
run=$(mktemp)
trap 'rm -f "$run"' EXIT
tail -n +2 "$queries" | cut -f1 | while IFS= read -r q; do
  [ -n "$q" ] || continue
  # shellcheck disable=SC2086
  "$brewery" --catalogue "$catalogue" recommend food --json --limit 0 -- $q |
    python3 -c '
import json, sys
q = sys.argv[1]
r = json.load(sys.stdin)
if r["match"] == "none":
    print(f"{q}\t0\tNOMATCH")
for row in r["results"]:
    print(q, row["rank"], row["id"], sep="\t")' "$q" >>"$run"
done
python3 ../shared/eval/food_eval.py "$run" "$queries" "${@:3}"

#!/usr/bin/env bash
# Scores `brewery recommend food` on the food-concept set (shellfish, indian, sunday roast…)
# with ../shared/eval/food-concepts/food_concepts_eval.py.
# usage: Benchmarks/food-concepts.sh [QUERIES.tsv [CATALOGUE.json]] [--per-query] [--by-kind] [--json]
#        (run from the repo root)
set -euo pipefail
set_dir=../shared/eval/food-concepts
files=()
flags=()
for a in "$@"; do
  case "$a" in --*) flags+=("$a") ;; *) files+=("$a") ;; esac
done
queries=${files[0]:-$set_dir/queries.tsv}
catalogue=${files[1]:-../shared/punkapi/v2/beers.json}
brewery=${BREWERY_BIN:-.build/release/brewery}
[ -x "$brewery" ] || brewery=.build/debug/brewery
run=$(mktemp)
trap 'rm -f "$run"' EXIT
python3 "$set_dir/run_food_concepts.py" "$brewery" "$catalogue" "$queries" "$run" >&2
python3 "$set_dir/food_concepts_eval.py" "$run" "$queries" ${flags[@]+"${flags[@]}"}

#!/usr/bin/env bash
# Scores `brewery recommend like` on the style dev set with ../shared/eval/like/like_eval.py,
# for the default weights and for each part alone; with --grid, also for a grid of weights
# around the defaults, best first (how the defaults were chosen).
#
# With --check MIN, scores the default weights only and fails below MIN (CI).
#
# usage: Benchmarks/like-weights.sh [--grid | --check MIN] [STYLES.tsv] [CATALOGUE.json]
#        (from the repo root)
# BREWERY_BIN picks the binary (default .build/release/brewery, else .build/debug/brewery).
set -euo pipefail
grid=0
check=
if [ "${1:-}" = "--grid" ]; then
  grid=1
  shift
elif [ "${1:-}" = "--check" ]; then
  check=${2:?--check needs a minimum P@5}
  shift 2
fi
styles=${1:-../shared/eval/like/styles-dev.tsv}
catalogue=${2:-../shared/punkapi/v2/beers.json}
eval_script="$(dirname "$styles")/like_eval.py"
brewery=${BREWERY_BIN:-.build/release/brewery}
[ -x "$brewery" ] || brewery=.build/debug/brewery
for f in "$styles" "$catalogue" "$eval_script"; do
  [ -r "$f" ] || { echo "like-weights: cannot read $f" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Every labelled beer is a query.
awk -F'\t' 'NR > 1 && $3 != "" { print $1 }' "$styles" >"$work/ids"

# P@5 of one weight setting.
score() {
  local weights=$1
  sed "s/.*/recommend like & --limit 0 --json --weights $weights/" "$work/ids" |
    BREWERY_HISTORY= "$brewery" --catalogue "$catalogue" |
    python3 "$(dirname "$0")/like-run.py" >"$work/run"
  python3 "$eval_script" "$work/run" --styles "$styles" --json | python3 -c 'import json,sys; print("%.3f" % json.load(sys.stdin)["P@5"])'
}

if [ -n "$check" ]; then
  p=$(score standard)
  if python3 -c "import sys; sys.exit(0 if $p >= $check else 1)"; then
    echo "like dev set: P@5 $p with the default weights (at least $check)"
  else
    echo "like dev set: P@5 $p with the default weights is below $check" >&2
    exit 1
  fi
  exit 0
fi

printf '%-10s %-7s %s\n' "setting" "P@5" "weights"
row() { printf '%-10s %-7s %s\n' "$1" "$(score "$2")" "$2"; }
row default standard
row before card
row numeric numeric
row food abv=0,ibu=0,ebc=0,food=1,yeast=0,hops=0,malt=0,method=0
row yeast abv=0,ibu=0,ebc=0,food=0,yeast=1,hops=0,malt=0,method=0
row hops abv=0,ibu=0,ebc=0,food=0,yeast=0,hops=1,malt=0,method=0
row malt abv=0,ibu=0,ebc=0,food=0,yeast=0,hops=0,malt=1,method=0
row method abv=0,ibu=0,ebc=0,food=0,yeast=0,hops=0,malt=0,method=1
row recipe recipe

if [ "$grid" = 1 ]; then
  echo
  echo "grid (abv=ibu=ebc=1), best first:"
  for food in 0.5 1 2; do for yeast in 2 3 4; do for hops in 0 0.25 0.5; do
    for malt in 0.25 0.5 1; do for method in 0 0.25 0.5; do
      w="food=$food,yeast=$yeast,hops=$hops,malt=$malt,method=$method"
      printf '%s %s\n' "$(score "$w")" "$w"
    done; done
  done; done; done | sort -r | head -15
fi

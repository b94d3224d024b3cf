#!/usr/bin/env bash
# Scores `brewery recommend like` on the expert-judged dev set (../shared/eval/like-judged/):
# nDCG@5, nDCG@10, P@5 and judged@5 with the set's own scorer (unjudged beers count as 0),
# the same on the judged results only (what the scores would be were the unjudged beers as
# good as the judged ones), by style group, the unjudged pairs of the top 5 (to be judged),
# and beside it the style-label P@5 of ../shared/eval/like/ (a secondary check).
#
# usage: Benchmarks/like-judged.sh [EXTRA BREWERY ARGS...]    (from the repo root)
#        e.g. Benchmarks/like-judged.sh --weights unstyled
# BREWERY_BIN picks the binary (default .build/release/brewery, else .build/debug/brewery).
set -euo pipefail
judged=../shared/eval/like-judged
catalogue=../shared/punkapi/v2/beers.json
brewery=${BREWERY_BIN:-.build/release/brewery}
[ -x "$brewery" ] || brewery=.build/debug/brewery
for f in "$judged/queries.tsv" "$judged/judgments.tsv" "$judged/like_judged_eval.py" "$catalogue"; do
  [ -r "$f" ] || { echo "like-judged: cannot read $f" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 "$judged/run_like_judged.py" "$brewery" "$catalogue" "$judged/queries.tsv" "$work/run" "$@" >/dev/null
echo "expert-judged dev set ($(($(wc -l <"$judged/queries.tsv") - 1)) queries), unjudged = grade 0:"
python3 "$judged/like_judged_eval.py" "$work/run" "$judged/judgments.tsv" --queries "$judged/queries.tsv" --by-group

# The judged results only, and the unjudged pairs of each top 5.
python3 - "$work/run" "$judged/judgments.tsv" >"$work/judged-only" 2>"$work/unjudged" <<'EOF'
import csv, sys
run, judgments = sys.argv[1], sys.argv[2]
judged = {}
for row in list(csv.reader(open(judgments), delimiter='\t'))[1:]:
    judged[(row[0], row[1])] = int(row[2])
kept, top5 = {}, {}
for row in csv.reader(open(run), delimiter='\t'):
    if len(row) < 3 or not row[1].isdigit():
        continue
    q, c = row[0], row[2]
    top5.setdefault(q, [])
    if len(top5[q]) < 5:
        top5[q].append(c)
        if (q, c) not in judged:
            print(f"{q}\t{c}", file=sys.stderr)
    if (q, c) in judged:
        kept.setdefault(q, []).append(c)
for q, cs in kept.items():
    for rank, c in enumerate(cs, 1):
        print(f"{q}\t{rank}\t{c}")
EOF
echo
echo "judged results only:"
python3 "$judged/like_judged_eval.py" "$work/judged-only" "$judged/judgments.tsv" --queries "$judged/queries.tsv" | head -2
echo
echo "unjudged pairs in the top 5 (query_id, beer_id): $(wc -l <"$work/unjudged")"
tr '\t' ' ' <"$work/unjudged" | paste -sd ',' | sed 's/,/, /g'

styles=../shared/eval/like/styles-dev.tsv
if [ -r "$styles" ]; then
  awk -F'\t' 'NR > 1 && $3 != "" { print $1 }' "$styles" |
    sed "s/.*/recommend like & --limit 0 --json $*/" |
    BREWERY_HISTORY= HOME="$work" "$brewery" --catalogue "$catalogue" |
    python3 "$(dirname "$0")/like-run.py" >"$work/styles-run"
  echo
  printf 'style-label P@5 (secondary): '
  python3 "$(dirname "$styles")/like_eval.py" "$work/styles-run" --styles "$styles" --json |
    python3 -c 'import json,sys; print("%.3f" % json.load(sys.stdin)["P@5"])'
fi

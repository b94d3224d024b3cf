#!/usr/bin/env bash
# Simulated users for `recommend like` with several beers, from the style labels of
# ../shared/eval/like/: each user names N beers of one style (seeded draws) and asks
# `recommend like A B ...`; P@10 is the share of the first 10 labelled results (unlabelled
# beers dropped, as like_eval.py does) that have that style. Styles of at least 6 labelled
# beers are drawn. Extra arguments go to every query (e.g. --weights standard, to compare).
#
# usage: Benchmarks/like-several.sh [N] [USERS] [SEED] [EXTRA BREWERY ARGS...]   (from the repo root)
# BREWERY_BIN picks the binary (default .build/release/brewery, else .build/debug/brewery).
set -euo pipefail
n=${1:-3}
users=${2:-200}
seed=${3:-7}
shift $(($# < 3 ? $# : 3))
styles=../shared/eval/like/styles-dev.tsv
catalogue=../shared/punkapi/v2/beers.json
brewery=${BREWERY_BIN:-.build/release/brewery}
[ -x "$brewery" ] || brewery=.build/debug/brewery
for f in "$styles" "$catalogue"; do
  [ -r "$f" ] || { echo "like-several: cannot read $f" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$styles" "$n" "$users" "$seed" "$work" "$@" >"$work/script" <<'PY'
import csv, random, sys
styles, n, users, seed, work, extra = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6:]
by = {}
for row in csv.DictReader(open(styles), delimiter='\t'):
    if row['style']:
        by.setdefault(row['style'], []).append(row['id'])
drawn = sorted(s for s, ids in by.items() if len(ids) >= 6)
rng = random.Random(seed)
plan = open(work + '/plan', 'w')
for u in range(users):
    style = rng.choice(drawn)
    beers = rng.sample(sorted(by[style]), n)
    print(' '.join(['recommend like', *beers, '--limit 60 --json', *extra]))
    print(f'{u}\t{style}', file=plan)
PY
BREWERY_HISTORY= HOME="$work" "$brewery" --catalogue "$catalogue" <"$work/script" | grep '^{"' >"$work/out"

python3 - "$styles" "$work" "$n" <<'PY'
import csv, json, sys
styles, work, n = sys.argv[1], sys.argv[2], sys.argv[3]
label = {row['id']: row['style'] for row in csv.DictReader(open(styles), delimiter='\t') if row['style']}
plan = [line.rstrip('\n').split('\t') for line in open(work + '/plan')]
docs = [json.loads(line) for line in open(work + '/out')]
assert len(docs) == len(plan), f'{len(docs)} answers for {len(plan)} users'
total = 0.0
for (_, style), doc in zip(plan, docs):
    labelled = [str(r['id']) for r in doc['results'] if str(r['id']) in label][:10]
    total += sum(label[i] == style for i in labelled) / 10
print(f'like with {n} beers, {len(plan)} simulated users: P@10 {total / len(plan):.3f}')
PY

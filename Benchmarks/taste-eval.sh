#!/usr/bin/env bash
# Simulated users for `recommend for me`, from the style labels of ../shared/eval/like/:
# each user rates 3 beers of one style ★5 and 2 of another ★1 (seeded draws), then asks
# `recommend for me`; P@10 is the share of the first 10 labelled results (unlabelled
# beers dropped, as like_eval.py does) that have the liked style. A style with few labelled
# beers caps it (pale ale: 6 labelled, so 3 left to find, at most 0.3), so the share of
# what could be found (hits over min(10, beers of the style left)) is given beside it.
# Styles of at least 6 labelled beers are liked; any other is disliked.
#
# usage: Benchmarks/taste-eval.sh [USERS] [SEED] [STYLES.tsv] [CATALOGUE.json]   (from the repo root)
# BREWERY_BIN picks the binary (default .build/release/brewery, else .build/debug/brewery).
set -euo pipefail
users=${1:-200}
seed=${2:-7}
styles=${3:-../shared/eval/like/styles-dev.tsv}
catalogue=${4:-../shared/punkapi/v2/beers.json}
brewery=${BREWERY_BIN:-.build/release/brewery}
[ -x "$brewery" ] || brewery=.build/debug/brewery
for f in "$styles" "$catalogue"; do
  [ -r "$f" ] || { echo "taste-eval: cannot read $f" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$styles" "$users" "$seed" "$work" >"$work/script" <<'PY'
import csv, random, sys
styles, users, seed, work = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
label = {}
for row in csv.DictReader(open(styles), delimiter='\t'):
    if row['style']:
        label[row['id']] = row['style']
by = {}
for i, s in label.items():
    by.setdefault(s, []).append(i)
liked_styles = sorted(s for s, ids in by.items() if len(ids) >= 6)
rng = random.Random(seed)
plan = open(work + '/plan', 'w')
for u in range(users):
    liked = rng.choice(liked_styles)
    disliked = rng.choice(sorted(s for s in by if s != liked and len(by[s]) >= 2))
    store = f'{work}/u{u}.sqlite'
    for i in rng.sample(sorted(by[liked]), 3):
        print(f'rate {i} 5 --taste {store}')
    for i in rng.sample(sorted(by[disliked]), 2):
        print(f'rate {i} 1 --taste {store}')
    print(f'recommend for me --limit 0 --json --taste {store}')
    print(f'{u}\t{liked}', file=plan)
PY
BREWERY_HISTORY= HOME="$work" "$brewery" --catalogue "$catalogue" <"$work/script" | grep '^{"' >"$work/out"

python3 - "$styles" "$work" <<'PY'
import csv, json, sys
styles, work = sys.argv[1], sys.argv[2]
label = {row['id']: row['style'] for row in csv.DictReader(open(styles), delimiter='\t') if row['style']}
plan = [line.rstrip('\n').split('\t') for line in open(work + '/plan')]
docs = [json.loads(line) for line in open(work + '/out') if '"liked"' in line]
assert len(docs) == len(plan), f'{len(docs)} answers for {len(plan)} users'
size = {}
for s in label.values():
    size[s] = size.get(s, 0) + 1
total, reachable, by = [], [], {}
for (u, liked), doc in zip(plan, docs):
    labelled = [str(r['id']) for r in doc['results'] if str(r['id']) in label][:10]
    hits = sum(label[i] == liked for i in labelled)
    # A style of n labelled beers has n - 3 left to find once 3 are rated.
    best = min(10, size[liked] - 3)
    total.append(hits / 10)
    reachable.append(hits / best)
    by.setdefault(liked, []).append((hits / 10, hits / best, best / 10))
mean = lambda xs: sum(xs) / len(xs)
print(f'simulated users: {len(total)}, P@10 {mean(total):.3f} (the most it can be: '
      f'{mean([min(10, size[l] - 3) / 10 for _, l in plan]):.3f}); of what could be found: {mean(reachable):.3f}')
for s in sorted(by):
    rows = by[s]
    print(f'  {s:<15} {len(rows):>4} users  P@10 {mean([r[0] for r in rows]):.3f} of at most {rows[0][2]:.1f}; '
          f'of what could be found {mean([r[1] for r in rows]):.3f}')
PY

#!/usr/bin/env bash
# `recommend like N` as a user meets it: the same 200 random query beers the `like random
# 1 beer` benchmark draws (SplitMix64, seed 200, index = next() % count; on a `brewery
# synth` catalogue a beer's id is its index + 1), run in one piped shell with `timing on`,
# each query once after a warm-up; prints the query part's p50 and p95, and the median
# time of the whole command (parsing, the rows written) over its query.
#
#   Benchmarks/like-random.sh s1m.json          # brewery synth --count 1000000 --out s1m.json
#
# Compare its p50 with the benchmark's: BREWERY_BENCH_SIZES=1000000 swift package
# --disable-sandbox benchmark --filter "like random.*" (release build of both).
set -euo pipefail
catalogue=${1:?usage: like-random.sh CATALOGUE}
brewery=${BREWERY_BIN:-.build/release/brewery}
[ -r "$catalogue" ] || { echo "like-random: cannot read $catalogue" >&2; exit 1; }
[ -x "$brewery" ] || { echo "like-random: no $brewery (swift build -c release --product brewery)" >&2; exit 1; }
count=$("$brewery" --catalogue "$catalogue" stats --json | python3 -c "import json,sys; print(json.load(sys.stdin)['count'])")
python3 - "$count" >"${TMPDIR:-/tmp}/like-random.txt" <<'PY'
import sys
count = int(sys.argv[1])
state, M = 200, (1 << 64) - 1
def nxt():
    global state
    state = (state + 0x9E3779B97F4A7C15) & M
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return z ^ (z >> 31)
ids = [nxt() % count + 1 for _ in range(200)]
print("timing on")
for i in ids[:5]:
    print(f"recommend like {i} --limit 10")
for i in ids:
    print(f"recommend like {i} --limit 10")
PY
"$brewery" --catalogue "$catalogue" <"${TMPDIR:-/tmp}/like-random.txt" 2>&1 >/dev/null | python3 -c '
import re, sys
pairs = [(float(m.group(1)), float(m.group(2)))
         for m in re.finditer(r"Time: ([0-9.]+) ms \(query ([0-9.]+) ms", sys.stdin.read())][5:]
if not pairs: sys.exit("like-random: no timings read")
times = sorted(q for _, q in pairs)
over = sorted(t - q for t, q in pairs)
p = lambda xs, q: xs[min(len(xs) - 1, int(q * len(xs)))]
print(f"like random 1 beer, shell: {len(times)} queries, p50 {p(times, 0.5):.3f} ms, p95 {p(times, 0.95):.3f} ms;"
      f" the command over its query p50 {p(over, 0.5):.3f} ms")
'

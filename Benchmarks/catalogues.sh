#!/usr/bin/env bash
# What a user gets on each catalogue given, in one sitting: reading its JSON with no
# snapshot (the shell's `timing on` "catalogue read", median of RUNS, and the process's
# peak resident memory), then `Benchmarks/like-random.sh` on it (200 random query
# beers, from its snapshot). Ids must be 1…N (every `brewery synth` catalogue's are).
#
#   Benchmarks/catalogues.sh s1m.json c1m.json ...     # RUNS=3 by default
#
# Catalogues (1M beers each; see Benchmarks/README.md):
#   brewery synth --count 1000000 --out s1m.json                          # drawn, pretty
#   brewery synth --count 1000000 --layout compact --out s1m-compact.json
#   brewery synth --count 1000000 --from ../shared/punkapi/v2/beers.json --layout compact --out c1m.json
#   brewery synth --count 1000000 --one-malt-one-hop --layout compact --out o1m.json
set -euo pipefail
brewery=${BREWERY_BIN:-.build/release/brewery}
runs=${RUNS:-3}
here=$(cd "$(dirname "$0")" && pwd)
[ $# -gt 0 ] || { echo "usage: catalogues.sh CATALOGUE..." >&2; exit 2; }
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
for catalogue in "$@"; do
  [ -r "$catalogue" ] || { echo "catalogues: cannot read $catalogue" >&2; exit 1; }
  reads=()
  peaks=()
  for _ in $(seq "$runs"); do
    rm -rf "$cache"/*
    out=$(printf "timing on\nshow 1\n" | XDG_CACHE_HOME="$cache" /usr/bin/time -f 'peak %M' \
      "$brewery" --catalogue "$catalogue" 2>&1 >/dev/null)
    reads+=("$(grep -o 'catalogue read [0-9.]* ms' <<<"$out" | grep -o '[0-9.]*' | head -1)")
    peaks+=("$(grep -o 'peak [0-9]*' <<<"$out" | grep -o '[0-9]*')")
  done
  read_ms=$(printf '%s\n' "${reads[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  peak_kb=$(printf '%s\n' "${peaks[@]}" | sort -n | tail -1)
  size=$(du -m "$catalogue" | cut -f1)
  # The last read wrote the snapshot (the shell waits for it at exit), so the queries below
  # load from it and nothing else runs beside them.
  like=$(XDG_CACHE_HOME="$cache" "$here/like-random.sh" "$catalogue")
  printf '%s (%s MB): JSON read median %.2f s of %s (%s), peak %.2f GB; %s\n' "$(basename "$catalogue")" "$size" \
    "$(echo "$read_ms / 1000" | bc -l)" "$runs" "$(printf '%s ' "${reads[@]}" | sed 's/ $//')" \
    "$(echo "$peak_kb / 1048576" | bc -l)" "${like#like random 1 beer, shell: }"
done

#!/usr/bin/env bash
# Load on `brewery serve` with wrk (Debian's package): requests/s and latency percentiles
# for a mix of list, filter, single-beer and recommendation requests (Benchmarks/serve-mix.lua).
#
# usage: Benchmarks/serve-load.sh [CATALOGUE.json] [SECONDS] [CONNECTIONS]   (from the repo root)
#   BREWERY_BIN picks the binary (default .build/release/brewery).
#   URL=http://host:port runs the mix against a server already running there instead
#   (PREFIX=/v3 for a v3 server's paths, PUNK_ONLY=1 to leave out Brewery's own endpoints).
set -euo pipefail
catalogue=${1:-../shared/punkapi/v2/beers.json}
seconds=${2:-10}
connections=${3:-32}
brewery=${BREWERY_BIN:-.build/release/brewery}
command -v wrk >/dev/null || { echo "serve-load: wrk is missing (apt-get install wrk)" >&2; exit 1; }
mix="$(cd "$(dirname "$0")" && pwd)/serve-mix.lua"
work=$(mktemp -d)
pid=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
url=${URL:-}
if [ -z "$url" ]; then
  [ -x "$brewery" ] || { echo "serve-load: build first: swift build -c release --product brewery" >&2; exit 1; }
  "$brewery" serve --catalogue "$catalogue" --port 0 --quiet >"$work/out" 2>"$work/err" &
  pid=$!
  for _ in $(seq 1 600); do
    url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/out" 2>/dev/null || true)
    [ -n "$url" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/err" >&2; exit 1; }
    sleep 0.1
  done
  [ -n "$url" ] || { echo "serve-load: the server did not start" >&2; exit 1; }
fi
echo "wrk: $url, $seconds s, 2 threads, $connections connections, mix: $(grep -c '^  "/' "$mix") paths"
wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$mix" "$url"

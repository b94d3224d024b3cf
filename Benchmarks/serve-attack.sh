#!/usr/bin/env bash
# Attacks on `brewery serve` that once cost seconds or crashed it, each with the outcome
# it must have (the server-hardening issue's items 1, 2, 4, 7 and 8):
#   1. a deep page of a ranking is refused at once, not ranked;
#   2. eight clients hammering a text filter and hanging up after 50 ms leave a request
#      for one beer answered within BREWERY_ATTACK_MS (default 20) ms at the median of 20,
#      and within five times that at its slowest;
#   4. the snapshot cut short and then overwritten while it serves: it goes on answering;
#   6. a request whose body is trickled a byte at a time: refused (413) and closed at once;
#   7. a log nobody reads (a pipe into `sleep`): 3,000 requests are all answered;
#   8. a percent-encoded path is the same path; CONNECT gets a 405 with a body.
# Exits 1 naming the first outcome that did not hold.
#
# usage: Benchmarks/serve-attack.sh [BEERS]   (from the repo root; default 100000 beers,
#        a synthetic catalogue made with `brewery synth`)
#   BREWERY_BIN picks the binary (default .build/release/brewery).
set -euo pipefail
beers=${1:-100000}
brewery=${BREWERY_BIN:-.build/release/brewery}
limit_ms=${BREWERY_ATTACK_MS:-20}
[ -x "$brewery" ] || { echo "serve-attack: build first: swift build -c release --product brewery" >&2; exit 1; }
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -- "-$p" 2>/dev/null || kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
export HOME="$work/home" XDG_CACHE_HOME="$work/cache"
mkdir -p "$HOME"
fail() {
  echo "serve-attack: FAILED: $*" >&2
  exit 1
}

echo "serve-attack: a synthetic catalogue of $beers beers"
"$brewery" synth --count "$beers" --out "$work/beers.json" >/dev/null

# Starts `brewery serve` with its standard output going to $1 (a file or a command), and
# sets $url once it listens.
start() {
  local out=$1
  if [ "$out" = "pipe" ]; then
    # Its own process group, so the reader that never reads goes with it.
    setsid bash -c '"$0" serve --catalogue "$1" --port 0 2>"$2/err" | tee "$2/out" | sleep 600' \
      "$brewery" "$work/beers.json" "$work" &
  else
    "$brewery" serve --catalogue "$work/beers.json" --port 0 --quiet >"$work/out" 2>"$work/err" &
  fi
  pids+=($!)
  url=
  for _ in $(seq 1 1200); do
    url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/out" 2>/dev/null | head -1 || true)
    [ -n "$url" ] && return
    sleep 0.1
  done
  cat "$work/err" >&2
  fail "the server did not start"
}

# The status and seconds of one request.
probe() { curl -s -o /dev/null -w "%{http_code} %{time_total}" --max-time 10 "$url$1" || echo "000 10"; }

start file
read -r status took <<<"$(probe "/v2/beers/1/like?page=1000000")"
echo "1. deep page: $status in $took s"
[ "$status" = 400 ] || fail "a deep page answered $status, not 400"
awk -v t="$took" 'BEGIN { exit !(t < 1) }' || fail "a deep page took $took s"

# Warm the text filters' indexes, then hammer and hang up.
probe "/v2/beers?beer_name=punk" >/dev/null
probe "/v2/beers?food=chicken" >/dev/null
end=$((SECONDS + 4))
for c in $(seq 1 8); do
  (while [ $SECONDS -lt $end ]; do
    curl -s -o /dev/null --max-time 0.05 "$url/v2/beers?beer_name=a$c&food=e" || true
  done) &
  pids+=($!)
done
sleep 1
# The median of 20 is held to the limit; the slowest to five times it. On two cores shared
# with eight hammering clients one probe may lose its core for a few ms, while a beer
# queued behind the text filters (what this guards against) waited whole seconds.
times=()
for _ in $(seq 1 20); do
  read -r status took <<<"$(probe "/v2/beers/1")"
  [ "$status" = 200 ] || fail "one beer answered $status while the filters were hammered"
  times+=("$took")
  sleep 0.1
done
read -r median_ms slowest_ms <<<"$(printf '%s\n' "${times[@]}" | sort -g | awk '{ t[NR] = $1 } END { printf "%d %d", t[int((NR + 1) / 2)] * 1000, t[NR] * 1000 }')"
echo "2. one beer while 8 clients hammer a text filter and hang up: median $median_ms ms, at most $slowest_ms ms (limits $limit_ms and $((5 * limit_ms)))"
[ "$median_ms" -le "$limit_ms" ] || fail "one beer waited $median_ms ms (median) behind the text filters"
[ "$slowest_ms" -le $((5 * limit_ms)) ] || fail "one beer waited $slowest_ms ms behind the text filters"
sleep 4
read -r status took <<<"$(probe "/v2/beers/2")"
[ "$status" = 200 ] || fail "after the hammering, one beer answered $status"

snapshot=$(ls "$XDG_CACHE_HOME"/brewery/snapshots/*.bin 2>/dev/null | head -1 || true)
for _ in $(seq 1 100); do
  [ -n "$snapshot" ] && break
  sleep 0.2
  snapshot=$(ls "$XDG_CACHE_HOME"/brewery/snapshots/*.bin 2>/dev/null | head -1 || true)
done
[ -n "$snapshot" ] || fail "no snapshot was written"
# A second server reads the snapshot, then it is overwritten in place and cut short.
kill "${pids[0]}" 2>/dev/null || true
start file
size=$(stat -c %s "$snapshot")
dd if=/dev/urandom of="$snapshot" bs=4096 count=64 seek=$(((size / 4096) / 2)) conv=notrunc status=none
for t in "/v2/beers?page=2" "/v2/recommend/food?q=spicy+chicken+tacos" "/v2/beers/3/like"; do
  read -r status _ <<<"$(probe "$t")"
  [ "$status" = 200 ] || fail "with the snapshot overwritten in place, $t answered $status"
done
truncate -s 0 "$snapshot"
for t in "/v2/beers?page=2" "/v2/beers/5" "/v2/recommend/food?q=spicy+chicken+tacos"; do
  read -r status _ <<<"$(probe "$t")"
  [ "$status" = 200 ] || fail "with the snapshot cut short, $t answered $status"
done
echo "4. the snapshot overwritten in place, then cut short, while it serves: still answering"

closed=$(python3 - "${url##*:}" <<'PY'
import socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.sendall(b"GET /v2/beers/1 HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n")
s.settimeout(1)
start, head = time.time(), b""
try:
    while time.time() - start < 5:
        data = s.recv(65536)
        if not data:
            print(f"{head[9:12].decode()} {time.time() - start:.2f}")
            break
        head += data
        s.sendall(b"a")
    else:
        print("open")
except OSError:
    print("open")
PY
)
echo "6. a body trickled a byte at a time: $closed"
case "$closed" in 413\ 0.* | 413\ 1.*) ;; *) fail "a trickled body was not refused and closed at once: $closed" ;; esac

read -r status _ <<<"$(probe "/v2/beers/%31%39%32")"
[ "$status" = 200 ] || fail "a percent-encoded path answered $status"
connect=$(curl -s -i --max-time 5 -X CONNECT "$url/v2/beers" || true)
# The status line by string operations: a pipe into `grep -q` can fail under pipefail
# (the writer is cut off once grep has its match).
first=${connect%%$'\n'*}
first=${first%$'\r'}
[[ "$first" == *" 405"* ]] || fail "CONNECT did not get a 405: $first"
echo "8. a percent-encoded path is read as the path; CONNECT gets a 405"

kill "${pids[-1]}" 2>/dev/null || true
rm -f "$work/out"
start pipe
n=0
for i in $(seq 1 30); do
  # 100 requests a round on one connection each, so the log fills well past a pipe's 64 KiB.
  out=$(curl -s -o /dev/null -w "%{http_code}\n" --max-time 5 $(for _ in $(seq 1 100); do echo "$url/v2/beers/$((i % 8 + 1))?pad=$(printf '%0200d' 0)"; done) | grep -c 200 || true)
  n=$((n + out))
done
echo "7. a log nobody reads: $n of 3000 requests answered"
[ "$n" = 3000 ] || fail "only $n of 3000 requests were answered with a log nobody reads"
echo "serve-attack: every outcome held"

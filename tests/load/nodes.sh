#!/bin/bash
# Two whistd nodes behind HAProxy beside one node alone, in one run (issue
# 25): a real PostgreSQL (initdb in a temporary folder, a free port) and a
# real redis-server, started here and stopped at the end. whist-load plays
# PLAYERS at one move a second per table, first against one node (on
# PostgreSQL, alone), then through the proxy against two nodes, and again,
# ROUNDS times in turn: the machine's speed drifts, the turns see the same
# moments. Each run prints whist-load's latency line and each node's CPU
# and the messages it sent to the other node and heard from it.
#
#   tests/load/nodes.sh build/server/whistd build/tests/load/whist-load [PLAYERS] [SECONDS] [ROUNDS]
#
# Defaults: 2,000 players, 20 s, 2 rounds. Needs Debian's postgresql-15,
# redis-server, haproxy and curl (scripts/setup installs them); run it as
# root or as a user who may run initdb.
set -euo pipefail
whistd=$(realpath "${1:?whistd}")
load=$(realpath "${2:?whist-load}")
players=${3:-2000}
seconds=${4:-20}
rounds=${5:-2}
dir=$(mktemp -d /tmp/whist-nodes-XXXXXX)
chmod 755 "$dir"
bindir=$(pg_config --bindir)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ -f "$dir/pg/PG_VERSION" ] && $as "$bindir/pg_ctl" -D "$dir/pg" -m immediate -s stop || true
  rm -rf "$dir"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
as=""
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir" 2>/dev/null || chown nobody "$dir"
  as="runuser -u $(stat -c %U "$dir") --"
fi

pg_port=$(free_port)
$as "$bindir/initdb" -D "$dir/pg" -U whist -A trust -E UTF8 --locale=C --no-sync >/dev/null
$as "$bindir/pg_ctl" -D "$dir/pg" -l "$dir/pg.log" -w -s -o \
  "-p $pg_port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=100" start
redis_port=$(free_port)
redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no \
  --loglevel warning >"$dir/redis.log" 2>&1 &
pids+=($!)

new_db() {  # (in a subshell: a name of its own each time)
  local name="load_$(date +%s%N)"
  psql -X -q -h 127.0.0.1 -p "$pg_port" -U whist -d postgres -c "CREATE DATABASE $name"
  echo "postgresql://whist@127.0.0.1:$pg_port/$name"
}
node() {  # name port database [redis]: starts a node, prints its pid
  local extra=()
  [ -n "${4:-}" ] && extra=(--redis "127.0.0.1:$redis_port")
  "$whistd" --listen 127.0.0.1 --port "$2" --database "$3" --node "$1" "${extra[@]}" \
    --threads 2 --max-connections-per-address 0 --rate-messages 1000000 --max-queue 100000 \
    >>"$dir/$1.log" 2>&1 &
  echo $!
}
healthy() { curl -sf "http://127.0.0.1:$1/healthz" >/dev/null 2>&1; }
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }  # user + system ticks
metric() { curl -s "http://127.0.0.1:$1/metrics" | awk -v m="$2" '$1 == m {print $2}'; }
ticks=$(getconf CLK_TCK)

run_one() {  # label port-to-load "name:port:pid"...
  local label=$1 target=$2
  shift 2
  local before=() heard=() sent=()
  for n in "$@"; do
    IFS=: read -r _ p pid <<<"$n"
    before+=("$(cpu "$pid")")
    heard+=("$(metric "$p" whistd_bus_heard_total)")
    sent+=("$(metric "$p" whistd_bus_published_total)")
  done
  "$load" --port "$target" --players "$players" --pace 1 --duration "$seconds" \
    --full-speed 0 --echo 0 >"$dir/load.txt" 2>&1 || { cat "$dir/load.txt"; exit 1; }
  echo "== $label"
  grep -E -A1 "^(latency|actions |errors|connections held|machine stalls)" "$dir/load.txt" | grep -v "^--\|^  <=" || cat "$dir/load.txt"
  local i=0
  for n in "$@"; do
    IFS=: read -r name p pid <<<"$n"
    local used=$(($(cpu "$pid") - ${before[$i]}))
    local h=$(($(metric "$p" whistd_bus_heard_total) - ${heard[$i]}))
    local s=$(($(metric "$p" whistd_bus_published_total) - ${sent[$i]}))
    awk -v n="$name" -v u="$used" -v t="$ticks" -v d="$seconds" -v h="$h" -v s="$s" 'BEGIN {
      printf "   node %s: CPU %.0f%% of a core; bus %.0f msg/s heard, %.0f msg/s published\n",
        n, 100 * u / t / d, h / d, s / d }'
    i=$((i + 1))
  done
}

for r in $(seq "$rounds"); do
  # One node alone, on PostgreSQL (no Redis).
  p1=$(free_port)
  alone=$(node solo "$p1" "$(new_db)")
  pids+=("$alone")
  for _ in $(seq 100); do healthy "$p1" && break; sleep 0.1; done
  run_one "round $r: one node, $players players" "$p1" "solo:$p1:$alone"
  kill "$alone"; wait "$alone" 2>/dev/null || true

  # Two nodes behind HAProxy (the shipped backend section), Redis between.
  d=$(new_db)
  pa=$(free_port); pb=$(free_port); pp=$(free_port)
  a=$(node a "$pa" "$d" redis); pids+=("$a")
  b=$(node b "$pb" "$d" redis); pids+=("$b")
  for _ in $(seq 100); do healthy "$pa" && healthy "$pb" && break; sleep 0.1; done
  {
    printf 'global\n    maxconn %s\n' $((2 * players + 100))
    sed -n '/^defaults/,/^$/p' "$(dirname "$0")/../../deploy/haproxy-whistd.cfg" | grep -v '^\s*log\|httplog'
    printf 'frontend whist\n    bind 127.0.0.1:%s\n    default_backend whistd\n' "$pp"
    sed -n '/^backend whistd/,$p' "$(dirname "$0")/../../deploy/haproxy-whistd.cfg" | grep -v '^\s*server '
    printf '    server a 127.0.0.1:%s check\n    server b 127.0.0.1:%s check\n' "$pa" "$pb"
  } >"$dir/haproxy.cfg"
  haproxy -db -f "$dir/haproxy.cfg" >"$dir/haproxy.log" 2>&1 &
  proxy=$!; pids+=("$proxy")
  for _ in $(seq 100); do healthy "$pp" && break; sleep 0.1; done
  healthy "$pp" || { cat "$dir/haproxy.log" "$dir/a.log" "$dir/b.log"; exit 1; }
  run_one "round $r: two nodes behind HAProxy, $players players" "$pp" "a:$pa:$a" "b:$pb:$b"
  kill "$a" "$b" "$proxy"; wait "$a" "$b" "$proxy" 2>/dev/null || true
done

#!/bin/bash
# How long whistd takes to start again with tables in play: it plays
# PLAYERS/4 tables with whist-load (one move a second each) until every
# table is playing and 10 s more (WHIST_PLAY_SECONDS), kills whistd
# (SIGKILL, as a crash), then starts it RESTARTS times on the same
# database, each time reading the time its log gives for bringing the
# tables back and the time until it answers /healthz, and killing it
# again (so the games stay in play).
#
#   tests/load/restart.sh build/server/whistd build/tests/load/whist-load [PLAYERS] [RESTARTS]
#
# Defaults: 10,000 players (2,500 tables), 3 restarts. Needs curl and an
# open-files limit above PLAYERS.
set -euo pipefail
whistd=$(realpath "${1:?whistd}")
load=$(realpath "${2:?whist-load}")
players=${3:-10000}
restarts=${4:-3}
tables=$((players / 4))
dir=$(mktemp -d /tmp/whist-restart-XXXXXX)
port=$((20000 + RANDOM % 20000))
server=0
generator=0
cleanup() {
  [ "$server" -gt 0 ] && kill -9 "$server" 2>/dev/null || true
  [ "$generator" -gt 0 ] && kill -9 "$generator" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
start() {
  "$whistd" --listen 127.0.0.1 --port "$port" --database "$dir/db" --threads 2 --log-level info \
    --max-connections-per-address 0 --rate-messages 1000000 --max-queue 100000 >>"$dir/log.$1" 2>&1 &
  server=$!
}
healthy() { curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; }
playing() {
  curl -s "http://127.0.0.1:$port/metrics" | awk '/^whistd_tables\{state="playing"\}/ {print $2}'
}

start 0
for _ in $(seq 100); do healthy && break; sleep 0.1; done
"$load" --port "$port" --server-pid "$server" --players "$players" --pace 1 --duration 600 \
  --full-speed 0 --echo 0 >"$dir/load.txt" 2>&1 &
generator=$!
for _ in $(seq 600); do
  [ "$(playing || echo 0)" -ge "$tables" ] 2>/dev/null && break
  sleep 0.5
done
echo "tables playing     $(playing)"
sleep "${WHIST_PLAY_SECONDS:-10}"
kill -9 "$server"
wait "$server" 2>/dev/null || true
kill -9 "$generator" 2>/dev/null || true
wait "$generator" 2>/dev/null || true
generator=0
echo "database           $(du -sh "$dir" | cut -f1)"
for r in $(seq "$restarts"); do
  t0=$(date +%s%N)
  start "$r"
  for _ in $(seq 6000); do
    healthy && break
    kill -0 "$server" 2>/dev/null || { cat "$dir/log.$r"; echo "whistd did not start" >&2; exit 1; }
    sleep 0.01
  done
  healthy || { echo "whistd did not answer in 60 s" >&2; exit 1; }
  t1=$(date +%s%N)
  line=$(grep -o 'restored [0-9]* tables, [0-9]* games in progress, in [0-9]* ms' "$dir/log.$r" || true)
  echo "restart $r          ${line:-no tables restored}; answering after $(((t1 - t0) / 1000000)) ms"
  kill -9 "$server"
  wait "$server" 2>/dev/null || true
done

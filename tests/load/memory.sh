#!/bin/bash
# Where whistd's memory goes with PLAYERS seated at tables (whist-load,
# one move a second per table): whistd runs with jemalloc's sampling
# profiler on, and once the players are seated and their games dealt
# (SECONDS_IN, default 4 s after the generator starts: its setup and 1 s
# more) gdb asks jemalloc for a profile; jeprof then prints the live bytes
# by function (cumulative, the Asio and libc frames left out), and the
# figure per player.
#
#   tests/load/memory.sh build/server/whistd build/tests/load/whist-load [PLAYERS] [SECONDS_IN]
#
# Needs whistd built with jemalloc (the default), gdb and jeprof
# (libjemalloc-dev). Default: 2,000 players.
set -euo pipefail
whistd=$(realpath "${1:?whistd}")
load=$(realpath "${2:?whist-load}")
players=${3:-2000}
seconds_in=${4:-4}
dir=$(mktemp -d /tmp/whist-memory-XXXXXX)
port=$((20000 + RANDOM % 20000))
server=0
cleanup() {
  [ "$server" -gt 0 ] && kill -9 "$server" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
MALLOC_CONF="prof:true,lg_prof_sample:10,prof_prefix:$dir/prof" \
  "$whistd" --listen 127.0.0.1 --port "$port" --database "$dir/load.db" --threads 2 \
  --log-level warn --max-connections-per-address 0 --rate-messages 1000000 \
  --max-queue 100000 > "$dir/whistd.log" 2>&1 &
server=$!
for _ in $(seq 50); do
  curl -fs "http://127.0.0.1:$port/healthz" > /dev/null 2>&1 && break
  sleep 0.1
done
"$load" --port "$port" --server-pid "$server" --players "$players" \
  --duration $((seconds_in + 10)) --full-speed 0 --echo 0 > "$dir/load.log" 2>&1 &
generator=$!
sleep "$seconds_in"
gdb -p "$server" -batch -ex 'call (int)mallctl("prof.dump", 0, 0, 0, 0)' > /dev/null 2>&1
kill "$generator" 2>/dev/null || true
profile=$(ls "$dir"/prof.*.heap | head -1)
echo "live bytes by function, ${players} players seated (sampled every 1 KiB; cumulative):"
jeprof --text --cum --show_bytes "$whistd" "$profile" 2>/dev/null |
  awk -v n="$players" 'NR > 1 && $4 > 0 {
    name = $6; for (i = 7; i <= NF; i++) name = name " " $i
    if (name ~ /asio::detail|execution::detail|io_context|_start|clone3|start_thread|error_code|_M_run|malloc_usable_size/) next
    printf "%10.2f MB %6.2f KB/player  %s\n", $4 / 1e6, $4 / 1024 / n, substr(name, 1, 110)
  }' | head -40

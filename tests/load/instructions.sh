#!/bin/bash
# Instructions whistd runs per message it receives, in user space, counted
# by callgrind: a figure for comparing two builds that the machine's noise
# does not move (timings do). Needs valgrind and curl.
#
#   tests/load/instructions.sh build/server/whistd build/tests/load/whist-load
#
# whistd runs under valgrind with 200 players (50 tables, each moving once a
# second); after 12 s of play the count starts, for 20 s, and is divided
# by the messages whistd received meanwhile (its metrics). Almost every
# message is an action.
set -euo pipefail
whistd=$(realpath "${1:?whistd}")
load=$(realpath "${2:?whist-load}")
dir=$(mktemp -d /tmp/whist-instructions-XXXXXX)
port=$((20000 + RANDOM % 20000))
valgrind --tool=callgrind --cache-sim=no --instr-atstart=no \
  --callgrind-out-file="$dir/callgrind.out" \
  "$whistd" --listen 127.0.0.1 --port "$port" --database "$dir/db" --threads 2 \
  --log-level warn --max-connections-per-address 0 --rate-messages 1000000 \
  --max-queue 100000 2>"$dir/valgrind.log" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 3
"$load" --port "$port" --players 200 --pace 1 --duration 40 --full-speed 0 --echo 0 \
  --threads 1 >"$dir/load.txt" 2>&1 &
generator=$!
sleep 12
received() {
  curl -s "http://127.0.0.1:$port/metrics" | awk '/^whistd_messages_in_total/ {print $2}'
}
callgrind_control -i on $server >/dev/null 2>&1
callgrind_control -z $server >/dev/null 2>&1
before=$(received)
sleep 20
after=$(received)
callgrind_control -i off $server >/dev/null 2>&1
callgrind_control -d $server >/dev/null 2>&1
wait $generator
kill $server
wait $server 2>/dev/null || true
trap - EXIT
count=$(awk '/^totals:/ {print $2}' "$dir/callgrind.out.1")
echo "messages received  $((after - before))"
echo "instructions       $count"
echo "per message        $((count / (after - before)))"
echo "(profile: $dir/callgrind.out.1)"

#!/bin/sh
# tests/gpu/pin-too-much.sh OUT - run tests/gpu/pin-too-much.yaml with the
# pinned cap raised to 1 TiB, under a watchdog: if MemAvailable drops below
# 12 GiB the run is killed (SIGKILL frees every pinned page), so a driver that
# pins page by page instead of failing at once cannot take the machine down.
# Not part of make test: it is meant for a dedicated GPU machine.
set -u
out=${1:?usage: tests/gpu/pin-too-much.sh OUT}
floor_kb=$((12 * 1024 * 1024))
avail() { awk '/^MemAvailable:/ { print $2 }' /proc/meminfo; }
./build/pinsweep run tests/gpu/pin-too-much.yaml -o "$out" --no-plot --max-pinned 1TiB &
pid=$!
low=$(avail)
killed=no
while kill -0 "$pid" 2> /dev/null; do
    a=$(avail)
    [ "$a" -lt "$low" ] && low=$a
    if [ "$a" -lt "$floor_kb" ]; then
        kill -9 "$pid"
        killed=yes
        break
    fi
    sleep 0.02
done
wait "$pid"
rc=$?
echo "pin-too-much: exit $rc, lowest MemAvailable $((low / 1024)) MiB, killed by the watchdog: $killed"

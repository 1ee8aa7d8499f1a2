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
# What must hold: not killed, exit 1 (some configurations failed), every 132 GiB row an error
# with its reason, every 64 MiB row measured.
fail=0
check() { if eval "$2"; then echo "PASS pin-too-much: $1"; else echo "FAIL pin-too-much: $1"; fail=1; fi; }
f=$out/summary.csv
field() { head -1 "$f" | tr ',' '\n' | grep -nx "$1" | cut -d: -f1; }
rows() { # size status: how many rows of that size have that status
    awk -F, -v s="$(field size_bytes)" -v t="$(field status)" -v S="$1" -v T="$2" 'NR > 1 && $s == S && $t == T { n++ } END { print n + 0 }' "$f"
}
check "the watchdog did not have to kill the run" '[ "$killed" = no ]'
check "exit 1: some configurations failed, the run went on" '[ "$rc" -eq 1 ]'
check "summary.csv is there" '[ -s "$f" ]'
check "all three 132 GiB configurations are status=error rows" '[ "$(rows 141733920768 error)" -eq 3 ]'
check "all three 64 MiB configurations after them were measured (status ok)" '[ "$(rows 67108864 ok)" -eq 3 ]'
check "every error row says why" '! grep ",error,\(\"\"\)\?$" "$f" > /dev/null'
exit $fail

# tests/limits.sh - hostile experiment files of every class, generated just
# under the 1 MiB a file may have: each must be planned or refused (exit 0 or
# 2) within LIMIT_S seconds of CPU time (user + system) and LIMIT_KB of
# memory (max RSS), and within 5 times LIMIT_S of wall time.  CPU time is the
# planner's own work, which other load on a shared machine does not inflate;
# the wall-time bound still catches a hang.
# Sourced by tests/run-tests (which defines PINSWEEP, TMP, t_pass, t_fail).
#
# The bound is 1 s and 256 MB for an optimised build.  Under sanitizers
# (BUILD=build-san, from `make test SANITIZE=...`) ASan's checks make the same
# work about 3 times slower (the slowest class takes 0.3 s, and 1.1 s under
# ASan), so the time bound is scaled to 3 s there; memory stays within
# 256 MB even with ASan's shadow (160 MB at most).  A regression to quadratic
# work still fails by far: these classes took 18 s to minutes, and up to 7 GB,
# before.

LIMIT_S=1
LIMIT_KB=$((256 * 1024))
case $BUILD in *-san) LIMIT_S=3 ;; esac

# gen_hostile CLASS: a hostile experiment of one class on stdout, padded with
# a comment to just under 1 MiB.  Each stays under the YAML guard's limits
# (100000 nodes, 1000 anchors, 32 levels) unless it is the class that tests one.
gen_hostile() {
    awk -v class="$1" -v limit=1040000 '
    function put(s) { printf "%s", s; bytes += length(s) }
    function out(s) { put(s "\n") }
    function pad(   s) {
        while (bytes < limit - 10) {
            s = "#"; while (length(s) < limit - bytes - 1 && length(s) < 4000) s = s "x"; out(s)
        }
    }
    function list(n, item,   s, r) { r = ""; s = item; while (n > 0) { if (n % 2) r = r s; s = s s; n = int(n / 2) } return r }
    BEGIN {
        big = "sweep: {size: [1KiB, 2KiB]}"
        # sweep blocks: 33000 of one configuration each (re-sorted per block, once)
        if (class == "blocks") { out("sweep:"); for (i = 1; i <= 33000; i++) out("- {size: " i "KiB}") }
        # blocks with lists: 14000 blocks of 2 configurations
        else if (class == "blocks-lists") { out("sweep:"); for (i = 1; i <= 14000; i++) out("- {size: " i "KiB, alloc: [pageable, pinned]}") }
        # one flat list of 99000 sizes (a linear has_value each)
        else if (class == "flat-list") { put("sweep: {size: ["); for (i = 1; i <= 99000; i++) put(i ", "); out("1GiB]}") }
        # one list of 99000 repeats of a size: 99000 errors, 20 shown
        else if (class == "flat-repeats") out("sweep: {size: [" list(99000, "4KiB, ") "1GiB]}")
        # 80000 unknown enum values, each a did-you-mean
        else if (class == "many-errors") { put("sweep: {size: 4KiB, alloc: ["); for (i = 1; i <= 80000; i++) put("pined" i ", "); out("pinned]}") }
        # an 100000-value range aliased 11000 times (values without bound)
        else if (class == "alias-blocks") { out("sweep:"); out("- {size: &r {from: 1, to: 100000, step: 1}}"); for (i = 1; i <= 11000; i++) out("- {size: *r}") }
        else if (class == "alias-list") out("sweep: {size: [&r {from: 1, to: 100000, step: 1}" list(14000, ", *r") "]}")
        # 14000 ranges of 100000 values on one axis (de-duplication per range)
        else if (class == "step-ranges") { out("sweep: {size: ["); for (i = 1; i <= 14000; i++) out("{from: " i ", to: " i + 99999 ", step: 1},"); out("1GiB]}") }
        else if (class == "count-ranges") { out("sweep: {size: ["); for (i = 1; i <= 14000; i++) out("{from: " i ", to: " 100000000 + i ", count: 100000},"); out("1GiB]}") }
        # 14000 geometric ranges of over 100000 steps each (refused before expanding)
        else if (class == "slow-factors") { out("sweep: {size: ["); for (i = 1; i <= 14000; i++) out("{from: 1, to: " 1000000 + i ", factor: 1.0001},"); out("1GiB]}") }
        # 33000 exclude rules over 100000 configurations (rules x configurations)
        else if (class == "excludes") { out("sweep: {size: {from: 1, to: 100000, step: 1}}"); out("exclude:"); for (i = 1; i <= 33000; i++) out("- {size: " 3 * i "}") }
        # 16000 rules that all name one value (its bitset is made once)
        else if (class == "excludes-shared") { out("sweep: {size: {from: 1, to: 100000, step: 1}}"); out("exclude:"); for (i = 1; i <= 16000; i++) out("- {size: [7, " i + 8 "]}") }
        # 16000 blocks and 16000 rules
        else if (class == "blocks-and-excludes") { out("sweep:"); for (i = 1; i <= 16000; i++) out("- {size: " i "KiB}"); out("exclude:"); for (i = 1; i <= 16000; i++) out("- {size: " 2 * i "KiB}") }
        # 8 rules of 100000 values each over 100000 configurations: 800000 values to index
        else if (class == "exclude-ranges") { out("sweep: {size: {from: 1, to: 100000, step: 1}}"); out("exclude:"); for (i = 1; i <= 8; i++) out("- {size: {from: " i ", to: " 99999 + i ", step: 1}, alloc: [pinned, mapped]}") }
        else if (class == "alias-excludes") { out("sweep: {size: 1KiB}"); out("exclude:"); out("- {size: &r {from: 1, to: 100000, step: 1}}"); for (i = 1; i <= 11000; i++) out("- {size: *r}") }
        # 49000 keys in one mapping (duplicate keys were looked for pairwise)
        else if (class == "many-keys") { out("sweep: {size: 4KiB}"); out("measure:"); for (i = 1; i <= 49000; i++) out("  key" i ": 1") }
        else if (class == "repeated-keys") { out("sweep: {size: 4KiB}"); out("measure:"); for (i = 1; i <= 49000; i++) out("  warmup: 1") }
        # one line of 1 MiB: a name, a key, a value
        else if (class == "long-name") { out(big); out("name: " list(1030000, "x")) }
        else if (class == "long-key") { out(big); out(list(1030000, "x") ": 1") }
        else if (class == "long-value") { out("sweep: {size: 4KiB, alloc: " list(1030000, "x") "}") }
        # the guard: nesting, anchors, an alias bomb
        else if (class == "deep") out("sweep: " list(500000, "["))
        else if (class == "anchors") { out("sweep: {size: ["); for (i = 1; i <= 40000; i++) out("&a" i " " i ","); out("1]}") }
        else if (class == "laughs") { out("a: &a [" list(9, "x, ") "x]"); p = "a"; for (l = 1; l <= 8; l++) { out("l" l ": &l" l " [" list(9, "*" p ", ") "*" p "]"); p = "l" l }; out(big) }
        # 100000 configurations of 12 axes, most not applicable
        else if (class == "not-applicable") out("sweep: {size: {from: 1, to: 500, step: 1}, alloc: [pageable, pinned, mapped, registered], direction: [h2d, d2h, bidir], api: [sync, async, zerocopy, pipeline], cache: [warm, flushed], streams: [1, 2]}")
        pad()
    }'
}

HOSTILE_CLASSES="blocks blocks-lists flat-list flat-repeats many-errors alias-blocks alias-list
    step-ranges count-ranges slow-factors excludes excludes-shared blocks-and-excludes
    exclude-ranges alias-excludes many-keys repeated-keys long-name long-key long-value deep anchors laughs
    not-applicable"

limits_hostile() {
    local class f rc secs wall user sys kb
    if [ ! -x /usr/bin/time ]; then t_skip "limits: hostile files" "/usr/bin/time not installed (apt-get install time)"; return; fi
    for class in $HOSTILE_CLASSES; do
        f=$TMP/hostile-$class.yaml
        gen_hostile "$class" > "$f"
        if [ "$(wc -c < "$f")" -gt 1048576 ]; then t_fail "limits: $class" "generated $(wc -c < "$f") bytes, over 1 MiB"; continue; fi
        /usr/bin/time -o "$TMP/time" -f '%e %U %S %M' timeout 60 "$PINSWEEP" plan "$f" > /dev/null 2> "$TMP/err"; rc=$?
        read -r wall user sys kb < <(tail -1 "$TMP/time")
        secs=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
        if [ $rc -ne 0 ] && [ $rc -ne 2 ]; then
            t_fail "limits: $class is planned or refused" "exit $rc: $(tail -3 "$TMP/err")"
        elif awk -v s="$secs" -v l="$LIMIT_S" 'BEGIN { exit !(s > l) }'; then
            t_fail "limits: $class within ${LIMIT_S}s" "took ${secs}s of CPU time"
        elif awk -v s="$wall" -v l="$LIMIT_S" 'BEGIN { exit !(s > 5 * l) }'; then
            t_fail "limits: $class within $((5 * LIMIT_S))s of wall time" "took ${wall}s"
        elif [ "$kb" -gt "$LIMIT_KB" ]; then
            t_fail "limits: $class within $((LIMIT_KB / 1024)) MB" "max RSS ${kb} KB"
        else
            t_pass "limits: $class planned or refused within ${LIMIT_S}s of CPU time and $((LIMIT_KB / 1024)) MB"
            echo "    exit $rc in ${secs}s of CPU time (${wall}s of wall time), max RSS $((kb / 1024)) MB"
        fi
    done
}

limits_hostile

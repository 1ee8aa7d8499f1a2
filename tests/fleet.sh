# tests/fleet.sh - sharded runs and merge, the health check, its Prometheus file and
# scripts/pinsweep-healthcheck, through the fake engine; sourced by tests/run-tests
# (PINSWEEP, TMP, t_pass, t_fail, t_skip, expect, expect_exact from tests/lib.sh).

fleet_shards() {
    local d=$TMP/shards i
    rm -rf "$d"; mkdir -p "$d"
    # on the model clock: on the wall clock a busy machine can make a sentinel window, whose
    # repairs write their rows again at the end, out of plan order
    for i in 1 2 3; do
        PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="gbps=20 t0_us=5" "$PINSWEEP" run tests/good/slurm-sweep.yaml --shard $i/3 -o "$d/s$i" --no-plot > /dev/null 2> "$d/err$i"
    done
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="gbps=20 t0_us=5" "$PINSWEEP" run tests/good/slurm-sweep.yaml -o "$d/whole" --no-plot > /dev/null 2>&1
    grep -qx "pinsweep: shard 1/3: [0-9]* of 24 configurations, about 3[0-9]% of the expected time" "$d/err1" \
        && t_pass "fleet: run --shard says its share of the configurations and of the time" \
        || t_fail "fleet: run --shard says its share" "$(head -2 "$d/err1")"
    grep -q '^  shard: 2/3$' "$d/s2/meta.yaml" && t_pass "fleet: meta.yaml records the shard" \
        || t_fail "fleet: meta.yaml records the shard" "$(grep shard "$d/s2/meta.yaml")"
    local a b c
    a=$("$PINSWEEP" plan tests/good/slurm-sweep.yaml --shard 1/3 2> /dev/null | awk '$1 ~ /^[0-9]+$/ && NF > 5 { print $1 }')
    b=$("$PINSWEEP" plan tests/good/slurm-sweep.yaml --shard 2/3 2> /dev/null | awk '$1 ~ /^[0-9]+$/ && NF > 5 { print $1 }')
    c=$("$PINSWEEP" plan tests/good/slurm-sweep.yaml --shard 3/3 2> /dev/null | awk '$1 ~ /^[0-9]+$/ && NF > 5 { print $1 }')
    [ "$(printf '%s\n' $a $b $c | sort -n | tr '\n' ' ')" = "$(seq 24 | tr '\n' ' ')" ] \
        && t_pass "fleet: the shards of plan cover every configuration once" \
        || t_fail "fleet: the shards of plan cover every configuration once" "$a | $b | $c"
    expect_exact "fleet: --shard 0/3 is a usage error" 2 "pinsweep: --shard takes I/N, shard I of N with 1 <= I <= N <= 100000 (such as 2/4), not '0/3'
(run 'pinsweep help' for the commands and options)" -- "$PINSWEEP" plan tests/good/slurm-sweep.yaml --shard 0/3
    expect "fleet: --shard 4/3 is a usage error" 2 "not '4/3'" -- "$PINSWEEP" run tests/good/slurm-sweep.yaml --shard 4/3

    expect "fleet: merge of every shard exits 0" 0 "pinsweep merge: 3 shards, 24 of 24 configurations -> $d/m" -- \
        "$PINSWEEP" merge "$d/s1" "$d/s2" "$d/s3" -o "$d/m" --no-plot
    local cols='NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } { print $c["config"], $c["alloc"], $c["direction"], $c["size_bytes"], $c["status"] }'
    if cmp -s <(awk -F, "$cols" "$d/m/summary.csv") <(awk -F, "$cols" "$d/whole/summary.csv"); then
        t_pass "fleet: the merged configurations equal a single run's, in plan order"
    else t_fail "fleet: the merged configurations equal a single run's" "$(diff <(awk -F, "$cols" "$d/m/summary.csv") <(awk -F, "$cols" "$d/whole/summary.csv") | head -4)"; fi
    [ "$(wc -l < "$d/m/samples.csv")" = "$(wc -l < "$d/whole/samples.csv")" ] && [ -s "$d/m/fits.csv" ] \
        && t_pass "fleet: the merged folder has every sample row and its fits" \
        || t_fail "fleet: the merged folder has every sample row and its fits" "$(wc -l "$d/m/samples.csv" "$d/whole/samples.csv")"
    # sentinel.csv: every shard's readings in order, numbered on, each with its shard; the other
    # cells (time_s, utc, round, readings) as the shard wrote them.
    local k want got
    want=$(for k in 1 2 3; do awk -F, -v k=$k 'NR > 1 { $1 = ""; $NF = k; print }' OFS=, "$d/s$k/sentinel.csv"; done | awk -F, '{ $1 = NR; print }' OFS=,)
    got=$(awk 'NR > 1' "$d/m/sentinel.csv")
    [ -n "$want" ] && [ "$want" = "$got" ] && head -1 "$d/m/sentinel.csv" | grep -q ',status,error,shard$' \
        && t_pass "fleet: merge keeps every shard's sentinel readings, numbered on, with its shard" \
        || t_fail "fleet: merge keeps every shard's sentinel readings" "$(diff <(echo "$want") <(echo "$got") | head -4)"
    grep -q '^  configurations_missing: 0$' "$d/m/meta.yaml" && t_pass "fleet: the merged meta.yaml says what it holds" \
        || t_fail "fleet: the merged meta.yaml says what it holds" "$(tail -5 "$d/m/meta.yaml")"

    local first
    first=$("$PINSWEEP" plan tests/good/slurm-sweep.yaml --shard 3/3 2> /dev/null | awk '$1 ~ /^[0-9]+$/ && NF > 5 { print $1; exit }')
    expect "fleet: merge without a shard exits 1" 1 "" -- "$PINSWEEP" merge "$d/s1" "$d/s2" -o "$d/m2" --no-plot
    grep -q "^pinsweep merge: configuration $first (.*) is missing: it belongs to shard 3/3$" "$TMP/err" \
        && t_pass "fleet: merge names each missing configuration and its shard" \
        || t_fail "fleet: merge names each missing configuration and its shard" "$(head -2 "$TMP/err")"
    expect "fleet: a configuration in two shards is refused" 2 "is in both $d/s1 and $d/whole" -- \
        "$PINSWEEP" merge "$d/s1" "$d/whole" -o "$d/m3" --no-plot
    [ ! -e "$d/m3" ] && t_pass "fleet: a refused merge writes nothing" || t_fail "fleet: a refused merge writes nothing" "$(ls "$d/m3")"
    expect_exact "fleet: a folder given twice" 2 "pinsweep merge: $d/s1 is given twice" -- \
        "$PINSWEEP" merge "$d/s1" "$d/s1" -o "$d/m3" --no-plot
    expect "fleet: merge into a folder holding something" 2 "holds something already" -- \
        "$PINSWEEP" merge "$d/s1" "$d/s2" "$d/s3" -o "$d/m" --no-plot
    expect "fleet: merge needs -o" 2 "merge needs -o OUT" -- "$PINSWEEP" merge "$d/s1"
    PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/good/defaults.yaml -o "$d/other" --no-plot > /dev/null 2>&1
    expect "fleet: shards of different experiment files are refused" 2 \
        "are runs of different experiment files (their experiment.yaml differ); merge takes the shards of one experiment" -- \
        "$PINSWEEP" merge "$d/s1" "$d/other" -o "$d/m4" --no-plot
    cp -r "$d/s2" "$d/s2-elsewhere"
    sed -i 's/^  hostname: .*/  hostname: elsewhere/' "$d/s2-elsewhere/meta.yaml"
    expect "fleet: shards of different machines are refused" 2 "were made on different machines (host.hostname: " -- \
        "$PINSWEEP" merge "$d/s1" "$d/s2-elsewhere" "$d/s3" -o "$d/m5" --no-plot
    grep -q "give --different-machines when that is the point" "$TMP/err" && t_pass "fleet: the refusal says how to merge anyway" \
        || t_fail "fleet: the refusal says how to merge anyway" "$(cat "$TMP/err")"
    expect "fleet: --different-machines merges them" 0 "24 of 24 configurations" -- \
        "$PINSWEEP" merge "$d/s1" "$d/s2-elsewhere" "$d/s3" -o "$d/m5" --no-plot --different-machines
    sed -i 's/^  git_revision: .*/  git_revision: 0123456789ab/' "$d/s2-elsewhere/meta.yaml"
    expect "fleet: shards of different binaries are refused" 2 "were made by different pinsweep binaries (pinsweep.git_revision: " -- \
        "$PINSWEEP" merge "$d/s1" "$d/s2-elsewhere" "$d/s3" -o "$d/m6" --no-plot --different-machines
    # Two builds of different uncommitted changes share "REV-dirty": the source hash tells them apart.
    local hash
    hash=$(awk '/^  source_sha256: / { print $2 }' "$d/s1/meta.yaml")
    [[ $hash =~ ^[0-9a-f]{16}$ ]] && t_pass "fleet: meta.yaml records the sources' hash" || t_fail "fleet: meta.yaml records the sources' hash" "'$hash'"
    cp -r "$d/s2" "$d/s2-dirty"
    sed -i 's/^  source_sha256: .*/  source_sha256: 0123456789abcdef/' "$d/s2-dirty/meta.yaml"
    expect_exact "fleet: shards of two builds of one revision, from other sources, are refused" 2 \
        "pinsweep merge: $d/s1 and $d/s2-dirty were made by different pinsweep binaries (pinsweep.source_sha256: '$hash' and '0123456789abcdef'); merge takes shards of one binary" -- \
        "$PINSWEEP" merge "$d/s1" "$d/s2-dirty" "$d/s3" -o "$d/m7" --no-plot
    # The same experiment under another file name names its rows otherwise: refused.
    cp tests/good/slurm-sweep.yaml "$TMP/sweep-copy.yaml"
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="gbps=20 t0_us=5" "$PINSWEEP" run "$TMP/sweep-copy.yaml" --shard 2/3 -o "$d/s2-renamed" --no-plot > /dev/null 2>&1
    expect_exact "fleet: a shard of the same experiment under another file name is refused" 2 \
        "pinsweep merge: $d/s1 and $d/s2-renamed were made under different experiment names (experiment.name: 'slurm-sweep' and 'sweep-copy'); the same file under another name, or another file: run every shard from one file" -- \
        "$PINSWEEP" merge "$d/s1" "$d/s2-renamed" "$d/s3" -o "$d/m8" --no-plot
}

# The fake engine at the H200's pinned rates (GPU.md): 55.4 GB/s each way, bidir at 91 % of it
# each way (100.83 GB/s together); no fixed cost, so each reading is the model's exactly.
CHECK_MODEL='pinned.gbps=55.4 bidir_share=0.91 t0_us=0'

# check through the fake engine, its link read from a fixture sysfs tree.
fleet_check() {
    local d=$TMP/check host all_low
    host=$(hostname)
    rm -rf "$d"; mkdir -p "$d"
    all_low=h2d=0.001,d2h=0.001,bidir=0.001,latency=100000,pageable=0.001
    export PINSWEEP_ENGINE=fake PINSWEEP_FAKE_BUS_ID=0000:00:06.0
    PINSWEEP_SYSFS=tests/fixtures/link-healthy expect "check: healthy against stated numbers, exit 0" 0 \
        "pinsweep: check: $host: healthy (0 failed; judged: link, h2d, d2h, bidir, latency, pageable)" -- \
        "$PINSWEEP" check --expect "$all_low" --json "$d/ok.json" --prom "$d/ok.prom"
    [ ! -s "$TMP/out" ] && t_pass "check: a healthy node prints nothing on stdout" || t_fail "check: a healthy node prints nothing on stdout" "$(cat "$TMP/out")"
    PINSWEEP_SYSFS=tests/fixtures/link-degraded expect "check: a link trained below its maximum is unhealthy, exit 1" 1 \
        "pinsweep: check: $host: unhealthy (1 failed; judged: link, h2d, d2h, bidir, latency, pageable)" -- \
        "$PINSWEEP" check --expect "$all_low" --json "$d/bad.json" --prom "$d/bad.prom"
    t_compare_text "check: the failed link's line" "ERROR: pinsweep check: $host GPU 0 (0000:00:06.0) link: Gen4 x16 during a copy, below its maximum Gen5 x16" "$TMP/out"
    # d2h and bidir, not stated, are held to the link's floor: the model keeps them above it.
    PINSWEEP_FAKE_MODEL="$CHECK_MODEL" PINSWEEP_SYSFS=tests/fixtures/link-healthy expect "check: slower than stated is unhealthy" 1 \
        "unhealthy (2 failed; judged: link, h2d, d2h, bidir, latency; not judged: pageable)" -- \
        "$PINSWEEP" check --expect h2d=100000 --expect latency=0.000001,h2d=1
    grep -q "^ERROR: pinsweep check: $host GPU 0 (0000:00:06.0) h2d: [0-9.]* GB/s, below 90000.00 (10% under 100000.00 expected, from stated); measured twice, [0-9.]* the first time$" "$TMP/out" \
        && grep -q "^ERROR: pinsweep check: $host GPU 0 (0000:00:06.0) latency: [0-9.]* us, above 0.00 (50% over 0.00 expected, from stated); measured twice, [0-9.]* the first time$" "$TMP/out" \
        && t_pass "check: one ERROR line per failed check; the first --expect that has a check wins" \
        || t_fail "check: one ERROR line per failed check" "$(cat "$TMP/out")"
    PINSWEEP_SYSFS=tests/fixtures/link-healthy expect "check: a good node's results folder as the expectation" 1 "" -- \
        "$PINSWEEP" check --expect results/reference/h200-pcie5/default
    # check's h2d reading is pinned h2d sync 256 MiB: the folder's row of it, to 2 decimals.
    local want
    want=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["alloc"] == "pinned" && $c["direction"] == "h2d" && $c["api"] == "sync" && $c["size_bytes"] == 268435456 { printf "%.2f", $c["gbps_median"] }' \
        results/reference/h200-pcie5/default/summary.csv)
    grep -q "h2d: .* (10% under ${want:-none} expected, from results/reference/h200-pcie5/default); measured twice, [0-9.]* the first time$" "$TMP/out" \
        && t_pass "check: the expectation is the folder's row of the same configuration" || t_fail "check: the expectation is the folder's row" "$(cat "$TMP/out")"
    mkdir -p "$d/fleet"
    cp -r results/reference/h200-pcie5/default "$d/fleet/a"; cp -r results/reference/h200-pcie5/default-lease1 "$d/fleet/b"
    cp -r tests/fixtures/results-small "$d/fleet/c"
    PINSWEEP_SYSFS=tests/fixtures/link-healthy expect "check: a fleet's median as the expectation" 1 "" -- "$PINSWEEP" check --expect "$d/fleet"
    grep -q "h2d: .*expected, from median of 3 nodes in $d/fleet; 3.5 robust spreads of them); measured twice, [0-9.]* the first time$" "$TMP/out" \
        && t_pass "check: the fleet's median names its nodes" || t_fail "check: the fleet's median names its nodes" "$(cat "$TMP/out")"
    # A fleet of five sets the tolerance from its own spread: h2d scaled by 1, .99, 1.01, 1.02,
    # .98 on the nodes (MAD 1% of the median: 3.5 x 1.4826 x 1% = 5.19%); d2h the same on
    # every node (MAD 0: the floor, check's own noise, 2%); latency the same (floor 30%).
    local f5=$d/fleet5 k=0 fac
    mkdir -p "$f5"
    for fac in 1 0.99 1.01 1.02 0.98; do
        k=$((k + 1)); cp -r results/reference/h200-pcie5/default "$f5/n$k"
        awk -F, -v f="$fac" 'BEGIN { OFS = "," } NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
            { if ($c["alloc"] == "pinned" && $c["direction"] == "h2d" && $c["api"] == "sync" && $c["size_bytes"] == 268435456)
                $c["gbps_median"] = sprintf("%.6g", $c["gbps_median"] * f); print }' \
            results/reference/h200-pcie5/default/summary.csv > "$f5/n$k/summary.csv"
    done
    PINSWEEP_SYSFS=tests/fixtures/link-healthy expect "check: against a fleet of five" 1 "" -- \
        "$PINSWEEP" check --expect latency=0.000001 --expect "$f5" --json "$d/f5.json"
    local h2d_line d2h_line
    h2d_line=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["alloc"] == "pinned" && $c["direction"] == "h2d" && $c["api"] == "sync" && $c["size_bytes"] == 268435456 && $c["buffer"] == "reuse" && $c["cache"] == "warm" {
            m = $c["gbps_median"]; tol = 3.5 * 1.4826 * 1
            printf "below %.2f (%.3g%% under %.2f expected, from median of 5 nodes in '"$f5"'; 3.5 robust spreads of them)", m * (1 - tol / 100), tol, m }' \
        results/reference/h200-pcie5/default/summary.csv)
    d2h_line=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["alloc"] == "pinned" && $c["direction"] == "d2h" && $c["api"] == "sync" && $c["size_bytes"] == 268435456 && $c["buffer"] == "reuse" && $c["cache"] == "warm" {
            m = $c["gbps_median"]; printf "below %.2f (2%% under %.2f expected, from median of 5 nodes in '"$f5"'; 3.5 robust spreads of them)", m * 0.98, m }' \
        results/reference/h200-pcie5/default/summary.csv)
    grep -qF "h2d: " "$TMP/out" && grep "h2d: " "$TMP/out" | grep -qF "$h2d_line" && grep "d2h: " "$TMP/out" | grep -qF "$d2h_line" &&
        grep -q "latency: .*, above 0.00 (50% over 0.00 expected, from stated); measured twice, [0-9.]* the first time$" "$TMP/out" &&
        t_pass "check: a fleet's spread sets the tolerance (5.19% for a 1% MAD), never under check's own noise (2%); stated numbers keep theirs" ||
        t_fail "check: the fleet's tolerance" "want '$h2d_line' and '$d2h_line'; got $(cat "$TMP/out")"
    python3 -c "import json,sys; c={x['name']: x for x in json.load(open(sys.argv[1]))['gpus'][0]['checks']}; assert abs(c['h2d']['tolerance_pct'] - 3.5 * 1.4826) < 1e-3 and c['d2h']['tolerance_pct'] == 2 and c['latency']['tolerance_pct'] == 50, c" "$d/f5.json" \
        && t_pass "check: --json gives each check's tolerance" || t_fail "check: --json gives each check's tolerance" "$(head -c 600 "$d/f5.json")"
    expect "check: a bad --expect" 2 "--expect 'h2d=fast': each of NAME=VALUE takes a check" -- "$PINSWEEP" check --expect h2d=fast
    expect "check: --expect neither folder nor numbers" 2 "--expect 'nowhere' is neither a folder nor NAME=VALUE" -- "$PINSWEEP" check --expect nowhere
    # An expectation that gives no check is refused, never a pass against the link's floor:
    # a header-only summary.csv, one cut after its header, a sweep of other configurations, a
    # fleet folder of such; one that gives some checks (default lacks bidir) is used for those.
    local bare=$d/bare what
    what="no row of any check's configuration (h2d: pinned h2d sync 256MiB; d2h: pinned d2h sync 256MiB; bidir: pinned bidir async 256MiB; latency: pinned h2d sync 4KiB; pageable: pageable h2d sync 64MiB, the other axes at their defaults, measured ok); it cannot judge"
    mkdir -p "$bare/header" "$bare/fleet/n1" "$bare/fleet/n2"
    cp results/reference/h200-pcie5/default/meta.yaml "$bare/header/"
    head -1 results/reference/h200-pcie5/default/summary.csv > "$bare/header/summary.csv"
    cp "$bare/header/summary.csv" "$bare/fleet/n1/"; cp "$bare/header/summary.csv" "$bare/fleet/n2/"
    PINSWEEP_SYSFS=tests/fixtures/link-healthy expect_exact "check: --expect a header-only summary.csv is refused, exit 2" 2 \
        "pinsweep: --expect $bare/header: its summary.csv has $what" -- "$PINSWEEP" check --expect "$bare/header"
    [ ! -s "$TMP/out" ] && t_pass "check: a refused expectation measures nothing" || t_fail "check: a refused expectation measures nothing" "$(cat "$TMP/out")"
    PINSWEEP_SYSFS=tests/fixtures/link-healthy expect_exact "check: --expect a fleet of header-only folders is refused, exit 2" 2 \
        "pinsweep: --expect $bare/fleet: no results folder in it (a folder with summary.csv) has $what" -- "$PINSWEEP" check --expect "$bare/fleet"
    PINSWEEP_SYSFS=tests/fixtures/link-healthy expect "check: --expect a sweep without the checks' configurations is refused, exit 2" 2 \
        "pinsweep: --expect results/reference/h200-pcie5/overlap: its summary.csv has $what" -- \
        "$PINSWEEP" check --expect h2d=0.001 --expect results/reference/h200-pcie5/overlap
    PINSWEEP_FAKE_MODEL="$CHECK_MODEL" PINSWEEP_SYSFS=tests/fixtures/link-healthy expect "check: a folder with some of the checks judges those, the rest by the link's floor" 0 \
        "healthy (0 failed; judged: link, h2d, d2h, bidir, latency, pageable)" -- "$PINSWEEP" check --expect results/reference/h200-pcie5/default
    grep -qx "0    bidir         100.83 GB/s           -      78.71  ok" "$TMP/err" && grep -Eq "^0    h2d            55.40 GB/s +[0-9.]+ +[0-9.]+  ok$" "$TMP/err" \
        && t_pass "check: default's rows set h2d's expectation; bidir, which it lacks, is held to the link's floor" \
        || t_fail "check: default's rows and the link's floor" "$(cat "$TMP/err")"
    PINSWEEP_FAKE_NO_GPU=1 expect "check: no GPU exits 3" 3 "no usable GPU" -- "$PINSWEEP" check
    PINSWEEP_FAKE_MODEL="$CHECK_MODEL" PINSWEEP_FAKE_DEVICES=2 PINSWEEP_SYSFS=tests/fixtures/link-healthy \
        expect "check: every GPU of the node" 0 "" -- "$PINSWEEP" check --json "$d/two.json"
    python3 -c "import json,sys; j=json.load(open(sys.argv[1])); assert [g['index'] for g in j['gpus']] == [0, 1], j" "$d/two.json" \
        && t_pass "check: two fake GPUs, both in the JSON" || t_fail "check: two fake GPUs, both in the JSON"
    python3 - "$d/bad.json" <<'PY' && t_pass "check: --json holds the verdict, the link and each check" || t_fail "check: --json holds the verdict, the link and each check"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["verdict"] == "unhealthy"
g = j["gpus"][0]
m = g["link"].pop("model")
assert g["link"] == {"verdict": "fail", "not_judged": "", "current": {"generation": 4, "width": 16}, "max": {"generation": 5, "width": 16}}, g["link"]
assert (m["generation"], m["width"], m["mps_bytes"], m["mrrs_bytes"], m["sizes"], m["relaxed_ordering"]) == (5, 16, 256, 512, "assumed", None), m
assert m["sizes_why"] == "config space past its first 64 bytes is readable only by root", m
assert (j["failed"], j["judged"], j["not_judged"]) == (1, "link, h2d, d2h, bidir, latency, pageable", ""), j
assert [c["name"] for c in g["checks"]] == ["h2d", "d2h", "bidir", "latency", "pageable"]
assert all(c["verdict"] == "ok" and c["value"] > 0 for c in g["checks"])
PY
    local py=
    for py in python3 /usr/bin/python3 ""; do [ -n "$py" ] && "$py" -c 'import prometheus_client' 2> /dev/null && break; done
    if [ -z "$py" ]; then
        t_skip "check: --prom parses with the Prometheus client's parser" "python3-prometheus-client is not installed"
    else
        "$py" - "$d/bad.prom" "$d/bad.json" <<'PY' && t_pass "check: --prom parses with the Prometheus client's parser, with every metric in base units" || t_fail "check: --prom parses with the Prometheus client's parser"
import json, sys
from prometheus_client.parser import text_string_to_metric_families
fams = {f.name: f for f in text_string_to_metric_families(open(sys.argv[1]).read())}
want = {"pinsweep_check_bandwidth_bytes_per_second", "pinsweep_check_bandwidth_expected_bytes_per_second",
        "pinsweep_check_bandwidth_limit_bytes_per_second", "pinsweep_check_latency_seconds",
        "pinsweep_check_latency_expected_seconds", "pinsweep_check_latency_limit_seconds",
        "pinsweep_check_pcie_link_generation", "pinsweep_check_pcie_link_width", "pinsweep_check_ok",
        "pinsweep_check_busy", "pinsweep_check_healthy", "pinsweep_check_not_run", "pinsweep_check_timestamp_seconds"}
assert want <= set(fams), set(fams)
s = {(x.name, tuple(sorted(x.labels.items()))): x.value for f in fams.values() for x in f.samples}
assert s[("pinsweep_check_pcie_link_generation", (("bus_id", "0000:00:06.0"), ("gpu", "0"), ("state", "current")))] == 4
assert s[("pinsweep_check_ok", (("bus_id", "0000:00:06.0"), ("check", "link"), ("gpu", "0")))] == 0
assert [x.value for x in fams["pinsweep_check_healthy"].samples] == [0]
assert len(fams["pinsweep_check_bandwidth_bytes_per_second"].samples) == 4
assert [x.value for x in fams["pinsweep_check_judged"].samples] == [1] * 6
# base units: the JSON's GB/s x 1e9 and us x 1e-6; the stated expectations (all_low) and their limits
j = {c["name"]: c for c in json.load(open(sys.argv[2]))["gpus"][0]["checks"]}
lab = lambda c: (("bus_id", "0000:00:06.0"), ("check", c), ("direction", "h2d"), ("gpu", "0"), ("memory", "pinned"))
near = lambda name, c, want: abs(s[(name, lab(c))] / want - 1) < 1e-5
assert near("pinsweep_check_bandwidth_bytes_per_second", "h2d", j["h2d"]["value"] * 1e9)
assert near("pinsweep_check_latency_seconds", "latency", j["latency"]["value"] * 1e-6)
assert near("pinsweep_check_bandwidth_expected_bytes_per_second", "h2d", 0.001 * 1e9)
assert near("pinsweep_check_bandwidth_limit_bytes_per_second", "h2d", 0.9 * 0.001 * 1e9)
assert near("pinsweep_check_latency_expected_seconds", "latency", 100000 * 1e-6)
assert near("pinsweep_check_latency_limit_seconds", "latency", 1.5 * 100000 * 1e-6)
assert [x.value for x in fams["pinsweep_check_not_run"].samples] == [0]
PY
    fi
    ! ls "$d"/bad.prom.tmp* > /dev/null 2>&1 && t_pass "check: --prom is renamed into place" || t_fail "check: --prom is renamed into place" "$(ls "$d")"
    unset PINSWEEP_ENGINE PINSWEEP_FAKE_BUS_ID
}

# fleet: four copies of the reference run, one 20% slower for pinned h2d, one with its link trained low.
fleet_view() {
    local d=$TMP/fleetview n
    rm -rf "$d"; mkdir -p "$d"
    for n in a b c d e; do
        cp -r results/reference/h200-pcie5/default "$d/$n"
        sed -i "s/^  hostname: .*/  hostname: node-$n/" "$d/$n/meta.yaml"
    done
    awk -F, 'BEGIN { OFS = "," } NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
             { if ($c["alloc"] == "pinned" && $c["direction"] == "h2d") $c["gbps_median"] *= 0.8; print }' \
        results/reference/h200-pcie5/default/summary.csv > "$d/d/summary.csv"
    awk '/^    current:/ { cur = 1 } /^    max:/ { cur = 0 } cur && /generation:/ { sub(/[0-9]+/, "4") } { print }' \
        results/reference/h200-pcie5/default/meta.yaml | sed 's/^  hostname: .*/  hostname: node-e/' > "$d/e/meta.yaml"
    expect "fleet: a slow node and a low link are flagged, exit 1" 1 "pinsweep fleet: 2 of 5 nodes flagged" -- \
        "$PINSWEEP" fleet "$d/a" "$d/b" "$d/c" "$d/d" "$d/e" -o "$d/out" --json "$d/fleet.json"
    # Four equal readings and one 20% low: the MAD is 0, so the band is the floor, the rows'
    # median rsd (the same on every node): node-d's pinned h2d rows are outliers where
    # 20% > 3.5 x rsd_pct.
    local want
    want=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["alloc"] == "pinned" && $c["direction"] == "h2d" && 20 > 3.5 * $c["rsd_pct"] { n++ } END { print n + 0 }' \
        results/reference/h200-pcie5/default/summary.csv)
    [ "$want" -gt 5 ] || t_fail "fleet: the reference run gives too few pinned h2d rows to flag" "$want"
    grep -q "^node-d  *266  *$want ok .*FLAGGED$" "$TMP/out" && grep -q "^node-e  *266  *0 LOW .*FLAGGED$" "$TMP/out" \
        && grep -q "^node-a  *266  *0 ok .*[^D]$" "$TMP/out" \
        && t_pass "fleet: the table names the slow node's outliers and the low link" || t_fail "fleet: the table" "$(cat "$TMP/out")"
    [ "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["outlier"] == "yes"' "$d/out/fleet.csv" | cut -d, -f1 | sort -u)" = node-d ] \
        && t_pass "fleet: fleet.csv marks the slow node's readings outside the band, and only them" \
        || t_fail "fleet: fleet.csv marks the outliers" "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["outlier"] == "yes"' "$d/out/fleet.csv" | head -3)"
    # Full precision: z read back is (gbps_median - fleet_median) / fleet_spread from the cells, and the
    # band's ends are fleet_median -+ 3.5 spreads, each to 6 significant digits.
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
             function off(got, want) { return (got - want) ^ 2 > (2e-5 * want) ^ 2 }
             $c["fleet_spread"] > 0 { z = ($c["gbps_median"] - $c["fleet_median"]) / $c["fleet_spread"]; n++
               if (z * z > 1e-4 && off($c["z"], z)) { print "z " $0; bad++ }
               if (off($c["band_low"], $c["fleet_median"] - 3.5 * $c["fleet_spread"])) { print "low " $0; bad++ } }
             END { exit !(n > 100 && bad == 0) }' "$d/out/fleet.csv" > "$TMP/fleet-prec" \
        && t_pass "fleet: fleet.csv's z and band are written to 6 significant digits" \
        || t_fail "fleet: fleet.csv's z and band are written to 6 significant digits" "$(head -3 "$TMP/fleet-prec")"
    python3 -c "import json,sys; j=json.load(open(sys.argv[1])); assert [n['node'] for n in j['nodes'] if n['flagged']] == ['node-d', 'node-e'], j" "$d/fleet.json" \
        && t_pass "fleet: --json names the flagged nodes" || t_fail "fleet: --json names the flagged nodes"
    # The fleet figure's data: the band it draws is fleet.csv's, and node-d's curve its readings.
    local fd=$d/out/figures/data
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["node"] == "node-a" && $c["alloc"] == "pinned" && $c["direction"] == "h2d" && $c["buffer"] == "reuse" && $c["api"] == "sync" \
        { printf "%s %s %s %s\n", $c["size_bytes"], $c["fleet_median"], $c["band_low"], $c["band_high"] }' "$d/out/fleet.csv" | sort -n > "$TMP/fl-want"
    awk '/^# index/ { k++ } !/^#/ && NF == 2 { v[k, $1] = $2; x[$1] = 1 }
        END { for (s in x) print s, v[1, s], v[2, s], v[3, s] }' "$fd/fleet-h2d-overlay.dat" | sort -n > "$TMP/fl-got"
    [ -s "$TMP/fl-want" ] && cmp -s "$TMP/fl-want" "$TMP/fl-got" \
        && t_pass "fleet: the figure's median and band are fleet.csv's, at every size" \
        || t_fail "fleet: the figure's median and band are fleet.csv's" "$(diff "$TMP/fl-want" "$TMP/fl-got" | head -5)"
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["node"] == "node-d" && $c["alloc"] == "pinned" && $c["direction"] == "h2d" && $c["buffer"] == "reuse" && $c["api"] == "sync" \
        { printf "%s %s\n", $c["size_bytes"], $c["gbps_median"] }' "$d/out/fleet.csv" | sort -n > "$TMP/fl-want"
    awk '/^# index/ { on = / node-d / } on && !/^#/ && NF == 2' "$fd/fleet-h2d.dat" | sort -n > "$TMP/fl-got"
    [ -s "$TMP/fl-want" ] && cmp -s "$TMP/fl-want" "$TMP/fl-got" && grep -q "'node-d: outside the band'" "$fd/fleet-vars.gp" \
        && t_pass "fleet: the slow node is its own curve, named as outside the band" \
        || t_fail "fleet: the slow node's curve" "$(diff "$TMP/fl-want" "$TMP/fl-got" | head -5; grep key_title "$fd/fleet-vars.gp")"
    [ "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { print $c["node"], $c["link_below_max"] }' "$d/out/fleet.csv" | sort -u | tr '\n' ';')" = \
        "node-a no;node-b no;node-c no;node-d no;node-e yes;" ] && grep -q "'node-e: link below its maximum'" "$fd/fleet-vars.gp" &&
        t_pass "fleet: fleet.csv and the figure's key name the node whose link is below its maximum" ||
        t_fail "fleet: the low link in fleet.csv and the key" "$(grep key_title "$fd/fleet-vars.gp")"
    # The report of the five folders: one experiment, one GPU, five hosts, so a fleet section:
    # the table's cells recomputed from the report's own fleet.csv (node-d's lowest z), the
    # figure embedded with its reading. Two folders are no fleet.
    "$PINSWEEP" report "$d/a" "$d/b" "$d/c" "$d/d" "$d/e" -o "$d/rep" > /dev/null 2> "$TMP/fleet-rep.err"
    local row
    row=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["node"] == "node-d" && (lo == "" || $c["z"] < lo) { lo = $c["z"]; r = $0 }
        END { split(r, f, ","); b = f[c["size_bytes"]]
              size = b % 1073741824 == 0 ? b / 1073741824 "GiB" : b % 1048576 == 0 ? b / 1048576 "MiB" : b / 1024 "KiB"
              printf "| node-d | 266 | %d | at its maximum | %s %s %s %s %s %s %s | %.2f | %.2f | %.2f | %.1f | flagged |",
              n, f[c["alloc"]], f[c["direction"]], f[c["buffer"]], f[c["api"]], f[c["cache"]], f[c["touch"]],
              size, f[c["gbps_median"]], f[c["fleet_median"]], f[c["fleet_spread"]], f[c["z"]] }' \
        n="$want" "$d/rep/fleet.csv")
    grep -qxF "$row" "$d/rep/report.md" &&
        grep -qx "| node-e | 266 | 0 | below its maximum | none below the fleet's median |  |  |  |  | flagged |" "$d/rep/report.md" &&
        grep -qx "| node-a | 266 | 0 | at its maximum | none below the fleet's median |  |  |  |  | healthy |" "$d/rep/report.md" &&
        t_pass "fleet: the report's fleet table: the slow node's lowest reading against the fleet, the low link" ||
        t_fail "fleet: the report's fleet table" "want $row; got $(grep '^| node-' "$d/rep/report.md" | head -5)"
    grep -q '^!\[Figure [0-9]*: every node, fleet\](figures/fleet.png)$' "$d/rep/report.md" && [ -s "$d/rep/figures/fleet.png" ] &&
        grep -q "^\*Figure [0-9]*\. every node, fleet\. Which nodes of the fleet read outside the fleet.s own band? 2 of the 5 nodes flagged: node-d: $want of 266 configurations outside the band, .*; node-e: its PCIe link trained below its maximum\. Drawn: " "$d/rep/report.md" &&
        t_pass "fleet: the report embeds the fleet figure, its caption naming the flagged nodes" ||
        t_fail "fleet: the report's fleet figure" "$(grep 'fleet' "$d/rep/report.md" | head -4)"
    "$PINSWEEP" report "$d/a" "$d/b" -o "$d/rep2" > /dev/null 2>&1
    ! grep -q '^## Fleet' "$d/rep2/report.md" && [ -s "$d/rep2/report.md" ] && [ ! -e "$d/rep2/fleet.csv" ] &&
        t_pass "fleet: two folders are no fleet: no fleet section" || t_fail "fleet: two folders are no fleet" "$(grep -c Fleet "$d/rep2/report.md")"
    expect "fleet: the same readings everywhere flag nothing" 0 "pinsweep fleet: 0 of 3 nodes flagged" -- \
        "$PINSWEEP" fleet "$d/a" "$d/b" "$d/c"
    expect "fleet: two folders are too few" 2 "fleet takes three or more results folders" -- "$PINSWEEP" fleet "$d/a" "$d/b"
}

# t_compare_text NAME WANT FILE: FILE holds exactly the line WANT.
# check without --expect: pinned h2d, d2h and bidir held to the floor of the link's model
# (analysis/link.h: PCIe 5.0 x16, MPS 256 B, MRRS 4096 B from link-healthy's config space, the
# H200's; ceilings 58.45, 57.61, 115.75 GB/s; floors 84 %, 84 %, 68 % of them), latency and
# pageable not judged; sizes assumed where config space is cut at 64 bytes (not root); nothing
# judged, and never healthy, where the GPU has no PCIe link.
fleet_check_link() {
    local d=$TMP/check-link host ceiling
    host=$(hostname)
    rm -rf "$d"; mkdir -p "$d"
    export PINSWEEP_ENGINE=fake PINSWEEP_FAKE_BUS_ID=0000:00:06.0
    ceiling="0    ceiling   58.45 h2d, 57.61 d2h, 115.75 bidir GB/s; floors 84%, 84%, 68% of them; link: PCIe 5.0 x16, MPS 256 B, MRRS 4096 B (read)"
    PINSWEEP_FAKE_MODEL="$CHECK_MODEL" PINSWEEP_SYSFS=tests/fixtures/link-healthy expect \
        "check: no --expect, at the H200's rates: healthy against the link's floor, exit 0" 0 "" -- \
        "$PINSWEEP" check --json "$d/ok.json" --prom "$d/ok.prom"
    t_compare_text "check: no --expect: the table, the floors and what was not judged" "gpu  check           read unit    expected      limit  verdict
0    link             Gen5 x16 of Gen5 x16                        ok
$ceiling
0    h2d            55.40 GB/s           -      49.10  ok
0    d2h            55.40 GB/s           -      48.40  ok
0    bidir         100.83 GB/s           -      78.71  ok
0    latency         0.07 us             -          -  not judged: no --expect for it
0    pageable       25.00 GB/s           -          -  not judged: no --expect for it
pinsweep: check: $host: healthy (0 failed; judged: link, h2d, d2h, bidir; not judged: latency, pageable)" "$TMP/err"
    python3 - "$d/ok.json" <<'PY' && t_pass "check: --json names the link's floor as each pinned check's source" || t_fail "check: --json names the link's floor"
import json, sys
j = json.load(open(sys.argv[1]))
assert (j["verdict"], j["judged"], j["not_judged"]) == ("healthy", "link, h2d, d2h, bidir", "latency, pageable"), j
c = {x["name"]: x for x in j["gpus"][0]["checks"]}
assert c["h2d"]["source"] == "link: PCIe 5.0 x16, MPS 256 B, MRRS 4096 B (read)", c["h2d"]
assert (c["h2d"]["floor_pct"], round(c["h2d"]["ceiling"], 2), round(c["h2d"]["limit"], 2)) == (84, 58.45, 49.10), c["h2d"]
assert (c["bidir"]["floor_pct"], round(c["bidir"]["limit"], 2), c["bidir"]["expected"]) == (68, 78.71, None), c["bidir"]
assert [(c[n]["verdict"], c[n]["not_judged"]) for n in ("latency", "pageable")] == [("not judged", "no --expect for it")] * 2, c
m = j["gpus"][0]["link"]["model"]
assert (m["sizes"], m["mrrs_bytes"], m["relaxed_ordering"], round(m["raw_gbps"], 2)) == ("read", 4096, True, 63.02), m
PY
    grep -qx 'pinsweep_check_judged{gpu="0",bus_id="0000:00:06.0",check="latency"} 0' "$d/ok.prom" \
        && grep -qx 'pinsweep_check_judged{gpu="0",bus_id="0000:00:06.0",check="h2d"} 1' "$d/ok.prom" \
        && grep -qx "pinsweep_check_healthy{host=\"$host\"} 1" "$d/ok.prom" \
        && t_pass "check: --prom says which checks were judged" || t_fail "check: --prom says which checks were judged" "$(grep judged "$d/ok.prom")"
    # h2d at 49 GB/s: under its floor, 0.84 x 58.45 = 49.10; bidir at 70 % each way, 2 x 49 x
    # 0.7 = 68.60, under 0.68 x 115.75 = 78.71; d2h, 55.4, above its 48.40.
    PINSWEEP_FAKE_MODEL="$CHECK_MODEL pinned.h2d.gbps=49 bidir_share=0.7" PINSWEEP_SYSFS=tests/fixtures/link-healthy expect \
        "check: no --expect, pinned h2d under the link's floor: unhealthy, exit 1" 1 \
        "pinsweep: check: $host: unhealthy (2 failed; judged: link, h2d, d2h, bidir; not judged: latency, pageable)" -- "$PINSWEEP" check
    t_compare_text "check: the ERROR lines against the link's floor" "ERROR: pinsweep check: $host GPU 0 (0000:00:06.0) h2d: 49.00 GB/s, below 49.10 (84% of a 58.45 ceiling, from link: PCIe 5.0 x16, MPS 256 B, MRRS 4096 B (read)); measured twice, 49.00 the first time
ERROR: pinsweep check: $host GPU 0 (0000:00:06.0) bidir: 68.60 GB/s, below 78.71 (68% of a 115.75 ceiling, from link: PCIe 5.0 x16, MPS 256 B, MRRS 4096 B (read)); measured twice, 68.60 the first time" "$TMP/out"
    # A link trained to Gen4 of its Gen5, read without root: the floor is the maximum's, the
    # sizes assumed (MRRS 512 B: bidir 113.56, floor 77.22), and it says why.
    PINSWEEP_FAKE_MODEL="$CHECK_MODEL pinned.gbps=27" PINSWEEP_SYSFS=tests/fixtures/link-degraded expect \
        "check: no --expect, a Gen4 link of a Gen5 GPU: held to the Gen5 floor, exit 1" 1 \
        "pinsweep: check: $host: unhealthy (4 failed; judged: link, h2d, d2h, bidir; not judged: latency, pageable)" -- "$PINSWEEP" check
    grep -qxF "ERROR: pinsweep check: $host GPU 0 (0000:00:06.0) d2h: 27.00 GB/s, below 48.40 (84% of a 57.61 ceiling, from link: PCIe 5.0 x16, MPS 256 B, MRRS 512 B (assumed: config space past its first 64 bytes is readable only by root)); measured twice, 27.00 the first time" "$TMP/out" \
        && grep -qxF "ERROR: pinsweep check: $host GPU 0 (0000:00:06.0) bidir: 49.14 GB/s, below 77.22 (68% of a 113.56 ceiling, from link: PCIe 5.0 x16, MPS 256 B, MRRS 512 B (assumed: config space past its first 64 bytes is readable only by root)); measured twice, 49.14 the first time" "$TMP/out" \
        && t_pass "check: without config space the sizes are assumed, and the line says why" \
        || t_fail "check: without config space the sizes are assumed, and the line says why" "$(cat "$TMP/out")"
    # No PCIe link (no link files in sysfs for its bus id: NVLink-C2C, or a VM that hides it).
    PINSWEEP_FAKE_MODEL="$CHECK_MODEL" PINSWEEP_FAKE_BUS_ID=0000:00:07.0 PINSWEEP_SYSFS=tests/fixtures/link-healthy expect \
        "check: no --expect and no PCIe link: nothing judged, exit 2" 2 "" -- "$PINSWEEP" check --json "$d/none.json" --prom "$d/none.prom"
    t_compare_text "check: no PCIe link: the pinned checks not judged, never a PCIe number" "gpu  check           read unit    expected      limit  verdict
0    link                     not readable                        not judged: no PCIe link to the host
0    h2d            55.40 GB/s           -          -  not judged: no PCIe link to the host
0    d2h            55.40 GB/s           -          -  not judged: no PCIe link to the host
0    bidir         100.83 GB/s           -          -  not judged: no PCIe link to the host
0    latency         0.07 us             -          -  not judged: no --expect for it
0    pageable       25.00 GB/s           -          -  not judged: no --expect for it
pinsweep: check: $host: not judged (nothing to judge against; not judged: link, h2d, d2h, bidir, latency, pageable); give --expect" "$TMP/err"
    [ ! -s "$TMP/out" ] && python3 -c "import json,sys; j=json.load(open(sys.argv[1])); assert j['verdict'] == 'not judged' and j['judged'] == '' and j['gpus'][0]['link']['model'] is None, j" "$d/none.json" \
        && grep -qx "pinsweep_check_healthy{host=\"$host\"} NaN" "$d/none.prom" && ! grep -q '^pinsweep_check_ok' "$d/none.prom" \
        && t_pass "check: nothing judged: no ERROR line, JSON 'not judged', healthy NaN in --prom" \
        || t_fail "check: nothing judged: no ERROR line, JSON 'not judged', healthy NaN in --prom" "$(cat "$TMP/out"; head -c 300 "$d/none.json")"
    PINSWEEP_FAKE_MODEL="$CHECK_MODEL" PINSWEEP_FAKE_BUS_ID=0000:00:07.0 PINSWEEP_SYSFS=tests/fixtures/link-healthy expect \
        "check: no PCIe link, but stated numbers: judged against them" 0 \
        "pinsweep: check: $host: healthy (0 failed; judged: h2d, d2h; not judged: link, bidir, latency, pageable)" -- \
        "$PINSWEEP" check --expect h2d=55,d2h=55
    # Two GPUs, one with a link and one without: the verdict names the GPUs where they differ.
    PINSWEEP_FAKE_MODEL="$CHECK_MODEL" PINSWEEP_FAKE_DEVICES=2 PINSWEEP_FAKE_BUS_ID=0000:00:06.0,0000:00:07.0 \
        PINSWEEP_SYSFS=tests/fixtures/link-healthy expect "check: a GPU without a link beside one with" 0 \
        "pinsweep: check: $host: healthy (0 failed; judged: link (GPU 0), h2d (GPU 0), d2h (GPU 0), bidir (GPU 0); not judged: link (GPU 1), h2d (GPU 1), d2h (GPU 1), bidir (GPU 1), latency, pageable)" -- \
        "$PINSWEEP" check
    unset PINSWEEP_ENGINE PINSWEEP_FAKE_BUS_ID
}

# check's busy verdict: another process on the GPU (the fake NVML's FAKE_NVML_OTHERS, from its
# FAKE_NVML_OTHERS_FROM-th query: one before the first copy, one after each check), or traffic on
# its link before the checks copy (FAKE_NVML_PCIE_KBPS, KB/s; busy above 1 GB/s), or another
# check holding the machine's lock: "busy: not judged", exit 4, never healthy nor failed. A low
# reading is measured once more before it fails.
fleet_check_busy() {
    local d=$TMP/check-busy host nvml=$PWD/$BUILD/tests/libfake-nvml.so lockpid
    host=$(hostname)
    rm -rf "$d"; mkdir -p "$d"
    export PINSWEEP_ENGINE=fake PINSWEEP_FAKE_BUS_ID=0000:00:06.0 PINSWEEP_SYSFS=tests/fixtures/link-healthy
    export PINSWEEP_FAKE_MODEL="$CHECK_MODEL"
    PINSWEEP_NVML_LIB=$nvml FAKE_NVML_OTHERS=1 expect "check: another process on the GPU: busy, not judged, exit 4" 4 \
        "pinsweep: check: $host: busy: not judged (GPU 0: 1 other process on it: pid 100001; judged: link; not judged: h2d, d2h, bidir, latency, pageable)" -- \
        "$PINSWEEP" check --json "$d/busy.json" --prom "$d/busy.prom"
    t_compare_text "check: busy: the BUSY line on stdout, no ERROR line" \
        "BUSY: pinsweep check: $host GPU 0 (0000:00:06.0): 1 other process on it: pid 100001; its copies are not judged" "$TMP/out"
    grep -c "not judged: the GPU was busy$" "$TMP/err" | grep -qx 5 \
        && t_pass "check: busy: each of the five copies says it was not judged because the GPU was busy" \
        || t_fail "check: busy: each copy not judged" "$(cat "$TMP/err")"
    python3 - "$d/busy.json" <<'PY' && t_pass "check: busy: --json gives the verdict, the other processes and why" || t_fail "check: busy: --json" "$(head -c 800 "$d/busy.json")"
import json, sys
j = json.load(open(sys.argv[1]))
b = j["gpus"][0]["busy"]
assert j["verdict"] == "busy" and j["failed"] == 0, j
assert b == {"why": "1 other process on it: pid 100001", "other_processes": 1, "pids": [100001], "idle_link_gbps": 0}, b
assert all(c["verdict"] == "not judged" and c["not_judged"] == "the GPU was busy" for c in j["gpus"][0]["checks"])
PY
    grep -qx 'pinsweep_check_busy{gpu="0",bus_id="0000:00:06.0"} 1' "$d/busy.prom" && grep -qx "pinsweep_check_healthy{host=\"$host\"} NaN" "$d/busy.prom" \
        && t_pass "check: busy: --prom has busy 1 and healthy NaN" || t_fail "check: busy: --prom" "$(grep -E 'busy|healthy' "$d/busy.prom")"
    # A process that starts after the second check: seen by the query after it.
    PINSWEEP_NVML_LIB=$nvml FAKE_NVML_OTHERS=2 FAKE_NVML_OTHERS_FROM=3 expect "check: a process that starts during the check makes it busy" 4 \
        "pinsweep: check: $host: busy: not judged (GPU 0: 2 other processes on it: pid 100001, pid 100002; judged: link; not judged: h2d, d2h, bidir, latency, pageable)" -- "$PINSWEEP" check
    PINSWEEP_NVML_LIB=$nvml FAKE_NVML_PCIE_KBPS=20000000 expect "check: 20 GB/s on the link before the checks: busy" 4 \
        "pinsweep: check: $host: busy: not judged (GPU 0: its link carried 20.0 GB/s before the checks copied anything; judged: link; not judged: h2d, d2h, bidir, latency, pageable)" -- "$PINSWEEP" check
    PINSWEEP_NVML_LIB=$nvml FAKE_NVML_PCIE_KBPS=900000 expect "check: 0.9 GB/s on the link is not busy (the limit is 1 GB/s)" 0 \
        "pinsweep: check: $host: healthy (0 failed; judged: link, h2d, d2h, bidir; not judged: latency, pageable)" -- "$PINSWEEP" check
    PINSWEEP_NVML_LIB=$nvml PINSWEEP_SYSFS=tests/fixtures/link-degraded FAKE_NVML_OTHERS=1 expect \
        "check: a link trained down is unhealthy on a busy GPU too: exit 1" 1 \
        "pinsweep: check: $host: unhealthy (1 failed; judged: link; not judged: h2d, d2h, bidir, latency, pageable); busy: GPU 0: 1 other process on it: pid 100001" -- "$PINSWEEP" check
    grep -q "^ERROR: pinsweep check: $host GPU 0 (0000:00:06.0) link: Gen4 x16" "$TMP/out" && grep -q "^BUSY: pinsweep check: $host GPU 0" "$TMP/out" \
        && t_pass "check: unhealthy and busy: the ERROR line and the BUSY line" || t_fail "check: unhealthy and busy" "$(cat "$TMP/out")"
    # Another check holds the machine's lock (flock(1) holds it here): this one measures nothing.
    flock -o "$PINSWEEP_CHECK_LOCK" sleep 60 & lockpid=$! # -o: flock holds it, not its sleep
    for _ in $(seq 50); do flock -n "$PINSWEEP_CHECK_LOCK" true || break; sleep 0.1; done
    expect "check: while another check holds the lock: busy, exit 4, nothing measured" 4 \
        "pinsweep: check: $host: busy: not judged (another pinsweep check or doctor holds $PINSWEEP_CHECK_LOCK; its verdict and files are the ones that count)" -- \
        "$PINSWEEP" check --prom "$d/locked.prom"
    t_compare_text "check: locked: the BUSY line" "BUSY: pinsweep check: $host: another pinsweep check or doctor is running (it holds $PINSWEEP_CHECK_LOCK); this one measured nothing" "$TMP/out"
    PINSWEEP_NVML_LIB=$nvml expect "doctor: while another holds the lock: busy, exit 4" 4 \
        "pinsweep: doctor: $host: busy: not judged (another pinsweep check or doctor holds $PINSWEEP_CHECK_LOCK; its verdict and files are the ones that count)" -- "$PINSWEEP" doctor
    [ ! -e "$d/locked.prom" ] && t_pass "check: locked: the other check's --prom file is left alone" || t_fail "check: locked: --prom written"
    pkill -P $lockpid sleep; wait $lockpid 2> /dev/null
    expect "check: once the lock is free, the check runs" 0 "" -- "$PINSWEEP" check
    # A transient: the model's slow window (x2) covers the first pass of the checks (under 900 ms
    # of its clock), not the second: each pinned check is low once, measured again, and passes.
    PINSWEEP_FAKE_MODEL="$CHECK_MODEL slow_from_ms=0 slow_to_ms=900 slow_factor=2" expect \
        "check: a low reading measured again and then within its floor is healthy" 0 \
        "pinsweep: check: $host: healthy (0 failed; judged: link, h2d, d2h, bidir; not judged: latency, pageable)" -- "$PINSWEEP" check
    grep -qx "0    h2d            55.40 GB/s           -      49.10  ok (measured twice: 27.70 the first time)" "$TMP/err" \
        && t_pass "check: the table says which readings were measured twice, and the first" || t_fail "check: the table's measured twice" "$(cat "$TMP/err")"
    unset PINSWEEP_ENGINE PINSWEEP_FAKE_BUS_ID PINSWEEP_SYSFS PINSWEEP_FAKE_MODEL
}

# A fleet is one experiment on one GPU model, each host once: what is not (a file, a folder
# without summary.csv, a truncated summary.csv, another experiment, another GPU, a host again)
# is left out with a line that says why, and the rest are judged.
fleet_screen() {
    local d=$TMP/fleetscreen n
    rm -rf "$d"; mkdir -p "$d"
    for n in a b c d; do
        cp -r results/reference/h200-pcie5/default "$d/$n"
        sed -i "s/^  hostname: .*/  hostname: node-$n/" "$d/$n/meta.yaml"
    done
    echo '#!/bin/sh' > "$d/job.sbatch"; mkdir "$d/logs"
    cp -r "$d/a" "$d/trunc"; head -c 3000 "$d/a/summary.csv" > "$d/trunc/summary.csv"
    sed -i "s/^  hostname: .*/  hostname: node-t/" "$d/trunc/meta.yaml"
    cp -r "$d/a" "$d/other"; echo "# another sweep" >> "$d/other/experiment.yaml"
    sed -i "s/^  hostname: .*/  hostname: node-o/" "$d/other/meta.yaml"
    cp -r "$d/a" "$d/again"
    cp -r "$d/a" "$d/h100"; sed -i "s/^  hostname: .*/  hostname: node-g/; s/^  name: NVIDIA H200$/  name: NVIDIA H100/" "$d/h100/meta.yaml"
    local lines
    lines=$(awk 'END { print NR }' "$d/trunc/summary.csv")
    (cd "$d" && "$PINSWEEP" fleet a b c d job.sbatch logs trunc other again h100 --json fleet.json > "$TMP/out" 2> "$TMP/err"); local rc=$?
    [ $rc = 0 ] && t_pass "fleet: inputs that are not the fleet's are left out and the rest judged, exit 0" || t_fail "fleet: inputs left out, exit 0" "exit $rc: $(cat "$TMP/err")"
    t_compare_text "fleet: each input left out, with why" "pinsweep fleet: job.sbatch left out: not a results folder (not a folder)
pinsweep fleet: logs left out: not a results folder (no summary.csv)
pinsweep fleet: trunc left out: cannot be read: trunc/summary.csv:$lines: row has $(awk -F, -v n="$lines" 'NR == n { print NF }' "$d/trunc/summary.csv") fields but the header has $(head -1 "$d/a/summary.csv" | awk -F, '{ print NF }')
pinsweep fleet: other left out: another experiment than most folders' (its experiment.yaml differs from that of a)
pinsweep fleet: again left out: host node-a again (first in a): each host counts once
pinsweep fleet: h100 left out: another GPU (NVIDIA H100; the fleet's: NVIDIA H200)
pinsweep fleet: 0 of 4 nodes flagged (6 of the 10 folders given left out, said above)" "$TMP/err"
    [ "$(awk 'NR > 1 { print $1 }' "$TMP/out" | tr '\n' ' ')" = "node-a node-b node-c node-d " ] \
        && t_pass "fleet: the table holds the four nodes judged" || t_fail "fleet: the table holds the four nodes judged" "$(cat "$TMP/out")"
    python3 -c "import json,sys; j=json.load(open(sys.argv[1])); assert [x['dir'] for x in j['left_out']] == ['job.sbatch', 'logs', 'trunc', 'other', 'again', 'h100'] and len(j['nodes']) == 4, j" "$d/fleet.json" \
        && t_pass "fleet: --json lists what was left out" || t_fail "fleet: --json lists what was left out" "$(tail -c 600 "$d/fleet.json")"
    (cd "$d" && "$PINSWEEP" fleet a b other h100 > "$TMP/out" 2> "$TMP/err"); rc=$?
    [ $rc = 2 ] && tail -1 "$TMP/err" | grep -qx "pinsweep fleet: 2 of 4 folders can be judged together; takes at least 3" \
        && t_pass "fleet: too few alike folders left: exit 2, said" || t_fail "fleet: too few alike folders" "exit $rc: $(cat "$TMP/err")"
}

# --prom by Prometheus's own tools: `promtool check metrics` (its naming conventions), a real
# node_exporter's textfile collector serving the file on loopback, scraped; the file rewritten
# when the check cannot run; eight checks writing one file at once; and the alerting rules
# shipped in scripts/pinsweep-alerts.yml under `promtool test rules`.
fleet_check_prom() {
    local d=$TMP/check-prom host ne= port pid rc i bad=0 scraped
    host=$(hostname)
    rm -rf "$d"; mkdir -p "$d/textfile"
    export PINSWEEP_ENGINE=fake PINSWEEP_FAKE_BUS_ID=0000:00:06.0 PINSWEEP_SYSFS=tests/fixtures/link-healthy
    export PINSWEEP_FAKE_MODEL="$CHECK_MODEL"
    expect "check: --prom of a healthy node" 0 "" -- "$PINSWEEP" check --expect latency=100 --prom "$d/textfile/pinsweep.prom"
    PINSWEEP_SYSFS=tests/fixtures/link-degraded expect "check: --prom of a degraded link" 1 "" -- "$PINSWEEP" check --prom "$d/degraded.prom"
    if t_need "check: promtool check metrics passes --prom's files" promtool; then
        for f in "$d/textfile/pinsweep.prom" "$d/degraded.prom"; do
            promtool check metrics < "$f" > "$TMP/out" 2>&1 || bad=1
        done
        [ $bad = 0 ] && t_pass "check: promtool check metrics passes --prom's files (names, units, help)" \
            || t_fail "check: promtool check metrics passes --prom's files" "$(cat "$TMP/out")"
        promtool test rules tests/pinsweep-alerts.test.yml > "$TMP/out" 2>&1 \
            && t_pass "check: promtool test rules: scripts/pinsweep-alerts.yml catches a node below its limit, a link trained down, a long busy, a check not run, a stale check" \
            || t_fail "check: promtool test rules tests/pinsweep-alerts.test.yml" "$(head -30 "$TMP/out")"
        promtool check rules scripts/pinsweep-alerts.yml > "$TMP/out" 2>&1 \
            && t_pass "check: promtool check rules scripts/pinsweep-alerts.yml" || t_fail "check: promtool check rules" "$(cat "$TMP/out")"
    fi
    # Eight checks at once, each with its own lock, into one file: each writes FILE.tmp.PID and
    # renames it, so every one succeeds and the file is one whole check's.
    local pids=()
    for i in 1 2 3 4 5 6 7 8; do
        PINSWEEP_CHECK_LOCK=$d/lock$i "$PINSWEEP" check --prom "$d/shared.prom" > /dev/null 2> "$d/err$i" & pids+=($!)
    done
    for i in "${!pids[@]}"; do wait "${pids[$i]}" || { bad=$((bad + 1)); cat "$d/err$((i + 1))" >> "$TMP/concurrent"; }; done
    if [ $bad = 0 ] && [ "$(grep -c '^pinsweep_check_healthy{' "$d/shared.prom")" = 1 ] && ! ls "$d"/shared.prom.tmp* > /dev/null 2>&1; then
        t_pass "check: eight checks writing one --prom file at once all succeed, one whole file, no .tmp left"
    else
        t_fail "check: eight checks writing one --prom file at once" "$bad failed: $(head -5 "$TMP/concurrent" 2> /dev/null; ls "$d")"
    fi
    # The check cannot run (no usable GPU, exit 3): the file no longer says healthy.
    cp "$d/textfile/pinsweep.prom" "$d/notrun.prom"
    PINSWEEP_FAKE_NO_GPU=1 expect "check: no usable GPU: exit 3" 3 "no usable GPU" -- "$PINSWEEP" check --prom "$d/notrun.prom"
    grep -qx "pinsweep_check_healthy{host=\"$host\"} 0" "$d/notrun.prom" && grep -qx "pinsweep_check_not_run{host=\"$host\"} 1" "$d/notrun.prom" \
        && ! grep -q '^pinsweep_check_bandwidth' "$d/notrun.prom" && grep -q '^pinsweep_check_timestamp_seconds [0-9]' "$d/notrun.prom" \
        && t_pass "check: a check that cannot run rewrites --prom: healthy 0, not_run 1, no readings of the last check" \
        || t_fail "check: a check that cannot run rewrites --prom" "$(cat "$d/notrun.prom")"
    command -v promtool > /dev/null && { promtool check metrics < "$d/notrun.prom" > "$TMP/out" 2>&1 \
        && t_pass "check: promtool check metrics passes the not-run file" || t_fail "check: promtool check metrics, not-run file" "$(cat "$TMP/out")"; }
    # A real node_exporter serves the textfile folder on a free loopback port; scraped over HTTP.
    for ne in prometheus-node-exporter node_exporter ""; do [ -n "$ne" ] && command -v "$ne" > /dev/null && break; done
    if [ -z "$ne" ]; then
        t_skip "check: node_exporter serves --prom" "prometheus-node-exporter is not installed"
    else
        port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
        "$ne" --web.listen-address="127.0.0.1:$port" --collector.disable-defaults --collector.textfile \
            --collector.textfile.directory="$d/textfile" > "$d/node_exporter.log" 2>&1 & pid=$!
        scraped=
        for _ in $(seq 100); do
            scraped=$(python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=5).read().decode())' \
                "http://127.0.0.1:$port/metrics" 2> /dev/null) && break
            kill -0 $pid 2> /dev/null || break
            sleep 0.2
        done
        kill $pid 2> /dev/null; wait $pid 2> /dev/null
        printf '%s\n' "$scraped" > "$d/scraped"
        grep -qx "pinsweep_check_healthy{host=\"$host\"} 1" "$d/scraped" \
            && grep -q '^pinsweep_check_bandwidth_bytes_per_second{bus_id="0000:00:06.0",check="h2d",direction="h2d",gpu="0",memory="pinned"} 5.54e+10$' "$d/scraped" \
            && grep -q '^pinsweep_check_latency_limit_seconds{bus_id="0000:00:06.0",check="latency",direction="h2d",gpu="0",memory="pinned"} 0.00015$' "$d/scraped" \
            && grep -qx 'node_textfile_scrape_error 0' "$d/scraped" \
            && t_pass "check: a real node_exporter's textfile collector serves --prom's file, scraped over HTTP (55.4 GB/s as 5.54e+10 B/s)" \
            || t_fail "check: node_exporter serves --prom" "$(grep -E 'pinsweep_check_(healthy|bandwidth_bytes)|textfile' "$d/scraped" | head; tail -5 "$d/node_exporter.log")"
        ! kill -0 $pid 2> /dev/null && t_pass "check: the node_exporter started was stopped" || t_fail "check: the node_exporter started was stopped"
    fi
    unset PINSWEEP_ENGINE PINSWEEP_FAKE_BUS_ID PINSWEEP_SYSFS PINSWEEP_FAKE_MODEL
}

# scripts/pinsweep-healthcheck against a fake Slurm: sinfo prints the node's "STATE REASON" from
# $hc/state, scontrol appends its arguments to $hc/calls and sets the state (tests/slurm.sh runs
# it under a real slurmd). What it drains, with which reason, what it leaves alone.
fleet_healthcheck() {
    local hc=$TMP/healthcheck host t0 reason
    host=$(hostname)
    [ -n "$TMP" ] || return
    rm -rf "$hc"; mkdir -p "$hc/bin" "$hc/bare"
    cat > "$hc/bin/sinfo" <<SINFO
#!/usr/bin/env bash
[ -e $hc/sinfo-fails ] && { echo "slurm_load_node: Unable to contact slurm controller (connect failure)" >&2; exit 1; }
cat $hc/state
SINFO
    cat > "$hc/bin/scontrol" <<SCONTROL
#!/usr/bin/env bash
printf '%s\n' "\$*" >> $hc/calls
case "\$*" in *State=DRAIN*) r="\$*"; echo "drained \${r#*Reason=}" > $hc/state ;; *State=RESUME*) echo "idle none" > $hc/state ;; esac
SCONTROL
    chmod +x "$hc/bin/sinfo" "$hc/bin/scontrol"
    head -1 results/reference/h200-pcie5/default/summary.csv > "$hc/bare/summary.csv"
    printf '#!/bin/sh\nsleep 30\n' > "$hc/slow"; chmod +x "$hc/slow"
    printf 'not a program\n' > "$hc/noexec"
    # hc_run NAME WANT_RC [VAR=VALUE...]: the script with the fake Slurm, its stdout in $TMP/out
    hc_run() {
        local name=$1 want=$2 rc; shift 2
        rm -f "$hc/calls"; : > "$hc/log"
        env PINSWEEP_SLURM_BIN="$hc/bin" PINSWEEP_LOG="$hc/log" SLURMD_NODENAME=n1 PINSWEEP_ENGINE=fake \
            PINSWEEP_FAKE_BUS_ID=0000:00:06.0 PINSWEEP_SYSFS=tests/fixtures/link-healthy PINSWEEP_FAKE_MODEL="$CHECK_MODEL" \
            "$@" timeout 120 scripts/pinsweep-healthcheck > "$TMP/out" 2> "$TMP/err"; rc=$?
        [ $rc = "$want" ] && [ ! -s "$TMP/err" ] && t_pass "$name" || t_fail "$name" "exit $rc, want $want; stderr: $(head -3 "$TMP/err"); log: $(tail -3 "$hc/log")"
    }
    # hc_drained NAME REASON: scontrol drained n1 with exactly REASON
    hc_drained() {
        [ "$(cat "$hc/calls" 2> /dev/null)" = "update NodeName=n1 State=DRAIN Reason=$2" ] && t_pass "$1" \
            || t_fail "$1" "scontrol: '$(cat "$hc/calls" 2> /dev/null)', want the reason '$2'"
    }
    echo "idle none" > "$hc/state"
    hc_run "healthcheck: healthy, idle: exit 0" 0
    [ ! -e "$hc/calls" ] && grep -q "0    h2d            55.40 GB/s" "$hc/log" && grep -q ": healthy$" "$hc/log" \
        && t_pass "healthcheck: healthy: no scontrol; pinsweep's table and the decision in PINSWEEP_LOG" \
        || t_fail "healthcheck: healthy: no scontrol, the table in the log" "$(cat "$hc/calls" 2> /dev/null; cat "$hc/log")"
    hc_run "healthcheck: a link trained down: exit 1" 1 PINSWEEP_SYSFS=tests/fixtures/link-degraded
    reason="pinsweep:GPU0 Gen4<5 x16 link; $host GPU 0 (0000:00:06.0) link: Gen4 x16 during a copy, below its maximum Gen5 x16"
    hc_drained "healthcheck: drained, the reason the failed check in short, then its whole line" "$reason"
    [ "${reason:0:20}" = "pinsweep:GPU0 Gen4<5" ] && t_pass "healthcheck: sinfo -R's 20 characters name the GPU and its link's fault" || t_fail "healthcheck: the reason's first 20 characters" "${reason:0:20}"
    hc_run "healthcheck: still the same fault: exit 1" 1 PINSWEEP_SYSFS=tests/fixtures/link-degraded
    [ ! -e "$hc/calls" ] && grep -q "still drained: pinsweep:GPU0 Gen4<5" "$hc/log" \
        && t_pass "healthcheck: drained already with the same reason: no scontrol" || t_fail "healthcheck: the same reason again" "$(cat "$hc/calls" 2> /dev/null)"
    hc_run "healthcheck: healthy again: exit 0" 0
    [ "$(cat "$hc/calls")" = "update NodeName=n1 State=RESUME" ] && grep -q "resumed n1, which this script had drained" "$hc/log" \
        && t_pass "healthcheck: healthy again: the node it drained is resumed" || t_fail "healthcheck: the node it drained is resumed" "$(cat "$hc/calls")"
    hc_run "healthcheck: h2d under its limit: exit 1" 1 PINSWEEP_FAKE_MODEL="$CHECK_MODEL pinned.h2d.gbps=30" PINSWEEP_EXPECT="h2d=50 d2h=0.01"
    hc_drained "healthcheck: h2d under its limit: the reading and the limit first" \
        "pinsweep:GPU0 h2d 30.00<45.00 GB/s (+1 more); $host GPU 0 (0000:00:06.0) h2d: 30.00 GB/s, below 45.00 (10% under 50.00 expected, from stated); measured twice, 30.00 the first time"
    # An admin's drain (or any reason not "pinsweep:") is never changed: not by a failed check,
    # not by a passing one.
    echo "drained hw: fan ticket 4711" > "$hc/state"
    hc_run "healthcheck: an admin's drain, a failed check: exit 1" 1 PINSWEEP_SYSFS=tests/fixtures/link-degraded
    [ ! -e "$hc/calls" ] && grep -q "would have drained n1 (pinsweep:GPU0 Gen4<5 x16 link; .*); left it drained for a reason not this script's: hw: fan ticket 4711$" "$hc/log" \
        && t_pass "healthcheck: an admin's drain is left as it is; the log says it would have drained" \
        || t_fail "healthcheck: an admin's drain survives a failed check" "$(cat "$hc/calls" 2> /dev/null; tail -2 "$hc/log")"
    hc_run "healthcheck: an admin's drain, a passing check: exit 0" 0
    [ ! -e "$hc/calls" ] && grep -q "healthy; n1 stays drained for a reason not this script's: hw: fan ticket 4711$" "$hc/log" \
        && t_pass "healthcheck: an admin's drain is not resumed by a healthy check" || t_fail "healthcheck: an admin's drain survives a passing check" "$(cat "$hc/calls" 2> /dev/null)"
    echo "down* Not responding" > "$hc/state"
    hc_run "healthcheck: a node down for another reason, a failed check: exit 1" 1 PINSWEEP_SYSFS=tests/fixtures/link-degraded
    [ ! -e "$hc/calls" ] && t_pass "healthcheck: a node down for another reason is left down" || t_fail "healthcheck: a down node left alone" "$(cat "$hc/calls")"
    # Every way the check cannot judge drains, the reason naming it.
    echo "idle none" > "$hc/state"
    hc_run "healthcheck: pinsweep missing: exit 127" 127 PINSWEEP=/nonexistent/pinsweep
    hc_drained "healthcheck: pinsweep missing: drained, naming it" \
        "pinsweep:missing /nonexistent/pinsweep (no such file; set PINSWEEP in /etc/default/pinsweep-healthcheck)"
    echo "idle none" > "$hc/state"
    hc_run "healthcheck: pinsweep not executable: exit 126" 126 PINSWEEP="$hc/noexec"
    hc_drained "healthcheck: pinsweep not executable: drained, naming it" "pinsweep:not executable $hc/noexec (exit 126)"
    echo "idle none" > "$hc/state"
    hc_run "healthcheck: an expectation that gives no check: exit 2" 2 PINSWEEP_EXPECT="$hc/bare"
    grep -q "^update NodeName=n1 State=DRAIN Reason=pinsweep:bad expect: --expect $hc/bare: its summary.csv has no row of any check's configuration" "$hc/calls" \
        && t_pass "healthcheck: an expectation that gives no check: drained 'pinsweep:bad expect: ...'" || t_fail "healthcheck: a bad expectation drains" "$(cat "$hc/calls" 2> /dev/null)"
    echo "idle none" > "$hc/state"
    hc_run "healthcheck: no link and no expectation: exit 2" 2 PINSWEEP_FAKE_BUS_ID=0000:00:07.0
    hc_drained "healthcheck: nothing to judge against: drained, saying so" \
        "pinsweep:nothing to judge: no PCIe link to hold the copies to and no PINSWEEP_EXPECT"
    echo "idle none" > "$hc/state"
    hc_run "healthcheck: the --prom file cannot be written: exit 3" 3 PINSWEEP_PROM="$hc/nowhere/pinsweep.prom"
    grep -q "^update NodeName=n1 State=DRAIN Reason=pinsweep:prom unwritable: cannot create $hc/nowhere/pinsweep.prom.tmp.[0-9]*: No such file or directory$" "$hc/calls" \
        && t_pass "healthcheck: an unwritable --prom drains 'pinsweep:prom unwritable: ...'" || t_fail "healthcheck: an unwritable --prom" "$(cat "$hc/calls" 2> /dev/null)"
    echo "idle none" > "$hc/state"
    t0=$SECONDS
    hc_run "healthcheck: a check past its budget is killed: exit 124" 124 PINSWEEP="$hc/slow" PINSWEEP_TIMEOUT=1
    [ $((SECONDS - t0)) -lt 20 ] && t_pass "healthcheck: the budget holds (PINSWEEP_TIMEOUT=1 against a 30 s check)" || t_fail "healthcheck: the budget" "$((SECONDS - t0)) s"
    hc_drained "healthcheck: past its budget: drained, naming the timeout" \
        "pinsweep:timeout 1s: pinsweep check still ran after 1 s (PINSWEEP_TIMEOUT), killed; Slurm kills a health check at 60 s"
    echo "idle none" > "$hc/state"
    hc_run "healthcheck: busy: exit 0" 0 PINSWEEP_NVML_LIB="$PWD/$BUILD/tests/libfake-nvml.so" FAKE_NVML_OTHERS=1
    [ ! -e "$hc/calls" ] && grep -q "^BUSY: pinsweep check: $host GPU 0" "$TMP/out" && grep -q "busy, not judged: node n1 left as it is" "$hc/log" \
        && t_pass "healthcheck: busy: the BUSY line, nothing drained" || t_fail "healthcheck: busy" "$(cat "$hc/calls" 2> /dev/null; cat "$TMP/out")"
    touch "$hc/sinfo-fails"
    hc_run "healthcheck: the controller unreachable, a failed check: exit 1" 1 PINSWEEP_SYSFS=tests/fixtures/link-degraded
    [ ! -e "$hc/calls" ] && grep -q "cannot read node n1's state with $hc/bin/sinfo (slurm_load_node: Unable to contact slurm controller (connect failure)): changed nothing; would have drained: pinsweep:GPU0 Gen4<5" "$hc/log" \
        && t_pass "healthcheck: a node whose state cannot be read is not changed; the log says why" || t_fail "healthcheck: unreadable state" "$(cat "$hc/calls" 2> /dev/null; tail -2 "$hc/log")"
    rm -f "$hc/sinfo-fails"
}

# A shard folder knows its shard: an interrupted shard resumed by the command it printed (with
# --shard and -d), another by a bare --resume, both kept as their shard and merged cleanly; a
# --shard other than the folder's, or any for a whole sweep's folder, refused.
fleet_shard_resume() {
    local d=$TMP/shard-resume i rc cmd model="gbps=20 t0_us=5"
    rm -rf "$d"; mkdir -p "$d"
    for i in 1 2 3; do
        PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$model sigint_at_ms=300" "$PINSWEEP" run tests/resume/slow.yaml \
            --shard $i/3 -d 0 -o "$d/s$i" --no-plot > /dev/null 2> "$d/err$i"; rc=$?
        [ $rc = 130 ] || t_fail "fleet: shard $i/3 is interrupted" "exit $rc: $(tail -2 "$d/err$i")"
    done
    cmd=$(sed -n 's/^pinsweep: interrupted by SIGINT; every finished configuration is kept. Go on with: //p' "$d/err2")
    [ "$cmd" = "$PINSWEEP run --shard 2/3 -d 0 --no-plot tests/resume/slow.yaml --resume $d/s2" ] \
        && t_pass "fleet: an interrupted shard prints the command that goes on with it, with --shard and -d" \
        || t_fail "fleet: an interrupted shard prints the command that goes on with it" "'$cmd'"
    env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$model" bash -c "$cmd" > /dev/null 2> "$d/resume2"; rc=$?
    [ $rc = 0 ] && grep -q '^  shard: 2/3$' "$d/s2/meta.yaml" && grep -q '^  status: complete$' "$d/s2/meta.yaml" \
        && t_pass "fleet: the printed command finishes the shard, which stays shard 2/3" \
        || t_fail "fleet: the printed command finishes the shard" "exit $rc: $(tail -2 "$d/resume2"); $(grep -E 'shard:|status:' "$d/s2/meta.yaml")"
    expect_exact "fleet: --resume refuses another --shard, naming both" 2 \
        "pinsweep: --resume: $d/s1 holds shard 1/3 (its meta.yaml's run.shard), and --shard asks for shard 3/5; leave --shard out (or give --shard 1/3) to go on with shard 1/3" \
        -- env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/resume/slow.yaml --resume "$d/s1" --shard 3/5 --no-plot
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$model" "$PINSWEEP" run tests/resume/slow.yaml --resume "$d/s1" --no-plot > /dev/null 2> "$d/resume1"; rc=$?
    [ $rc = 0 ] && grep -qx "pinsweep: --resume: $d/s1 holds shard 1/3 (its meta.yaml's run.shard)" "$d/resume1" \
        && grep -qx "pinsweep: shard 1/3: [0-9]* of 28 configurations, .*" "$d/resume1" && grep -q '^  shard: 1/3$' "$d/s1/meta.yaml" \
        && t_pass "fleet: --resume without --shard goes on with the folder's shard, and says so" \
        || t_fail "fleet: --resume without --shard goes on with the folder's shard" "exit $rc: $(head -3 "$d/resume1")"
    cmd=$(sed -n 's/^pinsweep: interrupted by SIGINT; every finished configuration is kept. Go on with: //p' "$d/err3")
    env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$model" bash -c "$cmd" > /dev/null 2>&1
    expect "fleet: the three resumed shards merge with nothing missing or twice" 0 \
        "pinsweep merge: 3 shards, 28 of 28 configurations -> $d/m" -- "$PINSWEEP" merge "$d/s1" "$d/s2" "$d/s3" -o "$d/m" --no-plot
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$model sigint_at_ms=300" "$PINSWEEP" run tests/resume/slow.yaml \
        -o "$d/whole" --no-plot > /dev/null 2>&1
    expect_exact "fleet: --resume refuses --shard for a folder of the whole sweep" 2 \
        "pinsweep: --resume: $d/whole holds the whole sweep (its meta.yaml has no run.shard), and --shard asks for shard 2/3; leave --shard out to go on with the whole sweep" \
        -- env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/resume/slow.yaml --resume "$d/whole" --shard 2/3 --no-plot
}

# meta.yaml's job: the Slurm job, array job and task, and CUDA_VISIBLE_DEVICES, from the
# environment; no job: section when none is set.
fleet_meta_job() {
    local d=$TMP/meta-job
    rm -rf "$d"; mkdir -p "$d"
    env SLURM_JOB_ID=4712 SLURM_ARRAY_JOB_ID=4710 SLURM_ARRAY_TASK_ID=2 CUDA_VISIBLE_DEVICES=3,5 PINSWEEP_ENGINE=fake \
        "$PINSWEEP" run tests/good/slurm-sweep.yaml --shard 2/4 -o "$d/job" --no-plot > /dev/null 2>&1
    [ "$(sed -n '/^job:$/,/^[a-z]/p' "$d/job/meta.yaml")" = "job:
  slurm_job_id: 4712
  slurm_array_job_id: 4710
  slurm_array_task_id: 2
  cuda_visible_devices: 3,5
experiment:" ] && t_pass "fleet: meta.yaml records the Slurm job, array job and task, and CUDA_VISIBLE_DEVICES" \
        || t_fail "fleet: meta.yaml records the Slurm job" "$(sed -n '/^job:$/,/^[a-z]/p' "$d/job/meta.yaml")"
    env -u SLURM_JOB_ID -u SLURM_ARRAY_JOB_ID -u SLURM_ARRAY_TASK_ID -u CUDA_VISIBLE_DEVICES PINSWEEP_ENGINE=fake \
        "$PINSWEEP" run tests/good/slurm-sweep.yaml --shard 2/4 -o "$d/none" --no-plot > /dev/null 2>&1
    [ -s "$d/none/meta.yaml" ] && ! grep -q '^job:' "$d/none/meta.yaml" \
        && t_pass "fleet: without those variables meta.yaml has no job: section" \
        || t_fail "fleet: without those variables meta.yaml has no job: section" "$(grep -A4 '^job:' "$d/none/meta.yaml")"
}

# scripts/nhc/check_pinsweep.nhc sourced as NHC sources it, with die and log the test's own:
# a stub pinsweep for each exit code of check, then the real one on a degraded fake link.
fleet_nhc() {
    local d=$TMP/nhc code got
    rm -rf "$d"; mkdir -p "$d"
    # nhc_run PINSWEEP ARGS...: "rc=N die=CODE:MSG log=MSG" of check_pinsweep ARGS in a shell
    # that has sourced the file with die and log recording what they were given.
    nhc_run() {
        PINSWEEP=$1 bash -c '. scripts/nhc/check_pinsweep.nhc
            die() { echo "$1:$2" > "$D/die"; }
            log() { echo "$1" > "$D/log"; }
            rm -f "$D/die" "$D/log"; shift
            check_pinsweep "$@"; rc=$?
            echo "rc=$rc die=$(cat "$D/die" 2> /dev/null) log=$(cat "$D/log" 2> /dev/null)"' nhc "$@"
    }
    export D=$d
    for code in 0 1 2 3 4 9; do
        printf '#!/bin/sh\n[ "$1" = check ] || exit 99\necho "ERROR: pinsweep check: n1 GPU 0 (0000:00:06.0) h2d: 41.20 GB/s, below 49.10"\necho "BUSY: pinsweep check: n1 GPU 0 (0000:00:06.0): 1 other process on it"\necho "pinsweep: check: n1: why %s" >&2\nexit %s\n' $code $code > "$d/stub$code"
        chmod +x "$d/stub$code"
    done
    [ "$(nhc_run "$d/stub0" --expect x)" = "rc=0 die= log=" ] && t_pass "fleet: NHC's check_pinsweep returns 0 for a healthy node" \
        || t_fail "fleet: NHC's check_pinsweep returns 0 for a healthy node" "$(nhc_run "$d/stub0")"
    for code in 1 3; do
        got=$(nhc_run "$d/stub$code")
        [ "$got" = "rc=1 die=1:pinsweep: n1 GPU 0 (0000:00:06.0) h2d: 41.20 GB/s, below 49.10 log=" ] \
            && t_pass "fleet: NHC's check_pinsweep dies with the first ERROR line on exit $code" \
            || t_fail "fleet: NHC's check_pinsweep dies with the first ERROR line on exit $code" "$got"
    done
    got=$(nhc_run "$d/stub4")
    [ "$got" = "rc=0 die= log=check_pinsweep: not judged (exit 4): BUSY: pinsweep check: n1 GPU 0 (0000:00:06.0): 1 other process on it" ] \
        && t_pass "fleet: NHC's check_pinsweep logs busy (exit 4) and returns 0" || t_fail "fleet: NHC's check_pinsweep on busy" "$got"
    got=$(nhc_run "$d/stub2")
    [ "$got" = "rc=0 die= log=check_pinsweep: nothing judged (exit 2): pinsweep: check: n1: why 2" ] \
        && t_pass "fleet: NHC's check_pinsweep reports nothing judged (exit 2) with check's reason, and returns 0" \
        || t_fail "fleet: NHC's check_pinsweep on exit 2" "$got"
    got=$(nhc_run "$d/stub9")
    [ "$got" = "rc=1 die=1:pinsweep: check exited 9 without a verdict (pinsweep: check: n1: why 9) log=" ] \
        && t_pass "fleet: NHC's check_pinsweep dies naming any other exit code" || t_fail "fleet: NHC's check_pinsweep on exit 9" "$got"
    got=$(nhc_run "$d/absent")
    [ "$got" = "rc=1 die=1:pinsweep: check cannot run: $d/absent is not found (exit 127) log=" ] \
        && t_pass "fleet: NHC's check_pinsweep dies naming a pinsweep that is not there" || t_fail "fleet: NHC's check_pinsweep, pinsweep missing" "$got"
    cp "$d/stub0" "$d/noexec"; chmod -x "$d/noexec"
    got=$(nhc_run "$d/noexec")
    [ "$got" = "rc=1 die=1:pinsweep: check cannot run: $d/noexec is not executable (exit 126) log=" ] \
        && t_pass "fleet: NHC's check_pinsweep dies naming a pinsweep that cannot be executed" || t_fail "fleet: NHC's check_pinsweep, not executable" "$got"
    got=$(env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_BUS_ID=0000:00:06.0 PINSWEEP_SYSFS=$PWD/tests/fixtures/link-degraded \
        bash -c "$(declare -f nhc_run); nhc_run '$PINSWEEP' --expect h2d=0.01,d2h=0.01,bidir=0.01")
    [ "$got" = "rc=1 die=1:pinsweep: $(hostname -s) GPU 0 (0000:00:06.0) link: Gen4 x16 during a copy, below its maximum Gen5 x16 log=" ] \
        && t_pass "fleet: NHC's check_pinsweep with the real pinsweep dies with its ERROR line on a degraded link" \
        || t_fail "fleet: NHC's check_pinsweep with the real pinsweep on a degraded link" "$got"
    unset D
}

t_compare_text() {
    if printf '%s\n' "$2" | cmp -s - "$3"; then t_pass "$1"; else t_fail "$1" "got '$(cat "$3")', want '$2'"; fi
}

fleet_shards
fleet_shard_resume
fleet_meta_job
fleet_check
fleet_check_link
fleet_check_busy
fleet_check_prom
fleet_healthcheck
fleet_nhc
fleet_view
fleet_screen

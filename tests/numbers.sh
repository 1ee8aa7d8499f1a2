# tests/numbers.sh - the numbers themselves, sourced by tests/run-tests.
# The fake engine runs on an exact clock model (engine/clockmodel.h,
# tests/numbers/model-a.txt), so every number of its runs is known in
# advance: each column of summary.csv, samples.csv, fits.csv, breakeven.csv,
# host-memcpy.csv and compare.csv is checked against the model or
# recomputed from the raw samples by its definition, and compare and report
# are checked on two generated "machines"; compare's intervals on two noisy
# ones, from their samples.csv by the interval's definition (interval.awk).  The model is written again in
# awk (tests/numbers/model.awk), independently of the C.

NUM=tests/numbers

# numbers_verdicts PREFIX FILE: one check per column from "COLUMN ok|bad..." lines; a column
# with no cell checked fails (a check must never pass on nothing).
numbers_verdicts() {
    local prefix=$1 file=$2 c bad ok
    for c in $(awk '{ print $1 }' "$file" | sort -u); do
        ok=$(grep -c "^$c ok$" "$file"); bad=$(grep "^$c bad" "$file" | head -3)
        if [ -z "$bad" ] && [ "$ok" -gt 0 ]; then t_pass "$prefix $c ($ok cells)"
        else t_fail "$prefix $c" "$bad"; fi
    done
    [ -s "$file" ] || t_fail "$prefix" "no cell was checked"
}

# numbers_cover NAME CSV CHECKED EXEMPT...: every column of CSV's header is checked or exempt.
# (repaired, disturbed_rounds, disturbed: quiet here; tests/rounds.sh checks them exactly)
numbers_cover() {
    local name=$1 csv=$2 checked=$3 missing="" c; shift 3
    for c in $(head -1 "$csv" | tr ',' ' '); do
        case " $* " in *" $c "*) continue ;; esac
        grep -q "^\(.*:\)\?$c ok$" "$checked" || missing="$missing $c"
    done
    [ -n "$(head -1 "$csv")" ] && [ -z "$missing" ] && t_pass "$name" || t_fail "$name" "unchecked:$missing"
}

# The noisy run's model, on top of model A.
NUMBERS_NOISE="noise_pct=10 seed=7 slow_from_ms=20 slow_to_ms=30 slow_factor=3"

# Inputs and placement are not derived numbers; they are tested in tests/cli.sh.
NUMBERS_INPUTS="experiment config device alloc direction buffer api cache touch streams chunks kernel threads numa pages size_bytes gpu_numa_node bound_numa_node host_numa_node host_numa_pct huge_pct status timing"

numbers_exact() {
    local r=$TMP/num-exact
    expect "numbers: an exact-clock fake run" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL_FILE=$NUM/model-a.txt \
        "$PINSWEEP" run $NUM/exact.yaml -o "$r" --no-plot || return
    awk -F, -v MODEL=$NUM/model-a.txt -f $NUM/model.awk -f $NUM/summary-model.awk "$r/summary.csv" "$r/samples.csv" > "$TMP/num-model"
    numbers_verdicts "numbers: summary.csv matches the model:" "$TMP/num-model"
    awk -F, -v MODEL=/dev/null -f $NUM/model.awk -f $NUM/recompute.awk "$r/summary.csv" "$r/samples.csv" > "$TMP/num-recomp"
    numbers_verdicts "numbers: exact run, recomputed from samples.csv:" "$TMP/num-recomp"
    # fits.csv: t(n) = t0 + n/B fitted to exact points gives the model's t0 and B back.
    awk -F, -v MODEL=$NUM/model-a.txt -f $NUM/model.awk -f $NUM/fits.awk "$r/fits.csv" > "$TMP/num-fits"
    numbers_verdicts "numbers: fits.csv:" "$TMP/num-fits"
    numbers_cover "numbers: every fits.csv column is checked" "$r/fits.csv" "$TMP/num-fits" $NUMBERS_INPUTS
    # breakeven.csv: (alloc + free) / (pageable - page-locked time per copy), all from the model.
    awk -F, -v MODEL=$NUM/model-a.txt -f $NUM/model.awk -f $NUM/breakeven.awk "$r/breakeven.csv" > "$TMP/num-be"
    numbers_verdicts "numbers: breakeven.csv:" "$TMP/num-be"
    numbers_cover "numbers: every breakeven.csv column is checked" "$r/breakeven.csv" "$TMP/num-be" alloc direction api size_bytes
    # ... and it has every row it should: each page-locked kind (pinned's pages read '-', registered's
    # 'default') x h2d, d2h x sync, async x the 3 sizes, once.
    local rows
    rows=$(awk -F, 'NR > 1 { print $1, $2, $3, $4 }' "$r/breakeven.csv" | sort -u | awk '{ n[$1]++ } END { printf "pinned %d registered %d", n["pinned"], n["registered"] }')
    if [ "$rows" = "pinned 12 registered 12" ] && [ "$(awk 'END { print NR - 1 }' "$r/breakeven.csv")" = 24 ]; then
        t_pass "numbers: breakeven.csv has a row per page-locked kind, direction, api and size"
    else
        t_fail "numbers: breakeven.csv has a row per page-locked kind, direction, api and size" "got $rows, want pinned 12 registered 12"
    fi
    # host-memcpy.csv: memcpy.t0_us is 0, so every size runs at memcpy.gbps exactly (through 2 MiB).
    awk -F, -v MODEL=$NUM/model-a.txt -f $NUM/model.awk -f $NUM/hostmemcpy.awk "$r/host-memcpy.csv" > "$TMP/num-hm"
    numbers_verdicts "numbers: host-memcpy.csv:" "$TMP/num-hm"
}

# Noise and a slow window make the samples differ, asymmetrically: medians, means, extremes
# and deviations must then come out of samples.csv by their definitions.
numbers_noisy() {
    local r=$TMP/num-noisy
    expect "numbers: a noisy fake run (seeded noise, a slow window)" 0 "" -- \
        env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL_FILE=$NUM/model-a.txt PINSWEEP_FAKE_MODEL="$NUMBERS_NOISE" \
        "$PINSWEEP" run $NUM/exact.yaml -o "$r" --no-plot || return
    awk -F, -v MODEL=/dev/null -f $NUM/model.awk -f $NUM/recompute.awk "$r/summary.csv" "$r/samples.csv" > "$TMP/num-noisy-chk"
    numbers_verdicts "numbers: noisy run, recomputed from samples.csv:" "$TMP/num-noisy-chk"
    # The recomputation has teeth only if the samples differ: median != mean somewhere.
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } $H["gbps_median"] != $H["gbps_mean"] && $H["gbps_min"] != $H["gbps_max"] { n++ } END { exit n < 50 }' "$r/summary.csv" \
        && t_pass "numbers: the noisy run's samples differ (median != mean)" || t_fail "numbers: the noisy run's samples differ (median != mean)"
    cat "$TMP/num-recomp" "$TMP/num-noisy-chk" "$TMP/num-model" 2> /dev/null > "$TMP/num-all"
    numbers_cover "numbers: every summary.csv column is checked" "$r/summary.csv" "$TMP/num-all" $NUMBERS_INPUTS gpus overlap_pct synchronised alone_gbps scaling_pct repaired disturbed_rounds
    numbers_cover "numbers: every samples.csv column is checked" "$r/samples.csv" "$TMP/num-all" config device gpus disturbed
    [ "$(cut -d, -f4- "$r/samples.csv" | md5sum)" = "$(env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL_FILE=$NUM/model-a.txt PINSWEEP_FAKE_MODEL="$NUMBERS_NOISE" "$PINSWEEP" run $NUM/exact.yaml -o "$r-again" --no-plot > /dev/null 2>&1; cut -d, -f4- "$r-again/samples.csv" | md5sum)" ] \
        && t_pass "numbers: seeded noise is deterministic (two runs, the same samples.csv)" || t_fail "numbers: seeded noise is deterministic"
}

# Two machines with known different models: compare's ratios and the report's numbers.
numbers_machines() {
    local a=$TMP/num-ma b=$TMP/num-mb
    { cat $NUM/model-a.txt; echo "pinned.gbps=25 pinned.d2h.gbps=30 pageable.gbps=12 bidir_share=0.5"; } > "$TMP/model-b.txt"
    expect "numbers: machine A (fake, model A)" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL_FILE=$NUM/model-a.txt \
        "$PINSWEEP" run $NUM/machines.yaml -o "$a" --no-plot || return
    expect "numbers: machine B (fake, model B)" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL_FILE="$TMP/model-b.txt" \
        "$PINSWEEP" run $NUM/machines.yaml -o "$b" --no-plot || return
    expect "numbers: compare the two machines" 0 "" -- "$PINSWEEP" compare "$a" "$b" --label "A=$a" --label "B=$b" -o "$TMP/num-cmp" || return
    local m
    for m in a b; do # each row's model bandwidth and time per copy on machine A and on B
        awk -F, -v MODEL="$([ $m = a ] && echo $NUM/model-a.txt || echo "$TMP/model-b.txt")" -f $NUM/model.awk -f $NUM/compare-expect.awk \
            "$TMP/num-cmp/compare.csv" > "$TMP/num-cmp-$m"
    done
    awk -F, -v MODEL=/dev/null -v DA="$a" -v DB="$b" -f $NUM/model.awk -f $NUM/compare.awk \
        "$TMP/num-cmp-a" "$TMP/num-cmp-b" "$TMP/num-cmp/compare.csv" > "$TMP/num-cmp-chk"
    numbers_verdicts "numbers: compare.csv:" "$TMP/num-cmp-chk"
    numbers_cover "numbers: every compare.csv column is checked" "$TMP/num-cmp/compare.csv" "$TMP/num-cmp-chk" \
        experiment alloc direction buffer api cache touch size_bytes streams chunks kernel threads numa pages
    [ "$(awk -F, 'NR > 1 && $1 == "B" && $(NF - 1) != "1" { n++ } END { print n + 0 }' "$TMP/num-cmp/compare.csv")" -ge 10 ] \
        && t_pass "numbers: the machines differ (B's ratios are not 1)" || t_fail "numbers: the machines differ (B's ratios are not 1)"
    expect "numbers: report on the two machines" 0 "" -- "$PINSWEEP" report "$a" "$b" --label "A=$a" --label "B=$b" -o "$TMP/num-rep" || return
    local want
    want=$(awk -v MODEL=$NUM/model-a.txt -f $NUM/model.awk -f $NUM/report.awk -f $NUM/report-a.awk)
    want="$want
$(awk -v MODEL="$TMP/model-b.txt" -f $NUM/model.awk -f $NUM/report.awk -f $NUM/report-b.awk)"
    local line missing=""
    # 6 lines of A's, 3 of B's: fewer means the awk failed, and nothing would be checked
    [ "$(grep -c . <<< "$want")" = 9 ] || missing="the awk scripts said $(grep -c . <<< "$want") lines, not 9"
    # whole lines; a caption's line ("... Drawn: ") is known up to what the figure draws
    while IFS= read -r line; do
        case $line in
            *"Drawn: ") awk -v w="$line" 'index($0, w) == 1 { f = 1 } END { exit !f }' "$TMP/num-rep/report.md" ;;
            *) grep -qxF -- "$line" "$TMP/num-rep/report.md" ;;
        esac || missing="$missing
    $line"; done <<< "$want"
    [ -z "$missing" ] && t_pass "numbers: report.md has both machines' peaks, speedups, fits and bandwidth readings as the models say" \
        || t_fail "numbers: report.md has the models' numbers" "missing:$missing"
}

# Two noisy machines (seeded noise on the exact clock; B's pinned copies slower, on a PCIe 4.0
# x16 link of a fixture sysfs tree, 31.51 GB/s, that its pinned h2d interval at 4 MiB reaches
# (seed 9: rsd 0.72 % of 3 samples at 30.84 GB/s, h = 0.036, to 31.96)
# past): every interval of compare.csv as its definition gives it from each folder's
# samples.csv (tests/numbers/interval.awk: logs, Student's t from its closed forms), B's
# gbps_hi ending at its link's raw rate there, the ratio's above 0, and significance where
# the ratio's interval misses 1.
numbers_intervals() {
    local a=$TMP/num-ia b=$TMP/num-ib
    expect "numbers: noisy machine A" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL_FILE=$NUM/model-a.txt \
        PINSWEEP_FAKE_MODEL="noise_pct=10 seed=7" "$PINSWEEP" run $NUM/machines.yaml -o "$a" --no-plot || return
    expect "numbers: noisy machine B, pinned slower, on a PCIe 4.0 x16 link" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL_FILE=$NUM/model-a.txt \
        PINSWEEP_FAKE_MODEL="noise_pct=10 seed=9 pinned.gbps=31 pinned.d2h.gbps=20" \
        PINSWEEP_SYSFS=tests/fixtures/link-degraded PINSWEEP_FAKE_BUS_ID=0000:00:06.0 "$PINSWEEP" run $NUM/machines.yaml -o "$b" --no-plot || return
    expect "numbers: compare the noisy machines" 0 "" -- "$PINSWEEP" compare "$a" "$b" --label "A=$a" --label "B=$b" -o "$TMP/num-icmp" || return
    awk -F, -v MODEL=/dev/null -v DA="$a" -f $NUM/model.awk -f $NUM/interval.awk -f $NUM/compare-interval.awk \
        "$a/samples.csv" "$a/summary.csv" "$b/samples.csv" "$b/summary.csv" "$TMP/num-icmp/compare.csv" > "$TMP/num-icmp-chk"
    numbers_verdicts "numbers: compare.csv's intervals of noisy runs:" "$TMP/num-icmp-chk"
}

# A fits.csv without a column report needs is not read (it says there is none), never read
# with that column empty.
numbers_fits_columns() {
    local d=$TMP/num-nodir
    cp -r "$TMP/num-ma" "$d" && cut -d, -f1-2,4- "$TMP/num-ma/fits.csv" > "$d/fits.csv"
    expect "numbers: report on a folder whose fits.csv lacks the direction column" 0 "" -- "$PINSWEEP" report "$d" -o "$d-rep" || return
    grep -q '^No fits.csv' "$d-rep/report.md" && t_pass "numbers: a fits.csv without its direction column is not used" \
        || t_fail "numbers: a fits.csv without its direction column is not used" "$(grep -m3 '^| pinned' "$d-rep/report.md")"
}

# plot reads summary.csv back: every row pinsweep wrote must read without a problem (an
# empty cell where a column does not apply is not one).
numbers_plot_reads() {
    if ! command -v gnuplot > /dev/null; then t_skip "numbers: plot reads back every row" "gnuplot not installed"; return; fi
    cp -r "$TMP/num-ma" "$TMP/num-plot"
    expect "numbers: plot reads back every row of a generated folder" 0 "" -- "$PINSWEEP" plot "$TMP/num-plot" || return
    ! grep -q 'summary.csv:[0-9]' "$TMP/err" && t_pass "numbers: plot finds no problem in summary.csv" \
        || t_fail "numbers: plot finds no problem in summary.csv" "$(grep -m3 'summary.csv:' "$TMP/err")"
}

numbers_exact
numbers_noisy
numbers_machines
numbers_intervals
numbers_fits_columns
numbers_plot_reads

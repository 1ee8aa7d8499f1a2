# tests/rounds.sh - rounds, the drift sentinel, the machine state and compare's
# significance through the fake engine on its model clock (engine/clockmodel.h),
# sourced by tests/run-tests.  The statistics themselves are checked against
# hand-computed cases in tests/unit/test_rounds.c.

RND=tests/rounds
RND_MODEL="gbps=20 t0_us=5 pinned.gbps=50 pinned.t0_us=2 pageable.gbps=10 noise_pct=0.2 seed=3"

# Values of column NAME of CSV FILE, one per line (no quoted commas before it).
rnd_col() { awk -F, -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next } { print $k }' "$1"; }

# Repair rounds (run/repair.h) on the noise-free model clock: a slow window repaired, one that
# outlasts the budget, a run interrupted during its repairs and resumed.
rounds_repair() {
    local r=$1-repair q="gbps=20 t0_us=5 pinned.gbps=50 pinned.t0_us=2 pageable.gbps=10"
    expect "repair: a quiet noise-free run" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q" \
        "$PINSWEEP" run $RND/rounds.yaml -o "$r-quiet" --no-plot || return
    expect "repair: a slow window, repaired" 0 "pinsweep: repair: " -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q slow_from_ms=150 slow_to_ms=260 slow_factor=1.5" \
        "$PINSWEEP" run $RND/rounds.yaml -o "$r" --no-plot || return
    local yes
    yes=$(rnd_col "$r/summary.csv" repaired | grep -c '^yes$')
    # the closing lines: a sentence per window, and what became of its rows, counted
    grep -q '^pinsweep: the link was disturbed from [0-9.]* to [0-9.]* s (the sentinel read [0-9.]*% below its median); [1-9][0-9]* configuration rounds\{0,1\} w[a-z]* measured then (meta.yaml.s drift.window_1 lists them)$' "$TMP/err" \
        && grep -q "^pinsweep: repair: $yes configurations\\{0,1\\} w[a-z]* measured again after the rounds, in [0-9.]* s (budget [0-9.]* s): $yes clean, 0 could not be measured clean, 0 left by an interruption; summary.csv's " "$TMP/err" \
        && ! grep -q ' [0-9]*/r[0-9]' "$TMP/err" \
        && t_pass "repair: the closing lines say when, how far, how many, and what became of them (no lists)" || t_fail "repair: the closing lines" "$(grep '^pinsweep: \(the link\|repair\)' "$TMP/err")"
    [ "$yes" -ge 1 ] && ! rnd_col "$r/summary.csv" repaired | grep -q '^no$' && grep -q "^    repaired: $yes$" "$r/meta.yaml" && grep -q '^    disagreed: 0$' "$r/meta.yaml" \
        && t_pass "repair: the configurations measured in the window are repaired ($yes), none left unclean, none disagreed" || t_fail "repair: the window's configurations repaired" "$(sed -n '/repair:/,$p' "$r/meta.yaml")"
    # exact: every row's median is the quiet run's (the model's rate), repaired or not
    [ "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } { print $H["config"], $H["gbps_median"] }' "$r/summary.csv" | sort -n)" = \
      "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } { print $H["config"], $H["gbps_median"] }' "$r-quiet/summary.csv" | sort -n)" ] \
        && t_pass "repair: a repaired row's median is the model's quiet rate exactly" || t_fail "repair: repaired medians are the quiet rates"
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } $H["disturbed"] == "yes" { d[$H["config"]] = 1; if ($H["round"] > 3) bad++ } $H["round"] == 4 { rep[$H["config"]] = 1 } END { for (c in d) { n++; if (!(c in rep)) bad++ } exit !(n >= 1 && !bad) }' "$r/samples.csv" \
        && t_pass "repair: samples.csv keeps the disturbed samples (disturbed=yes) and the repair round (round 4)" || t_fail "repair: samples.csv's disturbed and repair rounds"
    grep -q '^    measured: .*/r4' "$r/meta.yaml" && t_fail "repair: no repair round lies in a window" "$(grep measured "$r/meta.yaml")" || t_pass "repair: no repair round lies in a window"
    # the record says what decided the repairs: the rounds' readings are the basis, and every
    # configuration measured again was measured in a window meta.yaml lists
    [ "$(grep '^  basis_readings:' "$r/meta.yaml" | awk '{ print $2 }')" = "$(awk -F, 'NR > 1 && $4 <= 3 && $12 == "ok"' "$r/sentinel.csv" | wc -l)" ] \
        && [ "$(awk -F, 'NR > 1 && $4 > 3' "$r/sentinel.csv" | wc -l)" -ge 1 ] \
        && awk '/^    measured:/ { for (i = 2; i <= NF; i++) { split($i, a, "/"); w[a[1]] = 1 } } /^    disturbed_configs:/ { for (i = 2; i <= NF; i++) if (!($i in w)) bad++; n = NF - 1 } END { exit !(n >= 1 && !bad) }' "$r/meta.yaml" \
        && t_pass "repair: meta.yaml's basis is the rounds' readings, and its windows list every configuration measured again" || t_fail "repair: the record of what decided the repairs" "$(sed -n '/^drift:/,/^[a-z]/p' "$r/meta.yaml" | head -30)"
    # the sentinel figure's caption says which readings are the repair rounds' and what they are judged by
    local nrep
    nrep=$(awk -F, 'NR > 1 && $4 > 3 && $12 == "ok"' "$r/sentinel.csv" | wc -l)
    "$PINSWEEP" plot "$r" > /dev/null 2>&1
    grep -q "of the median of the rounds' readings, [0-9.]* GB/s, .*; $nrep of the readings are the repair rounds', taken around each configuration measured again, judged against the rounds' median and band, not part of them" "$r/figures/captions.md" \
        && t_pass "repair: the sentinel caption counts the repair rounds' readings ($nrep) and says what judged them" || t_fail "repair: the sentinel caption and the repair rounds" "$(grep -A4 '^## sentinel' "$r/figures/captions.md" | tail -1 | cut -c1-600)"
    # a shallow window (2 %): a round is measured again only when the dip is deeper than its own
    # samples scatter (rsd); noisy pageable rounds in it are kept, noise-free pinned ones repaired
    expect "repair: a shallow window" 0 "pinsweep: repair: " -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q pageable.noise_pct=6 slow_from_ms=150 slow_to_ms=400 slow_factor=1.02" \
        "$PINSWEEP" run $RND/rounds.yaml -o "$r-shallow" --no-plot || return
    local want got kept
    want=$(awk -F, -v meta="$r-shallow/meta.yaml" 'BEGIN { while ((getline l < meta) > 0) { if (l ~ /^    worst_pct:/) { split(l, a, ": "); depth = a[2] < 0 ? -a[2] : a[2] } if (l ~ /^    measured:/) { nm = split(l, a, " "); for (i = 2; i <= nm; i++) { split(a[i], cr, "/r"); in_w[cr[1] "," cr[2]] = 1 } } } }
        NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
        $H["round"] <= 3 { k = $H["config"] "," $H["round"]; if (!(k in in_w)) next; n[k]++; s[k] += $H["gbps"]; q[k] += $H["gbps"] ^ 2 }
        END { for (k in n) { m = s[k] / n[k]; sd = n[k] > 1 ? sqrt((q[k] - n[k] * m * m) / (n[k] - 1)) : 0; split(k, cr, ","); if (n[k] < 2 || depth > 100 * sd / m) print cr[1] } }' "$r-shallow/samples.csv" | sort -n | tr '\n' ' ')
    got=$(sed -n 's/^    disturbed_configs: //p' "$r-shallow/meta.yaml" | tr ' ' '\n' | sort -n | tr '\n' ' ')
    kept=$(grep -c '' <<< "$(sed -n 's/^    measured: //p' "$r-shallow/meta.yaml" | tr ' ' '\n' | sed 's,/r.*,,' | sort -u)")
    [ -n "$want" ] && [ "$want" = "$got" ] && [ "$kept" -gt "$(echo $got | wc -w)" ] \
        && t_pass "repair: a shallow window repairs the rounds it moves more than their samples scatter (${got% } of $kept)" || t_fail "repair: a shallow window" "want '$want', got '$got' of $kept"
    # a window that outlasts the budget (from 1.15 s of the rounds' 1.4: the median stays the quiet level): what is left is marked no, never repaired=yes
    expect "repair: a slow window to the end" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q slow_from_ms=1150 slow_to_ms=1000000 slow_factor=1.5" \
        "$PINSWEEP" run $RND/rounds.yaml -o "$r-long" --no-plot || return
    local no
    no=$(rnd_col "$r-long/summary.csv" repaired | grep -c '^no$')
    [ "$no" -ge 1 ] && ! rnd_col "$r-long/summary.csv" repaired | grep -q '^yes$' && grep -q "^    not_clean: $no$" "$r-long/meta.yaml" \
        && awk '/^    budget_s:/ { b = $2 } /^    time_s:/ { t = $2 } END { exit !(t <= 1.5 * b) }' "$r-long/meta.yaml" \
        && t_pass "repair: a window that outlasts the budget: $no rows marked repaired=no, within the budget (and the repair it began)" || t_fail "repair: a window past the budget" "$(sed -n '/repair:/,$p' "$r-long/meta.yaml")"
    # shards repair their own configurations; merge keeps each row's repaired
    local i n=0
    for i in 1 2; do
        expect "repair: shard $i/2 with a slow window" 0 "pinsweep: repair: " -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q slow_from_ms=100 slow_to_ms=200 slow_factor=1.5" \
            "$PINSWEEP" run $RND/rounds.yaml -o "$r-shard$i" --shard $i/2 --no-plot || return
        n=$((n + $(rnd_col "$r-shard$i/summary.csv" repaired | grep -c '^yes$')))
    done
    expect "repair: the shards merged" 0 "" -- "$PINSWEEP" merge "$r-shard1" "$r-shard2" -o "$r-shards" || return
    [ "$n" -ge 2 ] && [ "$(rnd_col "$r-shards/summary.csv" repaired | grep -c '^yes$')" = "$n" ] && [ "$(rnd_col "$r-shards/summary.csv" config | wc -l)" = 12 ] \
        && t_pass "repair: shards repair their own rows ($n), and merge keeps them" || t_fail "repair: shards and merge" "$n; $(rnd_col "$r-shards/summary.csv" repaired | tr '\n' ' ')"
    # interrupted during the repairs (the fake engine sends itself SIGINT at 1.5 s of its clock), resumed
    expect "repair: interrupted during the repairs" 130 "pinsweep: repair: " -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q slow_from_ms=150 slow_to_ms=1000 slow_factor=1.5 sigint_at_ms=1700" \
        "$PINSWEEP" run $RND/rounds.yaml -o "$r-int" --no-plot || return
    grep -q '^    left: [1-9]' "$r-int/meta.yaml" && t_pass "repair: the interruption left configurations unwritten, listed in meta.yaml" || t_fail "repair: interrupted during the repairs" "$(sed -n '/repair:/,$p' "$r-int/meta.yaml")"
    expect "repair: the interrupted run resumes" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q" \
        "$PINSWEEP" run $RND/rounds.yaml --resume "$r-int" --no-plot || return
    [ "$(rnd_col "$r-int/summary.csv" config | sort -n | uniq | wc -l)" = 12 ] && [ "$(rnd_col "$r-int/summary.csv" config | wc -l)" = 12 ] && grep -q '^  status: complete' "$r-int/meta.yaml" \
        && t_pass "repair: after resume every configuration is there once" || t_fail "repair: after resume every configuration once" "$(rnd_col "$r-int/summary.csv" config | sort -n | tr '\n' ' ')"
    rounds_repair_dips "$r" "$q"
}

# Each row's "config repaired disturbed_rounds gbps_median stable" where repaired is set, of summary.csv FILE.
rnd_repaired() { awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } $H["repaired"] != "" { print $H["config"], $H["repaired"], $H["disturbed_rounds"], $H["gbps_median"], $H["stable"] }' "$1" | sort -n; }
# The samples of samples.csv FILE marked disturbed, as config/round, each once.
rnd_disturbed() { awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } $H["disturbed"] == "yes" { print $H["config"] "/" $H["round"] }' "$1" | sort -n -t/ -k1,1 -k2,2 | uniq | tr '\n' ' '; }
# Configuration C's gbps_median in summary.csv FILE.
rnd_median() { awk -F, -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } $H["config"] == c { print $H["gbps_median"] }' "$1"; }

# Repair rounds judged against their rows' clean rounds too (record_round_disagrees), on the
# noise-free model of rounds_repair: the slow window of 150-260 ms puts configurations 3, 5 and 12
# under the sentinel (pinned h2d 64 MiB) in round 1; windows qualified by kind slow only what is
# measured, never the sentinel.  The rounds end at 1.41 s; each repair takes about 5 ms, each
# sentinel reading around it 30 ms: the repairs run at 1.44 s (3), 1.48 s (3's second, or 5), ...
rounds_repair_dips() {
    local r=$1-dips q="$2 slow_from_ms=150 slow_to_ms=260 slow_factor=1.5" quiet=$1-quiet
    # configuration 3 (pageable h2d) dips in its first repair alone, 5 (pageable d2h) in both; the
    # sentinel reads quiet around each
    expect "repair: repairs in dips the sentinel does not read" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q pageable.h2d.slow_from_ms=1435 pageable.h2d.slow_to_ms=1460 pageable.d2h.slow_from_ms=1435 pageable.d2h.slow_to_ms=1000000" \
        "$PINSWEEP" run $RND/rounds.yaml -o "$r" --no-plot || return
    grep -qxF "pinsweep: repair: 3 configurations were measured again after the rounds, in 0.2 s (budget 0.7 s): 2 clean, 1 could not be measured clean, 0 left by an interruption; 2 had a repair round that disagreed with their clean rounds; summary.csv's repaired column says which, meta.yaml's drift.repair lists them" "$TMP/err" \
        && t_pass "repair: the closing line counts the repairs that disagreed with their clean rounds" || t_fail "repair: the closing line of repairs that disagreed" "$(grep '^pinsweep: repair: .* again after' "$TMP/err")"
    [ "$(rnd_repaired "$r/summary.csv")" = "3 yes 2 $(rnd_median "$quiet/summary.csv" 3) yes
5 no 3 $(rnd_median "$quiet/summary.csv" 5) yes
12 yes 1 $(rnd_median "$quiet/summary.csv" 12) yes" ] \
        && t_pass "repair: 3 repaired by its second repair, 5 (both in a dip) repaired=no from its clean rounds, 12 repaired; each at the quiet rate" || t_fail "repair: the rows repaired after dips" "$(rnd_repaired "$r/summary.csv" | tr '\n' ';')"
    [ "$(rnd_disturbed "$r/samples.csv")" = "3/1 3/4 5/1 5/4 5/5 12/1 " ] \
        && t_pass "repair: samples.csv marks the repair rounds that disagreed disturbed (3/r4, 5/r4, 5/r5), beside round 1's" || t_fail "repair: disturbed samples after dips" "$(rnd_disturbed "$r/samples.csv")"
    [ "$(sed -n 's/^    \(repaired\|not_clean\|disagreed\|[a-z_]*_configs\): */\1 /p' "$r/meta.yaml" | tr '\n' ';')" = "repaired 2;not_clean 1;disagreed 2;disturbed_configs 3 5 12;repaired_configs 3 12;not_clean_configs 5;disagreed_configs 3 5;left_configs ;" ] \
        && grep -q '^  windows: 1$' "$r/meta.yaml" && ! grep -q '^    measured: .*/r[45]' "$r/meta.yaml" \
        && t_pass "repair: meta.yaml lists what disagreed (3 5) beside what was not clean (5); the sentinel read no window in the repairs" || t_fail "repair: meta.yaml after dips" "$(sed -n '/^  window_1:/,$p' "$r/meta.yaml")"
    # configuration 12's round 2 (pinned d2h, at 0.73 s) dips: its clean rounds disagree, so the
    # sentinel alone judges its repair, which is kept though it reads apart from round 2
    expect "repair: a row whose clean rounds disagree" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q pinned.d2h.slow_from_ms=725 pinned.d2h.slow_to_ms=745" \
        "$PINSWEEP" run $RND/rounds.yaml -o "$r-apart" --no-plot || return
    grep -qxF "pinsweep: repair: 3 configurations were measured again after the rounds, in 0.1 s (budget 0.7 s): 3 clean, 0 could not be measured clean, 0 left by an interruption; summary.csv's repaired column says which, meta.yaml's drift.repair lists them" "$TMP/err" \
        && [ "$(rnd_repaired "$r-apart/summary.csv" | tail -1)" = "12 yes 1 $(rnd_median "$quiet/summary.csv" 12) no" ] \
        && [ "$(rnd_disturbed "$r-apart/samples.csv")" = "3/1 5/1 12/1 " ] && grep -q '^    disagreed: 0$' "$r-apart/meta.yaml" \
        && t_pass "repair: with clean rounds that already disagree the sentinel alone judges the repair (12 repaired, stable=no)" || t_fail "repair: clean rounds that disagree" "$(rnd_repaired "$r-apart/summary.csv" | tr '\n' ';') $(rnd_disturbed "$r-apart/samples.csv")"
}

rounds_run() {
    local r=$TMP/rounds
    expect "rounds: a run of 3 rounds" 0 "round 3 of 3" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$RND_MODEL" \
        "$PINSWEEP" run $RND/rounds.yaml -o "$r" --no-plot || return
    [ "$(rnd_col "$r/summary.csv" rounds | sort -u)" = 3 ] && t_pass "rounds: every row says 3 rounds" || t_fail "rounds: every row says 3 rounds" "$(rnd_col "$r/summary.csv" rounds | sort -u | tr '\n' ' ')"
    [ "$(rnd_col "$r/samples.csv" round | sort -u | tr '\n' ' ')" = "1 2 3 " ] && t_pass "rounds: samples.csv keeps each sample's round" || t_fail "rounds: samples.csv keeps each sample's round"
    # each configuration has samples in every round, at most max_samples / rounds = 3 per round
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } { n[$H["config"] "," $H["round"]]++ } END { for (k in n) { c++; if (n[k] > 3 || n[k] < 3) bad++ } exit !(c == 36 && !bad) }' "$r/samples.csv" \
        && t_pass "rounds: 12 configurations x 3 rounds, 3 samples each (min and max divided by rounds, at least 3)" || t_fail "rounds: 3 samples per configuration and round"
    # gbps_median is the median of the rounds' medians, recomputed from samples.csv
    awk -F, 'function med(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t } return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
        FNR == 1 { delete H; for (i = 1; i <= NF; i++) H[$i] = i; next }
        FILENAME == ARGV[1] { k = $H["config"] SUBSEP $H["round"]; v[k, ++n[k]] = $H["gbps"]; next }
        { for (q = 1; q <= 3; q++) { k = $H["config"] SUBSEP q; delete a; for (i = 1; i <= n[k]; i++) a[i] = v[k, i]; m[q] = med(a, n[k]) }
          lo = m[1]; hi = m[1]; for (q = 2; q <= 3; q++) { if (m[q] < lo) lo = m[q]; if (m[q] > hi) hi = m[q] }
          delete a; for (q = 1; q <= 3; q++) a[q] = m[q]; mm = med(a, 3)
          if (sqrt(($H["gbps_median"] / mm - 1) ^ 2) > 2e-5 || sqrt(($H["round_gbps_min"] / lo - 1) ^ 2) > 2e-5 || sqrt(($H["round_gbps_max"] / hi - 1) ^ 2) > 2e-5) bad++; rows++ }
        END { exit !(rows == 12 && !bad) }' "$r/samples.csv" "$r/summary.csv" \
        && t_pass "rounds: gbps_median, round_gbps_min and round_gbps_max recomputed from samples.csv" || t_fail "rounds: the round statistics recomputed from samples.csv"
    grep -q '^    round_seeds: [0-9]* [0-9]* [0-9]*$' "$r/meta.yaml" && grep -q '^    seed: 11$' "$r/meta.yaml" && grep -q '^    rounds: 3$' "$r/meta.yaml" \
        && t_pass "rounds: meta.yaml records the seed, the rounds and each round's seed" || t_fail "rounds: meta.yaml records the rounds" "$(grep -n round "$r/meta.yaml")"
    expect "rounds: the same seed again" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$RND_MODEL" \
        "$PINSWEEP" run $RND/rounds.yaml -o "$r-again" --no-plot || return
    [ "$(rnd_col "$r/samples.csv" config | uniq | md5sum)" = "$(rnd_col "$r-again/samples.csv" config | uniq | md5sum)" ] \
        && t_pass "rounds: the same seed gives the same order of rows" || t_fail "rounds: the same seed gives the same order"
    # the rounds are spread: a configuration's rounds are not back to back
    [ "$(rnd_col "$r/samples.csv" round | uniq | wc -l)" -ge 3 ] && [ "$(awk -F, 'NR > 1 { print $1 }' "$r/summary.csv" | tr '\n' ' ')" != "1 2 3 4 5 6 7 8 9 10 11 12 " ] \
        && t_pass "rounds: rows come in a shuffled order" || t_fail "rounds: rows come in a shuffled order"
    [ "$(rnd_col "$r/summary.csv" stable | sort -u | tr '\n' ' ')" != "" ] && ! rnd_col "$r/summary.csv" stable | grep -qv '^\(yes\|no\)$' \
        && t_pass "rounds: every row is marked stable yes or no" || t_fail "rounds: stable is yes or no"
    # the rounds of a quiet run (seeded noise, no slow window) agree: no row is marked, and none listed
    [ "$(rnd_col "$r/summary.csv" stable | grep -c '^no$')" = 0 ] && grep -q '^rounds: 3; 0 configurations whose rounds disagree' "$TMP/out" \
        && t_pass "rounds: a quiet run marks no configuration stable=no" || t_fail "rounds: a quiet run marks none" "$(rnd_col "$r/summary.csv" stable_p | tr '\n' ' ')"
    # a configuration made unstable by a slow window: stable=no and listed at the end
    expect "rounds: a slow window during one round" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$RND_MODEL slow_from_ms=150 slow_to_ms=260 slow_factor=1.5" \
        "$PINSWEEP" run $RND/no-repair.yaml -o "$r-slow" --no-plot || return
    local listed
    listed=$(sed -n 's/^rounds: 3; \([0-9]*\) configuration.*/\1/p' "$TMP/out")
    [ -n "$listed" ] && [ "$listed" -ge 1 ] && [ "$listed" = "$(rnd_col "$r-slow/summary.csv" stable | grep -c '^no$')" ] \
        && t_pass "rounds: the unstable configurations are marked stable=no and listed at the end ($listed)" || t_fail "rounds: unstable configurations listed" "$(tail -2 "$TMP/out")"
    # ... and each of them was measured in the window the sentinel flagged; stable_p says why
    awk -F, 'FILENAME ~ /meta[.]yaml$/ { if ($0 ~ /^    measured: /) for (i = split($0, f, " "); i > 1; i--) { split(f[i], a, "/"); in_window[a[1]] = 1 } next }
        FNR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
        { p = $H["stable_p"]; s = $H["stable"]; rows++
          if (s == "no") { no++; if (!($H["config"] in in_window)) bad++ }
          if (!(p >= 0 && p <= 1) || (s == "no") != (p < 0.01)) bad++ }
        END { exit !(rows == 12 && no >= 1 && !bad) }' "$r-slow/meta.yaml" "$r-slow/summary.csv" \
        && t_pass "rounds: every stable=no row was measured in the slow window, and has stable_p < 0.01" || t_fail "rounds: stable=no rows are the slow window's" "$(grep measured: "$r-slow/meta.yaml"; rnd_col "$r-slow/summary.csv" stable_p | tr '\n' ' ')"
    grep -q '^  windows: [1-9]' "$r-slow/meta.yaml" && grep -q '^    measured: [0-9]*/r[123]' "$r-slow/meta.yaml" \
        && t_pass "rounds: the sentinel flags the slow window and names what was measured in it" || t_fail "rounds: the sentinel flags the slow window" "$(sed -n '/^drift:/,$p' "$r-slow/meta.yaml")"
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["status"] == "ok" && $c["error"] == "" && $c["shard"] == "" && $c["time_s"] ~ /^[0-9.]+$/ { n++ } END { exit n < 5 }' "$r-slow/sentinel.csv" \
        && t_pass "rounds: sentinel.csv has the readings, with times" || t_fail "rounds: sentinel.csv has the readings" "$(head -3 "$r-slow/sentinel.csv")"
    grep -q '^  windows: 0$' "$r/meta.yaml" && grep -q '^  drift_pct: ' "$r/meta.yaml" \
        && t_pass "rounds: a quiet run has a drift and no window" || t_fail "rounds: a quiet run has no window" "$(sed -n '/^drift:/,$p' "$r/meta.yaml")"
    # the slow window lies within [150, 260) ms of the model clock: a flagged window overlaps it
    awk '/^  window_/ { w = 1 } w && /from_s:/ { f = $2 } w && /to_s:/ { t = $2; if (f < 0.26 && t > 0.15) ok = 1 } END { exit !ok }' "$r-slow/meta.yaml" \
        && t_pass "rounds: the flagged window covers the slow window's time" || t_fail "rounds: the flagged window's time" "$(grep -A3 window_ "$r-slow/meta.yaml")"
    rounds_repair "$r" || return
    # compare: two quiet runs with different noise seeds are the same machine; a slower pinned is not
    expect "rounds: a second quiet run (other noise)" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$RND_MODEL seed=5" \
        "$PINSWEEP" run $RND/rounds.yaml -o "$r-b" --no-plot || return
    expect "rounds: compare two quiet runs" 0 "" -- "$PINSWEEP" compare "$r" "$r-b" --label "A=$r" --label "B=$r-b" -o "$TMP/rnd-cmp" || return
    grep -q "^B: 0 of 12 configurations differ significantly from A (the ratio's 95 % interval excludes 1): no significant difference$" "$TMP/out" \
        && t_pass "rounds: compare's table says so" || t_fail "rounds: compare's table says so" "$(tail -3 "$TMP/out")"
    [ "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } $H["machine"] == "B" && $H["significant"] == "no" { n++ } END { print n + 0 }' "$TMP/rnd-cmp/compare.csv")" = 12 ] \
        && t_pass "rounds: two runs of the same machine: no significant difference on any row" || t_fail "rounds: two runs of the same machine" "$(cut -d, -f1,4,5,10,20- "$TMP/rnd-cmp/compare.csv" | head -14)"
    expect "rounds: a run with pinned 2% slower" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$RND_MODEL pinned.gbps=49" \
        "$PINSWEEP" run $RND/rounds.yaml -o "$r-c" --no-plot || return
    expect "rounds: compare against it" 0 "" -- "$PINSWEEP" compare "$r" "$r-c" --label "A=$r" --label "C=$r-c" -o "$TMP/rnd-cmp2" || return
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } $H["machine"] == "C" && $H["size_bytes"] >= 1048576 { if ($H["alloc"] == "pinned") bad += $H["significant"] != "yes"; else quiet += $H["significant"] == "no"; n++ } END { exit !(n == 8 && !bad && quiet >= 3) }' "$TMP/rnd-cmp2/compare.csv" \
        && t_pass "rounds: pinned 2% slower is significant at >= 1 MiB; pageable (unchanged) is not, but for at most one chance row" || t_fail "rounds: the slower pinned is significant" "$(cut -d, -f1,4,5,10,11,20- "$TMP/rnd-cmp2/compare.csv")"
    grep -q '^## Significant differences' "$TMP/rnd-cmp2/compare.md" && grep -q 'C\*\*: [1-9][0-9]* of 12 configurations differ significantly' "$TMP/rnd-cmp2/compare.md" \
        && t_pass "rounds: compare.md lists the significant differences" || t_fail "rounds: compare.md lists them" "$(grep -A4 Significant "$TMP/rnd-cmp2/compare.md")"
    if command -v gnuplot > /dev/null; then
        "$PINSWEEP" plot "$r-slow" > /dev/null 2>&1 && [ -s "$r-slow/figures/sentinel.png" ] && [ -s "$r-slow/figures/data/sentinel-vars.gp" ] \
            && t_pass "rounds: the sentinel figure is drawn" || t_fail "rounds: the sentinel figure is drawn"
        "$PINSWEEP" plot "$TMP/rnd-cmp2" > /dev/null 2>&1
        # each ratio with its interval (compare.csv's ratio_lo, ratio_hi): above 0, about it;
        # on a log axis centred at 1 (y_min x y_max = 1)
        [ -s "$TMP/rnd-cmp2/figures/compare-ratio.png" ] && grep -q 'ratio_lo ratio_hi' "$TMP/rnd-cmp2/figures/data/"compare-ratio-*.dat \
            && awk '/^[0-9]/ { n++; if (!($3 > 0 && $3 <= $2 && $2 <= $4)) bad++ } END { exit !(n >= 8 && !bad) }' "$TMP/rnd-cmp2/figures/data/"compare-ratio-*.dat \
            && awk -F' = ' '$1 == "log_y" { l = $2 } $1 == "y_min" { a = $2 } $1 == "y_max" { b = $2 } END { exit !(l == 1 && (a * b - 1) ^ 2 < 1e-18) }' "$TMP/rnd-cmp2/figures/data/compare-ratio-vars.gp" \
            && t_pass "rounds: compare-ratio draws each ratio's interval, above 0, on a log axis centred at 1" || t_fail "rounds: compare-ratio's intervals" "$(grep -h '^[0-9]' "$TMP/rnd-cmp2/figures/data/"compare-ratio-*.dat | head -4; grep '^y_m\|^log_y' "$TMP/rnd-cmp2/figures/data/compare-ratio-vars.gp")"
    else
        t_skip "rounds: the sentinel and ratio figures" "gnuplot not installed"
    fi
    expect_exact "rounds: a sentinel that is not in the plan is a usage error" 2 "pinsweep: measure.sentinel: 99 is not a configuration of the plan (1 to 12; see pinsweep plan)" -- \
        env PINSWEEP_ENGINE=fake "$PINSWEEP" run "$TMP/rnd-bad.yaml" -o "$r-bad" --no-plot < /dev/null
}

# Two slow windows on the noise-free model clock (the model's slow2_*): two disturbances apart,
# and two dips one good reading apart (closer than the sentinel's period, 10 ms: one disturbance).
# The model clock repeats itself, so meta.yaml's windows and the closing lines are exact: a window
# runs from the good reading before its off readings to the one after (sentinel.csv's times), and
# lists what was measured between them.
rounds_two_windows() {
    local r=$TMP/rnd-two q="gbps=20 t0_us=5 pinned.gbps=50 pinned.t0_us=2 pageable.gbps=10 slow_factor=1.5"
    local head="pinsweep: sentinel (pinned h2d reuse sync 64MiB (automatic)): 37 readings, median 49.93 GB/s, drift"
    local kept="pinsweep: the rows measured in those windows were kept as measured (no repair round: measure.repair is 0, or the run measured several GPUs or was stopped)"
    # the first reading 20 % low; reading 5 33 % low
    expect "two windows: two disturbances" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q slow_from_ms=186 slow_to_ms=204 slow2_from_ms=20 slow2_to_ms=40 slow2_factor=1.25" \
        "$PINSWEEP" run $RND/no-repair.yaml -o "$r-apart" --no-plot || return
    [ "$(grep '^pinsweep: \(sentinel (\|the link\|the rows\)' "$TMP/err")" = "$head 50.00% (max/min - 1), reading noise 0.00%; 2 windows off by more than 0.50%
pinsweep: the link was disturbed from 0.0 to 0.1 s (the sentinel read 20.00% below its median); 1 configuration round was measured then (meta.yaml's drift.window_1 lists them)
pinsweep: the link was disturbed from 0.1 to 0.2 s (the sentinel read 33.33% below its median); 2 configuration rounds were measured then (meta.yaml's drift.window_2 lists them)
$kept" ] && t_pass "two windows: a sentence per disturbance, its plurals (2 windows, 1 round was, 2 rounds were, those windows)" || t_fail "two windows: the closing lines of two disturbances" "$(grep '^pinsweep: \(sentinel (\|the link\|the rows\)' "$TMP/err")"
    [ "$(sed -n '/^  windows:/,$p' "$r-apart/meta.yaml")" = "  windows: 2
  window_1:
    from_s: 0.000
    to_s: 0.061
    worst_pct: -20.000
    measured: 11/r1
  window_2:
    from_s: 0.145
    to_s: 0.233
    worst_pct: -33.333
    measured: 5/r1 12/r1" ] && t_pass "two windows: meta.yaml's drift.window_1 and window_2, each its own span, worst and configurations" || t_fail "two windows: meta.yaml's windows of two disturbances" "$(sed -n '/^  windows:/,$p' "$r-apart/meta.yaml")"
    # readings 5 and 6 33 % low, reading 7 good, reading 8 50 % low: the worst is the second dip's
    expect "two windows: one disturbance in two dips" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q slow_from_ms=160 slow_to_ms=260 slow2_from_ms=335 slow2_to_ms=355 slow2_factor=2" \
        "$PINSWEEP" run $RND/no-repair.yaml -o "$r-dips" --no-plot || return
    [ "$(grep '^pinsweep: \(sentinel (\|the link\|the rows\)' "$TMP/err")" = "$head 100.00% (max/min - 1), reading noise 0.00%; 2 windows off by more than 0.50%
pinsweep: the link was disturbed from 0.1 to 0.4 s, in 2 dips (the sentinel read up to 50.00% below its median); 5 configuration rounds were measured then (meta.yaml's drift.window_1 to _2 list them)
$kept" ] && t_pass "two windows: dips one reading apart are one sentence (in 2 dips, up to the worst of both, both windows' rounds)" || t_fail "two windows: the closing lines of one disturbance in two dips" "$(grep '^pinsweep: \(sentinel (\|the link\|the rows\)' "$TMP/err")"
    [ "$(sed -n '/^  windows:/,$p' "$r-dips/meta.yaml")" = "  windows: 2
  window_1:
    from_s: 0.142
    to_s: 0.295
    worst_pct: -33.333
    measured: 5/r1 12/r1 3/r1
  window_2:
    from_s: 0.295
    to_s: 0.380
    worst_pct: -50.000
    measured: 1/r1 4/r1" ] && t_pass "two windows: the dips are two windows in meta.yaml, the second from the good reading that ends the first" || t_fail "two windows: meta.yaml's windows of two dips" "$(sed -n '/^  windows:/,$p' "$r-dips/meta.yaml")"
}

# More host buffers live at once than the fake engine once remembered (eight, so that a kept
# pinned buffer could read the pageable rate in a later round): a noise-free model qualified by
# kind gives every configuration its kind's exact rate in every round, so none spreads.
rounds_many_buffers() {
    local r=$TMP/rnd-many
    expect "rounds: a noise-free run with ten host buffers kept between rounds" 0 "round 3 of 3" -- \
        env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="gbps=20 t0_us=5 pinned.gbps=50 pinned.t0_us=2 pageable.gbps=10" \
        "$PINSWEEP" run $RND/many-buffers.yaml -o "$r" --no-plot || return
    grep -q '^rounds: 3; 0 configurations whose rounds disagree' "$TMP/out" \
        && t_pass "rounds: a noise-free model reports no configuration spread between rounds" || t_fail "rounds: a noise-free model reports no spread" "$(grep '^rounds:' "$TMP/out")"
    # each row's rounds agree, at its kind's model rate: n / (t0 + n/B), pinned 2 us and 50 GB/s, pageable 5 us and 10
    local wrong
    wrong=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
        { n = $H["size_bytes"]; t = $H["alloc"] == "pinned" ? 2e-6 + n / 50e9 : 5e-6 + n / 10e9; want = n / t / 1e9; rows++
          if ($H["round_gbps_min"] != $H["round_gbps_max"] || $H["stable"] != "yes" || sqrt(($H["gbps_median"] / want - 1) ^ 2) > 1e-5)
              print $H["alloc"], $H["direction"], n, "rounds", $H["round_gbps_min"], "to", $H["round_gbps_max"], "GB/s, want", want }
        END { if (rows != 20) print rows " rows, want 20" }' "$r/summary.csv")
    [ -z "$wrong" ] && t_pass "rounds: every row reads its kind's model rate in every round" || t_fail "rounds: every row reads its kind's model rate" "$wrong"
}

# Machine state through the stand-in NVML: other processes, throttling, persistence off.
rounds_machine_state() {
    local r=$TMP/rnd-state
    expect "machine state: another process on the GPU is warned about" 0 "warning: at the start 2 other processes are on the GPU" -- \
        env PINSWEEP_ENGINE=fake PINSWEEP_NVML_LIB="$PWD/$BUILD/tests/libfake-nvml.so" FAKE_NVML_OTHERS=2 FAKE_NVML_THROTTLE=0x24 FAKE_NVML_NO_PERSISTENCE=1 \
        "$PINSWEEP" run tests/good/defaults.yaml -o "$r" --no-plot || return
    grep -q "the GPU's clocks are held down (sw_power_cap,sw_thermal_slowdown)" "$TMP/err" && grep -q "persistence mode is off" "$TMP/err" \
        && t_pass "machine state: throttling and persistence off are warned about" || t_fail "machine state: throttling warned" "$(cat "$TMP/err")"
    grep -q '^    other_processes: 2$' "$r/meta.yaml" && grep -q '^    throttle_reasons: sw_power_cap,sw_thermal_slowdown$' "$r/meta.yaml" && grep -q '^    persistence_mode: off$' "$r/meta.yaml" \
        && grep -q '^  start:$' "$r/meta.yaml" && grep -q '^    cpu_governor: ' "$r/meta.yaml" && grep -q '^    transparent_hugepages: ' "$r/meta.yaml" && grep -q '^    pcie_during_copy: ' "$r/meta.yaml" \
        && t_pass "machine state: meta.yaml records it at the start and the end" || t_fail "machine state: meta.yaml records it" "$(sed -n '/gpu_state/,/^pinsweep/p' "$r/meta.yaml")"
    expect "machine state: a quiet GPU" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_NVML_LIB="$PWD/$BUILD/tests/libfake-nvml.so" \
        "$PINSWEEP" run tests/good/defaults.yaml -o "$r-quiet" --no-plot || return
    ! grep -q "other process\|held down\|persistence" "$TMP/err" && grep -q '^    other_processes: 0$' "$r-quiet/meta.yaml" && grep -q '^    persistence_mode: on$' "$r-quiet/meta.yaml" \
        && t_pass "machine state: a quiet GPU gives no warning" || t_fail "machine state: a quiet GPU" "$(cat "$TMP/err")"
}

# bench/reproducibility on two runs of rounds.
rounds_bench_script() {
    local out
    out=$(python3 bench/reproducibility "$TMP/rounds" "$TMP/rounds-b" 2>&1)
    echo "$out" | grep -q '^page-locked >= 16 MiB: no pairs' && echo "$out" | grep -q '^page-locked sync 64 KiB-1 MiB: 4 of 4 pairs within 5%' \
        && echo "$out" | grep -q "^stated spread covers the other run's median: [0-9]* of 24 ([0-9.]*%; spread 95% prediction interval (pi95_pct))" \
        && echo "$out" | grep -q "^stated spread covers the other run's median: [0-9]* of 24 ([0-9.]*%; spread between-round min-max)" && echo "$out" | grep -q '^run A: wall time [0-9]* s; rounds 3' \
        && t_pass "bench/reproducibility: pairs, coverage and wall times" || t_fail "bench/reproducibility" "$out"
}

# Rounds in fresh processes (measure.process_per_round, run/fresh.h) on the noise-free model clock,
# whose process_t0_us gives each process its own latency: round k's process k adds
# 4 us * frac((seed 3 + k) * 0.618034) to every copy.
rounds_fresh() {
    local r=$TMP/fresh q="gbps=20 t0_us=5 pinned.gbps=50 pinned.t0_us=2 pageable.gbps=10 process_t0_us=4 seed=3"
    sed 's/process_per_round: yes/process_per_round: no/' $RND/fresh.yaml > "$TMP/fresh-no.yaml"
    expect "fresh: rounds in one process" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q" \
        "$PINSWEEP" run "$TMP/fresh-no.yaml" -o "$r-no" --no-plot || return
    expect "fresh: rounds in fresh processes" 0 "round 3 of 3" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q" \
        "$PINSWEEP" run $RND/fresh.yaml -o "$r" --no-plot || return
    grep -q '^    process_per_round: yes$' "$r/meta.yaml" && grep -q '^    process_per_round: no$' "$r-no/meta.yaml" \
        && t_pass "fresh: meta.yaml records process_per_round" || t_fail "fresh: meta.yaml records process_per_round"
    # exact: each row's round medians are the model's with each round's process offset (min, median, max
    # of the three), and in one process all three are the model's without one (pi95 0)
    local want got
    want=$(awk 'BEGIN { for (k = 1; k <= 3; k++) { x = (3 + k) * 0.618034; o[k] = 4 * (x - int(x)) }
        split("65536 1048576 4194304", b, " ")
        for (a = 1; a <= 2; a++) for (j = 1; j <= 3; j++) {
            t0 = a == 1 ? 5 : 2; g = a == 1 ? 10 : 50; n = 0
            for (k = 1; k <= 3; k++) v[k] = b[j] / ((t0 + o[k]) * 1e3 + b[j] / g)
            lo = v[1]; hi = v[1]; for (k = 2; k <= 3; k++) { if (v[k] < lo) lo = v[k]; if (v[k] > hi) hi = v[k] }
            mid = v[1] + v[2] + v[3] - lo - hi
            printf "%d 3 %g %g %g\n", (a - 1) * 3 + j, lo, mid, hi } }')
    got=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } { print $H["config"], $H["rounds"], $H["round_gbps_min"], $H["gbps_median"], $H["round_gbps_max"] }' "$r/summary.csv" | sort -n)
    [ "$got" = "$want" ] && t_pass "fresh: each round's median is the model's with its process's latency, exactly" || t_fail "fresh: round medians against the model" "got: $got; want: $want"
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } FILENAME == ARGV[1] { no[$H["config"]] = $H["pi95_pct"]; if ($H["pi95_pct"] != 0 || $H["round_gbps_min"] != $H["round_gbps_max"]) bad++; next }
        FNR > 1 { if (!($H["pi95_pct"] > no[$H["config"]] + 1)) bad++; n++ } END { exit !(n == 6 && !bad) }' "$r-no/summary.csv" "$r/summary.csv" \
        && t_pass "fresh: pi95 widens from 0 (one process, its rounds alike) to cover the processes' spread" || t_fail "fresh: pi95 widens"
    [ "$(rnd_col "$r/sentinel.csv" round | sort -u | tr '\n' ' ')" = "1 2 3 " ] && rnd_col "$r/sentinel.csv" time_s | sort -c -g \
        && t_pass "fresh: the rounds' processes read the sentinel, on the run's clock (times in order)" || t_fail "fresh: sentinel readings from the rounds' processes" "$(cut -d, -f1-4 "$r/sentinel.csv")"
    rounds_fresh_dies "$r" "$q" || return
    rounds_fresh_stops "$r" "$q"
    expect_exact "fresh: several GPUs are refused" 2 "pinsweep: $TMP/fresh-two.yaml: measure.process_per_round: yes measures one GPU, and device: asks for several; give one (device: N, or -d N on the command line), or set process_per_round: no" -- \
        sh -c "sed 's/^name: fresh/name: fresh\ndevice: [0, 1]/' $RND/fresh.yaml > '$TMP/fresh-two.yaml' && PINSWEEP_ENGINE=fake PINSWEEP_FAKE_DEVICES=2 '$PINSWEEP' run '$TMP/fresh-two.yaml' -o '$r-two' --no-plot"
}

# Round K's process killed at AT ms (the model's die_process): the run says so, verbatim, and
# keeps the other rounds; the rows say how many rounds they have.
rounds_fresh_dies_in() {
    local r=$1 q=$2 k=$3 at=$4 sent
    expect "fresh: round $k's process is killed" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q die_process=$k die_at_ms=$at" \
        "$PINSWEEP" run $RND/fresh.yaml -o "$r-dies$k" --no-plot || return
    sent=$(awk -F, -v k="$k" 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } $H["round"] == k { c[$H["config"]] = 1 } END { print length(c) }' "$r-dies$k/samples.csv")
    [ "$sent" -ge 1 ] && [ "$sent" -le 5 ] && grep -qxF "pinsweep: round $k's process was killed by signal 9 (Killed) after sending $sent of its 6 configurations; those it did not send keep their other rounds" "$TMP/err" \
        && t_pass "fresh: the run names round $k, the signal and what it sent ($sent of 6)" || t_fail "fresh: round $k's death is told" "$(grep "round $k's" "$TMP/err")"
    [ "$(rnd_col "$r-dies$k/summary.csv" rounds | sort | uniq -c | awk '{ printf "%s:%s ", $2, $1 }')" = "2:$((6 - sent)) 3:$sent " ] && [ "$(rnd_col "$r-dies$k/summary.csv" status | sort -u)" = ok ] \
        && t_pass "fresh: the configurations round $k missed keep their other two rounds (rounds says 2), the rest 3" || t_fail "fresh: rounds after round $k died" "$(rnd_col "$r-dies$k/summary.csv" rounds | tr '\n' ' ')"
}

rounds_fresh_dies() {
    local r=$1 q=$2
    rounds_fresh_dies_in "$r" "$q" 2 350 || return # a round between: its rounds are 1 and 3
    rounds_fresh_dies_in "$r" "$q" 3 700 || return # the last: rows written after it
    expect "fresh: every round's process is killed" 1 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q die_process=1 die_process_to=3" \
        "$PINSWEEP" run $RND/fresh.yaml -o "$r-all" --no-plot || return
    [ "$(grep -c "^pinsweep: round [123]'s process was killed by signal 9 (Killed) after sending 0 of its 6 configurations; those it did not send keep their other rounds$" "$TMP/err")" = 3 ] \
        && [ "$(rnd_col "$r-all/summary.csv" error | sort -u)" = "not measured: every round's process ended before it (the last: round 3's was killed by signal 9 (Killed))" ] \
        && [ "$(rnd_col "$r-all/summary.csv" status | sort | uniq -c | awk '{ print $1, $2 }')" = "6 error" ] \
        && t_pass "fresh: when every round's process dies each configuration is a failed row saying so" || t_fail "fresh: every round dead" "$(cat "$TMP/err")"
}

# Stopped: by SIGINT in a round's process (the model's sigint_at_ms), and by SIGTERM to the run alone
# (sent on to the round's process); each resumed to the end.
rounds_fresh_stops() {
    local r=$1 q=$2
    expect "fresh: interrupted in round 2's process" 130 "interrupted by SIGINT" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q sigint_at_ms=350" \
        "$PINSWEEP" run $RND/fresh.yaml -o "$r-int" --no-plot || return
    grep -q '^  status: interrupted' "$r-int/meta.yaml" && ! grep -q "process was killed" "$TMP/err" && grep -q '^pinsweep: round 2 of 3' "$TMP/err" && ! grep -q '^pinsweep: round 3 of 3' "$TMP/err" \
        && t_pass "fresh: round 2's process stops after its configuration and the run stops with it" || t_fail "fresh: interrupted" "$(cat "$TMP/err")"
    expect "fresh: the interrupted run resumes" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q" \
        "$PINSWEEP" run $RND/fresh.yaml --resume "$r-int" --no-plot || return
    [ "$(rnd_col "$r-int/summary.csv" config | sort -n | tr '\n' ' ')" = "1 2 3 4 5 6 " ] && grep -q '^  status: complete' "$r-int/meta.yaml" \
        && [ "$(rnd_col "$r-int/summary.csv" rounds | sort -u)" = 3 ] \
        && t_pass "fresh: after resume every configuration is there once, with its 3 rounds" || t_fail "fresh: resumed" "$(rnd_col "$r-int/summary.csv" config | tr '\n' ' ')"
    (env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q" "$PINSWEEP" run $RND/fresh.yaml -o "$r-term" --no-plot > /dev/null 2> "$TMP/err-term" & p=$!; sleep 1; kill -TERM $p; wait $p; echo $? > "$TMP/rc-term")
    [ "$(cat "$TMP/rc-term")" = 143 ] && grep -q 'interrupted by SIGTERM' "$TMP/err-term" && ! grep -q "process was killed" "$TMP/err-term" \
        && t_pass "fresh: SIGTERM to the run alone stops the round's process after its configuration" || t_fail "fresh: SIGTERM to the run" "exit $(cat "$TMP/rc-term"): $(cat "$TMP/err-term")"
    expect "fresh: the run stopped by SIGTERM resumes" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$q" \
        "$PINSWEEP" run $RND/fresh.yaml --resume "$r-term" --no-plot || return
    [ "$(rnd_col "$r-term/summary.csv" config | sort -n | tr '\n' ' ')" = "1 2 3 4 5 6 " ] && grep -q '^  status: complete' "$r-term/meta.yaml" \
        && t_pass "fresh: after SIGTERM and resume every configuration is there once" || t_fail "fresh: resumed after SIGTERM"
}

sed 's/^  sentinel_every: 10ms$/  sentinel: 99/' $RND/rounds.yaml > "$TMP/rnd-bad.yaml"
rounds_run
rounds_two_windows
rounds_many_buffers
rounds_machine_state
rounds_bench_script
rounds_fresh

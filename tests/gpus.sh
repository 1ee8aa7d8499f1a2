# tests/gpus.sh - several GPUs (device: a list or all; gpus: each | together), sourced by
# tests/run-tests.  Two fake devices on an exact model clock: every alone, together and
# aggregate number of summary.csv is checked against the model, written again here in awk;
# then two and three: the gpus figures' data and the report's table against the model too.

# The model: 50 GB/s and no fixed cost; GPU 1 reads 40 d2h; at once, the host passes 80 GB/s
# one way and 100 both ways in all, shared equally by every stream of every GPU.
GPUS_MODEL='t0_us=0 gbps=50 gpu1.d2h.gbps=40 together.host_gbps=80 together.bidir.host_gbps=100'

# gpus_run NAME: run tests/gpus/NAME.yaml on two fake GPUs into $TMP/gpus-NAME.
gpus_run() {
    rm -rf "$TMP/gpus-$1"
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_DEVICES=2 PINSWEEP_FAKE_MODEL="$GPUS_MODEL" \
        "$PINSWEEP" run "tests/gpus/$1.yaml" -o "$TMP/gpus-$1" --no-plot > "$TMP/gpus-$1.out" 2> "$TMP/gpus-$1.err"
}

# Each row against the model: "COLUMN ok" or "COLUMN bad: why" per checked cell.
GPUS_AWK='
function near(a, b) { return (a == "" && b == "") || (a != "" && b != "" && (a - b) <= 1e-4 * b && (b - a) <= 1e-4 * b) }
function verdict(col, got, want) { print col (near(got, want) ? " ok" : " bad: config " $c["config"] " device " $c["device"] " " $c["gpus"] ": got " got ", want " want) }
# alone: a GPU by itself: 50 (GPU 1 d2h 40); bidir moves both ways and lasts the slower way
function alone(dev, dir) { v = (dev == 1 && dir != "h2d") ? 40 : 50; return dir == "bidir" ? 2 * v : v }
# at once: each stream of each GPU at most its share of the host cap
function together(dev, dir) { if (dir == "bidir") return 2 * min(50, 100 / 4); return min(alone(dev, dir), 80 / 2) }
function min(a, b) { return a < b ? a : b }
BEGIN { FS = "," }
NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
{
    g = $c["gpus"]; dir = $c["direction"]; dev = $c["device"]
    if ($c["status"] != "ok") { print "status bad: config " $c["config"] " " $c["status"]; next }
    if (g == "alone") { verdict("alone", $c["gbps_median"], alone(dev, dir)); verdict("alone_empty", $c["scaling_pct"], ""); next }
    if (g == "together") {
        want = together(dev, dir); verdict("together", $c["gbps_median"], want)
        verdict("together_alone_gbps", $c["alone_gbps"], alone(dev, dir))
        verdict("together_scaling_pct", $c["scaling_pct"], 100 * want / alone(dev, dir))
    } else if (g == "aggregate") {
        want = together(0, dir) + together(1, dir); sum = alone(0, dir) + alone(1, dir)
        # GPU 1 slower d2h alone, not together (both capped at 40): equal spans
        verdict("aggregate", $c["gbps_median"], want)
        verdict("aggregate_alone_gbps", $c["alone_gbps"], sum)
        verdict("aggregate_scaling_pct", $c["scaling_pct"], 100 * want / sum)
        verdict("aggregate_device", ($c["device"] == "0+1") ? 1 : 0, 1)
    } else { print "gpus bad: config " $c["config"] " gpus " g; next }
    verdict("overlap_pct", $c["overlap_pct"], 100)
    print "synchronised" ($c["synchronised"] == "yes" ? " ok" : " bad: " $c["synchronised"])
}'

# The gpus figures' data files against the model on N GPUs (awk -v n=N): each point "x y lo hi"
# of figures/data/gpus-{bandwidth,scaling}-DIR.dat, its block told by its heading (color=machine:K
# is device K-1; line= alone, together, aggregate, alone-sum), as "CHECK ok" or "CHECK bad: why".
GPUS_FIG_AWK='
function near(a, b) { return (a - b) <= 1e-4 * b && (b - a) <= 1e-4 * b }
function min(a, b) { return a < b ? a : b }
function alone(dev) { v = (dev == 1 && dir != "h2d") ? 40 : 50; return dir == "bidir" ? 2 * v : v }
function together(dev) { return dir == "bidir" ? 2 * min(50, 100 / (2 * n)) : min(alone(dev), 80 / n) }
function sums() { agg = 0; sum = 0; for (k = 0; k < n; k++) { agg += together(k); sum += alone(k) } }
function verdict(col, got, want) { print col (near(got, want) ? " ok" : " bad: " FILENAME " " line " x " $1 ": got " got ", want " want) }
FNR == 1 { dir = FILENAME; sub(/.*-/, "", dir); sub(/\.dat$/, "", dir); scaling = FILENAME ~ /gpus-scaling/; sums() }
/^# index/ { line = $0; sub(/.* line=/, "", line); sub(/ .*/, "", line)
             dev = $0; sub(/.*color=machine:/, "", dev); sub(/ .*/, "", dev); dev = (dev ~ /^[0-9]+$/) ? dev - 1 : -1; next }
/^[0-9]/ {
    if (scaling) want = line == "aggregate" ? 100 * agg / sum : 100 * together(dev) / alone(dev)
    else want = line == "alone" ? alone(dev) : line == "together" ? together(dev) : line == "aggregate" ? agg : sum
    verdict((scaling ? "scaling_" : "bandwidth_") line, $2, want)
    # the exact model has no spread: bars of no length (the scaling ends from cells of 6 digits)
    verdict("bars_" (scaling ? "scaling" : "bandwidth"), (near($3, $2) && near($4, $2)) ? 1 : 0, 1)
    points[line]++
}
END { print "curves" (points["alone-sum"] > 0 && points["aggregate"] > 0 ? " ok" : " bad: no reference curves") }'

# The report's table of several GPUs (report.md, between its heading and the next): every
# row's cells against the model (awk -v n=N), as the figures' checks.
GPUS_TABLE_AWK='
function near(a, b) { return (a - b) <= 1e-4 * b && (b - a) <= 1e-4 * b }
function min(a, b) { return a < b ? a : b }
function alone(dev) { v = (dev == 1 && dir != "h2d") ? 40 : 50; return dir == "bidir" ? 2 * v : v }
function together(dev) { return dir == "bidir" ? 2 * min(50, 100 / (2 * n)) : min(alone(dev), 80 / n) }
function verdict(col, got, want) { print col (got == want ? " ok" : " bad: " $0 ": got " got ", want " want) }
/^### Several GPUs at once/ { on = 1; next }
/^###/ { on = 0 }
on && /^\| / {
    split($0, c, / \| /); if (c[5] == "alone GB/s" || c[1] ~ /---/) next
    rows++; dir = c[2]
    if (c[4] ~ /^GPU /) { dev = substr(c[4], 5)
        verdict("table_alone", c[5], sprintf("%.2f", alone(dev))); verdict("table_at_once", c[7], sprintf("%.2f", together(dev)))
        verdict("table_scaling", c[10], sprintf("%.1f %%", 100 * together(dev) / alone(dev)))
    } else {
        agg = 0; sum = 0; devs = ""; for (k = 0; k < n; k++) { agg += together(k); sum += alone(k); devs = devs (k ? "+" : "") k }
        verdict("table_all", c[4], "all: " devs); verdict("table_sum", c[5], sprintf("%.2f", sum))
        verdict("table_aggregate", c[7], sprintf("%.2f", agg)); verdict("table_all_scaling", c[10], sprintf("%.1f %%", 100 * agg / sum))
        verdict("table_overlap", c[11], "100.0 % |")
    }
}
END { print "table_rows" (rows == 36 * (n + 1) ? " ok" : " bad: " rows " rows, want " 36 * (n + 1)) }'

# gpus_figures N: a together run on N fake GPUs drawn (run, then report --latex): the gpus figures
# and the report's table against the model, and the bandwidth reading of the caption.
gpus_figures() {
    local n=$1 r=$TMP/gpus-fig$1
    rm -rf "$r" "$r-report"
    # at four sizes (the largest still 4 MiB): the fewest the gpus figures are drawn from
    sed 's/^device: .*/device: all/; s/size: \[1MiB, 4MiB\]/size: [256KiB, 512KiB, 1MiB, 4MiB]/' \
        tests/gpus/together.yaml > "$TMP/gpus-all.yaml"
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_DEVICES=$n PINSWEEP_FAKE_MODEL="$GPUS_MODEL" \
        "$PINSWEEP" run "$TMP/gpus-all.yaml" -o "$r" > /dev/null 2> "$r.err" ||
        { t_fail "gpus: $n GPUs drawn" "run: $(tail -3 "$r.err")"; return; }
    "$PINSWEEP" report "$r" -o "$r-report" --latex > /dev/null 2> "$r-report.err" ||
        { t_fail "gpus: $n GPUs report" "$(tail -3 "$r-report.err")"; return; }
    awk -v n="$n" "$GPUS_FIG_AWK" "$r"/figures/data/gpus-{bandwidth,scaling}-{h2d,d2h,bidir}.dat > "$TMP/gpus-fig-chk"
    numbers_verdicts "gpus: $n GPUs figures" "$TMP/gpus-fig-chk"
    awk -v n="$n" "$GPUS_TABLE_AWK" "$r-report/report.md" > "$TMP/gpus-table-chk"
    numbers_verdicts "gpus: $n GPUs report table" "$TMP/gpus-table-chk"
    # a row per GPU and one for all of them, in each part of a table split to fit the page
    local parts
    parts=$(grep -c '^\\begin{tabular}{' "$r-report/figures/F1-table-gpus.tex" 2> /dev/null)
    [ -s "$r-report/figures/F1-table-gpus.tex" ] && [ "$parts" -ge 1 ] &&
        [ "$(grep -c '^pinned async & ' "$r-report/figures/F1-table-gpus.tex")" -eq $((12 * (n + 1) * parts)) ] &&
        t_pass "gpus: $n GPUs, the table for LaTeX" || t_fail "gpus: $n GPUs, the table for LaTeX" "$(ls "$r-report/figures")"
    local want
    want=$(awk -v n="$n" 'BEGIN { t = 80 / n < 50 ? 80 / n : 50; printf "gpus-bandwidth. How fast does each GPU copy while every GPU copies at once, against each alone? Pinned async on %d GPUs: h2d at 4 MiB, %.2f GB/s at once in all against %.2f alone summed (%.1f %%): GPU 0 %.2f of 50.00", n, n * t, 50 * n, 100 * t / 50, t }')
    grep -qF "$want" "$r-report/report.md" && t_pass "gpus: $n GPUs, the figure's caption reads the model" ||
        t_fail "gpus: $n GPUs, the caption" "no '$want' in $r-report/report.md"
    if ! plot_gnuplot_here; then t_skip "gpus: $n GPUs, figures drawn" "gnuplot not installed"; return; fi
    [ -s "$r/figures/gpus-bandwidth.png" ] && [ -s "$r/figures/gpus-scaling.pdf" ] &&
        [ -s "$r-report/figures/F1-gpus-bandwidth.png" ] && [ -s "$r-report/figures/F1-gpus-scaling.tex" ] &&
        t_pass "gpus: $n GPUs, figures drawn by run and by report" || t_fail "gpus: $n GPUs, figures drawn" "$(ls "$r/figures")"
}

plot_gnuplot_here() { command -v gnuplot > /dev/null; }

gpus_tests() {
    local r=$TMP/gpus-together
    gpus_run together
    [ $? -eq 0 ] && t_pass "gpus: together run exits 0" || t_fail "gpus: together run exits 0" "$(tail -3 "$TMP/gpus-together.err")"
    grep -q "on GPU 0 (.*) and GPU 1 (.*), together" "$TMP/gpus-together.err" &&
        t_pass "gpus: the run names both GPUs and the mode" || t_fail "gpus: the run names both GPUs" "$(head -3 "$TMP/gpus-together.err")"
    local rows; rows=$(($(wc -l < "$r/summary.csv") - 1))
    [ "$rows" -eq 90 ] && t_pass "gpus: 18 configurations x (2 alone + 2 together + 1 aggregate) rows" ||
        t_fail "gpus: together rows" "got $rows, want 90"
    awk "$GPUS_AWK" "$r/summary.csv" > "$TMP/gpus-chk"
    numbers_verdicts "gpus: together" "$TMP/gpus-chk"
    [ "$(awk -F, 'NR > 1 { n[$NF == "" ? "x" : $(NF - 1)]++ } END { print length(n) }' "$r/samples.csv")" -ge 1 ] &&
        grep -q ',0+1,aggregate,$' "$r/samples.csv" && t_pass "gpus: samples.csv says each sample's device and row" ||
        t_fail "gpus: samples.csv device and gpus" "$(tail -2 "$r/samples.csv")"

    gpus_run each
    local each_rc=$?
    r=$TMP/gpus-each
    [ $each_rc -eq 0 ] && [ "$(($(wc -l < "$r/summary.csv") - 1))" -eq 8 ] &&
        t_pass "gpus: device all, each: a row per GPU per configuration" || t_fail "gpus: each rows" "$(cat "$TMP/gpus-each.err" | tail -3)"
    awk "$GPUS_AWK" "$r/summary.csv" > "$TMP/gpus-chk-each"
    numbers_verdicts "gpus: each" "$TMP/gpus-chk-each"

    # Each GPU its own fit (fits.csv's device), and the peak table the best GPU alone: GPU 1
    # reads 40 GB/s d2h, GPU 0 50. Four sizes: a fit needs three, a figure four.
    sed 's/size: \[1MiB, 4MiB\]/size: [1MiB, 4MiB, 16MiB, 64MiB]/' tests/gpus/each.yaml > "$TMP/gpus-each3.yaml"
    rm -rf "$TMP/gpus-each3"
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_DEVICES=2 PINSWEEP_FAKE_MODEL="$GPUS_MODEL" "$PINSWEEP" run "$TMP/gpus-each3.yaml" \
        -o "$TMP/gpus-each3" > "$TMP/gpus-each3.out" 2> "$TMP/gpus-each3.err"
    local fits
    fits=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { want = ($c["device"] == 1 && $c["direction"] == "d2h") ? 40 : 50; b = $c["bandwidth_gbps"]
          print $c["direction"] " GPU " $c["device"] ((b - want) <= 1e-4 * want && (want - b) <= 1e-4 * want ? " ok" : " bad: " b " GB/s, want " want) }' \
        "$TMP/gpus-each3/fits.csv" | sort | tr '\n' ';')
    [ "$fits" = "d2h GPU 0 ok;d2h GPU 1 ok;h2d GPU 0 ok;h2d GPU 1 ok;" ] &&
        t_pass "gpus: fits.csv fits each GPU's curve apart (50 and 40 GB/s d2h, not their mix)" ||
        t_fail "gpus: fits per GPU" "$fits"
    grep -A3 '^peak bandwidth, GB/s (median of samples, the best GPU alone) @ size:$' "$TMP/gpus-each3.out" |
        grep -Eq '^pinned +50\.00 @ [0-9]+MiB +50\.00 @' && t_pass "gpus: the peak table is the best GPU alone" ||
        t_fail "gpus: the peak table" "$(grep -A3 '^peak' "$TMP/gpus-each3.out")"
    grep -q '^pinned *d2h *sync .* GPU 1$' "$TMP/gpus-each3.out" && t_pass "gpus: the fit table names each curve's GPU" ||
        t_fail "gpus: the fit table names the GPU" "$(grep -A6 '^fit' "$TMP/gpus-each3.out")"
    # The copy figures draw one GPU (a curve's style is its kind's): GPU 0's d2h reads 50 GB/s
    # at every size, GPU 1's 40, and the figure's machine line says which it is.
    local fd=$TMP/gpus-each3/figures/data
    [ -s "$fd/bandwidth-d2h.dat" ] && [ "$(awk '!/^#/ && NF { print $2 }' "$fd/bandwidth-d2h.dat" | sort -u | tr '\n' ' ')" = "50 " ] &&
        grep -qx "fig_machine = '.*, GPU 0 of the 2 measured, .*'" "$fd/bandwidth-vars.gp" &&
        t_pass "gpus: the copy figures draw GPU 0's rows only, and say it is GPU 0 of the 2" ||
        t_fail "gpus: the copy figures of two GPUs" "$(awk '!/^#/ && NF' "$fd/bandwidth-d2h.dat" | head -4; grep fig_machine "$fd/bandwidth-vars.gp")"

    # The pinned cap counts every GPU's buffers at once: with a 10 MiB cap each 4 MiB
    # configuration fits one GPU (bidir holds 8 MiB), but together two GPUs hold 16 MiB
    # (pinned bidir), or 4 + 2 x 4 = 12 MiB (portable bidir: one shared source, two
    # destinations); h2d and d2h hold 8 and portable h2d 4. Those two are measured alone and
    # their together and aggregate rows are skipped with why; nothing else is.
    rm -rf "$TMP/gpus-cap"
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_DEVICES=2 PINSWEEP_FAKE_MODEL="$GPUS_MODEL" "$PINSWEEP" run tests/gpus/together.yaml \
        -o "$TMP/gpus-cap" --no-plot --max-pinned 10MiB > /dev/null 2> "$TMP/gpus-cap.err"
    local skipped want_skipped
    skipped=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["status"] == "skipped" { print $c["alloc"] " " $c["direction"] " " $c["size_bytes"] " " $c["gpus"] }' \
        "$TMP/gpus-cap/summary.csv" | sort | uniq -c | awk '{ $1 = $1; print }' | sort | tr '\n' ';')
    want_skipped="2 pinned bidir 4194304 together;2 portable bidir 4194304 together;1 pinned bidir 4194304 aggregate;1 portable bidir 4194304 aggregate;"
    want_skipped=$(printf '%s' "$want_skipped" | tr ';' '\n' | sort | tr '\n' ';')
    [ "$skipped" = "$want_skipped" ] && t_pass "gpus: together, the pinned cap counts every GPU's buffers (portable's source once)" ||
        t_fail "gpus: together pinned cap" "skipped: $skipped want $want_skipped"
    grep -q 'skipped: together, the 2 GPUs hold 12 MiB of page-locked memory at once, more than the cap of 10 MiB; raise limits.max_pinned or --max-pinned to measure it' "$TMP/gpus-cap/summary.csv" &&
        grep -q 'skipped: together, the 2 GPUs hold 16 MiB of page-locked memory at once' "$TMP/gpus-cap/summary.csv" &&
        t_pass "gpus: a row skipped for the together cap says how much and what to change" ||
        t_fail "gpus: together cap message" "$(grep -m1 skipped "$TMP/gpus-cap/summary.csv")"
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_DEVICES=2 "$PINSWEEP" plan tests/gpus/together.yaml --max-pinned 10MiB > "$TMP/gpus-cap.plan" 2>&1
    grep -qx "together on 2 GPUs: 2 configurations fit one GPU but not all at once (each GPU holds its own buffers): measured alone, together rows skipped" "$TMP/gpus-cap.plan" &&
        t_pass "gpus: plan counts the configurations that fit one GPU but not all at once" ||
        t_fail "gpus: plan's together cap" "$(grep -A2 '^pinned cap' "$TMP/gpus-cap.plan")"

    # Rounds: every row is the model's still, and says 2 rounds; with 5 % noise the rounds
    # differ, and each together row's alone_gbps is its GPU's alone gbps_median (the median of
    # the rounds' medians), the aggregate's their sum, scaling_pct the aggregate over it.
    sed 's/^measure: {\(.*\)}$/measure: {\1, rounds: 2}/' tests/gpus/together.yaml > "$TMP/gpus-rounds.yaml"
    grep -q 'rounds: 2}$' "$TMP/gpus-rounds.yaml" || t_fail "gpus: the rounds file" "no measure line to change"
    rm -rf "$TMP/gpus-rounds" "$TMP/gpus-noisy"
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_DEVICES=2 PINSWEEP_FAKE_MODEL="$GPUS_MODEL" "$PINSWEEP" run "$TMP/gpus-rounds.yaml" \
        -o "$TMP/gpus-rounds" --no-plot > /dev/null 2> "$TMP/gpus-rounds.err"
    awk "$GPUS_AWK" "$TMP/gpus-rounds/summary.csv" > "$TMP/gpus-chk-rounds"
    numbers_verdicts "gpus: together in 2 rounds" "$TMP/gpus-chk-rounds"
    [ "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { print $c["rounds"] }' "$TMP/gpus-rounds/summary.csv" | sort -u)" = 2 ] &&
        [ "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["gpus"] == "aggregate" { print $c["round"] }' "$TMP/gpus-rounds/samples.csv" | sort -u | tr '\n' ' ')" = "1 2 " ] &&
        t_pass "gpus: every row of 2 rounds says so, the aggregate's samples from both" ||
        t_fail "gpus: rounds rows" "$(head -3 "$TMP/gpus-rounds.err")"
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_DEVICES=2 PINSWEEP_FAKE_MODEL="$GPUS_MODEL noise_pct=5 seed=3" "$PINSWEEP" run "$TMP/gpus-rounds.yaml" \
        -o "$TMP/gpus-noisy" --no-plot > /dev/null 2>&1
    local bad
    bad=$(awk -F, 'function off(a, b) { return (a - b) ^ 2 > (1e-5 * b) ^ 2 }
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["status"] != "ok" { next }
        $c["gpus"] == "alone" { alone[$c["config"], $c["device"]] = $c["gbps_median"]; next }
        { row[++n] = $0 }
        END { for (k = 1; k <= n; k++) { split(row[k], f, ","); cfg = f[c["config"]]
                want = f[c["gpus"]] == "aggregate" ? alone[cfg, 0] + alone[cfg, 1] : alone[cfg, f[c["device"]]]
                if (off(f[c["alone_gbps"]], want) || off(f[c["scaling_pct"]], 100 * f[c["gbps_median"]] / want)) print row[k]; m++ }
              if (m < 30) print "only " m " rows" }' "$TMP/gpus-noisy/summary.csv")
    [ -z "$bad" ] && t_pass "gpus: noisy rounds: alone_gbps and scaling_pct follow the merged alone medians" ||
        t_fail "gpus: noisy rounds" "$(echo "$bad" | head -3)"

    # --resume of a run over two GPUs: what a kill leaves is cut off (the last configuration's
    # last three of its five rows and its samples, a cut line), the run goes on, and every
    # configuration ends with its five rows, each the model's again (the same rows as the
    # whole run's, whatever their order).
    local rr=$TMP/gpus-resumed
    rm -rf "$rr"; cp -r "$TMP/gpus-together" "$rr"
    head -n -3 "$TMP/gpus-together/summary.csv" > "$rr/summary.csv"
    printf 'together,18,0,portable,bidir,re' >> "$rr/summary.csv"
    awk -F, 'NR == 1 || $1 != 18' "$TMP/gpus-together/samples.csv" > "$rr/samples.csv"
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_DEVICES=2 PINSWEEP_FAKE_MODEL="$GPUS_MODEL" "$PINSWEEP" run tests/gpus/together.yaml \
        --resume "$rr" --no-plot > /dev/null 2> "$TMP/gpus-resume.err"
    local rc=$?
    local cols='NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { print $c["config"], $c["device"], $c["gpus"], $c["status"], $c["gbps_median"], $c["alone_gbps"], $c["scaling_pct"], $c["samples"] }'
    [ $rc -eq 0 ] && grep -q "resuming $rr: 17 of 18 configurations done before" "$TMP/gpus-resume.err" &&
        [ "$(awk -F, "$cols" "$rr/summary.csv" | sort)" = "$(awk -F, "$cols" "$TMP/gpus-together/summary.csv" | sort)" ] &&
        [ "$(($(wc -l < "$rr/samples.csv")))" = "$(($(wc -l < "$TMP/gpus-together/samples.csv")))" ] &&
        t_pass "gpus: a run over two GPUs resumes: the cut configuration measured again, every row once" ||
        t_fail "gpus: --resume of two GPUs" "rc $rc: $(head -3 "$TMP/gpus-resume.err"); $(diff <(awk -F, "$cols" "$rr/summary.csv" | sort) <(awk -F, "$cols" "$TMP/gpus-together/summary.csv" | sort) | head -4)"
    sed 's/^device: .*/device: all/' tests/gpus/together.yaml > "$TMP/gpus-resume-all.yaml"
    cp "$rr/summary.csv" "$TMP/gpus-resume-before.csv"
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_DEVICES=3 "$PINSWEEP" run "$TMP/gpus-resume-all.yaml" --resume "$rr" --no-plot > /dev/null 2> "$TMP/gpus-resume3.err"
    rc=$?
    [ $rc -eq 2 ] && grep -qx "pinsweep: --resume: $rr was measured on 2 GPUs and this run has 3; resume needs the same GPUs (run it again into a new folder)" "$TMP/gpus-resume3.err" &&
        cmp -s "$rr/summary.csv" "$TMP/gpus-resume-before.csv" &&
        t_pass "gpus: --resume on another number of GPUs is refused, exit 2, nothing rewritten" ||
        t_fail "gpus: --resume on 3 GPUs" "rc $rc: $(cat "$TMP/gpus-resume3.err")"
    # device: all on a machine of one GPU: together cannot happen, and the run says so.
    sed 's/^device: .*/device: all/' tests/gpus/together.yaml > "$TMP/gpus-one.yaml"
    grep -q '^device: all$' "$TMP/gpus-one.yaml" || t_fail "gpus: the one-GPU file" "no device line to replace"
    expect "gpus: together on a machine of one GPU measures it alone and says so" 0 \
        "pinsweep: note: gpus: together, but this machine shows 1 GPU: nothing can be measured at once; every configuration is measured on GPU 0 alone" -- \
        env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_DEVICES=1 "$PINSWEEP" run "$TMP/gpus-one.yaml" -o "$TMP/gpus-one" --no-plot
    [ "$(awk -F, 'NR > 1' "$TMP/gpus-one/summary.csv" | wc -l)" -eq 18 ] && t_pass "gpus: one row per configuration there" \
        || t_fail "gpus: one row per configuration there" "$(wc -l < "$TMP/gpus-one/summary.csv") lines"
    # ... and drawn: nothing of several GPUs, and nothing said of them.
    "$PINSWEEP" plot "$TMP/gpus-one" > /dev/null 2> "$TMP/gpus-one-plot.err"
    ! ls "$TMP/gpus-one/figures/data" | grep -q '^gpus-' && ! grep -q 'gpus-bandwidth\|gpus-scaling' "$TMP/gpus-one-plot.err" &&
        t_pass "gpus: one GPU draws no gpus figure and says nothing of it" ||
        t_fail "gpus: one GPU draws no gpus figure" "$(grep 'gpus-bandwidth\|gpus-scaling' "$TMP/gpus-one-plot.err")"
    gpus_figures 2
    gpus_figures 3
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_DEVICES=2 "$PINSWEEP" plan tests/gpus/together.yaml > "$TMP/gpus-plan" 2>&1
    grep -q "devices 0, 1, gpus together" "$TMP/gpus-plan" && t_pass "gpus: plan says the devices and the mode" ||
        t_fail "gpus: plan devices" "$(head -2 "$TMP/gpus-plan")"
}

# Topology: three fake GPUs in a fixture sysfs tree (two behind one PCIe switch with NVLink
# between them, one on another root complex) and a fake NVML. plan prints each one's place and
# what they share (tests/gpus/topology.plan, all of it); meta.yaml records the same.
gpus_topology_tests() {
    local t=$TMP/gpus-sysfs p id
    rm -rf "$t"
    for p in pci0000:00/0000:00:01.0/0000:01:00.0/0000:02:00.0/0000:03:00.0 \
        pci0000:00/0000:00:01.0/0000:01:00.0/0000:02:01.0/0000:04:00.0 pci0000:40/0000:40:01.0/0000:41:00.0; do
        id=${p##*/}
        mkdir -p "$t/devices/$p" "$t/bus/pci/devices" && ln -s "../../../devices/$p" "$t/bus/pci/devices/$id"
        printf '16.0 GT/s PCIe\n' > "$t/devices/$p/current_link_speed"
        printf '32.0 GT/s PCIe\n' > "$t/devices/$p/max_link_speed"
        printf '16\n' | tee "$t/devices/$p/current_link_width" > "$t/devices/$p/max_link_width"
        printf '%s\n' "$([ "$id" = 0000:41:00.0 ] && echo 1 || echo 0)" > "$t/devices/$p/numa_node"
    done
    sed 's/^device: .*/device: all/' tests/gpus/together.yaml > "$TMP/gpus-all.yaml"
    local env=(env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_DEVICES=3 PINSWEEP_SYSFS="$t"
        PINSWEEP_FAKE_BUS_ID=0000:03:00.0,0000:04:00.0,0000:41:00.0
        PINSWEEP_NVML_LIB="$PWD/$BUILD/tests/libfake-nvml.so"
        FAKE_NVML_NVLINK="0000:03:00.0=00000000:04:00.0*4 0000:04:00.0=00000000:03:00.0*4")
    "${env[@]}" "$PINSWEEP" plan "$TMP/gpus-all.yaml" 2>&1 | sed -n '/^GPU topology/,$p' > "$TMP/gpus-topology.plan"
    t_compare "gpus: plan shows each GPU's PCIe path, link, NUMA node and NVLink, and what they share" \
        tests/gpus/topology.plan "$TMP/gpus-topology.plan"
    rm -rf "$TMP/gpus-topo"
    "${env[@]}" "$PINSWEEP" run "$TMP/gpus-all.yaml" -o "$TMP/gpus-topo" --no-plot > /dev/null 2> "$TMP/gpus-topo.err"
    grep -qx "pinsweep: GPUs 0, 1 share PCIe switch port 0000:01:00.0: at once, their copies contend for its link to the host" "$TMP/gpus-topo.err" &&
        t_pass "gpus: a together run says which GPUs share a switch" || t_fail "gpus: run says the switch" "$(head -4 "$TMP/gpus-topo.err")"
    local want got
    want='topology.gpus=3
topology.gpu0.pci_bus_id=0000:03:00.0
topology.gpu0.numa_node=0
topology.gpu0.pcie_current.generation=4
topology.gpu0.pcie_max.generation=5
topology.gpu0.pcie_path=pci0000:00 > 0000:00:01.0 > 0000:01:00.0 > 0000:02:00.0 > 0000:03:00.0
topology.gpu0.nvlink=4 active links to 0000:04:00.0
topology.gpu1.nvlink=4 active links to 0000:03:00.0
topology.gpu2.numa_node=1
topology.gpu2.pcie_path=pci0000:40 > 0000:40:01.0 > 0000:41:00.0
topology.gpu2.nvlink=none
topology.shared.gpus 0 and 1=PCIe switch port 0000:01:00.0
topology.shared.gpus 0 and 2=nothing (separate root complexes)
topology.shared.gpus 1 and 2=nothing (separate root complexes)'
    # meta.yaml's block mappings as KEY.KEY=VALUE lines (libyaml indents two spaces a level)
    awk '{ match($0, /^ */); d = RLENGTH / 2; line = substr($0, RLENGTH + 1)
        k = line; sub(/:( .*)?$/, "", k); key[d] = k; v = line; if (!sub(/^[^:]*: /, "", v)) next
        path = key[0]; for (i = 1; i <= d; i++) path = path "." key[i]; print path "=" v }' \
        "$TMP/gpus-topo/meta.yaml" > "$TMP/gpus-topo.flat"
    got=$(printf '%s\n' "$want" | while IFS== read -r k _; do
        grep -m1 -F "$k=" "$TMP/gpus-topo.flat" | grep "^$k=" || echo "$k=(missing)"; done)
    [ "$got" = "$want" ] && t_pass "gpus: meta.yaml records every GPU's place and what each pair shares" ||
        t_fail "gpus: meta.yaml topology" "$(diff <(echo "$want") <(echo "$got") | head -6)"
}
gpus_tests
gpus_topology_tests

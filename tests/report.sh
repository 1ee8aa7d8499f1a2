# tests/report.sh - pinsweep report (and compare's headline across machines), sourced by
# tests/run-tests: every row of its tables and the readings its captions open with are
# computed again from the folders' CSV files in awk (tests/report/*.awk, with the rules
# of tests/numbers/report.awk) and must be in report.md as they are; sizes are never raw
# bytes; figures.pdf has a page per figure, all of one size, each with the caption
# report.md gives it; --latex writes every table as booktabs beside the figures; folders
# of two or more machines get the headline across machines, with each machine's numbers.

REF=results/reference/h200-pcie5
REP_AWK="-v MODEL=/dev/null -f tests/numbers/model.awk -f tests/numbers/report.awk -f tests/numbers/interval.awk"

# rep_samples DIR: DIR/samples.csv when the folder has one (tables.awk reads it first), else nothing.
rep_samples() { [ -f "$1/samples.csv" ] && echo "$1/samples.csv"; }

# rep_rows NAME REPORT WANT: every line of WANT (the expected rows, at least one) is a
# whole line of REPORT.
rep_rows() {
    local name=$1 report=$2 want=$3 line missing=""
    if [ -z "$want" ]; then t_fail "$name" "nothing to check: the awk computed no row"; return; fi
    while IFS= read -r line; do grep -qxF -- "$line" "$report" || missing="$missing
    $line"; done <<< "$want"
    [ -z "$missing" ] && t_pass "$name ($(grep -c . <<< "$want") rows)" || t_fail "$name" "missing:$missing
    report.md has:
$(grep '^| ' "$report" | head -8)"
}

# rep_table_rows REPORT N: the rows of the Nth table of REPORT (its body, no header).
rep_table_rows() {
    awk -v n="$2" '/^\*Table [0-9]+\./ { t++ } t == n && /^\| / { r++; if (r > 1) print }
        t == n && /^$/ && r > 1 { exit }' "$1"
}

# The tables of one folder against its CSV files: peaks, pinned/pageable near 256 MB, fits.
rep_check_tables() { # name dir report link
    local name=$1 dir=$2 report=$3 link=$4 want
    # shellcheck disable=SC2086 # REP_AWK is awk's options
    # shellcheck disable=SC2046 # rep_samples is a file name or nothing
    want=$(awk -F, $REP_AWK -v WHAT=peaks -v LINK="$link" -f tests/report/tables.awk $(rep_samples "$dir") "$dir/summary.csv")
    rep_rows "report: $name: every peak is the highest median of its kind and direction, with its size, spread, n and link share" "$report" "$want"
    [ "$(rep_table_rows "$report" 2 | wc -l)" = "$(grep -c . <<< "$want")" ] \
        && t_pass "report: $name: the peaks table has a row per kind and direction, no more" \
        || t_fail "report: $name: the peaks table has a row per kind and direction" "$(rep_table_rows "$report" 2 | wc -l) rows, want $(grep -c . <<< "$want")"
    # shellcheck disable=SC2046
    want=$(awk -F, $REP_AWK -v WHAT=speedup -v LINK="$link" -f tests/report/tables.awk $(rep_samples "$dir") "$dir/summary.csv")
    rep_rows "report: $name: pinned over pageable near 256 MB, both at the same size, with spreads, n and the ratio's interval" "$report" "$want"
    if [ "$(wc -l < "$dir/fits.csv" 2> /dev/null)" -gt 1 ]; then
        want=$(awk -F, $REP_AWK -v WHAT=fits -f tests/report/tables.awk "$dir/fits.csv")
        rep_rows "report: $name: every fit with its sizes and residual, flagged at 5 %" "$report" "$want"
    fi
}

# The bandwidth readings of a folder: each clause in the headline's and bandwidth's captions.
rep_check_readings() { # name dir report link
    local name=$1 dir=$2 report=$3 link=$4 clause missing="" n=0 fig
    # shellcheck disable=SC2086
    while IFS= read -r clause; do
        n=$((n + 1))
        for fig in headline bandwidth; do
            grep "^\*Figure [0-9]*\. [^*]*, $fig\. " "$report" | grep -qF -- "$clause" || missing="$missing
    $fig: $clause"
        done
    done < <(awk -F, $REP_AWK -v LINK="$link" -f tests/report/readings.awk "$dir/summary.csv")
    [ "$n" -ge 2 ] && [ -z "$missing" ] && t_pass "report: $name: the captions say each curve's peak, plateau or fall as the CSV implies ($n curves)" \
        || t_fail "report: $name: the captions say each curve's reading" "$n clauses; missing:$missing"
}

report_tables() {
    local o=$TMP/rep-tables link=63.0154
    expect "report: the default experiment" 0 "report in $o/report.md" -- "$PINSWEEP" report $REF/default -o "$o" || return
    rep_check_tables default $REF/default "$o/report.md" $link
    rep_check_readings default $REF/default "$o/report.md" $link
    # only a table with an end at the raw rate says what the mark is (the 2026-12-02 default has none)
    [ "$(grep -c '^\*Table [0-9]*\. .*an end marked \*' "$o/report.md")" = "$(awk '/^\*Table / { t = $0; m = 0 } /^\| .*[0-9]\*( |\))/ && !m { m = 1; n++ } END { print n + 0 }' "$o/report.md")" ] \
        && t_pass "report: only a table with an end at the raw rate says what the mark is" || t_fail "report: the raw-rate mark's sentence" "$(grep -c 'an end marked' "$o/report.md")"
    # the 2026-12-01 default run (tests/fixtures/h200-default-2026-12-01): pageable h2d's peak,
    # 32 MiB, has rounds that disagree 2x, so m e^h is 91 GB/s; it ends at the link's raw rate,
    # marked, and the caption says what the mark is
    local capped=tests/fixtures/h200-default-2026-12-01
    expect "report: the 2026-12-01 default run" 0 "" -- "$PINSWEEP" report $capped -o "$o-capped" || return
    grep -q '^| pageable | h2d | sync | 13.28 | 32 MiB | 1.93–63.02\* | 17 in 3 rounds | 21.1 % |$' "$o-capped/report.md" \
        && grep -q "^\*Table 2\. .*; an end marked \* is the link's raw rate, which no copy exceeds: the interval reached past it\.\*$" "$o-capped/report.md" \
        && [ "$(grep -c '^\*Table [0-9]*\. .*an end marked \*' "$o-capped/report.md")" = "$(awk '/^\*Table / { t = $0; m = 0 } /^\| .*[0-9]\*( |\))/ && !m { m = 1; n++ } END { print n + 0 }' "$o-capped/report.md")" ] \
        && t_pass "report: an interval past the link ends at its raw rate, marked *, and only a table with one says so" \
        || t_fail "report: an interval past the link ends at its raw rate, marked" "$(grep '^| pageable | h2d | sync | 13.28' "$o-capped/report.md"; grep -c 'an end marked' "$o-capped/report.md")"
    grep -q '^| pageable | h2d | sync | 6.86 µs | 10.36 GB/s | 71 KB | 19 | 20.2 % | poor: not one t0 + n/B |$' "$o-capped/report.md" \
        && t_pass "report: a fit with a 20 % residual is flagged" || t_fail "report: a fit with a 20 % residual is flagged" "$(grep '^| pageable | h2d | sync' "$o-capped/report.md")"
    expect "report: 81 log-spaced sizes from 1 KB to 64 MB" 0 "" -- "$PINSWEEP" report $REF/small-transfers -o "$o-small" || return
    rep_check_tables small-transfers $REF/small-transfers "$o-small/report.md" $link
    rep_check_readings small-transfers $REF/small-transfers "$o-small/report.md" $link
    # pageable h2d async peaks at 1754573 bytes: 1.75 MB, never 1754573B
    grep -q '^| pageable | h2d | async | 15.63 | 1.75 MB | [0-9.]*–[0-9.]* | 20 | 24.8 % |$' "$o-small/report.md" \
        && t_pass "report: a size between units is three digits in decimal units (1754573 bytes: 1.75 MB)" \
        || t_fail "report: 1754573 bytes is 1.75 MB" "$(grep '^| pageable | h2d' "$o-small/report.md")"
    expect "report: one size, 256 MB" 0 "" -- "$PINSWEEP" report $REF/seed-256mb -o "$o-seed" || return
    rep_check_tables seed-256mb $REF/seed-256mb "$o-seed/report.md" $link
    # its interval from seed-256mb/samples.csv by interval.awk: 20 samples of one round
    local seed_iv
    # shellcheck disable=SC2086
    cat > "$TMP/seed-iv.awk" <<'AWK'
FILENAME ~ /samples/ { if (FNR == 1) iv_header(); else iv_sample(); next }
FNR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
$H["alloc"] == "pinned" && $H["direction"] == "h2d" && $H["api"] == "sync" && $H["buffer"] == "reuse" {
    h = iv_h($H["config"], $H["device"], $H["gpus"], "gbps"); m = $H["gbps_median"]
    if (IV_N == 20 && !IV_ROUNDS) printf "%.2f–%.2f", m * exp(-h), m * exp(h) }
AWK
    seed_iv=$(awk -F, $REP_AWK -f "$TMP/seed-iv.awk" $REF/seed-256mb/samples.csv $REF/seed-256mb/summary.csv)
    # the columns every row shares (api, buffer, host buffer) said in the caption instead
    grep -q "^| pinned | h2d | 256 MB | 54.68 | ${seed_iv:-none} | 20 | 4682 | 4658 | 8\.53× ([0-9.]*–[0-9.]*) |$" "$o-seed/report.md" \
        && grep -q '^\*Table [0-9]*\. seed-256mb, every copy (1 size; all sync, reuse, host buffer warm, ' "$o-seed/report.md" \
        && t_pass "report: a sweep of few sizes has every copy as a row" || t_fail "report: every copy of a sweep of few sizes" "$(grep '^| pinned | h2d' "$o-seed/report.md")"
    # a size is a number, a space and a unit: no "256MB", "4KiB" or "1527898B" anywhere
    local raw
    raw=$(cat "$o/report.md" "$o-small/report.md" "$o-seed/report.md" | grep -oE '[0-9](B|KiB|MiB|GiB|TiB|KB|MB|GB|TB)([^/A-Za-z]|$)' | sort -u | head -5)
    [ -z "$raw" ] && t_pass "report: no size is raw bytes or without its space" || t_fail "report: a size is raw bytes or lacks its space" "$raw"
}

# A folder measured in rounds: the interval is of another round's median (the rounds' medians
# in samples.csv, checked by tables.awk with interval.awk), with n in rounds; no "±".
report_rounds() {
    local r=$TMP/rep-rounds
    expect "report: a fake run of 3 rounds" 0 "" -- env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="gbps=20 t0_us=5 pinned.gbps=50 pinned.t0_us=2 pageable.gbps=10 noise_pct=2 seed=3" \
        "$PINSWEEP" run tests/rounds/rounds.yaml -o "$r" --no-plot || return
    expect "report: on the rounds" 0 "" -- "$PINSWEEP" report "$r" -o "$r-rep" || return
    rep_check_tables rounds "$r" "$r-rep/report.md" ""
    grep -q "^| kind | direction | api | peak GB/s | at | 95 % interval GB/s | n | % of the link |$" "$r-rep/report.md" \
        && grep -q '^| pinned | h2d | sync | [0-9.]* | 4 MiB | [0-9.]*–[0-9.]* | [0-9]* in 3 rounds | – |$' "$r-rep/report.md" \
        && grep -q "Intervals: 95 % prediction interval of another round's median (3 rounds), on the log scale\.\*$" "$r-rep/report.md" \
        && ! grep -q '±' "$r-rep/report.md" \
        && t_pass "report: with rounds, the interval is of another round's median, n in rounds, no ± anywhere" \
        || t_fail "report: with rounds, the interval is of another round's median" "$(grep -m3 '^| ' "$r-rep/report.md")"
}

# Figures numbered from 1, each captioned with a reading; figures.pdf: a page each, of one size,
# with the same number and caption.
report_book() {
    local o=$TMP/rep-book n pages sizes k bad=""
    t_need "report: figures.pdf pages" pdfinfo pdftotext || return
    expect "report: three folders" 0 "figures in $o/figures.pdf, one a page" -- "$PINSWEEP" report $REF/default $REF/alloc-cost $REF/small-transfers -o "$o" || return
    n=$(grep -c '^\*Figure [0-9]*\. ' "$o/report.md")
    [ "$(grep -o '^\*Figure [0-9]*\.' "$o/report.md" | tr -dc '0-9\n' | tr '\n' ' ')" = "$(seq -s ' ' 1 "$n") " ] \
        && t_pass "report: figures are numbered 1 to $n in order" || t_fail "report: figures are numbered in order" "$(grep -o '^\*Figure [0-9]*\.' "$o/report.md" | tr '\n' ' ')"
    [ "$(grep -c '^\*Table [0-9]*\. ' "$o/report.md")" -ge 9 ] && [ "$(grep -o '^\*Table [0-9]*\.' "$o/report.md" | tr -dc '0-9\n' | tr '\n' ' ')" = "$(seq -s ' ' 1 "$(grep -c '^\*Table [0-9]*\. ' "$o/report.md")") " ] \
        && t_pass "report: tables are numbered in order, each with a caption" || t_fail "report: tables are numbered in order" "$(grep -o '^\*Table [0-9]*\.' "$o/report.md" | tr '\n' ' ')"
    pages=$(pdfinfo "$o/figures.pdf" | awk '/^Pages:/ { print $2 }')
    sizes=$(pdfinfo -f 1 -l "$pages" "$o/figures.pdf" | awk '/^Page +[0-9]+ size:/ { print $4, $6 }' | sort -u)
    [ "$pages" = "$n" ] && [ "$(grep -c . <<< "$sizes")" = 1 ] \
        && t_pass "report: figures.pdf has a page per figure ($n), all $sizes pt" || t_fail "report: figures.pdf: a page per figure, of one size" "$pages pages for $n figures; sizes: $sizes"
    for k in $(seq 1 "$n"); do
        # the caption as report.md has it, and the page's text, without white space; -raw: in the
        # order drawn, as pdftotext's layout guess puts a caption's last line among the figure's
        # tic labels when the figure's key reaches down beside it (small-transfers' bandwidth)
        grep "^\*Figure $k\. " "$o/report.md" | sed 's/^\*//; s/\* (\[PDF\].*$//' | tr -d ' \n' > "$TMP/cap"
        pdftotext -raw -f "$k" -l "$k" "$o/figures.pdf" - | tr -d ' \n\f' > "$TMP/page"
        grep -qF -- "$(cat "$TMP/cap")" "$TMP/page" && [ -s "$TMP/cap" ] || bad="$bad $k"
    done
    [ -z "$bad" ] && t_pass "report: each page of figures.pdf has its figure's number and report.md's caption" \
        || t_fail "report: each page has its number and caption" "pages without:$bad"
}

# rep_readme_folders NAME: the folders docs/comparing.md's command for $REF/NAME reports on (its
# `build/pinsweep report ... -o .../NAME` line, with its continuation lines), one line.
rep_readme_folders() {
    awk -v want="$1" '/^build\/pinsweep report / { cmd = ""; on = 1 }
        on { line = $0; cont = sub(/\\$/, "", line); cmd = cmd " " line
            if (!cont) { on = 0; n = split(cmd, w, " "); out = ""; o = ""
                for (i = 3; i <= n; i++) if (w[i] == "-o") o = w[++i]; else out = out " " w[i]
                if (o ~ "/" want "$") print substr(out, 2) } }' docs/comparing.md
}

# Every figure of the beyond folders opens its caption with a reading, by the CSV where checked:
# the report docs/comparing.md's command makes for report-beyond, so that every folder it names (the
# host-effects folder too) reaches a reader.
report_every_reading() {
    local o=$TMP/rep-beyond bare folders
    folders=$(rep_readme_folders report-beyond)
    case " $folders " in *" $REF/host-effects "*) t_pass "report: docs/comparing.md's report-beyond command has host-effects" ;;
        *) t_fail "report: docs/comparing.md's report-beyond command has host-effects" "it has: $folders" ;; esac
    # the committed report was made by that command (the lead regenerates it when the list changes)
    [ "$(grep -m1 '^| folder |' $REF/report-beyond/report.md | tr -d '|' | tr -s ' ' | sed 's/^ folder //; s/ $//')" = "$folders" ] \
        && t_pass "report: results/reference/h200-pcie5/report-beyond is of the folders docs/comparing.md's command names" \
        || t_fail "report: report-beyond is of the folders docs/comparing.md's command names" "docs/comparing.md: $folders; report.md: $(grep -m1 '^| folder |' $REF/report-beyond/report.md)"
    # shellcheck disable=SC2086 # the folders, one word each
    expect "report: pipelines, zero-copy, host access, placement and host effects (docs/comparing.md's command)" 0 "" -- "$PINSWEEP" report $folders -o "$o" || return
    # host-effects: its bandwidth caption reads what a flushed cache and first touch do; its headline
    # and speedup say that they draw the warm, prefaulted pageable copies only
    grep '^\*Figure [0-9]*\. host-effects on [^,]*, bandwidth\. ' "$o/report.md" | grep -qF 'pageable d2h at 256 MiB: 13.41 GB/s with a warm cache and prefaulted pages, 15.28 (1.14×) with a flushed cache, 1.47 (0.11×) on first-touch pages' \
        && [ "$(grep -c '^\*Figure [0-9]*\. host-effects on [^,]*, \(headline\|speedup\)\. .*pageable is drawn with a warm cache and prefaulted pages only; pinned is up to 9.0× (h2d) and 5.1× (d2h) faster than pageable with a flushed cache, 19.7× (h2d) and 39.7× (d2h) faster than pageable on first-touch pages' "$o/report.md")" = 2 ] \
        && t_pass "report: host-effects' captions read the cache and first-touch effects, and the headline's and speedup's baseline" \
        || t_fail "report: host-effects' captions" "$(grep '^\*Figure [0-9]*\. host-effects' "$o/report.md" | cut -c1-300)"
    # a caption is "NAME. QUESTION? READING. Drawn: ...": none may go from its question to Drawn or its end
    bare=$(grep -E '^\*Figure [0-9]+\. [^.]*, [a-z-]+\. [^?]*\?( Drawn:|\*)' "$o/report.md" | cut -c1-80)
    # 9: placement's copy figures are tables (3 sizes)
    [ "$(grep -c '^\*Figure ' "$o/report.md")" -ge 9 ] && [ -z "$bare" ] \
        && t_pass "report: every figure's caption opens with a reading ($(grep -c '^\*Figure ' "$o/report.md") figures)" \
        || t_fail "report: every figure's caption opens with a reading" "without one: $bare"
    # zerocopy/summary.csv (2026-12-02): h2d async 4096 bytes, us_per_copy_median 2.504 (mapped),
    # 2.525, 2.507, 2.529, 2.563: the five kinds are one line, whose median (2.525) the reading
    # quotes, not mapped's own; roundtrip_us_median 7.578, 7.843 (registered), 7.791, 6.955, 7.935:
    # registered's round trips are drawn apart, the other four are one line (median 7.68); placement/summary.csv:
    # registered reallocate 256 MiB, pin_ms_median 75.3169 on default pages, 40.3053 on thp, at
    # 2 sizes: a table, not a placement-pin figure; its samples.csv has no pin_ms: no interval, said
    grep '^\*Figure [0-9]*\. zerocopy on [^,]*, latency\. ' "$o/report.md" | grep -qF 'The median 4 KiB h2d async copy of the 5 page-locked kinds drawn as one takes 2.52 µs pipelined; the median round trip of the 4 page-locked kinds drawn as one, 7.68 µs; ' \
        && grep -qxF '| registered | 256 MiB | 75.3 | 40.3 | skipped |' "$o/report.md" \
        && grep -qF '2 sizes): median ms, no interval: samples.csv has no cudaHostRegister time of a sample (pin_ms); ' "$o/report.md" \
        && ! grep -q '^\*Figure [0-9]*\. placement on [^,]*, placement-pin\. ' "$o/report.md" \
        && t_pass "report: without pinned copies, the readings of the kinds measured (zero-copy), registering as a table (placement)" \
        || t_fail "report: readings without pinned copies" "$(grep '^\*Figure [0-9]*\. zerocopy on [^,]*, latency' "$o/report.md" | cut -c1-200; grep -A6 '^### cudaHostRegister' "$o/report.md")"
    # zerocopy: registered's kernel peak on default pages (4 KiB) and on thp, each a row of its
    # own with its page size, from summary.csv (the thp rows' peaks were "registered"'s before)
    local zc_def zc_thp p v
    for p in default thp; do
        v=$(awk -F, -v P=$p 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
            $H["alloc"] == "registered" && $H["api"] == "zerocopy" && $H["direction"] == "h2d" &&
            $H["pages"] == P && $H["status"] == "ok" && $H["gbps_median"] + 0 > m { m = $H["gbps_median"] + 0 }
            END { printf "%.2f", m }' $REF/zerocopy/summary.csv)
        [ $p = default ] && zc_def=$v || zc_thp=$v
    done
    grep -q "^| registered | h2d | default | any | $zc_def | [0-9.]*–[0-9.]* | [0-9]* | [0-9]* MiB | " "$o/report.md" \
        && grep -q "^| registered | h2d | thp | any | $zc_thp | [0-9.]*–[0-9.]* | [0-9]* | [0-9]* MiB | – | – | – | – | – |$" "$o/report.md" \
        && t_pass "report: zerocopy: registered's kernel peak on default pages ($zc_def GB/s) and on thp ($zc_thp) apart" \
        || t_fail "report: zerocopy peaks by page size" "want $zc_def default, $zc_thp thp: $(grep '^| registered | h2d' "$o/report.md" | head -4)"
    # placement's fits.csv (from before the status column) has t0 -0.13, -4.17 and -5.04 µs:
    # not fitting, with no t0, B or n½; never the unsigned wrap of a negative n½
    local want
    # shellcheck disable=SC2086
    want=$(awk -F, $REP_AWK -v WHAT=fits -f tests/report/tables.awk $REF/placement/fits.csv)
    rep_rows "report: placement: every fit as fits.csv has it, a negative t0 not fitting" "$o/report.md" "$want"
    [ "$(grep -c '^| pageable | h2d | sync | [a-z]* | [a-z]* | – | – | – | 3 | [0-9.]* % | not fitting: t0 < 0 |$' "$o/report.md")" = 3 ] \
        && ! grep -q '18446744\|-[0-9.]* µs' "$o/report.md" \
        && t_pass "report: the three negative t0 of placement are not fitting; no negative t0 or wrapped n½ anywhere" \
        || t_fail "report: negative t0" "$(grep 'µs\|not fitting' "$o/report.md" | grep 'pageable | h2d' | head -5)"
}

# rep_tex_rows TEX HEADINGS: the rows of the LaTeX table TEX as report.md has them, in LaTeX:
# each part's cells (a table too wide for the page is split into parts one under the other,
# each with the key columns) found again under their headings (a heading broken over lines
# joined), a column said once under the table ("The same in every row: api sync.") put
# back, in the order of HEADINGS (report.md's, in LaTeX, " & " between them).
rep_tex_rows() {
    awk -v want="$2" '
        BEGIN { nw = split(want, W, " & ") }
        /^\\toprule$/ { part++; st = "head"; next }
        /^\\midrule$/ { st = "rows"; r = 0; next }
        /^\\bottomrule$/ { st = ""; next }
        st == "head" { s = $0; sub(/ \\\\$/, "", s); gsub(/\\begin\{tabular\}\[b\]\{@\{\}[lr]@\{\}\}/, "", s)
            gsub(/\\end\{tabular\}/, "", s); gsub(/\\\\/, " ", s); nh = split(s, H, " & ")
            for (j = 1; j <= nh; j++) head[part, j] = H[j] }
        st == "rows" { s = $0; sub(/ \\\\$/, "", s); n = split(s, C, " & "); r++; rows = r
            for (j = 1; j <= n; j++) cell[r, head[part, j]] = C[j] }
        /^The same in every row: / { s = $0; sub(/^The same in every row: /, "", s); sub(/\.$/, "", s)
            gsub(/ and /, ", ", s); ns = split(s, S, ", ")
            for (j = 1; j <= ns; j++) for (k = 1; k <= nw; k++)
                if (index(S[j], W[k] " ") == 1) same[W[k]] = substr(S[j], length(W[k]) + 2) }
        END { for (r = 1; r <= rows; r++) { line = ""
                for (k = 1; k <= nw; k++) line = line (k > 1 ? " & " : "") ((r, W[k]) in cell ? cell[r, W[k]] : same[W[k]])
                print line " \\\\" } }' "$1"
}
# --latex: every table as a booktabs file beside the figures' LaTeX, linked from report.md.
report_latex() {
    local o=$TMP/rep-latex t md_rows tex_rows bad=""
    expect "report: --latex" 0 "" -- "$PINSWEEP" report $REF/default --latex -o "$o" || return
    for t in table-machines F1-table-peaks F1-table-speedup F1-table-fits; do
        [ -s "$o/figures/$t.tex" ] && grep -q '\\toprule' "$o/figures/$t.tex" && grep -q '\\bottomrule' "$o/figures/$t.tex" \
            && grep -q "\\\\label{tab:$t}" "$o/figures/$t.tex" && grep -qF "([LaTeX](figures/$t.tex))" "$o/report.md" || bad="$bad $t"
    done
    [ -z "$bad" ] && t_pass "report: --latex writes each table as booktabs, labelled, linked from report.md" || t_fail "report: --latex tables" "bad:$bad"
    # report.md's pinned h2d row and the peaks table's headings, as LaTeX: cells joined by &,
    # en dashes --, % and ± escaped
    local row heads tex_rows parts
    row=$(grep '^| pinned | h2d | sync | ' "$o/report.md" | head -1 | sed 's/^| //; s/ |$/ \\\\/; s/ | / \& /g; s/–/--/g; s/%/\\%/g; s/±/$\\pm$/g')
    heads=$(awk '/^\*Table 2\./ { t = 1 } t && /^\| / { print; exit }' "$o/report.md" | sed 's/^| //; s/ |$//; s/ | / \& /g; s/–/--/g; s/%/\\%/g')
    md_rows=$(rep_table_rows "$o/report.md" 2 | wc -l)
    tex_rows=$(rep_tex_rows "$o/figures/F1-table-peaks.tex" "$heads")
    parts=$(grep -c '^\\begin{tabular}{' "$o/figures/F1-table-peaks.tex")
    [ "$md_rows" = "$(grep -c . <<< "$tex_rows")" ] && [ "$md_rows" -gt 10 ] && [ -n "$row" ] && grep -qxF -- "$row" <<< "$tex_rows" \
        && t_pass "report: the LaTeX table has report.md's rows, in LaTeX ($parts parts joined again)" \
        || t_fail "report: the LaTeX table has report.md's rows" "$md_rows in report.md, $(grep -c . <<< "$tex_rows") in the .tex; want '$row' in: $(head -2 <<< "$tex_rows")"
    if command -v gnuplot > /dev/null; then
        [ -s "$o/figures/F1-bandwidth.tex" ] && [ -s "$o/figures/F1-bandwidth-inc.pdf" ] && grep -qF '[LaTeX](figures/F1-bandwidth.tex)' "$o/report.md" \
            && t_pass "report: --latex writes every figure for LaTeX too" || t_fail "report: --latex figures" "$(ls "$o/figures" | grep tex | head -3)"
    else t_skip "report: --latex figures" "gnuplot not installed"; fi
    if t_need "report: a paper inputs a table and a figure" pdflatex; then
        printf '%s\n' '\documentclass{article}\usepackage{booktabs,graphicx,color}\graphicspath{{figures/}}' \
            '\begin{document}\input{figures/F1-table-peaks.tex}\begin{figure}\footnotesize\input{figures/F1-bandwidth.tex}\end{figure}\end{document}' > "$o/paper.tex"
        (cd "$o" && pdflatex -interaction=nonstopmode -halt-on-error paper.tex > "$TMP/latex.log" 2>&1) \
            && t_pass "report: a paper inputs a table and a figure and compiles" || t_fail "report: a paper compiles" "$(grep -m3 '^!' "$TMP/latex.log")"
    fi
}

# Two machines: the headline across them, first, with each machine's numbers; one machine: none.
report_machines() {
    local o=$TMP/rep-machines small=tests/fixtures/results-small gen3=tests/fixtures/machine-gen3 want line missing=""
    expect "report: folders of two machines" 0 "" -- "$PINSWEEP" report $small $gen3 -o "$o" || return
    grep -q '^## Across machines$' "$o/report.md" && grep -q '^!\[Figure 1: every machine, headline-machines\](figures/headline-machines.png)$' "$o/report.md" \
        && t_pass "report: folders of two machines get the headline across them, as figure 1" || t_fail "report: the headline across machines" "$(grep -m3 '^## \|^!\[' "$o/report.md")"
    # each machine's readings, by the CSV: "LABEL: " before its first clause
    for m in "H200 Gen5x16 gpu-node-07:$small:63" "Tesla V100-PCIE-16GB Gen3x16 gen3-box:$gen3:15.7538"; do
        local label=${m%%:*} rest=${m#*:}
        # shellcheck disable=SC2086
        want=$(awk -F, $REP_AWK -v LINK="${rest#*:}" -f tests/report/readings.awk "${rest%%:*}/summary.csv" | sed "1s/^/$label: /")
        while IFS= read -r line; do grep '^\*Figure 1\. ' "$o/report.md" | grep -qF -- "$line" || missing="$missing
    $line"; done <<< "$want"
    done
    [ -z "$missing" ] && t_pass "report: the headline across machines is captioned with each machine's readings" \
        || t_fail "report: the captions of the headline across machines" "missing:$missing"
    local vars=$o/figures/data/machines/headline-machines-vars.gp
    grep -q '^npanels = 6$' "$vars" && grep -q "^array block_color\[12\] = \['machine:1', 'machine:2', 'machine:1', 'machine:2'" "$vars" \
        && grep -q "^array key_title\[2\] = \['H200 Gen5x16 gpu-node-07', 'Tesla V100-PCIE-16GB Gen3x16 gen3-box'\]$" "$vars" \
        && t_pass "report: six panels, a colour, dash and point per machine, the machines in the key" || t_fail "report: the headline across machines' panels and key" "$(grep -m4 'npanels\|block_color\|key_title' "$vars")"
    # machine 2's pinned h2d curve is gen3's rows as summary.csv has them (sizes, median) with
    # each median's interval (interval.awk: gen3 has no samples.csv, so from its rsd)
    cat > "$TMP/curve.awk" <<'AWK'
function v(c) { return (c in H) ? $H[c] : "" }
FILENAME ~ /samples\.csv$/ { if (FNR == 1) iv_header(); else iv_sample(); next }
FNR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
$H["alloc"] == "pinned" && $H["direction"] == "h2d" && $H["buffer"] == "reuse" && $H["api"] == "sync" {
    h = IV_HAVE ? iv_h(v("config"), v("device"), v("gpus"), "gbps") \
        : v("rounds") > 1 ? iv_h_rsd(v("between_rsd_pct"), v("rounds")) : iv_h_rsd(v("rsd_pct"), v("samples"))
    h = h < 0 ? 0 : h; m = v("gbps_median")
    printf "%s %.6g %.6g %.6g\n", $H["size_bytes"], m, m * exp(-h), m * exp(h) }
AWK
    # shellcheck disable=SC2046,SC2086
    awk -F, $REP_AWK -f "$TMP/curve.awk" $(rep_samples $gen3) $gen3/summary.csv | sort -n > "$TMP/want-curve"
    awk '/^# index / { b++ } b == 2 && /^[0-9]/' "$o/figures/data/machines/headline-machines-pinned-h2d.dat" > "$TMP/got-curve"
    [ -s "$TMP/want-curve" ] && cmp -s "$TMP/want-curve" "$TMP/got-curve" \
        && t_pass "report: each machine's curve is its folder's rows, with their intervals" || t_fail "report: a machine's curve is its rows" "$(diff "$TMP/want-curve" "$TMP/got-curve" | head -5)"
    expect "report: folders of one machine" 0 "" -- "$PINSWEEP" report $REF/default $REF/seed-256mb -o "$o-one" || return
    ! grep -q 'Across machines\|headline-machines' "$o-one/report.md" && [ ! -e "$o-one/figures/headline-machines.png" ] \
        && t_pass "report: folders of one machine (GPU and host alike) get no headline across machines" || t_fail "report: one machine, no headline across machines"
    expect "report: compare of two machines" 0 "" -- "$PINSWEEP" compare $small $gen3 -o "$o-cmp" || return
    if command -v gnuplot > /dev/null; then
        [ -s "$o-cmp/figures/headline-machines.png" ] && grep -q '^!\[every machine on one page\](figures/headline-machines.png)$' "$o-cmp/compare.md" \
            && grep -q '^\*Every machine on one page\. cudaMemcpy: H200 Gen5x16 gpu-node-07: pinned h2d ' "$o-cmp/compare.md" \
            && t_pass "report: compare of two machines draws the headline across them, in compare.md with its reading" \
            || t_fail "report: compare's headline across machines" "$(tail -3 "$o-cmp/compare.md")"
    else t_skip "report: compare's headline across machines" "gnuplot not installed"; fi
    expect "report: compare of one machine, two runs" 0 "" -- "$PINSWEEP" compare $REF/default $REF/default-lease1 -o "$o-cmp1" || return
    [ ! -e "$o-cmp1/figures/headline-machines.png" ] && ! grep -q headline-machines "$o-cmp1/compare.md" \
        && t_pass "report: compare of one machine has no headline across machines" || t_fail "report: compare of one machine has no headline across machines"
}

# Without gnuplot the report still has its tables and the folders' own drawings, and says why
# there is no figures.pdf.
report_no_gnuplot() {
    local o=$TMP/rep-nognuplot
    mkdir -p "$TMP/no-gnuplot-bin"
    expect "report: without gnuplot" 0 "no $o/figures.pdf: its pages are drawn with gnuplot, which is not installed" -- \
        env PATH="$TMP/no-gnuplot-bin" "$PINSWEEP" report $REF/default -o "$o" || return
    [ -s "$o/figures/F1-bandwidth.png" ] && grep -q '^| pinned | h2d | sync | [0-9.]* | [0-9]* [KMG]iB | ' "$o/report.md" && [ ! -e "$o/figures.pdf" ] \
        && t_pass "report: without gnuplot, the tables and the folder's own drawings" || t_fail "report: without gnuplot" "$(ls "$o/figures" | head -3)"
}

report_tables
report_rounds
report_book
report_every_reading
report_latex
report_machines
report_no_gnuplot

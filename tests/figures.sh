# tests/figures.sh - every figure of every results folder the tests and the
# references hold, drawn, and its key checked against its drawing (sourced by
# tests/run-tests).  `pinsweep plot` warns "figure NAME: ..." when a key entry
# is drawn by no curve or line, or a curve is in no key entry
# (figures/kit/drawn.h); each figure's caption clause (NAME-drawn.txt) must
# name only the key, notes, panels and lines its vars file gives gnuplot.

# figures_folders: the folders with a summary.csv, one a line.
figures_folders() {
    local d
    for d in results/reference/h200-pcie5/*/ tests/fixtures/*/; do
        [ -f "$d/summary.csv" ] && echo "${d%/}"
    done
}

# drawn_from_vars VARS: the key, note and hline titles a vars file hands gnuplot, one a line.
drawn_from_vars() {
    sed -n "s/^array \(key\|note\)_title\[[0-9]*\] = \[\(.*\)\]$/\2/p; s/^hline_panel.*hline_label\[[0-9]*\] = '\(.*\)'$/\1/p" "$1" |
        sed "s/', '/\n/g; s/^'//; s/'$//; s/''/'/g" | grep -v '^ *$'
}

figures_keys() {
    local d n bad="" said="" figs=0
    if ! command -v gnuplot > /dev/null; then t_skip "figures: every key matches its drawing" "gnuplot not installed"; return; fi
    for d in $(figures_folders); do
        n=$(basename "$d")
        rm -rf "$TMP/fig-$n"; cp -r "$d" "$TMP/fig-$n"
        "$PINSWEEP" plot "$TMP/fig-$n" > /dev/null 2> "$TMP/fig-$n.err"
        grep -q "warning: figure" "$TMP/fig-$n.err" && bad="$bad $n:$(grep -m1 'warning: figure' "$TMP/fig-$n.err" | sed 's/.*warning: figure //')"
        for f in "$TMP/fig-$n"/figures/data/*-drawn.txt; do
            [ -f "$f" ] || continue
            figs=$((figs + 1))
            v=${f%-drawn.txt}-vars.gp
            # captions.md gives each drawn figure its question and this clause (without its stop)
            fig=$(basename "$f" -drawn.txt)
            q=$(awk -v n="## $fig" '$0 == n { getline; getline; getline; getline; print; exit }' "$TMP/fig-$n/figures/captions.md")
            case $q in
                *"$(sed 's/\.$//' "$f")"*) ;;
                *) echo "$n/captions.md: $fig's caption lacks its drawing's words" >> "$TMP/fig-cap" ;;
            esac
            [ "${q%%\?*}" != "$q" ] || echo "$n/captions.md: $fig's caption asks no question" >> "$TMP/fig-cap"
            # Every title the clause names is one the drawing's vars file has (and the reverse);
            # the bars' note says in the clause how its interval is computed, after its first
            # clause (fig_style.said: INTERVAL_NOTE_SAID), which the legend leaves out.
            drawn_from_vars "$v" | while IFS= read -r t; do
                sed 's/, computed on the log scale//' "$f" | grep -qiF -- "$t" || echo "$(basename "$f"): '$t' drawn, not said"
            done >> "$TMP/fig-said"
        done
    done
    [ -s "$TMP/fig-said" ] && said=$(head -3 "$TMP/fig-said" | tr '\n' ' ')
    local cap=""
    [ -s "$TMP/fig-cap" ] && cap=$(head -3 "$TMP/fig-cap" | tr '\n' ' ')
    rm -f "$TMP/fig-said" "$TMP/fig-cap"
    [ "$figs" -gt 20 ] || bad="$bad (only $figs figures drawn)"
    [ -z "$bad" ] && t_pass "figures: every key of $figs figures matches its drawing" ||
        t_fail "figures: every key matches its drawing" "$bad"
    [ -z "$said" ] && t_pass "figures: each caption's clause names every key, note and line drawn" ||
        t_fail "figures: each caption's clause names what is drawn" "$said"
    [ -z "$cap" ] && t_pass "figures: captions.md gives every figure drawn its question and its drawing's words" ||
        t_fail "figures: captions.md" "$cap"
}

figures_keys

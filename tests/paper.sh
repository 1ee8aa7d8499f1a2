# tests/paper.sh - the LaTeX a paper inputs, compiled, sourced by tests/run-tests (PINSWEEP,
# TMP, t_pass, t_fail, t_need): for every reference folder with a summary.csv, `report --latex`
# into a temporary folder and one article (\documentclass{article} with graphicx, color and
# booktabs) that \input's every figure and every table the report wrote, compiled with
# pdflatex -halt-on-error.  A check fails on a LaTeX error, on a table wider than \textwidth
# (an Overfull \hbox while it is set: the log is read between \typeout marks that name each
# file) and on a \label given twice.  The same for the tables.tex of `plot --latex` of every
# folder (one article for all of them: their labels too must differ) and for the figures of
# `compare --latex`.  Then the paper mode itself: `plot --paper` draws each figure 3.33 in wide
# (one panel) or 7 in (more), without its title or notes, and a LaTeX figure sets its text at
# 7 pt or more.

PAPER_REF=results/reference/h200-pcie5

# paper_article DIR TEX...: DIR/paper.tex inputs each TEX (paths from DIR): a gnuplot figure
# (cairolatex: its first line says GNUPLOT) in a figure float, a table as it is; each after a
# \typeout mark naming it, and a page each, so no float waits.
paper_article() {
    local dir=$1 f base; shift
    {
        printf '%s\n' '\documentclass{article}' '\usepackage{graphicx,color,booktabs}' \
            '\graphicspath{{figures/}}' '\begin{document}'
        for f in "$@"; do
            base=$(basename "$f" .tex)
            if head -1 "$dir/$f" | grep -q '^% GNUPLOT'; then
                printf '\\typeout{pinsweep-figure %s}\\begin{figure}\\input{%s}\\caption{%s}\\end{figure}\\clearpage\n' \
                    "$base" "$f" "${base//_/\\_}"
            else
                printf '\\typeout{pinsweep-table %s}\\input{%s}\\clearpage\n' "$base" "$f"
            fi
        done
        printf '%s\n' '\typeout{pinsweep-end}' '\end{document}'
    } > "$dir/paper.tex"
}

# paper_compile NAME DIR MIN_FIGURES MIN_TABLES TEX...: the article of the TEX files (paths
# from DIR) compiled in DIR; checks that it compiles, that no table is wider than \textwidth
# and that no \label is there twice.  It must have at least MIN_FIGURES figures and MIN_TABLES
# tables, so that no check passes on nothing.
paper_compile() {
    local name=$1 dir=$2 min_fig=$3 min_tab=$4 nfig=0 ntab=0 f over dup; shift 4
    for f in "$@"; do
        if head -1 "$dir/$f" | grep -q '^% GNUPLOT'; then nfig=$((nfig + 1)); else ntab=$((ntab + 1)); fi
    done
    if [ "$nfig" -lt "$min_fig" ] || [ "$ntab" -lt "$min_tab" ]; then
        t_fail "paper: $name compiles" "$nfig figures and $ntab tables, want at least $min_fig and $min_tab"
        return
    fi
    paper_article "$dir" "$@"
    if (cd "$dir" && timeout 120 pdflatex -interaction=nonstopmode -halt-on-error paper.tex > paper.out 2>&1) \
        && [ -s "$dir/paper.pdf" ]; then
        t_pass "paper: $name: every figure and table compiles in an article ($nfig figures, $ntab tables)"
    else
        t_fail "paper: $name compiles" "$(grep -m1 -A3 '^!' "$dir/paper.log" | tr '\n' ' ') (in $(awk '/pinsweep-(table|figure) / { w = $2 } END { print w }' "$dir/paper.log"))"
        return
    fi
    # The Overfull \hbox lines between a table's mark and the next: that table is too wide.
    over=$(awk '{ if (match($0, /pinsweep-(table|figure|end)( [^ ]+)?/)) { split(substr($0, RSTART, RLENGTH), w, " "); what = w[1]; file = w[2] } }
        /^Overfull \\hbox/ && what == "pinsweep-table" { sub(/ too wide.*/, ""); sub(/^Overfull \\hbox \(/, ""); print file " by " $0 }' "$dir/paper.log")
    [ -z "$over" ] && t_pass "paper: $name: every table fits \\textwidth ($ntab tables)" \
        || t_fail "paper: $name: a table is wider than \\textwidth" "$(echo "$over" | tr '\n' ';')"
    dup=$( (cd "$dir" && cat "$@") | grep -o '\\label{[^}]*}' | sort | uniq -d | tr '\n' ' ')
    [ -z "$dup" ] && ! grep -q 'multiply defined' "$dir/paper.log" \
        && t_pass "paper: $name: every \\label once ($( (cd "$dir" && cat "$@") | grep -c '\\label{') labels)" \
        || t_fail "paper: $name: a \\label twice" "$dup$(grep -m2 'multiply defined' "$dir/paper.log")"
}

# The .tex files of DIR/figures, as paths from DIR (the names pinsweep writes have no spaces).
paper_tex_files() { (cd "$1" && ls figures/*.tex); }

# report --latex of each reference folder: every .tex it wrote, in one article.
paper_reports() {
    local d name o
    for d in "$PAPER_REF"/*/; do
        d=${d%/}; name=$(basename "$d")
        [ -f "$d/summary.csv" ] || continue
        o=$TMP/paper-report-$name
        timeout 300 "$PINSWEEP" report "$d" --latex -o "$o" > "$TMP/out" 2> "$TMP/err" \
            || { t_fail "paper: report --latex of $name" "exit $?: $(tail -3 "$TMP/err")"; continue; }
        paper_compile "report --latex of $name" "$o" 0 2 $(paper_tex_files "$o")
    done
}

# plot --latex of every reference folder: the tables.tex of those with a sweep of few sizes,
# all in one article, as a paper would put them.
paper_plots() {
    local d name o tabs=()
    mkdir -p "$TMP/paper-plots"
    for d in "$PAPER_REF"/*/; do
        d=${d%/}; name=$(basename "$d")
        [ -f "$d/summary.csv" ] || continue
        o=$TMP/paper-plots/$name
        timeout 300 "$PINSWEEP" plot "$d" --latex -o "$o" > "$TMP/out" 2> "$TMP/err" \
            || { t_fail "paper: plot --latex of $name" "exit $?: $(tail -3 "$TMP/err")"; continue; }
        [ -f "$o/figures/tables.tex" ] && tabs+=("$name/figures/tables.tex")
    done
    paper_compile "the tables.tex of plot --latex of every folder" "$TMP/paper-plots" 0 2 "${tabs[@]}"
}

# compare --latex: two runs of one machine (compare-bandwidth, compare-ratio) and two machines
# (the headline across them too).
paper_compares() {
    local o=$TMP/paper-compare
    timeout 300 "$PINSWEEP" compare "$PAPER_REF/default" "$PAPER_REF/default-lease1" --latex -o "$o" > "$TMP/out" 2> "$TMP/err" \
        || { t_fail "paper: compare --latex" "exit $?: $(tail -3 "$TMP/err")"; return; }
    timeout 300 "$PINSWEEP" compare tests/fixtures/results-small tests/fixtures/machine-gen3 --latex -o "$o-machines" > "$TMP/out" 2> "$TMP/err" \
        || { t_fail "paper: compare --latex of two machines" "exit $?: $(tail -3 "$TMP/err")"; return; }
    cp "$o-machines/figures/headline-machines.tex" "$o-machines/figures/headline-machines-inc.pdf" "$o/figures/" \
        || { t_fail "paper: compare --latex of two machines" "no headline-machines.tex"; return; }
    paper_compile "compare --latex" "$o" 3 0 $(paper_tex_files "$o")
}

# The LaTeX figures of report --latex (paper_reports) set their text at 7 pt or more, whatever
# the size of the text where they are put.
paper_tex_fonts() {
    local f small="" n=0
    for f in "$TMP"/paper-report-*/figures/*.tex; do
        [ -f "$f" ] && head -1 "$f" | grep -q '^% GNUPLOT' || continue
        n=$((n + 1))
        grep -qE '\\fontsize\{([7-9]|[1-9][0-9])(\.[0-9]+)?\}' "$f" || small="$small $(basename "$f")"
    done
    [ "$n" -gt 0 ] && [ -z "$small" ] && t_pass "paper: every LaTeX figure sets its text at 7 pt or more ($n figures)" \
        || t_fail "paper: every LaTeX figure sets its text at 7 pt or more" "$n figures; not:$small"
}

paper_latex() {
    t_need "paper: every figure and table of report, plot and compare --latex compiles" pdflatex || return
    paper_reports
    paper_tex_fonts
    paper_plots
    paper_compares
}

# paper_gp_strings FILE VAR: the strings of variable VAR (a string, or an array of them) in the
# gnuplot variables file FILE, one a line, those not empty ('' read back as ').
paper_gp_strings() {
    awk -v var="$2" -v q="'" 'index($0, var " = ") == 1 || index($0, "array " var "[") == 1 {
        s = $0; sub(/^[^=]*= */, "", s); re = q "([^" q "]|" q q ")*" q
        while (match(s, re)) { v = substr(s, RSTART + 1, RLENGTH - 2); gsub(q q, q, v)
            if (v != "") print v; s = substr(s, RSTART + RLENGTH) } }' "$1"
}

# paper_mode_check NAME DIR: every PDF figure of DIR/figures drawn for a paper: 3.33 in wide
# (pdfinfo's whole points: 239 or 240) with one panel, 7 in (504 pt) with more, and neither the
# figure's title (its variables file's fig_title) in its text nor a note (note_title, a legend
# entry) as a line of it.
paper_mode_check() {
    local name=$1 dir=$2 pdf fig vars w np text lines bad="" n=0 s
    for pdf in "$dir"/figures/*.pdf; do
        fig=$(basename "$pdf" .pdf); vars=$dir/figures/data/$fig-vars.gp
        [ -f "$vars" ] || continue
        n=$((n + 1))
        w=$(pdfinfo "$pdf" | awk '/^Page size:/ { print $3 }')
        np=$(awk '/^npanels = / { print $3 }' "$vars")
        if [ "$np" = 1 ]; then [ "$w" = 239 ] || [ "$w" = 240 ] || bad="$bad $fig: $w pt wide, one panel;"
        else [ "$w" = 504 ] || bad="$bad $fig: $w pt wide, $np panels;"; fi
        lines=$(pdftotext -raw "$pdf" - | tr -d ' \f'); text=$(tr -d '\n' <<< "$lines")
        s=$(paper_gp_strings "$vars" fig_title | tr -d ' ')
        [ -n "$s" ] && [[ "$text" == *"$s"* ]] && bad="$bad $fig has its title '$s';"
        while IFS= read -r s; do
            s=$(tr -d ' ' <<< "$s")
            grep -qxF -- "$s" <<< "$lines" && bad="$bad $fig has the note '$s';"
        done < <(paper_gp_strings "$vars" note_title)
    done
    [ "$n" -ge 3 ] && [ -z "$bad" ] && t_pass "paper: $name: every figure 3.33 in wide with one panel, 7 in with more, no title or notes in it ($n figures)" \
        || t_fail "paper: $name: figures for a paper" "$n figures;$bad"
}

# plot --paper of two reference folders.
paper_mode() {
    local name o
    t_need "paper: plot --paper draws figures for a paper" pdfinfo pdftotext || return
    for name in default alloc-cost; do
        o=$TMP/paper-mode-$name
        timeout 300 "$PINSWEEP" plot "$PAPER_REF/$name" --paper -o "$o" > "$TMP/out" 2> "$TMP/err" \
            || { t_fail "paper: plot --paper of $name" "exit $?: $(tail -3 "$TMP/err")"; continue; }
        paper_mode_check "plot --paper of $name" "$o"
    done
}

paper_latex
paper_mode

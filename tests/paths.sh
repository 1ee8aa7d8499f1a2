# tests/paths.sh - the paths the docs name, and the files the folder READMEs name, checked
# (sourced by tests/run-tests).
#
# 1. Every repository path named in a src/ source (its comments, strings and #error lines;
#    not its #include lines, which the compiler checks), a plots/*.gp comment, README.md,
#    docs/*.md or a folder's README.md exists.  A path is a word that starts with src/,
#    plots/, docs/, tests/, experiments/, scripts/, bench/ or results/reference/, right
#    after a space, a quote, a backquote or a bracket (so build/tests/..., ../src/... and
#    $BUILD/tests/... are not repository paths); in a src/ file also a file of a stage's
#    folder as an include names it (measure/measure.h, from src/).  A markdown link's
#    target ([text](path)) is a path too, from the file's own folder.  Trailing
#    punctuation (. , ; : ) ] ' and backquotes) is not part of it.  What is not a literal
#    path is left out, by its shape:
#      - a placeholder: a capital letter outside README (results/NAME/, tests/unit/test_NAME.c,
#        plots/NAME.gp, OUT/shard-I; no file of the repository is named in capitals but
#        README.md and the top-level Makefile), <...>, $VAR, %s, {a,b}, ... or …;
#      - a path followed by :LINE:COLUMN, a message quoting a user's file
#        (experiments/x.yaml:4:9: unknown axis ...);
#    and a glob (plots/*.gp, src/base/units.[ch], tests/unit/test_*.c) must match a file.
#    docs/reviews/ holds dated reviews, which name the paths of their day: not checked.
# 2. Every source file of a folder of src/ (src/figures/kit too) is named in that folder's
#    README.md: its name as a word (fig_gpus.c, kernels.cu), or NAME.[ch] for a .c/.h pair.
PATHS_PREFIX='(src|plots|docs|tests|experiments|scripts|bench|results/reference)/'
# The stages' folders, for paths from src/ (tests/layers.sh's LAYERS, with figures/kit's parent).
PATHS_STAGES='(base|experiment|host|engine|record|measure|results|analysis|figures|report|run|cli)/'

# paths_words KIND FILE...: "FILE<TAB>LINE<TAB>BASE<TAB>WORD" for each path-like word of the
# files; BASE is the folder WORD is relative to (. for the repository's root).  KIND: src (a
# source: every line but #include), gp (a gnuplot script: its comment lines), md (markdown:
# every line, and link targets).
paths_words() {
    local kind=$1; shift
    awk -v kind="$kind" -v pre="$PATHS_PREFIX" -v stage="$PATHS_STAGES" '
        function emit(base, w) { print FILENAME "\t" FNR "\t" base "\t" w }
        # every word of line s matching re (anchored at a word start), relative to base
        function words(s, re, base,   m) {
            while (match(s, "(^|[ \t\"'\''`(\\[=])" re "[][A-Za-z0-9_.*?{}<>$%,/+:…-]*")) {
                m = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
                sub(/^[ \t"'\''`(\[=]/, "", m)
                emit(base, m)
            }
        }
        kind == "gp" && $0 !~ /^[ \t]*#/ { next }
        kind == "src" && /^[ \t]*#[ \t]*include/ { next }
        {
            words($0, pre, ".")
            if (kind == "src" || FILENAME ~ /^src\//) words($0, stage, "<src>")
            if (kind == "md") {
                dir = FILENAME; if (!sub(/\/[^\/]*$/, "", dir)) dir = "."
                s = $0
                while (match(s, /\]\([^)]+\)/)) {
                    t = substr(s, RSTART + 2, RLENGTH - 3); s = substr(s, RSTART + RLENGTH)
                    sub(/[ \t].*/, "", t); sub(/#.*/, "", t)
                    if (t != "" && t !~ /^[a-z]+:/) emit(dir, "<link>" t)
                }
            }
        }' "$@"
}

# paths_missing: reads paths_words lines; prints "FILE:LINE: WORD" for each literal path
# that does not exist (a glob: that matches nothing).
paths_missing() {
    local file line base w p link
    while IFS=$'\t' read -r file line base w; do
        link=""
        case $w in "<link>"*) link=1; w=${w#<link>} ;; esac
        if [ -z "$link" ]; then
            # a FILE:LINE:COLUMN message quoting a user's file
            [[ $w =~ :[0-9]+:[0-9]+ ]] && continue
            w=${w%%:*}
            # trailing punctuation; a ] closes a glob only when the word opened one
            while :; do
                case $w in
                    *[.,\;\'\"\`\)]) w=${w%?} ;;
                    *\]) [[ $w == *\[* ]] && break; w=${w%?} ;;
                    *) break ;;
                esac
            done
        fi
        # a stage's file from src/: NAME.c, NAME.h or NAME.cu only (figures/kit/ is a folder)
        if [ "$base" = "<src>" ]; then
            [[ $w =~ ^[a-z_/]+\.(c|h|cu)$ ]] || continue
            base=src
        fi
        # placeholders: capitals outside README, <...>, $VAR, %s, {a,b}, ellipses
        [[ ${w//README/} == *[A-Z]* || $w == *[\<\>\$%\{\}]* || $w == *...* || $w == *…* ]] && continue
        p=$base/$w
        [ "$base" = . ] && p=$w
        if [[ $w == *[\*\?\[]* ]]; then
            compgen -G "$p" > /dev/null && continue
        else
            [ -e "$p" ] && continue
        fi
        echo "$file:$line: $w$([ "$base" != . ] && [ -z "$link" ] && echo " (from $base/)")"
    done
}

# paths_check NAME KIND FILE...: one check over the files.
paths_check() {
    local name=$1 kind=$2 missing; shift 2
    missing=$(paths_words "$kind" "$@" | paths_missing | awk '!seen[$0]++')
    if [ -z "$missing" ]; then t_pass "paths: $name name only paths that exist"
    else t_fail "paths: $name name only paths that exist" "no such file or folder:"; echo "$missing" | sed 's/^/    /'; fi
}

# paths_readme DIR: every source file of DIR named in DIR/README.md.
paths_readme() {
    local dir=$1 f name missing=""
    if [ ! -f "$dir/README.md" ]; then t_fail "paths: $dir/README.md names every file of $dir" "there is no $dir/README.md"; return; fi
    for f in "$dir"/*.c "$dir"/*.h "$dir"/*.cu; do
        [ -f "$f" ] || continue
        name=${f##*/}
        grep -qwF -- "$name" "$dir/README.md" && continue
        case $name in *.c | *.h) grep -qwF -- "${name%.?}.[ch]" "$dir/README.md" && continue ;; esac
        missing="$missing $name"
    done
    if [ -z "$missing" ]; then t_pass "paths: $dir/README.md names every file of $dir"
    else t_fail "paths: $dir/README.md names every file of $dir" "not named:$missing"; fi
}

paths_all() {
    local d
    paths_check "src/ comments" src $(find src -name '*.[ch]' -o -name '*.cu' | sort)
    paths_check "plots/*.gp comments" gp plots/*.gp
    paths_check "README.md and docs/*.md" md README.md $(find docs -maxdepth 1 -name '*.md' | sort)
    paths_check "the folders' READMEs" md $(find src plots tests experiments scripts bench -name README.md | sort)
    for d in $(find src -name '*.[ch]' -o -name '*.cu' | sed 's|/[^/]*$||' | sort -u); do
        paths_readme "$d"
    done
}

paths_all

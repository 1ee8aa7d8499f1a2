# tests/layers.sh - the architecture, checked (sourced by tests/run-tests).
#
# src/ has one folder per stage of the pipeline, lowest first (src/README.md).
# Three rules, each a check that fails naming the offending files:
#   1. an #include "folder/file.h" points to the same folder or a lower one, so
#      the folder-level include graph has no cycle and no upward edge;
#   2. nothing on the never-list (NEVER) is reached, directly or through any chain
#      of headers: a stage that reads results never sees how they were measured;
#   3. no two source files need each other: the graph "X.o uses a symbol that
#      Y.o defines" (read with nm from the built objects) has no cycle
#      (tsort finds one).
# Rule 2 is also run on a copy of src/ with a violation planted, and must
# catch it: a check that cannot fail checks nothing.
LAYERS="base experiment host engine record measure results analysis figures/kit figures report run cli"

# The never-list: FROM:TO pairs, FROM a folder (or one file), TO a folder, that no
# include chain may join (FROM=TO: no direct include; a chain through a layer that
# owns TO is allowed). Downward edges the order allows, but whose meaning forbids:
# the readers of results (results/, analysis/, figures/, report/) know the record
# types, never the measuring; the reader of a results folder (folder.h, meta_doc.h)
# needs only the document types, never the engine or the host that wrote them;
# cli/ parses and prints: the measuring is run/'s (cli/ reaches measure/ only
# through run/'s types).
NEVER="results:measure analysis:measure figures/kit:measure figures:measure report:measure
record:measure experiment:measure host:measure engine:measure base:measure
analysis:figures analysis:figures/kit analysis:report results:analysis
cli=measure results/folder.h:engine results/folder.h:host results/meta_doc.h:engine results/meta_doc.h:host"

layer_rank() { # folder -> its position in LAYERS, or nothing
    local i=0 l
    for l in $LAYERS; do i=$((i + 1)); [ "$l" = "$1" ] && { echo $i; return; }; done
}

check_folders() {
    local f from to bad="" unknown=""
    for f in $(find src -name '*.[ch]' -o -name '*.cu' | sort); do
        # A folder inside a stage (figures/kit) is a layer of its own, below its stage.
        from=$(echo "$f" | cut -d/ -f2-3)
        [ -n "$(layer_rank "$from")" ] || from=$(echo "$f" | cut -d/ -f2)
        [ -n "$(layer_rank "$from")" ] || { unknown="$unknown $f"; continue; }
        for to in $(sed -n 's|^#include "\([a-z_]*\)/\([a-z_]*\)/.*|\1/\2|p; t; s|^#include "\([a-z_]*\)/.*|\1|p' "$f" | sort -u); do
            if [ -z "$(layer_rank "$to")" ]; then unknown="$unknown $f->$to"
            elif [ "$(layer_rank "$to")" -gt "$(layer_rank "$from")" ]; then bad="$bad $f->$to"; fi
        done
        # An include without a folder would hide the edge.
        if grep -q '^#include "[^/"]*"' "$f"; then bad="$bad $f(include without a folder)"; fi
    done
    if [ -n "$unknown" ]; then t_fail "layers: every source is in a known folder" "not in LAYERS:$unknown"
    else t_pass "layers: every source is in a known folder"; fi
    if [ -n "$bad" ]; then t_fail "layers: includes point down the pipeline" "upward:$bad"
    else t_pass "layers: includes point down the pipeline"; fi
}

# The folder of a path below src/: figures/kit for the drawing kit, else its first part.
folder_of() { case $1 in figures/kit/*) echo figures/kit ;; *) echo "${1%%/*}" ;; esac; }

# "FILE HEADER VIA" for every header FILE reaches through any chain of #include
# "folder/file.h" lines below the source root $1 (VIA: the file that includes HEADER).
include_closure() {
    (cd "$1" && find . \( -name '*.[ch]' -o -name '*.cu' \) | sed 's|^\./||' | sort | while read -r f; do
        sed -n 's|^#include "\([^"]*\)".*|\1|p' "$f" | sed "s|^|$f |"
    done) | awk '{ inc[$1] = inc[$1] " " $2; file[$1] = 1 }
        END { for (f in file) {
            split("", seen); n = 0; stack[++n] = f
            while (n > 0) { x = stack[n--]; k = split(inc[x], h, " ")
                for (i = 1; i <= k; i++) if (!(h[i] in seen)) { seen[h[i]] = 1; print f, h[i], x; stack[++n] = h[i] } }
        } }' | sort
}

# Every never-list pair joined below the source root $1, one "FILE reaches HEADER
# (via X)" per line; nothing when the tree keeps the list.
never_broken() {
    local f h via from to pair
    include_closure "$1" | while read -r f h via; do
        for pair in $NEVER; do
            from=${pair%%[:=]*}; to=${pair#*[:=]}
            [ "$from=$to" = "$pair" ] && [ "$via" != "$f" ] && continue
            case $f in "$from"/* | "$from") ;; *) continue ;; esac
            [ "$from" = figures ] && [ "$(folder_of "$f")" = figures/kit ] && continue
            [ "$(folder_of "$h")" = "$to" ] || continue
            if [ "$from=$to" = "$pair" ]; then echo "$f includes $h ($from never includes $to)"
            elif [ "$via" = "$f" ]; then echo "$f includes $h ($from never reaches $to)"
            else echo "$f reaches $h via $via ($from never reaches $to)"; fi
        done
    done
}

check_never() {
    local broken planted
    broken=$(never_broken src)
    if [ -n "$broken" ]; then t_fail "layers: nothing on the never-list is reached, through any header" "$(echo "$broken" | head -20 | tr '\n' ';')"
    else t_pass "layers: nothing on the never-list is reached, through any header"; fi
    # Plant a violation two headers deep: results/planted_reader.h -> results/planted.h ->
    # measure/measure.h. The check must name the chain.
    rm -rf "$TMP/plant" && mkdir -p "$TMP/plant" && cp -r src "$TMP/plant/" || return
    printf '#include "measure/measure.h"\n' > "$TMP/plant/src/results/planted.h"
    printf '#include "results/planted.h"\n' > "$TMP/plant/src/results/planted_reader.h"
    planted=$(never_broken "$TMP/plant/src")
    if echo "$planted" | grep -qx 'results/planted_reader.h reaches measure/measure.h via results/planted.h (results never reaches measure)'; then
        t_pass "layers: the never-list check names a violation planted two headers deep"
    else t_fail "layers: the never-list check names a violation planted two headers deep" "it printed: $(echo "$planted" | head -5 | tr '\n' ';')"; fi
}

# One "user definer" line per symbol an object needs from another object.
symbol_edges() {
    local o m
    for o in $(find "$BUILD" -path "$BUILD/tests" -prune -o -name '*.o' -print | sort); do
        m=${o#"$BUILD"/}; m=${m%.o}
        nm "$o" | awk -v m="$m" '$1 == "U" { print "U", $2, m } NF == 3 && $2 ~ /[TDBR]/ { print "D", $3, m }'
    done | awk '$1 == "D" { def[$2] = $3 } $1 == "U" { use[NR] = $2 " " $3 }
        END { for (i in use) { split(use[i], p, " "); if ((p[1] in def) && def[p[1]] != p[2]) print p[2], def[p[1]] } }' | sort -u
}

check_files() {
    local edges
    t_need "layers: no two files need each other" nm tsort || return
    edges=$(symbol_edges)
    if [ -z "$edges" ]; then t_fail "layers: no two files need each other" "no objects in $BUILD"; return; fi
    if echo "$edges" | tsort > /dev/null 2> "$TMP/tsort"; then t_pass "layers: no two files need each other"
    else t_fail "layers: no two files need each other" "a cycle: $(grep -v 'input contains a loop' "$TMP/tsort" | sed 's/^tsort: //' | tr '\n' ' ')"; fi
}

check_folders
check_never
check_files

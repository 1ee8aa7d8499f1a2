# tests/layers.sh - the architecture, checked (sourced by tests/run-tests).
#
# src/ has one folder per stage of the pipeline, lowest first (src/README.md).
# Two rules, each a check that fails naming the offending files:
#   1. an #include "folder/file.h" points to the same folder or a lower one, so
#      the folder-level include graph has no cycle and no upward edge;
#   2. no two source files need each other: the graph "X.o uses a symbol that
#      Y.o defines" (read with nm from the built objects) has no cycle
#      (tsort finds one).
LAYERS="base experiment host engine measure results analysis figures/kit figures report run cli"

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
check_files

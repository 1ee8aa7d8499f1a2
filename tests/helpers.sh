# tests/helpers.sh - what the parts of the suite share, sourced by tests/run-tests before
# any part (so that ONLY="report ..." has them without running cli): expect, expect_exact,
# col, csv_get.  run-tests defines PINSWEEP, TMP, t_pass, t_fail and t_skip.

# expect NAME WANT_RC STDERR_SUBSTRING -- COMMAND...  (a command may take 300 s at most)
expect() {
    local name=$1 want=$2 msg=$3; shift 4
    timeout 300 "$@" > "$TMP/out" 2> "$TMP/err"; local rc=$?
    if [ $rc -eq 124 ]; then t_fail "$name" "timed out after 300 s: $*"; return 1; fi
    if [ $rc -ne "$want" ]; then t_fail "$name" "exit $rc, want $want; stderr: $(head -3 "$TMP/err")"; return 1; fi
    if [ -n "$msg" ] && ! grep -qF -- "$msg" "$TMP/err"; then
        t_fail "$name" "stderr lacks '$msg'; it says: $(head -3 "$TMP/err")"; return 1; fi
    t_pass "$name"
}

# expect_exact NAME WANT_RC WANT_STDERR -- COMMAND...: the exit code and the whole of stderr
# (one or more lines, given without the last newline); stdout is left in $TMP/out.
expect_exact() {
    local name=$1 want=$2 msg=$3; shift 4
    timeout 300 "$@" > "$TMP/out" 2> "$TMP/err"; local rc=$?
    if [ $rc -ne "$want" ]; then t_fail "$name" "exit $rc, want $want; stderr: $(head -3 "$TMP/err")"; return 1; fi
    if ! printf '%s' "$msg${msg:+$'\n'}" | cmp -s - "$TMP/err"; then
        t_fail "$name" "stderr is '$(cat "$TMP/err")', want '$msg'"; return 1; fi
    t_pass "$name"
}

# Index (1-based) of column NAME in CSV FILE's header.
col() { head -1 "$1" | tr ',' '\n' | grep -nx "$2" | cut -d: -f1; }

# Values of column NAME in data rows where column KEY equals VALUE (no quoted commas before NAME).
csv_get() { # file name key value
    local c k; c=$(col "$1" "$2"); k=$(col "$1" "$3")
    awk -F, -v c="$c" -v k="$k" -v v="$4" 'NR > 1 && $k == v { print $c }' "$1"
}

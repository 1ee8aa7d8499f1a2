# tests/valgrind.sh - the CPU-side code under valgrind's memcheck: the unit
# tests, `plan` on every good and bad experiment file, and a fake-engine
# run.  Sourced by tests/run-tests when VALGRIND=1 (.ci/run sets it); any
# invalid access or definite/indirect leak fails the check.

# vg NAME WANT_RC COMMAND...: clean only when the command exits as it does without valgrind;
# 97 (memcheck's errors), a timeout (124) or a crash are failures.
vg() {
    local name=$1 want=$2 rc; shift 2
    timeout 600 valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect \
        --error-exitcode=97 "$@" > /dev/null 2> "$TMP/vg"; rc=$?
    if [ $rc -eq "$want" ]; then t_pass "valgrind: $name"
    elif [ $rc -eq 97 ]; then t_fail "valgrind: $name" "$(grep -m5 '==[0-9]*==' "$TMP/vg")"
    elif [ $rc -eq 124 ]; then t_fail "valgrind: $name" "timed out after 600 s"
    else t_fail "valgrind: $name" "exit $rc, want $want: $(tail -3 "$TMP/vg")"; fi
}

valgrind_tests() {
    if ! command -v valgrind > /dev/null; then t_skip "valgrind" "valgrind is not installed"; return; fi
    local t f
    for t in "$BUILD"/tests/test_*; do
        [ -x "$t" ] && [ "${t%.so}" = "$t" ] && vg "$(basename "$t")" 0 "$t"
    done
    for f in tests/good/*.yaml; do vg "plan $f" 0 "$PINSWEEP" plan "$f"; done
    for f in tests/bad/*.yaml; do vg "plan $f" 2 "$PINSWEEP" plan "$f"; done
    vg "fake-engine run" 0 env PINSWEEP_ENGINE=fake PINSWEEP_NVML_LIB="$PWD/$BUILD/tests/libfake-nvml.so" \
        "$PINSWEEP" run tests/good/blocks-and-repeats.yaml -o "$TMP/vg-run" --no-plot
}

valgrind_tests

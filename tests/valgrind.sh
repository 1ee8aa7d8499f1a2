# tests/valgrind.sh - the CPU-side code under valgrind's memcheck: the unit
# tests, `plan` on every good and bad experiment file, and a fake-engine
# run.  Sourced by tests/run-tests when VALGRIND=1 (.ci/run sets it); any
# invalid access or definite/indirect leak fails the check.

vg() { # name command...
    local name=$1; shift
    timeout 600 valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect \
        --error-exitcode=97 "$@" > /dev/null 2> "$TMP/vg"
    if [ $? -eq 97 ]; then t_fail "valgrind: $name" "$(grep -m5 '==[0-9]*==' "$TMP/vg")"; else t_pass "valgrind: $name"; fi
}

valgrind_tests() {
    if ! command -v valgrind > /dev/null; then t_skip "valgrind" "valgrind is not installed"; return; fi
    local t f
    for t in "$BUILD"/tests/test_*; do
        [ -x "$t" ] && [ "${t%.so}" = "$t" ] && vg "$(basename "$t")" "$t"
    done
    for f in tests/good/*.yaml tests/bad/*.yaml; do vg "plan $f" "$PINSWEEP" plan "$f"; done
    vg "fake-engine run" env PINSWEEP_ENGINE=fake PINSWEEP_NVML_LIB="$PWD/$BUILD/tests/libfake-nvml.so" \
        "$PINSWEEP" run tests/good/blocks-and-repeats.yaml -o "$TMP/vg-run" --no-plot
}

valgrind_tests

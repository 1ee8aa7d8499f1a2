# tests/gpu.sh - a real run on GPU 0, sourced by tests/run-tests.  Without a
# GPU every check is reported as SKIP with the reason, never as a pass.

gpu_present() {
    { command -v nvidia-smi > /dev/null 2>&1 && nvidia-smi -L > /dev/null 2>&1; } || [ -e /dev/nvidia0 ]
}

# Median GB/s of the ok row matching alloc, direction, buffer, api and size.
gbps_of() { # file alloc direction buffer api size
    awk -F, -v a="$(col "$1" alloc)" -v d="$(col "$1" direction)" -v b="$(col "$1" buffer)" \
        -v p="$(col "$1" api)" -v s="$(col "$1" size_bytes)" -v g="$(col "$1" gbps_median)" \
        -v st="$(col "$1" status)" \
        -v A="$2" -v D="$3" -v B="$4" -v P="$5" -v S="$6" \
        'NR > 1 && $a == A && $d == D && $b == B && $p == P && $s == S && $st == "ok" { print $g }' "$1"
}

# check NAME AWK-CONDITION VALUES...: the condition over v1, v2, ... must hold.
gpu_check() {
    local name=$1 cond=$2; shift 2
    if awk -v v1="${1:-}" -v v2="${2:-}" -v v3="${3:-}" "BEGIN { exit !($cond) }"; then
        t_pass "$name ($*)"
    else
        t_fail "$name" "values: $*"
    fi
}

gpu_tests() {
    local checks="gpu: pipelines, zero-copy and host access|gpu: pinned pipeline overlaps|gpu: pageable pipeline does not|gpu: zero-copy moves data|gpu: registered-readonly|gpu: verified copies of every kind|gpu: sanity run|gpu: pinned beats pageable at 64MiB|gpu: bandwidth rises with size|gpu: pinned 64MiB near the link rate|gpu: event and host clocks agree|gpu: reallocate costs more than reuse|gpu: bidir moves more than one direction"
    if ! gpu_present; then
        local IFS='|' c
        for c in $checks; do t_skip "$c" "no GPU on this machine (nvidia-smi -L fails, no /dev/nvidia0)"; done
        return
    fi
    local r=$TMP/gpu f
    expect "gpu: verified copies of every kind (measure: verify)" 0 "configurations: 105 ok, 0 failed" -- "$PINSWEEP" run tests/gpu/verify.yaml -o "$TMP/gpu-verify" --no-plot
    expect "gpu: sanity run" 0 "" -- "$PINSWEEP" run tests/gpu/sanity.yaml -o "$r" --no-plot || { cat "$TMP/err"; return; }
    f=$r/summary.csv
    for d in h2d d2h; do
        gpu_check "gpu: pinned beats pageable at 64MiB $d" "v1 > 1.5 * v2" \
            "$(gbps_of "$f" pinned $d reuse sync 67108864)" "$(gbps_of "$f" pageable $d reuse sync 67108864)"
        gpu_check "gpu: bandwidth rises with size, pinned $d" "v1 < v2 && v2 < v3" \
            "$(gbps_of "$f" pinned $d reuse sync 65536)" "$(gbps_of "$f" pinned $d reuse sync 1048576)" "$(gbps_of "$f" pinned $d reuse sync 67108864)"
        gpu_check "gpu: pinned 64MiB $d between 5 and 70 GB/s" "v1 > 5 && v1 < 70" "$(gbps_of "$f" pinned $d reuse sync 67108864)"
    done
    local dev host
    dev=$(gbps_of "$f" pinned h2d reuse sync 67108864)
    host=$(awk -F, -v h="$(col "$f" host_gbps_median)" -v s="$(col "$f" size_bytes)" -v a="$(col "$f" alloc)" -v d="$(col "$f" direction)" \
        'NR > 1 && $a == "pinned" && $d == "h2d" && $s == 67108864 { print $h }' "$f")
    gpu_check "gpu: event and host clocks agree within 10% at 64MiB" "v2 > 0.9 * v1 && v2 < 1.1 * v1" "$dev" "$host"
    local eff
    eff=$(awk -F, -v e="$(col "$f" effective_gbps_median)" -v a="$(col "$f" alloc)" -v b="$(col "$f" buffer)" -v d="$(col "$f" direction)" \
        'NR > 1 && $a == "pinned" && $b == "reallocate" && $d == "h2d" { print $e }' "$f")
    gpu_check "gpu: reallocate costs more than reuse (pinned 16MiB)" "v1 < v2" "$eff" "$(gbps_of "$f" pinned h2d reuse async 16777216)"
    gpu_check "gpu: bidir moves more than one direction (pinned 16MiB)" "v1 > 1.2 * v2" \
        "$(gbps_of "$f" pinned bidir reuse async 16777216)" "$(gbps_of "$f" pinned h2d reuse async 16777216)"
    local errs
    errs=$(grep -c ',error,' "$f")
    gpu_check "gpu: no configuration failed" "v1 == 0" "$errs"
    grep -q 'generation: 5\|generation: [1-6]' "$r/meta.yaml" && t_pass "gpu: meta.yaml has the PCIe link" || t_skip "gpu: meta.yaml has the PCIe link" "the link is not visible in sysfs here"
    cp "$f" "${GPU_RESULTS_OUT:-/dev/null}" 2> /dev/null || true
    gpu_beyond_tests
}

# Value of column NAME in the ok row whose alloc, api and streams (or direction) match.
beyond_get() { # file name alloc api streams-or-direction
    awk -F, -v c="$(col "$1" "$2")" -v a="$(col "$1" alloc)" -v p="$(col "$1" api)" -v s="$(col "$1" streams)" \
        -v d="$(col "$1" direction)" -v st="$(col "$1" status)" -v A="$3" -v P="$4" -v S="$5" \
        'NR > 1 && $a == A && $p == P && ($s == S || $d == S) && $st == "ok" { print $c }' "$1"
}

# Issue 6's GPU paths: a pipeline over streams, zero-copy kernels (verified) and the CPU's reads.
gpu_beyond_tests() {
    local r=$TMP/gpu-beyond f
    expect "gpu: pipelines, zero-copy and host access (verified)" 0 "configurations: 10 ok, 0 failed" -- "$PINSWEEP" run tests/gpu/beyond.yaml -o "$r" --no-plot || return
    f=$r/summary.csv
    gpu_check "gpu: pinned pipeline overlaps over 4 streams (overlap > 1.5, 1 stream < 1.2)" "v1 > 1.5 && v2 < 1.2" \
        "$(beyond_get "$f" overlap_median pinned pipeline 4)" "$(beyond_get "$f" overlap_median pinned pipeline 1)"
    gpu_check "gpu: pageable pipeline does not overlap (overlap < 1.2 with 4 streams)" "v1 < 1.2" \
        "$(beyond_get "$f" overlap_median pageable pipeline 4)"
    local a
    for a in mapped registered-mapped; do
        gpu_check "gpu: zero-copy moves data both ways, $a (> 5 GB/s at 16MiB)" "v1 > 5 && v2 > 5" \
            "$(beyond_get "$f" gbps_median $a zerocopy h2d)" "$(beyond_get "$f" gbps_median $a zerocopy d2h)"
    done
    expect "gpu: registered-readonly runs, or is skipped with the reason" 0 "" -- "$PINSWEEP" run tests/gpu/readonly.yaml -o "$r-ro" --no-plot
}

gpu_tests

# tests/doctor.sh - `pinsweep doctor` through the fake engine (on its model clock) and the
# fake NVML, on the sysfs and procfs trees of tests/fixtures/doctor/ (its make-fixtures.sh):
# the healthy machine says so with its readings as shares of the link's ceiling, worked out
# again here; every cause doctor looks for is named first by a tree, a model and an NVML that
# show it alone, and is a note, not a cause, where the readings it acts on are healthy;
# --json parsed; the exit codes.  Sourced by tests/run-tests (PINSWEEP, TMP, BUILD, t_pass,
# t_fail, t_need, expect, expect_exact from tests/lib.sh).

DOC_FIX=tests/fixtures/doctor
# The H200's rates (../shared/GPU.md): pinned 55.4 GB/s each way, bidir at 91 % of it each
# way; pageable h2d 9 GB/s against an 11 GB/s memcpy; no fixed cost, so every reading is the
# model's exactly.
DOC_MODEL='pinned.gbps=55.4 bidir_share=0.91 pageable.gbps=9 memcpy.gbps=11 t0_us=0'

# doctor_on TREE RC [VAR=VALUE...] [-- ARGS...]: doctor on the tree's sys and proc with the
# fake GPU at 0000:00:06.0 and the fake NVML, the model DOC_MODEL plus MODEL (the caller's
# variable); stdout in $TMP/out, stderr in $TMP/err; 0 when it exits RC.
doctor_on() {
    local tree=$1 want=$2 rc; shift 2
    local vars=() args=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do vars+=("$1"); shift; done
    [ "${1:-}" = -- ] && shift
    args=("$@")
    timeout 120 env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_BUS_ID=0000:00:06.0 \
        PINSWEEP_NVML_LIB="$PWD/$BUILD/tests/libfake-nvml.so" \
        PINSWEEP_SYSFS="$tree/sys" PINSWEEP_PROCFS="$tree/proc" \
        PINSWEEP_FAKE_MODEL="$DOC_MODEL ${MODEL:-}" "${vars[@]}" \
        "$PINSWEEP" doctor "${args[@]}" > "$TMP/out" 2> "$TMP/err"
    rc=$?
    [ $rc -eq "$want" ] && return 0
    echo "exit $rc, want $want; stderr: $(head -3 "$TMP/err")" > "$TMP/why"
    return 1
}

# The committed trees are what make-fixtures.sh writes.
doctor_fixtures() {
    rm -rf "$TMP/docfix"; mkdir -p "$TMP/docfix"
    if ! t_need "doctor: the fixtures are make-fixtures.sh's" xxd; then return; fi
    bash "$DOC_FIX/make-fixtures.sh" "$TMP/docfix" \
        && diff -r --no-dereference -x make-fixtures.sh "$DOC_FIX" "$TMP/docfix" > "$TMP/docfix.diff" \
        && t_pass "doctor: the fixtures are make-fixtures.sh's" \
        || t_fail "doctor: the fixtures are make-fixtures.sh's" "$(head -5 "$TMP/docfix.diff")"
}

# The healthy machine: every reading's line, its share of the ceiling worked out here from the
# link's model (analysis/link.h: Gen5 x16 is 32 x 16 x 128/130 / 8 GB/s raw; h2d pays 20 B
# a 256 B completion, d2h 24 B a 256 B write; bidir both, less d2h's room for h2d's read
# requests, 24 B per 4096 B read), and the verdict line.
doctor_healthy() {
    local host want
    host=$(hostname)
    MODEL="" doctor_on "$DOC_FIX/healthy" 0 || { t_fail "doctor: the healthy machine, exit 0" "$(cat "$TMP/why")"; return; }
    t_pass "doctor: the healthy machine, exit 0"
    want=$(awk -v host="$host" 'BEGIN {
        raw = 32 * 16 * 128 / 130 / 8; h = raw * 256 / 276; d = raw * 256 / 280
        b = h + (raw - h / 4096 * 24) * 256 / 280; bidir = 2 * 0.91 * 55.4
        printf "%-20s%9.2f   %5.1f%% of %7.2f  %4.0f%%  ok\n", "pinned h2d", 55.4, 100 * 55.4 / h, h, 84
        printf "%-20s%9.2f   %5.1f%% of %7.2f  %4.0f%%  ok\n", "pinned d2h", 55.4, 100 * 55.4 / d, d, 84
        printf "%-20s%9.2f   %5.1f%% of %7.2f  %4.0f%%  ok\n", "pinned bidir", bidir, 100 * bidir / b, b, 68
        printf "%-20s%9.2f   %5.1f%% of %7.2f  %4.0f%%  ok (of pinned h2d)\n", "pageable h2d", 9, 100 * 9 / 55.4, 55.4, 12
        printf "%-20s%9.2f   the ceiling of a pageable copy%cs staging step\n", "host memcpy", 11, 39
        printf "pinsweep doctor: %s GPU 0 (0000:00:06.0): healthy: pinned h2d %.1f%%, d2h %.1f%%, bidir %.1f%% of the link%cs practical ceiling; nothing found\n", host, 100 * 55.4 / h, 100 * 55.4 / d, 100 * bidir / b, 39 }')
    [ "$(grep -E '^(pinned|pageable|host memcpy|pinsweep doctor: .*: healthy)' "$TMP/out" | grep -v ', fake GPU')" = "$want" ] \
        && t_pass "doctor: healthy: each reading as a share of the link's ceiling, and the verdict" \
        || t_fail "doctor: healthy: the readings and the verdict" "got $(cat "$TMP/out"); want $want"
    grep -qx 'link: PCIe 5.0 x16, MPS 256 B, MRRS 4096 B (read); Gen5 x16 during a copy' "$TMP/out" \
        && ! grep -q '^causes\|^notes' "$TMP/out" && [ "$(grep -c '^  - ' "$TMP/out")" = 13 ] \
        && t_pass "doctor: healthy: the link as read, no cause, no note, all 13 looked for and not found" \
        || t_fail "doctor: healthy: the link, and all 13 not found" "$(cat "$TMP/out")"
    grep -q "^pinsweep doctor: $host GPU 0 (0000:00:06.0), fake GPU (memcpy, model clock), measured in [0-9.]* s$" "$TMP/out" \
        && t_pass "doctor: the first line names the GPU and how long it took" \
        || t_fail "doctor: the first line names the GPU" "$(head -1 "$TMP/out")"
}

# Each cause alone: tree, model, NVML's variables; the id and title named first, exit 1.
# The suspects (no cost of their own) come with pinned copies at 40 GB/s, under the floor.
doctor_each_cause() {
    local spec tree id title vars rc
    while IFS='|' read -r id tree MODEL vars title; do
        [ -n "$id" ] || continue
        local env_words=()
        read -r -a env_words <<< "$vars"
        if ! doctor_on "$DOC_FIX/$tree" 1 "${env_words[@]}" -- --json "$TMP/cause-$id.json"; then
            t_fail "doctor: $id named first" "$(cat "$TMP/why")"; continue
        fi
        cp "$TMP/out" "$TMP/cause-$id.out"
        rc=$(python3 -c "import json,sys; f=json.load(open(sys.argv[1]))['gpus'][0]['findings'][0]; print(f['id'], f['rank'], f['state'])" "$TMP/cause-$id.json" 2>&1)
        if [ "$rc" = "$id 1 cause" ] && grep -A1 '^causes, most likely first:$' "$TMP/out" | grep -q "^  1\. $title "; then
            t_pass "doctor: $id named first ($tree${vars:+, $vars}${MODEL:+, $MODEL})"
        else
            t_fail "doctor: $id named first" "json: $rc; text: $(sed -n '/^causes/,+2p' "$TMP/out")"
        fi
    done <<'EOF'
link_down|link-down|pinned.gbps=27||the link trained below its maximum
iommu|iommu|pinned.gbps=40||IOMMU translates the GPU's DMA
relaxed_ordering|relaxed-ordering|pinned.gbps=40||relaxed ordering off
sizes|sizes|pinned.gbps=51.5||small payload or read request size
other_process|healthy|pinned.gbps=40|FAKE_NVML_OTHERS=1|another process on the GPU
throttled|healthy|pinned.gbps=40|FAKE_NVML_THROTTLE=0x40|GPU clocks throttled
persistence|healthy|pinned.gbps=40|FAKE_NVML_NO_PERSISTENCE=1|persistence mode off
pcie_errors|healthy||FAKE_NVML_REPLAYS=40|PCIe errors during the copies
virtual_machine|vm|pinned.gbps=40||a virtual machine
governor|governor|pageable.gbps=3 memcpy.gbps=3.2||the CPU frequency governor is not performance
thp|thp|pageable.gbps=3 memcpy.gbps=3.2||transparent huge pages off
host_memcpy|healthy|pageable.gbps=3 memcpy.gbps=3.2||pageable copies held to the host's memcpy
numa|healthy|pinned.gbps=30 node0.pinned.gbps=55.4|PINSWEEP_FAKE_NUMA_NODES=2|buffers on the wrong NUMA node
EOF
    MODEL=""
}

# What each cause's evidence says, for the causes whose numbers doctor works out (the outputs
# of doctor_each_cause's runs).
doctor_evidence() {
    local o=$TMP/cause-link_down.out want
    grep -qx '     evidence: Gen4 x16 during a copy, below its maximum Gen5 x16: 31.51 of 63.02 GB/s raw per direction' "$o" \
        && grep -qx '  1. the link trained below its maximum (costs 50.0%)' "$o" \
        && t_pass "doctor: the link's evidence: Gen4 of Gen5, half the raw rate" \
        || t_fail "doctor: the link's evidence" "$(sed -n '/^causes/,/^looked/p' "$o")"
    # node 0 at 55.4, node 1 and the unbound buffer at 30: 1 - 30/55.4 = 45.8 %
    o=$TMP/cause-numa.out
    grep -qx "pinned h2d, node 0      55.40   the GPU's node" "$o" && grep -qx 'pinned h2d, node 1      30.00' "$o" \
        && grep -qx '  1. buffers on the wrong NUMA node (costs 45.8%)' "$o" \
        && grep -qx "     evidence: pinned h2d without binding 30.00 GB/s; bound to node 0 (the GPU's) 55.40, node 1 30.00: 45.8% below node 0's" "$o" \
        && t_pass "doctor: NUMA: pinned h2d from each node, the GPU's marked, the cost 45.8%" \
        || t_fail "doctor: NUMA's readings and evidence" "$(cat "$o")"
    # MPS 128 B of 256: d2h's ceiling 63.02 x 128/152 against 63.02 x 256/280, 7.9 % lower
    o=$TMP/cause-sizes.out
    want=$(awk 'BEGIN { printf "  1. small payload or read request size (costs %.1f%%)", 100 * (1 - (128 / 152) / (256 / 280)) }')
    grep -qxF "$want" "$o" && grep -q '^     evidence: MPS 128 B of the 256 B it supports, MRRS 4096 B: ' "$o" \
        && t_pass "doctor: sizes: MPS 128 B of 256, its modelled cost" \
        || t_fail "doctor: sizes" "want $want; $(sed -n '/^causes/,/^looked/p' "$o")"
    o=$TMP/cause-pcie_errors.out
    grep -qx "     evidence: before and after the copies: AER correctable 0 -> 0, non-fatal 0 -> 0, fatal 0 -> 0; NVML's PCIe replays 0 -> 40" "$o" \
        && grep -qx '  1. PCIe errors during the copies (cost unknown; what it acts on reaches its floor)' "$o" \
        && t_pass "doctor: NVML's replay counter rising during the copies: a cause with healthy readings too" \
        || t_fail "doctor: replays" "$(sed -n '/^causes/,/^looked/p' "$o")"
    # The suspects' line: how far under the floor the readings are, 1 - 40 / (0.84 x 58.45)
    o=$TMP/cause-iommu.out
    want=$(awk 'BEGIN { raw = 32 * 16 * 128 / 130 / 8; printf "  1. IOMMU translates the GPU%cs DMA (cost unknown; %.1f%% under the floor left unexplained)", 39, 100 * (1 - 40 / (0.84 * raw * 256 / 276)) }')
    grep -qxF "$want" "$o" && grep -qx '     evidence: IOMMU group 7 is of type DMA-FQ: its DMA is translated; kernel command line: intel_iommu=on' "$o" \
        && t_pass "doctor: IOMMU: the group, its type, the command line, the shortfall" \
        || t_fail "doctor: IOMMU's evidence" "want $want; $(sed -n '/^causes/,/^looked/p' "$o")"
    o=$TMP/cause-governor.out
    [ "$(sed -n 's/^  [0-9]\. \(.*\) (cost .*/\1/p' "$o")" = "the CPU frequency governor is not performance
pageable copies held to the host's memcpy" ] \
        && t_pass "doctor: the governor before the memcpy it acts through" \
        || t_fail "doctor: the governor and the memcpy" "$(sed -n '/^causes/,/^looked/p' "$o")"
}

# Errors rising in sysfs's AER counters between the reads before and after the copies: the
# counter is a FIFO written twice, 0 then 15, each write once the reader before it is gone
# (a non-blocking open for writing fails with ENXIO while no one reads).
doctor_aer_rising() {
    local t=$TMP/aer d
    t_need "doctor: AER counters rising during the copies" python3 || return
    rm -rf "$t"; cp -a "$DOC_FIX/healthy" "$t"
    d=$t/sys/bus/pci/devices/0000:00:06.0
    rm "$d/aer_dev_correctable"; mkfifo "$d/aer_dev_correctable"
    timeout 120 python3 - "$d/aer_dev_correctable" 'RxErr 0\nTOTAL_ERR_COR 0\n' 'RxErr 12\nBadTLP 3\nTOTAL_ERR_COR 15\n' <<'PY' &
import errno, os, sys, time
for text in sys.argv[2:]:
    fd = os.open(sys.argv[1], os.O_WRONLY)
    os.write(fd, text.replace("\\n", "\n").encode())
    os.close(fd)
    while True:
        try:
            fd = os.open(sys.argv[1], os.O_WRONLY | os.O_NONBLOCK)
        except OSError as e:
            if e.errno == errno.ENXIO:
                break
            raise
        os.close(fd)
        time.sleep(0.001)
PY
    local writer=$!
    MODEL="" doctor_on "$t" 1 || t_fail "doctor: AER counters rising during the copies" "$(cat "$TMP/why")"
    kill "$writer" 2> /dev/null; wait "$writer" 2> /dev/null
    grep -qx "     evidence: before and after the copies: AER correctable 0 -> 15, non-fatal 0 -> 0, fatal 0 -> 0; NVML's PCIe replays 0 -> 0" "$TMP/out" \
        && grep -qx '  1. PCIe errors during the copies (cost unknown; what it acts on reaches its floor)' "$TMP/out" \
        && t_pass "doctor: AER correctable errors rising during the copies: named first" \
        || t_fail "doctor: AER counters rising during the copies" "$(sed -n '/^causes/,/^looked/p' "$TMP/out")"
}

# Found, with what it acts on healthy: a note, exit 0; passthrough is no IOMMU cause.
doctor_notes() {
    MODEL="" doctor_on "$DOC_FIX/vm" 0 \
        && grep -A1 '^notes (found, but what they act on reaches its floor):$' "$TMP/out" | grep -qx '  - a virtual machine' \
        && ! grep -q '^causes' "$TMP/out" && tail -1 "$TMP/out" | grep -q ': healthy: .*; nothing found (and notes)$' \
        && t_pass "doctor: a VM with healthy readings: a note, healthy, exit 0" \
        || t_fail "doctor: a VM with healthy readings: a note" "$(cat "$TMP/why" 2> /dev/null; cat "$TMP/out")"
    MODEL="" doctor_on "$DOC_FIX/aer-since-boot" 0 \
        && grep -qx "     evidence: before and after the copies: AER correctable 12 -> 12, non-fatal 0 -> 0, fatal 0 -> 0; NVML's PCIe replays 0 -> 0: errors since boot, none during the copies" "$TMP/out" \
        && t_pass "doctor: errors logged since boot, none during the copies: a note" \
        || t_fail "doctor: errors since boot" "$(cat "$TMP/out")"
    MODEL="pinned.gbps=40" doctor_on "$DOC_FIX/iommu-identity" 1 \
        && grep -qx "  - IOMMU translates the GPU's DMA: IOMMU group 7 is of type identity (passthrough): its DMA is not translated; kernel command line: intel_iommu=on iommu=pt" "$TMP/out" \
        && tail -1 "$TMP/out" | grep -q ': unexplained: a reading fell short, and none of the 13 causes doctor looks for was found$' \
        && t_pass "doctor: passthrough is no IOMMU cause; short with no cause: unexplained, exit 1" \
        || t_fail "doctor: passthrough, unexplained" "$(cat "$TMP/why" 2> /dev/null; cat "$TMP/out")"
}

# --json: to a file and to stdout (the text then on stderr); the document's fields.
doctor_json() {
    t_need "doctor: --json parses" python3 || return
    MODEL="pinned.gbps=27" doctor_on "$DOC_FIX/link-down" 1 FAKE_NVML_OTHERS=2 -- --json - \
        || { t_fail "doctor: --json - exits 1 on a slow link" "$(cat "$TMP/why")"; return; }
    grep -q '^causes, most likely first:$' "$TMP/err" && python3 - "$TMP/out" <<'PY' && t_pass "doctor: --json - : the document on stdout, the text on stderr; its verdict, link, readings and ranked findings" || t_fail "doctor: --json's document" "$(head -c 600 "$TMP/out")"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["verdict"] == "causes found", j["verdict"]
g = j["gpus"][0]
assert (g["index"], g["bus_id"], g["verdict"]) == (0, "0000:00:06.0", "causes found"), g
assert g["link"]["current"] == {"generation": 4, "width": 16} and g["link"]["max"] == {"generation": 5, "width": 16}
m = g["link"]["model"]
assert (m["generation"], m["width"], m["mps_bytes"], m["mrrs_bytes"], m["sizes"]) == (5, 16, 256, 4096, "read"), m
r = {x["name"]: x for x in g["readings"]}
assert [x["name"] for x in g["readings"]] == ["h2d", "d2h", "bidir", "pageable", "memcpy"]
raw = 32 * 16 * 128 / 130 / 8
assert abs(r["h2d"]["ceiling"] - raw * 256 / 276) < 1e-3 and r["h2d"]["verdict"] == "below" and r["h2d"]["floor_pct"] == 84
assert abs(r["h2d"]["share_pct"] - 100 * 27 / (raw * 256 / 276)) < 1e-3
assert r["pageable"]["ceiling"] == 27 and r["pageable"]["verdict"] == "ok" and r["memcpy"]["verdict"] == "not judged"
f = g["findings"]
assert [(x["rank"], x["id"], x["state"]) for x in f[:2]] == [(1, "link_down", "cause"), (2, "other_process", "cause")], f[:2]
assert f[0]["cost_pct"] == 50 and f[0]["score"] == 50 and f[1]["cost_pct"] is None and f[1]["score"] == 0
assert all(x["rank"] is None for x in f[2:]) and len(f) == 13 and len({x["id"] for x in f}) == 13
assert f[1]["evidence"] == "2 other compute processes on the GPU during the copies (NVML)", f[1]
assert all(x["do"] for x in f)
PY
    MODEL="" doctor_on "$DOC_FIX/healthy" 0 -- --json "$TMP/doc-ok.json" \
        && python3 -c "import json,sys; j=json.load(open(sys.argv[1])); assert j['verdict'] == 'healthy' and all(x['state'] == 'not found' for x in j['gpus'][0]['findings']) and j['gpus'][0]['nodes'] == [], j" "$TMP/doc-ok.json" \
        && grep -q '^pinned h2d ' "$TMP/out" && [ ! -e "$TMP/doc-ok.json.tmp" ] \
        && t_pass "doctor: --json FILE: healthy, every cause not found; the text still on stdout" \
        || t_fail "doctor: --json FILE" "$(cat "$TMP/why" 2> /dev/null; head -c 400 "$TMP/doc-ok.json")"
    MODEL="pinned.gbps=30 node0.pinned.gbps=55.4" doctor_on "$DOC_FIX/healthy" 1 PINSWEEP_FAKE_NUMA_NODES=2 -- --json "$TMP/doc-numa.json" \
        && python3 -c "import json,sys; g=json.load(open(sys.argv[1]))['gpus'][0]; assert g['gpu_node'] == 0 and g['nodes'] == [{'node': 0, 'gbps': 55.4, 'why': ''}, {'node': 1, 'gbps': 30, 'why': ''}], g['nodes']" "$TMP/doc-numa.json" \
        && t_pass "doctor: --json: pinned h2d from each node" \
        || t_fail "doctor: --json's nodes" "$(cat "$TMP/why" 2> /dev/null; head -c 400 "$TMP/doc-numa.json")"
}

# Exit codes and what cannot be had: no GPU, no operands, no NVML, no PCIe link, two GPUs.
doctor_codes() {
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_NO_GPU=1 expect "doctor: no GPU exits 3" 3 \
        "pinsweep: doctor: GPU 0: no usable GPU: the fake engine was told there is none" -- "$PINSWEEP" doctor
    expect_exact "doctor: operands are a usage error, exit 2" 2 "pinsweep: doctor takes no operands, not 'now'
(run 'pinsweep help' for the commands and options)" -- "$PINSWEEP" doctor now
    expect "doctor: --prom is not doctor's" 2 "option '--prom' is not taken by doctor; doctor takes --device, --json" -- "$PINSWEEP" doctor --prom x
    MODEL="" doctor_on "$DOC_FIX/healthy" 0 PINSWEEP_NVML_LIB=/nonexistent/libnvidia-ml.so.1 \
        && [ "$(sed -n '/^not known:$/,/^looked/p' "$TMP/out" | grep -c '^  - .*: NVML: cannot load /nonexistent/libnvidia-ml.so.1')" = 3 ] \
        && t_pass "doctor: without NVML its three causes are not known, saying why; still healthy" \
        || t_fail "doctor: without NVML" "$(cat "$TMP/why" 2> /dev/null; cat "$TMP/out")"
    MODEL="" doctor_on "$DOC_FIX/healthy" 0 PINSWEEP_FAKE_BUS_ID=0000:00:07.0 \
        && grep -qx 'link: no PCIe link read in sysfs (NVLink-C2C, or a machine that hides it)' "$TMP/out" \
        && grep -qx 'pinned h2d              55.40   no PCIe link to the host' "$TMP/out" \
        && tail -1 "$TMP/out" | grep -q '(0000:00:07.0): not judged: no PCIe link to judge the pinned readings by; no cause found$' \
        && t_pass "doctor: no PCIe link: pinned readings not judged, never a PCIe number; exit 0" \
        || t_fail "doctor: no PCIe link" "$(cat "$TMP/why" 2> /dev/null; cat "$TMP/out")"
    MODEL="" doctor_on "$DOC_FIX/healthy" 0 PINSWEEP_FAKE_DEVICES=2 PINSWEEP_FAKE_BUS_ID=0000:00:06.0,0000:00:06.0 -- --json "$TMP/doc-two.json" \
        && [ "$(grep -c '^pinsweep doctor: .*: healthy: ' "$TMP/out")" = 2 ] \
        && python3 -c "import json,sys; j=json.load(open(sys.argv[1])); assert [g['index'] for g in j['gpus']] == [0, 1], j" "$TMP/doc-two.json" \
        && t_pass "doctor: every GPU of the node, each with its verdict" \
        || t_fail "doctor: two GPUs" "$(cat "$TMP/why" 2> /dev/null; grep '^pinsweep' "$TMP/out")"
    MODEL="pinned.gbps=27" doctor_on "$DOC_FIX/link-down" 1 PINSWEEP_FAKE_DEVICES=2 PINSWEEP_FAKE_BUS_ID=0000:00:07.0,0000:00:06.0 -- --device 1 \
        && [ "$(grep -c '^pinsweep doctor: .* GPU 1 (0000:00:06.0)[,:] ' "$TMP/out")" = 2 ] && ! grep -q 'GPU 0' "$TMP/out" \
        && t_pass "doctor: --device 1 measures that GPU alone" \
        || t_fail "doctor: --device" "$(cat "$TMP/why" 2> /dev/null; grep '^pinsweep' "$TMP/out")"
}

doctor_fixtures
doctor_healthy
doctor_each_cause
doctor_evidence
doctor_aer_rising
doctor_notes
doctor_json
doctor_codes

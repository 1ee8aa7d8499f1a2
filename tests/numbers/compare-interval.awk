# tests/numbers/compare-interval.awk - see tests/numbers.sh: compare.csv's intervals of two
# noisy folders A and B, from their samples.csv by the definition (interval.awk, loaded
# before): gbps_lo and gbps_hi of each row, ratio_lo and ratio_hi of B's with h the two
# sides' in quadrature, and significant where that interval misses 1; a copy's gbps_hi ends
# at its machine's link_gbps (twice it for bidir) where m e^h reaches past it and m does not
# (the cap, src/analysis/interval.h), and at least one does.  Files: A's samples.csv, A's
# summary.csv, B's samples.csv, B's summary.csv, compare.csv; prints "COLUMN ok|bad ...".
function tag() { return FILENAME ~ DA "/" ? "A" : "B" }
FILENAME ~ /samples\.csv$/ { IV_TAG = tag(); if (FNR == 1) iv_header(); else iv_sample(); next }
FILENAME ~ /summary\.csv$/ && FNR == 1 { split("", S); for (i = 1; i <= NF; i++) S[$i] = i; next }
FILENAME ~ /summary\.csv$/ {
    if ($S["status"] != "ok") next
    IV_TAG = tag(); k = IV_TAG SUBSEP $S["alloc"] SUBSEP $S["direction"] SUBSEP $S["buffer"] SUBSEP $S["api"] SUBSEP $S["size_bytes"]
    M[k] = $S["gbps_median"]; Hh[k] = iv_h($S["config"], $S["device"], $S["gpus"], "gbps"); NN[k] = IV_N
    next
}
FNR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
function put(c, got, want, rel) { print c (near(got, want, rel) ? " ok" : " bad: row " FNR " got " got " want " want) }
{
    m = $H["machine"]; rest = SUBSEP $H["alloc"] SUBSEP $H["direction"] SUBSEP $H["buffer"] SUBSEP $H["api"] SUBSEP $H["size_bytes"]
    g = M[m rest]; h = Hh[m rest]
    # three noisy samples each: every row has an interval, and it has teeth (h > 0)
    put("n", NN[m rest] == 3 && h > 0, 1, 0)
    c = $H["link_gbps"] * ($H["direction"] == "bidir" ? 2 : 1); hi = g * exp(h)
    if ($H["link_gbps"] != "" && g <= c && hi > c) { hi = c; CAPPED++ }
    put("gbps_lo", $H["gbps_lo"], g * exp(-h), 2e-5); put("gbps_hi", $H["gbps_hi"], hi, 2e-5)
    put("interval_basis", $H["interval_basis"], "samples", 0); put("interval_n", $H["interval_n"], NN[m rest], 0)
    if (m == "A") { put("ratio_lo", $H["ratio_lo"], "", 0); put("ratio_hi", $H["ratio_hi"], "", 0); next }
    r = g / M["A" rest]; hr = sqrt(h * h + Hh["A" rest] ^ 2)
    put("ratio_lo", $H["ratio_lo"], r * exp(-hr), 2e-5); put("ratio_hi", $H["ratio_hi"], r * exp(hr), 2e-5)
    put("ratio_lo>0", $H["ratio_lo"] > 0, 1, 0)
    put("significant", $H["significant"], r * exp(hr) < 1 || r * exp(-hr) > 1 ? "yes" : "no", 0)
    SIG[$H["significant"]]++
}
END { put("verdicts_both_seen", ("yes" in SIG) && ("no" in SIG), 1, 0); put("gbps_hi_capped_seen", CAPPED > 0, 1, 0) }

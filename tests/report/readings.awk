# tests/report/readings.awk - the readings of pinned and pageable h2d and d2h copy
# bandwidth that pinsweep report's bandwidth and headline captions open with,
# computed again from summary.csv by the rules of src/figures/readings.h
# (reading() in tests/numbers/report.awk), one clause a line.  LINK: the link's
# raw GB/s when summary.csv has no link_gbps column.
function val(c) { return (c in H) ? $H[c] : "" }
function gb(v) { return sprintf(v < 1 && v > -1 ? "%.3g" : "%.2f", v) }
function dflt(c, d) { return val(c) == "" || val(c) == "-" || val(c) == d }
FNR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
$H["status"] != "ok" || $H["buffer"] != "reuse" || ($H["api"] != "sync" && $H["api"] != "async") { next }
!dflt("cache", "warm") || !dflt("touch", "prefaulted") || !dflt("numa", "any") || !dflt("pages", "default") { next }
$H["alloc"] == "pinned" || $H["alloc"] == "pageable" {
    k = $H["alloc"] " " $H["direction"] " " $H["api"]
    n[k]++; S[k, n[k]] = $H["size_bytes"] + 0; G[k, n[k]] = $H["gbps_median"] + 0
    R[k, n[k]] = val("rounds") + 0; RL[k, n[k]] = val("round_gbps_min") + 0; RH[k, n[k]] = val("round_gbps_max") + 0
    if ($H["api"] == "sync") sync = 1
    if ("link_gbps" in H && $H["link_gbps"] != "") LINK = $H["link_gbps"]
}
END {
    api = sync ? "sync" : "async"
    split("pinned h2d,pageable h2d,pinned d2h,pageable d2h", curves, ",")
    for (c = 1; c <= 4; c++) {
        k = curves[c] " " api
        if (!(k in n)) continue
        for (i = 1; i <= n[k]; i++) { s[i] = S[k, i]; g[i] = G[k, i]; r[i] = R[k, i]; rl[i] = RL[k, i]; rh[i] = RH[k, i] }
        for (i = 1; i <= n[k]; i++) for (j = i + 1; j <= n[k]; j++) if (s[j] < s[i]) {
            t = s[i]; s[i] = s[j]; s[j] = t; t = g[i]; g[i] = g[j]; g[j] = t
            t = r[i]; r[i] = r[j]; r[j] = t; t = rl[i]; rl[i] = rl[j]; rl[j] = t; t = rh[i]; rh[i] = rh[j]; rh[j] = t }
        pk = 1
        for (i = 2; i <= n[k]; i++) if (g[i] > g[pk]) pk = i
        link = curves[c] ~ /^pinned/ && LINK > 0 ? sprintf(" (%.1f %% of the link's raw %.2f GB/s)", 100 * g[pk] / LINK, LINK) : ""
        # a peak whose rounds' medians are more than 25 % apart (READ_ROUNDS_APART_PCT) says them
        if (r[pk] >= 2 && rl[pk] > 0 && rh[pk] > rl[pk] * 1.25)
            link = link sprintf(" (its %d rounds read %s–%s GB/s)", r[pk], gb(rl[pk]), gb(rh[pk]))
        print reading(curves[c], n[k], s, g, link)
    }
}

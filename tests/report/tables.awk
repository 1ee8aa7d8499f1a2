# tests/report/tables.awk - the rows pinsweep report's tables must have, computed
# again from a folder's CSV files (after tests/numbers/model.awk, report.awk, for human(),
# and interval.awk, the one interval), one per line; give samples.csv first when the
# folder has one (each median's interval is from it, else from summary.csv's rsd):
#   -v WHAT=peaks    summary.csv: each kind's peak per direction (reused buffer, warm
#                    cache, prefaulted pages, default placement, api sync or async)
#   -v WHAT=speedup  summary.csv: pinned against pageable at the size nearest 256 MB
#                    that both have, per direction (h2d, d2h)
#   -v WHAT=fits     fits.csv: each warm, prefaulted curve's fit over all its sizes, flagged
# LINK is the link's raw GB/s when summary.csv has no link_gbps column (else read).
function gb(v) { return sprintf(v < 1 && v > -1 ? "%.3g" : "%.2f", v) }
function val(c) { return (c in H) ? $H[c] : "" }
function dflt(c, d) { return val(c) == "" || val(c) == "-" || val(c) == d }
function rounds_row() { return val("rounds") > 1 && val("round_gbps_min") != "" && val("round_gbps_max") != "" }
# h of the current row's gbps_median: from samples.csv when the folder has one, else its rsd
function row_h() {
    if (IV_HAVE) return iv_h(val("config"), val("device"), val("gpus"), "gbps")
    return rounds_row() ? iv_h_rsd(val("between_rsd_pct"), val("rounds")) : iv_h_rsd(val("rsd_pct"), val("samples"))
}
# the high end of the current row's interval: m e^h, but a copy's ends at the link's raw rate
# (twice it for bidir) where it reaches past it and m does not (the cap, interval.h): "63.02*"
function hi_text(m, h,    link, c) {
    link = val("link_gbps") != "" ? val("link_gbps") : LINK
    c = link * (val("direction") == "bidir" ? 2 : 1)
    if (link > 0 && m <= c && m * exp(h) > c) return gb(c) "*"
    return gb(m * exp(h))
}
# the spread cells of the current row: its 95 % interval and n
function spread(   h, m) {
    h = row_h(); m = val("gbps_median"); HROW = h
    return (h < 0 ? "–" : gb(m * exp(-h)) "–" hi_text(m, h)) " | " \
        (rounds_row() ? sprintf("%d in %d rounds", val("samples"), val("rounds")) : sprintf("%d", val("samples")))
}
FILENAME ~ /samples\.csv$/ { if (FNR == 1) iv_header(); else iv_sample(); next }
FNR == 1 { delete H; for (i = 1; i <= NF; i++) H[$i] = i; next }
WHAT == "fits" {
    if (val("cache") != "warm" || val("touch") != "prefaulted") next
    if (val("regime") != "" && val("regime") != "all") next  # a regime's row: the regimes table
    # with placements, each row's page size and NUMA binding after its api (no two read the same)
    nf++; fhead[nf] = sprintf("| %s | %s | %s |", $H["alloc"], $H["direction"], $H["api"])
    fplace[nf] = sprintf(" %s | %s |", dflt("pages", "default") ? "default" : val("pages"),
        dflt("numa", "any") ? "any" : val("numa"))
    if (!dflt("pages", "default") || !dflt("numa", "any")) placed = 1
    # t0 < 0 (the status column's negative-t0, or a negative t0 of an older file): not fitting;
    # fewer than 5 sizes: too few to tell; neither gives a number of its fit
    if (val("status") == "negative-t0" || (val("status") == "" && $H["t0_us"] < 0)) {
        ftail[nf] = sprintf(" – | – | – | %d | %.1f %% | not fitting: t0 < 0 |", $H["points"], $H["residual_pct"])
        next
    }
    if ($H["points"] < 5) {
        ftail[nf] = sprintf(" – | – | – | %d | %.1f %% | too few sizes |", $H["points"], $H["residual_pct"])
        next
    }
    flag = $H["residual_pct"] < 5 ? "good" : "poor: not one t0 + n/B"
    nh = $H["n_half_bytes"]; nh = int(nh + 0.5)
    ftail[nf] = sprintf(" %.2f µs | %.2f GB/s | %s | %d | %.1f %% | %s |", $H["t0_us"], $H["bandwidth_gbps"],
        (nh >= 1 ? human(nh) : "< 1 B"), $H["points"], $H["residual_pct"], flag)
    next
}
$H["status"] != "ok" || $H["buffer"] != "reuse" || ($H["api"] != "sync" && $H["api"] != "async") { next }
!dflt("cache", "warm") || !dflt("touch", "prefaulted") || !dflt("numa", "any") || !dflt("pages", "default") { next }
{
    k = $H["alloc"] SUBSEP $H["direction"]
    if (!(k in best) || $H["gbps_median"] + 0 > bestg[k]) { best[k] = $0; bestg[k] = $H["gbps_median"] + 0 }
    if ($H["alloc"] == "pinned" || $H["alloc"] == "pageable") {
        kk = $H["alloc"] SUBSEP $H["direction"] SUBSEP $H["api"] SUBSEP $H["size_bytes"]; row[kk] = $0
        if ($H["alloc"] == "pinned") { np++; pin[np] = kk }
    }
    if ("link_gbps" in H && $H["link_gbps"] != "") LINK = $H["link_gbps"]
}
END {
    for (i = 1; WHAT == "fits" && i <= nf; i++)
        print fhead[i] (placed ? fplace[i] : "") ftail[i]
    if (WHAT == "peaks")
        for (k in best) {
            $0 = best[k]
            split(k, kp, SUBSEP); mult = kp[2] == "bidir" ? 2 : 1
            printf "| %s | %s | %s | %s | %s | %s | %s |\n", kp[1], kp[2], $H["api"], gb($H["gbps_median"]), human($H["size_bytes"]), spread(),
                (LINK > 0 ? sprintf("%.1f %%", 100 * $H["gbps_median"] / (LINK * mult)) : "–")
        }
    if (WHAT == "speedup")
        for (d = 1; d <= 2; d++) {
            dir = d == 1 ? "h2d" : "d2h"; bestk = ""
            for (i = 1; i <= np; i++) {
                split(pin[i], kp, SUBSEP)
                q = "pageable" SUBSEP kp[2] SUBSEP kp[3] SUBSEP kp[4]
                if (kp[2] != dir || !(q in row)) continue
                gap = log(kp[4] / 256e6); gap = gap < 0 ? -gap : gap
                if (bestk == "" || gap < bestgap - 1e-12 || (gap < bestgap + 1e-12 && kp[3] == "sync")) { bestk = pin[i]; bestq = q; bestgap = gap }
            }
            if (bestk == "") continue
            split(bestk, kp, SUBSEP)
            $0 = row[bestk]; pm = $H["gbps_median"]; ps = gb(pm) " | " spread(); hp = HROW
            $0 = row[bestq]; qm = $H["gbps_median"]; qs = gb(qm) " | " spread(); hq = HROW
            # the ratio's interval: its h the two sides' in quadrature, on the log scale
            hr = hp < 0 || hq < 0 ? -1 : sqrt(hp * hp + hq * hq)
            printf "| %s | %s | %s | %s | %s | %s |\n", dir, kp[3], human(kp[4]), ps, qs,
                hr < 0 ? sprintf("%.1f×", pm / qm) : sprintf("%.1f× (%.1f–%.1f)", pm / qm, pm / qm * exp(-hr), pm / qm * exp(hr))
        }
}

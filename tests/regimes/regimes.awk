# tests/regimes/regimes.awk - the two regimes of each pageable reuse curve of a
# summary.csv, found again by analysis/fit.h's rule, written independently:
# beyond-cache is the longest run of the largest sizes below 3/4 of the curve's
# peak bandwidth (3 sizes at least), in-cache the run of sizes at or above 3/4
# of it that ends at the last size before that reaching 4/5 of it (3 at least);
# beyond's B at most 4/5 of in's.  Each regime's B = sum g^2 / sum g, its
# residual the RMS of g / B - 1 (%).  Prints, per curve that has them,
#   alloc direction api regime from_bytes to_bytes points B residual
# Run as: awk -F, -f regimes.awk summary.csv
NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
$H["alloc"] == "pageable" && $H["buffer"] == "reuse" && $H["status"] == "ok" && $H["direction"] != "bidir" &&
($H["cache"] == "warm" || $H["cache"] == "") && ($H["touch"] == "prefaulted" || $H["touch"] == "") {
    c = $H["alloc"] " " $H["direction"] " " $H["api"]
    if (!(c in K)) { K[c] = 0; C[++NC] = c }
    k = ++K[c]; N[c, k] = $H["size_bytes"] + 0; G[c, k] = $H["size_bytes"] / ($H["us_per_copy_median"] * 1e3)
}
function level(c, a, b, name,    i, s1, s2, ss, B) {   # points a..b (1-based, inclusive)
    for (i = a; i <= b; i++) { s1 += X[i]; s2 += X[i] * X[i] }
    B = s2 / s1
    for (i = a; i <= b; i++) ss += (X[i] / B - 1) ^ 2
    LB[name] = B
    OUT[name] = sprintf("%s %s %.0f %.0f %d %.9g %.9g", c, name, S[a], S[b], b - a + 1, B, 100 * sqrt(ss / (b - a + 1)))
}
END {
    for (j = 1; j <= NC; j++) {
        c = C[j]; n = K[c]
        for (i = 1; i <= n; i++) { S[i] = N[c, i]; X[i] = G[c, i] }
        for (i = 2; i <= n; i++) {   # by size
            s = S[i]; x = X[i]
            for (m = i - 1; m >= 1 && S[m] > s; m--) { S[m + 1] = S[m]; X[m + 1] = X[m] }
            S[m + 1] = s; X[m + 1] = x
        }
        peak = 1; for (i = 2; i <= n; i++) if (X[i] > X[peak]) peak = i
        top = X[peak]; s = n + 1
        while (s > 1 && X[s - 1] < 0.75 * top) s--
        if (s <= peak || n - s + 1 < 3) continue
        e = s - 1; while (e >= 1 && X[e] < 0.8 * top) e--
        p = e; while (p > 1 && X[p - 1] >= 0.75 * top) p--
        if (e - p + 1 < 3) continue
        level(c, p, e, "in-cache"); level(c, s, n, "beyond-cache")
        if (LB["beyond-cache"] <= 0.8 * LB["in-cache"]) { print OUT["in-cache"]; print OUT["beyond-cache"] }
    }
}

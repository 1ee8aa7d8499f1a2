# tests/numbers/interval.awk - the one interval (src/analysis/interval.h) written again in
# awk from its definition, for the tests that check bars and spreads: Student's t from the
# closed forms of its distribution for whole degrees of freedom (Abramowitz and Stegun
# 26.7.3 and 26.7.4) by bisection, not from GSL; a configuration's values from samples.csv,
# by round when it has two rounds or more.  Give samples.csv's first line to iv_header() and
# every other to iv_sample(); then iv_h(CONFIG, DEVICE, GPUS, Q) is h for quantity Q (gbps,
# us, alloc, free, af = alloc + free, pin, eff), or -1 for none, with IV_N the values behind
# it and IV_ROUNDS 1 when they are rounds' medians.  Without samples.csv, iv_h_rsd(RSD, N).
# Several folders' samples: set IV_TAG to each folder's name while reading and asking.

# P(|T| <= t), T Student's t with df (whole) degrees of freedom.
function iv_tcdf2(t, df,    th, c, s, sum, term, k) {
    th = atan2(t, sqrt(df)); c = cos(th); s = sin(th)
    if (df % 2 == 1) {
        sum = 0
        if (df > 1) { term = 1; sum = 1; for (k = 3; k <= df - 2; k += 2) { term *= (k - 1) / k * c * c; sum += term }; sum *= s * c }
        return 2 / atan2(0, -1) * (th + sum)
    }
    term = 1; sum = 1
    for (k = 2; k <= df - 2; k += 2) { term *= (k - 1) / k * c * c; sum += term }
    return s * sum
}
# t(0.975, df): where P(|T| <= t) is 0.95.
function iv_t975(df,    lo, hi, mid, i) {
    if (df in IV_T) return IV_T[df]
    lo = 0; hi = 1000
    for (i = 0; i < 100; i++) { mid = (lo + hi) / 2; if (iv_tcdf2(mid, df) < 0.95) lo = mid; else hi = mid }
    return IV_T[df] = (lo + hi) / 2
}
function iv_header(    i) { for (i = 1; i <= NF; i++) IVC[$i] = i; IV_HAVE = 1 }
function iv_cell(name) { return (name in IVC) ? $IVC[name] : "" }
function iv_sample(    key, k, a, f) {
    key = IV_TAG SUBSEP iv_cell("config") SUBSEP iv_cell("device") SUBSEP iv_cell("gpus")
    k = ++IVN[key]
    IVR[key, k] = iv_cell("round") == "" ? 1 : iv_cell("round")
    IVV[key, k, "gbps"] = iv_cell("gbps")
    IVV[key, k, "us"] = iv_cell("copies") > 0 && iv_cell("device_ms") != "" ? iv_cell("device_ms") * 1000 / iv_cell("copies") : ""
    a = iv_cell("alloc_ms"); f = iv_cell("free_ms")
    IVV[key, k, "alloc"] = a; IVV[key, k, "free"] = f
    IVV[key, k, "af"] = a > 0 && f > 0 ? a + f : ""
    IVV[key, k, "pin"] = iv_cell("pin_ms"); IVV[key, k, "eff"] = iv_cell("effective_gbps")
}
# The median of x[1..n] (sorted here).
function iv_median(x, n,    i, j, v) {
    for (i = 2; i <= n; i++) { v = x[i]; for (j = i - 1; j >= 1 && x[j] > v; j--) x[j + 1] = x[j]; x[j + 1] = v }
    return n % 2 ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2
}
# h of n values x[1..n] (> 0): t(0.975, n - 1) times the deviation of their logs times sqrt(1 + 1/n).
function iv_h_of(x, n,    i, m, ss) {
    if (n < 2) return -1
    m = 0; for (i = 1; i <= n; i++) m += log(x[i]); m /= n
    ss = 0; for (i = 1; i <= n; i++) ss += (log(x[i]) - m) ^ 2
    return iv_t975(n - 1) * sqrt(ss / (n - 1)) * sqrt(1 + 1 / n)
}
function iv_h(cfg, dev, gpus, q,    key, k, v, nv, r, nr, seen, vals, one, m, i) {
    key = IV_TAG SUBSEP cfg SUBSEP dev SUBSEP gpus
    if (!(key in IVN)) key = IV_TAG SUBSEP cfg SUBSEP "" SUBSEP ""   # a samples.csv from before device and gpus
    IV_N = 0; IV_ROUNDS = 0
    if (!(key in IVN)) return -1
    nv = 0; nr = 0; split("", seen); split("", vals)
    for (k = 1; k <= IVN[key]; k++) {
        v = IVV[key, k, q]
        if (v == "" || !(v + 0 > 0)) continue
        vals[++nv] = v + 0; r = IVR[key, k]; RND[nv] = r
        if (!(r in seen)) { seen[r] = 1; ORD[++nr] = r }
    }
    if (nr < 2) { IV_N = nv; return iv_h_of(vals, nv) }
    for (i = 1; i <= nr; i++) {
        split("", one); m = 0
        for (k = 1; k <= nv; k++) if (RND[k] == ORD[i]) one[++m] = vals[k]
        MED[i] = iv_median(one, m)
    }
    IV_N = nr; IV_ROUNDS = 1
    return iv_h_of(MED, nr)
}
# h by the delta method from a relative standard deviation (%) of n values, -1 for none.
function iv_h_rsd(rsd, n) {
    if (rsd == "" || n < 2) return -1
    IV_N = n
    return iv_t975(n - 1) * rsd / 100 * sqrt(1 + 1 / n)
}

# tests/numbers/report.awk - what pinsweep report writes, written again in awk
# (after model.awk): sizes as people read them and the readings' rules
# (src/figures/readings.h), so report-a.awk and report-b.awk can say a
# report's lines from the model alone.

# bytes as units_format_human writes them: the exact form when its number has at most three
# digits ("4 MiB", "256 MB"), else three significant digits in decimal units ("1.53 MB").
function human(b,    u, k, v, s) {
    split("B KiB MiB GiB TiB", u, " ")
    for (k = 1; k < 5 && b % 1024 == 0 && b >= 1024; k++) b /= 1024
    if (b < 1000) return sprintf("%d %s", b, u[k])
    return human_dec(b * 1024 ^ (k - 1))
}
function human_dec(b,    u, k, v, s) {
    split("B KB MB GB TB", u, " ")
    v = b; k = 1
    while (k < 5 && v % 1000 == 0 && v >= 1000) { v /= 1000; k++ }
    if (v < 1000) return sprintf("%d %s", v, u[k])
    v = b; k = 1
    while (k < 5 && v >= 999.5) { v /= 1000; k++ }
    s = sprintf(v >= 99.95 ? "%.0f" : v >= 9.995 ? "%.1f" : "%.2f", v)
    if (s ~ /\./) { sub(/0+$/, "", s); sub(/\.$/, "", s) }
    return s " " u[k]
}
# The reading of a curve WHAT whose medians at sizes S[1..n] (ascending) are G[1..n], LINK
# its share text ("" for none): the rules of readings.h, 3 % plateau, 10 % hold, each
# wording true of every size ("rises to" only without a fall; a dip after the peak named).
function reading(what, n, S, G, link,    pk, i, from, peak, end, rises, m, low) {
    pk = 1
    for (i = 2; i <= n; i++) if (G[i] > G[pk]) pk = i
    peak = G[pk]; end = G[n]; from = n
    while (from > 1 && G[from - 1] >= peak * 0.97) from--
    if (pk == n && from == n) {
        rises = 1
        for (i = 2; i <= n; i++) if (G[i] < G[i - 1]) rises = 0
        return sprintf("%s %s %.2f GB/s%s at %s, its largest size", what, rises ? "rises to" : "peaks at", end, link, human(S[n]))
    }
    if (end >= peak * 0.97 && from < n && pk >= from)
        return sprintf("%s is within 3 %% of its peak, %.2f GB/s%s, from %s", what, peak, link, human(S[from]))
    m = pk + 1
    for (i = pk + 2; i <= n; i++) if (G[i] < G[m]) m = i
    low = G[m]
    if (end >= peak * 0.97)
        return sprintf("%s peaks at %.2f GB/s%s at %s, dips to %.2f GB/s at %s and is back within 3 %% of its peak %s %s", \
                       what, peak, link, human(S[pk]), low, human(S[m]), from == n ? "at" : "from", human(S[from]))
    if (low >= peak * 0.9)
        return sprintf("%s peaks at %.2f GB/s%s at %s and stays within 10 %% of it up to %s", what, peak, link, human(S[pk]), human(S[n]))
    if (m == n)
        return sprintf("%s peaks at %.2f GB/s%s at %s and falls to %.2f GB/s at %s", what, peak, link, human(S[pk]), end, human(S[n]))
    return sprintf("%s peaks at %.2f GB/s%s at %s, falls to %.2f GB/s at %s and ends at %.2f GB/s at %s", \
                   what, peak, link, human(S[pk]), low, human(S[m]), end, human(S[n]))
}
# The reading of kind K in direction D (api sync) over machines.yaml's sizes, from the model.
function model_reading(k, d,    S, G, i) {
    split("4096 16384 65536 1048576 4194304", S, " ")
    for (i = 1; i <= 5; i++) G[i] = copy_gbps(k, d, "sync", S[i])
    return reading(k " " d, 5, S, G, "")
}

# The bandwidth caption's host memcpy clause (fig_bandwidth_reading.c: host-memcpy.csv is said,
# not drawn): per direction the peak of the model's single-thread memcpy over the experiment's
# sizes (the first of equal ones) and its value at the largest, 4 KiB to 4 MiB.
function memcpy_gbps(dir, n,    k) {
    k = "memcpy " dir
    return n / (p(k, "t0_us") * 1e3 + n / p(k, "gbps"))
}
function memcpy_dir(dir,    sizes, names, i, v, best, at) {
    split("4096 16384 65536 1048576 4194304", sizes, " ")
    split("4 KiB|16 KiB|64 KiB|1 MiB|4 MiB", names, "|")
    best = -1
    for (i = 1; i <= 5; i++) { v = memcpy_gbps(dir, sizes[i]); if (v > best) { best = v; at = names[i] } }
    return sprintf("%s %.1f GB/s at %s to %.1f GB/s at 4 MiB", dir, best, at, memcpy_gbps(dir, 4194304))
}
function memcpy_reading() {
    return "single-thread host memcpy via a 2 MiB staging buffer (a pageable copy's host side, not drawn): " \
        memcpy_dir("h2d") ", " memcpy_dir("d2h")
}

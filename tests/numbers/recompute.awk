# tests/numbers/recompute.awk - summary.csv recomputed from samples.csv, by
# each column's definition (README), and samples.csv's rates from its times.
# Run as: awk -F, -f model.awk -f recompute.awk summary.csv samples.csv
# Prints "FILE:COLUMN ok" or "FILE:COLUMN bad: ..." per cell checked.
function put(col, got, want, rel, what) {
    if (near(got, want, rel)) print col " ok"
    else print col " bad: " what " got '" got "' want '" want "'"
}
function put_abs(col, got, want, tol, what) {
    if (got - want <= tol && want - got <= tol) print col " ok"
    else print col " bad: " what " got '" got "' want '" want "' (within " tol ")"
}
function median(key, n,    i, j, v, x) {   # of V[key, 1..n], NaN (empty) left out
    m = 0
    for (i = 1; i <= n; i++) if (V[key, i] != "") { m++; x[m] = V[key, i] + 0 }
    for (i = 2; i <= m; i++) { v = x[i]; for (j = i - 1; j >= 1 && x[j] > v; j--) x[j + 1] = x[j]; x[j + 1] = v }
    if (m == 0) return ""
    MIN = x[1]; MAX = x[m]
    return m % 2 ? x[(m + 1) / 2] : (x[m / 2] + x[m / 2 + 1]) / 2
}
function add(key, cfg, v) { V[key SUBSEP cfg, N[cfg]] = v }
FILENAME == ARGV[1] && FNR == 1 { for (i = 1; i <= NF; i++) S[$i] = i; next }
FILENAME == ARGV[1] { if ($S["status"] == "ok") { ROW[$S["config"]] = $0; ORDER[++NC] = $S["config"] } next }
FNR == 1 { for (i = 1; i <= NF; i++) P[$i] = i; next }
{
    cfg = $P["config"]; split(ROW[cfg], r, ",")
    n = r[S["size_bytes"]]; c = $P["copies"]; dir = r[S["direction"]]; api = r[S["api"]]
    moved = (dir == "bidir" ? 2 : 1) * n * c
    N[cfg]++
    what = "samples.csv config " cfg " sample " $P["sample"]
    put("samples.csv:copies", c, r[S["batch"]], 0, what)
    put("samples.csv:sample", $P["sample"], N[cfg], 0, what)
    put("samples.csv:gbps", $P["gbps"], moved / ($P["device_ms"] * 1e6), 2e-5, what)
    put("samples.csv:host_gbps", $P["host_gbps"], moved / ($P["host_ms"] * 1e6), 2e-5, what)
    if ($P["alloc_ms"] != "")
        put("samples.csv:effective_gbps", $P["effective_gbps"], moved / (($P["alloc_ms"] + $P["fill_ms"] + $P["device_ms"] + $P["free_ms"]) * 1e6), 2e-5, what)
    add("gbps", cfg, $P["gbps"]); add("host", cfg, $P["host_gbps"])
    add("h2d", cfg, $P["h2d_ms"] == "" ? "" : n * c / ($P["h2d_ms"] * 1e6))
    add("d2h", cfg, $P["d2h_ms"] == "" ? "" : n * c / ($P["d2h_ms"] * 1e6))
    add("us", cfg, api == "pipeline" ? "" : $P["device_ms"] * 1e3 / c)
    add("alloc", cfg, $P["alloc_ms"]); add("fill", cfg, $P["fill_ms"]); add("free", cfg, $P["free_ms"])
    add("pin", cfg, $P["pin_ms"])
    add("copy", cfg, $P["alloc_ms"] == "" ? "" : $P["device_ms"]); add("eff", cfg, $P["effective_gbps"])
    pipe = api == "pipeline"
    h = $P["h2d_ms"]; k = $P["kernel_ms"]; d = $P["d2h_ms"]
    add("pipe", cfg, pipe ? $P["device_ms"] : ""); add("hal", cfg, pipe ? h : ""); add("kal", cfg, pipe ? k : "")
    add("dal", cfg, pipe ? d : ""); add("serial", cfg, pipe ? h + k + d : "")
    mx = h > k ? h : k; add("ideal", cfg, pipe ? (mx > d ? mx : d) : "")
    add("overlap", cfg, pipe ? (h + k + d) / $P["device_ms"] : "")
}
function col(name, key, rel, fmt,    want) {
    want = median(key SUBSEP cfg, N[cfg])
    if (fmt != "" && want != "") want = sprintf(fmt, want)
    put("summary.csv:" name, r[S[name]], want, rel, "summary.csv config " cfg)
}
END {
    for (o = 1; o <= NC; o++) {
        cfg = ORDER[o]; split(ROW[cfg], r, ","); R = 1e-4
        put("summary.csv:samples", r[S["samples"]], N[cfg], 0, "config " cfg)
        g = median("gbps" SUBSEP cfg, N[cfg])
        put("summary.csv:gbps_median", r[S["gbps_median"]], g, R, "config " cfg)
        put("summary.csv:gbps_min", r[S["gbps_min"]], MIN, R, "config " cfg)
        put("summary.csv:gbps_max", r[S["gbps_max"]], MAX, R, "config " cfg)
        s = 0; for (i = 1; i <= N[cfg]; i++) s += V["gbps", cfg, i]; mean = s / N[cfg]
        ss = 0; for (i = 1; i <= N[cfg]; i++) ss += (V["gbps", cfg, i] - mean) ^ 2
        sd = N[cfg] > 1 ? sqrt(ss / (N[cfg] - 1)) : 0
        put("summary.csv:gbps_mean", r[S["gbps_mean"]], mean, R, "config " cfg)
        # samples.csv prints gbps to 6 significant digits: each value is off by up to 5e-6 of
        # itself, which moves a standard deviation by up to that times sqrt(n / (n - 1)) of MAX,
        # and rsd_pct by that over the mean, plus its own rounding to 6 significant digits.
        du = N[cfg] > 1 ? 5e-6 * MAX * sqrt(N[cfg] / (N[cfg] - 1)) : 0
        put_abs("summary.csv:gbps_stddev", r[S["gbps_stddev"]], sd, 1e-6 * sd + du, "config " cfg)
        put_abs("summary.csv:rsd_pct", r[S["rsd_pct"]], 100 * sd / mean, 5e-6 * 100 * sd / mean + 100 * du / mean + 1e-9, "config " cfg)
        col("host_gbps_median", "host", R); col("h2d_gbps_median", "h2d", 5e-4); col("d2h_gbps_median", "d2h", 5e-4)
        col("us_per_copy_median", "us", 2e-4, "%.3f"); col("alloc_ms_median", "alloc", R)
        col("fill_ms_median", "fill", R); col("free_ms_median", "free", R); col("copy_ms_median", "copy", R)
        col("pin_ms_median", "pin", R)
        col("effective_gbps_median", "eff", R); col("pipeline_ms_median", "pipe", R)
        col("h2d_alone_ms_median", "hal", R); col("kernel_alone_ms_median", "kal", R)
        col("d2h_alone_ms_median", "dal", R); col("serial_ms_median", "serial", R)
        col("ideal_ms_median", "ideal", R); col("overlap_median", "overlap", 2e-4, "%.6g")
    }
}

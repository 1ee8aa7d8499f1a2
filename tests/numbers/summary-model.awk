# tests/numbers/summary-model.awk - each summary.csv cell of an exact run
# (noise 0) against the model (model.awk): prints "COLUMN ok" or
# "COLUMN bad: config N got X want Y" per cell checked.
function chk(col, want, rel,    got) {
    got = $H[col]
    if (near(got, want, rel)) print col " ok"
    else print col " bad: config " $H["config"] " (" $H["alloc"] " " $H["direction"] " " $H["buffer"] " " $H["api"] " " $H["size_bytes"] ") got '" got "' want '" want "'"
}
# samples.csv (the second file): each sample's times are the model's too.
FILENAME == ARGV[2] && FNR == 1 { for (i = 1; i <= NF; i++) P[$i] = i; next }
FILENAME == ARGV[2] {
    print "samples.csv:round " ($P["round"] == 1 ? "ok" : "bad: config " $P["config"] " round '" $P["round"] "' in a run of one round")
    split("device_ms host_ms h2d_ms d2h_ms alloc_ms pin_ms fill_ms free_ms kernel_ms", cols, " ")
    for (i = 1; i <= 9; i++) {
        want = E[$P["config"], cols[i]]
        # %.6f columns: within half a unit of the last digit
        if (near($P[cols[i]], want, 2e-5) || (want != "" && $P[cols[i]] != "" && (($P[cols[i]] - want) ^ 2) <= 2.5e-13)) print "samples.csv:" cols[i] " ok"
        else print "samples.csv:" cols[i] " bad: config " $P["config"] " sample " $P["sample"] " got '" $P[cols[i]] "' want '" want "'"
    }
    next
}
FNR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
$H["status"] != "ok" { next }
{
    cf = $H["config"]; k = $H["alloc"]; d = $H["direction"]; a = $H["api"]; n = $H["size_bytes"]; c = $H["batch"]
    R = 2e-5
    chk("samples", 5, 0); chk("stop", "fixed", 0); chk("target_met", "", 0); chk("rsd_pct", "0", 0)
    chk("gbps_stddev", 0, 0); chk("link_gbps", "", 0); chk("pct_of_link", "", 0); chk("error", "", 0)
    chk("rounds", 1, 0); chk("round_gbps_min", "", 0); chk("round_gbps_max", "", 0)
    chk("between_rsd_pct", "", 0); chk("within_rsd_pct", "", 0); chk("pi95_pct", "", 0); chk("stable", "", 0)
    chk("stable_p", "", 0)
    if (a == "pipeline") pipeline_row()
    else if (a == "host-read" || a == "host-write") host_row()
    else copy_row()
}
function stats(g) { chk("gbps_median", g, R); chk("gbps_min", g, R); chk("gbps_max", g, R); chk("gbps_mean", g, R) }
function copy_row(    bidir, q, th, td, dev, moved, nh, alloc, free, pin) {
    bidir = d == "bidir"
    if (bidir) {
        th = xfer(k " h2d " a " bidir", n / p(k " h2d " a " bidir", "bidir_share"))
        td = xfer(k " d2h " a " bidir", n / p(k " d2h " a " bidir", "bidir_share"))
        dev = c * (th > td ? th : td); moved = 2 * n * c
        chk("h2d_gbps_median", n / (th * 1e6), R); chk("d2h_gbps_median", n / (td * 1e6), R)
        E[cf, "h2d_ms"] = c * th; E[cf, "d2h_ms"] = c * td
    } else {
        dev = c * xfer(k " " d " " a, n); moved = n * c
        chk("h2d_gbps_median", "", 0); chk("d2h_gbps_median", "", 0)
    }
    stats(moved / (dev * 1e6))
    E[cf, "device_ms"] = dev; E[cf, "host_ms"] = dev + p(k " " d " " a, "host_us") / 1e3
    chk("us_per_copy_median", sprintf("%.3f", dev * 1e3 / c), 0)
    chk("host_gbps_median", moved / ((dev + p(k " " d " " a, "host_us") / 1e3) * 1e6), R)
    if ($H["buffer"] == "reallocate") {
        nh = bidir ? 2 : 1
        alloc = nh * (p(k, "alloc_ms") + p(k, "alloc_ms_per_gib") * n / GIB)
        free = nh * (p(k, "free_ms") + p(k, "free_ms_per_gib") * n / GIB)
        pin = k ~ /^registered/ ? nh * p(k, "pin_ms_per_gib") * n / GIB : ""
        chk("batch", 1, 0); chk("roundtrip_us_median", "", 0)
        chk("alloc_ms_median", alloc, R); chk("free_ms_median", free, R); chk("pin_ms_median", pin, R)
        chk("fill_ms_median", 0, 0); chk("copy_ms_median", dev, R)
        chk("effective_gbps_median", moved / ((alloc + dev + free) * 1e6), R)
        E[cf, "alloc_ms"] = alloc; E[cf, "free_ms"] = free; E[cf, "fill_ms"] = 0; E[cf, "pin_ms"] = pin
    } else {
        chk("roundtrip_us_median", bidir ? "" : sprintf("%.3f", (xfer(k " " d " " a, n) + p(k " " d " " a, "wait_us") / 1e3) * 1e3), 0)
        chk("alloc_ms_median", "", 0); chk("free_ms_median", "", 0); chk("pin_ms_median", "", 0)
        chk("fill_ms_median", "", 0); chk("copy_ms_median", "", 0); chk("effective_gbps_median", "", 0)
    }
    chk("pipeline_ms_median", "", 0); chk("overlap_median", "", 0); chk("kernel_us", "", 0)
}
function host_row(    t) {
    t = xfer(k " " a, n)
    stats(n / (t * 1e6)); chk("host_gbps_median", n / (t * 1e6), R)
    E[cf, "device_ms"] = E[cf, "host_ms"] = t * c
    chk("us_per_copy_median", sprintf("%.3f", t * 1e3), 0); chk("roundtrip_us_median", "", 0)
}
function pipeline_row(    ch, nc, kern, h, kk, dd, off, m, hh, hd, f0, f1, f2, lg, all, st, ov) {
    nc = $H["chunks"]; st = $H["streams"]; ch = int((n + nc - 1) / nc)
    kern = $H["kernel"]
    h = 0; dd = 0
    for (off = 0; off < n; off += ch) {
        m = n - off < ch ? n - off : ch
        hh = xfer(k " h2d pipeline", m); hd = xfer(k " d2h pipeline", m)
        if (off == 0) { f0 = hh; f2 = hd }
        h += hh; dd += hd
    }
    if (kern == "none") kk = 0
    else if (kern ~ /us$/) kk = substr(kern, 1, length(kern) - 2) / 1e3
    else kk = sprintf("%.0f", xfer(k " h2d pipeline", ch) * 1e6 * substr(kern, 1, length(kern) - 1)) / 1e6
    f1 = kk; kk = kk * nc
    if (st > 1 && p(k " pipeline", "overlap") > 0) {
        lg = f0 > f1 ? f0 : f1; lg = lg > f2 ? lg : f2
        all = h > kk ? h : kk; all = all > dd ? all : dd
        all += f0 + f1 + f2 - lg
    } else all = h + kk + dd
    stats(n / (all * 1e6))
    chk("pipeline_ms_median", all, R); chk("h2d_alone_ms_median", h, R); chk("d2h_alone_ms_median", dd, R)
    chk("kernel_alone_ms_median", kk, R); chk("serial_ms_median", h + kk + dd, R)
    m = h > kk ? h : kk; chk("ideal_ms_median", m > dd ? m : dd, R)
    chk("overlap_median", sprintf("%.6g", (h + kk + dd) / all), 0)
    chk("kernel_us", sprintf("%.3f", f1 * 1e3), 0)
    chk("h2d_gbps_median", n / (h * 1e6), R); chk("d2h_gbps_median", n / (dd * 1e6), R)
    chk("host_gbps_median", n / ((all + p(k " pipeline", "host_us") / 1e3) * 1e6), R)
    chk("us_per_copy_median", "", 0); chk("batch", 1, 0)
    E[cf, "device_ms"] = all; E[cf, "host_ms"] = all + p(k " pipeline", "host_us") / 1e3
    E[cf, "h2d_ms"] = h; E[cf, "d2h_ms"] = dd; E[cf, "kernel_ms"] = kk
}

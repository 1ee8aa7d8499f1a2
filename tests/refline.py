#!/usr/bin/env python3
"""tests/refline.py WHAT DIR [DIR2] - a line of pinsweep's compare or report output as the
CSVs of a results folder imply it, computed here independently of pinsweep:
  peak-ratio A B  compare's peak line: | pinned | h2d | A's GB/s | B's GB/s (B/A×) |
  peaks DIR       report's peak row for pinned h2d: the peak, its size, its 95 % interval
                  (src/analysis/interval.h, computed here from samples.csv), n, % of the link
  speedup DIR     report's pinned-over-pageable row for h2d (the size nearest 256e6)
  fit DIR         report's fits row for pinned h2d sync: t0, B, n_half, sizes, residual, flag
Peaks are the largest gbps_median of pinned reuse rows (cache warm, pages prefaulted).
"""
import csv
import math
import statistics
import sys


def rows(d, name="summary.csv"):
    with open(d + "/" + name, newline="") as f:
        return list(csv.DictReader(f))


def plain(r):
    return r["buffer"] == "reuse" and r.get("cache", "warm") in ("warm", "", "-") and \
        r.get("touch", "prefaulted") in ("prefaulted", "", "-") and r["status"] == "ok"


def size_text(n):
    """As a person reads it: the exact form when its number has at most three digits (4 KiB,
    256 MB), else three significant digits in decimal units (1.53 MB)."""
    n = int(n)
    units = ((1 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB"),
             (10**12, "TB"), (10**9, "GB"), (10**6, "MB"), (10**3, "KB"), (1, "B"))
    exact = [(n // u, name) for u, name in units if n % u == 0]
    q, name = min(exact, key=lambda e: (len(str(e[0])) + len(e[1]), "i" not in e[1]))
    if q < 1000:
        return "%d %s" % (q, name)
    v, k = float(n), 0
    while k < 4 and v >= 999.5:
        v, k = v / 1000, k + 1
    t = "%.0f" % v if v >= 99.95 else "%.1f" % v if v >= 9.995 else "%.2f" % v
    if "." in t:
        t = t.rstrip("0").rstrip(".")
    return "%s %s" % (t, ("B", "KB", "MB", "GB", "TB")[k])


def t975(df):
    """Student's t(0.975, df) for whole df: bisection on P(|T| <= t), from the closed forms
    of Abramowitz and Stegun 26.7.3-4 (not from any library)."""
    def within(t):
        th = math.atan2(t, math.sqrt(df))
        c, s = math.cos(th), math.sin(th)
        if df % 2:
            inner, term = (1.0, 1.0) if df > 1 else (0.0, 0.0)
            for k in range(3, df - 1, 2):
                term *= (k - 1) / k * c * c
                inner += term
            return 2 / math.pi * (th + s * c * inner)
        inner = term = 1.0
        for k in range(2, df - 1, 2):
            term *= (k - 1) / k * c * c
            inner += term
        return s * inner
    lo, hi = 0.0, 1000.0
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if within(mid) < 0.95 else (lo, mid)
    return (lo + hi) / 2


def interval_h(d, r):
    """h of r's gbps_median (src/analysis/interval.h): the deviation of the logs of its rounds'
    medians (two rounds or more) or of its samples, from d's samples.csv, times t(0.975, n - 1)
    and sqrt(1 + 1/n); without samples.csv, the delta method from summary.csv's rsd."""
    try:
        samples = [x for x in rows(d, "samples.csv") if x["config"] == r["config"]
                   and x.get("device", "") in ("", r.get("device", ""))
                   and x.get("gpus", "") in ("", r.get("gpus", ""))]
    except FileNotFoundError:
        rounds = r.get("rounds", "") not in ("", "1")
        rsd, n = (r["between_rsd_pct"], float(r["rounds"])) if rounds else (r["rsd_pct"], float(r["samples"]))
        return t975(int(n) - 1) * float(rsd) / 100 * math.sqrt(1 + 1 / n) if rsd and n >= 2 else None
    by_round = {}
    for x in samples:
        if x["gbps"] and float(x["gbps"]) > 0:
            by_round.setdefault(x.get("round") or "1", []).append(float(x["gbps"]))
    values = [statistics.median(v) for v in by_round.values()] if len(by_round) > 1 else \
        [g for v in by_round.values() for g in v]
    if len(values) < 2:
        return None
    n = len(values)
    return t975(n - 1) * statistics.stdev(math.log(v) for v in values) * math.sqrt(1 + 1 / n)


def spread(d, r):
    """The cells of a measurement's spread, its 95 % interval and n, and h (None: none)."""
    rounds = r.get("rounds", "") not in ("", "1") and r.get("round_gbps_min", "") != ""
    h, m = interval_h(d, r), float(r["gbps_median"])
    cells = ["–" if h is None else "%.2f–%.2f" % (m * math.exp(-h), m * math.exp(h))]
    cells.append("%s in %s rounds" % (r["samples"], r["rounds"]) if rounds else r["samples"])
    return cells, h


def peak(d, direction):
    best = None
    for r in rows(d):
        if r["alloc"] == "pinned" and r["direction"] == direction and plain(r) and r["api"] in ("sync", "async"):
            if best is None or float(r["gbps_median"]) > float(best["gbps_median"]):
                best = r
    return best


def main(what, *dirs):
    if what == "peak-ratio":
        a, b = (float(peak(d, "h2d")["gbps_median"]) for d in dirs)
        print("| pinned | h2d | %.2f GB/s | %.2f GB/s (%.2f×) |" % (a, b, b / a))
    elif what == "peaks":
        r = peak(dirs[0], "h2d")
        g, link = float(r["gbps_median"]), float(r["link_gbps"])
        cells, _ = spread(dirs[0], r)
        print("| pinned | h2d | %s | %.2f | %s | %s | %.1f %% |"
              % (r["api"], g, size_text(r["size_bytes"]), " | ".join(cells), 100 * g / link))
    elif what == "speedup":
        cand = [r for r in rows(dirs[0]) if r["direction"] == "h2d" and r["api"] == "sync" and plain(r)]
        size = min({r["size_bytes"] for r in cand}, key=lambda s: abs(math.log(int(s) / 256e6)))
        at = {r["alloc"]: r for r in cand if r["size_bytes"] == size}
        p, q = at["pinned"], at["pageable"]
        (pc, hp), (qc, hq) = spread(dirs[0], p), spread(dirs[0], q)
        pg, qg = float(p["gbps_median"]), float(q["gbps_median"])
        x = pg / qg  # the ratio's interval: the two sides' h in quadrature, on the log scale
        hr = None if hp is None or hq is None else math.hypot(hp, hq)
        ratio = "%.1f×" % x if hr is None else "%.1f× (%.1f–%.1f)" % (x, x * math.exp(-hr), x * math.exp(hr))
        print("| h2d | sync | %s | %.2f | %s | %.2f | %s | %s |"
              % (size_text(size), pg, " | ".join(pc), qg, " | ".join(qc), ratio))
    elif what == "fit":
        for r in rows(dirs[0], "fits.csv"):
            if (r["alloc"] == "pinned" and r["direction"] == "h2d" and r["api"] == "sync"
                    and r.get("regime", "all") in ("all", "")):
                res, pts = float(r["residual_pct"]), int(r["points"])
                if r.get("status", "") == "negative-t0" or (not r.get("status") and float(r["t0_us"]) < 0):
                    print("| pinned | h2d | sync | – | – | – | %d | %.1f %% | not fitting: t0 < 0 |" % (pts, res))
                    continue
                flag = "too few sizes" if pts < 5 else "good" if res < 5 else "poor: not one t0 + n/B"
                print("| pinned | h2d | sync | %.2f µs | %.2f GB/s | %s | %d | %.1f %% | %s |"
                      % (float(r["t0_us"]), float(r["bandwidth_gbps"]),
                         size_text(round(float(r["n_half_bytes"]))), pts, res, flag))
    else:
        sys.exit("refline.py: unknown WHAT " + what)


if __name__ == "__main__":
    main(*sys.argv[1:])

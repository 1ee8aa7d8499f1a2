#!/usr/bin/env python3
"""tests/refline.py WHAT DIR [DIR2] - a line of pinsweep's compare or report output as the
CSVs of a results folder imply it, computed here independently of pinsweep:
  peak-ratio A B  compare's peak line: | pinned | h2d | A's GB/s | B's GB/s (B/A×) |
  peaks DIR       report's peak row for pinned h2d: the peak, its size, spread, n (and the
                  PI95 with rounds), % of the link
  speedup DIR     report's pinned-over-pageable row for h2d (the size nearest 256e6)
  fit DIR         report's fits row for pinned h2d sync: t0, B, n_half, sizes, residual, flag
Peaks are the largest gbps_median of pinned reuse rows (cache warm, pages prefaulted).
"""
import csv
import math
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


def spread(r):
    """The cells of a measurement's spread: min-max, n and, with rounds, the PI95."""
    rounds = r.get("rounds", "") not in ("", "1") and r.get("round_gbps_min", "") != ""
    lo, hi = (r["round_gbps_min"], r["round_gbps_max"]) if rounds else (r["gbps_min"], r["gbps_max"])
    cells = ["%.2f–%.2f" % (float(lo), float(hi))]
    cells.append("%s in %s rounds" % (r["samples"], r["rounds"]) if rounds else r["samples"])
    if rounds:
        cells.append("±%.2f %%" % float(r["pi95_pct"]))
    return cells, (float(lo), float(hi))


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
        cells, _ = spread(r)
        print("| pinned | h2d | %s | %.2f | %s | %s | %.1f %% |"
              % (r["api"], g, size_text(r["size_bytes"]), " | ".join(cells), 100 * g / link))
    elif what == "speedup":
        cand = [r for r in rows(dirs[0]) if r["direction"] == "h2d" and r["api"] == "sync" and plain(r)]
        size = min({r["size_bytes"] for r in cand}, key=lambda s: abs(math.log(int(s) / 256e6)))
        at = {r["alloc"]: r for r in cand if r["size_bytes"] == size}
        p, q = at["pinned"], at["pageable"]
        (pc, (plo, phi)), (qc, (qlo, qhi)) = spread(p), spread(q)
        pg, qg = float(p["gbps_median"]), float(q["gbps_median"])
        print("| h2d | sync | %s | %.2f | %s | %.2f | %s | %.1f× (%.1f–%.1f) |"
              % (size_text(size), pg, " | ".join(pc), qg, " | ".join(qc), pg / qg, plo / qhi, phi / qlo))
    elif what == "fit":
        for r in rows(dirs[0], "fits.csv"):
            if (r["alloc"] == "pinned" and r["direction"] == "h2d" and r["api"] == "sync"
                    and r.get("regime", "all") in ("all", "")):
                res, pts = float(r["residual_pct"]), int(r["points"])
                flag = "too few sizes" if pts < 5 else "good" if res < 5 else "poor: not one t0 + n/B"
                print("| pinned | h2d | sync | %.2f µs | %.2f GB/s | %s | %d | %.1f %% | %s |"
                      % (float(r["t0_us"]), float(r["bandwidth_gbps"]),
                         size_text(round(float(r["n_half_bytes"]))), pts, res, flag))
    else:
        sys.exit("refline.py: unknown WHAT " + what)


if __name__ == "__main__":
    main(*sys.argv[1:])

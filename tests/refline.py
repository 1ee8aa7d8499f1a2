#!/usr/bin/env python3
"""tests/refline.py WHAT DIR [DIR2] - a line of pinsweep's compare or report output as the
CSVs of a results folder imply it, computed here independently of pinsweep:
  peak-ratio A B  compare's peak line: | pinned | h2d | A's GB/s | B's GB/s (B/A×) |
  peaks DIR       report's peak row for pinned: h2d and d2h peak, size, % of the link
  speedup DIR     report's "Pinned over pageable near 256 MB" line (the size nearest 256e6)
  fit DIR         report's fits row for pinned h2d sync: t0, B, n_half, residual
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
    """The shortest exact form: 1GiB, 256MiB, 256MB (not 250000KiB), 1000B."""
    n = int(n)
    units = ((1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB"),
             (10**9, "GB"), (10**6, "MB"), (10**3, "KB"))
    exact = [(n // u, name) for u, name in units if n % u == 0]
    if not exact:
        return "%dB" % n
    q, name = min(exact, key=lambda e: e[0])
    return "%d%s" % (q, name)


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
        cells = []
        for direction in ("h2d", "d2h"):
            r = peak(dirs[0], direction)
            g, link = float(r["gbps_median"]), float(r["link_gbps"])
            cells.append("%.2f GB/s at %s (%.1f%% of the link)" % (g, size_text(r["size_bytes"]), 100 * g / link))
        print("| pinned | %s | %s | – |" % tuple(cells))
    elif what == "speedup":
        parts = []
        for direction in ("h2d", "d2h"):
            cand = [r for r in rows(dirs[0]) if r["direction"] == direction and r["api"] == "sync" and plain(r)]
            size = min({r["size_bytes"] for r in cand}, key=lambda s: abs(math.log(int(s) / 256e6)))
            g = {r["alloc"]: float(r["gbps_median"]) for r in cand if r["size_bytes"] == size}
            parts.append("%.1f× (%.2f against %.2f GB/s at %s, sync)"
                         % (g["pinned"] / g["pageable"], g["pinned"], g["pageable"], size_text(size)))
        print("Pinned over pageable near 256 MB: h2d %s; d2h %s." % tuple(parts))
    elif what == "fit":
        for r in rows(dirs[0], "fits.csv"):
            if (r["alloc"] == "pinned" and r["direction"] == "h2d" and r["api"] == "sync"
                    and r.get("regime", "all") in ("all", "")):
                print("| pinned | h2d | sync | %.2f µs | %.2f GB/s | %.0f KiB | %.1f%% |"
                      % (float(r["t0_us"]), float(r["bandwidth_gbps"]), float(r["n_half_bytes"]) / 1024,
                         float(r["residual_pct"])))
    else:
        sys.exit("refline.py: unknown WHAT " + what)


if __name__ == "__main__":
    main(*sys.argv[1:])

# tests/numbers/report-a.awk - see tests/numbers.sh
BEGIN {
n = 4194304; ph = copy_gbps("pinned", "h2d", "sync", n); pd = copy_gbps("pinned", "d2h", "sync", n)
gh = copy_gbps("pageable", "h2d", "sync", n); gd = copy_gbps("pageable", "d2h", "sync", n)
printf "| pinned | %.2f GB/s at 4MiB | %.2f GB/s at 4MiB | – |\n", ph, pd
printf "Pinned over pageable near 256 MB: h2d %.1f× (%.2f against %.2f GB/s at 4MiB, sync); d2h %.1f× (%.2f against %.2f GB/s at 4MiB, sync).\n", ph / gh, ph, gh, pd / gd, pd, gd
t0 = p("pinned d2h sync", "t0_us"); b = p("pinned d2h sync", "gbps")
printf "| pinned | d2h | sync | %.2f µs | %.2f GB/s | %.0f KiB | 0.0%% |\n", t0, b, t0 * b * 1e3 / 1024 }

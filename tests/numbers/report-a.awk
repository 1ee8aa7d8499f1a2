# tests/numbers/report-a.awk - see tests/numbers.sh: machine A's lines of report.md
BEGIN {
n = 4194304; ph = copy_gbps("pinned", "h2d", "sync", n); pd = copy_gbps("pinned", "d2h", "sync", n)
gh = copy_gbps("pageable", "h2d", "sync", n); gd = copy_gbps("pageable", "d2h", "sync", n)
# the peaks (exact clock: the samples' min and max are the median)
printf "| pinned | h2d | sync | %.2f | 4 MiB | %.2f–%.2f | 3 | – |\n", ph, ph, ph
printf "| pinned | d2h | sync | %.2f | 4 MiB | %.2f–%.2f | 3 | – |\n", pd, pd, pd
# pinned over pageable at one size, the one nearest 256 MB both have
printf "| h2d | sync | 4 MiB | %.2f | %.2f–%.2f | 3 | %.2f | %.2f–%.2f | 3 | %.1f× (%.1f–%.1f) |\n", ph, ph, ph, gh, gh, gh, ph / gh, ph / gh, ph / gh
printf "| d2h | sync | 4 MiB | %.2f | %.2f–%.2f | 3 | %.2f | %.2f–%.2f | 3 | %.1f× (%.1f–%.1f) |\n", pd, pd, pd, gd, gd, gd, pd / gd, pd / gd, pd / gd
# the fit: the model's own t0 and B, n_half = t0 * B, over the 5 sizes (the fewest a fit is drawn from)
t0 = p("pinned d2h sync", "t0_us"); b = p("pinned d2h sync", "gbps")
printf "| pinned | d2h | sync | %.2f µs | %.2f GB/s | %s | 5 | 0.0 %% | good |\n", t0, b, human_dec(t0 * b * 1e3)
# the bandwidth figure's caption, from the model by the readings' rules
# (bidir with sync is not applicable: machines.yaml has none)
printf "*Figure 2. A, bandwidth. How fast does each kind of host memory move data to and from the GPU, by transfer size? cudaMemcpy: %s; %s; %s; %s; %s. Drawn: \n", model_reading("pinned", "h2d"),
    model_reading("pageable", "h2d"), model_reading("pinned", "d2h"), model_reading("pageable", "d2h"),
    memcpy_reading() }

# tests/numbers/report-b.awk - see tests/numbers.sh: machine B's lines of report.md
BEGIN { n = 4194304; ph = copy_gbps("pinned", "h2d", "sync", n); pd = copy_gbps("pinned", "d2h", "sync", n)
printf "| pinned | h2d | sync | %.2f | 4 MiB | %.2f–%.2f | 3 | – |\n", ph, ph, ph
printf "| pinned | d2h | sync | %.2f | 4 MiB | %.2f–%.2f | 3 | – |\n", pd, pd, pd
printf "*Figure 6. B, bandwidth. How fast does each kind of host memory move data to and from the GPU, by transfer size? cudaMemcpy: %s; %s; %s; %s; %s. Drawn: \n", model_reading("pinned", "h2d"),
    model_reading("pageable", "h2d"), model_reading("pinned", "d2h"), model_reading("pageable", "d2h"),
    memcpy_reading() }

# tests/numbers/report-b.awk - see tests/numbers.sh
BEGIN { n = 4194304
printf "| pinned | %.2f GB/s at 4MiB | %.2f GB/s at 4MiB | – |\n", copy_gbps("pinned", "h2d", "sync", n), copy_gbps("pinned", "d2h", "sync", n) }

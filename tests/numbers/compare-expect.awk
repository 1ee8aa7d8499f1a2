# tests/numbers/compare-expect.awk - see tests/numbers.sh
            FNR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
    { print FNR, copy_gbps($H["alloc"], $H["direction"], $H["api"], $H["size_bytes"]), copy_us($H["alloc"], $H["direction"], $H["api"], $H["size_bytes"]) }

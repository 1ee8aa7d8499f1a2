# tests/numbers/breakeven.awk - see tests/numbers.sh
        FNR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
function put(c, got, want, rel) { print c (near(got, want, rel) ? " ok" : " bad: " $0 " want " want) }
{ k = $H["alloc"]; n = $H["size_bytes"]; q = $H["direction"] " " $H["api"]
  al = p(k, "alloc_ms") + p(k, "alloc_ms_per_gib") * n / GIB; fr = p(k, "free_ms") + p(k, "free_ms_per_gib") * n / GIB
  pg = xfer("pageable " q, n) * 1e3; pl = xfer(k " " q, n) * 1e3
  put("alloc_ms", $H["alloc_ms"], al, 1e-5); put("free_ms", $H["free_ms"], fr, 1e-5)
  put("pageable_us_per_copy", $H["pageable_us_per_copy"], pg, 2e-4); put("pinned_us_per_copy", $H["pinned_us_per_copy"], pl, 2e-4)
  put("breakeven_copies", $H["breakeven_copies"], (al + fr) * 1e3 / (pg - pl), 1e-3) }

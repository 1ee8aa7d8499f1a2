# tests/numbers/fits.awk - see tests/numbers.sh
        FNR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
function put(c, got, want, rel) { print c (near(got, want, rel) ? " ok" : " bad: " $H["alloc"] " " $H["direction"] " " $H["api"] " got " got " want " want) }
{ q = $H["alloc"] " " $H["direction"] " " $H["api"]; t0 = p(q, "t0_us"); b = p(q, "gbps")
  put("points", $H["points"], 3, 0); put("t0_us", $H["t0_us"], t0, 5e-4); put("bandwidth_gbps", $H["bandwidth_gbps"], b, 5e-4)
  put("n_half_bytes", $H["n_half_bytes"], t0 * b * 1e3, 1e-3); put("residual_pct", $H["residual_pct"] < 0.01, 1, 0)
  # the copies' sizes, 64KiB..4MiB, all of them: the model has no cache, so no regimes
  put("regime", $H["regime"], "all", 0); put("from_bytes", $H["from_bytes"], 65536, 0); put("to_bytes", $H["to_bytes"], 4194304, 0)
  # every model t0 is > 0: every fit fits
  put("status", $H["status"], t0 > 0 ? "ok" : "negative-t0", 0) }

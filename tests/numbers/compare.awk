# tests/numbers/compare.awk - see tests/numbers.sh
        FILENAME == ARGV[1] { split($0, f, " "); GA[f[1]] = f[2]; UA[f[1]] = f[3]; next }
FILENAME == ARGV[2] { split($0, f, " "); GB[f[1]] = f[2]; UB[f[1]] = f[3]; next }
FNR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
function put(c, got, want, rel) { print c (near(got, want, rel) ? " ok" : " bad: row " FNR " got " got " want " want) }
{ b = $H["machine"] == "B"; g = b ? GB[FNR] : GA[FNR]; u = b ? UB[FNR] : UA[FNR]
  put("machine", $H["machine"] ~ /^[AB]$/, 1, 0); put("dir", $H["dir"], b ? DB : DA, 0)
  put("gbps_median", $H["gbps_median"], g, 2e-5); put("gbps_min", $H["gbps_min"], g, 2e-5); put("gbps_max", $H["gbps_max"], g, 2e-5)
  put("rsd_pct", $H["rsd_pct"], 0, 0); put("us_per_copy_median", $H["us_per_copy_median"], u, u + 0 > 2.5 || u + 0 <= 0 ? 2e-4 : 5e-4 / u) # summary.csv: %.3f
  put("link_gbps", $H["link_gbps"], "", 0); put("pct_of_link", $H["pct_of_link"], "", 0)
  put("ratio", $H["ratio"], sprintf("%.6g", g / GA[FNR]), 0); put("in_all", $H["in_all"], "yes", 0)
  # exact runs: every sample alike, so each interval is its median (h = 0) and any difference
  # is significant, and none is not; the baseline's ratio has no interval
  put("gbps_lo", $H["gbps_lo"], g, 2e-5); put("gbps_hi", $H["gbps_hi"], g, 2e-5)
  # one round of machines.yaml's 3 samples: the interval of another sample, n = 3
  put("interval_basis", $H["interval_basis"], "samples", 0); put("interval_n", $H["interval_n"], 3, 0)
  put("ratio_lo", $H["ratio_lo"], b ? sprintf("%.6g", g / GA[FNR]) : "", 0)
  put("ratio_hi", $H["ratio_hi"], b ? sprintf("%.6g", g / GA[FNR]) : "", 0)
  put("significant", $H["significant"], b ? (g != GA[FNR] ? "yes" : "no") : "", 0) }

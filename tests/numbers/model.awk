# tests/numbers/model.awk - the fake engine's clock model (engine/clockmodel.h)
# written again in awk, so tests/numbers.sh knows every number of a fake run
# in advance.  Set -v MODEL=FILE; p(QUALS, NAME) is the value of parameter
# NAME for the space-separated qualifiers QUALS: the entry with the most
# qualifiers that all apply wins, the last among equals; else the default.
BEGIN {
    split("gbps 25 t0_us 10 host_us 0 wait_us 0 bidir_share 1 overlap 1 alloc_ms 0.1 alloc_ms_per_gib 300 pin_ms_per_gib 40 free_ms 0.05 free_ms_per_gib 90", _dd, " ")
    for (i = 1; i < 24; i += 2) DEF[_dd[i]] = _dd[i + 1]
    NE = 0
    while ((getline line < MODEL) > 0) {
        sub(/#.*/, "", line)
        nt = split(line, tok, /[ \t;,]+/)
        for (t = 1; t <= nt; t++) {
            if (tok[t] == "") continue
            split(tok[t], kv, "=")
            nq = split(kv[1], part, ".")
            NE++; EN[NE] = part[nq]; EV[NE] = kv[2]; EQN[NE] = nq - 1
            for (q = 1; q < nq; q++) EQ[NE, q] = part[q]
        }
    }
    GIB = 1073741824
}
function p(quals, name,    have, n, i, e, q, best, ok) {
    n = split(quals, have, " "); best = 0
    for (e = 1; e <= NE; e++) {
        if (EN[e] != name) continue
        ok = 1
        for (q = 1; q <= EQN[e]; q++) { ok = 0; for (i = 1; i <= n; i++) if (have[i] == EQ[e, q]) ok = 1; if (!ok) break }
        if (ok && (best == 0 || EQN[e] >= EQN[best])) best = e
    }
    return best ? EV[best] + 0 : DEF[name] + 0
}
# One transfer of bytes, ms.
function xfer(quals, bytes) { return p(quals, "t0_us") / 1e3 + bytes / (p(quals, "gbps") * 1e6) }
# |got - want| within rel of want; text (not a number) must be equal, and so must empty cells.
function isnum(x) { return x ~ /^-?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/ }
function near(got, want, rel) {
    if (!isnum(got) || !isnum(want)) return got "" == want ""
    return (got - want <= rel * (want < 0 ? -want : want) + 1e-12) && (want - got <= rel * (want < 0 ? -want : want) + 1e-12)
}
# A copy's bandwidth, GB/s (bidir: both directions' bytes over the longer side), and its time, us.
function copy_us(k, d, a, n,    th, td) {
    if (d != "bidir") return xfer(k " " d " " a, n) * 1e3
    th = xfer(k " h2d " a " bidir", n / p(k " h2d " a " bidir", "bidir_share"))
    td = xfer(k " d2h " a " bidir", n / p(k " d2h " a " bidir", "bidir_share"))
    return (th > td ? th : td) * 1e3
}
function copy_gbps(k, d, a, n) { return (d == "bidir" ? 2 : 1) * n / (copy_us(k, d, a, n) * 1e3) }

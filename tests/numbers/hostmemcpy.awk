# tests/numbers/hostmemcpy.awk - see tests/numbers.sh
        NR > 1 { print "gbps_median " (near($3, p("memcpy " $1, "gbps"), 1e-5) ? "ok" : "bad: " $0); print "samples " ($4 == 5 ? "ok" : "bad: " $0)
         print "staging_bytes " ($5 == 2097152 ? "ok" : "bad: " $0) }

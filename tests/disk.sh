# tests/disk.sh - output folders under hostile conditions (sourced by tests/run-tests after
# tests/lib.sh, whose expect, expect_exact and col it uses):
#
#   a real full disk: a small tmpfs filled to several levels, a fake-engine run into it
#   (exit 3, the message, meta.yaml's reason, no summary row without all its samples),
#   then room again and --resume (every configuration once, with all its samples, exit 0);
#   symbolic links where a run writes (never followed, their targets untouched);
#   -o folders that hold any file of a run (refused), that are read-only or cannot be made
#   (exit 3); plot -o, and compare and report, leaving their input folders byte for byte.
#
# Mounting needs root; without it the full-disk and read-only checks skip, saying why.

# The tmpfs mounted now (unmounted by disk_umount and by the EXIT trap), or "".
DISK=""

disk_umount() {
    if [ -n "$DISK" ]; then umount "$DISK" && rmdir "$DISK"; fi
    DISK=""
}
trap 'disk_umount; rm -rf "$TMP"' EXIT

# Mount a tmpfs of $1 KiB (mount options $2) at $DISK; 1 with the reason in $DISK_WHY if it cannot be.
disk_mount() {
    DISK=$(mktemp -d "$TMP/disk.XXXXXX")
    if ! mount -t tmpfs -o "size=${1}k${2:+,$2}" tmpfs "$DISK" 2> "$TMP/mount.err"; then
        DISK_WHY="cannot mount a tmpfs ($(head -1 "$TMP/mount.err")); needs root outside an unprivileged container"
        rmdir "$DISK"; DISK=""
        return 1
    fi
}

# sha256 of every file under folder $1, by path.
checksums() { (cd "$1" && find . -type f -exec sha256sum {} + | sort); }

# Problems of folder $1: an ok summary row without exactly its samples' count of sample rows,
# sample rows of a configuration without a summary row, a configuration in summary.csv twice.
rows_whole() {
    awk -F, -v s="$(col "$1/summary.csv" samples)" -v st="$(col "$1/summary.csv" status)" '
        FNR == 1 { next }
        NR == FNR { if ($2 in want) print "config " $2 " twice"; want[$2] = ($st == "ok") ? $s : -1; next }
        { got[$1]++ }
        END {
            for (c in want) if (want[c] >= 0 && got[c] + 0 != want[c]) print "config " c ": " got[c] + 0 " samples, its row says " want[c]
            for (c in got) if (!(c in want)) print "config " c ": samples without a summary row"
        }' "$1/summary.csv" "$1/samples.csv"
}

# Does stderr ($TMP/err) hold the whole line $1?
has_line() { grep -qxF -- "$1" "$TMP/err"; }

# A run of tests/disk/many.yaml (28 configurations of 24 samples, about 40 KiB) into a
# 256 KiB tmpfs with $1 KiB left free; then the filler goes and --resume finishes it.
disk_full_level() {
    local free=$1 r rc bad n why
    local name="disk: $free KiB free"
    head -c $(((256 - free) * 1024)) /dev/zero > "$DISK/filler" 2> /dev/null
    r=$DISK/r
    env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/disk/many.yaml -o "$r" --no-plot > "$TMP/out" 2> "$TMP/err"; rc=$?
    [ $rc = 3 ] && t_pass "$name: the run exits 3" || t_fail "$name: the run exits 3" "exit $rc: $(tail -3 "$TMP/err")"
    if [ "$free" -le 4 ]; then
        # experiment.yaml takes the last page: summary.csv's header does not fit, nor meta.yaml
        printf '%s\n' "pinsweep: cannot write $r/summary.csv: No space left on device" \
            "pinsweep: meta.yaml could not be written either (cannot write $r/meta.yaml: No space left on device), so it does not say why the run stopped" \
            "pinsweep: the run stopped before measuring anything; when that is fixed, go on with: $PINSWEEP run --no-plot tests/disk/many.yaml --resume $r" \
            | cmp -s - "$TMP/err" && [ ! -e "$r/meta.yaml" ] \
            && t_pass "$name: stderr says what failed, that meta.yaml could not say it, and how to go on" \
            || t_fail "$name: stderr says what failed, that meta.yaml could not say it, and how to go on" "$(cat "$TMP/err")"
    else
        why=$(grep -xE "pinsweep: cannot write $r/(samples|summary)\.csv: No space left on device" "$TMP/err" | sed 's/^pinsweep: //')
        [ -n "$why" ] && grep -qxE 'pinsweep: the run stops: configuration [0-9]+ is not recorded \(every one finished before it is kept\)' "$TMP/err" \
            && has_line "pinsweep: when that is fixed, go on with: $PINSWEEP run --no-plot tests/disk/many.yaml --resume $r" \
            && t_pass "$name: stderr names the file, strerror, the configuration lost and how to go on" \
            || t_fail "$name: stderr names the file, strerror, the configuration lost and how to go on" "$(cat "$TMP/err")"
        grep -qx '  status: failed' "$r/meta.yaml" && grep -qxF "  reason: '$why'" "$r/meta.yaml" \
            && t_pass "$name: meta.yaml says failed, and why" || t_fail "$name: meta.yaml says failed, and why" "$(sed -n '/^run:/,/^[a-z]/p' "$r/meta.yaml")"
        bad=$(rows_whole "$r")
        [ -z "$bad" ] && t_pass "$name: no summary row without all its samples" || t_fail "$name: no summary row without all its samples" "$bad"
    fi
    rm -f "$DISK/filler"
    expect "$name: once there is room, --resume finishes the run" 0 "" -- env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/disk/many.yaml --resume "$r" --no-plot
    n=$(($(wc -l < "$r/summary.csv") - 1))
    bad=$(rows_whole "$r")
    [ "$n" = 28 ] && [ -z "$bad" ] && [ "$(awk -F, 'NR > 1 { n[$1]++ } END { for (c in n) if (n[c] != 24) b++; print b + 0 }' "$r/samples.csv")" = 0 ] \
        && grep -qx '  status: complete' "$r/meta.yaml" && ! grep -q '^  reason:' "$r/meta.yaml" \
        && t_pass "$name: after resume every configuration is there once, with its 24 samples" \
        || t_fail "$name: after resume every configuration is there once, with its 24 samples" "$n rows; $bad; $(grep status "$r/meta.yaml")"
    rm -rf "$r"
}

# fits.csv does not fit: the measurements are kept, the run exits 3 and says so; resume writes it.
disk_full_fits() {
    local r=$DISK/one name="disk: fits.csv does not fit"
    # experiment.yaml, summary.csv, samples.csv and meta.yaml take a page each
    head -c $(((256 - 16) * 1024)) /dev/zero > "$DISK/filler" 2> /dev/null
    env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/disk/one.yaml -o "$r" --no-plot > "$TMP/out" 2> "$TMP/err"; local rc=$?
    [ $rc = 3 ] && has_line "pinsweep: cannot write $r/fits.csv: No space left on device" \
        && has_line "pinsweep: when that is fixed, go on with: $PINSWEEP run --no-plot tests/disk/one.yaml --resume $r" \
        && t_pass "$name: exit 3, naming fits.csv" || t_fail "$name: exit 3, naming fits.csv" "exit $rc: $(cat "$TMP/err")"
    grep -qx '  status: failed' "$r/meta.yaml" && grep -qxF "  reason: 'cannot write $r/fits.csv: No space left on device'" "$r/meta.yaml" \
        && [ "$(wc -l < "$r/summary.csv")" = 2 ] && [ ! -e "$r/fits.csv" ] && [ ! -e "$r/fits.csv.tmp" ] \
        && t_pass "$name: meta.yaml says why, in the blocks it had; the row is kept, no fits.csv is left" \
        || t_fail "$name: meta.yaml says why; the row is kept" "$(grep -A1 status "$r/meta.yaml"); $(ls "$r")"
    rm -f "$DISK/filler"
    expect "$name: --resume writes it" 0 "resuming $r: 1 of 1 configurations done before" -- env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/disk/one.yaml --resume "$r" --no-plot
    [ -f "$r/fits.csv" ] && grep -qx '  status: complete' "$r/meta.yaml" && [ "$(wc -l < "$r/summary.csv")" = 2 ] \
        && t_pass "$name: then fits.csv is there and the run complete" || t_fail "$name: then fits.csv is there" "$(ls "$r")"
}

disk_full() {
    local free
    if ! disk_mount 256; then
        t_skip "disk: a run into a full disk exits 3 and resumes" "$DISK_WHY"
        return
    fi
    for free in 4 20 36; do disk_full_level "$free"; done
    disk_full_fits
    disk_umount
}

# A read-only folder, and one that cannot be made: exit 3 with the path and strerror.
disk_readonly() {
    local why
    : > "$TMP/disk-afile"
    expect_exact "disk: an -o folder that cannot be made exits 3" 3 \
        "pinsweep: cannot create the folder $TMP/disk-afile/r: Not a directory" \
        -- env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/disk/one.yaml -o "$TMP/disk-afile/r" --no-plot
    if disk_mount 64 ro; then
        why="Read-only file system"
    elif [ "$(id -u)" != 0 ]; then
        DISK=""; why="Permission denied"
        mkdir -p "$TMP/disk-ro" && chmod a-w "$TMP/disk-ro"
    else
        t_skip "disk: a read-only output folder exits 3" "$DISK_WHY"; return
    fi
    local ro=${DISK:-$TMP/disk-ro}
    expect_exact "disk: a read-only output folder exits 3" 3 \
        "pinsweep: cannot create $ro/experiment.yaml: $why" \
        -- env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/disk/one.yaml -o "$ro" --no-plot
    expect_exact "disk: a folder under a read-only one exits 3" 3 \
        "pinsweep: cannot create the folder $ro/r: $why" \
        -- env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/disk/one.yaml -o "$ro/r" --no-plot
    disk_umount
}

# The refusal of an -o folder that holds FILES ($1, as the message lists them).
refused() { # name dir files
    expect_exact "$1" 2 \
        "pinsweep: $2 already holds $3, which a run writes; pinsweep never overwrites results: use --resume $2 to go on with that run, or another folder" \
        -- env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/disk/one.yaml -o "$2" --no-plot
}

# Symbolic links where a run writes, and folders holding any file of a run.
disk_links() {
    local d=$TMP/links f sum
    for f in summary.csv meta.yaml; do
        mkdir -p "$d-dangling-$f"
        ln -s "$TMP/links-target-$f" "$d-dangling-$f/$f"
        refused "disk: -o with $f a dangling symbolic link is refused" "$d-dangling-$f" "$f"
        [ ! -e "$TMP/links-target-$f" ] && t_pass "disk: the dangling $f's target is not created" \
            || t_fail "disk: the dangling $f's target is not created"
        mkdir -p "$d-outside-$f"
        echo "someone else's file" > "$TMP/victim-$f"
        ln -s "$TMP/victim-$f" "$d-outside-$f/$f"
        refused "disk: -o with $f a link to a file outside is refused" "$d-outside-$f" "$f"
        [ "$(cat "$TMP/victim-$f")" = "someone else's file" ] && t_pass "disk: the file $f points to is untouched" \
            || t_fail "disk: the file $f points to is untouched"
    done
    for f in samples.csv meta.yaml experiment.yaml fits.csv host-memcpy.csv breakeven.csv; do
        mkdir -p "$d-only-$f" && echo x > "$d-only-$f/$f"
        refused "disk: -o with only $f in it is refused" "$d-only-$f" "$f"
    done
    mkdir -p "$d-figures/figures"
    refused "disk: -o with only figures/ in it is refused" "$d-figures" "figures/"
    mkdir -p "$d-other" && echo notes > "$d-other/notes.txt"
    expect "disk: -o with files of no run in it is taken" 0 "" -- env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/disk/one.yaml -o "$d-other" --no-plot
    # --resume: a run file that is a link is refused; a stale meta.yaml.tmp link is removed, not followed
    echo "keep me" > "$TMP/links-victim"
    ln -s "$TMP/links-victim" "$d-other/meta.yaml.tmp"
    expect "disk: --resume removes a meta.yaml.tmp link rather than following it" 0 "" -- env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/disk/one.yaml --resume "$d-other" --no-plot
    [ "$(cat "$TMP/links-victim")" = "keep me" ] && [ ! -L "$d-other/meta.yaml.tmp" ] && t_pass "disk: its target is untouched" \
        || t_fail "disk: its target is untouched" "$(cat "$TMP/links-victim")"
    sum=$(sha256sum "$d-other/summary.csv" | cut -d' ' -f1)
    mv "$d-other/summary.csv" "$TMP/links-summary" && ln -s "$TMP/links-summary" "$d-other/summary.csv"
    expect_exact "disk: --resume refuses a summary.csv that is a link" 2 \
        "pinsweep: --resume: $d-other/summary.csv is a symbolic link; pinsweep reads and writes only the files it made" \
        -- env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/disk/one.yaml --resume "$d-other" --no-plot
    [ "$(sha256sum "$TMP/links-summary" | cut -d' ' -f1)" = "$sum" ] && t_pass "disk: the summary.csv it points to is untouched" \
        || t_fail "disk: the summary.csv it points to is untouched"
    # plot in place replaces a fits.csv link with a file, leaving its target alone
    rm "$d-other/summary.csv" && mv "$TMP/links-summary" "$d-other/summary.csv"
    rm -f "$d-other/fits.csv" && ln -s "$TMP/links-victim" "$d-other/fits.csv"
    "$PINSWEEP" plot "$d-other" > /dev/null 2>&1
    [ "$(cat "$TMP/links-victim")" = "keep me" ] && [ -f "$d-other/fits.csv" ] && [ ! -L "$d-other/fits.csv" ] \
        && t_pass "disk: plot in place replaces a fits.csv link, never writing through it" \
        || t_fail "disk: plot in place replaces a fits.csv link" "$(ls -l "$d-other")"
}

# Resume reconciles: a summary row whose samples are incomplete or cut is measured again;
# an empty or header-only CSV is repaired, not refused.
disk_reconcile() {
    local r=$TMP/recon bad
    env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/disk/many.yaml -o "$r" --no-plot > /dev/null 2>&1
    # config 3 loses a sample row; config 5's last sample is cut mid-line (and is the file's last line)
    awk -F, 'NR == 1 || !($1 == 3 && $2 == 7)' "$r/samples.csv" > "$TMP/s" && awk -F, '$1 != 5' "$TMP/s" > "$r/samples.csv"
    grep '^5,' "$TMP/s" | head -23 >> "$r/samples.csv"
    grep '^5,24,' "$TMP/s" | head -c 12 >> "$r/samples.csv"
    expect "disk: resume after samples went missing" 0 "resuming $r: 26 of 28 configurations done before" -- env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/disk/many.yaml --resume "$r" --no-plot
    bad=$(rows_whole "$r")
    [ -z "$bad" ] && [ "$(($(wc -l < "$r/summary.csv") - 1))" = 28 ] && t_pass "disk: those two are measured again, each once, with all 24 samples" \
        || t_fail "disk: those two are measured again" "$bad"
    mkdir -p "$r-hdr" && cp tests/disk/many.yaml "$r-hdr/experiment.yaml" && : > "$r-hdr/summary.csv"
    head -c 20 "$r/samples.csv" > "$r-hdr/samples.csv"
    expect "disk: an empty summary.csv and a cut samples.csv header are repaired" 0 "resuming $r-hdr: 0 of 28 configurations done before" \
        -- env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/disk/many.yaml --resume "$r-hdr" --no-plot
    [ -z "$(rows_whole "$r-hdr")" ] && [ "$(head -1 "$r-hdr/samples.csv")" = "$(head -1 "$r/samples.csv")" ] \
        && t_pass "disk: then the headers are whole and every configuration is there" || t_fail "disk: then the headers are whole" "$(head -1 "$r-hdr/samples.csv")"
    mkdir -p "$r-cut" && head -c 100 tests/disk/many.yaml > "$r-cut/experiment.yaml"
    expect "disk: an experiment.yaml cut short is completed" 0 "" -- env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/disk/many.yaml --resume "$r-cut" --no-plot
    cmp -s tests/disk/many.yaml "$r-cut/experiment.yaml" && t_pass "disk: it is the experiment file again" || t_fail "disk: it is the experiment file again"
}

# plot -o, compare and report only read their input folders.
disk_inputs_untouched() {
    local in=$TMP/plot-in out=$TMP/plot-out f missing=""
    env PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/good/blocks-and-repeats.yaml -o "$in" --no-plot > /dev/null 2>&1
    checksums "$in" > "$TMP/sums-before"
    # Without gnuplot, plot writes the figures' data and exits 3 (a missing program).
    local want=0
    command -v gnuplot > /dev/null || want=3
    expect "disk: plot DIR -o OUT (exit $want: gnuplot $([ $want = 0 ] || echo 'not ')installed)" $want "" -- "$PINSWEEP" plot "$in" -o "$out"
    checksums "$in" | cmp -s - "$TMP/sums-before" && t_pass "disk: plot -o leaves DIR byte for byte" \
        || t_fail "disk: plot -o leaves DIR byte for byte" "$(checksums "$in" | diff - "$TMP/sums-before")"
    for f in summary.csv samples.csv meta.yaml experiment.yaml fits.csv; do
        cmp -s "$in/$f" "$out/$f" || [ "$f" = fits.csv ] || missing="$missing $f"
        [ -f "$out/$f" ] || missing="$missing $f"
    done
    # blocks-and-repeats measures 2 sizes: its copies are a table (written with or without gnuplot)
    [ -s "$out/figures/tables.md" ] || missing="$missing figures/tables.md"
    [ -z "$missing" ] && t_pass "disk: OUT is a self-contained results folder" || t_fail "disk: OUT is a self-contained results folder" "missing or different:$missing"
    expect_exact "disk: plot -o into a folder that is not empty" 2 \
        "pinsweep: plot: $out is not empty; -o writes a new results folder and never overwrites one: give a new or empty folder" \
        -- "$PINSWEEP" plot "$in" -o "$out"
    expect_exact "disk: plot -o into the folder plotted" 2 \
        "pinsweep: plot: $in is not empty; -o writes a new results folder and never overwrites one: give a new or empty folder" \
        -- "$PINSWEEP" plot "$in" -o "$in"
    expect_exact "disk: plot -o of a folder without results" 2 \
        "pinsweep: plot: cannot read $TMP/plot-none/summary.csv: No such file or directory; is $TMP/plot-none a results folder?" \
        -- "$PINSWEEP" plot "$TMP/plot-none" -o "$TMP/plot-out2"
    [ ! -e "$TMP/plot-out2" ] && t_pass "disk: which makes no OUT" || t_fail "disk: which makes no OUT"
    checksums "$in" | cmp -s - "$TMP/sums-before" && t_pass "disk: refused plots leave DIR as it was" || t_fail "disk: refused plots leave DIR as it was"
    expect "disk: compare two folders" 0 "" -- "$PINSWEEP" compare "$in" "$out" -o "$TMP/plot-cmp"
    expect "disk: report on a folder" 0 "" -- "$PINSWEEP" report "$in" -o "$TMP/plot-rep"
    checksums "$in" | cmp -s - "$TMP/sums-before" && t_pass "disk: compare and report leave their input folders byte for byte" \
        || t_fail "disk: compare and report leave their input folders byte for byte" "$(checksums "$in" | diff - "$TMP/sums-before")"
}

disk_full
disk_readonly
disk_links
disk_reconcile
disk_inputs_untouched

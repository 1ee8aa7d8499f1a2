# tests/slurm.sh - pinsweep through a real Slurm on this one machine, sourced by
# tests/run-tests (PINSWEEP, TMP, t_pass, t_fail, t_skip).
#
# Starts munged (as the munge user), slurmctld and slurmd (as root, in the
# foreground, in the background) with a minimal slurm.conf under a temporary
# folder: no systemd, no accounting. Then: a sharded sweep with the fake
# engine as a job array through scripts/pinsweep-slurm --wait, merged, whose
# configurations must equal a single run's; and pinsweep check as the
# HealthCheckProgram (scripts/pinsweep-healthcheck), which must drain the
# node once the fake engine's link reads degraded, leave an admin's drain
# alone through a failing and a passing check, and drain the node when
# pinsweep is missing. Every daemon it started
# is stopped by its pid. Skipped, visibly, where Slurm or munge is not
# installed (.ci/run installs them) or without root.

SL=
slurm_pids=()

slurm_stop() {
    local p
    for p in "${slurm_pids[@]}"; do kill "$p" 2> /dev/null; done
    for p in "${slurm_pids[@]}"; do
        for _ in $(seq 150); do kill -0 "$p" 2> /dev/null || break; sleep 0.1; done
        kill -9 "$p" 2> /dev/null
    done
    slurm_pids=()
}

# A free TCP port from the kernel's ephemeral range.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

slurm_start() {
    local node port1 port2 i
    SL=$(mktemp -d /tmp/pinsweep-slurm.XXXXXX)
    chmod 755 "$SL"
    mkdir -p "$SL/munge" "$SL/state" "$SL/spool" "$SL/log"
    dd if=/dev/urandom of="$SL/munge/munge.key" bs=1024 count=1 status=none
    chown -R munge:munge "$SL/munge"; chmod 700 "$SL/munge"; chmod 400 "$SL/munge/munge.key"
    runuser -u munge -- munged --key-file="$SL/munge/munge.key" --socket="$SL/munge/munge.sock" \
        --pid-file="$SL/munge/munged.pid" --log-file="$SL/munge/munged.log" \
        --seed-file="$SL/munge/munged.seed" --force || return 1
    slurm_pids+=("$(cat "$SL/munge/munged.pid")")
    node=$(hostname -s); port1=$(free_port); port2=$(free_port)
    cat > "$SL/slurm.conf" <<CONF
ClusterName=pinsweeptest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$port1
SlurmdPort=$port2
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$SL/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$SL/state
SlurmdSpoolDir=$SL/spool
SlurmctldPidFile=$SL/slurmctld.pid
SlurmdPidFile=$SL/slurmd.pid
SlurmctldLogFile=$SL/log/slurmctld.log
SlurmdLogFile=$SL/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
SchedulerType=sched/backfill
HealthCheckProgram=$SL/healthcheck
HealthCheckInterval=2
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
    export SLURM_CONF=$SL/slurm.conf
    # The health check: healthy until $SL/degraded exists, then the link reads Gen4 of Gen5.
    # The fake GPU copies with memcpy, far below a Gen5 x16 link's floor: stated expectations
    # of 0.01 GB/s (PINSWEEP_EXPECT) hold its pinned checks instead, so the link decides. (On the
    # model clock at the H200's rates a check under ASan took 20 s alone and went past Slurm's
    # 60 s on the loaded CI machine.)
    # It runs the script as slurmd would, with no PATH (env -i): the script finds scontrol and
    # sinfo itself; SLURM_CONF is given, as /etc/default/pinsweep-healthcheck would where
    # slurm.conf is not in a usual place. $SL/missing stands for a pinsweep that is not there.
    cat > "$SL/healthcheck" <<HC
#!/usr/bin/env bash
pinsweep=$PINSWEEP sysfs=$PWD/tests/fixtures/link-healthy
[ -e $SL/degraded ] && sysfs=$PWD/tests/fixtures/link-degraded
[ -e $SL/missing ] && pinsweep=/nonexistent/pinsweep
env -i PINSWEEP=\$pinsweep PINSWEEP_ENGINE=fake PINSWEEP_FAKE_BUS_ID=0000:00:06.0 \\
    PINSWEEP_EXPECT=h2d=0.01,d2h=0.01,bidir=0.01 PINSWEEP_SYSFS=\$sysfs SLURM_CONF=$SL/slurm.conf \\
    PINSWEEP_CHECK_LOCK=$SL/check.lock PINSWEEP_LOG=$SL/log/pinsweep-healthcheck.log \\
    ASAN_OPTIONS=${ASAN_OPTIONS:-} UBSAN_OPTIONS=${UBSAN_OPTIONS:-} \\
    $PWD/scripts/pinsweep-healthcheck >> $SL/log/healthcheck.log 2>&1
rc=\$?
echo "[\$(date +%T) check of \$(basename \$sysfs) by \$pinsweep exited \$rc after \$SECONDS s]" >> $SL/log/healthcheck.log
exit \$rc
HC
    chmod +x "$SL/healthcheck"
    slurmctld -D -i -f "$SL/slurm.conf" > "$SL/log/slurmctld.out" 2>&1 & slurm_pids+=($!); disown $!
    slurmd -D -f "$SL/slurm.conf" > "$SL/log/slurmd.out" 2>&1 & slurm_pids+=($!); disown $!
    for i in $(seq 60); do
        sinfo -h -o '%T' 2> /dev/null | grep -qx idle && return 0
        sleep 0.5
    done
    return 1
}

# slurm_wait_log PATTERN COUNT: until the script's log has more than COUNT lines matching
# PATTERN (2 minutes at most: a check under ASan on a loaded machine takes 10-20 s). 0 when it has.
slurm_wait_log() {
    local until=$((SECONDS + 120))
    while [ $SECONDS -lt $until ]; do
        [ "$(grep -c -- "$1" "$SL/log/pinsweep-healthcheck.log" 2> /dev/null)" -gt "$2" ] && return 0
        sleep 0.5
    done
    return 1
}

# slurm_wait_state STATE_PATTERN: until the node's state matches (2 minutes at most); echoes it.
slurm_wait_state() {
    local until=$((SECONDS + 120)) state=
    while [ $SECONDS -lt $until ]; do
        state=$(sinfo -h -N -o '%T' | head -1)
        [[ $state == $1 ]] && break
        sleep 0.5
    done
    echo "$state"
}

# An admin's drain survives a failing and a passing check; pinsweep missing drains the node
# with a reason that names it, and the node comes back once it is there again.
slurm_drain_ownership() {
    local node=$1 n state reason admin="hw: fan ticket 4711"
    scontrol update NodeName="$node" State=DRAIN Reason="$admin"
    n=$(grep -c "would have drained" "$SL/log/pinsweep-healthcheck.log" 2> /dev/null)
    touch "$SL/degraded"
    slurm_wait_log "would have drained $node (pinsweep:GPU0 Gen4<5" "${n:-0}"; rc=$?
    state=$(sinfo -h -N -o '%T' | head -1); reason=$(sinfo -h -N -o '%E' | head -1)
    [ $rc = 0 ] && [[ $state == drain* ]] && [ "$reason" = "$admin" ] \
        && t_pass "slurm: an admin's drain survives a failing check (the log says it would have drained)" \
        || t_fail "slurm: an admin's drain survives a failing check" "state $state, reason '$reason': $(tail -3 "$SL/log/pinsweep-healthcheck.log")"
    n=$(grep -c "stays drained for a reason not this script's: $admin" "$SL/log/pinsweep-healthcheck.log")
    rm -f "$SL/degraded"
    slurm_wait_log "stays drained for a reason not this script's: $admin" "$n"; rc=$?
    state=$(sinfo -h -N -o '%T' | head -1); reason=$(sinfo -h -N -o '%E' | head -1)
    [ $rc = 0 ] && [[ $state == drain* ]] && [ "$reason" = "$admin" ] \
        && t_pass "slurm: an admin's drain survives a passing check" \
        || t_fail "slurm: an admin's drain survives a passing check" "state $state, reason '$reason': $(tail -3 "$SL/log/pinsweep-healthcheck.log")"
    scontrol update NodeName="$node" State=RESUME
    touch "$SL/missing"
    state=$(slurm_wait_state 'drain*')
    reason=$(sinfo -h -N -o '%E' | head -1)
    [[ $state == drain* ]] && [ "$reason" = "pinsweep:missing /nonexistent/pinsweep (no such file; set PINSWEEP in /etc/default/pinsweep-healthcheck)" ] \
        && t_pass "slurm: pinsweep missing drains the node, the reason naming it" \
        || t_fail "slurm: pinsweep missing drains the node, the reason naming it" "state $state, reason '$reason': $(tail -3 "$SL/log/pinsweep-healthcheck.log")"
    rm -f "$SL/missing"
    state=$(slurm_wait_state idle)
    [ "$state" = idle ] && t_pass "slurm: pinsweep there again: the node resumed" || t_fail "slurm: pinsweep there again: the node resumed" "state $state"
}

# The seconds `plan FILE [--shard I/N]` expects (its "expected time: about N s" line).
plan_expected_s() { "$PINSWEEP" plan "$@" 2> /dev/null | sed -n 's/^expected time: about \([0-9]*\) s.*/\1/p'; }

# The job scripts pinsweep-slurm writes, with stub sbatch and scontrol (no cluster needed):
# --exclusive and --time (2 x the longest shard's expected time + 5 min) on shard and survey
# jobs, a --time after -- instead of it, logs per submission, a survey with the experiment's
# own device: (all: no -d, no GPU count); then the shard job script run by hand as Slurm
# would, interrupted, run again (it resumes its folder), and merged.
slurm_scripts_test() {
    local d=$TMP/slurm-scripts i e longest=0 want rc
    rm -rf "$d"; mkdir -p "$d/bin"
    printf '#!/bin/sh\necho "$@" >> %s/sbatch.args\necho 4711\n' "$d" > "$d/bin/sbatch"
    printf '#!/bin/sh\n[ "$1 $2" = "show hostnames" ] && echo "$3"\n' > "$d/bin/scontrol"
    chmod +x "$d/bin/sbatch" "$d/bin/scontrol"
    PATH=$d/bin:$PATH PINSWEEP=$PINSWEEP scripts/pinsweep-slurm tests/good/slurm-sweep.yaml -o "$d/sh" --shards 3 \
        > /dev/null 2> "$d/err" || t_fail "slurm: pinsweep-slurm writes the shard job" "$(cat "$d/err")"
    for i in 1 2 3; do
        e=$(plan_expected_s tests/good/slurm-sweep.yaml --shard $i/3)
        [ "$e" -gt "$longest" ] && longest=$e
    done
    want=$(((2 * longest + 59) / 60 + 5))
    grep -qx '#SBATCH --exclusive' "$d/sh/job.sbatch" && grep -qx "#SBATCH --time=$want" "$d/sh/job.sbatch" \
        && grep -qx "# --time: 2 x the longest shard's $longest s expected (pinsweep plan's rough H200 model), + 5 min" "$d/sh/job.sbatch" \
        && t_pass "slurm: shard jobs are exclusive, with --time 2 x the longest shard's expected $longest s + 5 min ($want)" \
        || t_fail "slurm: shard jobs are exclusive, with a --time" "$(grep -E 'SBATCH|time' "$d/sh/job.sbatch")"
    grep -qx "#SBATCH --output=$d/sh/logs/shard-%a-%A.out" "$d/sh/job.sbatch" && grep -qx '#SBATCH --open-mode=append' "$d/sh/job.sbatch" \
        && t_pass "slurm: each submission of a task logs to a file of its own (%a-%A), a requeue appends" \
        || t_fail "slurm: each submission of a task logs to a file of its own" "$(grep -E 'output|open-mode' "$d/sh/job.sbatch")"
    PATH=$d/bin:$PATH PINSWEEP=$PINSWEEP scripts/pinsweep-slurm tests/good/slurm-sweep.yaml -o "$d/own" --shards 3 -- --time=30 \
        > /dev/null 2>&1
    [ "$(grep -c '^#SBATCH --time' "$d/own/job.sbatch")" = 1 ] && grep -qx '#SBATCH --time=30' "$d/own/job.sbatch" \
        && t_pass "slurm: a --time given after -- replaces the computed one" \
        || t_fail "slurm: a --time given after -- replaces the computed one" "$(grep -E 'time' "$d/own/job.sbatch")"
    # a survey of device: all: every GPU of the node, its per-GPU time 9 times
    { cat tests/good/slurm-sweep.yaml; echo 'device: all'; } > "$d/all.yaml"
    PATH=$d/bin:$PATH PINSWEEP=$PINSWEEP scripts/pinsweep-slurm "$d/all.yaml" -o "$d/survey" --survey node7 \
        > /dev/null 2> "$d/err" || t_fail "slurm: pinsweep-slurm writes the survey job" "$(cat "$d/err")"
    e=$(plan_expected_s "$d/all.yaml"); want=$(((2 * 9 * e + 59) / 60 + 5))
    grep -qx '#SBATCH --exclusive' "$d/survey/job.sbatch" && grep -qx "#SBATCH --time=$want" "$d/survey/job.sbatch" \
        && ! grep -q -- '-d 0' "$d/survey/job.sbatch" && ! grep -q 'gpus-per' "$d/survey/job.sbatch" \
        && "$PINSWEEP" plan "$d/all.yaml" | grep -q '^expected time: about [0-9]* s per GPU (device: all' \
        && t_pass "slurm: a survey of device: all takes the node whole, every GPU, no -d, --time 2 x 9 x $e s + 5 min" \
        || t_fail "slurm: a survey of device: all takes every GPU of the node" "$(grep -E 'SBATCH|run' "$d/survey/job.sbatch")"
    # The shard job script as Slurm runs it: task 2 interrupted, then submitted again.
    local model="gbps=20 t0_us=5"
    env SLURM_ARRAY_TASK_ID=2 PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$model sigint_at_ms=50" bash "$d/sh/job.sbatch" > /dev/null 2> "$d/task2a"; rc=$?
    env SLURM_ARRAY_TASK_ID=2 PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$model" bash "$d/sh/job.sbatch" > /dev/null 2> "$d/task2b"
    [ $rc = 130 ] && grep -q "^pinsweep: resuming $d/sh/shard-2: [1-9][0-9]* of [0-9]* configurations done before$" "$d/task2b" \
        && grep -q '^  shard: 2/3$' "$d/sh/shard-2/meta.yaml" && grep -q '^  status: complete$' "$d/sh/shard-2/meta.yaml" \
        && t_pass "slurm: a shard task submitted again goes on with its folder (--resume), still shard 2/3" \
        || t_fail "slurm: a shard task submitted again goes on with its folder" "exit $rc; $(tail -2 "$d/task2a"; head -3 "$d/task2b")"
    for i in 1 3; do env SLURM_ARRAY_TASK_ID=$i PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$model" bash "$d/sh/job.sbatch" > /dev/null 2>&1; done
    bash "$d/sh/merge.sbatch" > /dev/null 2> "$d/merge"; rc=$?
    [ $rc = 0 ] && grep -qx "pinsweep merge: 3 shards, 24 of 24 configurations -> $d/sh/merged" "$d/merge" \
        && t_pass "slurm: the job's shards, one interrupted and submitted again, merge whole" \
        || t_fail "slurm: the job's shards, one interrupted and submitted again, merge whole" "exit $rc: $(head -3 "$d/merge")"
}

# On the real cluster, after slurm_test's 4-shard array in $SL/sweep: a 2-shard array whose
# tasks are interrupted (the fake engine's SIGINT), one resumed by the command its log printed,
# the job script submitted again (every task resumes its folder, into a log of its own), and
# merged whole; meta.yaml names the Slurm job and task.
slurm_resubmit_test() {
    local d=$SL/again rc cmd job1 job2 logs model="gbps=20 t0_us=5"
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$model sigint_at_ms=50" PINSWEEP=$PINSWEEP timeout 300 \
        scripts/pinsweep-slurm tests/good/slurm-sweep.yaml -o "$d" --shards 2 --gpus 0 --wait > /dev/null 2> "$SL/again.err"; rc=$?
    job1=$(cat "$d/logs/jobid")
    [ $rc = 1 ] && grep -q "interrupted by SIGINT" "$d/logs/shard-1-$job1.out" \
        && t_pass "slurm: an interrupted array's merge exits 1 (configurations missing)" \
        || t_fail "slurm: an interrupted array's merge exits 1" "exit $rc: $(tail -3 "$SL/again.err"; ls "$d/logs")"
    cmd=$(sed -n 's/^pinsweep: interrupted by SIGINT; every finished configuration is kept. Go on with: //p' "$d/logs/shard-1-$job1.out")
    env PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$model" bash -c "$cmd" > /dev/null 2> "$SL/again1.err"; rc=$?
    [ $rc = 0 ] && [ "$cmd" = "$PINSWEEP run --shard 1/2 -d 0 --progress --no-plot $d/slurm-sweep.yaml --resume $d/shard-1" ] \
        && grep -q '^  shard: 1/2$' "$d/shard-1/meta.yaml" \
        && t_pass "slurm: the command a task's log printed finishes its shard" \
        || t_fail "slurm: the command a task's log printed finishes its shard" "exit $rc: '$cmd': $(head -3 "$SL/again1.err")"
    cp "$d/logs/shard-2-$job1.out" "$SL/first-log"
    PINSWEEP_ENGINE=fake PINSWEEP_FAKE_MODEL="$model" timeout 300 sbatch --wait --parsable "$d/job.sbatch" > "$SL/job2" 2>&1; rc=$?
    job2=$(cat "$SL/job2")
    logs=$(cd "$d/logs" && ls shard-2-*.out | tr '\n' ' ')
    [ $rc = 0 ] && [ "$logs" = "shard-2-$job1.out shard-2-$job2.out " ] && cmp -s "$SL/first-log" "$d/logs/shard-2-$job1.out" \
        && grep -q "^pinsweep: resuming $d/shard-2: [1-9][0-9]* of 12 configurations done before$" "$d/logs/shard-2-$job2.out" \
        && t_pass "slurm: the job submitted again resumes each task, each into a log of its own; the first log is kept" \
        || t_fail "slurm: the job submitted again resumes each task into a log of its own" "exit $rc: $logs; $(head -3 "$d/logs/shard-2-$job2.out" 2> /dev/null)"
    "$PINSWEEP" merge "$d/shard-1" "$d/shard-2" -o "$d/merged-again" --no-plot > /dev/null 2> "$SL/again-merge.err"; rc=$?
    [ $rc = 0 ] && grep -qx "pinsweep merge: 2 shards, 24 of 24 configurations -> $d/merged-again" "$SL/again-merge.err" \
        && t_pass "slurm: the interrupted and resumed shards merge whole" \
        || t_fail "slurm: the interrupted and resumed shards merge whole" "exit $rc: $(head -3 "$SL/again-merge.err")"
    grep -q "^  slurm_array_job_id: $job2$" "$d/shard-2/meta.yaml" && grep -q '^  slurm_array_task_id: 2$' "$d/shard-2/meta.yaml" \
        && grep -q '^  slurm_job_id: [0-9]*$' "$d/shard-2/meta.yaml" \
        && t_pass "slurm: meta.yaml names the Slurm job, array job and task that ran it last" \
        || t_fail "slurm: meta.yaml names the Slurm job, array job and task" "$(sed -n '/^job:/,/^[a-z]/p' "$d/shard-2/meta.yaml")"
}

# On the real cluster: scripts/pinsweep-healthcheck as Prolog and as Epilog (docs/clusters.md's
# recipes), each reading a degraded link once ($SL/prolog-degraded, $SL/epilog-degraded) with a
# lock of its own (the HealthCheckProgram's runs every 2 s). A failed Prolog drains the node with
# pinsweep's reason and, with SchedulerParameters=nohold_on_prolog_fail, requeues the job
# without holding it; a failed Epilog drains it after the job; in both the HealthCheckProgram
# resumes the node once it reads healthy. slurm.conf is put back after.
slurm_prolog_epilog_test() {
    local w job i state reason js node=$(hostname -s) seen
    local want="pinsweep:GPU0 Gen4<5 x16 link; $node GPU 0 (0000:00:06.0) link: Gen4 x16 during a copy, below its maximum Gen5 x16"
    cp "$SL/slurm.conf" "$SL/slurm.conf.before"
    for w in prolog epilog; do
        cat > "$SL/$w" <<HOOK
#!/usr/bin/env bash
export PINSWEEP=$PINSWEEP PINSWEEP_ENGINE=fake PINSWEEP_FAKE_BUS_ID=0000:00:06.0
export PINSWEEP_EXPECT=h2d=0.01,d2h=0.01,bidir=0.01
export PINSWEEP_SYSFS=$PWD/tests/fixtures/link-healthy SLURM_CONF=$SL/slurm.conf PINSWEEP_CHECK_LOCK=$SL/$w.lock
export PINSWEEP_LOG=$SL/log/$w-decisions.log
[ -e $SL/$w-degraded ] && rm -f $SL/$w-degraded && PINSWEEP_SYSFS=$PWD/tests/fixtures/link-degraded
$PWD/scripts/pinsweep-healthcheck >> $SL/log/$w.log 2>&1
HOOK
        chmod +x "$SL/$w"
    done
    printf 'Prolog=%s\nEpilog=%s\nSchedulerParameters=nohold_on_prolog_fail\n' "$SL/prolog" "$SL/epilog" >> "$SL/slurm.conf"
    scontrol reconfigure; sleep 2
    # wait_drained NAME: until the node is drained (or draining) and then idle again, 120 s at most
    # each; $seen gets the reason it was drained with, $state the last state.
    wait_drained() {
        local until=$((SECONDS + 120)); seen=
        while [ $SECONDS -lt $until ] && [ -z "$seen" ]; do
            state=$(sinfo -h -N -o '%T' | head -1)
            case $state in drain*) seen=$(sinfo -h -N -o '%E' | head -1) ;; esac
            sleep 0.3
        done
        until=$((SECONDS + 120))
        while [ $SECONDS -lt $until ]; do
            state=$(sinfo -h -N -o '%T' | head -1)
            [ "$state" = idle ] && break
            sleep 0.5
        done
    }
    touch "$SL/prolog-degraded"
    job=$(sbatch --parsable --wrap true -o /dev/null)
    wait_drained
    js=$(scontrol show job "$job" | grep -o 'JobState=[A-Z]* Reason=[^ ]*\|Restarts=[0-9]*' | tr '\n' ' ')
    [ "$seen" = "$want" ] && [ "$state" = idle ] && case $js in *"Restarts=0"* | *"launch_failed"*) false ;; *) true ;; esac \
        && t_pass "slurm: a failing Prolog drains with pinsweep's reason, requeues the job unheld, and the health check resumes the node" \
        || t_fail "slurm: a failing Prolog drains, requeues unheld, and the health check resumes the node" "drained '$seen', now $state; job $js"
    scancel "$job" 2> /dev/null
    touch "$SL/epilog-degraded"
    job=$(sbatch --parsable --wrap true -o /dev/null)
    wait_drained
    [ "$seen" = "$want" ] && [ "$state" = idle ] \
        && t_pass "slurm: a failing Epilog drains with pinsweep's reason after the job, and the health check resumes the node" \
        || t_fail "slurm: a failing Epilog drains, and the health check resumes the node" "drained '$seen', now $state; $(tail -2 "$SL/log/epilog.log")"
    cp "$SL/slurm.conf.before" "$SL/slurm.conf"
    scontrol reconfigure; sleep 2
}

slurm_test() {
    local why= t0 state reason i
    if [ "$(id -u)" != 0 ]; then why="not root"; fi
    for p in slurmctld slurmd munged sbatch scontrol sinfo runuser python3; do
        command -v $p > /dev/null || why="${why:+$why; }$p is not installed (apt-get install slurmctld slurmd slurm-client munge)"
    done
    if [ -n "$why" ]; then t_skip "slurm: a real cluster on this machine" "$why"; return; fi
    if ! slurm_start; then
        t_fail "slurm: the cluster starts" "$(tail -5 "$SL"/log/*.log "$SL"/log/*.out 2> /dev/null)"
        slurm_stop; rm -rf "$SL"; return
    fi
    t_pass "slurm: munged, slurmctld and slurmd start and the node is idle"

    t0=$(date +%s)
    PINSWEEP_ENGINE=fake PINSWEEP=$PINSWEEP timeout 300 scripts/pinsweep-slurm tests/good/slurm-sweep.yaml \
        -o "$SL/sweep" --shards 4 --gpus 0 --wait > "$SL/out" 2> "$SL/err"; rc=$?
    if [ $rc -eq 0 ] && [ -f "$SL/sweep/merged/summary.csv" ]; then
        t_pass "slurm: a job array of 4 shards ran and merged in $(($(date +%s) - t0)) s"
    else
        t_fail "slurm: a job array of 4 shards ran and merged" "exit $rc: $(tail -5 "$SL/err"; tail -3 "$SL"/sweep/logs/*.out 2> /dev/null)"
    fi
    grep -q '^#SBATCH --array=1-4$' "$SL/sweep/job.sbatch" && t_pass "slurm: the job script is an array of 4" \
        || t_fail "slurm: the job script is an array of 4" "$(grep SBATCH "$SL/sweep/job.sbatch")"
    PINSWEEP_ENGINE=fake "$PINSWEEP" run tests/good/slurm-sweep.yaml -o "$SL/single" --no-plot > /dev/null 2>&1
    # The configurations (config and the axes) of the merged folder and of one whole run, sorted:
    # a run on the wall clock whose sentinel sees a window writes its repaired rows again last.
    local f
    for f in sweep/merged single; do
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
                 { print $c["experiment"], $c["config"], $c["alloc"], $c["direction"], $c["buffer"], $c["api"], $c["size_bytes"], $c["status"] }' \
            "$SL/$f/summary.csv" 2> /dev/null | sort > "$SL/$(basename $f).cfg"
    done
    if [ -s "$SL/single.cfg" ] && cmp -s "$SL/merged.cfg" "$SL/single.cfg"; then
        t_pass "slurm: the merged configurations equal a single run's"
    else
        t_fail "slurm: the merged configurations equal a single run's" "$(diff "$SL/merged.cfg" "$SL/single.cfg" | head -5)"
    fi
    ls -d "$SL"/sweep/shard-* 2> /dev/null | wc -l | grep -qx 4 && t_pass "slurm: each array task wrote its shard folder" \
        || t_fail "slurm: each array task wrote its shard folder" "$(ls "$SL/sweep")"
    slurm_resubmit_test
    slurm_prolog_epilog_test

    # A survey: one exclusive task per node of the list, each node's folder named by its host.
    local node host
    node=$(sinfo -h -N -o '%N' | head -1); host=$(hostname -s)
    PINSWEEP_ENGINE=fake PINSWEEP=$PINSWEEP timeout 300 scripts/pinsweep-slurm tests/good/slurm-sweep.yaml \
        -o "$SL/survey" --survey "$node" --gpus 0 --wait > "$SL/out" 2> "$SL/err"; rc=$?
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
             { print $c["experiment"], $c["config"], $c["alloc"], $c["direction"], $c["buffer"], $c["api"], $c["size_bytes"], $c["status"] }' \
        "$SL/survey/$host/summary.csv" 2> /dev/null | sort > "$SL/survey.cfg"
    if [ $rc -eq 0 ] && [ -s "$SL/single.cfg" ] && cmp -s "$SL/survey.cfg" "$SL/single.cfg"; then
        t_pass "slurm: a survey of node $node ran the whole sweep into its folder $host/"
    else
        t_fail "slurm: a survey ran the whole sweep on the node" "exit $rc: $(ls "$SL/survey"; tail -5 "$SL/err"; tail -3 "$SL"/survey/logs/*.out 2> /dev/null)"
    fi
    grep -q "^#SBATCH --nodelist=$node$" "$SL/survey/job.sbatch" && grep -q '^#SBATCH --exclusive$' "$SL/survey/job.sbatch" \
        && grep -q '^#SBATCH --ntasks-per-node=1$' "$SL/survey/job.sbatch" && [ ! -e "$SL/survey/merged" ] \
        && t_pass "slurm: the survey's job script takes each node whole, one task each, and merges nothing" \
        || t_fail "slurm: the survey's job script" "$(grep SBATCH "$SL/survey/job.sbatch")"

    state=$(sinfo -h -N -o '%T' | head -1)
    [ "$state" = idle ] && t_pass "slurm: the node is idle while its link is healthy" \
        || t_fail "slurm: the node is idle while its link is healthy" "state $state: $(tail -3 "$SL/log/healthcheck.log")"
    touch "$SL/degraded"
    # A check of the fake GPU takes 1-2 s alone but over 15 s on a loaded 2-core machine, and
    # the check in progress when the link degrades still reads it healthy: wait up to 2 minutes
    # of wall time (sinfo itself is slow to fail when the controller is gone).
    local until=$((SECONDS + 120))
    while [ $SECONDS -lt $until ]; do
        state=$(sinfo -h -N -o '%T' | head -1)
        case $state in drain*) break ;; esac
        sleep 0.5
    done
    reason=$(sinfo -h -N -o '%E' | head -1)
    case $state in drain*) t_pass "slurm: pinsweep check as HealthCheckProgram drains the node with a degraded link" ;;
        *) t_fail "slurm: pinsweep check as HealthCheckProgram drains the node with a degraded link" "state $state: $(tail -3 "$SL/log/healthcheck.log")" ;; esac
    [ "$reason" = "pinsweep:GPU0 Gen4<5 x16 link; $(hostname -s) GPU 0 (0000:00:06.0) link: Gen4 x16 during a copy, below its maximum Gen5 x16" ] \
        && t_pass "slurm: the drain reason is the failed check in short, then its line" \
        || t_fail "slurm: the drain reason is the failed check in short, then its line" "'$reason'"
    # sinfo -R's default format (%20E %9u %19H %N) shows the reason's first 20 characters
    reason=$(sinfo -R -h | head -1 | cut -c1-20)
    [ "$reason" = "pinsweep:GPU0 Gen4<5" ] && t_pass "slurm: sinfo -R shows which GPU and what: '$reason'" \
        || t_fail "slurm: sinfo -R shows which GPU and what" "'$reason'"
    rm -f "$SL/degraded"
    # The same wait back: the check in progress may still read the degraded link, and under
    # the sanitizers a check takes several seconds.
    until=$((SECONDS + 120))
    while [ $SECONDS -lt $until ]; do
        state=$(sinfo -h -N -o '%T' | head -1)
        [ "$state" = idle ] && break
        sleep 0.5
    done
    [ "$state" = idle ] && t_pass "slurm: once healthy again, the health check resumes the node it drained" \
        || t_fail "slurm: once healthy again, the health check resumes the node it drained" "state $state"
    slurm_drain_ownership "$node"
    slurm_stop
    local left=0
    for p in munged slurmctld slurmd; do pgrep -f "$p.*$SL" > /dev/null && left=1; done
    [ $left = 0 ] && t_pass "slurm: every daemon started was stopped" || t_fail "slurm: every daemon started was stopped" "$(pgrep -af "$SL")"
    unset SLURM_CONF
    [ -n "${KEEP_SLURM:-}" ] || rm -rf "$SL"
}

slurm_scripts_test
slurm_test

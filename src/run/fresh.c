/*
 * fresh.c - rounds in fresh processes (fresh.h): the starter, a round's
 * process, and the run's side of the pipe between them.
 *
 * The run and the round's processes are the same binary, so what crosses
 * is plain structs: the request (struct request, then one struct position
 * per position of the sweep) over the starter's socket with the pipe's
 * write end beside it, and frames back over the pipe (struct frame, then
 * its body).  Pointers are fixed up on arrival: a result's configuration by
 * its position, its samples by their count.
 */
#include "run/fresh.h"
#include "run/loop.h"
#include "run/step.h"
#include "run/stop.h"
#include "base/timer.h"
#include "experiment/rounds.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

/* What the starter keeps from the run before any GPU opened (its own copy, after fork). */
static struct {
    const struct experiment *e;
    const struct sweep *s;
    const struct gpu_ops *ops;
    const struct sentinel *sn;
} kept;

/* A round, as the run asks for it. */
struct request {
    int round;
    size_t n;                    /* positions (s->n), each a struct position after this */
    double now_ms;               /* the run's clock */
    struct budget b;             /* what a configuration may hold */
    double sn_t0_ms, sn_last_ms; /* the sentinel's state */
    size_t sn_n;
    double sn_last_good_gbps;
    int sn_shard, last_config;
};

/* One position of the sweep in the request. */
struct position {
    size_t order;              /* the position measured k-th in the round */
    int finished;              /* by position: its rows are written */
    enum result_status status; /* its earlier rounds' (by position) */
    int batch;
    double roundtrip_us;
};

enum frame_type { FRAME_RESULT = 1, FRAME_READING, FRAME_DONE, FRAME_ERROR };

struct frame {
    uint32_t type;
    uint32_t len; /* of the body */
};

/* FRAME_RESULT's body, then nsamples struct sample. */
struct wire_result {
    size_t i; /* position */
    int measured;
    double from_ms, to_ms;
    struct result r;
};

/* FRAME_READING's body: a sentinel reading with its texts, and the link its first read. */
struct wire_reading {
    struct sentinel_row row;
    char utc[32], status[16], error[600];
    double took_ms, last_ms;
    struct pcie_link link_first;
};

/* FRAME_DONE's body. */
struct wire_done {
    double now_ms;
    int stopped; /* the signal that stopped the round's process, 0: none */
    size_t host_buffers_reused;
};

/* Write all of buf[0..n) to fd; a socket by send, so a gone reader is -1, not SIGPIPE. */
static int put_all(int fd, const void *buf, size_t n, int sock)
{
    const char *p = buf;
    while (n) {
        ssize_t w = sock ? send(fd, p, n, MSG_NOSIGNAL) : write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int write_all(int fd, const void *buf, size_t n)
{
    return put_all(fd, buf, n, 0);
}

static int send_all(int sock, const void *buf, size_t n)
{
    return put_all(sock, buf, n, 1);
}

/* Read all of buf[0..n) from fd: 1, 0 at the end, -1 when it ends within; EINTR goes on. */
static int read_all(int fd, void *buf, size_t n, void (*on_eintr)(void *), void *ctx)
{
    char *p = buf;
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, p + got, n - got);
        if (r < 0 && errno == EINTR) {
            if (on_eintr)
                on_eintr(ctx);
            continue;
        }
        if (r <= 0)
            return got ? -1 : 0;
        got += (size_t)r;
    }
    return 1;
}

static int send_frame(int fd, enum frame_type type, const void *a, size_t na, const void *b,
                      size_t nb)
{
    struct frame h = {(uint32_t)type, (uint32_t)(na + nb)};
    return write_all(fd, &h, sizeof(h)) < 0 || write_all(fd, a, na) < 0 ||
                   (nb && write_all(fd, b, nb) < 0)
               ? -1
               : 0;
}

/* ---- A round's process ---- */

/* sentinel.forward in a round's process: the reading sent on, with what it took. */
struct child {
    int fd;
    struct wire_reading pending;
    int has_pending;
};

static int keep_reading(void *ctx, const struct sentinel_row *row)
{
    struct child *ch = ctx;
    struct wire_reading *w = &ch->pending;
    memset(w, 0, sizeof(*w));
    w->row = *row;
    snprintf(w->utc, sizeof(w->utc), "%s", row->utc ? row->utc : "");
    snprintf(w->status, sizeof(w->status), "%s", row->status ? row->status : "");
    snprintf(w->error, sizeof(w->error), "%s", row->error ? row->error : "");
    ch->has_pending = 1;
    return 0;
}

/* The reading just taken (if one was), sent with its time and the sentinel's state. */
static int send_reading(struct child *ch, const struct sentinel *sn, double took_ms)
{
    if (!ch->has_pending)
        return 0;
    ch->has_pending = 0;
    ch->pending.took_ms = took_ms;
    ch->pending.last_ms = sn->last_ms;
    ch->pending.link_first = sn->link_first;
    return send_frame(ch->fd, FRAME_READING, &ch->pending, sizeof(ch->pending), NULL, 0);
}

/* Measure position i of the round in l and send it. */
static int child_measure(struct child *ch, struct run_loop *l, const struct request *rq,
                         const struct position *pos, size_t i)
{
    struct wire_result w = {.i = i};
    struct result earlier = {.config = &l->s->configs[i],
                             .status = pos[i].status,
                             .batch = pos[i].batch,
                             .roundtrip_us = pos[i].roundtrip_us};
    w.from_ms = timer_read(l->clock);
    w.measured = step_config(l, i, rq->round, rq->round > 1 ? &earlier : NULL, &w.r);
    w.to_ms = timer_read(l->clock);
    int rc = send_frame(ch->fd, FRAME_RESULT, &w, sizeof(w), w.r.samples,
                        w.r.nsamples * sizeof(*w.r.samples));
    result_free(&w.r);
    return rc;
}

/* The round's configurations in its order, each after a sentinel reading when one is due. */
static int child_round(struct child *ch, struct run_loop *l, const struct request *rq,
                       const struct position *pos)
{
    for (size_t k = 0; k < rq->n && !stop_requested(); k++) {
        size_t i = pos[k].order;
        if (pos[i].finished)
            continue;
        double ticking = timer_read(l->clock);
        if (sentinel_tick(l->sn, &l->gpus->mc[0], 0, l->last_config, rq->round, l->reason,
                          l->reason_len) < 0 ||
            send_reading(ch, l->sn, timer_read(l->clock) - ticking) < 0 ||
            child_measure(ch, l, rq, pos, i) < 0)
            return -1;
        l->last_config = l->s->configs[i].index;
    }
    return 0;
}

/* Say why on the pipe and end. */
static void child_fail(int fd, const char *why)
{
    send_frame(fd, FRAME_ERROR, why, strlen(why) + 1, NULL, 0);
    _exit(1);
}

/* The run's sentinel as it stands (rq), its readings sent on through ch. */
static void child_sentinel(struct sentinel *sn, const struct request *rq, const char *bus_id,
                           struct child *ch)
{
    sn->t0_ms = rq->sn_t0_ms;
    sn->last_ms = rq->sn_last_ms;
    sn->n = rq->sn_n;
    sn->last_good_gbps = rq->sn_last_good_gbps;
    sn->shard = rq->sn_shard;
    sn->bus_id = bus_id;
    sn->forward = keep_reading;
    sn->forward_ctx = ch;
}

/* A round's process: open the GPU, measure the round, send it, end.  Never returns. */
static void child_main(int fd, const struct request *rq, const struct position *pos)
{
    char err[1024], num[16];
    struct timer_clock clock = {0};
    struct run_gpus g;
    struct sentinel sn = *kept.sn;
    struct child ch = {.fd = fd};
    struct run_loop l = {.e = kept.e,
                         .s = kept.s,
                         .gpus = &g,
                         .sn = &sn,
                         .clock = &clock,
                         .reason = err,
                         .reason_len = sizeof(err),
                         .b = rq->b,
                         .last_config = rq->last_config};
    snprintf(num, sizeof(num), "%d", rq->round);
    setenv("PINSWEEP_PROCESS", num, 1);
    stop_catch_signals();
    stop_catch_forwarded(SIGUSR1);
    sigset_t usr1;
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    sigprocmask(SIG_UNBLOCK, &usr1, NULL); /* a stop sent on before now is taken here */
    if (gpus_open(kept.ops, &clock, kept.e, &g, err, sizeof(err)) < 0)
        child_fail(fd, err);
    timer_catch_up(&clock, rq->now_ms);
    rounds_round_opts(&kept.e->measure, &l.per_round);
    child_sentinel(&sn, rq, g.info[0].pci_bus_id, &ch);
    unsigned char *finished = malloc(rq->n ? rq->n : 1);
    if (!finished)
        child_fail(fd, "out of memory");
    for (size_t i = 0; i < rq->n; i++)
        finished[i] = (unsigned char)pos[i].finished;
    gpus_keep_buffers(&g, kept.s, &l.b, finished);
    if (child_round(&ch, &l, rq, pos) < 0)
        child_fail(fd, err);
    struct wire_done d = {.now_ms = timer_read(&clock), .stopped = stop_requested()};
    d.host_buffers_reused = gpus_release_buffers(&g);
    gpus_close(kept.ops, &g);
    _exit(send_frame(fd, FRAME_DONE, &d, sizeof(d), NULL, 0) < 0 ? 1 : 0);
}

/* ---- The starter ---- */

/* Receive a request and the pipe's end beside it; 1, 0 when the run has gone, -1 on error. */
static int receive_request(int sock, struct request *rq, struct position **pos, int *fd)
{
    char cbuf[CMSG_SPACE(sizeof(int))];
    struct iovec iov = {rq, sizeof(*rq)};
    struct msghdr msg = {
        .msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf, .msg_controllen = sizeof(cbuf)};
    ssize_t got;
    do
        got = recvmsg(sock, &msg, 0);
    while (got < 0 && errno == EINTR);
    struct cmsghdr *cm = got > 0 ? CMSG_FIRSTHDR(&msg) : NULL;
    if (got <= 0 || !cm || cm->cmsg_type != SCM_RIGHTS)
        return got == 0 ? 0 : -1;
    memcpy(fd, CMSG_DATA(cm), sizeof(int));
    if ((size_t)got < sizeof(*rq) &&
        read_all(sock, (char *)rq + got, sizeof(*rq) - (size_t)got, NULL, NULL) != 1)
        return -1;
    *pos = malloc((rq->n ? rq->n : 1) * sizeof(**pos));
    return *pos && read_all(sock, *pos, rq->n * sizeof(**pos), NULL, NULL) == 1 ? 1 : -1;
}

/* The starter: a round's process per request, its pid and then its wait status back. */
static void starter_main(int sock)
{
    sigset_t usr1;
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    signal(SIGINT, SIG_IGN); /* the run decides; a round's process catches its own */
    signal(SIGTERM, SIG_IGN);
    sigprocmask(SIG_BLOCK, &usr1, NULL); /* held until a round's process can take it */
    for (;;) {
        struct request rq;
        struct position *pos = NULL;
        int fd = -1, status = 0;
        if (receive_request(sock, &rq, &pos, &fd) <= 0)
            _exit(0);
        pid_t pid = fork();
        if (pid == 0) {
            close(sock);
            child_main(fd, &rq, pos);
        }
        close(fd);
        free(pos);
        if (write_all(sock, &pid, sizeof(pid)) < 0)
            _exit(1);
        while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
        if (pid < 0)
            status = -1;
        if (write_all(sock, &status, sizeof(status)) < 0)
            _exit(1);
    }
}

/* ---- The run's side ---- */

/* A round in progress, as the run follows it. */
struct following {
    struct fresh *f;
    struct run_loop *l;
    int round;
    pid_t pid;
    int forwarded;    /* the run's stop sent on to the round's process */
    size_t sent, due; /* configurations received, and to be measured */
    int done;         /* FRAME_DONE came */
    char error[600];  /* FRAME_ERROR's text */
};

/* A read interrupted: a stop the run alone was asked for goes on to the round's process. */
static void on_interrupt(void *ctx)
{
    struct following *fw = ctx;
    if (stop_requested() && !fw->forwarded && fw->pid > 0) {
        kill(fw->pid, SIGUSR1);
        fw->forwarded = 1;
    }
}

/* Send round's request and the pipe's write end to the starter. */
static int send_request(struct fresh *f, const struct request *rq, const struct position *pos,
                        int fd)
{
    char cbuf[CMSG_SPACE(sizeof(int))];
    memset(cbuf, 0, sizeof(cbuf));
    struct iovec iov = {(void *)rq, sizeof(*rq)};
    struct msghdr msg = {
        .msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf, .msg_controllen = sizeof(cbuf)};
    struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);
    cm->cmsg_level = SOL_SOCKET;
    cm->cmsg_type = SCM_RIGHTS;
    cm->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(cm), &fd, sizeof(int));
    ssize_t sent;
    do
        sent = sendmsg(f->sock, &msg, MSG_NOSIGNAL);
    while (sent < 0 && errno == EINTR);
    if (sent < 0)
        return -1;
    if ((size_t)sent < sizeof(*rq) &&
        send_all(f->sock, (const char *)rq + sent, sizeof(*rq) - (size_t)sent) < 0)
        return -1;
    return send_all(f->sock, pos, rq->n * sizeof(*pos));
}

/* The request of round in l: the clock, the budget, the sentinel, each position's state. */
static struct position *make_request(struct run_loop *l, int round, const size_t *order,
                                     struct request *rq)
{
    const struct sentinel *sn = l->sn;
    *rq = (struct request){.round = round,
                           .n = l->s->n,
                           .now_ms = timer_read(l->clock),
                           .b = l->b,
                           .sn_t0_ms = sn->t0_ms,
                           .sn_last_ms = sn->last_ms,
                           .sn_n = sn->n,
                           .sn_last_good_gbps = sn->last_good_gbps,
                           .sn_shard = sn->shard,
                           .last_config = l->last_config};
    struct position *pos = malloc((rq->n ? rq->n : 1) * sizeof(*pos));
    for (size_t i = 0; pos && i < rq->n; i++)
        pos[i] = (struct position){.order = order[i],
                                   .finished = step_done_in_round(l, i, round),
                                   .status = l->acc[i].status,
                                   .batch = l->acc[i].batch,
                                   .roundtrip_us = l->acc[i].roundtrip_us};
    return pos;
}

/* A result frame of len bytes: merged as the run's own (step_take).  -1: not recorded. */
static int take_result(struct following *fw, int fd, size_t len)
{
    struct run_loop *l = fw->l;
    struct wire_result w;
    if (len < sizeof(w) || read_all(fd, &w, sizeof(w), on_interrupt, fw) != 1)
        return 1; /* cut short: the process died writing it */
    size_t n = (len - sizeof(w)) / sizeof(struct sample);
    if (w.i >= l->s->n || l->finished[w.i] || w.r.nsamples != n) {
        snprintf(l->reason, l->reason_len, "round %d's process sent a result that is not one",
                 fw->round);
        return -1;
    }
    w.r.config = &l->s->configs[w.i];
    w.r.samples = malloc((n ? n : 1) * sizeof(struct sample));
    if (!w.r.samples) {
        snprintf(l->reason, l->reason_len, "out of memory");
        return -1;
    }
    if (read_all(fd, w.r.samples, n * sizeof(struct sample), on_interrupt, fw) != 1) {
        result_free(&w.r);
        return 1;
    }
    timer_catch_up(l->clock, w.to_ms);
    progress_begin(&l->pr, w.r.config);
    fw->sent++;
    return step_take(l, w.i, fw->round, w.measured, &w.r, w.from_ms, w.to_ms) < 0 ? -1 : 0;
}

/* A reading frame: recorded as the run's own.  -1: not recorded. */
static int take_reading(struct following *fw, const struct wire_reading *w)
{
    struct run_loop *l = fw->l;
    struct sentinel_row row = w->row;
    row.utc = w->utc;
    row.status = w->status;
    row.error = w->error;
    timer_catch_up(l->clock, w->last_ms + w->took_ms);
    l->mt->sentinel_ms += w->took_ms;
    l->sn->last_ms = w->last_ms;
    if (!l->sn->link_first.known)
        l->sn->link_first = w->link_first;
    return sentinel_record(l->sn, &row, l->reason, l->reason_len);
}

/* One frame from the round's process: 0, 1 at the end of the pipe, -1 when not recorded. */
static int take_frame(struct following *fw, int fd)
{
    struct frame h;
    union {
        struct wire_reading reading;
        struct wire_done done;
        char error[600];
    } body;
    int got = read_all(fd, &h, sizeof(h), on_interrupt, fw);
    if (got != 1)
        return 1;
    if (h.type == FRAME_RESULT)
        return take_result(fw, fd, h.len);
    if (h.len > sizeof(body) || read_all(fd, &body, h.len, on_interrupt, fw) != 1)
        return 1;
    if (h.type == FRAME_READING && h.len == sizeof(body.reading))
        return take_reading(fw, &body.reading);
    if (h.type == FRAME_DONE && h.len == sizeof(body.done)) {
        timer_catch_up(fw->l->clock, body.done.now_ms);
        fw->l->mt->host_buffers_reused += body.done.host_buffers_reused;
        stop_note(body.done.stopped);
        fw->done = 1;
    } else if (h.type == FRAME_ERROR && h.len > 0) {
        snprintf(fw->error, sizeof(fw->error), "%.*s", (int)h.len - 1, body.error);
    }
    return 0;
}

/* How the round's process ended, when not well ("was killed by signal 9 (Killed)"), into buf. */
static const char *ending(const struct following *fw, int status, char *buf, size_t n)
{
    if (status == -1)
        snprintf(buf, n, "could not be started (fork)");
    else if (status == -2)
        snprintf(buf, n, "ended unseen (the process that starts the rounds is gone)");
    else if (WIFSIGNALED(status))
        snprintf(buf, n, "was killed by signal %d (%s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
        snprintf(buf, n, "exited with status %d%s%s", WEXITSTATUS(status), *fw->error ? ": " : "",
                 fw->error);
    else if (!fw->done)
        snprintf(buf, n, "ended without finishing the round");
    else
        return NULL;
    return buf;
}

/* The round's process ended: say how, unless well.  -1: the starter is gone. */
static int judge_ending(struct following *fw)
{
    struct fresh *f = fw->f;
    int status = 0;
    char how[800];
    if (read_all(f->sock, &status, sizeof(status), NULL, NULL) != 1)
        status = -2;
    if (!ending(fw, status, how, sizeof(how)))
        return 0;
    f->failures++;
    snprintf(f->last_failure, sizeof(f->last_failure), "round %d's %s", fw->round, how);
    progress_finish(&fw->l->pr);
    fprintf(stderr,
            "pinsweep: round %d's process %s after sending %zu of its %zu configurations; "
            "those it did not send keep their other rounds\n",
            fw->round, how, fw->sent, fw->due);
    return 0;
}

int fresh_round(struct fresh *f, struct run_loop *l, int round, const size_t *order)
{
    struct request rq;
    struct following fw = {.f = f, .l = l, .round = round};
    int p[2] = {-1, -1}, rc = 0;
    struct position *pos = make_request(l, round, order, &rq);
    for (size_t i = 0; i < l->s->n; i++)
        fw.due += !step_done_in_round(l, i, round);
    if (!pos || pipe2(p, O_CLOEXEC) < 0 || send_request(f, &rq, pos, p[1]) < 0 ||
        read_all(f->sock, &fw.pid, sizeof(fw.pid), NULL, NULL) != 1) {
        snprintf(l->reason, l->reason_len, "round %d: its process cannot be started: %s", round,
                 pos ? strerror(errno) : "out of memory");
        free(pos);
        if (p[0] >= 0)
            close(p[0]), close(p[1]);
        return -1;
    }
    free(pos);
    close(p[1]);
    int per_config = l->per_round.samples ? l->per_round.samples : l->per_round.min_samples;
    progress_start(&l->pr, l->pr.mode, stderr, l->s, per_config + l->e->measure.warmup, l->clock);
    for (size_t k = 0; k < l->s->n; k++)
        if (step_done_in_round(l, order[k], round))
            progress_end(&l->pr, &l->s->configs[order[k]],
                         !l->finished[order[k]] ? "round done before"
                         : round == 1           ? "done before"
                                                : "done");
    while ((rc = take_frame(&fw, p[0])) == 0)
        ;
    if (rc < 0 && fw.pid > 0)
        kill(fw.pid, SIGKILL); /* the run stops: what it would send is not recorded */
    close(p[0]);
    judge_ending(&fw);
    progress_finish(&l->pr);
    if (rc < 0)
        fprintf(stderr,
                "pinsweep: %s\npinsweep: the run stops: round %d is not recorded (every "
                "configuration finished before it is kept)\n",
                l->reason, round);
    return rc < 0 ? -1 : 0;
}

int fresh_write_missed(struct fresh *f, struct run_loop *l)
{
    for (size_t i = 0; i < l->s->n; i++) {
        if (l->finished[i])
            continue;
        struct result *r = &l->acc[i];
        if (!r->config) { /* no round measured it */
            memset(r, 0, sizeof(*r));
            r->config = &l->s->configs[i];
            r->status = RESULT_ERROR;
            snprintf(r->error, sizeof(r->error),
                     "not measured: every round's process ended before it (the last: %.500s)",
                     f->last_failure);
        }
        if (step_write(l, i) < 0)
            return -1;
    }
    return 0;
}

int fresh_start(struct fresh *f, const struct experiment *e, const struct sweep *s,
                const struct gpu_ops *ops, const struct sentinel *sn, char *err, size_t errlen)
{
    int sv[2];
    memset(f, 0, sizeof(*f));
    f->sock = -1;
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
        snprintf(err, errlen, "process_per_round: socketpair: %s", strerror(errno));
        return -1;
    }
    kept.e = e;
    kept.s = s;
    kept.ops = ops;
    kept.sn = sn;
    fflush(stdout); /* nothing buffered is written twice */
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        close(sv[0]);
        starter_main(sv[1]);
    }
    close(sv[1]);
    if (pid < 0) {
        snprintf(err, errlen, "process_per_round: fork: %s", strerror(errno));
        close(sv[0]);
        return -1;
    }
    f->starter = pid;
    f->sock = sv[0];
    return 0;
}

void fresh_stop(struct fresh *f)
{
    if (!f || !f->starter)
        return;
    close(f->sock); /* the starter reads the end and leaves */
    while (waitpid(f->starter, NULL, 0) < 0 && errno == EINTR)
        ;
    f->starter = 0;
    f->sock = -1;
}

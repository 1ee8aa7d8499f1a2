/*
 * main.c - the command line: the table of commands, their handlers, and main().
 *
 * The only file that decides exit codes (see enum exit_code in run/exitcode.h).
 * Options and usage text are in options.c.
 */
#include "analysis/breakeven.h"
#include "engine/engines.h"
#include "experiment/budget.h"
#include "analysis/compare.h"
#include "experiment/experiment.h"
#include "analysis/fit.h"
#include "analysis/fleet.h"
#include "figures/fig_fleet.h"
#include "cli/check.h"
#include "cli/doctor.h"
#include "cli/options.h"
#include "cli/plan.h"
#include "cli/plan_gpus.h"
#include "figures/plot.h"
#include "figures/fig_machines.h"
#include "report/report.h"
#include "run/run.h"
#include "results/merge.h"
#include "results/meta_doc.h"
#include "results/results.h"
#include "experiment/schema.h"
#include "experiment/shard.h"
#include "experiment/sweep.h"
#include "host/sysinfo.h"
#include "base/shellquote.h"
#include "base/units.h"
#include "base/version.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A usage error (see options_usage_error): returns EXIT_USAGE. */
static int usage_error(const char *fmt, const char *arg)
{
    options_usage_error(fmt, arg);
    return EXIT_USAGE;
}

/* The pinned cap of e (and --max-pinned), and a sentence for it; -1 after a usage error. */
static int pinned_cap(const struct experiment *e, const struct cli *c, uint64_t *cap, char *text,
                      size_t n)
{
    char err[400], a[32], b[32], share[32] = "";
    uint64_t ram = sysinfo_ram_bytes();
    if (budget_cap(&e->limits, c->max_pinned, ram, cap, err, sizeof(err)) < 0) {
        fprintf(stderr, "pinsweep: %s\n", err);
        return -1;
    }
    size_t len = c->max_pinned ? strlen(c->max_pinned) : 0;
    if (len && c->max_pinned[len - 1] == '%')
        snprintf(share, sizeof(share), "%s", c->max_pinned);
    else if (!c->max_pinned && e->limits.max_pinned_pct > 0)
        snprintf(share, sizeof(share), "%g%%", e->limits.max_pinned_pct);
    units_format_approx(*cap, a, sizeof(a));
    if (*share)
        snprintf(text, n, "%s (%s of %s of RAM)", a, share, units_format_approx(ram, b, sizeof(b)));
    else
        snprintf(text, n, "%s", a);
    return 0;
}

/* An experiment file loaded, expanded, ordered and its pinned cap worked out. */
struct loaded {
    struct experiment e;
    struct sweep s;
    uint64_t cap;
    char cap_text[160];
};

/* --shard I/N: only that shard's configurations stay in l->s; -1 when out of memory. */
static int keep_shard(struct loaded *l, const struct cli *c)
{
    double cost_s, total_s;
    size_t all = l->s.n;
    if (shard_keep(&l->s, &l->e.measure, c->shard_index, c->shard_count, &cost_s, &total_s) < 0) {
        fprintf(stderr, "pinsweep: out of memory cutting the sweep into shards\n");
        return -1;
    }
    fprintf(stderr,
            "pinsweep: shard %d/%d: %zu of %zu configurations, about %.0f%% of the expected "
            "time\n",
            c->shard_index, c->shard_count, l->s.n, all, total_s > 0 ? 100 * cost_s / total_s : 0);
    return 0;
}

/* Load path into l; prints every problem. Returns 0 or an exit code (l then holds nothing). */
static int load(const char *path, const struct cli *c, struct loaded *l)
{
    struct diag d;
    struct experiment *e = &l->e;
    int rc = experiment_load(path, c->max_file_bytes, e, stderr);
    memset(&l->s, 0, sizeof(l->s));
    if (rc == -1)
        fprintf(stderr, "pinsweep: %s has errors; nothing was run\n", path);
    if (rc < 0)
        return EXIT_USAGE;
    rc = EXIT_USAGE;
    if (c->device >= 0) { /* -d N: that one GPU, whatever the file lists */
        e->device = e->devices[0] = c->device;
        e->ndevices = 1;
        e->devices_all = e->gpus_together = 0;
    }
    if ((e->measure.shuffled || e->measure.rounds > 1) && !e->measure.seed_given && c->choose_seed)
        e->measure.seed =
            (int)((unsigned long)time(NULL) ^ ((unsigned long)getpid() << 16)) & 0x7fffffff;
    diag_init(&d, path, e->text, e->text_len, stderr);
    int expanded = sweep_expand(e, &l->s, &d, c->max_configs);
    diag_flush(&d);
    if (expanded < 0) {
        fprintf(stderr, "pinsweep: %s has errors; nothing was run\n", path);
        goto fail;
    }
    int shuffle_now = e->measure.shuffled && (e->measure.seed_given || c->choose_seed);
    if (shuffle_now && sweep_shuffle(&l->s, (unsigned long)e->measure.seed) < 0) {
        fprintf(stderr, "pinsweep: out of memory shuffling the configurations\n");
        rc = EXIT_SYSTEM;
        goto fail;
    }
    if (pinned_cap(e, c, &l->cap, l->cap_text, sizeof(l->cap_text)) < 0)
        goto fail;
    if (c->shard_count && keep_shard(l, c) < 0) {
        rc = EXIT_SYSTEM;
        goto fail;
    }
    return 0;
fail:
    sweep_free(&l->s);
    experiment_free(e);
    return rc;
}

static void loaded_free(struct loaded *l)
{
    sweep_free(&l->s);
    experiment_free(&l->e);
}

static int cmd_plan(int argc, char **argv, struct cli *c)
{
    struct loaded l;
    if (argc != 1)
        return usage_error("plan takes one experiment file%s", argc ? ", not several" : "");
    int rc = load(argv[0], c, &l);
    if (rc)
        return rc;
    plan_print(stdout, &l.e, &l.s, l.cap, l.cap_text);
    char err[512];
    const struct gpu_ops *ops = engine_find(getenv("PINSWEEP_ENGINE"), err, sizeof(err));
    if ((l.e.devices_all || l.e.ndevices > 1) && ops) { /* unknown: no topology; run says why */
        int opened = plan_print_gpus(stdout, ops, &l.e);
        if (l.e.devices_all && l.e.gpus_together && opened > 1) /* a list's: plan_print */
            plan_print_together(stdout, &l.s, l.cap, opened);
    }
    loaded_free(&l);
    return EXIT_ALL_OK;
}

/* The scripts: $PINSWEEP_PLOTS, else ../plots beside the binary, else ./plots. */
static const char *plots_dir(void)
{
    static char buf[PATH_MAX];
    const char *env = getenv("PINSWEEP_PLOTS");
    struct stat st;
    if (env && *env)
        return env;
    ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 16);
    if (n > 0) {
        buf[n] = '\0';
        char *slash = strrchr(buf, '/');
        if (slash) {
            strcpy(slash, "/../plots");
            if (stat(buf, &st) == 0 && S_ISDIR(st.st_mode))
                return buf;
        }
    }
    return "plots";
}

/*
 * --resume DIR: the shard DIR holds (its meta.yaml's run.shard) is the run's,
 * given or not; another --shard, or one for a folder of the whole sweep, is
 * refused.  A meta.yaml that cannot be read is left to the resume itself to
 * report.  Returns 0 or EXIT_USAGE.
 */
static int resume_shard(struct cli *c)
{
    struct meta_doc d;
    char path[4200], err[1024], asked[32];
    int index = 0, count = 0, rc = EXIT_USAGE;
    snprintf(path, sizeof(path), "%s/meta.yaml", c->resume_dir);
    if (meta_read(path, &d, err, sizeof(err)) < 0)
        return 0;
    const char *shard = meta_get(&d, "run.shard");
    snprintf(asked, sizeof(asked), "%d/%d", c->shard_index, c->shard_count);
    if (shard && shard_parse(shard, &index, &count, err, sizeof(err)) < 0)
        fprintf(stderr, "pinsweep: --resume: %s says run.shard: %s, which is not a shard I/N\n",
                path, shard);
    else if (c->shard_count && !count)
        fprintf(stderr,
                "pinsweep: --resume: %s holds the whole sweep (its meta.yaml has no run.shard), "
                "and --shard asks for shard %s; leave --shard out to go on with the whole sweep\n",
                c->resume_dir, asked);
    else if (c->shard_count && (index != c->shard_index || count != c->shard_count))
        fprintf(stderr,
                "pinsweep: --resume: %s holds shard %s (its meta.yaml's run.shard), and --shard "
                "asks for shard %s; leave --shard out (or give --shard %s) to go on with shard "
                "%s\n",
                c->resume_dir, shard, asked, shard, shard);
    else {
        if (count && !c->shard_count)
            fprintf(stderr, "pinsweep: --resume: %s holds shard %s (its meta.yaml's run.shard)\n",
                    c->resume_dir, shard);
        c->shard_index = index;
        c->shard_count = count;
        rc = 0;
    }
    meta_doc_free(&d);
    return rc;
}

/* Is word --NAME or --NAME=... for a NAME that is a prefix of long (as getopt_long takes it)? */
static int is_long(const char *word, const char *name, int *with_value)
{
    if (strncmp(word, "--", 2) != 0 || !word[2])
        return 0;
    size_t len = strcspn(word + 2, "=");
    *with_value = word[2 + len] == '=';
    return strncmp(word + 2, name, len) == 0;
}

/*
 * The words of the command that goes on with this run: the command line as
 * given without -o and --resume (the caller adds --resume DIR), and --shard
 * I/N when the folder gave it (shard_text).  Pointers into c->argv; the
 * array is malloc'd (NULL when out of memory), *n its length.
 */
static const char **resume_words(const struct cli *c, int shard_given, const char *shard_text,
                                 int *n)
{
    const char **w = malloc(((size_t)c->argc + 2) * sizeof(*w));
    int k = 0, operands = 0, v;
    if (!w)
        return NULL;
    for (int i = 0; i < c->argc; i++) {
        const char *a = c->argv[i];
        if (i < 2 || operands || a[0] != '-') {
            w[k++] = a;
            continue;
        }
        if (strcmp(a, "--") == 0)
            operands = 1;
        if (strcmp(a, "-o") == 0)
            i++;
        else if (is_long(a, "output", &v) || is_long(a, "resume", &v))
            i += !v;
        else if (strncmp(a, "-o", 2) != 0)
            w[k++] = a;
    }
    if (!shard_given && shard_text[0]) {
        w[k++] = "--shard";
        w[k++] = shard_text;
    }
    *n = k;
    return w;
}

static int cmd_run(int argc, char **argv, struct cli *c)
{
    struct loaded l;
    char shard_text[32] = "";
    int shard_given = c->shard_count != 0, nwords = 0;
    if (argc != 1)
        return usage_error("run takes one experiment file%s", argc ? ", not several" : "");
    if (c->resume_dir && c->out_dir)
        return usage_error("--resume %s names the folder already: leave -o out", c->resume_dir);
    if (c->resume_dir && resume_shard(c) != 0)
        return EXIT_USAGE;
    if (c->shard_count)
        snprintf(shard_text, sizeof(shard_text), "%d/%d", c->shard_index, c->shard_count);
    c->choose_seed = 1;
    int rc = load(argv[0], c, &l);
    if (rc)
        return rc;
    char *cmdline = shell_join(c->argc, (const char *const *)c->argv);
    const char **words = resume_words(c, shard_given, shard_text, &nwords);
    struct run_opts o = {.engine = getenv("PINSWEEP_ENGINE"),
                         .out_dir = c->out_dir,
                         .plots_dir = plots_dir(),
                         .pinned_cap = l.cap,
                         .command_line = cmdline,
                         .resume_words = words,
                         .nresume_words = words ? nwords : 0,
                         .progress = c->progress,
                         .plot = c->plot,
                         .latex = c->latex,
                         .resume_dir = c->resume_dir,
                         .shard_index = c->shard_index,
                         .shard_count = c->shard_count};
    if (o.progress == PROGRESS_OFF && isatty(STDERR_FILENO))
        o.progress = PROGRESS_TTY;
    rc = run_experiment(&l.e, &l.s, &o);
    loaded_free(&l);
    free(cmdline);
    free(words);
    return rc;
}

/*
 * plot DIR: fits.csv, breakeven.csv and figures/ rewritten in DIR.  plot DIR
 * -o OUT: DIR's inputs copied into OUT (new or empty) and those written
 * there; DIR is only read.
 */
static int cmd_plot(int argc, char **argv, struct cli *c)
{
    if (argc != 1)
        return usage_error("plot takes one results folder%s", argc ? ", not several" : "");
    char err[1024];
    const char *dir = argv[0];
    if (c->out_dir) {
        int copied = results_copy(argv[0], c->out_dir, err, sizeof(err));
        if (copied < 0) {
            fprintf(stderr, "pinsweep: plot: %s\n", err);
            return copied == RESULTS_EUSAGE ? EXIT_USAGE : EXIT_SYSTEM;
        }
        dir = c->out_dir;
    }
    int rc = fit_results(dir, stdout, err, sizeof(err));
    if (rc >= 0)
        rc = breakeven_write(dir, stdout, err, sizeof(err));
    if (rc < 0) {
        fprintf(stderr, "pinsweep: %s\n", err);
        return rc == FIT_EINPUT ? EXIT_USAGE : EXIT_SYSTEM;
    }
    struct plot_opts po = {.latex = c->latex, .paper = c->paper};
    rc = plot_results_opts(dir, plots_dir(), stderr, &po);
    if (rc == PLOT_OK)
        return EXIT_ALL_OK;
    return rc == PLOT_EBAD_SUMMARY ? EXIT_USAGE : EXIT_SYSTEM;
}

/* The label --label gave dir, or NULL. */
/* Do a and b name the same folder, trailing slashes aside? */
static int same_dir(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    while (la > 1 && a[la - 1] == '/')
        la--;
    while (lb > 1 && b[lb - 1] == '/')
        lb--;
    return la == lb && strncmp(a, b, la) == 0;
}

/* The NAME that --label NAME=DIR gives dir (the caller frees it), or NULL. */
static const char *label_for(const struct cli *c, const char *dir)
{
    for (int i = 0; i < c->nlabels; i++) {
        const char *eq = strchr(c->labels[i], '=');
        if (same_dir(eq + 1, dir))
            return strndup(c->labels[i], (size_t)(eq - c->labels[i]));
    }
    return NULL;
}

/* --label NAME=DIR must name one of the folders given. */
static int check_labels(const struct cli *c, const struct compare_input *in, int n)
{
    for (int i = 0; i < c->nlabels; i++) {
        const char *dir = strchr(c->labels[i], '=') + 1;
        int found = 0;
        for (int j = 0; j < n && !found; j++)
            found = same_dir(dir, in[j].dir);
        if (!found) {
            usage_error("--label names '%s', which is not one of the folders given", dir);
            return -1;
        }
    }
    return 0;
}

static char *default_out(const char *what)
{
    char stamp[32], *dir = NULL;
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
    if (mkdir("results", 0777) < 0 && errno != EEXIST)
        return NULL;
    if (asprintf(&dir, "results/%s", what) < 0)
        return NULL;
    if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
        free(dir);
        return NULL;
    }
    free(dir);
    if (asprintf(&dir, "results/%s/%s", what, stamp) < 0)
        return NULL;
    return dir;
}

static int cmd_compare_report(const char *cmd, int argc, char **argv, const struct cli *c)
{
    int is_compare = strcmp(cmd, "compare") == 0, rc;
    if (argc < (is_compare ? 2 : 1))
        return usage_error(is_compare ? "compare takes two or more results folders%s"
                                      : "report takes one or more results folders%s",
                           "");
    struct compare_input *in = calloc((size_t)argc, sizeof(*in));
    char *out = c->out_dir ? strdup(c->out_dir) : default_out(cmd);
    if (!in || !out) {
        free(in);
        free(out);
        fprintf(stderr, "pinsweep: cannot create the output folder under results/\n");
        return EXIT_SYSTEM;
    }
    for (int i = 0; i < argc; i++) {
        in[i].dir = argv[i];
        in[i].label = label_for(c, argv[i]);
    }
    if (check_labels(c, in, argc) < 0) {
        rc = EXIT_USAGE;
        goto out;
    }
    if (is_compare) {
        rc = compare_run(in, (size_t)argc, out, stdout, stderr);
        if (rc == 0) {
            struct plot_opts po = {.latex = c->latex, .paper = c->paper};
            plot_compare_opts(out, plots_dir(), stderr, &po);
            fprintf(stderr, "pinsweep: comparison in %s (compare.md, compare.csv)\n", out);
        }
    } else {
        struct report_opts ro = {.latex = c->latex, .paper = c->paper, .scripts_dir = plots_dir()};
        rc = report_run(in, (size_t)argc, out, &ro, stderr);
    }
    rc = rc == 0 ? EXIT_ALL_OK : rc == -1 ? EXIT_USAGE : EXIT_SYSTEM;
out:
    for (int i = 0; i < argc; i++)
        free((void *)in[i].label);
    free(in);
    free(out);
    return rc;
}

static int cmd_compare(int argc, char **argv, struct cli *c)
{
    return cmd_compare_report("compare", argc, argv, c);
}

static int cmd_report(int argc, char **argv, struct cli *c)
{
    return cmd_compare_report("report", argc, argv, c);
}

/*
 * merge DIR... -o OUT: the shards of one experiment as one results folder,
 * then its fits, break-even and figures as `plot` makes them.
 */
static int cmd_merge(int argc, char **argv, struct cli *c)
{
    char err[1024];
    if (argc < 1)
        return usage_error("merge takes one or more results folders%s", "");
    if (!c->out_dir)
        return usage_error("merge needs -o OUT, the folder to write%s", "");
    struct merge_opts mo = {.different_machines = c->different_machines};
    int rc = results_merge((const char *const *)argv, (size_t)argc, c->out_dir, &mo, stderr);
    if (rc < 0)
        return rc == RESULTS_EUSAGE ? EXIT_USAGE : EXIT_SYSTEM;
    if (fit_results(c->out_dir, stdout, err, sizeof(err)) < 0 ||
        breakeven_write(c->out_dir, stdout, err, sizeof(err)) < 0) {
        fprintf(stderr, "pinsweep: %s\n", err);
        return EXIT_SYSTEM;
    }
    if (c->plot) {
        struct plot_opts po = {.latex = c->latex};
        plot_results_opts(c->out_dir, plots_dir(), stderr, &po);
    }
    return rc == MERGE_INCOMPLETE ? EXIT_SOME_FAILED : EXIT_ALL_OK;
}

/* check: the node's health against an expectation; exit 0 healthy, 1 unhealthy. */
static int cmd_check(int argc, char **argv, struct cli *c)
{
    if (argc)
        return usage_error("check takes no operands, not '%s'", argv[0]);
    struct check_opts o = {.engine = getenv("PINSWEEP_ENGINE"),
                           .device = c->device,
                           .expect = c->expects,
                           .nexpect = c->nexpects,
                           .json_path = c->json_path,
                           .prom_path = c->prom_path};
    return check_node(&o);
}

/* doctor: the link measured and the likely causes of what falls short; exit 0 nothing found. */
static int cmd_doctor(int argc, char **argv, struct cli *c)
{
    if (argc)
        return usage_error("doctor takes no operands, not '%s'", argv[0]);
    struct doctor_opts o = {
        .engine = getenv("PINSWEEP_ENGINE"), .device = c->device, .json_path = c->json_path};
    return doctor_node(&o);
}

/* fleet DIR...: nodes' folders against the fleet's median and spread; exit 1 when some are
 * flagged. */
static int cmd_fleet(int argc, char **argv, struct cli *c)
{
    int rc = fleet_run((const char *const *)argv, (size_t)argc, c->out_dir, c->json_path, stdout,
                       stderr, NULL);
    if (rc == -2 && argc < FLEET_MIN_NODES)
        return usage_error("fleet takes three or more results folders, one per node%s", "");
    if (rc == -2) /* too few of them alike: said */
        return EXIT_USAGE;
    if (rc >= 0 && c->out_dir && c->plot) {
        struct plot_opts po = {.latex = c->latex};
        if (plot_fleet(c->out_dir, plots_dir(), stderr, &po) != PLOT_OK)
            return EXIT_SYSTEM;
    }
    return rc < 0 ? EXIT_SYSTEM : rc;
}

static int cmd_help(int argc, char **argv, struct cli *c);

static int cmd_version(int argc, char **argv, struct cli *c)
{
    (void)c;
    if (argc)
        return usage_error("version takes no arguments, not '%s'", argv[0]);
    printf("pinsweep %s (%s)\n", pinsweep_version, pinsweep_git_rev);
    return EXIT_ALL_OK;
}

#define RUN_OPTIONS                                                                                \
    (OPT_BIT(OPT_OUTPUT) | OPT_BIT(OPT_DEVICE) | OPT_BIT(OPT_NO_PLOT) | OPT_BIT(OPT_PROGRESS) |    \
     OPT_BIT(OPT_MAX_CONFIGS) | OPT_BIT(OPT_RESUME) | OPT_BIT(OPT_MAX_PINNED) |                    \
     OPT_BIT(OPT_MAX_FILE_SIZE) | OPT_BIT(OPT_LATEX) | OPT_BIT(OPT_SHARD))

/* Every command: usage and `help` list them in this order. */
static const struct command commands[] = {
    {"plan", "FILE",
     "print the configurations FILE expands to (needs no GPU); over\n"
     "several GPUs, also where each sits in the PCIe tree and what\n"
     "they share, where they can be opened",
     OPT_BIT(OPT_MAX_CONFIGS) | OPT_BIT(OPT_MAX_PINNED) | OPT_BIT(OPT_MAX_FILE_SIZE) |
         OPT_BIT(OPT_SHARD),
     cmd_plan},
    {"run", "FILE", "measure every configuration on the GPU and write a results folder",
     RUN_OPTIONS, cmd_run},
    {"merge", "DIR...",
     "combine the shards of one experiment (run --shard I/N) into\n"
     "one results folder, OUT; names configurations missing or in\n"
     "two shards (exit 1: some are missing)",
     OPT_BIT(OPT_OUTPUT) | OPT_BIT(OPT_DIFFERENT_MACHINES) | OPT_BIT(OPT_NO_PLOT) |
         OPT_BIT(OPT_LATEX),
     cmd_merge},
    {"check", "",
     "a health check of this node's GPUs in seconds each: the PCIe\n"
     "link during a copy against its maximum, pinned h2d, d2h and\n"
     "bidir bandwidth, small-copy latency, pageable h2d, against\n"
     "--expect, else pinned bandwidth against the link's healthy\n"
     "floor; a low reading is measured once more before it fails;\n"
     "one ERROR line per failed check on stdout (exit 1); exit 2\n"
     "when nothing could be judged; busy, not judged (exit 4),\n"
     "when another process used a GPU or its link, or another\n"
     "check runs",
     OPT_BIT(OPT_DEVICE) | OPT_BIT(OPT_EXPECT) | OPT_BIT(OPT_JSON) | OPT_BIT(OPT_PROM), cmd_check},
    {"doctor", "",
     "measure each GPU's link (pinned h2d, d2h, bidir; pageable h2d;\n"
     "pinned h2d from each NUMA node; the host's memcpy) and rank the\n"
     "likely causes of what falls short of the link's practical\n"
     "ceiling, each with its evidence and what to do; exit 0 nothing\n"
     "found, 1 causes found or a reading short unexplained",
     OPT_BIT(OPT_DEVICE) | OPT_BIT(OPT_JSON), cmd_doctor},
    {"fleet", "DIR DIR DIR...",
     "nodes' results folders against the fleet itself: per\n"
     "configuration the median and a robust spread (MAD), each node's\n"
     "outliers and links below their maximum (exit 1: some flagged);\n"
     "-o OUT writes fleet.csv and figures/fleet.png (each node\n"
     "against the fleet's median and band)",
     OPT_BIT(OPT_OUTPUT) | OPT_BIT(OPT_JSON) | OPT_BIT(OPT_NO_PLOT) | OPT_BIT(OPT_LATEX),
     cmd_fleet},
    {"plot", "DIR",
     "fit latency and bandwidth (fits.csv), work out break-even\n"
     "(breakeven.csv) and render the figures of a results folder:\n"
     "in DIR itself, rewriting those files there, or with -o OUT into\n"
     "OUT, a new results folder (DIR is then left as it was)",
     OPT_BIT(OPT_OUTPUT) | OPT_BIT(OPT_LATEX) | OPT_BIT(OPT_PAPER), cmd_plot},
    {"compare", "DIR DIR...",
     "results folders side by side (the first is the baseline):\n"
     "compare.csv, machines.csv, compare.md and figures",
     OPT_BIT(OPT_OUTPUT) | OPT_BIT(OPT_LABEL) | OPT_BIT(OPT_LATEX) | OPT_BIT(OPT_PAPER),
     cmd_compare},
    {"report", "DIR...",
     "report.md with the machines, tables and figures, each\n"
     "numbered and captioned, and figures.pdf, a page a figure",
     OPT_BIT(OPT_OUTPUT) | OPT_BIT(OPT_LABEL) | OPT_BIT(OPT_LATEX) | OPT_BIT(OPT_PAPER),
     cmd_report},
    {"help", "[CMD]",
     "the experiment-file reference; with CMD, that command's usage\n"
     "and options (also pinsweep CMD --help, or -h)",
     OPT_BIT(OPT_MARKDOWN), cmd_help},
    {"version", "", "print the version", 0, cmd_version},
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

/* help: the usage and the experiment-file reference, or one command's usage. */
static int cmd_help(int argc, char **argv, struct cli *c)
{
    if (argc > 1)
        return usage_error("help takes one command at most, not '%s' as well", argv[1]);
    if (argc == 1) {
        const struct command *cmd = options_find_command(commands, NCOMMANDS, argv[0]);
        if (!cmd) {
            options_unknown_command(commands, NCOMMANDS, argv[0]);
            return EXIT_USAGE;
        }
        if (c->markdown)
            return usage_error("--markdown is for the experiment-file reference, not the usage "
                               "of %s",
                               argv[0]);
        options_print_command(stdout, cmd);
        return EXIT_ALL_OK;
    }
    if (!c->markdown)
        options_print_usage(stdout, commands, NCOMMANDS);
    schema_print_reference(stdout, c->markdown);
    return EXIT_ALL_OK;
}

int main(int argc, char **argv)
{
    struct cli c = {
        .device = -1, .plot = 1, .max_configs = SWEEP_MAX_CONFIGS, .argc = argc, .argv = argv};
    if (argc < 2) {
        options_print_usage(stderr, commands, NCOMMANDS);
        return EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--version") == 0)
        name = "version";
    if (strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0)
        name = "help";
    const struct command *cmd = options_find_command(commands, NCOMMANDS, name);
    if (!cmd) {
        options_unknown_command(commands, NCOMMANDS, name);
        return EXIT_USAGE;
    }
    int first = options_parse(cmd, argc - 1, argv + 1, &c);
    if (first == OPTIONS_HELP) {
        options_print_command(stdout, cmd);
        return EXIT_ALL_OK;
    }
    if (first < 0)
        return EXIT_USAGE;
    return cmd->handler(argc - 1 - first, argv + 1 + first, &c);
}

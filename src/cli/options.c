/*
 * options.c - the option table, parsing options against what a command
 * takes, and the usage text that both tables make.
 */
#include "cli/options.h"
#include "base/units.h"
#include "experiment/shard.h"
#include "base/termsafe.h"
#include "base/suggest.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

const struct option_def options_table[OPT_COUNT] = {
    [OPT_OUTPUT] = {"output", 'o', "DIR",
                    "write into DIR (run: default results/<name>/<host>-<time>,\n"
                    "never a folder holding results; plot: a new or empty folder,\n"
                    "default the folder plotted itself; compare, report: default\n"
                    "results/compare/<time>, results/report/<time>)"},
    [OPT_DEVICE] = {"device", 'd', "N", "measure GPU N instead of the experiment's device"},
    [OPT_NO_PLOT] = {"no-plot", 0, NULL, "do not render figures at the end"},
    [OPT_PROGRESS] = {"progress", 0, NULL,
                      "one progress line per configuration (for logs); on a\n"
                      "terminal progress is shown in place without it"},
    [OPT_MAX_CONFIGS] = {"max-configs", 0, "N", "refuse sweeps larger than N (default 100000)"},
    [OPT_RESUME] = {"resume", 0, "DIR",
                    "go on with the interrupted run in DIR, skipping the\n"
                    "configurations (and rounds) it finished; the experiment file must\n"
                    "be the same, and a shard's folder keeps its shard"},
    [OPT_MAX_PINNED] = {"max-pinned", 0, "SIZE|PCT",
                        "the most page-locked memory one configuration\n"
                        "may hold (16GiB, or 25% of RAM), overriding limits.max_pinned"},
    [OPT_MAX_FILE_SIZE] = {"max-file-size", 0, "SIZE",
                           "refuse experiment files larger than SIZE\n"
                           "(default 1MiB)"},
    [OPT_LABEL] = {"label", 0, "NAME=DIR",
                   "call folder DIR NAME (default: GPU, PCIe\n"
                   "link and hostname from its meta.yaml)"},
    [OPT_LATEX] = {"latex", 0, NULL,
                   "also write figures with gnuplot's cairolatex\n"
                   "terminal (NAME.tex), so a paper sets their text in its own fonts;\n"
                   "report also writes its tables as LaTeX (booktabs) beside them;\n"
                   "every figure is then drawn for a paper, as with --paper"},
    [OPT_PAPER] = {"paper", 0, NULL,
                   "draw every figure for a paper: 3.33 in wide (one column)\n"
                   "with one panel, 7 in (two columns) with more, 8 pt text, no title\n"
                   "and no notes inside it (they belong in the caption)"},
    [OPT_MARKDOWN] = {"markdown", 0, NULL,
                      "print the reference as markdown (docs/experiment-files.md's)"},
    [OPT_SHARD] = {"shard", 0, "I/N",
                   "only shard I of N (1 <= I <= N): a deterministic Nth\n"
                   "of the configurations, balanced by expected time"},
    [OPT_DIFFERENT_MACHINES] = {"different-machines", 0, NULL,
                                "merge shards measured on different machines\n"
                                "(hostname or GPU differ) instead of refusing them"},
    [OPT_EXPECT] = {"expect", 0, "SRC",
                    "what a healthy node reads: a results folder of a good\n"
                    "node, a folder of nodes' results folders (their median), or\n"
                    "NAME=VALUE,... (h2d, d2h, bidir, pageable GB/s; latency us);\n"
                    "repeatable, the first that has a check wins"},
    [OPT_JSON] = {"json", 0, "FILE", "also write the verdict as JSON to FILE (- for stdout)"},
    [OPT_PROM] = {"prom", 0, "FILE",
                  "also write the readings in the Prometheus text format to\n"
                  "FILE (through FILE.tmp.PID), for node_exporter's textfile collector"},
};

/* getopt_long's code for an option without a short name: above every char. */
#define LONG_ONLY 256

/* Usage lines start their text in this column; longer heads push it right. */
#define TEXT_COLUMN 21

void options_usage_error(const char *fmt, const char *arg)
{
    char text[1024];
    snprintf(text, sizeof(text), fmt, arg);
    fprintf(stderr, "pinsweep: ");
    termsafe_fputs(text, stderr);
    fprintf(stderr, "\n(run 'pinsweep help' for the commands and options)\n");
}

static int parse_count(const char *opt, const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (end == text || *end || errno || v < min || v > max) {
        fprintf(stderr, "pinsweep: %s takes a whole number from %ld to %ld, not '%s'\n", opt, min,
                max, text);
        return -1;
    }
    *out = v;
    return 0;
}

/* Store option id's value (optarg) in c; -1 after reporting a bad value. */
static int apply_option(enum option_id id, const char *arg, struct cli *c)
{
    long v;
    switch (id) {
    case OPT_OUTPUT:
        c->out_dir = arg;
        break;
    case OPT_DEVICE:
        if (parse_count("--device", arg, 0, 1024, &v) < 0)
            return -1;
        c->device = (int)v;
        break;
    case OPT_NO_PLOT:
        c->plot = 0;
        break;
    case OPT_PROGRESS:
        c->progress = PROGRESS_LINES;
        break;
    case OPT_MAX_CONFIGS:
        if (parse_count("--max-configs", arg, 1, LONG_MAX, &v) < 0)
            return -1;
        c->max_configs = (size_t)v;
        break;
    case OPT_RESUME:
        c->resume_dir = arg;
        break;
    case OPT_MAX_PINNED:
        c->max_pinned = arg;
        break;
    case OPT_MAX_FILE_SIZE: {
        uint64_t bytes;
        char err[200];
        if (units_parse_size(arg, &bytes, err, sizeof(err)) < 0 || bytes == 0 ||
            bytes > ((uint64_t)1 << 30)) {
            options_usage_error(
                "--max-file-size takes a size from 1 byte to 1GiB, such as 4MiB, not '%s'", arg);
            return -1;
        }
        c->max_file_bytes = (size_t)bytes;
        break;
    }
    case OPT_LABEL:
        if (!strchr(arg, '=') || arg[0] == '=' || c->nlabels == 64) {
            options_usage_error("--label takes NAME=DIR, such as --label 'old box=results/a', "
                                "not '%s'",
                                arg);
            return -1;
        }
        c->labels[c->nlabels++] = arg;
        break;
    case OPT_LATEX:
        c->latex = 1;
        break;
    case OPT_PAPER:
        c->paper = 1;
        break;
    case OPT_MARKDOWN:
        c->markdown = 1;
        break;
    case OPT_SHARD: {
        char err[200];
        if (shard_parse(arg, &c->shard_index, &c->shard_count, err, sizeof(err)) < 0) {
            options_usage_error("%s", err);
            return -1;
        }
        break;
    }
    case OPT_DIFFERENT_MACHINES:
        c->different_machines = 1;
        break;
    case OPT_EXPECT:
        if (c->nexpects == 16) {
            options_usage_error("--expect is taken at most 16 times, not again with '%s'", arg);
            return -1;
        }
        c->expects[c->nexpects++] = arg;
        break;
    case OPT_JSON:
        c->json_path = arg;
        break;
    case OPT_PROM:
        c->prom_path = arg;
        break;
    case OPT_COUNT:
        break;
    }
    return 0;
}

/* "plan takes --max-configs, --max-pinned", or "version takes no options". */
static void print_taken(FILE *out, const struct command *cmd)
{
    const char *sep = " ";
    fprintf(out, "%s takes", cmd->name);
    for (int i = 0; i < OPT_COUNT; i++) {
        if (cmd->options & OPT_BIT(i)) {
            fprintf(out, "%s--%s", sep, options_table[i].name);
            sep = ", ";
        }
    }
    fprintf(out, "%s\n", cmd->options ? "" : " no options");
}

/* The option as it was written: "--latex", or "-o" when its short name was used. */
static void not_taken(const struct command *cmd, enum option_id id, int long_form)
{
    fprintf(stderr, "pinsweep %s: option '", cmd->name);
    if (long_form || !options_table[id].short_name)
        fprintf(stderr, "--%s", options_table[id].name);
    else
        fprintf(stderr, "-%c", options_table[id].short_name);
    fprintf(stderr, "' is not taken by %s; ", cmd->name);
    print_taken(stderr, cmd);
}

/* The code getopt_long returns for option i. */
static int option_code(int i)
{
    return options_table[i].short_name ? options_table[i].short_name : LONG_ONLY + i;
}

int options_parse(const struct command *cmd, int argc, char **argv, struct cli *c)
{
    struct option longopts[OPT_COUNT + 2];
    char shortopts[2 * OPT_COUNT + 3] = ":h";
    for (int i = 0; i < OPT_COUNT; i++) {
        const struct option_def *o = &options_table[i];
        longopts[i] = (struct option){o->name, o->value_name ? required_argument : no_argument,
                                      NULL, option_code(i)};
        if (o->short_name)
            snprintf(shortopts + strlen(shortopts), 3, "%c%s", o->short_name,
                     o->value_name ? ":" : "");
    }
    longopts[OPT_COUNT] = (struct option){"help", no_argument, NULL, 'h'};
    longopts[OPT_COUNT + 1] = (struct option){NULL, 0, NULL, 0};
    opterr = 0;
    optind = 1;
    for (;;) {
        int longindex = -1, code = getopt_long(argc, argv, shortopts, longopts, &longindex);
        if (code == -1)
            return optind;
        if (code == 'h')
            return OPTIONS_HELP;
        if (code == ':') {
            options_usage_error("option '%s' needs a value", argv[optind - 1]);
            return -1;
        }
        int id = 0;
        while (id < OPT_COUNT && option_code(id) != code)
            id++;
        if (id == OPT_COUNT) {
            options_usage_error("unknown option '%s'", argv[optind - 1]);
            return -1;
        }
        if (!(cmd->options & OPT_BIT(id))) {
            not_taken(cmd, (enum option_id)id, longindex >= 0);
            return -1;
        }
        if (apply_option((enum option_id)id, optarg, c) < 0)
            return -1;
    }
}

const struct command *options_find_command(const struct command *cmds, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(cmds[i].name, name) == 0)
            return &cmds[i];
    return NULL;
}

void options_unknown_command(const struct command *cmds, size_t n, const char *name)
{
    const char *names[16];
    size_t k = 0;
    for (; k < n && k < 15; k++)
        names[k] = cmds[k].name;
    names[k] = NULL;
    const char *hint = suggest_word(name, names);
    fprintf(stderr, "pinsweep: unknown command '%s'", name);
    if (hint)
        fprintf(stderr, " (did you mean '%s'?)", hint);
    for (size_t i = 0; i < k; i++)
        fprintf(stderr, "%s%s", i ? ", " : "; commands: ", names[i]);
    fprintf(stderr, "\n(run 'pinsweep help' for the commands and options)\n");
}

/*
 * "  HEAD  text": head padded to the text column (at least gap spaces
 * after it), then text with each further line indented to that column.
 */
static void print_item(FILE *out, const char *head, int gap, const char *prefix, const char *text)
{
    int len = fprintf(out, "  %s", head);
    fprintf(out, "%*s%s", len + gap < TEXT_COLUMN ? TEXT_COLUMN - len : gap, "", prefix);
    for (const char *p = text; *p; p++) {
        fputc(*p, out);
        if (*p == '\n')
            fprintf(out, "%*s", TEXT_COLUMN, "");
    }
    fputc('\n', out);
}

/* "-o, --output DIR" or "    --latex", as the option list heads each line. */
static void option_head(const struct option_def *o, char *buf, size_t n)
{
    int len = o->short_name ? snprintf(buf, n, "-%c, --%s", o->short_name, o->name)
                            : snprintf(buf, n, "    --%s", o->name);
    if (o->value_name && len >= 0 && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len, " %s", o->value_name);
}

/* "run, compare, report: ", the commands that take option id. */
static void takers(const struct command *cmds, size_t n, int id, char *buf, size_t size)
{
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++)
        if (cmds[i].options & OPT_BIT(id))
            snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", buf[0] ? ", " : "",
                     cmds[i].name);
    snprintf(buf + strlen(buf), size - strlen(buf), ": ");
}

void options_print_usage(FILE *out, const struct command *cmds, size_t n)
{
    char head[64], prefix[128];
    fprintf(out, "usage: pinsweep COMMAND [OPTIONS] [ARGS]\n\ncommands:\n");
    for (size_t i = 0; i < n; i++) {
        snprintf(head, sizeof(head), "%s%s%s", cmds[i].name, cmds[i].args[0] ? " " : "",
                 cmds[i].args);
        print_item(out, head, 1, "", cmds[i].summary);
    }
    fprintf(out, "\noptions:\n");
    for (int i = 0; i < OPT_COUNT; i++) {
        option_head(&options_table[i], head, sizeof(head));
        takers(cmds, n, i, prefix, sizeof(prefix));
        print_item(out, head, 2, prefix, options_table[i].help);
    }
    fprintf(out,
            "\n"
            "exit codes: 0 all configurations ok (some may be skipped); 1 some configurations\n"
            "failed; 2 usage or experiment-file error; 3 no usable GPU/driver or other system\n"
            "error; 4 check: busy, not judged; 130/143 interrupted by SIGINT/SIGTERM\n"
            "(finished configurations are kept)\n");
}

void options_print_command(FILE *out, const struct command *cmd)
{
    char head[64];
    fprintf(out, "usage: pinsweep %s%s%s%s\n\n%s\n", cmd->name, cmd->options ? " [OPTIONS]" : "",
            cmd->args[0] ? " " : "", cmd->args, cmd->summary);
    if (!cmd->options)
        return;
    fprintf(out, "\noptions:\n");
    for (int i = 0; i < OPT_COUNT; i++) {
        if (cmd->options & OPT_BIT(i)) {
            option_head(&options_table[i], head, sizeof(head));
            print_item(out, head, 2, "", options_table[i].help);
        }
    }
}

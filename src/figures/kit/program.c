/*
 * program.c - finding and running programs (see program.h).
 */
#include "figures/kit/program.h"
#include "figures/kit/program.h"
#include "results/problems.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define PLOT_MAX_STDERR 65536 /* bytes of a program's stderr kept */

int plot_program_available(const char *prog)
{
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        size_t n = strcspn(path, ":");
        char file[4096];
        struct stat st;
        snprintf(file, sizeof(file), "%.*s/%s", (int)(n ? n : 1), n ? path : ".", prog);
        if (stat(file, &st) == 0 && S_ISREG(st.st_mode) && access(file, X_OK) == 0)
            return 1;
        path += n + (path[n] == ':');
    }
    return 0;
}

int plot_gnuplot_available(void)
{
    return plot_program_available("gnuplot");
}
/* Read all of fd into buf (at most cap - 1 bytes kept, the rest drained); NUL-terminated. */
static void read_all(int fd, char *buf, size_t cap)
{
    size_t len = 0;
    char sink[4096];
    for (;;) {
        char *dst = len + 1 < cap ? buf + len : sink;
        size_t room = len + 1 < cap ? cap - 1 - len : sizeof(sink);
        ssize_t n = read(fd, dst, room);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        if (dst == buf + len)
            len += (size_t)n;
    }
    buf[len] = '\0';
}

/* Strip line breaks and spaces from both ends of s, in place. */
static void trim(char *s)
{
    size_t start = strspn(s, "\n\r "), len = strlen(s);
    while (len > start && strchr("\n\r ", s[len - 1]))
        len--;
    memmove(s, s + start, len - start);
    s[len - start] = '\0';
}

/*
 * The environment programs run in: ours, with LC_ALL=C.UTF-8.  The figures'
 * text is UTF-8 (the scripts say `set encoding utf8`), and under the POSIX
 * locale a bare container starts in gnuplot warns "iconv failed to convert
 * degree sign"; a fixed locale also keeps a user's decimal comma out of the
 * numbers gnuplot reads and writes.  The caller frees the array only.
 */
static char **program_environ(void)
{
    size_t n = 0, k = 0;
    while (environ[n])
        n++;
    char **env = malloc((n + 2) * sizeof(*env));
    if (!env)
        return NULL;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "LC_ALL=", 7) != 0)
            env[k++] = environ[i];
    env[k++] = "LC_ALL=C.UTF-8";
    env[k] = NULL;
    return env;
}

/* Spawn argv with stdin and stdout on /dev/null and stderr into a pipe. */
static int spawn_program(char *const argv[], pid_t *pid, int *err_fd)
{
    int fds[2];
    posix_spawn_file_actions_t fa;
    char **env = program_environ();
    if (!env)
        return ENOMEM;
    if (pipe(fds) < 0) {
        free(env);
        return errno;
    }
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
    posix_spawn_file_actions_addclose(&fa, fds[0]);
    posix_spawn_file_actions_addclose(&fa, fds[1]);
    int e = posix_spawnp(pid, argv[0], &fa, NULL, argv, env);
    posix_spawn_file_actions_destroy(&fa);
    free(env);
    close(fds[1]);
    if (e != 0)
        close(fds[0]);
    else
        *err_fd = fds[0];
    return e;
}

/* Say how a program ended, with what it wrote to stderr; returns 0 or PLOT_EGNUPLOT. */
static int report_exit(const char *prog, const char *what, int status, const char *err_text,
                       FILE *log)
{
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        if (err_text[0])
            log_line(log, "%s warned on %s:\n%s", prog, what, err_text);
        return 0;
    }
    if (WIFEXITED(status))
        log_line(log, "%s failed on %s (exit status %d):", prog, what, WEXITSTATUS(status));
    else
        log_line(log, "%s failed on %s (killed by signal %d):", prog, what,
                 WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    log_line(log, "%s", err_text);
    return PLOT_EGNUPLOT;
}

int plot_run_program(char *const argv[], const char *what, FILE *log)
{
    char *err_text = malloc(PLOT_MAX_STDERR);
    int err_fd = -1, status = 0, rc;
    pid_t pid;
    if (!err_text) {
        log_line(log, "cannot run %s: out of memory", argv[0]);
        return PLOT_EGNUPLOT;
    }
    int e = spawn_program(argv, &pid, &err_fd);
    if (e != 0) {
        log_line(log, "cannot run %s: %s", argv[0], strerror(e));
        free(err_text);
        return e == ENOENT ? PLOT_ENO_GNUPLOT : PLOT_EGNUPLOT;
    }
    read_all(err_fd, err_text, PLOT_MAX_STDERR);
    close(err_fd);
    trim(err_text);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    rc = report_exit(argv[0], what, status, err_text, log);
    free(err_text);
    return rc;
}

/*
 * fuzz_experiment.c - libFuzzer target for the experiment loader and sweep
 * expansion: any bytes must give a clean error or a plan, never a crash, a
 * leak or undefined behaviour.  Built and run by `make fuzz` (clang, with
 * ASan and UBSan); inputs that once failed live in tests/fuzz/regressions/
 * and are replayed by `make test`.  Built with -DFUZZ_STANDALONE (by `make
 * test`, with the C compiler) it gets a main() that feeds it the files named
 * on its command line, so the target keeps compiling where clang is not.
 */
#include "experiment/experiment.h"
#include "cli/plan.h"
#include "experiment/sweep.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    struct experiment e;
    struct sweep s;
    struct diag d;
    if (!sink)
        sink = fopen("/dev/null", "w");
    if (experiment_parse("fuzz.yaml", (const char *)data, size, &e, sink) != 0)
        return 0;
    diag_init(&d, "fuzz.yaml", e.text, e.text_len, sink);
    if (sweep_expand(&e, &s, &d, 20000) == 0)
        plan_print(sink, &e, &s, UINT64_MAX, "unlimited (fuzzing)");
    sweep_free(&s);
    experiment_free(&e);
    return 0;
}

#ifdef FUZZ_STANDALONE
#include <stdlib.h>

/* Feed every file named on the command line to the target; 1 when one cannot be read. */
int main(int argc, char **argv)
{
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        unsigned char *buf = f ? malloc(1 << 20) : NULL;
        size_t n = buf ? fread(buf, 1, 1 << 20, f) : 0;
        if (!f || !buf || ferror(f)) {
            fprintf(stderr, "fuzz_experiment: cannot read %s\n", argv[i]);
            rc = 1;
        } else {
            LLVMFuzzerTestOneInput(buf, n);
        }
        free(buf);
        if (f)
            fclose(f);
    }
    return rc;
}
#endif

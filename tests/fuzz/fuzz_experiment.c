/*
 * fuzz_experiment.c - libFuzzer target for the experiment loader and sweep
 * expansion: any bytes must give a clean error or a plan, never a crash, a
 * leak or undefined behaviour.  Built and run by `make fuzz` (clang, with
 * ASan and UBSan); inputs that once failed live in tests/fuzz/regressions/
 * and are replayed by `make test`.
 */
#include "experiment.h"
#include "plan.h"
#include "sweep.h"

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
        plan_print(sink, &e, &s);
    sweep_free(&s);
    experiment_free(&e);
    return 0;
}

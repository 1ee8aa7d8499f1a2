/*
 * test_hoststate.c - the host's state (host/hoststate.h) from the doctor's
 * fixture trees (tests/fixtures/doctor/), sysfs and procfs given apart
 * (hoststate_read_at): cpu0's governor, the selected THP mode, the load
 * average; and the warnings it gives.
 */
#include "check.h"
#include "host/hoststate.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define FIX "tests/fixtures/doctor/"

static void test_read(void)
{
    struct host_state st = {0};
    hoststate_read_at(FIX "healthy/sys", FIX "healthy/proc", &st);
    CHECK_STR("healthy: governor", st.governor, "performance");
    CHECK_STR("healthy: THP, the one in brackets", st.thp, "madvise");
    CHECK("healthy: the load average", st.valid && st.load1 == 0.10, "%d %g", st.valid, st.load1);
    hoststate_read_at(FIX "governor/sys", FIX "governor/proc", &st);
    CHECK_STR("governor fixture: powersave", st.governor, "powersave");
    hoststate_read_at(FIX "thp/sys", FIX "thp/proc", &st);
    CHECK_STR("thp fixture: never", st.thp, "never");
    hoststate_read_at("tests/fixtures/no-such-sysfs", "tests/fixtures/no-such-proc", &st);
    CHECK("nothing readable: no governor, no THP, load NaN",
          !st.governor[0] && !st.thp[0] && isnan(st.load1), "'%s' '%s' %g", st.governor, st.thp,
          st.load1);
}

static void test_warn(void)
{
    struct host_state st = {0};
    char buf[2048] = "";
    FILE *f = fmemopen(buf, sizeof(buf), "w");
    hoststate_read_at(FIX "governor/sys", FIX "governor/proc", &st);
    int n = f ? hoststate_warn(f, &st, "at the start") : -1;
    if (f)
        fclose(f);
    CHECK("powersave: one warning, naming it", n == 1 && strstr(buf, "governor is 'powersave'"),
          "%d: %s", n, buf);
}

int main(void)
{
    test_read();
    test_warn();
    return check_exit();
}

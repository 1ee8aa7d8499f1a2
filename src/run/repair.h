/*
 * repair.h - repair rounds: after the last round, the configurations
 * measured while the drift sentinel was off (record/drift.h's windows), by
 * more than that round's samples scatter (their rsd), are measured again, one repair round each, while the sentinel reads quiet
 * before and after it, within measure.repair of the rounds' time again.
 * A repair round is clean when the sentinel reads quiet after it and it
 * agrees with the row's clean rounds (record_round_disagrees): a dip
 * between two of the sentinel's readings shows in the repair round alone.
 * One that is not clean is disturbed too, and is tried once more.
 *
 * Their rows are taken out of summary.csv and samples.csv first
 * (results_drop) and written again as each is done: the clean rounds and
 * the repair round make the row (repaired=yes); the disturbed rounds'
 * samples stay in samples.csv with disturbed=yes, out of the summary.  A
 * configuration the budget leaves, or whose repair rounds are not clean,
 * is written from its clean rounds (from all of them when none is clean)
 * with repaired=no; one an interruption leaves is not written: --resume
 * measures it again.  One GPU only; a run over several keeps its rows as
 * measured.
 */
#ifndef PINSWEEP_REPAIR_H
#define PINSWEEP_REPAIR_H

#include "record/drift.h"

struct run_loop;

/*
 * Repair what l's sentinel saw disturbed, rounds_ms after the loop began
 * (the budget is measure.repair_pct of it), reporting into *out (freed by
 * the caller with drift_repair_free).  Returns 0, or -1 when a row cannot be
 * written (l->reason says why).
 */
int repair_run(struct run_loop *l, double rounds_ms, struct drift_repair *out);

#endif

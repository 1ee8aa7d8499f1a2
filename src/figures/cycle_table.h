/*
 * cycle_table.h - the reallocate figures as tables, for a folder whose
 * reallocate rows span too few sizes for lines (tables.h): the phases of a
 * cycle (reallocate-time, alloc-cost), a reused buffer against a cycle
 * (reuse-vs-reallocate) and the copies before a page-locked buffer pays
 * off (breakeven).  Each median with its 95 % interval (analysis/interval.h)
 * where the folder's samples give one; the caption says where they do not.
 */
#ifndef PINSWEEP_CYCLE_TABLE_H
#define PINSWEEP_CYCLE_TABLE_H

#include "figures/input.h"
#include "figures/kit/tabular.h"

/*
 * Each reallocate row's alloc (and of it cudaHostRegister), fill, copy and
 * free ms and the cycle's, into t (tabular_free it, also on failure).  0,
 * or -1 when out of memory.
 */
int cycle_phases_table(const struct plot_input *in, struct tabular *t);

/*
 * Each reallocate row's effective bandwidth (bytes over alloc + fill + copy
 * + free) beside a reused buffer's copy bandwidth at its size, and their
 * ratio, into t.  0, or -1 when out of memory.
 */
int cycle_reuse_table(const struct plot_input *in, struct tabular *t);

/*
 * breakeven.csv's rows: the copies after which a page-locked buffer's
 * alloc + free has paid for itself, with the interval its copies'
 * intervals allow (curve_breakeven_interval), and what it is made of, into
 * t.  0, or -1 when out of memory.
 */
int cycle_breakeven_table(const struct plot_input *in, struct tabular *t);

#endif

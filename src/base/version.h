/*
 * version.h - which pinsweep this is.  The Makefile generates the definitions
 * (build/version.c) from its VERSION and `git rev-parse HEAD`.
 */
#ifndef PINSWEEP_VERSION_H
#define PINSWEEP_VERSION_H

extern const char pinsweep_version[];
extern const char pinsweep_git_rev[]; /* short hash, "-dirty" when the tree had changes */
/* sha256 of the sources and Makefile it was built from, 16 hex digits: tells dirty builds apart */
extern const char pinsweep_source_hash[];

#endif

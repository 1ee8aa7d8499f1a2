/*
 * suggest.c - the edit distance behind every "did you mean ...?" hint.
 */
#include "base/suggest.h"

#include <string.h>
#include <strings.h>

/* Optimal string alignment distance (Levenshtein plus transpositions). */
static int edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64)
        return 1000;
    int d[65][65];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        for (size_t j = 1; j <= lb; j++) {
            int cost = a[i - 1] != b[j - 1];
            int best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (d[i - 1][j - 1] + cost < best)
                best = d[i - 1][j - 1] + cost;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    }
    return d[la][lb];
}

const char *suggest_word(const char *word, const char *const *candidates)
{
    const char *best = NULL;
    int best_d = 1000;
    for (size_t i = 0; candidates[i]; i++)
        if (strcasecmp(word, candidates[i]) == 0)
            return candidates[i]; /* only the case differs */
    for (size_t i = 0; candidates[i]; i++) {
        int dist = edit_distance(word, candidates[i]);
        if (dist < best_d) {
            best_d = dist;
            best = candidates[i];
        }
    }
    /* A third of the word may be wrong, and at least one letter. */
    int limit = (int)strlen(word) / 3;
    if (limit < 1)
        limit = 1;
    return best_d <= limit ? best : NULL;
}

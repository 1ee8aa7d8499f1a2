/*
 * shellquote.c - words joined into a shell command line (see shellquote.h).
 */
#include "base/shellquote.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Does word need no quotes: not empty, and only characters a shell takes as they are? */
static int plain(const char *word)
{
    return word[0] != '\0' && strspn(word, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ"
                                           "KLMNOPQRSTUVWXYZ0123456789-_./=:,+@") == strlen(word);
}

char *shell_join(int argc, const char *const *argv)
{
    size_t len = 1;
    for (int i = 0; i < argc; i++)
        len += 4 * strlen(argv[i]) + 3;
    char *s = malloc(len), *p = s;
    if (!s)
        return NULL;
    for (int i = 0; i < argc; i++) {
        if (i)
            *p++ = ' ';
        if (plain(argv[i])) {
            p += sprintf(p, "%s", argv[i]);
            continue;
        }
        *p++ = '\'';
        for (const char *q = argv[i]; *q; q++)
            p += *q == '\'' ? sprintf(p, "'\\''") : sprintf(p, "%c", *q);
        *p++ = '\'';
    }
    *p = '\0';
    return s;
}

/* macros.h - the input's #define and #undef lines (cpp -dD), to expand
 * macros in the OpenMP directives the host's preprocessor left as
 * written (macros.c).
 */
#ifndef OMPICC_MACROS_H
#define OMPICC_MACROS_H

/* A #define or #undef line of the preprocessed input, in input order. */
void macros_define(const char *line);

/* text with every macro defined at this point expanded, as cpp would
 * (a new string), or NULL when it names none. */
char *macros_expand(const char *text);

#endif

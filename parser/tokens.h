/* tokens.h - the raw tokens of the parser's token layer (parse.c), for
 * the rewrites that work on them (rewrite.c).  Private to the parser.
 */
#ifndef OMPICC_TOKENS_H
#define OMPICC_TOKENS_H

#include "c.tab.h"
#include "omp.h"

/* A token as the scanner gives it: words are IDENTIFIER (keywords and
 * typedef names are told apart when the grammar asks for the token),
 * #pragma lines PRAGMA. */
typedef struct Raw {
  int kind;
  Loc loc;
  size_t start, end; /* byte offsets in the input (scanner mode) */
  const char *text;  /* interned; NULL in a lazy body's pre-scan */
} Raw;

/* The next raw token (from the read-ahead queue first); give one back. */
Raw raw_next(Parser *p);
void raw_unread(Parser *p, Raw r);
/* r[0..n) become the next tokens, before anything already queued. */
void raw_queue_front(Parser *p, const Raw *r, int n);

/* Directive d of pragma line r when its statement is rewritten at the
 * token level (a metadirective decided at run time, tile, unroll): the
 * new tokens are queued and true returned; false leaves d as it is. */
bool rewrite_directive(Parser *p, Raw r, OmpDir *d);

#endif

/* parse.h - the parser's interface: reading a preprocessed file into a
 * TransUnit, and the services the OpenMP directive parser (omp.c) uses to
 * parse the expressions and type names inside clauses.
 *
 * The C grammar is parser/c.y (bison, pure, %locations); the scanner is
 * parser/lexer.l (flex, reentrant).  A #pragma omp line reaches the grammar
 * as one token after omp_parse_directive() has parsed it; the token's kind
 * says whether the directive takes a statement (see omp.h).
 */
#ifndef OMPICC_PARSE_H
#define OMPICC_PARSE_H

#include <stddef.h>
#include <stdio.h>

#include "ast.h"

typedef struct Parser Parser;

/* A token of a #pragma line, as the omp parser sees it. */
typedef struct Token {
  int kind;         /* the grammar's token number (see c.y); a char for
                       single-character punctuators */
  const char *text; /* spelling, interned */
  Loc loc;
} Token;

/* Parse a preprocessed file (cpp's output, with its # N "file" markers).
 * Syntax errors are reported at the user's place and end the process
 * with status 1.  name is used in messages when data is not read from a
 * file (path NULL). */
TransUnit *parse_file(const char *path);
TransUnit *parse_buffer(const char *name, const char *data, size_t len);

/* For omp.c.  Split text (the rest of a #pragma line, which starts at loc)
 * into tokens; identifiers naming a typedef in the current scope come back
 * as typedef-name tokens, exactly as in the C grammar.  Returns Token*. */
Vec parser_tokenize(Parser *p, const char *text, Loc loc);

/* Parse toks[0..n) as one assignment-expression in which OpenMP array
 * sections (a[lo:len], a[:len], a[lo:], a[lo:len:stride]) are allowed as
 * postfix operators.  Errors are fatal at the offending token's place. */
Expr *parser_parse_expr(Parser *p, Token **toks, int n);

/* Parse toks[0..n) as a type-name. */
TypeName *parser_parse_type_name(Parser *p, Token **toks, int n);

/* Is t a word: an identifier, a typedef name or a keyword?  OpenMP uses C
 * keywords as clause words (default, static, auto, for, if, ...). */
const char *token_word(const Token *t);

#endif

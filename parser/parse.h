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

#include <stdbool.h>
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
 * file (path NULL).  Both parse everything (full mode). */
TransUnit *parse_file(const char *path);
TransUnit *parse_buffer(const char *name, const char *data, size_t len);

typedef struct ParseOpts {
  /* Lazy mode: the body of a file-scope function definition with no
   * #pragma omp in it is not parsed but kept as its text (an S_VERBATIM
   * statement, see ast.h); its syntax errors are left to the compiler
   * that compiles the printed file.  The input stays in memory. */
  bool lazy_bodies;
  /* With lazy_bodies: a file-scope declaration that holds no directive
   * and is not in a declare target range is kept as its text (a D_LAZY,
   * see ast.h) until sema looks up a name it declares. */
  bool lazy_decls;
} ParseOpts;

/* parse_file with options (NULL: full mode). */
TransUnit *parse_file_opts(const char *path, const ParseOpts *opts);

/* When funcdef (a D_FUNCDEF) has a verbatim body: parse the body from the
 * kept input, in the scope of the file-scope typedef names at the end of
 * the input and the function's parameters, run sema on the definition
 * (sema_expand_funcdef) and put the tree in place of the text, in the
 * same Decl.  Returns funcdef.  Syntax errors are fatal, as in
 * parse_file.  For passes that need the statements of a function they
 * did not expect to have any OpenMP (the device call graph). */
Decl *parser_expand_body(Decl *funcdef);

/* Expand (parse again, in place, and analyse) every lazy declaration
 * that declares name (interned), in source order; false when none was
 * left.  Sema calls it before each file-scope lookup. */
bool parser_expand_name(const char *name);

/* For omp.c.  Split text (the rest of a #pragma line, which starts at loc)
 * into tokens; identifiers naming a typedef in the current scope come back
 * as typedef-name tokens, exactly as in the C grammar.  Returns Token*,
 * valid until the next call (the parser reuses them). */
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

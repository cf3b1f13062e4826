/* print.h - the printer: the syntax tree (ast.h) back to C source.
 *
 * The output compiles and behaves like the input: keywords and literals
 * are spelled as kept in the tree, parentheses are those of the tree
 * (E_PAREN, DK_PAREN) plus the ones a tree built by a later pass needs
 * where precedence would otherwise change its meaning.  Layout: one
 * statement per line, 2-space indentation, K&R braces, a blank line
 * between functions.
 *
 * With line markers, the output carries cpp's  # N "file"  lines so that
 * every statement and declaration keeps its original file and line.
 */
#ifndef OMPICC_PRINT_H
#define OMPICC_PRINT_H

#include <stdbool.h>
#include <stdio.h>

#include "ast.h"
#include "omp.h"

typedef struct PrintOpts {
  bool line_markers; /* emit # N "file" lines */
  /* Printer only: a line written after each printer_* call that put a
   * marker, where generated code follows the user's (the caller turns it
   * into a marker of the output itself); the next source place then gets
   * a marker of its own. */
  const char *after_source;
} PrintOpts;

/* The whole file, written to out. */
void print_trans_unit(FILE *out, const TransUnit *tu, const PrintOpts *opts);

/* Pieces, appended to b without line markers.  print_stmt and print_decl
 * start with the indentation (2 spaces per level) and end with a newline;
 * the others print inline. */
void print_expr(StrBuf *b, const Expr *e);
void print_type_name(StrBuf *b, const TypeName *t);
void print_declarator(StrBuf *b, const Declarator *d);
void print_stmt(StrBuf *b, const Stmt *s, int indent);
void print_decl(StrBuf *b, const Decl *d, int indent);
void print_decl_specs(StrBuf *b, const DeclSpecs *s);
/* The initializer of an object of type t (NULL: not known); in C++ mode
 * with its designators in the form C++ takes (cxx-init.h). */
void print_init(StrBuf *b, struct Type *t, const Init *init);
/* In C++ mode, whether C++ has a brace list for init, for an object of
 * type t: not when it initializes an anonymous member of a union that is
 * not the union's first (cxx-init.h). */
bool print_init_has_cxx_form(struct Type *t, const Init *init);
/* In C++ mode, whether the automatic object id declares gets its value
 * by assignments after its declaration (which then has no initializer),
 * C++ having no brace list for it; print_init_assignments prints them
 * (" __builtin_memset(&x, 0, sizeof x); x.hi = 7;"), nothing otherwise. */
bool print_init_assigned(const InitDecl *id);
void print_init_assignments(StrBuf *b, const InitDecl *id);
/* C++ mode: before a static object's declaration, the compound literals
 * of its initializer that C++ would make temporaries (an array, one whose
 * address & takes), declared as objects with storage words storage
 * ("static __device__ "), each on a line of its own; print_init then
 * names them.  Nothing in C mode. */
void print_static_literals(StrBuf *b, const Init *init, const char *storage);
/* The C text of an expression, in a new string. */
const char *print_expr_str(const Expr *e);
/* Do a and b print alike, parentheses around them aside (x in x = x + 1)? */
bool print_same_expr(const Expr *a, const Expr *b);
/* "#pragma omp ..." (no newline) as the user could have written it. */
void print_directive(StrBuf *b, const OmpDir *d);

/* A sequence of declarations and statements printed with line markers
 * (for generated files that mix code from several places): the state
 * remembers the file and line the output is at.  Create one per output
 * buffer; it prints into b. */
typedef struct Printer Printer;
Printer *printer_new(StrBuf *b, const PrintOpts *opts);
void printer_decl(Printer *p, const Decl *d, int indent);
void printer_stmt(Printer *p, const Stmt *s, int indent);
/* The body of function definition f (a compound statement). */
void printer_body(Printer *p, const Decl *f, int indent);

/* C++ mode, for the kernel file (codegen-cuda/): C printed so that C++
 * reads it with C's meaning.  Identifiers that are C++ keywords get a
 * trailing "__" (new -> new__); restrict, _Bool, typeof, _Alignas,
 * _Alignof, _Static_assert and __auto_type print as C++ spells them; the
 * conversions C makes implicitly and C++ does not (from void * and other
 * pointer types, to enumerations, a string exactly as long as its
 * character array) are written out; an argument of a C library function
 * (declared in a system header) whose arithmetic type differs from the
 * parameter's is converted to it, as C does and C++'s overloads would
 * not; gcc's __builtin_tgmath (<tgmath.h>) is the call of the function it
 * chooses; designated initializers take the form C++ takes (cxx-init.h);
 * struct, union and enum definitions nested in a struct come before it;
 * an initialized declaration a label follows is split; a block's
 * variable-length arrays and the compound literals whose address is
 * taken become variables C++ can declare; and line markers are #line
 * directives.  Off by default. */
void print_set_cxx(bool on);
/* name as C++ mode prints it (name itself when the mode is off). */
const char *print_cxx_name(const char *name);
/* In C++ mode, the text an identifier expression prints as instead of
 * its name, or NULL for its name (the kernel file calls the device
 * library's abort for C's abort).  NULL: none. */
typedef const char *PrintIdentHook(const Expr *ident);
void print_set_ident_hook(PrintIdentHook *hook);
/* In C++ mode, the device library's type that holds the storage of a
 * variable-length array declared in a block (vla_decl): NULL, the
 * default, for __ompicc_vla_storage (the thread's own frame for a small
 * array); the generic kernels' code gives the shared one for the arrays
 * of a master's serial code that parallel regions use. */
void print_set_vla_storage(const char *type);

/* Mark file (interned or not) as a system header: its line markers get
 * cpp's flag 3, so the host compiler keeps quiet about its code as it
 * does for the original headers.  The scanner calls this for markers
 * that carry flag 3. */
void print_set_system_header(const char *file);
/* The system header that a user file included and through which system
 * header `file` came (file itself when a user file included it); NULL
 * for a file that is not a system header.  The scanner records it from
 * markers that carry flags 1 and 3. */
void print_set_system_root(const char *file, const char *root);
const char *print_system_root(const char *file);

#endif

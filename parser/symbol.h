/* symbol.h - what an identifier denotes: the Symbol that sema (sema.h)
 * binds for each declaration and attaches to the tree (Expr.sym,
 * InitDecl.sym, Param.sym, Decl.sym).  A data type of its own, apart from
 * the pass that fills it, so that the printer and the later stages can
 * read symbols without depending on semantic analysis.
 */
#ifndef OMPICC_SYMBOL_H
#define OMPICC_SYMBOL_H

#include <stdbool.h>

#include "ast.h"
#include "types.h"

#define SYM_KINDS(X)                                                           \
  X(SYM_VAR, "variable") X(SYM_FUNC, "function") X(SYM_TYPEDEF, "typedef")     \
  X(SYM_ENUM_CONST, "enum constant") X(SYM_PARAM, "parameter")                 \
  X(SYM_TAG, "tag")

typedef enum SymKind {
#define X(k, s) k,
  SYM_KINDS(X)
#undef X
} SymKind;

/* Where an object lives (or a function's linkage). */
#define STORAGE_KINDS(X)                                                       \
  X(ST_NONE, "")                /* typedefs, enum constants, tags */           \
  X(ST_GLOBAL, "global")        /* file scope, external linkage */             \
  X(ST_STATIC_GLOBAL, "static global")                                         \
  X(ST_STATIC_LOCAL, "static local")                                           \
  X(ST_LOCAL, "local")          /* automatic */                                \
  X(ST_PARAM, "parameter")                                                     \
  X(ST_EXTERN_LOCAL, "extern local") /* extern declaration in a block */       \
  X(ST_REGISTER, "register")

typedef enum Storage {
#define X(k, s) k,
  STORAGE_KINDS(X)
#undef X
} Storage;

typedef struct Symbol Symbol;
struct Symbol {
  const char *name;   /* interned */
  SymKind kind;
  Storage storage;
  int depth;          /* 0 file scope, 1 parameters, 2+ blocks */
  bool thread_local;  /* _Thread_local / __thread */
  bool defined;       /* functions with a body, objects with an initializer
                         or a tentative definition at file scope */
  bool len_from_init; /* an array whose declared type has no length: its
                         initializer gave it (C11 6.7.9p22) */
  bool auto_type;     /* declared __auto_type: its type is its initializer's */
  Type *ty;           /* tags: the struct/union/enum type */
  InitDecl *idecl;    /* the declaring node: one of idecl, param, decl */
  Param *param;
  Decl *decl;         /* D_FUNCDEF, or the D_VAR of an InitDecl */
  Enumerator *enumerator;
  long long value;    /* SYM_ENUM_CONST */
  struct Record *enumeration; /* SYM_ENUM_CONST: the enumeration it is of
                                 (its type is int, C11 6.4.4.3p2) */
  Loc loc;
  Symbol *shadowed;   /* the binding this one hides (same name space) */
};

#endif

/* ast.h - the syntax tree of C11 + GNU C + OpenMP directives.
 *
 * Four node families: Expr, Stmt, Decl (with DeclSpecs and Declarator kept
 * apart, so a declaration prints back as written) and, in omp.h, OmpDir and
 * OmpClause.  Each node is a kind plus the fields that kind uses, and a Loc
 * with the user's file:line:col (taken from cpp's line markers).
 *
 * The tree keeps what printing back needs: parentheses (E_PAREN, DK_PAREN),
 * the spelling of literals and keywords, attributes and asm text as written.
 * Semantic information (types, symbols) is attached by parser/sema.c in
 * the fields marked "sema"; the parser leaves them NULL.
 *
 * Builders are named after the syntax they make (mk_binary, mk_call, ...);
 * they allocate zeroed nodes, so unused fields are NULL/0.
 */
#ifndef OMPICC_AST_H
#define OMPICC_AST_H

#include <stdbool.h>

#include "diag.h"
#include "util.h"

typedef struct Expr Expr;
typedef struct Stmt Stmt;
typedef struct Decl Decl;
typedef struct Spec Spec;
typedef struct DeclSpecs DeclSpecs;
typedef struct Declarator Declarator;
typedef struct InitDecl InitDecl;
typedef struct Param Param;
typedef struct TypeName TypeName;
typedef struct Init Init;
typedef struct Designator Designator;
typedef struct InitItem InitItem;
typedef struct StructSpec StructSpec;
typedef struct Enumerator Enumerator;
typedef struct GenericAssoc GenericAssoc;
typedef struct TransUnit TransUnit;
typedef struct OmpDir OmpDir;       /* omp.h */
struct Symbol;                      /* symbol.h */
struct Type;                        /* types.h */

/* ---------------------------------------------------------------- operators
 * One enum for every operator token, with its spelling in op_spelling[]. */
#define OP_LIST(X)                                                             \
  X(OP_ADD, "+") X(OP_SUB, "-") X(OP_MUL, "*") X(OP_DIV, "/") X(OP_MOD, "%")   \
  X(OP_SHL, "<<") X(OP_SHR, ">>") X(OP_LT, "<") X(OP_GT, ">") X(OP_LE, "<=")   \
  X(OP_GE, ">=") X(OP_EQ, "==") X(OP_NE, "!=") X(OP_BITAND, "&")               \
  X(OP_BITXOR, "^") X(OP_BITOR, "|") X(OP_LOGAND, "&&") X(OP_LOGOR, "||")      \
  X(OP_COMMA, ",") X(OP_ASSIGN, "=") X(OP_MUL_ASSIGN, "*=")                    \
  X(OP_DIV_ASSIGN, "/=") X(OP_MOD_ASSIGN, "%=") X(OP_ADD_ASSIGN, "+=")         \
  X(OP_SUB_ASSIGN, "-=") X(OP_SHL_ASSIGN, "<<=") X(OP_SHR_ASSIGN, ">>=")       \
  X(OP_AND_ASSIGN, "&=") X(OP_XOR_ASSIGN, "^=") X(OP_OR_ASSIGN, "|=")          \
  X(OP_ADDR, "&") X(OP_DEREF, "*") X(OP_PLUS, "+") X(OP_NEG, "-")              \
  X(OP_BITNOT, "~") X(OP_NOT, "!") X(OP_REAL, "__real__")                      \
  X(OP_IMAG, "__imag__")

typedef enum OpKind {
#define X(k, s) k,
  OP_LIST(X)
#undef X
  OP_COUNT
} OpKind;

extern const char *const op_spelling[OP_COUNT];

/* ---------------------------------------------------------------- expressions */
#define EXPR_KINDS(X)                                                          \
  X(E_IDENT)        /* text; sym (sema) */                                     \
  X(E_INT)          /* text: spelling as written, e.g. "0x10UL" */            \
  X(E_FLOAT)        /* text */                                                 \
  X(E_CHAR)         /* text: 'a', L'x', u8'c' ... */                           \
  X(E_STRING)       /* text: adjacent literals joined by one space */         \
  X(E_PAREN)        /* ( a ) */                                                \
  X(E_INDEX)        /* a [ b ] */                                              \
  X(E_SECTION)      /* OpenMP array section a [ b : c : d ], b c d optional */ \
  X(E_CALL)         /* a ( args ) */                                           \
  X(E_MEMBER)       /* a . text */                                             \
  X(E_ARROW)        /* a -> text */                                            \
  X(E_POSTINC)      /* a ++ */                                                 \
  X(E_POSTDEC)      /* a -- */                                                 \
  X(E_PREINC)       /* ++ a */                                                 \
  X(E_PREDEC)       /* -- a */                                                 \
  X(E_UNARY)        /* op a: & * + - ~ ! __real__ __imag__ */                 \
  X(E_SIZEOF_EXPR)  /* sizeof a   (parentheses, if any, are an E_PAREN) */     \
  X(E_SIZEOF_TYPE)  /* sizeof ( type ) */                                      \
  X(E_ALIGNOF_EXPR) /* text: spelling (_Alignof, __alignof__ ...) a */         \
  X(E_ALIGNOF_TYPE) /* text ( type ) */                                        \
  X(E_CAST)         /* ( type ) a */                                           \
  X(E_BINARY)       /* a op b, including the comma operator */                 \
  X(E_ASSIGN)       /* a op b, op one of the assignment operators */           \
  X(E_COND)         /* a ? b : c;  b NULL for GNU a ?: c */                    \
  X(E_COMPOUND_LIT) /* ( type ) { init } */                                    \
  X(E_GENERIC)      /* _Generic ( a , assocs ) */                              \
  X(E_STMT_EXPR)    /* ( { stmt } ), stmt a compound statement */              \
  X(E_VA_ARG)       /* __builtin_va_arg ( a , type ) */                        \
  X(E_OFFSETOF)     /* text ( type , designator ): args are E_IDENT/E_MEMBER/  \
                       E_INDEX chains rooted at the first member name (a) */    \
  X(E_TYPES_COMPAT) /* __builtin_types_compatible_p ( type , type2 ) */        \
  X(E_BUILTIN_TYPE) /* text ( args... , type ) for other builtins taking a     \
                       type, e.g. __builtin_convertvector; args then type */    \
  X(E_LABEL_ADDR)   /* && text */                                              \
  X(E_EXTENSION)    /* __extension__ a */

typedef enum ExprKind {
#define X(k) k,
  EXPR_KINDS(X)
#undef X
  E_KIND_COUNT
} ExprKind;

extern const char *const expr_kind_name[E_KIND_COUNT];

struct GenericAssoc {
  Loc loc;
  TypeName *type; /* NULL for default */
  Expr *expr;
  bool chosen;    /* sema: the association the controlling type selects */
};

/* Fields every kind may have come first; the rest share a union, so an
 * expression costs what its kind needs (the syntax tree is most of the
 * translator's memory).  Read a union member only for the kinds that own
 * it (expr_union[] says which): for any other kind it is another field. */
typedef enum ExprUnion {
  EU_NONE,
  EU_OPERANDS, /* b, c, d: E_INDEX E_SECTION E_BINARY E_ASSIGN E_COND */
  EU_ARGS,     /* args: E_CALL E_BUILTIN_TYPE */
  EU_ASSOCS,   /* assocs: E_GENERIC */
  EU_INIT,     /* init: E_COMPOUND_LIT */
  EU_STMT,     /* stmt: E_STMT_EXPR */
  EU_SYM,      /* sym: E_IDENT */
} ExprUnion;

extern const unsigned char expr_union[E_KIND_COUNT]; /* ExprUnion by kind */

struct Expr {
  ExprKind kind;
  OpKind op;              /* E_UNARY, E_BINARY, E_ASSIGN */
  Loc loc;
  Expr *a;                /* first operand, see EXPR_KINDS */
  const char *text;       /* names, literal spellings, keyword spellings */
  TypeName *type, *type2; /* casts, sizeof, va_arg, offsetof, ... */
  struct Type *ty;        /* sema: the expression's type */
  union {
    struct {
      Expr *b, *c, *d;    /* EU_OPERANDS: the other operands */
    };
    Vec args;             /* EU_ARGS: E_CALL, E_BUILTIN_TYPE arguments */
    Vec assocs;           /* EU_ASSOCS: GenericAssoc* */
    Init *init;           /* EU_INIT */
    Stmt *stmt;           /* EU_STMT */
    struct Symbol *sym;   /* EU_SYM, sema */
  };
};

/* ---------------------------------------------------------------- initializers */
typedef enum DesigKind { DES_FIELD, DES_INDEX, DES_RANGE } DesigKind;

struct Designator {
  Loc loc;
  DesigKind kind;
  const char *name; /* DES_FIELD: .name */
  Expr *a, *b;      /* DES_INDEX: [a];  DES_RANGE (GNU): [a ... b] */
  bool known;       /* sema: the values of a and b, constant expressions */
  long long first, last; /* ... were evaluated: [first ... last] */
};

struct InitItem {
  Loc loc;
  Vec designators;     /* Designator*; empty when none */
  bool gnu_colon;      /* old GNU form  name: value  (one DES_FIELD) */
  bool no_equals;      /* GNU [i] value  without '=' */
  Init *init;
};

struct Init {
  Loc loc;
  Expr *expr;          /* a plain initializer; NULL for a brace list */
  struct Type *object_ty; /* expr in a brace list: the type of the subobject
                             it initializes (cxx-init.c; NULL: not known) */
  Vec items;           /* { items }: InitItem* */
  bool trailing_comma; /* { a, b, } */
};

/* ---------------------------------------------------------------- declarations
 * A declaration is DeclSpecs (the specifiers, in source order) plus
 * init-declarators.  Types are computed by sema from the two. */
typedef enum SpecKind {
  SPEC_STORAGE,   /* typedef extern static auto register _Thread_local __thread */
  SPEC_QUAL,      /* const volatile restrict _Atomic (as qualifier), with spelling */
  SPEC_FUNC,      /* inline _Noreturn (any spelling) */
  SPEC_TYPE,      /* void char short int long float double signed unsigned
                     _Bool _Complex __int128 _Float16.. __builtin_va_list ... */
  SPEC_TYPEDEF_NAME,
  SPEC_STRUCT,    /* struct / union / enum: su */
  SPEC_TYPEOF,    /* text (typeof, __typeof__ ...) ( expr ) or ( type ) */
  SPEC_ATOMIC,    /* _Atomic ( type ) */
  SPEC_ALIGNAS,   /* _Alignas ( expr ) or ( type ) */
  SPEC_ATTR,      /* text: __attribute__((...)) as written */
  SPEC_EXTENSION, /* __extension__ */
  SPEC_ASM_QUAL,  /* never a type: reserved */
} SpecKind;

/* Canonical keywords, so passes need not compare spellings. */
#define KEYWORD_LIST(X)                                                        \
  X(KW_NONE) X(KW_TYPEDEF) X(KW_EXTERN) X(KW_STATIC) X(KW_AUTO)                \
  X(KW_REGISTER) X(KW_THREAD_LOCAL) X(KW_CONST) X(KW_VOLATILE) X(KW_RESTRICT)  \
  X(KW_ATOMIC) X(KW_INLINE) X(KW_NORETURN) X(KW_VOID) X(KW_CHAR) X(KW_SHORT)   \
  X(KW_INT) X(KW_LONG) X(KW_FLOAT) X(KW_DOUBLE) X(KW_SIGNED) X(KW_UNSIGNED)    \
  X(KW_BOOL) X(KW_COMPLEX) X(KW_IMAGINARY) X(KW_INT128) X(KW_FLOAT16)          \
  X(KW_FLOAT32) X(KW_FLOAT64) X(KW_FLOAT128) X(KW_FLOAT32X) X(KW_FLOAT64X)     \
  X(KW_FLOAT128X) X(KW_BFLOAT16) X(KW_FLOAT80) X(KW_DECIMAL32)                \
  X(KW_DECIMAL64) X(KW_DECIMAL128) X(KW_VA_LIST) X(KW_AUTO_TYPE) X(KW_STRUCT)  \
  X(KW_UNION) X(KW_ENUM)

typedef enum Keyword {
#define X(k) k,
  KEYWORD_LIST(X)
#undef X
  KW_COUNT
} Keyword;

struct Spec {
  Loc loc;
  SpecKind kind;
  Keyword kw;         /* canonical keyword (storage, qualifier, type, func) */
  const char *text;   /* spelling as written; the name for SPEC_TYPEDEF_NAME */
  union {             /* by kind, as Expr's union: read only the kind's own */
    StructSpec *su;   /* SPEC_STRUCT */
    Expr *expr;       /* SPEC_TYPEOF, SPEC_ALIGNAS with an expression */
  };
  TypeName *type;     /* SPEC_TYPEOF, SPEC_ATOMIC, SPEC_ALIGNAS with a type */
};

struct DeclSpecs {
  Loc loc;
  Vec specs; /* Spec*, in source order */
};

struct Enumerator {
  Loc loc;
  const char *name;
  Vec attrs;  /* Spec* (SPEC_ATTR) after the name */
  Expr *value; /* NULL when no '=' */
  long long known; /* sema: the constant's value */
};

struct StructSpec {
  Loc loc;
  Keyword kw;         /* KW_STRUCT, KW_UNION, KW_ENUM */
  const char *text;   /* the keyword as written */
  Vec attrs;          /* Spec* (SPEC_ATTR) between the keyword and the tag */
  const char *tag;    /* NULL for an anonymous one */
  bool has_body;      /* { ... } present (it may be empty, a GNU extension) */
  Vec members;        /* struct/union: Decl* (D_VAR, D_STATIC_ASSERT, D_PRAGMA) */
  Vec enumerators;    /* enum: Enumerator* */
  bool trailing_comma;/* enum { A, B, } */
  Vec attrs_after;    /* Spec* (SPEC_ATTR) after the closing brace */
  struct Type *ty;    /* sema */
};

typedef enum DeclaratorKind {
  DK_IDENT,   /* name; name NULL in an abstract declarator */
  DK_POINTER, /* * quals inner */
  DK_ARRAY,   /* inner [ static quals size ] */
  DK_FUNC,    /* inner ( params ) */
  DK_PAREN,   /* ( quals inner ): quals only GNU attributes */
} DeclaratorKind;

/* A declarator in the order it is written: DK_POINTER's inner is what
 * follows the '*'; DK_ARRAY's and DK_FUNC's inner is what precedes the
 * brackets.  So  int *a[3]  is POINTER(ARRAY(IDENT a, 3)). */
struct Declarator {
  Loc loc;
  DeclaratorKind kind;
  bool is_static;     /* DK_ARRAY: [static n] */
  bool vla_star;      /* DK_ARRAY: [*] */
  bool variadic;      /* DK_FUNC: , ... */
  bool kr;            /* DK_FUNC: identifier list (K&R); params hold names only */
  Declarator *inner;  /* NULL only for DK_IDENT */
  Vec attrs;          /* Spec* (SPEC_ATTR) written after this declarator part,
                         or for DK_IDENT right after the name */
  union {             /* by kind, as Expr's union: read only the kind's own */
    const char *name; /* DK_IDENT */
    struct {
      Vec quals;      /* DK_POINTER, DK_ARRAY: Spec* qualifiers/attributes;
                         DK_PAREN: attributes right after its '(' */
      Expr *size;     /* DK_ARRAY: NULL for [] */
      bool size_known;      /* DK_ARRAY, sema: size is a constant ... */
      long long known_size; /* ... of this value */
    };
    Vec params;       /* DK_FUNC: Param* */
  };
};

struct Param {
  Loc loc;
  DeclSpecs *specs;   /* NULL for a K&R identifier */
  Declarator *decl;   /* may be abstract, may be NULL */
  const char *kr_name;/* K&R identifier list entry */
  struct Symbol *sym; /* sema */
};

struct TypeName {
  Loc loc;
  DeclSpecs *specs;
  Declarator *decl; /* abstract; NULL when none */
  struct Type *ty;  /* sema */
};

struct InitDecl {
  Loc loc;
  Declarator *decl;
  const char *asm_label; /* __asm__ ("name") as written, or NULL */
  Vec attrs;             /* Spec* (SPEC_ATTR) after the declarator / asm label */
  Expr *bitfield;        /* struct members:  decl : width  (decl may be NULL) */
  Init *init;            /* = init, or NULL */
  struct Symbol *sym;    /* sema */
};

typedef enum DeclKind {
  D_VAR,           /* specs decls ;   (variables, functions, typedefs, tags) */
  D_FUNCDEF,       /* specs func krparams body */
  D_STATIC_ASSERT, /* text (_Static_assert spelling) ( expr , message ) */
  D_ASM,           /* text: file-scope asm statement as written */
  D_PRAGMA,        /* text: a #pragma line other than omp, as written */
  D_OMP,           /* omp: a declarative OpenMP directive */
  D_EMPTY,         /* a lone ';' at file scope or in a struct */
  D_LAZY,          /* a file-scope declaration kept as its text: see below */
} DeclKind;

/* D_LAZY (lazy mode, parse.h): a file-scope declaration or function
 * definition with a verbatim body that no pass has needed yet, kept as
 * its text in the input (loc: its first token; lazy.end: its last).
 * The parser indexes it by the names it declares; when sema looks up one
 * of them, parser_expand_name() parses the text again and the Decl
 * becomes, in place, the D_VAR or D_FUNCDEF it was (lazy_done set).
 * The printer writes an unexpanded one back byte for byte. */
typedef struct LazyText {
  const char *text; /* its first byte in the input */
  int len;          /* bytes, up to and including its ';' or '}' */
  int seq;          /* its number among the file's declarations */
  Loc end;          /* place of its last token */
  bool funcdef;     /* a function definition (the printer spaces them) */
} LazyText;

struct Decl {
  DeclKind kind;
  short extension;     /* count of leading __extension__ keywords */
  bool lazy_done;      /* was D_LAZY; sema has seen it (see D_LAZY) */
  Loc loc;
  DeclSpecs *specs;    /* D_VAR, D_FUNCDEF */
  Vec decls;           /* D_VAR: InitDecl* */
  union {              /* by kind, as Expr's union: read only the kind's own */
    struct {
      InitDecl *func;      /* D_FUNCDEF: the declarator (with asm label, attrs) */
      Vec krparams;        /* D_FUNCDEF: K&R parameter declarations (Decl*) */
      Stmt *body;          /* D_FUNCDEF: a compound statement */
      struct Symbol *sym;  /* sema: D_FUNCDEF */
    };
    struct {
      const char *text;    /* D_ASM, D_PRAGMA, D_STATIC_ASSERT keyword spelling */
      Expr *expr;          /* D_STATIC_ASSERT condition */
      Expr *message;       /* D_STATIC_ASSERT string, NULL in C2x form */
    };
    OmpDir *omp;           /* D_OMP */
    LazyText lazy;         /* D_LAZY */
  };
};

/* ---------------------------------------------------------------- statements */
#define STMT_KINDS(X)                                                          \
  X(S_COMPOUND)    /* { items }: Stmt*; local labels are S_LOCAL_LABEL items */ \
  X(S_DECL)        /* decl */                                                  \
  X(S_EXPR)        /* expr ;   expr NULL for the null statement */            \
  X(S_IF)          /* if ( expr ) body else else_ */                           \
  X(S_SWITCH)      /* switch ( expr ) body */                                  \
  X(S_WHILE)       /* while ( expr ) body */                                   \
  X(S_DO)          /* do body while ( expr ) ; */                              \
  X(S_FOR)         /* for ( init expr ; expr2 ) body: init an S_DECL or an    \
                      S_EXPR (which prints its ';'); expr cond, expr2 step */ \
  X(S_GOTO)        /* goto text ;   or  goto * expr ; */                      \
  X(S_CONTINUE) X(S_BREAK)                                                     \
  X(S_RETURN)      /* return expr ; */                                         \
  X(S_LABEL)       /* text : attrs body */                                     \
  X(S_CASE)        /* case expr ... expr2 : body */                            \
  X(S_DEFAULT)     /* default : body */                                        \
  X(S_ASM)         /* text: asm statement as written, without the ';' */      \
  X(S_LOCAL_LABEL) /* __label__ names ; */                                     \
  X(S_PRAGMA)      /* text: a #pragma line other than omp, as written */      \
  X(S_OMP)         /* omp, and body for constructs with a structured block */ \
  X(S_VERBATIM)    /* a function body kept as the text it was: see below */

typedef enum StmtKind {
#define X(k) k,
  STMT_KINDS(X)
#undef X
  S_KIND_COUNT
} StmtKind;

extern const char *const stmt_kind_name[S_KIND_COUNT];

/* S_VERBATIM is the body of a file-scope function definition with no
 * OpenMP directive in it, when the parser runs in lazy mode (parse.h):
 * text points at its '{' in the input the parser keeps, len bytes up to
 * and including the matching '}', loc is the place of the '{' and end
 * that of the '}'.  The text may hold cpp line markers.  The printer
 * writes it back byte for byte; sema sees no statements in it;
 * parser_expand_body() replaces it by the parsed S_COMPOUND when a pass
 * needs the statements (the device call graph). */
struct Stmt {
  StmtKind kind;
  int len;        /* S_VERBATIM: length of text (in the padding after kind) */
  Loc loc;
  Expr *expr;
  Stmt *body;     /* if/loops/switch/labels/omp */
  Stmt *else_;    /* S_IF */
  OmpDir *omp;    /* S_OMP */
  const char *text;
  union {         /* by kind, as Expr's union: read only the kind's own */
    struct {
      Vec items;  /* S_COMPOUND: Stmt* */
      Loc end;    /* S_COMPOUND, S_VERBATIM: place of the closing brace */
    };
    Decl *decl;   /* S_DECL */
    struct {
      Expr *expr2; /* S_FOR step, S_CASE range end */
      Stmt *init;  /* S_FOR */
    };
    Vec names;    /* S_LOCAL_LABEL: const char* */
    Vec attrs;    /* S_LABEL attributes; S_EXPR attributes before ';' */
  };
};

struct TransUnit {
  Vec decls; /* Decl* */
};

/* ---------------------------------------------------------------- builders
 * Each returns a new zeroed node with the fields named filled in. */
Expr *mk_expr(ExprKind kind, Loc loc);
Expr *mk_ident(Loc loc, const char *name);
Expr *mk_int(Loc loc, const char *spelling);
Expr *mk_paren(Loc loc, Expr *a);
Expr *mk_unary(Loc loc, OpKind op, Expr *a);
Expr *mk_binary(Loc loc, OpKind op, Expr *a, Expr *b);  /* a op b */
Expr *mk_assign(Loc loc, OpKind op, Expr *a, Expr *b);  /* a op= b */
Expr *mk_call(Loc loc, Expr *fn, Vec args);             /* fn(args) */
Expr *mk_index(Loc loc, Expr *a, Expr *i);              /* a[i] */
Expr *mk_member(Loc loc, Expr *a, const char *name, bool arrow);

Stmt *mk_stmt(StmtKind kind, Loc loc);
Stmt *mk_expr_stmt(Loc loc, Expr *e);                   /* e; */
Stmt *mk_compound(Loc loc, Vec items);                  /* { items } */
Stmt *mk_if(Loc loc, Expr *cond, Stmt *then, Stmt *else_);
Stmt *mk_decl_stmt(Decl *d);

Decl *mk_decl(DeclKind kind, Loc loc);
DeclSpecs *mk_specs(Loc loc);
Spec *mk_spec(SpecKind kind, Loc loc, Keyword kw, const char *text);
Declarator *mk_declarator(DeclaratorKind kind, Loc loc, Declarator *inner);
Declarator *mk_ident_declarator(Loc loc, const char *name);
InitDecl *mk_init_decl(Loc loc, Declarator *d, Init *init);
TypeName *mk_type_name(Loc loc, DeclSpecs *specs, Declarator *abstract);
Init *mk_init_expr(Expr *e);

/* The name a declarator declares, or NULL for an abstract one. */
const char *declarator_name(const Declarator *d);
/* The DK_IDENT node of a declarator, or NULL. */
Declarator *declarator_ident(Declarator *d);
/* The innermost DK_FUNC of a function declarator (the one whose inner is
 * the name, possibly in parentheses), or NULL. */
Declarator *declarator_func(Declarator *d);
/* Does specs contain a storage class / keyword kw? */
bool specs_has(const DeclSpecs *s, Keyword kw);

const char *keyword_name(Keyword kw); /* "KW_INT" -> "int" style canonical text */

/* e without its parentheses (E_PAREN). */
Expr *expr_unparen(Expr *e);
/* The file-scope definition (D_FUNCDEF) of the function named name
 * (interned), or NULL. */
Decl *tu_find_funcdef(const TransUnit *tu, const char *name);
/* The variables a declaration (D_VAR) declares, sema's symbols, pushed
 * onto into (struct Symbol*). */
void decl_vars(const Decl *d, Vec *into);
/* The statements of the block *slot, or *slot alone: *n of them (none for
 * an empty slot), each reachable through its own slot. */
Stmt **stmt_list(Stmt **slot, int *n);
/* Scopes of declare reduction and declare mapper are approximated: of the
 * matching declarations, the last one before the use at `at`, else any.
 * Should the one at cand replace best (NULL: none yet)? */
bool loc_nearer(Loc cand, const Loc *best, Loc at);

#endif

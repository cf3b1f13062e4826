/* c.y - the grammar of C11, the GNU extensions of system headers and common
 * programs, and OpenMP directive tokens (bison 3.8, pure, with locations).
 *
 * It builds the tree of ast.h.  The token source is parser_next_token()
 * (parse.c): the flex scanner of a file, or a token array when omp.c parses
 * the expressions and type names of a clause; a first token (START_TU,
 * START_EXPR, START_TYPE, START_BODY, START_DECL) picks the start rule.
 *
 * Typedef names.  The scanner asks the scope table of parse.c whether an
 * identifier names a type.  Names are declared when their declarator is
 * reduced (declarator_declared, with the lookahead ',' ';' '=' or an
 * attribute, so no identifier after them has been classified yet); blocks,
 * 'for' statements and function bodies open scopes.  An identifier that
 * names a type is also accepted as the declarator name when the
 * specifiers already hold a type (int T;  T T;  struct { T T; }), which is
 * why declaration specifiers are split into ds_notype (no type specifier
 * yet: a TYPEDEF_NAME is a type) and ds_typed (a type seen: a TYPEDEF_NAME
 * is the declared name).  Inside a parenthesised declarator the name must
 * be a plain identifier: in a parameter list, (T) names a type
 * (C11 6.7.6.3p11).  So must a name declared by specifiers with no type
 * specifier (implicit int, static x;  while  const T x;  declares x of
 * type T): those declarations take the p-forms of the declarator rules
 * (pdeclarator, pinit_declarator, pmember_declarator).
 *
 * Lazy bodies: the token layer may give a whole function body as one
 * LAZY_BODY token (an S_VERBATIM statement, see parse.c), which fn_body
 * takes in place of a compound statement; START_BODY parses such a body
 * later, from its text, after fn_begin has declared the parameters of
 * p->fn_dtor (parser_expand_body).  START_DECL parses the text of a lazy
 * file-scope declaration again (parser_expand_name).
 *
 * Conflicts (%expect 1): the dangling else, where 'else' binds to the
 * nearest 'if' (shift).  The other classic one, an __attribute__ after the
 * closing brace of a struct, union or enum, is settled by precedence
 * (STRUCT_BRACE below ATTRIBUTE): it belongs to the type, as in GCC.
 * Reduce/reduce conflicts are errors (see Makefile.am).
 */

%require "3.8"
%define api.pure full
%define api.location.type {Loc}
%define parse.error custom
%define parse.lac full
%locations
%expect 1
%precedence STRUCT_BRACE
%precedence ATTRIBUTE
%param {Parser *p}

%code requires {
#include "ast.h"
#include "omp.h"
#include "parse.h"

/* A binding of a name in the scope table: does it name a type? */
typedef struct Binding {
  const char *name;
  bool is_type;
  int depth;
  int seq;              /* Parser.decl_seq when it was made */
  struct Binding *prev; /* the binding it shadows */
} Binding;

/* The parser's whole state: nothing lives in globals. */
struct Parser {
  const char *name;      /* input name for messages */
  const char *data;      /* the whole input */
  size_t len;
  void *scanner;         /* the flex scanner (yyscan_t) */
  Loc cur;               /* place of the next character */
  size_t offset;         /* its byte offset */
  size_t tok_start;      /* byte offset of the last raw token */
  int pending_line;      /* a line marker's number, applied at its newline */
  const char *pending_file;
  Vec *marked_files;     /* const char *, interned: the files line markers named
                            (one list, which the copies of the state share) */
  int col_base;          /* parser_tokenize: column of the text's start */
  /* lazy function bodies (parse.c, "Lazy bodies") */
  bool lazy;             /* file-scope bodies without OpenMP become S_VERBATIM */
  int braces, parens;    /* nesting of the tokens given to the grammar */
  bool seen_eq;          /* a '=' at file scope since the last ';' */
  struct RawQueue *queue; /* raw tokens read ahead, given out first */
  int meta_pending;      /* copies of a metadirective still to come */
  int meta_copies;       /* and how many there are (parse.c, "Metadirective copies") */
  const void *meta_group;
  /* lazy file-scope declarations (parse.c, "Lazy declarations") */
  bool lazy_decls;       /* plain declarations become D_LAZY */
  NodeMark mark;         /* the node blocks before this declaration */
  bool mark_ok;          /* taken before its first token was read */
  bool want_start;       /* the next token begins a declaration */
  size_t decl_start;     /* its first byte */
  Loc decl_loc;
  size_t last_end;       /* the end of the last token given */
  bool decl_pragma;      /* a #pragma came in this declaration */
  int decl_warnings;     /* diag_warnings when it began */
  bool after_omp;        /* the declaration before was a directive */
  int target_depth;      /* begin/end declare target nesting */
  int variant_depth;     /* begin/end declare variant nesting */
  bool variants_seen;    /* a declare variant came: nothing lazy after it */
  int variant_block;     /* the number of the last begin declare variant */
  bool seen_pack;        /* a #pragma pack came (sema follows its state) */
  int decl_seq;          /* number of the file-scope declaration */
  int seq_limit;         /* re-parsing declaration seq_limit: later
                            typedef names are not types (0: none) */
  Token *tok_pool;       /* parser_tokenize's tokens, reused */
  int tok_cap;
  Vec tok_ptrs;          /* and the pointers it returns */
  Loc comment_loc;       /* start of the comment being skipped */
  struct PtrMap *scopes;  /* interned name -> innermost Binding */
  Vec undo;              /* Binding*, in declaration order */
  int depth;
  Vec td_stack;          /* is the declaration being parsed a typedef? */
  /* the token source */
  int start_token;       /* returned once, first */
  Declarator *fn_dtor;   /* the function whose definition begins */
  Token **toks;          /* token-array mode when non-NULL */
  int ntoks, tokpos;
  bool omp_expr;         /* array sections allowed */
  void *token_error;     /* token-array mode: a jmp_buf * for a syntax error,
                            which the caller reports as the directive's */
  const char *last_text; /* spelling of the last token read (messages) */
  int last_kind;         /* and its kind */
  const char *prev_text; /* the token before it */
  int prev_kind;
  int prev2_kind;        /* the token before that (0 at the start) */
  Loc prev_loc, last_loc;
  /* results */
  TransUnit *tu;
  Expr *expr;
  TypeName *type;
  Stmt *body;            /* START_BODY: a re-parsed function body */
  Decl *decl;            /* START_DECL: a re-parsed lazy declaration */
};

typedef struct Pointer {
  Declarator *head, *tail;
} Pointer;
}

%code provides {
int parser_next_token(YYSTYPE *val, YYLTYPE *loc, Parser *p);
void parser_declare(Parser *p, const char *name, bool is_type);
void parser_push_scope(Parser *p);
void parser_pop_scope(Parser *p);
/* Around each file-scope declaration: clean says that no token after it
 * has been read (bison's lookahead is empty). */
void parser_decl_begin(Parser *p, bool clean);
void parser_decl_end(Parser *p, Decl *d, bool clean);
/* Called by the scanner on every match: positions and token start. */
void lex_advance(Parser *p, const char *text, int len, Loc *loc);
void lex_line_marker(Parser *p, const char *text, bool is_line);
}

%code {
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define yylex parser_next_token
#define YYLLOC_DEFAULT(Cur, Rhs, N)                                            \
  do {                                                                         \
    (Cur) = (N) ? YYRHSLOC(Rhs, 1) : YYRHSLOC(Rhs, 0);                         \
  } while (0)

/* Only bison's own stack limit gets here (YYMAXDEPTH): syntax errors go
 * through yyreport_syntax_error. */
static void yyerror(YYLTYPE *loc, Parser *p UNUSED, const char *msg)
{
  fatal(*loc, "nested too deeply (%s)", msg);
}

/* A syntax error: the end of the run, or in token-array mode (a clause's
 * expression) reported and handed back to the caller (parse_tokens). */
static noreturn void syntax_fatal(Parser *p, Loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static noreturn void syntax_fatal(Parser *p, Loc loc, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  verror(loc, fmt, ap);
  va_end(ap);
  if (p->toks && p->token_error)
    longjmp(*(jmp_buf *)p->token_error, 1);
  exit(1);
}

static Vec vec1(void *x)
{
  Vec v = {0};
  vec_push(&v, x);
  return v;
}

static Vec vec_add(Vec v, void *x)
{
  vec_push(&v, x);
  return v;
}

static DeclSpecs *specs1(Spec *s)
{
  DeclSpecs *d = mk_specs(s->loc);
  vec_push(&d->specs, s);
  return d;
}

static DeclSpecs *specs_add(DeclSpecs *d, Spec *s)
{
  vec_push(&d->specs, s);
  return d;
}

/* Put d at the end of a chain of pointers: the pointers' innermost part. */
static Declarator *attach(Pointer ptr, Declarator *d)
{
  ptr.tail->inner = d;
  return ptr.head;
}

/* The name place of an abstract declarator. */
static Declarator *abstract_name(Loc loc)
{
  return mk_ident_declarator(loc, NULL);
}

/* A suffix ([..] or (..)) gets what precedes it as inner. */
static Declarator *suffix(Declarator *inner, Declarator *suf)
{
  suf->inner = inner;
  return suf;
}

static Expr *expr1(ExprKind k, Loc loc, Expr *a)
{
  Expr *e = mk_expr(k, loc);
  e->a = a;
  return e;
}

static Expr *expr_text(ExprKind k, Loc loc, const char *text)
{
  Expr *e = mk_expr(k, loc);
  e->text = text;
  return e;
}

static Expr *expr_type(ExprKind k, Loc loc, const char *text, TypeName *t)
{
  Expr *e = mk_expr(k, loc);
  e->text = text;
  e->type = t;
  return e;
}

static OpKind assign_op(const char *s)
{
  for (int i = OP_ASSIGN; i <= OP_OR_ASSIGN; i++)
    if (!strcmp(op_spelling[i], s))
      return (OpKind)i;
  return OP_ASSIGN;
}

/* A stand-alone directive may not be a selection, iteration or labeled
 * statement's substatement (OpenMP 5.0 2.1.3): it must be in a compound
 * statement, where it executes as written.  Reported; parsing goes on. */
static Stmt *substatement(Stmt *s)
{
  if (s && s->kind == S_OMP && s->omp && s->omp->kind != OMPD_METADIRECTIVE &&
      s->omp->kind != OMPD_NOTHING && omp_directive_class(s->omp) == OMP_CLASS_STANDALONE)
    error(s->loc, "'#pragma omp %s' may only be used in compound statements",
          omp_dir_name(s->omp->kind));
  return s;
}

static Stmt *stmt_e(StmtKind k, Loc loc, Expr *e, Stmt *body)
{
  Stmt *s = mk_stmt(k, loc);
  s->expr = e;
  s->body = body;
  return s;
}

static Stmt *stmt_text(StmtKind k, Loc loc, const char *text)
{
  Stmt *s = mk_stmt(k, loc);
  s->text = text;
  return s;
}

static Decl *decl_text(DeclKind k, Loc loc, const char *text)
{
  Decl *d = mk_decl(k, loc);
  d->text = text;
  return d;
}

/* Leading __extension__ keywords of a declaration are counted in
 * Decl.extension rather than kept as specifiers. */
static int strip_extension(DeclSpecs *specs)
{
  int n = 0;
  while (n < specs->specs.len && ((Spec *)specs->specs.items[n])->kind == SPEC_EXTENSION)
    n++;
  if (n == 0 || n == specs->specs.len)
    return 0;
  memmove(specs->specs.items, specs->specs.items + n, (specs->specs.len - n) * sizeof(void *));
  specs->specs.len -= n;
  specs->loc = ((Spec *)specs->specs.items[0])->loc;
  return n;
}

/* Attributes written before the first specifier, put in front of them. */
static DeclSpecs *specs_after(Vec attrs, DeclSpecs *d)
{
  Vec v = attrs;
  for (int i = 0; i < d->specs.len; i++)
    vec_push(&v, d->specs.items[i]);
  d->specs = v;
  d->loc = ((Spec *)v.items[0])->loc;
  return d;
}

static DeclSpecs *specs_of(Vec attrs)
{
  return specs_after(attrs, mk_specs(((Spec *)attrs.items[0])->loc));
}

static Decl *mk_var_decl(Loc loc, DeclSpecs *specs, Vec decls)
{
  Decl *d = mk_decl(D_VAR, loc);
  d->extension = strip_extension(specs);
  d->specs = specs;
  d->decls = decls;
  return d;
}

static void td_push(Parser *p, DeclSpecs *s)
{
  vec_push(&p->td_stack, specs_has(s, KW_TYPEDEF) ? p : NULL);
}

static void td_pop(Parser *p)
{
  vec_pop(&p->td_stack);
}

static void declare_declarator(Parser *p, Declarator *d)
{
  const char *name = declarator_name(d);
  if (name)
    parser_declare(p, name, vec_last(&p->td_stack) != NULL);
}

/* A function body's scope holds its parameters. */
static void begin_function(Parser *p, Declarator *d)
{
  declare_declarator(p, d);
  parser_push_scope(p);
  Declarator *f = declarator_func(d);
  if (!f)
    return;
  for (int i = 0; i < f->params.len; i++) {
    Param *pm = f->params.items[i];
    const char *n = pm->kr_name ? pm->kr_name : pm->decl ? declarator_name(pm->decl) : NULL;
    if (n)
      parser_declare(p, n, false);
  }
}

static InitDecl *init_decl(Loc loc, Declarator *d, const char *asm_label, Vec attrs, Init *init)
{
  InitDecl *id = mk_init_decl(loc, d, init);
  id->asm_label = asm_label;
  id->attrs = attrs;
  return id;
}

/* What follows a declarator (init_tail, bitfield) gets the declarator. */
static InitDecl *named(InitDecl *id, Declarator *d, Loc loc)
{
  id->decl = d;
  id->loc = loc;
  return id;
}

static Decl *funcdef(Parser *p, Loc loc, DeclSpecs *specs, Loc dloc, Declarator *d, Vec kr, Stmt *body)
{
  Decl *f = mk_decl(D_FUNCDEF, loc);
  f->specs = specs;
  f->func = init_decl(dloc, d, NULL, (Vec){0}, NULL);
  f->krparams = kr;
  f->body = body;
  parser_pop_scope(p);
  td_pop(p);
  return f;
}

static Init *init_list(Loc loc, Vec items, bool comma)
{
  Init *i = NEW(Init);
  i->loc = loc;
  i->items = items;
  i->trailing_comma = comma;
  return i;
}

static InitItem *init_item(Loc loc, Vec desig, Init *init)
{
  InitItem *it = NEW(InitItem);
  it->loc = loc;
  it->designators = desig;
  it->init = init;
  return it;
}

static Designator *designator(Loc loc, DesigKind k, const char *name, Expr *a, Expr *b)
{
  Designator *d = NEW(Designator);
  d->loc = loc;
  d->kind = k;
  d->name = name;
  d->a = a;
  d->b = b;
  return d;
}

static StructSpec *struct_spec(Loc loc, Spec *kw, Vec attrs, const char *tag)
{
  StructSpec *s = NEW(StructSpec);
  s->loc = loc;
  s->kw = kw->kw;
  s->text = kw->text;
  s->attrs = attrs;
  s->tag = tag;
  return s;
}

static Spec *struct_specifier(StructSpec *su)
{
  Spec *s = mk_spec(SPEC_STRUCT, su->loc, su->kw, su->text);
  s->su = su;
  return s;
}

static Param *param(Loc loc, DeclSpecs *specs, Declarator *d)
{
  Param *pm = NEW(Param);
  pm->loc = loc;
  pm->specs = specs;
  pm->decl = d;
  return pm;
}

static Declarator *func_suffix(Loc loc, Vec params, bool variadic, bool kr)
{
  Declarator *d = mk_declarator(DK_FUNC, loc, NULL);
  d->params = params;
  d->variadic = variadic;
  d->kr = kr;
  return d;
}

static Declarator *array_suffix(Loc loc, Vec quals, bool is_static, Expr *size, bool star)
{
  Declarator *d = mk_declarator(DK_ARRAY, loc, NULL);
  d->quals = quals;
  d->is_static = is_static;
  d->size = size;
  d->vla_star = star;
  return d;
}

static Declarator *add_attrs(Declarator *d, Vec attrs)
{
  for (int i = 0; i < attrs.len; i++)
    vec_push(&d->attrs, attrs.items[i]);
  return d;
}

static void no_section(Parser *p, Loc loc)
{
  if (!p->omp_expr)
    fatal(loc, "array section outside an OpenMP clause");
}

static Expr *section(Parser *p, Loc loc, Expr *a, Expr *lo, Expr *len, Expr *stride)
{
  no_section(p, loc);
  Expr *e = mk_expr(E_SECTION, loc);
  e->a = a;
  e->b = lo;
  e->c = len;
  e->d = stride;
  return e;
}
}

%union {
  const char *text;
  Spec *spec;
  OmpDir *omp;
  Expr *expr;
  Stmt *stmt;
  Decl *decl;
  DeclSpecs *specs;
  Declarator *dtor;
  Pointer ptr;
  InitDecl *idecl;
  TypeName *tname;
  Init *init;
  InitItem *item;
  Designator *desig;
  StructSpec *su;
  Enumerator *enumr;
  GenericAssoc *assoc;
  Param *param;
  Vec vec;
  OpKind op;
  bool flag;
}

%token <text> IDENTIFIER "identifier" TYPEDEF_NAME "type name"
%token <text> INT_LIT "integer constant" FLOAT_LIT "floating constant"
%token <text> CHAR_LIT "character constant" STRING_LIT "string literal"
%token <spec> STORAGE "storage class" STATIC "'static'" QUAL "type qualifier"
%token <spec> ATOMIC "'_Atomic'" ATOMIC_LP "'_Atomic('" FUNC_SPEC "function specifier"
%token <spec> TYPE_KW "type specifier" STRUCT "'struct'" ENUM "'enum'"
%token <spec> ATTRIBUTE "'__attribute__'" EXTENSION "'__extension__'"
%token <text> TYPEOF "'typeof'" ALIGNAS "'_Alignas'" ALIGNOF "'_Alignof'"
%token <text> SIZEOF "'sizeof'" ASM "'asm'" STATIC_ASSERT "'_Static_assert'"
%token <text> GENERIC "'_Generic'" REAL "'__real__'" IMAG "'__imag__'"
%token <text> LABEL_KW "'__label__'" BUILTIN_VA_ARG "'__builtin_va_arg'"
%token <text> BUILTIN_OFFSETOF "'__builtin_offsetof'"
%token <text> BUILTIN_TYPES_COMPAT "'__builtin_types_compatible_p'"
%token <text> BUILTIN_TYPE_ARG "builtin"
%token <text> IF "'if'" ELSE "'else'" SWITCH "'switch'" WHILE "'while'" DO "'do'"
%token <text> FOR "'for'" GOTO "'goto'" CONTINUE "'continue'" BREAK "'break'"
%token <text> RETURN "'return'" CASE "'case'" DEFAULT "'default'"
%token <text> PTR_OP "'->'" INC_OP "'++'" DEC_OP "'--'" SHL "'<<'" SHR "'>>'"
%token <text> LE "'<='" GE "'>='" EQ "'=='" NE "'!='" AND_OP "'&&'" OR_OP "'||'"
%token <text> ELLIPSIS "'...'" ASSIGN_OP "assignment operator"
%token <omp> OMP_CONSTRUCT "OpenMP construct" OMP_STANDALONE "OpenMP directive"
%token <omp> OMP_DECLARATIVE "OpenMP declarative directive"
%token <text> PRAGMA "'#pragma'"
%token <stmt> LAZY_BODY "function body"
%token START_TU START_EXPR START_TYPE START_BODY START_DECL

%type <expr> primary_expr postfix_expr unary_expr cast_expr mul_expr add_expr
%type <expr> shift_expr rel_expr eq_expr and_expr xor_expr or_expr land_expr
%type <expr> lor_expr cond_expr assign_expr expr expr_opt const_expr
%type <expr> string offsetof_member
%type <text> any_ident string_parts asm_label_opt
%type <vec> args args_opt assocs
%type <assoc> assoc
%type <op> unary_op
%type <spec> ds_other ds_kw type_spec_kw type_spec_any storage_like attribute
%type <specs> ds_notype ds_typed decl_specs decl_start implicit_int
%type <specs> implicit_specs implicit_or_attrs implicit_start
%type <vec> attrs attrs_opt quals quals_opt
%type <spec> qual_item
%type <su> struct_head enum_head
%type <vec> members member_list enumerators
%type <decl> member last_member
%type <vec> member_declarators pmember_declarators
%type <idecl> member_declarator pmember_declarator bitfield
%type <enumr> enumerator
%type <dtor> declarator direct_declarator pdeclarator pdirect paren_declarator
%type <dtor> declarator_declared pdeclarator_declared fn_declarator
%type <dtor> abstract_declarator abstract_suffixed direct_abstract param_abstract
%type <dtor> array_suffix func_suffix
%type <ptr> pointer
%type <vec> param_list ident_list
%type <param> param_decl
%type <tname> type_name
%type <idecl> init_declarator pinit_declarator init_tail
%type <vec> init_declarators pinit_declarators
%type <init> initializer
%type <vec> init_items designators
%type <item> init_item
%type <desig> designator
%type <decl> declaration external_decl function_def static_assert
%type <vec> kr_decls kr_declarators kr_pdeclarators kr_fn_decls
%type <decl> kr_decl
%type <stmt> statement compound fn_body block_item labeled_stmt expr_stmt
%type <stmt> selection_stmt iteration_stmt jump_stmt for_init omp_stmt
%type <vec> block_items local_labels

%start start

%%

start
  : START_TU translation_unit
  | START_EXPR assign_expr            { p->expr = $2; }
  | START_TYPE type_name              { p->type = $2; }
  | START_BODY fn_begin compound      { p->body = $3; parser_pop_scope(p); }
  | START_DECL external_decl          { p->decl = $2; }
  ;

translation_unit
  : %empty                            { parser_decl_begin(p, yychar == YYEMPTY); }
  | translation_unit external_decl    { parser_decl_end(p, $2, yychar == YYEMPTY); }
  ;

external_decl
  : function_def
  | implicit_int pdeclarator kr_fn_decls fn_begin fn_body
                                      { $$ = funcdef(p, @2, $1, @2, $2, $3, $5); }
  | implicit_int pinit_declarators ';'
                                      { $$ = mk_var_decl(@2, $1, $2); td_pop(p); }
  | declaration
  | ';'                               { $$ = mk_decl(D_EMPTY, @1); }
  | ASM ';'                           { $$ = decl_text(D_ASM, @1, $1); }
  | PRAGMA                            { $$ = decl_text(D_PRAGMA, @1, $1); }
  | OMP_DECLARATIVE                   { $$ = mk_decl(D_OMP, @1); $$->omp = $1; }
  ;

/* ------------------------------------------------------------ expressions */

any_ident
  : IDENTIFIER
  | TYPEDEF_NAME
  ;

string_parts
  : STRING_LIT
  | string_parts STRING_LIT           { $$ = intern(xasprintf("%s %s", $1, $2)); }
  ;

string
  : string_parts                      { $$ = expr_text(E_STRING, @1, $1); }
  ;

primary_expr
  : IDENTIFIER                        { $$ = mk_ident(@1, $1); }
  | INT_LIT                           { $$ = mk_int(@1, $1); }
  | FLOAT_LIT                         { $$ = expr_text(E_FLOAT, @1, $1); }
  | CHAR_LIT                          { $$ = expr_text(E_CHAR, @1, $1); }
  | string
  | '(' expr ')'                      { $$ = mk_paren(@1, $2); }
  | '(' compound ')'                  { $$ = mk_expr(E_STMT_EXPR, @1); $$->stmt = $2; }
  | GENERIC '(' assign_expr ',' assocs ')'
                                      { $$ = expr1(E_GENERIC, @1, $3); $$->assocs = $5; }
  | BUILTIN_VA_ARG '(' assign_expr ',' type_name ')'
                                      { $$ = expr_type(E_VA_ARG, @1, $1, $5); $$->a = $3; }
  | BUILTIN_OFFSETOF '(' type_name ',' offsetof_member ')'
                                      { $$ = expr_type(E_OFFSETOF, @1, $1, $3); $$->a = $5; }
  | BUILTIN_TYPES_COMPAT '(' type_name ',' type_name ')'
                                      { $$ = expr_type(E_TYPES_COMPAT, @1, $1, $3); $$->type2 = $5; }
  | BUILTIN_TYPE_ARG '(' args ',' type_name ')'
                                      { $$ = expr_type(E_BUILTIN_TYPE, @1, $1, $5); $$->args = $3; }
  ;

assocs
  : assoc                             { $$ = vec1($1); }
  | assocs ',' assoc                  { $$ = vec_add($1, $3); }
  ;

assoc
  : type_name ':' assign_expr         { $$ = xcalloc(1, sizeof *$$); $$->loc = @1; $$->type = $1; $$->expr = $3; }
  | DEFAULT ':' assign_expr           { $$ = xcalloc(1, sizeof *$$); $$->loc = @1; $$->expr = $3; }
  ;

offsetof_member
  : any_ident                         { $$ = mk_ident(@1, $1); }
  | offsetof_member '.' any_ident     { $$ = mk_member(@2, $1, $3, false); }
  | offsetof_member '[' expr ']'      { $$ = mk_index(@2, $1, $3); }
  ;

postfix_expr
  : primary_expr
  | postfix_expr '[' expr ']'         { $$ = mk_index(@2, $1, $3); }
  | postfix_expr '[' expr_opt ':' expr_opt ']'
                                      { $$ = section(p, @2, $1, $3, $5, NULL); }
  | postfix_expr '[' expr_opt ':' expr_opt ':' expr ']'
                                      { $$ = section(p, @2, $1, $3, $5, $7); }
  | postfix_expr '(' args_opt ')'     { $$ = mk_call(@2, $1, $3); }
  | postfix_expr '.' any_ident        { $$ = mk_member(@2, $1, $3, false); }
  | postfix_expr PTR_OP any_ident     { $$ = mk_member(@2, $1, $3, true); }
  | postfix_expr INC_OP               { $$ = expr1(E_POSTINC, @2, $1); }
  | postfix_expr DEC_OP               { $$ = expr1(E_POSTDEC, @2, $1); }
  | '(' type_name ')' '{' init_items '}'
                                      { $$ = mk_expr(E_COMPOUND_LIT, @1); $$->type = $2; $$->init = init_list(@4, $5, false); }
  | '(' type_name ')' '{' init_items ',' '}'
                                      { $$ = mk_expr(E_COMPOUND_LIT, @1); $$->type = $2; $$->init = init_list(@4, $5, true); }
  | '(' type_name ')' '{' '}'
                                      { $$ = mk_expr(E_COMPOUND_LIT, @1); $$->type = $2; $$->init = init_list(@4, (Vec){0}, false); }
  ;

args_opt
  : %empty                            { $$ = (Vec){0}; }
  | args
  ;

args
  : assign_expr                       { $$ = vec1($1); }
  | args ',' assign_expr              { $$ = vec_add($1, $3); }
  ;

unary_expr
  : postfix_expr
  | INC_OP unary_expr                 { $$ = expr1(E_PREINC, @1, $2); }
  | DEC_OP unary_expr                 { $$ = expr1(E_PREDEC, @1, $2); }
  | unary_op cast_expr                { $$ = mk_unary(@1, $1, $2); }
  | SIZEOF unary_expr                 { $$ = expr_text(E_SIZEOF_EXPR, @1, $1); $$->a = $2; }
  | SIZEOF '(' type_name ')'          { $$ = expr_type(E_SIZEOF_TYPE, @1, $1, $3); }
  | ALIGNOF unary_expr                { $$ = expr_text(E_ALIGNOF_EXPR, @1, $1); $$->a = $2; }
  | ALIGNOF '(' type_name ')'         { $$ = expr_type(E_ALIGNOF_TYPE, @1, $1, $3); }
  | AND_OP any_ident                  { $$ = expr_text(E_LABEL_ADDR, @1, $2); }
  | EXTENSION cast_expr               { $$ = expr1(E_EXTENSION, @1, $2); }
  ;

unary_op
  : '&'                               { $$ = OP_ADDR; }
  | '*'                               { $$ = OP_DEREF; }
  | '+'                               { $$ = OP_PLUS; }
  | '-'                               { $$ = OP_NEG; }
  | '~'                               { $$ = OP_BITNOT; }
  | '!'                               { $$ = OP_NOT; }
  | REAL                              { $$ = OP_REAL; }
  | IMAG                              { $$ = OP_IMAG; }
  ;

cast_expr
  : unary_expr
  | '(' type_name ')' cast_expr       { $$ = expr1(E_CAST, @1, $4); $$->type = $2; }
  ;

mul_expr
  : cast_expr
  | mul_expr '*' cast_expr            { $$ = mk_binary(@2, OP_MUL, $1, $3); }
  | mul_expr '/' cast_expr            { $$ = mk_binary(@2, OP_DIV, $1, $3); }
  | mul_expr '%' cast_expr            { $$ = mk_binary(@2, OP_MOD, $1, $3); }
  ;

add_expr
  : mul_expr
  | add_expr '+' mul_expr             { $$ = mk_binary(@2, OP_ADD, $1, $3); }
  | add_expr '-' mul_expr             { $$ = mk_binary(@2, OP_SUB, $1, $3); }
  ;

shift_expr
  : add_expr
  | shift_expr SHL add_expr           { $$ = mk_binary(@2, OP_SHL, $1, $3); }
  | shift_expr SHR add_expr           { $$ = mk_binary(@2, OP_SHR, $1, $3); }
  ;

rel_expr
  : shift_expr
  | rel_expr '<' shift_expr           { $$ = mk_binary(@2, OP_LT, $1, $3); }
  | rel_expr '>' shift_expr           { $$ = mk_binary(@2, OP_GT, $1, $3); }
  | rel_expr LE shift_expr            { $$ = mk_binary(@2, OP_LE, $1, $3); }
  | rel_expr GE shift_expr            { $$ = mk_binary(@2, OP_GE, $1, $3); }
  ;

eq_expr
  : rel_expr
  | eq_expr EQ rel_expr               { $$ = mk_binary(@2, OP_EQ, $1, $3); }
  | eq_expr NE rel_expr               { $$ = mk_binary(@2, OP_NE, $1, $3); }
  ;

and_expr
  : eq_expr
  | and_expr '&' eq_expr              { $$ = mk_binary(@2, OP_BITAND, $1, $3); }
  ;

xor_expr
  : and_expr
  | xor_expr '^' and_expr             { $$ = mk_binary(@2, OP_BITXOR, $1, $3); }
  ;

or_expr
  : xor_expr
  | or_expr '|' xor_expr              { $$ = mk_binary(@2, OP_BITOR, $1, $3); }
  ;

land_expr
  : or_expr
  | land_expr AND_OP or_expr          { $$ = mk_binary(@2, OP_LOGAND, $1, $3); }
  ;

lor_expr
  : land_expr
  | lor_expr OR_OP land_expr          { $$ = mk_binary(@2, OP_LOGOR, $1, $3); }
  ;

cond_expr
  : lor_expr
  | lor_expr '?' expr ':' cond_expr   { $$ = expr1(E_COND, @2, $1); $$->b = $3; $$->c = $5; }
  | lor_expr '?' ':' cond_expr        { $$ = expr1(E_COND, @2, $1); $$->c = $4; }
  ;

assign_expr
  : cond_expr
  | unary_expr '=' assign_expr        { $$ = mk_assign(@2, OP_ASSIGN, $1, $3); }
  | unary_expr ASSIGN_OP assign_expr  { $$ = mk_assign(@2, assign_op($2), $1, $3); }
  ;

expr
  : assign_expr
  | expr ',' assign_expr              { $$ = mk_binary(@2, OP_COMMA, $1, $3); }
  ;

expr_opt
  : %empty                            { $$ = NULL; }
  | expr
  ;

const_expr
  : cond_expr
  ;

/* ------------------------------------------------------------ declarations */

declaration
  : decl_start ';'                    { $$ = mk_var_decl(@1, $1, (Vec){0}); td_pop(p); }
  | decl_start init_declarators ';'   { $$ = mk_var_decl(@1, $1, $2); td_pop(p); }
  | implicit_start pinit_declarators ';'
                                      { $$ = mk_var_decl(@1, $1, $2); td_pop(p); }
  | static_assert
  | EXTENSION declaration             { $$ = $2; $$->extension++; }
  ;

static_assert
  : STATIC_ASSERT '(' const_expr ',' string ')' ';'
                                      { $$ = decl_text(D_STATIC_ASSERT, @1, $1); $$->expr = $3; $$->message = $5; }
  | STATIC_ASSERT '(' const_expr ')' ';'
                                      { $$ = decl_text(D_STATIC_ASSERT, @1, $1); $$->expr = $3; }
  ;

/* The specifiers of a declaration that declares names in a scope. */
decl_start
  : decl_specs                        { $$ = $1; td_push(p, $1); }
  ;

/* Attributes before the first keyword are read as attrs, the list that
 * a parenthesised declarator may also begin with (int (__attribute__((x))
 * *p)(void)): which of the two it is shows only after the last of them.
 * K&R parameter declarations begin with a keyword (ds_typed, ds_notype),
 * since an attribute there belongs to the function's declarator. */
decl_specs
  : ds_typed
  | attrs ds_typed                    { $$ = specs_after($1, $2); }
  ;

/* Implicit int (C90 6.5.2, which C99 dropped; GNU C accepts it in every
 * mode, with a warning): specifiers with no type specifier declare an
 * int.  The name declared must then be a plain identifier, since a
 * typedef name there is the type (const T x;).  The specifiers print as
 * written. */
implicit_specs
  : ds_notype
  | attrs ds_notype                   { $$ = specs_after($1, $2); }
  ;

/* Declarations and members also take attributes alone (GNU C, as gcc
 * does; not parameters, where  (__attribute__((x)) *)  is a nested
 * declarator). */
implicit_or_attrs
  : implicit_specs
  | attrs                             { $$ = specs_of($1); }
  ;

implicit_start
  : implicit_or_attrs                 { $$ = $1; td_push(p, $1); }
  ;

ds_notype
  : ds_kw                             { $$ = specs1($1); }
  | ds_notype ds_other                { $$ = specs_add($1, $2); }
  ;

ds_typed
  : type_spec_any                     { $$ = specs1($1); }
  | ds_notype type_spec_any           { $$ = specs_add($1, $2); }
  | ds_typed ds_other                 { $$ = specs_add($1, $2); }
  | ds_typed type_spec_kw             { $$ = specs_add($1, $2); }
  ;

ds_other
  : ds_kw
  | attribute
  ;

ds_kw
  : storage_like
  | QUAL
  | ATOMIC
  | FUNC_SPEC
  | ALIGNAS '(' type_name ')'         { $$ = mk_spec(SPEC_ALIGNAS, @1, KW_NONE, $1); $$->type = $3; }
  | ALIGNAS '(' const_expr ')'        { $$ = mk_spec(SPEC_ALIGNAS, @1, KW_NONE, $1); $$->expr = $3; }
  ;

storage_like
  : STORAGE
  | STATIC
  ;

attribute
  : ATTRIBUTE
  ;

type_spec_any
  : type_spec_kw
  | TYPEDEF_NAME                      { $$ = mk_spec(SPEC_TYPEDEF_NAME, @1, KW_NONE, $1); }
  ;

type_spec_kw
  : TYPE_KW
  | struct_head '{' member_list '}' %prec STRUCT_BRACE       { $1->has_body = true; $1->members = $3; $$ = struct_specifier($1); }
  | struct_head '{' member_list '}' attrs %prec STRUCT_BRACE
                                      { $1->has_body = true; $1->members = $3; $1->attrs_after = $5; $$ = struct_specifier($1); }
  | struct_head '{' '}' %prec STRUCT_BRACE               { $1->has_body = true; $$ = struct_specifier($1); }
  | struct_head '{' '}' attrs %prec STRUCT_BRACE
                                              { $1->has_body = true; $1->attrs_after = $4; $$ = struct_specifier($1); }
  | STRUCT attrs_opt any_ident        { $$ = struct_specifier(struct_spec(@1, $1, $2, $3)); }
  | enum_head '{' enumerators '}' %prec STRUCT_BRACE
                                      { $1->has_body = true; $1->enumerators = $3; $$ = struct_specifier($1); }
  | enum_head '{' enumerators ',' '}' %prec STRUCT_BRACE
                                      { $1->has_body = true; $1->enumerators = $3; $1->trailing_comma = true; $$ = struct_specifier($1); }
  | enum_head '{' enumerators '}' attrs %prec STRUCT_BRACE
                                      { $1->has_body = true; $1->enumerators = $3; $1->attrs_after = $5; $$ = struct_specifier($1); }
  | enum_head '{' enumerators ',' '}' attrs %prec STRUCT_BRACE
                                      { $1->has_body = true; $1->enumerators = $3; $1->trailing_comma = true; $1->attrs_after = $6; $$ = struct_specifier($1); }
  | ENUM attrs_opt any_ident          { $$ = struct_specifier(struct_spec(@1, $1, $2, $3)); }
  | TYPEOF '(' expr ')'               { $$ = mk_spec(SPEC_TYPEOF, @1, KW_NONE, $1); $$->expr = $3; }
  | TYPEOF '(' type_name ')'          { $$ = mk_spec(SPEC_TYPEOF, @1, KW_NONE, $1); $$->type = $3; }
  | ATOMIC_LP '(' type_name ')'       { $$ = $1; $$->kind = SPEC_ATOMIC; $$->type = $3; }
  ;

struct_head
  : STRUCT attrs_opt                  { $$ = struct_spec(@1, $1, $2, NULL); }
  | STRUCT attrs_opt any_ident        { $$ = struct_spec(@1, $1, $2, $3); }
  ;

enum_head
  : ENUM attrs_opt                    { $$ = struct_spec(@1, $1, $2, NULL); }
  | ENUM attrs_opt any_ident          { $$ = struct_spec(@1, $1, $2, $3); }
  ;

members
  : member                            { $$ = vec1($1); }
  | members member                    { $$ = vec_add($1, $2); }
  ;

member_list
  : members
  | last_member                       { $$ = vec1($1); }
  | members last_member               { $$ = vec_add($1, $2); }
  ;

/* GNU C accepts the last member without its ';' (with a warning). */
last_member
  : decl_specs member_declarators     { $$ = mk_var_decl(@1, $1, $2);
                                        warning(@2, "no semicolon at end of struct or union"); }
  ;

member
  : decl_specs ';'                    { $$ = mk_var_decl(@1, $1, (Vec){0}); }
  | decl_specs member_declarators ';' { $$ = mk_var_decl(@1, $1, $2); }
  | implicit_or_attrs pmember_declarators ';'
                                      { $$ = mk_var_decl(@1, $1, $2); }
  | static_assert
  | ';'                               { $$ = mk_decl(D_EMPTY, @1); }
  | PRAGMA                            { $$ = decl_text(D_PRAGMA, @1, $1); }
  | EXTENSION member                  { $$ = $2; $$->extension++; }
  ;

member_declarators
  : member_declarator                 { $$ = vec1($1); }
  | member_declarators ',' member_declarator
                                      { $$ = vec_add($1, $3); }
  ;

pmember_declarators
  : pmember_declarator                { $$ = vec1($1); }
  | pmember_declarators ',' pmember_declarator
                                      { $$ = vec_add($1, $3); }
  ;

member_declarator
  : declarator attrs_opt              { $$ = init_decl(@1, $1, NULL, $2, NULL); }
  | declarator bitfield               { $$ = named($2, $1, @1); }
  | bitfield
  ;

pmember_declarator
  : pdeclarator attrs_opt             { $$ = init_decl(@1, $1, NULL, $2, NULL); }
  | pdeclarator bitfield              { $$ = named($2, $1, @1); }
  | bitfield
  ;

/* GNU C: a bit-field's attributes follow its width. */
bitfield
  : ':' const_expr attrs_opt          { $$ = init_decl(@1, NULL, NULL, $3, NULL); $$->bitfield = $2; }
  ;

enumerators
  : enumerator                        { $$ = vec1($1); }
  | enumerators ',' enumerator        { $$ = vec_add($1, $3); }
  ;

enumerator
  : any_ident attrs_opt               { $$ = xcalloc(1, sizeof *$$); $$->loc = @1; $$->name = $1; $$->attrs = $2; parser_declare(p, $1, false); }
  | any_ident attrs_opt '=' const_expr
                                      { $$ = xcalloc(1, sizeof *$$); $$->loc = @1; $$->name = $1; $$->attrs = $2; $$->value = $4; parser_declare(p, $1, false); }
  ;

attrs
  : attribute                         { $$ = vec1($1); }
  | attrs attribute                   { $$ = vec_add($1, $2); }
  ;

attrs_opt
  : %empty                            { $$ = (Vec){0}; }
  | attrs
  ;

init_declarators
  : init_declarator                   { $$ = vec1($1); }
  | init_declarators ',' init_declarator
                                      { $$ = vec_add($1, $3); }
  ;

pinit_declarators
  : pinit_declarator                  { $$ = vec1($1); }
  | pinit_declarators ',' pinit_declarator
                                      { $$ = vec_add($1, $3); }
  ;

declarator_declared
  : declarator                        { $$ = $1; declare_declarator(p, $1); }
  ;

pdeclarator_declared
  : pdeclarator                       { $$ = $1; declare_declarator(p, $1); }
  ;

fn_declarator
  : declarator                        { $$ = $1; p->fn_dtor = $1; }
  ;

asm_label_opt
  : %empty                            { $$ = NULL; }
  | ASM
  ;

init_declarator
  : declarator_declared init_tail     { $$ = named($2, $1, @1); }
  ;

pinit_declarator
  : pdeclarator_declared init_tail    { $$ = named($2, $1, @1); }
  ;

init_tail
  : asm_label_opt attrs_opt           { $$ = init_decl(@$, NULL, $1, $2, NULL); }
  | asm_label_opt attrs_opt '=' initializer
                                      { $$ = init_decl(@$, NULL, $1, $2, $4); }
  ;

/* Declarators: the name may be a typedef name at the outer level only. */
declarator
  : pointer direct_declarator         { $$ = attach($1, $2); }
  | direct_declarator
  ;

direct_declarator
  : any_ident                         { $$ = mk_ident_declarator(@1, $1); }
  | paren_declarator
  | direct_declarator array_suffix    { $$ = suffix($1, $2); }
  | direct_declarator func_suffix     { $$ = suffix($1, $2); }
  | direct_declarator '(' ident_list ')'
                                      { $$ = suffix($1, func_suffix(@2, $3, false, true)); }
  ;

pdeclarator
  : pointer pdirect                   { $$ = attach($1, $2); }
  | pdirect
  ;

pdirect
  : IDENTIFIER                        { $$ = mk_ident_declarator(@1, $1); }
  | paren_declarator
  | pdirect array_suffix              { $$ = suffix($1, $2); }
  | pdirect func_suffix               { $$ = suffix($1, $2); }
  | pdirect '(' ident_list ')'        { $$ = suffix($1, func_suffix(@2, $3, false, true)); }
  ;

/* GNU C: a nested declarator may begin with attributes (GCC manual,
 * "Attribute Syntax"), kept in the DK_PAREN's quals. */
paren_declarator
  : '(' pdeclarator ')'               { $$ = mk_declarator(DK_PAREN, @1, $2); }
  | '(' attrs pdeclarator ')'         { $$ = mk_declarator(DK_PAREN, @1, $3); $$->quals = $2; }
  ;

pointer
  : '*' quals_opt                     { Declarator *d = mk_declarator(DK_POINTER, @1, NULL); d->quals = $2; $$ = (Pointer){d, d}; }
  | '*' quals_opt pointer             { Declarator *d = mk_declarator(DK_POINTER, @1, $3.head); d->quals = $2; $$ = (Pointer){d, $3.tail}; }
  ;

quals_opt
  : %empty                            { $$ = (Vec){0}; }
  | quals
  ;

quals
  : qual_item                         { $$ = vec1($1); }
  | quals qual_item                   { $$ = vec_add($1, $2); }
  ;

qual_item
  : QUAL
  | ATOMIC
  | attribute
  ;

array_suffix
  : '[' ']'                           { $$ = array_suffix(@1, (Vec){0}, false, NULL, false); }
  | '[' assign_expr ']'               { $$ = array_suffix(@1, (Vec){0}, false, $2, false); }
  | '[' quals ']'                 { $$ = array_suffix(@1, $2, false, NULL, false); }
  | '[' quals assign_expr ']'     { $$ = array_suffix(@1, $2, false, $3, false); }
  | '[' STATIC assign_expr ']'        { $$ = array_suffix(@1, (Vec){0}, true, $3, false); }
  | '[' STATIC quals assign_expr ']'
                                      { $$ = array_suffix(@1, $3, true, $4, false); }
  | '[' quals STATIC assign_expr ']'
                                      { $$ = array_suffix(@1, $2, true, $4, false); }
  | '[' '*' ']'                       { $$ = array_suffix(@1, (Vec){0}, false, NULL, true); }
  | '[' quals '*' ']'             { $$ = array_suffix(@1, $2, false, NULL, true); }
  ;

func_suffix
  : '(' ')'                           { $$ = func_suffix(@1, (Vec){0}, false, false); }
  | '(' param_list ')'                { $$ = func_suffix(@1, $2, false, false); }
  | '(' param_list ',' ELLIPSIS ')'   { $$ = func_suffix(@1, $2, true, false); }
  ;

param_list
  : param_decl                        { $$ = vec1($1); }
  | param_list ',' param_decl         { $$ = vec_add($1, $3); }
  ;

param_decl
  : decl_specs declarator attrs_opt   { $$ = param(@1, $1, add_attrs($2, $3)); }
  | decl_specs                        { $$ = param(@1, $1, NULL); }
  | decl_specs param_abstract         { $$ = param(@1, $1, $2); }
  | implicit_specs pdeclarator attrs_opt
                                      { $$ = param(@1, $1, add_attrs($2, $3)); }
  | implicit_specs                    { $$ = param(@1, $1, NULL); }
  | implicit_specs param_abstract     { $$ = param(@1, $1, $2); }
  ;

/* GNU C: attributes may follow a parameter's abstract declarator too
 * (after a pointer they are among its quals). */
param_abstract
  : abstract_declarator
  | abstract_suffixed attrs           { $$ = add_attrs($1, $2); }
  ;

ident_list
  : IDENTIFIER                        { Param *pm = param(@1, NULL, NULL); pm->kr_name = $1; $$ = vec1(pm); }
  | ident_list ',' IDENTIFIER         { Param *pm = param(@3, NULL, NULL); pm->kr_name = $3; $$ = vec_add($1, pm); }
  ;

type_name
  : decl_specs                        { $$ = mk_type_name(@1, $1, NULL); }
  | decl_specs abstract_declarator    { $$ = mk_type_name(@1, $1, $2); }
  | implicit_specs                    { $$ = mk_type_name(@1, $1, NULL); }
  | implicit_specs abstract_declarator
                                      { $$ = mk_type_name(@1, $1, $2); }
  ;

abstract_declarator
  : pointer                           { $$ = attach($1, abstract_name(@1)); }
  | abstract_suffixed
  ;

abstract_suffixed
  : pointer direct_abstract           { $$ = attach($1, $2); }
  | direct_abstract
  ;

direct_abstract
  : '(' abstract_declarator ')'      { $$ = mk_declarator(DK_PAREN, @1, $2); }
  | '(' attrs abstract_declarator ')' { $$ = mk_declarator(DK_PAREN, @1, $3); $$->quals = $2; }
  | array_suffix                      { $$ = suffix(abstract_name(@1), $1); }
  | func_suffix                       { $$ = suffix(abstract_name(@1), $1); }
  | direct_abstract array_suffix      { $$ = suffix($1, $2); }
  | direct_abstract func_suffix       { $$ = suffix($1, $2); }
  ;

initializer
  : assign_expr                       { $$ = mk_init_expr($1); }
  | '{' init_items '}'                { $$ = init_list(@1, $2, false); }
  | '{' init_items ',' '}'            { $$ = init_list(@1, $2, true); }
  | '{' '}'                           { $$ = init_list(@1, (Vec){0}, false); }
  ;

init_items
  : init_item                         { $$ = vec1($1); }
  | init_items ',' init_item          { $$ = vec_add($1, $3); }
  ;

init_item
  : initializer                       { $$ = init_item(@1, (Vec){0}, $1); }
  | designators '=' initializer       { $$ = init_item(@1, $1, $3); }
  | '[' const_expr ']' initializer    { $$ = init_item(@1, vec1(designator(@1, DES_INDEX, NULL, $2, NULL)), $4); $$->no_equals = true; }
  | IDENTIFIER ':' initializer        { $$ = init_item(@1, vec1(designator(@1, DES_FIELD, $1, NULL, NULL)), $3); $$->gnu_colon = true; }
  ;

designators
  : designator                        { $$ = vec1($1); }
  | designators designator            { $$ = vec_add($1, $2); }
  ;

designator
  : '[' const_expr ']'                { $$ = designator(@1, DES_INDEX, NULL, $2, NULL); }
  | '[' const_expr ELLIPSIS const_expr ']'
                                      { $$ = designator(@1, DES_RANGE, NULL, $2, $4); }
  | '.' any_ident                     { $$ = designator(@1, DES_FIELD, $2, NULL, NULL); }
  ;

function_def
  : decl_start fn_declarator fn_begin fn_body
                                      { $$ = funcdef(p, @1, $1, @2, $2, (Vec){0}, $4); }
  | decl_start fn_declarator kr_decls fn_begin fn_body
                                      { $$ = funcdef(p, @1, $1, @2, $2, $3, $5); }
  | implicit_start pdeclarator kr_fn_decls fn_begin fn_body
                                      { $$ = funcdef(p, @1, $1, @2, $2, $3, $5); }
  | EXTENSION function_def            { $$ = $2; $$->extension++; }
  ;

/* A body the token layer kept as text (LAZY_BODY: an S_VERBATIM). */
fn_body
  : compound
  | LAZY_BODY
  ;

/* Old programs' declarations with no specifiers at all (implicit int,
 * C90), at file scope: empty specifiers; the name must be a plain
 * identifier. */
implicit_int
  : %empty                            { $$ = mk_specs(@$); td_push(p, $$); }
  ;

/* The function's declarator is the symbol before fn_begin, or before the
 * K&R declarations. */
fn_begin
  : %empty                            { begin_function(p, p->fn_dtor); }
  ;

kr_fn_decls
  : %empty                            { $$ = (Vec){0}; p->fn_dtor = $<dtor>0; }
  | kr_decls                          { $$ = $1; p->fn_dtor = $<dtor>0; }
  ;

/* K&R parameter declarations; they must not start with an attribute, which
 * would instead belong to a declaration's declarator. */
kr_decls
  : kr_decl                           { $$ = vec1($1); }
  | kr_decls kr_decl                  { $$ = vec_add($1, $2); }
  ;

kr_decl
  : ds_typed kr_declarators ';'       { $$ = mk_var_decl(@1, $1, $2); }
  | ds_notype kr_pdeclarators ';'     { $$ = mk_var_decl(@1, $1, $2); }
  ;

kr_declarators
  : declarator                        { $$ = vec1(init_decl(@1, $1, NULL, (Vec){0}, NULL)); }
  | kr_declarators ',' declarator     { $$ = vec_add($1, init_decl(@3, $3, NULL, (Vec){0}, NULL)); }
  ;

kr_pdeclarators
  : pdeclarator                       { $$ = vec1(init_decl(@1, $1, NULL, (Vec){0}, NULL)); }
  | kr_pdeclarators ',' pdeclarator   { $$ = vec_add($1, init_decl(@3, $3, NULL, (Vec){0}, NULL)); }
  ;

/* ------------------------------------------------------------ statements */

statement
  : labeled_stmt
  | compound
  | expr_stmt
  | selection_stmt
  | iteration_stmt
  | jump_stmt
  | omp_stmt
  | ASM ';'                           { $$ = stmt_text(S_ASM, @1, $1); }
  | PRAGMA                            { $$ = stmt_text(S_PRAGMA, @1, $1); }
  ;

omp_stmt
  : OMP_CONSTRUCT statement           { $$ = mk_stmt(S_OMP, @1); $$->omp = $1; $$->body = $2; }
  | OMP_STANDALONE                    { $$ = mk_stmt(S_OMP, @1); $$->omp = $1; }
  | OMP_DECLARATIVE                   { $$ = mk_stmt(S_OMP, @1); $$->omp = $1; }
  ;

labeled_stmt
  : IDENTIFIER ':' statement          { $$ = stmt_text(S_LABEL, @1, $1); $$->body = substatement($3); }
  | CASE const_expr ':' statement     { $$ = stmt_e(S_CASE, @1, $2, substatement($4)); }
  | CASE const_expr ELLIPSIS const_expr ':' statement
                                      { $$ = stmt_e(S_CASE, @1, $2, substatement($6)); $$->expr2 = $4; }
  | DEFAULT ':' statement             { $$ = stmt_e(S_DEFAULT, @1, NULL, substatement($3)); }
  ;

lbrace
  : '{'                               { parser_push_scope(p); }
  ;

compound
  : lbrace block_items '}'            { $$ = mk_compound(@1, $2); $$->end = @3; parser_pop_scope(p); }
  | lbrace '}'                        { $$ = mk_compound(@1, (Vec){0}); $$->end = @2; parser_pop_scope(p); }
  | lbrace local_labels block_items '}'
                                      { Vec v = $2; for (int i = 0; i < $3.len; i++) vec_push(&v, $3.items[i]);
                                        $$ = mk_compound(@1, v); $$->end = @4; parser_pop_scope(p); }
  | lbrace local_labels '}'           { $$ = mk_compound(@1, $2); $$->end = @3; parser_pop_scope(p); }
  ;

local_labels
  : LABEL_KW ident_list ';'           { Stmt *s = mk_stmt(S_LOCAL_LABEL, @1);
                                        for (int i = 0; i < $2.len; i++) vec_push(&s->names, (void *)((Param *)$2.items[i])->kr_name);
                                        $$ = vec1(s); }
  | local_labels LABEL_KW ident_list ';'
                                      { Stmt *s = mk_stmt(S_LOCAL_LABEL, @2);
                                        for (int i = 0; i < $3.len; i++) vec_push(&s->names, (void *)((Param *)$3.items[i])->kr_name);
                                        $$ = vec_add($1, s); }
  ;

block_items
  : block_item                        { $$ = vec1($1); }
  | block_items block_item            { $$ = vec_add($1, $2); }
  ;

block_item
  : declaration                       { $$ = mk_decl_stmt($1); }
  | function_def                      { $$ = mk_decl_stmt($1); } /* GNU nested function */
  | statement
  ;

expr_stmt
  : ';'                               { $$ = mk_stmt(S_EXPR, @1); }
  | expr ';'                          { $$ = mk_expr_stmt(@1, $1); }
  | attribute ';'                     { $$ = mk_stmt(S_EXPR, @1); vec_push(&$$->attrs, $1); }
  ;

selection_stmt
  : IF '(' expr ')' statement         { $$ = mk_if(@1, $3, substatement($5), NULL); }
  | IF '(' expr ')' statement ELSE statement
                                      { $$ = mk_if(@1, $3, substatement($5), substatement($7)); }
  | SWITCH '(' expr ')' statement     { $$ = stmt_e(S_SWITCH, @1, $3, substatement($5)); }
  ;

for_lp
  : FOR '('                           { parser_push_scope(p); }
  ;

for_init
  : expr_opt ';'                      { $$ = mk_expr_stmt(@1, $1); if (!$1) $$->loc = @2; }
  | declaration                       { $$ = mk_decl_stmt($1); }
  ;

iteration_stmt
  : WHILE '(' expr ')' statement      { $$ = stmt_e(S_WHILE, @1, $3, substatement($5)); }
  | DO statement WHILE '(' expr ')' ';'
                                      { $$ = stmt_e(S_DO, @1, $5, substatement($2)); }
  | for_lp for_init expr_opt ';' expr_opt ')' statement
                                      { $$ = stmt_e(S_FOR, @1, $3, substatement($7)); $$->init = $2; $$->expr2 = $5; parser_pop_scope(p); }
  ;

jump_stmt
  : GOTO any_ident ';'                { $$ = stmt_text(S_GOTO, @1, $2); }
  | GOTO '*' expr ';'                 { $$ = stmt_e(S_GOTO, @1, $3, NULL); }
  | CONTINUE ';'                      { $$ = mk_stmt(S_CONTINUE, @1); }
  | BREAK ';'                         { $$ = mk_stmt(S_BREAK, @1); }
  | RETURN expr_opt ';'               { $$ = stmt_e(S_RETURN, @1, $2, NULL); }
  ;

%%

/* Syntax errors in the style of the C compilers:
 *   expected ';' before '}'     expected ')' or ',' before 'x'
 *   expected expression before ';'     unknown type name 'x'
 * Up to three expected tokens are named; with more, the most telling one
 * (an expression, a declarator, ';', a closing bracket), else the
 * unexpected token. */
static bool expects(const yysymbol_kind_t *exp, int n, yysymbol_kind_t k)
{
  for (int i = 0; i < n; i++)
    if (exp[i] == k)
      return true;
  return false;
}

static void expected_text(StrBuf *b, const yysymbol_kind_t *exp, int n, bool at_eof)
{
  static const int closers[] = {';', ')', ']', '}', ':'};
  if (n > 0 && n <= 3) {
    sb_puts(b, "expected ");
    for (int i = 0; i < n; i++)
      sb_printf(b, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ", yysymbol_name(exp[i]));
    return;
  }
  if (at_eof && expects(exp, n, YYTRANSLATE('}'))) {
    sb_puts(b, "expected '}'");
    return;
  }
  if (expects(exp, n, YYSYMBOL_INT_LIT)) {
    sb_puts(b, "expected expression");
    return;
  }
  if (expects(exp, n, YYTRANSLATE(';')) &&
      (expects(exp, n, YYTRANSLATE(',')) || expects(exp, n, YYTRANSLATE('=')))) {
    sb_puts(b, "expected ';'"); /* after a declarator or an expression */
    return;
  }
  if (expects(exp, n, YYSYMBOL_TYPE_KW)) { /* where a declaration may start */
    if (expects(exp, n, YYSYMBOL_IDENTIFIER) && expects(exp, n, YYTRANSLATE('(')))
      sb_puts(b, "expected identifier or '('");
    return;
  }
  for (size_t k = 0; k < sizeof closers / sizeof *closers; k++)
    if (expects(exp, n, YYTRANSLATE(closers[k]))) {
      sb_printf(b, "expected '%c'", closers[k]);
      return;
    }
}

/* A specifier that leaves the type to come (or to implicit int). */
static bool no_type_yet(int kind)
{
  return kind == STORAGE || kind == STATIC || kind == QUAL || kind == ATOMIC ||
         kind == FUNC_SPEC || kind == ATTRIBUTE;
}

static int yyreport_syntax_error(const yypcontext_t *ctx, Parser *p)
{
  yysymbol_kind_t exp[YYNTOKENS];
  int n = yypcontext_expected_tokens(ctx, exp, YYNTOKENS);
  yysymbol_kind_t tok = yypcontext_token(ctx);
  Loc loc = *yypcontext_location(ctx);
  const char *text = p->last_text ? p->last_text : "";
  /* x y at the start of a declaration, or after specifiers with no type
   * (const x y): x is used as a type (prev2_kind is 0 at the start of the
   * input, which strchr finds too) */
  if (tok == YYSYMBOL_IDENTIFIER && p->prev_kind == IDENTIFIER &&
      (strchr(";{}(,", p->prev2_kind) || no_type_yet(p->prev2_kind)))
    syntax_fatal(p, p->prev_loc, "unknown type name '%s'", p->prev_text);
  if (tok == YYSYMBOL_IDENTIFIER && expects(exp, n, YYSYMBOL_TYPEDEF_NAME) &&
      !expects(exp, n, YYSYMBOL_IDENTIFIER))
    syntax_fatal(p, loc, "unknown type name '%s'", text);
  StrBuf b = {0};
  expected_text(&b, exp, n < 0 ? 0 : n, tok == YYSYMBOL_YYEOF);
  if (tok == YYSYMBOL_YYEOF)
    sb_puts(&b, b.len ? " at end of input" : "unexpected end of input");
  else if (b.len)
    sb_printf(&b, " before '%s'", text);
  else
    sb_printf(&b, "unexpected '%s'", text);
  syntax_fatal(p, loc, "%s", sb_take(&b));
}

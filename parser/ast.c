/* ast.c - node builders and small queries on the syntax tree (ast.h). */
#include "ast.h"

#include <string.h>

const char *const op_spelling[OP_COUNT] = {
#define X(k, s) [k] = s,
    OP_LIST(X)
#undef X
};

const char *const expr_kind_name[E_KIND_COUNT] = {
#define X(k) [k] = #k,
    EXPR_KINDS(X)
#undef X
};

const unsigned char expr_union[E_KIND_COUNT] = {
    [E_INDEX] = EU_OPERANDS, [E_SECTION] = EU_OPERANDS, [E_BINARY] = EU_OPERANDS,
    [E_ASSIGN] = EU_OPERANDS, [E_COND] = EU_OPERANDS,
    [E_CALL] = EU_ARGS, [E_BUILTIN_TYPE] = EU_ARGS,
    [E_GENERIC] = EU_ASSOCS, [E_COMPOUND_LIT] = EU_INIT,
    [E_STMT_EXPR] = EU_STMT, [E_IDENT] = EU_SYM,
};

const char *const stmt_kind_name[S_KIND_COUNT] = {
#define X(k) [k] = #k,
    STMT_KINDS(X)
#undef X
};

static const char *const keyword_names[KW_COUNT] = {
    [KW_NONE] = "", [KW_TYPEDEF] = "typedef", [KW_EXTERN] = "extern",
    [KW_STATIC] = "static", [KW_AUTO] = "auto", [KW_REGISTER] = "register",
    [KW_THREAD_LOCAL] = "_Thread_local", [KW_CONST] = "const",
    [KW_VOLATILE] = "volatile", [KW_RESTRICT] = "restrict",
    [KW_ATOMIC] = "_Atomic", [KW_INLINE] = "inline",
    [KW_NORETURN] = "_Noreturn", [KW_VOID] = "void", [KW_CHAR] = "char",
    [KW_SHORT] = "short", [KW_INT] = "int", [KW_LONG] = "long",
    [KW_FLOAT] = "float", [KW_DOUBLE] = "double", [KW_SIGNED] = "signed",
    [KW_UNSIGNED] = "unsigned", [KW_BOOL] = "_Bool", [KW_COMPLEX] = "_Complex",
    [KW_IMAGINARY] = "_Imaginary", [KW_INT128] = "__int128",
    [KW_FLOAT16] = "_Float16", [KW_FLOAT32] = "_Float32",
    [KW_FLOAT64] = "_Float64", [KW_FLOAT128] = "_Float128",
    [KW_FLOAT32X] = "_Float32x", [KW_FLOAT64X] = "_Float64x",
    [KW_FLOAT128X] = "_Float128x", [KW_BFLOAT16] = "__bf16",
    [KW_FLOAT80] = "__float80", [KW_DECIMAL32] = "_Decimal32",
    [KW_DECIMAL64] = "_Decimal64", [KW_DECIMAL128] = "_Decimal128",
    [KW_VA_LIST] = "__builtin_va_list",
    [KW_AUTO_TYPE] = "__auto_type", [KW_STRUCT] = "struct",
    [KW_UNION] = "union", [KW_ENUM] = "enum",
};

const char *keyword_name(Keyword kw)
{
  return kw < KW_COUNT && keyword_names[kw] ? keyword_names[kw] : "";
}

Expr *mk_expr(ExprKind kind, Loc loc)
{
  Expr *e = NEW(Expr);
  e->kind = kind;
  e->loc = loc;
  return e;
}

Expr *mk_ident(Loc loc, const char *name)
{
  Expr *e = mk_expr(E_IDENT, loc);
  e->text = intern(name);
  return e;
}

Expr *mk_int(Loc loc, const char *spelling)
{
  Expr *e = mk_expr(E_INT, loc);
  e->text = intern(spelling);
  return e;
}

Expr *mk_paren(Loc loc, Expr *a)
{
  Expr *e = mk_expr(E_PAREN, loc);
  e->a = a;
  return e;
}

Expr *mk_unary(Loc loc, OpKind op, Expr *a)
{
  Expr *e = mk_expr(E_UNARY, loc);
  e->op = op;
  e->a = a;
  return e;
}

Expr *mk_binary(Loc loc, OpKind op, Expr *a, Expr *b)
{
  Expr *e = mk_expr(E_BINARY, loc);
  e->op = op;
  e->a = a;
  e->b = b;
  return e;
}

Expr *mk_assign(Loc loc, OpKind op, Expr *a, Expr *b)
{
  Expr *e = mk_binary(loc, op, a, b);
  e->kind = E_ASSIGN;
  return e;
}

Expr *mk_call(Loc loc, Expr *fn, Vec args)
{
  Expr *e = mk_expr(E_CALL, loc);
  e->a = fn;
  e->args = args;
  return e;
}

Expr *mk_index(Loc loc, Expr *a, Expr *i)
{
  Expr *e = mk_expr(E_INDEX, loc);
  e->a = a;
  e->b = i;
  return e;
}

Expr *mk_member(Loc loc, Expr *a, const char *name, bool arrow)
{
  Expr *e = mk_expr(arrow ? E_ARROW : E_MEMBER, loc);
  e->a = a;
  e->text = intern(name);
  return e;
}

Stmt *mk_stmt(StmtKind kind, Loc loc)
{
  Stmt *s = NEW(Stmt);
  s->kind = kind;
  s->loc = loc;
  return s;
}

Stmt *mk_expr_stmt(Loc loc, Expr *e)
{
  Stmt *s = mk_stmt(S_EXPR, loc);
  s->expr = e;
  return s;
}

Stmt *mk_compound(Loc loc, Vec items)
{
  Stmt *s = mk_stmt(S_COMPOUND, loc);
  s->items = items;
  return s;
}

Stmt *mk_if(Loc loc, Expr *cond, Stmt *then, Stmt *else_)
{
  Stmt *s = mk_stmt(S_IF, loc);
  s->expr = cond;
  s->body = then;
  s->else_ = else_;
  return s;
}

Stmt *mk_decl_stmt(Decl *d)
{
  Stmt *s = mk_stmt(S_DECL, d->loc);
  s->decl = d;
  return s;
}

Decl *mk_decl(DeclKind kind, Loc loc)
{
  Decl *d = NEW(Decl);
  d->kind = kind;
  d->loc = loc;
  return d;
}

DeclSpecs *mk_specs(Loc loc)
{
  DeclSpecs *s = NEW(DeclSpecs);
  s->loc = loc;
  return s;
}

Spec *mk_spec(SpecKind kind, Loc loc, Keyword kw, const char *text)
{
  Spec *s = NEW(Spec);
  s->kind = kind;
  s->loc = loc;
  s->kw = kw;
  s->text = text ? intern(text) : NULL;
  return s;
}

Declarator *mk_declarator(DeclaratorKind kind, Loc loc, Declarator *inner)
{
  Declarator *d = NEW(Declarator);
  d->kind = kind;
  d->loc = loc;
  d->inner = inner;
  return d;
}

Declarator *mk_ident_declarator(Loc loc, const char *name)
{
  Declarator *d = mk_declarator(DK_IDENT, loc, NULL);
  d->name = name ? intern(name) : NULL;
  return d;
}

InitDecl *mk_init_decl(Loc loc, Declarator *d, Init *init)
{
  InitDecl *id = NEW(InitDecl);
  id->loc = loc;
  id->decl = d;
  id->init = init;
  return id;
}

TypeName *mk_type_name(Loc loc, DeclSpecs *specs, Declarator *abstract)
{
  TypeName *t = NEW(TypeName);
  t->loc = loc;
  t->specs = specs;
  t->decl = abstract;
  return t;
}

Init *mk_init_expr(Expr *e)
{
  Init *i = NEW(Init);
  i->loc = e->loc;
  i->expr = e;
  return i;
}

Declarator *declarator_ident(Declarator *d)
{
  while (d && d->kind != DK_IDENT)
    d = d->inner;
  return d;
}

const char *declarator_name(const Declarator *d)
{
  Declarator *id = declarator_ident((Declarator *)d);
  return id ? id->name : NULL;
}

Declarator *declarator_func(Declarator *d)
{
  Declarator *found = NULL;
  for (; d; d = d->inner) {
    if (d->kind == DK_FUNC) {
      Declarator *in = d->inner;
      while (in && in->kind == DK_PAREN)
        in = in->inner;
      if (in && in->kind == DK_IDENT)
        found = d;
    }
  }
  return found;
}

bool specs_has(const DeclSpecs *s, Keyword kw)
{
  if (!s)
    return false;
  for (int i = 0; i < s->specs.len; i++)
    if (((Spec *)s->specs.items[i])->kw == kw)
      return true;
  return false;
}

Expr *expr_unparen(Expr *e)
{
  while (e && e->kind == E_PAREN)
    e = e->a;
  return e;
}

void decl_vars(const Decl *d, Vec *into)
{
  InitDecl *id;
  if (d->kind == D_VAR)
    VEC_EACH(InitDecl *, id, d->decls)
      if (id->sym)
        vec_push(into, id->sym);
}

Stmt **stmt_list(Stmt **slot, int *n)
{
  if (!*slot) {
    *n = 0;
    return slot;
  }
  if ((*slot)->kind != S_COMPOUND) {
    *n = 1;
    return slot;
  }
  *n = (*slot)->items.len;
  return (Stmt **)(*slot)->items.items;
}

Decl *tu_find_funcdef(const TransUnit *tu, const char *name)
{
  Decl *d;
  VEC_EACH(Decl *, d, tu->decls)
    if (d->kind == D_FUNCDEF && d->func && declarator_name(d->func->decl) == name)
      return d;
  return NULL;
}

static bool loc_after(Loc a, Loc b)
{
  return a.file == b.file && (a.line > b.line || (a.line == b.line && a.col > b.col));
}

bool loc_nearer(Loc cand, const Loc *best, Loc at)
{
  bool before = !loc_after(cand, at), best_before = best && !loc_after(*best, at);
  return !best || (before && (!best_before || loc_after(cand, *best)));
}

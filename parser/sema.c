/* sema.c - scopes, symbols and types of a whole translation unit.
 *
 * One walk over the tree in source order.  Scopes follow C11 6.2.1: the
 * file scope, a prototype scope for each parameter list (kept open as the
 * outermost block of a function definition), a block for each compound
 * statement and each for statement.  Ordinary identifiers and tags live
 * in two name spaces.  Each name space is one hash table from the
 * (interned) name to its innermost visible Symbol; a Symbol remembers the
 * binding it shadows, and a Scope the symbols it bound, so leaving a scope
 * restores the outer bindings in time proportional to what it declared.
 *
 * Types are built from DeclSpecs plus a Declarator walked from the outside
 * in (ast.h: int *a[3] is POINTER(ARRAY(IDENT a, 3)), so the pointer is
 * applied to int first, then the array).  Expression types follow C11
 * 6.5 where they are easy to know; anything unclear is left NULL.  The
 * pass never reports an error on C: the parser accepts what gcc accepts
 * and sema must not be stricter.  The only error is an OpenMP clause that
 * names no visible variable (OpenMP 4.5 2.15: list items are variables).
 */
#include "sema.h"

#include <stdlib.h>
#include <string.h>

#include "omp.h"
#include "print.h"
#include "walk.h"

const char *const sym_kind_name[] = {
#define X(k, s) [k] = s,
    SYM_KINDS(X)
#undef X
};

const char *const storage_name[] = {
#define X(k, s) [k] = s,
    STORAGE_KINDS(X)
#undef X
};

/* ---------------------------------------------------------------- tables */

typedef struct Table {
  const char **keys;
  Symbol **vals;
  int cap, len;
} Table;

typedef struct Scope {
  Vec ord, tags; /* Symbol* bound in this scope, in order */
  struct Scope *up;
  int depth;
} Scope;

typedef struct Sema {
  Table ord, tags;
  Scope *scope;
  Scope *free_scopes; /* popped, for push_scope to reuse */
  const char *where;   /* "'map' clause": what is being resolved, for messages */
  bool omp_lenient;    /* names that need not resolve (see resolve_pending) */
  Vec pending;         /* OmpDir*: declare simd/variant awaiting their function */
  long pack;           /* #pragma pack: current maximum alignment, 0 none */
  Vec pack_stack;      /* pushed values of pack, as intptr_t */
} Sema;

/* Symbols in declaration order, for sema_dump_all_symbols. */
static Vec all_symbols;

/* The file scope at the end of sema_trans_unit, for sema_expand_funcdef. */
static Sema *file_sema;

static unsigned hash_ptr(const void *p)
{
  uintptr_t x = (uintptr_t)p;
  x ^= x >> 17;
  x *= 0x9E3779B97F4A7C15ull;
  return (unsigned)(x >> 32);
}

static int table_slot(const Table *t, const char *key)
{
  unsigned i = hash_ptr(key) & (unsigned)(t->cap - 1);
  while (t->keys[i] && t->keys[i] != key)
    i = (i + 1) & (unsigned)(t->cap - 1);
  return (int)i;
}

static void table_put(Table *t, const char *key, Symbol *val);

static void table_grow(Table *t)
{
  Table old = *t;
  t->cap = old.cap ? old.cap * 2 : 1024;
  t->len = 0;
  t->keys = xcalloc((size_t)t->cap, sizeof *t->keys);
  t->vals = xcalloc((size_t)t->cap, sizeof *t->vals);
  for (int i = 0; i < old.cap; i++)
    if (old.keys[i])
      table_put(t, old.keys[i], old.vals[i]);
  free(old.keys);
  free(old.vals);
}

static void table_put(Table *t, const char *key, Symbol *val)
{
  if (2 * (t->len + 1) > t->cap)
    table_grow(t);
  int i = table_slot(t, key);
  if (!t->keys[i]) {
    t->keys[i] = key;
    t->len++;
  }
  t->vals[i] = val;
}

static Symbol *table_get(const Table *t, const char *key)
{
  if (!t->cap || !key)
    return NULL;
  int i = table_slot(t, key);
  return t->keys[i] ? t->vals[i] : NULL;
}

/* ---------------------------------------------------------------- scopes */

/* Popped scopes are kept for reuse: every prototype opens one. */
static void push_scope(Sema *s)
{
  Scope *sc = s->free_scopes;
  if (sc) {
    s->free_scopes = sc->up;
    sc->ord.len = sc->tags.len = 0;
  } else
    sc = xcalloc(1, sizeof *sc);
  sc->up = s->scope;
  sc->depth = s->scope ? s->scope->depth + 1 : 0;
  s->scope = sc;
}

static void unbind(Table *t, Vec *syms)
{
  for (int i = syms->len - 1; i >= 0; i--) {
    Symbol *sym = syms->items[i];
    table_put(t, sym->name, sym->shadowed);
  }
}

static void pop_scope(Sema *s)
{
  Scope *sc = s->scope;
  unbind(&s->ord, &sc->ord);
  unbind(&s->tags, &sc->tags);
  s->scope = sc->up;
  sc->up = s->free_scopes;
  s->free_scopes = sc;
}

static int depth(Sema *s) { return s->scope->depth; }

static SemaLookupHook *lookup_hook;

void sema_set_lookup_hook(SemaLookupHook *hook) { lookup_hook = hook; }

/* Lookups that may reach the file scope first let the parser expand the
 * lazy declarations of the name (sema_set_lookup_hook), so they find what
 * full parsing would have declared. */
static const char *expand(const char *name)
{
  name = intern(name);
  if (lookup_hook)
    lookup_hook(name);
  return name;
}

static Symbol *lookup(Sema *s, const char *name) { return table_get(&s->ord, expand(name)); }
static Symbol *lookup_tag(Sema *s, const char *name) { return table_get(&s->tags, expand(name)); }

/* The binding of name in the current scope itself, if any. */
static Symbol *lookup_here(Sema *s, Table *t, const char *name)
{
  Symbol *sym = table_get(t, depth(s) == 0 ? expand(name) : intern(name));
  return sym && sym->depth == depth(s) ? sym : NULL;
}

/* Put the bindings of syms back (unbind undone), over what the tables
 * hold now. */
static void rebind(Table *t, Vec *syms)
{
  Symbol *sym;
  VEC_EACH(Symbol *, sym, *syms) {
    sym->shadowed = table_get(t, sym->name);
    table_put(t, sym->name, sym);
  }
}

static void rebind_scopes(Sema *s, Scope *sc)
{
  if (!sc->up)
    return;
  rebind_scopes(s, sc->up);
  rebind(&s->ord, &sc->ord);
  rebind(&s->tags, &sc->tags);
}

static Symbol *bind(Sema *s, bool tag, const char *name, SymKind kind, Loc loc)
{
  Symbol *sym = node_alloc(sizeof *sym);
  Table *t = tag ? &s->tags : &s->ord;
  sym->name = intern(name);
  sym->kind = kind;
  sym->loc = loc;
  sym->depth = depth(s);
  sym->shadowed = table_get(t, sym->name);
  table_put(t, sym->name, sym);
  vec_push(tag ? &s->scope->tags : &s->scope->ord, sym);
  vec_push(&all_symbols, sym);
  return sym;
}

/* ---------------------------------------------------------------- forward */

static Type *sema_expr(Sema *s, Expr *e);
static void sema_stmt(Sema *s, Stmt *st);
static void sema_decl(Sema *s, Decl *d);
static Type *sema_type_name(Sema *s, TypeName *tn);
static void sema_init(Sema *s, Init *init);
static void sema_omp(Sema *s, OmpDir *d);
static bool const_eval(Expr *e, long long *v);
static void resolve_pending(Sema *s, bool lenient);

/* ---------------------------------------------------------------- attributes
 * __attribute__ text as written: only the attributes that change a
 * layout matter here (packed, aligned, vector_size, mode). */

static const char *attr_find(const char *text, const char *name)
{
  size_t n = strlen(name);
  for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
    bool start = p == text || !(p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z'));
    const char *end = p + n;
    while (*end == '_')
      end++;
    bool stop = !((*end >= 'a' && *end <= 'z') || (*end >= '0' && *end <= '9'));
    if ((start || (p >= text + 2 && p[-1] == '_' && p[-2] == '_')) && stop)
      return end;
  }
  return NULL;
}

/* The number in "( N )" after an attribute name; -1 when absent, 0 when
 * not a plain number. */
static long attr_number(const char *after)
{
  while (*after == ' ')
    after++;
  if (*after != '(')
    return -1;
  char *end;
  long v = strtol(after + 1, &end, 0);
  while (*end == ' ')
    end++;
  return *end == ')' ? v : 0;
}

typedef struct Attrs {
  bool packed;
  long aligned;     /* 0 none */
  long vector_size; /* 0 none */
  const char *mode; /* text after mode( */
} Attrs;

static void attrs_scan(Attrs *a, const Vec *specs)
{
  Spec *sp;
  VEC_EACH(Spec *, sp, *specs) {
    if (sp->kind != SPEC_ATTR || !sp->text)
      continue;
    const char *p;
    if (attr_find(sp->text, "packed"))
      a->packed = true;
    if ((p = attr_find(sp->text, "aligned"))) {
      long n = attr_number(p);
      if (n != 0 && (n < 0 ? 16 : n) > a->aligned)
        a->aligned = n < 0 ? 16 : n;
    }
    if ((p = attr_find(sp->text, "vector_size")) && attr_number(p) > 0)
      a->vector_size = attr_number(p);
    if ((p = attr_find(sp->text, "mode")))
      a->mode = p;
  }
}

/* mode(QI) and friends: integer and float types by machine mode. */
static const struct { const char *mode; TypeKind s, u; } modes[] = {
    {"QI", TY_SCHAR, TY_UCHAR}, {"HI", TY_SHORT, TY_USHORT}, {"SI", TY_INT, TY_UINT},
    {"DI", TY_LONG, TY_ULONG},  {"TI", TY_INT128, TY_UINT128}, {"word", TY_LONG, TY_ULONG},
    {"pointer", TY_LONG, TY_ULONG}, {"SF", TY_FLOAT, TY_FLOAT}, {"DF", TY_DOUBLE, TY_DOUBLE},
    {"XF", TY_LDOUBLE, TY_LDOUBLE}, {"TF", TY_FLOAT128, TY_FLOAT128},
    {"SD", TY_DECIMAL32, TY_DECIMAL32}, {"DD", TY_DECIMAL64, TY_DECIMAL64},
    {"TD", TY_DECIMAL128, TY_DECIMAL128},
};

static Type *apply_mode(Type *t, const char *after)
{
  while (*after == ' ' || *after == '(')
    after++;
  while (*after == '_')
    after++;
  for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
    size_t n = strlen(modes[i].mode);
    if (!strncmp(after, modes[i].mode, n) && (after[n] == '_' || after[n] == ')' || after[n] == ' '))
      return type_qualified(type_basic(type_is_unsigned(t) ? modes[i].u : modes[i].s),
                            t ? t->quals : 0);
  }
  return t;
}

static Type *apply_attrs(Type *t, const Attrs *a)
{
  if (!t)
    return t;
  if (a->mode)
    t = apply_mode(t, a->mode);
  if (a->vector_size)
    t = type_vector(t, a->vector_size);
  if (a->aligned > type_align(t) && t->kind != TY_FUNC) {
    Type *c = node_alloc(sizeof *c);
    *c = *t;
    c->align = (int)a->aligned;
    t = c;
  }
  return t;
}

/* ---------------------------------------------------------------- specifiers */

typedef struct SpecInfo {
  Keyword storage;   /* KW_TYPEDEF, KW_EXTERN, KW_STATIC, KW_REGISTER, KW_AUTO */
  bool thread_local;
  bool auto_type;    /* __auto_type: the type comes from the initializer */
  long align;        /* _Alignas */
  Attrs attrs;
} SpecInfo;

/* Counts of the type keywords in one declaration's specifiers. */
typedef struct TypeWords {
  int n[KW_COUNT];
  Type *named;  /* typedef name, struct, typeof */
  bool unknown; /* one of those sema could not resolve */
  int quals;
} TypeWords;

static const struct { Keyword kw; int q; } qual_bits[] = {
    {KW_CONST, Q_CONST}, {KW_VOLATILE, Q_VOLATILE}, {KW_RESTRICT, Q_RESTRICT}, {KW_ATOMIC, Q_ATOMIC}};

static int qual_of(Keyword kw)
{
  for (size_t i = 0; i < sizeof qual_bits / sizeof qual_bits[0]; i++)
    if (qual_bits[i].kw == kw)
      return qual_bits[i].q;
  return 0;
}

static int quals_of(const Vec *specs)
{
  int q = 0;
  Spec *sp;
  VEC_EACH(Spec *, sp, *specs)
    if (sp->kind == SPEC_QUAL)
      q |= qual_of(sp->kw);
  return q;
}

/* Keywords that name a type on their own: kw -> kind. */
static const struct { Keyword kw; TypeKind k; } single_types[] = {
    {KW_VOID, TY_VOID},         {KW_BOOL, TY_BOOL},         {KW_FLOAT, TY_FLOAT},
    {KW_FLOAT16, TY_FLOAT16},   {KW_FLOAT32, TY_FLOAT32},   {KW_FLOAT64, TY_FLOAT64},
    {KW_FLOAT128, TY_FLOAT128}, {KW_FLOAT32X, TY_FLOAT32X}, {KW_FLOAT64X, TY_FLOAT64X},
    {KW_FLOAT128X, TY_FLOAT128X}, {KW_BFLOAT16, TY_BF16},   {KW_FLOAT80, TY_FLOAT80},
    {KW_DECIMAL32, TY_DECIMAL32}, {KW_DECIMAL64, TY_DECIMAL64}, {KW_DECIMAL128, TY_DECIMAL128},
    {KW_VA_LIST, TY_VA_LIST},
};

static TypeKind int_kind(const int *n)
{
  bool u = n[KW_UNSIGNED] > 0;
  if (n[KW_CHAR])
    return u ? TY_UCHAR : n[KW_SIGNED] ? TY_SCHAR : TY_CHAR;
  if (n[KW_SHORT])
    return u ? TY_USHORT : TY_SHORT;
  if (n[KW_INT128])
    return u ? TY_UINT128 : TY_INT128;
  if (n[KW_LONG] >= 2)
    return u ? TY_ULLONG : TY_LLONG;
  if (n[KW_LONG])
    return u ? TY_ULONG : TY_LONG;
  return u ? TY_UINT : TY_INT;
}

/* C11 6.7.2: the multiset of type keywords names one type. */
static Type *words_type(const TypeWords *w)
{
  const int *n = w->n;
  Type *t = w->named;
  if (w->unknown)
    return NULL;
  if (!t && n[KW_DOUBLE])
    t = type_basic(n[KW_LONG] ? TY_LDOUBLE : TY_DOUBLE);
  for (size_t i = 0; !t && i < sizeof single_types / sizeof single_types[0]; i++)
    if (n[single_types[i].kw])
      t = type_basic(single_types[i].k);
  if (!t && (n[KW_COMPLEX] || n[KW_IMAGINARY]) && !n[KW_CHAR] && !n[KW_SHORT] && !n[KW_INT] &&
      !n[KW_LONG] && !n[KW_SIGNED] && !n[KW_UNSIGNED] && !n[KW_INT128])
    t = type_basic(TY_DOUBLE);
  if (!t)
    t = type_basic(int_kind(n));
  if (n[KW_COMPLEX] && t && t->kind != TY_COMPLEX)
    t = type_complex(t);
  return type_qualified(t, w->quals);
}

static Type *struct_type(Sema *s, StructSpec *su, bool alone);

static Type *typeof_type(Sema *s, Spec *sp)
{
  if (sp->type)
    return sema_type_name(s, sp->type);
  return sema_expr(s, sp->expr); /* arrays stay arrays: no decay */
}

static void spec_word(Sema *s, Spec *sp, TypeWords *w, SpecInfo *info, bool alone)
{
  Symbol *sym;
  switch (sp->kind) {
  case SPEC_STORAGE:
    if (sp->kw == KW_THREAD_LOCAL)
      info->thread_local = true;
    else
      info->storage = sp->kw;
    break;
  case SPEC_QUAL: w->quals |= qual_of(sp->kw); break;
  case SPEC_TYPE:
    if (sp->kw == KW_AUTO_TYPE)
      info->auto_type = true;
    else if (sp->kw < KW_COUNT)
      w->n[sp->kw]++;
    break;
  case SPEC_TYPEDEF_NAME:
    sym = lookup(s, sp->text);
    w->named = sym && sym->kind == SYM_TYPEDEF ? sym->ty : NULL;
    w->unknown |= !w->named;
    break;
  case SPEC_STRUCT: w->named = struct_type(s, sp->su, alone); break;
  case SPEC_TYPEOF:
    w->named = typeof_type(s, sp);
    w->unknown |= !w->named;
    break;
  case SPEC_ATOMIC:
    w->named = sema_type_name(s, sp->type);
    w->unknown |= !w->named;
    w->quals |= Q_ATOMIC;
    break;
  case SPEC_ALIGNAS: {
    long long v = 0;
    if (sp->type)
      v = type_align(sema_type_name(s, sp->type));
    else if (sema_expr(s, sp->expr), !const_eval(sp->expr, &v))
      v = 0;
    if (v > info->align)
      info->align = (long)v;
    break;
  }
  default: break;
  }
}

/* The type the specifiers name.  alone: a declaration with no declarators
 * (struct s; declares a new tag in the current scope). */
static Type *specs_type(Sema *s, DeclSpecs *ds, SpecInfo *info, bool alone)
{
  TypeWords w;
  memset(&w, 0, sizeof w);
  memset(info, 0, sizeof *info);
  if (!ds)
    return type_basic(TY_INT);
  Spec *sp;
  VEC_EACH(Spec *, sp, ds->specs)
    spec_word(s, sp, &w, info, alone);
  attrs_scan(&info->attrs, &ds->specs);
  if (info->auto_type && !w.named)
    return NULL;
  return words_type(&w); /* no type word at all: implicit int */
}

/* ---------------------------------------------------------------- declarators */

static Type *param_type(Sema *s, Param *p);

/* A parameter list: its own prototype scope, kept open (keep) when it
 * is the parameter list of a function definition. */
static Type *func_type(Sema *s, Declarator *d, Type *ret, bool keep)
{
  Vec params = {0};
  Param *p;
  push_scope(s);
  bool proto = !d->kr && d->params.len > 0;
  VEC_EACH(Param *, p, d->params) {
    Type *t = param_type(s, p);
    if (p->specs && t && t->kind == TY_VOID && !p->decl && d->params.len == 1)
      break; /* (void) */
    vec_push(&params, t);
  }
  if (!keep)
    pop_scope(s);
  return type_func(ret, params, d->variadic, proto || d->variadic);
}

static Type *array_type(Sema *s, Declarator *d, Type *elem)
{
  long long n;
  if (!d->size)
    return type_array(elem, -1);
  sema_expr(s, d->size);
  if (const_eval(d->size, &n) && n >= 0)
    return d->size_known = true, d->known_size = n, type_array(elem, (long)n);
  return type_vla(elem, d->size);
}

/* Walk a declarator from the outside in, deriving from base.  keep: the
 * DK_FUNC whose parameter scope stays open (a function definition). */
static Type *declarator_type(Sema *s, Declarator *d, Type *base, Declarator *keep)
{
  for (; d; d = d->inner) {
    Attrs a = {0};
    switch (d->kind) {
    case DK_IDENT: break;
    case DK_PAREN: attrs_scan(&a, &d->quals); break; /* (__attribute__((x)) *p) */
    case DK_POINTER: base = type_qualified(type_pointer(base), quals_of(&d->quals)); break;
    case DK_ARRAY: base = array_type(s, d, base); break;
    case DK_FUNC: base = func_type(s, d, base, d == keep); break;
    }
    attrs_scan(&a, &d->attrs);
    if (d->kind != DK_IDENT)
      base = apply_attrs(base, &a);
    if (d->kind == DK_IDENT)
      return base;
  }
  return base;
}

/* C11 6.7.6.3p7-8: array and function parameters are pointers. */
static Type *adjust_param(Type *t, Declarator *d)
{
  if (!t)
    return t;
  if (t->kind == TY_ARRAY) {
    Declarator *a = d;
    while (a && a->kind == DK_PAREN)
      a = a->inner;
    return type_qualified(type_pointer(t->base), a && a->kind == DK_ARRAY ? quals_of(&a->quals) : 0);
  }
  return t->kind == TY_FUNC ? type_pointer(t) : t;
}

static Symbol *declare_param(Sema *s, const char *name, Type *t, Loc loc)
{
  Symbol *sym = lookup_here(s, &s->ord, name);
  if (!sym)
    sym = bind(s, false, name, SYM_PARAM, loc);
  sym->kind = SYM_PARAM;
  sym->storage = ST_PARAM;
  sym->ty = t;
  sym->defined = true;
  return sym;
}

static Type *param_type(Sema *s, Param *p)
{
  if (!p->specs) { /* K&R name: int until its declaration says otherwise */
    if (p->kr_name)
      p->sym = declare_param(s, p->kr_name, type_basic(TY_INT), p->loc);
    return type_basic(TY_INT);
  }
  SpecInfo info;
  Type *t = specs_type(s, p->specs, &info, false);
  t = apply_attrs(t, &info.attrs);
  t = adjust_param(declarator_type(s, p->decl, t, NULL), p->decl);
  const char *name = declarator_name(p->decl);
  if (name) {
    Declarator *id = declarator_ident(p->decl);
    p->sym = declare_param(s, name, t, id ? id->loc : p->loc);
    p->sym->param = p;
  }
  return t;
}

/* ---------------------------------------------------------------- #pragma pack
 * gcc's pack(n), pack(push[, n]), pack(pop) and pack(): the most a member
 * of the structs that follow may be aligned to. */

static void pack_word(Sema *s, const char *w, size_t n)
{
  if (n == 4 && !strncmp(w, "push", 4))
    vec_push(&s->pack_stack, (void *)(intptr_t)s->pack);
  else if (n == 3 && !strncmp(w, "pop", 3))
    s->pack = s->pack_stack.len ? (long)(intptr_t)vec_pop(&s->pack_stack) : 0;
  else if (n && w[0] >= '0' && w[0] <= '9')
    s->pack = strtol(w, NULL, 0);
}

static void sema_pragma(Sema *s, const char *text)
{
  const char *p = text ? attr_find(text, "pack") : NULL;
  while (p && *p == ' ')
    p++;
  if (!p || *p != '(')
    return;
  if (p[strspn(p + 1, " ") + 1] == ')')
    s->pack = 0; /* pack(): back to the default */
  for (p++; *p && *p != ')';) {
    size_t n = strcspn(p, " ,)");
    pack_word(s, p, n);
    p += n;
    p += strspn(p, " ,");
  }
}

/* ---------------------------------------------------------------- declarations */

static Storage storage_of(Sema *s, const SpecInfo *info, Type *t)
{
  bool file = depth(s) == 0;
  if (t && t->kind == TY_FUNC)
    return info->storage == KW_STATIC ? ST_STATIC_GLOBAL : file ? ST_GLOBAL : ST_EXTERN_LOCAL;
  switch (info->storage) {
  case KW_STATIC: return file ? ST_STATIC_GLOBAL : ST_STATIC_LOCAL;
  case KW_EXTERN: return file ? ST_GLOBAL : ST_EXTERN_LOCAL;
  case KW_REGISTER: return file ? ST_GLOBAL : ST_REGISTER;
  default: return file ? ST_GLOBAL : ST_LOCAL;
  }
}

/* A redeclaration in the same scope completes the first one (extern int
 * a[]; int a[10];) rather than making a second symbol. */
static Symbol *declare(Sema *s, const char *name, SymKind kind, Type *t, Loc loc)
{
  Symbol *sym = lookup_here(s, &s->ord, name);
  bool same = sym && (sym->kind == kind || (kind != SYM_TYPEDEF && (sym->kind == SYM_VAR || sym->kind == SYM_FUNC)));
  if (same) {
    if (t && (!sym->ty || (!type_is_complete(sym->ty) && type_is_complete(t)) ||
              (sym->ty->kind == TY_FUNC && t->kind == TY_FUNC && t->prototyped)))
      sym->ty = t;
    return sym;
  }
  sym = bind(s, false, name, kind, loc);
  sym->ty = t;
  return sym;
}

static bool is_string(Expr *e)
{
  while (e && e->kind == E_PAREN)
    e = e->a;
  return e && e->kind == E_STRING && e->ty && e->ty->kind == TY_ARRAY;
}

/* The length of a [] array from its initializer (C11 6.7.9p22); a string
 * initializes a character array, braces or not (6.7.9p14). */
static long init_length(Type *elem, Init *init)
{
  if (init->expr)
    return is_string(init->expr) ? init->expr->ty->len : -1;
  InitItem *first = init->items.len == 1 ? init->items.items[0] : NULL;
  if (first && !first->designators.len && first->init && is_string(first->init->expr) &&
      type_is_integer(elem) && type_size(elem) == type_size(first->init->expr->ty->base))
    return first->init->expr->ty->len;
  long n = 0, max = 0;
  InitItem *it;
  VEC_EACH(InitItem *, it, init->items) {
    Designator *dg = it->designators.len ? it->designators.items[0] : NULL;
    long long v;
    if (dg && dg->kind != DES_FIELD && const_eval(dg->kind == DES_RANGE ? dg->b : dg->a, &v))
      n = (long)v;
    n++;
    if (n > max)
      max = n;
  }
  return max;
}

static Type *complete_from_init(Type *t, Init *init)
{
  if (!init || !t)
    return t;
  if (t->kind == TY_ARRAY && t->len < 0 && !t->vla_len) {
    long n = init_length(t->base, init);
    if (n >= 0)
      return type_qualified(type_array(t->base, n), t->quals);
  }
  return t;
}

static Type *auto_type(Init *init)
{
  if (!init || !init->expr || !init->expr->ty)
    return NULL;
  return type_unqualified(type_decay(init->expr->ty));
}

static void fill_symbol(Sema *s, Symbol *sym, const SpecInfo *info, Decl *d, InitDecl *id)
{
  sym->idecl = id;
  sym->decl = d;
  if (sym->kind == SYM_TYPEDEF)
    return;
  if (!sym->storage || sym->depth > 0)
    sym->storage = storage_of(s, info, sym->ty);
  sym->thread_local |= info->thread_local;
  if (id->init || (info->storage != KW_EXTERN && sym->kind == SYM_VAR))
    sym->defined = true; /* at file scope, a tentative definition */
}

static void sema_init_decl(Sema *s, Decl *d, InitDecl *id, Type *base, const SpecInfo *info)
{
  /* a declare simd before a prototype: resolve it in the prototype scope */
  Declarator *keep = s->pending.len ? declarator_func(id->decl) : NULL;
  Scope *outer = s->scope;
  Type *t = declarator_type(s, id->decl, base, keep);
  if (s->scope != outer) {
    resolve_pending(s, false);
    while (s->scope != outer)
      pop_scope(s);
  }
  Attrs a = {0};
  attrs_scan(&a, &id->attrs);
  t = apply_attrs(t, &a);
  if (info->align > type_align(t))
    t = apply_attrs(t, &(Attrs){.aligned = info->align});
  const char *name = declarator_name(id->decl);
  if (!name) {
    if (id->init)
      sema_init(s, id->init);
    return;
  }
  SymKind kind = info->storage == KW_TYPEDEF ? SYM_TYPEDEF : t && t->kind == TY_FUNC ? SYM_FUNC : SYM_VAR;
  Declarator *ident = declarator_ident(id->decl);
  Symbol *sym = declare(s, name, kind, t, ident ? ident->loc : id->loc);
  id->sym = sym;
  fill_symbol(s, sym, info, d, id);
  if (id->init) { /* the name is in scope in its own initializer */
    sema_init(s, id->init);
    sym->auto_type = info->auto_type && !base;
    if (sym->auto_type)
      sym->ty = auto_type(id->init);
    else {
      Type *declared = sym->ty;
      sym->ty = complete_from_init(declared, id->init);
      sym->len_from_init = sym->ty != declared;
    }
  }
}

static void sema_var_decl(Sema *s, Decl *d)
{
  SpecInfo info;
  Type *base = specs_type(s, d->specs, &info, d->decls.len == 0);
  base = apply_attrs(base, &info.attrs);
  InitDecl *id;
  VEC_EACH(InitDecl *, id, d->decls)
    sema_init_decl(s, d, id, base, &info);
  resolve_pending(s, true);
}

/* K&R parameter declarations: they give the names in the open parameter
 * scope their types. */
static void sema_kr_params(Sema *s, Decl *def)
{
  Decl *kd;
  VEC_EACH(Decl *, kd, def->krparams) {
    SpecInfo info;
    Type *base = specs_type(s, kd->specs, &info, false);
    InitDecl *id;
    VEC_EACH(InitDecl *, id, kd->decls) {
      Type *t = adjust_param(declarator_type(s, id->decl, base, NULL), id->decl);
      const char *name = declarator_name(id->decl);
      if (name)
        id->sym = declare_param(s, name, t, id->loc);
    }
  }
}

static void sema_funcdef(Sema *s, Decl *d)
{
  SpecInfo info;
  Type *base = specs_type(s, d->specs, &info, false);
  InitDecl *fi = d->func;
  Declarator *fd = declarator_func(fi->decl);
  const char *name = declarator_name(fi->decl);
  Symbol *sym = NULL;
  if (name) { /* bound before the body, so recursion resolves */
    sym = declare(s, name, SYM_FUNC, NULL, fi->loc);
    Declarator *ident = declarator_ident(fi->decl);
    if (ident)
      sym->loc = ident->loc;
  }
  Scope *outer = s->scope;
  Type *t = declarator_type(s, fi->decl, base, fd);
  if (sym) {
    sym->ty = t;
    sym->kind = SYM_FUNC;
    if (info.storage == KW_STATIC || sym->storage == ST_STATIC_GLOBAL)
      sym->storage = ST_STATIC_GLOBAL; /* C11 6.2.2p5: a prior static wins */
    else
      sym->storage = outer->depth == 0 ? ST_GLOBAL : ST_LOCAL; /* GNU nested */
    sym->defined = true;
    sym->decl = d;
    sym->idecl = fi;
    fi->sym = sym;
    d->sym = sym;
  }
  if (fd && s->scope != outer) {
    sema_kr_params(s, d);
    resolve_pending(s, false);
    sema_stmt(s, d->body);
    while (s->scope != outer)
      pop_scope(s);
  } else
    sema_stmt(s, d->body);
}

static void sema_decl(Sema *s, Decl *d)
{
  if (!d)
    return;
  if (d->kind != D_OMP && d->kind != D_VAR && d->kind != D_FUNCDEF)
    resolve_pending(s, true);
  switch (d->kind) {
  case D_VAR: sema_var_decl(s, d); break;
  case D_FUNCDEF: sema_funcdef(s, d); break;
  case D_STATIC_ASSERT: sema_expr(s, d->expr); break;
  case D_OMP: sema_omp(s, d->omp); break;
  case D_PRAGMA: sema_pragma(s, d->text); break;
  default: break;
  }
}

/* ---------------------------------------------------------------- structs */

static void add_members(Sema *s, Record *rec, Decl *md)
{
  SpecInfo info;
  Type *base = apply_attrs(specs_type(s, md->specs, &info, false), &info.attrs);
  InitDecl *id;
  if (md->decls.len == 0 && base && base->rec && !base->rec->tag && base->kind != TY_ENUM) {
    Member *m = node_alloc(sizeof *m); /* C11 anonymous struct or union */
    m->ty = base;
    m->bit_width = -1;
    m->loc = md->loc;
    vec_push(&rec->members, m);
    return;
  }
  VEC_EACH(InitDecl *, id, md->decls) {
    Member *m = node_alloc(sizeof *m);
    Attrs a = {.packed = rec->packed};
    attrs_scan(&a, &id->attrs);
    m->ty = apply_attrs(declarator_type(s, id->decl, base, NULL), &a);
    if (info.align > type_align(m->ty))
      m->ty = apply_attrs(m->ty, &(Attrs){.aligned = info.align});
    m->name = declarator_name(id->decl);
    m->loc = id->loc;
    m->bit_width = -1;
    m->packed = a.packed && !rec->packed;
    long long w;
    if (id->bitfield && (sema_expr(s, id->bitfield), const_eval(id->bitfield, &w)))
      m->bit_width = (int)w;
    vec_push(&rec->members, m);
  }
}

static void layout_struct(Sema *s, StructSpec *su, Record *rec)
{
  Attrs a = {0};
  attrs_scan(&a, &su->attrs);
  attrs_scan(&a, &su->attrs_after);
  rec->packed = a.packed;
  rec->max_align = (int)s->pack;
  Decl *md;
  VEC_EACH(Decl *, md, su->members) {
    if (md->kind == D_VAR)
      add_members(s, rec, md);
    else
      sema_decl(s, md);
  }
  record_layout(rec, (int)a.aligned);
}

/* C11 6.7.2.2: values, and gcc's choice of the compatible integer type. */
static void layout_enum(Sema *s, StructSpec *su, Type *t)
{
  long long next = 0, min = 0, max = 0;
  Enumerator *en;
  VEC_EACH(Enumerator *, en, su->enumerators) {
    long long v = next;
    if (en->value && (sema_expr(s, en->value), !const_eval(en->value, &v)))
      v = next;
    Symbol *sym = bind(s, false, en->name, SYM_ENUM_CONST, en->loc);
    sym->value = v;
    en->known = v;
    sym->enumerator = en;
    sym->enumeration = t->rec;
    sym->ty = v >= -2147483648LL && v <= 2147483647LL ? type_basic(TY_INT) : type_basic(TY_LONG);
    sym->defined = true;
    min = v < min ? v : min;
    max = v > max ? v : max;
    next = v + 1;
  }
  Type *under = min < 0 ? (min >= -2147483648LL && max <= 2147483647LL ? ty_TY_INT : ty_TY_LONG)
                        : (max <= 4294967295LL ? ty_TY_UINT : ty_TY_ULONG);
  t->rec->complete = true;
  t->rec->size = under->size;
  t->rec->align = under->align;
  /* every Type of this enum shares rec; the base lives in each copy, so
   * the canonical one is updated and copies made later inherit it */
  t->base = under;
  t->size = under->size;
  t->align = under->align;
}

/* Find or make the tag a struct/union/enum specifier refers to. */
static Symbol *tag_symbol(Sema *s, StructSpec *su, bool alone)
{
  Symbol *sym = NULL;
  if (su->tag) { /* C11 6.7.2.3p7: a body or "struct s;" declares it here */
    bool here = su->has_body || alone;
    sym = here ? lookup_here(s, &s->tags, su->tag) : lookup_tag(s, su->tag);
    if (sym && (sym->ty->rec->kw != su->kw || (su->has_body && sym->ty->rec->complete)))
      sym = NULL; /* a different kind of tag, or a redefinition */
  }
  if (!sym) {
    Record *rec = record_new(su->kw, su->tag, su->loc);
    if (su->tag) {
      sym = bind(s, true, su->tag, SYM_TAG, su->loc);
    } else {
      sym = node_alloc(sizeof *sym);
      sym->kind = SYM_TAG;
      sym->loc = su->loc;
    }
    sym->ty = type_record(rec);
  }
  return sym;
}

static Type *struct_type(Sema *s, StructSpec *su, bool alone)
{
  if (!su)
    return NULL;
  Symbol *sym = tag_symbol(s, su, alone);
  Type *t = sym->ty;
  if (su->has_body) {
    sym->defined = true;
    sym->loc = su->loc;
    if (su->kw == KW_ENUM)
      layout_enum(s, su, t);
    else
      layout_struct(s, su, t->rec);
  }
  su->ty = t;
  return t;
}

static Type *sema_type_name(Sema *s, TypeName *tn)
{
  if (!tn)
    return NULL;
  SpecInfo info;
  Type *t = specs_type(s, tn->specs, &info, false);
  t = apply_attrs(t, &info.attrs);
  tn->ty = declarator_type(s, tn->decl, t, NULL);
  return tn->ty;
}

/* ---------------------------------------------------------------- initializers */

static void sema_init(Sema *s, Init *init)
{
  if (!init)
    return;
  if (init->expr) {
    sema_expr(s, init->expr);
    return;
  }
  InitItem *it;
  VEC_EACH(InitItem *, it, init->items) {
    Designator *dg;
    VEC_EACH(Designator *, dg, it->designators) {
      sema_expr(s, dg->a);
      sema_expr(s, dg->b);
      if (dg->kind != DES_FIELD)
        dg->known = const_eval(dg->a, &dg->first) &&
                    const_eval(dg->kind == DES_RANGE ? dg->b : dg->a, &dg->last);
    }
    sema_init(s, it->init);
  }
}

/* ---------------------------------------------------------------- literals */

static Type *wchar_type(void)
{
  return ((__WCHAR_TYPE__)-1 < 0) ? type_basic(TY_INT) : type_basic(TY_UINT);
}

/* Element type of a string or character literal from its prefix; *skip
 * gets the prefix length. */
static Type *literal_unit(const char *p, int *skip)
{
  if (p[0] == 'u' && p[1] == '8') {
    *skip = 2;
    return type_basic(TY_CHAR);
  }
  *skip = 1;
  switch (p[0]) {
  case 'L': return wchar_type();
  case 'u': return type_basic(TY_USHORT);
  case 'U': return type_basic(TY_UINT);
  default: *skip = 0; return type_basic(TY_CHAR);
  }
}

static int utf8_len(unsigned long cp)
{
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/* Units one escape sequence after the backslash takes; *p moves past it. */
static long escape_units(const char **p, bool narrow)
{
  const char *q = *p;
  unsigned long cp = 0;
  if (*q == 'x') {
    for (q++; strchr("0123456789abcdefABCDEF", *q) && *q; q++)
      ;
  } else if (*q >= '0' && *q <= '7') {
    for (int i = 0; i < 3 && *q >= '0' && *q <= '7'; i++, q++)
      ;
  } else if (*q == 'u' || *q == 'U') {
    int n = *q == 'u' ? 4 : 8;
    cp = strtoul(xstrndup(q + 1, (size_t)n), NULL, 16);
    q += 1 + n;
    *p = q;
    return narrow ? utf8_len(cp) : 1;
  } else if (*q)
    q++;
  *p = q;
  return 1;
}

/* The number of units in one "..." piece, p at the opening quote. */
static long piece_units(const char **pp, bool narrow)
{
  const char *p = *pp + 1;
  long n = 0;
  while (*p && *p != '"') {
    if (*p == '\\') {
      p++;
      n += escape_units(&p, narrow);
    } else {
      if (narrow || ((unsigned char)*p & 0xC0) != 0x80)
        n++;
      p++;
    }
  }
  *pp = *p ? p + 1 : p;
  return n;
}

/* "ab" "c" -> char[4]; the prefix of any piece decides the element type. */
static Type *string_type(const char *text)
{
  Type *unit = type_basic(TY_CHAR);
  long n = 0;
  for (const char *p = text; p && *p;) {
    if (*p == ' ' || *p == '\t' || *p == '\n') {
      p++;
      continue;
    }
    int skip;
    Type *u = literal_unit(p, &skip);
    if (u->kind != TY_CHAR || skip)
      unit = u;
    p += skip;
    if (*p != '"')
      return type_array(unit, -1);
    n += piece_units(&p, unit->kind == TY_CHAR);
  }
  return type_array(unit, n + 1);
}

/* The value of an integer literal, and where its suffix starts. */
static unsigned long long int_value(const char *text, const char **suffix)
{
  const char *p = text;
  int base = 10;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    base = 16, p += 2;
  else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B'))
    base = 2, p += 2;
  else if (p[0] == '0')
    base = 8;
  unsigned long long v = 0;
  for (;; p++) {
    int d = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10
          : *p >= 'A' && *p <= 'F' ? *p - 'A' + 10 : *p == '\'' ? 0 : 99;
    if (d >= base)
      break;
    if (*p != '\'')
      v = v * (unsigned)base + (unsigned)d;
  }
  if (suffix)
    *suffix = p;
  return v;
}

/* C11 6.4.4.1p5: the first type of the list that holds the value. */
static Type *int_literal_type(const char *text)
{
  const char *suf;
  unsigned long long v = int_value(text, &suf);
  bool dec = !(text[0] == '0' && text[1]);
  bool u = strpbrk(suf, "uU") != NULL;
  int l = strstr(suf, "ll") || strstr(suf, "LL") ? 2 : strpbrk(suf, "lL") ? 1 : 0;
  bool imag = strpbrk(suf, "ijIJ") != NULL;
  Type *t;
  if (!l && !u && v <= 0x7fffffffULL)
    t = type_basic(TY_INT);
  else if (!l && (u || !dec) && v <= 0xffffffffULL)
    t = type_basic(TY_UINT);
  else if (l < 2 && !u && v <= 0x7fffffffffffffffULL)
    t = type_basic(TY_LONG);
  else if (l < 2 && (u || !dec))
    t = type_basic(TY_ULONG);
  else if (l < 2)
    t = type_basic(TY_INT128); /* gcc: too large for long */
  else
    t = type_basic(u || v > 0x7fffffffffffffffULL ? TY_ULLONG : TY_LLONG);
  return imag ? type_complex(t) : t;
}

static const struct { const char *suffix; TypeKind k; } float_suffixes[] = {
    {"", TY_DOUBLE},          {"f", TY_FLOAT},          {"l", TY_LDOUBLE},
    {"f16", TY_FLOAT16},      {"f32", TY_FLOAT32},      {"f64", TY_FLOAT64},
    {"f128", TY_FLOAT128},    {"f32x", TY_FLOAT32X},    {"f64x", TY_FLOAT64X},
    {"f128x", TY_FLOAT128X},  {"bf16", TY_BF16},        {"w", TY_FLOAT80},
    {"q", TY_FLOAT128},       {"d", TY_DOUBLE},         {"df", TY_DECIMAL32},
    {"dd", TY_DECIMAL64},     {"dl", TY_DECIMAL128},
};

static Type *float_literal_type(const char *text)
{
  const char *p = text;
  bool hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
  const char *exp = hex ? "pP" : "eE";
  p += hex ? 2 : 0;
  while (*p && (strchr(hex ? "0123456789abcdefABCDEF.'" : "0123456789.'", *p)))
    p++;
  if (*p && strchr(exp, *p)) {
    p++;
    if (*p == '+' || *p == '-')
      p++;
    while (*p >= '0' && *p <= '9')
      p++;
  }
  StrBuf b = {0};
  bool imag = false;
  for (; *p; p++) {
    if (strchr("ijIJ", *p))
      imag = true;
    else
      sb_putc(&b, (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p));
  }
  const char *suf = sb_take(&b);
  Type *t = type_basic(TY_DOUBLE);
  for (size_t i = 0; i < sizeof float_suffixes / sizeof float_suffixes[0]; i++)
    if (!strcmp(suf, float_suffixes[i].suffix))
      t = type_basic(float_suffixes[i].k);
  return imag ? type_complex(t) : t;
}

/* ---------------------------------------------------------------- expressions */

/* Per C11 6.3.2.1, the value of an array or function is a pointer. */
static Type *value_type(Type *t) { return type_unqualified(type_decay(t)); }

bool sema_function_name(const Expr *e)
{
  return e->kind == E_IDENT && !e->sym && e->text &&
         (!strcmp(e->text, "__func__") || !strcmp(e->text, "__FUNCTION__") ||
          !strcmp(e->text, "__PRETTY_FUNCTION__"));
}

static Type *ident_type(Sema *s, Expr *e)
{
  Symbol *sym = lookup(s, e->text);
  if (sym && sym->kind == SYM_TYPEDEF)
    sym = NULL;
  e->sym = sym;
  if (!sym) {
    if (sema_function_name(e))
      return type_array(type_qualified(type_basic(TY_CHAR), Q_CONST), -1);
    return NULL;
  }
  return sym->ty;
}

static Type *record_of(Type *t)
{
  return t && (t->kind == TY_STRUCT || t->kind == TY_UNION) ? t : NULL;
}

static Type *member_type(Type *rt, const char *name)
{
  rt = record_of(rt);
  if (!rt)
    return NULL;
  Member *m = record_find_member(rt->rec, name, NULL);
  return m ? type_qualified(m->ty, rt->quals & (Q_CONST | Q_VOLATILE)) : NULL;
}

static Type *index_type(Type *a, Type *b)
{
  Type *pa = value_type(a), *pb = value_type(b);
  if (pa && pa->kind == TY_POINTER)
    return pa->base;
  if (pb && pb->kind == TY_POINTER)
    return pb->base;
  if (a && a->kind == TY_VECTOR)
    return a->base;
  return NULL;
}

static Type *call_type(Type *fn)
{
  Type *t = value_type(fn);
  if (t && t->kind == TY_POINTER && t->base && t->base->kind == TY_FUNC)
    return t->base->base;
  return NULL;
}

static Type *unary_type(Expr *e, Type *a)
{
  switch (e->op) {
  case OP_ADDR: return a ? type_pointer(a) : NULL;
  case OP_DEREF: {
    Type *p = value_type(a);
    return p && p->kind == TY_POINTER ? p->base : NULL;
  }
  case OP_NOT: return type_basic(TY_INT);
  case OP_REAL: case OP_IMAG:
    return a && a->kind == TY_COMPLEX ? a->base : type_unqualified(a);
  case OP_BITNOT: case OP_PLUS: case OP_NEG:
    return a && a->kind == TY_VECTOR ? a : type_promote(a);
  default: return NULL;
  }
}

static bool is_cmp(OpKind op)
{
  return op == OP_LT || op == OP_GT || op == OP_LE || op == OP_GE || op == OP_EQ ||
         op == OP_NE || op == OP_LOGAND || op == OP_LOGOR;
}

/* C11 6.5.5-6.5.17 for the usual cases. */
static Type *binary_type(OpKind op, Type *a, Type *b)
{
  Type *va = value_type(a), *vb = value_type(b);
  if (op == OP_COMMA)
    return b;
  if (is_cmp(op))
    return type_basic(TY_INT);
  if (op == OP_SHL || op == OP_SHR)
    return va && va->kind == TY_VECTOR ? va : type_promote(va);
  if (va && va->kind == TY_VECTOR)
    return va;
  if (vb && vb->kind == TY_VECTOR)
    return vb;
  bool pa = type_is_pointer(va), pb = type_is_pointer(vb);
  if (op == OP_SUB && pa && pb)
    return type_basic(TY_LONG);
  if ((op == OP_ADD || op == OP_SUB) && pa)
    return va;
  if (op == OP_ADD && pb)
    return vb;
  return type_usual_arith(va, vb);
}

static Type *cond_type(Type *b, Type *c)
{
  Type *vb = value_type(b), *vc = value_type(c);
  if (type_is_arith(vb) && type_is_arith(vc))
    return type_usual_arith(vb, vc);
  if (type_is_pointer(vb))
    return vb;
  if (type_is_pointer(vc))
    return vc;
  return vb ? vb : vc;
}

static Type *stmt_expr_type(Sema *s, Expr *e)
{
  sema_stmt(s, e->stmt);
  Stmt *last = e->stmt && e->stmt->kind == S_COMPOUND ? vec_last(&e->stmt->items) : NULL;
  return last && last->kind == S_EXPR && last->expr ? value_type(last->expr->ty) : type_basic(TY_VOID);
}

static Type *generic_type(Sema *s, Expr *e)
{
  Type *ctl = value_type(sema_expr(s, e->a));
  Type *chosen = NULL, *dflt = NULL;
  GenericAssoc *ga, *pick = NULL, *fallback = NULL;
  VEC_EACH(GenericAssoc *, ga, e->assocs) {
    Type *t = sema_type_name(s, ga->type);
    Type *et = sema_expr(s, ga->expr);
    ga->chosen = false;
    if (!ga->type) {
      dflt = et;
      fallback = ga;
    } else if (!pick && ctl && type_equal(ctl, t)) {
      chosen = et;
      pick = ga;
    }
  }
  if (!pick && ctl)
    pick = fallback;
  if (pick)
    pick->chosen = true;
  return pick == fallback ? (ctl ? dflt : NULL) : chosen;
}

/* __builtin_offsetof(type, a.b[i]): the names are members, not
 * identifiers; only the index expressions are resolved. */
static void offsetof_designator(Sema *s, Expr *d)
{
  for (; d; d = d->a) {
    if (d->kind == E_INDEX)
      sema_expr(s, d->b);
    if (d->kind == E_IDENT)
      break;
  }
}

static Type *sema_expr_kind(Sema *s, Expr *e)
{
  Type *a, *b;
  Expr *x;
  switch (e->kind) {
  case E_IDENT: return ident_type(s, e);
  case E_INT: return int_literal_type(e->text ? e->text : "0");
  case E_FLOAT: return float_literal_type(e->text ? e->text : "0.0");
  case E_CHAR: {
    int skip = 0;
    Type *u = e->text ? literal_unit(e->text, &skip) : NULL;
    return skip ? u : type_basic(TY_INT);
  }
  case E_STRING: return string_type(e->text);
  case E_PAREN: case E_EXTENSION: return sema_expr(s, e->a);
  case E_INDEX:
    a = sema_expr(s, e->a);
    return index_type(a, sema_expr(s, e->b));
  case E_SECTION:
    a = sema_expr(s, e->a);
    sema_expr(s, e->b), sema_expr(s, e->c), sema_expr(s, e->d);
    return index_type(a, NULL);
  case E_CALL:
    a = sema_expr(s, e->a);
    VEC_EACH(Expr *, x, e->args)
      sema_expr(s, x);
    return call_type(a);
  case E_MEMBER: return member_type(sema_expr(s, e->a), e->text);
  case E_ARROW: {
    Type *p = value_type(sema_expr(s, e->a));
    return p && p->kind == TY_POINTER ? member_type(p->base, e->text) : NULL;
  }
  case E_POSTINC: case E_POSTDEC: case E_PREINC: case E_PREDEC:
    return type_unqualified(sema_expr(s, e->a));
  case E_UNARY: return unary_type(e, sema_expr(s, e->a));
  case E_SIZEOF_EXPR: case E_ALIGNOF_EXPR:
    sema_expr(s, e->a);
    return type_basic(TY_ULONG);
  case E_SIZEOF_TYPE: case E_ALIGNOF_TYPE:
    sema_type_name(s, e->type);
    return type_basic(TY_ULONG);
  case E_CAST:
    sema_expr(s, e->a);
    return type_unqualified(sema_type_name(s, e->type));
  case E_BINARY:
    a = sema_expr(s, e->a);
    b = sema_expr(s, e->b);
    return binary_type(e->op, a, b);
  case E_ASSIGN:
    a = sema_expr(s, e->a);
    sema_expr(s, e->b);
    return type_unqualified(a);
  case E_COND:
    a = sema_expr(s, e->a);
    b = e->b ? sema_expr(s, e->b) : a;
    return cond_type(b, sema_expr(s, e->c));
  case E_COMPOUND_LIT:
    a = sema_type_name(s, e->type);
    sema_init(s, e->init);
    return complete_from_init(a, e->init);
  case E_GENERIC: return generic_type(s, e);
  case E_STMT_EXPR: return stmt_expr_type(s, e);
  case E_VA_ARG:
    sema_expr(s, e->a);
    return sema_type_name(s, e->type);
  case E_OFFSETOF:
    sema_type_name(s, e->type);
    offsetof_designator(s, e->a);
    return type_basic(TY_ULONG);
  case E_TYPES_COMPAT:
    sema_type_name(s, e->type);
    sema_type_name(s, e->type2);
    return type_basic(TY_INT);
  case E_BUILTIN_TYPE:
    VEC_EACH(Expr *, x, e->args)
      sema_expr(s, x);
    return sema_type_name(s, e->type);
  case E_LABEL_ADDR: return type_pointer(type_basic(TY_VOID));
  default: return NULL;
  }
}

static Type *sema_expr(Sema *s, Expr *e)
{
  if (!e)
    return NULL;
  e->ty = sema_expr_kind(s, e);
  return e->ty;
}

/* ---------------------------------------------------------------- constants */

static bool const_member_offset(Expr *d, Type *t, long long *off)
{
  if (!d || !t)
    return false;
  if (d->kind == E_IDENT || d->kind == E_MEMBER) {
    Type *rt = t;
    if (d->kind == E_MEMBER) {
      if (!const_member_offset(d->a, t, off))
        return false;
      rt = d->a->ty;
    }
    long mo;
    Member *m = rt && rt->rec ? record_find_member(rt->rec, d->text, &mo) : NULL;
    if (!m)
      return false;
    *off += mo;
    d->ty = m->ty;
    return true;
  }
  long long i;
  if (d->kind == E_INDEX && const_member_offset(d->a, t, off) && d->a->ty &&
      d->a->ty->kind == TY_ARRAY && const_eval(d->b, &i)) {
    d->ty = d->a->ty->base;
    *off += i * type_size(d->ty);
    return true;
  }
  return false;
}

static long long truncate_to(Type *t, long long v)
{
  long sz = type_size(t);
  if (!t || !type_is_integer(t) || sz >= 8 || sz <= 0)
    return v;
  if (t->kind == TY_BOOL)
    return v != 0;
  unsigned long long mask = (1ULL << (sz * 8)) - 1, u = (unsigned long long)v & mask;
  if (!type_is_unsigned(t) && (u >> (sz * 8 - 1)))
    return (long long)(u | ~mask);
  return (long long)u;
}

static bool char_value(const char *text, long long *v)
{
  const char *p = strchr(text, '\'');
  if (!p)
    return false;
  p++;
  if (*p != '\\') {
    *v = (unsigned char)*p;
    if (char_is_signed() && text[0] == '\'')
      *v = (signed char)*p;
    return true;
  }
  static const char esc[] = "n\nt\tr\ra\ab\bf\fv\v\\\\''\"\"??e\033";
  p++;
  for (const char *q = esc; *q; q += 2)
    if (*p == q[0]) {
      *v = q[1];
      return true;
    }
  if (*p == 'x')
    *v = (long long)strtoul(p + 1, NULL, 16);
  else
    *v = (long long)strtoul(p, NULL, 8);
  return true;
}

static bool const_unary(Expr *e, long long *v)
{
  long long a;
  if (!const_eval(e->a, &a))
    return false;
  switch (e->op) {
  case OP_PLUS: *v = a; return true;
  case OP_NEG: *v = (long long)(0ULL - (unsigned long long)a); return true;
  case OP_BITNOT: *v = ~a; return true;
  case OP_NOT: *v = !a; return true;
  default: return false;
  }
}

static bool const_binary(Expr *e, long long *v)
{
  long long a, b;
  if (e->op == OP_LOGAND || e->op == OP_LOGOR) {
    if (!const_eval(e->a, &a))
      return false;
    if ((e->op == OP_LOGAND && !a) || (e->op == OP_LOGOR && a)) {
      *v = e->op == OP_LOGOR;
      return true;
    }
    if (!const_eval(e->b, &b))
      return false;
    *v = b != 0;
    return true;
  }
  if (!const_eval(e->a, &a) || !const_eval(e->b, &b))
    return false;
  Type *ct = type_usual_arith(e->a->ty, e->b->ty);
  if (e->op != OP_SHL && e->op != OP_SHR) { /* C11 6.3.1.8: convert both */
    a = truncate_to(ct, a);
    b = truncate_to(ct, b);
  }
  /* narrower unsigned values are non-negative in long long already */
  bool uns = type_is_unsigned(ct) && type_size(ct) >= 8;
  unsigned long long ua = (unsigned long long)a, ub = (unsigned long long)b;
  switch (e->op) {
  case OP_ADD: *v = (long long)(ua + ub); break;
  case OP_SUB: *v = (long long)(ua - ub); break;
  case OP_MUL: *v = (long long)(ua * ub); break;
  case OP_DIV: case OP_MOD:
    if (!b || (!uns && a == (-9223372036854775807LL - 1) && b == -1))
      return false;
    if (uns)
      *v = (long long)(e->op == OP_DIV ? ua / ub : ua % ub);
    else
      *v = e->op == OP_DIV ? a / b : a % b;
    break;
  case OP_SHL: *v = b >= 0 && b < 64 ? (long long)(ua << b) : 0; break;
  case OP_SHR:
    *v = b < 0 || b >= 64 ? 0 : type_is_unsigned(e->a->ty) ? (long long)(ua >> b) : a >> b;
    break;
  case OP_LT: *v = uns ? ua < ub : a < b; break;
  case OP_GT: *v = uns ? ua > ub : a > b; break;
  case OP_LE: *v = uns ? ua <= ub : a <= b; break;
  case OP_GE: *v = uns ? ua >= ub : a >= b; break;
  case OP_EQ: *v = a == b; break;
  case OP_NE: *v = a != b; break;
  case OP_BITAND: *v = a & b; break;
  case OP_BITXOR: *v = a ^ b; break;
  case OP_BITOR: *v = a | b; break;
  case OP_COMMA: *v = b; break;
  default: return false;
  }
  *v = truncate_to(e->ty, *v);
  return true;
}

static bool const_size(Type *t, long long *v, bool align)
{
  long n = align ? type_align(t) : type_size(t);
  if (!t || n < 0)
    return false;
  if (t->kind == TY_VOID || t->kind == TY_FUNC)
    n = 1; /* GNU C */
  *v = n;
  return true;
}

/* C11 6.6 integer constant expressions, with gcc's extensions; e must
 * have been through sema_expr so that types are known. */
static bool const_eval(Expr *e, long long *v)
{
  long long c;
  if (!e)
    return false;
  switch (e->kind) {
  case E_INT:
    *v = (long long)int_value(e->text, NULL);
    return true;
  case E_CHAR: return char_value(e->text, v);
  case E_PAREN: case E_EXTENSION: return const_eval(e->a, v);
  case E_IDENT:
    if (e->sym && e->sym->kind == SYM_ENUM_CONST) {
      *v = e->sym->value;
      return true;
    }
    return false;
  case E_UNARY: return const_unary(e, v);
  case E_BINARY: return const_binary(e, v);
  case E_COND:
    if (!const_eval(e->a, &c))
      return false;
    return c ? const_eval(e->b ? e->b : e->a, v) : const_eval(e->c, v);
  case E_CAST:
    if (!type_is_integer(e->ty) || !const_eval(e->a, v))
      return false;
    *v = truncate_to(e->ty, *v);
    return true;
  case E_SIZEOF_EXPR: return e->a && !type_is_vla(e->a->ty) && const_size(e->a->ty, v, false);
  case E_SIZEOF_TYPE: return e->type && !type_is_vla(e->type->ty) && const_size(e->type->ty, v, false);
  case E_ALIGNOF_EXPR: return e->a && const_size(e->a->ty, v, true);
  case E_ALIGNOF_TYPE: return e->type && const_size(e->type->ty, v, true);
  case E_OFFSETOF:
    *v = 0;
    return e->type && const_member_offset(e->a, e->type->ty, v);
  case E_TYPES_COMPAT:
    *v = e->type && e->type2 && type_equal(type_unqualified(e->type->ty), type_unqualified(e->type2->ty));
    return true;
  default: return false;
  }
}

bool sema_const_int(Expr *e, long long *value) { return const_eval(e, value); }

/* ---------------------------------------------------------------- statements */

static void sema_stmt(Sema *s, Stmt *st)
{
  if (!st)
    return;
  Stmt *it;
  switch (st->kind) {
  case S_COMPOUND:
    push_scope(s);
    VEC_EACH(Stmt *, it, st->items)
      sema_stmt(s, it);
    pop_scope(s);
    return;
  case S_DECL: sema_decl(s, st->decl); return;
  case S_FOR: /* C11 6.8.5p5: the for statement is a block */
    push_scope(s);
    sema_stmt(s, st->init);
    sema_expr(s, st->expr);
    sema_expr(s, st->expr2);
    sema_stmt(s, st->body);
    pop_scope(s);
    return;
  case S_OMP:
    sema_omp(s, st->omp);
    sema_stmt(s, st->body);
    return;
  case S_PRAGMA: sema_pragma(s, st->text); return;
  case S_VERBATIM: return; /* no statements until parser_expand_body */
  default:
    sema_expr(s, st->expr);
    if (st->kind == S_CASE) /* expr2 is in Stmt's union (ast.h) */
      sema_expr(s, st->expr2);
    sema_stmt(s, st->body);
    sema_stmt(s, st->else_);
    return;
  }
}

/* ---------------------------------------------------------------- OpenMP
 * Names in clauses resolve like any other use; a list item or argument
 * naming nothing visible is an error (the only one sema reports). */

static void omp_expr_check(Expr **slot, void *user);

/* Special names OpenMP itself declares inside some expressions. */
static bool omp_special_name(const char *name)
{
  return !strcmp(name, "omp_cur_iteration") || !strcmp(name, "omp_all_memory");
}

static WalkAction omp_check_ident(Expr **slot, void *user)
{
  Sema *s = user;
  Expr *e = *slot;
  if (e->kind == E_OFFSETOF || e->kind == E_STMT_EXPR)
    return WALK_SKIP;
  if (e->kind == E_CALL && e->a && e->a->kind == E_IDENT) {
    for (int i = 0; i < e->args.len; i++)
      walk_expr(&(Walker){.expr_pre = omp_check_ident, .user = s}, (Expr **)&e->args.items[i]);
    return WALK_SKIP; /* an undeclared callee is a builtin or implicit declaration */
  }
  if (e->kind != E_IDENT || e->sym || !e->text || omp_special_name(e->text) || s->omp_lenient)
    return WALK_CONTINUE;
  Symbol *sym = lookup(s, e->text);
  if (sym && sym->kind == SYM_TYPEDEF)
    return WALK_CONTINUE;
  error(e->loc, "'%s' undeclared in %s", e->text, s->where ? s->where : "OpenMP directive");
  return WALK_CONTINUE;
}

static void omp_expr_check(Expr **slot, void *user)
{
  Sema *s = user;
  if (!*slot)
    return;
  sema_expr(s, *slot);
  walk_expr(&(Walker){.expr_pre = omp_check_ident, .user = s}, slot);
}

static void omp_exprs(Sema *s, Vec *v)
{
  for (int i = 0; i < v->len; i++)
    omp_expr_check((Expr **)&v->items[i], s);
}

/* iterator(int i = 0 : n) declares i for the clause's list items. */
static void omp_iterators(Sema *s, OmpClause *c)
{
  OmpModifier *m;
  VEC_EACH(OmpModifier *, m, c->mods) {
    OmpIterator *it;
    omp_expr_check(&m->arg, s);
    VEC_EACH(OmpIterator *, it, m->iterators) {
      Type *t = it->type ? sema_type_name(s, it->type) : type_basic(TY_INT);
      omp_expr_check(&it->begin, s);
      omp_expr_check(&it->end, s);
      omp_expr_check(&it->step, s);
      /* OpenMP 5.2 3.2.6: an integral or pointer type, not const; an
       * integral step */
      if (!(type_is_integer(t) || type_is_pointer(t)) || (t->quals & Q_CONST))
        error(it->loc, "the iterator '%s' has type '%s', which is not an integral or pointer "
                       "type without const", it->name ? it->name : "?", type_str(t));
      if (it->step && it->step->ty && !type_is_integer(it->step->ty))
        error(it->step->loc, "the step of the iterator '%s' has type '%s', which is not integral",
              it->name ? it->name : "?", type_str(it->step->ty));
      if (it->name) {
        Symbol *sym = bind(s, false, it->name, SYM_VAR, it->loc);
        sym->ty = t;
        sym->storage = ST_LOCAL;
        it->sym = sym;
      }
    }
  }
}

static void sema_omp_clause(Sema *s, OmpClause *c)
{
  s->where = xasprintf("'%s' clause", omp_clause_name(c->kind));
  push_scope(s); /* iterator names */
  omp_iterators(s, c);
  omp_exprs(s, &c->items);
  omp_exprs(s, &c->args);
  omp_expr_check(&c->expr, s);
  omp_expr_check(&c->expr2, s);
  omp_selector_exprs(c->sel, omp_expr_check, s);
  pop_scope(s);
  s->where = NULL;
}

static void omp_declare_var(Sema *s, const char *name, Type *t, Loc loc)
{
  Symbol *sym = bind(s, false, name, SYM_VAR, loc);
  sym->ty = t;
  sym->storage = ST_LOCAL;
}

/* declare reduction: omp_in/omp_out in the combiner, omp_priv/omp_orig in
 * the initializer (OpenMP 4.5 2.16); declare mapper: its variable. */
static void sema_omp_declare(Sema *s, OmpDir *d)
{
  TypeName *tn;
  Type *t = NULL;
  VEC_EACH(TypeName *, tn, d->types)
    t = sema_type_name(s, tn) && !t ? tn->ty : t;
  push_scope(s);
  if (d->kind == OMPD_DECLARE_REDUCTION) {
    omp_declare_var(s, "omp_in", t, d->loc);
    omp_declare_var(s, "omp_out", t, d->loc);
    omp_declare_var(s, "omp_priv", t, d->loc);
    omp_declare_var(s, "omp_orig", t, d->loc);
    s->where = "'declare reduction' combiner";
    omp_expr_check(&d->combiner, s);
  }
  if (d->kind == OMPD_DECLARE_MAPPER && d->var)
    omp_declare_var(s, d->var, t, d->var_loc);
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses)
    sema_omp_clause(s, c);
  pop_scope(s);
}

static void sema_omp_resolve(Sema *s, OmpDir *d)
{
  s->where = xasprintf("'%s' directive", omp_dir_name(d->kind));
  omp_exprs(s, &d->list);
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses)
    sema_omp_clause(s, c);
  s->where = NULL;
}

/* declare simd and declare variant name the parameters of the function
 * declared next (OpenMP 4.5 2.8.2), so they are resolved in its parameter
 * scope; when no function follows, they are resolved without errors. */
static void resolve_pending(Sema *s, bool lenient)
{
  OmpDir *d;
  s->omp_lenient = lenient;
  VEC_EACH(OmpDir *, d, s->pending)
    sema_omp_resolve(s, d);
  s->pending.len = 0;
  s->omp_lenient = false;
}

static void sema_omp(Sema *s, OmpDir *d)
{
  if (!d)
    return;
  if (d->kind == OMPD_DECLARE_REDUCTION || d->kind == OMPD_DECLARE_MAPPER)
    sema_omp_declare(s, d);
  else if (d->kind == OMPD_DECLARE_SIMD || d->kind == OMPD_DECLARE_VARIANT)
    vec_push(&s->pending, d);
  else if (d->kind == OMPD_METADIRECTIVE) {
    OmpWhen *w;
    VEC_EACH(OmpWhen *, w, d->whens) {
      s->where = "'when' clause";
      omp_selector_exprs(w->sel, omp_expr_check, s);
      s->where = NULL;
      sema_omp(s, w->variant);
    }
  } else
    sema_omp_resolve(s, d);
}

/* ---------------------------------------------------------------- entry */

/* The analysis under way, for the lazy declarations it expands. */
static Sema *active;

void sema_trans_unit(TransUnit *tu)
{
  Sema *s = xcalloc(1, sizeof *s);
  type_basic(TY_VA_LIST); /* sizes __builtin_va_list for this host */
  push_scope(s);
  active = s;
  Decl *d;
  VEC_EACH(Decl *, d, tu->decls)
    if (d->kind != D_LAZY && !d->lazy_done) /* one expanded already was seen */
      sema_decl(s, d);
  resolve_pending(s, true);
  file_sema = s;
}

/* d in the file scope: the bindings of the scopes open now are taken
 * off the tables and put back after, over what d declared.  Lazy
 * declarations come from before any #pragma pack (parse.c). */
void sema_expand_decl(Decl *d)
{
  Sema *s = active;
  if (!s)
    ice("a declaration expanded before semantic analysis");
  Scope *inner = s->scope, *file = s->scope;
  for (; file->up; file = file->up) {
    unbind(&s->ord, &file->ord);
    unbind(&s->tags, &file->tags);
  }
  long pack = s->pack;
  Vec pending = s->pending;
  const char *where = s->where;
  bool lenient = s->omp_lenient;
  s->scope = file;
  s->pack = 0;
  s->pending = (Vec){0};
  s->where = NULL;
  s->omp_lenient = false;
  sema_decl(s, d);
  s->scope = inner;
  s->pack = pack;
  s->pending = pending;
  s->where = where;
  s->omp_lenient = lenient;
  rebind_scopes(s, s->scope);
}

void sema_expand_funcdef(Decl *funcdef)
{
  if (!file_sema)
    ice("a function body expanded before semantic analysis");
  sema_funcdef(file_sema, funcdef);
}

/* ---------------------------------------------------------------- dumps */

const char *sema_symbol_str(const Symbol *sym)
{
  StrBuf b = {0};
  SymKind k = sym->kind == SYM_PARAM ? SYM_VAR : sym->kind;
  sb_printf(&b, "'%s' %s %s", sym->name, sym_kind_name[k], type_str(sym->ty));
  if (k == SYM_ENUM_CONST)
    sb_printf(&b, " = %lld", sym->value);
  else if (k == SYM_VAR || k == SYM_TYPEDEF || k == SYM_TAG) {
    long size = type_size(sym->ty);
    if (size >= 0)
      sb_printf(&b, " size %ld", size);
    else
      sb_puts(&b, type_is_vla(sym->ty) ? " size variable" : " size unknown");
  }
  if (sym->storage)
    sb_printf(&b, " %s", storage_name[sym->storage]);
  if (sym->thread_local)
    sb_puts(&b, " _Thread_local");
  return sb_take(&b);
}

static void dump_loc(FILE *out, Loc loc)
{
  fprintf(out, "%s:%d:%d:", loc.file ? loc.file : "<generated>", loc.line, loc.col);
}

/* Prints each identifier of an expression, in source order. */
typedef struct DumpCtx {
  FILE *out;
  Symbol *loop_var;
} DumpCtx;

static WalkAction dump_ident(Expr **slot, void *user)
{
  DumpCtx *c = user;
  Expr *e = *slot;
  if (e->kind == E_OFFSETOF)
    return WALK_SKIP;
  if (e->kind != E_IDENT)
    return WALK_CONTINUE;
  fputs("  ", c->out);
  dump_loc(c->out, e->loc);
  if (e->sym)
    fprintf(c->out, " %s%s\n", sema_symbol_str(e->sym),
            e->sym == c->loop_var && c->loop_var ? " (loop variable)" : "");
  else
    fprintf(c->out, " '%s' undeclared\n", e->text);
  return WALK_CONTINUE;
}

static void dump_expr(DumpCtx *c, Expr *e)
{
  if (e)
    walk_expr(&(Walker){.expr_pre = dump_ident, .user = c}, &e);
}

static void dump_exprs(DumpCtx *c, Vec *v)
{
  Expr *e;
  VEC_EACH(Expr *, e, *v)
    dump_expr(c, e);
}

static void dump_clause(DumpCtx *c, OmpClause *cl)
{
  OmpModifier *m;
  VEC_EACH(OmpModifier *, m, cl->mods) {
    OmpIterator *it;
    dump_expr(c, m->arg);
    VEC_EACH(OmpIterator *, it, m->iterators) {
      dump_expr(c, it->begin);
      dump_expr(c, it->end);
      dump_expr(c, it->step);
    }
  }
  dump_exprs(c, &cl->items);
  dump_expr(c, cl->expr);
  dump_expr(c, cl->expr2);
}

/* The variable a canonical loop's init-expr sets (OpenMP 4.5 2.6). */
static Symbol *loop_var(Stmt *f)
{
  Stmt *in = f->init;
  if (in && in->kind == S_DECL && in->decl && in->decl->decls.len) {
    InitDecl *id = in->decl->decls.items[0];
    return id->sym;
  }
  Expr *e = in && in->kind == S_EXPR ? in->expr : NULL;
  while (e && e->kind == E_PAREN)
    e = e->a;
  if (e && e->kind == E_ASSIGN) {
    Expr *v = e->a;
    while (v && v->kind == E_PAREN)
      v = v->a;
    return v && v->kind == E_IDENT ? v->sym : NULL;
  }
  return NULL;
}

/* The for statement a loop construct is associated with, looking through
 * braces around a single statement and nested loop-transforming
 * directives. */
static Stmt *assoc_for(Stmt *st)
{
  while (st && ((st->kind == S_COMPOUND && st->items.len == 1) || (st->kind == S_OMP && st->body)))
    st = st->kind == S_COMPOUND ? st->items.items[0] : st->body;
  return st && st->kind == S_FOR ? st : NULL;
}

static const unsigned omp_loop_leaves =
    OMP_LEAF_FOR | OMP_LEAF_SIMD | OMP_LEAF_DISTRIBUTE | OMP_LEAF_TASKLOOP | OMP_LEAF_LOOP;

long sema_collapse(const OmpDir *d)
{
  OmpClause *c = omp_find_clause(d, OMPC_COLLAPSE);
  long long n = 1;
  if (c && c->expr && (!const_eval(c->expr, &n) || n < 1))
    n = 1;
  return (long)n;
}

int sema_loop_depth(const OmpDir *d)
{
  long long n = sema_collapse(d), o = 0;
  OmpClause *c = omp_find_clause(d, OMPC_ORDERED);
  if (c && c->expr && const_eval(c->expr, &o) && o > n)
    n = o;
  return (int)n;
}

Vec sema_assigned_loop_vars(const OmpDir *d, Stmt *body)
{
  Vec vars = {0};
  if (!((d->leaves ? d->leaves : omp_dir_leaves(d->kind)) & omp_loop_leaves))
    return vars;
  int n = sema_loop_depth(d);
  for (Stmt *f = assoc_for(body); f && n > 0; f = assoc_for(f->body), n--) {
    Symbol *v = f->init && f->init->kind == S_EXPR ? loop_var(f) : NULL;
    if (v)
      vec_push(&vars, v);
  }
  return vars;
}

static void dump_loops(DumpCtx *c, OmpDir *d, Stmt *body)
{
  if (!((d->leaves ? d->leaves : omp_dir_leaves(d->kind)) & omp_loop_leaves))
    return;
  int n = sema_loop_depth(d);
  for (Stmt *f = assoc_for(body); f && n > 0; f = assoc_for(f->body), n--) {
    c->loop_var = loop_var(f);
    if (f->init && f->init->kind == S_DECL && f->init->decl) {
      InitDecl *id;
      VEC_EACH(InitDecl *, id, f->init->decl->decls) {
        if (id->sym) {
          fputs("  ", c->out);
          dump_loc(c->out, id->sym->loc);
          fprintf(c->out, " %s%s\n", sema_symbol_str(id->sym),
                  id->sym == c->loop_var ? " (loop variable)" : "");
        }
        if (id->init)
          dump_expr(c, id->init->expr);
      }
    } else if (f->init)
      dump_expr(c, f->init->expr);
    dump_expr(c, f->expr);
    dump_expr(c, f->expr2);
  }
  c->loop_var = NULL;
}

static void dump_directive(FILE *out, OmpDir *d, Stmt *body)
{
  DumpCtx c = {out, NULL};
  dump_loc(out, d->loc);
  fprintf(out, " omp %s\n", omp_dir_name(d->kind));
  dump_exprs(&c, &d->list);
  dump_expr(&c, d->combiner);
  OmpClause *cl;
  VEC_EACH(OmpClause *, cl, d->clauses)
    dump_clause(&c, cl);
  dump_loops(&c, d, body);
}

static WalkAction dump_stmt_dir(Stmt **slot, void *user)
{
  if ((*slot)->kind == S_OMP && (*slot)->omp)
    dump_directive(user, (*slot)->omp, (*slot)->body);
  return WALK_CONTINUE;
}

static WalkAction dump_decl_dir(Decl *d, void *user)
{
  if (d->kind == D_OMP && d->omp)
    dump_directive(user, d->omp, NULL);
  return WALK_CONTINUE;
}

void sema_dump_symbols(FILE *out, TransUnit *tu)
{
  Walker w = {.stmt_pre = dump_stmt_dir, .decl_pre = dump_decl_dir, .user = out};
  walk_trans_unit(&w, tu);
}

/* System headers are not the user's: their symbols would drown the dump. */
static bool user_file(const char *file)
{
  return file && strncmp(file, "/usr/", 5) && file[0] != '<';
}

static void dump_members(FILE *out, Record *rec)
{
  Member *m;
  VEC_EACH(Member *, m, rec->members) {
    fprintf(out, "    member '%s' %s offset %ld", m->name ? m->name : "<anonymous>", type_str(m->ty),
            m->offset);
    if (m->bit_width >= 0)
      fprintf(out, " bits %d:%d", m->bit_offset, m->bit_width);
    else if (type_size(m->ty) >= 0)
      fprintf(out, " size %ld", type_size(m->ty));
    fputc('\n', out);
  }
}

/* One line per expression of the user's files, outermost first:
 *   t.c:4:10: 'a[i] + 1.0f' double */
static WalkAction dump_expr_type(Expr **slot, void *user)
{
  Expr *e = *slot;
  if (!user_file(e->loc.file))
    return WALK_CONTINUE;
  StrBuf b = {0}, flat = {0};
  print_expr(&b, e);
  for (const char *p = b.s ? b.s : ""; *p; p++) /* statement expressions: one line */
    if (*p != '\n')
      sb_putc(&flat, *p);
    else
      for (sb_putc(&flat, ' '); p[1] == ' '; p++)
        ;
  dump_loc(user, e->loc);
  fprintf(user, " '%s' %s\n", sb_take(&flat), e->ty ? type_str(e->ty) : "<unknown>");
  free(b.s);
  return WALK_CONTINUE;
}

void sema_dump_expr_types(FILE *out, TransUnit *tu)
{
  walk_trans_unit(&(Walker){.expr_pre = dump_expr_type, .user = out}, tu);
}

/* A list item's variable: a in a, a[i], a[0:n], a.b, (*a).b, a->b[2:3]. */
Symbol *sema_base_symbol(Expr *e)
{
  while (e && e->kind != E_IDENT) {
    if (e->kind == E_UNARY && e->op != OP_DEREF)
      return NULL;
    if (e->kind != E_PAREN && e->kind != E_INDEX && e->kind != E_SECTION && e->kind != E_MEMBER &&
        e->kind != E_ARROW && e->kind != E_UNARY)
      return NULL;
    e = e->a;
  }
  return e ? e->sym : NULL;
}

void sema_dump_all_symbols(FILE *out, TransUnit *tu)
{
  Symbol *sym;
  (void)tu;
  VEC_EACH(Symbol *, sym, all_symbols) {
    if (!user_file(sym->loc.file))
      continue;
    dump_loc(out, sym->loc);
    fprintf(out, " %s depth %d\n", sema_symbol_str(sym), sym->depth);
    Type *t = sym->ty;
    bool record = t && t->rec && t->kind != TY_ENUM && t->rec->complete;
    /* an anonymous struct is known by its typedef name */
    if (record && (sym->kind == SYM_TAG || (sym->kind == SYM_TYPEDEF && !t->rec->tag)))
      dump_members(out, t->rec);
  }
}

/* walk.c - the shared tree walker (see walk.h).
 *
 * One function per node family; each visits the children in the order
 * they are written in the source.  Every child is reached through the
 * address of the field or Vec slot holding it, so callbacks may replace
 * it.  w->stopped is the only state: once set, every function returns at
 * once.
 */
#include "walk.h"

static bool walk_specs(Walker *w, DeclSpecs *ds);
static bool walk_declarator(Walker *w, Declarator *d);

static bool walk_exprs(Walker *w, Vec *v)
{
  for (int i = 0; i < v->len && !w->stopped; i++)
    walk_expr(w, (Expr **)&v->items[i]);
  return !w->stopped;
}

/* Only the union member the kind owns (ast.h): the others alias it. */
static void expr_children(Walker *w, Expr *e)
{
  GenericAssoc *ga;
  ExprUnion u = expr_union[e->kind];
  walk_type_name(w, e->type);
  walk_expr(w, &e->a);
  if (u == EU_OPERANDS) {
    walk_expr(w, &e->b);
    walk_expr(w, &e->c);
    walk_expr(w, &e->d);
  }
  if (u == EU_ARGS)
    walk_exprs(w, &e->args);
  walk_type_name(w, e->type2);
  if (u == EU_ASSOCS)
    VEC_EACH(GenericAssoc *, ga, e->assocs) {
      walk_type_name(w, ga->type);
      walk_expr(w, &ga->expr);
    }
  if (u == EU_INIT)
    walk_init(w, e->init);
  if (u == EU_STMT)
    walk_stmt(w, &e->stmt);
}

bool walk_expr(Walker *w, Expr **slot)
{
  if (w->stopped || !slot || !*slot)
    return !w->stopped;
  WalkAction act = w->expr_pre ? w->expr_pre(slot, w->user) : WALK_CONTINUE;
  if (act == WALK_STOP)
    w->stopped = true;
  if (act == WALK_CONTINUE && *slot)
    expr_children(w, *slot);
  if (!w->stopped && w->expr_post && *slot)
    w->expr_post(slot, w->user);
  return !w->stopped;
}

bool walk_type_name(Walker *w, TypeName *tn)
{
  if (tn && !w->stopped) {
    walk_specs(w, tn->specs);
    walk_declarator(w, tn->decl);
  }
  return !w->stopped;
}

bool walk_init(Walker *w, Init *init)
{
  if (!init || w->stopped)
    return !w->stopped;
  walk_expr(w, &init->expr);
  InitItem *it;
  VEC_EACH(InitItem *, it, init->items) {
    Designator *dg;
    VEC_EACH(Designator *, dg, it->designators) {
      walk_expr(w, &dg->a);
      walk_expr(w, &dg->b);
    }
    walk_init(w, it->init);
  }
  return !w->stopped;
}

static void walk_struct(Walker *w, StructSpec *su)
{
  Decl *d;
  VEC_EACH(Decl *, d, su->members)
    walk_decl(w, d);
  Enumerator *en;
  VEC_EACH(Enumerator *, en, su->enumerators)
    walk_expr(w, &en->value);
}

static bool walk_specs(Walker *w, DeclSpecs *ds)
{
  if (!ds)
    return !w->stopped;
  Spec *sp;
  VEC_EACH(Spec *, sp, ds->specs) {
    if (sp->kind == SPEC_STRUCT) { /* su and expr share a union (ast.h) */
      if (sp->su)
        walk_struct(w, sp->su);
    } else
      walk_expr(w, &sp->expr);
    walk_type_name(w, sp->type);
  }
  return !w->stopped;
}

/* Source order: what an array's or a function's declarator part follows
 * (its inner) is written before its brackets; a pointer's after the '*'. */
static bool walk_declarator(Walker *w, Declarator *d)
{
  if (!d || w->stopped)
    return !w->stopped;
  bool inner_first = d->kind == DK_ARRAY || d->kind == DK_FUNC;
  if (inner_first)
    walk_declarator(w, d->inner);
  if (d->kind == DK_ARRAY) /* size and params share a union (ast.h) */
    walk_expr(w, &d->size);
  Param *p;
  if (d->kind == DK_FUNC)
    VEC_EACH(Param *, p, d->params) {
      walk_specs(w, p->specs);
      walk_declarator(w, p->decl);
    }
  if (!inner_first)
    walk_declarator(w, d->inner);
  return !w->stopped;
}

static void walk_init_decl(Walker *w, InitDecl *id)
{
  if (!id)
    return;
  walk_declarator(w, id->decl);
  walk_expr(w, &id->bitfield);
  walk_init(w, id->init);
}

static void decl_children(Walker *w, Decl *d)
{
  InitDecl *id;
  walk_specs(w, d->specs);
  VEC_EACH(InitDecl *, id, d->decls)
    walk_init_decl(w, id);
  Decl *kd;
  switch (d->kind) { /* the union's members by kind (ast.h) */
  case D_FUNCDEF:
    walk_init_decl(w, d->func);
    VEC_EACH(Decl *, kd, d->krparams)
      walk_decl(w, kd);
    walk_stmt(w, &d->body);
    break;
  case D_STATIC_ASSERT:
    walk_expr(w, &d->expr);
    walk_expr(w, &d->message);
    break;
  case D_OMP: walk_omp(w, d->omp); break;
  default: break;
  }
}

bool walk_decl(Walker *w, Decl *d)
{
  if (w->stopped || !d)
    return !w->stopped;
  WalkAction act = w->decl_pre ? w->decl_pre(d, w->user) : WALK_CONTINUE;
  if (act == WALK_STOP)
    w->stopped = true;
  if (act == WALK_CONTINUE)
    decl_children(w, d);
  if (!w->stopped && w->decl_post)
    w->decl_post(d, w->user);
  return !w->stopped;
}

static void stmt_children(Walker *w, Stmt *s)
{
  bool has2 = s->kind == S_FOR || s->kind == S_CASE; /* the union (ast.h) */
  walk_omp(w, s->omp);
  if (s->kind == S_FOR)
    walk_stmt(w, &s->init);
  if (s->kind == S_DECL)
    walk_decl(w, s->decl);
  walk_expr(w, &s->expr);
  if (has2)
    walk_expr(w, &s->expr2);
  for (int i = 0; s->kind == S_COMPOUND && i < s->items.len && !w->stopped; i++)
    walk_stmt(w, (Stmt **)&s->items.items[i]);
  walk_stmt(w, &s->body);
  walk_stmt(w, &s->else_);
}

bool walk_stmt(Walker *w, Stmt **slot)
{
  if (w->stopped || !slot || !*slot)
    return !w->stopped;
  WalkAction act = w->stmt_pre ? w->stmt_pre(slot, w->user) : WALK_CONTINUE;
  if (act == WALK_STOP)
    w->stopped = true;
  if (act == WALK_CONTINUE && *slot)
    stmt_children(w, *slot);
  if (!w->stopped && w->stmt_post && *slot)
    w->stmt_post(slot, w->user);
  return !w->stopped;
}

static void walk_slot(Expr **slot, void *w) { walk_expr(w, slot); }

static void walk_clause(Walker *w, OmpClause *c)
{
  OmpModifier *m;
  VEC_EACH(OmpModifier *, m, c->mods) {
    OmpIterator *it;
    walk_expr(w, &m->arg);
    VEC_EACH(OmpIterator *, it, m->iterators) {
      walk_type_name(w, it->type);
      walk_expr(w, &it->begin);
      walk_expr(w, &it->end);
      walk_expr(w, &it->step);
    }
  }
  walk_exprs(w, &c->items);
  walk_exprs(w, &c->args);
  walk_expr(w, &c->expr);
  walk_expr(w, &c->expr2);
  omp_selector_exprs(c->sel, walk_slot, w);
}

/* The directive's arguments, then its clauses, in source order (flush's
 * late list is still walked first: order inside one pragma rarely matters). */
bool walk_omp(Walker *w, OmpDir *d)
{
  if (!d || w->stopped)
    return !w->stopped;
  WalkAction act = w->omp_pre ? w->omp_pre(d, w->user) : WALK_CONTINUE;
  if (act == WALK_STOP)
    w->stopped = true;
  if (act != WALK_CONTINUE)
    return !w->stopped;
  walk_exprs(w, &d->list);
  TypeName *tn;
  VEC_EACH(TypeName *, tn, d->types)
    walk_type_name(w, tn);
  walk_expr(w, &d->combiner);
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses)
    walk_clause(w, c);
  OmpWhen *wh;
  VEC_EACH(OmpWhen *, wh, d->whens) {
    omp_selector_exprs(wh->sel, walk_slot, w);
    walk_omp(w, wh->variant);
  }
  return !w->stopped;
}

bool walk_trans_unit(Walker *w, TransUnit *tu)
{
  Decl *d;
  VEC_EACH(Decl *, d, tu->decls)
    if (d->kind != D_LAZY) /* no tree (ast.h) */
      walk_decl(w, d);
  return !w->stopped;
}

typedef struct Names {
  const struct Symbol *sym;
  bool found;
} Names;

static WalkAction names_sym(Expr **slot, void *user)
{
  Names *n = user;
  n->found |= (*slot)->kind == E_IDENT && (*slot)->sym == n->sym;
  return n->found ? WALK_STOP : WALK_CONTINUE;
}

bool walk_stmt_names(Stmt **slot, const struct Symbol *s)
{
  Names n = {s, false};
  walk_stmt(&(Walker){.expr_pre = names_sym, .user = &n}, slot);
  return n.found;
}

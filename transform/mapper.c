/* mapper.c - map clauses: the runtime's flags of a map clause's map type
 * and modifiers (OpenMP 5.2 5.8.3), and declare mapper (5.2 5.8.8).
 *
 *   #pragma omp declare mapper(struct Vec v) map(v, v.d[0:v.n])
 *
 * A map clause's list item of type struct Vec, or a to/from item of a
 * target update, is mapped as the mapper's own list items with the
 * mapper's variable standing for it: map(to: w) maps w and w.d[0:w.n].
 * The mapper named by the clause's mapper(id) modifier applies, else the
 * type's default mapper (no name, or `default`), also to the implicit map
 * of a structure a target region uses.
 *
 * The map type of each mapper item is the one it was declared with,
 * narrowed by the clause's (5.8.8's table): alloc and to/from bits
 * intersect (to: tofrom becomes to, from becomes alloc), release and
 * delete are the clause's; the modifiers of both add up.
 *
 * The substitution is made in place: each occurrence of the mapper's
 * variable in the mapper's item points at the clause's item while the
 * callback runs (which prints and types what it needs), then is put back.
 * The expressions stay typed, the variable and the item having one type.
 */
#include "mapper.h"

#include <string.h>

#include "../runtime-host/ompicc-rt.h"
#include "print.h"
#include "sema.h"
#include "walk.h"

/* ---------------------------------------------------------------- flags */

unsigned map_clause_flags(const OmpClause *cl)
{
  static const unsigned word_flags[OMPW_COUNT] = {
      [OMPW_NONE] = OMPICC_MAP_TO | OMPICC_MAP_FROM,
      [OMPW_TOFROM] = OMPICC_MAP_TO | OMPICC_MAP_FROM, [OMPW_TO] = OMPICC_MAP_TO,
      [OMPW_FROM] = OMPICC_MAP_FROM, [OMPW_DELETE] = OMPICC_MAP_DELETE,
  };
  static const unsigned mod_flags[OMPW_COUNT] = {
      [OMPW_ALWAYS] = OMPICC_MAP_ALWAYS, [OMPW_PRESENT] = OMPICC_MAP_PRESENT,
      [OMPW_CLOSE] = OMPICC_MAP_CLOSE,
  };
  unsigned f = word_flags[cl->word];
  OmpModifier *m;
  VEC_EACH(OmpModifier *, m, cl->mods)
    f |= mod_flags[m->word];
  return f;
}

/* ---------------------------------------------------------------- finding */

/* The unit's declare mapper directives, gathered once. */
static TransUnit *gathered;
static Vec mappers; /* OmpDir* */

bool map_unit_stride(const Expr *sec)
{
  return !sec->d || (sec->d->kind == E_INT && !strcmp(sec->d->text, "1"));
}

bool map_contiguous(const Expr *item)
{
  for (const Expr *e = item; e && e->kind != E_IDENT; e = e->a)
    if (e->kind == E_SECTION && !map_unit_stride(e)) {
      error(e->d->loc, "a section with a stride other than 1 may be only in a 'to' or 'from' "
                       "clause of 'target update': a map clause needs contiguous storage");
      return false;
    }
  return true;
}

static void pointer_slots(const Type *t, const char *lvalue, int depth, PointerSlotFn *fn,
                          void *user)
{
  if (!t || depth > 8)
    return;
  if (t->kind == TY_POINTER) {
    if (t->base && t->base->kind != TY_FUNC)
      fn(lvalue, user);
    return;
  }
  if (t->kind != TY_STRUCT || !t->rec || !t->rec->complete)
    return;
  Member *m;
  VEC_EACH(Member *, m, t->rec->members) {
    if (m->bit_width >= 0)
      continue;
    /* an anonymous structure's members are the outer one's */
    const char *sub = m->name ? xasprintf("%s.%s", lvalue, m->name) : lvalue;
    if (m->name || (m->ty && m->ty->kind == TY_STRUCT))
      pointer_slots(m->ty, sub, depth + 1, fn, user);
  }
}

void map_pointer_slots(const Type *t, const char *lvalue, PointerSlotFn *fn, void *user)
{
  pointer_slots(t, lvalue, 0, fn, user);
}

/* A mapper's item with the iterator modifier would stand for items made
 * per use, in the mapper's host function too: a sorry, once. */
static WalkAction gather(OmpDir *d, void *user UNUSED)
{
  if (d->kind != OMPD_DECLARE_MAPPER || !d->types.len)
    return WALK_CONTINUE;
  vec_push(&mappers, d);
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses) {
    OmpModifier *it = omp_clause_iterator(c);
    if (it)
      sorry(it->loc, "the 'iterator' modifier in a 'declare mapper'");
  }
  return WALK_CONTINUE;
}

static bool is_default(const char *id) { return !id || !strcmp(id, "default"); }

/* The mapper of type t named id (NULL: the default one), the nearest
 * before the use (loc_nearer). */
static OmpDir *find_mapper(TransUnit *tu, const char *id, const Type *t, Loc at)
{
  if (gathered != tu) {
    mappers = (Vec){0};
    walk_trans_unit(&(Walker){.omp_pre = gather}, tu);
    gathered = tu;
  }
  OmpDir *best = NULL, *d;
  VEC_EACH(OmpDir *, d, mappers) {
    TypeName *tn = d->types.items[0];
    bool same_id = is_default(id) ? is_default(d->name) : d->name && !strcmp(d->name, id);
    if (!t || !same_id || !tn->ty || !type_equal(tn->ty, t))
      continue;
    if (loc_nearer(d->loc, best ? &best->loc : NULL, at))
      best = d;
  }
  return best;
}

/* The clause's mapper(id) modifier, or NULL. */
static const OmpModifier *mapper_mod(const OmpClause *cl)
{
  OmpModifier *m;
  if (cl)
    VEC_EACH(OmpModifier *, m, cl->mods)
      if (m->word == OMPW_MAPPER)
        return m;
  return NULL;
}

/* ---------------------------------------------------------------- applying */

/* The mapper's variable: the symbol its items name it by. */
typedef struct Subst {
  const char *name;
  Symbol *var;
  Expr *item;
  Vec slots; /* Expr**: where the variable was, */
  Vec was;   /* Expr*: and the node that was there */
} Subst;

static WalkAction find_var(Expr **slot, void *user)
{
  Subst *s = user;
  Expr *e = *slot;
  if (e->kind == E_IDENT && e->sym && e->text && !strcmp(e->text, s->name))
    s->var = e->sym;
  return s->var ? WALK_STOP : WALK_CONTINUE;
}

static WalkAction put_item(Expr **slot, void *user)
{
  Subst *s = user;
  if ((*slot)->kind != E_IDENT || (*slot)->sym != s->var)
    return WALK_CONTINUE;
  vec_push(&s->slots, slot);
  vec_push(&s->was, *slot);
  *slot = s->item;
  return WALK_SKIP; /* the item itself may name a variable of that name */
}

static unsigned combined(unsigned clause, unsigned declared)
{
  const unsigned dir = OMPICC_MAP_TO | OMPICC_MAP_FROM;
  const unsigned mods = OMPICC_MAP_ALWAYS | OMPICC_MAP_PRESENT | OMPICC_MAP_CLOSE;
  return (clause & declared & dir) | (clause & ~dir) | (declared & mods);
}

static void apply(OmpDir *d, Expr *item, unsigned flags, MapperItemFn *fn, void *user)
{
  Subst s = {.name = d->var, .item = item};
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses)
    for (int i = 0; c->kind == OMPC_MAP && !s.var && i < c->items.len; i++)
      walk_expr(&(Walker){.expr_pre = find_var, .user = &s}, (Expr **)&c->items.items[i]);
  VEC_EACH(OmpClause *, c, d->clauses) {
    if (c->kind != OMPC_MAP)
      continue;
    unsigned f = combined(flags, map_clause_flags(c));
    for (int i = 0; i < c->items.len; i++) {
      Expr **x = (Expr **)&c->items.items[i];
      s.slots = s.was = (Vec){0};
      walk_expr(&(Walker){.expr_pre = put_item, .user = &s}, x);
      fn(*x, f, user);
      for (int k = s.slots.len - 1; k >= 0; k--) /* the variable goes back */
        *(Expr **)s.slots.items[k] = s.was.items[k];
    }
  }
}

void mapper_items(OmpDir *d, Expr *item, MapperItemFn *fn, void *user)
{
  apply(d, item, OMPICC_MAP_TO | OMPICC_MAP_FROM, fn, user);
}

/* Is d a directive of the unit's file scope? */
static bool at_file_scope(TransUnit *tu, const OmpDir *d)
{
  Decl *x;
  VEC_EACH(Decl *, x, tu->decls)
    if (x->kind == D_OMP && x->omp == d)
      return true;
  return false;
}

const char *mapper_function_name(TransUnit *tu, const OmpDir *d)
{
  find_mapper(tu, NULL, NULL, (Loc){0}); /* gathers the unit's mappers */
  OmpDir *m;
  VEC_EACH(OmpDir *, m, mappers)
    if (m == d)
      return at_file_scope(tu, d) ? xasprintf("__ompicc_mapper_%d", m_i) : NULL;
  return NULL;
}

bool mapper_apply(TransUnit *tu, const OmpClause *cl, Expr *item, unsigned flags,
                          MapperItemFn *fn, MapperElemsFn *elems, void *user)
{
  const OmpModifier *mod = mapper_mod(cl);
  const char *id = mod ? mod->id : NULL;
  Type *t = item->ty;
  Type *elem = t;
  while (elem && type_is_array(elem))
    elem = elem->base;
  bool section = false;
  for (Expr *e = item; e && (e->kind == E_SECTION || e->kind == E_PAREN); e = e->a)
    section |= e->kind == E_SECTION;
  if (section && item->kind == E_SECTION && item->a->ty) /* a[0:n]: its elements */
    elem = type_elem(item->a->ty);
  OmpDir *d = find_mapper(tu, id, elem, item->loc);
  if (!d) {
    if (!is_default(id))
      error(mod->loc, "no 'declare mapper' named '%s' for '%s' of type '%s'", id,
            print_expr_str(item), elem ? type_str(elem) : "?");
    return !is_default(id);
  }
  if (section || (t && type_is_array(t))) {
    /* each element: the function the host file has for a mapper of its
     * file scope (lower-host.c), which the runtime calls */
    const char *f = mapper_function_name(tu, d);
    if (!f)
      sorry(item->loc, "a 'declare mapper' declared in a block applied to the elements of an "
                       "array of '%s'", type_str(elem));
    else
      elems(item, f, flags, user);
    return true;
  }
  apply(d, item, flags, fn, user);
  return true;
}

/* omp.c - the OpenMP rules of the directive and clause nodes (omp.h):
 * the tables of omp-tables.h (one row per directive and per clause) and
 * the queries over them: spellings, leaf constructs, the clause sets each
 * directive allows (computed once, allowed_init), a directive's class.
 * The directive parser is omp-parse.c; the printer is print.c.
 *
 * Main structures: OmpDirInfo and OmpClauseInfo, the rows of the tables
 * omp_dirs and omp_clauses built from omp-tables.h.
 */
#include "omp.h"

#include <string.h>

#include "omp-tables.h"
#include "types.h"

/* ---------------------------------------------------------------- tables */
typedef struct OmpDirInfo {
  const char *words;
  OmpDirClass cls;
  unsigned leaves;
  DirArg arg;
  const char *clauses;
} OmpDirInfo;

static const OmpDirInfo omp_dirs[OMPD_COUNT] = {
#define X(k, w, c, l, a, cl) [k] = {w, c, l, a, cl},
    OMP_DIRECTIVES(X)
#undef X
};

typedef struct OmpClauseInfo {
  const char *name;
  Shape shape;
  unsigned flags;
} OmpClauseInfo;

static const OmpClauseInfo omp_clauses[OMPC_COUNT] = {
#define X(k, n, s, f) [k] = {n, s, f},
    OMP_CLAUSES(X)
#undef X
};

static const char *const omp_word_names[OMPW_COUNT] = {
#define X(n, s) s,
    OMP_WORD_LIST(X)
#undef X
};

static const char *const RED_NAMES[] = {
#define X(n, s) s,
    OMP_RED_LIST(X)
#undef X
};

static const OmpDirKind LEAF_DIRS[OMP_LEAF_COUNT] = {
#define X(n, d) d,
    OMP_LEAF_LIST(X)
#undef X
};

const char *omp_dir_name(OmpDirKind k)
{
  return k > OMPD_NONE && k < OMPD_COUNT ? omp_dirs[k].words : "?";
}
const char *omp_clause_name(OmpClauseKind k) { return k < OMPC_COUNT ? omp_clauses[k].name : "?"; }
const char *omp_word_name(OmpWord w) { return w < OMPW_COUNT ? omp_word_names[w] : "?"; }
unsigned omp_dir_leaves(OmpDirKind k) { return k < OMPD_COUNT ? omp_dirs[k].leaves : 0; }
unsigned omp_leaves(const OmpDir *d) { return d->leaves ? d->leaves : omp_dir_leaves(d->kind); }
DirArg omp_dir_arg(OmpDirKind k) { return k < OMPD_COUNT ? omp_dirs[k].arg : DA_NONE; }
Shape omp_clause_shape(OmpClauseKind k) { return k < OMPC_COUNT ? omp_clauses[k].shape : SH_NONE; }
unsigned omp_clause_flags(OmpClauseKind k) { return k < OMPC_COUNT ? omp_clauses[k].flags : 0; }

const char *omp_red_name(OmpRedOp op) { return op < OMP_RED_USER ? RED_NAMES[op] : "?"; }

OmpDirKind omp_leaf_dir(unsigned leaf_bit)
{
  for (int i = 0; i < OMP_LEAF_COUNT; i++)
    if (leaf_bit == 1u << i)
      return LEAF_DIRS[i];
  return OMPD_NONE;
}

OmpDirKind omp_dir_of_leaves(unsigned leaves)
{
  for (int k = OMPD_NONE + 1; k < OMPD_COUNT && leaves; k++)
    if (omp_dirs[k].leaves == leaves)
      return k;
  return OMPD_NONE;
}

/* The allowed clause sets, one bit per clause kind.  Combined directives
 * allow the union of their leaves' clauses, except that nowait belongs to
 * target when there is one, and is refused on parallel worksharing
 * combinations without it (5.2, 17.5). */
static bool allowed[OMPD_COUNT][OMPC_COUNT];
static bool allowed_ready;

static void allowed_from_string(OmpDirKind d, const char *set)
{
  for (int k = 0; k < OMPC_COUNT; k++)
    if (words_contain(set, omp_clauses[k].name))
      allowed[d][k] = true;
}

static void allowed_init(void)
{
  for (int d = 1; d < OMPD_COUNT; d++)
    allowed_from_string(d, omp_dirs[d].clauses);
  for (int d = 1; d < OMPD_COUNT; d++) {
    unsigned l = omp_dirs[d].leaves;
    if (!(l & (l - 1)))
      continue; /* a single leaf: its own list */
    for (int i = 0; i < OMP_LEAF_COUNT; i++)
      if (l & (1u << i))
        allowed_from_string(d, omp_dirs[LEAF_DIRS[i]].clauses);
    if ((l & OMP_LEAF_PARALLEL) && !(l & OMP_LEAF_TARGET))
      allowed[d][OMPC_NOWAIT] = false;
  }
  allowed_ready = true;
}

bool omp_clause_allowed(OmpDirKind d, OmpClauseKind k)
{
  if (!allowed_ready)
    allowed_init();
  return d > OMPD_NONE && d < OMPD_COUNT && k < OMPC_COUNT && allowed[d][k];
}

Expr *omp_linear_step(const OmpClause *linear)
{
  OmpModifier *m;
  VEC_EACH(OmpModifier *, m, linear->mods)
    if (m->word == OMPW_STEP)
      return m->arg;
  return linear->expr;
}

OmpClause *omp_find_clause(const OmpDir *d, OmpClauseKind k)
{
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses)
  if (c->kind == k)
    return c;
  return NULL;
}

void omp_drop_clauses(OmpDir *d, OmpClauseKind k)
{
  int kept = 0;
  for (int i = 0; i < d->clauses.len; i++)
    if (((OmpClause *)d->clauses.items[i])->kind != k)
      d->clauses.items[kept++] = d->clauses.items[i];
  d->clauses.len = kept;
}

OmpModifier *omp_clause_iterator(const OmpClause *c)
{
  OmpModifier *m;
  VEC_EACH(OmpModifier *, m, c->mods)
    if (m->word == OMPW_ITERATOR)
      return m;
  return NULL;
}

/* Most directives have one class; ordered with depend/doacross is
 * standalone (5.2, 15.10.1), and error is executable only with
 * at(execution) (5.2, 8.5); a metadirective has its variants' class. */
OmpDirClass omp_directive_class(const OmpDir *d)
{
  if (d->kind == OMPD_ORDERED &&
      (omp_find_clause(d, OMPC_DEPEND) || omp_find_clause(d, OMPC_DOACROSS)))
    return OMP_CLASS_STANDALONE;
  if (d->kind == OMPD_ERROR) {
    OmpClause *at = omp_find_clause(d, OMPC_AT);
    return at && at->word == OMPW_EXECUTION ? OMP_CLASS_STANDALONE : OMP_CLASS_DECLARATIVE;
  }
  if (d->kind == OMPD_METADIRECTIVE) { /* a construct if one variant is (5.2, 7.4.3) */
    OmpWhen *w;
    VEC_EACH(OmpWhen *, w, d->whens)
      if (w->variant && omp_directive_class(w->variant) == OMP_CLASS_CONSTRUCT)
        return OMP_CLASS_CONSTRUCT;
    return OMP_CLASS_STANDALONE;
  }
  return omp_dirs[d->kind].cls;
}

void omp_selector_exprs(OmpSelector *sel, void (*fn)(Expr **slot, void *user), void *user)
{
  OmpTraitSet *set;
  if (sel)
    VEC_EACH(OmpTraitSet *, set, sel->sets) {
      OmpTrait *t;
      VEC_EACH(OmpTrait *, t, set->traits) {
        OmpTraitProp *p;
        if (t->score)
          fn(&t->score, user);
        VEC_EACH(OmpTraitProp *, p, t->props)
          if (p->expr)
            fn(&p->expr, user);
      }
    }
}

bool omp_selector_dynamic(const OmpSelector *sel)
{
  OmpTraitSet *set;
  if (sel)
    VEC_EACH(OmpTraitSet *, set, sel->sets) {
      OmpTrait *t;
      if (!strcmp(set->name, "target_device"))
        return true;
      VEC_EACH(OmpTrait *, t, set->traits) {
        Expr *e = !strcmp(t->name, "condition") && t->props.len
                      ? expr_unparen(((OmpTraitProp *)t->props.items[0])->expr)
                      : NULL;
        if (e && e->kind != E_INT)
          return true;
      }
    }
  return false;
}

bool omp_red_type_ok(OmpRedOp op, const Type *t)
{
  if (!t)
    return true;
  if (t->kind == TY_ENUM)
    t = t->base;
  switch (op) {
  case OMP_RED_BITAND: case OMP_RED_BITOR: case OMP_RED_BITXOR:
    return type_is_integer(t);
  case OMP_RED_USER:
    return false;
  case OMP_RED_MIN: case OMP_RED_MAX:
    return type_is_integer(t) || type_is_float(t);
  default:
    return type_is_integer(t) || type_is_float(t) || t->kind == TY_COMPLEX;
  }
}

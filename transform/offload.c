/* offload.c - analysis of target constructs (see offload.h).
 *
 * For each target construct (the construct itself or the target part of
 * a combined one), in source order:
 *   1. the clauses: data-sharing clauses (one per variable, OpenMP 5.2
 *      5.4), reductions (the operator must suit the type, 5.5.3), maps;
 *   2. the SPMD decision (DESIGN D4): a combined loop construct, or a
 *      target teams / target parallel / target whose only statement is
 *      the matching loop construct, with a canonical loop nest (5.2 4.4.1)
 *      of collapse(n) loops and nothing inside that needs more than
 *      independent threads;
 *   3. the captured variables: every variable the region uses that is
 *      declared outside it, with the implicit data-mapping rules
 *      (4.5 2.15.5, 5.2 5.8.9): scalars firstprivate (by value), unless
 *      defaultmap says otherwise (5.2 5.8.7: per category, scalar,
 *      aggregate, pointer); arrays and structs tofrom; pointers as
 *      zero-length sections (looked up at run time);
 *   4. the call graph: functions of the file called or named as values
 *      in device code, in the initializers of declare target variables
 *      and in a declare target directive with 'indirect' (5.2 7.8.1) go
 *      into the kernel file (implicitly declare target, 5.0), with the
 *      declare target variables they use; a call to a function with no
 *      definition and no device version is an error at its place;
 *   5. user-defined reductions (OpenMP 4.5 2.16) of the construct and of
 *      the directives inside it: the declare reduction each names, whose
 *      combiner and initializer become device code too.
 */
#include "offload.h"

#include <string.h>

#include "../runtime-host/ompicc-rt.h"
#include "allocators.h"
#include "device-lib.h"
#include "generic-mode.h"
#include "mapper.h"
#include "parse.h"
#include "print.h"
#include "readonly.h"
#include "team-private.h"
#include "team-loops.h"
#include "variants.h"
#include "walk.h"

/* ---------------------------------------------------------------- helpers */

static void vec_add_once(Vec *v, void *x)
{
  if (!vec_has(v, x))
    vec_push(v, x);
}

/* Symbols of one program entity: sema gives each declaration its own
 * Symbol, so file-scope entities are compared by name. */
static bool same_entity(const Symbol *a, const Symbol *b)
{
  return a == b || (a && b && a->depth == 0 && b->depth == 0 && a->name == b->name);
}

static Vec declare_target_vars, declare_target_links;
/* What a declare target directive names or a begin declare target block
 * declares, as against variables device functions merely use: the
 * functions (const char *, interned names) and the variables (Symbol*)
 * that other files' device code may share (doc/ARCHITECTURE.md, "Device
 * code across files"). */
static Vec declared_funcs, declared_target_vars;

bool offload_is_declare_target(Offload *o, Symbol *s)
{
  (void)o;
  if (!s || s->depth != 0 || s->kind != SYM_VAR)
    return false;
  Symbol *d;
  VEC_EACH(Symbol *, d, declare_target_vars)
    if (same_entity(d, s))
      return true;
  return false;
}

bool offload_is_const_object(const Symbol *s)
{
  /* const on an array type (through a typedef: const T x) is its
   * elements' (C11 6.7.3p9) */
  const Type *t = s->ty;
  for (; t && type_is_array(t); t = t->base)
    if (t->quals & Q_CONST)
      return true;
  return t && (t->quals & Q_CONST);
}

const char *offload_global_name(const Offload *o, const Symbol *s)
{
  if (s->storage != ST_STATIC_GLOBAL || !o->unit_id)
    return s->name;
  return xasprintf("__ompicc_static_%s_%s", o->unit_id, s->name);
}

bool offload_is_link(Offload *o, Symbol *s)
{
  (void)o;
  Symbol *d;
  VEC_EACH(Symbol *, d, declare_target_links)
    if (same_entity(d, s))
      return true;
  return false;
}

/* ---------------------------------------------------------------- declare target */

static void add_declare_target(Expr *e, bool link, bool host)
{
  Symbol *s = sema_base_symbol(e);
  if (s && s->kind == SYM_FUNC && !host)
    vec_add_once(&declared_funcs, (void *)s->name); /* called on the device: there anyway */
  if (!s || s->kind != SYM_VAR)
    return;
  vec_add_once(&declared_target_vars, s);
  vec_add_once(&declare_target_vars, s);
  if (link)
    vec_add_once(&declare_target_links, s);
}

/* The indirect clause of a declare target directive (OpenMP 5.2 7.8.1,
 * 7.8.2): does invoked-by-fptr, a constant expression (true when
 * absent), let the directive's functions be called through a pointer
 * that holds their host address (an indirect device invocation)?  With
 * it, device_type may only be 'any': the device version must exist, and
 * so must the host address that names it. */
static bool indirect_clause(const OmpDir *d)
{
  OmpClause *c = omp_find_clause(d, OMPC_INDIRECT);
  long long v = 1;
  if (!c)
    return false;
  if (c->expr && !sema_const_int(c->expr, &v)) {
    error(c->expr->loc, "the argument of 'indirect' must be a constant expression");
    return false;
  }
  OmpClause *dt = omp_find_clause(d, OMPC_DEVICE_TYPE);
  if (v && dt && dt->word != OMPW_ANY)
    error(dt->loc, "'device_type(%s)' with 'indirect': a function called through its host "
                   "address on the device needs both versions; only 'device_type(any)' is allowed",
          omp_word_name(dt->word));
  return v != 0;
}

/* A function the directive makes indirect: its definition in this file
 * has a device version and a place in the table of host addresses that
 * calls through pointers look up (kernels.c); without one in this file,
 * the file that defines it has it. */
static void add_indirect(Offload *o, const char *name)
{
  Decl *def = tu_find_funcdef(o->tu, name);
  if (def)
    vec_add_once(&o->indirect, def);
}

/* device_type(host): the directive's functions have no device version. */
static bool host_only(const OmpDir *d)
{
  OmpClause *dt = omp_find_clause(d, OMPC_DEVICE_TYPE);
  return dt && dt->word == OMPW_HOST;
}

static void declare_target_dir(Offload *o, OmpDir *d)
{
  bool host = host_only(d);
  Expr *e;
  VEC_EACH(Expr *, e, d->list)
    add_declare_target(e, false, host);
  bool indirect = indirect_clause(d);
  OmpClause *c;
  bool items = false;
  VEC_EACH(OmpClause *, c, d->clauses)
    items |= c->kind == OMPC_TO || c->kind == OMPC_ENTER || c->kind == OMPC_LINK;
  if (d->clauses.len && !items)
    error(d->loc, "'declare target' with clauses needs an 'enter' or a 'link' clause "
                  "(the block form is 'begin declare target')");
  VEC_EACH(OmpClause *, c, d->clauses) {
    if (c->kind != OMPC_TO && c->kind != OMPC_ENTER && c->kind != OMPC_LINK)
      continue;
    VEC_EACH(Expr *, e, c->items) {
      add_declare_target(e, c->kind == OMPC_LINK, host);
      bool function = e->kind == E_IDENT && e->sym && e->sym->kind == SYM_FUNC;
      if (indirect && function)
        add_indirect(o, e->text);
      else if (indirect)
        error(e->loc, "'%s' is not a function: 'indirect' applies to the functions of "
                      "the directive, which may then be called through pointers",
              print_expr_str(e));
    }
  }
}

static bool is_begin_declare_target(const OmpDir *d)
{
  return d->kind == OMPD_BEGIN_DECLARE_TARGET ||
         (d->kind == OMPD_DECLARE_TARGET && !d->list.len && !d->clauses.len);
}

/* The functions a declaration inside an indirect begin declare target
 * block declares or defines. */
static void block_indirect(Offload *o, Decl *d)
{
  if (d->kind == D_FUNCDEF && d->func) {
    vec_add_once(&o->indirect, d);
    return;
  }
  InitDecl *id;
  if (d->kind == D_VAR && !specs_has(d->specs, KW_TYPEDEF))
    VEC_EACH(InitDecl *, id, d->decls)
      if (id->sym && id->sym->kind == SYM_FUNC)
        add_indirect(o, id->sym->name);
}

/* declare target (OpenMP 5.2 7.8): the list forms and the begin/end
 * block, whose variables are all declare target, and whose functions
 * are indirect when its directive, or an enclosing one, says so. */
static void find_declare_target(Offload *o)
{
  int depth = 0, indirect_from = 0; /* the depth of the outermost indirect block; 0: none */
  Decl *d;
  VEC_EACH(Decl *, d, o->tu->decls) {
    if (d->kind == D_OMP && is_begin_declare_target(d->omp)) {
      depth++;
      if (indirect_clause(d->omp) && !indirect_from)
        indirect_from = depth;
    } else if (d->kind == D_OMP && d->omp->kind == OMPD_END_DECLARE_TARGET && depth > 0) {
      if (depth-- == indirect_from)
        indirect_from = 0;
    } else if (d->kind == D_OMP && d->omp->kind == OMPD_DECLARE_TARGET)
      declare_target_dir(o, d->omp);
    else if (depth > 0 && d->kind == D_VAR && !specs_has(d->specs, KW_TYPEDEF)) {
      InitDecl *id;
      VEC_EACH(InitDecl *, id, d->decls)
        if (id->sym && id->sym->kind == SYM_VAR) {
          vec_add_once(&declare_target_vars, id->sym);
          vec_add_once(&declared_target_vars, id->sym);
        } else if (id->sym && id->sym->kind == SYM_FUNC)
          vec_add_once(&declared_funcs, (void *)id->sym->name);
    } else if (depth > 0 && d->kind == D_FUNCDEF && d->func)
      vec_add_once(&declared_funcs, (void *)declarator_name(d->func->decl));
    if (indirect_from)
      block_indirect(o, d);
  }
}

/* ---------------------------------------------------------------- user-defined reductions */

static void check_call(Offload *o, Expr *call);
static WalkAction global_use(Expr **slot, void *user);

/* The search for the declare reduction a reduction clause names. */
typedef struct UdrFind {
  const OmpClause *cl;
  const Type *ty;
  OmpDir *best;
  TypeName *type;
} UdrFind;

/* The type of d's list that is t, when d declares the reduction cl names. */
static TypeName *udr_type(const OmpDir *d, const OmpClause *cl, const Type *t)
{
  if (d->kind != OMPD_DECLARE_REDUCTION || !d->red_id || !t || strcmp(d->red_id, cl->red_id))
    return NULL;
  TypeName *tn;
  VEC_EACH(TypeName *, tn, d->types)
    if (tn->ty && type_equal(tn->ty, t))
      return tn;
  return NULL;
}

/* Scopes are approximated (sema resolved the clause leniently): the last
 * matching declaration before the clause, else any. */
static WalkAction udr_candidate(OmpDir *d, void *user)
{
  UdrFind *f = user;
  TypeName *tn = udr_type(d, f->cl, f->ty);
  if (tn && loc_nearer(d->loc, f->best ? &f->best->loc : NULL, f->cl->loc))
    f->best = d, f->type = tn;
  return WALK_CONTINUE;
}

/* The combiner and the initializer are device code: what they call. */
static void udr_calls(Offload *o, Udr *u)
{
  Walker w = {.expr_pre = global_use, .user = o};
  walk_expr(&w, &u->dir->combiner);
  OmpClause *init = omp_find_clause(u->dir, OMPC_INITIALIZER);
  if (init)
    walk_expr(&w, &init->expr);
}

Udr *offload_udr(Offload *o, const OmpClause *cl, const Type *t)
{
  UdrFind f = {cl, t, NULL, NULL};
  /* an operator's own meaning, where it has one for the type; a declare
   * reduction of the operator's name for others (+ on a struct) */
  if (!cl->red_id || (cl->red_op != OMP_RED_USER && omp_red_type_ok(cl->red_op, t)))
    return NULL;
  walk_trans_unit(&(Walker){.omp_pre = udr_candidate, .user = &f}, o->tu);
  if (!f.best)
    return NULL;
  Udr *u;
  VEC_EACH(Udr *, u, o->udrs)
    if (u->dir == f.best && u->type == f.type)
      return u;
  u = xcalloc(1, sizeof *u);
  *u = (Udr){f.best, f.type, o->udrs.len};
  vec_push(&o->udrs, u);
  udr_calls(o, u);
  return u;
}

static void udr_missing(const OmpClause *cl, const Expr *item, const Type *t)
{
  error(item->loc, "no 'declare reduction' of '%s' for '%s' of type '%s'", cl->red_id,
        print_expr_str(item), t ? type_str(t) : "?");
}

/* ---------------------------------------------------------------- array reductions */

/* Array levels and the element under them; a pointer counts as one. */
static Type *red_elem(Type *t, int *levels)
{
  *levels = 0;
  if (t && type_is_pointer(t))
    t = type_elem(t), ++*levels;
  while (t && type_is_array(t))
    t = t->base, ++*levels;
  return t;
}

/* The private copies are arrays of constant size, one per thread. */
static int red_array_bad(const Expr *item, bool report, const char *why)
{
  if (report)
    sorry(item->loc, "reduction of '%s' in a target region: %s", print_expr_str(item), why);
  return -1;
}

int offload_red_array(const Expr *item, RedArray *a, bool report)
{
  *a = (RedArray){0};
  Symbol *s = sema_base_symbol((Expr *)item);
  const Expr *e = expr_unparen((Expr *)item);
  if (!s || !s->ty || (e->kind == E_IDENT && !type_is_array(s->ty)))
    return 0;
  if (type_is_vla(s->ty) || (type_is_pointer(s->ty) && type_is_vla(type_elem(s->ty))))
    return red_array_bad(item, report, "a variable-length array has no private copy of constant size");
  a->elem = red_elem(s->ty, &a->levels);
  long esize = type_size(a->elem);
  if (esize <= 0)
    return red_array_bad(item, report, "its elements have no known size");
  if (e->kind == E_IDENT) {
    a->count = type_size(s->ty) / esize;
    return a->count > 0 ? 1 : red_array_bad(item, report, "the array has no known size");
  }
  /* the subscripts under the variable, the last one first: a[lo:len],
   * a[i] (a section of one element, element_items_as_sections), and of an
   * array of arrays an element a[i][j] or a section a[i][lo:len]: one
   * run of contiguous elements */
  Expr *subs[8];
  int nsubs = 0;
  for (const Expr *x = e; x->kind != E_IDENT; x = expr_unparen(x->a)) {
    if ((x->kind != E_INDEX && x->kind != E_SECTION) || nsubs == 8 ||
        (x->kind == E_SECTION && nsubs > 0))
      return red_array_bad(item, report,
                           "only an element or a section of the variable itself, a[i], a[lo:len] "
                           "or a[i][lo:len], is supported");
    subs[nsubs++] = (Expr *)x;
  }
  Type *t = s->ty;
  long long lo = 0, len = 1;
  for (int i = nsubs - 1; i >= 0; i--) {
    Expr *x = subs[i];
    if (!t || (i < nsubs - 1 && !type_is_array(t)) || !(type_is_array(t) || type_is_pointer(t)))
      return red_array_bad(item, report, "its subscripts are not those of an array");
    Type *row = type_is_pointer(t) ? type_elem(t) : t->base;
    long long per = type_size(row) / esize; /* elements in one subscript step */
    long long known = type_is_array(t) ? t->len : 0, first = 0, n = 1, stride = 1;
    if ((x->b && !sema_const_int(x->b, &first)) ||
        (x->kind == E_SECTION && x->d && !sema_const_int(x->d, &stride)))
      return red_array_bad(item, report, "the section's bounds must be constant");
    if (stride != 1)
      return red_array_bad(item, report, "a section with a stride is not supported");
    if (x->kind == E_SECTION && x->c && !sema_const_int(x->c, &n))
      return red_array_bad(item, report, "the section's bounds must be constant");
    if (x->kind == E_SECTION && !x->c) {
      if (known <= 0) {
        if (report)
          error(item->loc, "array section of pointer '%s' needs a length", s->name);
        return -1;
      }
      n = known - first;
    }
    if (first < 0 || n <= 0 || (known > 0 && first + n > known)) {
      if (report)
        error(item->loc, "array section '%s' is empty or outside its array", print_expr_str(item));
      return -1;
    }
    lo += first * per, len = n * per, t = row;
  }
  a->section = true, a->lo = lo, a->count = len;
  return 1;
}

Type *offload_red_type(const Expr *item)
{
  RedArray a;
  Symbol *s = sema_base_symbol((Expr *)item);
  return offload_red_array(item, &a, false) == 1 ? a.elem : s ? s->ty : NULL;
}

/* reduction clauses inside a region or a device function (generic
 * kernels lower them); an item the region updates atomically instead is
 * no copy's (the nested construct of target { parallel for reduction(+:
 * h[0:n]) }). */
typedef struct InnerReductions {
  Offload *o;
  Region *r; /* NULL in a device function */
} InnerReductions;

static WalkAction inner_udrs(OmpDir *d, void *user)
{
  InnerReductions *in = user;
  OmpClause *cl;
  Expr *e;
  VEC_EACH(OmpClause *, cl, d->clauses)
    if (cl->kind == OMPC_REDUCTION)
      VEC_EACH(Expr *, e, cl->items) {
        RedArray a;
        if ((in->r && vec_has(&in->r->atomic_sections, e)) || offload_red_array(e, &a, true) < 0 ||
            cl->red_op != OMP_RED_USER)
          continue;
        Type *t = offload_red_type(e);
        if (t && !offload_udr(in->o, cl, t))
          udr_missing(cl, e, t);
      }
  return WALK_CONTINUE;
}

/* ---------------------------------------------------------------- clauses */

typedef enum DsaKind { DSA_NONE, DSA_PRIVATE, DSA_FIRSTPRIVATE, DSA_LASTPRIVATE,
                       DSA_SHARED, DSA_REDUCTION, DSA_LINEAR, DSA_DEVPTR,
                       DSA_DEVADDR } DsaKind;

static const DsaKind clause_dsa[OMPC_COUNT] = {
    [OMPC_PRIVATE] = DSA_PRIVATE,     [OMPC_FIRSTPRIVATE] = DSA_FIRSTPRIVATE,
    [OMPC_LASTPRIVATE] = DSA_LASTPRIVATE, [OMPC_SHARED] = DSA_SHARED,
    [OMPC_REDUCTION] = DSA_REDUCTION, [OMPC_LINEAR] = DSA_LINEAR,
    [OMPC_IS_DEVICE_PTR] = DSA_DEVPTR, [OMPC_HAS_DEVICE_ADDR] = DSA_DEVADDR,
};

/* A variable's data-sharing on the construct, with where it was given. */
typedef struct Dsa {
  Symbol *sym;
  DsaKind kind;
  bool also_first; /* firstprivate and lastprivate: allowed together */
  Loc loc;
  const OmpDir *dir; /* the directive of the clause */
  OmpRedOp red_op;   /* DSA_REDUCTION: the operator */
} Dsa;

typedef struct Ctx {
  Offload *o;
  Region *r;
  Vec dirs;    /* OmpDir*: the directives of the construct (combined chain) */
  Vec dsa;     /* Dsa* */
  Vec inside;  /* Symbol*: declared inside the region */
  Vec used;    /* Symbol*: variables used, in order of first use */
  Vec calls;   /* Expr*: calls in device code */
  Vec functions; /* Expr*: functions named in device code (called or values) */
  Vec privatized; /* Symbol*: private in an enclosing host construct */
  Vec device_addressed; /* Symbol*: in use_device_addr of an enclosing target data */
} Ctx;

/* A declare target variable the region reaches as the device's own copy:
 * not one that an enclosing host construct makes private (parallel
 * firstprivate(g)), whose private copy the region uses like any local. */
static bool device_global(Ctx *c, Symbol *s)
{
  return offload_is_declare_target(c->o, s) && !vec_has(&c->privatized, s);
}

static Dsa *find_dsa(Ctx *c, Symbol *s)
{
  Dsa *d;
  VEC_EACH(Dsa *, d, c->dsa)
    if (d->sym == s)
      return d;
  return NULL;
}

static bool firstlast(DsaKind a, DsaKind b)
{
  return (a == DSA_FIRSTPRIVATE && b == DSA_LASTPRIVATE) ||
         (a == DSA_LASTPRIVATE && b == DSA_FIRSTPRIVATE);
}

/* OpenMP 5.2 5.4: a list item may appear in one data-sharing clause of a
 * directive, except firstprivate together with lastprivate. */
static void add_dsa(Ctx *c, const OmpDir *dir, OmpClause *cl, Expr *item, DsaKind kind)
{
  Symbol *s = sema_base_symbol(item);
  if (!s)
    return;
  Dsa *d = find_dsa(c, s);
  if (d && firstlast(d->kind, kind)) {
    d->also_first = true;
    d->kind = DSA_LASTPRIVATE;
    return;
  }
  if (d) {
    error(item->loc, "'%s' appears in more than one data-sharing clause", s->name);
    note(d->loc, "previous data-sharing clause of '%s' is here", s->name);
    return;
  }
  d = xcalloc(1, sizeof *d);
  *d = (Dsa){s, kind, false, item->loc, dir, cl->red_op};
  vec_push(&c->dsa, d);
}

/* reduction(op: x) on two leaves of a construct run as one kernel
 * (target teams reduction(+: x) over distribute parallel for
 * reduction(+: x)): the teams' copies and the threads' combine with the
 * same operator into the original, which one reduction over the whole
 * loop computes (OpenMP 5.2 5.5.8).  Is item such a repetition? */
static bool repeated_reduction(Ctx *c, const OmpDir *dir, OmpClause *cl, Expr *item)
{
  Symbol *s = sema_base_symbol(item);
  Dsa *d = s ? find_dsa(c, s) : NULL;
  return d && d->kind == DSA_REDUCTION && d->dir != dir && d->red_op == cl->red_op &&
         cl->red_op != OMP_RED_USER && item->kind == E_IDENT;
}

/* ------------------------------------------------------- sections of run-time bounds
 * reduction(+: hist[0:nbins]) has no private copy of constant size.
 * When every use of hist in the region is a statement that updates one
 * element with the reduction's operator (hist[k] += v, hist[k]++,
 * hist[k] = hist[k] * v), the region does each update atomically on the
 * original instead, which gives the value the reduction would (OpenMP
 * 5.2 5.5.8: the private copies start from the identity and are combined
 * into the original with the operator, which is associative and
 * commutative): the statements become atomic constructs (15.8.4). */

typedef struct SectionUses {
  const Vec *dirs; /* OmpDir*: the region's own, whose clauses may name it */
  Symbol *sym;
  OmpRedOp op;
  const char *why; /* the first use that is not such an update */
  Loc where;
  Vec updates;     /* Stmt**: the update statements */
} SectionUses;

/* An element of sym: subscripts down to an arithmetic value. */
static bool element_of(const Expr *e, const Symbol *sym)
{
  e = expr_unparen((Expr *)e);
  if (!e || e->kind != E_INDEX || !e->ty || !type_is_arith(e->ty) || e->ty->kind == TY_COMPLEX)
    return false;
  while (e && e->kind == E_INDEX)
    e = expr_unparen(e->a);
  return e && e->kind == E_IDENT && e->sym == sym;
}

static bool op_updates(OmpRedOp op, OpKind assign)
{
  switch (op) {
  case OMP_RED_ADD: case OMP_RED_SUB:
    return assign == OP_ADD_ASSIGN || assign == OP_SUB_ASSIGN;
  case OMP_RED_MUL: return assign == OP_MUL_ASSIGN;
  case OMP_RED_BITAND: return assign == OP_AND_ASSIGN;
  case OMP_RED_BITOR: return assign == OP_OR_ASSIGN;
  case OMP_RED_BITXOR: return assign == OP_XOR_ASSIGN;
  default: return false;
  }
}

/* Is e an update of an element of u->sym with u->op: x op= v, x++, x--,
 * ++x, --x (+ only), x = x op v? */
static bool section_update(const SectionUses *u, Expr *e)
{
  e = expr_unparen(e);
  if (!e)
    return false;
  if (e->kind == E_POSTINC || e->kind == E_POSTDEC || e->kind == E_PREINC || e->kind == E_PREDEC)
    return (u->op == OMP_RED_ADD || u->op == OMP_RED_SUB) && element_of(e->a, u->sym);
  if (e->kind != E_ASSIGN || !element_of(e->a, u->sym))
    return false;
  if (e->op != OP_ASSIGN)
    return op_updates(u->op, e->op);
  Expr *v = expr_unparen(e->b);
  static const OpKind binary[] = {[OMP_RED_ADD] = OP_ADD, [OMP_RED_MUL] = OP_MUL,
                                  [OMP_RED_BITAND] = OP_BITAND, [OMP_RED_BITOR] = OP_BITOR,
                                  [OMP_RED_BITXOR] = OP_BITXOR};
  OmpRedOp op = u->op == OMP_RED_SUB ? OMP_RED_ADD : u->op;
  return v && v->kind == E_BINARY && (size_t)op < sizeof binary / sizeof *binary && binary[op] &&
         v->op == binary[op] && print_same_expr(v->a, e->a);
}

static WalkAction section_name_use(Expr **slot, void *user)
{
  SectionUses *u = user;
  if ((*slot)->kind == E_IDENT && (*slot)->sym == u->sym && !u->why) {
    u->why = "a use that is not an update of an element with the reduction's operator";
    u->where = (*slot)->loc;
  }
  return WALK_CONTINUE;
}

/* The clauses of the region's own directives name the item. */
static WalkAction section_dir(OmpDir *d, void *user)
{
  return vec_has(((SectionUses *)user)->dirs, d) ? WALK_SKIP : WALK_CONTINUE;
}

static WalkAction section_stmt(Stmt **slot, void *user)
{
  SectionUses *u = user;
  Stmt *st = *slot;
  if (st->kind == S_OMP && st->omp) {
    OmpClause *cl;
    Expr *e;
    VEC_EACH(OmpClause *, cl, st->omp->clauses)
      VEC_EACH(Expr *, e, cl->items)
        if (!vec_has(u->dirs, st->omp) && sema_base_symbol(e) == u->sym && !u->why) {
          u->why = "a directive inside the region names it";
          u->where = e->loc;
        }
    if (st->omp->kind == OMPD_ATOMIC && !u->why && walk_stmt_names(&st->body, u->sym)) {
      u->why = "an atomic construct that updates it";
      u->where = st->omp->loc;
    }
    return WALK_CONTINUE;
  }
  if (st->kind != S_EXPR || !st->expr || !section_update(u, st->expr))
    return WALK_CONTINUE;
  /* the subscripts and the value may not read the array */
  Expr *e = expr_unparen(st->expr), *x = expr_unparen(e->a);
  Walker w = {.expr_pre = section_name_use, .user = u};
  while (x->kind == E_INDEX) {
    walk_expr(&w, &x->b);
    x = expr_unparen(x->a);
  }
  if (e->kind == E_ASSIGN) {
    Expr *v = expr_unparen(e->b);
    walk_expr(&w, e->op == OP_ASSIGN ? &v->b : &e->b);
  }
  vec_push(&u->updates, slot);
  return WALK_SKIP;
}

/* item, a section of run-time bounds of reduction clause cl: is every use
 * of its array in the region an update (then made atomic, and true)? */
static bool atomic_section_reduction(Ctx *c, OmpClause *cl, Expr *item)
{
  Expr *e = expr_unparen(item);
  Symbol *s = sema_base_symbol(item);
  long long k;
  if (!s || e->kind != E_SECTION || !e->a || expr_unparen(e->a)->kind != E_IDENT ||
      (e->d && (!sema_const_int(e->d, &k) || k != 1)) || !e->c ||
      ((!e->b || sema_const_int(e->b, &k)) && sema_const_int(e->c, &k)) ||
      cl->red_op == OMP_RED_USER || cl->mods.len || c->r->shape == SPMD_NONE)
    return false; /* constant bounds, or none: offload_red_array's; a generic
                     kernel lowers the clauses of its directives itself */
  SectionUses u = {&c->dirs, s, cl->red_op, NULL, {0}, {0}};
  if (cl->red_op == OMP_RED_MAX || cl->red_op == OMP_RED_MIN || cl->red_op == OMP_RED_LOGAND ||
      cl->red_op == OMP_RED_LOGOR) { /* no compound assignment updates with them */
    sorry(item->loc, "reduction(%s: %s) in a target region: a section whose bounds are known "
                     "at run time takes +, -, *, &, | or ^", omp_red_name(cl->red_op),
          print_expr_str(item));
    return true;
  }
  walk_stmt(&(Walker){.stmt_pre = section_stmt, .expr_pre = section_name_use,
                      .omp_pre = section_dir, .user = &u},
            &c->r->stmt->body);
  if (u.why) {
    sorry(u.where.line ? u.where : item->loc,
          "reduction of '%s' in a target region: a section whose bounds are known at run time "
          "has no private copy, so each update of an element (%s[i] += v) is made atomic; "
          "here is %s", print_expr_str(item), s->name, u.why);
    return true;
  }
  /* in place: the kernel's loop body (Region.body) may be the statement */
  Stmt **slot;
  VEC_EACH(Stmt **, slot, u.updates) {
    OmpDir *d = xcalloc(1, sizeof *d);
    d->kind = OMPD_ATOMIC, d->loc = (*slot)->loc;
    Stmt *update = xmalloc(sizeof *update);
    *update = **slot;
    Stmt *a = mk_stmt(S_OMP, update->loc);
    a->omp = d, a->body = update;
    **slot = *a;
  }
  vec_push(&c->r->atomic_sections, item);
  return true;
}

static void add_reduction(Ctx *c, OmpClause *cl, Expr *item)
{
  Symbol *s = sema_base_symbol(item);
  if (atomic_section_reduction(c, cl, item))
    return;
  RedArray arr;
  int kind = offload_red_array(item, &arr, true);
  if (!s || kind < 0)
    return;
  Type *t = kind ? arr.elem : s->ty;
  Udr *udr = offload_udr(c->o, cl, t);
  if (!udr && cl->red_op == OMP_RED_USER) {
    udr_missing(cl, item, t);
    return;
  }
  if (!udr && !omp_red_type_ok(cl->red_op, t)) {
    error(item->loc, "reduction operator '%s' is not valid for '%s' of type '%s'",
          omp_red_name(cl->red_op), print_expr_str(item), t ? type_str(t) : "?");
    return;
  }
  Reduction *red = xcalloc(1, sizeof *red);
  *red = (Reduction){s, udr ? OMP_RED_USER : cl->red_op, item->loc, udr, false, kind == 1, arr,
                     item, false};
  OmpModifier *m;
  VEC_EACH(OmpModifier *, m, cl->mods)
    red->inscan |= m->word == OMPW_INSCAN;
  vec_push(&c->r->reductions, red);
}

static void scan_clause(Ctx *c, const OmpDir *dir, OmpClause *cl)
{
  Expr *item;
  DsaKind k = clause_dsa[cl->kind];
  VEC_EACH(Expr *, item, cl->items) {
    if (cl->kind == OMPC_REDUCTION && repeated_reduction(c, dir, cl, item))
      continue;
    if (k != DSA_NONE)
      add_dsa(c, dir, cl, item, k);
    if (cl->kind == OMPC_REDUCTION)
      add_reduction(c, cl, item);
  }
  if (cl->kind == OMPC_DEFAULTMAP)
    for (int k = 0; k < DM_COUNT; k++)
      if (cl->word2 == OMPW_NONE || cl->word2 == OMPW_ALL ||
          cl->word2 == (OmpWord[]){OMPW_SCALAR, OMPW_AGGREGATE, OMPW_POINTER}[k])
        c->r->defaultmap[k] = cl->word == OMPW_DEFAULT ? OMPW_NONE : cl->word;
}

static void scan_clauses(Ctx *c)
{
  OmpDir *d;
  VEC_EACH(OmpDir *, d, c->dirs) {
    OmpClause *cl;
    VEC_EACH(OmpClause *, cl, d->clauses)
      scan_clause(c, d, cl);
  }
}

/* ---------------------------------------------------------------- loops */

static Stmt *only_stmt(Stmt *s)
{
  while (s && s->kind == S_COMPOUND && s->items.len == 1)
    s = s->items.items[0];
  return s;
}

static bool is_var(Expr *e, Symbol *v)
{
  e = expr_unparen(e);
  return e && e->kind == E_IDENT && e->sym == v;
}

static bool loop_init(OmpLoop *l, Stmt *init)
{
  if (init && init->kind == S_DECL && init->decl->decls.len == 1) {
    InitDecl *id = init->decl->decls.items[0];
    if (!id->sym || !id->init || !id->init->expr)
      return false;
    l->var = id->sym, l->lb = id->init->expr;
    return true;
  }
  Expr *e = init && init->kind == S_EXPR ? expr_unparen(init->expr) : NULL;
  if (!e || e->kind != E_ASSIGN || e->op != OP_ASSIGN)
    return false;
  e->a = expr_unparen(e->a);
  if (e->a->kind != E_IDENT || !e->a->sym)
    return false;
  l->var = e->a->sym, l->lb = e->b;
  return true;
}

static OpKind swap_cmp(OpKind op)
{
  return op == OP_LT ? OP_GT : op == OP_GT ? OP_LT : op == OP_LE ? OP_GE :
         op == OP_GE ? OP_LE : op;
}

static bool loop_cond(OmpLoop *l, Expr *e)
{
  e = expr_unparen(e);
  if (!e || e->kind != E_BINARY)
    return false;
  if (e->op != OP_LT && e->op != OP_LE && e->op != OP_GT && e->op != OP_GE && e->op != OP_NE)
    return false;
  if (is_var(e->a, l->var))
    l->cmp = e->op, l->ub = e->b;
  else if (is_var(e->b, l->var))
    l->cmp = swap_cmp(e->op), l->ub = e->a;
  else
    return false;
  return true;
}

/* i++, ++i, i--, --i, i += s, i -= s, i = i + s, i = s + i, i = i - s */
static bool loop_incr(OmpLoop *l, Expr *e)
{
  e = expr_unparen(e);
  if (!e)
    return false;
  if (e->kind == E_POSTINC || e->kind == E_PREINC || e->kind == E_POSTDEC || e->kind == E_PREDEC) {
    l->down = e->kind == E_POSTDEC || e->kind == E_PREDEC;
    return is_var(e->a, l->var);
  }
  if (e->kind != E_ASSIGN || !is_var(e->a, l->var))
    return false;
  if (e->op == OP_ADD_ASSIGN || e->op == OP_SUB_ASSIGN) {
    l->step = e->b, l->down = e->op == OP_SUB_ASSIGN;
    return true;
  }
  Expr *b = expr_unparen(e->b);
  if (e->op != OP_ASSIGN || b->kind != E_BINARY || (b->op != OP_ADD && b->op != OP_SUB))
    return false;
  l->down = b->op == OP_SUB;
  if (is_var(b->a, l->var))
    l->step = b->b;
  else if (b->op == OP_ADD && is_var(b->b, l->var))
    l->step = b->a;
  else
    return false;
  return true;
}

/* OpenMP 5.2 4.4.1: the test-expr says which way the variable goes
 * (<, <= up; >, >= down; != either, as incr-expr says).  i++ against a
 * test that wants it to decrease is not in canonical form; i += s is,
 * whatever the sign of s: the loop goes the test's way by -s. */
static bool loop_direction(OmpLoop *l)
{
  if (l->cmp == OP_NE)
    return true;
  bool down = l->cmp == OP_GT || l->cmp == OP_GE;
  if (down == l->down)
    return true;
  if (!l->step)
    return false;
  l->step = mk_unary(l->step->loc, OP_NEG, mk_paren(l->step->loc, l->step));
  l->down = down;
  return true;
}

/* OpenMP 5.2 4.4.1: one loop of a canonical loop nest, or NULL after an
 * error at its place. */
static OmpLoop *canonical_loop(Stmt *s, const OmpDir *d)
{
  OmpLoop *l = xcalloc(1, sizeof *l);
  l->loop = s;
  l->outer = -1;
  bool ok = s && s->kind == S_FOR && loop_init(l, s->init) && loop_cond(l, s->expr) &&
            loop_incr(l, s->expr2) && loop_direction(l);
  /* 4.4.1: an integer or a pointer (to a complete object type) */
  if (ok && l->var->ty && !type_is_integer(l->var->ty) && l->var->ty->kind != TY_ENUM &&
      !(type_is_pointer(l->var->ty) && type_is_complete(type_elem(l->var->ty)))) {
    sorry(s->loc, "loop variable '%s' of type '%s' under '%s'", l->var->name,
          type_str(l->var->ty), omp_dir_name(d->kind));
    return NULL;
  }
  if (!ok) {
    error(s ? s->loc : d->loc, "the loop under '#pragma omp %s' is not in canonical form",
          omp_dir_name(d->kind));
    note(d->loc, "the directive is here");
    return NULL;
  }
  l->name = l->var->name;
  return l;
}


/* The loops of the nest (Vec of OmpLoop*) whose variables an expression
 * names: the first one met, and whether more than one is. */
typedef struct NestUse {
  Vec *loops;
  OmpLoop *found;
  bool several;
} NestUse;

static WalkAction nest_var(Expr **slot, void *user)
{
  NestUse *u = user;
  OmpLoop *l;
  if ((*slot)->kind == E_IDENT)
    VEC_EACH(OmpLoop *, l, *u->loops)
      if ((*slot)->sym == l->var) {
        u->several |= u->found && u->found != l;
        if (!u->found)
          u->found = l;
      }
  return WALK_CONTINUE;
}

static OmpLoop *names_nest_var(Expr **e, Vec *loops)
{
  NestUse u = {loops, NULL, false};
  walk_expr(&(Walker){.expr_pre = nest_var, .user = &u}, e);
  return u.found;
}

/* Is e linear in the variables of loops (OpenMP 5.2 4.4.1: var-outer,
 * a1 * var-outer, var-outer + a2, a2 - a1 * var-outer, ... with a1, a2
 * loop invariant)?  0: e names none of them; 1: linear (sums, differences,
 * negations and products by invariant factors of those variables); -1:
 * any other use, such as var-outer * var-outer or a[var-outer]. */
static int linear_in(Expr *e, Vec *loops)
{
  if (!names_nest_var(&e, loops))
    return 0;
  e = expr_unparen(e);
  if (e->kind == E_IDENT)
    return 1;
  if (e->kind == E_UNARY && (e->op == OP_NEG || e->op == OP_PLUS))
    return linear_in(e->a, loops);
  if (e->kind != E_BINARY || (e->op != OP_ADD && e->op != OP_SUB && e->op != OP_MUL))
    return -1;
  int a = linear_in(e->a, loops), b = linear_in(e->b, loops);
  if (a < 0 || b < 0 || (e->op == OP_MUL && a && b))
    return -1;
  return 1;
}

/* A bound of loop l in the forms 4.4.1 allows: loop invariant, or linear
 * in the variable of one enclosing loop of the nest (var-outer), whose
 * index goes to l->outer. */
static bool bound_form(OmpLoop *l, Expr **bound, const char *which, Vec *outer)
{
  NestUse u = {outer, NULL, false};
  walk_expr(&(Walker){.expr_pre = nest_var, .user = &u}, bound);
  if (!u.found)
    return true;
  if (u.several || linear_in(*bound, outer) < 0) {
    error((*bound)->loc, "the %s bound of loop '%s' is neither loop invariant nor of the form "
                         "'a1 * var-outer + a2' with the variable of one enclosing loop of the "
                         "collapsed nest (OpenMP 5.2 4.4.1)", which, l->name);
    return false;
  }
  int k = 0;
  while (outer->items[k] != u.found)
    k++;
  if (l->outer >= 0 && l->outer != k) {
    error((*bound)->loc, "the bounds of loop '%s' use both '%s' and '%s' of enclosing loops of "
                         "the collapsed nest; both must use the same var-outer (OpenMP 5.2 4.4.1)",
          l->name, ((OmpLoop *)outer->items[l->outer])->name, u.found->name);
    return false;
  }
  l->outer = k;
  return true;
}

/* The coefficient of v in e, a bound linear in v (linear_in), when its
 * factors are integer constants; false otherwise. */
static bool coefficient(Expr *e, Symbol *v, long long *c)
{
  e = expr_unparen(e);
  long long a, b;
  if (e->kind == E_IDENT && e->sym == v)
    return *c = 1, true;
  Vec one = {0};
  OmpLoop l = {.var = v};
  vec_push(&one, &l);
  if (!names_nest_var(&e, &one))
    return *c = 0, true;
  if (e->kind == E_UNARY)
    return coefficient(e->a, v, &a) && (*c = e->op == OP_NEG ? -a : a, true);
  if (e->kind != E_BINARY)
    return false;
  if (e->op == OP_MUL) {
    bool left = names_nest_var(&e->a, &one) != NULL;
    return coefficient(left ? e->a : e->b, v, &a) && sema_const_int(left ? e->b : e->a, &b) &&
           (*c = a * b, true);
  }
  return coefficient(e->a, v, &a) && coefficient(e->b, v, &b) &&
         (*c = e->op == OP_SUB ? a - b : a + b, true);
}

/* OpenMP 5.2 4.4.1: where ub - lb of loop l is c * var-outer + d, c times
 * the outer loop's step must be a multiple of l's step (so that every
 * iteration of the outer loop changes l's trip count by a whole number);
 * checked where the three are constants, as gcc does. */
static bool outer_step_multiple(OmpLoop *l, OmpLoop *o)
{
  long long cu, cl, so = 1, si = 1;
  if (!coefficient(l->ub, o->var, &cu) || !coefficient(l->lb, o->var, &cl) ||
      (o->step && !sema_const_int(o->step, &so)) || (l->step && !sema_const_int(l->step, &si)) ||
      si == 0 || (cu - cl) * so % si == 0)
    return true;
  error(l->loop->loc, "the bounds of loop '%s' move apart by %lld for each iteration of loop "
                      "'%s', not a multiple of the step %lld of loop '%s' (OpenMP 5.2 4.4.1)",
        l->name, (cu - cl) * so, o->name, si, l->name);
  return false;
}

/* OpenMP 5.2 4.4.1: the bounds of a loop may use the variable of an
 * enclosing loop of the collapsed nest (a non-rectangular nest, which
 * the kernels linearise: doc/ARCHITECTURE.md), its step may not. */
static bool nest_form(OmpLoop *l, Vec *outer)
{
  bool ok = bound_form(l, &l->lb, "lower", outer) & bound_form(l, &l->ub, "upper", outer);
  OmpLoop *o = l->step ? names_nest_var(&l->step, outer) : NULL;
  if (o) {
    error(l->step->loc, "the step of loop '%s' uses '%s' of an enclosing loop of the collapsed "
                        "nest; it must be loop invariant (OpenMP 5.2 4.4.1)", l->name, o->name);
    ok = false;
  }
  return ok && (l->outer < 0 || outer_step_multiple(l, outer->items[l->outer]));
}

static WalkAction names_symbol(Expr **slot, void *user)
{
  Symbol **s = user;
  if ((*slot)->kind == E_IDENT && (*slot)->sym == *s) {
    *s = NULL;
    return WALK_STOP;
  }
  return WALK_CONTINUE;
}

/* The variables the bounds and steps of the nest name (not its loop
 * variables), and the first statement of the nest's body that assigns
 * one of them. */
typedef struct Invariants {
  Vec syms;   /* Symbol* */
  Vec *loops; /* OmpLoop* */
  Expr *assign;
  Symbol *sym;
} Invariants;

static WalkAction invariant_use(Expr **slot, void *user)
{
  Invariants *v = user;
  Symbol *s = (*slot)->kind == E_IDENT ? (*slot)->sym : NULL;
  OmpLoop *l;
  VEC_EACH(OmpLoop *, l, *v->loops)
    if (l->var == s)
      return WALK_CONTINUE;
  if (s && (s->kind == SYM_VAR || s->kind == SYM_PARAM))
    vec_add_once(&v->syms, s);
  return WALK_CONTINUE;
}

static WalkAction invariant_write(Expr **slot, void *user)
{
  Invariants *v = user;
  Expr *e = *slot;
  bool writes = e->kind == E_ASSIGN || e->kind == E_POSTINC || e->kind == E_PREINC ||
                e->kind == E_POSTDEC || e->kind == E_PREDEC;
  Expr *target = writes ? expr_unparen(e->a) : NULL;
  if (target && target->kind == E_IDENT && vec_has(&v->syms, target->sym) && !v->assign) {
    v->assign = e, v->sym = target->sym;
    return WALK_STOP;
  }
  return WALK_CONTINUE;
}

/* OpenMP 5.2 4.4.1: lb, ub and incr are loop invariant; a body that
 * assigns a variable they name is an error at the assignment. */
static bool invariant_bounds(Vec *loops, Stmt **body)
{
  Invariants v = {.loops = loops};
  Walker w = {.expr_pre = invariant_use, .user = &v};
  OmpLoop *l;
  VEC_EACH(OmpLoop *, l, *loops) {
    walk_expr(&w, &l->lb);
    walk_expr(&w, &l->ub);
    if (l->step)
      walk_expr(&w, &l->step);
  }
  if (!v.syms.len)
    return true;
  walk_stmt(&(Walker){.expr_pre = invariant_write, .user = &v}, body);
  if (!v.assign)
    return true;
  error(v.assign->loc, "the loop nest assigns '%s', which a bound or step of its loops uses; "
                       "they must be loop invariant (OpenMP 5.2 4.4.1)", v.sym->name);
  note(((OmpLoop *)loops->items[0])->loop->loc, "the loop nest is here");
  return false;
}

/* The clauses a directive over a non-rectangular nest may not have:
 * schedule (OpenMP 5.2 11.5.3), dist_schedule (11.6.1) and ordered
 * (4.4.4); gcc, which compiles the host fallback, refuses them too. */
static bool nonrect_clauses(const OmpDir *d, long n)
{
  static const OmpClauseKind refused[] = {OMPC_SCHEDULE, OMPC_DIST_SCHEDULE, OMPC_ORDERED};
  static const char *const names[] = {"schedule", "dist_schedule", "ordered"};
  bool ok = true;
  for (int i = 0; i < 3; i++) {
    OmpClause *c = omp_find_clause(d, refused[i]);
    if (c) {
      error(c->loc, "'%s' may not appear on '#pragma omp %s' whose collapsed loop nest is "
                    "non-rectangular (OpenMP 5.2 %s)", names[i], omp_dir_name(d->kind),
            (const char *[]){"11.5.3", "11.6.1", "4.4.4"}[i]);
      ok = false;
    }
  }
  if (n > 32) { /* the masks of devlib-cuda/omp-nest.h */
    sorry(d->loc, "a non-rectangular nest of more than 32 collapsed loops");
    ok = false;
  }
  return ok;
}

/* The loop nest of d (collapse(n) loops), pushed onto loops; false after
 * an error.  A loop's bounds may use the variable of an enclosing loop
 * (OmpLoop.outer); only the body names a loop's variable otherwise. */
static bool loop_nest(Stmt *body, const OmpDir *d, Vec *loops, Stmt **innermost)
{
  long n = sema_collapse(d);
  Stmt *s = only_stmt(body);
  for (long i = 0; i < n; i++) {
    OmpLoop *l = canonical_loop(s, d);
    if (!l || !nest_form(l, loops))
      return false;
    vec_push(loops, l);
    *innermost = l->loop->body;
    s = only_stmt(l->loop->body);
  }
  if (!invariant_bounds(loops, innermost))
    return false;
  if (!offload_nest_rectangular(loops) && !nonrect_clauses(d, n))
    return false;
  OmpLoop *l;
  VEC_EACH(OmpLoop *, l, *loops) {
    Symbol *v = l->var;
    walk_stmt(&(Walker){.expr_pre = names_symbol, .user = &v}, innermost);
    l->used = v == NULL;
  }
  return true;
}

bool offload_nest_rectangular(const Vec *loops)
{
  OmpLoop *l;
  VEC_EACH(OmpLoop *, l, *loops)
    if (l->outer >= 0)
      return false;
  return true;
}

bool offload_two_widths(const Region *r)
{
  return !r->generic && r->shape != SPMD_NONE && r->loops.len && offload_nest_rectangular(&r->loops);
}

/* Does an expression change variable v (an assignment to it, ++, --, or
 * its address taken)? */
static WalkAction changes_var(Expr **slot, void *user)
{
  Expr *e = *slot;
  Symbol **v = user;
  bool target = e->kind == E_ASSIGN || e->kind == E_PREINC || e->kind == E_PREDEC ||
                e->kind == E_POSTINC || e->kind == E_POSTDEC ||
                (e->kind == E_UNARY && e->op == OP_ADDR);
  if (!target || !is_var(e->a, *v))
    return WALK_CONTINUE;
  *v = NULL;
  return WALK_STOP;
}

/* The trip count of a `for` loop in canonical form (5.2 4.4.1) whose
 * bounds and step are integer constants and whose body leaves its
 * variable alone; false for any other loop. */
static bool constant_trip(Stmt *s, long long *trip)
{
  OmpLoop l = {.outer = -1};
  long long lb, ub, step = 1;
  if (s->kind != S_FOR || !loop_init(&l, s->init) || !loop_cond(&l, s->expr) ||
      !loop_incr(&l, s->expr2) || !loop_direction(&l) || !sema_const_int(l.lb, &lb) ||
      !sema_const_int(l.ub, &ub) || (l.step && !sema_const_int(l.step, &step)) || step <= 0 ||
      lb < -(1LL << 40) || lb > 1LL << 40 || ub < -(1LL << 40) || ub > 1LL << 40)
    return false;
  Symbol *v = l.var;
  walk_stmt(&(Walker){.expr_pre = changes_var, .user = &v}, &s->body);
  if (!v)
    return false;
  long long span = l.down ? lb - ub : ub - lb; /* how far the variable goes */
  switch (l.cmp) {
  case OP_LT: case OP_GT:
    *trip = span > 0 ? (span + step - 1) / step : 0;
    return true;
  case OP_LE: case OP_GE:
    *trip = span >= 0 ? span / step + 1 : 0;
    return true;
  default: /* != : it must meet the bound */
    if (span < 0 || span % step)
      return false;
    *trip = span / step;
    return true;
  }
}

/* STRAIGHT_ITERATIONS: the most iterations, all loops of a nest
 * together, of constant-trip loops that nvcc unrolls whole, so that the
 * body they sit in runs a fixed amount of straight code (conv3d's 3 x 3
 * x 3 stencil). */
#define STRAIGHT_ITERATIONS 32

typedef struct LoopScan {
  long long budget; /* iterations of constant-trip loops still straight */
  bool found;       /* a loop that is not */
} LoopScan;

static WalkAction find_runtime_loop(Stmt **slot, void *user)
{
  LoopScan *scan = user;
  Stmt *s = *slot;
  if (s->kind != S_FOR && s->kind != S_WHILE && s->kind != S_DO)
    return WALK_CONTINUE;
  long long trip;
  if (constant_trip(s, &trip) && trip <= scan->budget) {
    LoopScan inner = {trip ? scan->budget / trip : scan->budget, false};
    walk_stmt(&(Walker){.stmt_pre = find_runtime_loop, .user = &inner}, &s->body);
    if (!inner.found)
      return WALK_SKIP;
  }
  scan->found = true;
  return WALK_STOP;
}

bool offload_body_loops(Region *r)
{
  LoopScan scan = {STRAIGHT_ITERATIONS, false};
  if (r->body)
    walk_stmt(&(Walker){.stmt_pre = find_runtime_loop, .user = &scan}, &r->body);
  return scan.found;
}

/* Does the region walk a rectangular nest whose iterations are the
 * implementation's to distribute: no schedule the program may rely on,
 * no order? */
static bool free_walk(Region *r)
{
  if (r->scan || !offload_two_widths(r))
    return false;
  const OmpDir *dirs[] = {r->dir, r->loop_dir};
  for (int i = 0; i < 2; i++)
    if (dirs[i] && (omp_find_clause(dirs[i], OMPC_SCHEDULE) ||
                    omp_find_clause(dirs[i], OMPC_DIST_SCHEDULE) ||
                    omp_find_clause(dirs[i], OMPC_ORDERED)))
      return false;
  return true;
}

/* A grid of 2 or 3 dimensions spares each thread the division of its
 * first iteration and of its stride into the nest's indices, and the
 * carries at each step (devlib-cuda/omp-loop.h __ompicc_for_grid):
 * jacobi's stencil, 87 SASS instructions on sm_75, takes 55 (the hand
 * kernel: 52), conv3d's 739 take 179 (170).  A body with a loop of a
 * run-time trip count keeps the 1-D walk, unrolled
 * (codegen-cuda/kernels.c walk_unrolled), which ran gemm 2.1 times
 * faster on an H100.  The distribution of iterations is the
 * implementation's to choose without a schedule clause (OpenMP 5.2
 * 11.5.3, 11.6.1); a static schedule says which thread and team run
 * which iterations, and ordered runs them in order. */
int offload_grid_dims(Region *r)
{
  if (r->shape != SPMD_GRID || r->team_loops.len || !free_walk(r) ||
      (r->loops.len != 2 && r->loops.len != 3))
    return 0;
  return offload_body_loops(r) ? 0 : r->loops.len;
}

/* A kernel for one iteration per thread (OMPICC_REGION_ONCE) spares the
 * walk's loop, which nvcc builds even where the grid covers the space
 * and the loop runs once: it hoists the body's invariant work out of it
 * into registers, and versions the user's loops inside it (gramschmidt's
 * projection: 510 SASS instructions on sm_75 against 244, 10 registers
 * more).  For a walk on a 1-D grid, by the grid's threads, or by its
 * teams (a distribute loop, over parallel loops or not: one iteration
 * per team); the grid's walk (offload_grid_dims) leaves nvcc nothing to
 * hoist (__ompicc_opaque). */
bool offload_once_kernel(Region *r)
{
  bool threads = r->shape == SPMD_GRID && !r->team_loops.len;
  return (threads || r->shape == SPMD_TEAMS) && free_walk(r) && !offload_grid_dims(r);
}

/* ---------------------------------------------------------------- SPMD */

static unsigned all_leaves(Ctx *c)
{
  unsigned l = 0;
  OmpDir *d;
  VEC_EACH(OmpDir *, d, c->dirs)
    l |= omp_dir_leaves(d->kind);
  return l;
}

/* target teams, target parallel, target: the nested construct that
 * completes the combined one, when it is the only statement. */
static Stmt *nested_construct(Region *r)
{
  unsigned l = omp_leaves(r->dir);
  if (l & (OMP_LEAF_FOR | OMP_LEAF_DISTRIBUTE | OMP_LEAF_SIMD | OMP_LEAF_LOOP))
    return NULL;
  Stmt *s = only_stmt(r->stmt->body);
  if (!s || s->kind != S_OMP || !s->body)
    return NULL;
  unsigned in = omp_dir_leaves(s->omp->kind);
  if ((l & OMP_LEAF_TEAMS) && !(in & (OMP_LEAF_DISTRIBUTE | OMP_LEAF_LOOP)))
    return NULL;
  if ((l & OMP_LEAF_PARALLEL) && !(in & (OMP_LEAF_FOR | OMP_LEAF_LOOP | OMP_LEAF_SIMD)))
    return NULL;
  if (in & OMP_LEAF_TARGET)
    return NULL;
  if (!(l & (OMP_LEAF_TEAMS | OMP_LEAF_PARALLEL)) && !(in & (OMP_LEAF_TEAMS | OMP_LEAF_PARALLEL)))
    return NULL; /* target + a lone for/simd: orphaned worksharing, generic */
  /* target + teams: one more level (target { teams { distribute ... } }) */
  if ((in & (OMP_LEAF_TEAMS | OMP_LEAF_PARALLEL)) &&
      !(in & (OMP_LEAF_FOR | OMP_LEAF_DISTRIBUTE | OMP_LEAF_SIMD | OMP_LEAF_LOOP)))
    return NULL;
  return s;
}

static SpmdShape shape_of(unsigned l)
{
  if ((l & OMP_LEAF_TEAMS) && (l & (OMP_LEAF_PARALLEL | OMP_LEAF_LOOP)))
    return SPMD_GRID;
  if (l & OMP_LEAF_TEAMS)
    return SPMD_TEAMS;
  return SPMD_BLOCK; /* parallel for, parallel loop, simd */
}

/* Inside an SPMD loop body, only constructs that independent threads can
 * run: simd loops and atomic updates (converted by the kernel writer). */
static WalkAction spmd_check(Stmt **slot, void *user)
{
  Stmt *s = *slot;
  const char **why = user;
  if (s->kind == S_OMP && s->omp->kind != OMPD_SIMD && s->omp->kind != OMPD_ATOMIC &&
      s->omp->kind != OMPD_LOOP && s->omp->kind != OMPD_SCAN && !*why)
    *why = xasprintf("it contains '#pragma omp %s'", omp_dir_name(s->omp->kind));
  return WALK_CONTINUE;
}

/* ---------------------------------------------------------------- scan */

/* The variables of the construct's reduction(inscan, ...) clauses. */
static Vec inscan_vars(Ctx *c)
{
  Vec v = {0};
  OmpDir *d;
  VEC_EACH(OmpDir *, d, c->dirs) {
    OmpClause *cl;
    VEC_EACH(OmpClause *, cl, d->clauses) {
      OmpModifier *m;
      bool inscan = false;
      VEC_EACH(OmpModifier *, m, cl->mods)
        inscan |= cl->kind == OMPC_REDUCTION && m->word == OMPW_INSCAN;
      Expr *e;
      if (inscan)
        VEC_EACH(Expr *, e, cl->items)
          vec_push(&v, e);
    }
  }
  return v;
}

/* Is the input phase free of effects but on the scan's variables and its
 * own locals?  The kernel runs it twice (scan_loop). */
typedef struct Pure {
  Vec vars;   /* Symbol*: the scan's variables */
  Vec locals; /* Symbol*: declared in the input phase */
  const char *why;
  Loc where;
} Pure;

static WalkAction pure_decl(Decl *d, void *user)
{
  decl_vars(d, &((Pure *)user)->locals);
  return WALK_CONTINUE;
}

static void impure(Pure *p, const char *why, Loc loc)
{
  if (!p->why)
    p->why = why, p->where = loc;
}

static WalkAction pure_expr(Expr **slot, void *user)
{
  Pure *p = user;
  Expr *e = *slot, *target = NULL;
  if (e->kind == E_ASSIGN)
    target = e->a;
  else if (e->kind == E_PREINC || e->kind == E_PREDEC || e->kind == E_POSTINC ||
           e->kind == E_POSTDEC)
    target = e->a;
  else if (e->kind == E_STMT_EXPR)
    impure(p, "a statement expression", e->loc);
  if (e->kind == E_CALL) {
    Expr *f = expr_unparen(e->a);
    if (!(f->kind == E_IDENT && device_lib_has(f->text)))
      impure(p, "a function call", e->loc);
  }
  if (target) {
    target = expr_unparen(target);
    if (target->kind != E_IDENT || !target->sym ||
        !(vec_has(&p->vars, target->sym) || vec_has(&p->locals, target->sym)))
      impure(p, "a store to memory", e->loc);
  }
  return WALK_CONTINUE;
}

static WalkAction pure_stmt(Stmt **slot, void *user)
{
  Stmt *s = *slot;
  if (s->kind == S_OMP || s->kind == S_ASM || s->kind == S_VERBATIM || s->kind == S_GOTO ||
      s->kind == S_RETURN)
    impure(user, "a directive, jump or asm", s->loc);
  return WALK_CONTINUE;
}

static WalkAction find_scan(Stmt **slot, void *user)
{
  if ((*slot)->kind == S_OMP && (*slot)->omp->kind == OMPD_SCAN)
    *(bool *)user = true;
  return WALK_CONTINUE;
}

/* A loop body split by a scan directive (OpenMP 5.2 5.6): inclusive, the
 * statements before it are the input phase; exclusive, those after.  An
 * SPMD kernel runs it in one team: each thread takes a contiguous chunk
 * of iterations and runs their input phases for the chunk's total; the
 * block scans those totals; then each thread runs its chunk again, whole,
 * from the prefix before it.  So the input phase runs twice and must only
 * change the scan's variables and its own locals.  Returns true when the
 * region is done with (a scan handled, or reported). */
static bool scan_loop(Ctx *c, Stmt *body)
{
  Region *r = c->r;
  Stmt *scan = NULL;
  bool nested = false;
  if (body->kind == S_COMPOUND) {
    Stmt *it;
    VEC_EACH(Stmt *, it, body->items)
      if (it->kind == S_OMP && it->omp->kind == OMPD_SCAN)
        scan = it;
  }
  Stmt **all = &body;
  walk_stmt(&(Walker){.stmt_pre = find_scan, .user = &nested}, all);
  if (!scan && !nested)
    return false;
  if (!scan) {
    sorry(r->loc, "'#pragma omp scan' must split the body of the loop of '#pragma omp %s' at "
                  "its top level", omp_dir_name(r->loop_dir->kind));
    return true;
  }
  if (all_leaves(c) & OMP_LEAF_DISTRIBUTE) {
    error(r->loop_dir->loc, "a reduction with the 'inscan' modifier may not appear on a "
                            "construct with 'distribute' (OpenMP 5.2 5.5.8)");
    return true;
  }
  Pure p = {0};
  Expr *e;
  Vec vars = inscan_vars(c);
  VEC_EACH(Expr *, e, vars) {
    Symbol *s = sema_base_symbol(e);
    if (e->kind != E_IDENT || !s || (s->ty && type_is_array(s->ty))) {
      sorry(e->loc, "an inscan reduction of an array in a target region");
      return true;
    }
    vec_push(&p.vars, s);
  }
  bool inclusive = omp_find_clause(scan->omp, OMPC_INCLUSIVE) != NULL, before = true;
  Stmt *it;
  VEC_EACH(Stmt *, it, body->items) {
    if (it == scan) {
      before = false;
      continue;
    }
    if (before != inclusive)
      continue;
    vec_push(&r->input_phase, it);
    walk_stmt(&(Walker){.decl_pre = pure_decl, .user = &p}, (Stmt **)&body->items.items[it_i]);
  }
  for (int i = 0; i < r->input_phase.len; i++)
    walk_stmt(&(Walker){.expr_pre = pure_expr, .stmt_pre = pure_stmt, .user = &p},
              (Stmt **)&r->input_phase.items[i]);
  if (p.why) {
    sorry(p.where, "the input phase of a scan in a target region has %s: it may only change "
                   "the scan's variables and its own locals", p.why);
    return true;
  }
  r->scan = scan;
  r->shape = SPMD_BLOCK;
  r->why = "a loop with a scan: the threads of one team run it in two passes";
  return true;
}

static bool conditional_lastprivate(const OmpDir *d)
{
  OmpClause *cl;
  OmpModifier *m;
  VEC_EACH(OmpClause *, cl, d->clauses)
    if (cl->kind == OMPC_LASTPRIVATE)
      VEC_EACH(OmpModifier *, m, cl->mods)
        if (m->word == OMPW_CONDITIONAL)
          return true;
  return false;
}

/* A region whose body (the region's, or its distribute loop's) holds
 * parallel loops is SPMD with shape when every thread of a team can run
 * the body (team-loops.c): true, with the remark's reason why.  Else the
 * reason it cannot goes into the generic kernel's remark. */
static bool team_spmd(Ctx *c, Stmt *body, SpmdShape shape, const char *why)
{
  Region *r = c->r;
  Stmt *before = r->body;
  r->body = body;
  const char *not_spmd = team_loops_decide(c->o, r, &c->dirs, loop_nest);
  if (!not_spmd) {
    r->shape = shape;
    r->why = why;
    return true;
  }
  r->body = before;
  r->team_refused = not_spmd;
  return false;
}

/* target parallel over serial code, as target over its parallel region:
 * the region's statement with the combined directive's clauses that a
 * parallel construct takes (OpenMP 5.2 17.2: each clause goes to the
 * leaves that accept it), for team-loops.c to judge and kernels.c to
 * write like any parallel region of a target region. */
static Stmt *parallel_of(Region *r)
{
  OmpDir *d = xcalloc(1, sizeof *d);
  d->kind = OMPD_PARALLEL, d->loc = r->dir->loc, d->leaves = OMP_LEAF_PARALLEL;
  OmpClause *cl;
  VEC_EACH(OmpClause *, cl, r->dir->clauses)
    switch (cl->kind) {
    case OMPC_PRIVATE: case OMPC_FIRSTPRIVATE: case OMPC_SHARED: case OMPC_DEFAULT:
    case OMPC_NUM_THREADS: case OMPC_PROC_BIND: case OMPC_REDUCTION: case OMPC_COPYIN:
      vec_push(&d->clauses, cl);
      break;
    case OMPC_IF:
      if (cl->dir_name == OMPD_NONE || cl->dir_name == OMPD_PARALLEL)
        vec_push(&d->clauses, cl);
      break;
    default:
      break;
    }
  Stmt *s = mk_stmt(S_OMP, r->stmt->loc);
  s->omp = d, s->body = r->stmt->body;
  return s;
}

/* Does a call in the loop body let an iteration see its team: anything
 * but the C library functions the device has (an OpenMP routine, a
 * function of the program, a call through a pointer)? */
static WalkAction sees_team(Expr **slot, void *user)
{
  Expr *e = *slot;
  if (e->kind != E_CALL)
    return WALK_CONTINUE;
  Expr *f = e->a;
  while (f && f->kind == E_PAREN)
    f = f->a;
  if (f && f->kind == E_IDENT && f->sym && f->sym->kind == SYM_FUNC && !f->sym->defined &&
      device_lib_c(f->text))
    return WALK_CONTINUE;
  *(bool *)user = true;
  return WALK_STOP;
}

/* target parallel for (or target over a parallel for): OpenMP runs it as
 * one team (5.2 13.8), which on a GPU is one block.  When nothing in the
 * loop can tell how many threads the team has or which one runs an
 * iteration (no OpenMP routine, no call but the C library's; no
 * num_threads, thread_limit, if of parallel, ordered, copyin or scan),
 * a team of as many threads as the grid has is one of its executions
 * (the number of threads is the implementation's, 10.1.1 and 2.2), and
 * the whole grid runs the loop. */
static bool team_blind(Ctx *c, Stmt *body)
{
  OmpDir *d;
  VEC_EACH(OmpDir *, d, c->dirs) {
    OmpClause *cl;
    VEC_EACH(OmpClause *, cl, d->clauses) {
      if (cl->kind == OMPC_NUM_THREADS || cl->kind == OMPC_THREAD_LIMIT ||
          cl->kind == OMPC_ORDERED || cl->kind == OMPC_COPYIN)
        return false;
      if (cl->kind == OMPC_IF && (cl->dir_name == OMPD_NONE || cl->dir_name == OMPD_PARALLEL))
        return false;
      if (cl->kind == OMPC_REDUCTION && cl->mods.len)
        return false; /* inscan, task */
    }
  }
  bool sees = false;
  walk_stmt(&(Walker){.expr_pre = sees_team, .user = &sees}, &body);
  return !sees;
}

static void decide_spmd(Ctx *c)
{
  Region *r = c->r;
  Stmt *nested = nested_construct(r);
  if (nested)
    vec_push(&c->dirs, nested->omp);
  unsigned l = all_leaves(c);
  r->loop_dir = nested ? nested->omp : r->dir;
  r->body = r->stmt->body;
  if (!(l & (OMP_LEAF_FOR | OMP_LEAF_DISTRIBUTE | OMP_LEAF_SIMD | OMP_LEAF_LOOP))) {
    /* target or target teams over parallel loops */
    if (!(l & ~(OMP_LEAF_TARGET | OMP_LEAF_TEAMS)) && r->body &&
        team_spmd(c, r->body, SPMD_REGION,
                  "a region over parallel loops: every thread of a team runs the region, its "
                  "serial statements that write memory on the team's first thread, and the "
                  "team's threads share each parallel loop"))
      return;
    if (l == (OMP_LEAF_TARGET | OMP_LEAF_PARALLEL) && !nested && r->body &&
        team_spmd(c, parallel_of(r), SPMD_REGION,
                  "target parallel: the block's threads run the parallel region"))
      return;
    r->why = "it is not a combined loop construct: one team of one thread, inner "
             "parallel regions run with one thread";
    return;
  }
  if (conditional_lastprivate(r->loop_dir)) {
    /* the value of the sequentially last iteration that assigns it
     * (OpenMP 5.2 5.4.5): the loop runs in order, on one thread */
    r->sequential = true;
    r->why = "'lastprivate(conditional: ...)': one team of one thread runs the loop in order";
    return;
  }
  Stmt *inner = NULL;
  Stmt *loop_body = nested ? nested->body : r->stmt->body;
  if (!loop_nest(loop_body, r->loop_dir, &r->loops, &inner))
    return;
  const char *why = NULL;
  walk_stmt(&(Walker){.stmt_pre = spmd_check, .user = &why}, &inner);
  /* teams distribute over parallel loops */
  if (why && shape_of(l) == SPMD_TEAMS &&
      team_spmd(c, inner, SPMD_TEAMS,
                "teams distribute over parallel loops: every thread of a team runs the "
                "distribute loop, its serial statements that write memory on the team's first "
                "thread, and the team's threads share each parallel loop"))
    return;
  if (why) {
    r->why = xasprintf("%s: one team of one thread", why);
    r->loops.len = 0;
    return;
  }
  r->shape = shape_of(l);
  r->body = inner;
  OmpClause *safelen = omp_find_clause(r->loop_dir, OMPC_SAFELEN);
  if (r->shape == SPMD_BLOCK && !(l & (OMP_LEAF_FOR | OMP_LEAF_LOOP)) && safelen)
    r->safelen = safelen->expr;
  if (scan_loop(c, inner))
    return;
  if (r->shape == SPMD_BLOCK && (l & (OMP_LEAF_FOR | OMP_LEAF_LOOP)) && team_blind(c, inner)) {
    r->shape = SPMD_GRID;
    r->why = "parallel loop whose iterations cannot tell their team's size or their thread "
             "(no OpenMP routine, no call but the C library's, no num_threads, thread_limit, "
             "if or ordered): one team of as many threads as the grid has runs the loop";
    return;
  }
  r->why = r->shape == SPMD_GRID    ? "combined loop construct: the whole grid runs the loop"
           : r->shape == SPMD_TEAMS ? "teams distribute: one thread per team runs the loop"
                                    : "parallel loop: the threads of one team run the loop";
}

/* ---------------------------------------------------------------- captures */

bool offload_stream_object(const Symbol *s)
{
  return s->kind == SYM_VAR && s->depth == 0 && device_lib_object(s->name) &&
         print_system_root(s->loc.file);
}

static WalkAction note_decl(Decl *d, void *user)
{
  decl_vars(d, &((Ctx *)user)->inside);
  return WALK_CONTINUE;
}

static WalkAction note_use(Expr **slot, void *user)
{
  Ctx *c = user;
  Expr *e = *slot;
  if (e->kind == E_CALL)
    vec_push(&c->calls, e);
  if (e->kind != E_IDENT || !e->sym || offload_stream_object(e->sym))
    return WALK_CONTINUE;
  if (e->sym->kind == SYM_FUNC)
    vec_push(&c->functions, e);
  if (e->sym->kind == SYM_VAR || e->sym->kind == SYM_PARAM)
    vec_add_once(&c->used, e->sym);
  return WALK_CONTINUE;
}

/* Uses in the body, the clauses of the directives inside it included
 * (num_threads(nt), schedule(dynamic, k), if(c) of a nested parallel are
 * evaluated on the device).  Of the target construct's own clauses, most
 * are evaluated on the host (map, device, num_teams, thread_limit), but
 * those of the leaves a kernel runs are read by the kernel: the chunk of
 * schedule and dist_schedule, num_threads and if of a parallel. */
static void find_uses(Ctx *c, Stmt **body)
{
  Walker w = {.expr_pre = note_use, .decl_pre = note_decl, .user = c};
  walk_stmt(&w, body);
  OmpClause *cl;
  bool parallel = omp_dir_leaves(c->r->dir->kind) & OMP_LEAF_PARALLEL;
  VEC_EACH(OmpClause *, cl, c->r->dir->clauses)
    if (cl->kind == OMPC_SCHEDULE || cl->kind == OMPC_DIST_SCHEDULE ||
        cl->kind == OMPC_NUM_THREADS ||
        (cl->kind == OMPC_IF && parallel &&
         (cl->dir_name == OMPD_NONE || cl->dir_name == OMPD_PARALLEL))) {
      if (cl->expr)
        walk_expr(&w, &cl->expr);
      if (cl->expr2)
        walk_expr(&w, &cl->expr2);
    }
}

/* Is s captured from outside the region (not declared in it, not a loop
 * variable of the SPMD nest, not a declare target variable)? */
static bool captured(Ctx *c, Symbol *s)
{
  if (vec_has(&c->inside, s) || device_global(c, s))
    return false;
  if (s->storage == ST_STATIC_LOCAL && s->depth > 0 && vec_has(&c->inside, s))
    return false;
  OmpLoop *l;
  Dsa *d = find_dsa(c, s);
  VEC_EACH(OmpLoop *, l, c->r->loops)
    if (l->var == s) /* lastprivate: the value the loop leaves goes back */
      return d && d->kind == DSA_LASTPRIVATE;
  return true;
}

/* ---------------------------------------------------------------- maps */

static MapEntry *new_entry(Region *r, Symbol *s, const char *name, unsigned flags, CapKind cap)
{
  MapEntry *m = xcalloc(1, sizeof *m);
  m->sym = s, m->name = name, m->flags = flags, m->cap = cap;
  vec_push(&r->maps, m);
  return m;
}

/* The entry that maps s (not a second section, nor the copy of a
 * reduction's original). */
static MapEntry *entry_of(Region *r, Symbol *s)
{
  MapEntry *m;
  VEC_EACH(MapEntry *, m, r->maps)
    if (m->sym == s && m->cap != CAP_NONE && m->cap != CAP_SNAPSHOT)
      return m;
  return NULL;
}

static void whole_object(MapEntry *m, const char *v)
{
  m->base = xasprintf("&%s", v);
  m->begin = xasprintf("&%s", v);
  m->size = xasprintf("sizeof(%s)", v);
}

typedef struct SlotUse {
  Region *r;
  Symbol *s;
} SlotUse;

MapEntry *offload_slot_entry(Symbol *s, const char *slot)
{
  MapEntry *m = xcalloc(1, sizeof *m);
  m->sym = s, m->name = slot, m->flags = OMPICC_MAP_ATTACH, m->cap = CAP_NONE;
  m->base = xasprintf("&(%s)", slot);
  m->begin = xasprintf("(%s)", slot);
  m->size = xasprintf("0");
  m->slot = true;
  return m;
}

static void slot_entry(const char *slot, void *user)
{
  SlotUse *u = user;
  vec_push(&u->r->maps, offload_slot_entry(u->s, slot));
}

/* A variable mapped whole: the pointers it holds (a pointer, a
 * structure's pointer members) are attached where their pointees are
 * present, so that a pointer mapped after its pointee points at the
 * device's copy (OpenMP 5.2 5.8.3). */
static void mapped_whole(Region *r, MapEntry *m, Symbol *s)
{
  whole_object(m, s->name);
  SlotUse u = {r, s};
  map_pointer_slots(s->ty, s->name, slot_entry, &u);
}

/* map(type-modifiers, type: item), OpenMP 5.2 5.8.3. */
static bool incomplete(const Type *t)
{
  return t && !type_is_complete(t) && !type_is_vla(t) && t->kind != TY_ARRAY;
}

/* The length of a section, as host C: len, or what remains of an array. */
static char *section_len(Expr *sec, Type *of)
{
  if (sec->c)
    return xasprintf("(%s)", print_expr_str(sec->c));
  const char *a = print_expr_str(sec->a);
  const char *lo = sec->b ? print_expr_str(sec->b) : "0";
  (void)of;
  return xasprintf("(sizeof(%s) / sizeof((%s)[0]) - (%s))", a, a, lo);
}

/* The outermost section of a list item (a[lo:len][0:m]: the first one). */
static Expr *first_section(Expr *e)
{
  Expr *sec = NULL;
  for (; e && e->kind != E_IDENT; e = e->a)
    if (e->kind == E_SECTION)
      sec = e;
    else if (e->kind == E_MEMBER || e->kind == E_ARROW)
      break;
  return sec;
}

static void view_strides(Region *r, MapEntry *m);

/* s.x, s.p[lo:len], s.m[1][0:4]: the member access the list item lies
 * in, or NULL. */
static Expr *in_member(Expr *e)
{
  while (e && (e->kind == E_PAREN || e->kind == E_SECTION || e->kind == E_INDEX))
    e = e->a;
  return e && (e->kind == E_MEMBER || e->kind == E_ARROW) ? e : NULL;
}

/* Does the list item lie in the storage of its base variable s itself
 * (s.m[1][0:4], a[2].in.m[0:4], ps->m[0:4]), not behind a pointer member
 * (s.p[0:4], s.p->m[0:4])?  Only the variable may be a pointer. */
static bool inside_variable(Expr *e)
{
  for (; e && e->kind != E_IDENT; e = e->a) {
    bool at_var = e->a && e->a->kind == E_IDENT;
    if ((e->kind == E_ARROW || e->kind == E_INDEX || e->kind == E_SECTION) && !at_var &&
        !(e->a->ty && type_is_array(e->a->ty)))
      return false;
    if (e->kind != E_MEMBER && e->kind != E_ARROW && e->kind != E_INDEX &&
        e->kind != E_SECTION && e->kind != E_PAREN)
      return false;
  }
  return e != NULL;
}

/* How many list items of the region's map clauses lie in members of s. */
static int member_items(Ctx *c, Symbol *s)
{
  int n = 0;
  OmpClause *cl;
  VEC_EACH(OmpClause *, cl, c->r->dir->clauses) {
    Expr *item;
    if (cl->kind == OMPC_MAP && !omp_clause_iterator(cl))
      VEC_EACH(Expr *, item, cl->items)
        n += sema_base_symbol(item) == s && in_member(item) != NULL;
  }
  return n;
}

/* s.m[1][0:4] alone, an array member's section inside the variable: the
 * section is what is mapped (OpenMP 5.2 5.8.3: a structure element is
 * mapped without its structure), and the kernel's view of s is placed so
 * that the section falls where it lies in s, as for rows[2][0:n].  Other
 * members of s are not on the device.  Several member items of one
 * variable map the whole variable instead (one device object must hold
 * them all at their offsets). */
static bool sole_member_section(Ctx *c, Symbol *s, Expr *item, Expr *sec, unsigned flags)
{
  Region *r = c->r;
  if (!type_is_array(sec->a->ty) || entry_of(r, s) || !inside_variable(item) ||
      member_items(c, s) != 1 || device_global(c, s))
    return false;
  bool ptr = type_is_pointer(s->ty), array = type_is_array(s->ty);
  MapEntry *m = new_entry(r, s, print_expr_str(item), flags | OMPICC_MAP_ARG,
                          array ? CAP_ARRAY : ptr ? CAP_PTR : CAP_REF);
  m->written = true;
  view_strides(r, m);
  const char *a = print_expr_str(sec->a);
  m->base = xasprintf(array || ptr ? "%s" : "&%s", s->name);
  m->begin = xasprintf("&(%s)[%s]", a, sec->b ? print_expr_str(sec->b) : "0");
  m->size = xasprintf("%s * sizeof((%s)[0])", section_len(sec, sec->a->ty), a);
  return true;
}

/* A part of s's own storage that a member item names (s.x, ps->x,
 * a[2].x, s.m[0:4] beside other members): mapped alone, the runtime
 * placing the members of s that one construct maps in one device block
 * (OMPICC_MAP_MEMBER, base s), so that present members stay what they
 * are (5.2 5.8.3: a structure element is mapped without its structure).
 * The first entry of s is the kernel's parameter: the device address
 * that corresponds to s. */
static void member_entry(Ctx *c, Symbol *s, const char *name, char *begin, char *size,
                         unsigned flags)
{
  Region *r = c->r;
  bool ptr = type_is_pointer(s->ty), array = type_is_array(s->ty);
  MapEntry *first = entry_of(r, s);
  MapEntry *m = new_entry(r, s, name, flags | OMPICC_MAP_MEMBER | (first ? 0 : OMPICC_MAP_ARG),
                          first ? CAP_NONE : array ? CAP_ARRAY : ptr ? CAP_PTR : CAP_REF);
  m->written = true;
  if (!first)
    view_strides(r, m);
  m->base = xasprintf(array || ptr ? "%s" : "&%s", s->name);
  m->begin = begin;
  m->size = size;
}

/* ps[i].p or (*ps).p of a pointer ps (also ps[i].in.p): the element
 * ps[i] or *ps that holds the member, or NULL when the member is reached
 * otherwise (ps->p, s.p, through another pointer).  *arrow: the member
 * is ps->p or ps->in.p. */
static Expr *pointer_element(Symbol *s, Expr *mem, bool *arrow)
{
  *arrow = false;
  if (!s->ty || !type_is_pointer(s->ty))
    return NULL;
  for (Expr *e = mem; e; e = e->a) {
    if (e->kind == E_PAREN || e->kind == E_MEMBER)
      continue;
    if (e->kind == E_ARROW) { /* the one on ps (ps->next->p: mapped as *ps) */
      Expr *base = expr_unparen(e->a);
      if (base->kind == E_IDENT && base->sym == s) {
        *arrow = true;
        return NULL;
      }
      continue;
    }
    if (e->kind == E_UNARY && e->op == OP_DEREF) {
      Expr *base = expr_unparen(e->a);
      return base->kind == E_IDENT && base->sym == s ? e : NULL;
    }
    if (e->kind != E_INDEX)
      return NULL;
    Expr *base = expr_unparen(e->a);
    if (base->kind == E_IDENT && base->sym == s)
      return e;
    if (!e->a->ty || !type_is_array(e->a->ty))
      return NULL; /* an index through a pointer member */
  }
  return NULL;
}

/* s.p[lo:len], ps->p[lo:len], ps[i].p[lo:len]: the containing object is
 * mapped by an earlier entry and the host pointer is attached to the
 * section. */
static void member_section(Ctx *c, Symbol *s, Expr *item, Expr *sec, unsigned flags)
{
  Region *r = c->r;
  if (sole_member_section(c, s, item, sec, flags))
    return;
  Expr *mem = sec->a;
  bool through_ptr;
  Expr *elem = pointer_element(s, mem, &through_ptr);
  const char *v = s->name;
  const char *lo = sec->b ? print_expr_str(sec->b) : "0";
  if (type_is_array(mem->ty) && inside_variable(item) && !device_global(c, s)) {
    const char *a = print_expr_str(mem);
    member_entry(c, s, print_expr_str(item), xasprintf("&(%s)[%s]", a, lo),
                 xasprintf("%s * sizeof((%s)[0])", section_len(sec, mem->ty), a), flags);
    return;
  }
  MapEntry *first = entry_of(r, s);
  const char *elem_at = elem ? xasprintf("&(%s)", print_expr_str(elem)) : NULL;
  if (first && elem && first->cap == CAP_PTR && first->base && !strcmp(first->base, v) &&
      first->begin && strcmp(first->begin, elem_at) && first->flags & OMPICC_MAP_IMPLICIT) {
    error(item->loc, "sorry, unimplemented: '%s' is in a member of another element of '%s' "
                     "than an earlier map item: map the elements as a section first "
                     "(%s[lo:len])",
          print_expr_str(item), v, v);
    return;
  }
  if (first && (first->flags & OMPICC_MAP_MEMBER) && inside_variable(mem)) {
    /* beside other members: the pointer is one of them */
    const char *p = print_expr_str(mem);
    member_entry(c, s, p, xasprintf("&(%s)", p), xasprintf("sizeof(%s)", p),
                 OMPICC_MAP_TO | OMPICC_MAP_IMPLICIT);
  } else if (!first) {
    /* the object itself is tofrom, as a struct the region uses (5.2
     * 5.8.9); its attached pointers are restored on the host after */
    /* arr[i].m[lo:len]: the whole array of structs, as an array */
    bool array = s->ty && type_is_array(s->ty);
    MapEntry *m = new_entry(r, s, v,
                            OMPICC_MAP_TO | OMPICC_MAP_FROM | OMPICC_MAP_ARG | OMPICC_MAP_IMPLICIT,
                            array ? CAP_ARRAY : through_ptr ? CAP_PTR : CAP_REF);
    if (array) {
      m->base = xasprintf("%s", v), m->begin = xasprintf("%s", v);
      m->size = xasprintf("sizeof(%s)", v);
      view_strides(r, m);
    } else if (through_ptr) {
      m->base = xasprintf("%s", v);
      m->begin = xasprintf("%s", v);
      m->size = xasprintf("sizeof(*%s)", v);
    } else if (elem) { /* ps[i].m[lo:len]: the element, ps reaching it */
      m->cap = CAP_PTR;
      m->base = xasprintf("%s", v);
      m->begin = (char *)elem_at;
      m->size = xasprintf("sizeof(%s)", print_expr_str(elem));
    } else
      whole_object(m, v);
  }
  const char *p = print_expr_str(mem);
  if (type_is_array(mem->ty))
    return; /* an array member travels with its object */
  MapEntry *m = new_entry(r, s, print_expr_str(item), flags | OMPICC_MAP_ATTACH, CAP_NONE);
  m->written = true;
  m->base = xasprintf("&%s", p);
  m->begin = xasprintf("&(%s)[%s]", p, lo);
  m->size = xasprintf("(%s) * sizeof((%s)[0])", section_len(sec, mem->ty), p);
}

/* Array levels from the top of t down to its last variable-length one. */
static int vla_levels(const Type *t)
{
  int n = 0, last = 0;
  for (; t && t->kind == TY_ARRAY; t = t->base) {
    n++;
    if (t->vla_len)
      last = n;
  }
  return last;
}

int offload_view_dims(const Type *t)
{
  if (t && t->kind == TY_POINTER)
    return 1 + vla_levels(t->base);
  int n = vla_levels(t);
  return n > 1 ? n : 1;
}

/* The strides of a view, in elements, as long long literal entries that
 * follow the variable's entry (the kernel's parameters after it). */
static void view_strides(Region *r, MapEntry *m)
{
  int dims = offload_view_dims(m->sym->ty);
  if (dims < 2 || (m->cap != CAP_ARRAY && m->cap != CAP_PTR))
    return;
  const char *v = m->sym->name;
  StrBuf elem = {0};
  sb_printf(&elem, "(%s)", v);
  for (int k = 0; k < dims; k++)
    sb_puts(&elem, "[0]");
  char *e = sb_take(&elem);
  for (int k = 1; k < dims; k++) {
    MapEntry *x = new_entry(r, m->sym, xasprintf("stride %d of %s", k, v), OMPICC_MAP_LITERAL,
                            CAP_NONE);
    /* a compound literal: an object that lives as long as the map array */
    x->base = x->begin = xasprintf("&(long long){sizeof(%.*s) / sizeof(%s)}",
                                   (int)(strlen(v) + 2 + 3 * k), e, e);
    x->size = xasprintf("sizeof(long long)");
  }
}

static void map_item(Ctx *c, OmpClause *cl, Expr *item, unsigned flags)
{
  Region *r = c->r;
  Symbol *s = sema_base_symbol(item);
  if (!s)
    return;
  if (incomplete(s->ty) && !type_is_pointer(s->ty)) {
    error(item->loc, "'%s' has incomplete type '%s' and cannot be mapped", s->name, type_str(s->ty));
    return;
  }
  Expr *sec = first_section(item);
  if (sec && !sec->c && sec->a->ty && type_is_pointer(sec->a->ty)) {
    error(sec->loc, "array section of pointer '%s' needs a length", print_expr_str(sec->a));
    return;
  }
  if (!map_contiguous(item))
    return;
  if (sec && sec->a->ty && type_is_pointer(sec->a->ty) && incomplete(type_elem(sec->a->ty))) {
    error(item->loc, "'%s' points to incomplete type '%s' and cannot be mapped", s->name,
          type_str(type_elem(sec->a->ty)));
    return;
  }
  bool member = in_member(item) != NULL;
  if (member && sec) {
    member_section(c, s, item, sec, flags);
    return;
  }
  bool global = device_global(c, s);
  if (member && inside_variable(item) && !global) {
    const char *x = print_expr_str(item);
    member_entry(c, s, x, xasprintf("&(%s)", x), xasprintf("sizeof(%s)", x), flags);
    return;
  }
  /* p[i][0:n], a row through a pointer: the row maps storage of its own,
   * which p does not point into; p reaches the kernel from its own map,
   * or else as a pointer the region uses (translated where present) */
  Expr *row_ptr = sec ? expr_unparen(sec->a) : NULL;
  bool row = row_ptr && row_ptr->kind == E_INDEX && row_ptr->ty && type_is_pointer(row_ptr->ty);
  CapKind cap = global || row || entry_of(r, s) ? CAP_NONE
                : sec && type_is_pointer(s->ty) ? CAP_PTR
                : type_is_array(s->ty)        ? CAP_ARRAY
                                              : CAP_REF;
  /* a const object cannot change on the device (C11 6.7.3p6): copying it
   * back would write read-only memory (a static const table) */
  if (offload_is_const_object(s) && !type_is_pointer(s->ty))
    flags &= ~OMPICC_MAP_FROM;
  MapEntry *m = new_entry(r, s, print_expr_str(item),
                          flags | (cap == CAP_NONE ? 0 : OMPICC_MAP_ARG), cap);
  m->written = true;
  view_strides(r, m);
  const char *v = s->name;
  if (!sec) {
    if (type_is_array(s->ty)) {
      m->base = xasprintf("%s", v), m->begin = xasprintf("%s", v);
      m->size = xasprintf("sizeof(%s)", v);
    } else
      mapped_whole(r, m, s);
    return;
  }
  /* the section may follow subscripts (rows[2][0:n]): it starts in the
   * array it sections, not in the variable */
  const char *lo = sec->b ? print_expr_str(sec->b) : "0";
  const char *a = print_expr_str(sec->a);
  m->base = xasprintf("%s", v);
  m->begin = xasprintf("&(%s)[%s]", a, lo);
  m->size = xasprintf("%s * sizeof((%s)[0])", section_len(sec, s->ty), a);
  if (row) {
    /* the row pointer p[i], where mapped, points at the row */
    MapEntry *at = new_entry(r, s, m->name, OMPICC_MAP_ATTACH, CAP_NONE);
    at->base = xasprintf("&(%s)", a);
    at->begin = m->begin;
    at->size = xasprintf("0");
    at->slot = true;
  }
  (void)cl;
}

/* A list item of a mapper (mapper.c): mapped as if written in the
 * clause. */
typedef struct MapperUse {
  Ctx *c;
  OmpClause *cl;
  bool written;
} MapperUse;

static void mapper_item(Expr *item, unsigned flags, void *user)
{
  MapperUse *u = user;
  Symbol *s = sema_base_symbol(item);
  MapEntry *before = s ? entry_of(u->c->r, s) : NULL;
  map_item(u->c, u->cl, item, flags);
  MapEntry *m = s ? entry_of(u->c->r, s) : NULL;
  if (m && m != before)
    m->written = u->written;
}

/* An array of structures with a mapper: the array as written, then an
 * entry whose function the runtime calls for the elements' items. */
static void mapper_elems(Expr *item, const char *fn, unsigned flags, void *user)
{
  MapperUse *u = user;
  Region *r = u->c->r;
  int at = r->maps.len;
  map_item(u->c, u->cl, item, flags);
  if (r->maps.len == at)
    return; /* reported */
  MapEntry *a = r->maps.items[at];
  a->written = u->written;
  MapEntry *m = new_entry(r, a->sym, a->name, OMPICC_MAP_ELEMS | (flags & ~OMPICC_MAP_ARG),
                          CAP_NONE);
  m->base = xasprintf("&%s", fn), m->begin = a->begin, m->size = a->size;
  m->written = a->written;
}

static void scan_maps(Ctx *c)
{
  OmpClause *cl;
  VEC_EACH(OmpClause *, cl, c->r->dir->clauses) {
    Expr *item;
    /* in_reduction on target (OpenMP 5.2 5.5.11): the host task around
     * the construct (lower-host.c) holds the participating copy, which
     * the region maps tofrom */
    if (cl->kind == OMPC_IN_REDUCTION && (omp_dir_leaves(c->r->dir->kind) & OMP_LEAF_TARGET))
      VEC_EACH(Expr *, item, cl->items)
        map_item(c, NULL, item, OMPICC_MAP_TO | OMPICC_MAP_FROM);
    /* a clause with the iterator modifier maps an item per iterator
     * value, none a kernel parameter: lower-host.c makes its entries */
    if (cl->kind != OMPC_MAP || omp_clause_iterator(cl))
      continue;
    MapperUse u = {c, cl, true};
    VEC_EACH(Expr *, item, cl->items)
      if (!mapper_apply(c->o->tu, cl, item, map_clause_flags(cl), mapper_item,
                                mapper_elems, &u))
        map_item(c, cl, item, map_clause_flags(cl));
  }
}

/* A structure, or an array of them, whose type has a default mapper is
 * mapped through it (5.2 5.8.8) when the implicit rules map it. */
static bool through_mapper(Ctx *c, Symbol *s, unsigned flags)
{
  Type *elem = type_base_elem(s->ty);
  if (!s->ty || !(type_is_struct(s->ty) || (type_is_array(s->ty) && type_is_struct(elem))))
    return false;
  Expr *id = mk_ident(c->r->loc, s->name);
  id->sym = s, id->ty = s->ty;
  MapperUse u = {c, NULL, false};
  return mapper_apply(c->o->tu, NULL, id, flags, mapper_item, mapper_elems, &u);
}

/* A captured variable with no map: its data-sharing clause or the
 * implicit rules decide (OpenMP 4.5 2.15.5, 5.2 5.8.9). */
/* The category of a variable of type t for defaultmap (5.2 5.8.7). */
static DefaultmapCategory category_of(const Type *t)
{
  if (t && type_is_pointer(t))
    return DM_POINTER;
  if (t && (type_is_arith(t) || t->kind == TY_ENUM))
    return DM_SCALAR;
  return DM_AGGREGATE;
}

/* defaultmap(alloc | to | from | tofrom | present: category): the map a
 * variable of the category gets when no clause names it. */
static unsigned defaultmap_flags(OmpWord behavior)
{
  switch (behavior) {
  case OMPW_ALLOC: return 0;
  case OMPW_TO: return OMPICC_MAP_TO;
  case OMPW_FROM: return OMPICC_MAP_FROM;
  case OMPW_PRESENT: return OMPICC_MAP_PRESENT; /* alloc, present (5.2 5.8.7) */
  default: return OMPICC_MAP_TO | OMPICC_MAP_FROM;
  }
}

static void implicit_entry(Ctx *c, Symbol *s)
{
  Region *r = c->r;
  Dsa *d = find_dsa(c, s);
  DsaKind k = d ? d->kind : DSA_NONE;
  const char *v = s->name;
  if (k == DSA_PRIVATE) {
    vec_push(&r->privates, s);
    return;
  }
  unsigned imp = d ? 0 : OMPICC_MAP_IMPLICIT;
  Type *t = s->ty;
  bool scalar = t && (type_is_arith(t) || t->kind == TY_ENUM || type_is_pointer(t));
  OmpWord dm = k == DSA_NONE ? r->defaultmap[category_of(t)] : OMPW_NONE;
  if (dm == OMPW_NONE_KW) {
    error(r->loc, "'%s' is used in the target region but is listed in no data-mapping or "
                  "data-sharing clause, which 'defaultmap(none)' requires", v);
    return;
  }
  unsigned dm_flags = defaultmap_flags(dm);
  /* a const object cannot change in the region (C11 6.7.3p6): nothing
   * comes back, which would fault on a table in read-only memory (static
   * const int t[] = {...}) */
  if (offload_is_const_object(s))
    dm_flags &= ~OMPICC_MAP_FROM;
  MapEntry *m;
  if (k == DSA_DEVADDR && !(t && type_is_pointer(t))) {
    /* has_device_addr (OpenMP 5.2 5.4.9): the variable's address is the
     * device's own (use_device_addr gave it); the region refers to the
     * object there, untranslated */
    bool array = t && type_is_array(t);
    m = new_entry(r, s, v, OMPICC_MAP_DEVADDR, array ? CAP_ARRAY : CAP_REF);
    whole_object(m, v);
    if (array) /* under use_device_addr, the name is the device address */
      m->base = m->begin = xasprintf("%s", v);
    else if (vec_has(&c->device_addressed, s))
      m->base = m->begin = offload_device_addr_name(v);
    view_strides(r, m);
    return;
  }
  if (k == DSA_DEVPTR || k == DSA_DEVADDR || k == DSA_FIRSTPRIVATE || dm == OMPW_FIRSTPRIVATE ||
      (k == DSA_NONE && dm == OMPW_NONE && scalar && !type_is_pointer(t))) {
    /* a constant-size array travels by value, wrapped in a struct (the
     * kernel file); a variable-length one has no by-value parameter: the
     * runtime copies it to device memory of the launch's own */
    if (t && type_is_array(t) && type_is_vla(t)) {
      unsigned leaves = omp_leaves(r->dir);
      if (leaves != OMP_LEAF_TARGET) {
        /* the clause applies to the inner leaf too (17.2): a copy per
         * team or thread */
        sorry(d ? d->loc : r->loc, "firstprivate variable-length array '%s' on a combined "
              "'#pragma omp %s' (a copy for each team or thread); put it on a 'target' of its own",
              v, omp_dir_name(r->dir->kind));
        return;
      }
      m = new_entry(r, s, v, OMPICC_MAP_PRIVATE | imp, CAP_ARRAY);
      m->base = xasprintf("%s", v), m->begin = xasprintf("%s", v);
      m->size = xasprintf("sizeof(%s)", v);
      view_strides(r, m);
      return;
    }
    m = new_entry(r, s, v, OMPICC_MAP_LITERAL | imp, CAP_LITERAL);
    whole_object(m, v);
  } else if (k == DSA_NONE && dm == OMPW_NONE && t && type_is_pointer(t)) {
    m = new_entry(r, s, v, OMPICC_MAP_LOOKUP | imp, CAP_PTR);
    m->base = xasprintf("%s", v), m->begin = xasprintf("%s", v), m->size = xasprintf("0");
    view_strides(r, m);
  } else if (k == DSA_NONE && through_mapper(c, s, dm_flags | imp)) {
    return;
  } else if (t && type_is_array(t)) {
    m = new_entry(r, s, v, dm_flags | OMPICC_MAP_ARG | imp, CAP_ARRAY);
    m->base = xasprintf("%s", v), m->begin = xasprintf("%s", v);
    m->size = xasprintf("sizeof(%s)", v);
    view_strides(r, m);
  } else {
    if (incomplete(t)) {
      error(r->loc, "'%s' has incomplete type '%s' and cannot be mapped", v, type_str(t));
      return;
    }
    m = new_entry(r, s, v, dm_flags | OMPICC_MAP_ARG | OMPICC_MAP_IMPLICIT, CAP_REF);
    mapped_whole(r, m, s);
  }
  if (k == DSA_LASTPRIVATE)
    vec_push(&r->lastprivates, s);
  if (k == DSA_LASTPRIVATE && d->also_first)
    vec_push(&r->firstlast, s);
}

/* Does the declare reduction's initializer name omp_orig? */
static WalkAction names_orig(Expr **slot, void *user)
{
  Expr *e = *slot;
  if (e->kind == E_IDENT && !strcmp(e->text, "omp_orig")) {
    *(bool *)user = true;
    return WALK_STOP;
  }
  return WALK_CONTINUE;
}

static bool initializer_reads_orig(const Udr *u)
{
  OmpClause *init = u ? omp_find_clause(u->dir, OMPC_INITIALIZER) : NULL;
  bool reads = false;
  if (init && init->expr)
    walk_expr(&(Walker){.expr_pre = names_orig, .user = &reads}, &init->expr);
  return reads;
}

/* A reduction whose declare reduction initializer reads omp_orig gets a
 * copy of its original made at the launch (CAP_SNAPSHOT): the teams that
 * end first combine into the original while later ones still start, and
 * their copies must begin from the original's value at the construct
 * (OpenMP 5.2 5.5.8: the original is updated at the end of the region),
 * not from a partial result.  Of an array item, the elements reduced:
 * from element lo of the variable (an array, or a pointer to the
 * elements), count of them. */
static void snapshot_entry(Ctx *c, Reduction *red)
{
  if (!initializer_reads_orig(red->udr) || offload_snapshot_of(c->r, red->sym))
    return;
  const char *v = red->sym->name;
  MapEntry *m = new_entry(c->r, red->sym, v, OMPICC_MAP_SNAPSHOT | OMPICC_MAP_IMPLICIT,
                          CAP_SNAPSHOT);
  if (!red->is_array) {
    whole_object(m, v);
    return;
  }
  StrBuf elem = {0};
  sb_printf(&elem, "sizeof((%s)", v);
  for (int i = 0; i < red->arr.levels; i++)
    sb_puts(&elem, "[0]");
  sb_putc(&elem, ')');
  m->begin = xasprintf("(char *)(%s) + %lldLL * %s", v, red->arr.lo, elem.s);
  m->base = m->begin;
  m->size = xasprintf("%lldLL * %s", red->arr.count, elem.s);
}

bool offload_snapshot_of(const Region *r, const Symbol *s)
{
  MapEntry *m;
  VEC_EACH(MapEntry *, m, r->maps)
    if (m->cap == CAP_SNAPSHOT && m->sym == s)
      return true;
  return false;
}

static void reduction_entries(Ctx *c)
{
  Expr *item;
  VEC_EACH(Expr *, item, c->r->atomic_sections) /* tofrom, as a map clause would */
    if (!entry_of(c->r, sema_base_symbol(item)))
      map_item(c, NULL, item, OMPICC_MAP_TO | OMPICC_MAP_FROM | OMPICC_MAP_IMPLICIT);
  Reduction *red;
  VEC_EACH(Reduction *, red, c->r->reductions) {
    if (entry_of(c->r, red->sym))
      continue;
    if (red->is_array) { /* tofrom, as a map clause would (5.2 5.8.9) */
      map_item(c, NULL, red->item, OMPICC_MAP_TO | OMPICC_MAP_FROM | OMPICC_MAP_IMPLICIT);
      MapEntry *m = entry_of(c->r, red->sym);
      if (m)
        m->written = false;
      continue;
    }
    MapEntry *m = new_entry(c->r, red->sym, red->sym->name,
                            OMPICC_MAP_TO | OMPICC_MAP_FROM | OMPICC_MAP_ARG | OMPICC_MAP_IMPLICIT,
                            CAP_REF);
    whole_object(m, red->sym->name);
  }
  VEC_EACH(Reduction *, red, c->r->reductions)
    snapshot_entry(c, red);
}

static bool is_reduction(Region *r, Symbol *s)
{
  Reduction *red;
  VEC_EACH(Reduction *, red, r->reductions)
    if (red->sym == s)
      return true;
  return false;
}

/* A variable both mapped and private, firstprivate or lastprivate on the
 * directives of an SPMD loop (a combined target construct, or the
 * parallel and for nested in target): the map is the target's, the
 * private copy the inner leaf's (OpenMP 5.2 17.2), which reaches the
 * mapped object through its entry (firstprivate's initial value,
 * lastprivate's copy out). */
static void mapped_private(Ctx *c, Symbol *s)
{
  Dsa *d = find_dsa(c, s);
  MapEntry *m = entry_of(c->r, s);
  if (!d || !m || vec_has(&c->r->lastprivates, s) ||
      c->r->shape == SPMD_NONE) /* a kernel of one thread runs the loop in order */
    return;
  bool array = m->cap == CAP_ARRAY && s->ty && !type_is_vla(s->ty); /* a whole array of its own size */
  if (m->cap != CAP_REF && !(array && (d->kind == DSA_PRIVATE || d->kind == DSA_FIRSTPRIVATE)))
    return;
  if (d->kind == DSA_LASTPRIVATE) {
    vec_push(&c->r->lastprivates, s);
    if (d->also_first)
      vec_push(&c->r->firstlast, s);
  } else if (d->kind == DSA_PRIVATE) {
    vec_add_once(&c->r->private_maps, s);
  } else if (d->kind == DSA_FIRSTPRIVATE) {
    vec_add_once(&c->r->firstprivate_maps, s);
  }
}

/* An SPMD loop's variables whose private copies start from the value at
 * the construct, while the last iteration's copy goes back to the mapped
 * original: firstprivate + lastprivate, and linear (OpenMP 5.2 5.4.6,
 * 17.2: on a combined target construct, tofrom).  The kernel gets that
 * value by value (CAP_INITIAL), not from the mapped copy, which the last
 * iteration may already have written when a later block starts. */
static void initial_values(Ctx *c)
{
  Region *r = c->r;
  if (r->shape == SPMD_NONE)
    return;
  OmpDir *d;
  VEC_EACH(OmpDir *, d, c->dirs) {
    OmpClause *cl;
    VEC_EACH(OmpClause *, cl, d->clauses) {
      Expr *item;
      if (cl->kind == OMPC_LINEAR)
        VEC_EACH(Expr *, item, cl->items) {
          MapEntry *m = item->kind == E_IDENT ? entry_of(r, item->sym) : NULL;
          bool loop_var = false;
          OmpLoop *l;
          VEC_EACH(OmpLoop *, l, r->loops)
            loop_var |= m && l->var == m->sym;
          if (!m || m->cap != CAP_REF || loop_var)
            continue;
          Linear *lin = xcalloc(1, sizeof *lin);
          lin->sym = m->sym, lin->step = omp_linear_step(cl);
          vec_push(&r->linears, lin);
        }
    }
  }
  Vec need = {0};
  Linear *lin;
  VEC_EACH(Linear *, lin, r->linears)
    vec_push(&need, lin->sym);
  Symbol *s;
  VEC_EACH(Symbol *, s, r->firstlast)
    vec_add_once(&need, s);
  VEC_EACH(Symbol *, s, need) {
    if (s->ty && type_is_array(s->ty))
      continue; /* (an array's copy is read from its mapped copy) */
    MapEntry *m = new_entry(r, s, s->name, OMPICC_MAP_LITERAL | OMPICC_MAP_IMPLICIT, CAP_INITIAL);
    whole_object(m, s->name);
  }
}

/* default(private) or default(firstprivate) on a parallel or teams leaf
 * of an SPMD loop's directives (OpenMP 5.2 5.4.1): the variables of the
 * function the region uses whose data-sharing attribute the clauses do
 * not give are private or firstprivate on that leaf, each thread's (or
 * team's) own copy.  (A generic kernel's parallel regions apply their
 * default themselves: codegen-cuda/generic.c.) */
static void default_dsa(Ctx *c)
{
  if (c->r->shape == SPMD_NONE)
    return;
  OmpDir *d;
  VEC_EACH(OmpDir *, d, c->dirs) {
    OmpClause *def = omp_find_clause(d, OMPC_DEFAULT);
    if (!def || (def->word != OMPW_PRIVATE && def->word != OMPW_FIRSTPRIVATE))
      continue;
    Symbol *s;
    VEC_EACH(Symbol *, s, c->used) {
      if (find_dsa(c, s) || !captured(c, s) || s->depth == 0 || s->storage == ST_STATIC_LOCAL ||
          s->storage == ST_EXTERN_LOCAL || device_global(c, s))
        continue;
      Dsa *n = xcalloc(1, sizeof *n);
      *n = (Dsa){.sym = s, .kind = def->word == OMPW_PRIVATE ? DSA_PRIVATE : DSA_FIRSTPRIVATE,
                 .loc = def->loc, .dir = d};
      vec_push(&c->dsa, n);
    }
  }
}

static void capture_entries(Ctx *c)
{
  reduction_entries(c);
  default_dsa(c);
  Symbol *s;
  /* data-sharing clauses name variables the body may not use */
  Dsa *d;
  VEC_EACH(Dsa *, d, c->dsa)
    if (d->kind != DSA_REDUCTION && d->kind != DSA_SHARED && captured(c, d->sym))
      vec_add_once(&c->used, d->sym);
  VEC_EACH(Symbol *, s, c->used) {
    if (captured(c, s) && entry_of(c->r, s) && !is_reduction(c->r, s))
      mapped_private(c, s);
    if (!captured(c, s) || entry_of(c->r, s) || is_reduction(c->r, s))
      continue;
    bool mapped = false;
    MapEntry *m;
    VEC_EACH(MapEntry *, m, c->r->maps)
      mapped |= m->sym == s;
    if (mapped && !device_global(c, s))
      continue; /* a member section's attach entry: the object is there */
    if (!mapped)
      implicit_entry(c, s);
  }
  /* link variables the region uses are mapped tofrom when no clause
   * maps them (5.2 5.8.9); the kernel reaches them through the image's
   * pointer, not a parameter */
  VEC_EACH(Symbol *, s, c->used) {
    bool mapped = false;
    MapEntry *m;
    VEC_EACH(MapEntry *, m, c->r->maps)
      mapped |= same_entity(m->sym, s);
    if (mapped || !offload_is_link(c->o, s))
      continue;
    m = new_entry(c->r, s, s->name, OMPICC_MAP_TO | OMPICC_MAP_FROM | OMPICC_MAP_IMPLICIT,
                  CAP_NONE);
    if (type_is_array(s->ty))
      m->base = m->begin = xasprintf("%s", s->name), m->size = xasprintf("sizeof(%s)", s->name);
    else
      whole_object(m, s->name);
  }
}

/* ---------------------------------------------------------------- call graph */

static Vec funcs_seen; /* Decl* already queued */
static Vec callees;    /* Expr*: the functions device code calls by name, which
                          are not values (<tgmath.h>'s choices among them) */

static void device_function_uses(Offload *o, Decl *fn);

/* A function of the file that device code reaches: into the kernel file,
 * with what it reaches in turn. */
static void queue_function(Offload *o, Decl *def)
{
  if (vec_has(&funcs_seen, def))
    return;
  vec_push(&funcs_seen, def);
  parser_expand_body(def); /* a body kept as text (lazy parsing) */
  device_function_uses(o, def);
}

/* Is the function of a name declare target (a directive names it, or a
 * begin declare target block declares it)? */
static bool declared_func(const char *name)
{
  const char *n;
  VEC_EACH(const char *, n, declared_funcs)
    if (!strcmp(n, name))
      return true;
  return false;
}

/* A declare target function of another file, which device code names: the
 * kernel file declares it, and the device linker finds it (the unit is
 * relocatable device code). */
static bool extern_function(Offload *o, Expr *f)
{
  if (!f->sym || f->sym->kind != SYM_FUNC || f->sym->storage == ST_STATIC_GLOBAL ||
      !declared_func(f->text))
    return false;
  Symbol *s;
  VEC_EACH(Symbol *, s, o->extern_funcs)
    if (!strcmp(s->name, f->text))
      return true;
  vec_push(&o->extern_funcs, f->sym);
  return true;
}

/* The definition of a function device code names, or NULL when it has
 * none or the device's C library stands for it: a C library function
 * that a system header defines inline (glibc's atoi and tolower with
 * optimization; printf and memcpy as their checking versions under
 * _FORTIFY_SOURCE, which Ubuntu's gcc sets at -O2) is CUDA's or the
 * device library's on the device. */
static Decl *device_definition(Offload *o, const char *name)
{
  Decl *def = tu_find_funcdef(o->tu, name);
  if (def && device_lib_has(name) && print_system_root(def->loc.file))
    return NULL;
  return def;
}

static void check_call(Offload *o, Expr *call)
{
  Expr *f = expr_unparen(call->a);
  if (!f || f->kind != E_IDENT)
    return; /* a call through a pointer: the pointee must be on the device */
  if (f->sym && f->sym->kind != SYM_FUNC)
    return;
  vec_push(&callees, f);
  const char *device_callee = variants_device_callee(f); /* a variant for the device */
  Decl *def = device_definition(o, device_callee ? device_callee : f->text);
  if (def) {
    queue_function(o, def);
    return;
  }
  if (device_lib_needs_runtime(f->text))
    o->device_runtime = true;
  if (!strcmp(f->text, "__builtin_tgmath")) { /* the functions it chooses from */
    Expr *a;
    VEC_EACH(Expr *, a, call->args)
      vec_push(&callees, expr_unparen(a));
  }
  if (device_lib_has(f->text) || device_lib_gcc_builtin(f->text))
    return;
  if (device_lib_host_only(f->text)) {
    error(f->loc, "'%s' may not be called in device code: it is a routine of the host "
                     "(OpenMP 5.2 18.6, 18.8, 18.12)", f->text);
    return;
  }
  if (extern_function(o, f)) {
    /* device code is C++, where f() takes no arguments: the device
     * linker would look for another function than the file defines */
    Declarator *fd = f->sym->idecl ? declarator_func(f->sym->idecl->decl) : NULL;
    if (fd && call->args.len && (fd->kr || (!fd->params.len && !fd->variadic)))
      error(f->loc, "function '%s' of another file is declared without a prototype: device "
                    "code calls it by its parameter types, so declare them", f->text);
    return;
  }
  error(f->loc, "function '%s' is called in device code but has no definition in this file "
                   "and is not declared in a 'declare target' directive (OpenMP 5.2 7.8), as a "
                   "function of another file must be", f->text);
}

/* Is the type one a wrapper of a library function can pass on: void,
 * a real arithmetic type or a pointer (to anything but a function)? */
static bool plain_type(const Type *t)
{
  if (!t)
    return false;
  if (t->kind == TY_VOID || type_is_arith(t))
    return t->kind != TY_COMPLEX && !(type_is_float(t) && t->size > 8);
  return type_is_pointer(t) && t->base && t->base->kind != TY_FUNC;
}

/* A C library function of the device (no OpenMP routine, no builtin)
 * with a prototype of plain types, which a __device__ wrapper can stand
 * for where its address is taken. */
static bool lib_value_ok(const Expr *e)
{
  const Type *t = e->sym ? e->sym->ty : NULL;
  if (!t || t->kind != TY_FUNC || !t->prototyped || t->variadic || e->sym->defined ||
      !device_lib_c(e->text))
    return false;
  if (!plain_type(t->base))
    return false;
  Type *p;
  VEC_EACH(Type *, p, t->params)
    if (!plain_type(p) || p->kind == TY_VOID)
      return false;
  return true;
}

static void note_lib_value(Offload *o, Expr *e)
{
  if (!vec_has(&o->lib_values, e->sym))
    vec_push(&o->lib_values, e->sym);
  if (!vec_has(&o->lib_value_uses, e))
    vec_push(&o->lib_value_uses, e);
}

/* A function named in device code other than to call it: a value, whose
 * device address a pointer may hold and a call through it reach (CUDA
 * takes the address of a __device__ function in device code).  Its
 * device version is the one the kernel file prints from its definition;
 * the device library's functions (nvcc's math overloads, the omp_*
 * routines) have none whose address the program could take. */
static void check_function_value(Offload *o, Expr *e)
{
  if (vec_has(&callees, e))
    return;
  Decl *def = device_definition(o, e->text);
  if (def)
    queue_function(o, def);
  else if (lib_value_ok(e))
    note_lib_value(o, e);
  else if (device_lib_has(e->text) || device_lib_gcc_builtin(e->text))
    sorry(e->loc, "'%s', a library function, used as a value in device code (only C library "
                  "functions of real arithmetic and pointer parameters may be)", e->text);
  else if (!extern_function(o, e))
    error(e->loc, "function '%s' is used as a value in device code but has no definition in "
                  "this file and is not declared in a 'declare target' directive (OpenMP 5.2 "
                  "7.8), as a function of another file must be", e->text);
}

static WalkAction global_use(Expr **slot, void *user)
{
  Offload *o = user;
  Expr *e = *slot;
  if (e->kind == E_CALL)
    check_call(o, e);
  if (e->kind == E_IDENT && e->sym && e->sym->kind == SYM_FUNC)
    check_function_value(o, e);
  if (e->kind == E_IDENT && e->sym && e->sym->kind == SYM_VAR && e->sym->depth == 0 &&
      !offload_is_declare_target(o, e->sym) && !offload_stream_object(e->sym))
    vec_push(&declare_target_vars, e->sym); /* used by a device function */
  return WALK_CONTINUE;
}

static void device_function_uses(Offload *o, Decl *fn)
{
  walk_stmt(&(Walker){.expr_pre = global_use, .user = o}, &fn->body);
  /* orphaned worksharing constructs reduce too (generic kernels) */
  walk_stmt(&(Walker){.omp_pre = inner_udrs, .user = &(InnerReductions){o, NULL}}, &fn->body);
}

/* ---------------------------------------------------------------- regions */

static const char *file_part(const char *path)
{
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* "dir/t-1.c" -> "t_1_c": a C identifier. */
static char *c_ident(const char *s)
{
  char *id = xstrdup(file_part(s));
  for (char *p = id; *p; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
      *p = '_';
  if (id[0] >= '0' && id[0] <= '9')
    return xasprintf("_%s", id);
  return id;
}

static const char *kernel_name(Offload *o, Loc loc)
{
  char *base = xasprintf("__omp_%s_%d", c_ident(loc.file ? loc.file : "unit"), loc.line);
  int same = 0;
  Region *r;
  VEC_EACH(Region *, r, o->regions)
    if (!strncmp(r->kernel, base, strlen(base)) &&
        (r->kernel[strlen(base)] == 0 || r->kernel[strlen(base)] == '_'))
      same++;
  return same ? xasprintf("%s_%d", base, same) : base;
}

/* The variables the enclosing host constructs make private (OpenMP 5.2
 * 5.4: private, firstprivate, lastprivate, linear, reduction). */
static void privatized_by(Vec *out, Vec *enclosing)
{
  static const OmpClauseKind kinds[] = {OMPC_PRIVATE, OMPC_FIRSTPRIVATE, OMPC_LASTPRIVATE,
                                        OMPC_LINEAR, OMPC_REDUCTION};
  OmpDir *d;
  VEC_EACH(OmpDir *, d, *enclosing) {
    OmpClause *cl;
    VEC_EACH(OmpClause *, cl, d->clauses)
      for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        if (cl->kind == kinds[i]) {
          Expr *e;
          VEC_EACH(Expr *, e, cl->items)
            if (e->kind == E_IDENT && e->sym)
              vec_add_once(out, e->sym);
        }
  }
}

/* The variables of the enclosing constructs' clauses of a kind. */
static void clause_symbols(Vec *out, Vec *enclosing, OmpClauseKind kind)
{
  OmpDir *d;
  VEC_EACH(OmpDir *, d, *enclosing) {
    OmpClause *cl;
    VEC_EACH(OmpClause *, cl, d->clauses)
      if (cl->kind == kind) {
        Expr *e;
        VEC_EACH(Expr *, e, cl->items) {
          Symbol *s = sema_base_symbol(e);
          if (s)
            vec_add_once(out, s);
        }
      }
  }
}

char *offload_device_addr_name(const char *v)
{
  return xasprintf("__ompicc_dev_%s", v);
}

/* Constructs a target region may not hold (OpenMP 5.2 10.2, 13.8): a
 * teams construct inside another construct of the region (teams is
 * strictly nested in the target construct, or in nothing), an error;
 * a construct strictly nested in a teams region other than distribute,
 * parallel and loop (10.2; atomic, flush and the utility and loop
 * transformation directives let through), an error, as the host
 * compilers give; a target construct, which runs on the device as part
 * of the region (the host compilers warn alike), a warning, unless
 * device(ancestor) sends it back to the host. */
typedef struct Nesting {
  int depth;     /* constructs of the region around the walk's place */
  Vec in_teams;  /* per depth (from 0, the region's own construct): is
                    the innermost construct there a teams construct */
} Nesting;

/* Is the construct's innermost leaf teams (its body strictly nested in
 * the teams region)? */
static bool teams_innermost(OmpDirKind k)
{
  return k == OMPD_TEAMS || k == OMPD_TARGET_TEAMS;
}

/* May a construct of kind k be strictly nested in a teams region? */
static bool teams_may_hold(OmpDirKind k)
{
  static const char *const refused[] = {"for", "sections", "section", "single", "simd", "barrier",
                                        "critical", "master", "masked", "task", "taskwait",
                                        "taskgroup", "taskloop", "taskyield", "scope", "ordered",
                                        "cancel", "cancellation"};
  const char *name = omp_dir_name(k);
  size_t first = strcspn(name, " ");
  for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
    if (strlen(refused[i]) == first && !strncmp(name, refused[i], first))
      return false;
  return true;
}

static WalkAction nesting_pre(Stmt **slot, void *user)
{
  Nesting *n = user;
  Stmt *s = *slot;
  if (s->kind != S_OMP || !s->omp)
    return WALK_CONTINUE;
  if (n->in_teams.items[n->depth] && !teams_may_hold(s->omp->kind))
    error(s->omp->loc, "'%s' may not be strictly nested in a 'teams' region (OpenMP 5.2 10.2: "
                       "only distribute, parallel and loop regions may)",
          omp_dir_name(s->omp->kind));
  if (!s->body)
    return WALK_CONTINUE;
  unsigned l = omp_dir_leaves(s->omp->kind);
  OmpClause *dev = omp_find_clause(s->omp, OMPC_DEVICE);
  if ((l & OMP_LEAF_TARGET) && !(dev && dev->word == OMPW_ANCESTOR))
    warning(s->omp->loc, "'target' construct inside a target region: it runs on the device as "
                         "part of the enclosing region (OpenMP 5.2 13.8)");
  else if (!strncmp(omp_dir_name(s->omp->kind), "teams", 5) && n->depth > 0)
    error(s->omp->loc, "a 'teams' construct inside another construct of a target region: "
                       "teams must be strictly nested in the target construct (OpenMP 5.2 10.2)");
  if (n->in_teams.len <= ++n->depth)
    vec_push(&n->in_teams, NULL);
  n->in_teams.items[n->depth] = (void *)(intptr_t)teams_innermost(s->omp->kind);
  return WALK_CONTINUE;
}

static void nesting_post(Stmt **slot, void *user)
{
  Nesting *n = user;
  Stmt *s = *slot;
  if (s->kind == S_OMP && s->omp && s->body)
    n->depth--;
}

/* Kernel parameters are at most 4 KiB (CUDA before 12.1 on every GPU, and
 * on Pascal and older Jetsons with any toolkit: nvcc refuses a kernel
 * over it, "Formal parameter space overflowed").  A firstprivate object
 * of more than LITERAL_INLINE bytes, and then the largest of the others
 * while those passed by value exceed LITERAL_TOTAL, travels as a copy in
 * device memory of the launch's own (OMPICC_MAP_PRIVATE): the kernel
 * gets its address and makes its own copy from it (kernels.c), as it does
 * from a parameter. */
enum { LITERAL_INLINE = 512, LITERAL_TOTAL = 3072 };

static long literal_size(const MapEntry *m)
{
  if (m->cap != CAP_LITERAL || !(m->flags & OMPICC_MAP_LITERAL) || !m->sym->ty ||
      type_is_vla(m->sym->ty))
    return 0;
  long n = type_size(m->sym->ty);
  return n > 0 ? n : 0;
}

static void to_device_memory(MapEntry *m)
{
  m->flags = (m->flags & ~OMPICC_MAP_LITERAL) | OMPICC_MAP_PRIVATE;
}

static void large_literals(Region *r)
{
  MapEntry *m;
  long total = 0;
  VEC_EACH(MapEntry *, m, r->maps) {
    if (literal_size(m) > LITERAL_INLINE)
      to_device_memory(m);
    total += literal_size(m);
  }
  while (total > LITERAL_TOTAL) {
    MapEntry *largest = NULL;
    VEC_EACH(MapEntry *, m, r->maps)
      if (literal_size(m) > 8 && (!largest || literal_size(m) > literal_size(largest)))
        largest = m;
    if (!largest)
      break;
    total -= literal_size(largest);
    to_device_memory(largest);
  }
}

static void analyze_region(Offload *o, Stmt *s, Vec *enclosing, const char *function)
{
  Nesting nest = {0};
  vec_push(&nest.in_teams, (void *)(intptr_t)teams_innermost(s->omp->kind));
  walk_stmt(&(Walker){.stmt_pre = nesting_pre, .stmt_post = nesting_post, .user = &nest},
            &s->body);
  Region *r = xcalloc(1, sizeof *r);
  r->stmt = s, r->dir = s->omp, r->loc = s->omp->loc, r->function = function;
  r->index = o->regions.len;
  r->kernel = kernel_name(o, r->loc);
  Stmt *only = only_stmt(s->body);
  if (omp_leaves(r->dir) & OMP_LEAF_TEAMS)
    r->teams_dir = r->dir;
  else if (only && only->kind == S_OMP && (omp_dir_leaves(only->omp->kind) & OMP_LEAF_TEAMS))
    r->teams_dir = only->omp; /* its num_teams and thread_limit are the launch's (13.8) */
  if (r->teams_dir)
    r->hints |= OMPICC_REGION_TEAMS;
  vec_push(&o->regions, r);
  Ctx c = {.o = o, .r = r};
  allocators_check(s, o->dynamic_allocators);
  allocators_uses(s);
  privatized_by(&c.privatized, enclosing);
  clause_symbols(&c.device_addressed, enclosing, OMPC_USE_DEVICE_ADDR);
  vec_push(&c.dirs, r->dir);
  decide_spmd(&c);
  scan_clauses(&c);
  scan_maps(&c);
  find_uses(&c, &r->stmt->body);
  walk_stmt(&(Walker){.omp_pre = inner_udrs, .user = &(InnerReductions){o, r}}, &r->stmt->body);
  capture_entries(&c);
  initial_values(&c);
  large_literals(r);
  Expr *e;
  VEC_EACH(Expr *, e, c.calls)
    check_call(o, e);
  VEC_EACH(Expr *, e, c.functions)
    check_function_value(o, e);
}

static bool is_target_region(const Stmt *s)
{
  return s->kind == S_OMP && s->body && (omp_dir_leaves(s->omp->kind) & OMP_LEAF_TARGET);
}

/* The walk that finds target regions, with the host constructs around
 * the place it is at. */
typedef struct Finder {
  Offload *o;
  Vec enclosing; /* OmpDir*, outermost first */
  const char *function; /* the function definition it is in */
} Finder;

static WalkAction entered_function(Decl *d, void *user)
{
  Finder *f = user;
  if (d->kind == D_FUNCDEF && d->sym)
    f->function = d->sym->name;
  return WALK_CONTINUE;
}

static WalkAction find_region(Stmt **slot, void *user)
{
  Finder *f = user;
  Stmt *s = *slot;
  if (s->kind == S_OMP && s->body && !is_target_region(s))
    vec_push(&f->enclosing, s->omp);
  if (!is_target_region(s))
    return WALK_CONTINUE;
  analyze_region(f->o, s, &f->enclosing, f->function);
  return WALK_SKIP; /* target inside target is not allowed (5.2 13.8) */
}

static void left_construct(Stmt **slot, void *user)
{
  Finder *f = user;
  Stmt *s = *slot;
  if (s->kind == S_OMP && s->body && !is_target_region(s) && f->enclosing.len &&
      f->enclosing.items[f->enclosing.len - 1] == s->omp)
    f->enclosing.len--;
}

static const char *main_file(TransUnit *tu)
{
  Decl *d;
  const char *last = NULL;
  VEC_EACH(Decl *, d, tu->decls)
    if (d->loc.file)
      last = d->loc.file; /* the user's file comes after the headers */
  return last ? last : "unit.c";
}

/* The initializers of the device's variables are device code too: the
 * functions they name (fn table[] = {f, g}) get device versions, and the
 * variables whose addresses they take (int *p = &x) device copies. */
static void global_initializers(Offload *o)
{
  for (int i = 0; i < declare_target_vars.len; i++) {
    Symbol *s = declare_target_vars.items[i];
    if (s->idecl && s->idecl->init && !offload_is_link(o, s))
      walk_init(&(Walker){.expr_pre = global_use, .user = o}, s->idecl->init);
  }
}

/* ---------------------------------------------------------------- across files */

/* What tells the unit's names in a linked image from another's: the
 * hash of the unit id the driver gives ("3fa2c1" of "a_c_3fa2c1", unique
 * to the file's path), else the whole id. */
static const char *unit_tag(Offload *o)
{
  const char *h = strrchr(o->unit_id, '_');
  if (h && strlen(h + 1) == 6 && strspn(h + 1, "0123456789abcdef") == 6)
    return h + 1;
  return o->unit_id;
}

const char *offload_indirect_table(Offload *o)
{
  if (!o->linked)
    return OMPICC_INDIRECT_TABLE;
  return xasprintf("%s_%s", OMPICC_INDIRECT_TABLE, unit_tag(o));
}

bool offload_defines(Offload *o, const Symbol *s)
{
  Decl *d;
  VEC_EACH(Decl *, d, o->tu->decls) {
    InitDecl *id;
    if (d->kind == D_VAR)
      VEC_EACH(InitDecl *, id, d->decls)
        if (id->sym && id->sym->kind == SYM_VAR && id->sym->depth == 0 &&
            id->sym->name == s->name && id->sym->defined)
          return true;
  }
  return false;
}

static bool external(const Symbol *s) { return s->storage == ST_GLOBAL; }

bool offload_inline_definition(const Decl *f)
{
  return specs_has(f->specs, KW_INLINE) && !specs_has(f->specs, KW_EXTERN);
}

/* Does the unit's device code (its regions, the functions they reach and
 * the device variables' initializers) name the file-scope variable s? */
typedef struct Named {
  const Symbol *s;
  bool found;
} Named;

static WalkAction names_entity(Expr **slot, void *user)
{
  Named *n = user;
  if ((*slot)->kind == E_IDENT && same_entity((*slot)->sym, n->s))
    n->found = true;
  return n->found ? WALK_SKIP : WALK_CONTINUE;
}

static bool device_code_names(Offload *o, const Symbol *s)
{
  Named n = {.s = s};
  Walker w = {.expr_pre = names_entity, .user = &n};
  Region *r;
  VEC_EACH(Region *, r, o->regions)
    walk_stmt(&w, &r->stmt->body);
  Decl *f;
  VEC_EACH(Decl *, f, funcs_seen)
    walk_stmt(&w, &f->body);
  Symbol *g;
  VEC_EACH(Symbol *, g, declare_target_vars)
    if (g->idecl && g->idecl->init && !offload_is_link(o, g))
      walk_init(&w, g->idecl->init);
  return n.found;
}

/* Device code across files (OpenMP 5.2 7.8: a declare target function or
 * variable of external linkage is one entity of the program, on the
 * device too).  A unit that defines one, or names one of another file,
 * is relocatable device code, and its kernel file prints every such
 * function it defines, whatever its own regions call; a declare target
 * variable of another file that device code does not name is left out,
 * so that a header's declarations do not make every file relocatable. */
static void across_files(Offload *o)
{
  Decl *d;
  VEC_EACH(Decl *, d, o->tu->decls)
    if (d->kind == D_FUNCDEF && d->func && d->sym && external(d->sym) &&
        !offload_inline_definition(d) && declared_func(declarator_name(d->func->decl))) {
      o->linked = true;
      queue_function(o, d);
    }
  if (o->extern_funcs.len)
    o->linked = o->imports = true;
  Vec keep = {0};
  Symbol *s;
  VEC_EACH(Symbol *, s, declare_target_vars) {
    bool declared = false;
    Symbol *v;
    VEC_EACH(Symbol *, v, declared_target_vars)
      declared |= same_entity(v, s);
    if (declared && external(s)) {
      if (offload_defines(o, s))
        o->linked = true;
      else if (device_code_names(o, s))
        o->linked = o->imports = true;
      else
        continue; /* another file's, unused here */
    }
    vec_push(&keep, s);
  }
  declare_target_vars = keep;
  if (!o->linked)
    return;
  /* kernel names unique in the image: a.c and lib/a.c may both have a
   * region at line 12 */
  Region *r;
  VEC_EACH(Region *, r, o->regions)
    r->kernel = xasprintf("%s_%s", r->kernel, unit_tag(o));
}

static void order_funcs(Offload *o)
{
  Decl *d;
  global_initializers(o);  /* again: for the functions across_files added */
  VEC_EACH(Decl *, d, o->tu->decls)
    if (vec_has(&funcs_seen, d))
      vec_push(&o->funcs, d);
  Symbol *s;
  VEC_EACH(Symbol *, s, declare_target_vars) {
    Symbol *g;
    bool dup = false;
    VEC_EACH(Symbol *, g, o->globals)
      dup |= same_entity(g, s);
    if (!dup)
      vec_push(&o->globals, s);
  }
  o->link_globals = declare_target_links;
}

/* A reduction item that is an array element, a[i], is the section
 * a[i:1] (OpenMP 5.2 5.5.8: a list item of a reduction clause is a
 * variable or an array item, and an array element has the section's
 * semantics), so that one mechanism privatizes both.  The host compiler
 * takes the section as well. */
static WalkAction element_items_as_sections(OmpDir *d, void *user)
{
  (void)user;
  OmpClause *cl;
  VEC_EACH(OmpClause *, cl, d->clauses) {
    if (cl->kind != OMPC_REDUCTION && cl->kind != OMPC_IN_REDUCTION &&
        cl->kind != OMPC_TASK_REDUCTION)
      continue;
    for (int i = 0; i < cl->items.len; i++) {
      Expr *e = expr_unparen(cl->items.items[i]);
      Expr *base = e->kind == E_INDEX ? expr_unparen(e->a) : NULL;
      if (!base || base->kind != E_IDENT || !base->sym || !base->sym->ty ||
          !(type_is_array(base->sym->ty) || type_is_pointer(base->sym->ty)))
        continue;
      Expr *sec = mk_expr(E_SECTION, e->loc);
      sec->a = e->a, sec->b = e->b, sec->c = mk_int(e->loc, "1"), sec->ty = e->ty;
      sec->c->ty = type_basic(TY_INT);
      cl->items.items[i] = sec;
    }
  }
  return WALK_CONTINUE;
}

Offload *offload_analyze(TransUnit *tu, const char *unit_id)
{
  Offload *o = xcalloc(1, sizeof *o);
  o->tu = tu;
  o->source = main_file(tu);
  o->unit_id = unit_id ? unit_id : c_ident(o->source);
  o->dynamic_allocators = allocators_dynamic(tu);
  walk_trans_unit(&(Walker){.omp_pre = element_items_as_sections}, tu);
  find_declare_target(o);
  Decl *fn;
  VEC_EACH(Decl *, fn, o->indirect) /* called through pointers: device versions */
    queue_function(o, fn);
  Finder f = {.o = o};
  walk_trans_unit(&(Walker){.decl_pre = entered_function, .stmt_pre = find_region,
                            .stmt_post = left_construct, .user = &f},
                  tu);
  global_initializers(o);
  across_files(o);
  order_funcs(o);
  generic_mode_choose(o);
  Region *r;
  VEC_EACH(Region *, r, o->regions)
    if (offload_two_widths(r)) {
      readonly_params(r);
      team_private_arrays(r);
    }
  o->allocated_vars =
      allocators_drop_directives(tu, &o->team_memory, &o->funcs, o->dynamic_allocators); /* neither gcc 12 nor the kernel file takes them */
  return o;
}

bool offload_loop_nest(Stmt *body, const OmpDir *d, Vec *loops, Stmt **innermost)
{
  return loop_nest(body, d, loops, innermost);
}

/* ---------------------------------------------------------------- remarks */

static const char *flags_str(unsigned f)
{
  static const struct { unsigned bit; const char *name; } names[] = {
      {OMPICC_MAP_TO, "to"}, {OMPICC_MAP_FROM, "from"}, {OMPICC_MAP_DELETE, "delete"},
      {OMPICC_MAP_ALWAYS, "always"}, {OMPICC_MAP_PRESENT, "present"},
      {OMPICC_MAP_CLOSE, "close"}, {OMPICC_MAP_LITERAL, "firstprivate"},
      {OMPICC_MAP_LOOKUP, "zero-length section"}, {OMPICC_MAP_ATTACH, "attach"},
      {OMPICC_MAP_ELEMS, "each element through its mapper"},
      {OMPICC_MAP_PRIVATE, "firstprivate, a copy in device memory"},
      {OMPICC_MAP_SNAPSHOT, "the original for omp_orig, copied at the launch"},
  };
  StrBuf b = {0};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (f & names[i].bit)
      sb_printf(&b, "%s%s", b.len ? "," : "", names[i].name);
  if (!b.len)
    sb_puts(&b, "alloc");
  return sb_take(&b);
}

void offload_remarks(Offload *o)
{
  Region *r;
  VEC_EACH(Region *, r, o->regions) {
    remark(r->loc, "target region '%s' is %s: %s", r->kernel,
           r->shape != SPMD_NONE ? "SPMD" : r->generic ? "generic" : "not SPMD",
           r->why ? r->why : "");
    MapEntry *m;
    VEC_EACH(MapEntry *, m, r->maps)
      if (m->flags & OMPICC_MAP_IMPLICIT)
        remark(r->loc, "implicit map of '%s': %s", m->name, flags_str(m->flags));
  }
}

/* ---------------------------------------------------------------- loop text */

/* The trip count of one loop as C text (OpenMP 5.2 4.4.1: the logical
 * iteration space), in long long: whether the loop runs an iteration
 * (*runs), and the count when it does (*count).  The count alone is no
 * answer for a loop that does not run: its distance need not fit in 64
 * bits (a loop from LONG_MAX up to LONG_MIN). */
void offload_trip_parts(const OmpLoop *l, char **runs, char **count)
{
  const char *lb = print_expr_str(l->lb), *ub = print_expr_str(l->ub);
  const char *hi = l->down ? lb : ub, *lo = l->down ? ub : lb;
  bool incl = l->cmp == OP_LE || l->cmp == OP_GE;
  /* a pointer's distance is in elements */
  char *dist = l->var->ty && type_is_pointer(l->var->ty)
                   ? xasprintf("(long long)((%s) - (%s))", hi, lo)
                   : xasprintf("((long long)(%s) - (long long)(%s))", hi, lo);
  *runs = xasprintf("(%s) %s (%s)", hi, incl ? ">=" : ">", lo);
  if (!l->step) /* a step of 1 */
    *count = incl ? xasprintf("%s + 1", dist) : dist;
  else {
    const char *s = print_expr_str(l->step);
    *count = incl ? xasprintf("%s / (%s) + 1", dist, s) : xasprintf("(%s + (%s) - 1) / (%s)", dist, s, s);
  }
}

/* The same as one expression, 0 when the loop runs no iteration. */
char *offload_trip(const OmpLoop *l)
{
  char *runs, *count;
  offload_trip_parts(l, &runs, &count);
  return xasprintf("(%s ? %s : 0)", runs, count);
}

/* The value of the loop variable at logical iteration it (C text). */
char *offload_loop_value(const OmpLoop *l, const char *it)
{
  const char *lb = print_expr_str(l->lb);
  const char *s = l->step ? print_expr_str(l->step) : "1";
  if (l->var->ty && l->var->ty->kind == TY_ENUM) /* C converts; the kernel file's C++ casts */
    return xasprintf("(__typeof__(%s))((%s) %c (%s) * (%s))", l->var->name, lb,
                     l->down ? '-' : '+', it, s);
  return xasprintf("(%s) %c (%s) * (%s)", lb, l->down ? '-' : '+', it, s);
}

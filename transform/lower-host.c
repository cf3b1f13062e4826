/* lower-host.c - the host side of the device constructs (DESIGN D1, D2).
 *
 * A target construct (OpenMP 5.2 13.8) becomes, in place (t.c line 27):
 *
 *   {
 *     __ompicc_map __ompicc_m[2] = { {x, &(x)[0], ..., "x[0:n]"}, ... };
 *     if (!(cond) || __ompicc_target(&__ompicc_region_0, dev, 2, __ompicc_m,
 *                                    num_teams, thread_limit, trip) != 0)
 *     {  firstprivate copies;  #pragma omp parallel for ...  the region  }
 *   }
 *
 * The host fallback is the region with the target-only parts of the
 * directive dropped and the rest kept for the host compiler.  It runs one
 * team (OpenMP 5.0 2.7: num_teams may be reduced): teams goes, distribute
 * becomes a parallel for, on one thread when its iterations use variables
 * of the teams region (each team's own, 2.7) or num_teams asks for one
 * team.  With nowait, depend or in_reduction the block becomes the
 * target task, a host task (as_task).
 * target data / enter data / exit data / update (13.5-13.9) become
 * __ompicc_data_begin/_end and __ompicc_update calls (the items of a
 * clause with the iterator modifier made in loops first, into an
 * __ompicc_items); use_device_ptr and
 * use_device_addr give the body a block-local shadow holding the device
 * address.  The file starts with the runtime's declarations (the text of
 * runtime-host/ompicc-rt.h, embedded at build time), one __ompicc_region
 * per construct, and ends with its __ompicc_unit.
 */
#include "lower-host.h"

#include <string.h>

#include "../runtime-host/ompicc-rt.h"
#include "mapper.h"
#include "offload.h"
#include "print.h"
#include "walk.h"

/* No device clause: OMPICC_DEVICE_DEFAULT of ompicc-rt.h, as a number
 * (the host file has no macros). */
#define DEVICE_DEFAULT "(-2147483647L - 1)"

extern const char ompicc_rt_h_text[]; /* rt-header.c, generated */

/* Generated code enters the tree as S_ASM / D_ASM text nodes: the
 * printer writes their text as it is (adding the ';' if missing). */
static Stmt *text_stmt(Loc loc, char *text)
{
  Stmt *s = mk_stmt(S_ASM, loc);
  s->text = text;
  return s;
}

static Decl *text_decl(Loc loc, char *text)
{
  Decl *d = mk_decl(D_ASM, loc);
  d->text = text;
  return d;
}

static Stmt *block(Loc loc, Vec items) { return mk_compound(loc, items); }

static Stmt *pragma_stmt(Loc loc, const char *text)
{
  Stmt *s = mk_stmt(S_PRAGMA, loc);
  s->text = (char *)text;
  return s;
}

/* Generated declarations that hide a name on purpose (the map array of a
 * construct inside another's block, a region's copy of a variable in its
 * host fallback): -Wshadow, which users build with, is not told of
 * them; the user's own declarations are left to it. */
static void push_unshadowed(Vec *v, Loc loc, Vec *decls)
{
  if (!decls->len)
    return;
  vec_push(v, pragma_stmt(loc, "GCC diagnostic push"));
  vec_push(v, pragma_stmt(loc, "GCC diagnostic ignored \"-Wshadow\""));
  Stmt *d;
  VEC_EACH(Stmt *, d, *decls)
    vec_push(v, d);
  vec_push(v, pragma_stmt(loc, "GCC diagnostic pop"));
}

static const char *where(Loc loc)
{
  const char *f = loc.file ? strrchr(loc.file, '/') : NULL;
  return xasprintf("%s:%d:%d", f ? f + 1 : loc.file ? loc.file : "?", loc.line, loc.col);
}

/* A C string literal of s. */
static char *quote(const char *s)
{
  StrBuf b = {0};
  sb_putc(&b, '"');
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      sb_putc(&b, '\\');
    if (*s == '\n')
      sb_puts(&b, "\\n");
    else
      sb_putc(&b, *s);
  }
  sb_putc(&b, '"');
  return sb_take(&b);
}

static char *directive_comment(const OmpDir *d)
{
  StrBuf b = {0};
  print_directive(&b, d);
  char *text = sb_take(&b);
  for (char *p = text; (p = strstr(p, "*/")); p++)
    p[1] = '.'; /* keep the comment closed where we close it */
  return xasprintf("/* %s (%s) */", text, where(d->loc));
}

/* A map, to or from clause with the iterator modifier (OpenMP 5.2 3.2.6,
 * 5.8.3, 5.9): the entries of its list items, whose texts use the
 * iterators.  Loops over the iterator values make them at the
 * construct, into the __ompicc_items __ompicc_items_N, which one entry
 * of the map array stands for (OMPICC_MAP_ITEMS); none is a kernel
 * parameter. */
typedef struct Iterated {
  OmpModifier *mod;
  Vec entries; /* MapEntry* */
  char *clause; /* as written, for messages */
} Iterated;

static char *entry_init(const MapEntry *m)
{
  return xasprintf("{(void *)(%s), (void *)(%s), (unsigned long)(%s), 0x%x, %s}", m->base,
                   m->begin, m->size, m->flags, quote(m->name));
}

/* Does e name the variable name other than as the iterator it?  (Its
 * own range is read where the iterator is not declared yet.) */
typedef struct OuterUse {
  const char *name;
  const Symbol *it;
  bool found;
} OuterUse;

static WalkAction outer_use(Expr **slot, void *user)
{
  OuterUse *u = user;
  const Expr *e = *slot;
  if (e->kind == E_IDENT && e->text == u->name && e->sym != u->it)
    u->found = true;
  return WALK_CONTINUE;
}

/* e's text as an operand: in parentheses unless it is a name or a
 * literal. */
static const char *operand(const Expr *e)
{
  const char *t = print_expr_str(e);
  return e->kind == E_IDENT || e->kind == E_INT || e->kind == E_PAREN ? t : xasprintf("(%s)", t);
}

/* for (T it = begin; it < end; it += step): the iterator's values in
 * order (3.2.6: begin + k * step while on this side of end).  A range
 * that names a variable the iterator hides reads it through a copy made
 * before the loop (prefix). */
static char *iterator_loop(const OmpIterator *it, const char *id, StrBuf *prefix)
{
  const char *type = "int";
  if (it->type) {
    StrBuf t = {0};
    print_type_name(&t, it->type);
    type = sb_take(&t);
    if (strpbrk(type, "(["))
      type = xasprintf("__typeof__(%s)", type);
  }
  const char *name = it->name;
  const char *range[3] = {print_expr_str(it->begin), operand(it->end),
                          it->step ? operand(it->step) : NULL};
  Expr *exprs[3] = {it->begin, it->end, it->step};
  for (int k = 0; k < 3; k++) {
    OuterUse u = {it->name, it->sym, false};
    if (exprs[k])
      walk_expr(&(Walker){.expr_pre = outer_use, .user = &u}, &exprs[k]);
    if (!u.found)
      continue;
    sb_printf(prefix, "__typeof__(%s) __ompicc_range_%s_%d = %s;\n  ", print_expr_str(exprs[k]), id,
              k, print_expr_str(exprs[k]));
    range[k] = xasprintf("__ompicc_range_%s_%d", id, k);
  }
  long long step = 1;
  bool known = !it->step || sema_const_int(it->step, &step);
  const char *cond = !known   ? xasprintf("%s > 0 ? %s < %s : %s > %s", range[2], name,
                                          range[1], name, range[1])
                     : step > 0 ? xasprintf("%s < %s", name, range[1])
                                : xasprintf("%s > %s", name, range[1]);
  const char *incr = !it->step ? xasprintf("%s++", name) : xasprintf("%s += %s", name, range[2]);
  return xasprintf("for (%s %s = %s; %s; %s)", type, name, range[0], cond, incr);
}

/* The statements that make the entries of each iterated clause. */
static char *iterated_items(Vec *iterated, const char *w)
{
  StrBuf b = {0};
  Iterated *g;
  VEC_EACH(Iterated *, g, *iterated) {
    StrBuf loops = {0}, prefix = {0};
    OmpIterator *it;
    VEC_EACH(OmpIterator *, it, g->mod->iterators)
      sb_printf(&loops, "%s\n  %*s", iterator_loop(it, xasprintf("%d_%d", g_i, it_i), &prefix),
                2 * (it_i + 1), "");
    sb_printf(&b, "__ompicc_items __ompicc_items_%d = {%s, 0, 0, 0};\n  %s%s", g_i, w,
              prefix.len ? prefix.s : "", loops.s);
    if (g->entries.len != 1)
      sb_puts(&b, "{");
    MapEntry *m;
    VEC_EACH(MapEntry *, m, g->entries)
      sb_printf(&b, "%s__ompicc_items_add(&__ompicc_items_%d, (__ompicc_map)%s);",
                g->entries.len != 1 ? " " : "", g_i, entry_init(m));
    sb_puts(&b, g->entries.len != 1 ? " }\n  " : "\n  ");
  }
  return sb_take(&b);
}

/* After the construct: the iterated clauses' entries go. */
static char *iterated_free(Vec *iterated)
{
  StrBuf b = {0};
  for (int i = 0; i < iterated->len; i++)
    sb_printf(&b, "%s__ompicc_items_free(&__ompicc_items_%d);", i ? " " : "", i);
  return sb_take(&b);
}

/* The construct's map array: its entries, then one for each iterated
 * clause, made before it (iterated_items). */
static char *map_array(Vec *maps, Vec *iterated, const char *var, const char *w)
{
  int n = maps->len + iterated->len;
  if (!n)
    return xasprintf("__ompicc_map *%s = 0;", var);
  StrBuf b = {0};
  sb_puts(&b, iterated_items(iterated, w));
  sb_printf(&b, "__ompicc_map %s[%d] = {", var, n);
  MapEntry *m;
  VEC_EACH(MapEntry *, m, *maps)
    sb_printf(&b, "\n    %s,", entry_init(m));
  Iterated *g;
  VEC_EACH(Iterated *, g, *iterated)
    sb_printf(&b, "\n    {(void *)&__ompicc_items_%d, 0, 0, 0x%x /* OMPICC_MAP_ITEMS */, %s},", g_i,
              OMPICC_MAP_ITEMS, quote(g->clause));
  sb_puts(&b, "\n  };");
  return sb_take(&b);
}

static const char *clause_expr(const OmpDir *d, OmpClauseKind k, const char *absent)
{
  OmpClause *c = d ? omp_find_clause(d, k) : NULL;
  return c && c->expr ? xasprintf("(%s)", print_expr_str(c->expr)) : absent;
}

/* if(c) or if(target: c) / if(target data: c) ... applies to the target part. */
static const char *if_expr(const OmpDir *d)
{
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses)
    if (c->kind == OMPC_IF && (c->dir_name == OMPD_NONE || c->dir_name == d->kind ||
                               c->dir_name == OMPD_TARGET))
      return print_expr_str(c->expr);
  return NULL;
}

/* ---------------------------------------------------------------- fallback */

/* The leaves the host fallback keeps of a construct's leaves (without
 * target): teams and distribute go, since the host compiler accepts
 * teams only outside every other construct (and a nowait region is a
 * task); the iterations they shared out are shared by a parallel for
 * instead (any distribution of independent iterations is correct), and
 * teams loop becomes parallel loop. */
static unsigned host_leaves(unsigned l)
{
  if (!(l & (OMP_LEAF_TEAMS | OMP_LEAF_DISTRIBUTE)))
    return l;
  unsigned h = l & ~(OMP_LEAF_TEAMS | OMP_LEAF_DISTRIBUTE);
  if (l & OMP_LEAF_LOOP)
    return h | OMP_LEAF_PARALLEL;
  if (l & OMP_LEAF_DISTRIBUTE)
    h |= OMP_LEAF_PARALLEL | OMP_LEAF_FOR;
  return h;
}

/* A dropped target's or teams construct's thread_limit still bounds the
 * threads of a parallel region of the host fallback (OpenMP 5.2 10.2,
 * 10.1.1): num_threads(__ompicc_min_positive(nt, limit)), nt the
 * nthreads-var of the moment when absent (__ompicc_host_nthreads()). */
static void host_thread_limit(OmpDir *h, Expr *limit)
{
  OmpClause *nt = omp_find_clause(h, OMPC_NUM_THREADS);
  if (!limit || !(h->leaves & OMP_LEAF_PARALLEL))
    return;
  OmpClause *c = xcalloc(1, sizeof *c);
  c->kind = OMPC_NUM_THREADS, c->loc = limit->loc, c->has_parens = true;
  Vec args = {0};
  vec_push(&args, nt ? nt->expr
                     : mk_call(limit->loc, mk_ident(limit->loc, "__ompicc_host_nthreads"),
                               (Vec){0}));
  vec_push(&args, limit);
  c->expr = mk_call(limit->loc, mk_ident(limit->loc, "__ompicc_min_positive"), args);
  OmpClause *o;
  Vec kept = {0};
  VEC_EACH(OmpClause *, o, h->clauses)
    if (o != nt)
      vec_push(&kept, o);
  vec_push(&kept, c);
  h->clauses = kept;
}

/* A distribute the host shares among threads (host_leaves) whose teams
 * asked for num_teams(n): the iterations of one team run in order, so
 * the threads share them only when n > 1 (if(parallel: (n) > 1), with
 * any if clause of the construct's). */
static void host_team_count(OmpDir *h, const OmpDir *d)
{
  OmpClause *nt = omp_find_clause(d, OMPC_NUM_TEAMS);
  if (!nt || !nt->expr)
    return;
  Loc at = nt->loc;
  Expr *more = mk_binary(at, OP_GT, mk_paren(at, nt->expr), mk_int(at, "1"));
  OmpClause *c;
  VEC_EACH(OmpClause *, c, h->clauses)
    if (c->kind == OMPC_IF) {
      OmpClause *both = xmalloc(sizeof *both);
      *both = *c;
      both->expr = mk_binary(at, OP_LOGAND, mk_paren(at, c->expr), more);
      h->clauses.items[c_i] = both;
      return;
    }
  c = xcalloc(1, sizeof *c);
  c->kind = OMPC_IF, c->loc = at, c->has_parens = true, c->expr = more;
  vec_push(&h->clauses, c);
}

/* The directive that does what leaves say on the host, with the clauses
 * of d that it allows; NULL when nothing remains (a plain target).  An
 * if clause for one leaf stays when that leaf does (if(parallel: c) on
 * parallel for). */
static OmpDir *host_directive_of(const OmpDir *d, unsigned rest)
{
  bool shared_distribute = (rest & OMP_LEAF_DISTRIBUTE) && !(rest & OMP_LEAF_PARALLEL);
  bool teams_dropped = rest & OMP_LEAF_TEAMS;
  rest = host_leaves(rest);
  OmpDirKind k = omp_dir_of_leaves(rest);
  if (k == OMPD_NONE)
    return NULL;
  OmpDir *h = xcalloc(1, sizeof *h);
  *h = *d;
  h->kind = k, h->leaves = rest, h->clauses = (Vec){0};
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses)
    if (omp_clause_allowed(k, c->kind) && c->kind != OMPC_NOWAIT &&
        !(c->kind == OMPC_IF && c->dir_name != OMPD_NONE && !(omp_dir_leaves(c->dir_name) & rest)) &&
        !(c->kind == OMPC_BIND && teams_dropped)) /* the loop binds to its new parallel */
      vec_push(&h->clauses, c);
  OmpClause *tl = omp_find_clause(d, OMPC_THREAD_LIMIT);
  host_thread_limit(h, tl ? tl->expr : NULL);
  if (shared_distribute && (rest & OMP_LEAF_PARALLEL))
    host_team_count(h, d);
  return h;
}

static OmpDir *host_directive(const OmpDir *d)
{
  return host_directive_of(d, omp_dir_leaves(d->kind) & ~OMP_LEAF_TARGET);
}

/* The walk over a fallback's body.  A teams region there is run by one
 * team (OpenMP 5.0 2.7: the implementation may give fewer teams than
 * asked), whose initial thread owns the variables declared in the region
 * outside its distribute loops. */
typedef struct HostWalk {
  bool in_teams;    /* in a dropped teams region, outside nested parallels */
  Expr *limit;      /* the thread_limit of the target or of a dropped teams
                       (its value, or a local holding it), or NULL */
  Vec team_locals;  /* Symbol*: variables declared at that teams level */
  Vec scopes;       /* HostScope*: constructs that changed in_teams */
} HostWalk;

typedef struct HostScope {
  Stmt *stmt; /* the node the walk's post callback will see */
  bool in_teams;
  Expr *limit;
} HostScope;

static WalkAction team_local_decl(Decl *d, void *user)
{
  HostWalk *hw = user;
  InitDecl *id;
  if (hw->in_teams && d->kind == D_VAR)
    VEC_EACH(InitDecl *, id, d->decls)
      if (id->sym && id->sym->kind == SYM_VAR)
        vec_push(&hw->team_locals, id->sym);
  return WALK_CONTINUE;
}

typedef struct TeamUse {
  Vec shared;  /* Symbol*: the team's variables the loop would share */
  bool found;
} TeamUse;

static WalkAction find_team_use(Expr **slot, void *user)
{
  TeamUse *u = user;
  if ((*slot)->kind == E_IDENT && vec_has(&u->shared, (*slot)->sym)) {
    u->found = true;
    return WALK_STOP;
  }
  return WALK_CONTINUE;
}

/* Whether the body of a distribute construct d uses a variable of its
 * team that none of d's private, firstprivate or lastprivate clauses
 * gives each thread a copy of. */
static bool uses_team_locals(HostWalk *hw, const OmpDir *d, Stmt *body)
{
  TeamUse u = {0};
  Symbol *sym;
  VEC_EACH(Symbol *, sym, hw->team_locals) {
    bool priv = false;
    OmpClause *c;
    Expr *e;
    VEC_EACH(OmpClause *, c, d->clauses)
      if (c->kind == OMPC_PRIVATE || c->kind == OMPC_FIRSTPRIVATE || c->kind == OMPC_LASTPRIVATE)
        VEC_EACH(Expr *, e, c->items)
          priv |= e->kind == E_IDENT && e->sym == sym;
    if (!priv)
      vec_push(&u.shared, sym);
  }
  if (u.shared.len)
    walk_stmt(&(Walker){.expr_pre = find_team_use, .user = &u}, &body);
  return u.found;
}

/* The host directive of a distribute (the parallel loop of host_leaves)
 * run by one thread: num_threads(1) keeps its clauses (private, collapse,
 * lastprivate) while the team's initial thread runs every iteration with
 * the team's variables; parallel regions inside stay the first active
 * level, so they still get their threads. */
static void one_thread(OmpDir *h, Loc loc)
{
  OmpClause *c = xcalloc(1, sizeof *c);
  c->kind = OMPC_NUM_THREADS, c->loc = loc, c->expr = mk_int(loc, "1"), c->has_parens = true;
  vec_push(&h->clauses, c);
}

/* A construct's body in place of the construct: in a block when it is a
 * construct itself (teams, then distribute on the next line), since the
 * walk calls host_nested on the statements inside what it puts in the
 * slot, not on that node. */
static Stmt *in_block(Stmt *body)
{
  if (body->kind != S_OMP)
    return body;
  Vec items = {0};
  vec_push(&items, body);
  return block(body->loc, items);
}

/* A target construct with device(ancestor: 1) (OpenMP 5.2 13.2): its
 * region runs on the parent device of the enclosing target region. */
static bool reverse_offload(const OmpDir *d)
{
  OmpClause *c = (omp_dir_leaves(d->kind) & OMP_LEAF_TARGET) ? omp_find_clause(d, OMPC_DEVICE) : NULL;
  return c && c->word == OMPW_ANCESTOR;
}

/* teams and distribute constructs nested in the fallback (target {
 * teams distribute ... }, target teams { distribute ... }) get the same
 * treatment; a new directive replaces the old, which the kernel writer
 * and the region's clause lookups still use.  A distribute whose
 * iterations use their team's variables runs on one thread: shared out
 * among host threads, those variables would be shared by all of them
 * where each team has its own. */
static WalkAction host_nested(Stmt **slot, void *user)
{
  HostWalk *hw = user;
  Stmt *s = *slot;
  if (s->kind != S_OMP || !s->body)
    return WALK_CONTINUE;
  unsigned l = omp_dir_leaves(s->omp->kind);
  if (reverse_offload(s->omp)) { /* the fallback's parent device is the host */
    *slot = in_block(s->body);
    return WALK_CONTINUE;
  }
  bool distribute = hw->in_teams && (l == OMP_LEAF_DISTRIBUTE ||
                                     l == (OMP_LEAF_DISTRIBUTE | OMP_LEAF_SIMD));
  if (hw->in_teams && l == OMP_LEAF_LOOP)
    l |= OMP_LEAF_TEAMS; /* the loop of a dropped teams: parallel loop */
  bool serial = distribute && uses_team_locals(hw, s->omp, s->body);
  if (l & (OMP_LEAF_TEAMS | OMP_LEAF_DISTRIBUTE)) {
    OmpDir *h = host_directive_of(s->omp, l);
    *slot = h ? mk_stmt(S_OMP, s->loc) : in_block(s->body);
    if (h)
      (*slot)->omp = h, (*slot)->body = s->body;
    if (h && serial)
      one_thread(h, s->loc);
  }
  if ((*slot)->kind == S_OMP && (l & OMP_LEAF_PARALLEL) && !(l & OMP_LEAF_TEAMS))
    host_thread_limit((*slot)->omp, hw->limit);
  if (l & (OMP_LEAF_PARALLEL | OMP_LEAF_TEAMS)) { /* loops inside bind to this one */
    HostScope *sc = xcalloc(1, sizeof *sc);
    sc->stmt = *slot, sc->in_teams = hw->in_teams, sc->limit = hw->limit;
    vec_push(&hw->scopes, sc);
    hw->in_teams = (l & OMP_LEAF_TEAMS) && !(l & (OMP_LEAF_PARALLEL | OMP_LEAF_DISTRIBUTE));
    OmpClause *tl = omp_find_clause(s->omp, OMPC_THREAD_LIMIT);
    if ((l & OMP_LEAF_TEAMS) && tl)
      hw->limit = tl->expr;
  }
  return WALK_CONTINUE;
}

/* omp_get_thread_limit() in the fallback of a construct with a
 * thread_limit: the host's thread-limit-var knows nothing of the clause,
 * whose value is the region's limit (OpenMP 5.2 18.2.13). */
static WalkAction host_limit_call(Expr **slot, void *user)
{
  HostWalk *hw = user;
  Expr *e = *slot;
  if (!hw->limit || e->kind != E_CALL || !e->a || e->a->kind != E_IDENT || e->args.len ||
      strcmp(e->a->text, "omp_get_thread_limit"))
    return WALK_CONTINUE;
  Vec args = {0};
  vec_push(&args, e);
  vec_push(&args, hw->limit);
  *slot = mk_call(e->loc, mk_ident(e->loc, "__ompicc_min_positive"), args);
  return WALK_SKIP;
}

static void host_nested_end(Stmt **slot, void *user)
{
  HostWalk *hw = user;
  HostScope *sc = hw->scopes.len ? hw->scopes.items[hw->scopes.len - 1] : NULL;
  if (sc && sc->stmt == *slot) {
    hw->in_teams = sc->in_teams;
    hw->limit = sc->limit;
    hw->scopes.len--;
  }
}

/* Firstprivate copies: the region sees its own copy of each scalar it
 * received by value, as the kernel does. */
static void firstprivate_copies(Region *r, Vec *outer, Vec *inner_out, bool keep_clauses)
{
  Vec copies = {0}, *inner = &copies;
  MapEntry *m;
  VEC_EACH(MapEntry *, m, r->maps) {
    bool by_value = m->cap == CAP_LITERAL || (m->flags & OMPICC_MAP_PRIVATE);
    if (!by_value || (keep_clauses && !(m->flags & OMPICC_MAP_IMPLICIT)))
      continue;
    const char *v = m->sym->name;
    if (m->sym->ty && type_is_array(m->sym->ty)) { /* arrays: copied, not assigned */
      vec_push(outer, text_stmt(r->loc, xasprintf(
          "__typeof__(%s) __ompicc_fp_%s; __builtin_memcpy(__ompicc_fp_%s, %s, sizeof %s);",
          v, v, v, v, v)));
      vec_push(inner, text_stmt(r->loc, xasprintf(
          "__typeof__(__ompicc_fp_%s) %s; __builtin_memcpy(%s, __ompicc_fp_%s, sizeof %s);",
          v, v, v, v, v)));
      continue;
    }
    vec_push(outer, text_stmt(r->loc, xasprintf("__typeof__(%s) __ompicc_fp_%s = %s;", v, v, v)));
    vec_push(inner, text_stmt(r->loc, xasprintf("__typeof__(__ompicc_fp_%s) %s = __ompicc_fp_%s;",
                                                  v, v, v)));
  }
  Symbol *s;
  if (!keep_clauses)
    VEC_EACH(Symbol *, s, r->privates)
      vec_push(inner, text_stmt(r->loc, xasprintf("__typeof__(%s) %s;", s->name, s->name)));
  push_unshadowed(inner_out, r->loc, &copies);
}

/* Constructs of a target region that bind to the team executing it
 * (OpenMP 5.2 11.5: worksharing, masked, barrier; 18.2: the thread and
 * team numbers): on the device that team is the region's one initial
 * thread.  The host fallback runs where the target construct is met,
 * perhaps by a thread of a host parallel region, whose team they would
 * bind to instead (a for sharing its iterations with the other threads'
 * regions, a single run by one of them); a team of one thread is put
 * around them (one_thread_team).  Parallel and teams constructs inside
 * bring their own binding region. */
static WalkAction binds_to_team(Stmt **slot, void *user)
{
  Stmt *s = *slot;
  if (s->kind != S_OMP)
    return WALK_CONTINUE;
  unsigned l = omp_dir_leaves(s->omp->kind);
  if (l & (OMP_LEAF_PARALLEL | OMP_LEAF_TEAMS))
    return WALK_SKIP;
  OmpClause *bind = l == OMP_LEAF_LOOP ? omp_find_clause(s->omp, OMPC_BIND) : NULL;
  if ((l & (OMP_LEAF_FOR | OMP_LEAF_SECTIONS | OMP_LEAF_SINGLE | OMP_LEAF_MASTER |
            OMP_LEAF_MASKED)) ||
      s->omp->kind == OMPD_BARRIER || s->omp->kind == OMPD_SCOPE ||
      (bind && bind->word == OMPW_PARALLEL)) {
    *(bool *)user = true;
    return WALK_STOP;
  }
  return WALK_CONTINUE;
}

static WalkAction asks_team(Expr **slot, void *user)
{
  Expr *e = *slot;
  if (e->kind == E_CALL && e->a && e->a->kind == E_IDENT &&
      (!strcmp(e->a->text, "omp_get_thread_num") || !strcmp(e->a->text, "omp_get_num_threads"))) {
    *(bool *)user = true;
    return WALK_STOP;
  }
  return WALK_CONTINUE;
}

/* body in a parallel region of one thread, when it has constructs that
 * bind to the region's team (binds_to_team).  The variables declared
 * outside it, the region's private copies among them, are shared in it,
 * as the reduction of such a worksharing construct requires (5.5.8). */
static Stmt *one_thread_team(Stmt *body, Loc loc)
{
  bool found = false;
  Stmt *b = body;
  walk_stmt(&(Walker){.stmt_pre = binds_to_team, .expr_pre = asks_team, .user = &found}, &b);
  if (!found)
    return body;
  OmpDir *d = xcalloc(1, sizeof *d);
  d->kind = OMPD_PARALLEL, d->loc = loc, d->leaves = OMP_LEAF_PARALLEL;
  one_thread(d, loc);
  Stmt *s = mk_stmt(S_OMP, loc);
  s->omp = d, s->body = body;
  return s;
}

static Stmt *fallback(Region *r)
{
  OmpDir *h = host_directive(r->dir);
  Stmt *body = r->stmt->body;
  unsigned leaves = omp_dir_leaves(r->dir->kind);
  OmpClause *tl = omp_find_clause(r->dir, OMPC_THREAD_LIMIT);
  HostWalk hw = {.in_teams = (leaves & OMP_LEAF_TEAMS) && !(leaves & OMP_LEAF_LOOP),
                 .limit = tl ? mk_ident(tl->loc, "__ompicc_tl") : NULL};
  walk_stmt(&(Walker){.stmt_pre = host_nested, .stmt_post = host_nested_end,
                      .decl_pre = team_local_decl, .expr_pre = host_limit_call, .user = &hw},
            &body);
  if (h) {
    Stmt *s = mk_stmt(S_OMP, r->stmt->loc);
    s->omp = h, s->body = body;
    body = s;
  } else
    body = one_thread_team(body, r->stmt->loc);
  Vec outer = {0}, inner = {0};
  firstprivate_copies(r, &outer, &inner, h != NULL);
  if (tl) /* evaluated once, at the construct (its side effects too, when
             the region never reads it: (void), for -Wunused-variable) */
    vec_push(&outer, text_stmt(tl->loc, xasprintf("const long __ompicc_tl = (%s); (void)__ompicc_tl;",
                                                  print_expr_str(tl->expr))));
  if (!outer.len && !inner.len)
    return body;
  vec_push(&inner, body);
  vec_push(&outer, block(r->loc, inner));
  return block(r->loc, outer);
}

/* ---------------------------------------------------------------- target */

/* The collapsed iterations of an SPMD loop, for the grid; -1 (fill the
 * device) for a non-rectangular nest, whose count only a walk over its
 * outer loops gives: the kernel makes it (codegen-cuda/nest.c). */
static const char *trip_count(Region *r)
{
  if (!r->loops.len || !offload_nest_rectangular(&r->loops))
    return "-1";
  StrBuf b = {0};
  OmpLoop *l;
  VEC_EACH(OmpLoop *, l, r->loops)
    sb_printf(&b, "%s%s", b.len ? " * " : "", offload_trip(l));
  return sb_take(&b);
}

/* The extents of a nest on a grid of dims dimensions (offload_grid_dims),
 * for __ompicc_target_nest: "2, (const long long[]){n0, n1}". */
static const char *nest_extents(Region *r, int dims)
{
  StrBuf b = {0};
  sb_printf(&b, "%d, (const long long[]){", dims);
  OmpLoop *l;
  VEC_EACH(OmpLoop *, l, r->loops)
    sb_printf(&b, "%s%s", l_i ? ", " : "", offload_trip(l));
  sb_puts(&b, "}");
  return sb_take(&b);
}

static const char *find_in_dirs(Region *r, OmpClauseKind k, const char *absent)
{
  const char *v = clause_expr(r->dir, k, NULL);
  if (!v && r->loop_dir != r->dir)
    v = clause_expr(r->loop_dir, k, NULL);
  if (!v && r->teams_dir && r->teams_dir != r->dir && r->teams_dir != r->loop_dir)
    v = clause_expr(r->teams_dir, k, NULL);
  return v ? v : absent;
}

/* if(parallel: c) of the region's directives, or NULL. */
static const char *parallel_if(Region *r)
{
  OmpDir *dirs[] = {r->dir, r->loop_dir};
  for (int i = 0; i < 2; i++) {
    OmpClause *c;
    if (dirs[i])
      VEC_EACH(OmpClause *, c, dirs[i]->clauses)
        if (c->kind == OMPC_IF && c->dir_name == OMPD_PARALLEL)
          return xasprintf("(%s)", print_expr_str(c->expr));
  }
  return NULL;
}

/* The threads of each team of an SPMD kernel: its thread_limit, no more
 * than the parallel's num_threads asks for, one when if(parallel: c) is
 * false (OpenMP 5.2 10.1.1, 10.2). */
static const char *spmd_threads(Region *r)
{
  const char *limit = find_in_dirs(r, OMPC_THREAD_LIMIT, NULL);
  const char *nt = find_in_dirs(r, OMPC_NUM_THREADS, NULL);
  const char *n = nt && limit ? xasprintf("__ompicc_min_positive(%s, %s)", nt, limit)
                  : nt        ? nt
                  : limit     ? limit
                              : "0";
  if (r->safelen) /* target simd safelen(n): n threads (kernels.c simd_rounds) */
    n = xasprintf("(%s)", print_expr_str(r->safelen));
  const char *pif = parallel_if(r);
  return pif ? xasprintf("%s ? %s : 1", pif, n) : n;
}

static char *target_call(Offload *o UNUSED, Region *r, int nmaps)
{
  const char *teams = find_in_dirs(r, OMPC_NUM_TEAMS, "0");
  const char *limit = find_in_dirs(r, OMPC_THREAD_LIMIT, "0");
  if (r->shape == SPMD_GRID || r->shape == SPMD_BLOCK)
    limit = spmd_threads(r);
  if (r->shape == SPMD_BLOCK)
    teams = "1";
  if (r->shape == SPMD_NONE && !r->generic)
    teams = "1", limit = "1";
  if (r->shape == SPMD_REGION && !r->teams_dir)
    teams = "1"; /* target over parallel loops: one team */
  unsigned leaves = omp_leaves(r->dir);
  if (r->shape == SPMD_REGION && (leaves & OMP_LEAF_PARALLEL))
    limit = spmd_threads(r); /* target parallel: a block of num_threads */
  if (r->generic && !(leaves & OMP_LEAF_TEAMS) && !r->teams_dir && !strcmp(teams, "0"))
    teams = "1"; /* generic: one team unless teams asks for more */
  const char *cond = if_expr(r->dir);
  int grid = offload_grid_dims(r);
  return xasprintf("%s%s__ompicc_target%s(&__ompicc_region_%d, %s, %d, __ompicc_m, %s, %s, %s) != 0",
                   cond ? xasprintf("!(%s) || ", cond) : "", "", grid ? "_nest" : "", r->index,
                   clause_expr(r->dir, OMPC_DEVICE, DEVICE_DEFAULT), nmaps, teams, limit,
                   grid ? nest_extents(r, grid) : trip_count(r));
}

/* The variables whose values a deferred target task uses, captured when
 * the construct is met (OpenMP 5.2 13.8: the target task's data
 * environment is made at the construct): those the region takes by value
 * (firstprivate scalars and arrays), the pointers that map items and
 * lookups go through (map(a[0:n]) with a pointer a) and the bounds of
 * the items (n), and those of the device, if, num_teams and thread_limit
 * clauses.  firstprivate(...) of
 * the host task, or NULL; the mapped objects themselves stay shared. */
static WalkAction capture_ident(Expr **slot, void *user)
{
  Expr *e = *slot;
  if (e->kind == E_IDENT && e->sym && (e->sym->kind == SYM_VAR || e->sym->kind == SYM_PARAM) &&
      e->sym->depth > 0 && e->sym->storage != ST_STATIC_LOCAL && e->sym->ty &&
      (type_is_arith(e->sym->ty) || type_is_pointer(e->sym->ty)) && !vec_has(user, e->sym))
    vec_push(user, e->sym);
  return WALK_CONTINUE;
}

static OmpClause *task_captures(Region *r)
{
  Vec syms = {0}, iters = {0};
  MapEntry *m;
  VEC_EACH(MapEntry *, m, r->maps) {
    Type *t = m->sym->ty;
    bool private_vla = m->flags & OMPICC_MAP_PRIVATE;
    bool by_value = (m->cap == CAP_LITERAL && !(m->flags & OMPICC_MAP_ARG)) || private_vla;
    if (!t || m->sym->depth == 0 || m->sym->storage == ST_STATIC_LOCAL ||
        (type_is_vla(t) && !private_vla) || vec_has(&syms, m->sym))
      continue;
    if (by_value || type_is_pointer(t))
      vec_push(&syms, m->sym);
  }
  static const OmpClauseKind evaluated[] = {OMPC_DEVICE, OMPC_IF, OMPC_NUM_TEAMS,
                                            OMPC_THREAD_LIMIT};
  OmpClause *c;
  Expr *item;
  Walker w = {.expr_pre = capture_ident, .user = &syms};
  VEC_EACH(OmpClause *, c, r->dir->clauses) {
    for (size_t i = 0; i < sizeof evaluated / sizeof *evaluated; i++)
      if (c->kind == evaluated[i] && c->expr)
        walk_expr(&w, &c->expr);
    if (c->kind != OMPC_MAP && c->kind != OMPC_TO && c->kind != OMPC_FROM)
      continue;
    /* the iterators' ranges; the iterators are the clause's own */
    OmpModifier *im = omp_clause_iterator(c);
    OmpIterator *it;
    if (im)
      VEC_EACH(OmpIterator *, it, im->iterators) {
        walk_expr(&w, &it->begin);
        walk_expr(&w, &it->end);
        walk_expr(&w, &it->step);
        vec_push(&iters, it->sym);
      }
    /* a map item's bounds and the pointer it goes through, not the object */
    VEC_EACH(Expr *, item, c->items) {
      Symbol *base = sema_base_symbol(item);
      bool keep = base && !vec_has(&syms, base) && !(base->ty && type_is_pointer(base->ty));
      walk_expr(&w, &item);
      if (keep)
        for (int i = 0; i < syms.len; i++)
          if (syms.items[i] == base)
            syms.items[i] = syms.items[--syms.len];
    }
  }
  for (int i = 0; i < syms.len; i++)
    if (vec_has(&iters, syms.items[i]))
      syms.items[i--] = syms.items[--syms.len];
  if (!syms.len)
    return NULL;
  OmpClause *fp = xcalloc(1, sizeof *fp);
  fp->kind = OMPC_FIRSTPRIVATE, fp->loc = r->dir->loc, fp->has_parens = true;
  Symbol *sym;
  VEC_EACH(Symbol *, sym, syms) {
    Expr *e = mk_ident(r->dir->loc, sym->name);
    e->sym = sym;
    vec_push(&fp->items, e);
  }
  return fp;
}

/* The target task of a construct (OpenMP 5.2 13.8, 13.6-13.9): with
 * nowait, a host task around the block (D1), deferred, with the
 * construct's depend and in_reduction clauses; with depend or
 * in_reduction and no nowait, the same task undeferred (if(0)): the
 * encountering thread runs it at once, but only once the tasks it depends
 * on are done (15.9.5), and the region maps the task's copy of an
 * in_reduction item, which the task reduction combines (5.5.11).
 * Neither: the block. */
static Stmt *as_task(Region *r, Stmt *blk)
{
  bool nowait = omp_find_clause(r->dir, OMPC_NOWAIT);
  if (!nowait && !omp_find_clause(r->dir, OMPC_DEPEND) &&
      !omp_find_clause(r->dir, OMPC_IN_REDUCTION))
    return blk;
  OmpDir *t = xcalloc(1, sizeof *t);
  t->kind = OMPD_TASK, t->loc = r->dir->loc;
  OmpClause *c;
  VEC_EACH(OmpClause *, c, r->dir->clauses)
    if (c->kind == OMPC_DEPEND || c->kind == OMPC_IN_REDUCTION)
      vec_push(&t->clauses, c);
  if (!nowait) {
    OmpClause *undeferred = xcalloc(1, sizeof *undeferred);
    undeferred->kind = OMPC_IF, undeferred->loc = r->dir->loc, undeferred->has_parens = true;
    undeferred->expr = mk_int(r->dir->loc, "0");
    vec_push(&t->clauses, undeferred);
  }
  OmpClause *shared = xcalloc(1, sizeof *shared);
  shared->kind = OMPC_DEFAULT, shared->word = OMPW_SHARED, shared->loc = r->dir->loc;
  shared->has_parens = true;
  vec_push(&t->clauses, shared); /* the maps refer to the variables themselves */
  OmpClause *captured = task_captures(r);
  if (captured)
    vec_push(&t->clauses, captured);
  Stmt *s = mk_stmt(S_OMP, r->stmt->loc);
  s->omp = t, s->body = blk;
  return s;
}

/* A struct copied back from the device would bring back the device
 * addresses the runtime attached to its pointer members (s.p[0:n]): the
 * host pointers are saved before the region and restored after it. */
static void attach_saves(Region *r, Vec *before, Vec *after)
{
  MapEntry *m;
  VEC_EACH(MapEntry *, m, r->maps) {
    if (!(m->flags & OMPICC_MAP_ATTACH) || m->slot)
      continue;
    int k = m_i;
    vec_push(before, text_stmt(r->loc, xasprintf("void *__ompicc_att_%d = *(void **)(%s);", k,
                                                  m->base)));
    vec_push(after, text_stmt(r->loc, xasprintf("*(void **)(%s) = __ompicc_att_%d;", m->base, k)));
  }
}

/* The hints member, named (the host file is not preprocessed again, so
 * the flag is a number with its name beside it); none: 0, named too, so
 * that -Wextra finds every member initialised. */
static const char *hints_init(unsigned hints)
{
  if (!hints)
    return ", .hints = 0";
  static const char *const names[] = {"OMPICC_REGION_UNCOALESCED", "OMPICC_REGION_TEAMS",
                                      "OMPICC_REGION_WIDE", "OMPICC_REGION_TEAM_LOOPS",
                                      "OMPICC_REGION_GRID", "OMPICC_REGION_ONCE"};
  StrBuf b = {0};
  sb_printf(&b, ", .hints = %u /* ", hints);
  for (unsigned i = 0, n = 0; i < sizeof names / sizeof *names; i++)
    if (hints & 1u << i)
      sb_printf(&b, "%s%s", n++ ? " | " : "", names[i]);
  sb_puts(&b, " */");
  return sb_take(&b);
}

/* The region's descriptor, which the runtime keeps its kernel handle in:
 * a static variable of the block that launches the region, so that it is
 * predetermined shared in any construct around it (OpenMP 5.2 5.1.1) and
 * needs no place in an enclosing default(none) or default(private).  It
 * reaches the unit through a function (unit_of), which, unlike the
 * unit's variable, needs no data-sharing attribute there either. */
static char *region_descriptor(Region *r)
{
  return xasprintf("static __ompicc_region __ompicc_region_%d = {\"%s\", %s, 0, %d, "
                   "%d, 0%s%s, .unit_of = __ompicc_this_unit_of};",
                   r->index, r->kernel, quote(where(r->loc)), r->generic ? 2 : r->shape != SPMD_NONE,
                   !r->generic && !r->team_loops.len &&
                           (r->shape == SPMD_TEAMS || r->shape == SPMD_NONE) ? 1 : 0,
                   hints_init(r->hints | (offload_two_widths(r) ? OMPICC_REGION_WIDE : 0) |
                              (r->team_loops.len ? OMPICC_REGION_TEAM_LOOPS : 0) |
                              (offload_grid_dims(r) ? OMPICC_REGION_GRID : 0) |
                              (offload_once_kernel(r) ? OMPICC_REGION_ONCE : 0)),
                   r->readonly ? xasprintf(", .readonly = 0x%llxull", r->readonly) : "");
}

static Vec region_iterated(Region *r);

static void lower_region(Offload *o, Region *r, Stmt **slot)
{
  if (reverse_offload(r->dir)) { /* met on the host: the host is the parent device */
    *slot = fallback(r);
    return;
  }
  Vec items = {0}, restore = {0};
  Vec iterated = region_iterated(r);
  Vec decls = {0};
  vec_push(&decls, text_stmt(r->loc, xasprintf("%s\n  %s\n  %s", directive_comment(r->dir),
                                               region_descriptor(r),
                                               map_array(&r->maps, &iterated, "__ompicc_m",
                                                         quote(where(r->loc))))));
  push_unshadowed(&items, r->loc, &decls);
  attach_saves(r, &items, &restore);
  Expr *cond = mk_ident(r->loc, intern(target_call(o, r, r->maps.len + iterated.len)));
  vec_push(&items, mk_if(r->loc, cond, fallback(r), restore.len ? block(r->loc, restore) : NULL));
  if (iterated.len)
    vec_push(&items, text_stmt(r->loc, iterated_free(&iterated)));
  *slot = as_task(r, block(r->loc, items));
}

/* ---------------------------------------------------------------- data constructs */

/* A map clause's flags; a motion clause (to, from of target update)
 * moves one way, with its modifiers (present). */
static unsigned data_flags(const OmpClause *c)
{
  const unsigned dir = OMPICC_MAP_TO | OMPICC_MAP_FROM;
  unsigned f = map_clause_flags(c);
  if (c->kind == OMPC_TO || c->kind == OMPC_FROM)
    f = (f & ~dir) | (c->kind == OMPC_TO ? OMPICC_MAP_TO : OMPICC_MAP_FROM);
  return f;
}

static Expr *outer_section(Expr *e)
{
  Expr *sec = NULL;
  for (; e && e->kind != E_IDENT; e = e->a)
    if (e->kind == E_SECTION)
      sec = e;
  return sec;
}

/* s.a, s.in.x, s.m[0:4], ps->a, arr[2].a: the structure object whose own
 * storage holds the list item, as the text of its address; NULL when the
 * item is no member, or lies behind a pointer member (s.p[0:n], s.p->x). */
static char *member_root(Expr *item)
{
  Expr *deepest = NULL;
  bool past_ptr = false; /* a pointer was followed above this node */
  for (Expr *e = item; e && e->kind != E_IDENT; e = e->a) {
    if (e->kind == E_MEMBER || e->kind == E_ARROW) {
      if (past_ptr)
        return NULL;
      deepest = e;
    } else if (e->kind != E_INDEX && e->kind != E_SECTION && e->kind != E_PAREN)
      return NULL;
    if (e->kind == E_ARROW ||
        ((e->kind == E_INDEX || e->kind == E_SECTION) && !(e->a->ty && type_is_array(e->a->ty))))
      past_ptr = true;
  }
  if (!deepest)
    return NULL;
  const char *obj = print_expr_str(deepest->a);
  return deepest->kind == E_ARROW ? xasprintf("(%s)", obj) : xasprintf("&(%s)", obj);
}

/* The text of lvalue e with each section replaced by a subscript of its
 * lower bound: the first element a section item covers. */
static char *lowest_text(Expr *e)
{
  switch (e->kind) {
  case E_SECTION:
    return xasprintf("%s[%s]", lowest_text(e->a), e->b ? print_expr_str(e->b) : "0");
  case E_INDEX:
    return xasprintf("%s[%s]", lowest_text(e->a), print_expr_str(e->b));
  case E_MEMBER:
    return xasprintf("%s.%s", lowest_text(e->a), e->text);
  case E_ARROW:
    return xasprintf("%s->%s", lowest_text(e->a), e->text);
  case E_PAREN:
    return xasprintf("(%s)", lowest_text(e->a));
  default:
    return xasprintf("(%s)", print_expr_str(e));
  }
}


/* A motion clause's item with a stride or sections in several dimensions
 * (OpenMP 5.2 5.8.3 and 5.9: a to or from item need not be contiguous):
 * the runtime copies exactly its elements (OMPICC_MAP_STRIDED), the
 * shape a compound literal that lives as long as the map array.  False
 * when the item is one contiguous range. */
static bool strided_entry(MapEntry *m, Expr *item)
{
  Vec secs = {0}; /* innermost first */
  bool strided = false;
  for (Expr *e = item; e && e->kind != E_IDENT; e = e->a)
    if (e->kind == E_SECTION) {
      vec_push(&secs, e);
      strided |= !map_unit_stride(e);
    }
  if (!strided && secs.len < 2)
    return false;
  StrBuf shape = {0}, span = {0}, empty = {0};
  char *es = xasprintf("sizeof(%s)", lowest_text(item));
  sb_printf(&shape, "(unsigned long[]){%d, %s", secs.len, es);
  sb_printf(&span, "%s", es);
  for (int k = secs.len - 1; k >= 0; k--) {
    Expr *sec = secs.items[k];
    const char *a = lowest_text(sec->a);
    const char *lo = sec->b ? print_expr_str(sec->b) : "0";
    char *count = sec->c ? xasprintf("(unsigned long)(%s)", print_expr_str(sec->c))
                         : xasprintf("(sizeof(%s) / sizeof(%s[0]) - (%s))", a, a, lo);
    char *stride = xasprintf("(unsigned long)(%s) * sizeof(%s[0])",
                             sec->d ? print_expr_str(sec->d) : "1", a);
    sb_printf(&shape, ", %s, %s", count, stride);
    sb_printf(&span, " + (%s - 1) * %s", count, stride);
    sb_printf(&empty, "%s%s == 0", empty.len ? " || " : "", count);
  }
  sb_puts(&shape, "}");
  m->base = sb_take(&shape);
  m->begin = xasprintf("&%s", lowest_text(item));
  m->size = xasprintf("(%s) ? 0 : %s", sb_take(&empty), sb_take(&span));
  m->flags |= OMPICC_MAP_STRIDED;
  return true;
}

/* One list item of a data construct: no kernel parameter.  attaches:
 * the construct enters data; motion: the item is a to or from item of
 * target update. */
static MapEntry *data_entry(Expr *item, unsigned flags, bool attaches, bool motion)
{
  Symbol *s = sema_base_symbol(item);
  if (!s)
    return NULL;
  if (s->ty && !type_is_complete(s->ty) && s->ty->kind != TY_ARRAY && !type_is_vla(s->ty)) {
    error(item->loc, "'%s' has incomplete type '%s' and cannot be mapped", s->name,
          type_str(s->ty));
    return NULL;
  }
  MapEntry *m = xcalloc(1, sizeof *m);
  m->sym = s, m->name = print_expr_str(item), m->flags = flags;
  Expr *sec = outer_section(item);
  if (sec && !sec->c && sec->a->ty && type_is_pointer(sec->a->ty)) {
    error(sec->loc, "array section of pointer '%s' needs a length", print_expr_str(sec->a));
    return NULL;
  }
  if (sec && !motion && !map_contiguous(item))
    return NULL;
  if (sec && motion && strided_entry(m, item))
    return m;
  char *root = member_root(item);
  if (!sec) {
    const char *v = print_expr_str(item);
    bool arr = item->ty && type_is_array(item->ty);
    m->base = xasprintf(arr ? "%s" : "&(%s)", v), m->begin = m->base;
    m->size = xasprintf("sizeof(%s)", v);
    if (root)
      m->base = root, m->flags |= OMPICC_MAP_MEMBER;
    return m;
  }
  const char *a = print_expr_str(sec->a);
  const char *lo = sec->b ? print_expr_str(sec->b) : "0";
  const char *len = sec->c ? print_expr_str(sec->c)
                           : xasprintf("sizeof(%s) / sizeof((%s)[0]) - (%s)", a, a, lo);
  /* a section of what a pointer points to (p[0:n], s.p[0:n], ap[1][0:n]):
   * the pointer's device copy, if it is present, is attached (OpenMP 5.2
   * 5.8.3) */
  Expr *ptr = expr_unparen(sec->a);
  bool member = ptr->kind == E_MEMBER || ptr->kind == E_ARROW;
  bool attach = sec->a->ty && type_is_pointer(sec->a->ty) &&
                (member || (attaches && (ptr->kind == E_IDENT || ptr->kind == E_INDEX)));
  m->base = attach ? xasprintf("&(%s)", a) : xasprintf("%s", a);
  m->begin = xasprintf("&(%s)[%s]", a, lo);
  m->size = xasprintf("(%s) * sizeof((%s)[0])", len, a);
  if (attach)
    m->flags |= OMPICC_MAP_ATTACH;
  else if (root)
    m->base = root, m->flags |= OMPICC_MAP_MEMBER;
  return m;
}

/* The translation unit being lowered: the declare mappers' home. */
static TransUnit *lowered_tu;

/* The entries of a data construct, and whether its list items attach
 * the pointers they hold. */
typedef struct DataList {
  Vec *v;
  bool attaches, motion;
} DataList;

/* The pointers a list item of variable sym holds: an attach entry each. */
typedef struct SlotList {
  Vec *v;
  Symbol *sym;
} SlotList;

static void slot_entry(const char *slot, void *user)
{
  SlotList *l = user;
  vec_push(l->v, offload_slot_entry(l->sym, slot));
}

/* The entry of a list item, and when it is a whole pointer or structure,
 * entries that attach the pointers it holds to their pointees where these
 * are present (a pointer mapped after its pointee). */
static void push_data_entry(Vec *v, Expr *item, unsigned flags, bool attaches, bool motion)
{
  MapEntry *m = data_entry(item, flags, attaches, motion);
  if (!m)
    return;
  vec_push(v, m);
  if (attaches && !outer_section(item) && item->ty) {
    SlotList l = {v, m->sym};
    map_pointer_slots(item->ty, print_expr_str(item), slot_entry, &l);
  }
}

/* A list item of a mapper (mapper.c), as if written in the clause. */
static void mapper_entry(Expr *item, unsigned flags, void *user)
{
  DataList *l = user;
  push_data_entry(l->v, item, flags, l->attaches, l->motion);
}

/* An array of structures with a mapper: the array, then the entry of
 * the function the runtime calls for the elements' items. */
static void mapper_elems(Expr *item, const char *fn, unsigned flags, void *user)
{
  DataList *l = user;
  MapEntry *a = data_entry(item, flags, l->attaches, l->motion);
  if (!a)
    return;
  vec_push(l->v, a);
  MapEntry *m = xcalloc(1, sizeof *m);
  *m = *a;
  m->base = xasprintf("&%s", fn), m->flags = OMPICC_MAP_ELEMS | flags;
  vec_push(l->v, m);
}

/* The entries of the list items of c, a map, to or from clause of d,
 * into v. */
static void clause_entries(OmpDir *d, OmpClause *c, Vec *v)
{
  /* entering data, or updating the device: pointers are attached */
  bool attaches = d->kind != OMPD_TARGET_EXIT_DATA &&
                  !(d->kind == OMPD_TARGET_UPDATE && c->kind == OMPC_FROM);
  bool motion = c->kind == OMPC_TO || c->kind == OMPC_FROM;
  unsigned f = data_flags(c);
  Expr *item;
  VEC_EACH(Expr *, item, c->items) {
    DataList l = {v, attaches, motion};
    if (!mapper_apply(lowered_tu, c, item, f, mapper_entry, mapper_elems, &l))
      push_data_entry(v, item, f, attaches, motion);
  }
}

static bool is_map_clause(const OmpClause *c)
{
  return c->kind == OMPC_MAP || c->kind == OMPC_TO || c->kind == OMPC_FROM;
}

/* The clauses of d with the iterator modifier, into iterated. */
static void iterated_clause(OmpDir *d, OmpClause *c, Vec *iterated)
{
  Iterated *g = xcalloc(1, sizeof *g);
  g->mod = omp_clause_iterator(c);
  clause_entries(d, c, &g->entries);
  StrBuf b = {0};
  Expr *item;
  VEC_EACH(Expr *, item, c->items)
    sb_printf(&b, "%s%s", item_i ? ", " : "", print_expr_str(item));
  g->clause = sb_take(&b);
  vec_push(iterated, g);
}

/* The entries of a data construct's clauses, and its iterated clauses. */
static Vec data_entries(OmpDir *d, Vec *iterated)
{
  Vec v = {0};
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses) {
    if (!is_map_clause(c))
      continue;
    if (omp_clause_iterator(c))
      iterated_clause(d, c, iterated);
    else
      clause_entries(d, c, &v);
  }
  return v;
}

/* A target construct's iterated map clauses (its other entries are the
 * region's, offload.c). */
static Vec region_iterated(Region *r)
{
  Vec iterated = {0};
  OmpClause *c;
  VEC_EACH(OmpClause *, c, r->dir->clauses)
    if (c->kind == OMPC_MAP && omp_clause_iterator(c))
      iterated_clause(r->dir, c, &iterated);
  return iterated;
}

/* Every use of s in body becomes text: C has no reference to shadow a
 * variable that is not an array with the device object. */
typedef struct Rename {
  Symbol *sym;
  const char *text;
} Rename;

static WalkAction rename_use(Expr **slot, void *user)
{
  Rename *r = user;
  Expr *e = *slot;
  if (e->kind != E_IDENT || !e->sym || !r->sym ||
      (e->sym != r->sym && !(e->sym->depth == 0 && r->sym->depth == 0 && e->sym->name == r->sym->name)))
    return WALK_CONTINUE;
  Expr *n = mk_expr(E_IDENT, e->loc);
  n->text = r->text;
  n->ty = e->ty;
  *slot = n;
  return WALK_SKIP;
}

static void rename_uses(Stmt **body, Symbol *s, const char *text)
{
  Rename r = {s, text};
  walk_stmt(&(Walker){.expr_pre = rename_use, .user = &r}, body);
}

/* use_device_ptr(p) / use_device_addr(a): a shadow of the same name
 * holding the device address, for the body (OpenMP 5.2 5.4.10, 5.4.11). */
static Stmt *device_addresses(OmpDir *d, Stmt *body, const char *w, const char *dev)
{
  Vec outer = {0}, inner = {0}, shadows = {0};
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses) {
    if (c->kind != OMPC_USE_DEVICE_PTR && c->kind != OMPC_USE_DEVICE_ADDR)
      continue;
    Expr *item;
    VEC_EACH(Expr *, item, c->items) {
      Symbol *s = sema_base_symbol(item);
      if (!s)
        continue;
      bool arr = s->ty && type_is_array(s->ty);
      const char *v = s->name;
      char *dv = offload_device_addr_name(v);
      Expr *sec = outer_section(item);
      bool of_var = sec && expr_unparen(sec->a)->kind == E_IDENT &&
                    (arr || (s->ty && type_is_pointer(s->ty)));
      if (c->kind == OMPC_USE_DEVICE_ADDR && !arr && !of_var) {
        vec_push(&outer, text_stmt(d->loc, xasprintf(
            "__typeof__(&(%s)) %s = (__typeof__(&(%s)))__ompicc_device_ptr(%s, %s, (void *)&(%s));",
            v, dv, v, quote(w), dev, v)));
        rename_uses(&body, s, xasprintf("(*%s)", dv));
        continue;
      }
      /* use_device_addr(p[lo:n]), (a[lo:n]): the name holds the device
       * address that corresponds to p (a), found through the section's
       * storage, which may not hold p[0] (OpenMP 5.2 5.4.10) */
      const char *lo = of_var && c->kind == OMPC_USE_DEVICE_ADDR && sec->b
                           ? print_expr_str(sec->b) : NULL;
      char *at = lo ? xasprintf("&(%s)[%s]", v, lo) : xasprintf("(%s)", v);
      vec_push(&outer, text_stmt(d->loc, xasprintf(
          "__typeof__(&(%s)[0]) %s = (__typeof__(&(%s)[0]))__ompicc_device_ptr(%s, %s, (void *)%s)%s;",
          v, dv, v, quote(w), dev, at, lo ? xasprintf(" - (%s)", lo) : "")));
      vec_push(&shadows, text_stmt(d->loc, xasprintf("__typeof__(%s) %s = %s;", dv, v, dv)));
    }
  }
  if (!outer.len)
    return body;
  push_unshadowed(&inner, d->loc, &shadows);
  vec_push(&inner, body);
  vec_push(&outer, block(d->loc, inner));
  return block(d->loc, outer);
}

/* __ompicc_data_end copies structs back with their attached pointers:
 * the call between a save and a restore of those (see attach_saves). */
static char *end_call(Vec *maps, const char *call)
{
  StrBuf save = {0}, restore = {0};
  MapEntry *m;
  VEC_EACH(MapEntry *, m, *maps)
    if ((m->flags & OMPICC_MAP_ATTACH) && !m->slot) {
      sb_printf(&save, "void *__ompicc_att_%d = *(void **)(%s); ", m_i, m->base);
      sb_printf(&restore, " *(void **)(%s) = __ompicc_att_%d;", m->base, m_i);
    }
  if (!save.len)
    return xasprintf("%s", call);
  return xasprintf("{ %s%s%s }", save.s, call, restore.s);
}

static void lower_data(Stmt **slot)
{
  Stmt *s = *slot;
  OmpDir *d = s->omp;
  Vec iterated = {0};
  Vec maps = data_entries(d, &iterated);
  const char *w = quote(where(d->loc));
  int n = maps.len + iterated.len;
  const char *dev = clause_expr(d, OMPC_DEVICE, DEVICE_DEFAULT);
  const char *cond = if_expr(d);
  const char *guard = cond ? "if (__ompicc_if) " : "";
  Vec items = {0};
  Vec decls = {0};
  vec_push(&decls, text_stmt(d->loc, xasprintf("%s\n  %s%s", directive_comment(d),
                                               map_array(&maps, &iterated, "__ompicc_m", w),
                                               cond ? xasprintf("\n  int __ompicc_if = (%s) != 0;", cond) : "")));
  push_unshadowed(&items, d->loc, &decls);
  static const struct { OmpDirKind kind; const char *begin, *end; } calls[] = {
      {OMPD_TARGET_DATA, "__ompicc_data_begin", "__ompicc_data_end"},
      {OMPD_TARGET_ENTER_DATA, "__ompicc_data_begin", NULL},
      {OMPD_TARGET_EXIT_DATA, "__ompicc_data_end", NULL},
      {OMPD_TARGET_UPDATE, "__ompicc_update", NULL},
  };
  for (size_t i = 0; i < sizeof calls / sizeof *calls; i++) {
    if (calls[i].kind != d->kind)
      continue;
    char *first = xasprintf("%s(%s, %s, %d, __ompicc_m);", calls[i].begin, w, dev, n);
    if (d->kind == OMPD_TARGET_EXIT_DATA)
      first = end_call(&maps, first);
    vec_push(&items, text_stmt(d->loc, xasprintf("%s%s", guard, first)));
    if (s->body)
      vec_push(&items, device_addresses(d, s->body, where(d->loc), dev));
    if (calls[i].end)
      vec_push(&items, text_stmt(d->loc, xasprintf("%s%s", guard, end_call(&maps, xasprintf(
                                     "%s(%s, %s, %d, __ompicc_m);", calls[i].end, w, dev, n)))));
  }
  if (iterated.len)
    vec_push(&items, text_stmt(d->loc, iterated_free(&iterated)));
  Stmt *blk = block(d->loc, items);
  if (d->kind != OMPD_TARGET_DATA) {
    Region tmp = {.dir = d, .stmt = s};
    blk = as_task(&tmp, blk);
  }
  *slot = blk;
}

static bool is_data_construct(const Stmt *s)
{
  static const OmpDirKind kinds[] = {OMPD_TARGET_DATA, OMPD_TARGET_ENTER_DATA,
                                     OMPD_TARGET_EXIT_DATA, OMPD_TARGET_UPDATE};
  if (s->kind != S_OMP)
    return false;
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
    if (s->omp->kind == kinds[i])
      return true;
  return false;
}

typedef struct HostCtx {
  Offload *o;
  int next; /* data constructs lowered */
} HostCtx;

static void host_post(Stmt **slot, void *user)
{
  HostCtx *h = user;
  Stmt *s = *slot;
  if (is_data_construct(s)) {
    h->next++;
    lower_data(slot);
    return;
  }
  if (s->kind != S_OMP || !s->body || !(omp_dir_leaves(s->omp->kind) & OMP_LEAF_TARGET))
    return;
  Region *r;
  VEC_EACH(Region *, r, h->o->regions)
    if (r->stmt == s)
      lower_region(h->o, r, slot);
}

/* ---------------------------------------------------------------- the unit */

/* Does a value of type t hold an address? */
static bool holds_pointer(const Type *t)
{
  while (t && t->kind == TY_ARRAY)
    t = t->base;
  if (t && t->kind == TY_POINTER)
    return true;
  if (t && (t->kind == TY_STRUCT || t->kind == TY_UNION) && t->rec) {
    Member *m;
    VEC_EACH(Member *, m, t->rec->members)
      if (holds_pointer(m->ty))
        return true;
  }
  return false;
}

/* The OMPICC_GLOBAL_* flags of a declare target variable (ompicc-rt.h).
 * An initializer that gives pointers (fn ops[] = {f, g}, int *p = &x,
 * char *name = "...", struct s *p = &(struct s){...}) is the image's own
 * first value: there, the device addresses of the functions and objects
 * it names (5.2 7.8.1: the device copy is initialized as the original
 * is), which a copy of the host's value would replace with host ones. */
static int global_flags(Offload *o, Symbol *s)
{
  bool device_init = s->idecl && s->idecl->init && holds_pointer(s->ty);
  return (offload_is_link(o, s) ? 1 : 0) | (offload_is_const_object(s) ? 2 : 0) |
         (device_init ? 4 : 0);
}


static char *prologue(Offload *o)
{
  StrBuf b = {0};
  sb_puts(&b, "/* The ompicc runtime's interface (runtime-host/ompicc-rt.h). */\n");
  sb_puts(&b, ompicc_rt_h_text);
  if (o->regions.len || o->globals.len)
    sb_printf(&b, "static __ompicc_unit __ompicc_this_unit;\n");
  if (o->regions.len)
    sb_printf(&b, "static __ompicc_unit *__ompicc_this_unit_of(void);\n");
  /* a declaration last: the printer ends the text with ';' if missing */
  sb_puts(&b, "int __ompicc_is_host_device(long device);");
  return sb_take(&b);
}


/* Weak image symbols (the driver defines them), the images, the declare
 * target variables, and a constructor that reads the images' sizes. */
static char *epilogue(Offload *o)
{
  /* a linked unit's images may be those the link made of every linked
   * unit of the executable or shared library (compiler/offload.c): the
   * link then defines these names */
  const char *id = o->unit_id;
  const char *attrs = o->linked ? "weak, visibility(\"hidden\")" : "weak";
  StrBuf b = {0};
  static const char *const kinds[] = {"cuda", "emu"};
  for (int i = 0; i < 2; i++)
    sb_printf(&b, "extern const unsigned char __ompicc_img_%s_%s[] __attribute__((%s));\n"
                  "extern const unsigned long __ompicc_img_%s_%s_size __attribute__((%s));\n"
                  "extern const char __ompicc_img_%s_%s_file[] __attribute__((%s));\n",
              id, kinds[i], attrs, id, kinds[i], attrs, id, kinds[i], attrs);
  /* Embedded images have bytes; in separate-file mode (ompicc
   * --kernel-images=separate) the driver defines the _file name instead. */
  sb_printf(&b, "static __ompicc_image __ompicc_images[2] = {\n"
                "  {1 /* OMPICC_IMAGE_CUDA_FATBIN */, __ompicc_img_%s_cuda, 0, __ompicc_img_%s_cuda_file},\n"
                "  {2 /* OMPICC_IMAGE_CUDA_EMU_SO */, __ompicc_img_%s_emu, 0, __ompicc_img_%s_emu_file},\n};\n",
            id, id, id, id);
  /* a linked unit lists the variables it defines: the units that define
   * the others share its image and list them */
  Vec listed = {0};
  Symbol *s;
  VEC_EACH(Symbol *, s, o->globals)
    if (!o->linked || offload_defines(o, s))
      vec_push(&listed, s);
  /* OMPICC_GLOBAL_IMAGE_INIT: the host's value as the program starts,
   * taken by __ompicc_unit_sizes (the initializer written again would
   * make other objects of its compound literals and strings) */
  VEC_EACH(Symbol *, s, listed)
    if (global_flags(o, s) & 4)
      sb_printf(&b, "static unsigned char __ompicc_initial_%d[sizeof %s];\n", s_i, s->name);
  sb_printf(&b, "static const __ompicc_global __ompicc_globals[%d] = {", listed.len + 1);
  VEC_EACH(Symbol *, s, listed)
    sb_printf(&b, "\n  {(void *)&%s, sizeof(%s), \"%s%s\", %d%s},", s->name, s->name,
              offload_is_link(o, s) ? "__ompicc_link_" : "", offload_global_name(o, s),
              global_flags(o, s),
              global_flags(o, s) & 4 ? xasprintf(", &__ompicc_initial_%d", s_i) : ", 0");
  sb_printf(&b, "\n  {0, 0, 0, 0, 0}};\n");
  sb_printf(&b, "__attribute__((constructor)) static void __ompicc_unit_sizes(void)\n{\n");
  VEC_EACH(Symbol *, s, listed)
    if (global_flags(o, s) & 4)
      sb_printf(&b, "  __builtin_memcpy(__ompicc_initial_%d, &%s, sizeof %s);\n", s_i, s->name,
                s->name);
  for (int i = 0; i < 2; i++)
    sb_printf(&b, "  if (&__ompicc_img_%s_%s_size)\n    __ompicc_images[%d].size = __ompicc_img_%s_%s_size;\n",
              id, kinds[i], i, id, kinds[i]);
  sb_puts(&b, "}\n");
  /* declare target indirect functions: their host addresses, in the
   * order of the kernel file's table (kernels.c, write_indirect) */
  sb_printf(&b, "static void (*const __ompicc_indirect[%d])(void) = {", o->indirect.len + 1);
  Decl *f;
  VEC_EACH(Decl *, f, o->indirect)
    sb_printf(&b, "\n  (void (*)(void))%s,", declarator_name(f->func->decl));
  sb_puts(&b, "\n  0};\n");
  /* the functions first, the unit last: the text ends with a
   * declaration's ';', so the printer adds none (an empty declaration
   * after a function is an error of -pedantic) */
  sb_puts(&b, "static __ompicc_unit __ompicc_this_unit;\n");
  if (o->regions.len)
    sb_puts(&b, "static __ompicc_unit *__ompicc_this_unit_of(void)\n"
                "{\n  return &__ompicc_this_unit;\n}\n");
  if (o->linked)
    sb_puts(&b, "__attribute__((constructor)) static void __ompicc_unit_register(void)\n"
                "{\n  __ompicc_register_unit(&__ompicc_this_unit);\n}\n"
                "__attribute__((destructor)) static void __ompicc_unit_unregister(void)\n"
                "{\n  __ompicc_unregister_unit(&__ompicc_this_unit);\n}\n");
  sb_printf(&b, "static __ompicc_unit __ompicc_this_unit = {%s, 2, __ompicc_images, %d, "
                "__ompicc_globals, 0, %d, __ompicc_indirect, %s, 0};",
            quote(o->source), listed.len, o->indirect.len,
            o->linked ? quote(offload_indirect_table(o)) : "0");
  return sb_take(&b);
}

static bool has_device_constructs(Offload *o)
{
  return o->regions.len > 0;
}

/* declare mapper has done its work: its maps are in the constructs'
 * map arrays.  Host compilers that do not know it (gcc 12 in C) never
 * see it. */
static bool is_mapper(const OmpDir *d) { return d && d->kind == OMPD_DECLARE_MAPPER; }

static WalkAction drop_mapper(Stmt **slot, void *user UNUSED)
{
  if ((*slot)->kind == S_OMP && is_mapper((*slot)->omp))
    *slot = text_stmt((*slot)->loc, xasprintf(";"));
  return WALK_CONTINUE;
}

/* The entries of one element in a mapper's function: the mapper's items
 * but its variable, each map type narrowed at run time by the clause's. */
typedef struct ElemMaps {
  Expr *elem;
  const char *var; /* the mapper's variable, for the entries' names */
  StrBuf b;
  int n;
} ElemMaps;

/* text with each elem replaced by var: the item as the mapper has it */
static char *as_written(const char *text, const char *elem, const char *var)
{
  StrBuf b = {0};
  size_t n = strlen(elem);
  for (const char *p = text; *p;)
    if (!strncmp(p, elem, n))
      sb_puts(&b, var), p += n;
    else
      sb_putc(&b, *p++);
  return sb_take(&b);
}

static void elem_entry(Expr *item, unsigned declared, void *user)
{
  ElemMaps *em = user;
  if (item == em->elem)
    return; /* the element itself: the array's own entry maps it */
  MapEntry *m = data_entry(item, declared, false, false);
  if (!m)
    return;
  const unsigned dir = OMPICC_MAP_TO | OMPICC_MAP_FROM;
  sb_printf(&em->b,
            "      __ompicc_out[__ompicc_k + %d] = (__ompicc_map){(void *)(%s), (void *)(%s), "
            "(unsigned long)(%s),\n          0x%xu | (__ompicc_flags & 0x%xu) | (__ompicc_flags & "
            "~0x%xu), %s};\n",
            em->n++, m->base, m->begin, m->size, m->flags & ~dir, m->flags & dir, dir,
            quote(as_written(m->name, em->elem->text, em->var)));
}

/* The host function of a mapper of file scope (OMPICC_MAP_ELEMS): the
 * entries of the mapper's items for each element of an array. */
static char *mapper_function(TransUnit *tu, OmpDir *d)
{
  const char *name = mapper_function_name(tu, d);
  StrBuf type = {0};
  print_type_name(&type, d->types.items[0]);
  Symbol *e = xcalloc(1, sizeof *e);
  e->name = "__ompicc_e", e->kind = SYM_VAR, e->ty = ((TypeName *)d->types.items[0])->ty;
  ElemMaps em = {.elem = mk_ident(d->loc, "__ompicc_e[__ompicc_i]"), .var = d->var};
  em.elem->sym = e, em.elem->ty = e->ty;
  mapper_items(d, em.elem, elem_entry, &em);
  return xasprintf("%s\nstatic int %s_f(void *__ompicc_p, unsigned long __ompicc_size, unsigned "
                   "__ompicc_flags,\n    __ompicc_map *__ompicc_out)\n{\n"
                   "  %s *__ompicc_e = (%s *)__ompicc_p;\n  int __ompicc_k = 0;\n"
                   "  for (unsigned long __ompicc_i = 0; __ompicc_i < __ompicc_size / sizeof "
                   "*__ompicc_e; __ompicc_i++) {\n    if (__ompicc_out) {\n%s    }\n"
                   "    __ompicc_k += %d;\n  }\n  return __ompicc_k;\n}\n"
                   "static __ompicc_mapper_fn *const %s __attribute__((unused)) = %s_f",
                   directive_comment(d), name, type.s, type.s, em.b.len ? em.b.s : "", em.n, name,
                   name);
}

/* Mappers leave the host file; those of file scope become the function
 * the runtime calls for arrays of structures (when the file has device
 * constructs, and so the runtime's declarations). */
static void drop_mappers(TransUnit *tu, bool functions)
{
  walk_trans_unit(&(Walker){.stmt_pre = drop_mapper}, tu);
  int n = 0;
  for (int i = 0; i < tu->decls.len; i++) {
    Decl *d = tu->decls.items[i];
    if (!(d->kind == D_OMP && is_mapper(d->omp)))
      tu->decls.items[n++] = d;
    else if (functions)
      tu->decls.items[n++] = text_decl(d->loc, mapper_function(tu, d->omp));
  }
  tu->decls.len = n;
}

/* requires (OpenMP 5.2 8.2): the clauses about the devices are the
 * runtime's (a constructor tells it, before main, which devices can run
 * the program: __ompicc_requires), and leave the host file, whose
 * compiler may not know them; atomic_default_mem_order stays.  Returns
 * the constructor, or NULL when the unit requires nothing of devices. */
static char *take_requires(TransUnit *tu)
{
  static const struct { OmpClauseKind kind; unsigned flag; } device_clauses[] = {
      {OMPC_UNIFIED_ADDRESS, OMPICC_REQUIRES_UNIFIED_ADDRESS},
      {OMPC_UNIFIED_SHARED_MEMORY, OMPICC_REQUIRES_UNIFIED_SHARED_MEMORY},
      {OMPC_REVERSE_OFFLOAD, OMPICC_REQUIRES_REVERSE_OFFLOAD},
      {OMPC_DYNAMIC_ALLOCATORS, OMPICC_REQUIRES_DYNAMIC_ALLOCATORS},
  };
  unsigned flags = 0;
  const char *first = NULL;
  int n = 0;
  for (int i = 0; i < tu->decls.len; i++) {
    Decl *d = tu->decls.items[i];
    if (d->kind == D_OMP && d->omp->kind == OMPD_REQUIRES) {
      int kept = 0;
      OmpClause *c;
      VEC_EACH(OmpClause *, c, d->omp->clauses) {
        unsigned f = 0;
        for (size_t k = 0; k < sizeof device_clauses / sizeof *device_clauses; k++)
          if (c->kind == device_clauses[k].kind)
            f = device_clauses[k].flag;
        if (f && !first)
          first = where(d->omp->loc);
        flags |= f;
        if (!f)
          d->omp->clauses.items[kept++] = c;
      }
      d->omp->clauses.len = kept;
      if (!kept)
        continue;
    }
    tu->decls.items[n++] = d;
  }
  tu->decls.len = n;
  if (!flags)
    return NULL;
  return xasprintf("__attribute__((constructor)) static void __ompicc_requires_unit(void)\n"
                   "{\n  __ompicc_requires(%s, 0x%x);\n}",
                   quote(first), flags);
}

typedef struct ReverseCheck {
  bool required; /* a requires reverse_offload came before */
} ReverseCheck;

static WalkAction check_ancestor(Stmt **slot, void *user)
{
  ReverseCheck *rc = user;
  Stmt *s = *slot;
  if (s->kind == S_OMP && reverse_offload(s->omp) && !rc->required)
    error(omp_find_clause(s->omp, OMPC_DEVICE)->loc,
          "'device(ancestor: ...)' needs '#pragma omp requires reverse_offload' before it in the "
          "file (OpenMP 5.2 13.2)");
  return WALK_CONTINUE;
}

/* device(ancestor:) only after a requires reverse_offload, in the order
 * of the file (OpenMP 5.2 8.2.3, 13.2). */
static void check_reverse_offload(TransUnit *tu)
{
  ReverseCheck rc = {false};
  Walker w = {.stmt_pre = check_ancestor, .user = &rc};
  for (int i = 0; i < tu->decls.len; i++) {
    Decl *d = tu->decls.items[i];
    if (d->kind == D_OMP && d->omp->kind == OMPD_REQUIRES && omp_find_clause(d->omp, OMPC_REVERSE_OFFLOAD))
      rc.required = true;
    else if (d->kind == D_FUNCDEF && d->body)
      walk_stmt(&w, &d->body);
  }
}

/* declare target (OpenMP 5.2 7.8) is the translator's (DESIGN D1): the
 * kernel file has the device versions and the runtime the variables'
 * mappings, and the host compiler, which may not know its 5.x clauses
 * (gcc 12 knows neither 'enter' nor 'indirect'), compiles the host
 * versions as plain C. */
static bool is_declare_target(const OmpDir *d)
{
  return d->kind == OMPD_DECLARE_TARGET || d->kind == OMPD_BEGIN_DECLARE_TARGET ||
         d->kind == OMPD_END_DECLARE_TARGET;
}

static void drop_declare_target(TransUnit *tu)
{
  int n = 0;
  for (int i = 0; i < tu->decls.len; i++) {
    Decl *d = tu->decls.items[i];
    if (!(d->kind == D_OMP && is_declare_target(d->omp)))
      tu->decls.items[n++] = d;
  }
  tu->decls.len = n;
}

void lower_host(Offload *o)
{
  check_reverse_offload(o->tu);
  HostCtx h = {o, 0};
  lowered_tu = o->tu;
  walk_trans_unit(&(Walker){.stmt_post = host_post, .user = &h}, o->tu);
  char *requires = take_requires(o->tu);
  bool lowered = h.next || has_device_constructs(o) || o->globals.len || requires ||
                 o->allocated_vars;
  drop_mappers(o->tu, lowered);
  drop_declare_target(o->tu);
  if (!lowered)
    return; /* no device construct: the file prints back as it was */
  Vec decls = {0};
  vec_push(&decls, text_decl((Loc){0}, prologue(o)));
  if (requires)
    vec_push(&decls, text_decl((Loc){0}, requires));
  for (int i = 0; i < o->tu->decls.len; i++)
    vec_push(&decls, o->tu->decls.items[i]);
  if (has_device_constructs(o) || o->globals.len)
    vec_push(&decls, text_decl((Loc){0}, epilogue(o)));
  o->tu->decls = decls;
}

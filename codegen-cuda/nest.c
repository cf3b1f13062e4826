/* nest.c - device code of a collapsed loop nest whose loops' bounds use
 * the variables of enclosing loops of the nest (OpenMP 5.2 4.4.1, a
 * non-rectangular nest; OmpLoop.outer).  The kernel numbers the
 * collapsed iterations from 0 as for any nest, and maps each number back
 * to the loops' logical iterations through the device library
 * (devlib-cuda/omp-nest.h), to which it gives a functor of the trip
 * counts, a C++ lambda over the user's own bound expressions:
 *
 *   auto __ompicc_trips = [&](int __ompicc_d, const long long *__ompicc_x) -> long long {
 *     if (__ompicc_d == 0)
 *       return (n) > (0) ? (...) : 0;              <- trip count of loop i
 *     int i = (0) + (__ompicc_x[0]) * (1);         <- i at its logical iteration
 *     return (n) > (i) ? (...) : 0;                <- trip count of loop j
 *   };
 *   __ompicc_nest<2> __ompicc_nc = {{0}, {0}, -1};
 *   ... __ompicc_nest_count<2>(__ompicc_trips, 2u) iterations; at each:
 *   __ompicc_nest_move(&__ompicc_nc, __ompicc_trips, 2u, __ompicc_iv);
 *   int i = (0) + (__ompicc_nc.x[0]) * (1);
 *   int j = (i) + (__ompicc_nc.x[1]) * (1);
 *
 * The mask (2u) has bit d set when no loop inside loop d uses its
 * variable.  A loop variable is declared only where a value or a trip
 * count reads it (nvcc warns of variables never used).
 */
#include "nest.h"

#include "decl-text.h"
#include "offload.h"
#include "print.h"
#include "walk.h"

static OmpLoop *loop_at(Vec *loops, int k)
{
  return loops->items[k];
}

/* Does a loop inside loop k use its variable? */
static bool var_outer(Vec *loops, int k)
{
  for (int e = k + 1; e < loops->len; e++)
    if (loop_at(loops, e)->outer == k)
      return true;
  return false;
}

static unsigned indep_mask(Vec *loops)
{
  unsigned m = 0;
  for (int k = 0; k < loops->len; k++)
    if (!var_outer(loops, k))
      m |= 1u << k;
  return m;
}

/* "int i = (lb) + (x) * (step)": loop k's variable at logical iteration x. */
static char *var_decl(Vec *loops, int k, const char *x)
{
  OmpLoop *l = loop_at(loops, k);
  return xasprintf("%s = %s", decl_text(l->var, print_cxx_name(l->name), false),
                   offload_loop_value(l, x));
}

Vec nest_decls(Vec *loops, const char *sfx)
{
  StrBuf b = {0};
  int n = loops->len;
  sb_printf(&b, "auto __ompicc_trips%s = [&](int __ompicc_d, const long long *__ompicc_x) -> "
                "long long {\n", sfx);
  for (int k = 0; k < n; k++) {
    const char *trip = offload_trip(loop_at(loops, k));
    if (k == n - 1) {
      sb_printf(&b, "    return %s;\n", trip);
      break;
    }
    sb_printf(&b, "    if (__ompicc_d == %d)\n      return %s;\n", k, trip);
    if (var_outer(loops, k))
      sb_printf(&b, "    %s;\n", var_decl(loops, k, xasprintf("__ompicc_x[%d]", k)));
  }
  sb_puts(&b, "  }");
  Vec v = {0};
  vec_push(&v, sb_take(&b));
  vec_push(&v, xasprintf("__ompicc_nest<%d> __ompicc_nc%s = {{0}, {0}, -1}", n, sfx));
  return v;
}

char *nest_count(Vec *loops, const char *sfx)
{
  return xasprintf("__ompicc_nest_count<%d>(__ompicc_trips%s, %uu)", loops->len, sfx,
                   indep_mask(loops));
}

static WalkAction names_var(Expr **slot, void *user)
{
  Symbol **s = user;
  if ((*slot)->kind == E_IDENT && (*slot)->sym == *s) {
    *s = NULL;
    return WALK_STOP;
  }
  return WALK_CONTINUE;
}

/* Does the lower bound of loop e, which its variable's value starts
 * from, use the variable of loop k? */
static bool lb_uses(Vec *loops, int e, int k)
{
  OmpLoop *l = loop_at(loops, e);
  if (l->outer != k)
    return false;
  Symbol *s = loop_at(loops, k)->var;
  walk_expr(&(Walker){.expr_pre = names_var, .user = &s}, &l->lb);
  return s == NULL;
}

/* need[k]: the variable of loop k is declared, for the body (used) or for
 * the value of a loop inside it whose lower bound uses it. */
static void needed(Vec *loops, const bool *used, bool *need)
{
  for (int k = loops->len - 1; k >= 0; k--) {
    need[k] = used[k];
    for (int e = k + 1; e < loops->len; e++)
      need[k] |= need[e] && lb_uses(loops, e, k);
  }
}

Vec nest_iteration(Vec *loops, const char *sfx, const char *iv, const bool *used)
{
  Vec v = {0};
  vec_push(&v, xasprintf("__ompicc_nest_move(&__ompicc_nc%s, __ompicc_trips%s, %uu, %s)", sfx,
                         sfx, indep_mask(loops), iv));
  bool *need = xcalloc(loops->len, sizeof *need);
  needed(loops, used, need);
  for (int k = 0; k < loops->len; k++)
    if (need[k])
      vec_push(&v, var_decl(loops, k, xasprintf("__ompicc_nc%s.x[%d]", sfx, k)));
  return v;
}

/* A lambda called in place: loop k's variable at the place's iteration
 * plus its step, from the variables of the loops around it it needs. */
char *nest_final_value(Vec *loops, int k, const char *sfx)
{
  bool *used = xcalloc(loops->len, sizeof *used), *need = xcalloc(loops->len, sizeof *need);
  OmpLoop *l = loop_at(loops, k);
  if (l->outer >= 0 && lb_uses(loops, k, l->outer))
    used[l->outer] = true;
  needed(loops, used, need);
  StrBuf b = {0};
  sb_puts(&b, "[&]() { ");
  for (int e = 0; e < k; e++)
    if (need[e])
      sb_printf(&b, "%s; ", var_decl(loops, e, xasprintf("__ompicc_nc%s.x[%d]", sfx, e)));
  sb_printf(&b, "return %s; }()",
            offload_loop_value(l, xasprintf("__ompicc_nc%s.x[%d] + 1", sfx, k)));
  return sb_take(&b);
}

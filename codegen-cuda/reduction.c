/* reduction.c - the private copies of reductions in device code (OpenMP
 * 5.2 5.5), for SPMD and generic kernels alike: each copy's declaration
 * and initial value (5.5.5's initializers, or a declare reduction's
 * initializer clause), the functor of the device library that combines
 * it, and the flat private array of an array or array section item
 * (5.5.8).  The combining itself is the device library's
 * (devlib-cuda/ompicc-device.h, doc/DEVLIB.md).
 */
#include "reduction.h"

#include "decl-text.h"
#include "omp.h"

/* OpenMP 5.2 5.5.5 initializers; max and min the least and the greatest
 * value of the type (the device library's __ompicc_red_lowest/_highest,
 * which read the original only for a type without them). */
static const char *red_init(OmpRedOp op, const char *v, const char *orig)
{
  switch (op) {
  case OMP_RED_MUL: case OMP_RED_LOGAND: return "1";
  case OMP_RED_BITAND: return xasprintf("(__typeof__(%s))~(__typeof__(%s))0", v, v);
  case OMP_RED_MAX: return xasprintf("__ompicc_red_lowest(%s)", orig);
  case OMP_RED_MIN: return xasprintf("__ompicc_red_highest(%s)", orig);
  default: return "0";
  }
}

static const char *const red_functor[] = {
    [OMP_RED_ADD] = "__ompicc_op_add",       [OMP_RED_MUL] = "__ompicc_op_mul",
    [OMP_RED_SUB] = "__ompicc_op_add",       [OMP_RED_BITAND] = "__ompicc_op_bitand",
    [OMP_RED_BITOR] = "__ompicc_op_bitor",   [OMP_RED_BITXOR] = "__ompicc_op_bitxor",
    [OMP_RED_LOGAND] = "__ompicc_op_logand", [OMP_RED_LOGOR] = "__ompicc_op_logor",
    [OMP_RED_MAX] = "__ompicc_op_max",       [OMP_RED_MIN] = "__ompicc_op_min",
};

/* A declare reduction u, when there is one, is the reduction, whatever
 * op (an operator may name one for a struct type). */
const char *reduction_functor(OmpRedOp op, const Udr *u)
{
  if (op == OMP_RED_USER || u)
    return u ? xasprintf("__ompicc_udr_%d", u->index) : "__ompicc_udr_missing";
  return red_functor[op];
}

/* A user-defined reduction without initializer: omp_priv is initialised
 * as an object of static storage duration would be (OpenMP 4.5 2.16),
 * that is zero in C. */
char *reduction_init_stmt(const char *v, OmpRedOp op, const Udr *u, const char *orig)
{
  if (op != OMP_RED_USER && !u)
    return xasprintf("%s = %s", v, red_init(op, v, orig));
  if (u && omp_find_clause(u->dir, OMPC_INITIALIZER))
    return xasprintf("__ompicc_udr_init_%d(%s, %s)", u->index, v, orig);
  return xasprintf("memset(&%s, 0, sizeof %s)", v, v);
}

char *reduction_private(Symbol *s, const char *v, OmpRedOp op, const Udr *u, const char *orig)
{
  if (op != OMP_RED_USER && !u)
    return xasprintf("%s = %s", decl_text(s, v, false), red_init(op, v, orig));
  return xasprintf("%s; %s", decl_text(s, v, false), reduction_init_stmt(v, op, u, orig));
}

/* The private copy is a flat array of the elements, __ompicc_rp_x,
 * each initialised as a scalar would be from its original element (or,
 * given init_from, from that element of the copy of the part reduced
 * made at the launch, CAP_SNAPSHOT); the
 * name v views it as the original, placed lo elements before it for a
 * section (so that v[i] is element i of the variable, as in the body; the
 * device library's __ompicc_below computes that address where the
 * optimiser cannot follow it): a reference of the array's type for an
 * array (its sizeof and a nested construct's copy of it are then the
 * original's), a pointer for a pointer's section. */
Vec reduction_array(Symbol *s, const RedArray *a, const char *v, const char *orig, OmpRedOp op,
                    const Udr *u, const char *reduce, bool stacked, const char *init_from,
                    char **fini)
{
  StrBuf t = {0};
  sb_printf(&t, "__typeof__(%s", orig);
  for (int i = 0; i < a->levels; i++)
    sb_puts(&t, "[0]");
  sb_putc(&t, ')');
  const char *elem = sb_take(&t), *rp = xasprintf("__ompicc_rp_%s", s->name);
  const char *lo = a->lo ? xasprintf(" + %lld", a->lo) : "";
  /* the original's first element of the part reduced */
  const char *first = a->levels > 1 ? xasprintf("((%s *)&%s[0]%s)", elem, orig, lo)
                      : a->lo       ? xasprintf("(%s%s)", orig, lo)
                                    : orig;
  Vec out = {0};
  if (stacked)
    vec_push(&out, xasprintf("%s *%s = (%s *)__ompicc_gpush(%lld * sizeof(%s))", elem, rp, elem,
                             a->count, elem));
  else
    vec_push(&out, xasprintf("%s %s[%lld]", elem, rp, a->count));
  vec_push(&out, xasprintf("for (long long __ompicc_k = 0; __ompicc_k < %lld; __ompicc_k++) %s",
                           a->count,
                           reduction_init_stmt(xasprintf("%s[__ompicc_k]", rp), op, u,
                                                 init_from
                                                     ? xasprintf("((%s *)%s)[__ompicc_k]", elem,
                                                                 init_from)
                                                     : xasprintf("%s[__ompicc_k]", first))));
  const char *below = a->lo ? xasprintf("__ompicc_below(%s, %lld)", rp, a->lo) : rp;
  if (a->section && type_is_pointer(s->ty) && a->levels == 1)
    vec_push(&out, xasprintf("__typeof__(&%s[0]) %s = %s", orig, v, below));
  else if (a->section && type_is_pointer(s->ty)) /* rows: the same elements, a row at a time */
    vec_push(&out, xasprintf("__typeof__(&%s[0]) %s = (__typeof__(&%s[0]))(void *)%s", orig, v,
                             orig, below));
  else /* an array, of the original's type: a construct nested in this one
        * (a team's parallel region) takes it as it takes the original */
    vec_push(&out, xasprintf("%s = *(%s)(void *)%s", decl_text(s, xasprintf("(&%s)", v), false),
                             decl_text(s, "(*)", false), below));
  *fini = xasprintf("%s(%s, %s, %lld, %s())%s", reduce, first, rp, a->count,
                    reduction_functor(op, u),
                    stacked ? xasprintf(";\n  __ompicc_pop(%s)", rp) : "");
  return out;
}

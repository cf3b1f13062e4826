/* readonly.c - the arrays an SPMD loop only reads, which its kernel may
 * take as __restrict__ pointers, so that nvcc reads them through the
 * read-only data path (LDG.E.CONSTANT) and schedules their loads freely.
 *
 * A __restrict__ parameter promises that nothing the kernel writes
 * during its run lies in the memory reached through it.  The translator
 * proves what it can see: the region writes only through its own
 * parameters (mapped arrays, pointers to mapped sections, mapped
 * scalars) and the variables declared inside it, calls only the C and
 * OpenMP library functions the device has (device-lib.c), and takes
 * only the parameters it never writes through as read-only.  Whether two
 * parameters reach the same memory only the runtime knows: at the launch
 * it checks that the mappings holding the read-only ones meet none
 * holding another parameter (runtime-host/rt-target.c), and launches
 * the kernel without __restrict__ (the region's __wide twin) when they do
 * or when it cannot tell.  So the mark is r->readonly, a mask over the
 * region's map entries (__ompicc_region.readonly), for the regions of
 * two kernels (offload_two_widths): only the narrow one has the
 * qualifiers (codegen-cuda/kernels.c).
 *
 * Nothing is marked (the mask is 0) when a write goes elsewhere: through
 * a pointer declared in the region (it may point into any parameter's
 * memory), to a global variable (a parameter may point into it), or
 * through a call of a user function; or when a parameter that may point
 * to memory comes by value (is_device_ptr, firstprivate pointers), whose
 * memory the runtime cannot bound.
 */
#include "readonly.h"

#include "../runtime-host/ompicc-rt.h"
#include "device-lib.h"
#include "walk.h"

typedef struct Scan {
  Region *r;
  Vec locals;  /* Symbol*: declared in the region's body */
  Vec written; /* Symbol*: parameters written through or changed */
  bool unsure; /* a write or call the rules above do not cover */
} Scan;

static bool has(const Vec *v, const Symbol *s)
{
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == s)
      return true;
  return false;
}

static MapEntry *param_of(Region *r, const Symbol *s)
{
  MapEntry *m;
  VEC_EACH(MapEntry *, m, r->maps)
    if (m->sym == s && m->cap != CAP_NONE)
      return m;
  return NULL;
}

/* Is pointer expression e a variable's value (p, p + i, (T *)p)? */
static bool names_pointer(Expr *e)
{
  for (;;) {
    if (e->kind == E_PAREN || e->kind == E_CAST)
      e = e->a;
    else if (e->kind == E_BINARY && (e->op == OP_ADD || e->op == OP_SUB))
      e = e->b->ty && type_is_pointer(e->b->ty) && e->op == OP_ADD ? e->b : e->a;
    else
      return e->kind == E_IDENT;
  }
}

/* The variable an lvalue or pointer expression is reached from; *via_pointer
 * when the way goes through that variable's value as a pointer (p[i], *p,
 * p->m), as opposed to an array or object named directly (a[i], s.m, x);
 * *deep when it goes through a pointer read from memory (s->p[i], q[i][j]
 * of a pointer array, **pp), whose target nothing here bounds. */
static Symbol *root_of(Expr *e, bool *via_pointer, bool *deep)
{
  for (;;) {
    switch (e->kind) {
    case E_PAREN:
    case E_CAST:
      e = e->a;
      continue;
    case E_INDEX: {
      Expr *base = e->a->ty && type_is_integer(e->a->ty) ? e->b : e->a; /* i[a] */
      if (base->ty && type_is_pointer(base->ty)) {
        *via_pointer = true;
        *deep |= !names_pointer(base);
      }
      e = base;
      continue;
    }
    case E_MEMBER:
      e = e->a;
      continue;
    case E_ARROW:
      *via_pointer = true;
      *deep |= !names_pointer(e->a);
      e = e->a;
      continue;
    case E_UNARY:
      if (e->op == OP_DEREF) {
        *via_pointer = true;
        *deep |= !names_pointer(e->a);
      } else if (e->op != OP_ADDR)
        return NULL;
      e = e->a;
      continue;
    case E_BINARY: /* p + i, i + p, p - i */
      if (e->op != OP_ADD && e->op != OP_SUB)
        return NULL;
      e = e->b->ty && type_is_pointer(e->b->ty) && e->op == OP_ADD ? e->b : e->a;
      continue;
    case E_IDENT:
      return e->sym;
    default:
      return NULL;
    }
  }
}

/* The region changes what e reaches (an assignment's target, ++, --, a
 * pointer a library function is given). */
static void changes(Scan *s, Expr *e)
{
  bool via_pointer = false, deep = false;
  if (e->kind == E_STRING)
    return;
  Symbol *v = root_of(e, &via_pointer, &deep);
  if (!v || deep) {
    s->unsure = true;
    return;
  }
  if (param_of(s->r, v)) {
    if (!has(&s->written, v))
      vec_push(&s->written, v);
    return;
  }
  /* the region's own variable: its own storage, unless through a
   * pointer it holds, which may point anywhere */
  if (!has(&s->locals, v) || (via_pointer && v->ty && type_is_pointer(v->ty)))
    s->unsure = true;
}

/* Automatic variables of the body (a static one is global memory). */
static WalkAction note_local(Decl *d, void *user)
{
  Scan *s = user;
  InitDecl *id;
  if (d->kind == D_VAR)
    VEC_EACH(InitDecl *, id, d->decls)
      if (id->sym && id->sym->kind == SYM_VAR && id->sym->storage == ST_LOCAL)
        vec_push(&s->locals, id->sym);
  return WALK_CONTINUE;
}

static WalkAction note_write(Expr **slot, void *user)
{
  Scan *s = user;
  Expr *e = *slot;
  switch (e->kind) {
  case E_ASSIGN:
  case E_PREINC:
  case E_PREDEC:
  case E_POSTINC:
  case E_POSTDEC:
    changes(s, e->a);
    break;
  case E_UNARY: /* &a[i] may be written through later */
    if (e->op == OP_ADDR)
      changes(s, e->a);
    break;
  case E_CALL: {
    Expr *fn = e->a;
    while (fn->kind == E_PAREN)
      fn = fn->a;
    if (fn->kind != E_IDENT || !device_lib_has(fn->text)) {
      s->unsure = true; /* a user function may write anything */
      break;
    }
    Expr *arg;
    VEC_EACH(Expr *, arg, e->args)
      if (arg->ty && (type_is_pointer(arg->ty) || type_is_array(arg->ty)))
        changes(s, arg);
    break;
  }
  case E_STMT_EXPR:
  case E_VA_ARG:
    s->unsure = true;
    break;
  default:
    break;
  }
  return s->unsure ? WALK_STOP : WALK_CONTINUE;
}

static WalkAction note_asm(Stmt **slot, void *user)
{
  Scan *s = user;
  if ((*slot)->kind == S_ASM)
    s->unsure = true;
  return s->unsure ? WALK_STOP : WALK_CONTINUE;
}

/* Is s a function parameter written as an array (double a[10][20]),
 * which the kernel file declares so too, with no place for a qualifier
 * of the pointer it is? */
static bool array_parameter(const Symbol *s)
{
  const Declarator *d = s->param ? s->param->decl : NULL;
  while (d && d->inner) {
    if (d->inner->kind == DK_IDENT)
      return d->kind == DK_ARRAY;
    d = d->inner;
  }
  return false;
}

/* Can m's parameter be __restrict__ in the kernel: a pointer, or a
 * mapped array of constant size (the kernel's pointer to it), as
 * codegen-cuda/kernels.c writes them? */
static bool candidate(const MapEntry *m)
{
  const Type *t = m->sym->ty;
  if (!t || type_is_vla(t))
    return false;
  if (m->cap == CAP_PTR)
    return type_is_pointer(t) && !array_parameter(m->sym) &&
           !(m->flags & (OMPICC_MAP_DEVADDR | OMPICC_MAP_LITERAL));
  return m->cap == CAP_ARRAY && type_is_array(t);
}

void readonly_params(Region *r)
{
  r->readonly = 0;
  if (r->maps.len > 64)
    return;
  MapEntry *m;
  VEC_EACH(MapEntry *, m, r->maps) /* memory the runtime cannot bound */
    if ((m->flags & OMPICC_MAP_DEVADDR) ||
        (m->cap == CAP_LITERAL && m->sym->ty && type_is_pointer(m->sym->ty)))
      return;
  Scan s = {.r = r};
  OmpLoop *l;
  VEC_EACH(OmpLoop *, l, r->loops)
    vec_push(&s.locals, l->var);
  walk_stmt(&(Walker){.decl_pre = note_local, .user = &s}, &r->body);
  walk_stmt(&(Walker){.expr_pre = note_write, .stmt_pre = note_asm, .user = &s}, &r->body);
  if (s.unsure)
    return;
  /* what the construct itself writes back */
  Reduction *red;
  VEC_EACH(Reduction *, red, r->reductions)
    vec_push(&s.written, red->sym);
  Symbol *v;
  VEC_EACH(Symbol *, v, r->lastprivates)
    vec_push(&s.written, v);
  Linear *lin;
  VEC_EACH(Linear *, lin, r->linears)
    vec_push(&s.written, lin->sym);
  VEC_EACH(MapEntry *, m, r->maps)
    if (candidate(m) && !has(&s.written, m->sym))
      r->readonly |= 1ull << m_i;
}

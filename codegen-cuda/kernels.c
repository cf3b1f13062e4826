/* kernels.c - the kernel file: readable CUDA C++ (DESIGN D3, D4).
 *
 * Layout (doc/ARCHITECTURE.md, "The kernel file"):
 *
 *   #include "ompicc-device.h"
 *   types, in source order          (typedefs, struct/union/enum definitions)
 *   __device__ function prototypes   (the functions device code reaches)
 *   __device__ variables             (declare target, OpenMP 5.2 7.8)
 *   __ompicc_indirect                (calls through function pointers)
 *   the functions' definitions
 *   per region: the pragma as a comment, the kernel, its __emu trampoline
 *
 * A kernel's parameters are the construct's map entries that reach it
 * (offload.h CapKind): by value (T x), as the device address of a mapped
 * object bound to a reference of the user's name (T *__ompicc_p_x, then
 * T &x = *__ompicc_p_x), or as a decayed array or a pointer.
 *
 * SPMD kernels (D4) run the collapsed loop nest directly: the logical
 * iteration space 0..total-1 (OpenMP 5.2 4.4.2) is walked grid-stride,
 * so any grid is correct; each iteration recomputes the loop variables.
 * A static schedule or dist_schedule is what a program may rely on
 * (OpenMP 5.2 11.5.3, 11.6.1): the teams take their chunks, then each
 * team's threads theirs of each chunk, as the library deals them
 * (static_chunks, __ompicc_chunks).  dynamic, guided, auto and no clause
 * leave the mapping to the implementation: grid-stride (ordered is not
 * supported in kernels).  declare target link variables are pointers in the image,
 * __ompicc_link_NAME, set by the runtime; a macro keeps the name.
 * Reductions keep a private copy per thread, reduced with warp shuffles
 * and combined once per block (devlib-cuda/ompicc-device.h); a
 * user-defined one (OpenMP 4.5 2.16) has its combiner and initializer
 * printed as __device__ functions taking omp_out/omp_in and
 * omp_priv/omp_orig by reference, and a functor the library calls.  Other
 * regions run as one team of one thread, their inner OpenMP directives
 * removed (a parallel region with one thread is correct OpenMP).
 *
 * The body is printed from the user's tree in C++ mode (print.h); the
 * OpenMP directives inside it are taken out of the tree while it is
 * printed, and put back, since the host fallback prints them.
 */
#include "kernels.h"

#include <string.h>

#include "../runtime-host/ompicc-rt.h"
#include "atomic.h"
#include "decl-text.h"
#include "device-lib.h"
#include "error-directive.h"
#include "generic.h"
#include "nest.h"
#include "print.h"
#include "reconverge.h"
#include "reduction.h"
#include "sema.h"
#include "type-names.h"
#include "variants.h"
#include "walk.h"

typedef struct Writer {
  Offload *o;
  bool generic;   /* the file has generic kernels (generic.c) */
  StrBuf b;
  Printer *p;
  Vec need_types; /* const char*: typedef names and "struct tag" keys */
  Vec undo;       /* Stmt**, Stmt* pairs: directives taken out */
  Vec expr_undo;  /* Expr**, Expr* pairs: callees wrapped in __ompicc_indirect */
  bool calls_pointers; /* device code calls through function pointers */
  bool said_float; /* a sorry for a floating type device code cannot have */
  bool said_atomic; /* and one for an atomic type it cannot access */
  Vec fini;       /* const char*: the array reductions' combining calls */
  bool next_label; /* the loop body jumps to __ompicc_next (continue) */
  const Vec *team_atomics; /* Stmt*: the region's atomic updates of team
                              copies (team-private.c), or NULL */
} Writer;

/* ---------------------------------------------------------------- types */

static void need(Writer *w, const char *key)
{
  key = intern(key);
  for (int i = 0; i < w->need_types.len; i++)
    if (w->need_types.items[i] == key)
      return;
  vec_push(&w->need_types, (void *)key);
}

static bool needed(Writer *w, const char *key)
{
  key = intern(key);
  for (int i = 0; i < w->need_types.len; i++)
    if (w->need_types.items[i] == key)
      return true;
  return false;
}

static void specs_needs(Writer *w, const DeclSpecs *ds);

/* Floating types device code cannot have, and why: those wider than
 * double (nvcc treats long double as double in device code, so the
 * device would read the host's bytes wrongly) and the decimal ones
 * (GNU C's, which neither nvcc nor the C++ of cuda-emu images know);
 * NULL for any other type. */
static const char *device_float_problem(const Type *t)
{
  static const TypeKind wide[] = {TY_LDOUBLE, TY_FLOAT80, TY_FLOAT64X, TY_FLOAT128, TY_FLOAT128X};
  static const TypeKind decimal[] = {TY_DECIMAL32, TY_DECIMAL64, TY_DECIMAL128};
  for (; t && (t->kind == TY_ARRAY || t->kind == TY_COMPLEX); t = t->base)
    ;
  if (t && (t->kind == TY_STRUCT || t->kind == TY_UNION) && t->rec) {
    Member *m;
    VEC_EACH(Member *, m, t->rec->members) {
      const char *why = device_float_problem(m->ty);
      if (why)
        return why;
    }
  }
  for (size_t i = 0; t && i < sizeof wide / sizeof *wide; i++)
    if (t->kind == wide[i])
      return "nvcc treats it as 'double'";
  for (size_t i = 0; t && i < sizeof decimal / sizeof *decimal; i++)
    if (t->kind == decimal[i])
      return "CUDA has no decimal floating types";
  return NULL;
}

/* A call through a function pointer in device code (OpenMP 5.2 7.8.1):
 * the pointer may hold the host address of a declare target indirect
 * function, taken on the host and passed in, or the device address of
 * a function, taken in device code (CUDA allows it; the call graph,
 * offload.c, gives every such function its device version).  Its callee
 * is wrapped, as the kernel file prints it, in the lookup that turns the
 * one into the other (write_indirect):
 *
 *   r = op(x);   ->   r = __ompicc_indirect(op)(x);
 *
 * A callee that names a function is a direct call. */
static void wrap_pointer_call(Writer *w, Expr *call)
{
  Expr *f = expr_unparen(call->a);
  if (f->kind == E_IDENT && (!f->sym || f->sym->kind == SYM_FUNC))
    return;
  if (f->kind == E_CALL && expr_unparen(f->a)->kind == E_IDENT &&
      !strcmp(expr_unparen(f->a)->text, "__ompicc_indirect"))
    return; /* already wrapped */
  Vec args = {0};
  vec_push(&args, call->a);
  Expr *wrapped = mk_call(call->a->loc, mk_ident(call->a->loc, "__ompicc_indirect"), args);
  wrapped->ty = call->a->ty; /* the printer reads the callee's prototype */
  vec_push(&w->expr_undo, &call->a);
  vec_push(&w->expr_undo, call->a);
  call->a = wrapped;
  w->calls_pointers = true;
}

static void unwrap_pointer_calls(Writer *w)
{
  for (int i = w->expr_undo.len - 2; i >= 0; i -= 2)
    *(Expr **)w->expr_undo.items[i] = w->expr_undo.items[i + 1];
  w->expr_undo.len = 0;
}

static WalkAction type_use(Expr **slot, void *user)
{
  Expr *e = *slot;
  if (e->type)
    specs_needs(user, e->type->specs);
  if (e->type2)
    specs_needs(user, e->type2->specs);
  if (e->kind == E_IDENT && e->sym && e->sym->kind == SYM_ENUM_CONST)
    need(user, xasprintf("enumerator %s", e->text));
  return WALK_CONTINUE;
}

static WalkAction decl_use(Decl *d, void *user)
{
  specs_needs(user, d->specs);
  return WALK_CONTINUE;
}

/* A floating constant, signed or in parentheses: a long double one
 * (float.h's DBL_MAX is ((double)1.79...e+308L)) is a value the compiler
 * converts, never bytes of the host's that the device reads. */
static bool floating_constant(const Expr *e)
{
  e = expr_unparen((Expr *)e);
  if (e->kind == E_UNARY && (e->op == OP_NEG || e->op == OP_PLUS))
    return floating_constant(e->a);
  return e->kind == E_FLOAT;
}

/* Why device code cannot access an object of the atomic type t (C11
 * 6.2.5p27; the printer writes each access as a call of the device
 * library, parser/print.c atomic_access), through arrays and pointers;
 * NULL when it can, or t is not atomic. */
static const char *device_atomic_problem(const Type *t)
{
  for (; t; t = t->kind == TY_ARRAY || t->kind == TY_POINTER ? t->base : NULL) {
    if (!(t->quals & Q_ATOMIC))
      continue;
    if (t->kind == TY_STRUCT || t->kind == TY_UNION)
      return "ompicc's device atomics are of scalars, not of structures or unions";
    long size = type_size(t);
    if (size != 1 && size != 2 && size != 4 && size != 8)
      return "ompicc's device atomics are of scalars of 1, 2, 4 or 8 bytes";
  }
  return NULL;
}

/* An expression of device code: what it needs, and what it may not do. */
static WalkAction device_use(Expr **slot, void *user)
{
  Expr *e = *slot;
  Writer *w = user;
  if (e->kind == E_CALL)
    wrap_pointer_call(w, e);
  const char *why = w->said_float || floating_constant(e) ? NULL : device_float_problem(e->ty);
  if (why) {
    sorry(e->loc, "'%s' in device code (%s)", type_str(e->ty), why);
    w->said_float = true;
  }
  why = w->said_atomic ? NULL : device_atomic_problem(e->ty);
  if (why) {
    sorry(e->loc, "'%s' in device code (%s)", type_str(e->ty), why);
    w->said_atomic = true;
  }
  return type_use(slot, user);
}

static void walk_needs(Writer *w, Stmt **s)
{
  walk_stmt(&(Walker){.expr_pre = device_use, .decl_pre = decl_use, .user = w}, s);
}

static void specs_needs(Writer *w, const DeclSpecs *ds)
{
  Spec *s;
  if (ds)
    VEC_EACH(Spec *, s, ds->specs) {
      if (s->kind == SPEC_TYPEDEF_NAME)
        need(w, s->text);
      if (s->kind == SPEC_STRUCT && s->su->tag)
        need(w, xasprintf("%s %s", keyword_name(s->su->kw), s->su->tag));
      if (s->kind == SPEC_STRUCT && s->su->has_body) {
        Decl *m;
        VEC_EACH(Decl *, m, s->su->members)
          specs_needs(w, m->specs);
      }
    }
}

/* The types a variable's declaration needs: its specifiers, and the
 * enumerators and types in its declarator (int a[N], int (*p)[sizeof(T)]). */
static void sym_needs(Writer *w, Symbol *s)
{
  specs_needs(w, sym_specs(s));
  if (s->decl && !s->param)
    walk_decl(&(Walker){.expr_pre = type_use, .decl_pre = decl_use, .user = w}, s->decl);
}

/* The types of omp.h, which the device library defines (omp-types.h):
 * the host's omp.h definitions, and the enumerations their constants
 * belong to, are never printed into a kernel file. */
static const char *const devlib_types[] = {
    "omp_lock_t",           "omp_nest_lock_t",        "omp_sched_t",
    "omp_proc_bind_t",      "omp_sync_hint_t",        "omp_lock_hint_t",
    "omp_pause_resource_t", "omp_uintptr_t",          "omp_memspace_handle_t",
    "omp_allocator_handle_t", "omp_alloctrait_key_t", "omp_alloctrait_value_t",
    "omp_alloctrait_t",     "omp_event_handle_t"};

static bool devlib_type(const char *name)
{
  for (size_t i = 0; i < sizeof devlib_types / sizeof *devlib_types; i++)
    if (name && !strcmp(name, devlib_types[i]))
      return true;
  return false;
}

/* Does the struct, union or enum definition su, or one nested in it
 * (C11 6.2.1p4: their tags and constants are the file's too), define
 * something device code needs? */
static bool struct_defines_needed(Writer *w, const StructSpec *su)
{
  if (!su->has_body)
    return false;
  if (su->tag && needed(w, xasprintf("%s %s", keyword_name(su->kw), su->tag)))
    return true;
  Enumerator *en;
  VEC_EACH(Enumerator *, en, su->enumerators)
    if (needed(w, xasprintf("enumerator %s", en->name)))
      return true;
  Decl *m;
  VEC_EACH(Decl *, m, su->members) {
    Spec *s;
    if (m->kind == D_VAR && m->specs)
      VEC_EACH(Spec *, s, m->specs->specs)
        if (s->kind == SPEC_STRUCT && struct_defines_needed(w, s->su))
          return true;
  }
  return false;
}

/* Does file-scope declaration d define something device code needs? */
static bool defines_needed(Writer *w, Decl *d)
{
  if (d->kind != D_VAR || !d->specs)
    return false;
  if (specs_has(d->specs, KW_TYPEDEF)) {
    InitDecl *id;
    VEC_EACH(InitDecl *, id, d->decls)
      if (devlib_type(declarator_name(id->decl)))
        return false;
    VEC_EACH(InitDecl *, id, d->decls)
      if (needed(w, declarator_name(id->decl)))
        return true;
  }
  Spec *s;
  VEC_EACH(Spec *, s, d->specs->specs)
    if (s->kind == SPEC_STRUCT && struct_defines_needed(w, s->su))
      return true;
  return false;
}

/* Headers whose declarations clash with the device library's own (its
 * omp_* functions are device functions): their types are printed. */
static const char *const devlib_headers[] = {"omp.h"};

/* The include name of system header `root`: its path after the last
 * ".../include/" (<time.h>, <sys/time.h>, <stddef.h> from gcc's folder),
 * or NULL when it is one the kernel file cannot include. */
static const char *include_name(const char *root)
{
  const char *s = root, *at = NULL;
  while ((s = strstr(s, "/include/")))
    at = s += strlen("/include/");
  if (!at)
    return NULL;
  const char *base = strrchr(at, '/') ? strrchr(at, '/') + 1 : at;
  for (size_t i = 0; i < sizeof devlib_headers / sizeof *devlib_headers; i++)
    if (!strcmp(base, devlib_headers[i]))
      return NULL;
  return at;
}

/* A type a system header declares is not printed but included, through
 * the header the program included: a second definition (struct timespec)
 * would clash with the one the device library's own headers bring. */
static const char *system_include(Decl *d)
{
  const char *root = print_system_root(d->loc.file);
  return root ? include_name(root) : NULL;
}

/* The types, last needed first: a definition's own needs are added while
 * scanning backwards, so they are found before it. */
static void write_types(Writer *w)
{
  Vec decls = type_candidates(w->o->tu);
  Vec chosen = {0}, includes = {0};
  for (int i = decls.len - 1; i >= 0; i--) {
    Decl *d = decls.items[i];
    if (!defines_needed(w, d))
      continue;
    const char *inc = system_include(d);
    if (inc) {
      int j = 0;
      while (j < includes.len && strcmp(includes.items[j], inc))
        j++;
      if (j == includes.len)
        vec_push(&includes, (void *)inc);
      continue;
    }
    vec_push(&chosen, d);
    specs_needs(w, d->specs);
  }
  for (int i = includes.len - 1; i >= 0; i--)
    sb_printf(&w->b, "#include <%s>\n", (const char *)includes.items[i]);
  for (int i = chosen.len - 1; i >= 0; i--) {
    Decl *d = chosen.items[i];
    Decl *c = xmalloc(sizeof *c);
    *c = *d;
    if (!specs_has(d->specs, KW_TYPEDEF)) {
      c->decls = (Vec){0}; /* struct s {...} x;  -> the type alone */
      c->specs = type_specs(d->specs);
    }
    printer_decl(w->p, c, 0);
  }
}

/* ---------------------------------------------------------------- directives out */

static void take_out(Writer *w, Stmt **slot, Stmt *replacement)
{
  vec_push(&w->undo, slot);
  vec_push(&w->undo, *slot);
  *slot = replacement;
}

static void put_back(Writer *w)
{
  for (int i = w->undo.len - 2; i >= 0; i -= 2)
    *(Stmt **)w->undo.items[i] = w->undo.items[i + 1];
  w->undo.len = 0;
}

static WalkAction strip(Stmt **slot, void *user)
{
  Writer *w = user;
  Stmt *s = *slot;
  if (s->kind != S_OMP)
    return WALK_CONTINUE;
  if (s->omp->kind == OMPD_ATOMIC) {
    take_out(w, slot, atomic_stmt(s, w->team_atomics && vec_has(w->team_atomics, s)));
    return WALK_SKIP;
  }
  if (s->omp->kind == OMPD_ERROR) {
    take_out(w, slot, error_directive_stmt(s));
    return WALK_SKIP;
  }
  Stmt *repl = s->body;
  if (!repl)
    repl = mk_expr_stmt(s->loc, NULL); /* barrier, flush, ...: one thread */
  take_out(w, slot, repl);
  return WALK_CONTINUE; /* the body's own directives go too */
}

static void strip_directives(Writer *w, Stmt **body)
{
  walk_stmt(&(Walker){.stmt_pre = strip, .user = w}, body);
}

static WalkAction continue_to_next(Stmt **slot, void *user)
{
  Writer *w = user;
  Stmt *s = *slot;
  if (s->kind == S_FOR || s->kind == S_WHILE || s->kind == S_DO)
    return WALK_SKIP; /* their continue is their own */
  if (s->kind != S_CONTINUE)
    return WALK_CONTINUE;
  Stmt *g = mk_stmt(S_GOTO, s->loc);
  g->text = "__ompicc_next";
  take_out(w, slot, g);
  w->next_label = true;
  return WALK_SKIP;
}

/* The body of an SPMD loop is a lambda (devlib-cuda/omp-loop.h): a
 * continue of the loop goes to the end of the body, where what follows
 * each iteration (lastprivate, linear) still runs. */
static void continues_to_next(Writer *w, Stmt **body)
{
  w->next_label = false;
  walk_stmt(&(Walker){.stmt_pre = continue_to_next, .user = w}, body);
}

/* ---------------------------------------------------------------- kernels */

/* A mapped array of constant size arrives as a pointer to the whole
 * array, bound to a reference (T (&x)[N]), so that sizeof x and &x mean
 * what they mean on the host; a variable-length one decays (T x[]). */
static bool array_by_ref(const MapEntry *m)
{
  return m->cap == CAP_ARRAY && m->sym->ty && !type_is_vla(m->sym->ty);
}

/* A firstprivate array of constant size arrives by value, wrapped in a
 * struct (C++ has no array parameters by value); each thread copies it
 * into its own array (OpenMP 5.2 5.4.4), seen under the original name. */
static bool array_by_value(const MapEntry *m)
{
  return m->cap == CAP_LITERAL && m->sym->ty && type_is_array(m->sym->ty);
}

/* A firstprivate object too large for the kernel's parameters
 * (offload.c, large_literals): the parameter is its address, a copy in
 * device memory, from which the kernel makes the copy it would have got
 * by value. */
static bool literal_in_memory(const MapEntry *m)
{
  return m->cap == CAP_LITERAL && (m->flags & OMPICC_MAP_PRIVATE);
}

static const char *wrapper_name(Region *r, const MapEntry *m)
{
  return xasprintf("__ompicc_fpa_%s_%s", r->kernel, m->sym->name);
}

static void array_wrappers(Writer *w, Region *r)
{
  MapEntry *m;
  VEC_EACH(MapEntry *, m, r->maps)
    if (array_by_value(m)) {
      sb_printf(&w->b, "struct %s { %s; };\n", wrapper_name(r, m), decl_text(m->sym, "a", false));
      sym_needs(w, m->sym);
    }
}

static const char *param_name(MapEntry *m)
{
  if (array_by_value(m))
    return xasprintf("%s__ompicc_fpv_%s", literal_in_memory(m) ? "*" : "", m->sym->name);
  if (literal_in_memory(m))
    return xasprintf("*__ompicc_fpp_%s", m->sym->name);
  if (array_by_ref(m))
    return xasprintf("(*__ompicc_p_%s)", m->sym->name);
  if (m->cap == CAP_INITIAL)
    return xasprintf("__ompicc_i_%s", m->sym->name);
  if (m->cap == CAP_SNAPSHOT) /* void *: the part reduced of an array too */
    return xasprintf("__ompicc_s_%s", m->sym->name);
  return m->cap == CAP_REF ? xasprintf("*__ompicc_p_%s", m->sym->name)
                           : print_cxx_name(m->sym->name);
}

static bool is_param(const MapEntry *m)
{
  return m->cap != CAP_NONE;
}

/* Parameter m (the n-th) as a __restrict__ pointer: a pointer to a
 * mapped section, or the pointer to a mapped array of constant size; the
 * pointee is not const, as the region's code is shared with the kernel
 * without the qualifier (width_kernels): after inlining, nvcc sees that
 * nothing writes through it.  False when m is neither, or a view of
 * variable-length arrays. */
static int view_dims(const MapEntry *m);

static bool restrict_param(Writer *w, MapEntry *m, int n)
{
  const char *name;
  if (view_dims(m)) /* a view's pointer and strides (view_params) */
    return false;
  if (m->cap == CAP_PTR && m->sym->ty && type_is_pointer(m->sym->ty)) {
    /* declared T *p, not as an array parameter (T a[10][20]) */
    if (!strstr(decl_text(m->sym, "@", false), "*@"))
      return false;
    name = m->sym->ty->quals & Q_RESTRICT ? param_name(m)
                                          : xasprintf("__restrict__ %s", param_name(m));
  } else if (array_by_ref(m))
    name = xasprintf("(*__restrict__ __ompicc_p_%s)", m->sym->name);
  else
    return false;
  sb_printf(&w->b, "%s%s", n ? ", " : "", decl_text(m->sym, name, false));
  sym_needs(w, m->sym);
  return true;
}

/* An array of more than one variable dimension, or a pointer to
 * variable-length arrays (a parameter double a[n][m]): C++ has neither,
 * so the kernel gets a pointer to the element and a stride per inner
 * dimension, and indexes through a view (ompicc-device.h) named as the
 * variable, so that a[i][j] reads as on the host. */
static int view_dims(const MapEntry *m)
{
  if ((m->cap != CAP_ARRAY && m->cap != CAP_PTR) || !m->sym->ty)
    return 0;
  int dims = offload_view_dims(m->sym->ty);
  return dims > 1 ? dims : 0;
}

static void view_params(StrBuf *b, MapEntry *m, int dims)
{
  const char *v = m->sym->name;
  sb_puts(b, view_elem_text(m->sym, xasprintf("(*__ompicc_p_%s)", v), dims));
  for (int k = 1; k < dims; k++)
    sb_printf(b, ", long long __ompicc_s%d_%s", k, v);
}

static void view_local(StrBuf *b, MapEntry *m, int dims)
{
  const char *v = m->sym->name;
  sb_printf(b, "  __ompicc_vla<__typeof__(*__ompicc_p_%s), %d> %s = {__ompicc_p_%s, {", v, dims,
            print_cxx_name(v), v);
  for (int k = 1; k < dims; k++)
    sb_printf(b, "%s__ompicc_s%d_%s", k > 1 ? ", " : "", k, v);
  sb_puts(b, "}};\n");
}

static WalkAction names_variable(Expr **slot, void *user)
{
  Expr *e = *slot;
  if (e->kind == E_IDENT && (!e->sym || e->sym->kind != SYM_ENUM_CONST))
    *(bool *)user = true;
  return WALK_CONTINUE;
}

/* A parameter declared double w[n] (a pointer): its first bound may name
 * a parameter the kernel does not have, or a later one, and means
 * nothing; it is left out. */
static bool variable_bound(Symbol *s)
{
  Declarator *d = s->param ? s->param->decl : NULL;
  bool var = false;
  if (d && d->kind == DK_ARRAY && d->size)
    walk_expr(&(Walker){.expr_pre = names_variable, .user = &var}, &d->size);
  return var;
}

static Reduction *array_reduction(Region *r, const MapEntry *m);

/* The kernel's parameters; those of the map entries in restricted
 * (Region.readonly, readonly.c) as __restrict__ pointers. */
static void kernel_params(Writer *w, Region *r, unsigned long long restricted)
{
  StrBuf *b = &w->b;
  int n = 0;
  MapEntry *m;
  VEC_EACH(MapEntry *, m, r->maps) {
    if (m_i < 64 && (restricted >> m_i & 1) && restrict_param(w, m, n)) {
      n++;
      continue;
    }
    if (!is_param(m))
      continue;
    bool vla = m->sym->ty && type_is_vla(m->sym->ty);
    int dims = view_dims(m);
    if (dims) {
      sb_puts(b, n++ ? ", " : "");
      view_params(b, m, dims);
    } else if (array_by_value(m))
      sb_printf(b, "%sstruct %s %s", n++ ? ", " : "", wrapper_name(r, m), param_name(m));
    else if (m->cap == CAP_SNAPSHOT)
      sb_printf(b, "%svoid *%s", n++ ? ", " : "", param_name(m));
    else if (m->cap == CAP_PTR && array_reduction(r, m)) /* the private copy is m's name */
      sb_printf(b, "%s%s", n++ ? ", " : "",
                decl_text(m->sym, xasprintf("__ompicc_o_%s", m->sym->name), false));
    else
      sb_printf(b, "%s%s", n++ ? ", " : "", decl_text(m->sym, param_name(m), vla || variable_bound(m->sym)));
    sym_needs(w, m->sym);
  }
  if (r->generic) /* the runtime's, last (ompicc-rt.h, __ompicc_region.spmd) */
    sb_printf(b, "%sint __ompicc_thread_limit", n++ ? ", " : "");
  if (!n)
    sb_puts(b, "void");
}

static Reduction *reduction_of(Region *r, Symbol *s)
{
  Reduction *red;
  VEC_EACH(Reduction *, red, r->reductions)
    if (red->sym == s)
      return red;
  return NULL;
}

/* An array reduction of an SPMD kernel: the original is
 * __ompicc_o_x, the private copy takes the name x. */
static Reduction *array_reduction(Region *r, const MapEntry *m)
{
  if (r->shape == SPMD_NONE || (m->cap != CAP_ARRAY && m->cap != CAP_PTR))
    return NULL;
  Reduction *red = reduction_of(r, m->sym);
  return red && red->is_array ? red : NULL;
}

/* The loop of the SPMD nest whose variable s is, if any. */
static OmpLoop *loop_of(Region *r, Symbol *s)
{
  OmpLoop *l;
  VEC_EACH(OmpLoop *, l, r->loops)
    if (l->var == s)
      return l;
  return NULL;
}

static Linear *linear_of(Region *r, Symbol *s)
{
  Linear *lin;
  VEC_EACH(Linear *, lin, r->linears)
    if (lin->sym == s)
      return lin;
  return NULL;
}

/* Has s the entry of its value at the construct (CAP_INITIAL)? */
static bool initial_of(Region *r, Symbol *s)
{
  MapEntry *m;
  VEC_EACH(MapEntry *, m, r->maps)
    if (m->cap == CAP_INITIAL && m->sym == s)
      return true;
  return false;
}

/* References to mapped objects, private copies (SPMD only: a kernel of
 * one thread works on the objects themselves). */
static void kernel_locals(Writer *w, Region *r)
{
  bool spmd = r->shape != SPMD_NONE;
  MapEntry *m;
  VEC_EACH(MapEntry *, m, r->maps) {
    const char *v = m->sym->name;
    if (view_dims(m))
      view_local(&w->b, m, view_dims(m));
    if (array_by_value(m))
      sb_printf(&w->b, "  struct %s __ompicc_fpl_%s = %s__ompicc_fpv_%s;\n  %s = __ompicc_fpl_%s.a;\n",
                wrapper_name(r, m), v, literal_in_memory(m) ? "*" : "", v,
                decl_text(m->sym, xasprintf("(&%s)", print_cxx_name(v)), false), v);
    else if (literal_in_memory(m))
      sb_printf(&w->b, "  %s = *__ompicc_fpp_%s;\n", decl_text(m->sym, print_cxx_name(v), false), v);
    Reduction *ared = array_reduction(r, m);
    if (array_by_ref(m) && spmd && !ared && vec_has(&r->lastprivates, m->sym)) {
      /* each thread's own array (5.4.5), copied out after the last
       * iteration; also firstprivate: copied in first */
      sb_printf(&w->b, "  %s;\n", decl_text(m->sym, print_cxx_name(v), false));
      if (vec_has(&r->firstlast, m->sym))
        sb_printf(&w->b, "  __ompicc_assign(%s, *__ompicc_p_%s);\n", print_cxx_name(v), v);
    } else if (array_by_ref(m) && spmd && !ared &&
               (vec_has(&r->private_maps, m->sym) || vec_has(&r->firstprivate_maps, m->sym))) {
      /* each thread's own array; firstprivate: from the mapped one */
      sb_printf(&w->b, "  %s;\n", decl_text(m->sym, print_cxx_name(v), false));
      if (vec_has(&r->firstprivate_maps, m->sym))
        sb_printf(&w->b, "  __ompicc_assign(%s, *__ompicc_p_%s);\n", print_cxx_name(v), v);
    } else if (array_by_ref(m) && vec_has(&r->team_copies, m->sym)) {
      /* team-private.c: the narrow kernel (unsigned, launched when the
       * read-only parameters meet no other) adds into the team's copy */
      sb_printf(&w->b, "  /* %s: only added into with atomic constructs here: the team adds into "
                       "its own copy in shared memory, then into %s */\n", v, v);
      sb_printf(&w->b, "  __shared__ %s;\n", decl_text(m->sym, xasprintf("__ompicc_team_%s", v), false));
      sb_printf(&w->b, "  %s = sizeof(__ompicc_I) == 4 ? __ompicc_team_%s : *__ompicc_p_%s;\n",
                decl_text(m->sym, xasprintf("(&%s)", print_cxx_name(v)), false), v, v);
      sb_printf(&w->b, "  if (sizeof(__ompicc_I) == 4)\n    __ompicc_team_copy_zero(__ompicc_team_%s);\n", v);
    } else if (array_by_ref(m))
      sb_printf(&w->b, "  %s = *__ompicc_p_%s;\n",
                decl_text(m->sym, xasprintf("(&%s)", ared ? xasprintf("__ompicc_o_%s", v)
                                                           : print_cxx_name(v)), false), v);
    if (ared) {
      char *fini;
      Vec stmts = reduction_array(m->sym, &ared->arr, print_cxx_name(v),
                                    xasprintf("__ompicc_o_%s", v), ared->op, ared->udr,
                                    "__ompicc_reduce_n", false,
                                    offload_snapshot_of(r, m->sym)
                                        ? xasprintf("__ompicc_s_%s", v) : NULL,
                                    &fini);
      const char *st;
      VEC_EACH(const char *, st, stmts)
        sb_printf(&w->b, "  %s;\n", st);
      vec_push(&w->fini, fini);
    }
    if (m->cap != CAP_REF)
      continue;
    Reduction *red = spmd ? reduction_of(r, m->sym) : NULL;
    if (red) /* omp_orig: the original at the launch, when it has a copy */
      sb_printf(&w->b, "  %s;\n", reduction_private(m->sym, print_cxx_name(v), red->op, red->udr,
                                                       offload_snapshot_of(r, m->sym)
                                                           ? xasprintf("(*(%s)__ompicc_s_%s)",
                                                                       decl_text(m->sym, "(*)", false), v)
                                                           : xasprintf("*__ompicc_p_%s", v)));
    else if (spmd && vec_has(&r->firstlast, m->sym))
      sb_printf(&w->b, "  %s = %s%s;\n", decl_text(m->sym, print_cxx_name(v), false),
                initial_of(r, m->sym) ? "__ompicc_i_" : "*__ompicc_p_", v);
    else if (spmd && linear_of(r, m->sym)) /* set at each iteration (loop_open) */
      sb_printf(&w->b, "  %s;\n", decl_text(m->sym, print_cxx_name(v), false));
    else if (spmd && vec_has(&r->lastprivates, m->sym)) {
      if (!loop_of(r, m->sym)) /* a loop variable is declared per iteration */
        sb_printf(&w->b, "  %s;\n", decl_text(m->sym, print_cxx_name(v), false));
    }
    else if (spmd && vec_has(&r->private_maps, m->sym)) {
      if (!loop_of(r, m->sym))
        sb_printf(&w->b, "  %s;\n", decl_text(m->sym, print_cxx_name(v), false));
    }
    else if (spmd && vec_has(&r->firstprivate_maps, m->sym)) /* from the mapped object */
      sb_printf(&w->b, "  %s; memcpy((void *)&%s, (const void *)__ompicc_p_%s, sizeof %s);\n",
                decl_text(m->sym, print_cxx_name(v), false), print_cxx_name(v), v, print_cxx_name(v));
    else
      sb_printf(&w->b, "  %s = *__ompicc_p_%s;\n",
                decl_text(m->sym, xasprintf("&%s", print_cxx_name(v)), false), v);
  }
  Symbol *s;
  VEC_EACH(Symbol *, s, r->privates) {
    sb_printf(&w->b, "  %s;\n", decl_text(s, print_cxx_name(s->name), false));
    sym_needs(w, s);
  }
}

static const char *const shape_start[] = {
    [SPMD_GRID] = "(long long)blockIdx.x * blockDim.x + threadIdx.x",
    [SPMD_BLOCK] = "threadIdx.x",
    [SPMD_TEAMS] = "threadIdx.x == 0 ? (long long)blockIdx.x : __ompicc_total",
};
static const char *const shape_stride[] = {
    [SPMD_GRID] = "(long long)gridDim.x * blockDim.x",
    [SPMD_BLOCK] = "blockDim.x",
    [SPMD_TEAMS] = "gridDim.x",
};

/* Do the statements stmts (NULL: the whole body) name loop l's variable? */
static bool loop_var_used(OmpLoop *l, Vec *stmts)
{
  if (!stmts)
    return l->used;
  for (int i = 0; i < stmts->len; i++)
    if (walk_stmt_names((Stmt **)&stmts->items[i], l->var))
      return true;
  return false;
}

/* Is a collapsed nest's walk unrolled (omp-loop.h)?  When its body holds
 * a loop of its own, of a run-time trip count (offload_body_loops): on
 * an H100 that made gemm 2.1 times faster, where a body without one
 * (jacobi's stencil) ran as fast rolled, in half the code (bench/sass: 96
 * SASS instructions against 209), and conv3d's 3 x 3 x 3 loops, which
 * nvcc unrolls whole, gained 2% for three times the code. */
static bool walk_unrolled(Region *r)
{
  return r->loops.len >= 2 && !(r->hints & OMPICC_REGION_UNCOALESCED) && offload_body_loops(r);
}

/* for (iv = start; iv < bound; iv += stride), by devlib-cuda/omp-loop.h
 * (start NULL: the nest of bound iterations on the grid's dimensions,
 * offload_grid_dims), and the loop variables that the statements it runs
 * (NULL: the body) use; the iteration __ompicc_iv and the nest's indices
 * __ompicc_k are 32-bit or 64-bit integers, as the space allows. */
static void loop_open(Writer *w, Region *r, const char *start, const char *bound,
                      const char *stride, Vec *runs)
{
  StrBuf *b = &w->b;
  OmpLoop *l;
  if (!start) /* the nest on a grid of as many dimensions */
    sb_printf(b, "  __ompicc_for_grid<__ompicc_I>(%s, __ompicc_ext,\n"
                 "               [&](auto __ompicc_iv, auto *__ompicc_k) {\n", bound);
  else
    sb_printf(b, "  %s(%s, %s, %s, __ompicc_ext,\n"
                 "               [&](auto __ompicc_iv, auto *__ompicc_k) {\n",
              !offload_two_widths(r) ? "__ompicc_for"
              : walk_unrolled(r) ? "__ompicc_for_in<__ompicc_I, 4>"
                                 : "__ompicc_for_in<__ompicc_I>",
              start, bound, stride);
  /* linear variables: their value at the construct plus the iteration's
   * number times the step (OpenMP 5.2 5.4.6) */
  Linear *lin;
  VEC_EACH(Linear *, lin, r->linears)
    sb_printf(b, "    %s = __ompicc_i_%s + (long long)__ompicc_iv * (%s);\n", print_cxx_name(lin->sym->name),
              lin->sym->name, lin->step ? print_expr_str(lin->step) : "1");
  /* the loop variables, innermost varying fastest */
  int n = r->loops.len;
  bool rect = offload_nest_rectangular(&r->loops);
  bool *used = xcalloc(n + 1, sizeof *used);
  for (int i = 0; i < n; i++) {
    l = r->loops.items[i];
    used[i] = loop_var_used(l, runs); /* else nvcc warns "declared but never referenced" */
    if (rect && used[i])
      sb_printf(b, "    %s = %s;\n", decl_text(l->var, print_cxx_name(l->name), false),
                offload_loop_value(l, xasprintf("(long long)__ompicc_k[%d]", i)));
    sym_needs(w, l->var);
    walk_expr(&(Walker){.expr_pre = type_use, .user = w}, &l->lb);
    walk_expr(&(Walker){.expr_pre = type_use, .user = w}, &l->ub);
    if (l->step)
      walk_expr(&(Walker){.expr_pre = type_use, .user = w}, &l->step);
  }
  if (!rect) { /* a non-rectangular nest: nest.c */
    const char *st;
    VEC_EACH(const char *, st, nest_iteration(&r->loops, "", "(long long)__ompicc_iv", used))
      sb_printf(b, "    %s;\n", st);
  }
}

/* Where a continue of the loop goes (continues_to_next), before what
 * follows each iteration. */
static void loop_label(Writer *w)
{
  if (w->next_label)
    sb_puts(&w->b, "    __ompicc_next:;\n");
}

static void loop_close(Writer *w)
{
  sb_puts(&w->b, "  });\n");
}

/* A loop with a scan (offload.c, scan_loop): each thread of the one team
 * takes a contiguous chunk of iterations; it runs their input phases,
 * then gets the value its chunk starts from (__ompicc_scan_prefix, which
 * also leaves the final value in the original), and the loop proper runs
 * the chunk again, whole. */
static void scan_pass(Writer *w, Region *r)
{
  StrBuf *b = &w->b;
  sb_puts(b, "  const long long __ompicc_chunk = (__ompicc_total + blockDim.x - 1) / blockDim.x;\n"
             "  const long long __ompicc_lo = threadIdx.x * __ompicc_chunk;\n"
             "  const long long __ompicc_hi = __ompicc_total - __ompicc_lo < __ompicc_chunk ? "
             "__ompicc_total : __ompicc_lo + __ompicc_chunk;\n"
             "  /* the input phases of the chunk */\n");
  loop_open(w, r, "__ompicc_lo", "__ompicc_hi", "1", &r->input_phase);
  printer_stmt(w->p, mk_compound(r->scan->loc, r->input_phase), 2);
  loop_label(w);
  loop_close(w);
  Reduction *red;
  VEC_EACH(Reduction *, red, r->reductions)
    if (red->inscan)
      sb_printf(b, "  %s = __ompicc_scan_prefix(__ompicc_p_%s, %s, %s());\n",
                print_cxx_name(red->sym->name), red->sym->name, print_cxx_name(red->sym->name),
                reduction_functor(red->op, red->udr));
  sb_puts(b, "  /* the chunk again, from the prefix before it */\n");
}

/* The chunk of an explicit static schedule of the SPMD loop (schedule
 * for its threads, dist_schedule for its teams): "0" without a chunk
 * size; NULL for another kind or no clause, whose iterations go to the
 * threads in whatever order the implementation chooses (OpenMP 5.2
 * 11.5.3: dynamic, guided, auto and the default; grid-stride here). */
static const char *static_chunk(Region *r, OmpClauseKind k)
{
  OmpClause *c = omp_find_clause(r->loop_dir ? r->loop_dir : r->dir, k);
  if (!c && r->loop_dir && r->loop_dir != r->dir)
    c = omp_find_clause(r->dir, k);
  if (!c || (k == OMPC_SCHEDULE && c->word != OMPW_STATIC))
    return NULL;
  return c->expr ? xasprintf("(%s)", print_expr_str(c->expr)) : "0";
}

/* A static schedule or dist_schedule the program may rely on: the teams
 * take their chunks of the iteration space (dist_schedule; contiguous
 * blocks without one), then a team's threads theirs of each (schedule;
 * round robin one by one without one, which keeps a warp's accesses
 * together), as the library deals them (__ompicc_chunks):
 *
 *   for (__ompicc_chunks_init(&__ompicc_dc, 0, __ompicc_total, 3, blockIdx.x, gridDim.x);
 *        __ompicc_chunks_next(&__ompicc_dc, &__ompicc_dlo, &__ompicc_dhi);)
 *   for (__ompicc_chunks_init(&__ompicc_tc, __ompicc_dlo, __ompicc_dhi, 1, threadIdx.x, ...);
 *        __ompicc_chunks_next(&__ompicc_tc, &__ompicc_lo, &__ompicc_hi);)
 *   for (long long __ompicc_iv = __ompicc_lo; __ompicc_iv < __ompicc_hi; __ompicc_iv += 1) {
 */
static bool static_chunks(Writer *w, Region *r)
{
  const char *dist = r->shape == SPMD_BLOCK ? NULL : static_chunk(r, OMPC_DIST_SCHEDULE);
  const char *sched = r->shape == SPMD_TEAMS ? NULL : static_chunk(r, OMPC_SCHEDULE);
  if (r->scan || r->shape == SPMD_NONE || (!dist && !sched))
    return false;
  StrBuf *b = &w->b;
  bool teams = r->shape != SPMD_BLOCK, threads = r->shape != SPMD_TEAMS;
  if (teams)
    sb_puts(b, "  __ompicc_chunks __ompicc_dc;\n  long long __ompicc_dlo, __ompicc_dhi;\n");
  if (threads)
    sb_puts(b, "  __ompicc_chunks __ompicc_tc;\n  long long __ompicc_lo, __ompicc_hi;\n");
  if (teams) /* one thread per team for teams distribute */
    sb_printf(b, "  for (__ompicc_chunks_init(&__ompicc_dc, 0, %s, %s, blockIdx.x, gridDim.x);\n"
                 "       __ompicc_chunks_next(&__ompicc_dc, &__ompicc_dlo, &__ompicc_dhi);)\n",
              threads || r->team_loops.len ? "__ompicc_total" : "threadIdx.x == 0 ? __ompicc_total : 0",
              dist ? dist : "0");
  if (!threads) {
    loop_open(w, r, "__ompicc_dlo", "__ompicc_dhi", "1", NULL);
    return true;
  }
  sb_printf(b, "  for (__ompicc_chunks_init(&__ompicc_tc, %s, %s, %s, threadIdx.x, blockDim.x);\n"
               "       __ompicc_chunks_next(&__ompicc_tc, &__ompicc_lo, &__ompicc_hi);)\n",
            teams ? "__ompicc_dlo" : "0", teams ? "__ompicc_dhi" : "__ompicc_total",
            sched ? sched : "1");
  loop_open(w, r, "__ompicc_lo", "__ompicc_hi", "1", NULL);
  return true;
}

/* simd safelen(n) where simd is the loop's only parallelism (target
 * simd): no two iterations n or more apart may run at once (OpenMP 5.2
 * 10.4.1), so the block's first n threads run the iterations in rounds
 * of n, the whole block waiting at the end of each (every thread goes
 * through the same rounds, for __syncthreads):
 *
 *   for (long long __ompicc_round = 0; __ompicc_round < __ompicc_total;
 *        __ompicc_round += __ompicc_safelen, __syncthreads())
 *   for (long long __ompicc_iv = __ompicc_round + threadIdx.x; ...: at most once
 */
static bool simd_rounds(Writer *w, Region *r)
{
  if (!r->safelen || r->scan || r->shape != SPMD_BLOCK)
    return false;
  StrBuf *b = &w->b;
  sb_printf(b, "  const long long __ompicc_safelen = (%s) < (long long)blockDim.x ? (%s) : "
               "(long long)blockDim.x;\n", print_expr_str(r->safelen), print_expr_str(r->safelen));
  sb_puts(b, "  for (long long __ompicc_round = 0; __ompicc_round < __ompicc_total;\n"
             "       __ompicc_round += __ompicc_safelen, __syncthreads())\n");
  loop_open(w, r, "__ompicc_round + threadIdx.x",
            "(threadIdx.x < __ompicc_safelen ? __ompicc_total : 0)", "__ompicc_total", NULL);
  return true;
}

/* Is every variable of the expression one the kernel takes by value
 * (a firstprivate scalar, CAP_LITERAL), an enum constant, or none, with
 * no call, access to memory or side effect?  Then the kernel computes
 * the same value from it as the host did at the construct. */
typedef struct HostValue {
  Region *r;
  bool same;
} HostValue;

static WalkAction host_value_expr(Expr **slot, void *user)
{
  HostValue *h = user;
  Expr *e = *slot;
  switch (e->kind) {
  case E_INT: case E_FLOAT: case E_CHAR: case E_PAREN: case E_CAST: case E_BINARY: case E_COND:
    return WALK_CONTINUE;
  case E_UNARY:
    if (e->op == OP_DEREF || e->op == OP_ADDR)
      break;
    return WALK_CONTINUE;
  case E_SIZEOF_EXPR: case E_ALIGNOF_EXPR: /* the operand is not evaluated, */
    if (e->a && e->a->ty && !type_is_vla(e->a->ty)) /* unless a VLA's */
      return WALK_SKIP;
    break;
  case E_SIZEOF_TYPE: case E_ALIGNOF_TYPE:
    if (e->type && e->type->ty && !type_is_vla(e->type->ty))
      return WALK_SKIP;
    break;
  case E_IDENT:
    if (e->sym && e->sym->kind == SYM_ENUM_CONST)
      return WALK_CONTINUE;
    MapEntry *m;
    VEC_EACH(MapEntry *, m, h->r->maps)
      if (m->sym == e->sym && m->cap == CAP_LITERAL)
        return WALK_CONTINUE;
    break;
  default:
    break;
  }
  h->same = false;
  return WALK_STOP;
}

static bool bounds_from_host(Region *r)
{
  HostValue h = {r, true};
  Walker wk = {.expr_pre = host_value_expr, .user = &h};
  OmpLoop *l;
  VEC_EACH(OmpLoop *, l, r->loops) {
    walk_expr(&wk, &l->lb);
    walk_expr(&wk, &l->ub);
    if (l->step)
      walk_expr(&wk, &l->step);
  }
  return h.same;
}

static void loop_header(Writer *w, Region *r)
{
  StrBuf *b = &w->b;
  OmpLoop *l;
  if (!offload_nest_rectangular(&r->loops)) {
    /* the collapsed space numbered as in any nest, mapped back by nest.c */
    const char *st;
    VEC_EACH(const char *, st, nest_decls(&r->loops, ""))
      sb_printf(b, "  %s;\n", st);
    sb_printf(b, "  const long long __ompicc_total = %s;\n", nest_count(&r->loops, ""));
    sb_puts(b, "  const long long __ompicc_ext[] = {__ompicc_total};\n");
  } else {
    /* the 32-bit kernel runs only when the host found every loop of the
     * nest running (rt-target.c needs_wide): when the kernel sees the
     * host's values, it need not test again (__ompicc_extent) */
    bool host = offload_two_widths(r) && bounds_from_host(r);
    VEC_EACH(OmpLoop *, l, r->loops) {
      char *runs, *count;
      offload_trip_parts(l, &runs, &count);
      if (host)
        sb_printf(b, "  const long long __ompicc_n%d = __ompicc_extent<__ompicc_I>(%s, %s);\n", l_i,
                  runs, count);
      else
        sb_printf(b, "  const long long __ompicc_n%d = %s;\n", l_i, offload_trip(l));
    }
    sb_puts(b, "  const long long __ompicc_total = ");
    VEC_EACH(OmpLoop *, l, r->loops)
      sb_printf(b, "%s__ompicc_n%d", l_i ? " * " : "", l_i);
    sb_puts(b, ";\n  const long long __ompicc_ext[] = {");
    VEC_EACH(OmpLoop *, l, r->loops)
      sb_printf(b, "%s__ompicc_n%d", l_i ? ", " : "", l_i);
    sb_puts(b, "};\n");
  }
  if (r->scan) {
    scan_pass(w, r);
    loop_open(w, r, "__ompicc_lo", "__ompicc_hi", "1", NULL);
  } else if (offload_grid_dims(r))
    loop_open(w, r, NULL, "__ompicc_total", NULL, NULL);
  else if (!simd_rounds(w, r) && !static_chunks(w, r))
    loop_open(w, r, r->team_loops.len ? "(long long)blockIdx.x" : shape_start[r->shape],
              "__ompicc_total", shape_stride[r->shape], NULL);
}

/* Each thread's copy of the region's scalar reductions, combined into
 * the original at the kernel's end. */
static void region_reductions(Writer *w, Region *r)
{
  Reduction *red;
  VEC_EACH(Reduction *, red, r->reductions)
    if (!red->is_array && !red->inscan)
      sb_printf(&w->b, "  __ompicc_reduce(__ompicc_p_%s, %s, %s());\n", red->sym->name,
                print_cxx_name(red->sym->name), reduction_functor(red->op, red->udr));
}

static void loop_footer(Writer *w, Region *r)
{
  StrBuf *b = &w->b;
  loop_label(w);
  if (r->lastprivates.len || r->linears.len) {
    sb_puts(b, "    if (__ompicc_iv == __ompicc_total - 1) {\n");
    Linear *lin;
    VEC_EACH(Linear *, lin, r->linears)
      sb_printf(b, "      *__ompicc_p_%s = %s;\n", lin->sym->name, print_cxx_name(lin->sym->name));
    Symbol *s;
    VEC_EACH(Symbol *, s, r->lastprivates) {
      /* a loop variable: the value the loop leaves it with (OpenMP 5.2 5.4.5) */
      OmpLoop *l = loop_of(r, s);
      int k = 0;
      while (l && r->loops.items[k] != l)
        k++;
      const char *last = !l ? print_cxx_name(s->name)
                         : !offload_nest_rectangular(&r->loops)
                             ? nest_final_value(&r->loops, k, "")
                             : offload_loop_value(l, xasprintf("__ompicc_n%d", k));
      sb_printf(b, "      %s;\n", assign_text(s, xasprintf("*__ompicc_p_%s", s->name), last));
    }
    sb_puts(b, "    }\n");
  }
  loop_close(w);
  region_reductions(w, r);
  const char *fini;
  VEC_EACH(const char *, fini, w->fini)
    sb_printf(b, "  %s;\n", fini);
  w->fini = (Vec){0};
}

/* ---------------------------------------------------------------- team loops */

/* A statement printed as its text followed by ';'. */
static Stmt *text_stmt(Loc loc, const char *text)
{
  Stmt *s = mk_stmt(S_ASM, loc);
  s->text = text;
  return s;
}

/* A line printed as it is (a comment). */
static Stmt *line_stmt(Loc loc, const char *text)
{
  Stmt *s = mk_stmt(S_VERBATIM, loc);
  s->text = text;
  s->len = (int)strlen(text);
  return s;
}

/* The number of the parallel loop in its region, 1 first: the names of
 * its variables (__ompicc_tn1, __ompicc_t1, ...). */
static int tl_index(Region *r, TeamLoop *tl)
{
  for (int i = 0; i < r->team_loops.len; i++)
    if (r->team_loops.items[i] == tl)
      return i + 1;
  return 0;
}

static TeamLoop *team_loop_of(Region *r, Stmt *s)
{
  TeamLoop *tl;
  VEC_EACH(TeamLoop *, tl, r->team_loops)
    if (tl->stmt == s)
      return tl;
  return NULL;
}

/* The private copies of a parallel loop or region of a team: references
 * to the originals (reduction __ompicc_o_x, firstprivate __ompicc_f_x,
 * lastprivate __ompicc_l_x) into outer, the copies into inner. */
static void team_copies(Writer *w, TeamLoop *tl, Vec *outer, Vec *inner)
{
  Loc loc = {0};
  Reduction *red;
  VEC_EACH(Reduction *, red, tl->reductions) {
    const char *v = red->sym->name;
    sym_needs(w, red->sym);
    vec_push(outer, text_stmt(loc, xasprintf("%s = %s", decl_text(red->sym, xasprintf("(&__ompicc_o_%s)", v), false),
                                            print_cxx_name(v))));
    vec_push(inner, text_stmt(loc, reduction_private(red->sym, print_cxx_name(v), red->op, NULL,
                                                     xasprintf("__ompicc_o_%s", v))));
  }
  Symbol *s;
  VEC_EACH(Symbol *, s, tl->firstprivates) {
    sym_needs(w, s);
    vec_push(outer, text_stmt(loc, xasprintf("%s = %s", decl_text(s, xasprintf("(&__ompicc_f_%s)", s->name), false),
                                            print_cxx_name(s->name))));
    vec_push(inner, text_stmt(loc, xasprintf("%s = __ompicc_f_%s", decl_text(s, print_cxx_name(s->name), false),
                                            s->name)));
  }
  VEC_EACH(Symbol *, s, tl->privates) {
    sym_needs(w, s);
    vec_push(inner, text_stmt(loc, decl_text(s, print_cxx_name(s->name), false)));
  }
  VEC_EACH(Symbol *, s, tl->lastprivates) {
    sym_needs(w, s);
    vec_push(outer, text_stmt(loc, xasprintf("%s = %s", decl_text(s, xasprintf("(&__ompicc_l_%s)", s->name), false),
                                            print_cxx_name(s->name))));
    if (!vec_has(&tl->firstprivates, s))
      vec_push(inner, text_stmt(loc, decl_text(s, print_cxx_name(s->name), false)));
  }
}

/* After a parallel loop or region of a team: its reductions combined
 * into every thread's original, its lastprivate values handed to every
 * thread (k: the loop's number), else its closing barrier. */
static void team_results(TeamLoop *tl, int k, Vec *inner)
{
  Loc loc = {0};
  Reduction *red;
  bool met = false; /* a barrier closes the loop */
  VEC_EACH(Reduction *, red, tl->reductions) {
    const char *fn = reduction_functor(red->op, NULL), *v = red->sym->name;
    if (red->shared_orig) /* one thread combines the block's into the storage */
      vec_push(inner, text_stmt(loc, xasprintf("__ompicc_reduce(&__ompicc_o_%s, %s, %s())", v,
                                              print_cxx_name(v), fn)));
    else
      vec_push(inner, text_stmt(loc, xasprintf("__ompicc_o_%s = %s()(__ompicc_o_%s, __ompicc_block_allreduce(%s, %s()))",
                                              v, fn, v, print_cxx_name(v), fn)));
    met = !red->shared_orig;
  }
  Symbol *s;
  VEC_EACH(Symbol *, s, tl->lastprivates)
    vec_push(inner, text_stmt(loc, xasprintf("__ompicc_l_%s = __ompicc_block_pick(%s, __ompicc_last%d, "
                                            "__ompicc_l_%s)", s->name, print_cxx_name(s->name), k,
                                            s->name)));
  if (tl->lastprivates.len)
    met = true;
  if (!met && (!tl->nowait || tl->reductions.len)) /* the combined value seen by all */
    vec_push(inner, text_stmt(loc, "__syncthreads()"));
}

/* A parallel loop of a teams distribute loop that every thread of the
 * team runs (transform/team-loops.c): its iterations dealt to the
 * team's threads round robin (no schedule, auto, dynamic: the
 * implementation's choice), or in the chunks of schedule(static),
 * each with its private copies; a reduction combined into every
 * thread's original by the block's all-reduce, which ends with the
 * loop's barrier.  A single loop dealt round robin takes its trip count
 * where it runs (a loop that does not run may span more than 64 bits:
 * from LONG_MAX up to LONG_MIN), and each thread counts down the
 * iterations left (r), from which its iteration (t) follows: nvcc then
 * keeps one induction variable, where an upward count also keeps the
 * bound, and no thread's count can pass the end of its type:
 *
 *   {
 *     float (&__ompicc_o_sum) = sum;
 *     {
 *       float sum = 0;
 *       if ((ptr[r + 1]) > (ptr[r])) {
 *         const long long __ompicc_tn1 = ((long long)(ptr[r + 1]) - (long long)(ptr[r]));
 *         for (long long __ompicc_r1 = __ompicc_tn1 - threadIdx.x; __ompicc_r1 > 0; __ompicc_r1 -= blockDim.x) {
 *           const long long __ompicc_t1 = __ompicc_tn1 - __ompicc_r1;
 *           long e = (ptr[r]) + ((long long)__ompicc_t1) * (1);
 *           ... the loop's body ...
 *         }
 *       }
 *       __ompicc_o_sum = __ompicc_op_add()(__ompicc_o_sum, __ompicc_block_allreduce(sum, __ompicc_op_add()));
 *     }
 *   }
 */
/* The threads of a parallel loop or region with num_threads or if
 * (OpenMP 5.2 10.1.1: if false, one), as the constant name; and, as they
 * are fewer than the block, a local omp_get_num_threads that answers
 * their number, hiding the library's (team-loops.c lets the body call
 * it, and omp_get_thread_num, which threadIdx.x answers for them too). */
static void team_size(const TeamLoop *tl, const char *name, Vec *out)
{
  Loc loc = {0};
  const char *all = tl->num_threads ? xasprintf("__ompicc_team_threads(%s)",
                                                print_expr_str(tl->num_threads))
                                    : "blockDim.x";
  vec_push(out, text_stmt(loc, tl->if_expr
      ? xasprintf("const unsigned %s = (%s) ? %s : 1u", name, print_expr_str(tl->if_expr), all)
      : xasprintf("const unsigned %s = %s", name, all)));
  vec_push(out, text_stmt(loc, xasprintf("const auto omp_get_num_threads __attribute__((unused)) = "
                                         "[=]() -> int { return (int)%s; }", name)));
}

static Stmt *team_loop(Writer *w, TeamLoop *tl, int k)
{
  Loc at = tl->stmt->loc, loc = {0}; /* the kernel file's own lines */
  OmpLoop *l = tl->loop;
  Vec outer = {0}, inner = {0}, iter = {0};
  StrBuf d = {0};
  print_directive(&d, tl->stmt->omp);
  vec_push(&outer, line_stmt(loc, xasprintf("/* %s (line %d): the team's threads share its "
                                            "iterations */", d.s, at.line)));
  team_copies(w, tl, &outer, &inner);
  if (tl->lastprivates.len)
    vec_push(&inner, text_stmt(loc, xasprintf("bool __ompicc_last%d = false", k)));
  /* one loop dealt round robin: its count, taken where the loop runs */
  bool guarded = tl->loops.len == 1 && !tl->by_chunks;
  char *runs = NULL, *count = NULL;
  if (guarded)
    offload_trip_parts(l, &runs, &count);
  else if (tl->loops.len == 1)
    vec_push(&outer, text_stmt(loc, xasprintf("const long long __ompicc_tn%d = %s", k, offload_trip(l))));
  else { /* a collapsed nest: its extents, and their product */
    StrBuf total = {0};
    OmpLoop *ld;
    VEC_EACH(OmpLoop *, ld, tl->loops) {
      vec_push(&outer, text_stmt(loc, xasprintf("const long long __ompicc_tn%d_%d = %s", k, ld_i,
                                               offload_trip(ld))));
      sb_printf(&total, "%s__ompicc_tn%d_%d", ld_i ? " * " : "", k, ld_i);
    }
    vec_push(&outer, text_stmt(loc, xasprintf("const long long __ompicc_tn%d = %s", k, total.s)));
  }
  const char *threads = "blockDim.x";
  bool fewer = tl->num_threads || tl->if_expr; /* not every thread of the team */
  bool of_region = !fewer && tl->in && (tl->in->num_threads || tl->in->if_expr);
  if (of_region) { /* a for of a parallel region of fewer threads: those */
    vec_push(&outer, text_stmt(loc, xasprintf("const unsigned __ompicc_tt%d = __ompicc_region_threads",
                                             k)));
    threads = xasprintf("__ompicc_tt%d", k);
    fewer = true;
  } else if (fewer) {
    threads = xasprintf("__ompicc_tt%d", k);
    team_size(tl, threads, &outer);
  }
  /* the loop variables of the iteration, innermost varying fastest */
  if (guarded) /* counted down by the iterations left, this one included */
    vec_push(&iter, text_stmt(loc, xasprintf("const long long __ompicc_t%d = __ompicc_tn%d - __ompicc_r%d",
                                            k, k, k)));
  if (tl->lastprivates.len)
    vec_push(&iter, text_stmt(loc, xasprintf("__ompicc_last%d = __ompicc_t%d == __ompicc_tn%d - 1",
                                            k, k, k)));
  int n = tl->loops.len;
  if (n > 1)
    vec_push(&iter, text_stmt(loc, xasprintf("long long __ompicc_q%d = __ompicc_t%d", k, k)));
  for (int i = n - 1; i >= 0; i--) {
    OmpLoop *ld = tl->loops.items[i];
    walk_expr(&(Walker){.expr_pre = type_use, .user = w}, &ld->lb);
    walk_expr(&(Walker){.expr_pre = type_use, .user = w}, &ld->ub);
    if (ld->step)
      walk_expr(&(Walker){.expr_pre = type_use, .user = w}, &ld->step);
    sym_needs(w, ld->var);
    const char *it = n == 1 ? xasprintf("(long long)__ompicc_t%d", k)
                     : i ? xasprintf("(__ompicc_q%d %% __ompicc_tn%d_%d)", k, k, i)
                         : xasprintf("__ompicc_q%d", k);
    if (ld->used)
      vec_push(&iter, text_stmt(loc, xasprintf("%s = %s", decl_text(ld->var, print_cxx_name(ld->name), false),
                                              offload_loop_value(ld, it))));
    if (i)
      vec_push(&iter, text_stmt(loc, xasprintf("__ompicc_q%d /= __ompicc_tn%d_%d", k, k, i)));
  }
  vec_push(&iter, tl->body);
  Stmt *f = mk_stmt(S_FOR, loc);
  f->body = mk_compound(loc, iter);
  if (tl->by_chunks) {
    /* schedule(static[, chunk]): the thread's chunks, as the library
     * deals them (__ompicc_chunks, also static_chunks) */
    vec_push(&inner, text_stmt(loc, xasprintf("__ompicc_chunks __ompicc_c%d", k)));
    vec_push(&inner, text_stmt(loc, xasprintf("long long __ompicc_lo%d, __ompicc_hi%d", k, k)));
    Stmt *chunks = mk_stmt(S_FOR, loc);
    const char *end = fewer ? xasprintf("threadIdx.x < %s ? __ompicc_tn%d : 0", threads, k)
                            : xasprintf("__ompicc_tn%d", k);
    chunks->init = mk_expr_stmt(loc, mk_ident(loc, xasprintf(
        "__ompicc_chunks_init(&__ompicc_c%d, 0, %s, %s, threadIdx.x, %s)", k, end,
        tl->chunk ? xasprintf("(%s)", print_expr_str(tl->chunk)) : "0", threads)));
    chunks->expr = mk_ident(loc, xasprintf("__ompicc_chunks_next(&__ompicc_c%d, &__ompicc_lo%d, "
                                           "&__ompicc_hi%d)", k, k, k));
    f->init = mk_expr_stmt(loc, mk_ident(loc, xasprintf("long long __ompicc_t%d = __ompicc_lo%d", k, k)));
    f->expr = mk_ident(loc, xasprintf("__ompicc_t%d < __ompicc_hi%d", k, k));
    f->expr2 = mk_ident(loc, xasprintf("__ompicc_t%d++", k));
    chunks->body = f;
    vec_push(&inner, chunks);
  } else if (guarded) {
    f->init = mk_expr_stmt(loc, mk_ident(loc, fewer
        ? xasprintf("long long __ompicc_r%d = threadIdx.x < __ompicc_tt%d ? __ompicc_tn%d - threadIdx.x : 0", k, k, k)
        : xasprintf("long long __ompicc_r%d = __ompicc_tn%d - threadIdx.x", k, k)));
    f->expr = mk_ident(loc, xasprintf("__ompicc_r%d > 0", k));
    f->expr2 = mk_ident(loc, xasprintf("__ompicc_r%d -= %s", k, threads));
    Vec run = {0};
    vec_push(&run, text_stmt(loc, xasprintf("const long long __ompicc_tn%d = %s", k, count)));
    vec_push(&run, f);
    vec_push(&inner, mk_if(loc, mk_ident(loc, runs), mk_compound(loc, run), NULL));
  } else {
    f->init = mk_expr_stmt(loc, mk_ident(loc, fewer
        ? xasprintf("long long __ompicc_t%d = threadIdx.x < __ompicc_tt%d ? threadIdx.x : __ompicc_tn%d", k, k, k)
        : xasprintf("long long __ompicc_t%d = threadIdx.x", k)));
    f->expr = mk_ident(loc, xasprintf("__ompicc_t%d < __ompicc_tn%d", k, k));
    f->expr2 = mk_ident(loc, xasprintf("__ompicc_t%d += %s", k, threads));
    vec_push(&inner, f);
  }
  team_results(tl, k, &inner);
  vec_push(&outer, mk_compound(loc, inner));
  return mk_compound(loc, outer);
}

/* A barrier, single, master or masked directly in a parallel region that
 * every thread of the team runs: __syncthreads(), or the body on one
 * thread (single: the first, then a barrier unless nowait). */
static Stmt *team_sync(Stmt *s, bool fewer)
{
  Loc loc = {0};
  OmpDir *d = s->omp;
  if (d->kind == OMPD_BARRIER)
    return text_stmt(loc, "__syncthreads()");
  OmpClause *filter = omp_find_clause(d, OMPC_FILTER);
  /* a filter beyond the region's threads names none of them (10.5) */
  const char *who = filter && filter->expr
                        ? xasprintf("threadIdx.x == (%s)%s", print_expr_str(filter->expr),
                                    fewer ? " && threadIdx.x < __ompicc_region_threads" : "")
                        : "threadIdx.x == 0";
  Stmt *one = mk_if(loc, mk_ident(loc, who), s->body, NULL);
  if (d->kind != OMPD_SINGLE || omp_find_clause(d, OMPC_NOWAIT))
    return one;
  Vec v = {0};
  vec_push(&v, one);
  vec_push(&v, text_stmt(loc, "__syncthreads()"));
  return mk_compound(loc, v);
}

/* A parallel region in the serial code of a region that every thread of
 * the team runs: its body on every thread, as the region's threads
 * (private, firstprivate and reduction copies as for a loop), its for
 * constructs the team's loops, a closing barrier (or the reductions'
 * all-reduce). */
static Stmt *team_region(Writer *w, Region *r, TeamLoop *pr)
{
  Loc loc = {0};
  Vec outer = {0}, inner = {0};
  StrBuf d = {0};
  print_directive(&d, pr->stmt->omp);
  vec_push(&outer, line_stmt(loc, xasprintf("/* %s (line %d): every thread of the team runs "
                                            "it */", d.s, pr->stmt->loc.line)));
  /* num_threads, if: the block's first threads are the region's; the
   * others meet its barriers and take no iteration of its loops */
  bool fewer = pr->num_threads || pr->if_expr;
  if (fewer)
    team_size(pr, "__ompicc_region_threads", &outer);
  team_copies(w, pr, &outer, &inner);
  int n;
  Stmt **items = stmt_list(&pr->stmt->body, &n);
  for (int i = 0; i < n; i++) {
    TeamLoop *tl = team_loop_of(r, items[i]);
    if (tl)
      take_out(w, &items[i], team_loop(w, tl, tl_index(r, tl)));
    else if (vec_has(&r->team_sync, items[i]))
      take_out(w, &items[i], team_sync(items[i], fewer));
    else if (fewer && items[i]->kind != S_DECL) /* a declaration keeps its scope */
      take_out(w, &items[i], mk_if(loc, mk_ident(loc, "threadIdx.x < __ompicc_region_threads"),
                                   items[i], NULL));
  }
  vec_push(&inner, pr->stmt->body);
  team_results(pr, 0, &inner);
  vec_push(&outer, mk_compound(loc, inner));
  return mk_compound(loc, outer);
}

/* The body of a teams distribute loop that every thread of a team runs:
 * its parallel loops become the team's (team_loop), its statements that
 * write memory run on the team's first thread, after a barrier unless
 * one just passed (what the others read before is read) and before one
 * unless the first thread runs the next statement too (what it wrote is
 * seen):
 *
 *   {
 *     __syncthreads();
 *     if (threadIdx.x == 0)
 *       y[r] = sum;
 *     __syncthreads();
 *   }
 */
static void team_block(Writer *w, Region *r, Stmt **items, int n);

/* The statements under an if, a loop or a block around parallel loops:
 * whether a barrier just passed is not known on entry. */
static void team_sub_block(Writer *w, Region *r, Stmt **slot)
{
  int n;
  Stmt **items = stmt_list(slot, &n);
  team_block(w, r, items, n);
}

static void team_block(Writer *w, Region *r, Stmt **items, int n)
{
  bool barrier = false; /* the threads just met at a barrier */
  for (int i = 0; i < n; i++) {
    Stmt *s = items[i];
    TeamLoop *tl = team_loop_of(r, s);
    if (tl) {
      take_out(w, &items[i], tl->region ? team_region(w, r, tl) : team_loop(w, tl, tl_index(r, tl)));
      barrier = true;
      continue;
    }
    if (vec_has(&r->uniform, s)) {
      if (s->kind == S_COMPOUND)
        team_sub_block(w, r, &items[i]);
      else {
        team_sub_block(w, r, &s->body);
        if (s->kind == S_IF)
          team_sub_block(w, r, &s->else_);
      }
      barrier = false;
      continue;
    }
    if (!vec_has(&r->guarded, s)) {
      barrier = false;
      continue;
    }
    bool next_guarded = i + 1 < n && vec_has(&r->guarded, items[i + 1]);
    Vec g = {0};
    Loc loc = {0}; /* the kernel file's own lines */
    if (!barrier)
      vec_push(&g, text_stmt(loc, "__syncthreads()"));
    vec_push(&g, mk_if(loc, mk_ident(loc, "threadIdx.x == 0"), s, NULL));
    if (!next_guarded)
      vec_push(&g, text_stmt(loc, "__syncthreads()"));
    take_out(w, &items[i], mk_compound(loc, g));
    barrier = true; /* passed, or the next statement follows on thread 0 */
  }
}

static void team_body(Writer *w, Region *r)
{
  team_sub_block(w, r, &r->body);
}

static void trampoline(Writer *w, const char *kernel)
{
  sb_printf(&w->b, "#ifdef OMPICC_CUDA_EMU\nextern \"C\" void %s__emu(void **args)\n{\n"
                   "  __ompicc_emu_call(%s, args);\n}\n"
                   "extern \"C\" size_t %s__emu_copy(void **args, void *buf, size_t cap)\n{\n"
                   "  return __ompicc_emu_copy(%s, args, buf, cap);\n}\n#endif\n",
            kernel, kernel, kernel, kernel);
}

/* The arguments that pass kernel_params' parameters on, by name. */
static char *kernel_args(Region *r)
{
  StrBuf b = {0};
  MapEntry *m;
  VEC_EACH(MapEntry *, m, r->maps) {
    if (!is_param(m))
      continue;
    const char *v = m->sym->name;
    int dims = view_dims(m);
    if (dims) {
      sb_printf(&b, "%s__ompicc_p_%s", b.len ? ", " : "", v);
      for (int k = 1; k < dims; k++)
        sb_printf(&b, ", __ompicc_s%d_%s", k, v);
    } else if (m->cap == CAP_PTR && array_reduction(r, m))
      sb_printf(&b, "%s__ompicc_o_%s", b.len ? ", " : "", v);
    else {
      const char *p = param_name(m); /* the name within its declarator */
      p += strspn(p, "(*");
      sb_printf(&b, "%s%.*s", b.len ? ", " : "", (int)strcspn(p, ")"), p);
    }
  }
  return sb_take(&b);
}

/* The two kernels of a region of two widths (offload_two_widths): each
 * runs the region's code, NAME__run, in integers of its own width; and
 * NAME__once, one iteration per thread, where the region has it
 * (offload_once_kernel). */
static void width_kernels(Writer *w, Region *r)
{
  static const char *const suffix[] = {"", "__wide", "__once"},
                           *const type[] = {"unsigned", "long long", "__ompicc_once"};
  const char *args = kernel_args(r);
  int n = offload_once_kernel(r) ? 3 : 2;
  for (int i = 0; i < n; i++) {
    sb_printf(&w->b, "extern \"C\" __global__ void %s%s(", r->kernel, suffix[i]);
    kernel_params(w, r, i != 1 ? r->readonly : 0);
    sb_printf(&w->b, ")\n{\n  %s__run<%s>(%s);\n}\n", r->kernel, type[i], args);
  }
  for (int i = 0; i < n; i++)
    trampoline(w, xasprintf("%s%s", r->kernel, suffix[i]));
}

static void write_kernel(Writer *w, Region *r)
{
  StrBuf d = {0};
  print_directive(&d, r->dir);
  const char *file = r->loc.file ? r->loc.file : "?", *slash = strrchr(file, '/');
  sb_printf(&w->b, "\n/* %s (%s:%d:%d) */\n", d.s, slash ? slash + 1 : file, r->loc.line,
            r->loc.col);
  array_wrappers(w, r);
  bool widths = offload_two_widths(r);
  if (widths) /* the loop's integer type is the kernel's (width_kernels) */
    sb_printf(&w->b, "template <typename __ompicc_I>\n"
                     "static __device__ __forceinline__ void %s__run(", r->kernel);
  else
    sb_printf(&w->b, "extern \"C\" __global__ void %s(", r->kernel);
  kernel_params(w, r, 0);
  sb_puts(&w->b, ")\n{\n");
  kernel_locals(w, r);
  Stmt **body = r->shape != SPMD_NONE ? &r->body : &r->stmt->body;
  walk_needs(w, body);
  if (r->generic) {
    generic_kernel_body(w->p, &w->b, r);
    sb_puts(&w->b, "}\n");
    trampoline(w, r->kernel);
    return;
  }
  if (w->generic)
    sb_puts(&w->b, "  __ompicc_spmd_begin();\n");
  if (r->team_loops.len)
    team_body(w, r);
  w->team_atomics = &r->team_atomics;
  strip_directives(w, body);
  w->team_atomics = NULL;
  reconverge_mark(body, &w->undo);
  bool loop = r->shape != SPMD_NONE && r->shape != SPMD_REGION;
  if (loop) {
    continues_to_next(w, body);
    loop_header(w, r);
  }
  printer_stmt(w->p, *body, loop ? 2 : 1);
  put_back(w);
  if (loop)
    loop_footer(w, r);
  else if (r->shape == SPMD_REGION) /* target parallel reduction(...) */
    region_reductions(w, r);
  Symbol *copied;
  VEC_EACH(Symbol *, copied, r->team_copies)
    sb_printf(&w->b, "  if (sizeof(__ompicc_I) == 4)\n    __ompicc_team_copy_add(*__ompicc_p_%s, "
                     "__ompicc_team_%s);\n", copied->name, copied->name);
  if (w->generic)
    sb_puts(&w->b, "  __ompicc_spmd_end();\n");
  sb_puts(&w->b, "}\n");
  if (widths)
    width_kernels(w, r);
  else
    trampoline(w, r->kernel);
}

/* ---------------------------------------------------------------- functions, variables */

static void write_globals(Writer *w)
{
  Symbol *s;
  VEC_EACH(Symbol *, s, w->o->globals) {
    sym_needs(w, s);
    /* in a linked unit, another file's variable is that file's */
    const char *ext = w->o->linked && !offload_defines(w->o, s) ? "extern " : "";
    const char *name = offload_global_name(w->o, s);
    if (offload_is_link(w->o, s)) {
      /* declare target link: the runtime sets the pointer before each
       * launch; the macro lets the code keep the variable's name */
      const char *v = print_cxx_name(s->name);
      sb_printf(&w->b, "%s__device__ %s;\n#define %s (*__ompicc_link_%s)\n", ext,
                decl_text(s, xasprintf("(*__ompicc_link_%s)", name), false), v, name);
      continue;
    }
    if (*ext) {
      sb_printf(&w->b, "extern __device__ %s;\n", decl_text(s, print_cxx_name(s->name), false));
      continue;
    }
    StrBuf init = {0};
    /* an initializer C++ has no brace list for is left out: the runtime
     * copies the host's value as the image loads (rt_map_global); a
     * const one stays (nvcc refuses it) */
    if (s->idecl && s->idecl->init &&
        (print_init_has_cxx_form(s->ty, s->idecl->init) || offload_is_const_object(s))) {
      print_static_literals(&w->b, s->idecl->init, "static __device__ ");
      sb_puts(&init, " = ");
      print_init(&init, s->ty, s->idecl->init);
    }
    /* a const object at namespace scope has internal linkage in C++:
     * extern keeps its name visible to the runtime's symbol look-up */
    sb_printf(&w->b, "__device__ %s%s%s;\n", offload_is_const_object(s) ? "extern " : "",
              decl_text(s, name == s->name ? print_cxx_name(name) : name, false),
              init.len ? init.s : "");
  }
}

/* "specs declarator" of a function definition, device storage only.  A
 * C99 inline definition is the kernel file's own, as a header's may be in
 * every file linked into an image. */
/* The parameter of old-style definition f named name: its declaration
 * among f's declarations, or an int where there is none (C11 6.9.1p6,
 * as C90 had it). */
static Param *kr_param(Decl *f, const Param *id)
{
  Param *p = NEW(Param);
  p->loc = id->loc;
  p->sym = id->sym;
  Decl *d;
  InitDecl *x;
  VEC_EACH(Decl *, d, f->krparams)
    VEC_EACH(InitDecl *, x, d->decls)
      if (x->decl && !strcmp(declarator_name(x->decl), id->kr_name)) {
        p->specs = device_specs(d->specs, d->loc);
        p->decl = x->decl;
        return p;
      }
  p->specs = mk_specs(id->loc);
  vec_push(&p->specs->specs, mk_spec(SPEC_TYPE, id->loc, KW_INT, "int"));
  p->decl = mk_ident_declarator(id->loc, id->kr_name);
  return p;
}

/* f's declarator d with an identifier list (int g(a, b) int a; double b;)
 * as the prototype C++ needs (int g(int a, double b)).  Calls then
 * convert their arguments to the parameters' types, where C promotes
 * them and the definition converts: the same values for a correct call. */
static Declarator *prototyped(const Declarator *d, Decl *f)
{
  if (!d)
    return NULL;
  Declarator *c = xmalloc(sizeof *c);
  *c = *d;
  if (d->kind == DK_FUNC && d->kr && d == declarator_func(f->func->decl)) {
    c->kr = false;
    c->params = (Vec){0};
    Param *id;
    VEC_EACH(Param *, id, d->params)
      vec_push(&c->params, kr_param(f, id));
    return c;
  }
  if (d->kind != DK_IDENT)
    c->inner = prototyped(d->inner, f);
  return c;
}

static char *func_head(Decl *f)
{
  StrBuf b = {0};
  if (specs_has(f->specs, KW_STATIC) || offload_inline_definition(f))
    sb_puts(&b, "static ");
  sb_puts(&b, "__device__ ");
  print_decl_specs(&b, device_specs(f->specs, f->loc));
  sb_putc(&b, ' ');
  const Declarator *fd = declarator_func(f->func->decl);
  print_declarator(&b, fd && fd->kr && fd->params.len ? prototyped(f->func->decl, f)
                                                       : f->func->decl);
  return sb_take(&b);
}

/* One function of a user-defined reduction: expr with the two special
 * variables as references (OpenMP 4.5 2.16). */
static void udr_function(Writer *w, const char *name, const char *type, const char *a,
                         const char *b, Expr **expr)
{
  walk_expr(&(Walker){.expr_pre = device_use, .user = w}, expr);
  sb_printf(&w->b, "static __device__ void %s(%s &%s, %s &%s)\n{\n  ", name, type, a, type, b);
  Expr *e = expr_unparen(*expr);
  if (e->kind == E_ASSIGN && e->op == OP_ASSIGN && e->a->kind == E_IDENT && !strcmp(e->a->text, a)) {
    /* omp_priv = value (or omp_out = ...) as an initialisation: the same
     * conversion in C, and nvcc converts an int to _Complex double in
     * device code only so */
    sb_printf(&w->b, "%s __ompicc_v = ", type);
    print_expr(&w->b, e->b);
    sb_printf(&w->b, ";\n  %s = __ompicc_v", a);
  } else
    print_expr(&w->b, *expr);
  sb_puts(&w->b, ";\n}\n");
}

/* The combiner, the initializer and the functor that the device
 * library's reductions call, of each user-defined reduction. */
static void write_udrs(Writer *w)
{
  Udr *u;
  VEC_EACH(Udr *, u, w->o->udrs) {
    StrBuf t = {0};
    print_type_name(&t, u->type);
    specs_needs(w, u->type->specs);
    const char *file = u->dir->loc.file ? u->dir->loc.file : "?", *slash = strrchr(file, '/');
    sb_printf(&w->b, "\n/* declare reduction(%s: %s) (%s:%d) */\n", u->dir->red_id, t.s,
              slash ? slash + 1 : file, u->dir->loc.line);
    udr_function(w, xasprintf("__ompicc_udr_comb_%d", u->index), t.s, "omp_out", "omp_in",
                 &u->dir->combiner);
    OmpClause *init = omp_find_clause(u->dir, OMPC_INITIALIZER);
    if (init && init->expr)
      udr_function(w, xasprintf("__ompicc_udr_init_%d", u->index), t.s, "omp_priv", "omp_orig",
                   &init->expr);
    /* in an unnamed namespace: each kernel file linked into an image
     * keeps its own (relocatable device code) */
    sb_printf(&w->b, "namespace {\nstruct __ompicc_udr_%d {\n  __device__ %s operator()(%s omp_out, %s omp_in) const\n"
                     "  {\n    __ompicc_udr_comb_%d(omp_out, omp_in);\n    return omp_out;\n  }\n};\n}\n",
              u->index, t.s, t.s, t.s, u->index);
  }
}

/* The lookup of calls through function pointers (wrap_pointer_call),
 * after the prototypes.  A declare target indirect function (OpenMP 5.2
 * 7.8.1) may be called through its host address: the runtime writes the
 * host addresses of the unit's indirect functions into
 * __ompicc_indirect_host when it loads the image, in the order of the
 * host file's table (lower-host.c), and the lookup returns the device
 * function whose host address the pointer holds.  Any other value is a
 * device address, called as it is (__ompicc_device_fn: on the CPU
 * device, checked to lie in the image, as a GPU would fault on a host
 * address):
 *
 *   __device__ unsigned long long __ompicc_indirect_host[2];
 *   template <typename F> static __device__ F __ompicc_indirect(F f)
 *   {
 *     const unsigned long long a = (unsigned long long)f;
 *     if (a == __ompicc_indirect_host[0])
 *       return (F)twice;
 *     ...
 *     return __ompicc_device_fn(f);
 *   }
 */
static void write_indirect(Writer *w)
{
  Vec *ind = &w->o->indirect;
  if (!w->calls_pointers && !ind->len)
    return;
  sb_puts(&w->b, "\n/* calls through function pointers: a host address of a declare target indirect "
                 "function is its device version */\n");
  if (ind->len)
    sb_printf(&w->b, "__device__ unsigned long long %s[%d];\n", offload_indirect_table(w->o),
              ind->len);
  sb_puts(&w->b, "template <typename F> static __device__ F __ompicc_indirect(F f)\n{\n");
  if (ind->len)
    sb_puts(&w->b, "  const unsigned long long a = (unsigned long long)f;\n");
  Decl *f;
  VEC_EACH(Decl *, f, *ind)
    sb_printf(&w->b, "  if (a == %s[%d])\n    return (F)%s;\n", offload_indirect_table(w->o), f_i,
              print_cxx_name(declarator_name(f->func->decl)));
  sb_puts(&w->b, "  return __ompicc_device_fn(f);\n}\n");
}

/* Before the variables: their initializers may name functions.  A
 * linked unit declares the declare target functions of other files it
 * names, which the device linker finds. */
static void write_prototypes(Writer *w)
{
  Symbol *s;
  VEC_EACH(Symbol *, s, w->o->extern_funcs) {
    sym_needs(w, s);
    sb_printf(&w->b, "__device__ %s; /* another file's */\n",
              decl_text(s, print_cxx_name(s->name), false));
  }
  Decl *f;
  VEC_EACH(Decl *, f, w->o->funcs)
    sb_printf(&w->b, "%s;\n", func_head(f));
}

static void write_functions(Writer *w)
{
  Decl *f;
  write_indirect(w);
  write_udrs(w); /* after the prototypes: the combiner may call functions */
  VEC_EACH(Decl *, f, w->o->funcs) {
    sb_printf(&w->b, "\n%s\n", func_head(f));
    if (w->generic)
      generic_function(f);
    strip_directives(w, &f->body);
    reconverge_mark(&f->body, &w->undo);
    printer_body(w->p, f, 0);
    put_back(w);
    generic_restore();
  }
}

static void scan_function_types(Writer *w)
{
  Decl *f;
  VEC_EACH(Decl *, f, w->o->funcs) {
    specs_needs(w, f->specs);
    walk_needs(w, &f->body);
    Declarator *fd = declarator_func(f->func->decl);
    Param *pa;
    if (fd)
      VEC_EACH(Param *, pa, fd->params)
        specs_needs(w, pa->specs);
  }
}

/* The last component of a path. */
static const char *base_name(const char *path)
{
  const char *slash = path ? strrchr(path, '/') : NULL;
  return slash ? slash + 1 : path ? path : "";
}

/* A C library function CUDA lacks in device code, called as the device
 * library's version (device-lib.c): abort and exit stop the kernel, and
 * the runtime reports its launch as failed. */
static const Offload *named_in; /* the unit whose kernel file is being written */
static const char *kernel_function; /* the user's function of the kernel being written */

static const char *device_name(const Expr *e)
{
  /* __func__ in a kernel's code: the name of the function the target
   * construct is in, not the generated kernel's */
  if (kernel_function && sema_function_name(e))
    return xasprintf("\"%s\"", kernel_function);
  if (named_in && vec_has(&named_in->lib_value_uses, (void *)e))
    return xasprintf("__ompicc_fn_%s", e->text); /* write_lib_values */
  const char *variant = variants_device_callee(e);
  if (variant)
    return print_cxx_name(variant);
  if (!e->sym && device_lib_gcc_builtin(e->text))
    return device_lib_version(e->text); /* gcc's, which nvcc may lack */
  if (e->sym && offload_stream_object(e->sym))
    return device_lib_object(e->text); /* stdout, stderr */
  if (named_in && e->sym && e->sym->storage == ST_STATIC_GLOBAL &&
      vec_has(&named_in->globals, e->sym) && !offload_is_link((Offload *)named_in, e->sym))
    return offload_global_name(named_in, e->sym); /* a file's static declare target variable */
  if (!e->sym || e->sym->kind != SYM_FUNC || e->sym->depth != 0)
    return NULL;
  if (e->sym->defined && !print_system_root(e->sym->loc.file))
    return NULL; /* the program's own; a system header's inline one is the library's */
  return device_lib_version(e->text);
}

/* text to out, each KERNEL_SOURCE_END line replaced by a marker that
 * gives the next line its own place in the kernel file called name. */
static void write_marked(FILE *out, const char *text, const char *name)
{
  size_t len = strlen(KERNEL_SOURCE_END);
  int line = 1;
  for (const char *s = text; *s;) {
    const char *nl = strchr(s, '\n');
    size_t n = nl ? (size_t)(nl - s) + 1 : strlen(s);
    if (n >= len && !strncmp(s, KERNEL_SOURCE_END, len) && (s[len] == '\n' || !s[len]))
      fprintf(out, "#line %d \"%s\"\n", line + 1, name);
    else
      fwrite(s, 1, n, out);
    s += n;
    line++;
  }
}

/* The C library functions device code names as values (sin in
 * integrate(sin, 0, 1)): CUDA's are overloaded or built in, with no
 * address to take, so each gets a __device__ function of its own that
 * calls it, whose address the pointer holds (offload.c lib_value_ok). */
static void write_lib_values(Writer *w)
{
  Symbol *f;
  VEC_EACH(Symbol *, f, w->o->lib_values) {
    const Type *t = f->ty;
    const char *callee = device_lib_version(f->name);
    StrBuf params = {0}, args = {0};
    Type *p;
    VEC_EACH(Type *, p, t->params) {
      const char *arg = xasprintf("__ompicc_a%d", p_i);
      sb_printf(&params, "%s%s %s", p_i ? ", " : "", type_str(type_unqualified(p)), arg);
      sb_printf(&args, "%s%s", p_i ? ", " : "", arg);
    }
    const char *ret = type_str(type_unqualified(t->base));
    sb_printf(&w->b, "/* %s as a value in device code */\nstatic __device__ %s __ompicc_fn_%s(%s)\n{\n"
                     "  %s%s(%s);\n}\n",
              f->name, ret, f->name, params.len ? params.s : "void", t->base->kind == TY_VOID ? "" : "return ",
              callee ? callee : f->name, args.len ? args.s : "");
  }
}

void kernels_write(FILE *out, Offload *o, const char *name)
{
  print_set_cxx(true);
  print_set_ident_hook(device_name);
  named_in = o;
  TypeNames names = {0};
  type_names_begin(o->tu, &names);
  Writer w = {.o = o, .generic = generic_begin(o)};
  reconverge_begin(&o->funcs);
  StrBuf kern = {0};
  /* kernels first, into their own buffer: they find the types needed */
  w.b = kern;
  w.p = printer_new(&w.b, &(PrintOpts){.line_markers = true, .after_source = KERNEL_SOURCE_END});
  Region *r;
  VEC_EACH(Region *, r, o->regions) {
    kernel_function = r->function;
    write_kernel(&w, r);
  }
  kernel_function = NULL;
  kern = w.b;
  StrBuf funcs = {0};
  w.b = funcs;
  w.p = printer_new(&w.b, &(PrintOpts){.line_markers = true, .after_source = KERNEL_SOURCE_END});
  scan_function_types(&w);
  write_prototypes(&w);
  write_globals(&w);
  write_functions(&w);
  funcs = w.b;
  StrBuf head = {0};
  w.b = head;
  w.p = printer_new(&w.b, &(PrintOpts){.line_markers = false});
  /* Base names only: no absolute paths in generated files. */
  sb_printf(&w.b, "/* %s - kernels of %s, written by ompicc-tr. */\n", base_name(name),
            base_name(o->source));
  if (o->imports) /* the driver's signs (compiler/offload.c) */
    sb_puts(&w.b, "/* relocatable device code, which names other files' device functions or "
                  "variables: linked with the program's other kernel files into one image */\n"
                  "#define OMPICC_RELOCATABLE 2\n");
  else if (o->linked)
    sb_puts(&w.b, "/* relocatable device code, whose device functions or variables other files "
                  "may name: linked with theirs when one does, else this file's own image */\n"
                  "#define OMPICC_RELOCATABLE 1\n");
  sb_puts(&w.b, "#include \"ompicc-device.h\"\n");
  if (w.generic) /* the device library of generic kernels (doc/DEVLIB.md) */
    sb_puts(&w.b, "#include \"ompicc-generic.h\"\n");
  write_types(&w);
  write_lib_values(&w);
  head = w.b;
  StrBuf all = {0};
  sb_printf(&all, "%s\n%s%s%s%s", head.s, w.generic ? generic_switch_text() : "",
            funcs.len ? funcs.s : "", w.generic ? generic_regions_text() : "", kern.len ? kern.s : "");
  write_marked(out, all.s, base_name(name));
  unwrap_pointer_calls(&w);
  print_set_cxx(false);
  print_set_ident_hook(NULL);
  named_in = NULL;
  type_names_end(&names);
}

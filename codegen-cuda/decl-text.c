/* decl-text.c - declarations in the kernel file: a variable of the user's
 * program declared again under another name (a kernel parameter, a
 * private copy, a reference to a mapped object, the element of a view),
 * with the specifiers device code needs (no storage class, no function
 * specifier, a struct by its tag).  Shared by the SPMD and one-thread
 * kernels (kernels.c), the generic kernels (generic.c) and the
 * reductions (reduction.c).
 */
#include "decl-text.h"

#include "diag.h"
#include "print.h"

DeclSpecs *sym_specs(Symbol *s)
{
  if (s->param)
    return s->param->specs;
  return s->decl ? s->decl->specs : NULL;
}

static Declarator *sym_declarator(Symbol *s)
{
  if (s->param)
    return s->param->decl;
  return s->idecl ? s->idecl->decl : NULL;
}

/* The specifiers as a declaration in device code: no storage class, no
 * function specifiers, struct definitions by their tag only. */
DeclSpecs *device_specs(const DeclSpecs *in, Loc where)
{
  DeclSpecs *out = mk_specs(in ? in->loc : where);
  Spec *s;
  if (in)
    VEC_EACH(Spec *, s, in->specs) {
      if (s->kind == SPEC_STORAGE || s->kind == SPEC_FUNC || s->kind == SPEC_ATTR)
        continue;
      if (s->kind == SPEC_STRUCT && s->su->has_body) {
        if (!s->su->tag) {
          sorry(where, "a variable of an unnamed struct type in a target region");
          continue;
        }
        Spec *c = xmalloc(sizeof *c);
        *c = *s;
        c->su = xmalloc(sizeof *c->su);
        *c->su = *s->su;
        c->su->has_body = false;
        s = c;
      }
      vec_push(&out->specs, s);
    }
  return out;
}

/* The specifiers of a type definition (struct s {...} x; static const
 * enum {...} y;): what defines the type, without storage class, and
 * without qualifiers or alignment, which are the object's (C++ refuses
 * them on a declaration that declares no object). */
DeclSpecs *type_specs(const DeclSpecs *in)
{
  DeclSpecs *out = mk_specs(in->loc);
  Spec *s;
  VEC_EACH(Spec *, s, in->specs)
    if (s->kind != SPEC_STORAGE && s->kind != SPEC_FUNC && s->kind != SPEC_ATTR &&
        s->kind != SPEC_QUAL && s->kind != SPEC_ALIGNAS)
      vec_push(&out->specs, s);
  return out;
}

/* A copy of d declaring name instead (name may be "*p" or "&x"); with
 * open_first, the first array dimension is left empty (a VLA parameter);
 * else a first dimension the declarator leaves empty gets first_len
 * (>= 0: the length an initializer gave, int g[] = {1, 2}). */
static Declarator *renamed(const Declarator *d, const char *name, bool open_first, long first_len)
{
  if (!d)
    return mk_ident_declarator((Loc){0}, name);
  Declarator *c = xmalloc(sizeof *c);
  *c = *d;
  if (d->kind == DK_IDENT) {
    c->name = name;
    return c;
  }
  c->inner = renamed(d->inner, name, open_first, first_len);
  if (d->kind == DK_ARRAY && d->inner && d->inner->kind == DK_IDENT) {
    if (open_first)
      c->size = NULL;
    else if (!d->size && first_len >= 0)
      c->size = mk_int(d->loc, xasprintf("%ld", first_len));
  }
  return c;
}

char *assign_text(const Symbol *s, const char *to, const char *from)
{
  if (s->ty && type_is_array(s->ty))
    return xasprintf("__ompicc_assign(%s, %s)", to, from);
  return xasprintf("%s = %s", to, from);
}

/* Is s an array whose length only its initializer gives, through a
 * typedef of an array of unknown length (typedef int T[]; T x = {1, 2})? */
static bool typedef_gives_open_array(Symbol *s)
{
  Declarator *d = sym_declarator(s);
  while (d && d->kind == DK_PAREN)
    d = d->inner;
  return s->len_from_init && (!d || d->kind == DK_IDENT);
}

/* "specs declarator" of s, declared as name. */
char *decl_text(Symbol *s, const char *name, bool open_first)
{
  StrBuf b = {0};
  long len = s->ty && s->ty->kind == TY_ARRAY ? s->ty->len : -1;
  if (typedef_gives_open_array(s) && !open_first) {
    /* the typedef's element type, with the length the initializer gave */
    sb_puts(&b, "__ompicc_elem_of<");
    print_decl_specs(&b, device_specs(sym_specs(s), s->loc));
    sb_printf(&b, ">::type %s[%ld]", name, len);
    return sb_take(&b);
  }
  print_decl_specs(&b, device_specs(sym_specs(s), s->loc));
  sb_putc(&b, ' ');
  print_declarator(&b, renamed(sym_declarator(s), name, open_first, len));
  return sb_take(&b);
}

/* Declarator parts (arrays, pointers) between d and its name. */
static int parts_to_name(const Declarator *d)
{
  if (!d || d->kind == DK_IDENT)
    return 0;
  return parts_to_name(d->inner) + (d->kind != DK_PAREN);
}

/* A copy of d with the `parts` parts nearest the name taken off: what
 * remains declares the element of a view (double c[n][m][4], 2 parts:
 * double name[4]). */
static Declarator *peeled(const Declarator *d, const char *name, int parts)
{
  if (d->kind != DK_PAREN && parts_to_name(d) <= parts)
    return mk_ident_declarator(d->loc, name);
  Declarator *c = xmalloc(sizeof *c);
  *c = *d;
  c->inner = peeled(d->inner, name, parts);
  return c;
}

/* The element of a view of dims dimensions of s, declared as name. */
char *view_elem_text(Symbol *s, const char *name, int dims)
{
  Declarator *d = sym_declarator(s);
  if (!d || parts_to_name(d) < dims) {
    sorry(s->loc, "'%s', an array of more than one variable dimension declared through a "
                  "typedef, in a target region", s->name);
    return xasprintf("void *%s", name);
  }
  StrBuf b = {0};
  print_decl_specs(&b, device_specs(sym_specs(s), s->loc));
  sb_putc(&b, ' ');
  print_declarator(&b, peeled(d, name, dims));
  return sb_take(&b);
}

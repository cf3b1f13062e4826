/* type-names.c - the names of the program's types in the kernel file.
 *
 * The kernel file defines every type its kernels use at its own file
 * scope (kernels.c write_types), where C++ sees what C kept apart: an
 * unnamed struct cannot be named by a kernel's parameter, and struct S
 * (or enumerator RED) defined in two functions is defined twice.  While
 * the kernel file is written the definitions and the uses that the type
 * checker bound to them are renamed; type_names_end puts every name back,
 * and the host file prints the program as written.
 */
#include "type-names.h"

#include <string.h>

#include "symbol.h"
#include "types.h"
#include "walk.h"

static WalkAction local_type(Decl *d, void *user)
{
  if (d->kind == D_VAR && d->specs)
    vec_push(user, d);
  return WALK_CONTINUE;
}

Vec type_candidates(TransUnit *tu)
{
  Vec all = {0};
  Decl *d;
  VEC_EACH(Decl *, d, tu->decls)
    vec_push(&all, d);
  VEC_EACH(Decl *, d, tu->decls)
    if (d->kind == D_FUNCDEF && d->body)
      walk_stmt(&(Walker){.decl_pre = local_type, .user = &all}, &d->body);
  return all;
}

static void rename_slot(TypeNames *t, const char **slot, const char *name)
{
  vec_push(&t->undo, (void *)slot);
  vec_push(&t->undo, (void *)*slot);
  *slot = name;
}

/* The struct, union and enum definitions of a declaration. */
static Vec definitions(Decl *d)
{
  Vec out = {0};
  Spec *s;
  if (d->kind == D_VAR && d->specs)
    VEC_EACH(Spec *, s, d->specs->specs)
      if (s->kind == SPEC_STRUCT && s->su->has_body)
        vec_push(&out, s->su);
  return out;
}

/* ------------------------------------------------ unnamed types */

static void name_unnamed(TypeNames *t, Vec *decls)
{
  int n = 0;
  Decl *d;
  VEC_EACH(Decl *, d, *decls) {
    if (d->kind != D_VAR || !d->specs || !d->decls.len || specs_has(d->specs, KW_TYPEDEF))
      continue;
    Vec defs = definitions(d);
    StructSpec *su;
    VEC_EACH(StructSpec *, su, defs)
      if (!su->tag)
        rename_slot(t, &su->tag, xasprintf("__ompicc_anon_%d", n++));
  }
}

/* ------------------------------------------------ clashing local types */

/* What renaming does: the records whose tags, and the enumerators whose
 * names, get a suffix. */
typedef struct Renames {
  TypeNames *t;
  Vec records;     /* Record* */
  Vec tags;        /* const char*: the new tag of records[i] */
  Vec enumerators; /* Enumerator* (renamed in place) */
} Renames;

/* The names a declaration defines: "struct S", "enumerator RED". */
static Vec defined_names(Decl *d)
{
  Vec out = {0}, defs = definitions(d);
  StructSpec *su;
  VEC_EACH(StructSpec *, su, defs) {
    if (su->tag)
      vec_push(&out, (void *)intern(xasprintf("%s %s", keyword_name(su->kw), su->tag)));
    Enumerator *en;
    VEC_EACH(Enumerator *, en, su->enumerators)
      vec_push(&out, (void *)intern(xasprintf("enumerator %s", en->name)));
  }
  return out;
}

static int count_defining(Vec *decls, const char *key)
{
  int n = 0;
  Decl *d;
  VEC_EACH(Decl *, d, *decls) {
    Vec names = defined_names(d);
    n += vec_has(&names, key);
  }
  return n;
}

/* A block's definition whose names clash with another definition gets
 * the suffix __ompicc_bN, N its place among the declarations. */
static void rename_definition(Renames *r, Decl *d, int index)
{
  Vec defs = definitions(d);
  StructSpec *su;
  VEC_EACH(StructSpec *, su, defs) {
    if (su->tag && su->ty && su->ty->rec) {
      vec_push(&r->records, su->ty->rec);
      vec_push(&r->tags, xasprintf("%s__ompicc_b%d", su->tag, index));
    }
    Enumerator *en;
    VEC_EACH(Enumerator *, en, su->enumerators) {
      vec_push(&r->enumerators, en);
      rename_slot(r->t, &en->name, xasprintf("%s__ompicc_b%d", en->name, index));
    }
  }
}

static void rename_specs(Renames *r, DeclSpecs *ds);

/* A struct specifier the type checker bound to a renamed record takes
 * its new tag (the definition and every use). */
static void rename_struct_spec(Renames *r, StructSpec *su)
{
  if (su->tag && su->ty && su->ty->rec)
    for (int i = 0; i < r->records.len; i++)
      if (r->records.items[i] == su->ty->rec && su->tag != r->tags.items[i])
        rename_slot(r->t, &su->tag, r->tags.items[i]);
  Decl *m;
  VEC_EACH(Decl *, m, su->members)
    if (m->specs)
      rename_specs(r, m->specs);
}

static void rename_specs(Renames *r, DeclSpecs *ds)
{
  Spec *s;
  if (ds)
    VEC_EACH(Spec *, s, ds->specs)
      if (s->kind == SPEC_STRUCT)
        rename_struct_spec(r, s->su);
}

static WalkAction rename_in_decl(Decl *d, void *user)
{
  rename_specs(user, d->specs);
  return WALK_CONTINUE;
}

static WalkAction rename_in_expr(Expr **slot, void *user)
{
  Renames *r = user;
  Expr *e = *slot;
  if (e->type)
    rename_specs(r, e->type->specs);
  if (e->type2)
    rename_specs(r, e->type2->specs);
  if (e->kind == E_IDENT && e->sym && e->sym->kind == SYM_ENUM_CONST && e->sym->enumerator &&
      vec_has(&r->enumerators, e->sym->enumerator))
    rename_slot(r->t, &e->text, e->sym->enumerator->name);
  return WALK_CONTINUE;
}

static void rename_clashes(TypeNames *t, TransUnit *tu, Vec *decls)
{
  Renames r = {.t = t};
  int file_scope = tu->decls.len;
  for (int i = file_scope; i < decls->len; i++) {
    Decl *d = decls->items[i];
    Vec names = defined_names(d);
    const char *key;
    VEC_EACH(const char *, key, names)
      if (count_defining(decls, key) > 1) {
        rename_definition(&r, d, i);
        break;
      }
  }
  if (!r.records.len && !r.enumerators.len)
    return;
  Walker w = {.decl_pre = rename_in_decl, .expr_pre = rename_in_expr, .user = &r};
  Decl *d;
  VEC_EACH(Decl *, d, tu->decls)
    walk_decl(&w, d);
}

void type_names_begin(TransUnit *tu, TypeNames *t)
{
  Vec decls = type_candidates(tu);
  rename_clashes(t, tu, &decls);
  name_unnamed(t, &decls);
}

void type_names_end(TypeNames *t)
{
  for (int i = t->undo.len - 2; i >= 0; i -= 2)
    *(const char **)t->undo.items[i] = t->undo.items[i + 1];
  t->undo.len = 0;
}

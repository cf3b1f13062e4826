/* cxx-init.c - C's designated initializers in the form C++ takes (see
 * cxx-init.h).
 *
 * C11 6.7.9 lets a brace list name its subobjects in any order, reach
 * into nested ones (.a.y = 1, [2].x = 0), name array elements ([3] = 9)
 * and leave braces out (brace elision).  C++ (g++ and nvcc, which compile
 * the kernel file) takes designators only for members, in declaration
 * order, each level with its own braces.  So the list is first played
 * into a tree of the object's subobjects, by C's rules, and then written
 * again from that tree:
 *
 *   pt p = {.y = 3, .x = 4};          ->  {.x = 4, .y = 3}
 *   int a[5] = {[3] = 9, [1] = 2};    ->  {{}, 2, {}, 9}
 *   struct nest n = {.a.y = 7, .d = 2.5};  ->  {.a = {.y = 7}, .d = 2.5}
 *
 * An element or member with no initializer before the last one that has
 * one is written {}, which value-initializes it: zero, as C's implicit
 * initialization (6.7.9p21).  A record with an anonymous member before
 * its last initialized one is written without designators (C++ cannot
 * name anonymous members).  Expressions are not copied: the new tree
 * shares them with the old one.  A later initializer of the same
 * subobject replaces the earlier one (6.7.9p19); the earlier one is not
 * evaluated, which C allows (footnote 151).
 *
 * A union whose initialized member is anonymous and not its first has no
 * C++ brace list at all; an automatic object of such a type is set to
 * zero and assigned member by member instead (cxx_init_assignments):
 *
 *   union v x = {.hi = 7};   ->  union v x; memset(&x, 0, sizeof x); x.hi = 7;
 */
#include "cxx-init.h"

#include <stdlib.h>
#include <string.h>

#include "types.h"

/* One subobject: a whole initializer (an expression, or a braced scalar),
 * or, for an aggregate, one Slot per element or member. */
typedef struct Slot Slot;
struct Slot {
  Type *ty;
  const Init *leaf;
  Slot *sub; /* NULL until something inside is initialized */
};

static bool is_aggregate(const Type *t)
{
  return t && (t->kind == TY_ARRAY || t->kind == TY_STRUCT || t->kind == TY_UNION);
}

/* Members that take part in initialization: all but unnamed bit-fields
 * (6.7.9p9). */
static bool initialized_member(const Member *m)
{
  return m->name || m->bit_width < 0;
}

static long member_count(const Record *rec)
{
  long n = 0;
  Member *m;
  VEC_EACH(Member *, m, rec->members)
    n += initialized_member(m);
  return n;
}

static Member *member_at(const Record *rec, long k)
{
  Member *m;
  VEC_EACH(Member *, m, rec->members)
    if (initialized_member(m) && k-- == 0)
      return m;
  return NULL;
}

/* Elements or members; 0 for anything else (and for a flexible array
 * member, which has no initializer). */
static long slot_count(const Type *t)
{
  if (t->kind == TY_ARRAY)
    return t->len > 0 ? t->len : 0;
  if (type_is_struct(t) && t->rec && t->rec->complete)
    return member_count(t->rec);
  return 0;
}

static Type *slot_type(const Type *t, long k)
{
  return t->kind == TY_ARRAY ? t->base : member_at(t->rec, k)->ty;
}

/* The k-th subobject of s, s's children made when first needed. */
static Slot *child(Slot *s, long k)
{
  if (!s->sub) {
    long n = slot_count(s->ty);
    s->sub = xcalloc(n ? n : 1, sizeof *s->sub);
    for (long i = 0; i < n; i++)
      s->sub[i].ty = slot_type(s->ty, i);
    s->leaf = NULL;
  }
  return &s->sub[k];
}

static void slot_clear(Slot *s)
{
  s->leaf = NULL;
  s->sub = NULL;
}

/* Does expression e initialize a whole object of type t (a struct of the
 * same type, a character array from a string literal), rather than its
 * first scalar? */
static bool initializes_whole(const Type *t, const Expr *e)
{
  if (!is_aggregate(t))
    return true;
  if (t->kind == TY_ARRAY)
    return expr_unparen((Expr *)e)->kind == E_STRING && type_is_integer(t->base);
  return e->ty && type_equal(type_unqualified((Type *)t), type_unqualified(e->ty));
}

/* The current position in a brace list: a stack of (object, index). */
enum { MAX_DEPTH = 64 };
typedef struct Cursor {
  Slot *obj[MAX_DEPTH];
  long idx[MAX_DEPTH];
  int depth;
} Cursor;

static bool push(Cursor *c, Slot *s)
{
  if (c->depth == MAX_DEPTH || !slot_count(s->ty))
    return false;
  c->obj[c->depth] = s;
  c->idx[c->depth] = 0;
  c->depth++;
  return true;
}

static bool fill_list(Slot *obj, const Init *list);

/* Member `name` of the record at the cursor's top, found also inside
 * anonymous members (each of which becomes a level of the cursor). */
static bool find_member(Cursor *c, const char *name)
{
  Slot *s = c->obj[c->depth - 1];
  long n = slot_count(s->ty);
  for (long k = 0; k < n; k++) {
    Member *m = member_at(s->ty->rec, k);
    if (m->name && !strcmp(m->name, name)) {
      c->idx[c->depth - 1] = k;
      return true;
    }
  }
  for (long k = 0; k < n; k++) {
    Member *m = member_at(s->ty->rec, k);
    if (m->name || !type_is_struct(m->ty) || !record_find_member(m->ty->rec, name, NULL))
      continue;
    c->idx[c->depth - 1] = k;
    return push(c, child(s, k)) && find_member(c, name);
  }
  return false;
}

/* Move the cursor to what the designators of one item name.  *last gets
 * the end of a GNU range [a ... b] (the index itself otherwise). */
static bool designate(Cursor *c, const Vec *designators, long *last)
{
  c->depth = 1;
  for (int i = 0; i < designators->len; i++) {
    const Designator *dg = designators->items[i];
    if (i) {
      Slot *s = c->obj[c->depth - 1];
      Slot *inner = child(s, c->idx[c->depth - 1]);
      if (!is_aggregate(inner->ty))
        return false;
      if (inner->leaf)
        slot_clear(inner);
      if (!push(c, inner))
        return false;
    }
    Slot *s = c->obj[c->depth - 1];
    long long a = dg->first, b = dg->last;
    switch (dg->kind) {
    case DES_FIELD:
      if (!type_is_struct(s->ty) || !find_member(c, dg->name))
        return false;
      *last = c->idx[c->depth - 1];
      break;
    case DES_INDEX:
    case DES_RANGE:
      if (s->ty->kind != TY_ARRAY || !dg->known || a < 0 || b < a ||
          b >= slot_count(s->ty) || (dg->kind == DES_RANGE && i + 1 < designators->len))
        return false;
      c->idx[c->depth - 1] = (long)a;
      *last = (long)b;
      break;
    }
  }
  return true;
}

/* Put initializer `in` at the cursor: into the subobject there, or, by
 * brace elision, into its first scalar. */
static bool place(Cursor *c, const Init *in)
{
  for (;;) {
    Slot *s = c->obj[c->depth - 1];
    Slot *target = child(s, c->idx[c->depth - 1]);
    if (!in->expr) {
      slot_clear(target);
      if (is_aggregate(target->ty))
        return fill_list(target, in);
      target->leaf = in;
      return true;
    }
    if (initializes_whole(target->ty, in->expr)) {
      slot_clear(target);
      target->leaf = in;
      ((Init *)in)->object_ty = target->ty;
      return true;
    }
    if (target->leaf)
      slot_clear(target);
    if (!push(c, target))
      return false;
  }
}

/* After an initializer at the cursor: the next subobject.  A union takes
 * one initializer. */
static void advance(Cursor *c, long last)
{
  Slot *s = c->obj[c->depth - 1];
  c->idx[c->depth - 1] = s->ty->kind == TY_UNION ? slot_count(s->ty) : last + 1;
}

/* Where the next initializer without a designator goes: past the end of
 * an elided subobject, back to its parent.  False past the end of obj. */
static bool next_position(Cursor *c)
{
  while (c->depth > 1 && c->idx[c->depth - 1] >= slot_count(c->obj[c->depth - 1]->ty)) {
    c->depth--;
    advance(c, c->idx[c->depth - 1]);
  }
  return c->idx[c->depth - 1] < slot_count(c->obj[c->depth - 1]->ty);
}

/* Play brace list `list` into aggregate obj (6.7.9p17-20). */
static bool fill_list(Slot *obj, const Init *list)
{
  Cursor c = {.depth = 0};
  if (!push(&c, obj))
    return list->items.len == 0;
  child(obj, 0);
  InitItem *it;
  VEC_EACH(InitItem *, it, list->items) {
    long first, last = 0;
    if (it->designators.len) {
      if (!designate(&c, &it->designators, &last))
        return false;
    } else {
      if (!next_position(&c))
        return false; /* excess initializers: a constraint violation */
      last = c.idx[c.depth - 1];
    }
    first = c.idx[c.depth - 1];
    for (long k = first; k <= last; k++) {
      c.idx[c.depth - 1] = k;
      int depth = c.depth;
      if (!place(&c, it->init))
        return false;
      if (k < last)
        c.depth = depth;
    }
    advance(&c, c.idx[c.depth - 1]);
  }
  return true;
}

/* ---------------------------------------------------------------- writing */

static bool slot_used(const Slot *s)
{
  return s->leaf || s->sub;
}

static Init *empty_list(void)
{
  return NEW(Init);
}

static void add_item(Init *list, const char *field, Init *value)
{
  InitItem *it = NEW(InitItem);
  it->loc = list->loc;
  if (field) {
    Designator *dg = NEW(Designator);
    dg->loc = list->loc;
    dg->kind = DES_FIELD;
    dg->name = field;
    vec_push(&it->designators, dg);
  }
  it->init = value;
  vec_push(&list->items, it);
}

static Init *slot_init(const Slot *s, Loc loc)
{
  if (s->leaf)
    return (Init *)s->leaf;
  Init *list = empty_list();
  list->loc = loc;
  if (!s->sub)
    return list;
  long n = slot_count(s->ty), end = 0;
  for (long k = 0; k < n; k++)
    if (slot_used(&s->sub[k]))
      end = k + 1;
  bool named = type_is_struct(s->ty);
  for (long k = 0; named && k < end; k++)
    named = member_at(s->ty->rec, k)->name != NULL;
  if (s->ty->kind == TY_UNION && !named && end > 1)
    return NULL; /* an anonymous member of a union, not its first */
  for (long k = 0; k < end; k++) {
    if (named && !slot_used(&s->sub[k]))
      continue;
    Init *value = slot_used(&s->sub[k]) ? slot_init(&s->sub[k], loc) : empty_list();
    if (!value)
      return NULL;
    add_item(list, named ? member_at(s->ty->rec, k)->name : NULL, value);
  }
  return list;
}

static bool has_designators(const Init *in)
{
  if (!in || in->expr)
    return false;
  InitItem *it;
  VEC_EACH(InitItem *, it, in->items)
    if (it->designators.len || has_designators(it->init))
      return true;
  return false;
}

Init *cxx_init(Type *t, const Init *in)
{
  if (!t || !is_aggregate(t) || !in || in->expr)
    return NULL;
  Slot top = {.ty = t};
  if (!fill_list(&top, in) || !has_designators(in))
    return NULL;
  return slot_init(&top, in->loc);
}

/* ---------------------------------------------------------------- assignments */

/* The leaves of s, each with the steps to it (a copy of `path`), onto
 * out; false when one is not an expression an assignment takes. */
static bool collect_assignments(const Slot *s, Vec *path, Vec *out)
{
  if (s->leaf) {
    const Init *in = s->leaf;
    while (in && !in->expr && in->items.len == 1 && !is_aggregate(s->ty)) /* {5} for a scalar */
      in = ((InitItem *)in->items.items[0])->init;
    if (!in || !in->expr)
      return in && in->items.len == 0; /* {}: zero, as the object already is */
    if (s->ty->kind == TY_ARRAY)
      return false; /* a string: arrays are not assigned */
    ((Init *)in)->object_ty = s->ty;
    CxxAssign *a = NEW(CxxAssign);
    for (int i = 0; i < path->len; i++)
      vec_push(&a->steps, path->items[i]);
    a->value = in;
    vec_push(out, a);
    return true;
  }
  long n = s->sub ? slot_count(s->ty) : 0;
  for (long k = 0; k < n; k++) {
    if (!slot_used(&s->sub[k]))
      continue;
    const Member *m = s->ty->kind == TY_ARRAY ? NULL : member_at(s->ty->rec, k);
    bool step = !m || m->name; /* an anonymous member's are named directly */
    if (step) {
      CxxStep *st = NEW(CxxStep);
      st->member = m ? m->name : NULL;
      st->index = k;
      vec_push(path, st);
    }
    bool ok = collect_assignments(&s->sub[k], path, out);
    if (step)
      path->len--;
    if (!ok)
      return false;
  }
  return true;
}

Vec cxx_init_assignments(Type *t, const Init *in)
{
  Vec out = {0};
  if (!t || !is_aggregate(t) || !in || in->expr || !has_designators(in))
    return out;
  Slot top = {.ty = t};
  if (!fill_list(&top, in) || slot_init(&top, in->loc))
    return out;
  Vec path = {0};
  if (!collect_assignments(&top, &path, &out))
    out.len = 0;
  return out;
}

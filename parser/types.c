/* types.c - constructing, laying out, comparing and printing C types.
 *
 * The basic types come from the TYPE_BASIC_KINDS table (types.h): one
 * shared Type each, sizes for LP64 Linux.  Derived types are built fresh
 * each time (the translator never frees).  record_layout() implements the
 * System V x86-64 / AAPCS64 struct rules, which agree for everything C
 * can express: members at their alignment, bit-fields packed into storage
 * units of their declared type without crossing one, unnamed bit-fields
 * not adding to the alignment, the size rounded up to the alignment.
 */
#include "types.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct BasicInfo {
  const char *name;
  long size;
  int align, int_rank, float_rank;
  bool is_unsigned;
} BasicInfo;

static const BasicInfo basic_info[] = {
#define X(k, name, size, align, irank, frank, uns) [k] = {name, size, align, irank, frank, uns},
    TYPE_BASIC_KINDS(X)
#undef X
};

static const char *const derived_names[] = {
#define X(k) #k,
    TYPE_DERIVED_KINDS(X)
#undef X
};

#define X(k, name, sz, al, ...) \
  static Type basic_##k = {.kind = k, .size = sz, .align = al};
TYPE_BASIC_KINDS(X)
#undef X

#define X(k, ...) Type *ty_##k = &basic_##k;
TYPE_BASIC_KINDS(X)
#undef X

static Type *const basic_types[] = {
#define X(k, ...) [k] = &basic_##k,
    TYPE_BASIC_KINDS(X)
#undef X
};

/* The unsigned type of the same rank (6.3.1.8: the last resort). */
static const TypeKind unsigned_of[TY_KIND_COUNT] = {
    [TY_CHAR] = TY_UCHAR, [TY_SCHAR] = TY_UCHAR, [TY_SHORT] = TY_USHORT,
    [TY_INT] = TY_UINT,   [TY_LONG] = TY_ULONG,  [TY_LLONG] = TY_ULLONG,
    [TY_INT128] = TY_UINT128,
};

bool char_is_signed(void) { return (char)-1 < 0; }

const char *type_kind_name(TypeKind k)
{
  if (k < TY_COMPLEX)
    return basic_info[k].name;
  return k < TY_KIND_COUNT ? derived_names[k - TY_COMPLEX] : "?";
}

Type *type_basic(TypeKind k)
{
  static bool va_list_sized;
  if (!va_list_sized) {
    basic_TY_VA_LIST.size = sizeof(__builtin_va_list);
    basic_TY_VA_LIST.align = _Alignof(__builtin_va_list);
    va_list_sized = true;
  }
  return k < TY_COMPLEX ? basic_types[k] : NULL;
}

static Type *new_type(TypeKind k, long size, int align)
{
  Type *t = node_alloc(sizeof *t);
  t->kind = k;
  t->size = size;
  t->align = align;
  return t;
}

/* Derived types are never changed once made, so the translator makes
 * each pointer type and each qualified version of a type once: a map from
 * (type, what is derived) to the result.  glibc's headers alone would
 * otherwise make thousands of copies of  const char *. */
typedef struct Derived {
  const Type *from;
  int how; /* -1: pointer to from; -2: from unqualified; otherwise from
              with these qualifiers */
  Type *to;
} Derived;

static Derived *derived;
static size_t derived_cap, derived_len;

static size_t derived_hash(const Type *from, int how)
{
  uint64_t h = (uint64_t)(uintptr_t)from * 0x9e3779b97f4a7c15ull ^ (uint64_t)(unsigned)how;
  return (size_t)(h ^ h >> 29);
}

static Derived *derived_find(Derived *tab, size_t cap, const Type *from, int how)
{
  size_t i = derived_hash(from, how) & (cap - 1);
  while (tab[i].to && !(tab[i].from == from && tab[i].how == how))
    i = (i + 1) & (cap - 1);
  return &tab[i];
}

/* The slot for (from, how), grown at half full; its to is NULL when new. */
static Derived *derived_slot(const Type *from, int how)
{
  if (2 * (derived_len + 1) > derived_cap) {
    size_t cap = derived_cap ? 2 * derived_cap : 1024;
    Derived *tab = xcalloc(cap, sizeof *tab);
    for (size_t i = 0; i < derived_cap; i++)
      if (derived[i].to)
        *derived_find(tab, cap, derived[i].from, derived[i].how) = derived[i];
    free(derived);
    derived = tab, derived_cap = cap;
  }
  Derived *d = derived_find(derived, derived_cap, from, how);
  if (!d->to)
    derived_len++;
  d->from = from, d->how = how;
  return d;
}

Type *type_pointer(Type *base)
{
  Derived *d = derived_slot(base, -1);
  if (!d->to) {
    d->to = new_type(TY_POINTER, 8, 8);
    d->to->base = base;
  }
  return d->to;
}

/* len * es, or -1 when either is unknown or the product is absurd (more
 * than 2^60 bytes: fuzzed input), so layout arithmetic in bits cannot
 * overflow either. */
static long array_bytes(long len, long es)
{
  long size;
  if (len < 0 || es < 0 || __builtin_mul_overflow(len, es, &size) || size > (1L << 60))
    return -1;
  return size;
}

Type *type_array(Type *elem, long len)
{
  Type *t = new_type(TY_ARRAY, array_bytes(len, type_size(elem)), type_align(elem));
  t->base = elem;
  t->len = len;
  return t;
}

Type *type_vla(Type *elem, Expr *len)
{
  Type *t = type_array(elem, -1);
  t->vla_len = len;
  return t;
}

Type *type_func(Type *ret, Vec params, bool variadic, bool prototyped)
{
  Type *t = new_type(TY_FUNC, -1, 1);
  t->base = ret;
  t->params = params;
  t->variadic = variadic;
  t->prototyped = prototyped;
  return t;
}

Type *type_complex(Type *base)
{
  long size = type_size(base);
  Type *t = new_type(TY_COMPLEX, size > 0 ? 2 * size : -1, type_align(base));
  t->base = base;
  return t;
}

Type *type_vector(Type *elem, long size)
{
  Type *t = new_type(TY_VECTOR, size, size > 0 && size <= 64 ? (int)size : 16);
  t->base = elem;
  return t;
}

Record *record_new(Keyword kw, const char *tag, Loc loc)
{
  Record *r = node_alloc(sizeof *r);
  r->kw = kw;
  r->tag = tag;
  r->loc = loc;
  r->size = -1;
  r->align = 1;
  return r;
}

Type *type_record(Record *rec)
{
  TypeKind k = rec->kw == KW_UNION ? TY_UNION : rec->kw == KW_ENUM ? TY_ENUM : TY_STRUCT;
  Type *t = new_type(k, -1, 1);
  t->rec = rec;
  if (k == TY_ENUM) {
    t->base = ty_TY_UINT;
    t->size = 4;
    t->align = 4;
  }
  return t;
}

Type *type_qualified(Type *t, int quals)
{
  if (!t || (t->quals | quals) == t->quals)
    return t;
  /* not shared: sema completes an enum type with a fixed underlying type
   * in place */
  Derived *d = t->kind == TY_ENUM ? NULL : derived_slot(t, t->quals | quals);
  if (d && d->to)
    return d->to;
  Type *q = node_alloc(sizeof *q);
  *q = *t;
  q->quals |= quals;
  if (d)
    d->to = q;
  return q;
}

Type *type_unqualified(Type *t)
{
  if (!t || !t->quals)
    return t;
  Derived *d = t->kind == TY_ENUM ? NULL : derived_slot(t, -2);
  if (d && d->to)
    return d->to;
  Type *q = node_alloc(sizeof *q);
  *q = *t;
  q->quals = 0;
  if (d)
    d->to = q;
  return q;
}

Type *type_decay(Type *t)
{
  if (!t)
    return NULL;
  if (t->kind == TY_ARRAY)
    return type_pointer(t->base);
  if (t->kind == TY_FUNC)
    return type_pointer(t);
  return t;
}

/* ---------------------------------------------------------------- queries */

bool type_is_integer(const Type *t)
{
  return t && ((t->kind < TY_COMPLEX && basic_info[t->kind].int_rank) || t->kind == TY_ENUM);
}

bool type_is_unsigned(const Type *t)
{
  if (!t)
    return false;
  if (t->kind == TY_ENUM)
    return type_is_unsigned(t->base);
  if (t->kind == TY_CHAR)
    return !char_is_signed();
  return t->kind < TY_COMPLEX && basic_info[t->kind].is_unsigned;
}

bool type_is_float(const Type *t)
{
  return t && t->kind < TY_COMPLEX && basic_info[t->kind].float_rank;
}

bool type_is_arith(const Type *t)
{
  return type_is_integer(t) || type_is_float(t) || (t && t->kind == TY_COMPLEX);
}

bool type_is_scalar(const Type *t) { return type_is_arith(t) || type_is_pointer(t); }
bool type_is_pointer(const Type *t) { return t && t->kind == TY_POINTER; }
bool type_is_array(const Type *t) { return t && t->kind == TY_ARRAY; }
bool type_is_func(const Type *t) { return t && t->kind == TY_FUNC; }

bool type_is_struct(const Type *t)
{
  return t && (t->kind == TY_STRUCT || t->kind == TY_UNION);
}

bool type_is_complete(const Type *t)
{
  if (!t || t->kind == TY_VOID || t->kind == TY_FUNC)
    return false;
  if (t->kind == TY_ARRAY)
    return (t->len >= 0 || t->vla_len) && type_is_complete(t->base);
  if (t->rec)
    return t->rec->complete;
  return true;
}

bool type_is_vla(const Type *t)
{
  for (; t && t->kind == TY_ARRAY; t = t->base)
    if (t->vla_len)
      return true;
  return false;
}

Type *type_elem(const Type *t)
{
  return t && (t->kind == TY_ARRAY || t->kind == TY_POINTER) ? t->base : NULL;
}

Type *type_base_elem(const Type *t)
{
  while (t && t->kind == TY_ARRAY)
    t = t->base;
  return (Type *)t;
}

long type_size(const Type *t)
{
  if (!t)
    return -1;
  if (t->kind == TY_VA_LIST)
    return type_basic(TY_VA_LIST)->size;
  if (t->kind == TY_STRUCT || t->kind == TY_UNION)
    return t->rec->complete ? t->rec->size : -1;
  if (t->kind == TY_ARRAY) {
    return array_bytes(t->len, type_size(t->base));
  }
  return t->size;
}

int type_align(const Type *t)
{
  if (!t)
    return 1;
  if (t->kind == TY_VA_LIST)
    return type_basic(TY_VA_LIST)->align;
  if ((t->kind == TY_STRUCT || t->kind == TY_UNION) && t->rec->align > t->align)
    return t->rec->align;
  if (t->kind == TY_ARRAY) {
    int ea = type_align(t->base);
    return ea > t->align ? ea : t->align;
  }
  return t->align;
}

static bool params_equal(const Type *a, const Type *b)
{
  if (!a->prototyped || !b->prototyped)
    return true;
  if (a->params.len != b->params.len || a->variadic != b->variadic)
    return false;
  for (int i = 0; i < a->params.len; i++)
    if (!type_equal(a->params.items[i], b->params.items[i]))
      return false;
  return true;
}

/* C11 6.2.7 compatibility, close enough for _Generic and redeclarations. */
bool type_equal(const Type *a, const Type *b)
{
  if (a == b)
    return true;
  if (!a || !b || a->kind != b->kind)
    return false;
  switch (a->kind) {
  case TY_POINTER:
    return a->base && b->base && a->base->quals == b->base->quals && type_equal(a->base, b->base);
  case TY_ARRAY:
    return (a->len < 0 || b->len < 0 || a->len == b->len) && type_equal(a->base, b->base);
  case TY_FUNC:
    return type_equal(a->base, b->base) && params_equal(a, b);
  case TY_STRUCT: case TY_UNION: case TY_ENUM:
    return a->rec == b->rec;
  case TY_COMPLEX: case TY_VECTOR:
    return type_equal(a->base, b->base) && a->size == b->size;
  default:
    return true;
  }
}

/* ---------------------------------------------------------------- conversions */

Type *type_promote(Type *t)
{
  if (!t)
    return NULL;
  if (t->kind == TY_ENUM)
    return type_promote(t->base);
  if (!type_is_arith(t))
    return NULL;
  if (type_is_integer(t) && basic_info[t->kind].int_rank < basic_info[TY_INT].int_rank)
    return ty_TY_INT;
  return type_unqualified(t);
}

static Type *real_part(Type *t) { return t->kind == TY_COMPLEX ? t->base : t; }

static Type *usual_float(Type *a, Type *b)
{
  Type *ra = real_part(a), *rb = real_part(b);
  int fa = type_is_float(ra) ? basic_info[ra->kind].float_rank : 0;
  int fb = type_is_float(rb) ? basic_info[rb->kind].float_rank : 0;
  Type *r = fb > fa ? rb : ra;
  if (a->kind == TY_COMPLEX || b->kind == TY_COMPLEX)
    return type_complex(type_unqualified(r));
  return type_unqualified(r);
}

Type *type_usual_arith(Type *a, Type *b)
{
  a = type_promote(a);
  b = type_promote(b);
  if (!a || !b)
    return NULL;
  if (!type_is_integer(a) || !type_is_integer(b))
    return usual_float(a, b);
  if (a->kind == b->kind)
    return a;
  int ra = basic_info[a->kind].int_rank, rb = basic_info[b->kind].int_rank;
  bool ua = type_is_unsigned(a), ub = type_is_unsigned(b);
  if (ua == ub)
    return ra >= rb ? a : b;
  Type *u = ua ? a : b, *s = ua ? b : a;
  int ru = ua ? ra : rb, rs = ua ? rb : ra;
  if (ru >= rs)
    return u;
  if (s->size > u->size)
    return s;
  return type_basic(unsigned_of[s->kind]);
}

/* ---------------------------------------------------------------- layout */

static long align_to(long n, long a) { return a > 1 ? (n + a - 1) / a * a : n; }

/* The alignment a member gets in rec: packed and #pragma pack lower it. */
static int member_align(const Record *rec, const Member *m)
{
  int a = type_align(m->ty);
  if (rec->packed || m->packed)
    return 1;
  return rec->max_align > 0 && rec->max_align < a ? rec->max_align : a;
}

/* Place one bit-field at *bits (bits from the start of the record). */
static void place_bitfield(Record *rec, Member *m, long *bits, int *align)
{
  long unit = type_size(m->ty) * 8;
  int a = member_align(rec, m);
  bool packed = a < type_align(m->ty);
  if (unit <= 0)
    unit = 8;
  if (m->bit_width == 0)
    *bits = align_to(*bits, unit);
  else if (!packed && *bits / unit != (*bits + m->bit_width - 1) / unit)
    *bits = align_to(*bits, unit);
  if (m->name && a > *align)
    *align = a;
  long start = packed ? *bits / 8 : *bits / unit * (unit / 8);
  m->offset = start;
  m->bit_offset = (int)(*bits - start * 8);
  *bits += m->bit_width;
}

static void place_member(Record *rec, Member *m, long *bits, int *align)
{
  int a = member_align(rec, m);
  long size = type_size(m->ty);
  if (m->ty && m->ty->kind == TY_ARRAY && size < 0)
    size = 0; /* flexible array member */
  if (a > *align)
    *align = a;
  m->offset = align_to((*bits + 7) / 8, a);
  long end = m->offset + (size > 0 ? size : 0);
  *bits = end < (1L << 60) ? end * 8 : 1L << 62; /* absurd sizes saturate */
}

void record_layout(Record *rec, int extra_align)
{
  long bits = 0, max_bits = 0;
  int align = 1;
  Member *m;
  VEC_EACH(Member *, m, rec->members) {
    if (rec->kw == KW_UNION)
      bits = 0;
    if (m->bit_width >= 0)
      place_bitfield(rec, m, &bits, &align);
    else
      place_member(rec, m, &bits, &align);
    if (bits > max_bits)
      max_bits = bits;
  }
  if (extra_align > align)
    align = extra_align;
  rec->align = align;
  rec->size = align_to((max_bits + 7) / 8, align);
  rec->complete = true;
}

Member *record_find_member(Record *rec, const char *name, long *offset)
{
  Member *m;
  if (!rec || !name)
    return NULL;
  VEC_EACH(Member *, m, rec->members) {
    if (m->name && !strcmp(m->name, name)) {
      if (offset)
        *offset = m->offset;
      return m;
    }
    if (!m->name && m->ty && m->ty->rec && m->bit_width < 0) {
      long inner = 0;
      Member *found = record_find_member(m->ty->rec, name, &inner);
      if (found) {
        if (offset)
          *offset = m->offset + inner;
        return found;
      }
    }
  }
  return NULL;
}

/* ---------------------------------------------------------------- printing
 * Declarator syntax inside out: a pointer to an array puts the '*' in
 * parentheses before the brackets, as C does: float (*)[4]. */

static void put_quals(StrBuf *b, int quals)
{
  static const struct { int q; const char *s; } names[] = {
      {Q_CONST, "const"}, {Q_VOLATILE, "volatile"}, {Q_RESTRICT, "restrict"}, {Q_ATOMIC, "_Atomic"}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (quals & names[i].q)
      sb_printf(b, "%s ", names[i].s);
}

static void put_specifier(StrBuf *b, const Type *t)
{
  put_quals(b, t->quals);
  if (t->kind < TY_COMPLEX)
    sb_puts(b, basic_info[t->kind].name);
  else if (t->kind == TY_COMPLEX)
    sb_printf(b, "_Complex %s", type_str(t->base));
  else if (t->kind == TY_VECTOR)
    sb_printf(b, "%s __attribute__((vector_size(%ld)))", type_str(t->base), t->size);
  else if (t->rec)
    sb_printf(b, "%s %s", keyword_name(t->rec->kw), t->rec->tag ? t->rec->tag : "<anonymous>");
  else
    sb_puts(b, "?");
}

static void put_array_len(StrBuf *b, const Type *t)
{
  if (t->len >= 0)
    sb_printf(b, "[%ld]", t->len);
  else if (t->vla_len && (t->vla_len->kind == E_IDENT || t->vla_len->kind == E_INT))
    sb_printf(b, "[%s]", t->vla_len->text);
  else if (t->vla_len)
    sb_puts(b, "[*]");
  else
    sb_puts(b, "[]");
}

static void put_params(StrBuf *b, const Type *t)
{
  Type *p;
  sb_putc(b, '(');
  if (!t->prototyped) { /* int f(): the parameters are not part of the type */
    sb_putc(b, ')');
    return;
  }
  VEC_EACH(Type *, p, t->params) {
    if (p_i)
      sb_puts(b, ", ");
    sb_puts(b, type_str(p));
  }
  if (t->variadic)
    sb_puts(b, t->params.len ? ", ..." : "...");
  else if (t->prototyped && !t->params.len)
    sb_puts(b, "void");
  sb_putc(b, ')');
}

/* Print t around the declarator text inner. */
static void put_type(StrBuf *b, const Type *t, const char *inner)
{
  StrBuf in = {0};
  if (!t) {
    sb_printf(b, "?%s%s", *inner ? " " : "", inner);
    return;
  }
  switch (t->kind) {
  case TY_POINTER: {
    bool wrap = t->base && (t->base->kind == TY_ARRAY || t->base->kind == TY_FUNC);
    sb_printf(&in, "%s*", wrap ? "(" : "");
    if (t->quals) {
      put_quals(&in, t->quals);
      in.s[--in.len] = 0;
    }
    sb_printf(&in, "%s%s", inner, wrap ? ")" : "");
    put_type(b, t->base, sb_take(&in));
    return;
  }
  case TY_ARRAY:
    sb_puts(&in, inner);
    put_array_len(&in, t);
    put_type(b, t->base, sb_take(&in));
    return;
  case TY_FUNC:
    sb_puts(&in, inner);
    put_params(&in, t);
    put_type(b, t->base, sb_take(&in));
    return;
  default:
    put_specifier(b, t);
    if (*inner)
      sb_printf(b, "%s%s", inner[0] == '[' ? "" : " ", inner);
  }
}

const char *type_str(const Type *t)
{
  StrBuf b = {0};
  put_type(&b, t, "");
  return sb_take(&b);
}

/* types.h - C types as sema computes them, with sizes and alignments for
 * the LP64 Linux targets ompicc supports (x86-64 and aarch64).
 *
 * A Type is a kind, qualifiers, and the fields its kind uses.  Basic types
 * are shared (ty_int, ty_double, ...); a qualified type is a copy of the
 * unqualified one with quals set (type_qualified), so kinds compare with
 * ==, types with type_equal.  Structs, unions and enums share one Record
 * between all their (qualified) copies, so completing a forward-declared
 * struct completes every use of it.
 *
 * Plain char follows the host (signed on x86-64, unsigned on aarch64), as
 * does __builtin_va_list's size; everything else is the same on both.
 */
#ifndef OMPICC_TYPES_H
#define OMPICC_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "ast.h"

/* kind, spelling, size, align, integer rank (0: not an integer), floating
 * rank (0: not floating; C11 6.3.1.8 picks the higher), unsigned.  The
 * decimal floating types (GNU C, ISO/IEC TS 18661-2) are never mixed with
 * the binary ones (gcc rejects it): their ranks order them among
 * themselves only. */
#define TYPE_BASIC_KINDS(X)                                                    \
  X(TY_VOID, "void", 1, 1, 0, 0, 0)                                            \
  X(TY_BOOL, "_Bool", 1, 1, 1, 0, 1)                                           \
  X(TY_CHAR, "char", 1, 1, 2, 0, 0) /* signedness: char_is_signed() */         \
  X(TY_SCHAR, "signed char", 1, 1, 2, 0, 0)                                    \
  X(TY_UCHAR, "unsigned char", 1, 1, 2, 0, 1)                                  \
  X(TY_SHORT, "short", 2, 2, 3, 0, 0)                                          \
  X(TY_USHORT, "unsigned short", 2, 2, 3, 0, 1)                                \
  X(TY_INT, "int", 4, 4, 4, 0, 0)                                              \
  X(TY_UINT, "unsigned int", 4, 4, 4, 0, 1)                                    \
  X(TY_LONG, "long", 8, 8, 5, 0, 0)                                            \
  X(TY_ULONG, "unsigned long", 8, 8, 5, 0, 1)                                  \
  X(TY_LLONG, "long long", 8, 8, 6, 0, 0)                                      \
  X(TY_ULLONG, "unsigned long long", 8, 8, 6, 0, 1)                            \
  X(TY_INT128, "__int128", 16, 16, 7, 0, 0)                                    \
  X(TY_UINT128, "unsigned __int128", 16, 16, 7, 0, 1)                          \
  X(TY_FLOAT16, "_Float16", 2, 2, 0, 1, 0)                                     \
  X(TY_BF16, "__bf16", 2, 2, 0, 1, 0)                                          \
  X(TY_FLOAT, "float", 4, 4, 0, 2, 0)                                          \
  X(TY_FLOAT32, "_Float32", 4, 4, 0, 2, 0)                                     \
  X(TY_DOUBLE, "double", 8, 8, 0, 3, 0)                                        \
  X(TY_FLOAT64, "_Float64", 8, 8, 0, 3, 0)                                     \
  X(TY_FLOAT32X, "_Float32x", 8, 8, 0, 3, 0)                                   \
  X(TY_LDOUBLE, "long double", 16, 16, 0, 4, 0)                                \
  X(TY_FLOAT80, "__float80", 16, 16, 0, 4, 0)                                  \
  X(TY_FLOAT64X, "_Float64x", 16, 16, 0, 4, 0)                                 \
  X(TY_FLOAT128, "_Float128", 16, 16, 0, 5, 0)                                 \
  X(TY_FLOAT128X, "_Float128x", 16, 16, 0, 5, 0)                               \
  X(TY_DECIMAL32, "_Decimal32", 4, 4, 0, 2, 0)                                 \
  X(TY_DECIMAL64, "_Decimal64", 8, 8, 0, 3, 0)                                 \
  X(TY_DECIMAL128, "_Decimal128", 16, 16, 0, 4, 0)                             \
  X(TY_VA_LIST, "__builtin_va_list", 0, 8, 0, 0, 0) /* size, align: host's */

#define TYPE_DERIVED_KINDS(X)                                                  \
  X(TY_COMPLEX)  /* _Complex base */                                           \
  X(TY_ENUM)     /* rec; base: the compatible integer type */                  \
  X(TY_POINTER)  /* base */                                                    \
  X(TY_ARRAY)    /* base, len (-1: unknown or VLA), vla_len */                 \
  X(TY_FUNC)     /* base: return; params, variadic, prototyped */              \
  X(TY_STRUCT)   /* rec */                                                     \
  X(TY_UNION)    /* rec */                                                     \
  X(TY_VECTOR)   /* GNU vector_size: base, size */

typedef enum TypeKind {
#define X(k, ...) k,
  TYPE_BASIC_KINDS(X)
#undef X
#define X(k) k,
  TYPE_DERIVED_KINDS(X)
#undef X
  TY_KIND_COUNT
} TypeKind;

enum { Q_CONST = 1, Q_VOLATILE = 2, Q_RESTRICT = 4, Q_ATOMIC = 8 };

typedef struct Type Type;
typedef struct Record Record;
typedef struct Member Member;

/* A struct or union member.  Anonymous struct/union members have name
 * NULL; their members are found through them (record_find_member). */
struct Member {
  const char *name;
  Type *ty;
  long offset;    /* bytes from the start of the record */
  int bit_offset; /* bit-fields: bits from offset */
  int bit_width;  /* -1 for an ordinary member */
  bool packed;    /* __attribute__((packed)) on the member: alignment 1 */
  Loc loc;
};

struct Record {
  const char *tag; /* NULL when anonymous */
  Keyword kw;      /* KW_STRUCT, KW_UNION, KW_ENUM */
  bool complete;
  bool packed;
  int max_align;  /* #pragma pack(n): members aligned to at most n; 0 none */
  Vec members;    /* Member* */
  long size;
  int align;
  Loc loc;
};

struct Type {
  TypeKind kind;
  int quals;         /* Q_* */
  long size;         /* -1 when unknown (incomplete, VLA, function) */
  int align;
  Type *base;        /* pointee, element, return, complex/enum base */
  long len;          /* TY_ARRAY: -1 when unknown or variable */
  Expr *vla_len;     /* TY_ARRAY: the length expression of a VLA */
  Vec params;        /* TY_FUNC: Type* */
  bool variadic;     /* TY_FUNC */
  bool prototyped;   /* TY_FUNC: false for  int f()  */
  Record *rec;       /* TY_STRUCT, TY_UNION, TY_ENUM */
};

#define X(k, ...) extern Type *ty_##k;
TYPE_BASIC_KINDS(X)
#undef X

/* Basic types by kind. */
Type *type_basic(TypeKind k);
Type *type_pointer(Type *base);
Type *type_array(Type *elem, long len);       /* len -1: unknown */
Type *type_vla(Type *elem, Expr *len);
Type *type_func(Type *ret, Vec params, bool variadic, bool prototyped);
Type *type_complex(Type *base);
Type *type_vector(Type *elem, long size);
Type *type_record(Record *rec);               /* struct, union or enum */
Record *record_new(Keyword kw, const char *tag, Loc loc);
/* A copy of t with quals added (t itself when quals add nothing). */
Type *type_qualified(Type *t, int quals);
Type *type_unqualified(Type *t);
/* t with its array/function type adjusted to a pointer (C11 6.3.2.1). */
Type *type_decay(Type *t);

/* Lay out a struct or union from its members (rec->members filled with
 * name, ty, bit_width); sets offsets, size, align and complete. */
void record_layout(Record *rec, int extra_align);
/* Find a member, also inside anonymous members; *offset gets its offset
 * from the start of rec (may be NULL). */
Member *record_find_member(Record *rec, const char *name, long *offset);

/* Queries the offloading passes use. */
bool type_is_integer(const Type *t);
bool type_is_unsigned(const Type *t);
bool type_is_float(const Type *t); /* real floating types */
bool type_is_arith(const Type *t);
bool type_is_scalar(const Type *t);
bool type_is_pointer(const Type *t);
bool type_is_array(const Type *t);
bool type_is_struct(const Type *t); /* struct or union */
bool type_is_func(const Type *t);
bool type_is_complete(const Type *t);
bool type_is_vla(const Type *t);    /* an array of variable length, at any depth */
Type *type_elem(const Type *t);     /* array element or pointee; NULL otherwise */
Type *type_base_elem(const Type *t);/* innermost element of nested arrays */
long type_size(const Type *t);      /* bytes; -1 when unknown */
int type_align(const Type *t);
bool type_equal(const Type *a, const Type *b); /* compatible, ignoring top quals */

/* C11 6.3.1.1 integer promotion and 6.3.1.8 usual arithmetic conversions;
 * NULL when an operand is not arithmetic. */
Type *type_promote(Type *t);
Type *type_usual_arith(Type *a, Type *b);

/* "int[100]", "double *", "struct point", "float (*)[4]", "int (int, ...)" */
const char *type_str(const Type *t);
const char *type_kind_name(TypeKind k);

/* Is plain char signed on this host? */
bool char_is_signed(void);

#endif

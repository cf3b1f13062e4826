// Structs and unions: sizes, member offsets, bit-fields, anonymous
// members, packed and aligned attributes, flexible array members.
// RUN: %ompicc-tr --dump-all-symbols %s | FileCheck %s
// RUN: cc -fsyntax-only %s
// Every file-scope size and offset sema computes is checked by the compiler:
// RUN: %ompicc-tr --dump-all-symbols %s > %t.dump
// RUN: awk -f %S/Inputs/sizes.awk %t.dump > %t.asserts
// RUN: cat %s %t.asserts > %t.c
// RUN: cc -fsyntax-only -fopenmp %t.c

struct point { double x, y; };
// CHECK-LABEL: 'point' tag struct point size 16
// CHECK-NEXT: member 'x' double offset 0 size 8
// CHECK-NEXT: member 'y' double offset 8 size 8

struct mixed { char c; int i; char d; long l; short s; };
// CHECK-LABEL: 'mixed' tag struct mixed size 32
// CHECK-NEXT: member 'c' char offset 0
// CHECK-NEXT: member 'i' int offset 4
// CHECK-NEXT: member 'd' char offset 8
// CHECK-NEXT: member 'l' long offset 16
// CHECK-NEXT: member 's' short offset 24

union num { int i; double d; char bytes[12]; };
// CHECK-LABEL: 'num' tag union num size 16
// CHECK-NEXT: member 'i' int offset 0
// CHECK-NEXT: member 'd' double offset 0
// CHECK-NEXT: member 'bytes' char[12] offset 0 size 12

struct bits { unsigned a : 3, b : 7; unsigned : 0; int c : 30; int d : 4; char e; };
// CHECK-LABEL: 'bits' tag struct bits size 12
// CHECK-NEXT: member 'a' unsigned int offset 0 bits 0:3
// CHECK-NEXT: member 'b' unsigned int offset 0 bits 3:7
// CHECK-NEXT: member '<anonymous>' unsigned int offset 4 bits 0:0
// CHECK-NEXT: member 'c' int offset 4 bits 0:30
// CHECK-NEXT: member 'd' int offset 8 bits 0:4
// CHECK-NEXT: member 'e' char offset 9 size 1

struct outer { int kind; union { float f; long l; }; struct { char tag; } inner; };
// CHECK-LABEL: 'outer' tag struct outer size 24
// CHECK-NEXT: member 'kind' int offset 0
// CHECK-NEXT: member '<anonymous>' union <anonymous> offset 8 size 8
// CHECK-NEXT: member 'inner' struct <anonymous> offset 16 size 1

struct __attribute__((packed)) packed { char c; int i; short s; };
// CHECK-LABEL: 'packed' tag struct packed size 7
// CHECK-NEXT: member 'c' char offset 0
// CHECK-NEXT: member 'i' int offset 1
// CHECK-NEXT: member 's' short offset 5

struct aligned { char c; _Alignas(16) int i; } __attribute__((aligned(32)));
// CHECK-LABEL: 'aligned' tag struct aligned size 32
// CHECK-NEXT: member 'c' char offset 0
// CHECK-NEXT: member 'i' int offset 16

struct flex { int n; double data[]; };
// CHECK-LABEL: 'flex' tag struct flex size 8
// CHECK-NEXT: member 'n' int offset 0
// CHECK-NEXT: member 'data' double[] offset 8

struct list { int v; struct list *next; } node;
// CHECK-LABEL: 'list' tag struct list size 16
// CHECK-NEXT: member 'v' int offset 0
// CHECK-NEXT: member 'next' struct list * offset 8
// CHECK: 'node' variable struct list size 16 global

#pragma pack(push, 2)
struct pk2 { char c; double d; int i; };
#pragma pack(pop)
struct after { char c; double d; };
struct mpk { char c; int i __attribute__((packed)); };
// CHECK-LABEL: 'pk2' tag struct pk2 size 14
// CHECK-NEXT: member 'c' char offset 0
// CHECK-NEXT: member 'd' double offset 2
// CHECK-NEXT: member 'i' int offset 10
// CHECK-LABEL: 'after' tag struct after size 16
// CHECK-LABEL: 'mpk' tag struct mpk size 5
// CHECK-NEXT: member 'c' char offset 0
// CHECK-NEXT: member 'i' int offset 1

struct fwd;
struct fwd *fp;
// CHECK: 'fwd' tag struct fwd size unknown
// CHECK: 'fp' variable struct fwd * size 8 global


_Static_assert(sizeof(struct point) == 16 && sizeof(struct mixed) == 32, "");
_Static_assert(__builtin_offsetof(struct mixed, l) == 16 && __builtin_offsetof(struct mixed, s) == 24, "");
_Static_assert(sizeof(union num) == 16 && sizeof(struct bits) == 12, "");
_Static_assert(__builtin_offsetof(struct bits, e) == 9, "");
_Static_assert(sizeof(struct outer) == 24 && __builtin_offsetof(struct outer, inner) == 16, "");
_Static_assert(sizeof(struct packed) == 7 && __builtin_offsetof(struct packed, s) == 5, "");
_Static_assert(sizeof(struct aligned) == 32 && __builtin_offsetof(struct aligned, i) == 16, "");
_Static_assert(sizeof(struct flex) == 8 && __builtin_offsetof(struct flex, data) == 8, "");
_Static_assert(sizeof(struct list) == 16, "");

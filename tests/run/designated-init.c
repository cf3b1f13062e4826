// C's designated initializers (C11 6.7.9p17-21) in device code.
//
// The kernel file is C++, which takes designators only for members, in
// declaration order, one level per brace pair; C names subobjects in any
// order, array elements, nested members (.a.y), GNU ranges, and lets
// braces be left out.  The kernel file once kept the C text, and g++ or
// nvcc refused it ("designator order for field ... does not match",
// "non-trivial designated initializers not supported").  Every list
// below is evaluated by the host compiler (C) and on the device, in a
// declare target function, a generic region's serial code and an SPMD
// loop, and the bytes must agree; a few values are also checked against
// what the C standard says they are.
//
// A union member that is anonymous and not the union's first has no C++
// brace list at all (C++ cannot name it): such an automatic object is set
// to zero and assigned member by member, and a declare target variable
// takes the host's value when the image loads.
// RUN: %ompicc -o %t %s && %t
#include <string.h>

#include "Inputs/check.h"

typedef struct { int x, y; } pt;
struct nest { pt a; int v[3]; double d; };
struct anon { int tag; union { int i; float f; }; int last; };
struct bits { int a : 3; int : 5; int b : 4; };
enum color { RED, GREEN, BLUE };
struct named { const char *name; enum color c; char code[4]; };
union word { int i; float f; unsigned char b[4]; };
union half { int whole; struct { short lo, hi; }; };
struct tagged { int tag; union { float f; struct { unsigned char b0, b1; }; }; int end; };

enum { N = 19 };

/* A global with a designated initializer, used on the device. */
#pragma omp declare target
static const struct nest table[3] = {[2] = {.d = 1.5, .a.y = 2}, [0].v[1] = 4};
union half halves = {.lo = 3, .hi = 4};

static void fill(int seed, int out[N])
{
  pt p = {.y = 3, .x = 4 + seed};
  int arr[5] = {[3] = 9, [1] = 2};
  int tail[] = {[4] = 1, 7};
  struct nest n = {.d = 2.5, .a.y = 7, .v[2] = 5, .a = {.x = 1}};
  struct nest elided = {.a = 6, 8, 9}; /* a.x = 6, a.y = 8, v[0] = 9 */
  pt q = {1, .x = 9 + seed};
  union word w = {.f = 1.0f};
  struct anon an = {.f = 2.0f, .tag = 3};
  struct bits bt = {.b = 5, .a = -2};
  struct named nm = {.code = "ab", .c = BLUE};
  int range[8] = {[1 ... 3] = seed + 1, [6] = 2};
  pt pts[3] = {[2].y = 8, [0] = {.y = 1}};
  int sum = ((pt){.y = 10, .x = 20}).x + ((int[]){[2] = 5})[2];
  union half h = {.hi = 7 + seed};
  struct tagged tg = {.end = 2, .tag = 1, .b1 = 9};
  union half hs[3] = {[1].lo = 3, [2] = {.hi = 5}};
  out[0] = p.x * 10 + p.y;
  out[1] = arr[0] + arr[1] * 10 + arr[2] * 100 + arr[3] * 1000 + arr[4];
  out[2] = (int)(sizeof tail / sizeof tail[0]) * 100 + tail[4] * 10 + tail[5];
  out[3] = n.a.x * 1000 + n.a.y * 100 + n.v[2] * 10 + (int)n.d + n.v[0];
  out[4] = elided.a.x * 100 + elided.a.y * 10 + elided.v[0] + elided.v[1];
  out[5] = q.x * 10 + q.y;
  out[6] = w.i;
  out[7] = an.tag * 100 + (int)an.f * 10 + an.last;
  out[8] = bt.a * 10 + bt.b;
  out[9] = (nm.name == 0) * 1000 + nm.c * 100 + nm.code[0] + nm.code[2];
  out[10] = range[0] + range[1] * 10 + range[3] * 100 + range[4] + range[6] * 1000;
  out[11] = pts[0].x + pts[0].y * 10 + pts[2].y * 100 + pts[1].x;
  out[12] = sum;
  out[13] = table[2].a.y * 100 + (int)(table[2].d * 10) + table[0].v[1] * 1000;
  out[14] = table[1].a.x + table[0].v[0];
  out[15] = seed;
  out[16] = h.lo * 100 + h.hi + halves.lo * 1000 + halves.hi * 10000;
  out[17] = tg.tag * 1000 + tg.b0 * 100 + tg.b1 * 10 + tg.end;
  out[18] = hs[0].whole * 1000 + hs[1].lo * 100 + hs[1].hi * 10 + hs[2].hi + hs[2].lo * 7;
}
#pragma omp end declare target

int main(void)
{
  int host[4][N], dev[4][N];
  for (int s = 0; s < 4; s++)
    fill(s, host[s]);

  /* The C meaning, as the host compiler gave it. */
  check_eq("p", host[0][0], 43);
  check_eq("arr", host[0][1], 9020);
  check_eq("tail", host[0][2], 617);
  check_eq("nest (a replaced whole)", host[0][3], 1052);
  check_eq("brace elision after a designator", host[0][4], 689);
  check_eq("q", host[0][5], 90);
  check_eq("union", host[0][6], 0x3f800000);
  check_eq("anonymous union", host[0][7], 320);
  check_eq("bit-fields", host[0][8], -15);
  check_eq("named", host[0][9], 1000 + 200 + 'a');
  check_eq("range", host[1][10], 2220);
  check_eq("array of structs", host[0][11], 810);
  check_eq("compound literals", host[0][12], 25);
  check_eq("table", host[0][13], 4215);
  check_eq("anonymous member of a union, not its first", host[1][16], 43008);
  check_eq("the same inside a struct", host[0][17], 1092);
  check_eq("the same in array elements", host[0][18], 305);

  memset(dev, 0, sizeof dev);
  /* A generic kernel's serial code, */
#pragma omp target map(from: dev[0:1])
  fill(0, dev[0]);
  /* and an SPMD loop. */
#pragma omp target teams distribute parallel for map(from: dev[1:3])
  for (int s = 1; s < 4; s++)
    fill(s, dev[s]);

  for (int s = 0; s < 4; s++)
    check_same_values("seed", s, dev[s], host[s], N);
  return fails != 0;
}

// C that C++ reads otherwise, in device code.  The kernel file is C++;
// each case below is C that g++ or nvcc refused there (or, for sizeof
// 'a', read with another value), now written in a form C++ takes with
// C's meaning:
//
// - conversions to an enumeration from an integer (C11 6.7.2.2p4: an
//   enumeration is an integer type), in initializations, assignments,
//   brace lists, arguments and returns, also for an enumeration known only
//   by its typedef; ++, -- and compound assignments on enumerations;
// - a void * (or a pointer to another type) assigned to a typed pointer
//   (6.5.16.1);
// - struct, union and enum definitions inside a struct, whose tags and
//   constants are the enclosing scope's in C (6.2.1p4), a member of the
//   outer one in C++;
// - array parameters declared [static n] (6.7.6.3p7);
// - a character array exactly as long as its string's characters
//   (6.7.9p14: the null character is left out);
// - sizeof of a character constant, an int in C (6.4.4.4p10);
// - a goto or case label that jumps past an initialized declaration
//   (6.8.6.1, 6.8.4.2p7);
// - _Static_assert, _Alignof, _Alignas, typeof and __auto_type;
// - compound literals whose address is taken or that decay to a pointer,
//   objects of their block in C (6.5.2.5p5), temporaries in C++: in a
//   declaration, in a loop's condition and step (a new object at each
//   evaluation), in the body of an if or a loop and in a case without
//   braces, and at file scope (objects of static storage, 6.5.2.5p5);
// - _Generic (6.5.1.1), sizeof of a variable-length array type
//   (6.5.3.4p2, evaluated at run time), GNU C's cast to a union;
// - wchar_t, char16_t and char32_t, typedefs in C (7.19, 7.28), types
//   of their own in C++ (the kernel file renamed them as keywords);
// - old-style definitions (6.9.1p6), with and without declarations of
//   their identifiers (a sorry before);
// - a program's own max, min and warpSize, which CUDA also has (the
//   CPU device's warpSize was a macro, so only its build failed);
// - types whose constants name an object (an enumerator, a struct
//   member's or a typedef's array length of sizeof table / sizeof
//   *table): the kernel file defines its types before its objects, so
//   they named an object not yet declared.
//
// Each case computes one value in a declare target function, run on the
// host (C, by the host compiler) and on the device, in a generic kernel's
// serial code and in an SPMD loop; the values must agree and be the ones
// C gives.
// RUN: %ompicc -o %t %s && %t
#include <stdlib.h>
#include <string.h>
#include <uchar.h>
#include <wchar.h>

#include "Inputs/check.h"

enum color { RED, GREEN, BLUE };
typedef enum { LOW = 1, HIGH = 4 } level;
struct shape {
  struct point { int x, y; } at;
  enum { ROUND = 3, SQUARE } kind;
  enum side { LEFT, RIGHT } side;
  union { struct size { short w, h; } wh; long area; };
};

static const short widths[] = {4, 5, 6, 7, 8, 9};
enum { ROWS = sizeof widths / sizeof *widths, N = 17 };
struct row { int cells[sizeof widths / sizeof widths[0]]; };
typedef char name[sizeof widths];

#pragma omp declare target
static const int *const primes = (const int[]){2, 3, 5, 7};
struct point *origin = &(struct point){1, 4};
static enum color next(enum color c) { return c + 1; }
static level pick(int k) { return k ? HIGH : LOW; }
static int sum2(const int a[static 2]) { return a[0] + a[1]; }
static int px(const struct point *p) { return p->x * 10 + p->y; }
static double old_style(x, k, f) double x; float f; { return x * k + f; }
static int max(int a, int b) { return a > b ? a : b; }
static int min(int a, int b) { return a < b ? a : b; }

static int jump(int n)
{
  if (n > 1)
    goto late;
  int x = 5;
  n += x;
late:
  switch (n) {
  case 0:;
    int y = 7;
    return y;
  case 6:
    y = 2;
    return y + 40;
  default:
    return n;
  }
}

static void fill(int seed, int out[N])
{
  enum color c = seed;          /* from an int */
  c++;
  ++c;
  c--;
  c += 1;
  c |= 0;
  c -= 1;
  out[0] = c * 10 + next(GREEN);
  level l = pick(seed);
  out[1] = l + (pick(0) == LOW);
  enum color table[3] = {2, 1, seed % 3};
  out[2] = table[0] * 100 + table[1] * 10 + table[2];
  int n = 0;
  for (enum color k = RED; k <= BLUE; k++)
    n += k;
  out[3] = n;
  void *v = malloc(2 * sizeof(int));
  int *ip = v;
  ip[0] = seed;
  ip = v;
  ip[1] = 3;
  out[4] = ip[0] + ip[1];
  free(v);
  struct shape s = {{1, 2}, SQUARE, RIGHT, {.wh = {5, 6}}};
  struct point pt = {seed, 9};
  struct size sz = {7, 8};
  enum side sd = LEFT;
  s.kind = ROUND;
  out[5] = s.kind * 1000 + s.side * 100 + s.wh.h * 10 + pt.x + sz.w + sd;
  int two[2] = {seed, 10};
  out[6] = sum2(two);
  char code[3] = "xyz";
  out[7] = code[0] + code[2] - 2 * 'x';
  out[8] = (int)sizeof 'a' * 10 + (int)sizeof('b');
  out[9] = jump(seed) + jump(-5) * 100 + jump(2) * 1000;
  int warpSize = max(seed, 2) + min(seed, 0);
  out[10] = (int)sizeof(struct shape) + warpSize * 1000;
  _Static_assert(sizeof(struct point) == 2 * sizeof(int), "two ints");
  _Alignas(16) int aligned = seed;
  typeof(aligned) same = 2;
  __auto_type guessed = 3L;
  out[11] = (int)_Alignof(double) * 100 + aligned + same * 10 + (int)sizeof guessed * 1000;
  int *lits = (int[]){seed, 8, 9}; /* lives until the block ends */
  int *one = &(int){11};
  *one += lits[0];
  int loop = 0;
  for (int i = 0; i < 3; i++) {
    const int *t = (const int[]){i, 2 * i};
    loop += t[1];
  }
  out[12] = lits[1] + lits[2] * 10 + *one * 100 + sum2((int[]){1, 2}) * 10000 +
            px(&(struct point){.y = 2, .x = 3}) * 100000 + loop * 10000000 +
            (int)old_style(1.5, 4, 0.5f) * 100000000;
  struct row r = {{seed}};
  name nm;
  for (int i = 0; i < ROWS; i++)
    r.cells[i] += widths[i];
  out[13] = r.cells[0] * 10000 + r.cells[ROWS - 1] * 100 + (int)sizeof nm + ROWS;
  int steps = 0, k = 0;
  for (int i = seed; memcmp(&(struct point){i, 1}, &(struct point){5, 1}, sizeof pt); i++)
    steps++;
  while ((int[]){9, 8, seed, 7}[k] != seed)
    k++;
  if (seed > 1)
    steps += sum2((int[]){seed, 100});
  for (int i = 0; i < 2; i++)
    steps += px(&(struct point){i, seed}) * 1000;
  switch (seed) {
  case 2:
    steps += ((struct point *)&(struct point){3, 3})->y * 10000;
  }
  out[14] = steps + k * 100000 + primes[seed] * 1000000 + origin->y * 100000000;
#define KIND(x) _Generic((x), int: 1, double: 2, float: 3, default: 4)
  union number { int i; float f; } u = (union number)seed, w = (union number)1.5f;
  int rows = seed + 2;
  out[15] = KIND(seed) + KIND(1.0) * 10 + KIND(1.0f) * 100 + KIND('a' + 0L) * 1000 +
            (int)(sizeof(int[rows]) / sizeof(int)) * 10000 + (int)sizeof(char[rows][3]) * 100000 +
            u.i * 10000000 + (w.f == 1.5f) * 100000000;
  const wchar_t *wide = L"wide";
  char16_t c16 = u'x';
  char32_t c32 = U'y';
  out[16] = (int)(wide[3] - L'a') + (int)(c16 - u'a') * 100 + (int)(c32 - U'a') * 10000 +
            (int)sizeof(wchar_t) * 1000000;
}
#pragma omp end declare target

int main(void)
{
  int host[4][N], dev[4][N];
  for (int s = 0; s < 4; s++)
    fill(s, host[s]);

  /* What C says, as the host compiler gave it. */
  check_eq("enumeration arithmetic", host[0][0], 12);
  check_eq("typedef'd enumeration", host[1][1], 5);
  check_eq("enumeration table", host[2][2], 212);
  check_eq("enumeration loop", host[0][3], 3);
  check_eq("void *", host[1][4], 4);
  check_eq("nested definitions", host[1][5], 3000 + 100 + 60 + 1 + 7);
  check_eq("[static 2]", host[1][6], 11);
  check_eq("string without null", host[0][7], 'z' - 'x');
  check_eq("sizeof 'a'", host[0][8], 44);
  check_eq("jumps", host[1][9], 2 * 1000 + 7 * 100 + 42);
  check_eq("C11 keywords", host[3][11], 8000 + 800 + 20 + 3);
  check_eq("compound literals, old style", host[1][12],
           98 + 1200 + 30000 + 3200000 + 60000000 + 600000000);
  check_eq("types sized by an object", host[2][13], 60000 + 900 + 12 + 6);
  check_eq("wchar_t, char16_t, char32_t", host[2][16], 4 + 2300 + 240000 + 4000000);
  check_eq("_Generic, sizeof of a VLA type, cast to a union", host[2][15],
           1 + 20 + 300 + 4000 + 40000 + 1200000 + 20000000 + 100000000);
  check_eq("compound literals in loops and bodies", host[2][14],
           3 + 102 + 14000 + 30000 + 200000 + 5000000 + 400000000);

  memset(dev, 0, sizeof dev);
#pragma omp target map(from: dev[0:1])
  fill(0, dev[0]);
#pragma omp target teams distribute parallel for map(from: dev[1:3])
  for (int s = 1; s < 4; s++)
    fill(s, dev[s]);

  for (int s = 0; s < 4; s++)
    check_same_values("seed", s, dev[s], host[s], N);
  return fails != 0;
}

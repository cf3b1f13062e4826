/* translate-module.c - one module of the bench/translate input.  The
 * benchmark pastes many copies of it into one file, each with @K@ replaced
 * by its number, after a set of glibc headers.  It is ordinary C of the
 * kind the translator meets: structs, unions, enums, function pointers,
 * loops, switches, initializers, host OpenMP and target constructs. */
typedef struct vec@K@ { double x, y, z; } vec@K@_t;
enum shape@K@ { SHAPE@K@_NONE, SHAPE@K@_BOX = 3, SHAPE@K@_BALL, SHAPE@K@_LAST };
union num@K@ { long i; double d; unsigned char bytes[8]; };
struct body@K@ {
  enum shape@K@ kind;
  vec@K@_t pos, vel;
  double mass;
  unsigned flags : 3, live : 1;
  int (*step)(struct body@K@ *, double);
  char name[16];
};

static const char *const shape@K@_names[] = {
  [SHAPE@K@_NONE] = "none", [SHAPE@K@_BOX] = "box", [SHAPE@K@_BALL] = "ball",
};

static inline double dot@K@(const vec@K@_t *a, const vec@K@_t *b)
{
  return a->x * b->x + a->y * b->y + a->z * b->z;
}

static int step@K@(struct body@K@ *b, double dt)
{
  if (!b->live)
    return 0;
  b->pos.x += b->vel.x * dt;
  b->pos.y += b->vel.y * dt;
  b->pos.z += b->vel.z * dt;
  return b->pos.z < 0.0 ? (b->live = 0, 1) : 0;
}

double energy@K@(const struct body@K@ *bodies, size_t n)
{
  double e = 0.0;
#pragma omp parallel for reduction(+: e) schedule(static)
  for (size_t i = 0; i < n; i++)
    e += 0.5 * bodies[i].mass * dot@K@(&bodies[i].vel, &bodies[i].vel);
  return e;
}

void saxpy@K@(int n, float a, const float *restrict x, float *restrict y)
{
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int classify@K@(union num@K@ v, int mode)
{
  int r = 0;
  switch (mode) {
  case 0:
    r = v.i > 0 ? 1 : v.i < 0 ? -1 : 0;
    break;
  case 1:
  case 2:
    for (int k = 0; k < 8; k++)
      r += __builtin_popcount(v.bytes[k]);
    break;
  default:
    r = (int)(v.d * 100.0) % 7;
  }
  return r;
}

int simulate@K@(int steps)
{
  struct body@K@ bodies[4] = {
    {SHAPE@K@_BOX, {0, 0, 10}, {1, 0, -1}, 2.0, 0, 1, step@K@, "a"},
    {.kind = SHAPE@K@_BALL, .pos = {1, 2, 3}, .mass = 1.5, .live = 1, .step = step@K@},
  };
  int fallen = 0;
  for (int s = 0; s < steps; s++) {
    for (int i = 0; i < (int)(sizeof bodies / sizeof bodies[0]); i++) {
      if (bodies[i].step && bodies[i].step(&bodies[i], 0.1))
        fallen++;
    }
    if (energy@K@(bodies, 4) > 1e9)
      break;
  }
  printf("%s %d %g\n", shape@K@_names[bodies[0].kind], fallen,
         (double)sizeof(union num@K@));
  return fallen;
}

long checksum@K@(const char *s)
{
  long h = 5381;
  while (*s) {
    int c = (unsigned char)*s++;
    h = ((h << 5) + h) ^ c;
  }
  char *copy = strdup(s);
  if (copy) {
    h ^= (long)strlen(copy);
    free(copy);
  }
  return h;
}

void matmul@K@(int n, const double a[n][n], const double b[n][n], double c[n][n])
{
#pragma omp target teams distribute parallel for collapse(2) map(to: a[0:n][0:n], b[0:n][0:n]) map(from: c[0:n][0:n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double sum = 0.0;
      for (int k = 0; k < n; k++)
        sum += a[i][k] * b[k][j];
      c[i][j] = sum;
    }
}

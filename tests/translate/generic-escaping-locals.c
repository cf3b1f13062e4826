// A variable of a generic kernel's serial code whose address leaves it
// moves to shared memory (a frame of its own, __ompicc_frame), where the workers of a
// parallel region can reach it (run/generic-escaping-locals.c runs
// them): one whose address is taken (&x, &b.m), an array passed to a
// function; an array used only by subscript and sizeof stays the
// master's.  Leaving a loop of the serial code by continue or break ends
// the frames its body made (__ompicc_unframe: nothing to do unless the
// variable was too large for one and went to the shared stack), and so
// does a continue of a distribute loop's body; a continue of a loop
// inside the body ends only that loop's.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck --check-prefix=FUNC %s < %t.cu
struct Box { int n; double v[4]; };
#pragma omp declare target
void use(double *a, int n);
void use_int(int *p);
#pragma omp end declare target

void f(double *out)
{
// CHECK: void __omp_generic_escaping_locals_c_[[@LINE+1]]
#pragma omp target teams map(from: out[0:4])
  {
    int x = 1;
    struct Box b = {4, {0}};
    double a[4] = {0}, kept[4] = {0};
    use_int(&x);
    use(&b.v[1], 2);
    use(a, 4);
    kept[1] = sizeof kept;
    for (int it = 0; it < 10; it++) {
      double t[2] = {0};
      use(t, 2);
      if (it == 3)
        continue;
      if (it == 8)
        break;
      for (int j = 0; j < 2; j++) {
        double u[1];
        use(u, 1);
        if (j)
          continue;
      }
    }
#pragma omp distribute
    for (int k = 0; k < 4; k++) {
      double e[2] = {0};
      use(e, 2);
      if (k == 1)
        continue;
      out[k] = e[0] + kept[1] + x;
    }
#pragma omp parallel
    use(out, 0);
  }
}
// CHECK: decltype(__ompicc_i_x) &x = {{.*}}__ompicc_frame<
// CHECK: decltype(__ompicc_i_b) &b = {{.*}}__ompicc_frame<
// CHECK: decltype(__ompicc_i_a) &a = {{.*}}__ompicc_frame<
// CHECK-NOT: &kept = {{.*}}__ompicc_frame<
// CHECK: decltype(__ompicc_i_t) &t = {{.*}}__ompicc_frame<
// CHECK: { __ompicc_unframe<{{[0-9]+}}, (sizeof t)>(&t); continue; }
// CHECK: { __ompicc_unframe<{{[0-9]+}}, (sizeof t)>(&t); break; }
// CHECK: decltype(__ompicc_i_u) &u = {{.*}}__ompicc_frame<
// CHECK: { __ompicc_unframe<{{[0-9]+}}, (sizeof u)>(&u); continue; }
// CHECK: decltype(__ompicc_i_e) &e = {{.*}}__ompicc_frame<
// CHECK: { __ompicc_unframe<{{[0-9]+}}, (sizeof e)>(&e); continue; }

// A device function that forks a team: its callers may be the master or a
// thread of a region, so its locals take __ompicc_gpush, which asks.
#pragma omp declare target
void orphan(double *out)
{
  double w[1] = {2};
  use(w, 1);
#pragma omp parallel
  use(out, (int)w[0]);
}
#pragma omp end declare target
// FUNC-LABEL: __device__ void orphan(double *out){{$}}
// FUNC: &w = {{.*}}__ompicc_gpush(sizeof

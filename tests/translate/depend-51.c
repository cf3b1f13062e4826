// The task dependences of OpenMP 5.1 that gcc 12 does not know, lowered
// to ones it does (transform/depend.c), on every directive that takes a
// depend clause; in host functions with no device construct too (their
// bodies are parsed, not kept as text).
// inoutset (5.2 15.9.5) becomes inout: more order, never less.
// omp_all_memory (15.9.5): the task between two taskwaits.
// taskwait nowait (15.5): a deferrable task with the depend clauses and
// an empty body.
// RUN: %ompicc-tr --offload --no-line-markers %s -o %t.c
// RUN: FileCheck %s '--implicit-check-not={{^}}#pragma omp{{.*}}{{inoutset|omp_all_memory|nowait}}' < %t.c
typedef struct { char d[8]; } omp_depend_t;
int x, y, a[4];
omp_depend_t o;

void host(int n)
{
// CHECK-LABEL: void host(int n)
#pragma omp task depend(inoutset: x)
  x++;
// CHECK-NEXT: {
// CHECK-NEXT: #pragma omp task depend(inout: x)
#pragma omp task depend(iterator(i = 0:4), inoutset: a[i]) if(n > 2)
  x++;
// CHECK: #pragma omp task depend(iterator(i = 0:4), inout: a[i]) if(n > 2)
#pragma omp task depend(inout: omp_all_memory, y) if(n)
  y++;
// CHECK: {
// CHECK-NEXT: #pragma omp taskwait
// CHECK-NEXT: #pragma omp task depend(inout: y) if(n)
// CHECK-NEXT: y++;
// CHECK-NEXT: #pragma omp taskwait
// CHECK-NEXT: }
  if (n)
#pragma omp task depend(out: omp_all_memory) mergeable
    y++;
// CHECK-NEXT: if (n) {
// CHECK-NEXT: #pragma omp taskwait
// CHECK-NEXT: #pragma omp task mergeable
// CHECK-NEXT: y++;
// CHECK-NEXT: #pragma omp taskwait
// CHECK-NEXT: }
#pragma omp taskwait depend(in: x) depend(out: a) nowait
// CHECK-NEXT: #pragma omp task depend(in: x) depend(out: a)
// CHECK-NEXT: {}
#pragma omp taskwait depend(inoutset: x) nowait
// CHECK-NEXT: #pragma omp task depend(inout: x)
// CHECK-NEXT: {}
#pragma omp taskwait depend(inout: omp_all_memory) nowait
// CHECK-NEXT: #pragma omp taskwait{{$}}
#pragma omp taskwait depend(out: omp_all_memory, x)
// CHECK-NEXT: #pragma omp taskwait{{$}}
#pragma omp taskwait depend(in: x)
// CHECK-NEXT: #pragma omp taskwait depend(in: x)
#pragma omp depobj(o) depend(inoutset: x)
// CHECK-NEXT: #pragma omp depobj(o) depend(inout: x)
#pragma omp depobj(o) update(inoutset)
// CHECK-NEXT: #pragma omp depobj(o) update(inout)
#pragma omp task depend(mutexinoutset: x) depend(depobj: o)
  x++;
// CHECK-NEXT: #pragma omp task depend(mutexinoutset: x) depend(depobj: o)
}

// The target constructs' host tasks (lower-host.c) take the same lowering.
void target(void)
{
// CHECK-LABEL: void target(void)
#pragma omp target map(tofrom: x) depend(inout: omp_all_memory) nowait
  x++;
// CHECK: #pragma omp taskwait
// CHECK-NEXT: #pragma omp task default(shared)
// CHECK: __ompicc_target(
// CHECK: #pragma omp taskwait
#pragma omp target update to(x) depend(inoutset: x)
// CHECK: #pragma omp task depend(inout: x) if(0) default(shared)
// CHECK: __ompicc_update(
#pragma omp target enter data map(to: y) depend(out: omp_all_memory, y)
// CHECK: #pragma omp taskwait
// CHECK-NEXT: #pragma omp task depend(out: y) if(0) default(shared)
// CHECK: __ompicc_data_begin(
// CHECK: #pragma omp taskwait
#pragma omp target exit data map(from: y) depend(inoutset: y) nowait
// CHECK: #pragma omp task depend(inout: y) default(shared)
// CHECK: __ompicc_data_end(
}

// In a target region: its host fallback is lowered; the kernel runs
// tasks at once (their dependences hold in the order they are met).
void region(void)
{
// CHECK-LABEL: void region(void)
#pragma omp target map(tofrom: x)
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(inout: omp_all_memory)
    x++;
#pragma omp task depend(inoutset: x)
    x++;
#pragma omp taskwait depend(in: x) nowait
  }
// CHECK: #pragma omp taskwait
// CHECK-NEXT: #pragma omp task{{$}}
// CHECK-NEXT: x++;
// CHECK-NEXT: #pragma omp taskwait
// CHECK: #pragma omp task depend(inout: x)
// CHECK: #pragma omp task depend(in: x)
// CHECK-NEXT: {}
}

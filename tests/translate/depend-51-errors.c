// Task dependences of OpenMP 5.1 broken or not supported: each at its
// place.  OpenMP 5.2 15.5: nowait may appear on taskwait only with a
// depend clause; 15.9.5: omp_all_memory only in depend(out:) and
// depend(inout:).  A depend object with omp_all_memory, and a detached
// task with it (complete only when its event is fulfilled), are sorries.
// RUN: not %ompicc-tr --offload %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: --implicit-check-not=sorry < %t.err
typedef struct { char d[8]; } omp_depend_t;
typedef unsigned long omp_event_handle_t;
int x;
omp_depend_t o;
omp_event_handle_t ev;
void f(void)
{
// CHECK: depend-51-errors.c:[[@LINE+1]]:22: error: 'nowait' clause on 'taskwait' without a 'depend' clause (OpenMP 5.2 15.5: nowait may only appear with depend)
#pragma omp taskwait nowait
// CHECK: depend-51-errors.c:[[@LINE+1]]:29: error: 'omp_all_memory' in a 'depend' clause of type 'in': only 'out' and 'inout' take it (OpenMP 5.2 15.9.5)
#pragma omp task depend(in: omp_all_memory)
  x++;
// CHECK: depend-51-errors.c:[[@LINE+1]]:44: error: 'omp_all_memory' in a 'depend' clause of type 'mutexinoutset'
#pragma omp taskwait depend(mutexinoutset: omp_all_memory) nowait
// CHECK: depend-51-errors.c:[[@LINE+1]]:37: sorry, unimplemented: 'omp_all_memory' in a 'depend' clause of 'depobj'
#pragma omp depobj(o) depend(inout: omp_all_memory)
// CHECK: depend-51-errors.c:[[@LINE+1]]:49: sorry, unimplemented: 'omp_all_memory' in a 'depend' clause of a task with a 'detach' clause
#pragma omp task depend(out: omp_all_memory, x) detach(ev)
  x++;
}

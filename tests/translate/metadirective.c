// metadirective (OpenMP 5.2 7.4) and the context it is decided in (7.1,
// 7.3): outside target regions the host's traits (kind host and cpu),
// inside them the GPU's (kind gpu and nohost, arch nvptx), the construct
// set of the enclosing constructs up to the innermost target; a selector
// scores 2^(p-1) per construct at position p, 2^l for kind, 2^(l+1) for
// arch, its explicit scores, plus one; the highest score wins, a when
// clause before the default, then the lexical order.  A user condition
// that is not a literal, or a target_device selector (5.1), is decided at
// run time: one copy of the statement per candidate, in an if-else chain
// in that order.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck --check-prefix=HOST %s < %t.c
// RUN: FileCheck --check-prefix=KERN %s < %t.cu
int omp_get_default_device(void);
void f(int n, int *a)
{
// host context: kind(host) matches, nohost does not
// HOST-LABEL: void f(
// HOST: #pragma omp parallel for num_threads(2)
// HOST: for (int i = 0; i < n; i++)
#pragma omp metadirective when(device={kind(nohost)}: parallel for num_threads(4)) when(device={kind(host)}: parallel for num_threads(2)) default(parallel for)
  for (int i = 0; i < n; i++)
    a[i] = i;
// no when clause matches, no default: nothing, the statement alone
// HOST-NOT: pragma omp
// HOST: a[0] = 7;
#pragma omp metadirective when(device={arch(nvptx)}: parallel)
  a[0] = 7;
// a construct selector scores higher than the user condition 1, whatever
// the lexical order; in a parallel region, construct={parallel} matches
// HOST: #pragma omp parallel
// HOST: #pragma omp for schedule(static, 3)
#pragma omp parallel
  {
#pragma omp metadirective when(user={condition(1)}: for schedule(static, 2)) when(construct={parallel}: for schedule(static, 3))
    for (int i = 0; i < n; i++)
      a[i] += 1;
  }
// an explicit score beats the construct's 2^0
// HOST: #pragma omp for schedule(static, 5)
#pragma omp parallel
  {
#pragma omp metadirective when(construct={parallel}: for schedule(static, 4)) when(implementation={vendor(score(9): ompicc)}: for schedule(static, 5))
    for (int i = 0; i < n; i++)
      a[i] += 1;
  }
// inside a target region the device's traits: the kernel runs the teams
// variant (an SPMD kernel)
// KERN: __global__ {{.*}}__omp_metadirective_c_[[@LINE+1]](
#pragma omp target map(tofrom: a[0:n])
  {
#pragma omp metadirective when(device={kind(host)}: parallel for) when(device={kind(nohost), arch(nvptx)}: teams distribute parallel for)
    for (int i = 0; i < n; i++)
      a[i] = 2 * i;
  }
// run-time choice: a user condition, in score order (the construct
// selector would score 2 but is not met here; the second when scores 1+4)
// HOST: if (n > 100 && n < 1000)
// HOST: #pragma omp parallel for num_threads(8)
// HOST: else if (n > 10)
// HOST: #pragma omp parallel for num_threads(4)
// HOST: else
// HOST: for (int i = 0; i < n; i++)
#pragma omp metadirective when(user={condition(n > 10)}: parallel for num_threads(4)) when(user={condition(score(4): n > 100 && n < 1000)}: parallel for num_threads(8)) when(construct={parallel}: for) default(nothing)
  for (int i = 0; i < n; i++)
    a[i] -= 1;
// a condition that is a constant expression but not a literal: copies
// were made, and the choice is made now, with no if left
// HOST: #pragma omp parallel for num_threads(5)
// HOST-NOT: if (
// HOST: a[i] += 2;
#pragma omp metadirective when(user={condition(sizeof(int) > 1)}: parallel for num_threads(5)) default(nothing)
  for (int i = 0; i < n; i++)
    a[i] += 2;
// target_device (5.1): the kind of the device a target construct would
// use, asked of the runtime
// HOST: int dev = omp_get_default_device();
// HOST: if (!__ompicc_is_host_device(dev)) {
// HOST: __ompicc_target(&__ompicc_region_{{[0-9]+}}, (dev),
// HOST: } else if (__ompicc_is_host_device((-2147483647L - 1))) {
  int dev = omp_get_default_device();
#pragma omp metadirective when(target_device={device_num(dev), kind(gpu)}: target device(dev) map(tofrom: a[0:n])) when(target_device={kind(host)}: target map(tofrom: a[0:n]) if(0)) default(target map(to: a[0:n]))
  for (int i = 0; i < n; i++)
    a[i] += 3;
}

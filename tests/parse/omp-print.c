// Every OpenMP directive and clause form prints back as one normalised
// '#pragma omp' line; printing the printed file again gives the same text.
// RUN: %ompicc-tr --no-line-markers %s > %t1.c
// RUN: FileCheck %s < %t1.c
// RUN: %ompicc-tr --no-line-markers %t1.c > %t2.c
// RUN: diff %t1.c %t2.c

typedef struct vec { int len; double *data; } vec_t;
typedef void *omp_depend_t;
typedef void *omp_event_handle_t;
typedef unsigned long omp_allocator_handle_t;
extern const omp_allocator_handle_t omp_default_mem_alloc;

// CHECK: #pragma omp requires unified_address unified_shared_memory reverse_offload dynamic_allocators atomic_default_mem_order(seq_cst)
#pragma omp requires unified_address unified_shared_memory reverse_offload dynamic_allocators atomic_default_mem_order(seq_cst)

int tp1, tp2;
// CHECK: #pragma omp threadprivate(tp1, tp2)
#pragma omp threadprivate(tp1,tp2)

// CHECK: #pragma omp declare target{{$}}
#pragma omp declare target
int dev_var;
// CHECK: #pragma omp end declare target
#pragma omp end declare target
int f(int), g(int);
// CHECK: #pragma omp declare target(f, g)
#pragma omp declare target (f, g)
// CHECK: #pragma omp declare target to(f) device_type(nohost) indirect
#pragma omp declare target to(f) device_type(nohost) indirect
// CHECK: #pragma omp declare target enter(g) link(dev_var)
#pragma omp declare target enter(g) link(dev_var)
// CHECK: #pragma omp begin declare target device_type(any)
#pragma omp begin declare target device_type(any)
int dev_var2;
#pragma omp end declare target

// CHECK: #pragma omp declare reduction(merge: int, long: omp_out += omp_in) initializer(omp_priv = 0)
#pragma omp declare reduction(merge : int, long : omp_out += omp_in) initializer(omp_priv = 0)
void vinit(vec_t *), vadd(vec_t *, vec_t *);
// CHECK: #pragma omp declare reduction(+: vec_t: vadd(&omp_out, &omp_in)) initializer(vinit(&omp_priv))
#pragma omp declare reduction(+ : vec_t : vadd(&omp_out, &omp_in)) initializer(vinit(&omp_priv))
// CHECK: #pragma omp declare mapper(mym: struct vec v) map(v, v.data[0:v.len])
#pragma omp declare mapper(mym : struct vec v) map(v, v.data[0:v.len])
// CHECK: #pragma omp declare mapper(vec_t w) map(to: w.data[0:w.len])
#pragma omp declare mapper(vec_t w) map(to: w.data[0:w.len])

// CHECK: #pragma omp declare simd uniform(a) linear(i: 1) aligned(a: 32) simdlen(8) notinbranch
#pragma omp declare simd uniform(a) linear(i:1) aligned(a:32) simdlen(8) notinbranch
int simd_fn(int *a, int i);
int f_gpu(int);
// CHECK: #pragma omp declare variant(f_gpu) match(construct={target}, device={arch(nvptx)})
#pragma omp declare variant(f_gpu) match(construct={target}, device={arch(nvptx)})
int f_base(int);

void all(int n, int c, double *a, double *b, vec_t s, omp_depend_t o, omp_event_handle_t ev)
{
  int i, j, x = 0, y = 0, sum = 0, m = 0, t = 0, p[10], *q = p;
// CHECK: #pragma omp parallel if(parallel: n > 10) num_threads(4) default(none) private(i, j) firstprivate(c) shared(a) copyin(tp1) reduction(+: sum) proc_bind(spread) allocate(omp_default_mem_alloc: i)
#pragma omp parallel if(parallel: n > 10) num_threads(4) default(none) private(i,j) firstprivate(c) shared(a) copyin(tp1) reduction(+:sum) proc_bind(spread) allocate(omp_default_mem_alloc: i)
  ;
// CHECK: #pragma omp parallel private(x) shared(y) proc_bind(primary)
#pragma omp parallel private(x), shared(y) proc_bind(primary)
  ;
// CHECK: #pragma omp parallel if(c ? n : 1)
#pragma omp parallel if(c ? n : 1)
  ;
// CHECK: #pragma omp parallel reduction(task, ||: x) reduction(merge: y) reduction(&&: c) reduction(min: m) reduction(max: t)
#pragma omp parallel reduction(task, || : x) reduction(merge: y) reduction(&&: c) reduction(min: m) reduction(max:t)
  ;
// CHECK: #pragma omp for schedule(dynamic, 4) collapse(2) ordered(2) nowait lastprivate(conditional: x) reduction(*: m) order(concurrent)
#pragma omp for schedule(dynamic, 4) collapse(2) ordered(2) nowait lastprivate(conditional: x) reduction(*: m) order(concurrent)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      ;
// CHECK: #pragma omp for schedule(nonmonotonic, simd: guided, n * 2) linear(y: 2)
#pragma omp for schedule(nonmonotonic, simd : guided, n*2) linear(y : 2)
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp for schedule(monotonic: static) ordered
#pragma omp for schedule(monotonic: static) ordered
  for (i = 0; i < n; i++) {
// CHECK: #pragma omp ordered threads
#pragma omp ordered threads
    ;
  }
// CHECK: #pragma omp for schedule(runtime) ordered(1)
#pragma omp for schedule(runtime) ordered(1)
  for (i = 0; i < n; i++) {
// CHECK: #pragma omp ordered depend(sink: i - 1)
#pragma omp ordered depend(sink: i-1)
// CHECK: #pragma omp ordered depend(source)
#pragma omp ordered depend(source)
// CHECK: #pragma omp ordered doacross(sink: i - 1)
#pragma omp ordered doacross(sink: i - 1)
// CHECK: #pragma omp ordered doacross(source:)
#pragma omp ordered doacross(source:)
  }
// CHECK: #pragma omp simd safelen(8) simdlen(4) aligned(a, b: 64) linear(val(x): 2) nontemporal(a) reduction(inscan, +: sum)
#pragma omp simd safelen(8) simdlen(4) aligned(a, b : 64) linear(val(x) : 2) nontemporal(a) reduction(inscan, +: sum)
  for (i = 0; i < n; i++) {
    sum += i;
// CHECK: #pragma omp scan inclusive(sum)
#pragma omp scan inclusive(sum)
    ;
  }
// CHECK: #pragma omp simd linear(x, y: val, step(2)) linear(q: ref) linear(m: n)
#pragma omp simd linear(x, y : val, step(2)) linear(q : ref) linear(m : n)
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp for linear(ref(q)) linear(uval(y))
#pragma omp for linear(ref(q)) linear(uval(y))
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp target teams distribute parallel for simd map(tofrom: a[0:n]) map(always, to: b[:n]) map(close, present, from: p) nowait depend(in: a) thread_limit(64) num_teams(8) device(1) defaultmap(tofrom: scalar) is_device_ptr(q) has_device_addr(x) dist_schedule(static, 32) if(target: c) if(parallel: n)
#pragma omp target teams distribute parallel for simd map(tofrom: a[0:n]) map(always,to: b[:n]) map(close present, from: p) nowait depend(in: a) thread_limit(64) num_teams(8) device(1) defaultmap(tofrom:scalar) is_device_ptr(q) has_device_addr(x) dist_schedule(static, 32) if(target: c) if(parallel: n)
  for (i = 0; i < n; i++)
    a[i] = b[i];
// CHECK: #pragma omp target map(mapper(mym), tofrom: s) map(iterator(int it = 0:n), to: a[it]) map(x, y) defaultmap(none: pointer) defaultmap(firstprivate: aggregate) device(ancestor: 1)
#pragma omp target map(mapper(mym), tofrom: s) map(iterator(int it = 0:n), to: a[it]) map(x, y) defaultmap(none: pointer) defaultmap(firstprivate: aggregate) device(ancestor: 1)
  ;
// CHECK: #pragma omp target data map(to: a[1:n - 1:2]) use_device_ptr(a) use_device_addr(b[0])
#pragma omp target data map(to: a[1:n-1:2]) use_device_ptr(a) use_device_addr(b[0])
  ;
// CHECK: #pragma omp target enter data map(to: a[0:n]) if(target enter data: c) depend(out: a) nowait
#pragma omp target enter data map(to: a[0:n]) if(target enter data: c) depend(out: a) nowait
// CHECK: #pragma omp target exit data map(release: a[0:n]) map(delete: b[0:n]) device(device_num: 0)
#pragma omp target exit data map(release: a[0:n]) map(delete: b[0:n]) device(device_num: 0)
// CHECK: #pragma omp target update to(a[0:n]) from(present: b[0:n]) to(mapper(mym): s) if(target update: c)
#pragma omp target update to(a[0:n]) from(present: b[0:n]) to(mapper(mym): s) if(target update: c)
// CHECK: #pragma omp target update from(present, mapper(mym), iterator(k = 0:n): a[k])
#pragma omp target update from(present mapper(mym) iterator(k = 0:n) : a[k])
// CHECK: #pragma omp parallel for{{$}}
#pragma omp parallel for
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp parallel for simd{{$}}
#pragma omp parallel for simd
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp for simd nowait
#pragma omp for simd nowait
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp parallel sections num_threads(2)
#pragma omp parallel sections num_threads(2)
  {
// CHECK: #pragma omp section
#pragma omp section
    x = 1;
  }
// CHECK: #pragma omp sections nowait
#pragma omp sections nowait
  {
    x = 2;
  }
// CHECK: #pragma omp parallel master
#pragma omp parallel master
  ;
// CHECK: #pragma omp parallel masked filter(2)
#pragma omp parallel masked filter(2)
  ;
// CHECK: #pragma omp master taskloop simd grainsize(strict: 4)
#pragma omp master taskloop simd grainsize(strict: 4)
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp masked taskloop num_tasks(8)
#pragma omp masked taskloop num_tasks(8)
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp parallel master taskloop simd{{$}}
#pragma omp parallel master taskloop simd
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp parallel masked taskloop{{$}}
#pragma omp parallel masked taskloop
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp taskloop simd collapse(2) nogroup
#pragma omp taskloop simd collapse(2) nogroup
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      ;
// CHECK: #pragma omp target teams loop bind(teams)
#pragma omp target teams loop bind(teams)
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp target parallel loop{{$}}
#pragma omp target parallel loop
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp parallel loop{{$}}
#pragma omp parallel loop
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp target teams{{$}}
#pragma omp target teams
  {
// CHECK: #pragma omp teams loop{{$}}
#pragma omp teams loop
    for (i = 0; i < n; i++)
      ;
// CHECK: #pragma omp distribute parallel for simd{{$}}
#pragma omp distribute parallel for simd
    for (i = 0; i < n; i++)
      ;
// CHECK: #pragma omp distribute simd{{$}}
#pragma omp distribute simd
    for (i = 0; i < n; i++)
      ;
// CHECK: #pragma omp distribute parallel for{{$}}
#pragma omp distribute parallel for
    for (i = 0; i < n; i++)
      ;
// CHECK: #pragma omp distribute{{$}}
#pragma omp distribute
    for (i = 0; i < n; i++)
      ;
  }
// CHECK: #pragma omp teams distribute simd{{$}}
#pragma omp teams distribute simd
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp teams distribute parallel for simd{{$}}
#pragma omp teams distribute parallel for simd
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp teams distribute parallel for{{$}}
#pragma omp teams distribute parallel for
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp teams distribute{{$}}
#pragma omp teams distribute
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp target teams num_teams(4: 8)
#pragma omp target teams num_teams(4 : 8)
  ;
// CHECK: #pragma omp target teams distribute simd{{$}}
#pragma omp target teams distribute simd
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp target teams distribute parallel for{{$}}
#pragma omp target teams distribute parallel for
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp target teams distribute{{$}}
#pragma omp target teams distribute
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp target simd{{$}}
#pragma omp target simd
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp target parallel for simd nowait
#pragma omp target parallel for simd nowait
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp target parallel for{{$}}
#pragma omp target parallel for
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp target parallel{{$}}
#pragma omp target parallel
  ;
// CHECK: #pragma omp loop bind(thread) order(reproducible: concurrent)
#pragma omp loop bind(thread) order(reproducible: concurrent)
  for (i = 0; i < n; i++)
    ;
// CHECK: #pragma omp masked{{$}}
#pragma omp masked
  ;
// CHECK: #pragma omp master{{$}}
#pragma omp master
  ;
// CHECK: #pragma omp scope private(x) reduction(+: y) nowait
#pragma omp scope private(x) reduction(+: y) nowait
  ;
// CHECK: #pragma omp single copyprivate(x) nowait
#pragma omp single copyprivate(x) nowait
  ;
// CHECK: #pragma omp critical{{$}}
#pragma omp critical
  ;
// CHECK: #pragma omp critical(lock1) hint(2)
#pragma omp critical (lock1) hint(2)
  ;
// CHECK: #pragma omp flush{{$}}
#pragma omp flush
// CHECK: #pragma omp flush(a, b)
#pragma omp flush (a, b)
// CHECK: #pragma omp flush acq_rel{{$}}
#pragma omp flush acq_rel
// CHECK: #pragma omp flush release (x)
#pragma omp flush release(x)
// CHECK: #pragma omp atomic{{$}}
#pragma omp atomic
  x++;
// CHECK: #pragma omp atomic read seq_cst
#pragma omp atomic read seq_cst
  y = x;
// CHECK: #pragma omp atomic seq_cst write
#pragma omp atomic seq_cst write
  x = 1;
// CHECK: #pragma omp atomic update relaxed hint(1)
#pragma omp atomic update relaxed hint(1)
  x += 1;
// CHECK: #pragma omp atomic capture acq_rel
#pragma omp atomic capture acq_rel
  y = x++;
// CHECK: #pragma omp atomic compare capture
#pragma omp atomic compare capture
  {
    y = x;
    if (x == 1)
      x = 2;
  }
// CHECK: #pragma omp cancel parallel if(cancel: c)
#pragma omp cancel parallel if(cancel: c)
// CHECK: #pragma omp cancellation point taskgroup
#pragma omp cancellation point taskgroup
// CHECK: #pragma omp depobj(o) depend(in: x)
#pragma omp depobj(o) depend(in: x)
// CHECK: #pragma omp depobj(o) update(inout)
#pragma omp depobj(o) update(inout)
// CHECK: #pragma omp depobj(o) destroy
#pragma omp depobj(o) destroy
// CHECK: #pragma omp task if(c) final(n > 2) untied mergeable default(shared) priority(2) depend(inout: x) depend(mutexinoutset: y) depend(depobj: o) in_reduction(+: sum) detach(ev) affinity(iterator(k = 0:n:2): a[k])
#pragma omp task if(c) final(n > 2) untied mergeable default(shared) priority(2) depend(inout: x) depend(mutexinoutset: y) depend(depobj: o) in_reduction(+: sum) detach(ev) affinity(iterator(k = 0:n:2): a[k])
  ;
// CHECK: #pragma omp taskwait depend(iterator(k = 0:n), in: a[k])
#pragma omp taskwait depend(iterator(k = 0:n), in: a[k])
// CHECK: #pragma omp taskgroup task_reduction(-: m)
#pragma omp taskgroup task_reduction(-: m)
  ;
// CHECK: #pragma omp taskyield
#pragma omp taskyield
// CHECK: #pragma omp barrier
#pragma omp barrier
// CHECK: #pragma omp task allocate(allocator(omp_default_mem_alloc), align(8): x) firstprivate(x)
#pragma omp task allocate(allocator(omp_default_mem_alloc), align(8): x) firstprivate(x)
  ;
  omp_allocator_handle_t ua;
  int uat[2];
// CHECK: #pragma omp target uses_allocators(omp_default_mem_alloc, ua(uat))
#pragma omp target uses_allocators(omp_default_mem_alloc,ua(uat))
  ;
// CHECK: #pragma omp target uses_allocators(memspace(0), traits(uat): ua)
#pragma omp target uses_allocators(memspace(0),traits(uat):ua)
  ;
// CHECK: #pragma omp error at(execution) severity(warning) message("oops")
#pragma omp error at(execution) severity(warning) message("oops")
// CHECK: #pragma omp nothing
#pragma omp nothing
// tile and unroll partial become the loops they generate (rewrite.c)
// CHECK: for (long long __ompicc_tile0_f0 = 0;
// CHECK: __ompicc_tile0_f1 += ((long long)(4)))
// CHECK: i = (0) + __ompicc_tile0_t0 * (1LL);
#pragma omp tile sizes(4, 4)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      ;
// CHECK: __ompicc_tile1_f0 += ((long long)(2)))
#pragma omp unroll partial(2)
  for (i = 0; i < n; i++)
    ;
  int al[4];
// CHECK: #pragma omp allocate(al) allocator(omp_default_mem_alloc) align(64)
#pragma omp allocate(al) allocator(omp_default_mem_alloc) align(64)
}

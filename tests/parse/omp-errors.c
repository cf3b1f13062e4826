// OpenMP directive errors: each message at the offending token's line and
// column, status 1.  One case per file part (each error is fatal).
// RUN: rm -rf %t && split-file --leading-lines %s %t
// RUN: not %ompicc-tr --parse-only %t/empty.c 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %ompicc-tr --parse-only %t/unknown-dir.c 2>&1 | FileCheck %s --check-prefix=UNKNOWN_DIR
// RUN: not %ompicc-tr --parse-only %t/unknown-declare.c 2>&1 | FileCheck %s --check-prefix=UNKNOWN_DECLARE
// RUN: not %ompicc-tr --parse-only %t/not-a-dir.c 2>&1 | FileCheck %s --check-prefix=NOT_A_DIR
// RUN: not %ompicc-tr --parse-only %t/unknown-clause.c 2>&1 | FileCheck %s --check-prefix=UNKNOWN_CLAUSE
// RUN: not %ompicc-tr --parse-only %t/not-allowed.c 2>&1 | FileCheck %s --check-prefix=NOT_ALLOWED
// RUN: not %ompicc-tr --parse-only %t/not-allowed-combined.c 2>&1 | FileCheck %s --check-prefix=NOT_ALLOWED_COMBINED
// RUN: not %ompicc-tr --parse-only %t/twice.c 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not %ompicc-tr --parse-only %t/if-twice.c 2>&1 | FileCheck %s --check-prefix=IF_TWICE
// RUN: not %ompicc-tr --parse-only %t/if-modifier.c 2>&1 | FileCheck %s --check-prefix=IF_MODIFIER
// RUN: not %ompicc-tr --parse-only %t/atomic-two-kinds.c 2>&1 | FileCheck %s --check-prefix=ATOMIC_TWO_KINDS
// RUN: not %ompicc-tr --parse-only %t/atomic-two-orders.c 2>&1 | FileCheck %s --check-prefix=ATOMIC_TWO_ORDERS
// RUN: not %ompicc-tr --parse-only %t/missing-paren.c 2>&1 | FileCheck %s --check-prefix=MISSING_PAREN
// RUN: not %ompicc-tr --parse-only %t/missing-args.c 2>&1 | FileCheck %s --check-prefix=MISSING_ARGS
// RUN: not %ompicc-tr --parse-only %t/empty-args.c 2>&1 | FileCheck %s --check-prefix=EMPTY_ARGS
// RUN: not %ompicc-tr --parse-only %t/empty-item.c 2>&1 | FileCheck %s --check-prefix=EMPTY_ITEM
// RUN: not %ompicc-tr --parse-only %t/no-args-wanted.c 2>&1 | FileCheck %s --check-prefix=NO_ARGS_WANTED
// RUN: not %ompicc-tr --parse-only %t/map-type.c 2>&1 | FileCheck %s --check-prefix=MAP_TYPE
// RUN: not %ompicc-tr --parse-only %t/map-modifier.c 2>&1 | FileCheck %s --check-prefix=MAP_MODIFIER
// RUN: not %ompicc-tr --parse-only %t/mapper-arg.c 2>&1 | FileCheck %s --check-prefix=MAPPER_ARG
// RUN: not %ompicc-tr --parse-only %t/schedule-kind.c 2>&1 | FileCheck %s --check-prefix=SCHEDULE_KIND
// RUN: not %ompicc-tr --parse-only %t/schedule-modifier.c 2>&1 | FileCheck %s --check-prefix=SCHEDULE_MODIFIER
// RUN: not %ompicc-tr --parse-only %t/default-kind.c 2>&1 | FileCheck %s --check-prefix=DEFAULT_KIND
// RUN: not %ompicc-tr --parse-only %t/proc-bind-kind.c 2>&1 | FileCheck %s --check-prefix=PROC_BIND_KIND
// RUN: not %ompicc-tr --parse-only %t/depend-type.c 2>&1 | FileCheck %s --check-prefix=DEPEND_TYPE
// RUN: not %ompicc-tr --parse-only %t/defaultmap-category.c 2>&1 | FileCheck %s --check-prefix=DEFAULTMAP_CATEGORY
// RUN: not %ompicc-tr --parse-only %t/reduction-colon.c 2>&1 | FileCheck %s --check-prefix=REDUCTION_COLON
// RUN: not %ompicc-tr --parse-only %t/reduction-id.c 2>&1 | FileCheck %s --check-prefix=REDUCTION_ID
// RUN: not %ompicc-tr --parse-only %t/cancel-type.c 2>&1 | FileCheck %s --check-prefix=CANCEL_TYPE
// RUN: not %ompicc-tr --parse-only %t/threadprivate-list.c 2>&1 | FileCheck %s --check-prefix=THREADPRIVATE_LIST
// RUN: not %ompicc-tr --parse-only %t/declare-reduction.c 2>&1 | FileCheck %s --check-prefix=DECLARE_REDUCTION
// RUN: not %ompicc-tr --parse-only %t/declare-mapper.c 2>&1 | FileCheck %s --check-prefix=DECLARE_MAPPER
// RUN: not %ompicc-tr --parse-only %t/iterator.c 2>&1 | FileCheck %s --check-prefix=ITERATOR
// RUN: not %ompicc-tr --parse-only %t/stray-colon.c 2>&1 | FileCheck %s --check-prefix=STRAY_COLON
// RUN: not %ompicc-tr --parse-only %t/extra-colon.c 2>&1 | FileCheck %s --check-prefix=EXTRA_COLON
// RUN: not %ompicc-tr --parse-only %t/trailing-comma.c 2>&1 | FileCheck %s --check-prefix=TRAILING_COMMA
// RUN: not %ompicc-tr --parse-only %t/garbage.c 2>&1 | FileCheck %s --check-prefix=GARBAGE
// RUN: not %ompicc-tr --parse-only %t/branch.c 2>&1 | FileCheck %s --check-prefix=BRANCH
//--- empty.c
// EMPTY: {{.*}}empty.c:[[@LINE+2]]:12: error: expected an OpenMP directive after '#pragma omp'
int c, a, b, x, s;
#pragma omp
//--- unknown-dir.c
// UNKNOWN_DIR: {{.*}}unknown-dir.c:[[@LINE+2]]:13: error: unknown OpenMP directive 'parallell'
int c, a, b, x, s;
#pragma omp parallell
//--- unknown-declare.c
// UNKNOWN_DECLARE: {{.*}}unknown-declare.c:[[@LINE+2]]:13: error: unknown OpenMP directive 'declare targets'
int c, a, b, x, s;
#pragma omp declare targets
//--- not-a-dir.c
// NOT_A_DIR: {{.*}}not-a-dir.c:[[@LINE+2]]:13: error: expected an OpenMP directive, found ')'
int c, a, b, x, s;
#pragma omp )
//--- unknown-clause.c
// UNKNOWN_CLAUSE: {{.*}}unknown-clause.c:[[@LINE+2]]:33: error: unknown OpenMP clause 'shred'
int c, a, b, x, s;
#pragma omp parallel private(x) shred(x)
//--- not-allowed.c
// NOT_ALLOWED: {{.*}}not-allowed.c:[[@LINE+2]]:22: error: 'nowait' clause is not allowed on 'parallel'
int c, a, b, x, s;
#pragma omp parallel nowait
//--- not-allowed-combined.c
// NOT_ALLOWED_COMBINED: {{.*}}not-allowed-combined.c:[[@LINE+2]]:26: error: 'nowait' clause is not allowed on 'parallel for'
int c, a, b, x, s;
#pragma omp parallel for nowait
//--- twice.c
// TWICE: {{.*}}twice.c:[[@LINE+2]]:37: error: 'num_threads' clause appears more than once on 'parallel'
int c, a, b, x, s;
#pragma omp parallel num_threads(2) num_threads(3)
//--- if-twice.c
// IF_TWICE: {{.*}}if-twice.c:[[@LINE+2]]:59: error: 'if' clause appears more than once on 'target parallel'
int c, a, b, x, s;
#pragma omp target parallel if(target: c) if(parallel: c) if(target: c)
//--- if-modifier.c
// IF_MODIFIER: {{.*}}if-modifier.c:[[@LINE+2]]:25: error: 'if' clause modifier 'target' does not apply to 'parallel'
int c, a, b, x, s;
#pragma omp parallel if(target: c)
//--- atomic-two-kinds.c
// ATOMIC_TWO_KINDS: {{.*}}atomic-two-kinds.c:[[@LINE+2]]:25: error: 'write' clause cannot be combined with 'read' on 'atomic'
int c, a, b, x, s;
#pragma omp atomic read write
//--- atomic-two-orders.c
// ATOMIC_TWO_ORDERS: {{.*}}atomic-two-orders.c:[[@LINE+2]]:35: error: 'relaxed' clause cannot be combined with 'seq_cst' on 'atomic'
int c, a, b, x, s;
#pragma omp atomic seq_cst update relaxed
//--- missing-paren.c
// MISSING_PAREN: {{.*}}missing-paren.c:[[@LINE+2]]:29: error: expected ')' in 'map' clause
int c, a, b, x, s;
#pragma omp target map(to: a
//--- missing-args.c
// MISSING_ARGS: {{.*}}missing-args.c:[[@LINE+2]]:33: error: expected '(' after 'num_threads'
int c, a, b, x, s;
#pragma omp parallel num_threads
//--- empty-args.c
// EMPTY_ARGS: {{.*}}empty-args.c:[[@LINE+2]]:34: error: expected an expression in 'num_threads' clause
int c, a, b, x, s;
#pragma omp parallel num_threads()
//--- empty-item.c
// EMPTY_ITEM: {{.*}}empty-item.c:[[@LINE+2]]:32: error: expected an expression in 'private' clause
int c, a, b, x, s;
#pragma omp parallel private(a,,b)
//--- no-args-wanted.c
// NO_ARGS_WANTED: {{.*}}no-args-wanted.c:[[@LINE+2]]:23: error: 'nowait' clause takes no arguments
int c, a, b, x, s;
#pragma omp for nowait(1)
//--- map-type.c
// MAP_TYPE: {{.*}}map-type.c:[[@LINE+2]]:24: error: unknown map type 'tofro' in 'map' clause
int c, a, b, x, s;
#pragma omp target map(tofro: a)
//--- map-modifier.c
// MAP_MODIFIER: {{.*}}map-modifier.c:[[@LINE+2]]:24: error: unknown map type modifier 'alwayz' in 'map' clause
int c, a, b, x, s;
#pragma omp target map(alwayz, to: a)
//--- mapper-arg.c
// MAPPER_ARG: {{.*}}mapper-arg.c:[[@LINE+2]]:24: error: expected '(' after 'mapper' in 'map' clause
int c, a, b, x, s;
#pragma omp target map(mapper, to: a)
//--- schedule-kind.c
// SCHEDULE_KIND: {{.*}}schedule-kind.c:[[@LINE+2]]:26: error: unknown schedule kind 'fast' in 'schedule' clause
int c, a, b, x, s;
#pragma omp for schedule(fast, 4)
//--- schedule-modifier.c
// SCHEDULE_MODIFIER: {{.*}}schedule-modifier.c:[[@LINE+2]]:26: error: unknown schedule modifier 'monotone' in 'schedule' clause
int c, a, b, x, s;
#pragma omp for schedule(monotone: static)
//--- default-kind.c
// DEFAULT_KIND: {{.*}}default-kind.c:[[@LINE+2]]:30: error: unknown default kind 'some' in 'default' clause
int c, a, b, x, s;
#pragma omp parallel default(some)
//--- proc-bind-kind.c
// PROC_BIND_KIND: {{.*}}proc-bind-kind.c:[[@LINE+2]]:32: error: unknown proc_bind kind 'near' in 'proc_bind' clause
int c, a, b, x, s;
#pragma omp parallel proc_bind(near)
//--- depend-type.c
// DEPEND_TYPE: {{.*}}depend-type.c:[[@LINE+2]]:25: error: unknown dependence type 'input' in 'depend' clause
int c, a, b, x, s;
#pragma omp task depend(input: x)
//--- defaultmap-category.c
// DEFAULTMAP_CATEGORY: {{.*}}defaultmap-category.c:[[@LINE+2]]:39: error: unknown variable category 'global' in 'defaultmap' clause
int c, a, b, x, s;
#pragma omp target defaultmap(tofrom: global)
//--- reduction-colon.c
// REDUCTION_COLON: {{.*}}reduction-colon.c:[[@LINE+2]]:35: error: expected ':' in 'reduction' clause
int c, a, b, x, s;
#pragma omp parallel reduction(sum)
//--- reduction-id.c
// REDUCTION_ID: {{.*}}reduction-id.c:[[@LINE+2]]:32: error: expected a reduction identifier in 'reduction' clause
int c, a, b, x, s;
#pragma omp parallel reduction(/: s)
//--- cancel-type.c
// CANCEL_TYPE: {{.*}}cancel-type.c:[[@LINE+2]]:20: error: expected 'parallel', 'sections', 'for' or 'taskgroup' after 'cancel'
int c, a, b, x, s;
#pragma omp cancel teams
//--- threadprivate-list.c
// THREADPRIVATE_LIST: {{.*}}threadprivate-list.c:[[@LINE+2]]:26: error: expected '(' after 'threadprivate'
int c, a, b, x, s;
#pragma omp threadprivate
//--- declare-reduction.c
// DECLARE_REDUCTION: {{.*}}declare-reduction.c:[[@LINE+2]]:39: error: expected ':' in 'declare reduction'
int c, a, b, x, s;
#pragma omp declare reduction(foo: int)
//--- declare-mapper.c
// DECLARE_MAPPER: {{.*}}declare-mapper.c:[[@LINE+2]]:28: error: expected a type and a variable name in 'declare mapper'
int c, a, b, x, s;
#pragma omp declare mapper(v)
//--- iterator.c
// ITERATOR: {{.*}}iterator.c:[[@LINE+2]]:38: error: expected 'begin : end [: step]' in iterator of 'depend' clause
int c, a, b, x, s;
#pragma omp task depend(iterator(i = 0), in: a[i])
//--- stray-colon.c
// STRAY_COLON: {{.*}}stray-colon.c:[[@LINE+2]]:22: error: 'num_teams' clause is not allowed on 'parallel'
int c, a, b, x, s;
#pragma omp parallel num_teams(1:2:3)
//--- extra-colon.c
// EXTRA_COLON: {{.*}}extra-colon.c:[[@LINE+2]]:32: error: unexpected ':' in 'num_teams' clause
int c, a, b, x, s;
#pragma omp teams num_teams(1:2:3)
//--- trailing-comma.c
// TRAILING_COMMA: {{.*}}trailing-comma.c:[[@LINE+2]]:32: error: expected an OpenMP clause after ','
int c, a, b, x, s;
#pragma omp parallel private(a),
//--- garbage.c
// GARBAGE: {{.*}}garbage.c:[[@LINE+2]]:22: error: expected an OpenMP clause, found '"str"'
int c, a, b, x, s;
#pragma omp parallel "str"
//--- branch.c
// BRANCH: {{.*}}branch.c:[[@LINE+2]]:35: error: 'notinbranch' clause cannot be combined with 'inbranch' on 'declare simd'
int c, a, b, x, s;
#pragma omp declare simd inbranch notinbranch

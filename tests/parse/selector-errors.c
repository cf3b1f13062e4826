// Context selectors (OpenMP 5.2 7.2) of metadirective when clauses and
// declare variant match clauses, and the directive names of assume's
// absent/contains (8.3.1): each error at its token, status 1; an
// unknown trait is a warning (it never matches), given once although a
// metadirective decided at run time is parsed once per candidate.
// RUN: rm -rf %t && split-file --leading-lines %s %t
// RUN: not %ompicc-tr --parse-only %t/set.c 2>&1 | FileCheck %s --check-prefix=SET
// RUN: not %ompicc-tr --parse-only %t/colon.c 2>&1 | FileCheck %s --check-prefix=COLON
// RUN: not %ompicc-tr --parse-only %t/variant.c 2>&1 | FileCheck %s --check-prefix=VARIANT
// RUN: not %ompicc-tr --parse-only %t/construct.c 2>&1 | FileCheck %s --check-prefix=CONSTRUCT
// RUN: not %ompicc-tr --parse-only %t/default.c 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: not %ompicc-tr --parse-only %t/score.c 2>&1 | FileCheck %s --check-prefix=SCORE
// RUN: not %ompicc-tr --parse-only %t/twice.c 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not %ompicc-tr --parse-only %t/match.c 2>&1 | FileCheck %s --check-prefix=MATCH
// RUN: not %ompicc-tr --parse-only %t/absent.c 2>&1 | FileCheck %s --check-prefix=ABSENT
// RUN: %ompicc-tr --parse-only %t/unknown-trait.c 2>&1 | FileCheck %s --check-prefix=UNKNOWN_TRAIT --implicit-check-not=warning:
//--- set.c
// SET: {{.*}}set.c:[[@LINE+2]]:32: error: unknown selector set 'devices' in 'when' clause
void f(void) {
#pragma omp metadirective when(devices={kind(gpu)}: parallel)
  ;
}
//--- colon.c
// COLON: {{.*}}colon.c:[[@LINE+2]]:{{[0-9]+}}: error: expected ':' after the context selector in 'when'
void f(void) {
#pragma omp metadirective when(device={kind(gpu)} parallel)
  ;
}
//--- variant.c
// VARIANT: {{.*}}variant.c:[[@LINE+2]]:53: error: 'declare target' cannot be a directive variant of 'metadirective'
void f(void) {
#pragma omp metadirective when(user={condition(1)}: declare target)
  ;
}
//--- construct.c
// CONSTRUCT: {{.*}}construct.c:[[@LINE+2]]:43: error: 'single' is not a construct trait (target, teams, parallel, for, simd, dispatch) in 'when' clause
void f(void) {
#pragma omp metadirective when(construct={single}: parallel)
  ;
}
//--- default.c
// DEFAULT: {{.*}}default.c:[[@LINE+2]]:45: error: 'otherwise' appears twice on 'metadirective'
void f(void) {
#pragma omp metadirective default(parallel) otherwise(nothing)
  ;
}
//--- score.c
// SCORE: {{.*}}score.c:[[@LINE+2]]:55: error: expected 'score(expression)' before ':' in 'when' clause
void f(void) {
#pragma omp metadirective when(implementation={vendor(scor(2): ompicc)}: parallel)
  ;
}
//--- twice.c
// TWICE: {{.*}}twice.c:[[@LINE+2]]:53: error: selector set 'user' appears twice in 'when' clause
void f(int n) {
#pragma omp metadirective when(user={condition(n)}, user={condition(1)}: parallel)
  ;
}
//--- match.c
// MATCH: {{.*}}match.c:[[@LINE+3]]:44: error: 'condition' takes one expression in 'match' clause
void g(void);
void h(int n);
#pragma omp declare variant(g) match(user={condition(1, 2)})
void h(int n);
//--- absent.c
// ABSENT: {{.*}}absent.c:[[@LINE+2]]:35: error: unknown OpenMP directive 'paralel'
void f(void) {
#pragma omp assume absent(target, paralel)
  ;
}
//--- unknown-trait.c
// UNKNOWN_TRAIT: {{.*}}unknown-trait.c:[[@LINE+2]]:40: warning: unknown trait 'color' of the 'device' selector set in 'when' clause: it never matches
void f(int n) {
#pragma omp metadirective when(device={color(red)}: parallel) when(user={condition(n)}: parallel)
  ;
}

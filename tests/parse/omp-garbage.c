// Malformed '#pragma omp' lines: each is one error with its place, status
// 1, and never a crash (not fails on a signal).
// RUN: rm -rf %t && split-file --leading-lines %s %t
// RUN: not %ompicc-tr --parse-only %t/g0.c 2>&1 | FileCheck %s --check-prefix=G0
// RUN: not %ompicc-tr --parse-only %t/g1.c 2>&1 | FileCheck %s --check-prefix=G1
// RUN: not %ompicc-tr --parse-only %t/g2.c 2>&1 | FileCheck %s --check-prefix=G2
// RUN: not %ompicc-tr --parse-only %t/g3.c 2>&1 | FileCheck %s --check-prefix=G3
// RUN: not %ompicc-tr --parse-only %t/g4.c 2>&1 | FileCheck %s --check-prefix=G4
// RUN: not %ompicc-tr --parse-only %t/g5.c 2>&1 | FileCheck %s --check-prefix=G5
// RUN: not %ompicc-tr --parse-only %t/g6.c 2>&1 | FileCheck %s --check-prefix=G6
// RUN: not %ompicc-tr --parse-only %t/g7.c 2>&1 | FileCheck %s --check-prefix=G7
// RUN: not %ompicc-tr --parse-only %t/g8.c 2>&1 | FileCheck %s --check-prefix=G8
// RUN: not %ompicc-tr --parse-only %t/g9.c 2>&1 | FileCheck %s --check-prefix=G9
// RUN: not %ompicc-tr --parse-only %t/g10.c 2>&1 | FileCheck %s --check-prefix=G10
// RUN: not %ompicc-tr --parse-only %t/g11.c 2>&1 | FileCheck %s --check-prefix=G11
// RUN: not %ompicc-tr --parse-only %t/g12.c 2>&1 | FileCheck %s --check-prefix=G12
// RUN: not %ompicc-tr --parse-only %t/g13.c 2>&1 | FileCheck %s --check-prefix=G13
// RUN: not %ompicc-tr --parse-only %t/g14.c 2>&1 | FileCheck %s --check-prefix=G14
// RUN: not %ompicc-tr --parse-only %t/g15.c 2>&1 | FileCheck %s --check-prefix=G15
// RUN: not %ompicc-tr --parse-only %t/g16.c 2>&1 | FileCheck %s --check-prefix=G16
// RUN: not %ompicc-tr --parse-only %t/g17.c 2>&1 | FileCheck %s --check-prefix=G17
// RUN: not %ompicc-tr --parse-only %t/g18.c 2>&1 | FileCheck %s --check-prefix=G18
// RUN: not %ompicc-tr --parse-only %t/g19.c 2>&1 | FileCheck %s --check-prefix=G19
// RUN: not %ompicc-tr --parse-only %t/g20.c 2>&1 | FileCheck %s --check-prefix=G20
// RUN: not %ompicc-tr --parse-only %t/g21.c 2>&1 | FileCheck %s --check-prefix=G21
// RUN: not %ompicc-tr --parse-only %t/g22.c 2>&1 | FileCheck %s --check-prefix=G22
// RUN: not %ompicc-tr --parse-only %t/g23.c 2>&1 | FileCheck %s --check-prefix=G23
// RUN: not %ompicc-tr --parse-only %t/g24.c 2>&1 | FileCheck %s --check-prefix=G24
// RUN: not %ompicc-tr --parse-only %t/g25.c 2>&1 | FileCheck %s --check-prefix=G25
// RUN: not %ompicc-tr --parse-only %t/g26.c 2>&1 | FileCheck %s --check-prefix=G26
// RUN: not %ompicc-tr --parse-only %t/g27.c 2>&1 | FileCheck %s --check-prefix=G27
// RUN: not %ompicc-tr --parse-only %t/g28.c 2>&1 | FileCheck %s --check-prefix=G28
// RUN: not %ompicc-tr --parse-only %t/g29.c 2>&1 | FileCheck %s --check-prefix=G29
// RUN: not %ompicc-tr --parse-only %t/g30.c 2>&1 | FileCheck %s --check-prefix=G30
// RUN: not %ompicc-tr --parse-only %t/g31.c 2>&1 | FileCheck %s --check-prefix=G31
// RUN: not %ompicc-tr --parse-only %t/g32.c 2>&1 | FileCheck %s --check-prefix=G32
// RUN: not %ompicc-tr --parse-only %t/g33.c 2>&1 | FileCheck %s --check-prefix=G33
// RUN: not %ompicc-tr --parse-only %t/g34.c 2>&1 | FileCheck %s --check-prefix=G34
// RUN: not %ompicc-tr --parse-only %t/g35.c 2>&1 | FileCheck %s --check-prefix=G35
// RUN: not %ompicc-tr --parse-only %t/g36.c 2>&1 | FileCheck %s --check-prefix=G36
// RUN: not %ompicc-tr --parse-only %t/g37.c 2>&1 | FileCheck %s --check-prefix=G37
// RUN: not %ompicc-tr --parse-only %t/g38.c 2>&1 | FileCheck %s --check-prefix=G38
// RUN: not %ompicc-tr --parse-only %t/g39.c 2>&1 | FileCheck %s --check-prefix=G39
// RUN: not %ompicc-tr --parse-only %t/g40.c 2>&1 | FileCheck %s --check-prefix=G40
// RUN: not %ompicc-tr --parse-only %t/g41.c 2>&1 | FileCheck %s --check-prefix=G41
//--- g0.c
// G0: {{.*}}g0.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp target map(
//--- g1.c
// G1: {{.*}}g1.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp target map(to:
//--- g2.c
// G2: {{.*}}g2.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp target map(to: a[
//--- g3.c
// G3: {{.*}}g3.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp target map(to: a[0:)
//--- g4.c
// G4: {{.*}}g4.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp target map(iterator(
//--- g5.c
// G5: {{.*}}g5.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp target map(iterator(i=0:1:2:3), to: a)
//--- g6.c
// G6: {{.*}}g6.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp target map(mapper(), to: a)
//--- g7.c
// G7: {{.*}}g7.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp target map(always always always
//--- g8.c
// G8: {{.*}}g8.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp parallel if(:)
//--- g9.c
// G9: {{.*}}g9.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp parallel if(parallel:)
//--- g10.c
// G10: {{.*}}g10.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp parallel if(::::)
//--- g11.c
// G11: {{.*}}g11.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp parallel reduction(:)
//--- g12.c
// G12: {{.*}}g12.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp parallel reduction(+:)
//--- g13.c
// G13: {{.*}}g13.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp parallel reduction(,:a)
//--- g14.c
// G14: {{.*}}g14.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp for linear(val()
//--- g15.c
// G15: {{.*}}g15.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp for linear(val():)
//--- g16.c
// G16: {{.*}}g16.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp for linear(:)
//--- g17.c
// G17: {{.*}}g17.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp for schedule(,)
//--- g18.c
// G18: {{.*}}g18.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp for schedule(static,)
//--- g19.c
// G19: {{.*}}g19.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp task depend(:)
//--- g20.c
// G20: {{.*}}g20.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp task depend(iterator():x)
//--- g21.c
// G21: {{.*}}g21.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp declare reduction(
//--- g22.c
// G22: {{.*}}g22.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp declare reduction(+::)
//--- g23.c
// G23: {{.*}}g23.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp declare mapper(:)
//--- g24.c
// G24: {{.*}}g24.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp declare mapper(a b c: d)
//--- g25.c
// G25: {{.*}}g25.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp critical()
//--- g26.c
// G26: {{.*}}g26.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp critical(1)
//--- g27.c
// G27: {{.*}}g27.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp flush(
//--- g28.c
// G28: {{.*}}g28.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp flush()
//--- g29.c
// G29: {{.*}}g29.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp parallel private(a)))
//--- g30.c
// G30: {{.*}}g30.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp parallel ]
//--- g31.c
// G31: {{.*}}g31.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp parallel private(a]
//--- g32.c
// G32: {{.*}}g32.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp parallel num_threads(1 2)
//--- g33.c
// G33: {{.*}}g33.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp target defaultmap(:)
//--- g34.c
// G34: {{.*}}g34.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp allocate()
//--- g35.c
// G35: {{.*}}g35.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp declare target to(
//--- g36.c
// G36: {{.*}}g36.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp declare variant() match()
//--- g37.c
// G37: {{.*}}g37.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp parallel ? : ,
//--- g38.c
// G38: {{.*}}g38.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp for ordered(
//--- g39.c
// G39: {{.*}}g39.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp atomic read(
//--- g40.c
// G40: {{.*}}g40.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp target update to(present:)
//--- g41.c
// G41: {{.*}}g41.c:[[@LINE+2]]:{{[0-9]+}}: error: 
int a, b, c, d, x;
#pragma omp parallel private(a) private

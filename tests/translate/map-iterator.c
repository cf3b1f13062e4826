// The iterator modifier of map, to and from (OpenMP 5.2 3.2.6, 5.8.3,
// 5.9): the construct's items are made in loops over the iterator values
// (begin while on begin's side of end, by step; the first iterator
// outermost) into an __ompicc_items, which one OMPICC_MAP_ITEMS entry
// of the map array stands for, after the construct's other entries; none
// is a kernel parameter, and the items go after the construct.  (The
// declarations are kept from -Wshadow: a construct's map array may hide
// an enclosing one's.)  A range
// that reads a variable its iterator hides reads a copy made before the
// loop; a deferred target task makes its items itself and captures what
// their ranges read, not the iterators.
// RUN: %ompicc-tr --no-line-markers --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s < %t.c
void f(int **rows, int n, int m, int s)
{
  int i = n;
// CHECK-LABEL: #pragma omp target enter data map(to: rows[0:n]) map(iterator(i = 0:i:2), to: rows[i][0:m])
// CHECK-NEXT: __ompicc_items __ompicc_items_0 = {"map-iterator.c:[[@LINE+5]]:9", 0, 0, 0};
// CHECK-NEXT: __typeof__(i) __ompicc_range_0_0_1 = i;
// CHECK-NEXT: for (int i = 0; i < __ompicc_range_0_0_1; i += 2)
// CHECK-NEXT: __ompicc_items_add(&__ompicc_items_0, (__ompicc_map){(void *)(&(rows[i])), (void *)(&(rows[i])[0]), (unsigned long)((m) * sizeof((rows[i])[0])), 0x801, "rows[i][0:m]"});
// CHECK-NEXT: __ompicc_map __ompicc_m[2] = {
#pragma omp target enter data map(to: rows[0:n]) map(iterator(i = 0:i:2), to: rows[i][0:m])
// CHECK-NEXT: {(void *)(&(rows)), (void *)(&(rows)[0]), (unsigned long)((n) * sizeof((rows)[0])), 0x801, "rows[0:n]"},
// CHECK-NEXT: {(void *)&__ompicc_items_0, 0, 0, 0x20000 /* OMPICC_MAP_ITEMS */, "rows[i][0:m]"},
// CHECK-NEXT: };
// CHECK-NEXT: #pragma GCC diagnostic pop
// CHECK-NEXT: __ompicc_data_begin("map-iterator.c:[[@LINE-5]]:9", (-2147483647L - 1), 2, __ompicc_m);
// CHECK-NEXT: __ompicc_items_free(&__ompicc_items_0);

// Two iterators that hide the variables their ranges read: a copy each.
// CHECK-LABEL: #pragma omp target update to(iterator(m = 0:m, s = 0:s): rows[m][s])
// CHECK-NEXT: __ompicc_items __ompicc_items_0 = {
// CHECK-NEXT: __typeof__(m) __ompicc_range_0_0_1 = m;
// CHECK-NEXT: __typeof__(s) __ompicc_range_0_1_1 = s;
// CHECK-NEXT: for (int m = 0; m < __ompicc_range_0_0_1; m++)
// CHECK-NEXT: for (int s = 0; s < __ompicc_range_0_1_1; s++)
#pragma omp target update to(iterator(m = 0:m, s = 0:s): rows[m][s])

// CHECK-LABEL: #pragma omp target update from(iterator(int i = n - 1:-1:-1, j = 0:m:s): rows[i][j])
// CHECK-NEXT: __ompicc_items __ompicc_items_0 = {
// CHECK-NEXT: for (int i = n - 1; i > (-1); i += (-1))
// CHECK-NEXT: for (int j = 0; s > 0 ? j < m : j > m; j += s)
// CHECK-NEXT: __ompicc_items_add(&__ompicc_items_0, (__ompicc_map){(void *)(&(rows[i][j])), (void *)(&(rows[i][j])), (unsigned long)(sizeof(rows[i][j])), 0x2, "rows[i][j]"});
// CHECK-NEXT: __ompicc_map __ompicc_m[1] = {
// CHECK-NEXT: {(void *)&__ompicc_items_0, 0, 0, 0x20000 /* OMPICC_MAP_ITEMS */, "rows[i][j]"},
// CHECK-NEXT: };
// CHECK-NEXT: #pragma GCC diagnostic pop
// CHECK-NEXT: __ompicc_update({{.*}}, 1, __ompicc_m);
// CHECK-NEXT: __ompicc_items_free(&__ompicc_items_0);
#pragma omp target update from(iterator(int i = n - 1:-1:-1, j = 0:m:s): rows[i][j])

// CHECK: #pragma omp task default(shared) firstprivate(rows, n, m)
// CHECK-NEXT: {
// CHECK-NEXT: #pragma GCC diagnostic push
// CHECK-NEXT: #pragma GCC diagnostic ignored "-Wshadow"
// CHECK-NEXT: /* #pragma omp target map(to: rows[0:n]) map(iterator(it = 0:n), tofrom: rows[it][0:m]) nowait
// CHECK-NEXT: static __ompicc_region
// CHECK-NEXT: __ompicc_items __ompicc_items_0 = {
// CHECK-NEXT: for (int it = 0; it < n; it++)
// CHECK-NEXT: __ompicc_items_add(&__ompicc_items_0, (__ompicc_map){(void *)(&(rows[it])), (void *)(&(rows[it])[0]), (unsigned long)((m) * sizeof((rows[it])[0])), 0x803, "rows[it][0:m]"});
// CHECK-NEXT: __ompicc_map __ompicc_m[2] = {
// CHECK-NEXT: {(void *)(rows), (void *)(&(rows)[0]), (unsigned long)((n) * sizeof((rows)[0])), 0x101, "rows[0:n]"},
// CHECK-NEXT: {(void *)&__ompicc_items_0, 0, 0, 0x20000 /* OMPICC_MAP_ITEMS */, "rows[it][0:m]"},
// CHECK-NEXT: };
// CHECK-NEXT: #pragma GCC diagnostic pop
// CHECK-NEXT: if (__ompicc_target(&__ompicc_region_0, (-2147483647L - 1), 2, __ompicc_m,
// CHECK-NEXT: rows[0][0] = 1;
// CHECK-NEXT: __ompicc_items_free(&__ompicc_items_0);
#pragma omp target map(to: rows[0:n]) map(iterator(it = 0:n), tofrom: rows[it][0:m]) nowait
  rows[0][0] = 1;
}

/* relocatable.h - included first (-include) by bench/run --relocatable,
 * which links relocatable.c into each program: a declare target function
 * that calls one of another file makes the program's file a linked unit
 * that names another file's device code (doc/ARCHITECTURE.md, "Device code
 * across files"), so its kernels are compiled as relocatable device code
 * and linked, as those of a program whose device code spans files: the
 * table then says what that costs against a plain run's whole-file
 * kernels. */
#pragma omp declare target
int bench_relocatable_marker(void); /* relocatable.c's */
int bench_relocatable_touch(void) { return bench_relocatable_marker(); }
#pragma omp end declare target

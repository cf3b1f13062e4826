// Arrays a region of team loops only adds into with atomic constructs
// (transform/team-private.c): each team of the narrow kernel adds into its
// own copy in shared memory, zeroed first, and adds the copy into the
// array after the region's loops (__ompicc_team_copy_zero, _add); the
// __wide twin updates the array itself.  OpenMP 5.2 15.8.4: updates by
// different threads happen in an unspecified order, and additions commute.
// Anything else the region does with the array, another operation, or a
// parameter that is not read-only (its memory might meet the array's)
// leaves it alone.  The copy's updates go through __ompicc_team_atomic,
// which adds a 64-bit integer in 32-bit words in shared memory.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck --check-prefix=KERN %s < %t.cu
void f(int n, const unsigned *data, float *out)
{
  unsigned long long hist[256];
  int grid[4][8];
  double sums[16];
// KERN: void __omp_team_copies_c_[[@LINE+13]]__run(
// KERN: __shared__ unsigned long long __ompicc_team_hist[256];
// KERN-NEXT: unsigned long long (&hist)[256] = sizeof(__ompicc_I) == 4 ? __ompicc_team_hist : *__ompicc_p_hist;
// KERN-NEXT: if (sizeof(__ompicc_I) == 4)
// KERN-NEXT: __ompicc_team_copy_zero(__ompicc_team_hist);
// KERN: __shared__ int __ompicc_team_grid[4][8];
// KERN: __shared__ double __ompicc_team_sums[16];
// KERN: __ompicc_team_atomic<sizeof(__ompicc_I) == 4>(&(hist[v % 256]),
// KERN: __ompicc_team_atomic<sizeof(__ompicc_I) == 4>(&(grid[v % 4][v % 8]),
// KERN: __ompicc_team_atomic<sizeof(__ompicc_I) == 4>(&(sums[v % 16]),
// KERN: __ompicc_team_atomic<sizeof(__ompicc_I) == 4>(&(grid[0][v % 8]),
// KERN: __ompicc_team_copy_add(*__ompicc_p_hist, __ompicc_team_hist);
// KERN: __ompicc_team_copy_add(*__ompicc_p_grid, __ompicc_team_grid);
#pragma omp target teams distribute map(tofrom: hist, grid, sums) map(to: data[0:n])
  for (int b = 0; b < n / 64; b++) {
#pragma omp parallel for
    for (int i = b * 64; i < b * 64 + 64; i++) {
      unsigned v = data[i];
#pragma omp atomic
      hist[v % 256] += 1;
#pragma omp atomic update
      grid[v % 4][v % 8]++;
#pragma omp atomic
      sums[v % 16] = sums[v % 16] + 0.5;
#pragma omp atomic
      --grid[0][v % 8];
    }
  }
// read in the region: its own
// KERN: void __omp_team_copies_c_[[@LINE+3]]__run(
// KERN-NOT: __ompicc_team_
// KERN: (&hist)[256] = *__ompicc_p_hist;
#pragma omp target teams distribute map(tofrom: hist) map(to: data[0:n]) map(from: out[0:1])
  for (int b = 0; b < n / 64; b++) {
#pragma omp parallel for
    for (int i = b * 64; i < b * 64 + 64; i++) {
#pragma omp atomic
      hist[data[i] % 256] += 1;
    }
    out[0] = hist[0];
  }
// a capture, a product: the array itself
// KERN: void __omp_team_copies_c_[[@LINE+5]]__run(
// KERN-NOT: __ompicc_team_
// KERN: (&hist)[256] = *__ompicc_p_hist;
// KERN-NOT: __ompicc_team_
// KERN: __ompicc_atomic(&(grid[0][data[i] % 8])
#pragma omp target teams distribute map(tofrom: hist, grid) map(to: data[0:n])
  for (int b = 0; b < n / 64; b++) {
#pragma omp parallel for
    for (int i = b * 64; i < b * 64 + 64; i++) {
      unsigned long long old;
#pragma omp atomic capture
      old = hist[data[i] % 256]++;
#pragma omp atomic
      grid[0][data[i] % 8] *= 2;
      (void)old;
    }
  }
// a parameter written through (out) might reach the array's memory
// KERN: void __omp_team_copies_c_[[@LINE+3]]__run(
// KERN-NOT: __ompicc_team_
// KERN: (&hist)[256] = *__ompicc_p_hist;
#pragma omp target teams distribute map(tofrom: hist) map(to: data[0:n]) map(from: out[0:n])
  for (int b = 0; b < n / 64; b++) {
#pragma omp parallel for
    for (int i = b * 64; i < b * 64 + 64; i++) {
#pragma omp atomic
      hist[data[i] % 256] += 1;
      out[i] = 1;
    }
  }
}

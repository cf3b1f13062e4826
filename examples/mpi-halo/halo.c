/* halo.c - the heat equation along a rod, split over MPI ranks, each rank's
 * part on its own device, the halo cells exchanged between ranks every step.
 *
 * What it shows:
 *  - one device per rank: ranks on one node take devices 0, 1, ... in
 *    turn (their rank on the node, modulo omp_get_num_devices());
 *  - the arrays mapped to the device once (target enter data), every
 *    step a kernel (target teams distribute parallel for) on them;
 *  - the halo exchange by `target update`: only the two edge cells come to
 *    the host, MPI_Sendrecv swaps them with the neighbours, and the two
 *    halo cells received go back to the device;
 *  - with --device-ptr, the exchange by `use_device_ptr`: MPI is given
 *    device addresses and moves the cells itself. That is right only with
 *    an MPI library that reads device memory (a CUDA-aware one, on a GPU),
 *    or where device memory is host memory: ompicc's CPU device cuda-emu,
 *    or no device (the host fallback). On a GPU with an MPI that is not
 *    CUDA-aware it crashes or gives wrong values: use the default.
 * Rank 0 gathers the rod at the end, computes it again serially, and says
 * "correct" or "WRONG" (exit status 1).
 *
 * Build with ompicc under the MPI compiler wrapper, and run:
 *
 *   OMPI_CC=ompicc mpicc -O2 -o halo halo.c      # Open MPI
 *   MPICH_CC=ompicc mpicc -O2 -o halo halo.c     # MPICH (or mpicc -cc=ompicc)
 *   mpirun -np 2 ./halo [points] [steps] [--device-ptr]
 *
 * On the CPU device, with a device for each of the 2 ranks:
 *
 *   OMPI_CC=ompicc mpicc --devices=cuda-emu -O2 -o halo halo.c
 *   OMPICC_DEVICES=cuda-emu OMPICC_EMU_DEVICES=2 mpirun -np 2 ./halo 100000 200
 */
#include <math.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h> /* MPIX_Query_cuda_support */
#endif

#define ALPHA 0.25 /* diffusion number: stable up to 0.5 */

/* The rod: points 1..n, with the ends 0 and n+1 held at 0.  The starting
 * temperatures are uneven, so that they change fast everywhere, at the
 * borders between ranks too: a halo cell that is stale or wrong changes
 * the result. */
static double initial(long i)
{
  return (double)(i * 37 % 101) / 100.0;
}

/* u[lo..hi] of the next step from u[lo-1..hi+1], into v. */
static void step_on_host(const double *u, double *v, long lo, long hi)
{
  for (long i = lo; i <= hi; i++)
    v[i] = u[i] + ALPHA * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
}

/* The halo exchange of one step, through the host.  A rank holds its m
 * points in u[1..m]; u[0] and u[m+1] are its halo cells: copies of the
 * neighbours' edge points (or the fixed ends of the rod, at its ends,
 * where the neighbour is MPI_PROC_NULL and nothing is received). */
static void exchange_by_update(double *u, int m, int left, int right, MPI_Comm comm)
{
  /* the device's two edge points to the host, not the whole array */
#pragma omp target update from(u[1:1], u[m:1])
  MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[m + 1], 1, MPI_DOUBLE, right, 0, comm,
               MPI_STATUS_IGNORE);
  MPI_Sendrecv(&u[m], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1, comm,
               MPI_STATUS_IGNORE);
  /* the two halo cells received, to the device */
#pragma omp target update to(u[0:1], u[m + 1:1])
}

/* The same exchange with MPI reading and writing device memory: inside the
 * target data construct, u is the device address of the host array u
 * (use_device_ptr).  See the top of the file for when this is right. */
static void exchange_device_addresses(double *u, int m, int left, int right, MPI_Comm comm)
{
#pragma omp target data use_device_ptr(u)
  {
    MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[m + 1], 1, MPI_DOUBLE, right, 0, comm,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[m], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1, comm,
                 MPI_STATUS_IGNORE);
  }
}

/* Whether the MPI library says it reads and writes GPU memory (Open MPI
 * built with CUDA says so; other libraries have no standard way to). */
static int mpi_is_cuda_aware(void)
{
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
  return MPIX_Query_cuda_support();
#else
  return 0;
#endif
}

/* The device of this rank: its rank among the ranks of its node, modulo
 * the node's devices; -1 (the host) when there is none. */
static int choose_device(void)
{
  MPI_Comm node;
  int node_rank, ndev = omp_get_num_devices();
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &node_rank);
  MPI_Comm_free(&node);
  if (ndev == 0)
    return -1;
  omp_set_default_device(node_rank % ndev);
  return node_rank % ndev;
}

/* Rank 0: the whole rod again, serially, from the same start; the largest
 * difference from the gathered result g[1..n]. */
static double difference_from_serial(const double *g, long n, int steps)
{
  double *u = calloc(n + 2, sizeof *u), *v = calloc(n + 2, sizeof *v), diff = 0;
  if (!u || !v)
    MPI_Abort(MPI_COMM_WORLD, 1);
  for (long i = 1; i <= n; i++)
    u[i] = initial(i);
  for (int s = 0; s < steps; s++) {
    step_on_host(u, v, 1, n);
    double *t = u;
    u = v, v = t;
  }
  for (long i = 1; i <= n; i++)
    diff = fmax(diff, fabs(g[i] - u[i]));
  free(u), free(v);
  return diff;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int device_ptr = argc > 1 && strcmp(argv[argc - 1], "--device-ptr") == 0;
  int nargs = argc - device_ptr;
  long n = nargs > 1 ? atol(argv[1]) : 1000000;
  int steps = nargs > 2 ? atoi(argv[2]) : 1000;
  if (n < 2L * size || steps < 0) {
    if (rank == 0)
      fprintf(stderr, "usage: halo [points >= 2 per rank] [steps] [--device-ptr]\n");
    MPI_Finalize();
    return 2;
  }

  /* This rank's points: first = its first point's place on the rod, m of
   * them, the first n % size ranks one more. */
  int m = (int)(n / size + (rank < n % size));
  long first = 1 + rank * (n / size) + (rank < n % size ? rank : n % size);
  int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  double *u = calloc(m + 2, sizeof *u), *v = calloc(m + 2, sizeof *v);
  if (!u || !v)
    MPI_Abort(MPI_COMM_WORLD, 1);
  for (int i = 1; i <= m; i++)
    u[i] = initial(first + i - 1);
  int device = choose_device();
  if (device_ptr && rank == 0 && !mpi_is_cuda_aware())
    fprintf(stderr, "halo: note: this MPI does not say it is CUDA-aware: --device-ptr is "
                    "right only on the CPU device (cuda-emu) or the host\n");

  /* Both arrays go to the device once, halo cells included (the ends of
   * the rod are 0 in both, and nothing ever writes them). */
#pragma omp target enter data map(to: u[0:m + 2], v[0:m + 2])
  MPI_Barrier(MPI_COMM_WORLD);
  double t = MPI_Wtime();
  for (int s = 0; s < steps; s++) {
    if (device_ptr)
      exchange_device_addresses(u, m, left, right, MPI_COMM_WORLD);
    else
      exchange_by_update(u, m, left, right, MPI_COMM_WORLD);
    /* u and v are mapped: here they stand for their device copies */
#pragma omp target teams distribute parallel for
    for (int i = 1; i <= m; i++)
      v[i] = u[i] + ALPHA * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
    double *swap = u;
    u = v, v = swap;
  }
  /* the result back to the host; v's device copy freed */
#pragma omp target exit data map(from: u[0:m + 2]) map(release: v[0:m + 2])
  t = MPI_Wtime() - t;

  /* Rank 0 gathers the rod (and each rank's device) and checks it. */
  int *counts = NULL, *displs = NULL, *devices = NULL;
  double *g = NULL;
  if (rank == 0) {
    counts = malloc(size * sizeof *counts), displs = malloc(size * sizeof *displs);
    devices = malloc(size * sizeof *devices), g = malloc((n + 2) * sizeof *g);
    if (!counts || !displs || !devices || !g)
      MPI_Abort(MPI_COMM_WORLD, 1);
    for (int r = 0; r < size; r++) {
      counts[r] = (int)(n / size + (r < n % size));
      displs[r] = r == 0 ? 1 : displs[r - 1] + counts[r - 1];
    }
  }
  MPI_Gather(&device, 1, MPI_INT, devices, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Gatherv(&u[1], m, MPI_DOUBLE, g, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  int wrong = 0;
  if (rank == 0) {
    printf("halo: %d ranks, %ld points, %d steps, halos exchanged by %s\n", size, n, steps,
           device_ptr ? "MPI on device addresses (use_device_ptr)" : "target update");
    for (int r = 0; r < size; r++) {
      if (devices[r] < 0)
        printf("  rank %d: the host (no device)\n", r);
      else
        printf("  rank %d: device %d\n", r, devices[r]);
    }
    /* The serial sums are the same, in the same order, as the kernel's;
     * a GPU may contract them to fused multiply-adds, hence no exact 0. */
    double diff = difference_from_serial(g, n, steps);
    wrong = !(diff <= 1e-12);
    printf("halo: %.3f s; max difference from the serial run %g: %s\n", t, diff,
           wrong ? "WRONG" : "correct");
    free(counts), free(displs), free(devices), free(g);
  }
  MPI_Bcast(&wrong, 1, MPI_INT, 0, MPI_COMM_WORLD);
  free(u), free(v);
  MPI_Finalize();
  return wrong;
}

// Target regions and data constructs from several host threads at once:
// one queue per thread and device (destroyed when the thread ends), the
// reference counts of data they share, and their own data.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %rtplugin -o %t.d/ompicc-test.so
// RUN: %rtkernels %s -o %t.d/kernels.so
// RUN: %rtcc %s %rtlib -o %t.d/prog
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test %t.d/prog %t.d/kernels.so > %t.d/out 2>&1
// RUN: count 0 < %t.d/out
#include "rt-test.h"

#define THREADS 8
#define ROUNDS 200
#define N 64

#ifdef KERNELS
/* own[i] += 1; atomically shared[0] += 1 */
int k_work(void **args, const OmpiccLaunch *g)
{
  int *own = *(int **)args[0], *shared = *(int **)args[1];
  for (int i = 0; i < N; i++)
    own[i] += 1;
  __atomic_add_fetch(&shared[0], 1, __ATOMIC_RELAXED);
  return 0;
}
#else
#include <pthread.h>

static int shared[N];
static int own[THREADS][N];
static __ompicc_region region = {"k_work", "t.c:10:1", NULL, 1, 0, NULL, 0, 0, NULL};

static void *worker(void *arg)
{
  int *mine = own[(long)arg];
  __ompicc_map data = {mine, mine, N * sizeof *mine, OMPICC_MAP_TO | OMPICC_MAP_FROM, "own"};
  for (int r = 0; r < ROUNDS; r++) {
    __ompicc_map m[2] = {
        {mine, mine, N * sizeof *mine, OMPICC_MAP_TO | OMPICC_MAP_FROM | OMPICC_MAP_ARG, "own"},
        {shared, shared, sizeof shared, OMPICC_MAP_TO | OMPICC_MAP_FROM | OMPICC_MAP_ARG, "shared"}};
    if (r % 2)
      __ompicc_data_begin("t.c:20:1", OMPICC_DEVICE_DEFAULT, 1, &data);
    CHECK(__ompicc_target(&region, OMPICC_DEVICE_DEFAULT, 2, m, 0, 0, N) == 0);
    if (r % 2)
      __ompicc_data_end("t.c:20:1", OMPICC_DEVICE_DEFAULT, 1, &data);
  }
  return NULL;
}

int main(int argc, char **argv)
{
  CHECK(argc == 2);
  region.unit = test_unit(argv[1], 0, NULL);
  TestStats *s = tp_stats();
  __ompicc_map m = {shared, shared, sizeof shared, OMPICC_MAP_TO | OMPICC_MAP_FROM, "shared"};
  __ompicc_data_begin("t.c:5:1", OMPICC_DEVICE_DEFAULT, 1, &m);
  pthread_t t[THREADS];
  for (long i = 0; i < THREADS; i++)
    CHECK(pthread_create(&t[i], NULL, worker, (void *)i) == 0);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], NULL);
  CHECK(s->queues == THREADS + 1 && s->live_queues == 1); /* main's remains */
  __ompicc_data_end("t.c:5:1", OMPICC_DEVICE_DEFAULT, 1, &m);
  CHECK(shared[0] == THREADS * ROUNDS);
  for (int i = 0; i < THREADS; i++)
    for (int j = 0; j < N; j++)
      CHECK(own[i][j] == ROUNDS);
  CHECK(s->live_allocs == 0 && s->launches == THREADS * ROUNDS);
  return 0;
}
#endif

/* omp-nest.h - collapsed non-rectangular loop nests in device code
 * (OpenMP 5.2 4.4.1-4.4.3): nests in which the bounds of a loop use the
 * variable of an enclosing loop of the nest, such as
 *
 *   for (int i = 0; i < n; i++)
 *     for (int j = i; j < n; j++)
 *
 * The collapsed iteration space is the sequence of the (i, j) pairs in
 * sequential order; its logical iterations are numbered from 0 (4.4.2),
 * and worksharing deals those numbers as for any other nest.  A kernel
 * maps a number back to the loops' logical iterations here, given a
 * functor of its own,
 *
 *   long long trips(int d, const long long *x)
 *
 * the trip count of loop d when the loops around it are at logical
 * iterations x[0] .. x[d-1], and a mask, indep, whose bit d says that no
 * loop inside loop d uses its variable: every iteration of loop d then
 * holds as many iterations of the collapsed space as its first, so the
 * loop is crossed by a division instead of a walk.  The kernel sets the
 * user's variables from x itself (var = lb + x[d] * step).
 *
 * Costs: counting and seeking walk the iterations of the loops whose
 * variable an inner loop uses (a triangular nest: the rows, once);
 * moving forward walks only what lies between the two places, so a
 * thread that takes its iterations in increasing order walks the space
 * once in all.  Compiled by nvcc (CUDA 10.2 and later) and by g++ for the
 * CPU device; levels are template parameters, so nothing recurses at run
 * time.
 */
#ifndef OMPICC_OMP_NEST_H
#define OMPICC_OMP_NEST_H

/* Where a thread is in a nest of N loops. */
template <int N> struct __ompicc_nest {
  long long x[N]; /* the logical iteration of each loop */
  long long t[N]; /* the trip count of each loop, at x of the loops around it */
  long long pos;  /* the iteration of the collapsed space x stands for; -1: none yet */
};

template <int N, int D> struct __ompicc_nest_level {
  /* The iterations of the collapsed space under loops 0 .. D-1 at x
   * (x[D] and beyond are scratch). */
  template <class F>
  static __device__ long long count(const F &trips, unsigned indep, long long *x)
  {
    long long t = trips(D, x), n = 0;
    if (t <= 0)
      return 0;
    x[D] = 0;
    if (indep >> D & 1)
      return t * __ompicc_nest_level<N, D + 1>::count(trips, indep, x);
    for (; x[D] < t; x[D]++)
      n += __ompicc_nest_level<N, D + 1>::count(trips, indep, x);
    return n;
  }

  /* Loops D and inside to iteration k of the space under loops 0 .. D-1
   * (k below that space's count). */
  template <class F>
  static __device__ void seek(__ompicc_nest<N> *c, const F &trips, unsigned indep, long long k)
  {
    long long *x = c->x;
    long long t = c->t[D] = trips(D, x);
    x[D] = 0;
    if (indep >> D & 1) {
      long long per = __ompicc_nest_level<N, D + 1>::count(trips, indep, x);
      x[D] = per > 0 ? k / per : 0;
      k -= x[D] * per;
    } else {
      for (; x[D] < t - 1; x[D]++) {
        long long n = __ompicc_nest_level<N, D + 1>::count(trips, indep, x);
        if (k < n)
          break;
        k -= n;
      }
    }
    __ompicc_nest_level<N, D + 1>::seek(c, trips, indep, k);
  }

  /* Forward by delta >= 0 in the space under loops 0 .. D-1, from where
   * c is: -1 once there; past the end of that space, how far past it
   * (0: its end). */
  template <class F>
  static __device__ long long forward(__ompicc_nest<N> *c, const F &trips, unsigned indep,
                                      long long delta)
  {
    long long *x = c->x;
    long long t = c->t[D];
    long long r = __ompicc_nest_level<N, D + 1>::forward(c, trips, indep, delta);
    if (r < 0)
      return -1;
    /* past the iterations of x[D]: r more, in those of x[D] + 1, ... */
    if (++x[D] >= t)
      return r;
    if (indep >> D & 1) {
      long long per = __ompicc_nest_level<N, D + 1>::count(trips, indep, x);
      long long skip = per > 0 ? r / per : t;
      if (skip >= t - x[D])
        return r - (t - x[D]) * per;
      x[D] += skip;
      r -= skip * per;
    } else {
      for (;; x[D]++) {
        if (x[D] >= t)
          return r;
        long long n = __ompicc_nest_level<N, D + 1>::count(trips, indep, x);
        if (r < n)
          break;
        r -= n;
      }
    }
    __ompicc_nest_level<N, D + 1>::seek(c, trips, indep, r);
    return -1;
  }
};

/* Below the innermost loop: one iteration of the collapsed space. */
template <int N> struct __ompicc_nest_level<N, N> {
  template <class F> static __device__ long long count(const F &, unsigned, long long *)
  {
    return 1;
  }
  template <class F>
  static __device__ void seek(__ompicc_nest<N> *, const F &, unsigned, long long)
  {
  }
  template <class F>
  static __device__ long long forward(__ompicc_nest<N> *, const F &, unsigned, long long delta)
  {
    return delta > 0 ? delta - 1 : -1;
  }
};

/* The iterations of the whole collapsed space. */
template <int N, class F>
static __device__ long long __ompicc_nest_count(const F &trips, unsigned indep)
{
  long long x[N];
  return __ompicc_nest_level<N, 0>::count(trips, indep, x);
}

/* c to iteration k of the collapsed space (0 <= k < its count): forward
 * from where c is when k is not behind it, else from the start. */
template <int N, class F>
static __device__ void __ompicc_nest_move(__ompicc_nest<N> *c, const F &trips, unsigned indep,
                                          long long k)
{
  if (c->pos >= 0 && k >= c->pos)
    __ompicc_nest_level<N, 0>::forward(c, trips, indep, k - c->pos);
  else
    __ompicc_nest_level<N, 0>::seek(c, trips, indep, k);
  c->pos = k;
}

#endif

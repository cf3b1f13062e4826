/* atoms.h - the results of the atomics test, written by the kernel
 * (generic.cu) and checked by the harness (harness.c). */
#ifndef ATOMS_H
#define ATOMS_H

struct Atoms {
  int i;
  unsigned u;
  long long ll;
  float f;
  double d;
  int ci, wi;
  long long cll, wll;
  double cd, wd;
  unsigned cu;
  float cf;
  int bad;
};

#endif

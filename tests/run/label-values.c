// GNU C's labels as values in device code ("Labels as Values" in gcc's
// manual): a table of &&label dispatched by goto *table[op] (a threaded
// interpreter), a goto * as the branch of an if, and a table of label
// differences (&&label - &&base, a relative table) reached by goto
// *(&&base + offset).  nvcc has no labels as values in device code
// ("address of label extension is not supported in __device__/__global__
// functions"); g++ (the CPU device) has, so only the GPU build failed.
// The kernel file numbers a function's address-taken labels and writes
// goto * as a switch over the numbers.  Host and device must agree.
// RUN: %ompicc -o %t %s && %t
#include "Inputs/check.h"

enum { PUSH, ADD, MUL, DUP, HALT };

#pragma omp declare target
/* a stack machine, its loop threaded through a table of labels */
static long run(const int *code)
{
  static void *const ops[] = {&&push, &&add, &&mul, &&dup, &&halt};
  long stack[16];
  int sp = 0, pc = 0;
  goto *ops[code[pc]];
push:
  stack[sp++] = code[pc + 1];
  pc += 2;
  goto *ops[code[pc]];
add:
  sp--, stack[sp - 1] += stack[sp];
  pc++;
  goto *ops[code[pc]];
mul:
  sp--, stack[sp - 1] *= stack[sp];
  pc++;
  goto *ops[code[pc]];
dup:
  stack[sp] = stack[sp - 1], sp++;
  pc++;
  goto *ops[code[pc]];
halt:
  return stack[sp - 1];
}

static int pick(int k)
{
  void *where = k > 0 ? &&positive : &&other;
  if (k == 0)
    return 0;
  else
    goto *where;
positive:
  return 1;
other:
  return -1;
}
#pragma omp end declare target

int main(void)
{
  /* (3 + 4) * (3 + 4) * 2 */
  const int code[] = {PUSH, 3, PUSH, 4, ADD, DUP, MUL, PUSH, 2, MUL, HALT};
  long host = run(code), dev[2] = {0, 0};
  int picks[3] = {0, 0, 0};
  check_eq("interpreter on the host", host, 98);
#pragma omp target map(to: code) map(from: dev, picks)
  {
    dev[0] = run(code);
    for (int k = -1; k <= 1; k++)
      picks[k + 1] = pick(k);
    /* a relative table in the region's own code */
    static const int offsets[] = {&&one - &&one, &&two - &&one, &&three - &&one};
    long sum = 0;
    for (int i = 2; i >= 0; i--) {
      goto *(&&one + offsets[i]);
    one:
      sum += 1;
      continue;
    two:
      sum += 20;
      continue;
    three:
      sum += 300;
    }
    dev[1] = sum;
  }
  check_eq("interpreter on the device", dev[0], host);
  check_eq("relative table", dev[1], 321);
  check_eq("goto * in an if", picks[0] * 100 + picks[1] * 10 + picks[2], -100 + 0 + 1);
  return fails != 0;
}

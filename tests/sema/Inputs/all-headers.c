/* Every header of the foundation issue, then objects of the types they
 * declare, whose sizes sema must agree on with the C compiler. */
#include <assert.h>
#include <complex.h>
#include <ctype.h>
#include <errno.h>
#include <fenv.h>
#include <float.h>
#include <inttypes.h>
#include <iso646.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdnoreturn.h>
#include <string.h>
#include <tgmath.h>
#include <threads.h>
#include <time.h>
#include <uchar.h>
#include <wchar.h>
#include <wctype.h>
#include <pthread.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/mman.h>
#include <dlfcn.h>
#include <omp.h>

struct stat st;
pthread_mutex_t mu;
pthread_cond_t cv;
pthread_attr_t attr;
FILE *fp;
fpos_t pos;
jmp_buf jb;
sigjmp_buf sjb;
sigset_t sigs;
struct sigaction sa;
siginfo_t si;
va_list ap;
max_align_t maxal;
div_t dv;
ldiv_t ldv;
lldiv_t lldv;
mbstate_t mbs;
struct tm tmv;
struct timespec ts;
struct timeval tv;
fenv_t fenv;
fexcept_t fexc;
atomic_int ai;
atomic_llong all;
_Atomic(struct timespec) ats;
mtx_t mtx;
cnd_t cnd;
thrd_t thr;
once_flag once;
wint_t wi;
wctype_t wct;
imaxdiv_t imd;
off_t off;
pid_t pid;
ssize_t ssz;
Dl_info dli;
struct flock flk;
omp_lock_t olock;
omp_nest_lock_t onlock;
omp_sched_t osched;
float complex fc;
long double complex ldc;
_Float16 f16;
_Float32 f32;
_Float64 f64;
_Float128 f128;
_Float32x f32x;
_Float64x f64x;
char16_t c16;
char32_t c32;
int8_t i8[3];
uint_least16_t ul16;
int_fast32_t if32;
intmax_t imax;
uintptr_t uptr;

/* ompicc-rt.h - what generated host code calls: the runtime's entry points
 * for target constructs, and the descriptors the translator emits.
 *
 * The host file ompicc-tr writes is preprocessed C, so it cannot #include
 * this header: the translator prints this file's declarations at the top
 * of each host file (the build embeds the text of this header in the
 * translator), and libompicc includes it.  Everything here is plain C89-
 * compatible declarations with the reserved prefix __ompicc_ / OMPICC_.
 *
 * How a target construct becomes calls (t.c line 27):
 *
 *   #pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
 *   for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];
 *
 * becomes, in the host file,
 *
 *   {
 *     __ompicc_map __m[4] = {
 *       {x, x + 0, (n) * sizeof(*x), OMPICC_MAP_TO | OMPICC_MAP_ARG, "x[0:n]"},
 *       {y, y + 0, (n) * sizeof(*y), OMPICC_MAP_TO | OMPICC_MAP_FROM | OMPICC_MAP_ARG, "y[0:n]"},
 *       {&a, &a, sizeof(a), OMPICC_MAP_LITERAL | OMPICC_MAP_IMPLICIT, "a"},
 *       {&n, &n, sizeof(n), OMPICC_MAP_LITERAL | OMPICC_MAP_IMPLICIT, "n"},
 *     };
 *     if (__ompicc_target(&__ompicc_region_t_c_27, (-2147483647L - 1), 4, __m, 0, 0, trip) != 0) {
 *       ... the region, run on the host (host fallback) ...
 *     }
 *   }
 *
 * and the kernel file has  __global__ void __omp_t_c_27(float *x, float *y,
 * float a, int n).  Kernel parameters are the map entries that have
 * OMPICC_MAP_ARG, OMPICC_MAP_LITERAL or OMPICC_MAP_LOOKUP, in order.
 */
#ifndef OMPICC_RT_H
#define OMPICC_RT_H

/* Self-contained: the host file has no #include (see above), so only
 * basic types appear here (unsigned long is size_t on the LP64 targets). */

/* Kinds of kernel image: what a device module can load. */
#define OMPICC_IMAGE_CUDA_FATBIN 1 /* nvcc --fatbin output: cubins + PTX */
#define OMPICC_IMAGE_CUDA_EMU_SO 2 /* the kernel file built as a host shared object */

/* One kernel image: a translation unit's kernel file built for one kind of
 * device module.  Embedded in the executable by default; in separate-file
 * mode `bytes` is NULL and `file` names the image, looked up in the
 * executable's folder.
 *
 * The driver defines, per unit id ID and kind K (cuda, emu), either
 *   __ompicc_img_ID_K (the bytes) and __ompicc_img_ID_K_size (8 bytes), or,
 *   with ompicc --kernel-images=separate, __ompicc_img_ID_K_file (a
 *   NUL-terminated file name, no folder);
 * so the host file declares all three weak and uses the _file symbol as
 *   `file`:  extern const char __ompicc_img_ID_K_file[] __attribute__((weak)); */
typedef struct __ompicc_image {
  int kind;
  const void *bytes;
  unsigned long size;
  const char *file;
} __ompicc_image;

/* __ompicc_map.flags: the map type, its modifiers, and how the entry
 * reaches the kernel.  Map type alloc is neither TO nor FROM; release is
 * an exit without DELETE. */
#define OMPICC_MAP_TO 0x001       /* copy host -> device on entry (new mapping, or ALWAYS) */
#define OMPICC_MAP_FROM 0x002     /* copy device -> host on exit (last reference, or ALWAYS) */
#define OMPICC_MAP_DELETE 0x004   /* exit: drop the mapping whatever its reference count */
#define OMPICC_MAP_ALWAYS 0x008
#define OMPICC_MAP_PRESENT 0x010  /* error if not already mapped */
#define OMPICC_MAP_CLOSE 0x020
#define OMPICC_MAP_IMPLICIT 0x040 /* decided by the implicit rules, not written */
#define OMPICC_MAP_ARG 0x100      /* kernel parameter: the device address that
                                     corresponds to `base` */
#define OMPICC_MAP_LITERAL 0x200  /* kernel parameter by value: the `size` bytes
                                     at `begin`; nothing is mapped */
#define OMPICC_MAP_LOOKUP 0x400   /* kernel parameter: a pointer used in the
                                     region without a map (a zero-length
                                     section): `base` translated if it points
                                     into mapped storage, else passed as is */
#define OMPICC_MAP_ATTACH 0x800   /* `base` is the address of a host pointer
                                     that points into this section: on entry,
                                     the device copy of that pointer (mapped
                                     by an earlier entry) is set to the
                                     section's device address */
#define OMPICC_MAP_ELEMS 0x1000   /* declare mapper over an array of
                                     structures: `base` points to the
                                     __ompicc_mapper_fn that makes the entries of the mapper's
                                     items for each element in [begin,
                                     begin+size); the array itself is mapped
                                     by the entry before */
#define OMPICC_MAP_MEMBER 0x2000  /* a member of a structure whose address is
                                     `base`: the members of one structure
                                     that one construct maps anew share one
                                     device block, from the first to the
                                     end of the last (copied whole when one
                                     of them is to), so that the structure
                                     is addressable on the device */
#define OMPICC_MAP_DEVADDR 0x4000 /* kernel parameter: `base` as is, an
                                     address that is already the device's
                                     (has_device_addr); nothing is mapped */
#define OMPICC_MAP_STRIDED 0x8000 /* target update of a strided section:
                                     `base` points to its shape, unsigned
                                     longs: dimensions, element size, then
                                     count and stride in bytes of each
                                     dimension, outermost first; begin and
                                     size span the section */
#define OMPICC_MAP_PRIVATE 0x10000 /* kernel parameter: the device address of
                                     a copy of the `size` bytes at `begin`
                                     made for this launch alone (firstprivate
                                     of a variable-length array); nothing is
                                     mapped */
#define OMPICC_MAP_SNAPSHOT 0x40000 /* kernel parameter: the device address of
                                     a copy of the device copy of the `size`
                                     bytes at `begin` (an earlier entry of
                                     the construct maps them), made at the
                                     launch for it alone: a reduction's
                                     original as the region begins, which a
                                     declare reduction's initializer reads
                                     as omp_orig while the teams that have
                                     ended combine into the original;
                                     nothing is mapped */
#define OMPICC_MAP_ITEMS 0x20000  /* a list item with the iterator modifier
                                     (OpenMP 5.2 3.2.6): `base` points to the
                                     __ompicc_items made at the construct, an
                                     entry per iterator value, which stand in
                                     this entry's place */

/* One list item of a construct (explicit or implicit). */
typedef struct __ompicc_map {
  void *base;          /* host address the kernel parameter derives from */
  void *begin;         /* host address of the first byte mapped */
  unsigned long size;  /* bytes mapped; 0 for a zero-length section */
  unsigned flags;
  const char *name;    /* the list item as written, for messages: "x[0:n]" */
} __ompicc_map;

/* The entries of an OMPICC_MAP_ITEMS entry, grown by __ompicc_items_add
 * as the iterators run, freed by __ompicc_items_free after the
 * construct. */
typedef struct __ompicc_items {
  const char *where;   /* the construct: "t.c:12:1" */
  __ompicc_map *maps;
  int n, cap;
} __ompicc_items;
void __ompicc_items_add(__ompicc_items *l, __ompicc_map e);
void __ompicc_items_free(__ompicc_items *l);

/* The function of an OMPICC_MAP_ELEMS entry: the entries of the mapper's
 * items for the elements in [begin, begin+size) written to out (when not
 * NULL), their map types narrowed by flags (the clause's); returns how
 * many. */
typedef int __ompicc_mapper_fn(void *begin, unsigned long size, unsigned flags,
                               __ompicc_map *out);

/* A declare target variable of a translation unit: its host address and
 * its name in the kernel image. */
typedef struct __ompicc_global {
  void *host;
  unsigned long size;
  const char *name;
  int flags;           /* OMPICC_GLOBAL_* */
  const void *initial; /* OMPICC_GLOBAL_IMAGE_INIT: the initializer's value on the host */
} __ompicc_global;
enum {
  OMPICC_GLOBAL_LINK = 1,  /* declare target link: mapped on demand, not at image load */
  OMPICC_GLOBAL_CONST = 2, /* const: the image holds its value, maybe in read-only memory */
  OMPICC_GLOBAL_IMAGE_INIT = 4, /* the initializer gives addresses (of functions, objects,
                                   strings), which differ between host and image: while the
                                   host's value is still `initial` (as the program started),
                                   the device copy keeps the image's value */
};

/* The kernel images of one translation unit, one per device kind built,
 * its declare target variables, and the host addresses of its declare
 * target indirect functions (OpenMP 5.2 7.8.1), in the order of the kernel
 * file's table: the runtime writes them into the image's
 * `unsigned long long __ompicc_indirect_host[nindirect]` when it loads it,
 * and a call through a pointer in device code that holds one of them
 * calls the device version of that function.  A unit of relocatable device
 * code (doc/ARCHITECTURE.md, "Device code across files") shares its images
 * with the other such units of its executable or shared library, names its
 * own table, and registers itself (__ompicc_register_unit), so that the
 * runtime loads the image once, with every unit's variables. */
typedef struct __ompicc_unit {
  const char *source;      /* "t.c" */
  int nimages;
  const __ompicc_image *images;
  int nglobals;
  const __ompicc_global *globals;
  void *state;             /* the runtime's: loaded modules per device */
  int nindirect;
  void (*const *indirect)(void);
  const char *indirect_table; /* its name in the image; 0: OMPICC_INDIRECT_TABLE */
  struct __ompicc_unit *next; /* the runtime's: the registered units */
} __ompicc_unit;
#define OMPICC_INDIRECT_TABLE "__ompicc_indirect_host"
/* The device library's __ompicc_device_env (devlib-cuda/ompicc-device.h):
 * the symbol of a variable template's instance. */
#define OMPICC_DEVICE_ENV_SYMBOL "_Z21__ompicc_device_env_vILi0EE"

/* One target construct: its kernel and its source place. */
typedef struct __ompicc_region {
  const char *kernel;        /* the kernel's name in the image: "__omp_t_c_27" */
  const char *where;         /* "t.c:27:1": every run-time message quotes it */
  __ompicc_unit *unit;
  int spmd;                  /* 1: SPMD kernel (combined loop construct);
                                2: generic kernel (doc/DEVLIB.md): blocks of
                                thread_limit (else a default) workers in whole
                                warps plus a master warp, and a last parameter
                                `int` after the map entries' that the runtime
                                sets to thread-limit-var (0: none); 0: one thread */
  int max_threads;           /* the kernel's own limit on threads per block, 0 if none */
  void *state;               /* the runtime's: loaded kernel per device */
  int hints;                 /* OMPICC_REGION_*: what the translator saw of the kernel
                                (last, so that initializers may leave it out) */
  unsigned long long readonly; /* OMPICC_REGION_WIDE: bit i, map entry i is an
                                array the region only reads, which `kernel` takes
                                as a __restrict__ pointer; the runtime launches it
                                only when the mappings holding them meet none
                                holding another entry, else `kernel`__wide */
  __ompicc_unit *(*unit_of)(void); /* when unit is NULL, what gives it: the
                                descriptor lies in the user's constructs, where
                                naming a file-scope variable, even in a static
                                initializer, needs a data-sharing attribute under
                                default(none) (clang checks it); a function
                                needs none */
} __ompicc_region;

/* __ompicc_region.hints */
#define OMPICC_REGION_UNCOALESCED 1 /* an SPMD loop whose threads each walk their own
                                       row in an inner loop, with little arithmetic:
                                       launched with fewer threads per multiprocessor */
#define OMPICC_REGION_TEAMS 2       /* the construct has teams: OMP_NUM_TEAMS and
                                       OMP_TEAMS_THREAD_LIMIT bound its teams and
                                       threads when its clauses do not */
#define OMPICC_REGION_WIDE 4        /* an SPMD loop whose kernel comes in two widths
                                       (devlib-cuda/omp-loop.h): `kernel` runs its
                                       iterations in 32-bit integers, for a trip count
                                       plus the larger of it and the grid's threads
                                       that fits in an int, and takes the arrays of
                                       `readonly` as __restrict__; `kernel`__wide runs
                                       them in 64-bit ones, for any, and assumes
                                       nothing of its parameters */
#define OMPICC_REGION_TEAM_LOOPS 8  /* parallel loops inside a teams distribute
                                       loop or a target [teams] region, which every
                                       thread of a team runs: blocks of thread_limit
                                       threads (else a default for such loops), one
                                       block per iteration of the distribute loop at
                                       most, or num_teams blocks (a region: else one) */
#define OMPICC_REGION_GRID 16       /* an SPMD loop nest of 2 or 3 loops that the kernel
                                       walks on a grid of as many dimensions
                                       (devlib-cuda/omp-loop.h __ompicc_for_grid): x
                                       along the innermost loop, y the next, z the
                                       outermost of three; launched through
                                       __ompicc_target_nest, which gives the extents */
#define OMPICC_REGION_ONCE 32       /* an SPMD loop of OMPICC_REGION_WIDE whose kernel
                                       comes in a third form, `kernel`__once, which runs
                                       one iteration per thread of a 1-D grid (per block,
                                       with OMPICC_REGION_TEAM_LOOPS) and takes the arrays
                                       of `readonly` as __restrict__: launched in
                                       `kernel`'s place when the grid's threads (blocks)
                                       are as many as the iterations or more */

/* A construct without a device clause passes this for `device`: -1 is
 * OpenMP 5.2's omp_initial_device (the host), so it cannot mean "the
 * default device".  The host file spells it as a number. */
#define OMPICC_DEVICE_DEFAULT (-2147483647L - 1)

/* The smaller of two thread counts that are given (positive); 0 when
 * neither is: num_threads under a thread_limit, in host code.  Unused
 * in most files, which clang's -Wunused-function would say. */
__attribute__((unused)) static inline long __ompicc_min_positive(long a, long b)
{
  return a > 0 && (b <= 0 || a < b) ? a : b;
}

/* device: the device clause's value, or OMPICC_DEVICE_DEFAULT.
 * num_teams, thread_limit: the clauses' values, 0 when absent.
 * trip_count: iterations of the (collapsed) loop nest of an SPMD kernel,
 * -1 when unknown.  Returns 0 when the region ran on the device, 1 when
 * the caller must run it on the host (no device, device is the host,
 * OMP_TARGET_OFFLOAD=DISABLED). */
int __ompicc_target(__ompicc_region *r, long device, int nmaps, __ompicc_map *maps,
                    long num_teams, long thread_limit, long long trip_count);
/* The same for a kernel of OMPICC_REGION_GRID: the extents of its nest
 * of nest loops (2 or 3), outermost first, whose product is the trip
 * count. */
int __ompicc_target_nest(__ompicc_region *r, long device, int nmaps, __ompicc_map *maps,
                         long num_teams, long thread_limit, int nest, const long long *extents);

/* target data (entry and exit), target enter data, target exit data,
 * target update (OMPICC_MAP_TO: update to, OMPICC_MAP_FROM: update from).
 * where: "t.c:12:1". */
void __ompicc_data_begin(const char *where, long device, int nmaps, __ompicc_map *maps);
/* A unit of relocatable device code, from its constructor and destructor. */
void __ompicc_register_unit(__ompicc_unit *u);
void __ompicc_unregister_unit(__ompicc_unit *u);
void __ompicc_data_end(const char *where, long device, int nmaps, __ompicc_map *maps);
void __ompicc_update(const char *where, long device, int nmaps, __ompicc_map *maps);

/* An allocate directive of host code whose allocator is not predefined
 * (rt-alloc.c): a variable's storage from the allocator (an
 * omp_allocator_handle_t), aligned to align bytes when it is not 0,
 * holding a copy of the size bytes at value; __ompicc_alloc_free, the
 * cleanup of the variable holding that address, gives it back. */
void *__ompicc_alloc_var(const void *value, unsigned long size, unsigned long align,
                         unsigned long allocator, const char *where);
void __ompicc_alloc_free(void *pointer);

/* use_device_ptr / use_device_addr: the device address of host_ptr on
 * device (host_ptr itself when device is the host or it is not mapped). */
void *__ompicc_device_ptr(const char *where, long device, void *host_ptr);

/* Does the device clause's value (-1: default) name the host? */
int __ompicc_is_host_device(long device);
/* A dispatch construct's device clause (OpenMP 5.2 7.6): device is the
 * default device of the calling thread until the matching end. */
void __ompicc_dispatch_begin(long device);
void __ompicc_dispatch_end(void);
/* An interop object for an argument that append_args adds to the call of
 * a dispatch construct (flags as __ompicc_interop_init's), destroyed by
 * the matching __ompicc_dispatch_end. */
void *__ompicc_dispatch_interop(const char *where, long device, int flags);
/* The interop construct (OpenMP 5.2 14.1): init makes an interop object
 * (an omp_interop_t) of device with the types of flags (1: target, 2:
 * targetsync), or omp_interop_none where the device has none (the host);
 * use waits for the work queued on its targetsync queue; destroy waits
 * too, frees it and returns omp_interop_none. */
void *__ompicc_interop_init(const char *where, long device, int flags);
void __ompicc_interop_use(const char *where, void *interop);
void *__ompicc_interop_destroy(const char *where, void *interop);
/* nthreads-var of the calling task (omp_get_max_threads()): the threads
 * a parallel region of the host fallback without num_threads asks for,
 * before a dropped thread_limit bounds them. */
int __ompicc_host_nthreads(void);
/* #pragma omp error at(execution) in host code, where the host compiler
 * does not know it (transform/host-compat.c declares it itself). */
void __ompicc_error_directive(const char *where, const char *message, int fatal);

/* #pragma omp requires (OpenMP 5.2 8.2) of a unit, from a constructor
 * the translator writes: the clauses about devices, as OMPICC_REQUIRES_*
 * flags; a device that cannot meet them is not used.  where: the first
 * directive's place. */
#define OMPICC_REQUIRES_UNIFIED_ADDRESS 1
#define OMPICC_REQUIRES_UNIFIED_SHARED_MEMORY 2
#define OMPICC_REQUIRES_REVERSE_OFFLOAD 4
#define OMPICC_REQUIRES_DYNAMIC_ALLOCATORS 8
void __ompicc_requires(const char *where, int flags);

#endif

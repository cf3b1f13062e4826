/* region.h - what the offloading passes know of each target construct:
 * the records offload_analyze() (offload.c) fills and every later pass
 * reads, the kernel file's writer (codegen-cuda/) included.  Data only:
 * each pass declares its functions in its own header.
 *
 * A Region is one target construct: its map entries (explicit, then
 * implicit, OpenMP 4.5 2.15.5 and 5.2 5.8), how each captured variable
 * reaches the kernel, the loop nest of an SPMD kernel (DESIGN D4), its
 * reductions and private variables.  Offload holds the regions of a
 * translation unit and the functions and declare target variables they
 * use (the call graph of device code).
 */
#ifndef OMPICC_REGION_H
#define OMPICC_REGION_H

#include "ast.h"
#include "omp.h"
#include "symbol.h"

/* How a captured variable reaches the kernel. */
typedef enum CapKind {
  CAP_NONE,    /* not a kernel parameter (attach entry, second section) */
  CAP_LITERAL, /* by value: T x (firstprivate scalars, is_device_ptr) */
  CAP_REF,     /* mapped object: T *__ompicc_p_x, seen as T &x */
  CAP_ARRAY,   /* mapped array: the array parameter, decayed: T x[] */
  CAP_PTR,     /* pointer to a mapped section, or a lookup: T *p */
  CAP_INITIAL, /* by value, beside the variable's mapped entry: its value at
                  the construct (T __ompicc_i_x), for an SPMD loop's
                  firstprivate + lastprivate and linear variables */
  CAP_SNAPSHOT, /* beside a reduction's mapped entry: a copy of its device copy
                   made at the launch (T *__ompicc_s_x), which the declare
                   reduction's initializer reads as omp_orig */
} CapKind;

/* One entry of the construct's __ompicc_map array. */
typedef struct MapEntry {
  Symbol *sym;      /* the variable (never NULL) */
  const char *name; /* the list item as written: "x[0:n]" */
  char *base, *begin, *size; /* host C expressions */
  unsigned flags;   /* OMPICC_MAP_* */
  CapKind cap;
  bool written;     /* from a clause, not from the implicit rules */
  bool slot;        /* attaches a pointer that a mapped object holds, if
                       its pointee is present; maps nothing, and the
                       region may change the pointer */
} MapEntry;

/* A user-defined reduction used in device code (OpenMP 4.5 2.16): its
 * declare reduction directive and the type of the list items.  The
 * kernel file has its combiner and initializer as __device__ functions
 * (__ompicc_udr_comb_N, __ompicc_udr_init_N) and the functor
 * __ompicc_udr_N the device library's reductions take. */
typedef struct Udr {
  OmpDir *dir;
  TypeName *type; /* the one of dir->types the items have */
  int index;      /* N */
} Udr;

/* An array, or a section of one, in a reduction clause (OpenMP 4.5
 * 2.15.3.6, 5.2 5.5.8): each thread's private copy is count elements of
 * type elem, combined element by element into the original's elements
 * lo .. lo+count-1, counted in elem from the variable's first (a[2:3]
 * of int a[4][5]: lo 10, count 15).  levels: subscripts from the
 * variable down to an elem (2 there). */
typedef struct RedArray {
  Type *elem;
  long long lo, count;
  int levels;
  bool section; /* a[lo:len], p[lo:len]; else the whole array a */
} RedArray;

/* A variable of linear on an SPMD loop (OpenMP 5.2 5.4.6): at each
 * iteration its private copy is its value at the construct plus the
 * iteration's number times step; the last iteration's copy goes back. */
typedef struct Linear {
  Symbol *sym;
  Expr *step; /* NULL: 1 */
} Linear;

typedef struct Reduction {
  Symbol *sym;
  OmpRedOp op;
  Loc loc;
  Udr *udr;       /* op is OMP_RED_USER */
  bool inscan;    /* reduction(inscan, ...) of a loop with a scan */
  bool is_array;  /* an array item: arr is its shape */
  RedArray arr;
  Expr *item;     /* the list item as written */
  bool shared_orig; /* a team loop's or region's, whose original is storage
                       every thread reaches (mapped, or declare target):
                       the team's result is combined into it once */
} Reduction;

/* One loop of a (collapsed) canonical loop nest, OpenMP 5.2 4.4.1:
 * for (var = lb; var cmp ub; var += step).  step is the amount the
 * variable moves in the direction down says (i += s under a test i > b:
 * down, step -(s)).  A loop whose bounds use the variable of an enclosing
 * loop of the nest (var-outer) makes the nest non-rectangular. */
typedef struct OmpLoop {
  Symbol *var;
  const char *name;
  Expr *lb, *ub, *step; /* step NULL: 1 */
  OpKind cmp;           /* OP_LT, OP_LE, OP_GT, OP_GE, OP_NE */
  bool down;            /* the variable decreases */
  int outer;            /* the index in the nest of the loop whose variable
                           lb or ub use (var-outer), or -1 */
  Stmt *loop;           /* the S_FOR */
  bool used;            /* the nest's body names the variable (else kernels
                           do not declare it) */
} OmpLoop;

/* The variable categories of defaultmap (OpenMP 5.2 5.8.7). */
typedef enum DefaultmapCategory { DM_SCALAR, DM_AGGREGATE, DM_POINTER, DM_COUNT } DefaultmapCategory;

typedef enum SpmdShape {
  SPMD_NONE,        /* one team of one thread */
  SPMD_GRID,        /* teams distribute parallel for: the whole grid */
  SPMD_BLOCK,       /* parallel for, simd: the threads of one block */
  SPMD_TEAMS,       /* teams distribute: one thread per block, or every
                       thread of a block with Region.team_loops */
  SPMD_REGION,      /* target [teams] over parallel loops: every thread of
                       a block runs the region (Region.team_loops) */
} SpmdShape;

/* A parallel loop inside the loop of a teams distribute region that runs
 * SPMD (team-loops.c): the threads of the team share its iterations. */
typedef struct TeamLoop {
  Stmt *stmt;        /* the S_OMP parallel for / parallel loop */
  OmpLoop *loop;     /* its canonical loop (the outermost of a collapsed nest) */
  Vec loops;         /* OmpLoop*: its rectangular nest, collapse(n) loops */
  Stmt *body;        /* the body of the nest's innermost loop */
  Vec reductions;    /* Reduction*: scalars, built-in operators */
  Vec privates;      /* Symbol*: private */
  Vec firstprivates; /* Symbol*: firstprivate */
  Vec lastprivates;  /* Symbol*: lastprivate (scalars of the body) */
  Expr *num_threads; /* NULL: every thread of the team */
  Expr *if_expr;     /* if clause (of parallel, or no modifier): when it
                        is false, the loop runs on one thread (NULL: none) */
  bool by_chunks;    /* schedule(static[, chunk]): the chunks of 11.5.3 */
  Expr *chunk;       /* its chunk size, or NULL */
  bool region;       /* a parallel region (no loop): every thread of the
                        team runs its body, its for constructs are the
                        team's loops */
  bool nowait;       /* a for of such a region without its closing barrier */
  struct TeamLoop *in; /* the parallel region of such a for, or NULL */
} TeamLoop;

typedef struct Region {
  Stmt *stmt;          /* the S_OMP */
  OmpDir *dir;         /* the target directive (combined or not) */
  OmpDir *loop_dir;    /* the directive the SPMD loop nest belongs to */
  OmpDir *teams_dir;   /* the teams construct of the region: its own
                          directive (target teams ...), the one strictly
                          nested (target { teams ... }), or NULL */
  Loc loc;
  const char *function; /* the name of the user's function the construct is in: its
                          __func__, which the kernel's code keeps */
  const char *kernel;  /* "__omp_t_c_27" */
  int index;           /* 0, 1, ... in source order */
  Vec maps;            /* MapEntry* */
  Vec privates;        /* Symbol*: declared in the kernel, uninitialised */
  Vec lastprivates;    /* Symbol* (also in maps as CAP_REF) */
  Vec firstlast;       /* Symbol*: the lastprivates also firstprivate */
  Vec private_maps;    /* Symbol*: mapped (CAP_REF) and private on the SPMD
                          loop's directives: each thread's own copy */
  Vec firstprivate_maps; /* Symbol*: the same, firstprivate: the copy starts
                          from the mapped object */
  Vec linears;         /* Linear*: linear variables of the SPMD loop */
  Vec reductions;      /* Reduction* (also in maps as CAP_REF) */
  Vec atomic_sections; /* Expr*: reduction items, array sections with bounds
                          known at run time, whose every use the region
                          updates atomically in the original instead
                          (offload.c atomic_section_reduction) */
  Vec loops;           /* OmpLoop*, outermost first; empty unless SPMD */
  Stmt *body;          /* SPMD: the innermost loop body; else the region */
  SpmdShape shape;
  const char *why;     /* the remark's reason for the choice */
  OmpWord defaultmap[DM_COUNT]; /* defaultmap (OpenMP 5.2 5.8.7): the implicit
                          behavior of each variable category (tofrom,
                          firstprivate, none, ...); OMPW_NONE: the rules */
  bool generic;        /* not SPMD and needs threads: a generic kernel (generic-mode.c) */
  bool sequential;     /* its loop must run in order: a kernel of one thread */
  Expr *safelen;       /* simd safelen(n) of an SPMD loop whose only parallelism
                          is simd (target simd): n iterations at a time */
  unsigned hints;      /* OMPICC_REGION_* of ompicc-rt.h (coalesce.c) */
  unsigned long long readonly; /* map entries the kernel may take as __restrict__
                                  (readonly.c) */
  Vec team_copies;     /* Symbol*: mapped arrays the region only adds into with
                          atomic constructs, which each team of its narrow kernel
                          adds into in shared memory first (team-private.c) */
  Vec team_atomics;    /* Stmt*: the atomic constructs that add into them */
  /* An SPMD loop whose body a scan directive splits (OpenMP 5.2 5.6):
   * the statements of its input phase (the scan's own slot left out);
   * the loop runs in one team, each thread's chunk twice. */
  Stmt *scan;          /* the S_OMP scan, or NULL */
  Vec input_phase;     /* Stmt*: items of the body */
  /* SPMD_TEAMS whose loop body holds parallel loops (team-loops.c): every
   * thread of a team runs the body; its parallel loops are the team's,
   * its statements that write memory are the first thread's. */
  Vec team_loops;      /* TeamLoop* */
  Vec guarded;         /* Stmt*: items of the body that thread 0 runs alone */
  Vec uniform;         /* Stmt*: if, loops and blocks around parallel loops,
                          which every thread runs alike */
  Vec team_sync;       /* Stmt*: barrier, single, master and masked
                          directly in a parallel region of team_loops */
  const char *team_refused; /* why a teams distribute over parallel loops is
                          not SPMD (team-loops.c), for the remark */
} Region;

/* Everything offload_analyze found in a translation unit. */
typedef struct Offload {
  TransUnit *tu;
  const char *unit_id; /* C identifier, --unit-id */
  const char *source;  /* the main source file, "t.c" */
  Vec regions;         /* Region* */
  Vec funcs;           /* Decl* (D_FUNCDEF) called from device code, source order */
  bool dynamic_allocators; /* the unit requires dynamic_allocators (5.2 8.2.1) */
  bool allocated_vars;  /* an allocate directive of host code gives variables the
                          storage of an allocator (allocators.c): the host file
                          needs the runtime's declarations */
  Vec team_memory;     /* Symbol*: block-scope variables an allocate directive
                          puts in team memory (omp_pteam_mem_alloc,
                          omp_cgroup_mem_alloc): CUDA shared memory */
  Vec globals;         /* Symbol*: declare target variables (and those used
                          from device functions), source order */
  Vec link_globals;    /* Symbol*: the subset declared with link */
  Vec udrs;            /* Udr*: user-defined reductions of device code */
  Vec indirect;        /* Decl* (D_FUNCDEF): functions declare target indirect
                          (OpenMP 5.2 7.8.1), in the order of the unit's table
                          of their host addresses (ompicc-rt.h) */
  bool device_runtime; /* device code calls a routine of the generic
                          kernels' library (omp_set_lock, omp_get_wtime ...) */
  bool linked;         /* relocatable device code: the unit's device code names a
                          declare target function or variable of another file, or
                          defines one other files may name, so its kernel file is
                          linked with the program's others into one image
                          (doc/ARCHITECTURE.md, "Device code across files") */
  bool imports;        /* a linked unit whose device code names a declare target
                          function or variable of another file: it has no
                          whole-file image; the others have one, which the
                          program uses unless a file of it imports */
  Vec extern_funcs;    /* Symbol*: declare target functions of other files that
                          device code names (linked units) */
  Vec lib_values;      /* Symbol*: C library functions device code names as a
                          value (integrate(sin, 0, 1)): the kernel file wraps
                          each in a __device__ function whose address it takes */
  Vec lib_value_uses;  /* Expr*: those names, which the kernel file prints as
                          the wrapper's */
} Offload;

#endif

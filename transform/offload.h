/* offload.h - what the offloading passes know of each target construct.
 *
 * offload_analyze() (transform/offload.c) finds every target construct of
 * a translation unit and decides, once, everything the two printers need:
 * the map entries of the construct (explicit, then implicit, OpenMP 4.5
 * 2.15.5 and 5.2 5.8), how each captured variable reaches the kernel, the
 * loop nest of an SPMD kernel (DESIGN D4), its reductions and private
 * variables, and the functions and declare target variables the region
 * uses (the call graph of device code).  x_target.c then lowers the host
 * side, and codegen-cuda/kernels.c writes the kernel file from the same
 * Region records.
 */
#ifndef OMPICC_OFFLOAD_H
#define OMPICC_OFFLOAD_H

#include "ast.h"
#include "omp.h"
#include "sema.h"

/* How a captured variable reaches the kernel. */
typedef enum CapKind {
  CAP_NONE,    /* not a kernel parameter (attach entry, second section) */
  CAP_LITERAL, /* by value: T x (firstprivate scalars, is_device_ptr) */
  CAP_REF,     /* mapped object: T *__ompicc_p_x, seen as T &x */
  CAP_ARRAY,   /* mapped array: the array parameter, decayed: T x[] */
  CAP_PTR,     /* pointer to a mapped section, or a lookup: T *p */
} CapKind;

/* One entry of the construct's __ompicc_map array. */
typedef struct MapEntry {
  Symbol *sym;      /* the variable (never NULL) */
  const char *name; /* the list item as written: "x[0:n]" */
  char *base, *begin, *size; /* host C expressions */
  unsigned flags;   /* OMPICC_MAP_* */
  CapKind cap;
  bool written;     /* from a clause, not from the implicit rules */
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

typedef struct Reduction {
  Symbol *sym;
  OmpRedOp op;
  Loc loc;
  Udr *udr;       /* op is OMP_RED_USER */
  bool inscan;    /* reduction(inscan, ...) of a loop with a scan */
  bool is_array;  /* an array item: arr is its shape */
  RedArray arr;
  Expr *item;     /* the list item as written */
} Reduction;

/* One loop of a (collapsed) canonical loop nest, OpenMP 5.2 4.4.1:
 * for (var = lb; var cmp ub; var += step). */
typedef struct OmpLoop {
  Symbol *var;
  const char *name;
  Expr *lb, *ub, *step; /* step NULL: 1 */
  OpKind cmp;           /* OP_LT, OP_LE, OP_GT, OP_GE, OP_NE */
  bool down;            /* the variable decreases */
  Stmt *loop;           /* the S_FOR */
  bool used;            /* the nest's body names the variable (else kernels
                           do not declare it) */
} OmpLoop;

typedef enum SpmdShape {
  SPMD_NONE,        /* one team of one thread */
  SPMD_GRID,        /* teams distribute parallel for: the whole grid */
  SPMD_BLOCK,       /* parallel for, simd: the threads of one block */
  SPMD_TEAMS,       /* teams distribute: one thread per block */
} SpmdShape;

typedef struct Region {
  Stmt *stmt;          /* the S_OMP */
  OmpDir *dir;         /* the target directive (combined or not) */
  OmpDir *loop_dir;    /* the directive the SPMD loop nest belongs to */
  Loc loc;
  const char *kernel;  /* "__omp_t_c_27" */
  int index;           /* 0, 1, ... in source order */
  Vec maps;            /* MapEntry* */
  Vec privates;        /* Symbol*: declared in the kernel, uninitialised */
  Vec lastprivates;    /* Symbol* (also in maps as CAP_REF) */
  Vec firstlast;       /* Symbol*: the lastprivates also firstprivate */
  Vec reductions;      /* Reduction* (also in maps as CAP_REF) */
  Vec loops;           /* OmpLoop*, outermost first; empty unless SPMD */
  Stmt *body;          /* SPMD: the innermost loop body; else the region */
  SpmdShape shape;
  const char *why;     /* the remark's reason for the choice */
  bool scalars_tofrom; /* defaultmap(tofrom: scalar) */
  bool generic;        /* not SPMD and needs threads: a generic kernel (x_parallel.c) */
  unsigned hints;      /* OMPICC_REGION_* of ompicc-rt.h (coalesce.c) */
  /* An SPMD loop whose body a scan directive splits (OpenMP 5.2 5.6):
   * the statements of its input phase (the scan's own slot left out);
   * the loop runs in one team, each thread's chunk twice. */
  Stmt *scan;          /* the S_OMP scan, or NULL */
  Vec input_phase;     /* Stmt*: items of the body */
} Region;

/* Everything offload_analyze found in a translation unit. */
typedef struct Offload {
  TransUnit *tu;
  const char *unit_id; /* C identifier, --unit-id */
  const char *source;  /* the main source file, "t.c" */
  Vec regions;         /* Region* */
  Vec funcs;           /* Decl* (D_FUNCDEF) called from device code, source order */
  Vec globals;         /* Symbol*: declare target variables (and those used
                          from device functions), source order */
  Vec link_globals;    /* Symbol*: the subset declared with link */
  Vec udrs;            /* Udr*: user-defined reductions of device code */
  bool device_runtime; /* device code calls a routine of the generic
                          kernels' library (omp_set_lock, omp_get_wtime ...) */
} Offload;

/* Analyse every target construct; errors go through diag.  unit_id may
 * be NULL (derived from the main file's name). */
Offload *offload_analyze(TransUnit *tu, const char *unit_id);

/* Lower the host side (x_target.c): each target construct becomes its map
 * array, the __ompicc_target call and the host fallback; the data
 * constructs become runtime calls; the file gets the runtime's
 * declarations, one __ompicc_region per construct and the unit. */
void offload_lower_host(Offload *o);

/* Compile-time remarks (--remarks): per region SPMD or not, and why, and
 * the implicit maps decided. */
void offload_remarks(Offload *o);

/* The user-defined reduction that reduction clause cl means for s in
 * device code (found during offload_analyze), or NULL. */
Udr *offload_udr(Offload *o, const OmpClause *cl, const Type *t);

/* Scopes of declare reduction and declare mapper are approximated: of
 * the matching declarations, the last one before the use at `at`, else
 * any.  Should the one at cand replace best (NULL: none yet)? */
bool offload_nearer(Loc cand, const Loc *best, Loc at);

/* The OMPICC_MAP_* flags of a map clause: its map type and modifiers. */
unsigned offload_map_flags(const OmpClause *cl);

/* declare mapper (mapper.c, OpenMP 5.2 5.8.8): when a mapper applies to
 * list item `item` of clause cl (cl's mapper(id) modifier, else the
 * default mapper of the item's type; cl NULL for an implicit map), fn is
 * called for each list item of the mapper's map clauses, the mapper's
 * variable standing for item, with flags narrowed by the item's map type;
 * returns whether a mapper applied (or an error about one was reported). */
typedef void MapperItemFn(Expr *item, unsigned flags, void *user);
/* For an array or a section of structures, elems gets the item and the
 * name of the host function that makes each element's entries (an
 * OMPICC_MAP_ELEMS entry after the array's own). */
typedef void MapperElemsFn(Expr *item, const char *fn, unsigned flags, void *user);
bool offload_mapper_apply(TransUnit *tu, const OmpClause *cl, Expr *item, unsigned flags,
                          MapperItemFn *fn, MapperElemsFn *elems, void *user);
/* Mapper d's items with item for its variable (flags: the declared map
 * types), and the name of d's host function (NULL unless d is at file
 * scope). */
void offload_mapper_items(OmpDir *d, Expr *item, MapperItemFn *fn, void *user);
const char *offload_mapper_function(TransUnit *tu, const OmpDir *d);

/* A reduction list item: 0 for a scalar variable, 1 for an array or an
 * array section (*a filled in), -1 for one a target region cannot
 * reduce (reported when report is set). */
int offload_red_array(const Expr *item, RedArray *a, bool report);
/* The type a reduction combines: the element type of an array item. */
Type *offload_red_type(const Expr *item);

/* Helpers shared by the passes. */
const char *offload_expr_str(const Expr *e); /* C text of an expression */
Expr *offload_unparen(Expr *e);              /* e without its parentheses */
bool offload_is_declare_target(Offload *o, Symbol *s);
/* declare target link (OpenMP 5.2 7.8.2): in the image, a pointer named
 * __ompicc_link_NAME that the runtime points at the mapped copy. */
bool offload_is_link(Offload *o, Symbol *s);
/* A const object or an array of them: in C++ (the kernel file) it has
 * internal linkage, and the image may hold it in read-only memory. */
bool offload_is_const_object(const Symbol *s);
/* The file-scope definition of the function named name, or NULL. */
Decl *offload_find_funcdef(Offload *o, const char *name);
/* Is name a C library function CUDA provides on the device? */
bool offload_device_libc(const char *name);
/* An SPMD loop's trip count, and its variable's value at logical
 * iteration it, as C text valid on the host and in the kernel. */
char *offload_trip(const OmpLoop *l);
char *offload_loop_value(const OmpLoop *l, const char *it);
/* The collapsed loop nest of directive d over body (OmpLoop* pushed onto
 * loops); false after an error. */
bool offload_loop_nest(Stmt *body, const OmpDir *d, Vec *loops, Stmt **innermost);
/* The dimensions a kernel indexes through a view (ompicc-device.h's
 * __ompicc_vla) for a captured variable of type t: an array whose
 * elements, or a pointer whose pointees, are variable-length arrays
 * (double a[n][m], a parameter double a[n][m]); 1 when a plain pointer
 * or a decayed array will do.  The host passes the view's strides as
 * literal entries right after the variable's own entry. */
int offload_view_dims(const struct Type *t);
/* Mark the non-SPMD regions that need threads as generic kernels
 * (x_parallel.c), with the remark's reason. */
void offload_choose_generic(Offload *o);
/* An SPMD loop whose threads each walk their own row of memory in an
 * inner loop (uncoalesced accesses, little arithmetic) gets the hint
 * OMPICC_REGION_UNCOALESCED, and its remark says so (coalesce.c). */
void offload_coalescing(Region *r);

#endif

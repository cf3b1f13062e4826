/* omp.h - OpenMP directives and clauses in the syntax tree, and the rules
 * that apply to them (omp.c).
 *
 * A #pragma omp line is parsed by omp_parse_directive() (omp-parse.h) when
 * the scanner meets it; the grammar then sees one token whose kind comes
 * from omp_directive_class(): a construct takes the statement that follows
 * as its body (S_OMP with body), a standalone directive is a statement of
 * its own, a declarative one may stand at file scope (D_OMP).  The printer
 * writes a directive back with print_directive() (print.h).
 *
 * The rules live in tables (parser/omp-tables.h): one row per directive
 * (its words, class, leaf constructs and the clauses it allows) and one
 * row per clause (its spelling, the shape of its argument, how often it
 * may appear).  Everything that names a variable stays an Expr (E_IDENT,
 * E_SECTION, E_MEMBER, ...) so that sema resolves it like any other use.
 */
#ifndef OMPICC_OMP_H
#define OMPICC_OMP_H

#include "ast.h"

typedef struct OmpClause OmpClause;

typedef enum OmpDirClass {
  OMP_CLASS_CONSTRUCT,   /* followed by a structured block / loop / statement */
  OMP_CLASS_STANDALONE,  /* barrier, taskwait, flush, target update, ... */
  OMP_CLASS_DECLARATIVE, /* declare target, threadprivate, requires, ... */
} OmpDirClass;

/* ---------------------------------------------------------------- leaves
 * The leaf constructs a combined or composite directive is made of, as
 * bits: target teams distribute parallel for simd is
 * OMP_LEAF_TARGET|OMP_LEAF_TEAMS|OMP_LEAF_DISTRIBUTE|OMP_LEAF_PARALLEL|
 * OMP_LEAF_FOR|OMP_LEAF_SIMD.  X(name, directive kind of the leaf). */
#define OMP_LEAF_LIST(X)                                                       \
  X(PARALLEL, OMPD_PARALLEL) X(FOR, OMPD_FOR) X(SIMD, OMPD_SIMD)               \
  X(SECTIONS, OMPD_SECTIONS) X(SINGLE, OMPD_SINGLE) X(MASTER, OMPD_MASTER)     \
  X(MASKED, OMPD_MASKED) X(TASK, OMPD_TASK) X(TASKLOOP, OMPD_TASKLOOP)         \
  X(TARGET, OMPD_TARGET) X(TEAMS, OMPD_TEAMS) X(DISTRIBUTE, OMPD_DISTRIBUTE)   \
  X(LOOP, OMPD_LOOP)

enum {
#define X(n, d) OMP_LEAF_BIT_##n,
  OMP_LEAF_LIST(X)
#undef X
  OMP_LEAF_COUNT
};
#define X(n, d) OMP_LEAF_##n = 1u << OMP_LEAF_BIT_##n,
enum { OMP_LEAF_LIST(X) };
#undef X

/* ---------------------------------------------------------------- directives
 * X(kind, "words", class, leaves): the full table, with the clauses each
 * directive allows, is in omp-tables.h; this is the list of kinds. */
#define OMP_DIR_KINDS(X)                                                       \
  X(OMPD_NONE) X(OMPD_PARALLEL) X(OMPD_FOR) X(OMPD_SIMD) X(OMPD_FOR_SIMD)      \
  X(OMPD_SECTIONS) X(OMPD_SECTION) X(OMPD_SINGLE) X(OMPD_MASTER)               \
  X(OMPD_MASKED) X(OMPD_SCOPE) X(OMPD_TASK) X(OMPD_TASKLOOP)                   \
  X(OMPD_TASKLOOP_SIMD) X(OMPD_TASKGROUP) X(OMPD_TASKWAIT) X(OMPD_TASKYIELD)   \
  X(OMPD_BARRIER) X(OMPD_CRITICAL) X(OMPD_ATOMIC) X(OMPD_FLUSH)                \
  X(OMPD_ORDERED) X(OMPD_CANCEL) X(OMPD_CANCELLATION_POINT) X(OMPD_DEPOBJ)     \
  X(OMPD_SCAN) X(OMPD_ERROR) X(OMPD_NOTHING) X(OMPD_LOOP) X(OMPD_TILE)         \
  X(OMPD_UNROLL) X(OMPD_TARGET) X(OMPD_TARGET_DATA)                            \
  X(OMPD_TARGET_ENTER_DATA) X(OMPD_TARGET_EXIT_DATA) X(OMPD_TARGET_UPDATE)     \
  X(OMPD_TEAMS) X(OMPD_DISTRIBUTE) X(OMPD_DISTRIBUTE_SIMD)                     \
  X(OMPD_DISTRIBUTE_PARALLEL_FOR) X(OMPD_DISTRIBUTE_PARALLEL_FOR_SIMD)         \
  X(OMPD_PARALLEL_FOR) X(OMPD_PARALLEL_FOR_SIMD) X(OMPD_PARALLEL_SECTIONS)     \
  X(OMPD_PARALLEL_MASTER) X(OMPD_PARALLEL_MASKED) X(OMPD_PARALLEL_LOOP)        \
  X(OMPD_MASTER_TASKLOOP) X(OMPD_MASTER_TASKLOOP_SIMD)                         \
  X(OMPD_MASKED_TASKLOOP) X(OMPD_MASKED_TASKLOOP_SIMD)                         \
  X(OMPD_PARALLEL_MASTER_TASKLOOP) X(OMPD_PARALLEL_MASTER_TASKLOOP_SIMD)       \
  X(OMPD_PARALLEL_MASKED_TASKLOOP) X(OMPD_PARALLEL_MASKED_TASKLOOP_SIMD)       \
  X(OMPD_TEAMS_DISTRIBUTE) X(OMPD_TEAMS_DISTRIBUTE_SIMD)                       \
  X(OMPD_TEAMS_DISTRIBUTE_PARALLEL_FOR)                                        \
  X(OMPD_TEAMS_DISTRIBUTE_PARALLEL_FOR_SIMD) X(OMPD_TEAMS_LOOP)                \
  X(OMPD_TARGET_PARALLEL) X(OMPD_TARGET_PARALLEL_FOR)                          \
  X(OMPD_TARGET_PARALLEL_FOR_SIMD) X(OMPD_TARGET_PARALLEL_LOOP)                \
  X(OMPD_TARGET_SIMD) X(OMPD_TARGET_TEAMS) X(OMPD_TARGET_TEAMS_DISTRIBUTE)     \
  X(OMPD_TARGET_TEAMS_DISTRIBUTE_SIMD)                                         \
  X(OMPD_TARGET_TEAMS_DISTRIBUTE_PARALLEL_FOR)                                 \
  X(OMPD_TARGET_TEAMS_DISTRIBUTE_PARALLEL_FOR_SIMD) X(OMPD_TARGET_TEAMS_LOOP)  \
  X(OMPD_THREADPRIVATE) X(OMPD_DECLARE_TARGET) X(OMPD_BEGIN_DECLARE_TARGET)    \
  X(OMPD_END_DECLARE_TARGET) X(OMPD_DECLARE_REDUCTION) X(OMPD_DECLARE_SIMD)    \
  X(OMPD_DECLARE_VARIANT) X(OMPD_DECLARE_MAPPER) X(OMPD_REQUIRES)              \
  X(OMPD_ALLOCATE) X(OMPD_METADIRECTIVE) X(OMPD_ASSUME) X(OMPD_ASSUMES)        \
  X(OMPD_BEGIN_ASSUMES) X(OMPD_END_ASSUMES) X(OMPD_DISPATCH)                   \
  X(OMPD_BEGIN_DECLARE_VARIANT) X(OMPD_END_DECLARE_VARIANT) X(OMPD_INTEROP)

typedef enum OmpDirKind {
#define X(k) k,
  OMP_DIR_KINDS(X)
#undef X
  OMPD_COUNT
} OmpDirKind;

/* ---------------------------------------------------------------- clauses */
#define OMP_CLAUSE_KINDS(X)                                                    \
  X(OMPC_IF) X(OMPC_FINAL) X(OMPC_UNTIED) X(OMPC_MERGEABLE) X(OMPC_DEFAULT)    \
  X(OMPC_PRIVATE) X(OMPC_FIRSTPRIVATE) X(OMPC_LASTPRIVATE) X(OMPC_SHARED)      \
  X(OMPC_REDUCTION) X(OMPC_IN_REDUCTION) X(OMPC_TASK_REDUCTION) X(OMPC_LINEAR) \
  X(OMPC_ALIGNED) X(OMPC_SAFELEN) X(OMPC_SIMDLEN) X(OMPC_COLLAPSE)             \
  X(OMPC_ORDERED) X(OMPC_NOWAIT) X(OMPC_NUM_THREADS) X(OMPC_PROC_BIND)         \
  X(OMPC_COPYIN) X(OMPC_COPYPRIVATE) X(OMPC_SCHEDULE) X(OMPC_DIST_SCHEDULE)    \
  X(OMPC_NUM_TEAMS) X(OMPC_THREAD_LIMIT) X(OMPC_DEVICE) X(OMPC_MAP)            \
  X(OMPC_USE_DEVICE_PTR) X(OMPC_USE_DEVICE_ADDR) X(OMPC_IS_DEVICE_PTR)         \
  X(OMPC_HAS_DEVICE_ADDR) X(OMPC_DEFAULTMAP) X(OMPC_DEPEND) X(OMPC_DOACROSS)   \
  X(OMPC_PRIORITY) X(OMPC_GRAINSIZE) X(OMPC_NUM_TASKS) X(OMPC_NOGROUP)         \
  X(OMPC_THREADS) X(OMPC_SIMD) X(OMPC_HINT) X(OMPC_READ) X(OMPC_WRITE)         \
  X(OMPC_UPDATE) X(OMPC_CAPTURE) X(OMPC_COMPARE) X(OMPC_WEAK) X(OMPC_FAIL)     \
  X(OMPC_SEQ_CST) X(OMPC_ACQ_REL) X(OMPC_RELEASE) X(OMPC_ACQUIRE)              \
  X(OMPC_RELAXED) X(OMPC_UNIFORM) X(OMPC_INBRANCH) X(OMPC_NOTINBRANCH)         \
  X(OMPC_TO) X(OMPC_FROM) X(OMPC_LINK) X(OMPC_ENTER) X(OMPC_DEVICE_TYPE)       \
  X(OMPC_INDIRECT) X(OMPC_ORDER) X(OMPC_BIND) X(OMPC_FILTER)                   \
  X(OMPC_NONTEMPORAL) X(OMPC_INCLUSIVE) X(OMPC_EXCLUSIVE) X(OMPC_DETACH)       \
  X(OMPC_AFFINITY) X(OMPC_ALLOCATE) X(OMPC_ALLOCATOR) X(OMPC_ALIGN)            \
  X(OMPC_USES_ALLOCATORS)                                                      \
  X(OMPC_INITIALIZER) X(OMPC_AT) X(OMPC_SEVERITY) X(OMPC_MESSAGE)              \
  X(OMPC_DESTROY) X(OMPC_MATCH) X(OMPC_SIZES) X(OMPC_FULL) X(OMPC_PARTIAL)     \
  X(OMPC_UNIFIED_ADDRESS) X(OMPC_UNIFIED_SHARED_MEMORY)                        \
  X(OMPC_REVERSE_OFFLOAD) X(OMPC_DYNAMIC_ALLOCATORS)                           \
  X(OMPC_ATOMIC_DEFAULT_MEM_ORDER) X(OMPC_ABSENT) X(OMPC_CONTAINS)             \
  X(OMPC_HOLDS) X(OMPC_NO_OPENMP) X(OMPC_NO_OPENMP_ROUTINES)                   \
  X(OMPC_NO_PARALLELISM) X(OMPC_NOVARIANTS) X(OMPC_NOCONTEXT)                  \
  X(OMPC_ADJUST_ARGS) X(OMPC_INIT) X(OMPC_USE) X(OMPC_APPEND_ARGS)

typedef enum OmpClauseKind {
#define X(k) k,
  OMP_CLAUSE_KINDS(X)
#undef X
  OMPC_COUNT
} OmpClauseKind;

/* ---------------------------------------------------------------- words
 * Every fixed word a clause argument or modifier may be (schedule kinds,
 * map types, dependence types, ...), so passes switch on enums rather
 * than compare strings.  One spelling may serve several clauses. */
#define OMP_WORD_LIST(X)                                                       \
  X(NONE, "") X(STATIC, "static") X(DYNAMIC, "dynamic") X(GUIDED, "guided")    \
  X(AUTO, "auto") X(RUNTIME, "runtime") X(MONOTONIC, "monotonic")              \
  X(NONMONOTONIC, "nonmonotonic") X(SIMD, "simd") X(SHARED, "shared")          \
  X(NONE_KW, "none") X(PRIVATE, "private") X(FIRSTPRIVATE, "firstprivate")     \
  X(MASTER, "master") X(CLOSE, "close") X(SPREAD, "spread")                    \
  X(PRIMARY, "primary") X(TO, "to") X(FROM, "from") X(TOFROM, "tofrom")        \
  X(ALLOC, "alloc") X(RELEASE, "release") X(DELETE, "delete")                  \
  X(ALWAYS, "always") X(PRESENT, "present") X(MAPPER, "mapper")                \
  X(ITERATOR, "iterator") X(IN, "in") X(OUT, "out") X(INOUT, "inout")          \
  X(MUTEXINOUTSET, "mutexinoutset") X(INOUTSET, "inoutset")                    \
  X(DEPOBJ, "depobj") X(SOURCE, "source") X(SINK, "sink")                      \
  X(SCALAR, "scalar") X(AGGREGATE, "aggregate") X(POINTER, "pointer")          \
  X(ALLOCATABLE, "allocatable") X(ALL, "all") X(DEFAULT, "default")            \
  X(CONDITIONAL, "conditional") X(INSCAN, "inscan") X(TASK, "task")            \
  X(VAL, "val") X(REF, "ref") X(UVAL, "uval") X(STEP, "step")                  \
  X(ANCESTOR, "ancestor") X(DEVICE_NUM, "device_num")                          \
  X(CONCURRENT, "concurrent") X(REPRODUCIBLE, "reproducible")                  \
  X(UNCONSTRAINED, "unconstrained") X(TEAMS, "teams") X(PARALLEL, "parallel")  \
  X(THREAD, "thread") X(HOST, "host") X(NOHOST, "nohost") X(ANY, "any")        \
  X(COMPILATION, "compilation") X(EXECUTION, "execution") X(FATAL, "fatal")    \
  X(WARNING, "warning") X(SEQ_CST, "seq_cst") X(ACQ_REL, "acq_rel")            \
  X(ACQUIRE, "acquire") X(RELAXED, "relaxed") X(STRICT, "strict")              \
  X(ALLOCATOR, "allocator") X(ALIGN, "align") X(MEMSPACE, "memspace")         \
  X(TRAITS, "traits") X(NEED_DEVICE_PTR, "need_device_ptr")                   \
  X(NOTHING, "nothing") X(TARGET, "target") X(TARGETSYNC, "targetsync")      \
  X(PREFER_TYPE, "prefer_type")

typedef enum OmpWord {
#define X(n, s) OMPW_##n,
  OMP_WORD_LIST(X)
#undef X
  OMPW_COUNT
} OmpWord;

/* Reduction identifiers: the operators and max/min, or a user's
 * declare reduction name (OMP_RED_USER, spelled in OmpClause.red_id). */
#define OMP_RED_LIST(X)                                                        \
  X(ADD, "+") X(MUL, "*") X(SUB, "-") X(BITAND, "&") X(BITOR, "|")             \
  X(BITXOR, "^") X(LOGAND, "&&") X(LOGOR, "||") X(MAX, "max") X(MIN, "min")

typedef enum OmpRedOp {
#define X(n, s) OMP_RED_##n,
  OMP_RED_LIST(X)
#undef X
  OMP_RED_USER
} OmpRedOp;

/* iterator(type name = begin : end : step, ...) of map/depend/affinity/
 * to/from.  The name is declared here, so it is a string, not an Expr. */
typedef struct OmpIterator {
  Loc loc;
  TypeName *type; /* NULL: int */
  const char *name;
  Expr *begin, *end, *step; /* step NULL when absent */
  struct Symbol *sym;       /* sema: the variable name declares */
} OmpIterator;

/* Context selectors (OpenMP 5.2 7.2): match(...) of declare variant and
 * the when clauses of metadirective.  A selector is a list of trait sets
 * (construct, device, target_device, implementation, user), each a list
 * of traits; a trait has an optional score and properties.  A construct
 * trait is a directive name (its properties are not read); the
 * properties of kind, arch, isa, vendor, extension are names or strings
 * (name); condition, device_num and a score are expressions (expr). */
typedef struct OmpTraitProp {
  Loc loc;
  const char *name; /* a name, or a string's contents */
  Expr *expr;       /* condition(e), device_num(e) */
} OmpTraitProp;

typedef struct OmpTrait {
  Loc loc;
  const char *name;   /* "kind", "condition", a directive name, ... */
  OmpDirKind dir;     /* a construct trait's directive */
  Expr *score;        /* score(e) or NULL */
  Vec props;          /* OmpTraitProp* */
} OmpTrait;

typedef struct OmpTraitSet {
  Loc loc;
  const char *name;   /* "construct", "device", ... */
  Vec traits;         /* OmpTrait* */
} OmpTraitSet;

typedef struct OmpSelector {
  Loc loc;
  Vec sets;           /* OmpTraitSet* */
} OmpSelector;

/* A when clause of a metadirective, or its default/otherwise (sel NULL);
 * variant NULL means 'nothing'. */
typedef struct OmpWhen {
  Loc loc;
  OmpSelector *sel;
  OmpDir *variant;
  const char *raw;    /* the clause's argument as written */
} OmpWhen;

/* A modifier of a clause, in source order: map's always/close/present/
 * mapper(id)/iterator(...), schedule's monotonic, linear's val/step(e),
 * motion's present, allocate's allocator(e)/align(e), ... */
typedef struct OmpModifier {
  Loc loc;
  OmpWord word;
  const char *id;  /* mapper(id): the mapper's name (or "default") */
  Expr *arg;       /* step(e), allocator(e), align(e), memspace(e), traits(e) */
  Vec iterators;   /* iterator(...): OmpIterator* */
} OmpModifier;

/* One clause.  Which fields a kind uses:
 *   list clauses (private, shared, map, depend, to, ...): items
 *   single argument (if, final, num_threads, safelen, hint, detach, ...): expr
 *   keyword argument (default, proc_bind, bind, at, ...): word
 *   if: dir_name (OMPD_NONE without a directive-name modifier), expr
 *   reduction, in_reduction, task_reduction: mods, red_op, red_id, items
 *   lastprivate: mods (conditional), items
 *   linear: items, mods (val/ref/uval, step(e)), expr (a bare step);
 *     linear_old for the 4.5 spelling linear(val(x):2)
 *   aligned: items, expr (alignment)
 *   schedule: mods, word (kind), expr (chunk)
 *   dist_schedule: word (static), expr (chunk)
 *   device: word (ancestor/device_num or none), expr
 *   map: mods, word (map type, OMPW_NONE if absent), items
 *   to, from: mods (present, mapper, iterator), items
 *   defaultmap: word (behavior), word2 (category or none)
 *   depend, doacross: mods (iterator), word (type), items (sink vector)
 *   allocate: mods or expr (allocator), items
 *   uses_allocators: mods (memspace(e), traits(e)), items (allocators),
 *     args (each item's traits array of the 5.0 form, or NULL)
 *   order: mods (reproducible/unconstrained), word (concurrent)
 *   grainsize, num_tasks: mods (strict), expr
 *   num_teams: expr (upper), expr2 (lower bound of lower:upper)
 *   atomic_default_mem_order, fail, update(dep type): word
 *   initializer, message, filter, ...: expr;  match: raw (as written)
 *   init (interop): mods (target, targetsync, prefer_type), items (the var)
 */
struct OmpClause {
  OmpClauseKind kind;
  Loc loc;
  Vec mods;             /* OmpModifier* */
  OmpWord word, word2;
  Loc word_loc;
  OmpDirKind dir_name;  /* if(target update: ...) */
  OmpRedOp red_op;
  const char *red_id;   /* reduction identifier as written */
  Vec items;            /* Expr* */
  Vec args;             /* uses_allocators: per item, its traits array
                           (Expr*) in the 5.0 form a(traits), or NULL */
  Expr *expr, *expr2;
  bool has_parens;      /* ordered(n), indirect(e), destroy(o), ... */
  bool linear_old;      /* linear(val(x): 2) */
  const char *raw;      /* match(...) contents */
  OmpSelector *sel;     /* match: the selector parsed */
  Vec dirs;             /* absent, contains: directive kinds (intptr_t);
                           append_args: per interop(...), its types (intptr_t:
                           1 target, 2 targetsync) */
};

/* ---------------------------------------------------------------- directive */
struct OmpDir {
  OmpDirKind kind;
  Loc loc;           /* the place of the word 'omp' */
  unsigned leaves;   /* OMP_LEAF_* bits; 0 for non-combinable directives */
  Vec clauses;       /* OmpClause*, in source order */
  /* The directive's own arguments: */
  const char *name;  /* critical(name); declare mapper's id (NULL: none) */
  Loc name_loc;
  bool has_list;     /* a parenthesised list follows the directive name */
  bool list_late;    /* flush seq_cst (x): the list after the clauses */
  Vec list;          /* Expr*: flush, threadprivate, declare target,
                        allocate, depobj, declare variant base function */
  OmpDirKind construct; /* cancel / cancellation point construct type */
  OmpRedOp red_op;   /* declare reduction identifier */
  const char *red_id;
  Vec types;         /* declare reduction types; declare mapper: one (TypeName*) */
  Expr *combiner;    /* declare reduction */
  const char *var;   /* declare mapper's variable name */
  Loc var_loc;
  /* metadirective: its when clauses, then its default (OmpWhen*); when
   * the choice is made at run time the scanner gives the grammar one copy
   * of the directive and its statement per candidate (parse.c), copy
   * meta_copy of meta_copies, copies of one directive sharing meta_group */
  Vec whens;
  int meta_copy, meta_copies;
  const void *meta_group;
};

OmpDirClass omp_directive_class(const OmpDir *d);

/* ---- The written form of directives and clauses, as the directive
 * parser (omp-parse.c) reads it and the printer (print.c) writes it
 * back: what follows a directive's name, the shape of each clause's
 * argument, and the clause flags, from the rows of omp-tables.h. */

/* What follows a directive's name (omp-tables.h's argument column). */
typedef enum DirArg {
  DA_NONE,
  DA_NAME,      /* critical [(name)] */
  DA_OPT_LIST,  /* flush [(list)], declare target [(list)] */
  DA_LIST,      /* threadprivate(list), allocate(list), depobj(o), declare variant(f) */
  DA_CANCEL,    /* cancel construct-type */
  DA_REDUCTION, /* declare reduction(id : types : combiner) */
  DA_MAPPER,    /* declare mapper([id :] type var) */
} DirArg;

/* The argument shapes of clauses: how the inside of the parentheses is
 * read (sh_* below) and printed (print_clause_args). */
typedef enum Shape {
  SH_NONE,       /* no argument: nowait, untied, seq_cst, ... */
  SH_EXPR,       /* (expr): num_threads, safelen, hint, ... */
  SH_OPT_EXPR,   /* [(expr)]: ordered, indirect, partial, destroy */
  SH_LIST,       /* (list): private, shared, uniform, ... */
  SH_WORD,       /* (word): default, proc_bind, bind, at, ... */
  SH_OPT_WORD,   /* [(word)]: update (depobj's dependence type) */
  SH_IF,         /* ([directive-name :] expr) */
  SH_REDUCTION,  /* ([modifier ,] identifier : list) */
  SH_MOD_LIST,   /* ([modifier :] list): lastprivate */
  SH_LINEAR,     /* linear's three spellings */
  SH_ALIGNED,    /* (list [: alignment]) */
  SH_SCHEDULE,   /* ([modifiers :] kind [, chunk]), dist_schedule */
  SH_RANGE,      /* ([lower :] upper): num_teams */
  SH_DEVICE,     /* ([ancestor | device_num :] expr) */
  SH_MAP,        /* ([modifiers] [type :] list) */
  SH_MOTION,     /* ([modifiers :] list): to, from, affinity */
  SH_DEFAULTMAP, /* (behavior [: category]) */
  SH_DEPEND,     /* ([iterator ,] type : list), (source), doacross */
  SH_MOD_EXPR,   /* ([strict :] expr): grainsize, num_tasks */
  SH_ORDER,      /* ([modifier :] concurrent) */
  SH_ALLOCATE,   /* ([allocator | modifiers :] list) */
  SH_USES_ALLOCATORS, /* ([modifiers :] allocator[(traits)], ...) */
  SH_SELECTOR,   /* match's context selectors: parsed, and kept as written */
  SH_DIRS,       /* (directive-name, ...): absent, contains */
  SH_INIT,       /* ([modifiers :] var): interop's init */
  SH_APPEND,     /* (interop(types), ...): append_args */
} Shape;

/* Clause flags (omp_clause_flags). */
#define CF_UNIQUE 1u
#define CF_G_ATOMIC 2u   /* read write update capture (5.2, 15.8.4) */
#define CF_G_ORDER 4u    /* memory orders */
#define CF_G_BRANCH 8u   /* inbranch notinbranch */
#define CF_GROUPS (CF_G_ATOMIC | CF_G_ORDER | CF_G_BRANCH)

DirArg omp_dir_arg(OmpDirKind k);
Shape omp_clause_shape(OmpClauseKind k);
unsigned omp_clause_flags(OmpClauseKind k);

/* Spellings, for messages and other passes. */
const char *omp_dir_name(OmpDirKind k);       /* "target teams" */
const char *omp_clause_name(OmpClauseKind k); /* "num_threads" */
const char *omp_word_name(OmpWord w);         /* "tofrom" */
const char *omp_red_name(OmpRedOp op);        /* "+", "max" */
/* OpenMP 5.2 5.5.5: may a list item of type t have a reduction with the
 * built-in operator op?  Arithmetic types (complex ones too, but for min
 * and max), integers for & | ^; never for OMP_RED_USER; t NULL
 * (unknown, sema was lenient): yes. */
struct Type;
bool omp_red_type_ok(OmpRedOp op, const struct Type *t);
/* The leaf bits of a directive kind, and the directive of one leaf bit;
 * omp_leaves: a directive's own (a construct the translator composed
 * keeps them in leaves), else its kind's. */
unsigned omp_dir_leaves(OmpDirKind k);
unsigned omp_leaves(const OmpDir *d);
OmpDirKind omp_leaf_dir(unsigned leaf_bit);
/* The directive made of exactly the leaves `leaves` (parallel | master:
 * parallel master), or OMPD_NONE when there is none. */
OmpDirKind omp_dir_of_leaves(unsigned leaves);
/* Is clause k allowed on directive d (the table's rule)? */
bool omp_clause_allowed(OmpDirKind d, OmpClauseKind k);
/* The first clause of kind k on d, or NULL. */
OmpClause *omp_find_clause(const OmpDir *d, OmpClauseKind k);
/* Drop every clause of kind k from d. */
void omp_drop_clauses(OmpDir *d, OmpClauseKind k);
/* The iterator modifier of a clause (OpenMP 5.2 3.2.6), or NULL. */
OmpModifier *omp_clause_iterator(const OmpClause *c);
/* The step of a linear clause: linear(x: s), linear(x: step(s)); NULL
 * for the default, 1 (OpenMP 5.2 5.4.6). */
Expr *omp_linear_step(const OmpClause *linear);
/* fn on the slot of every expression of a context selector (scores,
 * condition(e), device_num(e)), in source order. */
void omp_selector_exprs(OmpSelector *sel, void (*fn)(Expr **slot, void *user), void *user);
/* May the selector's fit be known only at run time: a target_device set,
 * or a user condition that is not an integer literal (the parser's test,
 * before any constant is evaluated; OpenMP 5.2 7.4)? */
bool omp_selector_dynamic(const OmpSelector *sel);

#endif

/* omp-tables.h - the OpenMP rules as tables, included by omp.c and
 * omp-parse.c (the shapes and flags they use are in omp.h).
 *
 * OMP_DIRECTIVES: X(kind, "words", class, leaves, argument, "clauses")
 *   words     the directive's spelling, one space between words;
 *   class     CONSTRUCT, STANDALONE or DECLARATIVE (omp.h);
 *   leaves    OMP_LEAF_* bits of the constructs it is made of;
 *   argument  what follows the name in parentheses (DA_*);
 *   clauses   the clauses allowed, by spelling.  A combined or composite
 *             directive (two leaves or more) lists none: it allows what
 *             its leaves allow (OpenMP 5.2, 17.4), see omp.c.
 *
 * OMP_CLAUSES: X(kind, "spelling", shape, flags)
 *   shape     how the argument is parsed and printed (SH_*);
 *   flags     CF_UNIQUE: at most once per directive; CF_G_*: at most one
 *             clause of the group per directive (atomic kinds, memory
 *             orders, inbranch/notinbranch).
 *
 * Sections cited are those of the OpenMP 5.2 specification; 4.5 spellings
 * (linear(val(x)), map without modifiers' commas, defaultmap(tofrom:scalar))
 * are accepted too.
 */
#ifndef OMPICC_OMP_TABLES_H
#define OMPICC_OMP_TABLES_H

#define C_ OMP_CLASS_CONSTRUCT
#define S_ OMP_CLASS_STANDALONE
#define D_ OMP_CLASS_DECLARATIVE
#define L(x) OMP_LEAF_##x

/* Clauses of the leaf constructs (section of each construct in 5.2). */
#define CL_PARALLEL    \
  "if num_threads default private firstprivate shared copyin reduction "      \
  "proc_bind allocate"
#define CL_FOR         \
  "private firstprivate lastprivate linear reduction schedule collapse "      \
  "ordered nowait allocate order"
#define CL_SIMD        \
  "if safelen simdlen linear aligned nontemporal private lastprivate "        \
  "reduction collapse order"
#define CL_TASK        \
  "if final untied default mergeable private firstprivate shared "            \
  "in_reduction depend priority allocate detach affinity"
#define CL_TASKLOOP    \
  "if shared private firstprivate lastprivate reduction in_reduction "        \
  "default grainsize num_tasks collapse final priority untied mergeable "     \
  "nogroup allocate"
#define CL_TARGET      \
  "if device private firstprivate in_reduction map is_device_ptr "            \
  "has_device_addr defaultmap nowait depend allocate thread_limit "           \
  "uses_allocators"
#define CL_TEAMS "num_teams thread_limit default private firstprivate shared reduction allocate"
#define CL_DISTRIBUTE "private firstprivate lastprivate collapse dist_schedule allocate order"
#define CL_LOOP "bind collapse order private lastprivate reduction"
#define CL_DATA_MOTION "if device map depend nowait"
#define CL_REQUIRES    \
  "unified_address unified_shared_memory reverse_offload "                    \
  "dynamic_allocators atomic_default_mem_order"
/* assume, assumes, begin assumes (5.2, 8.3) */
#define CL_ASSUME      \
  "absent contains holds no_openmp no_openmp_routines no_parallelism"
#define CL_ATOMIC      \
  "read write update capture compare weak fail seq_cst acq_rel release "      \
  "acquire relaxed hint"

#define OMP_DIRECTIVES(X)                                                      \
  X(OMPD_PARALLEL, "parallel", C_, L(PARALLEL), DA_NONE, CL_PARALLEL)          \
  X(OMPD_FOR, "for", C_, L(FOR), DA_NONE, CL_FOR)                              \
  X(OMPD_SIMD, "simd", C_, L(SIMD), DA_NONE, CL_SIMD)                          \
  X(OMPD_FOR_SIMD, "for simd", C_, L(FOR) | L(SIMD), DA_NONE, "")              \
  X(OMPD_SECTIONS, "sections", C_, L(SECTIONS), DA_NONE,                       \
    "private firstprivate lastprivate reduction nowait allocate")              \
  X(OMPD_SECTION, "section", C_, 0, DA_NONE, "")                               \
  X(OMPD_SINGLE, "single", C_, L(SINGLE), DA_NONE,                             \
    "private firstprivate copyprivate nowait allocate")                        \
  X(OMPD_MASTER, "master", C_, L(MASTER), DA_NONE, "")                         \
  X(OMPD_MASKED, "masked", C_, L(MASKED), DA_NONE, "filter")                   \
  X(OMPD_SCOPE, "scope", C_, 0, DA_NONE,                                       \
    "private firstprivate reduction nowait allocate")                          \
  X(OMPD_TASK, "task", C_, L(TASK), DA_NONE, CL_TASK)                          \
  X(OMPD_TASKLOOP, "taskloop", C_, L(TASKLOOP), DA_NONE, CL_TASKLOOP)          \
  X(OMPD_TASKLOOP_SIMD, "taskloop simd", C_, L(TASKLOOP) | L(SIMD), DA_NONE, "") \
  X(OMPD_TASKGROUP, "taskgroup", C_, 0, DA_NONE, "task_reduction allocate")    \
  X(OMPD_TASKWAIT, "taskwait", S_, 0, DA_NONE, "depend nowait")                \
  X(OMPD_TASKYIELD, "taskyield", S_, 0, DA_NONE, "")                           \
  X(OMPD_BARRIER, "barrier", S_, 0, DA_NONE, "")                               \
  X(OMPD_CRITICAL, "critical", C_, 0, DA_NAME, "hint")                         \
  X(OMPD_ATOMIC, "atomic", C_, 0, DA_NONE, CL_ATOMIC)                          \
  X(OMPD_FLUSH, "flush", S_, 0, DA_OPT_LIST, "seq_cst acq_rel release acquire") \
  X(OMPD_ORDERED, "ordered", C_, 0, DA_NONE, "threads simd depend doacross")   \
  X(OMPD_CANCEL, "cancel", S_, 0, DA_CANCEL, "if")                             \
  X(OMPD_CANCELLATION_POINT, "cancellation point", S_, 0, DA_CANCEL, "")       \
  X(OMPD_DEPOBJ, "depobj", S_, 0, DA_LIST, "depend destroy update")            \
  X(OMPD_SCAN, "scan", S_, 0, DA_NONE, "inclusive exclusive")                  \
  X(OMPD_ERROR, "error", D_, 0, DA_NONE, "at severity message")                \
  X(OMPD_NOTHING, "nothing", D_, 0, DA_NONE, "")                               \
  X(OMPD_LOOP, "loop", C_, L(LOOP), DA_NONE, CL_LOOP)                          \
  X(OMPD_TILE, "tile", C_, 0, DA_NONE, "sizes")                                \
  X(OMPD_UNROLL, "unroll", C_, 0, DA_NONE, "full partial")                     \
  X(OMPD_TARGET, "target", C_, L(TARGET), DA_NONE, CL_TARGET)                  \
  X(OMPD_TARGET_DATA, "target data", C_, 0, DA_NONE,                           \
    "if device map use_device_ptr use_device_addr")                            \
  X(OMPD_TARGET_ENTER_DATA, "target enter data", S_, 0, DA_NONE, CL_DATA_MOTION) \
  X(OMPD_TARGET_EXIT_DATA, "target exit data", S_, 0, DA_NONE, CL_DATA_MOTION) \
  X(OMPD_TARGET_UPDATE, "target update", S_, 0, DA_NONE,                       \
    "if device to from depend nowait")                                         \
  X(OMPD_TEAMS, "teams", C_, L(TEAMS), DA_NONE, CL_TEAMS)                      \
  X(OMPD_DISTRIBUTE, "distribute", C_, L(DISTRIBUTE), DA_NONE, CL_DISTRIBUTE)  \
  X(OMPD_DISTRIBUTE_SIMD, "distribute simd", C_, L(DISTRIBUTE) | L(SIMD),      \
    DA_NONE, "")                                                               \
  X(OMPD_DISTRIBUTE_PARALLEL_FOR, "distribute parallel for", C_,               \
    L(DISTRIBUTE) | L(PARALLEL) | L(FOR), DA_NONE, "")                         \
  X(OMPD_DISTRIBUTE_PARALLEL_FOR_SIMD, "distribute parallel for simd", C_,     \
    L(DISTRIBUTE) | L(PARALLEL) | L(FOR) | L(SIMD), DA_NONE, "")               \
  X(OMPD_PARALLEL_FOR, "parallel for", C_, L(PARALLEL) | L(FOR), DA_NONE, "")  \
  X(OMPD_PARALLEL_FOR_SIMD, "parallel for simd", C_,                           \
    L(PARALLEL) | L(FOR) | L(SIMD), DA_NONE, "")                               \
  X(OMPD_PARALLEL_SECTIONS, "parallel sections", C_,                           \
    L(PARALLEL) | L(SECTIONS), DA_NONE, "")                                    \
  X(OMPD_PARALLEL_MASTER, "parallel master", C_, L(PARALLEL) | L(MASTER),      \
    DA_NONE, "")                                                               \
  X(OMPD_PARALLEL_MASKED, "parallel masked", C_, L(PARALLEL) | L(MASKED),      \
    DA_NONE, "")                                                               \
  X(OMPD_PARALLEL_LOOP, "parallel loop", C_, L(PARALLEL) | L(LOOP), DA_NONE, "") \
  X(OMPD_MASTER_TASKLOOP, "master taskloop", C_, L(MASTER) | L(TASKLOOP),      \
    DA_NONE, "")                                                               \
  X(OMPD_MASTER_TASKLOOP_SIMD, "master taskloop simd", C_,                     \
    L(MASTER) | L(TASKLOOP) | L(SIMD), DA_NONE, "")                            \
  X(OMPD_MASKED_TASKLOOP, "masked taskloop", C_, L(MASKED) | L(TASKLOOP),      \
    DA_NONE, "")                                                               \
  X(OMPD_MASKED_TASKLOOP_SIMD, "masked taskloop simd", C_,                     \
    L(MASKED) | L(TASKLOOP) | L(SIMD), DA_NONE, "")                            \
  X(OMPD_PARALLEL_MASTER_TASKLOOP, "parallel master taskloop", C_,             \
    L(PARALLEL) | L(MASTER) | L(TASKLOOP), DA_NONE, "")                        \
  X(OMPD_PARALLEL_MASTER_TASKLOOP_SIMD, "parallel master taskloop simd", C_,   \
    L(PARALLEL) | L(MASTER) | L(TASKLOOP) | L(SIMD), DA_NONE, "")              \
  X(OMPD_PARALLEL_MASKED_TASKLOOP, "parallel masked taskloop", C_,             \
    L(PARALLEL) | L(MASKED) | L(TASKLOOP), DA_NONE, "")                        \
  X(OMPD_PARALLEL_MASKED_TASKLOOP_SIMD, "parallel masked taskloop simd", C_,   \
    L(PARALLEL) | L(MASKED) | L(TASKLOOP) | L(SIMD), DA_NONE, "")              \
  X(OMPD_TEAMS_DISTRIBUTE, "teams distribute", C_, L(TEAMS) | L(DISTRIBUTE),   \
    DA_NONE, "")                                                               \
  X(OMPD_TEAMS_DISTRIBUTE_SIMD, "teams distribute simd", C_,                   \
    L(TEAMS) | L(DISTRIBUTE) | L(SIMD), DA_NONE, "")                           \
  X(OMPD_TEAMS_DISTRIBUTE_PARALLEL_FOR, "teams distribute parallel for", C_,   \
    L(TEAMS) | L(DISTRIBUTE) | L(PARALLEL) | L(FOR), DA_NONE, "")              \
  X(OMPD_TEAMS_DISTRIBUTE_PARALLEL_FOR_SIMD,                                   \
    "teams distribute parallel for simd", C_,                                  \
    L(TEAMS) | L(DISTRIBUTE) | L(PARALLEL) | L(FOR) | L(SIMD), DA_NONE, "")    \
  X(OMPD_TEAMS_LOOP, "teams loop", C_, L(TEAMS) | L(LOOP), DA_NONE, "")        \
  X(OMPD_TARGET_PARALLEL, "target parallel", C_, L(TARGET) | L(PARALLEL),      \
    DA_NONE, "")                                                               \
  X(OMPD_TARGET_PARALLEL_FOR, "target parallel for", C_,                       \
    L(TARGET) | L(PARALLEL) | L(FOR), DA_NONE, "")                             \
  X(OMPD_TARGET_PARALLEL_FOR_SIMD, "target parallel for simd", C_,             \
    L(TARGET) | L(PARALLEL) | L(FOR) | L(SIMD), DA_NONE, "")                   \
  X(OMPD_TARGET_PARALLEL_LOOP, "target parallel loop", C_,                     \
    L(TARGET) | L(PARALLEL) | L(LOOP), DA_NONE, "")                            \
  X(OMPD_TARGET_SIMD, "target simd", C_, L(TARGET) | L(SIMD), DA_NONE, "")     \
  X(OMPD_TARGET_TEAMS, "target teams", C_, L(TARGET) | L(TEAMS), DA_NONE, "")  \
  X(OMPD_TARGET_TEAMS_DISTRIBUTE, "target teams distribute", C_,               \
    L(TARGET) | L(TEAMS) | L(DISTRIBUTE), DA_NONE, "")                         \
  X(OMPD_TARGET_TEAMS_DISTRIBUTE_SIMD, "target teams distribute simd", C_,     \
    L(TARGET) | L(TEAMS) | L(DISTRIBUTE) | L(SIMD), DA_NONE, "")               \
  X(OMPD_TARGET_TEAMS_DISTRIBUTE_PARALLEL_FOR,                                 \
    "target teams distribute parallel for", C_,                                \
    L(TARGET) | L(TEAMS) | L(DISTRIBUTE) | L(PARALLEL) | L(FOR), DA_NONE, "")  \
  X(OMPD_TARGET_TEAMS_DISTRIBUTE_PARALLEL_FOR_SIMD,                            \
    "target teams distribute parallel for simd", C_,                           \
    L(TARGET) | L(TEAMS) | L(DISTRIBUTE) | L(PARALLEL) | L(FOR) | L(SIMD),     \
    DA_NONE, "")                                                               \
  X(OMPD_TARGET_TEAMS_LOOP, "target teams loop", C_,                           \
    L(TARGET) | L(TEAMS) | L(LOOP), DA_NONE, "")                               \
  X(OMPD_THREADPRIVATE, "threadprivate", D_, 0, DA_LIST, "")                   \
  X(OMPD_DECLARE_TARGET, "declare target", D_, 0, DA_OPT_LIST,                 \
    "to enter link device_type indirect")                                      \
  X(OMPD_BEGIN_DECLARE_TARGET, "begin declare target", D_, 0, DA_NONE,         \
    "to enter link device_type indirect")                                      \
  X(OMPD_END_DECLARE_TARGET, "end declare target", D_, 0, DA_NONE, "")         \
  X(OMPD_DECLARE_REDUCTION, "declare reduction", D_, 0, DA_REDUCTION,          \
    "initializer")                                                             \
  X(OMPD_DECLARE_SIMD, "declare simd", D_, 0, DA_NONE,                         \
    "simdlen linear aligned uniform inbranch notinbranch")                     \
  X(OMPD_DECLARE_VARIANT, "declare variant", D_, 0, DA_LIST,                   \
    "match adjust_args append_args")                                                       \
  X(OMPD_BEGIN_DECLARE_VARIANT, "begin declare variant", D_, 0, DA_NONE,       \
    "match")                                                                   \
  X(OMPD_END_DECLARE_VARIANT, "end declare variant", D_, 0, DA_NONE, "")       \
  X(OMPD_METADIRECTIVE, "metadirective", C_, 0, DA_NONE, "")                   \
  X(OMPD_INTEROP, "interop", S_, 0, DA_NONE,                                   \
    "init use destroy device depend nowait")                                   \
  X(OMPD_ASSUME, "assume", C_, 0, DA_NONE, CL_ASSUME)                          \
  X(OMPD_ASSUMES, "assumes", D_, 0, DA_NONE, CL_ASSUME)                        \
  X(OMPD_BEGIN_ASSUMES, "begin assumes", D_, 0, DA_NONE, CL_ASSUME)            \
  X(OMPD_END_ASSUMES, "end assumes", D_, 0, DA_NONE, "")                       \
  X(OMPD_DISPATCH, "dispatch", C_, 0, DA_NONE,                                 \
    "device depend nowait novariants nocontext is_device_ptr has_device_addr") \
  X(OMPD_DECLARE_MAPPER, "declare mapper", D_, 0, DA_MAPPER, "map")            \
  X(OMPD_REQUIRES, "requires", D_, 0, DA_NONE, CL_REQUIRES)                    \
  X(OMPD_ALLOCATE, "allocate", D_, 0, DA_LIST, "allocator align")

#define U_ CF_UNIQUE

#define OMP_CLAUSES(X)                                                         \
  X(OMPC_IF, "if", SH_IF, 0)                                                   \
  X(OMPC_FINAL, "final", SH_EXPR, U_)                                          \
  X(OMPC_UNTIED, "untied", SH_NONE, U_)                                        \
  X(OMPC_MERGEABLE, "mergeable", SH_NONE, U_)                                  \
  X(OMPC_DEFAULT, "default", SH_WORD, U_)                                      \
  X(OMPC_PRIVATE, "private", SH_LIST, 0)                                       \
  X(OMPC_FIRSTPRIVATE, "firstprivate", SH_LIST, 0)                             \
  X(OMPC_LASTPRIVATE, "lastprivate", SH_MOD_LIST, 0)                           \
  X(OMPC_SHARED, "shared", SH_LIST, 0)                                         \
  X(OMPC_REDUCTION, "reduction", SH_REDUCTION, 0)                              \
  X(OMPC_IN_REDUCTION, "in_reduction", SH_REDUCTION, 0)                        \
  X(OMPC_TASK_REDUCTION, "task_reduction", SH_REDUCTION, 0)                    \
  X(OMPC_LINEAR, "linear", SH_LINEAR, 0)                                       \
  X(OMPC_ALIGNED, "aligned", SH_ALIGNED, 0)                                    \
  X(OMPC_SAFELEN, "safelen", SH_EXPR, U_)                                      \
  X(OMPC_SIMDLEN, "simdlen", SH_EXPR, U_)                                      \
  X(OMPC_COLLAPSE, "collapse", SH_EXPR, U_)                                    \
  X(OMPC_ORDERED, "ordered", SH_OPT_EXPR, U_)                                  \
  X(OMPC_NOWAIT, "nowait", SH_NONE, U_)                                        \
  X(OMPC_NUM_THREADS, "num_threads", SH_EXPR, U_)                              \
  X(OMPC_PROC_BIND, "proc_bind", SH_WORD, U_)                                  \
  X(OMPC_COPYIN, "copyin", SH_LIST, 0)                                         \
  X(OMPC_COPYPRIVATE, "copyprivate", SH_LIST, 0)                               \
  X(OMPC_SCHEDULE, "schedule", SH_SCHEDULE, U_)                                \
  X(OMPC_DIST_SCHEDULE, "dist_schedule", SH_SCHEDULE, U_)                      \
  X(OMPC_NUM_TEAMS, "num_teams", SH_RANGE, U_)                                 \
  X(OMPC_THREAD_LIMIT, "thread_limit", SH_EXPR, U_)                            \
  X(OMPC_DEVICE, "device", SH_DEVICE, U_)                                      \
  X(OMPC_MAP, "map", SH_MAP, 0)                                                \
  X(OMPC_USE_DEVICE_PTR, "use_device_ptr", SH_LIST, 0)                         \
  X(OMPC_USE_DEVICE_ADDR, "use_device_addr", SH_LIST, 0)                       \
  X(OMPC_IS_DEVICE_PTR, "is_device_ptr", SH_LIST, 0)                           \
  X(OMPC_HAS_DEVICE_ADDR, "has_device_addr", SH_LIST, 0)                       \
  X(OMPC_DEFAULTMAP, "defaultmap", SH_DEFAULTMAP, 0)                           \
  X(OMPC_DEPEND, "depend", SH_DEPEND, 0)                                       \
  X(OMPC_DOACROSS, "doacross", SH_DEPEND, 0)                                   \
  X(OMPC_PRIORITY, "priority", SH_EXPR, U_)                                    \
  X(OMPC_GRAINSIZE, "grainsize", SH_MOD_EXPR, U_)                              \
  X(OMPC_NUM_TASKS, "num_tasks", SH_MOD_EXPR, U_)                              \
  X(OMPC_NOGROUP, "nogroup", SH_NONE, U_)                                      \
  X(OMPC_THREADS, "threads", SH_NONE, U_)                                      \
  X(OMPC_SIMD, "simd", SH_NONE, U_)                                            \
  X(OMPC_HINT, "hint", SH_EXPR, U_)                                            \
  X(OMPC_READ, "read", SH_NONE, U_ | CF_G_ATOMIC)                              \
  X(OMPC_WRITE, "write", SH_NONE, U_ | CF_G_ATOMIC)                            \
  X(OMPC_UPDATE, "update", SH_OPT_WORD, U_ | CF_G_ATOMIC)                      \
  X(OMPC_CAPTURE, "capture", SH_NONE, U_ | CF_G_ATOMIC)                        \
  X(OMPC_COMPARE, "compare", SH_NONE, U_)                                      \
  X(OMPC_WEAK, "weak", SH_NONE, U_)                                            \
  X(OMPC_FAIL, "fail", SH_WORD, U_)                                            \
  X(OMPC_SEQ_CST, "seq_cst", SH_NONE, U_ | CF_G_ORDER)                         \
  X(OMPC_ACQ_REL, "acq_rel", SH_NONE, U_ | CF_G_ORDER)                         \
  X(OMPC_RELEASE, "release", SH_NONE, U_ | CF_G_ORDER)                         \
  X(OMPC_ACQUIRE, "acquire", SH_NONE, U_ | CF_G_ORDER)                         \
  X(OMPC_RELAXED, "relaxed", SH_NONE, U_ | CF_G_ORDER)                         \
  X(OMPC_UNIFORM, "uniform", SH_LIST, 0)                                       \
  X(OMPC_INBRANCH, "inbranch", SH_NONE, U_ | CF_G_BRANCH)                      \
  X(OMPC_NOTINBRANCH, "notinbranch", SH_NONE, U_ | CF_G_BRANCH)                \
  X(OMPC_TO, "to", SH_MOTION, 0)                                               \
  X(OMPC_FROM, "from", SH_MOTION, 0)                                           \
  X(OMPC_LINK, "link", SH_LIST, 0)                                             \
  X(OMPC_ENTER, "enter", SH_LIST, 0)                                           \
  X(OMPC_DEVICE_TYPE, "device_type", SH_WORD, U_)                              \
  X(OMPC_INDIRECT, "indirect", SH_OPT_EXPR, U_)                                \
  X(OMPC_ORDER, "order", SH_ORDER, U_)                                         \
  X(OMPC_BIND, "bind", SH_WORD, U_)                                            \
  X(OMPC_FILTER, "filter", SH_EXPR, U_)                                        \
  X(OMPC_NONTEMPORAL, "nontemporal", SH_LIST, 0)                               \
  X(OMPC_INCLUSIVE, "inclusive", SH_LIST, U_)                                  \
  X(OMPC_EXCLUSIVE, "exclusive", SH_LIST, U_)                                  \
  X(OMPC_DETACH, "detach", SH_EXPR, U_)                                        \
  X(OMPC_AFFINITY, "affinity", SH_MOTION, 0)                                   \
  X(OMPC_ALLOCATE, "allocate", SH_ALLOCATE, 0)                                 \
  X(OMPC_ALLOCATOR, "allocator", SH_EXPR, U_)                                  \
  X(OMPC_ALIGN, "align", SH_EXPR, U_)                                          \
  X(OMPC_USES_ALLOCATORS, "uses_allocators", SH_USES_ALLOCATORS, 0)            \
  X(OMPC_INITIALIZER, "initializer", SH_EXPR, U_)                              \
  X(OMPC_AT, "at", SH_WORD, U_)                                                \
  X(OMPC_SEVERITY, "severity", SH_WORD, U_)                                    \
  X(OMPC_MESSAGE, "message", SH_EXPR, U_)                                      \
  X(OMPC_DESTROY, "destroy", SH_OPT_EXPR, U_)                                  \
  X(OMPC_MATCH, "match", SH_SELECTOR, U_)                                      \
  X(OMPC_SIZES, "sizes", SH_LIST, U_)                                          \
  X(OMPC_FULL, "full", SH_NONE, U_)                                            \
  X(OMPC_PARTIAL, "partial", SH_OPT_EXPR, U_)                                  \
  X(OMPC_UNIFIED_ADDRESS, "unified_address", SH_NONE, U_)                      \
  X(OMPC_UNIFIED_SHARED_MEMORY, "unified_shared_memory", SH_NONE, U_)          \
  X(OMPC_REVERSE_OFFLOAD, "reverse_offload", SH_NONE, U_)                      \
  X(OMPC_DYNAMIC_ALLOCATORS, "dynamic_allocators", SH_NONE, U_)                \
  X(OMPC_ATOMIC_DEFAULT_MEM_ORDER, "atomic_default_mem_order", SH_WORD, U_)    \
  X(OMPC_ABSENT, "absent", SH_DIRS, U_)                                        \
  X(OMPC_CONTAINS, "contains", SH_DIRS, U_)                                    \
  X(OMPC_HOLDS, "holds", SH_EXPR, 0)                                           \
  X(OMPC_NO_OPENMP, "no_openmp", SH_NONE, U_)                                  \
  X(OMPC_NO_OPENMP_ROUTINES, "no_openmp_routines", SH_NONE, U_)                \
  X(OMPC_NO_PARALLELISM, "no_parallelism", SH_NONE, U_)                        \
  X(OMPC_NOVARIANTS, "novariants", SH_EXPR, U_)                                \
  X(OMPC_NOCONTEXT, "nocontext", SH_EXPR, U_)                                  \
  X(OMPC_ADJUST_ARGS, "adjust_args", SH_MOD_LIST, 0)                           \
  X(OMPC_INIT, "init", SH_INIT, 0)                                             \
  X(OMPC_USE, "use", SH_LIST, 0)                                               \
  X(OMPC_APPEND_ARGS, "append_args", SH_APPEND, U_)

/* The fixed words each clause position accepts, by spelling, and what the
 * position is called in messages.  X(clause, position, "words", "what") */
#define OMP_WORD_SETS(X)                                                       \
  X(OMPC_DEFAULT, 0, "shared none private firstprivate", "default kind")      \
  X(OMPC_PROC_BIND, 0, "master close spread primary", "proc_bind kind")       \
  X(OMPC_BIND, 0, "teams parallel thread", "binding")                          \
  X(OMPC_DEVICE_TYPE, 0, "host nohost any", "device type")                     \
  X(OMPC_AT, 0, "compilation execution", "'at' kind")                          \
  X(OMPC_SEVERITY, 0, "fatal warning", "severity")                             \
  X(OMPC_FAIL, 0, "seq_cst acquire relaxed", "memory order")                   \
  X(OMPC_ATOMIC_DEFAULT_MEM_ORDER, 0,                                          \
    "seq_cst acq_rel release acquire relaxed", "memory order")                 \
  X(OMPC_UPDATE, 0, "in out inout mutexinoutset inoutset", "dependence type")  \
  X(OMPC_SCHEDULE, 0, "static dynamic guided auto runtime", "schedule kind")   \
  X(OMPC_SCHEDULE, 1, "monotonic nonmonotonic simd", "schedule modifier")      \
  X(OMPC_DIST_SCHEDULE, 0, "static", "dist_schedule kind")                     \
  X(OMPC_MAP, 0, "to from tofrom alloc release delete", "map type")            \
  X(OMPC_MAP, 1, "always close present mapper iterator", "map type modifier")  \
  X(OMPC_TO, 1, "present mapper iterator", "motion modifier")                  \
  X(OMPC_FROM, 1, "present mapper iterator", "motion modifier")                \
  X(OMPC_AFFINITY, 1, "iterator", "affinity modifier")                         \
  X(OMPC_DEPEND, 0,                                                            \
    "in out inout mutexinoutset inoutset depobj source sink", "dependence type") \
  X(OMPC_DEPEND, 1, "iterator", "depend modifier")                             \
  X(OMPC_DOACROSS, 0, "source sink", "dependence type")                        \
  X(OMPC_DEFAULTMAP, 0,                                                        \
    "alloc to from tofrom firstprivate none default present",                  \
    "implicit behavior")                                                       \
  X(OMPC_DEFAULTMAP, 2, "scalar aggregate pointer allocatable all",            \
    "variable category")                                                       \
  X(OMPC_REDUCTION, 1, "inscan task default", "reduction modifier")            \
  X(OMPC_LASTPRIVATE, 1, "conditional", "lastprivate modifier")                \
  X(OMPC_LINEAR, 1, "val ref uval step", "linear modifier")                    \
  X(OMPC_DEVICE, 1, "ancestor device_num", "device modifier")                  \
  X(OMPC_ORDER, 0, "concurrent", "order")                                      \
  X(OMPC_ORDER, 1, "reproducible unconstrained", "order modifier")             \
  X(OMPC_GRAINSIZE, 1, "strict", "grainsize modifier")                         \
  X(OMPC_NUM_TASKS, 1, "strict", "num_tasks modifier")                         \
  X(OMPC_ALLOCATE, 1, "allocator align", "allocate modifier")                 \
  X(OMPC_USES_ALLOCATORS, 1, "memspace traits", "uses_allocators modifier")   \
  X(OMPC_ADJUST_ARGS, 1, "need_device_ptr nothing", "adjust-op")              \
  X(OMPC_INIT, 1, "target targetsync prefer_type", "interop modifier")

#endif

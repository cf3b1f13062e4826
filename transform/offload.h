/* offload.h - the analysis of target constructs (offload.c).
 *
 * offload_analyze() finds every target construct of a translation unit
 * and decides, once, everything the two printers need, in the records of
 * region.h: the map entries of the construct (explicit, then implicit,
 * OpenMP 4.5 2.15.5 and 5.2 5.8), how each captured variable reaches the
 * kernel, the loop nest of an SPMD kernel (DESIGN D4), its reductions and
 * private variables, and the functions and declare target variables the
 * region uses (the call graph of device code).  It has generic-mode.c
 * choose the generic kernels.  lower-host.c then lowers the host side,
 * and codegen-cuda/kernels.c writes the kernel file from the same Region
 * records.
 */
#ifndef OMPICC_OFFLOAD_H
#define OMPICC_OFFLOAD_H

#include "region.h"
#include "sema.h"

/* Analyse every target construct; errors go through diag.  unit_id may
 * be NULL (derived from the main file's name). */
Offload *offload_analyze(TransUnit *tu, const char *unit_id);

/* Compile-time remarks (--remarks): per region SPMD or not, and why, and
 * the implicit maps decided. */
void offload_remarks(Offload *o);

/* The user-defined reduction that reduction clause cl means for s in
 * device code (found during offload_analyze), or NULL. */
Udr *offload_udr(Offload *o, const OmpClause *cl, const Type *t);
/* Has the region's reduction of s a copy of its original made at the
 * launch (CAP_SNAPSHOT), for its initializer's omp_orig? */
bool offload_snapshot_of(const Region *r, const Symbol *s);

/* A reduction list item: 0 for a scalar variable, 1 for an array or an
 * array section (*a filled in), -1 for one a target region cannot
 * reduce (reported when report is set). */
int offload_red_array(const Expr *item, RedArray *a, bool report);
/* The type a reduction combines: the element type of an array item. */
Type *offload_red_type(const Expr *item);

/* Helpers of the later passes. */
bool offload_is_declare_target(Offload *o, Symbol *s);
/* Does the unit define the file-scope variable s (not only declare it)?
 * In a linked unit (Offload.linked) the kernel file defines only those,
 * and declares the others extern. */
bool offload_defines(Offload *o, const Symbol *s);
/* A C99 inline definition (inline without extern, C11 6.7.4): not the
 * external definition, so the kernel file's own, never another file's. */
bool offload_inline_definition(const Decl *f);
/* The name of the image's table of declare target indirect functions'
 * host addresses: the unit's own in a linked image. */
const char *offload_indirect_table(Offload *o);
/* declare target link (OpenMP 5.2 7.8.2): in the image, a pointer named
 * __ompicc_link_NAME that the runtime points at the mapped copy. */
bool offload_is_link(Offload *o, Symbol *s);
/* The name of declare target variable s in the image and in the unit's
 * table of them: its own, or for a file's static variable one of the
 * unit's (__ompicc_static_UNIT_NAME), since the device code of several
 * files may be linked into one image, where their statics must not meet. */
const char *offload_global_name(const Offload *o, const Symbol *s);
/* A const object or an array of them: in C++ (the kernel file) it has
 * internal linkage, and the image may hold it in read-only memory. */
bool offload_is_const_object(const Symbol *s);
/* Is s stdout or stderr of the C library (a system header's), which
 * device code names as the device library's own (device_lib_object):
 * neither mapped nor made declare target? */
bool offload_stream_object(const Symbol *s);
/* An SPMD loop's trip count, and its variable's value at logical
 * iteration it, as C text valid on the host and in the kernel. */
char *offload_trip(const OmpLoop *l);
/* The same in two parts: whether the loop runs, and its count if so. */
void offload_trip_parts(const OmpLoop *l, char **runs, char **count);
char *offload_loop_value(const OmpLoop *l, const char *it);
/* No loop of the nest has bounds that use an enclosing loop's variable. */
bool offload_nest_rectangular(const Vec *loops);
/* Does the region's SPMD kernel come in two widths, NAME for iteration
 * spaces that fit in 32-bit integers and NAME__wide for any
 * (OMPICC_REGION_WIDE of ompicc-rt.h)?  The loop of a rectangular nest,
 * whose size the runtime knows at the launch. */
bool offload_two_widths(const Region *r);
/* Does the body of the region's SPMD loop hold a loop of its own, one
 * that nvcc would not unroll whole (a loop of a small constant trip
 * count, such as a stencil's -1..1, is straight code)? */
bool offload_body_loops(Region *r);
/* The dimensions of the grid that the region's SPMD kernel walks its
 * nest on (OMPICC_REGION_GRID of ompicc-rt.h): 2 or 3 for a rectangular
 * nest of as many loops whose body holds no loop (offload_body_loops),
 * under the whole grid (target teams distribute parallel for) with no
 * schedule the program may rely on; else 0, a walk of the collapsed
 * space on a 1-D grid. */
int offload_grid_dims(Region *r);
/* Does the region's SPMD kernel come with a third, NAME__once, for one
 * iteration per thread (per team, for a distribute loop), which the
 * runtime launches when the grid covers the loop (OMPICC_REGION_ONCE of
 * ompicc-rt.h)?  A walk of a rectangular nest on a 1-D grid with no
 * schedule the program may rely on. */
bool offload_once_kernel(Region *r);
/* The collapsed loop nest of directive d over body (OmpLoop* pushed onto
 * loops); false after an error. */
bool offload_loop_nest(Stmt *body, const OmpDir *d, Vec *loops, Stmt **innermost);
/* The dimensions a kernel indexes through a view (ompicc-device.h's
 * __ompicc_vla) for a captured variable of type t: an array whose
 * elements, or a pointer whose pointees, are variable-length arrays
 * (double a[n][m], a parameter double a[n][m]); 1 when a plain pointer
 * or a decayed array will do.  The host passes the view's strides as
 * literal entries right after the variable's own entry. */
/* The entry that attaches the pointer `slot`, which s holds, to its
 * pointee where both are present; it maps nothing (map_pointer_slots of
 * mapper.h names the pointers of a mapped object). */
MapEntry *offload_slot_entry(Symbol *s, const char *slot);

/* The host code's name of the device address of variable v in the body
 * of a target data construct with use_device_addr(v) (lower-host.c
 * declares it; a region inside with has_device_addr(v) passes it). */
char *offload_device_addr_name(const char *v);
int offload_view_dims(const struct Type *t);
#endif

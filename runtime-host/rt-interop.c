/* rt-interop.c - interop objects (OpenMP 5.2 14.1, 18.12): what a
 * program gets to call a foreign runtime on an OpenMP device, here CUDA;
 * and the dispatch construct's device and append_args objects (7.6).
 *
 * The interop construct's init makes an object of a device
 * (__ompicc_interop_init, which the translator calls in its place): with
 * targetsync, a queue of the device's module of its own (for the CUDA
 * module a CUstream, on which a program may call cuBLAS and the like,
 * then synchronise through the object); with target, the module's
 * native handles (CUdevice, CUcontext) where it has them.  use and
 * destroy wait for the queue; destroy frees the object.  On the host
 * device there is no foreign runtime: init gives omp_interop_none.  The
 * omp_get_interop_* routines read the properties of 18.12's table, with
 * the foreign runtime (fr_id) omp_ifr_cuda on both CUDA modules.
 * A dispatch with a device clause makes that device the default one
 * during its call; the interop objects append_args adds to the call are
 * destroyed at its end (__ompicc_dispatch_begin/interop/end).
 *
 * Main structure: RtInterop, the object an omp_interop_t points at.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

#include <omp.h>

typedef struct RtInterop {
  RtDevice *d;
  int flags;         /* 1: target, 2: targetsync */
  void *queue;       /* targetsync: the module's queue */
  long native_device;
  void *context;
  int have_native;
} RtInterop;

void *__ompicc_interop_init(const char *where, long device, int flags)
{
  RtDevice *d = rt_choose(where, device);
  if (!d)
    return NULL;
  RtInterop *o = rt_xmalloc(sizeof *o);
  memset(o, 0, sizeof *o);
  o->d = d;
  o->flags = flags;
  pthread_mutex_lock(&d->lock);
  if (flags & 2)
    RT_CHECK(where, d, d->plugin->queue_create(d->id, &o->queue),
             "cannot make the targetsync queue of an interop object");
  if (d->plugin->native && d->plugin->native(d->id, &o->native_device, &o->context) == 0)
    o->have_native = 1;
  pthread_mutex_unlock(&d->lock);
  return o;
}

void __ompicc_interop_use(const char *where, void *interop)
{
  RtInterop *o = interop;
  if (!o || !o->queue)
    return;
  RT_CHECK(where, o->d, o->d->plugin->queue_sync(o->d->id, o->queue),
           "cannot wait for an interop object's targetsync queue");
}

void *__ompicc_interop_destroy(const char *where, void *interop)
{
  RtInterop *o = interop;
  if (!o)
    return NULL;
  if (o->queue) {
    __ompicc_interop_use(where, o);
    RT_CHECK(where, o->d, o->d->plugin->queue_destroy(o->d->id, o->queue),
             "cannot free an interop object's targetsync queue");
  }
  free(o);
  return NULL;
}

/* ---------------------------------------------------------------- dispatch */

/* The default devices a thread's dispatch constructs replaced, innermost
 * last (a dispatch's call may reach another dispatch), and the interop
 * objects their calls got from append_args, each with its depth. */
enum { DISPATCH_DEPTH = 64, DISPATCH_INTEROPS = 256 };
static _Thread_local int dispatch_saved[DISPATCH_DEPTH], dispatch_depth;
static _Thread_local struct {
  void *obj;
  int depth;
  const char *where;
} dispatch_interops[DISPATCH_INTEROPS];
static _Thread_local int dispatch_ninterops;

void __ompicc_dispatch_begin(long device)
{
  if (dispatch_depth < DISPATCH_DEPTH)
    dispatch_saved[dispatch_depth] = rt_default_device();
  dispatch_depth++;
  rt_set_default_device((int)rt_device_number(device));
}

void *__ompicc_dispatch_interop(const char *where, long device, int flags)
{
  void *o = __ompicc_interop_init(where, device, flags);
  if (o && dispatch_ninterops == DISPATCH_INTEROPS)
    rt_fatal(where, "more than %d interop objects of append_args at once", DISPATCH_INTEROPS);
  if (o) {
    dispatch_interops[dispatch_ninterops].obj = o;
    dispatch_interops[dispatch_ninterops].depth = dispatch_depth;
    dispatch_interops[dispatch_ninterops].where = where;
    dispatch_ninterops++;
  }
  return o;
}

void __ompicc_dispatch_end(void)
{
  while (dispatch_ninterops > 0 &&
         dispatch_interops[dispatch_ninterops - 1].depth >= dispatch_depth) {
    dispatch_ninterops--;
    __ompicc_interop_destroy(dispatch_interops[dispatch_ninterops].where,
                             dispatch_interops[dispatch_ninterops].obj);
  }
  if (--dispatch_depth < DISPATCH_DEPTH)
    rt_set_default_device(dispatch_saved[dispatch_depth]);
}

/* ---------------------------------------------------------------- the routines */

enum { TYPE_INT, TYPE_PTR, TYPE_STR };

static const struct {
  const char *name, *desc;
  int type;
} PROPS[] = {
    /* by -property_id - 1: fr_id is -1, targetsync -9 */
    {"fr_id", "the foreign runtime's id (omp_interop_fr_t)", TYPE_INT},
    {"fr_name", "the foreign runtime's name", TYPE_STR},
    {"vendor", "the vendor's id", TYPE_INT},
    {"vendor_name", "the vendor's name", TYPE_STR},
    {"device_num", "the OpenMP device number", TYPE_INT},
    {"platform", "the foreign runtime's platform (none for CUDA)", TYPE_PTR},
    {"device", "the foreign runtime's device (a CUdevice)", TYPE_INT},
    {"device_context", "the foreign runtime's context (a CUcontext)", TYPE_PTR},
    {"targetsync", "the foreign runtime's stream to synchronise with (a CUstream)", TYPE_PTR},
};
enum { NPROPS = sizeof PROPS / sizeof *PROPS };

int omp_get_num_interop_properties(const omp_interop_t interop)
{
  (void)interop;
  return 0; /* no property beyond those of the specification */
}

/* Property p of o, when o has it: its type and value in *i, *ptr or *str. */
static omp_interop_rc_t property(const RtInterop *o, omp_interop_property_t p, int want,
                                 omp_intptr_t *i, void **ptr, const char **str)
{
  if (!o)
    return omp_irc_empty;
  if ((int)p > -1 || (int)p < -NPROPS)
    return omp_irc_out_of_range;
  int type = PROPS[-(int)p - 1].type;
  if (type != want)
    return type == TYPE_INT ? omp_irc_type_int : type == TYPE_PTR ? omp_irc_type_ptr
                                                                   : omp_irc_type_str;
  bool emu = !strcmp(o->d->plugin->name, "cuda-emu");
  switch (p) {
  case omp_ipr_fr_id: *i = omp_ifr_cuda; break;
  case omp_ipr_fr_name: *str = "cuda"; break;
  case omp_ipr_vendor: *i = 0; break;
  case omp_ipr_vendor_name: *str = emu ? "ompicc cuda-emu" : "nvidia"; break;
  case omp_ipr_device_num: *i = o->d->number; break;
  case omp_ipr_platform: return omp_irc_no_value;
  case omp_ipr_device:
    if (!o->have_native)
      return omp_irc_no_value;
    *i = o->native_device;
    break;
  case omp_ipr_device_context:
    if (!o->have_native)
      return omp_irc_no_value;
    *ptr = o->context;
    break;
  case omp_ipr_targetsync:
    if (!o->queue)
      return omp_irc_no_value;
    *ptr = o->queue;
    break;
  default: return omp_irc_out_of_range;
  }
  return omp_irc_success;
}

omp_intptr_t omp_get_interop_int(const omp_interop_t interop, omp_interop_property_t property_id,
                                 omp_interop_rc_t *ret_code)
{
  omp_intptr_t i = 0;
  omp_interop_rc_t rc = property(interop, property_id, TYPE_INT, &i, NULL, NULL);
  if (ret_code)
    *ret_code = rc;
  return i;
}

void *omp_get_interop_ptr(const omp_interop_t interop, omp_interop_property_t property_id,
                          omp_interop_rc_t *ret_code)
{
  void *p = NULL;
  omp_interop_rc_t rc = property(interop, property_id, TYPE_PTR, NULL, &p, NULL);
  if (ret_code)
    *ret_code = rc;
  return p;
}

const char *omp_get_interop_str(const omp_interop_t interop, omp_interop_property_t property_id,
                                omp_interop_rc_t *ret_code)
{
  const char *s = NULL;
  omp_interop_rc_t rc = property(interop, property_id, TYPE_STR, NULL, NULL, &s);
  if (ret_code)
    *ret_code = rc;
  return s;
}

const char *omp_get_interop_name(const omp_interop_t interop, omp_interop_property_t property_id)
{
  (void)interop;
  int p = (int)property_id;
  return p <= -1 && p >= -NPROPS ? PROPS[-p - 1].name : NULL;
}

const char *omp_get_interop_type_desc(const omp_interop_t interop,
                                      omp_interop_property_t property_id)
{
  (void)interop;
  int p = (int)property_id;
  if (p > -1 || p < -NPROPS)
    return NULL;
  return PROPS[-p - 1].type == TYPE_INT ? "omp_intptr_t"
         : PROPS[-p - 1].type == TYPE_PTR ? "void *"
                                          : "const char *";
}

const char *omp_get_interop_rc_desc(const omp_interop_t interop, omp_interop_rc_t ret_code)
{
  (void)interop;
  switch (ret_code) {
  case omp_irc_no_value: return "the property has no value for this object";
  case omp_irc_success: return "success";
  case omp_irc_empty: return "the interop object is omp_interop_none";
  case omp_irc_out_of_range: return "no such property";
  case omp_irc_type_int: return "the property's type is omp_intptr_t";
  case omp_irc_type_ptr: return "the property's type is void *";
  case omp_irc_type_str: return "the property's type is const char *";
  default: return "another error";
  }
}

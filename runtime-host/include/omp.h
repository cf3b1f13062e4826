/* omp.h - the OpenMP API as programs built by ompicc see it: the host
 * compiler's omp.h, then the routines and constants of the device memory
 * and device number parts of OpenMP 5.2 (chapter 18) that libompicc
 * implements and an older omp.h does not declare (GCC 12's has no
 * omp_get_mapped_ptr, so a call would get an implicit int and lose the
 * upper half of the pointer).
 *
 * The driver puts this file's folder before the system's with -isystem,
 * so `#include <omp.h>` finds it first and it includes the next one.
 * A declaration the host's omp.h has too is the same declaration again,
 * which C allows; the constants are macros, which leave an enumerator of
 * the same name that a newer omp.h declares (before them) intact.
 */
#if defined(__has_include_next)
#if __has_include_next(<omp.h>)
#include_next <omp.h>
#endif
#endif

#ifndef OMPICC_OMP_H
#define OMPICC_OMP_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What an older host compiler's omp.h lacks of OpenMP 5.0, which device
 * code may use (the device library implements it) and the declarations
 * below name: depend objects (GCC 9), the memory management types and
 * routines and the event handle (GCC 11), the rest of the memory routines
 * (GCC 12).  The values are the specification's (5.2 18.13, 20.4), the
 * device library's (devlib-cuda/omp-types.h) and libgomp's.  A host call
 * of a routine needs a libgomp that has it. */
#if !defined(__clang__) && defined(__GNUC__)
#if __GNUC__ < 9
typedef struct omp_depend_t {
  void *__ompicc_opaque[2];
} omp_depend_t;
#endif
#if __GNUC__ < 11
typedef enum omp_memspace_handle_t {
  omp_default_mem_space = 0,
  omp_large_cap_mem_space = 1,
  omp_const_mem_space = 2,
  omp_high_bw_mem_space = 3,
  omp_low_lat_mem_space = 4,
  __omp_memspace_handle_t_max__ = __UINTPTR_MAX__
} omp_memspace_handle_t;
typedef enum omp_allocator_handle_t {
  omp_null_allocator = 0,
  omp_default_mem_alloc = 1,
  omp_large_cap_mem_alloc = 2,
  omp_const_mem_alloc = 3,
  omp_high_bw_mem_alloc = 4,
  omp_low_lat_mem_alloc = 5,
  omp_cgroup_mem_alloc = 6,
  omp_pteam_mem_alloc = 7,
  omp_thread_mem_alloc = 8,
  __omp_allocator_handle_t_max__ = __UINTPTR_MAX__
} omp_allocator_handle_t;
typedef enum omp_alloctrait_key_t {
  omp_atk_sync_hint = 1,
  omp_atk_alignment = 2,
  omp_atk_access = 3,
  omp_atk_pool_size = 4,
  omp_atk_fallback = 5,
  omp_atk_fb_data = 6,
  omp_atk_pinned = 7,
  omp_atk_partition = 8
} omp_alloctrait_key_t;
typedef enum omp_alloctrait_value_t {
  omp_atv_default = __UINTPTR_MAX__,
  omp_atv_false = 0,
  omp_atv_true = 1,
  omp_atv_contended = 3,
  omp_atv_uncontended = 4,
  omp_atv_serialized = 5,
  omp_atv_sequential = omp_atv_serialized,
  omp_atv_private = 6,
  omp_atv_all = 7,
  omp_atv_thread = 8,
  omp_atv_pteam = 9,
  omp_atv_cgroup = 10,
  omp_atv_default_mem_fb = 11,
  omp_atv_null_fb = 12,
  omp_atv_abort_fb = 13,
  omp_atv_allocator_fb = 14,
  omp_atv_environment = 15,
  omp_atv_nearest = 16,
  omp_atv_blocked = 17,
  omp_atv_interleaved = 18
} omp_alloctrait_value_t;
typedef struct omp_alloctrait_t {
  omp_alloctrait_key_t key;
  __UINTPTR_TYPE__ value;
} omp_alloctrait_t;
typedef enum omp_event_handle_t {
  __omp_event_handle_t_max__ = __UINTPTR_MAX__
} omp_event_handle_t;
omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t memspace, int ntraits,
                                          const omp_alloctrait_t traits[]);
void omp_destroy_allocator(omp_allocator_handle_t allocator);
void omp_set_default_allocator(omp_allocator_handle_t allocator);
omp_allocator_handle_t omp_get_default_allocator(void);
void *omp_alloc(__SIZE_TYPE__ size, omp_allocator_handle_t allocator);
void omp_free(void *ptr, omp_allocator_handle_t allocator);
void omp_fulfill_event(omp_event_handle_t event);
#endif
#if __GNUC__ < 12
void *omp_aligned_alloc(__SIZE_TYPE__ alignment, __SIZE_TYPE__ size,
                        omp_allocator_handle_t allocator);
void *omp_calloc(__SIZE_TYPE__ nmemb, __SIZE_TYPE__ size, omp_allocator_handle_t allocator);
void *omp_aligned_calloc(__SIZE_TYPE__ alignment, __SIZE_TYPE__ nmemb, __SIZE_TYPE__ size,
                         omp_allocator_handle_t allocator);
void *omp_realloc(void *ptr, __SIZE_TYPE__ size, omp_allocator_handle_t allocator,
                  omp_allocator_handle_t free_allocator);
#endif
#endif

/* OpenMP 5.2 18.7: device numbers that name no device. */
#define omp_initial_device (-1)
#define omp_invalid_device (-4)

/* 18.7-18.8 */
int omp_get_device_num(void);
int omp_get_initial_device(void);
void *omp_get_mapped_ptr(const void *ptr, int device_num);
int omp_target_is_accessible(const void *ptr, size_t size, int device_num);
int omp_target_is_present(const void *ptr, int device_num);

/* 18.8.5-18.8.8: copies and fills of device memory; the _async forms are
 * tasks that depend on the depend objects given. */
int omp_target_memcpy_async(void *dst, const void *src, size_t length, size_t dst_offset,
                            size_t src_offset, int dst_device_num, int src_device_num,
                            int depobj_count, omp_depend_t *depobj_list);
int omp_target_memcpy_rect_async(void *dst, const void *src, size_t element_size,
                                 int num_dims, const size_t *volume,
                                 const size_t *dst_offsets, const size_t *src_offsets,
                                 const size_t *dst_dimensions,
                                 const size_t *src_dimensions, int dst_device_num,
                                 int src_device_num, int depobj_count,
                                 omp_depend_t *depobj_list);
void *omp_target_memset(void *ptr, int value, size_t count, int device_num);
void *omp_target_memset_async(void *ptr, int value, size_t count, int device_num,
                              int depobj_count, omp_depend_t *depobj_list);

/* 18.12: interoperability with the device's foreign runtime (CUDA).
 * GCC before 15 and clang before 13 declare none of it (the values are
 * those of the specification's omp.h). */
#if defined(__clang__) ? __clang_major__ < 13 : !defined(__GNUC__) || __GNUC__ < 15
typedef __INTPTR_TYPE__ omp_intptr_t;
typedef void *omp_interop_t;
#define omp_interop_none ((omp_interop_t)0)
typedef enum omp_interop_property_t {
  omp_ipr_fr_id = -1,
  omp_ipr_fr_name = -2,
  omp_ipr_vendor = -3,
  omp_ipr_vendor_name = -4,
  omp_ipr_device_num = -5,
  omp_ipr_platform = -6,
  omp_ipr_device = -7,
  omp_ipr_device_context = -8,
  omp_ipr_targetsync = -9,
  omp_ipr_first = -9
} omp_interop_property_t;
typedef enum omp_interop_rc_t {
  omp_irc_no_value = 1,
  omp_irc_success = 0,
  omp_irc_empty = -1,
  omp_irc_out_of_range = -2,
  omp_irc_type_int = -3,
  omp_irc_type_ptr = -4,
  omp_irc_type_str = -5,
  omp_irc_other = -6
} omp_interop_rc_t;
typedef enum omp_interop_fr_t {
  omp_ifr_cuda = 1,
  omp_ifr_cuda_driver = 2,
  omp_ifr_opencl = 3,
  omp_ifr_sycl = 4,
  omp_ifr_hip = 5,
  omp_ifr_level_zero = 6,
  omp_ifr_last = 7
} omp_interop_fr_t;
int omp_get_num_interop_properties(const omp_interop_t interop);
omp_intptr_t omp_get_interop_int(const omp_interop_t interop, omp_interop_property_t property_id,
                                 omp_interop_rc_t *ret_code);
void *omp_get_interop_ptr(const omp_interop_t interop, omp_interop_property_t property_id,
                          omp_interop_rc_t *ret_code);
const char *omp_get_interop_str(const omp_interop_t interop, omp_interop_property_t property_id,
                                omp_interop_rc_t *ret_code);
const char *omp_get_interop_name(const omp_interop_t interop, omp_interop_property_t property_id);
const char *omp_get_interop_type_desc(const omp_interop_t interop,
                                      omp_interop_property_t property_id);
const char *omp_get_interop_rc_desc(const omp_interop_t interop, omp_interop_rc_t ret_code);
#endif

#ifdef __cplusplus
}
#endif

#endif

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

#ifdef __cplusplus
}
#endif

#endif

/* Written by hand for fourfold's vendored copy of the rocBLAS C API headers (rocm-5.2.3); not an
 * upstream file. Upstream generates this header at configure time with CMake's
 * generate_export_header(rocblas ...) (library/src/CMakeLists.txt). This is the minimal
 * equivalent for consumers of the shared library: the headers only use ROCBLAS_EXPORT, which
 * gives the declared functions default visibility. See third_party/rocblas/README.md. */
#ifndef ROCBLAS_EXPORT_H
#define ROCBLAS_EXPORT_H

#ifndef ROCBLAS_EXPORT
#define ROCBLAS_EXPORT __attribute__((visibility("default")))
#endif

#ifndef ROCBLAS_NO_EXPORT
#define ROCBLAS_NO_EXPORT __attribute__((visibility("hidden")))
#endif

#ifndef ROCBLAS_DEPRECATED
#define ROCBLAS_DEPRECATED __attribute__((__deprecated__))
#endif

#ifndef ROCBLAS_DEPRECATED_EXPORT
#define ROCBLAS_DEPRECATED_EXPORT ROCBLAS_EXPORT ROCBLAS_DEPRECATED
#endif

#endif /* ROCBLAS_EXPORT_H */

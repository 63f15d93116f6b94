/* Written by hand for fourfold's vendored copy of the rocBLAS C API headers; not an upstream
 * file. Upstream configures it from library/include/internal/rocblas-version.h.in at tag
 * rocm-5.2.3 (commit 4a92c6f126491fdc92afb1c382e7987891c9b0d3), where CMakeLists.txt sets
 * VERSION_STRING "2.44.0" and rocm-cmake's rocm_setup_version sets the tweak to the source's git
 * hash; the commit id is left empty there too. See third_party/rocblas/README.md. */
#ifndef ROCBLAS_VERSION_H_
#define ROCBLAS_VERSION_H_

// clang-format off
#define ROCBLAS_VERSION_MAJOR       2
#define ROCBLAS_VERSION_MINOR       44
#define ROCBLAS_VERSION_PATCH       0
#define ROCBLAS_VERSION_TWEAK       4a92c6f1
#define ROCBLAS_VERSION_COMMIT_ID
// clang-format on

#endif

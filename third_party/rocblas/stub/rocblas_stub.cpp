// fourfold's rocBLAS link stub: FOR COMPILE CHECKS ONLY, never for runs.
//
// Debian packages hipcc but no rocBLAS, so a HIP build on such a machine could not link the
// rocBLAS route of core/gemm.cpp. With FOURFOLD_ROCBLAS_STUB=ON that route compiles against the
// vendored rocBLAS 5.2.3 C API headers (../include) and links this library instead, which defines
// exactly the rocBLAS functions fourfold calls and nothing else. None of them does any work:
// each prints what was called and returns rocblas_status_not_implemented, which fourfold's
// FF_ROCBLAS check turns into an error naming the call (rocblas_status_to_string below names the
// stub in that error). A binary linked against it therefore builds, and fails on its first bf16
// GEMM instead of computing anything. To run on AMD GPUs, configure without
// FOURFOLD_ROCBLAS_STUB against a real rocBLAS (ROCm's rocblas-config.cmake).
//
// This file is fourfold's own code (MIT, like the rest of the project); the headers it includes
// are ROCm's (see ../README.md and ../LICENSE.md).
#include <rocblas/rocblas.h>

#include <cstdio>

namespace {

constexpr const char* stub_explanation =
    "fourfold was built with FOURFOLD_ROCBLAS_STUB=ON: it links fourfold's rocBLAS link stub, which exists "
    "for compile checks only and computes nothing. Rebuild against a real rocBLAS (ROCm) to run bf16 GEMMs on AMD GPUs";

rocblas_status not_implemented(const char* function) {
  std::fprintf(stderr, "%s called: %s.\n", function, stub_explanation);
  return rocblas_status_not_implemented;
}

}  // namespace

extern "C" {

rocblas_status rocblas_create_handle(rocblas_handle* handle) {
  // No handle is made; a caller that ignored the status would hold a null one.
  if (handle != nullptr) *handle = nullptr;
  return not_implemented("rocblas_create_handle");
}

rocblas_status rocblas_destroy_handle(rocblas_handle) { return not_implemented("rocblas_destroy_handle"); }

rocblas_status rocblas_set_stream(rocblas_handle, hipStream_t) { return not_implemented("rocblas_set_stream"); }

// The headers also define rocblas_gemm_ex and rocblas_gemm_strided_batched_ex as function-like
// macros (they drop the obsolete workspace arguments of older releases); the parentheses around
// the names keep those macros from expanding here, so these define the functions themselves.
rocblas_status (rocblas_gemm_ex)(rocblas_handle, rocblas_operation, rocblas_operation, rocblas_int, rocblas_int,
                                 rocblas_int, const void*, const void*, rocblas_datatype, rocblas_int, const void*,
                                 rocblas_datatype, rocblas_int, const void*, const void*, rocblas_datatype,
                                 rocblas_int, void*, rocblas_datatype, rocblas_int, rocblas_datatype,
                                 rocblas_gemm_algo, int32_t, uint32_t) {
  return not_implemented("rocblas_gemm_ex");
}

rocblas_status (rocblas_gemm_strided_batched_ex)(rocblas_handle, rocblas_operation, rocblas_operation, rocblas_int,
                                                 rocblas_int, rocblas_int, const void*, const void*, rocblas_datatype,
                                                 rocblas_int, rocblas_stride, const void*, rocblas_datatype,
                                                 rocblas_int, rocblas_stride, const void*, const void*,
                                                 rocblas_datatype, rocblas_int, rocblas_stride, void*,
                                                 rocblas_datatype, rocblas_int, rocblas_stride, rocblas_int,
                                                 rocblas_datatype, rocblas_gemm_algo, int32_t, uint32_t) {
  return not_implemented("rocblas_gemm_strided_batched_ex");
}

// Names the status the stub returns, and says where it came from; no other status can come from
// the stub (FF_ROCBLAS prints the status's number next to this text in any case).
const char* rocblas_status_to_string(rocblas_status status) {
  switch (status) {
    case rocblas_status_success:
      return "rocblas_status_success";
    case rocblas_status_not_implemented:
      return "rocblas_status_not_implemented: fourfold's rocBLAS link stub (FOURFOLD_ROCBLAS_STUB=ON, compile "
             "checks only); rebuild against a real rocBLAS";
    default:
      return "a rocBLAS status (fourfold's rocBLAS link stub names only its own)";
  }
}

}  // extern "C"

// Return-code checks for MPI, NCCL and the CUDA runtime: the failing call's text, file, line
// and the library's own description of the code. Only comm/ includes this.
#pragma once

#include "core/error.hpp"

#include <mpi.h>

namespace fourfold::comm::detail {

inline void check_mpi(int code, const char* call, const char* file, int line) {
  if (code == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  ::fourfold::detail::throw_vendor_error("MPI", call, file, line,
                                         fmt::format("code {} ({})", code, text));
}

}  // namespace fourfold::comm::detail

#define FF_CHECK_MPI(call) ::fourfold::comm::detail::check_mpi((call), #call, __FILE__, __LINE__)

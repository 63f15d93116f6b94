// HDF5 return-code checks: every herr_t and hid_t is checked, and a failure becomes a
// VendorError naming the call, file, line and HDF5's own error stack. Only checkpoint/
// includes HDF5.
#pragma once

#include "core/error.hpp"

#include <hdf5.h>

#include <string>

namespace fourfold::checkpoint::detail {

/// The innermost messages of the current HDF5 error stack ("" when empty).
std::string h5_error_stack();

/// Turns off HDF5's automatic printing of error stacks (we report them in exceptions).
void silence_h5_errors();

template <class T>
T check_h5(T result, const char* call, const char* file, int line) {
  if (result < 0) {
    ::fourfold::detail::throw_vendor_error("HDF5", call, file, line,
                                           "returned " + std::to_string(static_cast<long long>(result)) +
                                               h5_error_stack());
  }
  return result;
}

}  // namespace fourfold::checkpoint::detail

#define FF_CHECK_H5(call) ::fourfold::checkpoint::detail::check_h5((call), #call, __FILE__, __LINE__)

// Error handling at the four levels fourfold uses.
//
//  1. Vendor return codes (MPI, NCCL, CUDA, HDF5): FF_CHECK_* macros in the folder that owns the
//     vendor (comm/check.hpp, checkpoint/h5_check.hpp) throw VendorError with the call text,
//     file, line and the code's meaning.
//  2. User input and configuration: FF_REQUIRE(cond, fmt, args...) throws UserError whose message
//     names the bad value and what was expected. These are what a user sees, so no file/line.
//  3. Internal invariants: FF_ASSERT(cond, fmt, args...) throws std::logic_error with file and
//     line; compiled out under NDEBUG.
//  4. Device code: FF_KERNEL_ASSERT(cond, "literal") calls Kokkos::abort.
//
// Destructors never throw: they report through report_in_destructor() and carry on.
#pragma once

#include <fmt/format.h>

#include <stdexcept>
#include <string>

namespace fourfold {

/// Bad user input or configuration; the message is complete and meant for the user.
class UserError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A vendor library (MPI, NCCL, CUDA, HDF5) returned an error code.
class VendorError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

namespace detail {
[[noreturn]] void throw_user_error(const std::string& message);
[[noreturn]] void throw_invariant(const char* condition, const char* file, int line,
                                  const std::string& message);
[[noreturn]] void throw_vendor_error(const char* vendor, const char* call, const char* file,
                                     int line, const std::string& what);
}  // namespace detail

/// Prints "fourfold: error in destructor: <what>" to stderr. Never throws.
void report_in_destructor(const char* what) noexcept;

}  // namespace fourfold

#define FF_REQUIRE(cond, ...)                                              \
  do {                                                                     \
    if (!(cond)) ::fourfold::detail::throw_user_error(fmt::format(__VA_ARGS__)); \
  } while (0)

#ifdef NDEBUG
#define FF_ASSERT(cond, ...) ((void)0)
#else
#define FF_ASSERT(cond, ...)                                                              \
  do {                                                                                    \
    if (!(cond))                                                                          \
      ::fourfold::detail::throw_invariant(#cond, __FILE__, __LINE__, fmt::format(__VA_ARGS__)); \
  } while (0)
#endif

#define FF_KERNEL_ASSERT(cond, message) \
  do {                                  \
    if (!(cond)) Kokkos::abort(message); \
  } while (0)

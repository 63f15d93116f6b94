// Out-of-line throwers so that the macros in error.hpp stay small at every call site.
#include "core/error.hpp"

#include <cstdio>

namespace fourfold {
namespace detail {

void throw_user_error(const std::string& message) { throw UserError(message); }

void throw_invariant(const char* condition, const char* file, int line,
                     const std::string& message) {
  throw std::logic_error(
      fmt::format("internal error at {}:{}: invariant `{}` failed: {}", file, line, condition, message));
}

void throw_vendor_error(const char* vendor, const char* call, const char* file, int line,
                        const std::string& what) {
  throw VendorError(fmt::format("{} error at {}:{}: `{}` failed: {}", vendor, file, line, call, what));
}

}  // namespace detail

void report_in_destructor(const char* what) noexcept {
  std::fprintf(stderr, "fourfold: error in destructor: %s\n", what);
  std::fflush(stderr);
}

}  // namespace fourfold

// The error levels: user errors carry the formatted message only, invariants carry file and
// line, and vendor errors name the library and the call.
#include "core/error.hpp"

#include <gtest/gtest.h>

namespace fourfold {
namespace {

TEST(Error, RequireFormatsTheMessage) {
  try {
    const int heads = 12, gy = 5;
    FF_REQUIRE(heads % gy == 0, "heads {} not divisible by G_y {}", heads, gy);
    FAIL();
  } catch (const UserError& e) {
    EXPECT_STREQ(e.what(), "heads 12 not divisible by G_y 5");
  }
}

TEST(Error, RequirePassesSilently) { EXPECT_NO_THROW(FF_REQUIRE(1 + 1 == 2, "never")); }

#ifndef NDEBUG
TEST(Error, AssertNamesFileAndCondition) {
  try {
    FF_ASSERT(2 < 1, "value {}", 3);
    FAIL();
  } catch (const std::logic_error& e) {
    const std::string text = e.what();
    EXPECT_NE(text.find("test_error.cpp"), std::string::npos) << text;
    EXPECT_NE(text.find("2 < 1"), std::string::npos) << text;
  }
}
#endif

TEST(Error, VendorErrorNamesLibraryCallAndPlace) {
  try {
    detail::throw_vendor_error("HDF5", "H5Fopen(name)", "file.cpp", 12, "code -1");
    FAIL();
  } catch (const VendorError& e) {
    EXPECT_STREQ(e.what(), "HDF5 error at file.cpp:12: `H5Fopen(name)` failed: code -1");
  }
}

}  // namespace
}  // namespace fourfold

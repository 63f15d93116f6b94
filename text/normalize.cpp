#include "text/normalize.hpp"

#include "core/error.hpp"

#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>
#include <unicode/stringpiece.h>

namespace fourfold::text {

void normalize_nfc(std::string_view text, std::string& out) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  FF_REQUIRE(U_SUCCESS(status) && nfc != nullptr, "Unicode NFC: ICU has no NFC data ({})", u_errorName(status));
  out.clear();
  icu::StringByteSink<std::string> sink(&out, static_cast<int32_t>(text.size()));
  nfc->normalizeUTF8(0, icu::StringPiece(text.data(), static_cast<int32_t>(text.size())), sink, nullptr, status);
  FF_REQUIRE(U_SUCCESS(status), "Unicode NFC of {} bytes of text failed: {}", text.size(), u_errorName(status));
}

}  // namespace fourfold::text

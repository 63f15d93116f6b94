// Unicode normalization for tokenizers whose tokenizer.json asks for it (Qwen 2/3: NFC), through
// ICU (Debian's libicu-dev), the library that defines these forms' tables.
#pragma once

#include <string>
#include <string_view>

namespace fourfold::text {

/// out = the NFC form of `text` (valid UTF-8); UserError naming ICU's error otherwise.
void normalize_nfc(std::string_view text, std::string& out);

}  // namespace fourfold::text

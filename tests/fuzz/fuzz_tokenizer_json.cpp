// Hugging Face tokenizer.json files (text/tokenizer.hpp): any input is either refused with a
// UserError or gives a tokenizer that encodes and decodes without crashing. An accepted
// tokenizer encodes a fixed text with every kind of character, and the input's own bytes when
// they are UTF-8; decoding its ids, and streaming them, give the same bytes.
#include "fuzz_support.hpp"
#include "text/tokenizer.hpp"
#include "text/utf8.hpp"

#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fourfold::text;
  const std::string input(reinterpret_cast<const char*>(data), size);
  fourfold::fuzz::expect_accept_or_user_error([&] {
    const Tokenizer tokenizer = Tokenizer::from_json(input, "input");
    std::vector<std::string> texts = {"Hello world! It's 2024.\n\n\tcode(x) ** 2  \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80"};
    if (first_invalid_utf8(input) == std::string::npos && input.size() < 4096) texts.push_back(input);
    for (const std::string& text : texts) {
      const std::vector<int> ids = tokenizer.encode(text);
      const std::string bytes = tokenizer.decode(ids);
      StreamDecoder stream(tokenizer);
      std::string streamed;
      for (const int id : ids) streamed += stream.push(id);
      streamed += stream.flush();
      if (streamed != bytes) std::abort();
    }
  });
  return 0;
}

// llm.c weight files (checkpoint/llmc_header.hpp): the header and the size check that guard
// every read of a weight file. An accepted header describes exactly the file's bytes.
#include "checkpoint/llmc_header.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = fourfold::fuzz::scratch_file("weights.bin", data, size);
  fourfold::fuzz::expect_accept_or_user_error([&] {
    const fourfold::checkpoint::LlmcHeader header = fourfold::checkpoint::read_llmc_header(path);
    const long long parameters = header.config.num_parameters();
    const std::size_t expected = fourfold::checkpoint::llmc_header_bytes +
                                 static_cast<std::size_t>(parameters) *
                                     fourfold::checkpoint::llmc_bytes_per_element(header.version);
    if (parameters <= 0 || expected != size) std::abort();
  });
  return 0;
}

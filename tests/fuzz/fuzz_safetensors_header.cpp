// Hugging Face safetensors files (checkpoint/safetensors.hpp): the header checks that guard every
// read of a safetensors file. An accepted header describes exactly the file's bytes: its tensors
// tile the data section, each holding its shape's bytes; and every tensor it accepts reads back
// (or is refused with a UserError for a value that is not finite).
#include "checkpoint/safetensors.hpp"
#include "fuzz_support.hpp"

#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fourfold::checkpoint;
  fourfold::fuzz::expect_accept_or_user_error([&] {
    const SafetensorsHeader header = parse_safetensors_header("input", data, size, size);
    std::uint64_t covered = 0;
    for (const SafetensorsTensor& t : header.tensors) {
      if (t.begin != covered || t.end - t.begin != t.elements() * element_bytes(t.type)) std::abort();
      covered = t.end;
    }
    if (header.data_start + covered != size) std::abort();
    const std::string path = fourfold::fuzz::scratch_file("model.safetensors", data, size);
    const SafetensorsFile file(path);
    for (const SafetensorsTensor& t : file.header().tensors) {
      std::vector<float> values(static_cast<std::size_t>(t.elements()));
      fourfold::fuzz::expect_accept_or_user_error([&] { file.read_all(t, values.data()); });
      if (t.shape.size() == 2 && t.shape[0] > 0 && t.shape[1] > 1)
        fourfold::fuzz::expect_accept_or_user_error([&] { file.read_block(t, t.shape[0] - 1, 1, 1, t.shape[1] - 1, values.data()); });
    }
  });
  return 0;
}

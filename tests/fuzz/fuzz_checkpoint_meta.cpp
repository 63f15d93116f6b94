// The metadata of an HDF5 checkpoint (checkpoint/format.hpp): the JSON attribute every resume
// and reshard reads first. Accepted metadata survives a write and read back unchanged, and the
// stored shapes it implies for its model can be computed.
#include "checkpoint/format.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  fourfold::fuzz::expect_accept_or_user_error([&] {
    using fourfold::checkpoint::CheckpointMeta;
    const CheckpointMeta meta = CheckpointMeta::from_json(text, "fuzz");
    const CheckpointMeta again = CheckpointMeta::from_json(meta.to_json(), "fuzz (written back)");
    if (!(again.model == meta.model) || again.tensors.size() != meta.tensors.size() ||
        again.state.step != meta.state.step)
      std::abort();
    (void)meta.model.num_parameters();
  });
  return 0;
}

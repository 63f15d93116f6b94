// The TOML config of fourfold-train (drivers/train/train_config.hpp): parsing, the schema
// (unknown keys, types) and the validation of the run on 1 to 8 ranks.
#include "drivers/train/train_config.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = fourfold::fuzz::scratch_file("config.toml", data, size);
  fourfold::fuzz::expect_accept_or_user_error([&] {
    fourfold::ConfigValues values;
    values.merge_file(path);
    const int world_size = size > 0 ? 1 + data[0] % 8 : 1;
    const fourfold::TrainConfig config = fourfold::make_train_config(values, world_size, nullptr);
    if (config.micro_steps() < 1) std::abort();
  });
  return 0;
}

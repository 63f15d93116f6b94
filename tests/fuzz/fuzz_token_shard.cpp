// llm.c token shards (drivers/train/token_shards.hpp): any bytes are either rejected with a
// UserError or give a shard whose every token can be read; a rejected file leaves no mapping
// behind (LeakSanitizer does not see mmap, so the harness counts the process's mappings).
#include "drivers/train/token_shards.hpp"
#include "fuzz_support.hpp"

#include <fstream>

namespace {

long count_mappings() {
  std::ifstream maps("/proc/self/maps");
  long lines = 0;
  for (std::string line; std::getline(maps, line);) ++lines;
  return lines;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static long inputs = 0;
  static long baseline = -1;
  const std::string path = fourfold::fuzz::scratch_file("shard.bin", data, size);
  fourfold::fuzz::expect_accept_or_user_error([&] {
    const fourfold::TokenShard shard(path);
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < shard.size(); ++i) sum += shard[i];
    if (shard.size() > size) std::abort();  // more tokens than bytes: the header was believed
    (void)sum;
  });
  // Every shard is unmapped by now: the mappings must not grow with the inputs.
  if (++inputs % 4096 == 0) {
    const long now = count_mappings();
    if (baseline < 0) baseline = now;
    if (now > baseline + 256) {
      std::fprintf(stderr, "fuzz_token_shard: %ld mappings after %ld inputs (%ld at first count): a shard leaks its map\n",
                   now, inputs, baseline);
      std::abort();
    }
  }
  return 0;
}

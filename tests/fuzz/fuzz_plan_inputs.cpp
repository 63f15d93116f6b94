// fourfold-plan's machine descriptions (drivers/plan/): a calibration (JSON lines, then the fit
// that builds the local machine) when the first byte is even, a TOML [machine] file when odd.
#include "drivers/plan/calibration.hpp"
#include "drivers/plan/machines.hpp"
#include "fuzz_support.hpp"

#include <sstream>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  fourfold::fuzz::expect_accept_or_user_error([&] {
    if (data[0] % 2 == 0) {
      std::istringstream in(text);
      const fourfold::plan::Machine m = fourfold::plan::machine_from_calibration(fourfold::plan::parse_calibration(in, "fuzz"));
      fourfold::plan::validate(m);
    } else {
      const std::string path = fourfold::fuzz::scratch_file("machine.toml", data + 1, size - 1);
      fourfold::plan::validate(fourfold::plan::load_machine(path));
    }
  });
  return 0;
}

#include "layers/memory_options.hpp"

#include "core/error.hpp"

namespace fourfold {

Recompute parse_recompute(const std::string& text) {
  if (text == "none") return Recompute::none;
  if (text == "selective") return Recompute::selective;
  if (text == "attention") return Recompute::attention;
  if (text == "block") return Recompute::block;
  throw UserError(
      fmt::format("recompute \"{}\": expected \"none\", \"selective\", \"attention\" or \"block\"", text));
}

const char* recompute_name(Recompute recompute) {
  switch (recompute) {
    case Recompute::none: return "none";
    case Recompute::selective: return "selective";
    case Recompute::attention: return "attention";
    case Recompute::block: return "block";
  }
  return "?";
}

}  // namespace fourfold

#include "layers/overlap.hpp"

#include "core/error.hpp"

#include <sstream>
#include <stdexcept>
#include <vector>

namespace fourfold {

OverlapOptions OverlapOptions::parse(const std::string& text) {
  constexpr const char* accepted = "\"all\", \"none\", or a comma-separated subset of oar, ors, oag, dp, fwd";
  if (text == "all") return all();
  if (text == "none") return none();
  FF_REQUIRE(!text.empty(), "overlap \"\" is empty: expected {}", accepted);
  OverlapOptions o = none();
  std::stringstream items(text);
  std::string item;
  while (std::getline(items, item, ',')) {
    bool* flag = item == "oar" ? &o.oar : item == "ors" ? &o.ors : item == "oag" ? &o.oag : item == "dp" ? &o.dp
                : item == "fwd" ? &o.fwd : nullptr;
    FF_REQUIRE(flag != nullptr, "overlap \"{}\": \"{}\" is not an overlap; expected {}", text, item, accepted);
    FF_REQUIRE(!*flag, "overlap \"{}\" names \"{}\" twice", text, item);
    *flag = true;
  }
  FF_REQUIRE(text.back() != ',', "overlap \"{}\" ends with a comma: expected {}", text, accepted);
  return o;
}

std::string OverlapOptions::str() const {
  if (oar && ors && oag && dp && fwd) return "all";
  if (!any()) return "none";
  std::string s;
  for (const auto& [on, name] : {std::pair{oar, "oar"}, {ors, "ors"}, {oag, "oag"}, {dp, "dp"}, {fwd, "fwd"}}) {
    if (!on) continue;
    if (!s.empty()) s += ",";
    s += name;
  }
  return s;
}

bool valid_tp_chunks(int chunks) { return chunks == 1 || chunks == 2 || chunks == 4 || chunks == 8; }

int parse_tp_chunks(const std::string& text) {
  if (text == "auto") return 0;
  std::size_t used = 0;
  int chunks = 0;
  try {
    chunks = std::stoi(text, &used);
  } catch (const std::logic_error&) {
    used = 0;
  }
  FF_REQUIRE(used == text.size() && valid_tp_chunks(chunks), "tp_chunks \"{}\": expected 1, 2, 4, 8 or auto", text);
  return chunks;
}

}  // namespace fourfold

#include "checkpoint/h5_check.hpp"

namespace fourfold::checkpoint::detail {
namespace {

herr_t collect(unsigned n, const H5E_error2_t* e, void* out) {
  auto* text = static_cast<std::string*>(out);
  if (n < 4 && e->desc != nullptr) {
    *text += n == 0 ? ": " : "; ";
    *text += e->func_name ? std::string(e->func_name) + ": " : std::string();
    *text += e->desc;
  }
  return 0;
}

}  // namespace

std::string h5_error_stack() {
  std::string text;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, collect, &text);
  return text;
}

void silence_h5_errors() { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); }

}  // namespace fourfold::checkpoint::detail

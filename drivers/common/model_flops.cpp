#include "drivers/common/model_flops.hpp"

namespace fourfold {

double model_flops_per_token(double parameters, int layers, int channels, int seq_len) {
  return 6.0 * parameters + 12.0 * layers * channels * static_cast<double>(seq_len);
}

}  // namespace fourfold

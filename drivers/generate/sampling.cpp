#include "drivers/generate/sampling.hpp"

#include "core/error.hpp"
#include "core/hash.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace fourfold {

void validate(const SamplingOptions& o) {
  FF_REQUIRE(std::isfinite(o.temperature) && o.temperature > 0.0, "--temperature {}: expected a positive number",
             o.temperature);
  FF_REQUIRE(o.top_k >= 0, "--top-k {}: expected 0 (every token) or a positive count", o.top_k);
  FF_REQUIRE(o.top_p > 0.0 && o.top_p <= 1.0, "--top-p {}: expected a probability in (0, 1]", o.top_p);
}

int sample_token(const std::vector<float>& logits, const SamplingOptions& o, std::uint64_t step) {
  FF_REQUIRE(!logits.empty(), "sampling from no logits");
  if (o.greedy) return static_cast<int>(std::max_element(logits.begin(), logits.end()) - logits.begin());
  // Candidates by falling logit (ties by id), cut to top_k.
  std::vector<int> order(logits.size());
  std::iota(order.begin(), order.end(), 0);
  const std::size_t k = o.top_k > 0 ? std::min<std::size_t>(static_cast<std::size_t>(o.top_k), order.size()) : order.size();
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k), order.end(),
                    [&](int a, int b) { return logits[a] > logits[b] || (logits[a] == logits[b] && a < b); });
  order.resize(k);
  // Softmax of logits / temperature over the candidates, in double.
  const double largest = logits[order.front()];
  std::vector<double> p(k);
  double sum = 0.0;
  for (std::size_t i = 0; i < k; ++i) sum += p[i] = std::exp((logits[order[i]] - largest) / o.temperature);
  // The smallest prefix whose probability reaches top_p (at least one token).
  std::size_t keep = k;
  if (o.top_p < 1.0) {
    double cumulative = 0.0;
    for (std::size_t i = 0; i < k; ++i) {
      cumulative += p[i] / sum;
      if (cumulative >= o.top_p) {
        keep = i + 1;
        break;
      }
    }
  }
  const double total = std::accumulate(p.begin(), p.begin() + static_cast<std::ptrdiff_t>(keep), 0.0);
  const double u = static_cast<double>(rng::bits(o.seed, 0x6e6578745f746f6bULL, step) >> 11) * (1.0 / 9007199254740992.0);
  double cumulative = 0.0;
  for (std::size_t i = 0; i < keep; ++i) {
    cumulative += p[i] / total;
    if (u < cumulative) return order[i];
  }
  return order[keep - 1];
}

}  // namespace fourfold

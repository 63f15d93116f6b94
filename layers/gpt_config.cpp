#include "layers/gpt_config.hpp"

#include "layers/gpt_tensors.hpp"

#include "core/error.hpp"

namespace fourfold {

void GptConfig::validate() const {
  FF_REQUIRE(max_seq_len > 0, "model max_seq_len = {}: must be positive", max_seq_len);
  FF_REQUIRE(vocab_size > 0, "model vocab_size = {}: must be positive", vocab_size);
  FF_REQUIRE(padded_vocab_size >= vocab_size,
             "model padded_vocab_size = {} is smaller than vocab_size = {}", padded_vocab_size,
             vocab_size);
  FF_REQUIRE(num_layers > 0, "model num_layers = {}: must be positive", num_layers);
  FF_REQUIRE(num_heads > 0, "model num_heads = {}: must be positive", num_heads);
  FF_REQUIRE(channels > 0 && channels % num_heads == 0,
             "model channels = {} must be a positive multiple of num_heads = {}", channels, num_heads);
  // num_parameters() counts in 64-bit integers: dimensions from a file (llm.c header, checkpoint
  // metadata) must not make it overflow. 2^50 parameters is far beyond any model that trains.
  const long double parameters = gpt_parameter_count<long double>(*this);
  FF_REQUIRE(parameters <= 0x1p50L, "model {} has {:.3g} parameters; at most 2^50 are supported", str(),
             static_cast<double>(parameters));
}

long long GptConfig::num_parameters() const { return gpt_parameter_count<long long>(*this); }

std::string GptConfig::str() const {
  return fmt::format("GPT-2 L={} NH={} C={} V={} (padded {}) maxT={}", num_layers, num_heads,
                     channels, vocab_size, padded_vocab_size, max_seq_len);
}

GptConfig GptConfig::gpt2(int depth) {
  GptConfig c;
  c.num_layers = depth;
  switch (depth) {
    case 12: c.num_heads = 12; c.channels = 768; break;
    case 24: c.num_heads = 16; c.channels = 1024; break;
    case 36: c.num_heads = 20; c.channels = 1280; break;
    case 48: c.num_heads = 25; c.channels = 1600; break;
    default: FF_REQUIRE(false, "GPT-2 depth {} unknown; expected 12, 24, 36 or 48", depth);
  }
  return c;
}

}  // namespace fourfold

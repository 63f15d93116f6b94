#include "layers/gpt_config.hpp"

#include "layers/gpt_tensors.hpp"

#include "core/error.hpp"

namespace fourfold {

const char* family_name(ModelFamily family) { return family == ModelFamily::llama ? "llama" : "gpt2"; }

ModelFamily parse_family(const std::string& name) {
  if (name == "gpt2") return ModelFamily::gpt2;
  if (name == "llama") return ModelFamily::llama;
  FF_REQUIRE(false, "model family '{}': expected \"gpt2\" or \"llama\"", name);
  return ModelFamily::gpt2;
}

void validate_rope_scaling(const RopeScaling& s) {
  FF_REQUIRE(s.factor == 0.0 || (s.factor >= 1.0 && s.low_freq_factor > 0.0 && s.high_freq_factor > s.low_freq_factor &&
                                 s.original_max_position > 0),
             "rope_scaling: factor {}, low_freq_factor {}, high_freq_factor {}, original_max_position_embeddings {}: "
             "expected factor >= 1, 0 < low < high, a positive original length",
             s.factor, s.low_freq_factor, s.high_freq_factor, s.original_max_position);
}

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
  FF_REQUIRE(num_kv_heads >= 0 && num_heads % kv_heads() == 0,
             "model num_kv_heads = {} must divide num_heads = {} (each key/value head serves a group of query heads)",
             num_kv_heads, num_heads);
  FF_REQUIRE(intermediate_size >= 0, "model intermediate_size = {}: must be positive (0: 4 channels)", intermediate_size);
  FF_REQUIRE(norm_eps > 0.0f, "model norm_eps = {}: must be positive", norm_eps);
  if (family == ModelFamily::gpt2) {
    // GPT-2's block is fixed: multi-head attention, a 4 C MLP, a tied head, LayerNorm at 1e-5.
    FF_REQUIRE(kv_heads() == num_heads && mlp_hidden() == 4LL * channels && tied_embeddings && norm_eps == 1e-5f,
               "GPT-2 has num_kv_heads = num_heads, intermediate_size = 4 channels, tied embeddings and eps 1e-5; "
               "got {}, {}, {}, {} (family \"llama\" has them free)",
               kv_heads(), mlp_hidden(), tied_embeddings ? "tied" : "untied", norm_eps);
  } else {
    FF_REQUIRE(head_size() % 2 == 0, "Llama head size channels / num_heads = {} / {} = {} must be even (rotary pairs)",
               channels, num_heads, head_size());
    FF_REQUIRE(rope_theta > 1.0, "model rope_theta = {}: must be above 1", rope_theta);
    validate_rope_scaling(rope_scaling);
  }
  // num_parameters() counts in 64-bit integers: dimensions from a file (llm.c header, checkpoint
  // metadata) must not make it overflow. 2^50 parameters is far beyond any model that trains.
  const long double parameters = gpt_parameter_count<long double>(*this);
  FF_REQUIRE(parameters <= 0x1p50L, "model {} has {:.3g} parameters; at most 2^50 are supported", str(),
             static_cast<double>(parameters));
}

long long GptConfig::num_parameters() const { return gpt_parameter_count<long long>(*this); }

std::string GptConfig::str() const {
  if (family == ModelFamily::llama)
    return fmt::format("Llama L={} NH={} KV={} C={} I={} V={} (padded {}) maxT={}{}", num_layers, num_heads, kv_heads(),
                       channels, mlp_hidden(), vocab_size, padded_vocab_size, max_seq_len,
                       tied_embeddings ? " tied" : "");
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

GptConfig GptConfig::llama_like_gpt2(int depth) {
  GptConfig c = gpt2(depth);
  c.family = ModelFamily::llama;
  // Four key/value heads where they divide the heads (as Llama 3 keeps 8 whatever its heads).
  c.num_kv_heads = c.num_heads % 4 == 0 ? 4 : c.num_heads;
  // Llama's MLP width: 2/3 of 4 C, rounded up to a multiple of 256 (2048 for C = 768).
  c.intermediate_size = (8 * c.channels / 3 + 255) / 256 * 256;
  c.tied_embeddings = false;
  c.rope_theta = 10000.0;
  return c;
}

}  // namespace fourfold

#include "layers/gpt_tensors.hpp"

#include "core/error.hpp"

#include <cstdlib>

namespace fourfold {

namespace {
using E = ModelExtent;
constexpr E one{E::one, 1}, C{E::channels, 1}, QKV{E::qkv_features, 1}, MLP_IN{E::mlp_in_features, 1},
    MLP_HIDDEN{E::mlp_hidden, 1}, Vp{E::padded_vocab, 1}, T{E::max_seq_len, 1};
using S = TensorSharding;
using L = BlockLinear;
using I = InitRule;
using G = GptTensor;
using P = Presence;
}  // namespace

const std::array<GptTensorSpec, gpt_tensor_count>& gpt_tensors() {
  //                     tensor               name                  block  rows    cols        vector sharding          linear        init                decay  presence
  static const std::array<GptTensorSpec, gpt_tensor_count> table{{
      {G::wte,              "wte",                false, Vp,     C,          false, S::vocab_rows,       L::none,      I::normal,          false, P::always},
      {G::wpe,              "wpe",                false, T,      C,          false, S::position_columns, L::none,      I::normal,          false, P::gpt2_only},
      {G::ln_1_weight,      "ln_1.weight",        true,  C,      one,        true,  S::channels_over_x,  L::none,      I::ones,            false, P::always},
      {G::ln_1_bias,        "ln_1.bias",          true,  C,      one,        true,  S::channels_over_x,  L::none,      I::zeros,           false, P::gpt2_only},
      {G::attn_weight,      "attn.c_attn.weight", true,  QKV,    C,          false, S::linear_weight,    L::attn,      I::normal,          true,  P::always},
      {G::attn_bias,        "attn.c_attn.bias",   true,  QKV,    one,        true,  S::linear_bias,      L::attn,      I::zeros,           false, P::gpt2_only},
      {G::attn_proj_weight, "attn.c_proj.weight", true,  C,      C,          false, S::linear_weight,    L::attn_proj, I::normal_residual, true,  P::always},
      {G::attn_proj_bias,   "attn.c_proj.bias",   true,  C,      one,        true,  S::linear_bias,      L::attn_proj, I::zeros,           false, P::gpt2_only},
      {G::ln_2_weight,      "ln_2.weight",        true,  C,      one,        true,  S::channels_over_x,  L::none,      I::ones,            false, P::always},
      {G::ln_2_bias,        "ln_2.bias",          true,  C,      one,        true,  S::channels_over_x,  L::none,      I::zeros,           false, P::gpt2_only},
      {G::fc_weight,        "mlp.c_fc.weight",    true,  MLP_IN, C,          false, S::linear_weight,    L::fc,        I::normal,          true,  P::always},
      {G::fc_bias,          "mlp.c_fc.bias",      true,  MLP_IN, one,        true,  S::linear_bias,      L::fc,        I::zeros,           false, P::gpt2_only},
      {G::fc_proj_weight,   "mlp.c_proj.weight",  true,  C,      MLP_HIDDEN, false, S::linear_weight,    L::fc_proj,   I::normal_residual, true,  P::always},
      {G::fc_proj_bias,     "mlp.c_proj.bias",    true,  C,      one,        true,  S::linear_bias,      L::fc_proj,   I::zeros,           false, P::gpt2_only},
      {G::ln_f_weight,      "ln_f.weight",        false, C,      one,        true,  S::channels_over_x,  L::none,      I::ones,            false, P::always},
      {G::ln_f_bias,        "ln_f.bias",          false, C,      one,        true,  S::channels_over_x,  L::none,      I::zeros,           false, P::gpt2_only},
      {G::lm_head,          "lm_head.weight",     false, Vp,     C,          false, S::vocab_rows,       L::none,      I::normal,          false, P::untied_head},
  }};
  return table;
}

std::string tensor_name(GptTensor t, int layer) {
  const GptTensorSpec& s = spec_of(t);
  return s.per_block ? "h." + std::to_string(layer) + "." + s.name : std::string(s.name);
}

std::pair<GptTensor, int> parse_tensor_name(const std::string& name, int num_layers) {
  std::string rest = name;
  int layer = -1;
  if (name.rfind("h.", 0) == 0) {
    const std::size_t dot = name.find('.', 2);
    char* end = nullptr;
    const long l = dot == std::string::npos ? -1 : std::strtol(name.c_str() + 2, &end, 10);
    FF_REQUIRE(dot != std::string::npos && end == name.c_str() + dot && dot > 2 && l >= 0 && l < num_layers,
               "tensor '{}': expected h.<block>.<name> with a block in [0, {})", name, num_layers);
    layer = static_cast<int>(l);
    rest = name.substr(dot + 1);
  }
  for (const GptTensorSpec& s : gpt_tensors())
    if (rest == s.name && s.per_block == (layer >= 0)) return {s.tensor, layer >= 0 ? layer : 0};
  FF_REQUIRE(false, "'{}' is no GPT-2 parameter", name);
  return {};
}

std::size_t llmc_element_offset(const GptConfig& c, GptTensor t, int layer) {
  std::size_t offset = 0;
  for (const GptTensorSpec& s : gpt_tensors()) {
    if (s.tensor == t) return offset + (s.per_block ? static_cast<std::size_t>(layer) * tensor_elements(s, c) : 0);
    if (!tensor_present(s, c)) continue;
    offset += tensor_elements(s, c) * (s.per_block ? static_cast<std::size_t>(c.num_layers) : 1);
  }
  return offset;
}

}  // namespace fourfold

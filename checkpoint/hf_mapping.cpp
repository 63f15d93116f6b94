#include "checkpoint/hf_mapping.hpp"

#include "checkpoint/hf_gpt2.hpp"
#include "checkpoint/hf_llama.hpp"
#include "core/error.hpp"

namespace fourfold::checkpoint {

GptConfig hf_model_config(const HfFolder& folder) {
  const std::string type = folder.config_string("model_type");
  if (type == "gpt2") return hf_gpt2_config(folder);
  if (type == "llama") return hf_llama_config(folder);
  FF_REQUIRE(false, "Hugging Face model folder '{}': model_type '{}'; fourfold reads 'gpt2' and 'llama'", folder.dir(),
             type);
  return {};
}

HfNaming check_hf_tensors(const HfFolder& folder, const GptConfig& config) {
  if (config.family == ModelFamily::gpt2) return HfNaming{check_hf_gpt2_tensors(folder, config)};
  check_hf_llama_tensors(folder, config);
  return HfNaming{};
}

std::vector<HfPiece> hf_pieces(const GptConfig& config, GptTensor tensor, int layer, const HfNaming& naming) {
  if (config.family == ModelFamily::llama) return hf_llama_pieces(config, tensor, layer);
  const HfGpt2Tensor t = hf_gpt2_tensor(config, tensor, layer, naming.prefix);
  return {HfPiece{t.name, t.shape, 0, t.stored_rows, t.transposed}};
}

HfExportLayout hf_export_layout(const GptConfig& config, ElementType type) {
  const auto last = [](GptTensor t) {
    return t == GptTensor::ln_f_weight || t == GptTensor::ln_f_bias || t == GptTensor::lm_head;
  };
  HfExportLayout layout;
  for (const GptTensorSpec& s : gpt_tensors())
    if (tensor_present(s, config) && !s.per_block && !last(s.tensor)) layout.order.emplace_back(s.tensor, 0);
  for (int l = 0; l < config.num_layers; ++l)
    for (const GptTensorSpec& s : gpt_tensors())
      if (tensor_present(s, config) && s.per_block) layout.order.emplace_back(s.tensor, l);
  for (const GptTensorSpec& s : gpt_tensors())
    if (tensor_present(s, config) && !s.per_block && last(s.tensor)) layout.order.emplace_back(s.tensor, 0);
  const HfNaming naming{config.family == ModelFamily::gpt2 ? "transformer." : ""};
  for (const auto& [tensor, layer] : layout.order) {
    layout.pieces.push_back(hf_pieces(config, tensor, layer, naming));
    for (const HfPiece& piece : layout.pieces.back()) layout.entries.push_back({piece.name, type, piece.shape});
  }
  return layout;
}

std::string hf_config_json(const GptConfig& config, ElementType type) {
  return config.family == ModelFamily::llama ? hf_llama_config_json(config, type) : hf_gpt2_config_json(config, type);
}

}  // namespace fourfold::checkpoint

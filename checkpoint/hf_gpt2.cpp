#include "checkpoint/hf_gpt2.hpp"

#include "core/error.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <set>

namespace fourfold::checkpoint {
namespace {

// GPT-2's LayerNorm epsilon, layers/layernorm.hpp's layernorm_eps (not included: this file is
// host code; hf_model.cpp checks that the two agree).
constexpr float gpt2_layer_norm_epsilon = 1e-5f;

bool is_buffer(const std::string& name, const std::string& prefix) {
  // Hugging Face's GPT-2 keeps its causal mask (attn.bias) and masked_bias as buffers, saved by
  // older versions of transformers; they are not parameters.
  const auto ends_with = [&](const char* tail) {
    const std::string t(tail);
    return name.size() > t.size() && name.compare(name.size() - t.size(), t.size(), t) == 0;
  };
  return name.rfind(prefix + "h.", 0) == 0 && (ends_with(".attn.bias") || ends_with(".attn.masked_bias"));
}

}  // namespace

HfGpt2Tensor hf_gpt2_tensor(const GptConfig& config, GptTensor tensor, int layer, const std::string& prefix) {
  const GptTensorSpec& s = spec_of(tensor);
  HfGpt2Tensor t;
  const bool embedding = tensor == GptTensor::wte || tensor == GptTensor::wpe;
  t.name = prefix + tensor_name(tensor, layer) + (embedding ? ".weight" : "");
  const std::int64_t rows = s.rows.of<std::int64_t>(config), cols = s.cols.of<std::int64_t>(config);
  t.stored_rows = tensor == GptTensor::wte ? config.vocab_size : rows;
  t.transposed = s.sharding == TensorSharding::linear_weight;
  if (s.is_vector) {
    t.shape = {rows};
  } else if (t.transposed) {
    t.shape = {cols, rows};
  } else {
    t.shape = {t.stored_rows, cols};
  }
  return t;
}

GptConfig hf_gpt2_config(const HfFolder& f) {
  const std::string type = f.config_string("model_type");
  FF_REQUIRE(type == "gpt2", "Hugging Face model folder '{}': model_type '{}'; fourfold reads 'gpt2'", f.dir(), type);
  GptConfig c;
  c.channels = f.config_int("n_embd");
  c.num_layers = f.config_int("n_layer");
  c.num_heads = f.config_int("n_head");
  c.vocab_size = f.config_int("vocab_size");
  c.max_seq_len = f.config_int("n_positions");
  // fourfold's own exports record their padding, so that a round trip keeps the model's shape.
  FF_REQUIRE(c.vocab_size > 0 && c.vocab_size <= (1 << 30),
             "Hugging Face model folder '{}': vocab_size {}: expected a positive size up to 2^30", f.dir(), c.vocab_size);
  c.padded_vocab_size = f.config_int("fourfold_padded_vocab_size", padded_vocab_for(c.vocab_size));
  try {
    c.validate();
  } catch (const UserError& e) {
    FF_REQUIRE(false, "Hugging Face model folder '{}': config.json describes no valid GPT-2: {}", f.dir(), e.what());
  }
  // The settings that change what the model computes must be fourfold's.
  if (f.config_has("n_inner")) {
    const int inner = f.config_int("n_inner");
    FF_REQUIRE(inner == 4 * c.channels, "Hugging Face model folder '{}': n_inner {}; fourfold's GPT-2 has 4 n_embd = {}",
               f.dir(), inner, 4 * c.channels);
  }
  if (f.config_has("activation_function")) {
    const std::string act = f.config_string("activation_function");
    FF_REQUIRE(act == "gelu_new" || act == "gelu_pytorch_tanh",
               "Hugging Face model folder '{}': activation_function '{}'; fourfold's GPT-2 computes the tanh GELU "
               "('gelu_new')",
               f.dir(), act);
  }
  const double eps = f.config_number("layer_norm_epsilon", 1e-5);
  FF_REQUIRE(eps > 0.0 && eps < 1.0 && static_cast<float>(eps) == gpt2_layer_norm_epsilon,
             "Hugging Face model folder '{}': layer_norm_epsilon {}; fourfold's GPT-2 computes with 1e-05", f.dir(), eps);
  FF_REQUIRE(f.config_bool("tie_word_embeddings", true),
             "Hugging Face model folder '{}': tie_word_embeddings is false; fourfold's GPT-2 ties its head to wte", f.dir());
  FF_REQUIRE(!f.config_bool("scale_attn_by_inverse_layer_idx", false),
             "Hugging Face model folder '{}': scale_attn_by_inverse_layer_idx is true; fourfold's GPT-2 does not scale "
             "attention by layer",
             f.dir());
  FF_REQUIRE(f.config_bool("scale_attn_weights", true),
             "Hugging Face model folder '{}': scale_attn_weights is false; fourfold's GPT-2 scales by 1/sqrt(head size)",
             f.dir());
  return c;
}

std::string check_hf_gpt2_tensors(const HfFolder& f, const GptConfig& config) {
  const std::string prefix = f.find("transformer.wte.weight").tensor != nullptr ? "transformer." : "";
  std::set<std::string> expected;
  for (const GptTensorSpec& s : gpt_tensors()) {
    if (!tensor_present(s, config)) continue;
    for (int l = 0; l < (s.per_block ? config.num_layers : 1); ++l) {
      const HfGpt2Tensor t = hf_gpt2_tensor(config, s.tensor, l, prefix);
      f.tensor(t.name, t.shape, config.str());
      expected.insert(t.name);
    }
  }
  f.check_nothing_else(
      expected, [&](const std::string& name) { return is_buffer(name, prefix) || name == "lm_head.weight"; },
      config.str() + (prefix.empty() ? "" : " stored with names under 'transformer.'"));
  return prefix;
}

std::string hf_gpt2_config_json(const GptConfig& c, ElementType type) {
  nlohmann::ordered_json j;
  j["architectures"] = {"GPT2LMHeadModel"};
  j["model_type"] = "gpt2";
  j["vocab_size"] = c.vocab_size;
  j["n_positions"] = c.max_seq_len;
  j["n_ctx"] = c.max_seq_len;
  j["n_embd"] = c.channels;
  j["n_layer"] = c.num_layers;
  j["n_head"] = c.num_heads;
  j["n_inner"] = nullptr;
  j["activation_function"] = "gelu_new";
  j["layer_norm_epsilon"] = 1e-5;  // gpt2_layer_norm_epsilon, as Hugging Face writes it
  j["initializer_range"] = 0.02;
  j["attn_pdrop"] = 0.0;  // fourfold trains without dropout
  j["embd_pdrop"] = 0.0;
  j["resid_pdrop"] = 0.0;
  j["scale_attn_weights"] = true;
  j["tie_word_embeddings"] = true;
  if (c.vocab_size == 50257) {  // GPT-2's tokenizer: <|endoftext|> is its last token
    j["bos_token_id"] = 50256;
    j["eos_token_id"] = 50256;
  }
  j["fourfold_padded_vocab_size"] = c.padded_vocab_size;  // transformers keeps unknown keys as they are
  j["torch_dtype"] = type == ElementType::bf16 ? "bfloat16" : type == ElementType::f16 ? "float16" : "float32";
  return j.dump(2);
}

}  // namespace fourfold::checkpoint

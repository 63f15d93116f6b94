#include "checkpoint/hf_llama.hpp"

#include "core/error.hpp"

#include <nlohmann/json.hpp>

#include <set>
#include <string>

namespace fourfold::checkpoint {
namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

std::vector<HfPiece> hf_llama_pieces(const GptConfig& c, GptTensor tensor, int layer) {
  using T = GptTensor;
  const std::int64_t C = c.channels, V = c.vocab_size, I = c.mlp_hidden(), hs = c.head_size();
  const std::int64_t q_rows = c.num_heads * hs, kv_rows = c.kv_heads() * hs;
  const std::string block = "model.layers." + std::to_string(layer) + ".";
  switch (tensor) {
    case T::wte:
      return {{"model.embed_tokens.weight", {V, C}, 0, V}};
    case T::ln_1_weight:
      return {{block + "input_layernorm.weight", {C}, 0, C}};
    case T::attn_weight:
      return {{block + "self_attn.q_proj.weight", {q_rows, C}, 0, q_rows},
              {block + "self_attn.k_proj.weight", {kv_rows, C}, q_rows, kv_rows},
              {block + "self_attn.v_proj.weight", {kv_rows, C}, q_rows + kv_rows, kv_rows}};
    case T::attn_proj_weight:
      return {{block + "self_attn.o_proj.weight", {C, q_rows}, 0, C}};
    case T::ln_2_weight:
      return {{block + "post_attention_layernorm.weight", {C}, 0, C}};
    case T::fc_weight:
      return {{block + "mlp.gate_proj.weight", {I, C}, 0, I}, {block + "mlp.up_proj.weight", {I, C}, I, I}};
    case T::fc_proj_weight:
      return {{block + "mlp.down_proj.weight", {C, I}, 0, C}};
    case T::ln_f_weight:
      return {{"model.norm.weight", {C}, 0, C}};
    case T::lm_head:
      return {{"lm_head.weight", {V, C}, 0, V}};
    default:
      FF_REQUIRE(false, "{} has no tensor {}", c.str(), spec_of(tensor).name);
  }
  return {};
}

GptConfig hf_llama_config(const HfFolder& f) {
  const HfConfigObject& j = f.config();
  const std::string type = j.string("model_type");
  FF_REQUIRE(type == "llama", "Hugging Face model folder '{}': model_type '{}'; expected 'llama'", f.dir(), type);
  GptConfig c;
  c.family = ModelFamily::llama;
  c.channels = j.integer("hidden_size");
  c.intermediate_size = j.integer("intermediate_size");
  c.num_layers = j.integer("num_hidden_layers");
  c.num_heads = j.integer("num_attention_heads");
  c.num_kv_heads = j.integer("num_key_value_heads", c.num_heads);
  c.vocab_size = j.integer("vocab_size");
  c.max_seq_len = j.integer("max_position_embeddings");
  const double eps = j.number("rms_norm_eps", 1e-6);
  FF_REQUIRE(eps > 0.0 && eps < 1.0, "Hugging Face model folder '{}': rms_norm_eps {} (expected in (0, 1))", f.dir(), eps);
  c.norm_eps = static_cast<float>(eps);
  c.rope_theta = j.number("rope_theta", 10000.0);
  c.tied_embeddings = j.boolean("tie_word_embeddings", false);
  FF_REQUIRE(c.vocab_size > 0 && c.vocab_size <= (1 << 30),
             "Hugging Face model folder '{}': vocab_size {}: expected a positive size up to 2^30", f.dir(), c.vocab_size);
  // fourfold's own exports record their padding; others are padded to a multiple of 128.
  c.padded_vocab_size = j.integer("fourfold_padded_vocab_size", padded_vocab_for(c.vocab_size));
  if (const auto scaling = j.object("rope_scaling")) {
    const std::string rope_type = scaling->string("rope_type", scaling->string("type", "default"));
    FF_REQUIRE(rope_type == "llama3" || rope_type == "default",
               "Hugging Face model folder '{}': rope_scaling of type '{}'; fourfold computes Llama 3.1's ('llama3')",
               f.dir(), rope_type);
    if (rope_type == "llama3") {
      c.rope_scaling.factor = scaling->number("factor");
      c.rope_scaling.low_freq_factor = scaling->number("low_freq_factor");
      c.rope_scaling.high_freq_factor = scaling->number("high_freq_factor");
      c.rope_scaling.original_max_position = scaling->integer("original_max_position_embeddings");
    }
  }
  try {
    c.validate();
  } catch (const UserError& e) {
    FF_REQUIRE(false, "Hugging Face model folder '{}': config.json describes no valid Llama: {}", f.dir(), e.what());
  }
  // The settings that change what the model computes must be fourfold's.
  const std::string act = j.string("hidden_act", "silu");
  FF_REQUIRE(act == "silu", "Hugging Face model folder '{}': hidden_act '{}'; fourfold's Llama computes SwiGLU ('silu')",
             f.dir(), act);
  FF_REQUIRE(!j.boolean("attention_bias", false) && !j.boolean("mlp_bias", false),
             "Hugging Face model folder '{}': attention_bias or mlp_bias is true; fourfold's Llama has no biases", f.dir());
  const int head_dim = j.integer("head_dim", c.head_size());
  FF_REQUIRE(head_dim == c.head_size(),
             "Hugging Face model folder '{}': head_dim {} differs from hidden_size / num_attention_heads = {}", f.dir(),
             head_dim, c.head_size());
  return c;
}

void check_hf_llama_tensors(const HfFolder& f, const GptConfig& config) {
  std::set<std::string> expected;
  for (const GptTensorSpec& s : gpt_tensors()) {
    if (!tensor_present(s, config)) continue;
    for (int l = 0; l < (s.per_block ? config.num_layers : 1); ++l) {
      for (const HfPiece& piece : hf_llama_pieces(config, s.tensor, l)) {
        f.tensor(piece.name, piece.shape, config.str());
        expected.insert(piece.name);
      }
    }
  }
  // Older exports saved the rotary frequencies as a buffer; a tied head may be stored too.
  f.check_nothing_else(
      expected,
      [&](const std::string& name) {
        return ends_with(name, ".rotary_emb.inv_freq") || (name == "lm_head.weight" && config.tied_embeddings);
      },
      config.str());
}

std::string hf_llama_config_json(const GptConfig& c, ElementType type) {
  nlohmann::ordered_json j;
  j["architectures"] = {"LlamaForCausalLM"};
  j["model_type"] = "llama";
  j["vocab_size"] = c.vocab_size;
  j["hidden_size"] = c.channels;
  j["intermediate_size"] = c.mlp_hidden();
  j["num_hidden_layers"] = c.num_layers;
  j["num_attention_heads"] = c.num_heads;
  j["num_key_value_heads"] = c.kv_heads();
  j["head_dim"] = c.head_size();
  j["hidden_act"] = "silu";
  j["max_position_embeddings"] = c.max_seq_len;
  // The shortest decimal that reads back as the same float (1e-05, not 9.99999974737875e-06).
  j["rms_norm_eps"] = std::stod(fmt::format("{}", c.norm_eps));
  j["rope_theta"] = c.rope_theta;
  if (c.rope_scaling.factor > 0.0) {
    j["rope_scaling"] = {{"rope_type", "llama3"},
                         {"factor", c.rope_scaling.factor},
                         {"low_freq_factor", c.rope_scaling.low_freq_factor},
                         {"high_freq_factor", c.rope_scaling.high_freq_factor},
                         {"original_max_position_embeddings", c.rope_scaling.original_max_position}};
  } else {
    j["rope_scaling"] = nullptr;
  }
  j["attention_bias"] = false;
  j["mlp_bias"] = false;
  j["tie_word_embeddings"] = c.tied_embeddings;
  j["initializer_range"] = 0.02;
  j["fourfold_padded_vocab_size"] = c.padded_vocab_size;  // transformers keeps unknown keys as they are
  j["torch_dtype"] = type == ElementType::bf16 ? "bfloat16" : type == ElementType::f16 ? "float16" : "float32";
  return j.dump(2);
}

}  // namespace fourfold::checkpoint

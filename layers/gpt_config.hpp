// The model's dimensions and family. GPT-2: the six numbers of the llm.c checkpoint header.
// Llama: those (positions, vocabulary, layers, heads, channels) and Hugging Face's
// num_key_value_heads, intermediate_size, rms_norm_eps, rope_theta, tie_word_embeddings and
// rope_scaling. One struct for both, so that the tensor table, the parameter layout, the
// checkpoint metadata and the planner read one description.
#pragma once

#include <string>

namespace fourfold {

enum class ModelFamily { gpt2, llama };

/// "gpt2" / "llama".
const char* family_name(ModelFamily family);
/// The family a name denotes; UserError naming the name and the known families.
ModelFamily parse_family(const std::string& name);

/// Llama 3.1's scaling of the rotary frequencies (transformers' rope_type "llama3"); factor 0:
/// none. Read by layers/rotary.hpp.
struct RopeScaling {
  double factor = 0.0;
  double low_freq_factor = 1.0;
  double high_freq_factor = 4.0;
  int original_max_position = 8192;
};

/// UserError naming the values unless `scaling` is none (factor 0) or a valid Llama 3.1 scaling
/// (factor >= 1, 0 < low_freq_factor < high_freq_factor, a positive original length).
void validate_rope_scaling(const RopeScaling& scaling);

inline bool operator==(const RopeScaling& a, const RopeScaling& b) {
  return a.factor == b.factor && a.low_freq_factor == b.low_freq_factor && a.high_freq_factor == b.high_freq_factor &&
         a.original_max_position == b.original_max_position;
}

struct GptConfig {
  int max_seq_len = 1024;         // maxT: rows of the position embedding (Llama: the rotary table)
  int vocab_size = 50257;         // V: real tokens
  int padded_vocab_size = 50304;  // Vp >= V: rows of the token embedding (padded rows never count)
  int num_layers = 12;            // L
  int num_heads = 12;             // NH: query heads
  int channels = 768;             // C

  ModelFamily family = ModelFamily::gpt2;
  int num_kv_heads = 0;          // key/value heads (grouped-query attention); 0: num_heads
  int intermediate_size = 0;     // the MLP's hidden width; 0: 4 C (GPT-2)
  float norm_eps = 1e-5f;        // LayerNorm's (GPT-2) or RMSNorm's epsilon
  double rope_theta = 10000.0;   // rotary base (Llama)
  bool tied_embeddings = true;   // the LM head is the token embedding (GPT-2 always)
  RopeScaling rope_scaling;      // Llama 3.1

  // Derived sizes, computed in T (long long, or long double where a size from a file is checked)
  // so that dimensions read from outside data cannot overflow them.
  int kv_heads() const { return num_kv_heads > 0 ? num_kv_heads : num_heads; }
  int head_size() const { return channels / num_heads; }
  template <typename T = long long>
  T mlp_hidden() const {
    return intermediate_size > 0 ? T(intermediate_size) : T(4) * T(channels);
  }
  /// Rows of the fused query/key/value weight: (NH + 2 KV) head_size (3 C without GQA).
  template <typename T = long long>
  T qkv_features() const {
    return (T(num_heads) + T(2) * T(kv_heads())) * T(head_size());
  }
  /// Rows of the MLP's first weight: its hidden width (GPT-2), gate and up fused (Llama: 2 I).
  template <typename T = long long>
  T mlp_in_features() const {
    return family == ModelFamily::llama ? T(2) * mlp_hidden<T>() : mlp_hidden<T>();
  }

  /// Checks internal consistency (positive sizes, V <= Vp, C divisible by NH, KV dividing NH, an
  /// even head size for the rotary pairs, GPT-2's fixed settings), naming the value.
  void validate() const;
  /// Parameters of the global model (a tied embedding counted once, padded rows included).
  long long num_parameters() const;
  std::string str() const;

  /// GPT-2 124M / 350M / 774M / 1558M (llm.c's d12, d24, d36, d48).
  static GptConfig gpt2(int depth);
  /// A Llama of GPT-2's depth, width, heads, vocabulary and context (for comparing the two
  /// families at one size): four key/value heads where 4 divides the heads, the MLP
  /// width Llama's 8/3 C rounded up to a multiple of 256, an untied head.
  static GptConfig llama_like_gpt2(int depth);
};

inline bool operator==(const GptConfig& a, const GptConfig& b) {
  return a.max_seq_len == b.max_seq_len && a.vocab_size == b.vocab_size &&
         a.padded_vocab_size == b.padded_vocab_size && a.num_layers == b.num_layers &&
         a.num_heads == b.num_heads && a.channels == b.channels && a.family == b.family &&
         a.kv_heads() == b.kv_heads() && a.mlp_hidden() == b.mlp_hidden() && a.norm_eps == b.norm_eps &&
         a.rope_theta == b.rope_theta && a.tied_embeddings == b.tied_embeddings && a.rope_scaling == b.rope_scaling;
}

}  // namespace fourfold

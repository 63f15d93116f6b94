// GPT-2 model dimensions (the llm.c checkpoint header carries the same six numbers).
#pragma once

#include <string>

namespace fourfold {

struct GptConfig {
  int max_seq_len = 1024;         // maxT: rows of the position embedding
  int vocab_size = 50257;         // V: real tokens
  int padded_vocab_size = 50304;  // Vp >= V: rows of the token embedding (padded rows never count)
  int num_layers = 12;            // L
  int num_heads = 12;             // NH
  int channels = 768;             // C

  /// Checks internal consistency (positive sizes, V <= Vp, C divisible by NH), naming the value.
  void validate() const;
  /// Parameters of the global model (tied embedding counted once, padded rows included).
  long long num_parameters() const;
  std::string str() const;

  /// GPT-2 124M / 350M / 774M / 1558M (llm.c's d12, d24, d36, d48).
  static GptConfig gpt2(int depth);
};

inline bool operator==(const GptConfig& a, const GptConfig& b) {
  return a.max_seq_len == b.max_seq_len && a.vocab_size == b.vocab_size &&
         a.padded_vocab_size == b.padded_vocab_size && a.num_layers == b.num_layers &&
         a.num_heads == b.num_heads && a.channels == b.channels;
}

}  // namespace fourfold

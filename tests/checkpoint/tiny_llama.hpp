// The tiny Llama of the Hugging Face acceptance runs, shared by the tests that write it: 2 layers,
// hidden 64, 4 heads sharing 2 key/value heads, intermediate 176, vocabulary 256, untied, context 128.
#pragma once

#include "layers/gpt_config.hpp"

namespace fourfold::test {

inline GptConfig tiny_llama() {
  GptConfig c;
  c.family = ModelFamily::llama;
  c.num_layers = 2;
  c.channels = 64;
  c.num_heads = 4;
  c.num_kv_heads = 2;
  c.intermediate_size = 176;
  c.vocab_size = c.padded_vocab_size = 256;
  c.max_seq_len = 128;
  c.norm_eps = 1e-5f;
  c.rope_theta = 10000.0;
  c.tied_embeddings = false;
  return c;
}

}  // namespace fourfold::test

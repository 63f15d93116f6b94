// fourfold-bench model: forward + backward (+ gradient sync) time of a step of GPT-2, or of a
// Llama of the same depth and width (GptConfig::llama_like_gpt2), on a grid, with the share spent
// in GEMMs; one JSON object per line (rank 0).
#pragma once

#include <string>

namespace fourfold {
class Runtime;

struct ModelBenchOptions {
  std::string grid;         // "" = all ranks along data
  std::string comm = "auto";  // collective backend for device memory: auto, nccl, mpi
  std::string family = "gpt2";  // model families, comma-separated: each timed in turn (gpt2, llama)
  int depth = 12;           // GPT-2 depth: 12 (124M), 24, 36, 48 (a Llama of that size)
  int layers = 0;           // >0 overrides the number of layers of that depth's width
  int batch = 4;            // global sequences per step
  int seq_len = 64;         // tokens per sequence
  int warmup = 1;           // untimed steps
  int steps = 3;            // timed steps
  bool count_syncs = false; // count host synchronisations of whole optimizer steps instead
  std::string recompute = "none";  // recompute modes, comma-separated: each timed in turn, in this process
  long loss_chunk_tokens = 0;      // rows of logits per chunk; 0 = 64 MiB of them
  bool sequence_shard = false;     // the norm region's rows over Y (layers/sequence_shard.hpp)
};

int run_model_bench(Runtime& runtime, const ModelBenchOptions& options);

}  // namespace fourfold

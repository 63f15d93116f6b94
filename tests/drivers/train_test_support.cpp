#include "train_test_support.hpp"

#include "core/rng.hpp"
#include "drivers/train/token_shards.hpp"
#include "test_env.hpp"

#include <mpi.h>

namespace fourfold::test {

const std::string& learnable_corpus() {
  static const std::string path = [] {
    const std::string p = scratch_dir() + "/learnable_tokens.bin";
    if (runtime().world_rank() == 0) {
      // A noisy repeating pattern over 64 symbols.
      std::vector<std::uint32_t> tokens(30000);
      for (std::size_t i = 0; i < tokens.size(); ++i)
        tokens[i] = static_cast<std::uint32_t>((i * 7 + (i / 13) % 5) % 64);
      write_token_shard(p, tokens);
    }
    MPI_Barrier(world());
    return p;
  }();
  return path;
}

TrainConfig tiny_train_config(const comm::GridShape& grid, long steps, const std::string& out) {
  TrainConfig c;
  c.model.num_layers = 2;
  c.model.num_heads = 4;
  c.model.channels = 32;
  c.model.vocab_size = 64;
  c.model.padded_vocab_size = 64;
  c.model.max_seq_len = 32;
  c.grid = grid;
  c.steps = steps;
  c.batch_size = 8;
  c.micro_batch_size = 8;
  c.seq_len = 16;
  c.lr = 3e-3;
  c.min_lr = 3e-4;
  c.warmup_steps = 2;
  c.schedule = Schedule::cosine;
  c.beta1 = 0.9;
  c.beta2 = 0.95;
  c.eps = 1e-8;
  c.weight_decay = 0.1;
  c.grad_clip = 1.0;
  c.seed = 11;
  c.train_data = learnable_corpus();
  c.order = DataOrder::sequential;
  c.val_batches = 1;
  c.checkpoint_keep = 3;
  c.out_dir = out;
  c.log_every = 1000;
  c.peak_gflops = 1.0;
  c.gemm_efficiency = false;  // no start-up measurement in tests
  return c;
}

void fill_distinct_tokens(TokenBatches& batches, const comm::Grid& grid, std::size_t rows) {
  const int row_group = grid.coords().data * grid.shape().z + grid.coords().z;
  for (int k = 0; k < batches.batches(); ++k)
    for (std::size_t i = 0; i < rows; ++i) {
      batches.tokens(k)[i] = static_cast<int>(rng::bits(7, 100 * k + row_group, i) % 61);
      batches.targets(k)[i] = static_cast<int>(rng::bits(8, 100 * k + row_group, i) % 61);
    }
}

}  // namespace fourfold::test

#include "checkpoint/hf_model.hpp"

#include "checkpoint/hf_gpt2.hpp"
#include "checkpoint/parameter_fill.hpp"
#include "core/error.hpp"
#include "core/profiling.hpp"
#include "layers/layernorm.hpp"

#include <algorithm>

namespace fourfold::checkpoint {

static_assert(layernorm_eps == 1e-5f, "hf_gpt2.cpp reads and writes GPT-2's layer_norm_epsilon as 1e-5");

void load_hf(const HfFolder& folder, Gpt& model) {
  ScopedRegion region("fourfold::checkpoint::load_hf");
  const GptConfig config = hf_gpt2_config(folder);
  FF_REQUIRE(config == model.config(), "Hugging Face model folder '{}' holds {}, but the model is {}", folder.dir(),
             config.str(), model.config().str());
  const std::string prefix = check_hf_gpt2_tensors(folder, config);
  const ParamInfo* current = nullptr;  // the tensor the last run belonged to, and where it is stored
  HfGpt2Tensor t;
  HfTensor stored;
  fill_parameter_runs(model, "fourfold::load_hf: parameters", [&](const ParamInfo& p, const ParamRun& run, float* out) {
    if (&p != current) {
      current = &p;
      t = hf_gpt2_tensor(config, static_cast<GptTensor>(p.tensor), p.layer, prefix);
      stored = folder.tensor(t.name);
    }
    const std::size_t cols = p.is_vector ? p.rows : p.cols;
    const std::size_t rows = p.is_vector ? 1 : p.rows;
    // A run may cross rows of fourfold's (rows, cols): read it row segment by row segment.
    for (std::size_t done = 0; done < run.length;) {
      const std::size_t element = run.global_offset + done;
      const std::size_t r = element / cols, c = element % cols;
      const std::size_t length = std::min(run.length - done, cols - c);
      if (static_cast<std::int64_t>(r) >= t.stored_rows) {
        std::fill(out + done, out + done + length, 0.0f);  // a padded vocabulary row
      } else if (t.transposed) {
        // fourfold's (r, c..) is the stored (in, out) tensor's column r, rows c..: stride rows.
        stored.file->read_elements(*stored.tensor, c * rows + r, length, rows, out + done);
      } else {
        stored.file->read_elements(*stored.tensor, r * cols + c, length, 1, out + done);
      }
      done += length;
    }
  });
}

}  // namespace fourfold::checkpoint

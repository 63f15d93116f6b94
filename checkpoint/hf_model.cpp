#include "checkpoint/hf_model.hpp"

#include "checkpoint/hf_gpt2.hpp"
#include "checkpoint/hf_mapping.hpp"
#include "checkpoint/parameter_fill.hpp"
#include "core/error.hpp"
#include "core/profiling.hpp"
#include "layers/layernorm.hpp"

#include <algorithm>

namespace fourfold::checkpoint {

static_assert(layernorm_eps == 1e-5f, "hf_gpt2.cpp reads and writes GPT-2's layer_norm_epsilon as 1e-5");

void load_hf(const HfFolder& folder, Gpt& model) {
  ScopedRegion region("fourfold::checkpoint::load_hf");
  const GptConfig config = hf_model_config(folder);
  FF_REQUIRE(config == model.config(), "Hugging Face model folder '{}' holds {}, but the model is {}", folder.dir(),
             config.str(), model.config().str());
  const HfNaming naming = check_hf_tensors(folder, config);
  // The tensor the last run belonged to, its stored pieces and their files.
  const ParamInfo* current = nullptr;
  std::vector<HfPiece> pieces;
  std::vector<HfTensor> stored;
  fill_parameter_runs(model, "fourfold::load_hf: parameters", [&](const ParamInfo& p, const ParamRun& run, float* out) {
    if (&p != current) {
      current = &p;
      pieces = hf_pieces(config, static_cast<GptTensor>(p.tensor), p.layer, naming);
      stored.clear();
      for (const HfPiece& piece : pieces) stored.push_back(folder.tensor(piece.name));
    }
    const std::size_t cols = p.is_vector ? p.rows : p.cols;
    const std::size_t rows = p.is_vector ? 1 : p.rows;
    // A run may cross rows of fourfold's (rows, cols): read it row segment by row segment, each
    // from the piece that stores its row.
    for (std::size_t done = 0; done < run.length;) {
      const std::size_t element = run.global_offset + done;
      const std::size_t r = element / cols, c = element % cols;
      const std::size_t length = std::min(run.length - done, cols - c);
      const auto row = static_cast<std::int64_t>(r);
      const auto holder = std::find_if(pieces.begin(), pieces.end(), [&](const HfPiece& piece) {
        return row >= piece.first_row && row < piece.first_row + piece.rows;
      });
      if (holder == pieces.end()) {
        std::fill(out + done, out + done + length, 0.0f);  // a padded vocabulary row
      } else {
        const HfTensor& t = stored[static_cast<std::size_t>(holder - pieces.begin())];
        const std::size_t piece_row = static_cast<std::size_t>(row - holder->first_row);
        if (holder->transposed) {
          // fourfold's (r, c..) is the stored (in, out) tensor's column r, rows c..: stride rows.
          t.file->read_elements(*t.tensor, c * rows + piece_row, length, rows, out + done);
        } else {
          t.file->read_elements(*t.tensor, piece_row * cols + c, length, 1, out + done);
        }
      }
      done += length;
    }
  });
}

}  // namespace fourfold::checkpoint

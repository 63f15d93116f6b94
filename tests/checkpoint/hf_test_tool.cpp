// A helper of the Hugging Face script tests (test_llama_hf.sh), standing in for what a user brings
// from elsewhere:
//   hf_test_tool make-llama OUTDIR
//     a tiny random Llama as transformers would save it (LlamaForCausalLM, F32): 2 layers, hidden
//     64, 4 heads sharing 2 key/value heads, intermediate 176, vocabulary 256, untied head,
//     context 128; weights normal(0, 0.02) as transformers initialises them (RMSNorm weights 1),
//     drawn from a fixed seed;
//   hf_test_tool matches CHECKPOINT HFDIR
//     whether every tensor of the checkpoint equals the folder's (assembled from the folder's
//     Hugging Face tensors, compared through the checkpoint's own checksums): exit 0 when all do,
//     1 naming each that differs.
#include "checkpoint/checkpoint_file.hpp"
#include "checkpoint/hf_mapping.hpp"
#include "core/error.hpp"
#include "tiny_llama.hpp"

#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace fourfold;
using namespace fourfold::checkpoint;

int make_llama(const std::string& dir) {
  const GptConfig c = test::tiny_llama();
  const HfExportLayout layout = hf_export_layout(c, ElementType::f32);
  const std::vector<SafetensorsEntry>& entries = layout.entries;
  std::vector<bool> norm;  // per entry: a norm weight (ones)
  for (std::size_t t = 0; t < layout.order.size(); ++t)
    norm.insert(norm.end(), layout.pieces[t].size(), spec_of(layout.order[t].first).init == InitRule::ones);
  HfFolderWriter writer(dir, hf_config_json(c, ElementType::f32), entries);
  std::mt19937_64 engine(20241205);
  std::normal_distribution<float> normal(0.0f, 0.02f);
  std::vector<float> values;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    values.resize(static_cast<std::size_t>(entries[i].elements()));
    for (float& v : values) v = norm[i] ? 1.0f : normal(engine);
    writer.write(values.data());
  }
  writer.finish();
  std::printf("wrote %s: %s\n", dir.c_str(), c.str().c_str());
  return 0;
}

int matches(const std::string& ckpt, const std::string& dir) {
  const CheckpointMeta meta = read_checkpoint_meta(ckpt);
  const HfFolder folder(dir);
  const GptConfig config = hf_model_config(folder);
  FF_REQUIRE(config == meta.model, "'{}' holds {}, '{}' holds {}", dir, config.str(), ckpt, meta.model.str());
  const HfNaming naming = check_hf_tensors(folder, config);
  int differ = 0;
  for (const TensorRecord& record : meta.tensors) {
    const auto [tensor, layer] = parse_tensor_name(record.name, config.num_layers);
    const GptTensorSpec& s = spec_of(tensor);
    const std::size_t rows = s.rows.of<std::size_t>(config), cols = s.cols.of<std::size_t>(config);
    std::vector<float> values(rows * cols, 0.0f), stored;  // the padded vocabulary rows stay zero
    for (const HfPiece& piece : hf_pieces(config, tensor, layer, naming)) {
      const HfTensor t = folder.tensor(piece.name);
      stored.resize(static_cast<std::size_t>(t.tensor->elements()));
      t.file->read_all(*t.tensor, stored.data());
      for (std::size_t r = 0; r < static_cast<std::size_t>(piece.rows); ++r)
        for (std::size_t c = 0; c < cols; ++c)
          values[(piece.first_row + r) * cols + c] = piece.transposed ? stored[c * rows + r] : stored[r * cols + c];
    }
    if (checksum_part(values.data(), 0, values.size()) != record.checksum) {
      std::printf("differs: %s\n", record.name.c_str());
      ++differ;
    }
  }
  std::printf("%zu tensors compared, %d differ\n", meta.tensors.size(), differ);
  return differ == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "make-llama" && argc == 3) return make_llama(argv[2]);
    if (mode == "matches" && argc == 4) return matches(argv[2], argv[3]);
    std::fprintf(stderr, "usage: hf_test_tool make-llama OUTDIR | matches CHECKPOINT HFDIR\n");
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hf_test_tool: %s\n", e.what());
    return 1;
  }
}

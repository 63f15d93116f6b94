#include "drivers/eval/model_source.hpp"

#include "checkpoint/checkpoint_file.hpp"
#include "checkpoint/hf_mapping.hpp"
#include "checkpoint/hf_model.hpp"
#include "checkpoint/llmc.hpp"
#include "checkpoint/llmc_header.hpp"
#include "core/error.hpp"
#include "layers/gpt.hpp"

#include <filesystem>

namespace fourfold {

void ModelSource::validate() const {
  FF_REQUIRE(checkpoint.empty() != init_from.empty(),
             "name the model with --checkpoint FILE.h5 or --init-from PATH (one of them; got {})",
             checkpoint.empty() ? "neither" : "both");
}

std::string ModelSource::describe() const {
  if (!checkpoint.empty()) return "checkpoint " + checkpoint;
  if (std::filesystem::is_directory(init_from)) return "Hugging Face folder " + init_from;
  return "llm.c file " + init_from;
}

GptConfig model_config(const ModelSource& source) {
  source.validate();
  if (!source.checkpoint.empty()) return checkpoint::read_checkpoint_meta(source.checkpoint).model;
  if (std::filesystem::is_directory(source.init_from))
    return checkpoint::hf_model_config(checkpoint::HfFolder(source.init_from));
  return checkpoint::read_llmc_header(source.init_from).config;
}

void load_weights(const ModelSource& source, Gpt& model) {
  source.validate();
  if (!source.checkpoint.empty()) {
    checkpoint::read_checkpoint_file(source.checkpoint, model, nullptr);
  } else if (std::filesystem::is_directory(source.init_from)) {
    checkpoint::load_hf(checkpoint::HfFolder(source.init_from), model);
  } else {
    checkpoint::load_llmc(source.init_from, model);
  }
}

}  // namespace fourfold

// Where a program's model comes from, as fourfold-generate and fourfold-eval name it: a fourfold
// checkpoint (--checkpoint FILE.h5) or --init-from a Hugging Face folder or an llm.c .bin file.
// The configuration is read first (to build the model on the grid), the weights into the built
// model after.
#pragma once

#include "layers/gpt_config.hpp"

#include <string>

namespace fourfold {

class Gpt;

struct ModelSource {
  std::string checkpoint;  // a fourfold checkpoint (.h5)
  std::string init_from;   // a Hugging Face folder, or an llm.c weights file
  /// UserError unless exactly one of the two is given.
  void validate() const;
  /// "checkpoint FILE", "Hugging Face folder DIR" or "llm.c file FILE", for messages.
  std::string describe() const;
};

/// The model's configuration, from the checkpoint's metadata, the folder's config.json or the
/// llm.c header.
GptConfig model_config(const ModelSource& source);

/// Reads the weights into `model` (built from model_config(source), on any grid; training or
/// weights-only); collective over the model's grid.
void load_weights(const ModelSource& source, Gpt& model);

}  // namespace fourfold

// Models loaded from Hugging Face folders onto any grid (the folder's format: hf_folder.hpp; the
// GPT-2 and Llama mappings: hf_mapping.hpp). Writing a folder is done from a checkpoint, one tensor at a time
// (checkpoint_file.hpp: export_hf_from_checkpoint).
#pragma once

#include "checkpoint/hf_folder.hpp"
#include "layers/gpt.hpp"

namespace fourfold::checkpoint {

/// Fills this rank's shards of every parameter from the folder: each rank maps the shards and
/// reads only its own runs (GPT-2's Conv1D weights transposed on the way, Llama's q/k/v and
/// gate/up read into their fused tensors, the padded vocabulary rows zero). The folder's model
/// (hf_model_config) must equal the model's (the error lists both), and its tensors must pass
/// check_hf_tensors. A folder that fails part-way leaves the model as it was.
void load_hf(const HfFolder& folder, Gpt& model);

}  // namespace fourfold::checkpoint

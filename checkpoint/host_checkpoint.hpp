// A rank's share of a checkpoint, copied to host memory so that it can be written while training
// goes on ([checkpoint] async): the parameters and both AdamW moments of the tensors whose copy
// this rank owns (owns_copy: the copy at coordinate 0 of every group it is replicated over), the
// training state, and the model's layout, everything a writer needs without touching the model.
//
// Buffers, on a rank: params, m, v (arena) each, in pinned host memory on GPUs so that the copy
// runs at the link's speed. Laid out as the parameter arena; only the owned tensors' ranges
// [offset, offset + size) are filled, since nothing else is written. Allocated once
// (HostCheckpoint::reserve, at set-up) and reused by every save.
#pragma once

#include "checkpoint/format.hpp"
#include "core/execution_context.hpp"
#include "core/types.hpp"
#include "layers/adamw.hpp"
#include "layers/gpt.hpp"

#include <vector>

namespace fourfold::checkpoint {

using PinnedTensor1 = Kokkos::View<float*, Kokkos::LayoutRight, HostPinnedSpace>;

struct HostCheckpoint {
  // What the file records of the model, copied so the writer needs no model.
  GptConfig config;
  comm::GridShape grid;
  comm::GridCoords coords;
  int world_size = 0;
  std::vector<ParamInfo> params;
  bool has_optimizer = false;
  TrainingState state;
  PinnedTensor1 values, m, v;  // (arena) owned tensors' ranges filled; m, v empty without an optimizer

  /// Copies the model's layout and allocates the buffers for `model` (and its optimizer's moments
  /// when with_optimizer) once; a snapshot serves one model.
  void reserve(const Gpt& model, bool with_optimizer);
  std::size_t bytes() const;

  /// Copies the model's (and the optimizer's, when given) owned tensors and `training` into the
  /// buffers (reserved here on first use). The copies are enqueued on `copy_instance` once the
  /// compute instance's work (the optimizer step) is done, and waited for: on return the model
  /// may change. A sharded optimizer's moments are gathered over data first (collective over
  /// model.grid().data()); otherwise nothing here is collective.
  void capture(const Gpt& model, const AdamW* optimizer, const TrainingState& training, const ExecSpace& copy_instance);
};

}  // namespace fourfold::checkpoint

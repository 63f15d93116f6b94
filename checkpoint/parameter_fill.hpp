// Filling a model's parameters from a weight file (llm.c, Hugging Face) on any grid: each rank
// fills only its own runs of each tensor (ParamInfo::runs), into a host copy of its parameter
// arena that goes to the device once at the end, so that a file that fails part-way leaves the
// model as it was. Internal to checkpoint/.
#pragma once

#include "core/sync.hpp"
#include "layers/gpt.hpp"

namespace fourfold::checkpoint {

/// fill(info, run, out) writes run.length values of tensor `info`, global elements
/// [run.global_offset, + run.length), to out. `why` labels the copies.
template <class Fill>
void fill_parameter_runs(Gpt& model, const char* why, const Fill& fill) {
  ExecutionContext& ctx = model.grid().context();
  const ExecSpace& exec = ctx.compute();
  auto host = host_copy(ctx.counters(), exec, model.parameters(), why);
  for (const ParamInfo& p : model.params())
    for (const ParamRun& run : p.runs) fill(p, run, host.data() + p.offset + run.local_offset);
  copy_from_host(ctx.counters(), exec, model.parameters(), host, why);
}

}  // namespace fourfold::checkpoint

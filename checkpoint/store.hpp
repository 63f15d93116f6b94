// A directory of checkpoints with atomic commits: each checkpoint is written as
// step_NNNNNNNN.h5.partial, flushed, closed, fsync'ed and renamed to step_NNNNNNNN.h5; then the
// `latest` pointer is replaced atomically (written aside, fsync'ed, renamed). A process killed
// at any moment leaves the previous checkpoint intact and findable. Retention: the newest
// `keep_last` complete checkpoints stay, and of the older ones those whose step is a multiple of
// `keep_every` (0: none); the rest are removed only after the newer checkpoint is complete and
// its metadata reads back.
//
// Fault injection (tests): FOURFOLD_CHECKPOINT_FAULT="MODE:POINT:STEP" makes the save of step
// STEP stop at POINT (create, tensors, close, rename, latest): MODE kill exits the process at
// once (status 137, as if killed); MODE error makes the save fail with an I/O error.
#pragma once

#include "checkpoint/checkpoint_file.hpp"
#include "comm/communicator.hpp"

#include <string>
#include <vector>

namespace fourfold::checkpoint {

/// Which complete checkpoints a save leaves ([checkpoint] keep_last, keep_every).
struct Retention {
  int keep_last = 2;   // the newest ones, at least 1
  long keep_every = 0; // older ones whose step is a multiple of it are kept too (0: none)
  /// The steps of `complete` (ascending) that retention removes.
  std::vector<long> removed(const std::vector<long>& complete) const;
};

class CheckpointStore {
 public:
  CheckpointStore(std::string directory, Retention retention, const comm::Communicator& world);

  /// Saves atomically (collective). On failure every rank throws, the partial file is removed
  /// and earlier checkpoints are untouched. Returns the checkpoint's path.
  std::string save(const Gpt& model, const AdamW& optimizer, const TrainingState& state);

  /// The newest complete checkpoint ("" when there is none): the highest step_*.h5 (only
  /// complete files carry that name), else what `latest` points to.
  std::string latest() const;
  const std::string& directory() const { return directory_; }

 private:
  std::string directory_;
  Retention retention_;
  const comm::Communicator& world_;
};

}  // namespace fourfold::checkpoint

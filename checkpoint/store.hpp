// A directory of checkpoints with atomic commits: each checkpoint is written as
// step_NNNNNNNN.h5.partial, flushed, closed, fsync'ed and renamed to step_NNNNNNNN.h5; then the
// `latest` pointer is replaced atomically (written aside, fsync'ed, renamed). A process killed
// at any moment leaves the previous checkpoint intact and findable. Retention: the newest
// `keep_last` complete checkpoints stay, and of the older ones those whose step is a multiple of
// `keep_every` (0: none); the rest are removed only after the newer checkpoint is complete and
// its metadata reads back.
//
// Asynchronous saves ([checkpoint] async): save_async copies this rank's share to host memory
// (host_checkpoint.hpp; the only time the step loop stops) and a writer thread writes, commits
// and applies retention exactly as a synchronous save, on a duplicate of the world communicator.
// One save is in flight at most. Its outcome is seen by every rank at the same step: poll() is
// collective (one 4-byte all-reduce) and reports the save once every rank's writer has finished;
// the write's own failure agreement (comm/agree.hpp) gives every rank the same outcome. The writer
// needs MPI_THREAD_MULTIPLE (comm/progress_engine.hpp checks for it the same way).
//
// Fault injection (tests): FOURFOLD_CHECKPOINT_FAULT="MODE:POINT:STEP" makes the save of step
// STEP stop at POINT (create, tensors, close, rename, latest): MODE kill exits the process at
// once (status 137, as if killed); MODE error makes the save fail with an I/O error.
#pragma once

#include "checkpoint/checkpoint_file.hpp"
#include "comm/communicator.hpp"

#include <atomic>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace fourfold::checkpoint {

/// Which complete checkpoints a save leaves ([checkpoint] keep_last, keep_every).
struct Retention {
  int keep_last = 2;   // the newest ones, at least 1
  long keep_every = 0; // older ones whose step is a multiple of it are kept too (0: none)
  /// The steps of `complete` (ascending) that retention removes.
  std::vector<long> removed(const std::vector<long>& complete) const;
};

/// What became of an asynchronous save, the same on every rank.
struct SaveOutcome {
  long step = 0;
  std::string path;   // where it is (when it succeeded)
  double write_s = 0; // the writer thread's time: write, commit, read-back, retention
  std::string error;  // empty when it succeeded
};

class CheckpointStore {
 public:
  CheckpointStore(std::string directory, Retention retention, const comm::Communicator& world);
  /// Waits for a save in flight (never throws; its outcome is lost to the caller).
  ~CheckpointStore();
  CheckpointStore(const CheckpointStore&) = delete;
  CheckpointStore& operator=(const CheckpointStore&) = delete;

  /// Saves atomically (collective). On failure every rank throws, the partial file is removed
  /// and earlier checkpoints are untouched. Returns the checkpoint's path. No save may be in
  /// flight (finish() it first).
  std::string save(const Gpt& model, const AdamW& optimizer, const TrainingState& state);

  /// Set-up for save_async (collective): the writer's communicator, the copy instance and the
  /// host buffers (3 x the parameter arena, pinned on GPUs). False, with nothing set up, where
  /// the MPI library does not give MPI_THREAD_MULTIPLE: saves then stay synchronous.
  bool enable_async(const Gpt& model);
  bool async_enabled() const { return writer_world_.valid(); }
  /// Copies this rank's share to host memory and starts the write in the background; returns the
  /// seconds the caller was stopped. No save may be in flight. Collective only where the optimizer
  /// is sharded (its moments are gathered).
  double save_async(const Gpt& model, const AdamW& optimizer, const TrainingState& state);
  bool in_flight() const { return writer_.joinable(); }
  /// Collective, cheap: the outcome of the save in flight once every rank's writer is done
  /// (joined then), else nothing. Nothing when none is in flight.
  std::optional<SaveOutcome> poll();
  /// Waits for the save in flight (every rank must call it at the same point) and returns its outcome.
  SaveOutcome finish();

  /// The newest complete checkpoint ("" when there is none): the highest step_*.h5 (only
  /// complete files carry that name), else what `latest` points to.
  std::string latest() const;
  const std::string& directory() const { return directory_; }

 private:
  /// Writes, commits and applies retention for `snapshot` on `world` (collective over it).
  void persist(const HostCheckpoint& snapshot, const comm::Communicator& world) const;
  std::string path_of(long step) const;

  std::string directory_;
  Retention retention_;
  const comm::Communicator& world_;
  HostCheckpoint snapshot_;             // reused by every save
  comm::Communicator writer_world_;     // duplicate of world_ for the writer thread (async only)
  const ExecSpace* copy_instance_ = nullptr;  // the device-to-host copies' own instance (async only)
  std::thread writer_;                  // joinable while a save is in flight
  std::atomic<bool> finished_{false};   // set by the writer when it is done
  SaveOutcome outcome_;                 // written by the writer before finished_, read after join
};

}  // namespace fourfold::checkpoint

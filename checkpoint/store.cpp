#include "checkpoint/store.hpp"

#include "comm/agree.hpp"
#include "comm/progress_engine.hpp"
#include "comm/watchdog.hpp"
#include "core/host_wait.hpp"
#include "core/error.hpp"

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fcntl.h>
#include <unistd.h>

namespace fourfold::checkpoint {
namespace {

namespace fs = std::filesystem;
constexpr const char* latest_name = "latest";

void fsync_path(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  FF_REQUIRE(fd >= 0, "cannot open '{}' to flush it to disk: {}", path, std::strerror(errno));
  const int rc = ::fsync(fd);
  const int saved = errno;
  ::close(fd);
  FF_REQUIRE(rc == 0, "flushing '{}' to disk failed: {}", path, std::strerror(saved));
}

void checked_rename(const std::string& from, const std::string& to) {
  FF_REQUIRE(std::rename(from.c_str(), to.c_str()) == 0, "renaming '{}' to '{}' failed: {}", from, to,
             std::strerror(errno));
}

// Step numbers of the complete checkpoints in `dir`, ascending.
std::vector<long> complete_steps(const std::string& dir) {
  std::vector<long> steps;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    const std::string name = entry.path().filename().string();
    long step = 0;
    char tail = 0;
    if (std::sscanf(name.c_str(), "step_%ld.h%c", &step, &tail) == 2 && name.size() == 16 &&
        name.substr(13) == ".h5")
      steps.push_back(step);
  }
  std::sort(steps.begin(), steps.end());
  return steps;
}

std::string file_name(long step) { return fmt::format("step_{:08d}.h5", step); }

// Parses FOURFOLD_CHECKPOINT_FAULT for this step: (mode, point) or empty.
std::pair<std::string, std::string> fault_for(long step) {
  const char* spec = std::getenv("FOURFOLD_CHECKPOINT_FAULT");
  if (spec == nullptr || *spec == '\0') return {};
  const std::string text = spec;
  const auto a = text.find(':'), b = text.rfind(':');
  FF_REQUIRE(a != std::string::npos && b != a,
             "FOURFOLD_CHECKPOINT_FAULT='{}' is not MODE:POINT:STEP (e.g. kill:tensors:4)", text);
  const std::string mode = text.substr(0, a), point = text.substr(a + 1, b - a - 1);
  FF_REQUIRE(mode == "kill" || mode == "error", "FOURFOLD_CHECKPOINT_FAULT mode '{}': expected kill or error", mode);
  if (std::stol(text.substr(b + 1)) != step) return {};
  return {mode, point};
}

}  // namespace

std::vector<long> Retention::removed(const std::vector<long>& complete) const {
  std::vector<long> out;
  const std::size_t last = static_cast<std::size_t>(keep_last);
  for (std::size_t i = 0; i + last < complete.size(); ++i)
    if (keep_every == 0 || complete[i] % keep_every != 0) out.push_back(complete[i]);
  return out;
}

CheckpointStore::CheckpointStore(std::string directory, Retention retention, const comm::Communicator& world)
    : directory_(std::move(directory)), retention_(retention), world_(world) {
  FF_REQUIRE(retention_.keep_last >= 1, "checkpoint.keep_last = {} must be at least 1", retention_.keep_last);
  FF_REQUIRE(retention_.keep_every >= 0, "checkpoint.keep_every = {} must be at least 0 (0: none kept for their step)",
             retention_.keep_every);
}

std::string CheckpointStore::latest() const {
  // Only complete checkpoints carry the final name, so the newest such file is authoritative;
  // the `latest` pointer can lag it by one (a kill between rename and pointer update).
  const auto steps = complete_steps(directory_);
  if (!steps.empty()) return directory_ + "/" + file_name(steps.back());
  std::ifstream pointer(directory_ + "/" + latest_name);
  std::string name;
  if (pointer && std::getline(pointer, name) && !name.empty() && fs::exists(directory_ + "/" + name))
    return directory_ + "/" + name;
  return std::string();
}

CheckpointStore::~CheckpointStore() {
  // A save in flight finishes: its writer thread's collectives need every rank's, and a process
  // that exits with the write half done would leave only its .partial file.
  if (writer_.joinable()) writer_.join();
}

std::string CheckpointStore::save(const Gpt& model, const AdamW& optimizer, const TrainingState& state) {
  FF_REQUIRE(!in_flight(), "CheckpointStore::save of step {} while the save of step {} is in flight: finish() it "
             "first", state.step, outcome_.step);
  snapshot_.capture(model, &optimizer, state, model.grid().context().compute());
  persist(snapshot_, world_);
  return path_of(state.step);
}

std::string CheckpointStore::path_of(long step) const { return directory_ + "/" + file_name(step); }

bool CheckpointStore::enable_async(const Gpt& model) {
  FF_REQUIRE(!writer_world_.valid(), "CheckpointStore::enable_async called twice");
  if (!comm::mpi_thread_multiple()) return false;  // the same answer on every rank (one library)
  // The writer thread's collectives run on a communicator of their own (MPI matches collectives
  // per communicator, so they never pair with the training's), counted apart from the step's.
  writer_world_ = comm::Communicator::duplicate(world_.mpi(), world_.name() + " (checkpoint writer)",
                                                std::make_shared<Counters>());
  copy_instance_ = &model.grid().context().add_communication_instance();
  snapshot_.reserve(model, true);
  return true;
}

double CheckpointStore::save_async(const Gpt& model, const AdamW& optimizer, const TrainingState& state) {
  FF_REQUIRE(writer_world_.valid(), "CheckpointStore::save_async without enable_async");
  FF_REQUIRE(!in_flight(), "CheckpointStore::save_async of step {} while the save of step {} is in flight: finish() "
             "it first", state.step, outcome_.step);
  const auto start = std::chrono::steady_clock::now();
  snapshot_.capture(model, &optimizer, state, *copy_instance_);
  const double blocking = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  outcome_ = SaveOutcome{};
  outcome_.step = state.step;
  outcome_.path = path_of(state.step);
  finished_.store(false, std::memory_order_relaxed);
  writer_ = std::thread([this] {
    unwatch_this_thread();  // the main thread marks its own wait for this one (finish())
    const auto begin = std::chrono::steady_clock::now();
    try {
      persist(snapshot_, writer_world_);
    } catch (const std::exception& e) {
      outcome_.error = e.what();
    } catch (...) {
      outcome_.error = "unknown error";
    }
    outcome_.write_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    finished_.store(true, std::memory_order_release);
  });
  return blocking;
}

std::optional<SaveOutcome> CheckpointStore::poll() {
  if (!in_flight()) return std::nullopt;
  const int mine = finished_.load(std::memory_order_acquire) ? 1 : 0;
  if (comm::all_reduce_value(world_, mine, comm::ReduceOp::min) == 0) return std::nullopt;
  return finish();
}

SaveOutcome CheckpointStore::finish() {
  FF_REQUIRE(in_flight(), "CheckpointStore::finish: no save in flight");
  {
    const comm::BlockedScope waiting("checkpoint write (asynchronous)", &world_.name(), comm::io_timeout_factor);
    writer_.join();
  }
  return outcome_;
}

void CheckpointStore::persist(const HostCheckpoint& snapshot, const comm::Communicator& world) const {
  const bool root = world.rank() == 0;
  const long step = snapshot.state.step;
  const std::string final_path = path_of(step);
  const std::string partial = final_path + ".partial";
  const auto [fault_mode, fault_point] = fault_for(step);
  const SaveHook hook = [&, mode = fault_mode, point = fault_point](const char* at) {
    if (point != at) return;
    if (mode == "kill") {
      std::fflush(stdout);
      std::_Exit(137);
    }
    FF_REQUIRE(false, "injected I/O error at '{}' (FOURFOLD_CHECKPOINT_FAULT)", at);
  };

  comm::together(world, fmt::format("preparing checkpoint directory '{}'", directory_), [&] {
    if (!root) return;
    std::error_code error;
    fs::create_directories(directory_, error);
    FF_REQUIRE(!error, "cannot create '{}': {}", directory_, error.message());
    fs::remove(partial, error);  // left by an earlier killed save of the same step
  });
  try {
    write_checkpoint_file(partial, snapshot, world, hook);
    comm::together(world, fmt::format("committing checkpoint '{}'", final_path), [&] {
      if (!root) return;
      fsync_path(partial);
      hook("rename");
      checked_rename(partial, final_path);
      fsync_path(directory_);
      hook("latest");
      const std::string pointer = directory_ + "/" + latest_name;
      {
        std::ofstream out(pointer + ".partial", std::ios::trunc);
        out << file_name(step) << "\n";
        out.flush();
        FF_REQUIRE(out.good(), "writing '{}.partial' failed: {}", pointer, std::strerror(errno));
      }
      fsync_path(pointer + ".partial");
      checked_rename(pointer + ".partial", pointer);
      fsync_path(directory_);
      // The new checkpoint reads back (its metadata and layout) before retention removes any older one.
      (void)read_checkpoint_meta(final_path);
    });
  } catch (...) {
    if (root) {
      std::error_code ignored;
      fs::remove(partial, ignored);
    }
    throw;
  }
  // Retention, only now that the new checkpoint is complete, pointed to and read back.
  if (root) {
    for (const long old : retention_.removed(complete_steps(directory_))) {
      if (old == step) continue;
      std::error_code ignored;
      fs::remove(directory_ + "/" + file_name(old), ignored);
    }
  }
  world.barrier();
}

}  // namespace fourfold::checkpoint

#include "checkpoint/store.hpp"

#include "comm/agree.hpp"
#include "core/error.hpp"

#include <algorithm>
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

std::string CheckpointStore::save(const Gpt& model, const AdamW& optimizer, const TrainingState& state) {
  const bool root = world_.rank() == 0;
  const std::string final_path = directory_ + "/" + file_name(state.step);
  const std::string partial = final_path + ".partial";
  const auto [fault_mode, fault_point] = fault_for(state.step);
  const SaveHook hook = [&, mode = fault_mode, point = fault_point](const char* at) {
    if (point != at) return;
    if (mode == "kill") {
      std::fflush(stdout);
      std::_Exit(137);
    }
    FF_REQUIRE(false, "injected I/O error at '{}' (FOURFOLD_CHECKPOINT_FAULT)", at);
  };

  comm::together(world_, fmt::format("preparing checkpoint directory '{}'", directory_), [&] {
    if (!root) return;
    std::error_code error;
    fs::create_directories(directory_, error);
    FF_REQUIRE(!error, "cannot create '{}': {}", directory_, error.message());
    fs::remove(partial, error);  // left by an earlier killed save of the same step
  });
  try {
    write_checkpoint_file(partial, model, &optimizer, state, hook);
    comm::together(world_, fmt::format("committing checkpoint '{}'", final_path), [&] {
      if (!root) return;
      fsync_path(partial);
      hook("rename");
      checked_rename(partial, final_path);
      fsync_path(directory_);
      hook("latest");
      const std::string pointer = directory_ + "/" + latest_name;
      {
        std::ofstream out(pointer + ".partial", std::ios::trunc);
        out << file_name(state.step) << "\n";
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
    for (const long step : retention_.removed(complete_steps(directory_))) {
      if (step == state.step) continue;
      std::error_code ignored;
      fs::remove(directory_ + "/" + file_name(step), ignored);
    }
  }
  world_.barrier();
  return final_path;
}

}  // namespace fourfold::checkpoint

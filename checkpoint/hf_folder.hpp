// A Hugging Face model folder, as `from_pretrained` reads and `save_pretrained` writes it:
//   config.json                       the model's family (model_type) and dimensions;
//   model.safetensors                 every tensor, or, past one shard,
//   model-00001-of-0000N.safetensors  the tensors split in order into shards of at most 5 GB, and
//   model.safetensors.index.json      {"metadata": {"total_size": bytes}, "weight_map": {tensor: shard}}.
// Reading opens (maps) every shard and checks that the index and the shards agree; which tensors
// a model needs is the model mapping's business (hf_model.hpp). Host-only (no Kokkos, no MPI).
#pragma once

#include "checkpoint/safetensors.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fourfold::checkpoint {

/// Hugging Face's default shard size ("5GB": decimal gigabytes).
inline constexpr std::uint64_t hf_default_shard_bytes = 5'000'000'000ull;

/// fourfold's padded vocabulary for a Hugging Face vocabulary: rounded up to a multiple of 128,
/// as llm.c pads GPT-2's 50257 to 50304. A folder fourfold exported records its own padding
/// (config.json's fourfold_padded_vocab_size), which its import keeps. UserError unless
/// 0 < vocab_size <= 2^30.
int padded_vocab_for(int vocab_size);

/// A tensor of the folder and the shard that holds it.
struct HfTensor {
  const SafetensorsFile* file = nullptr;
  const SafetensorsTensor* tensor = nullptr;
};

/// Typed reads of one object of a folder's config.json (the whole file, or an object inside it
/// such as rope_scaling). Errors name the folder, the key and what was found.
class HfConfigObject {
 public:
  std::string string(const std::string& key, std::optional<std::string> fallback = std::nullopt) const;
  /// An integer in int's range.
  int integer(const std::string& key, std::optional<int> fallback = std::nullopt) const;
  /// An integer or a float.
  double number(const std::string& key, std::optional<double> fallback = std::nullopt) const;
  bool boolean(const std::string& key, std::optional<bool> fallback = std::nullopt) const;
  /// Present and not null.
  bool has(const std::string& key) const;
  /// The object under `key`; nullopt when absent or null; UserError when it is not an object.
  std::optional<HfConfigObject> object(const std::string& key) const;

 private:
  friend class HfFolder;
  struct Json;
  HfConfigObject(std::shared_ptr<const Json> root, const void* value, std::string where);
  const void* value(const std::string& key) const;  // the member, or nullptr when absent or null
  std::shared_ptr<const Json> root_;  // keeps the parsed file alive
  const void* object_ = nullptr;      // the nlohmann::json object read
  std::string where_;                 // "Hugging Face model folder 'D': config.json's"
};

class HfFolder {
 public:
  /// Reads config.json and opens the weights. UserError naming the folder and the file when
  /// either is missing or bad, when an index names a shard outside the folder, a shard misses a
  /// tensor the index puts there, or a shard holds a tensor the index does not list there.
  explicit HfFolder(const std::string& dir);
  ~HfFolder();
  HfFolder(HfFolder&&) noexcept;
  HfFolder& operator=(HfFolder&&) noexcept;

  const std::string& dir() const { return dir_; }
  /// config.json.
  const HfConfigObject& config() const { return *config_; }
  /// config.json's `key`: a string, or UserError naming the folder, the key and what was found.
  std::string config_string(const std::string& key) const { return config().string(key); }
  /// config.json's integer `key`; `fallback` when absent (UserError when absent without one, or
  /// when it is not an integer in int's range).
  int config_int(const std::string& key, std::optional<int> fallback = std::nullopt) const {
    return config().integer(key, fallback);
  }
  /// config.json's number `key` (an integer or a float); `fallback` when absent.
  double config_number(const std::string& key, std::optional<double> fallback = std::nullopt) const {
    return config().number(key, fallback);
  }
  /// config.json's boolean `key`; `fallback` when absent.
  bool config_bool(const std::string& key, std::optional<bool> fallback = std::nullopt) const {
    return config().boolean(key, fallback);
  }
  bool config_has(const std::string& key) const { return config().has(key); }

  /// The tensor named `name`, or {nullptr, nullptr}.
  HfTensor find(const std::string& name) const;
  /// The tensor named `name`; UserError naming the folder and the tensor when it is missing.
  HfTensor tensor(const std::string& name) const;
  /// The tensor named `name` with the shape `shape` that `model` (its description) gives it;
  /// UserError naming the folder, the shard, the tensor and both shapes otherwise.
  HfTensor tensor(const std::string& name, const std::vector<std::int64_t>& shape, const std::string& model) const;
  /// Refuses any tensor of the folder that is neither in `expected` nor ignorable(name), naming
  /// the folder, the shard, the tensor and `model` (what it is no parameter of).
  void check_nothing_else(const std::set<std::string>& expected, const std::function<bool(const std::string&)>& ignorable,
                          const std::string& model) const;
  /// Every tensor name, in shard order.
  std::vector<std::string> names() const;
  /// The shards, in order.
  const std::vector<SafetensorsFile>& files() const { return files_; }

 private:
  std::string dir_;
  std::unique_ptr<HfConfigObject> config_;  // the parsed config.json
  std::vector<SafetensorsFile> files_;
};

/// Writes a Hugging Face model folder: the tensors into shards of at most `max_shard_bytes`
/// (model.safetensors when one holds them all; a tensor larger than the limit gets a shard of its
/// own, as Hugging Face's writer does), the index when there is more than one, and config.json,
/// written last, with `config_json` as its text. The folder is created if absent; files of an
/// existing model in it (config.json, model*.safetensors, the index) are refused, so nothing saved
/// is overwritten. Tensors are written one at a time, in order; a writer destroyed unfinished
/// removes what it wrote. Move-only.
class HfFolderWriter {
 public:
  HfFolderWriter(const std::string& dir, const std::string& config_json, std::vector<SafetensorsEntry> entries,
                 std::uint64_t max_shard_bytes = hf_default_shard_bytes);
  ~HfFolderWriter();
  HfFolderWriter(HfFolderWriter&&) noexcept;
  HfFolderWriter& operator=(HfFolderWriter&&) noexcept;

  /// The next tensor's fp32 values (entries()[written()].elements() of them).
  void write(const float* values);
  /// After the last tensor: completes the last shard, then writes the index and config.json.
  void finish();
  std::size_t written() const { return next_; }
  const std::vector<SafetensorsEntry>& entries() const { return entries_; }
  /// The shard file names, in order.
  const std::vector<std::string>& shard_names() const { return shard_names_; }

 private:
  void abandon() noexcept;

  std::string dir_, config_json_;
  std::vector<SafetensorsEntry> entries_;
  std::vector<std::size_t> shard_of_;  // entries_[i] goes into shard shard_of_[i]
  std::vector<std::string> shard_names_;
  std::vector<std::string> completed_;  // paths written so far, removed if the folder is abandoned
  SafetensorsWriter shard_;             // the shard being written
  std::size_t next_ = 0;
  bool finished_ = false;
};

}  // namespace fourfold::checkpoint

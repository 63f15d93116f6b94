#include "checkpoint/hf_folder.hpp"

#include "core/error.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>

namespace fourfold::checkpoint {
namespace {

namespace fs = std::filesystem;

constexpr const char* single_file = "model.safetensors";
constexpr const char* index_file = "model.safetensors.index.json";

nlohmann::json read_json(const std::string& path, const std::string& what) {
  std::ifstream in(path);
  FF_REQUIRE(in.good(), "{}: cannot read '{}'", what, path);
  std::stringstream text;
  text << in.rdbuf();
  nlohmann::json json = nlohmann::json::parse(text.str(), nullptr, false);
  FF_REQUIRE(!json.is_discarded() && json.is_object(), "{}: '{}' is not a JSON object", what, path);
  return json;
}

// "model-00002-of-00005.safetensors", as Hugging Face names shards.
std::string shard_name(std::size_t index, std::size_t count) {
  char name[64];
  std::snprintf(name, sizeof name, "model-%05zu-of-%05zu.safetensors", index + 1, count);
  return name;
}

}  // namespace

int padded_vocab_for(int vocab_size) {
  FF_REQUIRE(vocab_size > 0 && vocab_size <= (1 << 30), "vocab_size {}: expected a positive size up to 2^30", vocab_size);
  return (vocab_size + 127) / 128 * 128;
}

struct HfConfigObject::Json {
  nlohmann::json json;
};

HfConfigObject::HfConfigObject(std::shared_ptr<const Json> root, const void* value, std::string where)
    : root_(std::move(root)), object_(value), where_(std::move(where)) {}

const void* HfConfigObject::value(const std::string& key) const {
  const auto& object = *static_cast<const nlohmann::json*>(object_);
  const auto it = object.find(key);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

bool HfConfigObject::has(const std::string& key) const { return value(key) != nullptr; }

std::string HfConfigObject::string(const std::string& key, std::optional<std::string> fallback) const {
  const auto* v = static_cast<const nlohmann::json*>(value(key));
  if (v == nullptr && fallback) return *fallback;
  FF_REQUIRE(v != nullptr && v->is_string(), "{} '{}' is {}; expected a string", where_, key, v ? v->dump() : "missing");
  return v->get<std::string>();
}

int HfConfigObject::integer(const std::string& key, std::optional<int> fallback) const {
  const auto* v = static_cast<const nlohmann::json*>(value(key));
  if (v == nullptr && fallback) return *fallback;
  const bool ok = v != nullptr && v->is_number_integer() &&
                  !(v->is_number_unsigned() && v->get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) &&
                  v->get<std::int64_t>() >= std::numeric_limits<int>::min() &&
                  v->get<std::int64_t>() <= std::numeric_limits<int>::max();
  FF_REQUIRE(ok, "{} '{}' is {}; expected an integer", where_, key, v ? v->dump() : "missing");
  return static_cast<int>(v->get<std::int64_t>());
}

double HfConfigObject::number(const std::string& key, std::optional<double> fallback) const {
  const auto* v = static_cast<const nlohmann::json*>(value(key));
  if (v == nullptr && fallback) return *fallback;
  FF_REQUIRE(v != nullptr && v->is_number(), "{} '{}' is {}; expected a number", where_, key, v ? v->dump() : "missing");
  return v->get<double>();
}

bool HfConfigObject::boolean(const std::string& key, std::optional<bool> fallback) const {
  const auto* v = static_cast<const nlohmann::json*>(value(key));
  if (v == nullptr && fallback) return *fallback;
  FF_REQUIRE(v != nullptr && v->is_boolean(), "{} '{}' is {}; expected true or false", where_, key,
             v ? v->dump() : "missing");
  return v->get<bool>();
}

std::optional<HfConfigObject> HfConfigObject::object(const std::string& key) const {
  const auto* v = static_cast<const nlohmann::json*>(value(key));
  if (v == nullptr) return std::nullopt;
  FF_REQUIRE(v->is_object(), "{} '{}' is {}; expected an object", where_, key, v->dump());
  return HfConfigObject(root_, v, where_ + " '" + key + "':");
}

HfFolder::HfFolder(const std::string& dir) : dir_(dir) {
  const std::string what = "Hugging Face model folder '" + dir + "'";
  FF_REQUIRE(fs::is_directory(dir), "{} is not a directory", what);
  auto root = std::make_shared<HfConfigObject::Json>();
  root->json = read_json(dir + "/config.json", what);
  const void* object = &root->json;
  config_.reset(new HfConfigObject(std::move(root), object, what + ": config.json's"));

  const std::string index_path = dir + "/" + index_file;
  if (!fs::exists(index_path)) {
    FF_REQUIRE(fs::exists(dir + "/" + single_file), "{} holds neither {} nor {}", what, single_file, index_file);
    files_.emplace_back(dir + "/" + single_file);
    return;
  }
  const nlohmann::json index = read_json(index_path, what);
  FF_REQUIRE(index.contains("weight_map") && index["weight_map"].is_object(), "{}: '{}' has no weight_map object", what,
             index_path);
  // The shards the index names (checked to stay inside the folder: an index is outside data),
  // each opened once, in name order (model-00001-of-... first).
  std::map<std::string, std::string> placed;  // tensor -> shard file name
  std::set<std::string> shard_names;
  for (const auto& [tensor, file] : index["weight_map"].items()) {
    FF_REQUIRE(file.is_string(), "{}: '{}' maps tensor '{}' to {}, not a file name", what, index_path, tensor, file.dump());
    const std::string name = file.get<std::string>();
    FF_REQUIRE(!name.empty() && name.find('/') == std::string::npos && name != "." && name != "..",
               "{}: '{}' maps tensor '{}' to '{}', which is not a file of the folder", what, index_path, tensor, name);
    placed[tensor] = name;
    shard_names.insert(name);
  }
  FF_REQUIRE(!shard_names.empty(), "{}: '{}' lists no tensors", what, index_path);
  std::map<std::string, std::size_t> shard_index;
  for (const std::string& name : shard_names) {
    shard_index[name] = files_.size();
    files_.emplace_back(dir + "/" + name);
  }
  for (const auto& [tensor, name] : placed) {
    FF_REQUIRE(files_[shard_index[name]].header().find(tensor) != nullptr,
               "{}: '{}' puts tensor '{}' in '{}', which does not hold it", what, index_path, tensor, name);
  }
  for (const SafetensorsFile& file : files_) {
    const std::string name = fs::path(file.path()).filename().string();
    for (const SafetensorsTensor& t : file.header().tensors) {
      const auto it = placed.find(t.name);
      FF_REQUIRE(it != placed.end() && it->second == name, "{}: shard '{}' holds tensor '{}', which '{}' {}", what, name,
                 t.name, index_file, it == placed.end() ? "does not list" : "puts in '" + it->second + "'");
    }
  }
}

HfFolder::~HfFolder() = default;
HfFolder::HfFolder(HfFolder&&) noexcept = default;
HfFolder& HfFolder::operator=(HfFolder&&) noexcept = default;

HfTensor HfFolder::find(const std::string& name) const {
  for (const SafetensorsFile& file : files_)
    if (const SafetensorsTensor* t = file.header().find(name)) return {&file, t};
  return {};
}

HfTensor HfFolder::tensor(const std::string& name) const {
  const HfTensor t = find(name);
  FF_REQUIRE(t.tensor != nullptr, "Hugging Face model folder '{}' holds no tensor '{}'", dir_, name);
  return t;
}

HfTensor HfFolder::tensor(const std::string& name, const std::vector<std::int64_t>& shape, const std::string& model) const {
  const HfTensor t = tensor(name);
  FF_REQUIRE(t.tensor->shape == shape,
             "Hugging Face model folder '{}': tensor '{}' in '{}' has shape {}, but config.json's model ({}) gives it {}",
             dir_, name, t.file->path(), shape_text(t.tensor->shape), model, shape_text(shape));
  return t;
}

void HfFolder::check_nothing_else(const std::set<std::string>& expected,
                                  const std::function<bool(const std::string&)>& ignorable, const std::string& model) const {
  for (const SafetensorsFile& file : files_)
    for (const SafetensorsTensor& t : file.header().tensors)
      FF_REQUIRE(expected.count(t.name) != 0 || ignorable(t.name),
                 "Hugging Face model folder '{}': '{}' holds the unexpected tensor '{}' (shape {}), which is no parameter "
                 "of {}",
                 dir_, file.path(), t.name, shape_text(t.shape), model);
}

std::vector<std::string> HfFolder::names() const {
  std::vector<std::string> names;
  for (const SafetensorsFile& file : files_)
    for (const SafetensorsTensor& t : file.header().tensors) names.push_back(t.name);
  return names;
}

HfFolderWriter::HfFolderWriter(const std::string& dir, const std::string& config_json,
                               std::vector<SafetensorsEntry> entries, std::uint64_t max_shard_bytes)
    : dir_(dir), config_json_(config_json), entries_(std::move(entries)) {
  FF_REQUIRE(max_shard_bytes > 0, "export to '{}': the shard size must be positive", dir);
  FF_REQUIRE(!entries_.empty(), "export to '{}': no tensors to write", dir);
  // Shards in order, a new one when the next tensor would take the current one past the limit.
  std::uint64_t in_shard = 0;
  std::size_t shards = 0;
  for (const SafetensorsEntry& e : entries_) {
    if (shards == 0 || (in_shard > 0 && in_shard + e.bytes() > max_shard_bytes)) {
      ++shards;
      in_shard = 0;
    }
    in_shard += e.bytes();
    shard_of_.push_back(shards - 1);
  }
  for (std::size_t s = 0; s < shards; ++s) shard_names_.push_back(shards == 1 ? single_file : shard_name(s, shards));

  std::error_code error;
  fs::create_directories(dir, error);
  FF_REQUIRE(fs::is_directory(dir), "export: cannot create the folder '{}': {}", dir, error.message());
  for (const fs::directory_entry& f : fs::directory_iterator(dir)) {
    const std::string name = f.path().filename().string();
    const bool model_file = name == "config.json" || name == index_file ||
                            (name.rfind("model", 0) == 0 && name.size() > 12 &&
                             name.compare(name.size() - 12, 12, ".safetensors") == 0);
    FF_REQUIRE(!model_file, "export: '{}' already holds a model ('{}'); fourfold does not overwrite a saved model", dir,
               name);
  }
}

HfFolderWriter::~HfFolderWriter() { abandon(); }

HfFolderWriter::HfFolderWriter(HfFolderWriter&& other) noexcept
    : dir_(std::move(other.dir_)), config_json_(std::move(other.config_json_)), entries_(std::move(other.entries_)),
      shard_of_(std::move(other.shard_of_)), shard_names_(std::move(other.shard_names_)),
      completed_(std::move(other.completed_)), shard_(std::move(other.shard_)), next_(other.next_),
      finished_(other.finished_) {
  other.completed_.clear();
  other.finished_ = true;
}

HfFolderWriter& HfFolderWriter::operator=(HfFolderWriter&& other) noexcept {
  if (this != &other) {
    abandon();
    dir_ = std::move(other.dir_);
    config_json_ = std::move(other.config_json_);
    entries_ = std::move(other.entries_);
    shard_of_ = std::move(other.shard_of_);
    shard_names_ = std::move(other.shard_names_);
    completed_ = std::move(other.completed_);
    shard_ = std::move(other.shard_);
    next_ = other.next_;
    finished_ = other.finished_;
    other.completed_.clear();
    other.finished_ = true;
  }
  return *this;
}

void HfFolderWriter::abandon() noexcept {
  if (finished_) return;
  shard_ = SafetensorsWriter();  // removes the shard being written
  for (const std::string& path : completed_) std::remove(path.c_str());
  completed_.clear();
}

void HfFolderWriter::write(const float* values) {
  FF_REQUIRE(!finished_ && next_ < entries_.size(), "export to '{}': {} tensors declared, a write after them", dir_,
             entries_.size());
  const std::size_t shard = shard_of_[next_];
  if (next_ == 0 || shard != shard_of_[next_ - 1]) {
    if (next_ > 0) {
      shard_.finish();
      completed_.push_back(dir_ + "/" + shard_names_[shard - 1]);
    }
    std::vector<SafetensorsEntry> in_shard;
    for (std::size_t i = next_; i < entries_.size() && shard_of_[i] == shard; ++i) in_shard.push_back(entries_[i]);
    shard_ = SafetensorsWriter(dir_ + "/" + shard_names_[shard], std::move(in_shard), {{"format", "pt"}});
  }
  shard_.write(values);
  ++next_;
}

void HfFolderWriter::finish() {
  FF_REQUIRE(!finished_ && next_ == entries_.size(), "export to '{}': finished after {} of its {} tensors", dir_, next_,
             entries_.size());
  shard_.finish();
  completed_.push_back(dir_ + "/" + shard_names_.back());
  // The index, then config.json: a folder with config.json is complete.
  const auto write_text = [&](const std::string& name, const std::string& text) {
    const std::string path = dir_ + "/" + name, partial = path + ".partial";
    std::ofstream out(partial, std::ios::trunc);
    out << text << '\n';
    out.close();
    const bool ok = out.good() && !fs::exists(path) && std::rename(partial.c_str(), path.c_str()) == 0;
    if (!ok) std::remove(partial.c_str());
    FF_REQUIRE(ok, "export to '{}': writing '{}' failed", dir_, name);
    completed_.push_back(path);
  };
  if (shard_names_.size() > 1) {
    nlohmann::ordered_json index;
    std::uint64_t total = 0;
    for (const SafetensorsEntry& e : entries_) total += e.bytes();
    index["metadata"] = {{"total_size", total}};
    nlohmann::ordered_json map = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < entries_.size(); ++i) map[entries_[i].name] = shard_names_[shard_of_[i]];
    index["weight_map"] = map;
    write_text(index_file, index.dump(2));
  }
  write_text("config.json", config_json_);
  finished_ = true;
  completed_.clear();
}

}  // namespace fourfold::checkpoint

#include "checkpoint/safetensors.hpp"

#include "core/error.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fourfold::checkpoint {
namespace {

static_assert(sizeof(float) == 4, "safetensors F32 is a 4-byte IEEE float");

std::string errno_text() { return std::strerror(errno); }

// The stored type a safetensors dtype names; UserError for the ones fourfold does not read.
ElementType element_type(const std::string& path, const std::string& tensor, const std::string& dtype) {
  if (dtype == "F32") return ElementType::f32;
  if (dtype == "BF16") return ElementType::bf16;
  if (dtype == "F16") return ElementType::f16;
  static const char* const other[] = {"F64", "I64", "I32", "I16", "I8", "U64", "U32", "U16", "U8", "BOOL",
                                      "F8_E4M3", "F8_E5M2", "F8_E8M0", "F6_E2M3", "F6_E3M2", "F4", "C64"};
  const bool known = std::find(std::begin(other), std::end(other), dtype) != std::end(other);
  FF_REQUIRE(false, "safetensors file '{}': tensor '{}' has {} dtype '{}'; fourfold reads F32, BF16 and F16", path,
             tensor, known ? "the unsupported" : "an unknown", dtype);
  return ElementType::f32;
}

std::uint64_t checked_elements(const std::vector<std::int64_t>& shape, const std::string& what) {
  std::uint64_t n = 1;
  for (const std::int64_t d : shape) {
    FF_REQUIRE(d >= 0, "{}: shape {} has a negative dimension", what, shape_text(shape));
    FF_REQUIRE(!__builtin_mul_overflow(n, static_cast<std::uint64_t>(d), &n) && n <= (1ull << 60),
               "{}: shape {} has more elements than any file can hold", what, shape_text(shape));
  }
  return n;
}

// An unsigned integer from a JSON value, or UserError naming `what`.
std::uint64_t json_unsigned(const nlohmann::json& v, const std::string& what) {
  FF_REQUIRE(v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0), "{}: expected a non-negative integer, found {}",
             what, v.dump());
  return v.get<std::uint64_t>();
}

// Converts n stored elements of type t, `stride` apart, to fp32, refusing a value that is not
// finite. first: the index of src's first element in the tensor, for the message.
void convert(const unsigned char* src, std::size_t n, std::uint64_t stride, ElementType t, float* out,
             const std::string& path, const SafetensorsTensor& tensor, std::uint64_t first) {
  const auto run = [&](auto load) {
    for (std::size_t i = 0; i < n; ++i) {
      const float v = load(i * stride);
      FF_REQUIRE(std::isfinite(v), "safetensors file '{}': tensor '{}' (shape {}) holds the non-finite value {} at element {}",
                 path, tensor.name, shape_text(tensor.shape), v, first + i * stride);
      out[i] = v;
    }
  };
  switch (t) {  // one loop per type, so that each converts without a branch per element
    case ElementType::f32:
      run([&](std::uint64_t i) { return element_to_float(src, i, ElementType::f32); });
      break;
    case ElementType::bf16:
      run([&](std::uint64_t i) { return element_to_float(src, i, ElementType::bf16); });
      break;
    case ElementType::f16:
      run([&](std::uint64_t i) { return element_to_float(src, i, ElementType::f16); });
      break;
  }
}

}  // namespace

std::string shape_text(const std::vector<std::int64_t>& shape) {
  std::string s = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

std::uint64_t SafetensorsEntry::elements() const { return checked_elements(shape, "tensor '" + name + "'"); }

const SafetensorsTensor* SafetensorsHeader::find(const std::string& name) const {
  for (const SafetensorsTensor& t : tensors)
    if (t.name == name) return &t;
  return nullptr;
}

SafetensorsHeader parse_safetensors_header(const std::string& path, const unsigned char* bytes, std::size_t available,
                                           std::uint64_t file_size) {
  FF_REQUIRE(file_size >= 8 && available >= 8,
             "safetensors file '{}' is {} bytes long, shorter than the 8-byte length of its header", path, file_size);
  std::uint64_t n = 0;
  std::memcpy(&n, bytes, 8);  // little-endian, as every host fourfold runs on
  FF_REQUIRE(n <= file_size - 8, "safetensors file '{}': its header claims {} bytes, longer than the file ({} bytes)",
             path, n, file_size);
  FF_REQUIRE(n <= safetensors_max_header_bytes, "safetensors file '{}': its header claims {} bytes, over the limit of {}",
             path, n, safetensors_max_header_bytes);
  FF_REQUIRE(available - 8 >= n, "safetensors file '{}': its header claims {} bytes, longer than the {} bytes read",
             path, n, available - 8);
  const char* text = reinterpret_cast<const char*>(bytes + 8);
  FF_REQUIRE(n >= 2 && text[0] == '{', "safetensors file '{}': its {}-byte header is not a JSON object", path, n);
  const nlohmann::json json = nlohmann::json::parse(text, text + n, nullptr, false);
  FF_REQUIRE(!json.is_discarded() && json.is_object(), "safetensors file '{}': its {}-byte header is not valid JSON",
             path, n);

  SafetensorsHeader header;
  header.data_start = 8 + n;
  const std::uint64_t data_bytes = file_size - header.data_start;
  for (const auto& [name, value] : json.items()) {
    const std::string what = "safetensors file '" + path + "': tensor '" + name + "'";
    if (name == "__metadata__") {
      FF_REQUIRE(value.is_object(), "safetensors file '{}': __metadata__ is not an object of strings", path);
      for (const auto& [key, v] : value.items()) {
        FF_REQUIRE(v.is_string(), "safetensors file '{}': __metadata__ entry '{}' is not a string", path, key);
        header.metadata[key] = v.get<std::string>();
      }
      continue;
    }
    FF_REQUIRE(value.is_object() && value.contains("dtype") && value.contains("shape") && value.contains("data_offsets"),
               "{}: expected an object with dtype, shape and data_offsets", what);
    const nlohmann::json &dtype = value["dtype"], &shape = value["shape"], &offsets = value["data_offsets"];
    FF_REQUIRE(dtype.is_string(), "{}: dtype is not a string", what);
    FF_REQUIRE(shape.is_array(), "{}: shape is not an array", what);
    FF_REQUIRE(offsets.is_array() && offsets.size() == 2, "{}: data_offsets is not a pair [begin, end]", what);
    SafetensorsTensor t;
    t.name = name;
    t.type = element_type(path, name, dtype.get<std::string>());
    for (const nlohmann::json& d : shape) {
      const std::uint64_t extent = json_unsigned(d, what + " shape");
      FF_REQUIRE(extent <= (1ull << 60), "{}: shape dimension {} is beyond any file", what, extent);
      t.shape.push_back(static_cast<std::int64_t>(extent));
    }
    t.begin = json_unsigned(offsets[0], what + " data_offsets");
    t.end = json_unsigned(offsets[1], what + " data_offsets");
    FF_REQUIRE(t.begin <= t.end, "{}: data_offsets [{}, {}] end before they begin", what, t.begin, t.end);
    FF_REQUIRE(t.end <= data_bytes, "{}: data_offsets [{}, {}] reach beyond the data section ({} bytes)", what,
               t.begin, t.end, data_bytes);
    const std::uint64_t expected = checked_elements(t.shape, what) * element_bytes(t.type);
    FF_REQUIRE(t.end - t.begin == expected, "{}: {} shape {} needs {} bytes, but data_offsets [{}, {}] hold {}", what,
               dtype.get<std::string>(), shape_text(t.shape), expected, t.begin, t.end, t.end - t.begin);
    header.tensors.push_back(std::move(t));
  }

  // The tensors must tile the data section: sorted by offset, each begins where the last ended.
  std::sort(header.tensors.begin(), header.tensors.end(), [](const SafetensorsTensor& a, const SafetensorsTensor& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  });
  std::uint64_t covered = 0;
  const SafetensorsTensor* previous = nullptr;
  for (const SafetensorsTensor& t : header.tensors) {
    FF_REQUIRE(t.begin >= covered, "safetensors file '{}': tensor '{}' (bytes [{}, {})) overlaps tensor '{}' (bytes [{}, {}))",
               path, t.name, t.begin, t.end, previous ? previous->name : "", previous ? previous->begin : 0, covered);
    FF_REQUIRE(t.begin == covered, "safetensors file '{}': bytes [{}, {}) of the data section belong to no tensor (before '{}')",
               path, covered, t.begin, t.name);
    covered = t.end;
    previous = &t;
  }
  FF_REQUIRE(covered == data_bytes, "safetensors file '{}': the last {} bytes of the data section belong to no tensor", path,
             data_bytes - covered);
  return header;
}

SafetensorsFile::SafetensorsFile(const std::string& path) : path_(path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  FF_REQUIRE(fd >= 0, "cannot open safetensors file '{}': {}", path, errno_text());
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    const std::string reason = errno_text();
    ::close(fd);
    FF_REQUIRE(false, "cannot stat safetensors file '{}': {}", path, reason);
  }
  map_bytes_ = static_cast<std::size_t>(info.st_size);
  if (map_bytes_ > 0) {
    void* map = ::mmap(nullptr, map_bytes_, PROT_READ, MAP_PRIVATE, fd, 0);
    const std::string reason = map == MAP_FAILED ? errno_text() : std::string();
    ::close(fd);
    FF_REQUIRE(map != MAP_FAILED, "cannot map safetensors file '{}' ({} bytes): {}", path, map_bytes_, reason);
    map_ = static_cast<const unsigned char*>(map);
  } else {
    ::close(fd);
  }
  try {
    header_ = parse_safetensors_header(path, map_, map_bytes_, map_bytes_);
  } catch (...) {
    if (map_) ::munmap(const_cast<unsigned char*>(map_), map_bytes_);
    map_ = nullptr;
    throw;
  }
}

SafetensorsFile::~SafetensorsFile() {
  if (map_) ::munmap(const_cast<unsigned char*>(map_), map_bytes_);
}

SafetensorsFile::SafetensorsFile(SafetensorsFile&& other) noexcept
    : path_(std::move(other.path_)), header_(std::move(other.header_)), map_(other.map_), map_bytes_(other.map_bytes_) {
  other.map_ = nullptr;
  other.map_bytes_ = 0;
}

SafetensorsFile& SafetensorsFile::operator=(SafetensorsFile&& other) noexcept {
  if (this != &other) {
    if (map_) ::munmap(const_cast<unsigned char*>(map_), map_bytes_);
    path_ = std::move(other.path_);
    header_ = std::move(other.header_);
    map_ = other.map_;
    map_bytes_ = other.map_bytes_;
    other.map_ = nullptr;
    other.map_bytes_ = 0;
  }
  return *this;
}

const SafetensorsTensor& SafetensorsFile::tensor(const std::string& name) const {
  const SafetensorsTensor* t = header_.find(name);
  FF_REQUIRE(t != nullptr, "safetensors file '{}' holds no tensor '{}'", path_, name);
  return *t;
}

void SafetensorsFile::read_block(const SafetensorsTensor& t, std::int64_t row, std::int64_t rows, std::int64_t col,
                                 std::int64_t cols, float* out) const {
  FF_REQUIRE(t.shape.size() == 1 || t.shape.size() == 2,
             "safetensors file '{}': tensor '{}' has shape {}; expected a matrix or a vector", path_, t.name,
             shape_text(t.shape));
  const std::int64_t tensor_rows = t.shape.size() == 2 ? t.shape[0] : 1;
  const std::int64_t tensor_cols = t.shape.back();
  FF_REQUIRE(row >= 0 && rows >= 0 && row + rows <= tensor_rows && col >= 0 && cols >= 0 && col + cols <= tensor_cols,
             "safetensors file '{}': block rows [{}, {}) x columns [{}, {}) reaches outside tensor '{}' of shape {}", path_,
             row, row + rows, col, col + cols, t.name, shape_text(t.shape));
  for (std::int64_t r = 0; r < rows; ++r)
    read_elements(t, static_cast<std::uint64_t>(row + r) * tensor_cols + col, static_cast<std::size_t>(cols), 1,
                  out + r * cols);
}

void SafetensorsFile::read_all(const SafetensorsTensor& t, float* out) const {
  read_elements(t, 0, static_cast<std::size_t>(t.elements()), 1, out);
}

void SafetensorsFile::read_elements(const SafetensorsTensor& t, std::uint64_t first, std::size_t count,
                                    std::uint64_t stride, float* out) const {
  const std::uint64_t elements = t.elements();
  FF_REQUIRE(count == 0 || (stride > 0 && first < elements && (count - 1) <= (elements - 1 - first) / stride),
             "safetensors file '{}': {} elements from {} every {} reach outside tensor '{}' of shape {}", path_, count,
             first, stride, t.name, shape_text(t.shape));
  if (count == 0) return;
  convert(map_ + header_.data_start + t.begin + first * element_bytes(t.type), count, stride, t.type, out, path_, t,
          first);
}

SafetensorsWriter::SafetensorsWriter(const std::string& path, std::vector<SafetensorsEntry> entries,
                                     const std::map<std::string, std::string>& metadata)
    : path_(path), entries_(std::move(entries)) {
  struct stat existing {};
  FF_REQUIRE(::stat(path.c_str(), &existing) != 0, "'{}' exists already; fourfold does not overwrite a saved file", path);
  nlohmann::ordered_json header = nlohmann::ordered_json::object();
  if (!metadata.empty()) header["__metadata__"] = metadata;
  std::uint64_t offset = 0, largest_half = 0;
  for (const SafetensorsEntry& e : entries_) {
    FF_REQUIRE(e.type != ElementType::f16, "safetensors file '{}': tensor '{}': writing F16 is not supported (F32, BF16)",
               path, e.name);
    FF_REQUIRE(e.name != "__metadata__" && !header.contains(e.name), "safetensors file '{}': tensor name '{}' twice", path,
               e.name);
    header[e.name] = {{"dtype", safetensors_name(e.type)}, {"shape", e.shape}, {"data_offsets", {offset, offset + e.bytes()}}};
    offset += e.bytes();
    if (e.type == ElementType::bf16) largest_half = std::max(largest_half, e.elements());
  }
  std::string text = header.dump();
  text.append((8 - text.size() % 8) % 8, ' ');
  half_.resize(static_cast<std::size_t>(largest_half));

  const std::string partial = path + ".partial";
  file_ = std::fopen(partial.c_str(), "wb");
  FF_REQUIRE(file_ != nullptr, "cannot create '{}': {}", partial, errno_text());
  const std::uint64_t n = text.size();
  if (std::fwrite(&n, 8, 1, file_) != 1 || std::fwrite(text.data(), 1, text.size(), file_) != text.size()) {
    const std::string reason = errno_text();
    abandon();
    FF_REQUIRE(false, "writing the header of '{}' failed: {}", partial, reason);
  }
}

SafetensorsWriter::~SafetensorsWriter() { abandon(); }

SafetensorsWriter::SafetensorsWriter(SafetensorsWriter&& other) noexcept
    : path_(std::move(other.path_)), entries_(std::move(other.entries_)), file_(other.file_), next_(other.next_),
      half_(std::move(other.half_)) {
  other.file_ = nullptr;
}

SafetensorsWriter& SafetensorsWriter::operator=(SafetensorsWriter&& other) noexcept {
  if (this != &other) {
    abandon();
    path_ = std::move(other.path_);
    entries_ = std::move(other.entries_);
    file_ = other.file_;
    next_ = other.next_;
    half_ = std::move(other.half_);
    other.file_ = nullptr;
  }
  return *this;
}

void SafetensorsWriter::abandon() noexcept {
  if (file_ == nullptr) return;
  std::fclose(file_);
  file_ = nullptr;
  std::remove((path_ + ".partial").c_str());
}

void SafetensorsWriter::write(const float* values) {
  FF_REQUIRE(file_ != nullptr && next_ < entries_.size(), "safetensors file '{}': {} tensors declared, a write after them",
             path_, entries_.size());
  const SafetensorsEntry& e = entries_[next_];
  const std::size_t count = static_cast<std::size_t>(e.elements());
  bool ok;
  if (e.type == ElementType::f32) {
    ok = std::fwrite(values, 4, count, file_) == count;
  } else {
    for (std::size_t k = 0; k < count; ++k) half_[k] = float_to_bf16_bits(values[k]);
    ok = std::fwrite(half_.data(), 2, count, file_) == count;
  }
  if (!ok) {
    const std::string reason = errno_text();
    abandon();
    FF_REQUIRE(false, "writing tensor '{}' to '{}.partial' failed: {}", e.name, path_, reason);
  }
  ++next_;
}

void SafetensorsWriter::finish() {
  FF_REQUIRE(file_ != nullptr && next_ == entries_.size(), "safetensors file '{}': finished after {} of its {} tensors",
             path_, next_, entries_.size());
  const std::string partial = path_ + ".partial";
  std::string failure;
  if (std::fclose(file_) != 0) failure = errno_text();
  file_ = nullptr;
  struct stat existing {};
  if (failure.empty() && ::stat(path_.c_str(), &existing) == 0) failure = "the file appeared while it was written";
  if (failure.empty() && std::rename(partial.c_str(), path_.c_str()) != 0) failure = errno_text();
  if (!failure.empty()) {
    std::remove(partial.c_str());
    FF_REQUIRE(false, "completing '{}' failed: {}", path_, failure);
  }
}

void write_safetensors(const std::string& path, const std::vector<SafetensorsEntry>& entries,
                       const std::map<std::string, std::string>& metadata,
                       const std::function<void(std::size_t, float*)>& values) {
  SafetensorsWriter writer(path, entries, metadata);
  std::uint64_t largest = 0;
  for (const SafetensorsEntry& e : entries) largest = std::max(largest, e.elements());
  std::vector<float> buffer(static_cast<std::size_t>(largest));
  for (std::size_t i = 0; i < entries.size(); ++i) {
    values(i, buffer.data());  // a throw leaves no file: the writer's destructor removes it
    writer.write(buffer.data());
  }
  writer.finish();
}

}  // namespace fourfold::checkpoint

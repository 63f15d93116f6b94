// Hugging Face safetensors files, read and written. The format: an 8-byte little-endian header
// length N, N bytes of JSON ({"name": {"dtype": "F32", "shape": [r, c], "data_offsets": [b, e]},
// ..., "__metadata__": {"key": "value"}}), then the data section, in which tensor "name" is the
// bytes [b, e), row-major, little-endian. The tensors tile the data section exactly: no gaps, no
// overlaps, nothing after the last.
//
// Reading maps the file read-only, so that a rank touches only the pages of the slices it reads.
// Host-only (no Kokkos, no MPI): the header checks guard every read of outside data and are fuzzed
// (tests/fuzz/fuzz_safetensors_header.cpp).
#pragma once

#include "checkpoint/element_types.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace fourfold::checkpoint {

/// Headers beyond this are refused before they are read (Hugging Face's own reader caps them at
/// 100 MB; a 405B Llama's header is under 100 kB).
inline constexpr std::uint64_t safetensors_max_header_bytes = 100ull << 20;

/// "[4096, 14336]": a shape as errors print it.
std::string shape_text(const std::vector<std::int64_t>& shape);

/// A tensor's name, stored type and shape: what a writer is given (its values come one tensor at
/// a time), and what a reader finds, with its place (SafetensorsTensor).
struct SafetensorsEntry {
  std::string name;
  ElementType type = ElementType::f32;
  std::vector<std::int64_t> shape;  // row-major; empty for a scalar

  std::uint64_t elements() const;
  std::uint64_t bytes() const { return elements() * element_bytes(type); }
};

/// A tensor of a file: its entry and its bytes.
struct SafetensorsTensor : SafetensorsEntry {
  std::uint64_t begin = 0, end = 0;  // bytes [begin, end) of the data section
};

struct SafetensorsHeader {
  std::uint64_t data_start = 0;  // 8 + N: the data section's first byte in the file
  std::vector<SafetensorsTensor> tensors;  // in data order
  std::map<std::string, std::string> metadata;

  /// The tensor named `name`, or nullptr.
  const SafetensorsTensor* find(const std::string& name) const;
};

/// Parses and checks the header of the safetensors file `path` of `file_size` bytes whose first
/// `available` bytes are `bytes` (at least 8 + N of them, else the header is "longer than the
/// file"). Every error names the file and, where one is at fault, the tensor: a header longer
/// than the file or the cap, JSON that is not an object of tensors, an unknown or unsupported
/// dtype, a negative or overflowing shape, offsets out of order, overlapping, leaving a gap or
/// beyond the data section, a byte count that is not the shape's.
SafetensorsHeader parse_safetensors_header(const std::string& path, const unsigned char* bytes, std::size_t available,
                                           std::uint64_t file_size);

/// One safetensors file, mapped read-only; its header parsed and checked on opening. Move-only.
class SafetensorsFile {
 public:
  SafetensorsFile() = default;
  /// UserError naming the file when it cannot be opened or its header is bad.
  explicit SafetensorsFile(const std::string& path);
  ~SafetensorsFile();
  SafetensorsFile(SafetensorsFile&& other) noexcept;
  SafetensorsFile& operator=(SafetensorsFile&& other) noexcept;
  SafetensorsFile(const SafetensorsFile&) = delete;
  SafetensorsFile& operator=(const SafetensorsFile&) = delete;

  const std::string& path() const { return path_; }
  const SafetensorsHeader& header() const { return header_; }
  /// The tensor named `name`; UserError naming the file and the tensor when there is none.
  const SafetensorsTensor& tensor(const std::string& name) const;

  /// Rows [row, row + rows) and columns [col, col + cols) of `t` (a matrix; a vector is one row of
  /// shape[0] columns) converted to fp32 into `out` (rows x cols, row-major). UserError naming the
  /// file, the tensor and the element when the block reaches outside the tensor or holds a value
  /// that is not finite.
  void read_block(const SafetensorsTensor& t, std::int64_t row, std::int64_t rows, std::int64_t col, std::int64_t cols,
                  float* out) const;
  /// The whole tensor as fp32 (elements() values).
  void read_all(const SafetensorsTensor& t, float* out) const;
  /// `count` elements of `t` from flat (row-major) element `first`, `stride` elements apart, as
  /// fp32: a column of a stored matrix is stride = its columns (how a transposed layout is read).
  /// UserError as read_block.
  void read_elements(const SafetensorsTensor& t, std::uint64_t first, std::size_t count, std::uint64_t stride,
                     float* out) const;

 private:
  std::string path_;
  SafetensorsHeader header_;
  const unsigned char* map_ = nullptr;  // the whole file, read-only
  std::size_t map_bytes_ = 0;
};

/// Writes a safetensors file tensor by tensor, in the order given: memory stays one tensor's. The
/// file is written under `path` + ".partial" and renamed into place by finish(); a writer
/// destroyed unfinished removes it. An existing `path` is refused (UserError naming it), so
/// nothing saved is overwritten. The header is padded with spaces to a multiple of 8 bytes, as
/// Hugging Face's writer does, so that the data section is aligned. Move-only.
class SafetensorsWriter {
 public:
  SafetensorsWriter() = default;
  SafetensorsWriter(const std::string& path, std::vector<SafetensorsEntry> entries,
                    const std::map<std::string, std::string>& metadata);
  ~SafetensorsWriter();
  SafetensorsWriter(SafetensorsWriter&& other) noexcept;
  SafetensorsWriter& operator=(SafetensorsWriter&& other) noexcept;
  SafetensorsWriter(const SafetensorsWriter&) = delete;
  SafetensorsWriter& operator=(const SafetensorsWriter&) = delete;

  /// The next tensor's elements() fp32 values, converted to its type (bf16: to nearest even).
  void write(const float* values);
  /// After the last tensor: closes and renames the file into place.
  void finish();
  /// Tensors written so far.
  std::size_t written() const { return next_; }
  const std::vector<SafetensorsEntry>& entries() const { return entries_; }

 private:
  void abandon() noexcept;

  std::string path_;
  std::vector<SafetensorsEntry> entries_;
  std::FILE* file_ = nullptr;
  std::size_t next_ = 0;
  std::vector<std::uint16_t> half_;  // bf16 staging, the largest bf16 tensor's elements
};

/// The whole file in one call: values(i, out) fills tensor i's fp32 values.
void write_safetensors(const std::string& path, const std::vector<SafetensorsEntry>& entries,
                       const std::map<std::string, std::string>& metadata,
                       const std::function<void(std::size_t, float*)>& values);

}  // namespace fourfold::checkpoint

#include "comm/grid_layout.hpp"

#include "core/error.hpp"

#include <charconv>
#include <cstdlib>
#include <cstring>

namespace fourfold::comm {

const char* group_name(GroupKind kind) {
  switch (kind) {
    case GroupKind::x: return "x";
    case GroupKind::y: return "y";
    case GroupKind::z: return "z";
    case GroupKind::data: return "data";
    case GroupKind::xy: return "xy";
    case GroupKind::tp: return "tp";
  }
  return "?";
}

std::string GridShape::str() const { return fmt::format("{}x{}x{}x{}", x, y, z, data); }

GridShape GridShape::parse(std::string_view text) {
  int values[4] = {0, 0, 0, 0};
  std::size_t begin = 0;
  for (int i = 0; i < 4; ++i) {
    const std::size_t end = i < 3 ? text.find('x', begin) : text.size();
    const bool have_field = end != std::string_view::npos && end > begin;
    const char* first = text.data() + begin;
    const char* last = have_field ? text.data() + end : first;
    const auto [ptr, ec] = std::from_chars(first, last, values[i]);
    FF_REQUIRE(have_field && ec == std::errc() && ptr == last,
               "grid '{}' is not of the form GXxGYxGZxGD with four positive integers (e.g. 2x1x2x1)",
               text);
    begin = end + 1;
  }
  GridShape shape{values[0], values[1], values[2], values[3]};
  FF_REQUIRE(shape.x >= 1 && shape.y >= 1 && shape.z >= 1 && shape.data >= 1,
             "grid '{}': every size must be at least 1 (G_x={}, G_y={}, G_z={}, G_data={})", text,
             shape.x, shape.y, shape.z, shape.data);
  return shape;
}

GridLayout::GridLayout(GridShape shape, int world_size) : shape_(shape), world_size_(world_size) {
  FF_REQUIRE(shape.x >= 1 && shape.y >= 1 && shape.z >= 1 && shape.data >= 1,
             "grid {}: every size must be at least 1 (G_x={}, G_y={}, G_z={}, G_data={})",
             shape.str(), shape.x, shape.y, shape.z, shape.data);
  FF_REQUIRE(shape.size() == world_size,
             "grid {} (G_x={} * G_y={} * G_z={} * G_data={} = {} ranks) does not match the {} MPI "
             "ranks of this job; the product of the four sizes must equal the world size",
             shape.str(), shape.x, shape.y, shape.z, shape.data, shape.size(), world_size);
}

GridCoords GridLayout::coords(int r) const {
  FF_ASSERT(r >= 0 && r < world_size_, "rank {} outside world of {}", r, world_size_);
  GridCoords c;
  c.x = r % shape_.x;
  r /= shape_.x;
  c.y = r % shape_.y;
  r /= shape_.y;
  c.z = r % shape_.z;
  c.data = r / shape_.z;
  return c;
}

int GridLayout::rank_of(const GridCoords& c) const {
  return ((c.data * shape_.z + c.z) * shape_.y + c.y) * shape_.x + c.x;
}

int GridLayout::group_size(GroupKind kind) const {
  switch (kind) {
    case GroupKind::x: return shape_.x;
    case GroupKind::y: return shape_.y;
    case GroupKind::z: return shape_.z;
    case GroupKind::data: return shape_.data;
    case GroupKind::xy: return shape_.x * shape_.y;
    case GroupKind::tp: return shape_.x * shape_.y * shape_.z;
  }
  return 0;
}

int GridLayout::stride(GroupKind kind) const {
  switch (kind) {
    case GroupKind::x:
    case GroupKind::xy:
    case GroupKind::tp: return 1;
    case GroupKind::y: return shape_.x;
    case GroupKind::z: return shape_.x * shape_.y;
    case GroupKind::data: return shape_.x * shape_.y * shape_.z;
  }
  return 0;
}

int GridLayout::group_color(GroupKind kind, int world_rank) const {
  const GridCoords c = coords(world_rank);
  // The color is the world rank of the group's first member: unique per group instance.
  GridCoords first = c;
  switch (kind) {
    case GroupKind::x: first.x = 0; break;
    case GroupKind::y: first.y = 0; break;
    case GroupKind::z: first.z = 0; break;
    case GroupKind::data: first.data = 0; break;
    case GroupKind::xy: first.x = first.y = 0; break;
    case GroupKind::tp: first.x = first.y = first.z = 0; break;
  }
  return rank_of(first);
}

int GridLayout::group_rank(GroupKind kind, int world_rank) const {
  const GridCoords c = coords(world_rank);
  switch (kind) {
    case GroupKind::x: return c.x;
    case GroupKind::y: return c.y;
    case GroupKind::z: return c.z;
    case GroupKind::data: return c.data;
    case GroupKind::xy: return c.y * shape_.x + c.x;
    case GroupKind::tp: return (c.z * shape_.y + c.y) * shape_.x + c.x;
  }
  return 0;
}

std::vector<int> GridLayout::group_members(GroupKind kind, int world_rank) const {
  std::vector<int> members;
  const int first = group_color(kind, world_rank);
  const int size = group_size(kind);
  if (kind == GroupKind::xy || kind == GroupKind::tp) {
    for (int i = 0; i < size; ++i) members.push_back(first + i);  // contiguous block
  } else {
    for (int i = 0; i < size; ++i) members.push_back(first + i * stride(kind));
  }
  return members;
}

int communicators_with_peers(const GridShape& shape) {
  const long sizes[] = {shape.size(), shape.x, shape.y, shape.z, shape.data,
                        static_cast<long>(shape.x) * shape.y, static_cast<long>(shape.x) * shape.y * shape.z,
                        shape.z};
  int count = 0;
  for (const long size : sizes) count += size > 1 ? 1 : 0;
  return count;
}

double nccl_buffer_bytes_per_communicator() {
  constexpr double nccl_default_buffsize = 4.0 * 1024 * 1024;
  constexpr int ring_connections = 2;
  const char* text = std::getenv("NCCL_BUFFSIZE");
  if (text == nullptr || *text == '\0') return ring_connections * nccl_default_buffsize;
  long long bytes = 0;
  const char* end = text + std::strlen(text);
  const auto [last, error] = std::from_chars(text, end, bytes);
  FF_REQUIRE(error == std::errc() && last == end && bytes > 0,
             "NCCL_BUFFSIZE=\"{}\": expected a positive number of bytes (NCCL's default is 4194304)", text);
  return ring_connections * static_cast<double>(bytes);
}

std::vector<GridShape> all_grid_shapes(int world_size) {
  std::vector<GridShape> shapes;
  for (int x = 1; x <= world_size; ++x) {
    if (world_size % x) continue;
    for (int y = 1; y <= world_size / x; ++y) {
      if ((world_size / x) % y) continue;
      for (int z = 1; z <= world_size / (x * y); ++z) {
        if ((world_size / (x * y)) % z) continue;
        shapes.push_back({x, y, z, world_size / (x * y * z)});
      }
    }
  }
  return shapes;
}

}  // namespace fourfold::comm

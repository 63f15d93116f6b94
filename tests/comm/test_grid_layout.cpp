// Grid arithmetic as pure logic, for many world sizes and every grid of each: coordinates,
// group membership, strides, and every rank in exactly one group of each kind.
#include "comm/grid_layout.hpp"
#include "core/error.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <set>
#include <string>

namespace fourfold::comm {
namespace {

// The coordinate a group of `kind` varies along; other coordinates are fixed within a group.
bool same_outside(GroupKind kind, const GridCoords& a, const GridCoords& b) {
  switch (kind) {
    case GroupKind::x: return a.y == b.y && a.z == b.z && a.data == b.data;
    case GroupKind::y: return a.x == b.x && a.z == b.z && a.data == b.data;
    case GroupKind::z: return a.x == b.x && a.y == b.y && a.data == b.data;
    case GroupKind::data: return a.x == b.x && a.y == b.y && a.z == b.z;
    case GroupKind::xy: return a.z == b.z && a.data == b.data;
    case GroupKind::tp: return a.data == b.data;
  }
  return false;
}

TEST(GridLayout, EveryGridOfManyWorldSizes) {
  for (int world : {1, 2, 3, 4, 6, 8, 12, 16, 24, 64}) {
    const auto shapes = all_grid_shapes(world);
    ASSERT_FALSE(shapes.empty());
    for (const GridShape& shape : shapes) {
      SCOPED_TRACE("grid " + shape.str());
      const GridLayout layout(shape, world);
      for (int r = 0; r < world; ++r) {
        const GridCoords c = layout.coords(r);
        // AxoNN's order: x fastest, then y, z, data.
        EXPECT_EQ(r, c.x + shape.x * (c.y + shape.y * (c.z + shape.z * c.data)));
        EXPECT_EQ(layout.rank_of(c), r);
      }
      for (GroupKind kind : all_group_kinds) {
        SCOPED_TRACE(std::string("group ") + group_name(kind));
        std::map<int, std::vector<int>> groups;  // color -> members
        for (int r = 0; r < world; ++r) {
          const auto members = layout.group_members(kind, r);
          ASSERT_EQ(static_cast<int>(members.size()), layout.group_size(kind));
          EXPECT_EQ(members[layout.group_rank(kind, r)], r);
          for (int m : members) {
            EXPECT_TRUE(same_outside(kind, layout.coords(m), layout.coords(r)));
            EXPECT_EQ(layout.group_color(kind, m), layout.group_color(kind, r));
          }
          if (kind != GroupKind::xy && kind != GroupKind::tp) {
            for (std::size_t i = 1; i < members.size(); ++i)
              EXPECT_EQ(members[i] - members[i - 1], layout.stride(kind));
          }
          groups[layout.group_color(kind, r)] = members;
        }
        // The groups partition the world: each rank in exactly one.
        std::multiset<int> covered;
        for (const auto& [color, members] : groups) covered.insert(members.begin(), members.end());
        EXPECT_EQ(static_cast<int>(covered.size()), world);
        for (int r = 0; r < world; ++r) EXPECT_EQ(covered.count(r), 1u);
        EXPECT_EQ(static_cast<int>(groups.size()) * layout.group_size(kind), world);
      }
    }
  }
}

TEST(GridLayout, KnownStridesOfA2x3x2x2Grid) {
  const GridLayout layout({2, 3, 2, 2}, 24);
  EXPECT_EQ(layout.stride(GroupKind::x), 1);
  EXPECT_EQ(layout.stride(GroupKind::y), 2);
  EXPECT_EQ(layout.stride(GroupKind::z), 6);
  EXPECT_EQ(layout.stride(GroupKind::data), 12);
  EXPECT_EQ(layout.group_members(GroupKind::y, 13), (std::vector<int>{13, 15, 17}));
  EXPECT_EQ(layout.group_members(GroupKind::z, 13), (std::vector<int>{13, 19}));
  EXPECT_EQ(layout.group_members(GroupKind::data, 13), (std::vector<int>{1, 13}));
  EXPECT_EQ(layout.group_members(GroupKind::xy, 13), (std::vector<int>{12, 13, 14, 15, 16, 17}));
  EXPECT_EQ(layout.coords(13), (GridCoords{1, 0, 0, 1}));
}

TEST(GridLayout, AllGridShapesAreAllOrderedFactorisations) {
  EXPECT_EQ(all_grid_shapes(1).size(), 1u);
  EXPECT_EQ(all_grid_shapes(2).size(), 4u);
  EXPECT_EQ(all_grid_shapes(4).size(), 10u);  // 4 ones-and-a-four + 6 two-twos
  EXPECT_EQ(all_grid_shapes(8).size(), 20u);
}

TEST(GridShape, ParsesAndPrints) {
  EXPECT_EQ(GridShape::parse("2x1x2x1"), (GridShape{2, 1, 2, 1}));
  EXPECT_EQ(GridShape::parse("16x8x4x32").str(), "16x8x4x32");
}

TEST(GridShape, RejectsMalformedWithTheText) {
  for (const char* bad : {"", "2x1x2", "2x1x2x1x1", "2xx2x1", "ax1x1x1", "2x1x2x1 ", "0x1x1x1",
                          "-1x1x1x4", "2,1,2,1"}) {
    try {
      GridShape::parse(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("'") + bad + "'"), std::string::npos) << e.what();
    }
  }
}

TEST(GridLayout, RejectsWrongProductNamingSizes) {
  try {
    GridLayout({3, 1, 1, 1}, 4);
    FAIL();
  } catch (const UserError& e) {
    const std::string text = e.what();
    EXPECT_NE(text.find("3x1x1x1"), std::string::npos) << text;
    EXPECT_NE(text.find("G_x=3"), std::string::npos) << text;
    EXPECT_NE(text.find("4 MPI ranks"), std::string::npos) << text;
  }
  EXPECT_THROW(GridLayout({0, 1, 1, 4}, 4), UserError);
  EXPECT_THROW(GridLayout({2, -1, -2, 1}, 4), UserError);
}

// NCCL_BUFFSIZE sizes each communicator's buffers (two ring connections); unset: NCCL's 4 MiB.
TEST(GridLayout, NcclBuffersFollowNcclBuffsize) {
  const char* saved = std::getenv("NCCL_BUFFSIZE");
  const std::string kept = saved != nullptr ? saved : "";
  unsetenv("NCCL_BUFFSIZE");
  EXPECT_EQ(nccl_buffer_bytes_per_communicator(), 2.0 * 4194304);
  setenv("NCCL_BUFFSIZE", "1048576", 1);
  EXPECT_EQ(nccl_buffer_bytes_per_communicator(), 2.0 * 1048576);
  for (const char* bad : {"4M", "-1", "0", "lots"}) {
    setenv("NCCL_BUFFSIZE", bad, 1);
    try {
      nccl_buffer_bytes_per_communicator();
      ADD_FAILURE() << "NCCL_BUFFSIZE=" << bad << " was accepted";
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find(bad), std::string::npos) << e.what();
    }
  }
  if (saved != nullptr) {
    setenv("NCCL_BUFFSIZE", kept.c_str(), 1);
  } else {
    unsetenv("NCCL_BUFFSIZE");
  }
  EXPECT_EQ(communicators_with_peers({1, 1, 1, 1}), 0);
  EXPECT_EQ(communicators_with_peers({1, 1, 1, 4}), 2);  // world and data
  EXPECT_EQ(communicators_with_peers({2, 1, 2, 1}), 6);  // world, x, z, xy, tp, z prefetch
}

}  // namespace
}  // namespace fourfold::comm

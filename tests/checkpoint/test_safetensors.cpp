// Hugging Face safetensors files (checkpoint/safetensors.hpp). Files are assembled here byte by
// byte from the format's specification (8-byte little-endian header length, JSON header, data),
// not by the writer under test: a reader that agreed only with our own writer would prove nothing
// about files from Hugging Face. Expected values of F16 and BF16 patterns are IEEE binary16's and
// bfloat16's definitions (1.0 = 0x3c00 / 0x3f80, the smallest f16 subnormal = 2^-24, ...). Every
// bad file is refused with a message naming the file and, where one is at fault, the tensor.
#include "checkpoint/safetensors.hpp"
#include "core/error.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include <sys/stat.h>

namespace fourfold::checkpoint {
namespace {

using test::expect_user_error;

std::string scratch(const std::string& name) { return test::scratch_dir() + "/" + name; }

bool exists(const std::string& path) {
  struct stat s {};
  return ::stat(path.c_str(), &s) == 0;
}

template <typename T>
void append(std::string& bytes, const std::vector<T>& values) {
  bytes.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

// A file of the given header text (taken as is) and data section.
std::string write_raw(const std::string& name, const std::string& header, const std::string& data,
                      std::uint64_t claimed_length = ~0ull) {
  const std::string path = scratch(name);
  std::remove(path.c_str());
  std::ofstream out(path, std::ios::binary);
  const std::uint64_t n = claimed_length == ~0ull ? header.size() : claimed_length;
  out.write(reinterpret_cast<const char*>(&n), 8);
  out << header << data;
  return path;
}

// The three-type file: w F32 (2, 3), b BF16 (4), h F16 (6), with metadata; header padded.
std::string three_type_file() {
  std::string data;
  append(data, std::vector<float>{1.5f, -2.0f, 3.25f, 4.0f, 5.0f, -6.5f});
  append(data, std::vector<std::uint16_t>{0x3f80, 0x4049, 0xbf80, 0x0000});
  append(data, std::vector<std::uint16_t>{0x3c00, 0xc000, 0x7bff, 0x0001, 0x0400, 0x3555});
  const std::string header =
      R"({"__metadata__":{"format":"pt"},"w":{"dtype":"F32","shape":[2,3],"data_offsets":[0,24]},)"
      R"("b":{"dtype":"BF16","shape":[4],"data_offsets":[24,32]},)"
      R"("h":{"dtype":"F16","shape":[6],"data_offsets":[32,44]}}    )";
  return write_raw("three.safetensors", header, data);
}

TEST(Safetensors, ReadsEveryTypeOfAFileAssembledFromTheSpecification) {
  const SafetensorsFile file(three_type_file());
  const SafetensorsHeader& h = file.header();
  ASSERT_EQ(h.tensors.size(), 3u);
  EXPECT_EQ(h.metadata.at("format"), "pt");
  const SafetensorsTensor& w = file.tensor("w");
  EXPECT_EQ(w.type, ElementType::f32);
  EXPECT_EQ(w.shape, (std::vector<std::int64_t>{2, 3}));
  std::vector<float> all(6);
  file.read_all(w, all.data());
  EXPECT_EQ(all, (std::vector<float>{1.5f, -2.0f, 3.25f, 4.0f, 5.0f, -6.5f}));
  std::vector<float> block(2);  // row 1, columns 1..2
  file.read_block(w, 1, 1, 1, 2, block.data());
  EXPECT_EQ(block, (std::vector<float>{5.0f, -6.5f}));
  std::vector<float> column(2);  // both rows, column 0
  file.read_block(w, 0, 2, 0, 1, column.data());
  EXPECT_EQ(column, (std::vector<float>{1.5f, 4.0f}));

  std::vector<float> b(4);
  file.read_all(file.tensor("b"), b.data());
  EXPECT_EQ(b, (std::vector<float>{1.0f, 3.140625f, -1.0f, 0.0f}));
  std::vector<float> half(6);
  file.read_all(file.tensor("h"), half.data());
  EXPECT_EQ(half, (std::vector<float>{1.0f, -2.0f, 65504.0f, std::ldexp(1.0f, -24), std::ldexp(1.0f, -14),
                                      0.333251953125f}));
  std::vector<float> tail(2);  // a vector is one row
  file.read_block(file.tensor("h"), 0, 1, 4, 2, tail.data());
  EXPECT_EQ(tail[0], std::ldexp(1.0f, -14));
}

TEST(Safetensors, WriterRoundTripsAndAlignsTheData) {
  const std::string path = scratch("written.safetensors");
  std::remove(path.c_str());
  const std::vector<SafetensorsEntry> entries{{"a.weight", ElementType::f32, {3, 2}},
                                              {"a.bias", ElementType::bf16, {3}},
                                              {"empty", ElementType::f32, {0, 5}}};
  const std::vector<std::vector<float>> values{{0.1f, 0.2f, 0.3f, -0.4f, 1e-30f, 7.0f}, {1.0f, 1.00390625f, 0.1f}, {}};
  int asked = 0;
  write_safetensors(path, entries, {{"format", "pt"}}, [&](std::size_t i, float* out) {
    EXPECT_EQ(static_cast<int>(i), asked++);  // one tensor at a time, in order
    std::copy(values[i].begin(), values[i].end(), out);
  });
  EXPECT_EQ(asked, 3);
  const SafetensorsFile file(path);
  EXPECT_EQ(file.header().data_start % 8, 0u);
  EXPECT_EQ(file.header().metadata.at("format"), "pt");
  std::vector<float> w(6), b(3);
  file.read_all(file.tensor("a.weight"), w.data());
  EXPECT_EQ(w, values[0]);
  file.read_all(file.tensor("a.bias"), b.data());
  // bf16: 1.00390625 = 1 + 2^-8 is a tie between 1 and 1 + 2^-7; to even gives 1. 0.1 rounds to 0.10009765625.
  EXPECT_EQ(b, (std::vector<float>{1.0f, 1.0f, 0.10009765625f}));
  EXPECT_EQ(file.tensor("empty").elements(), 0u);
  EXPECT_FALSE(exists(path + ".partial"));
}

TEST(Safetensors, WriterNeverOverwritesAndLeavesNothingWhenValuesFail) {
  const std::string path = scratch("kept.safetensors");
  std::remove(path.c_str());
  const std::vector<SafetensorsEntry> entries{{"x", ElementType::f32, {2}}};
  write_safetensors(path, entries, {}, [](std::size_t, float* out) { out[0] = out[1] = 3.0f; });
  expect_user_error([&] { write_safetensors(path, entries, {}, [](std::size_t, float* out) { out[0] = out[1] = 4.0f; }); },
                    "exists already");
  std::vector<float> x(2);
  const SafetensorsFile kept(path);
  kept.read_all(kept.tensor("x"), x.data());
  EXPECT_EQ(x[0], 3.0f);

  const std::string failed = scratch("failed.safetensors");
  std::remove(failed.c_str());
  expect_user_error(
      [&] { write_safetensors(failed, entries, {}, [](std::size_t, float*) { FF_REQUIRE(false, "no values for x"); }); },
      "no values for x");
  EXPECT_FALSE(exists(failed));
  EXPECT_FALSE(exists(failed + ".partial"));
}

// The bad files: each message names the file, and the tensor where one is at fault.
struct BadFile {
  const char* name;
  std::string header;
  std::string data;
  std::uint64_t claimed;
  const char* fragment;
};

std::string f32(int n) { return std::string(4 * static_cast<std::size_t>(n), '\0'); }

TEST(Safetensors, BadFilesAreRefusedNamingTheFileAndTheTensor) {
  const std::string ok_a = R"("a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]})";
  std::string nan_data;
  append(nan_data, std::vector<float>{1.0f, std::nanf("")});
  std::string inf_half;
  append(inf_half, std::vector<std::uint16_t>{0x3c00, 0x7c00});
  const std::vector<BadFile> cases{
      {"longer", "{" + ok_a + "}", f32(2), 4096, "longer than the file"},
      {"notjson", "{\"a\":", f32(2), ~0ull, "not valid JSON"},
      {"array", "[1, 2]", "", ~0ull, "not a JSON object"},
      {"fields", R"({"a":{"dtype":"F32","shape":[2]}})", f32(2), ~0ull, "tensor 'a': expected an object"},
      {"unknown", R"({"a":{"dtype":"F31","shape":[2],"data_offsets":[0,8]}})", f32(2), ~0ull, "unknown dtype 'F31'"},
      {"f64", R"({"a":{"dtype":"F64","shape":[1],"data_offsets":[0,8]}})", f32(2), ~0ull, "unsupported dtype 'F64'"},
      {"negative", R"({"a":{"dtype":"F32","shape":[-2],"data_offsets":[0,8]}})", f32(2), ~0ull, "tensor 'a' shape"},
      {"fraction", R"({"a":{"dtype":"F32","shape":[2.5],"data_offsets":[0,8]}})", f32(2), ~0ull, "non-negative integer"},
      {"count", R"({"a":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})", f32(2), ~0ull,
       "tensor 'a': F32 shape [3] needs 12 bytes"},
      {"beyond", R"({"a":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}})", f32(2), ~0ull,
       "tensor 'a': data_offsets [0, 16] reach beyond the data section (8 bytes)"},
      {"reversed", R"({"a":{"dtype":"F32","shape":[0],"data_offsets":[8,0]}})", f32(2), ~0ull, "end before they begin"},
      {"overlap",
       "{" + ok_a + R"(,"b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})", f32(3), ~0ull,
       "tensor 'b' (bytes [4, 12)) overlaps tensor 'a'"},
      {"gap", R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})", f32(2), ~0ull,
       "bytes [0, 4) of the data section belong to no tensor (before 'a')"},
      {"trailing", "{" + ok_a + "}", f32(3), ~0ull, "the last 4 bytes of the data section belong to no tensor"},
      {"short", "", "", ~0ull, "shorter than the 8-byte length"},
      {"metadata", R"({"__metadata__":{"format":1}})", "", ~0ull, "__metadata__ entry 'format' is not a string"},
  };
  for (const BadFile& c : cases) {
    SCOPED_TRACE(c.name);
    std::string path;
    if (std::string(c.name) == "short") {
      path = scratch("short.safetensors");
      std::ofstream(path, std::ios::binary) << "abc";
    } else {
      path = write_raw(std::string(c.name) + ".safetensors", c.header, c.data, c.claimed);
    }
    expect_user_error([&] { SafetensorsFile f(path); }, c.fragment);
    expect_user_error([&] { SafetensorsFile f(path); }, path);
  }

  // Values that are not finite, found when read.
  const SafetensorsFile nan(write_raw("nan.safetensors", "{" + ok_a + "}", nan_data));
  std::vector<float> out(2);
  expect_user_error([&] { nan.read_all(nan.tensor("a"), out.data()); },
                    "tensor 'a' (shape [2]) holds the non-finite value nan at element 1");
  const SafetensorsFile inf(
      write_raw("inf.safetensors", R"({"h":{"dtype":"F16","shape":[1,2],"data_offsets":[0,4]}})", inf_half));
  expect_user_error([&] { inf.read_block(inf.tensor("h"), 0, 1, 1, 1, out.data()); }, "non-finite value inf at element 1");
  inf.read_block(inf.tensor("h"), 0, 1, 0, 1, out.data());  // the finite element alone reads
  EXPECT_EQ(out[0], 1.0f);

  // Blocks outside the tensor, and names it does not hold.
  expect_user_error([&] { inf.read_block(inf.tensor("h"), 0, 2, 0, 1, out.data()); },
                    "block rows [0, 2) x columns [0, 1) reaches outside tensor 'h' of shape [1, 2]");
  expect_user_error([&] { inf.tensor("lm_head.weight"); }, "holds no tensor 'lm_head.weight'");
  expect_user_error([&] { SafetensorsFile f(scratch("absent.safetensors")); }, "cannot open safetensors file");
}

}  // namespace
}  // namespace fourfold::checkpoint

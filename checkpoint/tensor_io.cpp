#include "checkpoint/tensor_io.hpp"

#include "checkpoint/format.hpp"
#include "checkpoint/h5_check.hpp"
#include "checkpoint/h5_handle.hpp"

#include <algorithm>

namespace fourfold::checkpoint {
namespace {

struct Rect {
  hsize_t row, col, rows, cols;
};

// Rectangles of the (rows, cols) dataset covering the runs, in row-major order: each run
// splits into a partial first row, whole middle rows and a partial last row; vertically
// adjacent rectangles of the same columns merge.
std::vector<Rect> rects_of(const std::vector<ParamRun>& runs, std::size_t cols) {
  std::vector<Rect> rects;
  auto push = [&](Rect r) {
    if (r.rows == 0 || r.cols == 0) return;
    if (!rects.empty()) {
      Rect& last = rects.back();
      if (last.col == r.col && last.cols == r.cols && last.row + last.rows == r.row) {
        last.rows += r.rows;
        return;
      }
    }
    rects.push_back(r);
  };
  for (const ParamRun& run : runs) {
    std::size_t begin = run.global_offset;
    const std::size_t end = run.global_offset + run.length;
    if (begin % cols != 0) {  // partial first row
      const std::size_t stop = std::min(end, (begin / cols + 1) * cols);
      push({begin / cols, begin % cols, 1, stop - begin});
      begin = stop;
    }
    const std::size_t whole_rows = (end - begin) / cols;
    push({begin / cols, 0, whole_rows, cols});
    begin += whole_rows * cols;
    if (begin < end) push({begin / cols, 0, 1, end - begin});
  }
  return rects;
}

// The file dataspace of `dataset` with this rank's runs selected; total selected elements in *count.
H5Handle select_runs(hid_t dataset, const ParamInfo& info, const std::vector<ParamRun>& runs,
                     std::size_t* count) {
  H5Handle space(FF_CHECK_H5(H5Dget_space(dataset)), H5Sclose);
  FF_CHECK_H5(H5Sselect_none(space));
  *count = 0;
  for (const Rect& r : rects_of(runs, info.is_vector ? 1 : info.cols)) {
    if (info.is_vector) {
      const hsize_t start[1] = {r.row}, block[1] = {r.rows}, one[1] = {1};
      FF_CHECK_H5(H5Sselect_hyperslab(space, H5S_SELECT_OR, start, nullptr, one, block));
    } else {
      const hsize_t start[2] = {r.row, r.col}, block[2] = {r.rows, r.cols}, one[2] = {1, 1};
      FF_CHECK_H5(H5Sselect_hyperslab(space, H5S_SELECT_OR, start, nullptr, one, block));
    }
    *count += r.rows * r.cols;
  }
  return space;
}

H5Handle memory_space(std::size_t count) {
  const hsize_t dims[1] = {std::max<hsize_t>(count, 1)};
  H5Handle space(FF_CHECK_H5(H5Screate_simple(1, dims, nullptr)), H5Sclose);
  if (count == 0) FF_CHECK_H5(H5Sselect_none(space));
  return space;
}

}  // namespace

void write_tensor(hid_t file, const std::string& dataset, const ParamInfo& info, const float* local,
                  bool owner, hid_t transfer) {
  const auto shape = stored_shape(info);
  std::vector<hsize_t> dims(shape.begin(), shape.end());
  H5Handle file_space(FF_CHECK_H5(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr)), H5Sclose);
  H5Handle link_props(FF_CHECK_H5(H5Pcreate(H5P_LINK_CREATE)), H5Pclose);
  FF_CHECK_H5(H5Pset_create_intermediate_group(link_props, 1));
  H5Handle data(FF_CHECK_H5(H5Dcreate2(file, dataset.c_str(), H5T_NATIVE_FLOAT, file_space, link_props,
                                       H5P_DEFAULT, H5P_DEFAULT)),
                H5Dclose);
  static const std::vector<ParamRun> no_runs;
  std::size_t count = 0;
  H5Handle selection = select_runs(data, info, owner ? info.runs : no_runs, &count);
  // Runs are in increasing global order, as HDF5 walks the selection. Where they also follow each
  // other in local memory (a rank's block of rows or columns, the usual case) HDF5 reads them in
  // place; otherwise they are packed in that order first.
  bool in_place = true;
  for (std::size_t i = 1; i < info.runs.size(); ++i)
    in_place = in_place && info.runs[i].local_offset == info.runs[i - 1].local_offset + info.runs[i - 1].length;
  std::vector<float> packed;
  const float* source = nullptr;
  if (owner && count > 0) {
    if (in_place) {
      source = local + info.runs.front().local_offset;
    } else {
      packed.reserve(count);
      for (const ParamRun& run : info.runs)
        packed.insert(packed.end(), local + run.local_offset, local + run.local_offset + run.length);
      source = packed.data();
    }
  }
  H5Handle mem = memory_space(count);
  FF_CHECK_H5(H5Dwrite(data, H5T_NATIVE_FLOAT, mem, selection, transfer, source));
}

void read_tensor(hid_t file, const std::string& dataset, const ParamInfo& info, float* local,
                 hid_t transfer, const std::string& path) {
  FF_REQUIRE(H5Lexists(file, dataset.c_str(), H5P_DEFAULT) > 0,
             "checkpoint '{}' has no dataset {} (model tensor {})", path, dataset, info.name);
  H5Handle data(FF_CHECK_H5(H5Dopen2(file, dataset.c_str(), H5P_DEFAULT)), H5Dclose);
  {
    H5Handle space(FF_CHECK_H5(H5Dget_space(data)), H5Sclose);
    const int rank = FF_CHECK_H5(H5Sget_simple_extent_ndims(space));
    std::vector<hsize_t> dims(std::max(rank, 1));
    FF_CHECK_H5(H5Sget_simple_extent_dims(space, dims.data(), nullptr));
    const auto expected = stored_shape(info);
    const std::vector<std::size_t> got(dims.begin(), dims.begin() + rank);
    FF_REQUIRE(got == expected, "checkpoint '{}': tensor {} has shape [{}] but the model expects [{}]",
               path, info.name, fmt::join(got, ", "), fmt::join(expected, ", "));
  }
  std::size_t count = 0;
  H5Handle selection = select_runs(data, info, info.runs, &count);
  std::vector<float> packed(std::max<std::size_t>(count, 1));
  H5Handle mem = memory_space(count);
  FF_CHECK_H5(H5Dread(data, H5T_NATIVE_FLOAT, mem, selection, transfer, packed.data()));
  std::size_t at = 0;
  for (const ParamRun& run : info.runs) {
    std::copy(packed.begin() + at, packed.begin() + at + run.length, local + run.local_offset);
    at += run.length;
  }
}

std::vector<float> read_whole(hid_t file, const std::string& dataset, std::vector<std::size_t>& shape) {
  H5Handle data(FF_CHECK_H5(H5Dopen2(file, dataset.c_str(), H5P_DEFAULT)), H5Dclose);
  H5Handle space(FF_CHECK_H5(H5Dget_space(data)), H5Sclose);
  const int rank = FF_CHECK_H5(H5Sget_simple_extent_ndims(space));
  std::vector<hsize_t> dims(std::max(rank, 1), 1);
  FF_CHECK_H5(H5Sget_simple_extent_dims(space, dims.data(), nullptr));
  shape.assign(dims.begin(), dims.begin() + rank);
  std::size_t n = 1;
  for (auto d : shape) n *= d;
  std::vector<float> values(n);
  FF_CHECK_H5(H5Dread(data, H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()));
  return values;
}

}  // namespace fourfold::checkpoint

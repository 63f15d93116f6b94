// Reading and writing one parameter-shaped tensor as an HDF5 dataset of its global shape,
// each rank touching only the hyperslabs it holds (described by the tensor's runs).
#pragma once

#include "layers/param_layout.hpp"

#include <hdf5.h>

#include <string>

namespace fourfold::checkpoint {

/// Creates `dataset` (collective: every rank calls it) with the tensor's global shape and
/// writes this rank's runs when `owner` (each element is written by exactly one rank).
/// local: the tensor's elements on this rank (arena + info.offset).
void write_tensor(hid_t file, const std::string& dataset, const ParamInfo& info, const float* local,
                  bool owner, hid_t transfer);

/// Reads this rank's runs of `dataset` into local (arena + info.offset); a dataset whose
/// shape is not the tensor's is a UserError naming both shapes.
void read_tensor(hid_t file, const std::string& dataset, const ParamInfo& info, float* local,
                 hid_t transfer, const std::string& path);

/// Reads a whole dataset (serial use: tools); returns its shape in `shape`.
std::vector<float> read_whole(hid_t file, const std::string& dataset, std::vector<std::size_t>& shape);

}  // namespace fourfold::checkpoint

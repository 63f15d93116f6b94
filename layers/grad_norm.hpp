// Global gradient norm over the whole grid, counting every element of every global tensor
// once: each rank sums the squares of the tensors whose copy it owns (owns_copy), and the
// sums are added over the world.
#pragma once

#include "comm/grid.hpp"
#include "core/types.hpp"
#include "layers/param_layout.hpp"

#include <vector>

namespace fourfold {

double global_gradient_norm(const ConstVector& gradients, const std::vector<ParamInfo>& params,
                            const comm::Grid& grid);

}  // namespace fourfold

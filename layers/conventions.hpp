// Conventions every layer in layers/ follows (documentation only).
//
// Shapes. m = rows of tokens this rank holds = (B / (G_data * G_z)) * T. C = channels,
// C_x = C / G_x, C_y = C / G_y. Buffers are row-major Views; every declaration carries a
// shape comment such as `// (m, C_x)`.
//
// Layout of the residual stream: (m, C_x), sharded over X by columns, replicated over Y,
// batch rows split over (Z, data). A normal Linear takes this layout in and gives (m, n / G_y)
// out (sharded over Y, replicated over X); a transposed Linear does the reverse, so normal and
// transposed layers alternate with no redistribution (QKV, FC normal; attention output and FC
// projection transposed).
//
// Signatures. Each op is a forward/backward pair with mirrored arguments, the execution space
// first: op_forward(exec, outputs..., saved..., inputs..., parameters..., groups...) and
// op_backward(exec, input grads..., parameter grads..., output grads, saved..., inputs...,
// parameters..., groups...).
//
// Gradient rule. Parameter gradients are accumulated (+=) so micro-batches add up; they are
// zeroed once per optimizer step. Activation gradients are assigned (=).
//
// Memory. Parameters, gradients, activations and workspaces are Views into buffers allocated
// once when the model is built; forward and backward never allocate.
//
// Grid independence. Every parameter element has a global index; initial values are drawn by
// that index (core/rng.hpp), so any grid holds the same global model. Row statistics of
// LayerNorm and the softmax of the loss are reduced over their groups, so results equal the
// single-rank ones up to float rounding.
#pragma once

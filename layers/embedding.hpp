// Token + position embedding with the token table vocab-parallel over the X*Y group.
//
// wte_local (V_loc, C) holds global vocab rows [vocab_offset, vocab_offset + V_loc); a rank
// looks up the tokens in its range (zero otherwise), the XY group sums the rows, and each rank
// keeps its X slice of channels: out (m, C_x) = wte[token][x slice] + wpe[position][x slice].
#pragma once

#include "comm/communicator.hpp"
#include "core/types.hpp"

namespace fourfold {

using TokenView = Kokkos::View<const int*, MemSpace>;     // (m) token ids
using PositionView = Kokkos::View<const int*, MemSpace>;  // (m) a position per row (rotary.hpp's too)

/// full (m, C) is scratch; wpe_local (maxT, C_x), or empty for a model without a position
/// embedding (Llama: out is the token rows alone); position of row i is first_position +
/// i % seq_len (first_position > 0: the next tokens of a sequence whose first ones were embedded
/// before, as generation runs). out may hold m_out < m rows: rows [out_row_begin, out_row_begin
/// + m_out) of the m (sequence sharding: this rank's rows of the norm region).
void embedding_forward(const ExecSpace& exec, const Matrix& out, const Matrix& full,
                       const TokenView& tokens, const ConstMatrix& wte_local,
                       const ConstMatrix& wpe_local, int vocab_offset, int seq_len, int x_rank,
                       const comm::Communicator& xy_group, int first_position = 0,
                       std::size_t out_row_begin = 0);

/// The same with a position per row: row i at position row_positions(i) (m of them, each below
/// wpe_local's rows: the caller checks), all m rows into out. Generation's batch, where each
/// sequence's rows continue from its own length.
void embedding_forward(const ExecSpace& exec, const Matrix& out, const Matrix& full, const TokenView& tokens,
                       const ConstMatrix& wte_local, const ConstMatrix& wpe_local, int vocab_offset,
                       const PositionView& row_positions, int x_rank, const comm::Communicator& xy_group);

/// dwte_local (V_loc, C) +=, dwpe_local (maxT, C_x; empty: none) +=, from dout (m, C_x)
/// (replicated over Y).
/// gathered (G_x * m * C_x) is scratch for the all-gather of dout over X.
void embedding_backward(const ExecSpace& exec, const Matrix& dwte_local, const Matrix& dwpe_local,
                        const ConstMatrix& dout, const Vector& gathered, const TokenView& tokens,
                        int vocab_offset, int seq_len, const comm::Communicator& x_group);

/// full (m, C) from the X all-gather buffer gathered (G_x, m, C_x): full(i, x*C_x + c) =
/// gathered(x, i, c). Shared with the LM head.
void unpack_x_gather(const ExecSpace& exec, const Matrix& full, const ConstVector& gathered,
                     int x_size);

}  // namespace fourfold

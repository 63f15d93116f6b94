// bf16 on the wire: in bf16 mode ([train] precision = "bf16") the activations that cross the
// linear layers' X/Y all-reduces and the weights that cross the Z all-gathers travel as bf16,
// half the bytes of fp32. Values are rounded to nearest even; the layers compute in fp32 on
// either side of the collective (GEMMs accumulate in fp32, and a bf16 all-reduce combines each
// pair in fp32, comm/types.hpp).
#pragma once

#include "comm/communicator.hpp"
#include "comm/request.hpp"
#include "core/counters.hpp"
#include "core/types.hpp"

namespace fourfold {

// Each pass counts into the ledger (core/ledger.hpp) as `kind`: WorkKind::wire when it packs or
// unpacks a collective's buffer, WorkKind::conversion when it only changes precision (the
// weights' bf16 copies, activations saved as bf16).

/// dst (n) = src (n) rounded to bf16.
void pack_bf16(const ExecSpace& exec, WorkKind kind, const Bf16Vector& dst, const ConstVector& src);
/// dst (n) = src (n), exactly.
void unpack_bf16(const ExecSpace& exec, WorkKind kind, const Vector& dst, const ConstBf16Vector& src);
/// dst (n) += src (n).
void unpack_add_bf16(const ExecSpace& exec, WorkKind kind, const Vector& dst, const ConstBf16Vector& src);
/// data (n) = data rounded to bf16, in place.
void round_to_bf16(const ExecSpace& exec, WorkKind kind, const Vector& data);

/// The sum of `data` (n) over `group`, through `wire` (at least n bf16 elements) in bf16 mode or
/// in place in fp32 (`wire` empty). Started (`start`): the returned request completes the
/// collective, then finish_all_reduce() copies the bf16 result back. A group of one rank only
/// rounds: every grid sees the same bf16 values.
comm::Request start_activation_all_reduce(const ExecSpace& exec, const comm::Communicator& group, const Vector& data,
                                          const Bf16Vector& wire, bool start);
/// After the request of start_activation_all_reduce completed (or at once when not started):
/// data (n) = the bf16 result, in bf16 mode; nothing in fp32.
void finish_activation_all_reduce(const ExecSpace& exec, const comm::Communicator& group, const Vector& data,
                                  const Bf16Vector& wire);

}  // namespace fourfold

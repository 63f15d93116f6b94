#include "layers/linear_schedule.hpp"

#include "core/error.hpp"
#include "layers/bf16_wire.hpp"
#include "layers/elementwise.hpp"

#include <algorithm>
#include <limits>
#include <map>

namespace fourfold {
namespace {
template <class View>
View prefix(const View& v, std::size_t n) {
  return Kokkos::subview(v, Kokkos::make_pair(std::size_t{0}, n));
}

// next[p]: the next position after p where order[p]'s call is asked for again, or the order's
// length.
std::vector<std::size_t> next_occurrences(const std::vector<int>& order) {
  std::vector<std::size_t> next(order.size(), order.size());
  std::map<int, std::size_t> seen;  // call -> its nearest position after the one looked at
  for (std::size_t p = order.size(); p-- > 0;) {
    const auto it = seen.find(order[p]);
    if (it != seen.end()) next[p] = it->second;
    seen[order[p]] = p;
  }
  return next;
}

}  // namespace

LinearSchedule::LinearSchedule(std::vector<LinearCall> calls, int z_size, const OverlapOptions& overlap, int slots,
                               std::vector<int> forward_order, std::vector<int> backward_order, bool bf16_wire,
                               bool bf16_grads)
    : calls_(std::move(calls)),
      z_size_(z_size),
      overlap_(overlap),
      bf16_weights_(bf16_wire),
      bf16_wire_(bf16_wire && z_size > 1),
      bf16_grads_(bf16_grads && z_size > 1) {
  FF_REQUIRE(slots >= 0, "{} gradient slots: need none (forward only) or more", slots);
  if (forward_order.empty())
    for (int i = 0; i < this->calls(); ++i) forward_order.push_back(i);
  if (backward_order.empty())
    for (int i = this->calls() - 1; i >= 0; --i) backward_order.push_back(i);
  for (const std::vector<int>* order : {&forward_order, &backward_order})
    for (const int i : *order) FF_REQUIRE(i >= 0 && i < this->calls(), "schedule order names call {} of {}", i, this->calls());
  orders_[0] = std::move(forward_order);
  orders_[1] = std::move(backward_order);
  for (int pass = 0; pass < 2; ++pass) next_of_[pass] = next_occurrences(orders_[pass]);
  for (const LinearCall& c : calls_) {
    FF_REQUIRE(c.weight_chunk_bf16.extent(0) == (bf16_weights_ ? c.layer->chunk_size() : 0),
               "schedule: layer {} of block {} has a bf16 weight copy of {} elements in {} mode (chunk of {})",
               c.layer->name(), c.block, c.weight_chunk_bf16.extent(0), bf16_weights_ ? "bf16" : "fp32",
               c.layer->chunk_size());
  }
  if (z_size_ == 1) return;  // weights (fp32) and gradient chunks are used in place
  std::size_t max_block = 0, max_chunk = 0;
  for (const LinearCall& c : calls_) {
    max_block = std::max(max_block, c.layer->block_size());
    max_chunk = std::max(max_chunk, c.layer->chunk_size());
  }
  buffers_.resize(static_cast<std::size_t>(weight_buffers_needed(orders_[0], orders_[1])));
  for (WeightBuffer& b : buffers_) {
    if (bf16_wire_) {
      b.wire = Bf16Vector(Kokkos::view_alloc(std::string("fourfold::schedule::weight_wire")), max_block);
    } else {
      b.block = Vector(Kokkos::view_alloc(std::string("fourfold::schedule::weight_block")), max_block);
    }
  }
  slots_.resize(slots);
  for (GradSlot& s : slots_) {
    s.block = Vector(Kokkos::view_alloc(std::string("fourfold::schedule::grad_block")), max_block);
    if (!bf16_grads_) {
      s.reduced = Vector(Kokkos::view_alloc(std::string("fourfold::schedule::grad_reduced")), max_chunk);
    } else {
      s.wire_block = Bf16Vector(Kokkos::view_alloc(std::string("fourfold::schedule::grad_wire_block")), max_block);
      s.wire_reduced = Bf16Vector(Kokkos::view_alloc(std::string("fourfold::schedule::grad_wire_reduced")), max_chunk);
    }
  }
}

int weight_buffers_needed(const std::vector<int>& forward_order, const std::vector<int>& backward_order) {
  // At position p of a pass the calls asked for at or before p and again after it stay, besides
  // the call at p + 1 (the prefetch): the largest such set, and at least the two of the plain
  // double buffer. Each call's span [first, last] is live at p where first <= p + 1 and last >= p.
  std::size_t most = 2;
  for (const std::vector<int>* order : {&forward_order, &backward_order}) {
    std::map<int, std::pair<std::size_t, std::size_t>> spans;  // call -> first and last position
    for (std::size_t p = 0; p < order->size(); ++p) {
      const auto [it, added] = spans.try_emplace((*order)[p], p, p);
      if (!added) it->second.second = p;
    }
    for (std::size_t p = 0; p < order->size(); ++p) {
      std::size_t live = 0;
      for (const auto& [call, span] : spans) live += span.first <= p + 1 && span.second >= p ? 1 : 0;
      most = std::max(most, live);
    }
  }
  return static_cast<int>(most);
}

std::size_t LinearSchedule::next_use(const WeightBuffer& buffer) const {
  if (buffer.call < 0) return std::numeric_limits<std::size_t>::max();
  // Prefetched (for position_ or later): then; served: its call's next position after that.
  if (buffer.serves >= position_) return buffer.serves;
  return next_of_[pass_ == Pass::forward ? 0 : 1][buffer.serves];
}

int LinearSchedule::buffer_holding(int call) const {
  for (std::size_t b = 0; b < buffers_.size(); ++b)
    if (buffers_[b].call == call) return static_cast<int>(b);
  return -1;
}

int LinearSchedule::free_buffer(int keep) const {
  // Belady's rule, exact here since the pass's order is known: the buffer whose call is asked
  // for again last (or never, or that holds nothing), other than `keep` (the call in use).
  int victim = -1;
  std::size_t farthest = 0;
  for (std::size_t b = 0; b < buffers_.size(); ++b) {
    if (static_cast<int>(b) == keep) continue;
    const std::size_t use = next_use(buffers_[b]);
    if (victim < 0 || use > farthest) {
      farthest = use;
      victim = static_cast<int>(b);
    }
  }
  return victim;
}

void LinearSchedule::start_gather(const ExecSpace& exec, WeightBuffer& buffer, std::size_t at, bool start) {
  if (buffer.pending.active()) buffer.pending.wait(exec);  // a prefetch nobody used
  const int i = orders_[pass_ == Pass::forward ? 0 : 1][at];
  const LinearCall& c = calls_[i];
  const std::size_t size = c.layer->block_size();
  buffer.call = i;
  buffer.serves = at;
  buffer.pending = bf16_wire_ ? c.layer->gather_weight(exec, c.weight_chunk_bf16, prefix(buffer.wire, size), start)
                              : c.layer->gather_weight(exec, c.weight_chunk, prefix(buffer.block, size), start);
}

void LinearSchedule::begin_pass(const ExecSpace& exec, Pass pass) {
  pass_ = pass;
  position_ = 0;
  if (z_size_ == 1) return;
  for (WeightBuffer& b : buffers_) {
    if (b.pending.active()) b.pending.wait(exec);
    b.call = -1;
  }
  const std::vector<int>& order = orders_[pass == Pass::forward ? 0 : 1];
  if (overlap_.oag && !order.empty()) start_gather(exec, buffers_[0], 0, true);
}

WeightBlock LinearSchedule::weight(const ExecSpace& exec, int i) {
  const LinearCall& c = calls_[i];
  const std::size_t n = c.layer->out_local(), k = c.layer->in_local();
  if (z_size_ == 1) {
    if (bf16_weights_) return ConstBf16Matrix(c.weight_chunk_bf16.data(), n, k);
    return ConstMatrix(c.weight_chunk.data(), n, k);
  }
  const std::vector<int>& order = orders_[pass_ == Pass::forward ? 0 : 1];
  FF_ASSERT(position_ < order.size() && order[position_] == i, "schedule: call {} asked for out of the pass's order",
            i);
  const std::size_t at = position_++;  // next_use() now looks past this call
  int here = buffer_holding(i);
  if (here < 0) {
    // Neither prefetched nor kept: gather now.
    here = free_buffer(-1);
    start_gather(exec, buffers_[here], at, false);
  } else {
    if (buffers_[here].pending.active()) buffers_[here].pending.wait(exec);
    buffers_[here].serves = at;
  }
  if (overlap_.oag && position_ < order.size() && buffer_holding(order[position_]) < 0)
    start_gather(exec, buffers_[free_buffer(here)], position_, true);
  if (bf16_wire_) return ConstBf16Matrix(buffers_[here].wire.data(), n, k);
  return ConstMatrix(buffers_[here].block.data(), n, k);
}

Vector LinearSchedule::reduced_of(GradSlot& slot, int i) const {
  return prefix(slot.reduced, calls_[i].layer->chunk_size());
}

void LinearSchedule::retire(const ExecSpace& exec, GradSlot& slot) {
  if (slot.call < 0) return;
  if (slot.pending.active()) slot.pending.wait(exec);
  if (bf16_grads_) {
    unpack_add_bf16(exec, WorkKind::wire, calls_[slot.call].grad_chunk, prefix(slot.wire_reduced, calls_[slot.call].layer->chunk_size()));
  } else {
    add_into(exec, calls_[slot.call].grad_chunk, reduced_of(slot, slot.call));
  }
  slot.call = -1;
}

Matrix LinearSchedule::grad_block(const ExecSpace& exec, int i, float& beta) {
  const LinearCall& c = calls_[i];
  const std::size_t n = c.layer->out_local(), k = c.layer->in_local();
  if (z_size_ == 1) {
    beta = 1.0f;  // the chunk is the whole block: accumulate into it
    return Matrix(c.grad_chunk.data(), n, k);
  }
  FF_REQUIRE(!slots_.empty(), "schedule: call {} asks for a weight-gradient block of a forward-only schedule", i);
  GradSlot& slot = slots_[next_slot_];
  retire(exec, slot);  // the oldest in flight: its block is about to be overwritten
  beta = 0.0f;
  return Matrix(slot.block.data(), n, k);
}

void LinearSchedule::reduce_grad(const ExecSpace& exec, int i) {
  if (z_size_ == 1) return;
  GradSlot& slot = slots_[next_slot_];
  next_slot_ = (next_slot_ + 1) % static_cast<int>(slots_.size());
  const LinearCall& c = calls_[i];
  slot.call = i;
  const Vector block = prefix(slot.block, c.layer->block_size());
  if (bf16_grads_) {
    const Bf16Vector rounded = prefix(slot.wire_block, c.layer->block_size());
    pack_bf16(exec, WorkKind::wire, rounded, block);
    slot.pending =
        c.layer->reduce_weight_grad(exec, rounded, prefix(slot.wire_reduced, c.layer->chunk_size()), overlap_.ors);
  } else {
    slot.pending = c.layer->reduce_weight_grad(exec, block, reduced_of(slot, i), overlap_.ors);
  }
  if (!overlap_.ors) retire(exec, slot);
}

bool LinearSchedule::grads_pending_from(int block) const {
  for (const GradSlot& s : slots_)
    if (s.call >= 0 && calls_[s.call].block >= block) return true;
  return false;
}

void LinearSchedule::finish_grads(const ExecSpace& exec) {
  // Oldest first: next_slot_ is the slot written longest ago.
  for (std::size_t k = 0; k < slots_.size(); ++k) retire(exec, slots_[(next_slot_ + k) % slots_.size()]);
}

void LinearSchedule::finish_weights(const ExecSpace& exec) {
  for (WeightBuffer& b : buffers_)
    if (b.pending.active()) b.pending.wait(exec);
}

std::size_t LinearSchedule::workspace_bytes() const {
  std::size_t bytes = 0;
  for (const WeightBuffer& b : buffers_) bytes += b.block.span() * sizeof(float) + b.wire.span() * sizeof(bf16);
  for (const GradSlot& s : slots_)
    bytes += (s.block.span() + s.reduced.span()) * sizeof(float) + (s.wire_block.span() + s.wire_reduced.span()) * sizeof(bf16);
  return bytes;
}

}  // namespace fourfold

// The Z collectives of a model's linear layers, run ahead of and behind the layers (OAG, ORS).
//
// Calls are numbered in forward order (block l's qkv, attn proj, fc, fc proj are 4l .. 4l+3).
// Each pass asks for weights in an order given at set-up: forward 0, 1, 2, ...; backward the
// reverse, or, with activation recomputation, each block's recomputed forward calls before its
// backward ones (4l, 4l+1, 4l+2, 4l+3, 4l+2, 4l+1, 4l), so the prefetch follows the recomputed
// forward too. With G_z = 1 there is nothing to gather or reduce: weights (fp32) and gradient
// chunks are used in place.
//
// Weights (OAG). Gathered-block buffers, as many as the passes' orders keep live at once
// (weight_buffers_needed): two (in use and prefetched), or with block recomputation four, so
// that the QKV and attention projection weights gathered for a block's recomputed forward serve
// its backward too and each call is gathered once per pass. weight() returns call i's gathered
// block and, with OAG, starts the gather of the next call of the pass's order (unless a buffer
// holds it already) into the buffer whose call is asked for again last, so it runs while call i
// computes. A pass starts with begin_pass(), which forgets what the buffers held
// (parameters may have changed) and, with OAG, starts the gather of the pass's first call, to
// run behind the work that precedes the first layer (embedding, LM-head backward).
//
// bf16 weights (bf16 mode). Every call comes with the bf16 copy of its weight chunk, kept by the
// model (Gpt::bf16_parameters: rounded by the optimizer's update, or by the model once per
// optimizer step). With G_z = 1, weight() hands the GEMMs that copy (the whole block); with
// G_z > 1 the gathers move it into a bf16 block that weight() hands over as it arrived: no fp32
// block is made or kept. Either way no GEMM rounds a weight operand of its own, and the values
// multiplied are the same on every Z grid.
//
// With bf16 gradient collectives ([train] grad_reduce = "bf16") each dW block is rounded into a
// bf16 block, reduce-scattered in bf16, and the bf16 sum added to the fp32 gradient chunk.
//
// Weight gradients (ORS). A ring of `slots` gradient blocks. grad_block() hands out the block
// call i's dW GEMM writes; reduce_grad() starts the block's reduce-scatter over Z (with ORS) and
// the slot stays in flight until the ring comes round to it again, or finish_grads(); retiring
// a slot waits for it and adds the reduced chunk to the call's gradient chunk. The ring owns
// every pending buffer and handle: nothing else can lose track of one. Without ORS the
// reduce-scatter runs at once and is added at once. Either way each chunk receives the same
// additions in the same order, so the gradients are bit-identical.
#pragma once

#include "comm/request.hpp"
#include "core/types.hpp"
#include "layers/linear.hpp"
#include "layers/overlap.hpp"

#include <vector>

namespace fourfold {

/// One linear-layer call: the layer, its model block, its weight chunk and gradient chunk, and in
/// bf16 mode the bf16 copy of its weight chunk.
struct LinearCall {
  const ParallelLinear* layer = nullptr;
  int block = 0;
  ConstVector weight_chunk;           // (chunk_size)
  Vector grad_chunk;                  // (chunk_size)
  ConstBf16Vector weight_chunk_bf16;  // (chunk_size) bf16 mode; empty in fp32
};

/// The gathered-weight buffers a schedule with these orders keeps (each the largest block): at
/// each position of a pass, the calls asked for before it and again after it, the call itself
/// and the next (the prefetch); at least 2. 4 for block recomputation's backward (4l .. 4l+2,
/// then 4l+3 .. 4l), 2 for orders that ask for each call once.
int weight_buffers_needed(const std::vector<int>& forward_order, const std::vector<int>& backward_order);

class LinearSchedule {
 public:
  enum class Pass { forward, backward };

  /// slots: gradient blocks that may be in flight at once (4 = one transformer block; 0 = forward
  /// only, with G_z > 1 none allocated).
  /// forward_order, backward_order: the calls whose weights each pass asks for, in order (each
  /// entry a call index); empty: every call once, in call order forward and reversed backward.
  /// bf16_wire: bf16 mode (the GEMMs read, and the gathers move, each call's weight_chunk_bf16).
  LinearSchedule(std::vector<LinearCall> calls, int z_size, const OverlapOptions& overlap, int slots = 4,
                 std::vector<int> forward_order = {}, std::vector<int> backward_order = {}, bool bf16_wire = false,
                 bool bf16_grads = false);
  LinearSchedule(const LinearSchedule&) = delete;
  LinearSchedule& operator=(const LinearSchedule&) = delete;

  int calls() const { return static_cast<int>(calls_.size()); }
  const LinearCall& call(int i) const { return calls_[i]; }

  bool bf16_wire() const { return bf16_wire_; }

  void begin_pass(const ExecSpace& exec, Pass pass);
  /// Call i's gathered weight block (n_loc, k_loc), ready for work enqueued on exec: fp32, or
  /// bf16 in bf16 mode.
  WeightBlock weight(const ExecSpace& exec, int i);

  /// Where call i's weight gradient goes and the beta its GEMM uses (1: accumulate in place).
  Matrix grad_block(const ExecSpace& exec, int i, float& beta);
  /// Call i's dW GEMM has been enqueued: reduce it over Z into its gradient chunk.
  void reduce_grad(const ExecSpace& exec, int i);
  /// True while a reduce-scatter of a call of block >= `block` is still in flight.
  bool grads_pending_from(int block) const;
  /// Completes every reduce-scatter in flight (oldest first) and adds it to its chunk.
  void finish_grads(const ExecSpace& exec);
  /// Completes an outstanding prefetch (it is dropped).
  void finish_weights(const ExecSpace& exec);
  /// Bytes of the gathered-weight buffers and gradient slots (the memory plan's workspaces).
  std::size_t workspace_bytes() const;

 private:
  struct WeightBuffer {
    Vector block;           // (max block_size) what the gather receives; empty on a bf16 wire
    Bf16Vector wire;        // (max block_size) bf16 mode: what the gather receives
    int call = -1;          // whose weights it holds (or is receiving)
    std::size_t serves = 0;  // the order position it holds them for (last served, or prefetched for)
    comm::Request pending;  // the gather into it, while in flight
  };
  struct GradSlot {
    Vector block;           // (max block_size) dW before the reduce-scatter
    Vector reduced;         // (max chunk_size) this rank's reduced chunk
    Bf16Vector wire_block;    // (max block_size) bf16 gradient collectives: the block rounded
    Bf16Vector wire_reduced;  // (max chunk_size) and its reduced chunk
    int call = -1;          // in flight for this call, -1 when free
    comm::Request pending;
  };

  /// Gathers the call at position `at` of the current pass's order into `buffer`.
  void start_gather(const ExecSpace& exec, WeightBuffer& buffer, std::size_t at, bool start);
  /// The position in the current pass's order where the buffer's call is asked for next (from
  /// position_ on): the order's length when never again, the largest value when it holds nothing.
  std::size_t next_use(const WeightBuffer& buffer) const;
  int buffer_holding(int call) const;  // -1 when no buffer holds (or receives) it
  /// The buffer to gather into: one holding nothing, else the one whose call is asked for again
  /// last; never `keep`.
  int free_buffer(int keep) const;
  void retire(const ExecSpace& exec, GradSlot& slot);
  Vector reduced_of(GradSlot& slot, int i) const;

  std::vector<LinearCall> calls_;
  int z_size_;
  OverlapOptions overlap_;
  Pass pass_ = Pass::forward;
  std::vector<int> orders_[2];  // forward, backward
  std::vector<std::size_t> next_of_[2];  // per order position: where its call comes next (or the length)
  std::size_t position_ = 0;    // entries of the current pass's order handed out so far
  std::vector<WeightBuffer> buffers_;  // weight_buffers_needed(orders_) of them (none with G_z = 1)
  std::vector<GradSlot> slots_;
  int next_slot_ = 0;
  bool bf16_weights_ = false;  // bf16 mode: the GEMMs read bf16 weights
  bool bf16_wire_ = false;     // bf16 mode with G_z > 1: the gathers move them
  bool bf16_grads_ = false;
};

}  // namespace fourfold

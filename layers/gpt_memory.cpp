#include "layers/gpt_memory.hpp"

#include "layers/layernorm.hpp"

#include <string>

namespace fourfold {
namespace {

Matrix alloc_matrix(const char* label, std::size_t rows, std::size_t cols) {
  return Matrix(Kokkos::view_alloc(std::string(label)), rows, cols);
}
Vector alloc_vector(const char* label, std::size_t n) {
  return Vector(Kokkos::view_alloc(std::string(label)), n);
}

}  // namespace

GptActivations::GptActivations(const GptDims& d) {
  const std::size_t m = d.rows();
  tokens = Kokkos::View<int*, MemSpace>("fourfold::tokens", m);
  targets = Kokkos::View<int*, MemSpace>("fourfold::targets", m);
  res0 = alloc_matrix("fourfold::act::embedding", m, d.c_x);
  blocks.resize(d.layers);
  for (BlockActivations& a : blocks) {
    a.ln1 = alloc_matrix("fourfold::act::ln1", m, d.c_x);
    a.ln1_mean = alloc_vector("fourfold::act::ln1_mean", m);
    a.ln1_rstd = alloc_vector("fourfold::act::ln1_rstd", m);
    a.qkv = alloc_matrix("fourfold::act::qkv", m, 3 * d.c_y);
    a.att = Tensor4<float>("fourfold::act::att", d.local_batch, d.heads_y, d.seq_len, d.seq_len);
    a.atty = alloc_matrix("fourfold::act::atty", m, d.c_y);
    a.res2 = alloc_matrix("fourfold::act::res2", m, d.c_x);
    a.ln2 = alloc_matrix("fourfold::act::ln2", m, d.c_x);
    a.ln2_mean = alloc_vector("fourfold::act::ln2_mean", m);
    a.ln2_rstd = alloc_vector("fourfold::act::ln2_rstd", m);
    a.fch = alloc_matrix("fourfold::act::fch", m, 4 * d.c_y);
    a.fch_gelu = alloc_matrix("fourfold::act::fch_gelu", m, 4 * d.c_y);
    a.res3 = alloc_matrix("fourfold::act::res3", m, d.c_x);
  }
  lnf = alloc_matrix("fourfold::act::lnf", m, d.c_x);
  lnf_mean = alloc_vector("fourfold::act::lnf_mean", m);
  lnf_rstd = alloc_vector("fourfold::act::lnf_rstd", m);
  probs = alloc_matrix("fourfold::act::probs", m, d.vocab_local);
  losses = alloc_vector("fourfold::act::losses", m);
}

std::size_t GptActivations::bytes() const {
  std::size_t total = view_bytes(tokens) + view_bytes(targets) + view_bytes(res0) + view_bytes(lnf) +
                      view_bytes(lnf_mean) + view_bytes(lnf_rstd) + view_bytes(probs) + view_bytes(losses);
  for (const BlockActivations& a : blocks)
    total += view_bytes(a.ln1) + view_bytes(a.ln1_mean) + view_bytes(a.ln1_rstd) + view_bytes(a.qkv) +
             view_bytes(a.att) + view_bytes(a.atty) + view_bytes(a.res2) + view_bytes(a.ln2) +
             view_bytes(a.ln2_mean) + view_bytes(a.ln2_rstd) + view_bytes(a.fch) + view_bytes(a.fch_gelu) +
             view_bytes(a.res3);
  return total;
}

GptWorkspaces::GptWorkspaces(const GptDims& d) {
  const std::size_t m = d.rows();
  linear.ones = alloc_vector("fourfold::ws::ones", m);
  Kokkos::deep_copy(linear.ones, 1.0f);
  head.h_full = alloc_matrix("fourfold::ws::h_full", m, d.channels);
  head.gathered = alloc_vector("fourfold::ws::gathered", m * d.channels);
  head.row_max = alloc_vector("fourfold::ws::row_max", m);
  head.row_stats = Tensor2<float>("fourfold::ws::row_stats", m, 2);
  head.loss_sum = DeviceScalar<double>("fourfold::ws::loss_sum");
  loss = DeviceScalar<double>("fourfold::loss");
  row_sums = Tensor2<double>("fourfold::ws::row_sums", m, 2);
  ln_partials = alloc_matrix("fourfold::ws::ln_partials", layernorm_partial_rows(m), d.c_x);
  d_res = alloc_matrix("fourfold::grad::res", m, d.c_x);
  d_ln = alloc_matrix("fourfold::grad::ln", m, d.c_x);
  d_qkv = alloc_matrix("fourfold::grad::qkv", m, 3 * d.c_y);
  d_atty = alloc_matrix("fourfold::grad::atty", m, d.c_y);
  d_fch = alloc_matrix("fourfold::grad::fch", m, 4 * d.c_y);
  d_fch_gelu = alloc_matrix("fourfold::grad::fch_gelu", m, 4 * d.c_y);
  d_att = Tensor4<float>("fourfold::grad::att", d.local_batch, d.heads_y, d.seq_len, d.seq_len);
  full = alloc_matrix("fourfold::ws::full", m, d.channels);
}

std::size_t GptWorkspaces::bytes() const {
  return view_bytes(linear.ones) + view_bytes(linear.weight_block) + view_bytes(linear.weight_grad_block) +
         view_bytes(linear.weight_grad_chunk) + view_bytes(head.h_full) + view_bytes(head.gathered) +
         view_bytes(head.row_max) + view_bytes(head.row_stats) + view_bytes(row_sums) + view_bytes(d_res) +
         view_bytes(ln_partials) + view_bytes(d_ln) + view_bytes(d_qkv) + view_bytes(d_atty) + view_bytes(d_fch) +
         view_bytes(d_fch_gelu) + view_bytes(d_att) + view_bytes(full);
}

}  // namespace fourfold

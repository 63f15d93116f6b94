// The NCCL backend on device buffers. It needs a CUDA device; without one (as on the CPU
// build machines) every test skips with the reason, never fails.
#include "comm/communicator.hpp"
#include "comm/nccl_backend.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#if FOURFOLD_ENABLE_NCCL
#include <cuda_runtime_api.h>
#endif

#include <vector>

namespace fourfold::comm {
namespace {

TEST(NcclBackend, CollectivesOnDeviceBuffers) {
  std::string reason;
  // Every rank must agree on skipping, or the NCCL set-up below would wait for absent peers.
  int available = nccl_device_available(&reason) ? 1 : 0;
  int all_available = available;
  MPI_Allreduce(&available, &all_available, 1, MPI_INT, MPI_MIN, test::world());
  if (!all_available) GTEST_SKIP() << "NCCL backend not exercised: " << reason;
#if FOURFOLD_ENABLE_NCCL
  Communicator world = Communicator::duplicate(test::world(), "world");
  world.enable_nccl();
  const NcclCommunicator& nccl = *world.nccl();
  const int n = world.size(), me = world.rank();
  constexpr std::size_t count = 1000;
  std::vector<float> h(count * n);
  for (std::size_t i = 0; i < h.size(); ++i) h[i] = static_cast<float>(me * 10000 + i);
  float *send = nullptr, *recv = nullptr;
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&send), h.size() * sizeof(float)), cudaSuccess);
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&recv), h.size() * sizeof(float)), cudaSuccess);
  cudaMemcpy(send, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice);
  cudaStream_t stream;
  cudaStreamCreate(&stream);

  nccl.all_reduce(send, recv, count, DType::f32, ReduceOp::sum, stream);
  std::vector<float> out(count * n);
  cudaStreamSynchronize(stream);
  cudaMemcpy(out.data(), recv, count * sizeof(float), cudaMemcpyDeviceToHost);
  for (std::size_t i = 0; i < count; ++i) {
    float expected = 0;
    for (int r = 0; r < n; ++r) expected += static_cast<float>(r * 10000 + i);
    ASSERT_EQ(out[i], expected);
  }

  nccl.all_gather(send, recv, count, DType::f32, stream);
  void* event = nccl_record_event(stream);
  nccl_wait_event(event);
  cudaMemcpy(out.data(), recv, count * n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int r = 0; r < n; ++r)
    for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(out[r * count + i], static_cast<float>(r * 10000 + i));

  nccl.reduce_scatter(send, recv, count, DType::f32, ReduceOp::sum, stream);
  cudaStreamSynchronize(stream);
  cudaMemcpy(out.data(), recv, count * sizeof(float), cudaMemcpyDeviceToHost);
  for (std::size_t i = 0; i < count; ++i) {
    float expected = 0;
    for (int r = 0; r < n; ++r) expected += static_cast<float>(r * 10000 + me * count + i);
    ASSERT_EQ(out[i], expected);
  }
  cudaStreamDestroy(stream);
  cudaFree(send);
  cudaFree(recv);
#endif
}

}  // namespace
}  // namespace fourfold::comm

// What the NCCL backend still names of the GPU runtime itself, for CUDA + NCCL or HIP + RCCL
// (RCCL implements the NCCL API): the collective library's header, the stream type its calls
// take, and the device count and error text nccl_device_available() reports. Streams and events
// otherwise go through device::Runtime (core/device_runtime.hpp) and comm/stream_events.hpp.
// Private to comm/nccl_backend.cpp.
#pragma once

#include "core/config.hpp"

#if FOURFOLD_ENABLE_RCCL
#include <hip/hip_runtime_api.h>
#include <rccl/rccl.h>
using GpuStream = hipStream_t;
using GpuError = hipError_t;
#define FF_GPU_NAME "HIP"
#define FF_GPU(call) hip##call
#define FF_GPU_SUCCESS hipSuccess
#else
#include <cuda_runtime_api.h>
#include <nccl.h>
using GpuStream = cudaStream_t;
using GpuError = cudaError_t;
#define FF_GPU_NAME "CUDA"
#define FF_GPU(call) cuda##call
#define FF_GPU_SUCCESS cudaSuccess
#endif

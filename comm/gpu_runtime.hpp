// The GPU runtime calls the NCCL backend needs, for CUDA + NCCL or HIP + RCCL (RCCL implements
// the NCCL API). Private to comm/nccl_backend.cpp: the stream type and the names below are the
// only differences between the two platforms.
#pragma once

#include "core/config.hpp"

#if FOURFOLD_ENABLE_RCCL
#include <hip/hip_runtime_api.h>
#include <rccl/rccl.h>
using GpuStream = hipStream_t;
using GpuEvent = hipEvent_t;
using GpuError = hipError_t;
#define FF_GPU_NAME "HIP"
#define FF_GPU(call) hip##call
#define FF_GPU_SUCCESS hipSuccess
#define FF_GPU_EVENT_DISABLE_TIMING hipEventDisableTiming
#define FF_GPU_STREAM_NON_BLOCKING hipStreamNonBlocking
#else
#include <cuda_runtime_api.h>
#include <nccl.h>
using GpuStream = cudaStream_t;
using GpuEvent = cudaEvent_t;
using GpuError = cudaError_t;
#define FF_GPU_NAME "CUDA"
#define FF_GPU(call) cuda##call
#define FF_GPU_SUCCESS cudaSuccess
#define FF_GPU_EVENT_DISABLE_TIMING cudaEventDisableTiming
#define FF_GPU_STREAM_NON_BLOCKING cudaStreamNonBlocking
#endif

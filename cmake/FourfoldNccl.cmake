# Finds the GPU runtime and NCCL for the NCCL collective backend.
# Result: FOURFOLD_NCCL_FOUND and the imported interface target fourfold::nccl_backend.
#
#  * CUDA (default): the CUDA runtime and NCCL. The backend is plain host C++ calling the CUDA
#    runtime API and NCCL, so it compiles with the host compiler even when Kokkos itself has no
#    CUDA backend (it then has no device to run on).
#  * FOURFOLD_ENABLE_RCCL=ON: the HIP runtime and RCCL, which implements the NCCL API; the same
#    backend code is built with HIP streams and events (comm/gpu_runtime.hpp).
if(TARGET fourfold::nccl_backend)
  set(FOURFOLD_NCCL_FOUND TRUE)
  return()
endif()
set(FOURFOLD_NCCL_FOUND FALSE)
if(FOURFOLD_ENABLE_RCCL)
  find_package(hip QUIET)
  find_package(rccl QUIET)
  if(hip_FOUND AND rccl_FOUND)
    set(FOURFOLD_NCCL_FOUND TRUE)
    add_library(fourfold::nccl_backend INTERFACE IMPORTED GLOBAL)
    set_property(TARGET fourfold::nccl_backend PROPERTY INTERFACE_LINK_LIBRARIES roc::rccl hip::host)
  endif()
  return()
endif()
find_package(CUDAToolkit QUIET)
if(NOT CUDAToolkit_FOUND AND EXISTS /usr/local/cuda)
  set(CUDAToolkit_ROOT /usr/local/cuda)
  find_package(CUDAToolkit QUIET)
endif()
if(CUDAToolkit_FOUND)
  find_path(FOURFOLD_NCCL_INCLUDE_DIR nccl.h
            HINTS ${NCCL_ROOT} $ENV{NCCL_ROOT} ${CUDAToolkit_INCLUDE_DIRS} PATH_SUFFIXES include)
  find_library(FOURFOLD_NCCL_LIBRARY nccl
               HINTS ${NCCL_ROOT} $ENV{NCCL_ROOT} ${CUDAToolkit_LIBRARY_DIR} PATH_SUFFIXES lib lib64)
  if(FOURFOLD_NCCL_INCLUDE_DIR AND FOURFOLD_NCCL_LIBRARY)
    set(FOURFOLD_NCCL_FOUND TRUE)
    add_library(fourfold::nccl_backend INTERFACE IMPORTED GLOBAL)
    set_property(TARGET fourfold::nccl_backend PROPERTY
      INTERFACE_INCLUDE_DIRECTORIES ${FOURFOLD_NCCL_INCLUDE_DIR})
    set_property(TARGET fourfold::nccl_backend PROPERTY
      INTERFACE_LINK_LIBRARIES ${FOURFOLD_NCCL_LIBRARY} CUDA::cudart)
  endif()
endif()

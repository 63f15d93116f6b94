# Finds the GPU runtime and NCCL for the NCCL collective backend.
# Result: FOURFOLD_NCCL_FOUND and the imported interface target fourfold::nccl_backend.
#
#  * CUDA (default): the CUDA runtime and NCCL. The backend is plain host C++ calling the CUDA
#    runtime API and NCCL, so it compiles with the host compiler even when Kokkos itself has no
#    CUDA backend (it then has no device to run on).
#  * FOURFOLD_ENABLE_RCCL=ON: the HIP runtime and RCCL, which implements the NCCL API; the same
#    backend code is built with HIP streams and events (comm/gpu_runtime.hpp). RCCL's CMake
#    package (roc::rccl) is used where there is one, else rccl/rccl.h and librccl under
#    RCCL_ROOT or ROCM_PATH (default /opt/rocm). The HIP runtime comes from find_package(hip),
#    or from hipcc itself when it is the compiler (a HIP Kokkos).
if(TARGET fourfold::nccl_backend)
  set(FOURFOLD_NCCL_FOUND TRUE)
  return()
endif()
set(FOURFOLD_NCCL_FOUND FALSE)
if(FOURFOLD_ENABLE_RCCL)
  set(_ff_rocm_hints ${RCCL_ROOT} $ENV{RCCL_ROOT} ${ROCM_PATH} $ENV{ROCM_PATH} /opt/rocm)
  find_package(hip CONFIG QUIET HINTS ${ROCM_PATH} $ENV{ROCM_PATH} /opt/rocm)
  find_package(rccl CONFIG QUIET HINTS ${_ff_rocm_hints})
  set(_ff_rccl_link)
  if(TARGET roc::rccl)
    set(_ff_rccl_link roc::rccl)
  else()
    find_path(FOURFOLD_RCCL_INCLUDE_DIR rccl/rccl.h HINTS ${_ff_rocm_hints} PATH_SUFFIXES include)
    find_library(FOURFOLD_RCCL_LIBRARY rccl HINTS ${_ff_rocm_hints} PATH_SUFFIXES lib lib64)
    if(FOURFOLD_RCCL_INCLUDE_DIR AND FOURFOLD_RCCL_LIBRARY)
      set(_ff_rccl_link ${FOURFOLD_RCCL_LIBRARY})
    endif()
  endif()
  if(_ff_rccl_link AND (TARGET hip::host OR CMAKE_CXX_COMPILER MATCHES "hipcc"))
    set(FOURFOLD_NCCL_FOUND TRUE)
    add_library(fourfold::nccl_backend INTERFACE IMPORTED GLOBAL)
    if(FOURFOLD_RCCL_INCLUDE_DIR)
      set_property(TARGET fourfold::nccl_backend PROPERTY INTERFACE_INCLUDE_DIRECTORIES ${FOURFOLD_RCCL_INCLUDE_DIR})
    endif()
    if(TARGET hip::host)
      list(APPEND _ff_rccl_link hip::host)
    endif()
    set_property(TARGET fourfold::nccl_backend PROPERTY INTERFACE_LINK_LIBRARIES ${_ff_rccl_link})
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

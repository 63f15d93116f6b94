# Helpers every folder's CMakeLists uses for fourfold's own targets.
#
# Host-only sources. On GPU builds Kokkos routes every target that links it through its
# compiler wrapper (nvcc_wrapper via kokkos_launch_compiler), which some host libraries cannot
# pass through (toml++ does not compile under nvcc). Sources that never include Kokkos (config,
# CLI, HDF5 metadata, grid arithmetic) are therefore compiled in an object library that does not
# link Kokkos, so the host compiler builds them, and their objects become part of the folder's
# library. Such a source must not include a header that includes Kokkos.
# On HIP builds hipcc (clang, which compiles toml++ and the other host libraries) is the
# compiler of every target, so the split changes nothing there.

option(FOURFOLD_ENABLE_WERROR "treat warnings in fourfold's own code as errors (CI)" OFF)

# fourfold_target_warnings(<target>): the warning flags of fourfold's own code.
function(fourfold_target_warnings target)
  target_compile_options(${target} PRIVATE $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra>)
  if(FOURFOLD_ENABLE_WERROR)
    target_compile_options(${target} PRIVATE $<$<CXX_COMPILER_ID:GNU,Clang>:-Werror>)
  endif()
endfunction()

# fourfold_kernel_codegen(<target>): host builds compile the kernels so that the compiler can
# vectorise them: no errno from sqrt/exp (so sqrt is one instruction), no trapping semantics
# (so branch-free selects become blends), and with FOURFOLD_ENABLE_NATIVE the machine's full
# vector width (AVX-512 here: GELU and the softmax exponentials run 6-10x faster than with
# SSE2). None of these changes a result: without -ffast-math there is no reassociation, and ISO
# C++ mode keeps floating-point contraction off.
function(fourfold_kernel_codegen target)
  if(NOT Kokkos_ENABLE_CUDA AND NOT Kokkos_ENABLE_HIP)
    target_compile_options(${target} PRIVATE $<$<CXX_COMPILER_ID:GNU,Clang>:-fno-math-errno -fno-trapping-math>)
    if(FOURFOLD_ENABLE_NATIVE)
      target_compile_options(${target} PRIVATE $<$<CXX_COMPILER_ID:GNU,Clang>:-march=native>)
    endif()
  endif()
endfunction()

# fourfold_device_warnings(<target>): for targets that link Kokkos. On CUDA builds nvcc's own
# diagnostics (a host function called from device code, captures of `this` in device lambdas...)
# become errors too with FOURFOLD_ENABLE_WERROR; Kokkos's headers are system headers, so only
# fourfold's code is held to it. On HIP builds clang compiles each source for the host and the
# GPU, and its device diagnostics are errors already (a host function called from a kernel) or
# warnings that -Werror turns into errors.
function(fourfold_device_warnings target)
  fourfold_target_warnings(${target})
  fourfold_kernel_codegen(${target})
  if(FOURFOLD_ENABLE_WERROR AND Kokkos_ENABLE_CUDA)
    target_compile_options(${target} PRIVATE -Werror=all-warnings)
  endif()
endfunction()

# fourfold_host_sources(<target> SOURCES <files>... [LINK <targets>...]): compiles <files> with
# the host compiler (see above) and adds the objects to <target>. LINK names the usage
# requirements the files need besides fourfold::base (include paths, definitions).
function(fourfold_host_sources target)
  cmake_parse_arguments(H "" "" "SOURCES;LINK" ${ARGN})
  add_library(${target}_host OBJECT ${H_SOURCES})
  target_link_libraries(${target}_host PRIVATE fourfold_base ${H_LINK})
  fourfold_target_warnings(${target}_host)
  target_sources(${target} PRIVATE $<TARGET_OBJECTS:${target}_host>)
  # What the objects link against (a compiled toml++, HDF5) is linked by the target itself.
  if(H_LINK)
    target_link_libraries(${target} PRIVATE ${H_LINK})
  endif()
endfunction()

# One place that hides the two Kokkos installs users have.
#
#  * upstream Kokkos / Kokkos Kernels 4.x (Spack, module systems; CUDA, HIP, SYCL, OpenMP...):
#    exports Kokkos::kokkos and Kokkos::kokkoskernels.
#  * Debian's Trilinos-packaged Kokkos 3.4 (Serial only): its Kokkos::kokkos target carries a
#    non-existent include path and there is no Kokkos::kokkoskernels; the usable targets are
#    trilinos_kokkoscore / trilinos_kokkoskernels with headers under <prefix>/include/trilinos.
#
# Result: the imported interface target fourfold::kokkos_backend, plus
# FOURFOLD_KOKKOS_FLAVOUR (upstream|trilinos) and FOURFOLD_KOKKOS_VERSION.
if(TARGET fourfold::kokkos_backend)
  return()
endif()

if(NOT TARGET Kokkos::kokkoskernels AND NOT TARGET trilinos_kokkoskernels)
  find_package(KokkosKernels CONFIG QUIET HINTS ${FOURFOLD_KOKKOSKERNELS_HINT})
endif()
if(NOT TARGET Kokkos::kokkoskernels AND NOT TARGET trilinos_kokkoskernels)
  message(FATAL_ERROR
    "fourfold: Kokkos Kernels not found. Either point CMake at an upstream install "
    "(-DKokkosKernels_ROOT=... -DKokkos_ROOT=...) or install Debian's libtrilinos-kokkos-kernels-dev "
    "(scripts/install-deps.sh does this).")
endif()

add_library(fourfold::kokkos_backend INTERFACE IMPORTED GLOBAL)
if(TARGET Kokkos::kokkoskernels)
  set(FOURFOLD_KOKKOS_FLAVOUR upstream)
  set(FOURFOLD_KOKKOS_VERSION ${Kokkos_VERSION})
  if(FOURFOLD_KOKKOS_VERSION VERSION_LESS 4.0)
    message(FATAL_ERROR "fourfold: upstream Kokkos ${Kokkos_VERSION} found; 4.0 or newer is required "
                        "(or Debian's Trilinos-packaged 3.4).")
  endif()
  set_property(TARGET fourfold::kokkos_backend PROPERTY
    INTERFACE_LINK_LIBRARIES Kokkos::kokkoskernels Kokkos::kokkos)
else()
  set(FOURFOLD_KOKKOS_FLAVOUR trilinos)
  find_path(FOURFOLD_TRILINOS_INCLUDE_DIR Kokkos_Core.hpp PATH_SUFFIXES trilinos REQUIRED
            DOC "directory holding the Trilinos-packaged Kokkos headers")
  file(STRINGS ${FOURFOLD_TRILINOS_INCLUDE_DIR}/KokkosCore_config.h _ff_kv REGEX "#define KOKKOS_VERSION ")
  string(REGEX REPLACE ".*KOKKOS_VERSION ([0-9]+).*" "\\1" _ff_kv "${_ff_kv}")
  math(EXPR _ff_major "${_ff_kv} / 10000")
  math(EXPR _ff_minor "${_ff_kv} / 100 % 100")
  math(EXPR _ff_patch "${_ff_kv} % 100")
  set(FOURFOLD_KOKKOS_VERSION ${_ff_major}.${_ff_minor}.${_ff_patch})
  set_property(TARGET fourfold::kokkos_backend PROPERTY
    INTERFACE_INCLUDE_DIRECTORIES ${FOURFOLD_TRILINOS_INCLUDE_DIR})
  set_property(TARGET fourfold::kokkos_backend PROPERTY
    INTERFACE_LINK_LIBRARIES trilinos_kokkoskernels trilinos_kokkoscore)
endif()

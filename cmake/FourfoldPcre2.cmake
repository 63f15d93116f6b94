# PCRE2 (8-bit code units), the regex library of the tokenizers' pre-tokenizer patterns (Unicode
# properties, lookahead): Debian's libpcre2-dev. Defines the imported target fourfold::pcre2; the
# installed package config includes this file again for the exported fourfold::text.
if(NOT TARGET fourfold::pcre2)
  find_path(FOURFOLD_PCRE2_INCLUDE_DIR pcre2.h)
  find_library(FOURFOLD_PCRE2_LIBRARY NAMES pcre2-8)
  if(NOT FOURFOLD_PCRE2_INCLUDE_DIR OR NOT FOURFOLD_PCRE2_LIBRARY)
    message(FATAL_ERROR "fourfold needs PCRE2 (pcre2.h and libpcre2-8) for its tokenizers; on Debian: libpcre2-dev "
                        "(scripts/install-deps.sh), or set CMAKE_PREFIX_PATH to a PCRE2 installation.")
  endif()
  add_library(fourfold::pcre2 INTERFACE IMPORTED)
  set_target_properties(fourfold::pcre2 PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${FOURFOLD_PCRE2_INCLUDE_DIR}"
                                                   INTERFACE_LINK_LIBRARIES "${FOURFOLD_PCRE2_LIBRARY}")
endif()

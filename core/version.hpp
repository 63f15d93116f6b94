// The code version recorded in checkpoints and logs. Defined in a generated source of its own
// (core/version.cpp.in), so a new commit recompiles one file, not every file including
// config.hpp.
#pragma once

namespace fourfold {

/// "fourfold 0.1.0 (<git hash>)".
const char* code_version();

}  // namespace fourfold

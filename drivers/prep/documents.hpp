// The documents fourfold-prep tokenises: text files (a file is one document) and JSONL files
// (each line one document, its text in a chosen string field), from paths or glob patterns,
// read one at a time in the order given (globs in sorted order). Every document is valid UTF-8:
// invalid bytes are an error naming the file, the line (JSONL) and the byte offset, or with
// replace_invalid each maximal invalid sequence becomes U+FFFD and is counted.
#pragma once

#include <cstddef>
#include <fstream>
#include <string>
#include <vector>

namespace fourfold {

struct Document {
  std::string text;
  std::string file;
  std::size_t line = 0;  // 1-based line of a JSONL document; 0 for a whole text file
  std::string where() const;  // "file" or "file line N"
};

struct DocumentOptions {
  std::string jsonl_field = "text";
  bool force_jsonl = false;       // every input is JSONL (else: files ending in .jsonl)
  bool replace_invalid = false;   // U+FFFD for invalid UTF-8 instead of an error
  bool check_utf8 = true;         // false: bytes as they are (byte-level tokens)
};

/// Every path an input names: itself when it exists, else the files its glob pattern matches
/// (sorted); UserError naming an input that matches nothing.
std::vector<std::string> expand_inputs(const std::vector<std::string>& inputs);

class DocumentReader {
 public:
  DocumentReader(std::vector<std::string> files, DocumentOptions options);
  /// The next document; false at the end. UserError naming the file (and line) for an unreadable
  /// file, a JSONL line that is not a JSON object with the field as a string, or invalid UTF-8.
  bool next(Document& doc);
  /// Bytes of input read so far (for MB/s and progress), and of all inputs.
  std::size_t bytes_read() const { return bytes_read_; }
  std::size_t total_bytes() const { return total_bytes_; }
  /// Invalid sequences replaced by U+FFFD so far.
  std::size_t replaced() const { return replaced_; }

 private:
  std::vector<std::string> files_;
  DocumentOptions options_;
  std::size_t file_index_ = 0, line_ = 0, bytes_read_ = 0, total_bytes_ = 0, replaced_ = 0;
  std::ifstream jsonl_;
  bool in_jsonl_ = false;
};

}  // namespace fourfold

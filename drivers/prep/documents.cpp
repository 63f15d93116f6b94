#include "drivers/prep/documents.hpp"

#include "core/error.hpp"
#include "text/utf8.hpp"

#include <nlohmann/json.hpp>

#include <glob.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iterator>

namespace fourfold {
namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// text checked (or repaired) as UTF-8; `where` names it in the error.
void check_utf8(std::string& text, const std::string& where, bool replace, std::size_t& replaced) {
  const std::size_t bad = text::first_invalid_utf8(text);
  if (bad == std::string::npos) return;
  FF_REQUIRE(replace, "{}: not valid UTF-8 at byte offset {} (byte 0x{:02X}); --replace-invalid substitutes U+FFFD",
             where, bad, static_cast<unsigned>(static_cast<unsigned char>(text[bad])));
  text = text::replace_invalid_utf8(text, replaced);
}

}  // namespace

std::string Document::where() const { return line > 0 ? fmt::format("{} line {}", file, line) : file; }

std::vector<std::string> expand_inputs(const std::vector<std::string>& inputs) {
  std::vector<std::string> files;
  for (const std::string& input : inputs) {
    std::error_code ec;
    if (std::filesystem::exists(input, ec)) {
      FF_REQUIRE(!std::filesystem::is_directory(input, ec), "input '{}' is a folder; name its files or a glob", input);
      files.push_back(input);
      continue;
    }
    glob_t matches{};
    const int rc = glob(input.c_str(), 0, nullptr, &matches);
    std::vector<std::string> found;
    for (std::size_t i = 0; rc == 0 && i < matches.gl_pathc; ++i) found.emplace_back(matches.gl_pathv[i]);
    globfree(&matches);
    FF_REQUIRE(!found.empty(), "input '{}' is no file and matches none", input);
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

DocumentReader::DocumentReader(std::vector<std::string> files, DocumentOptions options)
    : files_(std::move(files)), options_(std::move(options)) {
  for (const std::string& f : files_) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(f, ec);
    FF_REQUIRE(!ec, "cannot read '{}': {}", f, ec.message());
    total_bytes_ += static_cast<std::size_t>(size);
  }
}

bool DocumentReader::next(Document& doc) {
  while (true) {
    if (in_jsonl_) {
      std::string raw;
      if (std::getline(jsonl_, raw)) {
        ++line_;
        bytes_read_ += raw.size() + 1;
        if (raw.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank lines
        doc.file = files_[file_index_ - 1];
        doc.line = line_;
        if (options_.check_utf8) check_utf8(raw, doc.where(), options_.replace_invalid, replaced_);
        nlohmann::json j;
        try {
          j = nlohmann::json::parse(raw);
        } catch (const nlohmann::json::exception& e) {
          FF_REQUIRE(false, "{}: not a JSON object: {}", doc.where(), e.what());
        }
        const auto field = j.is_object() ? j.find(options_.jsonl_field) : j.end();
        FF_REQUIRE(j.is_object() && field != j.end() && field->is_string(), "{}: no string field '{}'", doc.where(),
                   options_.jsonl_field);
        doc.text = field->get<std::string>();
        return true;
      }
      FF_REQUIRE(jsonl_.eof(), "cannot read '{}': {}", files_[file_index_ - 1], std::strerror(errno));
      in_jsonl_ = false;
    }
    if (file_index_ >= files_.size()) return false;
    const std::string& path = files_[file_index_++];
    if (options_.force_jsonl || ends_with(path, ".jsonl")) {
      jsonl_ = std::ifstream(path, std::ios::binary);
      FF_REQUIRE(jsonl_.good(), "cannot read '{}': {}", path, std::strerror(errno));
      in_jsonl_ = true;
      line_ = 0;
      continue;
    }
    std::ifstream in(path, std::ios::binary);
    FF_REQUIRE(in.good(), "cannot read '{}': {}", path, std::strerror(errno));
    doc.text.assign(std::istreambuf_iterator<char>(in), {});
    FF_REQUIRE(!in.bad(), "cannot read '{}': {}", path, std::strerror(errno));
    doc.file = path;
    doc.line = 0;
    bytes_read_ += doc.text.size();
    if (options_.check_utf8) check_utf8(doc.text, doc.where(), options_.replace_invalid, replaced_);
    return true;
  }
}

}  // namespace fourfold

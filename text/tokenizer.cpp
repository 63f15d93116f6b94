#include "text/tokenizer.hpp"

#include "core/error.hpp"
#include "text/byte_level.hpp"
#include "text/normalize.hpp"
#include "text/utf8.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fourfold::text {

const char* const gpt2_pattern = R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  FF_REQUIRE(in.good(), "cannot read tokenizer file '{}': {}", path, std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  FF_REQUIRE(!in.bad(), "cannot read tokenizer file '{}': {}", path, std::strerror(errno));
  return text.str();
}

json parse_json(const std::string& text, const std::string& origin) {
  try {
    return json::parse(text);
  } catch (const json::exception& e) {
    FF_REQUIRE(false, "tokenizer '{}' is not valid JSON: {}", origin, e.what());
  }
  return {};
}

// A pattern that matches `literal` exactly (Split with a "String" pattern).
std::string escape_regex(const std::string& literal) { return "\\Q" + literal + "\\E"; }

std::string type_of(const json& j) {
  const auto t = j.find("type");
  return t != j.end() && t->is_string() ? t->get<std::string>() : std::string();
}

void add_pre_tokenizer(const json& j, std::vector<PreTokenizerStep>& steps, const std::string& origin) {
  FF_REQUIRE(j.is_object(), "tokenizer '{}': a pre_tokenizer is not a JSON object", origin);
  const std::string type = type_of(j);
  if (type == "Sequence") {
    const auto list = j.find("pretokenizers");
    FF_REQUIRE(list != j.end() && list->is_array(), "tokenizer '{}': a Sequence pre_tokenizer without 'pretokenizers'",
               origin);
    for (const json& step : *list) add_pre_tokenizer(step, steps, origin);
    return;
  }
  PreTokenizerStep step;
  if (type == "ByteLevel") {
    step.kind = PreTokenizerStep::byte_level;
    step.add_prefix_space = j.value("add_prefix_space", false);
    if (j.value("use_regex", true)) step.regex = std::make_shared<Regex>(gpt2_pattern);
  } else if (type == "Split") {
    step.kind = PreTokenizerStep::split;
    const std::string behavior = j.value("behavior", std::string());
    FF_REQUIRE(behavior == "Isolated", "tokenizer '{}': Split behaviour '{}' (fourfold reads 'Isolated')", origin,
               behavior);
    FF_REQUIRE(!j.value("invert", false), "tokenizer '{}': an inverted Split (fourfold reads invert = false)", origin);
    const auto pattern = j.find("pattern");
    FF_REQUIRE(pattern != j.end() && pattern->is_object(), "tokenizer '{}': a Split without a pattern", origin);
    if (pattern->contains("Regex") && (*pattern)["Regex"].is_string()) {
      step.regex = std::make_shared<Regex>((*pattern)["Regex"].get<std::string>());
    } else if (pattern->contains("String") && (*pattern)["String"].is_string()) {
      step.regex = std::make_shared<Regex>(escape_regex((*pattern)["String"].get<std::string>()));
    } else {
      FF_REQUIRE(false, "tokenizer '{}': a Split pattern must be {{\"Regex\": ...}} or {{\"String\": ...}}", origin);
    }
  } else {
    FF_REQUIRE(false,
               "tokenizer '{}': pre_tokenizer '{}' is not supported (fourfold reads ByteLevel, Split and Sequence)",
               origin, type);
  }
  steps.push_back(std::move(step));
}

// The merges of a tokenizer.json ("a b" strings, or ["a", "b"] pairs) or of a merges file.
std::vector<std::pair<std::string, std::string>> merges_of(const json& list, const std::string& origin) {
  FF_REQUIRE(list.is_array(), "tokenizer '{}': model.merges is not a list", origin);
  std::vector<std::pair<std::string, std::string>> merges;
  merges.reserve(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const json& m = list[i];
    if (m.is_string()) {
      const std::string s = m.get<std::string>();
      const std::size_t space = s.find(' ');
      FF_REQUIRE(space != std::string::npos && space > 0 && space + 1 < s.size() && s.find(' ', space + 1) == std::string::npos,
                 "tokenizer '{}': merge {} '{}' is not two tokens separated by one space", origin, i, s);
      merges.emplace_back(s.substr(0, space), s.substr(space + 1));
    } else {
      FF_REQUIRE(m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string(),
                 "tokenizer '{}': merge {} is neither \"a b\" nor [\"a\", \"b\"]", origin, i);
      merges.emplace_back(m[0].get<std::string>(), m[1].get<std::string>());
    }
  }
  return merges;
}

std::unordered_map<std::string, int> vocab_of(const json& vocab, const std::string& origin) {
  FF_REQUIRE(vocab.is_object(), "tokenizer '{}': the vocabulary is not a JSON object of token: id", origin);
  std::unordered_map<std::string, int> out;
  out.reserve(vocab.size());
  for (auto it = vocab.begin(); it != vocab.end(); ++it) {
    FF_REQUIRE(it.value().is_number_integer(), "tokenizer '{}': token '{}' has no integer id", origin, it.key());
    const long long id = it.value().get<long long>();
    FF_REQUIRE(id >= 0 && id < (1LL << 30), "tokenizer '{}': token '{}' has id {} (expected 0 to 2^30)", origin,
               it.key(), id);
    out.emplace(it.key(), static_cast<int>(id));
  }
  return out;
}

}  // namespace

Tokenizer Tokenizer::load(const std::string& path) {
  const fs::path p(path);
  std::error_code ec;
  FF_REQUIRE(fs::exists(p, ec), "tokenizer '{}' does not exist", path);
  const auto pair = [&](const fs::path& vocab, const fs::path& merges) {
    FF_REQUIRE(fs::exists(merges, ec), "tokenizer '{}': '{}' needs its merges '{}' beside it", path, vocab.string(),
               merges.string());
    return from_vocab_and_merges(read_text(vocab.string()), read_text(merges.string()), vocab.string());
  };
  if (fs::is_directory(p, ec)) {
    if (fs::exists(p / "tokenizer.json", ec)) return from_json(read_text((p / "tokenizer.json").string()), (p / "tokenizer.json").string());
    if (fs::exists(p / "encoder.json", ec)) return pair(p / "encoder.json", p / "vocab.bpe");
    if (fs::exists(p / "vocab.json", ec)) return pair(p / "vocab.json", p / "merges.txt");
    FF_REQUIRE(false, "tokenizer folder '{}' holds no tokenizer.json, encoder.json + vocab.bpe or vocab.json + merges.txt",
               path);
  }
  if (p.filename() == "encoder.json") return pair(p, p.parent_path() / "vocab.bpe");
  if (p.filename() == "vocab.json") return pair(p, p.parent_path() / "merges.txt");
  return from_json(read_text(path), path);
}

namespace {

// The post_processor's single-sequence template: TemplateProcessing's "single" items, the special
// tokens before the sequence ("A") into `prefix` and after it into `suffix`, each by the ids its
// special_tokens entry lists; ByteLevel (offsets only) adds nothing; a Sequence applies each. Any
// other processor (BertProcessing, RobertaProcessing, ...) is named in `unsupported`.
void read_post_processor(const json& post, std::vector<int>& prefix, std::vector<int>& suffix,
                         std::string& unsupported, int vocab_size, const std::string& origin) {
  const std::string type = post.is_object() ? type_of(post) : std::string("?");
  if (type == "ByteLevel") return;
  if (type == "Sequence") {
    const auto processors = post.find("processors");
    FF_REQUIRE(processors != post.end() && processors->is_array(),
               "tokenizer '{}': post_processor Sequence has no 'processors' list", origin);
    for (const json& p : *processors) read_post_processor(p, prefix, suffix, unsupported, vocab_size, origin);
    return;
  }
  if (type != "TemplateProcessing") {
    unsupported = type;
    return;
  }
  const auto single = post.find("single");
  FF_REQUIRE(single != post.end() && single->is_array(),
             "tokenizer '{}': TemplateProcessing has no 'single' template list", origin);
  const auto specials = post.find("special_tokens");
  bool sequence_seen = false;
  for (const json& item : *single) {
    FF_REQUIRE(item.is_object() && item.size() == 1,
               "tokenizer '{}': TemplateProcessing item {} is not one {{\"Sequence\"}} or {{\"SpecialToken\"}} object",
               origin, item.dump());
    if (item.contains("Sequence")) {
      FF_REQUIRE(!sequence_seen, "tokenizer '{}': TemplateProcessing 'single' names the sequence twice", origin);
      sequence_seen = true;
      continue;
    }
    const auto special = item.find("SpecialToken");
    FF_REQUIRE(special != item.end() && special->is_object() && special->contains("id") && (*special)["id"].is_string(),
               "tokenizer '{}': TemplateProcessing item {} is neither a Sequence nor a SpecialToken with an id",
               origin, item.dump());
    const std::string name = (*special)["id"].get<std::string>();
    FF_REQUIRE(specials != post.end() && specials->is_object() && specials->contains(name) &&
                   (*specials)[name].is_object() && (*specials)[name].contains("ids") &&
                   (*specials)[name]["ids"].is_array(),
               "tokenizer '{}': TemplateProcessing uses special token '{}' that its special_tokens do not list with ids",
               origin, name);
    for (const json& id : (*specials)[name]["ids"]) {
      FF_REQUIRE(id.is_number_integer() && id.get<long long>() >= 0 && id.get<long long>() < vocab_size,
                 "tokenizer '{}': TemplateProcessing special token '{}' has id {}; expected an id below {}", origin,
                 name, id.dump(), vocab_size);
      (sequence_seen ? suffix : prefix).push_back(id.get<int>());
    }
  }
  FF_REQUIRE(sequence_seen, "tokenizer '{}': TemplateProcessing 'single' never names the sequence (\"A\")", origin);
}

}  // namespace

Tokenizer Tokenizer::from_json(const std::string& json_text, const std::string& origin) {
  const json j = parse_json(json_text, origin);
  FF_REQUIRE(j.is_object() && j.contains("model") && j["model"].is_object(),
             "tokenizer '{}' has no 'model' object: not a Hugging Face tokenizer.json", origin);
  const json& model = j["model"];
  const std::string type = type_of(model);
  FF_REQUIRE(type == "BPE" || (type.empty() && model.contains("merges")),
             "tokenizer '{}': model type '{}' is not supported (fourfold reads byte-level BPE)", origin, type);
  FF_REQUIRE(!model.value("byte_fallback", false),
             "tokenizer '{}': a BPE with byte_fallback (SentencePiece style) is not byte-level BPE", origin);
  for (const char* key : {"continuing_subword_prefix", "end_of_word_suffix"}) {
    const auto v = model.find(key);
    FF_REQUIRE(v == model.end() || v->is_null() || (v->is_string() && v->get<std::string>().empty()),
               "tokenizer '{}': model.{} is set; fourfold reads byte-level BPE without one", origin, key);
  }
  const auto dropout = model.find("dropout");
  FF_REQUIRE(dropout == model.end() || dropout->is_null(), "tokenizer '{}': BPE dropout is set (a training-time option)",
             origin);
  FF_REQUIRE(model.contains("vocab") && model.contains("merges"), "tokenizer '{}': model has no vocab or merges", origin);
  Tokenizer t;
  t.origin_ = origin;
  const auto normalizer = j.find("normalizer");
  if (normalizer != j.end() && !normalizer->is_null()) {
    const std::string type = normalizer->is_object() ? type_of(*normalizer) : std::string("?");
    FF_REQUIRE(type == "NFC", "tokenizer '{}': normalizer '{}' is not supported (fourfold reads none, or NFC)", origin,
               type);
    t.nfc_ = true;
  }
  const auto pre = j.find("pre_tokenizer");
  FF_REQUIRE(pre != j.end() && !pre->is_null(), "tokenizer '{}' has no pre_tokenizer (byte-level BPE needs ByteLevel)",
             origin);
  add_pre_tokenizer(*pre, t.steps_, origin);
  FF_REQUIRE(std::any_of(t.steps_.begin(), t.steps_.end(),
                         [](const PreTokenizerStep& s) { return s.kind == PreTokenizerStep::byte_level; }),
             "tokenizer '{}': the pre_tokenizer has no ByteLevel step: not a byte-level BPE", origin);
  t.bpe_ = BpeModel(vocab_of(model["vocab"], origin), merges_of(model["merges"], origin),
                    model.value("ignore_merges", false), origin);
  if (const auto decoder = j.find("decoder"); decoder != j.end() && !decoder->is_null()) {
    std::string types = type_of(*decoder);
    bool byte_level_decoder = types == "ByteLevel";
    if (types == "Sequence" && decoder->contains("decoders") && (*decoder)["decoders"].is_array())
      for (const json& d : (*decoder)["decoders"]) byte_level_decoder = byte_level_decoder || type_of(d) == "ByteLevel";
    FF_REQUIRE(byte_level_decoder, "tokenizer '{}': decoder '{}' is not ByteLevel", origin, types);
  }
  t.vocab_size_ = t.bpe_.size();
  if (const auto added = j.find("added_tokens"); added != j.end() && !added->is_null()) {
    FF_REQUIRE(added->is_array(), "tokenizer '{}': added_tokens is not a list", origin);
    for (const json& a : *added) {
      FF_REQUIRE(a.is_object() && a.contains("id") && a["id"].is_number_integer() && a.contains("content") &&
                     a["content"].is_string(),
                 "tokenizer '{}': an added token without an integer id and a content", origin);
      AddedToken token{a["id"].get<int>(), a["content"].get<std::string>(), a.value("special", false)};
      FF_REQUIRE(token.id >= 0 && token.id < (1 << 30) && !token.content.empty() &&
                     first_invalid_utf8(token.content) == std::string::npos,
                 "tokenizer '{}': added token {} '{}' needs an id from 0 to 2^30 and non-empty UTF-8 text", origin,
                 token.id, token.content);
      t.vocab_size_ = std::max(t.vocab_size_, token.id + 1);
      t.added_.push_back(std::move(token));
    }
  }
  std::stable_sort(t.added_.begin(), t.added_.end(),
                   [](const AddedToken& a, const AddedToken& b) { return a.content.size() > b.content.size(); });
  for (std::size_t i = 0; i < t.added_.size(); ++i) t.added_by_id_.emplace(t.added_[i].id, i);
  if (const auto post = j.find("post_processor"); post != j.end() && !post->is_null())
    read_post_processor(*post, t.special_prefix_, t.special_suffix_, t.unsupported_post_processor_, t.vocab_size_,
                        origin);
  return t;
}

Tokenizer Tokenizer::from_vocab_and_merges(const std::string& vocab_json, const std::string& merges_text,
                                           const std::string& origin) {
  Tokenizer t;
  t.origin_ = origin;
  std::vector<std::pair<std::string, std::string>> merges;
  std::istringstream lines(merges_text);
  std::string line;
  for (std::size_t number = 1; std::getline(lines, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || (number == 1 && line.rfind("#version", 0) == 0)) continue;
    const std::size_t space = line.find(' ');
    FF_REQUIRE(space != std::string::npos && space > 0 && space + 1 < line.size() &&
                   line.find(' ', space + 1) == std::string::npos,
               "tokenizer '{}': merges line {} '{}' is not two tokens separated by one space", origin, number, line);
    merges.emplace_back(line.substr(0, space), line.substr(space + 1));
  }
  t.bpe_ = BpeModel(vocab_of(parse_json(vocab_json, origin), origin), merges, false, origin);
  PreTokenizerStep step;
  step.kind = PreTokenizerStep::byte_level;
  step.regex = std::make_shared<Regex>(gpt2_pattern);
  t.steps_.push_back(std::move(step));
  t.vocab_size_ = t.bpe_.size();
  // GPT-2's files keep <|endoftext|> in the vocabulary; it is matched as a special token.
  if (const int eot = t.bpe_.id("<|endoftext|>"); eot >= 0) {
    t.added_.push_back(AddedToken{eot, "<|endoftext|>", true});
    t.added_by_id_.emplace(eot, 0);
  }
  return t;
}

void Tokenizer::require_special_tokens() const {
  FF_REQUIRE(unsupported_post_processor_.empty(),
             "tokenizer '{}': post_processor '{}' is not supported (fourfold applies TemplateProcessing and ByteLevel)",
             origin_, unsupported_post_processor_);
}

std::vector<int> Tokenizer::encode(std::string_view text, bool add_special_tokens) const {
  if (add_special_tokens) require_special_tokens();
  std::vector<int> ids;
  if (add_special_tokens) ids = special_prefix_;
  Encoder(*this).encode(text, ids);
  if (add_special_tokens) ids.insert(ids.end(), special_suffix_.begin(), special_suffix_.end());
  return ids;
}

void Tokenizer::append_bytes(int id, std::string& out) const {
  if (const auto added = added_by_id_.find(id); added != added_by_id_.end()) {
    out += added_[added->second].content;
    return;
  }
  const std::string* token = bpe_.token(id);
  FF_REQUIRE(token != nullptr, "tokenizer '{}' has no token with id {} (ids below {})", origin_, id, vocab_size_);
  const ByteLevel& alphabet = byte_level();
  for (std::size_t i = 0; i < token->size();) {
    const std::size_t n = utf8_sequence_length(*token, i);
    const int b = n > 0 ? alphabet.byte_of(decode_utf8(*token, i, n)) : -1;
    FF_REQUIRE(b >= 0, "tokenizer '{}': token {} '{}' is not a byte-level string", origin_, id, *token);
    out.push_back(static_cast<char>(b));
    i += n;
  }
}

std::string Tokenizer::decode(const std::vector<int>& ids) const {
  std::string out;
  for (const int id : ids) append_bytes(id, out);
  return out;
}

std::optional<int> Tokenizer::token_id(const std::string& content) const {
  for (const AddedToken& a : added_)
    if (a.content == content) return a.id;
  const int id = bpe_.id(content);
  return id >= 0 ? std::optional<int>(id) : std::nullopt;
}

std::optional<int> Tokenizer::default_end_of_text() const {
  for (const char* name : {"<|endoftext|>", "<|end_of_text|>", "</s>", "<|im_end|>", "<eos>"})
    for (const AddedToken& a : added_)
      if (a.special && a.content == name) return a.id;
  return std::nullopt;
}

Tokenizer::Encoder::Encoder(const Tokenizer& tokenizer) : tokenizer_(&tokenizer) {
  for (const PreTokenizerStep& step : tokenizer.steps_)
    if (step.regex) matchers_.emplace_back(*step.regex);
}

void Tokenizer::Encoder::encode(std::string_view text, std::vector<int>& ids) {
  const std::size_t bad = first_invalid_utf8(text);
  FF_REQUIRE(bad == std::string_view::npos, "text is not valid UTF-8 at byte offset {} (byte 0x{:02X})", bad,
             static_cast<unsigned>(static_cast<unsigned char>(text[bad])));
  encode_valid(text, ids);
}

void Tokenizer::Encoder::encode_valid(std::string_view text, std::vector<int>& ids) {
  const std::vector<AddedToken>& added = tokenizer_->added_;
  if (added.empty()) {
    encode_stretch(text, ids);
    return;
  }
  // Cut at added tokens: at each position the longest that starts there.
  std::size_t stretch = 0;
  for (std::size_t i = 0; i < text.size();) {
    const AddedToken* found = nullptr;
    for (const AddedToken& a : added) {
      if (a.content[0] == text[i] && text.compare(i, a.content.size(), a.content) == 0) {
        found = &a;
        break;
      }
    }
    if (found == nullptr) {
      ++i;
      continue;
    }
    encode_stretch(text.substr(stretch, i - stretch), ids);
    ids.push_back(found->id);
    i += found->content.size();
    stretch = i;
  }
  encode_stretch(text.substr(stretch), ids);
}

void Tokenizer::Encoder::encode_stretch(std::string_view text, std::vector<int>& ids) {
  if (text.empty()) return;
  if (tokenizer_->nfc_) {
    normalize_nfc(text, normalized_);
    text = normalized_;
  }
  pieces_.assign(1, text);
  std::size_t matcher = 0;
  for (const PreTokenizerStep& step : tokenizer_->steps_) {
    next_.clear();
    RegexMatcher* m = step.regex ? &matchers_[matcher++] : nullptr;
    for (std::size_t p = 0; p < pieces_.size(); ++p) {
      std::string_view piece = pieces_[p];
      if (step.kind == PreTokenizerStep::byte_level && step.add_prefix_space && p == 0 && piece.front() != ' ') {
        prefixed_ = " ";
        prefixed_ += piece;
        piece = prefixed_;
      }
      if (m != nullptr) {
        m->split_isolated(piece, next_);
      } else {
        next_.push_back(piece);
      }
    }
    pieces_.swap(next_);
  }
  for (const std::string_view piece : pieces_) tokenizer_->bpe_.encode_word(piece, ids, cache_);
}

std::string StreamDecoder::push(int id) {
  tokenizer_->append_bytes(id, held_);
  return take_releasable_utf8(held_);
}

std::string StreamDecoder::flush() {
  std::string out;
  out.swap(held_);
  return out;
}

}  // namespace fourfold::text

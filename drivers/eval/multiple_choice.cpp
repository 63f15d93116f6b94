// The host side of multiple-choice evaluation: reading and tokenizing the file, the rows of a
// choice, and the scores of each example (the model's part is in evaluator.cpp).
#include "drivers/eval/multiple_choice.hpp"

#include "core/error.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>

namespace fourfold {
namespace {

// The index of the largest value; the first of equal ones (numpy's argmax, as lm-eval-harness).
int argmax(const std::vector<double>& values) {
  int best = 0;
  for (std::size_t i = 1; i < values.size(); ++i)
    if (values[i] > values[static_cast<std::size_t>(best)]) best = static_cast<int>(i);
  return best;
}

const nlohmann::json& field(const nlohmann::json& object, const std::string& name, const std::string& where) {
  const auto it = object.find(name);
  FF_REQUIRE(it != object.end(),
             "{}: no field \"{}\" (a file with other names: --context-field, --endings-field, --label-field)", where,
             name);
  return *it;
}

}  // namespace

MultipleChoiceTask MultipleChoiceTask::load(const std::string& path, const text::Codec& codec, bool special_tokens,
                                            const MultipleChoiceFields& fields) {
  std::ifstream in(path, std::ios::binary);
  FF_REQUIRE(in.good(), "cannot read the multiple-choice file '{}'", path);
  FF_REQUIRE(codec.has_text(), "multiple choice '{}': the model's text needs its tokenizer (--tokenizer)", path);
  MultipleChoiceTask task;
  task.path_ = path;
  const std::vector<int> prefix = special_tokens ? codec.special_prefix() : std::vector<int>();
  std::string text;
  int line = 0;
  while (std::getline(in, text)) {
    ++line;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos) continue;
    const std::string where = fmt::format("{}:{}", path, line);
    nlohmann::json doc;
    try {
      doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
      FF_REQUIRE(false, "{}: not a JSON object ({})", where, e.what());
    }
    FF_REQUIRE(doc.is_object(), "{}: expected a JSON object with \"{}\", \"{}\" and \"{}\", got {}", where,
               fields.context, fields.endings, fields.label, doc.type_name());
    const nlohmann::json& context_json = field(doc, fields.context, where);
    const nlohmann::json& endings_json = field(doc, fields.endings, where);
    const nlohmann::json& label_json = field(doc, fields.label, where);
    FF_REQUIRE(context_json.is_string(), "{}: \"{}\" is {}, expected a string", where, fields.context,
               context_json.type_name());
    FF_REQUIRE(endings_json.is_array(), "{}: \"{}\" is {}, expected an array of strings", where, fields.endings,
               endings_json.type_name());
    FF_REQUIRE(!endings_json.empty(), "{}: \"{}\" has no endings: expected at least one", where, fields.endings);
    // HellaSwag's label is a number; some copies write it as a string ("2").
    long label = -1;
    if (label_json.is_number_integer()) {
      label = label_json.get<long>();
    } else if (label_json.is_string()) {
      const std::string s = label_json.get<std::string>();
      std::size_t used = 0;
      try {
        label = std::stol(s, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      FF_REQUIRE(used == s.size() && !s.empty(), "{}: \"{}\" is \"{}\", expected an ending's index", where,
                 fields.label, s);
    } else {
      FF_REQUIRE(false, "{}: \"{}\" is {}, expected an ending's index (an integer)", where, fields.label,
                 label_json.type_name());
    }
    FF_REQUIRE(label >= 0 && label < static_cast<long>(endings_json.size()),
               "{}: \"{}\" = {} is out of range: expected 0 to {} for {} endings", where, fields.label, label,
               endings_json.size() - 1, endings_json.size());

    ChoiceExample example;
    example.line = line;
    example.label = static_cast<int>(label);
    example.choices = static_cast<int>(endings_json.size());
    example.first_request = static_cast<int>(task.requests_.size());
    // lm-eval-harness's _encode_pair: trailing whitespace of the context goes to the continuation.
    std::string context = context_json.get<std::string>();
    const std::size_t kept = context.find_last_not_of(" \t\n\r\f\v");
    const std::string moved = kept == std::string::npos ? context : context.substr(kept + 1);
    context.resize(context.size() - moved.size());
    std::vector<int> context_tokens = prefix;
    const std::vector<int> own = context.empty() ? std::vector<int>() : codec.encode(context);
    context_tokens.insert(context_tokens.end(), own.begin(), own.end());
    FF_REQUIRE(!context_tokens.empty(),
               "{}: the context is empty and the tokenizer puts no special token before it: no position predicts "
               "the continuation's first token", where);
    for (std::size_t c = 0; c < endings_json.size(); ++c) {
      FF_REQUIRE(endings_json[c].is_string(), "{}: ending {} of \"{}\" is {}, expected a string", where, c,
                 fields.endings, endings_json[c].type_name());
      const std::string ending = endings_json[c].get<std::string>();
      FF_REQUIRE(!ending.empty(), "{}: ending {} of \"{}\" is empty: nothing to score", where, c, fields.endings);
      const std::string continuation = moved + " " + ending;
      // The continuation's tokens: the whole text's past the context's own (lm-eval-harness).
      const std::vector<int> whole = codec.encode(context + continuation);
      FF_REQUIRE(whole.size() > own.size(),
                 "{}: ending {}: context + ending make {} tokens, the context alone {}: no continuation token to score",
                 where, c, whole.size(), own.size());
      ChoiceRequest request;
      request.example = static_cast<int>(task.examples_.size());
      request.choice = static_cast<int>(c);
      request.tokens = context_tokens;
      request.tokens.insert(request.tokens.end(), whole.begin() + static_cast<std::ptrdiff_t>(own.size()), whole.end());
      request.continuation_tokens = static_cast<int>(whole.size() - own.size());
      request.ending_bytes = ending.size();
      task.requests_.push_back(std::move(request));
    }
    task.examples_.push_back(example);
  }
  FF_REQUIRE(in.eof(), "error reading the multiple-choice file '{}' after line {}", path, line);
  FF_REQUIRE(!task.examples_.empty(), "the multiple-choice file '{}' has no examples", path);
  return task;
}

int MultipleChoiceTask::fill_row(std::size_t r, int seq_len, int* tokens, int* targets) const {
  const ChoiceRequest& q = requests_[r];
  // The last seq_len + 1 tokens: seq_len inputs, each predicting the next.
  const std::size_t n = q.tokens.size(), keep = std::min(n, static_cast<std::size_t>(seq_len) + 1);
  const int* window = q.tokens.data() + (n - keep);
  const int used = static_cast<int>(keep) - 1;
  for (int t = 0; t < seq_len; ++t) {
    tokens[t] = t < used ? window[t] : 0;
    targets[t] = t < used ? window[t + 1] : 0;
  }
  return used - q.continuation_tokens;
}

MultipleChoiceResult MultipleChoiceTask::results(const std::vector<double>& log_likelihoods, int seq_len) const {
  FF_REQUIRE(log_likelihoods.size() == requests_.size(), "{} scores for the {} choices of '{}'",
             log_likelihoods.size(), requests_.size(), path_);
  MultipleChoiceResult result;
  std::vector<double> normalised;
  for (const ChoiceExample& e : examples_) {
    ExampleScores s;
    s.line = e.line;
    s.label = e.label;
    normalised.clear();
    for (int c = 0; c < e.choices; ++c) {
      const std::size_t r = static_cast<std::size_t>(e.first_request + c);
      const ChoiceRequest& q = requests_[r];
      s.log_likelihoods.push_back(log_likelihoods[r]);
      s.ending_bytes.push_back(q.ending_bytes);
      s.continuation_tokens.push_back(q.continuation_tokens);
      s.truncated = s.truncated || q.tokens.size() > static_cast<std::size_t>(seq_len) + 1;
      normalised.push_back(log_likelihoods[r] / static_cast<double>(q.ending_bytes));
    }
    s.predicted = argmax(s.log_likelihoods);
    s.predicted_norm = argmax(normalised);
    result.correct += s.predicted == s.label ? 1 : 0;
    result.correct_norm += s.predicted_norm == s.label ? 1 : 0;
    result.per_example.push_back(std::move(s));
  }
  result.examples = static_cast<long long>(examples_.size());
  return result;
}

std::string MultipleChoiceResult::json() const {
  nlohmann::json j;
  j["acc"] = acc();
  j["acc_norm"] = acc_norm();
  j["correct"] = correct;
  j["correct_norm"] = correct_norm;
  j["examples"] = examples;
  return j.dump();
}

std::string MultipleChoiceResult::json(const ExampleScores& example) {
  nlohmann::json j;
  j["line"] = example.line;
  j["label"] = example.label;
  j["pred"] = example.predicted;
  j["pred_norm"] = example.predicted_norm;
  j["scores"] = example.log_likelihoods;
  j["ending_bytes"] = example.ending_bytes;
  j["continuation_tokens"] = example.continuation_tokens;
  j["truncated"] = example.truncated;
  return j.dump();
}

}  // namespace fourfold

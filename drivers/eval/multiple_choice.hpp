// Multiple-choice evaluation in HellaSwag's JSONL layout: one example per line, a context
// ("ctx"), its candidate endings ("endings") and the index of the right one ("label"; other field
// names by MultipleChoiceFields). Scored as lm-eval-harness scores its multiple_choice tasks:
//  * each choice's continuation is " " + ending, appended to the context (trailing whitespace of
//    the context moves to the front of the continuation, as lm-eval-harness's _encode_pair does);
//  * tokens as lm-eval-harness takes them: the continuation's tokens are those of the whole text
//    (context + continuation) past the context's own (tokens(whole)[len(tokens(context)):]), so a
//    merge across the boundary is the whole text's, and the tokenizer's special prefix (Llama 3's
//    BOS; none for bytes) goes once, before the context;
//  * a choice's score is the summed log-likelihood of its continuation's tokens, each predicted
//    from everything before it; a sequence longer than the model's seq_len + 1 tokens loses tokens
//    from the left (the context's first);
//  * acc: the choice of largest score is the label; acc_norm: the same for score / length, the
//    length being the ending's UTF-8 bytes (lm-eval-harness divides by len(choice), the choice
//    without its leading space, in characters: the same for ASCII text). Ties go to the first.
//
// Choices are batched one per sequence into the model's rows (local_batch x seq_len per rank, the
// global micro-batch spread over the Z and data ranks), the unused positions and sequences padded
// with token 0 (scored by nobody: every target is a valid id, so no "ignore" target is needed).
// Works on any Gpt: the weights-only model fourfold-eval builds, or a trainer's own.
#pragma once

#include "text/codec.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace fourfold {

class Gpt;

struct MultipleChoiceFields {
  std::string context = "ctx";
  std::string endings = "endings";
  std::string label = "label";
};

/// One choice to score.
struct ChoiceRequest {
  int example = 0;               // index into the task's examples
  int choice = 0;                // index into the example's endings
  std::vector<int> tokens;       // special prefix + context + continuation
  int continuation_tokens = 0;   // the last ones of `tokens`
  std::size_t ending_bytes = 0;  // UTF-8 bytes of the ending: acc_norm's length
};

struct ChoiceExample {
  int line = 0;     // 1-based line of the file
  int label = 0;
  int choices = 0;
  int first_request = 0;  // its choices are requests [first_request, first_request + choices)
};

/// One example's scores, in ending order.
struct ExampleScores {
  int line = 0;
  int label = 0;
  int predicted = 0;       // argmax of log_likelihoods
  int predicted_norm = 0;  // argmax of log_likelihoods / ending_bytes
  std::vector<double> log_likelihoods;
  std::vector<std::size_t> ending_bytes;
  std::vector<int> continuation_tokens;
  bool truncated = false;  // some choice lost tokens from the left
};

struct MultipleChoiceResult {
  long long examples = 0, correct = 0, correct_norm = 0;
  std::vector<ExampleScores> per_example;  // in file order
  double acc() const { return examples > 0 ? static_cast<double>(correct) / static_cast<double>(examples) : 0.0; }
  double acc_norm() const {
    return examples > 0 ? static_cast<double>(correct_norm) / static_cast<double>(examples) : 0.0;
  }
  /// {"acc","acc_norm","correct","correct_norm","examples"} on one line.
  std::string json() const;
  /// One example's line of a --per-example file: {"line","label","pred","pred_norm","scores",
  /// "ending_bytes","continuation_tokens","truncated"}.
  static std::string json(const ExampleScores& example);
};

struct MultipleChoiceOptions {
  bool progress = false;  // a progress bar on stderr (give it to one rank)
};

class MultipleChoiceTask {
 public:
  /// Reads and tokenizes a JSONL file (blank lines skipped). UserError naming the file and line
  /// for a line that is not a JSON object, a missing or mistyped field, no endings, an empty
  /// ending, a label outside [0, endings), or a context with no token before the continuation
  /// (empty, and no special prefix). special_tokens: the tokenizer's prefix before each context.
  static MultipleChoiceTask load(const std::string& path, const text::Codec& codec, bool special_tokens = true,
                                 const MultipleChoiceFields& fields = MultipleChoiceFields());

  const std::string& path() const { return path_; }
  const std::vector<ChoiceExample>& examples() const { return examples_; }
  const std::vector<ChoiceRequest>& requests() const { return requests_; }

  /// Scores every choice with `model` as it is (training or weights-only, any local batch and
  /// seq_len, fp32 or bf16), one choice per sequence, and returns every example's scores on
  /// every rank. Collective over the model's grid: every rank calls it with the same task.
  /// UserError (on every rank alike) when a continuation has more tokens than seq_len.
  MultipleChoiceResult evaluate(Gpt& model, const MultipleChoiceOptions& options = MultipleChoiceOptions()) const;

  // The host side of evaluate(), public for tests.
  /// Writes request r's row of seq_len tokens and targets (the last seq_len + 1 of its tokens,
  /// padded with 0 after them) and returns where its continuation's targets start: positions
  /// [first, first + continuation_tokens) of the row.
  int fill_row(std::size_t r, int seq_len, int* tokens, int* targets) const;
  /// Each example's scores and the counts from every request's summed log-likelihood.
  MultipleChoiceResult results(const std::vector<double>& log_likelihoods, int seq_len) const;

 private:
  std::string path_;
  std::vector<ChoiceExample> examples_;
  std::vector<ChoiceRequest> requests_;
};

}  // namespace fourfold

// Evaluation of a model as it is, on its own grid and buffers: the mean next-token loss over a
// token source (the trainer's validation loss, micro-batch by micro-batch), and multiple choice
// (multiple_choice.hpp). Every function takes any Gpt (training or weights-only,
// MemoryOptions::weights_only) of any local batch x seq_len, changes nothing but its activations,
// and is collective over the model's grid: every rank calls it alike and gets the same result.
#pragma once

#include "drivers/eval/multiple_choice.hpp"

#include <string>

namespace fourfold {

class Gpt;
class TokenSource;

struct LossResult {
  double loss = 0.0;        // mean cross-entropy per token (nats)
  double perplexity = 0.0;  // exp(loss)
  long long tokens = 0;     // tokens scored: batches x the model's global micro-batch x seq_len
  int batches = 0;
  /// {"loss","perplexity","tokens"} on one line.
  std::string json() const;
};

/// Mean loss over micro-batches 0 .. batches - 1 of `source`: micro-batch j is sequences
/// 0 .. S - 1 of the source's step j, S = the model's global micro-batch (local_batch x G_z x
/// G_data), of which this rank reads its own (first_sequence() on). The mean of the micro-batches'
/// mean losses, summed on the device in the order TrainStep::evaluate sums them: on a source of
/// batch S in sequential order (ShardTokenSource), the trainer's validation loss with
/// [train] val_batches = batches. UserError for a token outside the model's vocabulary.
LossResult evaluate_loss(Gpt& model, const TokenSource& source, int batches);

}  // namespace fourfold

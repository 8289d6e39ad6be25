// Training the parser with libtorch (CPU). This header is torch-free so the
// CLI and tests can include it; only trainer.cpp includes torch.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "neural/parser/dataset.h"
#include "neural/parser/engine.h"
#include "neural/parser/model.h"

namespace plank::neural {

struct TrainOptions {
  std::vector<std::string> data;  // JSONL files mixed into the training set
  std::string valid;              // JSONL for model selection (greedy exact match per epoch); may be empty
  ModelConfig dims;               // embed/hidden/decoder/out_embed; vocab sizes are filled in
  // The plain SentenceRec baseline (docs/neural-parser.md, "Baseline"): no
  // grammar mask in the loss (a softmax over every decision token), no word
  // dropout, no synthetic data, model selection by unconstrained greedy decoding.
  bool plain = false;
  int epochs = 30;
  int batch = 32;
  float lr = 2e-3f;
  float dropout = 0.2f;
  float unk_rate = 0.05f;         // word dropout to <unk>, so unknown words at test time are familiar
  uint64_t seed = 1;
  double max_minutes = 30.0;      // wall-clock budget; training stops after the epoch that crosses it
  int limit = 0;                  // use only the first `limit` training examples (0 = all)
  int synthetic = 0;              // add this many templated examples (synth.h) to the training set
  int valid_limit = 0;
  int threads = 0;                // torch intra-op threads (0 = leave)
  std::string provenance_json = "{}";  // merged into the model card metadata
  // Speed and accuracy options (docs/neural-parser.md, "Training experiments").
  int valid_every = 1;            // greedy validation every k epochs (and always after the last one)
  std::string lr_schedule = "constant";  // "constant", or "cosine": lr to lr * lr_floor over `epochs`
                                         // or over max_minutes, whichever runs out first
  float lr_floor = 0.05f;
  float ema = 0.f;                // decay of an exponential moving average of the weights (0 = off);
                                  // when on, the average is what is validated and saved
  float singleton_unk = 0.f;      // extra word dropout for words seen once in training
  bool bucket = true;             // batches of examples with similar decoder lengths (less padding)
  // Pre-trained word vectors (pretrained.h; docs/neural-parser.md, "Pre-trained
  // word vectors"): a word's embedding is a learned row plus a learned
  // projection of its fixed vector. Word dropout replaces only the learned row
  // (by <unk>'s), so a word training never saw, whose learned row is <unk>'s,
  // still brings its vector; `pretrained_drop` of the dropped words lose the
  // vector too (words without one). The model keeps the first
  // `pretrained_words` words of the file besides the training words.
  std::string pretrained;
  int pretrained_words = 30000;
  float pretrained_drop = 0.25f;
  // Name swapping (needs `pretrained`): with this probability a training
  // example's has_name words are replaced, in that batch, by one of the
  // `name_neighbours` words whose vectors are nearest, so names never seen in
  // training (read through their vectors alone) are familiar.
  float name_swap = 0.f;
  int name_neighbours = 10;
  bool swap_all_spans = false;    // swap the words of every span, not only has_name's
  // Span substitution (span_substitution.h): with this probability a training
  // example's has_name span is replaced, in that batch, by the words of another
  // training example's has_name span (any length), its spans moved to match.
  float span_substitute = 0.f;
  // Contextual word features from a pre-trained sentence encoder
  // (context_encoder.h; "" = none, "use-lite"): computed once per example
  // (frozen), projected by the learned "enc.context_proj" onto the word
  // embeddings. A swapped name keeps the features of the word it replaced.
  std::string context;
};

struct EpochStats {
  int epoch = 0;
  double seconds = 0;      // since the start
  double loss = 0;         // mean training loss per example
  double token_acc = 0;    // teacher-forced token accuracy on the training batches
  double valid_exact = -1; // greedy exact match on the validation file (-1 when none)
  // Where this epoch's time went (seconds): building batches, forward + loss,
  // backward, optimiser step (with clipping and the weight average), validation.
  double t_batch = 0, t_forward = 0, t_backward = 0, t_step = 0, t_valid = 0;
};

struct TrainResult {
  bool ok = false;
  std::string error;
  std::vector<EpochStats> epochs;
  ParserWeights weights;   // the best epoch by validation exact match (the last when no validation)
  int best_epoch = 0;
  size_t train_examples = 0, skipped = 0;
  size_t pretrained_words = 0;  // words the model knows only from pre-trained vectors
  size_t name_words = 0;        // name words with neighbours to be swapped for (name_swap)
};

// progress(epoch, batch, batches, running_loss) is called after every batch.
using TrainProgress = std::function<void(const EpochStats& so_far, int batch, int batches)>;

TrainResult train_parser(const TrainOptions& options, const TrainProgress& progress = {});

// Random weights of the given config (torch's initialisation), for tests.
ParserWeights random_weights(const ModelConfig& config, const InputVocab& vocab, uint64_t seed);

// The teacher-forced libtorch forward of one example on `weights`: the
// reference the kernels are tested against.
ForcedOutput torch_forced_forward(const ParserWeights& weights, const std::vector<int>& ids,
                                  const std::vector<int>& prev, const std::vector<int>& parent,
                                  const std::vector<float>& context = {});

// For benchmarks: a closure that runs libtorch's inference of one greedy
// decode (encode `tokens` words, then `steps` decoder steps) for `batch`
// utterances at once, on `weights`, without autograd.
std::function<void()> torch_decode_runner(const ParserWeights& weights, int tokens, int steps, int batch);

}  // namespace plank::neural

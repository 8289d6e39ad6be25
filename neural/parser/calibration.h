// A calibrated confidence: the probability that a parse is exactly the right
// logical form, by logistic regression (Platt scaling with more than one
// feature) over what the decoder knows about the parse: its log-probability,
// its margin to the best other entry of the beam, and the utterance length.
// exp(log_prob) alone is far from that probability (a softmax's product over
// 20-odd decisions is over- or under-confident depending on the length).
//
// Two regressions, because a greedy decode has no second entry: "single"
// (beam 1) and "beam" (beam >= 2, fitted on every entry of a width-5 N-best so
// it also covers the entries after the first). They are fitted by
// `plank calibrate parser` on held-out data and stored in a small side file
// next to the weights (<weights stem>.calib.json), which names the weights'
// hash: a calibration of other weights is ignored, never misapplied.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace plank::neural {

// The features of one N-best entry. margin: this entry's log_prob minus the
// best other entry's (positive for the first, negative after); has_margin
// false for a greedy decode.
struct ConfidenceInput {
  double log_prob = 0;
  double margin = 0;
  bool has_margin = false;
  int tokens = 0;
};

class Calibrator {
 public:
  // Logistic regression by Newton's method with a small L2 penalty (never on
  // the bias). x: one row per example; y: 1 when the parse was exactly right.
  static Calibrator fit(const std::vector<std::vector<double>>& x, const std::vector<int>& y, double l2 = 1e-2);
  double predict(const std::vector<double>& x) const;
  bool empty() const { return w_.empty() && b_ == 0; }

  std::vector<double> w_;
  double b_ = 0;
};

// The regression's inputs for one entry: logit(exp(log_prob)), log(1 + tokens),
// and with a margin, the margin (clipped at +-10) and whether it is the first entry.
std::vector<double> calibration_features(const ConfidenceInput& in);

struct Calibration {
  static constexpr int kVersion = 1;
  Calibrator single, beam;
  std::string weights_hash;  // fnv1a64 of the weights file it was fitted for
  std::string fitted_on;     // data description, for the card
  std::string report_json = "{}";  // cross-validated reliability, stored for the record

  double confidence(const ConfidenceInput& in) const;
  bool save(const std::string& path, std::string* error) const;
  // false with *error on a malformed file or a version from the future.
  bool load(const std::string& path, std::string* error);
};

// The side file of a weights file: models/parser.bin -> models/parser.calib.json.
std::string calibration_path(const std::string& weights_path);
// FNV-1a 64 over byte ranges fed in order (what the functions below compute
// for one file or one string), written "fnv1a64:<16 hex>".
class Fnv1a64 {
 public:
  void update(std::string_view bytes);
  std::string text() const;

 private:
  uint64_t h_ = 1469598103934665603ull;
};
// FNV-1a 64 of a file's bytes ("fnv1a64:<16 hex>"), "" when unreadable.
std::string file_fnv1a64(const std::string& path);
// The same of bytes in memory.
std::string bytes_fnv1a64(std::string_view bytes);

// Reliability over equal-width probability bins.
struct ReliabilityBin {
  double lo = 0, hi = 0;
  int count = 0;
  double mean_confidence = 0, accuracy = 0;
};
std::vector<ReliabilityBin> reliability(const std::vector<double>& p, const std::vector<int>& y, int bins = 10);
// Expected calibration error: sum over bins of count/N * |accuracy - mean confidence|.
double expected_calibration_error(const std::vector<double>& p, const std::vector<int>& y, int bins = 10);

// Callers that can ask the speaker (the REPL's :parse, scripts through
// parse(text, n)) treat a best parse below this calibrated probability as
// worth a clarifying question rather than acting on it.
inline constexpr double kAskBelowConfidence = 0.5;

}  // namespace plank::neural

// What a "model" argument names: one weights file, a comma-separated list of
// weights files, or an ensemble description file (JSON). Every place that takes
// a model (--model, $PLANK_PARSER_MODEL, the parse() intrinsic, the REPL)
// resolves it here, so they all accept the same three forms.
//
// Ensemble description (e.g. models/parser-ensemble.json), member paths
// relative to the JSON file's directory:
//   {"format": "plank-parser-ensemble", "version": 1,
//    "members": ["ensemble/s1.bin", "ensemble/s2.bin"],
//    "combine": "mean_prob"}            // optional; see Combine
// Its calibration side file sits next to it (<stem>.calib.json) and names the
// hash of the whole ensemble (model_fnv1a64), so re-training any member, or
// changing the combination, invalidates it.
#pragma once
#include <string>
#include <vector>

namespace plank::neural {

// How an ensemble's members are combined at each decoding step (the next
// decision, and the span start and end pointers separately):
//   MeanProb     p(x) = mean over members of p_m(x)  (a mixture; the default)
//   MeanLogProb  p(x) ∝ exp(mean over members of log p_m(x)), renormalised over
//                the decisions the grammar allows (a product of experts)
// docs/neural-parser.md, "Ensembles", has the measured difference.
enum class Combine { MeanProb, MeanLogProb };
const char* combine_name(Combine c);
bool parse_combine(const std::string& name, Combine* out);

struct ModelSpec {
  std::string given;                 // the argument as written
  std::vector<std::string> members;  // weights files, in order (one for a plain model)
  bool ensemble = false;             // a list or a description file (even of one member)
  Combine combine = Combine::MeanProb;
  // The calibration side file, "" when this form of model has no place for one
  // (a comma list: write a description file to calibrate an ensemble).
  std::string calibration;
};

// false with *error (naming the file at fault) for an unreadable or malformed
// description. Member files are not opened here (Parser::load does that).
bool resolve_model(const std::string& given, ModelSpec& out, std::string* error);

// What a calibration file names as "the weights it was fitted for": a plain
// model's file hash (unchanged, so existing side files stay valid); for an
// ensemble, the FNV-1a 64 of the combination and every member's file hash, in
// order. "" when a member is unreadable.
std::string model_fnv1a64(const ModelSpec& spec);

}  // namespace plank::neural

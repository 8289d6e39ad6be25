// The error analysis of the CAIP paper's Figure 6, as a reusable tally: over
// the examples whose best parse is not exactly the gold form, how many are
// wrong only in span values, how many have the right tree structure (the same
// keys everywhere) but wrong leaves, and, per grammar node, how often the
// parser produced it wrongly (false positive, "+") or missed it (false
// negative, "-").
//
// A form is compared as a multiset of node facts, one per dict member, named
// by its key path without list positions ("action_sequence.location.
// reference_object.has_name"):
//   internal node (a dict, or a list of dicts)   the path; present or not
//   span leaf ([0, [first, last]])                the path; the fact carries the span,
//                                                 so a wrong span is one + and one -
//   categorical leaf (string, int, bool)          "path=VALUE" ("...action_type=BUILD")
// so a wrong categorical value is a + on the predicted value and a - on the gold one.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "compiler/lf/value.h"

namespace plank::neural {

struct NodeErrors {
  std::string node;
  int false_positive = 0;  // in the prediction, not in the gold form
  int false_negative = 0;  // in the gold form, not in the prediction
};

class ErrorAnalysis {
 public:
  // predicted == nullptr: no parse came out (an unconstrained decode whose
  // decisions did not form a logical form); every gold fact counts as missed.
  void add(const lf::Value* predicted, const lf::Value& gold);

  int examples() const { return examples_; }
  int errors() const { return errors_; }
  int no_parse() const { return no_parse_; }
  int span_only() const { return span_only_; }              // only span values differ
  int structure_right() const { return structure_right_; }  // same keys everywhere (includes span_only)
  // Nodes with at least one error, most errors first (then by name).
  std::vector<NodeErrors> nodes() const;

 private:
  int examples_ = 0, errors_ = 0, no_parse_ = 0, span_only_ = 0, structure_right_ = 0;
  std::map<std::string, NodeErrors> nodes_;
};

// The node facts of a form, sorted: "label\x1fvalue" strings (see above).
std::vector<std::string> node_facts(const lf::Value& form);

}  // namespace plank::neural

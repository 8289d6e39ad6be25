// Private to compiler/frontend (it includes ANTLR headers): how a syntax error
// becomes one Problem in plain words ("expected ':' after the if condition"),
// instead of ANTLR's "mismatched input ... expecting {...}".
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "antlr4-runtime.h"
#include "compiler/frontend/syntax_problem.h"

namespace plank::frontend {

// Thrown by ReportOnceStrategy after the first error: the chunk is abandoned
// rather than recovered, so one root cause gives one diagnostic.
struct ChunkAbort {};

// Reports the first syntax error of a chunk in plain words, then abandons the chunk.
class ReportOnceStrategy : public antlr4::DefaultErrorStrategy {
 public:
  // tokens: every token of the file (to tell whether an error lies inside brackets).
  ReportOnceStrategy(const std::string& text, const std::vector<std::unique_ptr<antlr4::Token>>* tokens)
      : text_(text), tokens_(tokens) {}
  bool reported = false;
  Problem problem;

  void reportNoViableAlternative(antlr4::Parser* p, const antlr4::NoViableAltException& e) override;
  void reportInputMismatch(antlr4::Parser* p, const antlr4::InputMismatchException& e) override;
  void reportFailedPredicate(antlr4::Parser* p, const antlr4::FailedPredicateException& e) override;
  void reportUnwantedToken(antlr4::Parser* p) override;
  void reportMissingToken(antlr4::Parser* p) override;

 private:
  [[noreturn]] void describe(antlr4::Parser* p, antlr4::Token* t, const antlr4::misc::IntervalSet& expected,
                             bool missing);
  bool inside_brackets(antlr4::Token* t) const;

  const std::string& text_;
  const std::vector<std::unique_ptr<antlr4::Token>>* tokens_;
};

}  // namespace plank::frontend

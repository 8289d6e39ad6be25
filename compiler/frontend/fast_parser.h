// The base class of the generated Plank parser (Plank.g4's superClass): antlr4::Parser with the
// three steps every rule takes (enter, outer alternative, exit) moving between a context and its
// parent by static_cast. The runtime's own (4.9) use dynamic_cast there, and every one of those
// compares type names with strcmp (the contexts' classes live in this binary, the runtime in its
// shared library): about a fifth of a straight-line program's parse (issue 24). The parent of a
// context this parser made is always a ParserRuleContext (the generated constructors take one),
// so the cast cannot be wrong. Same behaviour otherwise, line for line (Parser.cpp, 4.9).
#pragma once

#include "antlr4-runtime.h"

namespace plank::grammar {

class FastParser : public antlr4::Parser {
 public:
  using antlr4::Parser::Parser;

  void enterRule(antlr4::ParserRuleContext* localctx, size_t state, size_t /*ruleIndex*/) override {
    setState(state);
    _ctx = localctx;
    _ctx->start = _input->LT(1);
    if (_buildParseTrees) addContextToParseTree();
    if (!_parseListeners.empty()) triggerEnterRuleEvent();
  }

  // Hides antlr4::Parser::exitRule (not virtual): the generated rules call it unqualified.
  void exitRule() {
    _ctx->stop = _matchedEOF ? _input->LT(1) : _input->LT(-1);
    if (!_parseListeners.empty()) triggerExitRuleEvent();
    setState(_ctx->invokingState);
    _ctx = static_cast<antlr4::ParserRuleContext*>(_ctx->parent);
  }

  void enterOuterAlt(antlr4::ParserRuleContext* localctx, size_t altNum) override {
    localctx->setAltNumber(altNum);
    if (_buildParseTrees && _ctx != localctx && _ctx->parent != nullptr) {
      auto* parent = static_cast<antlr4::ParserRuleContext*>(_ctx->parent);
      parent->removeLastChild();
      parent->addChild(localctx);
    }
    _ctx = localctx;
  }

 protected:
  void addContextToParseTree() override {
    if (_ctx->parent == nullptr) return;
    static_cast<antlr4::ParserRuleContext*>(_ctx->parent)->addChild(_ctx);
  }
};

}  // namespace plank::grammar

// Private to compiler/frontend (it includes ANTLR headers): a hand-written
// parser for the commonest top-level statement shapes, tried before ANTLR.
//
// ANTLR walks every operand through about a dozen rules, each a context
// allocated, entered, exited and freed, and the transformer then visits them
// with dynamic_casts: for a straight-line program (a long list of `x = 1` or
// `mine("log", 3)`) that was about two thirds of `plank check` (issue 24).
// These shapes are parsed here directly from the tokens:
//
//   statement := operand NEWLINE
//              | NAME ('=' NAME)* '=' operand NEWLINE
//              | NAME augassign operand NEWLINE
//   operand   := atom | NAME '(' [atom (',' atom)* [',']] ')'
//   atom      := NAME | INT | FLOAT | STRING | None | null | True | true | False | false
//
// and only when the transformer would report nothing about them (an INT with
// a leading zero or beyond int64, a STRING with a prefix, joined to another or
// not UTF-8 are left to ANTLR). Anything else returns null and goes to ANTLR,
// so the result is always the AST ANTLR and the transformer build: the
// front-end tests parse every example both ways and compare the dumps.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "antlr4-runtime.h"
#include "compiler/frontend/ast.h"

namespace plank::frontend {

// The statement made of tokens [b, e) (one top-level statement, its NEWLINE
// last), or null when it is not one of the shapes above.
ast::StmtPtr parse_simple_statement(const std::string& text, const std::vector<std::unique_ptr<antlr4::Token>>& tokens,
                                    size_t b, size_t e);

}  // namespace plank::frontend

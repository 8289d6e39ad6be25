#include "compiler/frontend/ast_print.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "support/utf8.h"

namespace plank::ast {

namespace {

// Binding strength, loosest first: the grammar's levels (grammar/Plank.g4,
// `test` down to `atom`). An operand printed where a tighter level is expected
// gets parentheses.
enum Prec : int {
  kLambda = 0,
  kConditional,
  kOr,
  kAnd,
  kNot,
  kComparison,
  kBitOr,   // |
  kBitXor,  // ^
  kBitAnd,  // &
  kShift,   // << >>
  kArith,   // + -
  kTerm,    // * / // %
  kFactor,  // unary + -
  kPower,   // **
  kPrimary, // calls, subscripts, attributes
  kAtom,
};

int binary_prec(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Sub: return kArith;
    case BinaryOp::Pow: return kPower;
    case BinaryOp::BitOr: return kBitOr;
    case BinaryOp::BitXor: return kBitXor;
    case BinaryOp::BitAnd: return kBitAnd;
    case BinaryOp::LShift:
    case BinaryOp::RShift: return kShift;
    default: return kTerm;
  }
}

int prec_of(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Lambda: return kLambda;
    case ExprKind::Conditional: return kConditional;
    case ExprKind::BoolOp: return static_cast<const BoolOp&>(e).op == BoolOpKind::Or ? kOr : kAnd;
    case ExprKind::Unary: return static_cast<const Unary&>(e).op == UnaryOp::Not ? kNot : kFactor;
    case ExprKind::Await: return kPower;
    case ExprKind::Starred: return kBitOr;
    case ExprKind::Compare: return kComparison;
    case ExprKind::Binary: return binary_prec(static_cast<const Binary&>(e).op);
    case ExprKind::Call:
    case ExprKind::Attribute:
    case ExprKind::Subscript: return kPrimary;
    // A negative number is a unary minus when read back.
    case ExprKind::IntLiteral: {
      auto& n = static_cast<const IntLiteral&>(e);
      return (n.big.empty() ? n.value < 0 : n.big[0] == '-') ? kFactor : kAtom;
    }
    case ExprKind::FloatLiteral: return std::signbit(static_cast<const FloatLiteral&>(e).value) ? kFactor : kAtom;
    default: return kAtom;
  }
}

std::string float_text(double v) {
  if (std::isnan(v)) return "(1e999 - 1e999)";  // only a built node holds one: no literal reads as nan
  if (std::isinf(v)) return v > 0 ? "1e999" : "-1e999";
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";  // 3 -> 3.0: still a float when read back
  return s;
}

class Printer {
 public:
  std::string take() { return std::move(out_); }

  void module(const Module& m) {
    for (size_t i = 0; i < m.body.size(); ++i) {
      bool def = isa<FunctionDef>(m.body[i].get());
      bool after_def = i > 0 && isa<FunctionDef>(m.body[i - 1].get());
      if (i > 0 && (def || after_def)) out_ += '\n';
      stmt(*m.body[i]);
    }
  }

  void stmt(const Stmt& s) {
    switch (s.kind) {
      case StmtKind::FunctionDef: {
        auto& n = static_cast<const FunctionDef&>(s);
        for (const auto& d : n.decorators) line("@" + expr(*d, kLambda));
        line(std::string(n.is_async ? "async " : "") + "def " + n.name + "(" + params(n.params, true) + ")" +
             (n.returns ? " -> " + expr(*n.returns, kLambda) : "") + ":");
        block(n.body);
        break;
      }
      case StmtKind::ClassDef: {
        auto& n = static_cast<const ClassDef&>(s);
        for (const auto& d : n.decorators) line("@" + expr(*d, kLambda));
        std::string args = join(n.bases);
        for (const auto& k : n.keywords) args += (args.empty() ? "" : ", ") + keyword(k);
        line("class " + n.name + (args.empty() ? "" : "(" + args + ")") + ":");
        block(n.body);
        break;
      }
      case StmtKind::Try: {
        auto& n = static_cast<const Try&>(s);
        line("try:");
        block(n.body);
        for (const auto& h : n.handlers) {
          line("except" + (h.type ? " " + expr(*h.type, kLambda) : std::string()) + (h.name.empty() ? "" : " as " + h.name) +
               ":");
          block(h.body);
        }
        if (!n.orelse.empty()) line("else:"), block(n.orelse);
        if (!n.finalbody.empty()) line("finally:"), block(n.finalbody);
        break;
      }
      case StmtKind::Raise: {
        auto& n = static_cast<const Raise&>(s);
        line("raise" + (n.exc ? " " + expr(*n.exc, kLambda) : std::string()) +
             (n.cause ? " from " + expr(*n.cause, kLambda) : std::string()));
        break;
      }
      case StmtKind::With: {
        auto& n = static_cast<const With&>(s);
        std::string items;
        for (const auto& it : n.items)
          items += (items.empty() ? "" : ", ") + expr(*it.context, kOr) + (it.target ? " as " + expr(*it.target, kBitOr) : "");
        line(std::string(n.is_async ? "async " : "") + "with " + items + ":");
        block(n.body);
        break;
      }
      case StmtKind::Global:
      case StmtKind::Nonlocal: {
        auto& names = s.kind == StmtKind::Global ? static_cast<const Global&>(s).names : static_cast<const Nonlocal&>(s).names;
        std::string text;
        for (const auto& id : names) text += (text.empty() ? "" : ", ") + id.name;
        line((s.kind == StmtKind::Global ? "global " : "nonlocal ") + text);
        break;
      }
      case StmtKind::Delete: line("del " + join(static_cast<const Delete&>(s).targets)); break;
      case StmtKind::AnnAssign: {
        auto& n = static_cast<const AnnAssign&>(s);
        line(expr(*n.target, kLambda) + ": " + expr(*n.annotation, kLambda) + (n.value ? " = " + expr(*n.value, kLambda) : ""));
        break;
      }
      case StmtKind::Return: {
        auto& n = static_cast<const Return&>(s);
        line(n.value ? "return " + expr(*n.value, kLambda) : std::string("return"));
        break;
      }
      case StmtKind::If: if_chain(static_cast<const If&>(s), "if "); break;
      case StmtKind::While: {
        auto& n = static_cast<const While&>(s);
        line("while " + expr(*n.test, kLambda) + ":");
        block(n.body);
        if (!n.orelse.empty()) line("else:"), block(n.orelse);
        break;
      }
      case StmtKind::For: {
        auto& n = static_cast<const For&>(s);
        line(std::string(n.is_async ? "async " : "") + "for " + bare_tuple(*n.target) + " in " + expr(*n.iterable, kLambda) + ":");
        block(n.body);
        if (!n.orelse.empty()) line("else:"), block(n.orelse);
        break;
      }
      case StmtKind::Break: line("break"); break;
      case StmtKind::Continue: line("continue"); break;
      case StmtKind::Pass: line("pass"); break;
      case StmtKind::Assert: {
        auto& n = static_cast<const Assert&>(s);
        line("assert " + expr(*n.test, kLambda) + (n.message ? ", " + expr(*n.message, kLambda) : std::string()));
        break;
      }
      case StmtKind::Assign: {
        auto& n = static_cast<const Assign&>(s);
        std::string text;
        for (const auto& t : n.targets) text += expr(*t, kLambda) + " = ";
        line(text + expr(*n.value, kLambda));
        break;
      }
      case StmtKind::AugAssign: {
        auto& n = static_cast<const AugAssign&>(s);
        line(expr(*n.target, kLambda) + " " + op_text(n.op) + "= " + expr(*n.value, kLambda));
        break;
      }
      case StmtKind::Import: {
        auto& n = static_cast<const Import&>(s);
        line("import " + aliases(n.names));
        break;
      }
      case StmtKind::FromImport: {
        auto& n = static_cast<const FromImport&>(s);
        line("from " + n.module + " import " + aliases(n.names));
        break;
      }
      case StmtKind::ExprStmt: line(expr(*static_cast<const ExprStmt&>(s).value, kLambda)); break;
    }
  }

  // `e` printed where the grammar expects level `min`: parenthesised when it binds looser.
  std::string expr(const Expr& e, int min) {
    std::string text = bare(e);
    return prec_of(e) < min ? "(" + text + ")" : text;
  }

 private:
  std::string bare(const Expr& e) {
    switch (e.kind) {
      case ExprKind::IntLiteral: {
        auto& n = static_cast<const IntLiteral&>(e);
        return n.big.empty() ? std::to_string(n.value) : n.big;
      }
      case ExprKind::BytesLiteral: return "b" + quoted(static_cast<const BytesLiteral&>(e).value, '\'', false, true);
      case ExprKind::Ellipsis: return "...";
      case ExprKind::Set: return "{" + join(static_cast<const SetExpr&>(e).elements) + "}";
      case ExprKind::Comprehension: return comprehension(static_cast<const Comprehension&>(e));
      case ExprKind::Starred: return "*" + expr(*static_cast<const Starred&>(e).value, kBitOr);
      // Always parenthesised: valid wherever they stand, and the parentheses make no node.
      case ExprKind::Yield: {
        auto& n = static_cast<const YieldExpr&>(e);
        return n.value ? "(yield " + expr(*n.value, kLambda) + ")" : "(yield)";
      }
      case ExprKind::YieldFrom: return "(yield from " + expr(*static_cast<const YieldFrom&>(e).value, kLambda) + ")";
      case ExprKind::NamedExpr: {
        auto& n = static_cast<const NamedExpr&>(e);
        return "(" + expr(*n.target, kAtom) + " := " + expr(*n.value, kLambda) + ")";
      }
      case ExprKind::Await: return "await " + expr(*static_cast<const Await&>(e).value, kPrimary);
      case ExprKind::JoinedStr: return fstring(static_cast<const JoinedStr&>(e));
      case ExprKind::FormattedValue: {
        // Only inside a JoinedStr; standing alone, it is the f-string of that one field.
        return "f'" + field(static_cast<const FormattedValue&>(e), '\'') + "'";
      }
      case ExprKind::FloatLiteral: return float_text(static_cast<const FloatLiteral&>(e).value);
      case ExprKind::StringLiteral: return string_literal(static_cast<const StringLiteral&>(e).value);
      case ExprKind::BoolLiteral: return static_cast<const BoolLiteral&>(e).value ? "True" : "False";
      case ExprKind::NoneLiteral: return "None";
      case ExprKind::Name: return static_cast<const Name&>(e).id;
      case ExprKind::List: return "[" + join(static_cast<const ListExpr&>(e).elements) + "]";
      case ExprKind::Tuple: {
        auto& n = static_cast<const TupleExpr&>(e);
        return "(" + join(n.elements) + (n.elements.size() == 1 ? ",)" : ")");
      }
      case ExprKind::Dict: {
        std::string text;
        for (const auto& entry : static_cast<const DictExpr&>(e).entries) {
          if (!text.empty()) text += ", ";
          // `**mapping` has no key.
          text += entry.key ? expr(*entry.key, kLambda) + ": " + expr(*entry.value, kLambda) : "**" + expr(*entry.value, kBitOr);
        }
        return "{" + text + "}";
      }
      case ExprKind::Call: return call(static_cast<const Call&>(e));
      case ExprKind::Attribute: {
        auto& n = static_cast<const Attribute&>(e);
        // `1.real` would read as the float `1.` then a name.
        bool number = isa<IntLiteral>(n.object.get());
        return (number ? "(" + bare(*n.object) + ")" : expr(*n.object, kPrimary)) + "." + n.attr;
      }
      case ExprKind::Subscript: {
        auto& n = static_cast<const Subscript&>(e);
        return expr(*n.object, kPrimary) + "[" + subscript_index(*n.index) + "]";
      }
      case ExprKind::Slice: {
        auto& n = static_cast<const Slice&>(e);
        std::string text = (n.lower ? expr(*n.lower, kLambda) : "") + ":" + (n.upper ? expr(*n.upper, kLambda) : "");
        if (n.step) text += ":" + expr(*n.step, kLambda);
        return text;
      }
      case ExprKind::Binary: {
        auto& n = static_cast<const Binary&>(e);
        int p = binary_prec(n.op);
        // Left-associative but `**`, whose left operand is a primary and right a factor (`2 ** -1`).
        int left = n.op == BinaryOp::Pow ? kPrimary : p;
        int right = n.op == BinaryOp::Pow ? kFactor : p + 1;
        return expr(*n.lhs, left) + " " + op_text(n.op) + " " + expr(*n.rhs, right);
      }
      case ExprKind::Unary: {
        auto& n = static_cast<const Unary&>(e);
        if (n.op == UnaryOp::Not) return "not " + expr(*n.operand, kNot);
        return op_text(n.op) + expr(*n.operand, kFactor);
      }
      case ExprKind::Compare: {
        auto& n = static_cast<const Compare&>(e);
        std::string text = expr(*n.left, kArith);
        for (size_t i = 0; i < n.ops.size() && i < n.comparators.size(); ++i)
          text += std::string(" ") + op_text(n.ops[i]) + " " + expr(*n.comparators[i], kArith);
        return text;
      }
      case ExprKind::BoolOp: {
        auto& n = static_cast<const BoolOp&>(e);
        int operand = n.op == BoolOpKind::Or ? kAnd : kNot;
        std::string text;
        for (const auto& v : n.values) {
          if (!text.empty()) text += std::string(" ") + op_text(n.op) + " ";
          text += expr(*v, operand);
        }
        return text;
      }
      case ExprKind::Conditional: {
        auto& n = static_cast<const Conditional&>(e);
        return expr(*n.body, kOr) + " if " + expr(*n.test, kOr) + " else " + expr(*n.orelse, kLambda);
      }
      case ExprKind::Lambda: {
        auto& n = static_cast<const Lambda&>(e);
        std::string ps = params(n.params);
        return "lambda" + (ps.empty() ? "" : " " + ps) + ": " + expr(*n.body, kLambda);
      }
    }
    return "?";
  }

  std::string call(const Call& n) {
    std::vector<std::pair<uint32_t, std::string>> parts;  // (source position, text)
    for (const auto& a : n.args) parts.push_back({a->span.begin, expr(*a, kLambda)});
    for (const auto& k : n.keywords) parts.push_back({k.name.empty() ? k.value->span.begin : k.name_span.begin, keyword(k)});
    // Positional after keyword (DEPS Prompt 1) is kept in source order; otherwise positional first.
    if (n.positional_after_keyword)
      std::stable_sort(parts.begin(), parts.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::string text;
    for (const auto& [_, part] : parts) text += (text.empty() ? "" : ", ") + part;
    return expr(*n.callee, kPrimary) + "(" + text + ")";
  }

  // A subscript's tuple is written bare: `a[1:2, 3]` (a slice cannot stand in parentheses).
  std::string subscript_index(const Expr& index) {
    auto* t = dyn_cast<TupleExpr>(&index);
    if (!t || t->elements.empty()) return expr(index, kLambda);
    return join(t->elements) + (t->elements.size() == 1 ? "," : "");
  }

  // A for target: `for k, v in ...`.
  std::string bare_tuple(const Expr& target) {
    auto* t = dyn_cast<TupleExpr>(&target);
    if (!t || t->elements.empty()) return expr(target, kArith);
    std::string text;
    for (const auto& x : t->elements) text += (text.empty() ? "" : ", ") + expr(*x, kArith);
    return text + (t->elements.size() == 1 ? "," : "");
  }

  std::string join(const ExprList& xs) {
    std::string text;
    for (const auto& x : xs) text += (text.empty() ? "" : ", ") + expr(*x, kLambda);
    return text;
  }

  // `name=value`, or `**mapping`.
  std::string keyword(const KeywordArg& k) {
    return k.name.empty() ? "**" + expr(*k.value, kBitOr) : k.name + "=" + expr(*k.value, kLambda);
  }

  // Python's order: positional-only then `/`, the others, `*args` (or a bare `*` before the
  // first keyword-only one), keyword-only, `**kwargs`. Annotations only in a def.
  std::string params(const std::vector<Param>& ps, bool annotations = false) {
    std::string text;
    bool star = false;
    for (size_t i = 0; i < ps.size(); ++i) {
      const Param& p = ps[i];
      auto add = [&](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
      if (p.kind == ParamKind::KeywordOnly && !star) add("*"), star = true;
      std::string one = p.name;
      if (p.kind == ParamKind::VarArgs) one = "*" + one, star = true;
      if (p.kind == ParamKind::VarKeywords) one = "**" + one;
      if (annotations && p.annotation) one += ": " + expr(*p.annotation, kLambda);
      if (p.default_) one += (annotations && p.annotation ? " = " : "=") + expr(*p.default_, kLambda);
      add(one);
      if (p.kind == ParamKind::PositionalOnly && (i + 1 == ps.size() || ps[i + 1].kind != ParamKind::PositionalOnly))
        add("/");
    }
    return text;
  }

  std::string comprehension(const Comprehension& n) {
    std::string text = n.comp == ComprehensionKind::Dict ? expr(*n.element, kLambda) + ": " + expr(*n.value, kLambda)
                                                          : expr(*n.element, kLambda);
    for (const auto& g : n.generators) {
      text += std::string(g.is_async ? " async" : "") + " for " + bare_tuple(*g.target) + " in " + expr(*g.iter, kOr);
      for (const auto& c : g.ifs) text += " if " + expr(*c, kOr);
    }
    switch (n.comp) {
      case ComprehensionKind::List: return "[" + text + "]";
      case ComprehensionKind::Generator: return "(" + text + ")";
      default: return "{" + text + "}";
    }
  }

  // An f-string: literal parts escaped (braces doubled), fields as written.
  std::string fstring(const JoinedStr& n) {
    char q = '\'';
    for (const auto& v : n.values)
      if (auto* f = dyn_cast<FormattedValue>(v.get()); f && print_expr(*f->value).find('\'') != std::string::npos) q = '"';
    return "f" + std::string(1, q) + fstring_parts(n, q) + std::string(1, q);
  }

  std::string fstring_parts(const JoinedStr& n, char q) {
    std::string text;
    for (const auto& v : n.values) {
      if (auto* s = dyn_cast<StringLiteral>(v.get())) text += quoted(s->value, q, true, false);
      else if (auto* f = dyn_cast<FormattedValue>(v.get())) text += field(*f, q);
    }
    return text;
  }

  std::string field(const FormattedValue& f, char q) {
    std::string value = expr(*f.value, kConditional);
    if (!value.empty() && value[0] == '{') value = " " + value;  // `{{` would be a literal brace
    std::string text = "{" + value;
    if (f.conversion) text += std::string("!") + f.conversion;
    if (auto* spec = f.format_spec ? dyn_cast<JoinedStr>(f.format_spec.get()) : nullptr) text += ":" + fstring_parts(*spec, q);
    return text + "}";
  }

  // The text of a literal between quotes `q`: escapes for the quote, backslash and
  // control characters; `braces`: `{` `}` doubled (f-strings); `bytes`: every byte past
  // ASCII as \xNN.
  static std::string quoted(std::string_view s, char q, bool braces, bool bytes) {
    std::string out;
    char hex[8];
    for (char ch : s) {
      unsigned char c = static_cast<unsigned char>(ch);
      if (c == static_cast<unsigned char>(q) || c == '\\') out += '\\', out += ch;
      else if (c == '\n') out += "\\n";
      else if (c == '\r') out += "\\r";
      else if (c == '\t') out += "\\t";
      else if (braces && (c == '{' || c == '}')) out += ch, out += ch;
      else if (c < 0x20 || c == 0x7f || (bytes && c >= 0x80)) std::snprintf(hex, sizeof hex, "\\x%02x", c), out += hex;
      else out += ch;
    }
    if (!braces) return std::string(1, q) + out + std::string(1, q);
    return out;
  }

  std::string aliases(const std::vector<ImportAlias>& names) {
    std::string text;
    for (const auto& a : names) {
      if (!text.empty()) text += ", ";
      text += a.name + (a.as_name.empty() ? "" : " as " + a.as_name);
    }
    return text;
  }

  void if_chain(const If& n, const char* keyword) {
    line(keyword + expr(*n.test, kLambda) + ":");
    block(n.body);
    if (n.orelse.size() == 1 && isa<If>(n.orelse[0].get()) && cast<If>(n.orelse[0].get())->is_elif) {
      if_chain(*cast<If>(n.orelse[0].get()), "elif ");
    } else if (!n.orelse.empty()) {
      line("else:");
      block(n.orelse);
    }
  }

  void block(const StmtList& body) {
    ++depth_;
    if (body.empty()) line("pass");  // only a built node can have an empty suite
    for (const auto& s : body) stmt(*s);
    --depth_;
  }

  void line(const std::string& text) {
    out_.append(size_t(depth_) * 4, ' ');
    out_ += text;
    out_ += '\n';
  }

  std::string out_;
  int depth_ = 0;
};

}  // namespace

std::string string_literal(std::string_view s) {
  bool has_single = s.find('\'') != std::string_view::npos;
  bool has_double = s.find('"') != std::string_view::npos;
  char q = has_single && !has_double ? '"' : '\'';
  std::string out(1, q);
  char hex[16];
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if (c == static_cast<unsigned char>(q) || c == '\\') out += '\\', out += char(c);
      else if (c == '\n') out += "\\n";
      else if (c == '\r') out += "\\r";
      else if (c == '\t') out += "\\t";
      else if (c < 0x20 || c == 0x7f) std::snprintf(hex, sizeof hex, "\\x%02x", c), out += hex;
      else out += char(c);
      ++i;
      continue;
    }
    uint32_t cp = 0;
    if (size_t n = utf8::decode(s, i, &cp)) {
      out.append(s.substr(i, n));
      i += n;
      continue;
    }
    // A lone surrogate (the lexer encodes `'\ud800'` as three bytes): its escape reads back the same.
    if (c == 0xED && i + 2 < s.size() && (static_cast<unsigned char>(s[i + 1]) & 0xE0) == 0xA0 &&
        utf8::is_continuation(static_cast<unsigned char>(s[i + 2]))) {
      cp = 0xD000 | ((static_cast<unsigned char>(s[i + 1]) & 0x3Fu) << 6) | (static_cast<unsigned char>(s[i + 2]) & 0x3Fu);
      std::snprintf(hex, sizeof hex, "\\u%04x", cp);
      out += hex;
      i += 3;
      continue;
    }
    // Not UTF-8: only an AST built in code can hold such a byte (a literal in source that holds one
    // is a syntax error at that byte); it goes back as it is (an escape would decode to a code
    // point, not to the byte).
    out += char(c);
    ++i;
  }
  out += q;
  return out;
}

std::string print_module(const Module& module) {
  Printer p;
  p.module(module);
  return p.take();
}

std::string print_stmt(const Stmt& stmt) {
  Printer p;
  p.stmt(stmt);
  return p.take();
}

std::string print_expr(const Expr& expr) {
  Printer p;
  return p.expr(expr, kLambda);
}

}  // namespace plank::ast

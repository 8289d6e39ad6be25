#include "compiler/frontend/ast_dump.h"

#include "support/quote.h"

#include <charconv>
#include <cstdio>

namespace plank::ast {

const char* op_text(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::FloorDiv: return "//";
    case BinaryOp::Mod: return "%";
    case BinaryOp::Pow: return "**";
    case BinaryOp::BitOr: return "|";
    case BinaryOp::BitXor: return "^";
    case BinaryOp::BitAnd: return "&";
    case BinaryOp::LShift: return "<<";
    case BinaryOp::RShift: return ">>";
    case BinaryOp::MatMul: return "@";
  }
  return "?";
}
const char* op_text(UnaryOp op) {
  switch (op) {
    case UnaryOp::Neg: return "-";
    case UnaryOp::Pos: return "+";
    case UnaryOp::Not: return "not";
    case UnaryOp::Invert: return "~";
  }
  return "?";
}
const char* op_text(CompareOp op) {
  switch (op) {
    case CompareOp::Lt: return "<";
    case CompareOp::Gt: return ">";
    case CompareOp::Eq: return "==";
    case CompareOp::Ge: return ">=";
    case CompareOp::Le: return "<=";
    case CompareOp::Ne: return "!=";
    case CompareOp::In: return "in";
    case CompareOp::NotIn: return "not in";
    case CompareOp::Is: return "is";
    case CompareOp::IsNot: return "is not";
  }
  return "?";
}
const char* op_text(BoolOpKind op) { return op == BoolOpKind::And ? "and" : "or"; }

const char* kind_name(ExprKind k) {
  switch (k) {
    case ExprKind::IntLiteral: return "IntLiteral";
    case ExprKind::FloatLiteral: return "FloatLiteral";
    case ExprKind::StringLiteral: return "StringLiteral";
    case ExprKind::BoolLiteral: return "BoolLiteral";
    case ExprKind::NoneLiteral: return "NoneLiteral";
    case ExprKind::Name: return "Name";
    case ExprKind::List: return "List";
    case ExprKind::Tuple: return "Tuple";
    case ExprKind::Dict: return "Dict";
    case ExprKind::Call: return "Call";
    case ExprKind::Attribute: return "Attribute";
    case ExprKind::Subscript: return "Subscript";
    case ExprKind::Slice: return "Slice";
    case ExprKind::Binary: return "Binary";
    case ExprKind::Unary: return "Unary";
    case ExprKind::Compare: return "Compare";
    case ExprKind::BoolOp: return "BoolOp";
    case ExprKind::Conditional: return "Conditional";
    case ExprKind::Lambda: return "Lambda";
    case ExprKind::BytesLiteral: return "BytesLiteral";
    case ExprKind::Ellipsis: return "Ellipsis";
    case ExprKind::Set: return "Set";
    case ExprKind::Comprehension: return "Comprehension";
    case ExprKind::Starred: return "Starred";
    case ExprKind::Yield: return "Yield";
    case ExprKind::YieldFrom: return "YieldFrom";
    case ExprKind::Await: return "Await";
    case ExprKind::JoinedStr: return "JoinedStr";
    case ExprKind::FormattedValue: return "FormattedValue";
    case ExprKind::NamedExpr: return "NamedExpr";
  }
  return "?";
}
const char* kind_name(StmtKind k) {
  switch (k) {
    case StmtKind::FunctionDef: return "FunctionDef";
    case StmtKind::Return: return "Return";
    case StmtKind::If: return "If";
    case StmtKind::While: return "While";
    case StmtKind::For: return "For";
    case StmtKind::Break: return "Break";
    case StmtKind::Continue: return "Continue";
    case StmtKind::Pass: return "Pass";
    case StmtKind::Assert: return "Assert";
    case StmtKind::Assign: return "Assign";
    case StmtKind::AugAssign: return "AugAssign";
    case StmtKind::Import: return "Import";
    case StmtKind::FromImport: return "FromImport";
    case StmtKind::ExprStmt: return "ExprStmt";
    case StmtKind::ClassDef: return "ClassDef";
    case StmtKind::Try: return "Try";
    case StmtKind::Raise: return "Raise";
    case StmtKind::With: return "With";
    case StmtKind::Global: return "Global";
    case StmtKind::Nonlocal: return "Nonlocal";
    case StmtKind::Delete: return "Delete";
    case StmtKind::AnnAssign: return "AnnAssign";
  }
  return "?";
}

namespace {


std::string format_double(double v) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";  // 3 -> 3.0; inf/nan kept
  return s;
}

class Dumper {
 public:
  explicit Dumper(const SourceFile& f) : file_(f) {}
  std::string take() { return std::move(out_) + "\n"; }

  void module(const Module& m) {
    open("Module", nullptr);
    for (const auto& s : m.body) stmt(*s);
    close();
  }

  void stmt(const Stmt& s) {
    switch (s.kind) {
      case StmtKind::FunctionDef: {
        auto& n = static_cast<const FunctionDef&>(s);
        open(n.is_async ? "AsyncDef" : "Def", &s.span, n.name);
        decorators(n.decorators);
        params(n.params);
        if (n.returns) {
          open("Returns", nullptr);
          expr(*n.returns);
          close();
        }
        block("Body", n.body);
        close();
        break;
      }
      case StmtKind::Return: {
        auto& n = static_cast<const Return&>(s);
        open("Return", &s.span);
        if (n.value) expr(*n.value);
        close();
        break;
      }
      case StmtKind::If: {
        auto& n = static_cast<const If&>(s);
        open(n.is_elif ? "Elif" : "If", &s.span);
        expr(*n.test);
        block("Then", n.body);
        if (!n.orelse.empty()) block("Else", n.orelse);
        close();
        break;
      }
      case StmtKind::While: {
        auto& n = static_cast<const While&>(s);
        open("While", &s.span);
        expr(*n.test);
        block("Body", n.body);
        if (!n.orelse.empty()) block("Else", n.orelse);
        close();
        break;
      }
      case StmtKind::For: {
        auto& n = static_cast<const For&>(s);
        open(n.is_async ? "AsyncFor" : "For", &s.span);
        expr(*n.target);
        expr(*n.iterable);
        block("Body", n.body);
        if (!n.orelse.empty()) block("Else", n.orelse);
        close();
        break;
      }
      case StmtKind::Break: leaf("Break", s.span); break;
      case StmtKind::Continue: leaf("Continue", s.span); break;
      case StmtKind::Pass: leaf("Pass", s.span); break;
      case StmtKind::Assert: {
        auto& n = static_cast<const Assert&>(s);
        open("Assert", &s.span);
        expr(*n.test);
        if (n.message) expr(*n.message);
        close();
        break;
      }
      case StmtKind::Assign: {
        auto& n = static_cast<const Assign&>(s);
        open("Assign", &s.span);
        for (const auto& t : n.targets) expr(*t);
        expr(*n.value);
        close();
        break;
      }
      case StmtKind::AugAssign: {
        auto& n = static_cast<const AugAssign&>(s);
        open("AugAssign", &s.span, std::string(op_text(n.op)) + "=");
        expr(*n.target);
        expr(*n.value);
        close();
        break;
      }
      case StmtKind::Import: {
        auto& n = static_cast<const Import&>(s);
        open("Import", &s.span);
        for (const auto& a : n.names) alias(a);
        close();
        break;
      }
      case StmtKind::FromImport: {
        auto& n = static_cast<const FromImport&>(s);
        open("FromImport", &s.span, n.module);
        for (const auto& a : n.names) alias(a);
        close();
        break;
      }
      case StmtKind::ExprStmt: {
        auto& n = static_cast<const ExprStmt&>(s);
        open("ExprStmt", &s.span);
        expr(*n.value);
        close();
        break;
      }
      case StmtKind::ClassDef: {
        auto& n = static_cast<const ClassDef&>(s);
        open("Class", &s.span, n.name);
        decorators(n.decorators);
        if (!n.bases.empty()) {
          open("Bases", nullptr);
          for (const auto& b : n.bases) expr(*b);
          close();
        }
        keywords(n.keywords);
        block("Body", n.body);
        close();
        break;
      }
      case StmtKind::Try: {
        auto& n = static_cast<const Try&>(s);
        open("Try", &s.span);
        block("Body", n.body);
        for (const auto& h : n.handlers) {
          open("Except", &h.span, h.name);
          if (h.type) expr(*h.type);
          block("Body", h.body);
          close();
        }
        if (!n.orelse.empty()) block("Else", n.orelse);
        if (!n.finalbody.empty()) block("Finally", n.finalbody);
        close();
        break;
      }
      case StmtKind::Raise: {
        auto& n = static_cast<const Raise&>(s);
        open("Raise", &s.span);
        if (n.exc) expr(*n.exc);
        if (n.cause) {
          open("From", nullptr);
          expr(*n.cause);
          close();
        }
        close();
        break;
      }
      case StmtKind::With: {
        auto& n = static_cast<const With&>(s);
        open(n.is_async ? "AsyncWith" : "With", &s.span);
        for (const auto& item : n.items) {
          open("Item", nullptr);
          expr(*item.context);
          if (item.target) expr(*item.target);
          close();
        }
        block("Body", n.body);
        close();
        break;
      }
      case StmtKind::Global:
      case StmtKind::Nonlocal: {
        const auto& names = s.kind == StmtKind::Global ? static_cast<const Global&>(s).names
                                                       : static_cast<const Nonlocal&>(s).names;
        std::string joined;
        for (const auto& id : names) joined += (joined.empty() ? "" : ", ") + id.name;
        leaf(s.kind == StmtKind::Global ? "Global" : "Nonlocal", s.span, joined);
        break;
      }
      case StmtKind::Delete: {
        auto& n = static_cast<const Delete&>(s);
        open("Delete", &s.span);
        for (const auto& t : n.targets) expr(*t);
        close();
        break;
      }
      case StmtKind::AnnAssign: {
        auto& n = static_cast<const AnnAssign&>(s);
        open("AnnAssign", &s.span);
        expr(*n.target);
        expr(*n.annotation);
        if (n.value) expr(*n.value);
        close();
        break;
      }
    }
  }

  void expr(const Expr& e) {
    switch (e.kind) {
      case ExprKind::IntLiteral: {
        auto& n = static_cast<const IntLiteral&>(e);
        leaf("Int", e.span, n.big.empty() ? std::to_string(n.value) : n.big);
        break;
      }
      case ExprKind::FloatLiteral:
        leaf("Float", e.span, format_double(static_cast<const FloatLiteral&>(e).value));
        break;
      case ExprKind::StringLiteral:
        leaf("Str", e.span, quote_for_dump(static_cast<const StringLiteral&>(e).value));
        break;
      case ExprKind::BoolLiteral:
        leaf("Bool", e.span, static_cast<const BoolLiteral&>(e).value ? "True" : "False");
        break;
      case ExprKind::NoneLiteral: leaf("None", e.span); break;
      case ExprKind::Name: leaf("Name", e.span, static_cast<const Name&>(e).id); break;
      case ExprKind::List: list("List", e.span, static_cast<const ListExpr&>(e).elements); break;
      case ExprKind::Tuple: list("Tuple", e.span, static_cast<const TupleExpr&>(e).elements); break;
      case ExprKind::Dict: {
        auto& n = static_cast<const DictExpr&>(e);
        open("Dict", &e.span);
        for (const auto& entry : n.entries) {
          open(entry.key ? "Entry" : "Unpack", nullptr);
          if (entry.key) expr(*entry.key);
          expr(*entry.value);
          close();
        }
        close();
        break;
      }
      case ExprKind::Call: {
        auto& n = static_cast<const Call&>(e);
        open("Call", &e.span);
        expr(*n.callee);
        for (const auto& a : n.args) expr(*a);
        keywords(n.keywords);
        close();
        break;
      }
      case ExprKind::Attribute: {
        auto& n = static_cast<const Attribute&>(e);
        open("Attribute", &e.span, n.attr);
        expr(*n.object);
        close();
        break;
      }
      case ExprKind::Subscript: {
        auto& n = static_cast<const Subscript&>(e);
        open("Subscript", &e.span);
        expr(*n.object);
        expr(*n.index);
        close();
        break;
      }
      case ExprKind::Slice: {
        auto& n = static_cast<const Slice&>(e);
        open("Slice", &e.span);
        optional(n.lower.get());
        optional(n.upper.get());
        optional(n.step.get());
        close();
        break;
      }
      case ExprKind::Binary: {
        auto& n = static_cast<const Binary&>(e);
        open("Binary", &e.span, op_text(n.op));
        expr(*n.lhs);
        expr(*n.rhs);
        close();
        break;
      }
      case ExprKind::Unary: {
        auto& n = static_cast<const Unary&>(e);
        open("Unary", &e.span, op_text(n.op));
        expr(*n.operand);
        close();
        break;
      }
      case ExprKind::Compare: {
        auto& n = static_cast<const Compare&>(e);
        std::string ops;
        for (auto op : n.ops) {
          if (!ops.empty()) ops += ", ";
          ops += op_text(op);
        }
        open("Compare", &e.span, "[" + ops + "]");
        expr(*n.left);
        for (const auto& c : n.comparators) expr(*c);
        close();
        break;
      }
      case ExprKind::BoolOp: {
        auto& n = static_cast<const BoolOp&>(e);
        list(n.op == BoolOpKind::And ? "And" : "Or", e.span, n.values);
        break;
      }
      case ExprKind::Conditional: {
        auto& n = static_cast<const Conditional&>(e);
        open("IfExp", &e.span);
        expr(*n.test);
        expr(*n.body);
        expr(*n.orelse);
        close();
        break;
      }
      case ExprKind::Lambda: {
        auto& n = static_cast<const Lambda&>(e);
        open("Lambda", &e.span);
        params(n.params);
        expr(*n.body);
        close();
        break;
      }
      case ExprKind::BytesLiteral:
        leaf("Bytes", e.span, "b" + quote_for_dump(static_cast<const BytesLiteral&>(e).value));
        break;
      case ExprKind::Ellipsis: leaf("Ellipsis", e.span); break;
      case ExprKind::Set: list("Set", e.span, static_cast<const SetExpr&>(e).elements); break;
      case ExprKind::Comprehension: {
        auto& n = static_cast<const Comprehension&>(e);
        static const char* heads[] = {"ListComp", "SetComp", "DictComp", "GeneratorExp"};
        open(heads[static_cast<int>(n.comp)], &e.span);
        expr(*n.element);
        if (n.value) expr(*n.value);
        for (const auto& g : n.generators) {
          open(g.is_async ? "AsyncFor" : "For", nullptr);
          expr(*g.target);
          expr(*g.iter);
          for (const auto& c : g.ifs) {
            open("If", nullptr);
            expr(*c);
            close();
          }
          close();
        }
        close();
        break;
      }
      case ExprKind::Starred: {
        open("Starred", &e.span);
        expr(*static_cast<const Starred&>(e).value);
        close();
        break;
      }
      case ExprKind::Yield: {
        auto& n = static_cast<const YieldExpr&>(e);
        open("Yield", &e.span);
        if (n.value) expr(*n.value);
        close();
        break;
      }
      case ExprKind::YieldFrom: {
        open("YieldFrom", &e.span);
        expr(*static_cast<const YieldFrom&>(e).value);
        close();
        break;
      }
      case ExprKind::Await: {
        open("Await", &e.span);
        expr(*static_cast<const Await&>(e).value);
        close();
        break;
      }
      case ExprKind::JoinedStr: list("JoinedStr", e.span, static_cast<const JoinedStr&>(e).values); break;
      case ExprKind::FormattedValue: {
        auto& n = static_cast<const FormattedValue&>(e);
        open("FormattedValue", &e.span, n.conversion ? std::string("!") + n.conversion : std::string());
        expr(*n.value);
        if (n.format_spec) expr(*n.format_spec);
        close();
        break;
      }
      case ExprKind::NamedExpr: {
        auto& n = static_cast<const NamedExpr&>(e);
        open("NamedExpr", &e.span);
        expr(*n.target);
        expr(*n.value);
        close();
        break;
      }
    }
  }

 private:
  std::string pos(Span s) const {
    LineCol lc = file_.line_col(s.begin);
    return std::to_string(lc.line) + ":" + std::to_string(lc.column);
  }
  void newline() {
    if (!out_.empty()) out_ += '\n';
    out_.append(static_cast<size_t>(depth_) * 2, ' ');
  }
  void open(const char* head, const Span* span, const std::string& extra = {}) {
    newline();
    out_ += '(';
    out_ += head;
    if (span) out_ += " " + pos(*span);
    if (!extra.empty()) out_ += " " + extra;
    ++depth_;
  }
  void close() {
    --depth_;
    out_ += ')';
  }
  void leaf(const char* head, Span span, const std::string& extra = {}) {
    open(head, &span, extra);
    close();
  }
  void optional(const Expr* e) {
    if (e) {
      expr(*e);
    } else {
      newline();
      out_ += '-';
    }
  }
  void list(const char* head, Span span, const ExprList& xs) {
    open(head, &span);
    for (const auto& x : xs) expr(*x);
    close();
  }
  void block(const char* head, const StmtList& body) {
    open(head, nullptr);
    for (const auto& s : body) stmt(*s);
    close();
  }
  void params(const std::vector<Param>& ps) {
    static const char* prefixes[] = {"", "", "*", "", "**"};
    static const char* suffixes[] = {"", " (positional-only)", "", " (keyword-only)", ""};
    for (const auto& p : ps) {
      int k = static_cast<int>(p.kind);
      open("Param", &p.span, prefixes[k] + p.name + suffixes[k]);
      if (p.annotation) {
        open("Annotation", nullptr);
        expr(*p.annotation);
        close();
      }
      if (p.default_) expr(*p.default_);
      close();
    }
  }
  void decorators(const ExprList& ds) {
    for (const auto& d : ds) {
      open("Decorator", nullptr);
      expr(*d);
      close();
    }
  }
  void keywords(const std::vector<KeywordArg>& ks) {
    for (const auto& k : ks) {
      if (k.name.empty()) {
        open("KeywordUnpack", &k.value->span);
      } else {
        open("Keyword", &k.name_span, k.name);
      }
      expr(*k.value);
      close();
    }
  }
  void alias(const ImportAlias& a) {
    open("Alias", &a.span, a.as_name.empty() ? a.name : a.name + " as " + a.as_name);
    close();
  }

  const SourceFile& file_;
  std::string out_;
  int depth_ = 0;
};

}  // namespace

std::string dump_ast(const Module& module) {
  static const SourceFile empty("", "");
  Dumper d(module.file ? *module.file : empty);
  d.module(module);
  return d.take();
}

std::string dump_ast(const Expr& expr, const SourceFile& file) {
  Dumper d(file);
  d.expr(expr);
  return d.take();
}

std::string dump_ast(const Stmt& stmt, const SourceFile& file) {
  Dumper d(file);
  d.stmt(stmt);
  return d.take();
}

}  // namespace plank::ast

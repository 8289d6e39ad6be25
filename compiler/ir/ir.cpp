// Plank IR: names, the text form, and the structural verifier.
#include "compiler/ir/ir.h"

#include "support/quote.h"

#include <cstdio>
#include <string>

namespace plank::ir {

const char* op_name(Op op) {
  switch (op) {
    case Op::LoadConst: return "const";
    case Op::Move: return "move";
    case Op::LoadGlobal: return "load_global";
    case Op::StoreGlobal: return "store_global";
    case Op::LoadBuiltin: return "load_builtin";
    case Op::MakeCell: return "make_cell";
    case Op::LoadCell: return "load_cell";
    case Op::StoreCell: return "store_cell";
    case Op::LoadFree: return "load_free";
    case Op::Binary: return "binary";
    case Op::Unary: return "unary";
    case Op::Compare: return "compare";
    case Op::Truth: return "truth";
    case Op::BuildList: return "build_list";
    case Op::BuildTuple: return "build_tuple";
    case Op::BuildDict: return "build_dict";
    case Op::GetItem: return "get_item";
    case Op::SetItem: return "set_item";
    case Op::GetSlice: return "get_slice";
    case Op::GetAttr: return "get_attr";
    case Op::SetAttr: return "set_attr";
    case Op::Call: return "call";
    case Op::CallMethod: return "call_method";
    case Op::CallIntrinsic: return "call_intrinsic";
    case Op::MakeFunction: return "make_function";
    case Op::GetIter: return "get_iter";
    case Op::Unpack: return "unpack";
    case Op::Assert: return "assert";
    case Op::Step: return "step";
    case Op::Seal: return "seal";
    case Op::BuildSet: return "build_set";
    case Op::BuildSlice: return "build_slice";
    case Op::BuildString: return "build_string";
    case Op::FormatValue: return "format_value";
    case Op::CallEx: return "call_ex";
    case Op::UnpackEx: return "unpack_ex";
    case Op::DelItem: return "del_item";
    case Op::DelAttr: return "del_attr";
    case Op::DelGlobal: return "del_global";
    case Op::DelCell: return "del_cell";
    case Op::LoadClassName: return "load_class_name";
    case Op::BuildClass: return "build_class";
    case Op::Catch: return "catch";
    case Op::ExcMatch: return "exc_match";
    case Op::ImportModule: return "import";
    case Op::ImportFrom: return "import_from";
    case Op::Resume: return "resume";
    case Op::GetYieldFromIter: return "get_yield_from_iter";
    case Op::Unbind: return "unbind";
    case Op::CheckBound: return "check_bound";
    case Op::EnterHandler: return "enter_handler";
    case Op::LeaveHandler: return "leave_handler";
    case Op::Raise: return "raise";
    case Op::Yield: return "yield";
    case Op::YieldFromStep: return "yield_from_step";
    case Op::Jump: return "jump";
    case Op::Branch: return "branch";
    case Op::ForIter: return "for_iter";
    case Op::Return: return "return";
  }
  return "?";
}

bool is_terminator(Op op) {
  return op == Op::Jump || op == Op::Branch || op == Op::ForIter || op == Op::Return || op == Op::Raise ||
         op == Op::Yield || op == Op::YieldFromStep;
}

namespace {


std::string constant_text(const Constant& c) {
  switch (c.kind) {
    case Constant::Kind::None: return "None";
    case Constant::Kind::Bool: return c.i ? "True" : "False";
    case Constant::Kind::Int: return std::to_string(c.i);
    case Constant::Kind::Float: {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.17g", c.f);
      std::string s = buf;
      if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
      return s;
    }
    case Constant::Kind::Str: return quote_for_dump(c.s);
    case Constant::Kind::BigInt: return c.s;
    case Constant::Kind::Bytes: return "b" + quote_for_dump(c.s);
    case Constant::Kind::Ellipsis: return "Ellipsis";
  }
  return "?";
}

struct Printer {
  const Module& m;
  const IntrinsicNamer& namer;
  std::string out;

  std::string slot(Slot s) const { return s == kNoSlot ? std::string("-") : "%" + std::to_string(s); }
  std::string konst(uint32_t i) const {
    return i < m.constants.size() ? constant_text(m.constants[i]) : "const#" + std::to_string(i) + "?";
  }
  std::string name_const(uint32_t i) const {
    if (i < m.constants.size() && m.constants[i].kind == Constant::Kind::Str) return m.constants[i].s;
    return "name#" + std::to_string(i) + "?";
  }
  std::string global(uint32_t i) const {
    return i < m.globals.size() ? m.globals[i] : "global#" + std::to_string(i) + "?";
  }
  std::string intrinsic(uint32_t i) const {
    if (namer) return namer(i);
    return "intrinsic#" + std::to_string(i);
  }
  std::string call_args(const Instr& in) const {
    std::string s = "(";
    for (size_t k = 0; k < in.args.size(); ++k) {
      if (k) s += ", ";
      if (k >= in.npos) {
        size_t kw = k - in.npos;
        s += (kw < in.kwnames.size() ? name_const(in.kwnames[kw]) : std::string("?")) + "=";
      }
      s += slot(in.args[k]);
    }
    return s + ")";
  }
  std::string list(const std::vector<Slot>& v, size_t from = 0, size_t to = SIZE_MAX) const {
    std::string s;
    for (size_t k = from; k < v.size() && k < to; ++k) {
      if (k > from) s += ", ";
      s += slot(v[k]);
    }
    return s;
  }

  std::string instr(const Instr& in) const {
    std::string d = in.dst == kNoSlot ? "" : slot(in.dst) + " = ";
    std::string op = op_name(in.op);
    switch (in.op) {
      case Op::LoadConst: return d + op + " " + konst(in.imm);
      case Op::Move: case Op::Truth: case Op::GetIter: return d + op + " " + slot(in.a);
      case Op::LoadGlobal: return d + op + " " + global(in.imm);
      case Op::StoreGlobal: return op + " " + global(in.imm) + ", " + slot(in.a);
      case Op::LoadBuiltin: return d + op + " " + intrinsic(in.imm);
      case Op::MakeCell: return d + op + " " + slot(in.a);
      case Op::LoadCell: return d + op + " " + slot(in.a) + " (" + name_const(in.imm) + (in.imm2 ? ", local" : "") + ")";
      case Op::Unbind: return d + op + (in.imm ? " (prologue)" : "");
      case Op::CheckBound: return op + " " + slot(in.a) + " (" + name_const(in.imm) + ")";
      case Op::EnterHandler: return op + " " + slot(in.a);
      case Op::LeaveHandler: return op + " " + std::to_string(in.imm);
      case Op::StoreCell: return op + " " + slot(in.dst) + ", " + slot(in.a);
      case Op::LoadFree: {
        return d + op + " " + std::to_string(in.imm);
      }
      case Op::Binary:
        return d + op + " " + ast::op_text(static_cast<ast::BinaryOp>(binary_op(in.imm))) + ((in.imm & kInPlace) ? "=" : "") +
               " " + slot(in.a) + ", " + slot(in.b) + ((in.imm & kStrBuilder) ? " builder" : "");
      case Op::Unary:
        return d + op + " " + ast::op_text(static_cast<ast::UnaryOp>(in.imm)) + " " + slot(in.a);
      case Op::Compare:
        return d + op + " " + ast::op_text(static_cast<ast::CompareOp>(in.imm)) + " " + slot(in.a) + ", " + slot(in.b);
      case Op::BuildList: case Op::BuildTuple: case Op::BuildDict: return d + op + " " + list(in.args);
      case Op::GetItem: return d + op + " " + slot(in.a) + ", " + slot(in.b);
      case Op::SetItem: return op + " " + slot(in.a) + ", " + slot(in.b) + ", " + list(in.args);
      case Op::GetSlice: return d + op + " " + slot(in.a) + ", " + list(in.args);
      case Op::GetAttr: return d + op + " " + slot(in.a) + "." + name_const(in.imm);
      case Op::SetAttr: return op + " " + slot(in.a) + "." + name_const(in.imm) + ", " + slot(in.b);
      case Op::Call: return d + op + " " + slot(in.a) + call_args(in);
      case Op::CallMethod: return d + op + " " + slot(in.a) + "." + name_const(in.imm) + call_args(in);
      case Op::CallIntrinsic: return d + op + " " + intrinsic(in.imm) + call_args(in);
      case Op::MakeFunction: {
        std::string s = d + op + " fn" + std::to_string(in.imm);
        if (in.imm < m.functions.size()) s += " " + m.functions[in.imm].qualified;
        s += " defaults(" + list(in.args, 0, in.ndefaults) + ")";
        if (in.nkwdefaults) s += " kwdefaults(" + list(in.args, in.ndefaults, in.ndefaults + in.nkwdefaults) + ")";
        s += " cells(" + list(in.args, in.ndefaults + in.nkwdefaults) + ")";
        return s;
      }
      case Op::BuildSet: case Op::BuildSlice: case Op::BuildString: return d + op + " " + list(in.args);
      case Op::FormatValue: {
        std::string conv = in.imm ? std::string(" !") + static_cast<char>(in.imm) : std::string();
        return d + op + " " + slot(in.a) + conv + (in.b == kNoSlot ? "" : ", spec " + slot(in.b));
      }
      case Op::CallEx: return d + op + " " + slot(in.a) + "(*" + slot(in.args.empty() ? kNoSlot : in.args[0]) +
                              (in.args.size() > 1 ? ", **" + slot(in.args[1]) : std::string()) + ")";
      case Op::UnpackEx: return op + " " + slot(in.a) + " -> " + list(in.args) + " star " + std::to_string(in.imm2);
      case Op::DelItem: return op + " " + slot(in.a) + ", " + slot(in.b);
      case Op::DelAttr: return op + " " + slot(in.a) + "." + name_const(in.imm);
      case Op::DelGlobal: return op + " " + global(in.imm);
      case Op::DelCell: return op + " " + slot(in.a);
      case Op::LoadClassName: return d + op + " " + slot(in.a) + "[" + name_const(in.imm) + "] or " + global(in.imm2);
      case Op::BuildClass:
        return d + op + " " + name_const(in.imm) + " (" + name_const(in.imm2) + ") bases(" + list(in.args) + ") ns " + slot(in.a) +
               (in.b != kNoSlot ? " metaclass " + slot(in.b) : std::string());
      case Op::Catch: return d + op;
      case Op::ExcMatch: return d + op + " " + slot(in.a) + ", " + slot(in.b);
      case Op::ImportModule: return d + op + " " + name_const(in.imm);
      case Op::ImportFrom: return d + op + " " + slot(in.a) + "." + name_const(in.imm);
      case Op::Resume: return d + op + (in.imm ? " delegating" : "");
      case Op::GetYieldFromIter: return d + op + " " + slot(in.a) + (in.imm ? " await" : "");
      case Op::Raise: {
        if (in.imm == 2) return op;
        std::string s = op + (in.imm == 1 || in.imm == 3 ? " again " : " ") + slot(in.a);
        if (in.b != kNoSlot) s += (in.imm == 3 ? " context " : " from ") + slot(in.b);
        return s;
      }
      case Op::Yield: return d + op + " " + slot(in.a) + ", resume " + std::to_string(in.imm) + " at b" + std::to_string(in.target);
      case Op::YieldFromStep:
        return d + op + " " + slot(in.a) + ", send " + slot(in.b) + ", b" + std::to_string(in.target) + ", b" +
               std::to_string(in.target2);
      case Op::Unpack: return op + " " + slot(in.a) + " -> " + list(in.args);
      case Op::Assert: return op + " " + slot(in.a) + (in.b == kNoSlot ? "" : ", " + slot(in.b));
      case Op::Step: return op;
      case Op::Seal: return op + " " + slot(in.a);
      case Op::Jump: return op + " b" + std::to_string(in.target);
      case Op::Branch:
        return op + " " + slot(in.a) + ", b" + std::to_string(in.target) + ", b" + std::to_string(in.target2);
      case Op::ForIter:
        return d + op + " " + slot(in.a) + ", b" + std::to_string(in.target) + ", b" + std::to_string(in.target2);
      case Op::Return: return op + (in.a == kNoSlot ? std::string(" None") : " " + slot(in.a));
    }
    return op;
  }

  void function(const Function& f, size_t index) {
    out += "fn " + f.qualified + "(";
    for (size_t k = 0; k < f.params.size(); ++k) {
      if (k) out += ", ";
      ParamKind pk = f.params[k].kind;
      out += pk == ParamKind::VarArgs ? "*" : pk == ParamKind::VarKeywords ? "**" : pk == ParamKind::KeywordOnly ? "kw:" : "";
      out += f.params[k].name;
      if (f.params[k].has_default) out += "=?";
    }
    out += ") slots=" + std::to_string(f.slot_count);
    out += "  ; fn" + std::to_string(index) + ", line " + std::to_string(f.first_line) + "\n";
    std::string names;
    for (size_t k = 0; k < f.slot_names.size(); ++k)
      if (!f.slot_names[k].empty()) names += " %" + std::to_string(k) + "=" + f.slot_names[k];
    if (!names.empty()) out += "  locals:" + names + "\n";
    if (!f.cell_params.empty()) out += "  cell params: " + list(f.cell_params) + "\n";
    if (!f.free_names.empty()) {
      out += "  free:";
      for (size_t k = 0; k < f.free_names.size(); ++k) out += " " + std::to_string(k) + "=" + f.free_names[k];
      out += "\n";
    }
    if (f.is_generator) out += std::string("  ") + (f.is_async_generator ? "async generator" : f.is_coroutine ? "coroutine" : "generator") + "\n";
    for (size_t b = 0; b < f.blocks.size(); ++b) {
      out += "b" + std::to_string(b) + ":";
      if (f.blocks[b].handler != kNoBlock) out += "  ; except -> b" + std::to_string(f.blocks[b].handler);
      out += "\n";
      for (const Instr& in : f.blocks[b].instrs) {
        out += "  " + instr(in);
        if (in.line) out += "  ; line " + std::to_string(in.line);
        out += kinds_note(in);
        out += "\n";
      }
    }
  }
};

}  // namespace

std::string kinds_text(uint8_t mask) {
  static const char* const kNames[] = {"None", "bool", "int", "float", "range", "range_iterator", "other", "bigint"};
  std::string out;
  for (int bit = 0; bit < 8; ++bit)
    if (mask & (1u << bit)) out += (out.empty() ? "" : "|") + std::string(kNames[bit]);
  return out;
}

// ", a: int, b: float" for the operands infer_types narrowed (not "anything", not unanalysed).
std::string kinds_note(const Instr& in) {
  std::string out;
  if (in.a != kNoSlot && in.kinds_a && in.kinds_a != kinds::kAny) out += ", a: " + kinds_text(in.kinds_a);
  if (in.b != kNoSlot && in.kinds_b && in.kinds_b != kinds::kAny) out += ", b: " + kinds_text(in.kinds_b);
  if (out.empty()) return out;
  return in.line ? out : "  ;" + out.substr(1);
}

std::string dump(const Module& module) { return dump(module, IntrinsicNamer{}); }

std::string dump(const Module& module, const IntrinsicNamer& intrinsic_name) {
  Printer p{module, intrinsic_name, {}};
  p.out += "module " + (module.file ? module.file->path() : std::string("<none>")) + "\n";
  if (!module.globals.empty()) {
    p.out += "globals:";
    for (const auto& g : module.globals) p.out += " " + g;
    p.out += "\n";
  }
  for (size_t i = 0; i < module.functions.size(); ++i) {
    p.out += "\n";
    p.function(module.functions[i], i);
  }
  return p.out;
}

std::string dump(const Module& module, const Function& function, const IntrinsicNamer& intrinsic_name) {
  Printer p{module, intrinsic_name, {}};
  size_t index = 0;
  for (size_t i = 0; i < module.functions.size(); ++i)
    if (&module.functions[i] == &function) index = i;
  p.function(function, index);
  return p.out;
}

// ------------------------------------------------------------------ verify
namespace {

struct Verifier {
  const Module& m;
  std::string error;

  bool fail(const Function& f, size_t b, size_t i, const std::string& what) {
    if (error.empty())
      error = f.qualified + ": b" + std::to_string(b) + "[" + std::to_string(i) + "] " + what;
    return false;
  }

  bool instr(const Function& f, size_t b, size_t i, const Instr& in) {
    auto slot_ok = [&](Slot s, bool optional) {
      return (optional && s == kNoSlot) || (s != kNoSlot && s < f.slot_count);
    };
    auto need = [&](Slot s, const char* which, bool optional = false) {
      if (!slot_ok(s, optional)) {
        fail(f, b, i, std::string(op_name(in.op)) + ": bad " + which + " slot " +
                          (s == kNoSlot ? std::string("-") : std::to_string(s)) + " (slot_count " +
                          std::to_string(f.slot_count) + ")");
        return false;
      }
      return true;
    };
    auto need_args = [&]() {
      for (Slot s : in.args)
        if (!need(s, "argument")) return false;
      return true;
    };
    auto need_const = [&](uint32_t c, bool str) {
      if (c >= m.constants.size() || (str && m.constants[c].kind != Constant::Kind::Str))
        return fail(f, b, i, std::string(op_name(in.op)) + ": bad constant index " + std::to_string(c));
      return true;
    };
    auto need_target = [&](BlockId t) {
      if (t >= f.blocks.size()) return fail(f, b, i, std::string(op_name(in.op)) + ": no block b" + std::to_string(t));
      return true;
    };
    auto call_shape = [&]() {
      if (in.npos > in.args.size() || in.kwnames.size() != in.args.size() - in.npos)
        return fail(f, b, i, std::string(op_name(in.op)) + ": npos/kwnames do not match args");
      for (uint32_t k : in.kwnames)
        if (!need_const(k, true)) return false;
      return need_args();
    };
    switch (in.op) {
      case Op::LoadConst: return need(in.dst, "dst") && need_const(in.imm, false);
      case Op::Move: case Op::Truth: case Op::GetIter: case Op::Unary:
        return need(in.dst, "dst") && need(in.a, "a");
      case Op::LoadCell: return need(in.dst, "dst") && need(in.a, "a") && need_const(in.imm, true);
      case Op::LoadGlobal:
        if (in.imm >= m.globals.size()) return fail(f, b, i, "load_global: bad global index");
        return need(in.dst, "dst");
      case Op::StoreGlobal:
        if (in.imm >= m.globals.size()) return fail(f, b, i, "store_global: bad global index");
        return need(in.a, "a");
      case Op::LoadBuiltin: return need(in.dst, "dst");
      case Op::MakeCell: return need(in.dst, "dst") && need(in.a, "a", true);
      case Op::StoreCell: return need(in.dst, "dst") && need(in.a, "a");
      case Op::LoadFree:
        if (in.imm >= f.free_names.size()) return fail(f, b, i, "load_free: bad free index");
        return need(in.dst, "dst");
      case Op::Binary: case Op::Compare: case Op::GetItem:
        return need(in.dst, "dst") && need(in.a, "a") && need(in.b, "b");
      case Op::BuildList: case Op::BuildTuple: return need(in.dst, "dst") && need_args();
      case Op::BuildDict:
        if (in.args.size() % 2) return fail(f, b, i, "build_dict: odd number of args");
        return need(in.dst, "dst") && need_args();
      case Op::SetItem:
        if (in.args.size() != 1) return fail(f, b, i, "set_item: needs one value arg");
        return need(in.a, "a") && need(in.b, "b") && need_args();
      case Op::GetSlice:
        if (in.args.size() != 3) return fail(f, b, i, "get_slice: needs three args");
        return need(in.dst, "dst") && need(in.a, "a") && need_args();
      case Op::GetAttr: return need(in.dst, "dst") && need(in.a, "a") && need_const(in.imm, true);
      case Op::SetAttr: return need(in.a, "a") && need(in.b, "b") && need_const(in.imm, true);
      case Op::Call: return need(in.dst, "dst") && need(in.a, "a") && call_shape();
      case Op::CallMethod: return need(in.dst, "dst") && need(in.a, "a") && need_const(in.imm, true) && call_shape();
      case Op::CallIntrinsic: return need(in.dst, "dst") && call_shape();
      case Op::MakeFunction: {
        if (in.imm == 0 || in.imm >= m.functions.size()) return fail(f, b, i, "make_function: bad function index");
        const Function& g = m.functions[in.imm];
        size_t nd = size_t(in.ndefaults) + in.nkwdefaults;
        if (nd > in.args.size() || in.args.size() - nd != g.free_names.size())
          return fail(f, b, i, "make_function: cells do not match " + g.qualified + "'s free names");
        if (in.ndefaults > g.params.size()) return fail(f, b, i, "make_function: more defaults than parameters");
        return need(in.dst, "dst") && need_args();
      }
      case Op::Unpack:
        if (in.args.empty()) return fail(f, b, i, "unpack: no targets");
        for (size_t k = 1; k < in.args.size(); ++k)
          if (in.args[k] != in.args[0] + k) return fail(f, b, i, "unpack: targets must be contiguous slots");
        return need(in.a, "a") && need_args();
      case Op::Assert: return need(in.a, "a") && need(in.b, "b", true);
      case Op::Step: return true;
      case Op::Seal: return need(in.a, "a");
      case Op::Jump: return need_target(in.target);
      case Op::Branch: return need(in.a, "a") && need_target(in.target) && need_target(in.target2);
      case Op::ForIter:
        return need(in.dst, "dst") && need(in.a, "a") && need_target(in.target) && need_target(in.target2);
      case Op::Return: return need(in.a, "a", true);
      case Op::BuildSet: case Op::BuildString: return need(in.dst, "dst") && need_args();
      case Op::BuildSlice:
        if (in.args.size() != 3) return fail(f, b, i, "build_slice: needs three args");
        return need(in.dst, "dst") && need_args();
      case Op::FormatValue: return need(in.dst, "dst") && need(in.a, "a") && need(in.b, "b", true);
      case Op::CallEx:
        if (in.args.empty() || in.args.size() > 2) return fail(f, b, i, "call_ex: needs one or two args");
        return need(in.dst, "dst") && need(in.a, "a") && need_args();
      case Op::UnpackEx:
        if (in.args.empty() || in.imm2 >= in.args.size()) return fail(f, b, i, "unpack_ex: bad starred target");
        for (size_t k = 1; k < in.args.size(); ++k)
          if (in.args[k] != in.args[0] + k) return fail(f, b, i, "unpack_ex: targets must be contiguous slots");
        return need(in.a, "a") && need_args();
      case Op::DelItem: return need(in.a, "a") && need(in.b, "b");
      case Op::DelAttr: return need(in.a, "a") && need_const(in.imm, true);
      case Op::DelGlobal:
        if (in.imm >= m.globals.size()) return fail(f, b, i, "del_global: bad global index");
        return true;
      case Op::DelCell: return need(in.a, "a");
      case Op::Unbind: return need(in.dst, "dst");
      case Op::CheckBound: return need(in.a, "a") && need_const(in.imm, true);
      case Op::EnterHandler: return need(in.a, "a");
      case Op::LeaveHandler: return true;
      case Op::LoadClassName:
        if (in.imm2 >= m.globals.size()) return fail(f, b, i, "load_class_name: bad global index");
        return need(in.dst, "dst") && need(in.a, "a") && need_const(in.imm, true);
      case Op::BuildClass:
        return need(in.dst, "dst") && need(in.a, "a") && need_const(in.imm, true) && need_const(in.imm2, true) && need_args();
      case Op::Catch: return need(in.dst, "dst");
      case Op::ExcMatch: return need(in.dst, "dst") && need(in.a, "a") && need(in.b, "b");
      case Op::ImportModule: return need(in.dst, "dst") && need_const(in.imm, true);
      case Op::ImportFrom: return need(in.dst, "dst") && need(in.a, "a") && need_const(in.imm, true);
      case Op::Resume:
        if (!f.is_generator) return fail(f, b, i, "resume outside a generator");
        return need(in.dst, "dst");
      case Op::GetYieldFromIter: return need(in.dst, "dst") && need(in.a, "a");
      case Op::Raise:
        if (in.imm == 2) return true;
        return need(in.a, "a") && need(in.b, "b", true);
      case Op::Yield:
        if (!f.is_generator) return fail(f, b, i, "yield outside a generator");
        if (in.imm == 0 || in.imm > f.resume_blocks.size() || f.resume_blocks[in.imm - 1] != in.target)
          return fail(f, b, i, "yield: resume point does not match the function's resume blocks");
        return need(in.a, "a", true) && need_target(in.target);
      case Op::YieldFromStep:
        if (!f.is_generator) return fail(f, b, i, "yield_from_step outside a generator");
        return need(in.dst, "dst") && need(in.a, "a") && need(in.b, "b") && need_target(in.target) &&
               need_target(in.target2);
    }
    return fail(f, b, i, "unknown op");
  }

  bool function(const Function& f) {
    if (f.blocks.empty()) {
      error = f.qualified + ": no blocks";
      return false;
    }
    if (f.params.size() > f.slot_count) {
      error = f.qualified + ": more parameters than slots";
      return false;
    }
    if (!f.slot_names.empty() && f.slot_names.size() != f.slot_count) {
      error = f.qualified + ": slot_names has " + std::to_string(f.slot_names.size()) + " entries, slot_count is " +
              std::to_string(f.slot_count);
      return false;
    }
    for (Slot s : f.cell_params)
      if (s >= f.params.size()) {
        error = f.qualified + ": cell param %" + std::to_string(s) + " is not a parameter";
        return false;
      }
    for (size_t b = 0; b < f.blocks.size(); ++b) {
      const auto& instrs = f.blocks[b].instrs;
      if (instrs.empty()) return fail(f, b, 0, "empty block");
      BlockId h = f.blocks[b].handler;
      if (h != kNoBlock && (h >= f.blocks.size() || f.blocks[h].instrs.empty() || f.blocks[h].instrs[0].op != Op::Catch))
        return fail(f, b, 0, "handler b" + std::to_string(h) + " does not start with catch");
      for (size_t i = 0; i < instrs.size(); ++i) {
        bool last = i + 1 == instrs.size();
        if (is_terminator(instrs[i].op) != last)
          return fail(f, b, i, last ? "block does not end in a terminator" : "terminator in the middle of a block");
        if (!instr(f, b, i, instrs[i])) return false;
      }
    }
    return true;
  }
};

}  // namespace

std::string verify(const Module& module) {
  if (module.functions.empty()) return "module has no functions (functions[0] is the module body)";
  if (!module.functions[0].params.empty()) return "the module body takes no parameters";
  Verifier v{module, {}};
  for (const Function& f : module.functions)
    if (!v.function(f)) return v.error;
  return {};
}

}  // namespace plank::ir

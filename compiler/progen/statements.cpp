// Statements, loops, functions (plain, nested, recursive, closure factories)
// and the program; see gen.h.
#include "compiler/progen/gen.h"

namespace plank::progen {

namespace detail {

std::string Gen::program() {
  scopes_.push_back({});
  Context module;
  module.budget = 3000 + 40.0 * size_;
  ctx_.push_back(module);
  if (rng_.chance(10)) module_ = rng_.below(5);
  for (int item = 0; item < size_; ++item) top_level_item();
  if (rng_.chance(30)) {
    // The script idiom: the last prints in a main() run only when executed as a program.
    line("def main():");
    ++indent_;
    size_t before = out_.size();
    final_prints();
    if (out_.size() == before) line("print('main')");
    --indent_;
    line("if __name__ == \"__main__\":");
    line("    main()");
  } else {
    final_prints();
  }
  if (may_raise_ && rng_.chance(17)) raising_statement();
  return out_;
}

void Gen::line(const std::string& text) {
  out_.append(static_cast<size_t>(indent_) * 4, ' ');
  out_ += text;
  out_ += '\n';
  ctx().cost += ctx().mult;
}

std::string Gen::fresh(const char* prefix) { return prefix + std::to_string(counter_++); }

Context& Gen::ctx() { return ctx_.back(); }

void Gen::declare(const std::string& name, Ty ty, bool readonly) { scopes_.back().vars.push_back({name, ty, readonly}); }

std::vector<const Var*> Gen::vars_of(Ty ty, bool writable) const {
  std::vector<const Var*> out;
  for (const auto& s : scopes_)
    for (const auto& v : s.vars)
      if (v.ty == ty && !(writable && v.readonly)) out.push_back(&v);
  return out;
}

std::vector<const Var*> Gen::own_vars_of(Ty ty) const {
  std::vector<const Var*> out;
  for (size_t i = own_scope_base(); i < scopes_.size(); ++i)
    for (const auto& v : scopes_[i].vars)
      if (v.ty == ty && !v.readonly) out.push_back(&v);
  return out;
}

size_t Gen::own_scope_base() const { return scope_base_.empty() ? 0 : scope_base_.back(); }

const Var* Gen::any_var(Ty ty) {
  auto vs = vars_of(ty);
  return vs.empty() ? nullptr : vs[static_cast<size_t>(rng_.below(static_cast<int>(vs.size())))];
}

void Gen::block(int statements) {
  scopes_.push_back({});
  ++indent_;
  size_t before = out_.size();
  for (int i = 0; i < statements; ++i) statement();
  if (out_.size() == before) line("pass");
  --indent_;
  scopes_.pop_back();
}

void Gen::statement() {
  Context& c = ctx();
  int roll = rng_.below(100);
  bool compound_ok = c.nesting < 3;
  if (rng_.chance(25)) {
    // The constructs of the Python that plans are written in (issue 27).
    switch (rng_.below(15)) {
      case 0: if (compound_ok) return try_stmt(); break;
      case 1: if (compound_ok) return with_stmt(); break;
      case 2: return assert_stmt();
      case 3: return generator_stmt();
      case 4: return obj_print_stmt();
      case 5: return bigint_print();
      case 6: return star_unpack_stmt();
      case 7: return del_stmt();
      case 8: return slice_assign_stmt();
      case 9: if (compound_ok) return try_stmt(); break;
      case 10: return unbound_stmt();
      case 11: return module_stmt();
      case 12: return rng_.chance(50) ? bytes_stmt() : lazy_builtins_stmt();
      case 13: return rng_.chance(50) ? coroutine_stmt() : slots_stmt();
      case 14: return module_stmt();
      default: break;
    }
  }
  if (roll < 18) return print_stmt();
  if (roll < 36) return assign_new();
  if (roll < 46) return reassign();
  if (roll < 53) return aug_assign();
  if (roll < 61) return list_mutation();
  if (roll < 67) return dict_mutation();
  if (roll < 75 && compound_ok) return if_stmt();
  if (roll < 83 && compound_ok) return for_stmt();
  if (roll < 86 && compound_ok) return while_stmt();
  if (roll < 89) return unpack_stmt();
  if (roll < 93 && c.loops > 0) return break_or_continue();
  if (roll < 96 && c.in_function && compound_ok) return nested_def();
  if (roll < 98 && c.in_function) return early_return();
  if (roll < 100) return lambda_var();
  return print_stmt();
}

void Gen::print_stmt() {
  int n = rng_.range(0, 3);
  std::string args;
  for (int i = 0; i < n; ++i) {
    if (i) args += ", ";
    args += any_expr(2, true).text;
  }
  if (n == 0 && rng_.chance(50)) args = rng_.pick(kStrings).text;
  if (n >= 2 && rng_.chance(25)) args += ", sep=" + std::string(rng_.pick(kJoiners));
  if (rng_.chance(10)) args += std::string(args.empty() ? "" : ", ") + "end=" + rng_.pick(kJoiners);
  line("print(" + args + ")");
}

void Gen::assign_new() {
  Ty ty = rng_.pick(kValueTypes);
  bool container = ty == Ty::ListInt || ty == Ty::ListStr || ty == Ty::Dict;
  if (const Var* v = container && rng_.chance(30) ? any_var(ty) : nullptr) {
    // An alias: later in-place changes through either name must show in both.
    std::string name = fresh("v"), target = v->name;
    line(name + " = " + target);
    declare(name, ty);
    return;
  }
  E e = stored(ty, rng_.range(1, 3));
  std::string name = fresh("v");
  line(name + " = " + e.text);
  declare(name, ty);
}

void Gen::reassign() {
  Ty ty = rng_.pick(kValueTypes);
  auto vs = own_vars_of(ty);
  if (vs.empty()) return assign_new();
  const Var* v = vs[static_cast<size_t>(rng_.below(static_cast<int>(vs.size())))];
  std::string name = v->name;
  E e = stored(ty, rng_.range(1, 3));
  line(name + " = " + e.text);
}

void Gen::aug_assign() {
  static const std::vector<Ty> types = {Ty::Int, Ty::Int, Ty::Float, Ty::Str, Ty::ListInt};
  Ty ty = rng_.pick(types);
  auto vs = own_vars_of(ty);
  if (vs.empty()) return assign_new();
  std::string name = vs[static_cast<size_t>(rng_.below(static_cast<int>(vs.size())))]->name;
  switch (ty) {
    case Ty::Int:
      switch (rng_.below(4)) {
        case 0: line(name + " += " + int_lit(-50, 200).text); break;
        case 1: line(name + " -= " + small_int().text); break;
        case 2:
          line(name + " *= " + int_lit(-9, 9).text);
          line(name + " %= " + std::to_string(kWrapModulus));
          break;
        default: line(name + " //= " + nonzero_int(0).text); break;
      }
      break;
    case Ty::Float:
      switch (rng_.below(3)) {
        case 0: line(name + " += " + small_float().text); break;
        case 1: line(name + " /= " + nonzero_float(0).text); line(name + " %= 1000.0"); break;
        default: line(name + " -= " + small_float().text); break;
      }
      break;
    case Ty::Str: line(name + " += " + (rng_.chance(50) ? str_lit().text : "str(" + small_int().text + ")")); break;
    default: line(name + " += " + list_int_literal(0).text); break;
  }
}

E Gen::small_float() {
  E f = float_lit();
  return f.bound <= kSmallStep ? f : E{"0.75", 0.75};
}

E Gen::small_int() {
  if (rng_.chance(50)) return int_lit(-10, 50);
  auto vs = vars_of(Ty::Str);
  if (!vs.empty() && rng_.chance(50)) return {"len(" + vs[0]->name + ")", kSmallStep};
  return int_lit(0, 9);
}

void Gen::list_mutation() {
  auto vs = vars_of(Ty::ListInt);
  auto ss = vars_of(Ty::ListStr);
  bool use_str = !ss.empty() && (vs.empty() || rng_.chance(35));
  if (vs.empty() && !use_str) return assign_new();
  const Var* v = use_str ? ss[static_cast<size_t>(rng_.below(int(ss.size())))] : vs[static_cast<size_t>(rng_.below(int(vs.size())))];
  Ty item = use_str ? Ty::Str : Ty::Int;
  const std::string l = v->name;
  auto value = [&]() { return fit(item, expr(item, 2)).text; };
  switch (rng_.below(9)) {
    case 0:
    case 1: line(l + ".append(" + value() + ")"); break;
    case 2: line(l + ".insert(" + int_lit(-3, 5).text + ", " + value() + ")"); break;
    case 3: line(l + ".extend(" + (use_str ? list_str_expr(1).text : list_int_expr(1).text) + "[:3])"); break;
    case 4:
      line("if " + l + ":");
      ++indent_;
      line(rng_.chance(50) ? l + ".pop()" : "print(" + l + ".pop(" + int_lit(-1, 0).text + "))");
      --indent_;
      break;
    case 5: {
      std::string x = value();
      line("if " + x + " in " + l + ":");
      ++indent_;
      line(l + ".remove(" + x + ")");
      --indent_;
      break;
    }
    case 6: line(l + (rng_.chance(50) ? ".sort()" : ".reverse()")); break;
    case 7: {
      line("if " + l + ":");
      ++indent_;
      line(l + "[" + int_expr(1).text + " % len(" + l + ")] = " + value());
      --indent_;
      break;
    }
    default: line(l + (rng_.chance(50) ? ".sort(reverse=True)" : ".clear()")); break;
  }
}

void Gen::dict_mutation() {
  auto vs = vars_of(Ty::Dict);
  if (vs.empty()) return assign_new();
  const std::string m = vs[static_cast<size_t>(rng_.below(int(vs.size())))]->name;
  E k = key_expr(1);
  switch (rng_.below(6)) {
    case 0:
    case 1: line(m + "[" + k.text + "] = " + fit(Ty::Int, int_expr(2)).text); break;
    case 2: line(m + "[" + k.text + "] = " + m + ".get(" + k.text + ", 0) + 1"); break;
    case 3: line("print(" + m + ".pop(" + k.text + ", " + int_lit().text + "))"); break;
    case 4: line(m + ".setdefault(" + k.text + ", " + int_lit().text + ")"); break;
    default: line(m + ".update(" + dict_literal(1).text + ")"); break;
  }
}

void Gen::if_stmt() {
  ++ctx().nesting;
  line("if " + bool_expr(2).text + ":");
  block(rng_.range(1, 3));
  int elifs = rng_.range(0, 2);
  for (int i = 0; i < elifs; ++i) {
    line("elif " + bool_expr(2).text + ":");
    block(rng_.range(1, 2));
  }
  if (rng_.chance(50)) {
    line("else:");
    block(rng_.range(1, 2));
  }
  --ctx().nesting;
}

int Gen::max_iterations() {
  Context& c = ctx();
  double left = (c.budget - c.cost) / (c.mult * 8);
  return static_cast<int>(std::min(8.0, left));
}

void Gen::loop_body(double iterations) {
  Context& c = ctx();
  double mult = c.mult;
  c.mult = mult * std::max(1.0, iterations);
  ++c.loops;
  ++c.nesting;
  block(rng_.range(1, 4));
  --c.nesting;
  --c.loops;
  c.mult = mult;
}

void Gen::for_stmt() {
  int most = max_iterations();
  if (most < 1) return print_stmt();
  std::string a = fresh("i"), b = fresh("x");
  int n = rng_.range(rng_.chance(10) ? 0 : 1, most);
  std::string header;
  scopes_.push_back({});
  switch (rng_.below(7)) {
    case 0: {
      int lo = rng_.range(-3, 3), step = rng_.chance(25) ? -1 : rng_.range(1, 2);
      int hi = lo + step * n;
      header = "for " + a + " in range(" + std::to_string(lo) + ", " + std::to_string(hi) +
               (step != 1 ? ", " + std::to_string(step) : "") + "):";
      declare(a, Ty::Int, true);
      break;
    }
    case 1:
      header = "for " + a + " in range(" + std::to_string(n) + "):";
      declare(a, Ty::Int, true);
      break;
    case 2:
      header = "for " + b + " in " + list_int_expr(1).text + "[:" + std::to_string(n) + "]:";
      declare(b, Ty::Int, true);
      break;
    case 3:
      header = "for " + a + ", " + b + " in enumerate(" + list_str_expr(1).text + "[:" + std::to_string(n) + "]" +
               (rng_.chance(30) ? ", 1" : "") + "):";
      declare(a, Ty::Int, true);
      declare(b, Ty::Str, true);
      break;
    case 4:
      header = "for " + a + ", " + b + " in zip(" + list_int_expr(1).text + "[:" + std::to_string(n) + "], " +
               list_str_expr(1).text + "):";
      declare(a, Ty::Int, true);
      declare(b, Ty::Str, true);
      break;
    case 5:
      header = "for " + b + ", " + a + " in list(" + dict_expr(1).text + ".items())[:" + std::to_string(n) + "]:";
      declare(b, Ty::Str, true);
      declare(a, Ty::Int, true);
      break;
    default:
      header = "for " + b + " in " + str_expr(1).text + "[:" + std::to_string(n) + "]:";
      declare(b, Ty::Str, true);
      break;
  }
  line(header);
  loop_body(n);
  scopes_.pop_back();
  loop_else();
}

void Gen::loop_else() {
  // Runs when the loop ended without `break`.
  if (!rng_.chance(25)) return;
  line("else:");
  ++indent_;
  line("print('no break', " + int_expr(1).text + ")");
  --indent_;
}

void Gen::while_stmt() {
  int most = max_iterations();
  if (most < 1) return print_stmt();
  int n = rng_.range(1, most);
  std::string w = fresh("w");
  line(w + " = 0");
  scopes_.push_back({});
  declare(w, Ty::Int, true);
  // The counter moves first, so `continue` cannot skip it.
  if (rng_.chance(50)) {
    line("while " + w + " < " + std::to_string(n) + ":");
    ++indent_;
    line(w + " += 1");
    --indent_;
  } else {
    line("while True:");
    ++indent_;
    line(w + " += 1");
    line("if " + w + " > " + std::to_string(n) + ":");
    ++indent_;
    line("break");
    indent_ -= 2;
  }
  loop_body(n);
  scopes_.pop_back();
  loop_else();
}

void Gen::break_or_continue() {
  line("if " + bool_expr(1).text + ":");
  ++indent_;
  line(rng_.chance(50) ? "break" : "continue");
  --indent_;
}

void Gen::unpack_stmt() {
  if (rng_.chance(50)) {
    Ty ty = rng_.pick(kValueTypes);
    auto vs = own_vars_of(ty);
    if (vs.size() >= 2) {
      std::string a = vs[0]->name, b = vs[vs.size() - 1]->name;
      if (a != b) return line(a + ", " + b + " = " + b + ", " + a);
    }
  }
  std::string a = fresh("v"), b = fresh("v");
  line(a + ", " + b + " = " + tuple_expr(2).text);
  declare(a, Ty::Int);
  declare(b, Ty::Str);
}

void Gen::early_return() {
  line("if " + bool_expr(1).text + ":");
  ++indent_;
  line("return " + fit(ctx().ret, expr(ctx().ret, 2)).text);
  --indent_;
}

void Gen::lambda_var() {
  std::string name = fresh("h"), q = fresh("q");
  scopes_.push_back({});
  declare(q, Ty::Int, true);
  bool calls = ctx().calls;
  ctx().calls = false;
  E body = fit(Ty::Int, int_expr(2));
  ctx().calls = calls;
  scopes_.pop_back();
  line(name + " = lambda " + q + ": " + body.text);
  declare(name, Ty::Fn, true);
}

Fn Gen::function(const std::string& name, int statements, bool nested) {
  Fn f;
  f.name = name;
  f.ret = rng_.pick(kValueTypes);
  int nparams = rng_.range(0, 3);
  bool defaults = false;
  std::vector<Ty> types;
  for (int i = 0; i < nparams; ++i) types.push_back(rng_.pick(kValueTypes));
  // Parameters with (immutable) defaults come last.
  std::stable_sort(types.begin(), types.end(), [](Ty a, Ty b) {
    auto mutable_ = [](Ty t) { return t == Ty::ListInt || t == Ty::ListStr || t == Ty::Dict; };
    return mutable_(a) && !mutable_(b);
  });
  std::string header = "def " + name + "(";
  for (int i = 0; i < nparams; ++i) {
    Param p{fresh("p"), types[static_cast<size_t>(i)], ""};
    if ((defaults || rng_.chance(40)) && !literal_of(p.ty).empty()) {
      defaults = true;
      p.default_text = literal_of(p.ty);
    }
    if (defaults && p.default_text.empty()) p.default_text = literal_of(Ty::Int), p.ty = Ty::Int;
    header += (i ? ", " : "") + p.name + (p.default_text.empty() ? "" : "=" + p.default_text);
    f.params.push_back(p);
  }
  line(header + "):");
  Context c;
  c.in_function = true;
  c.ret = f.ret;
  c.budget = nested ? 60 : 400;
  ctx_.push_back(c);
  scope_base_.push_back(scopes_.size());
  scopes_.push_back({});
  for (const auto& p : f.params) declare(p.name, p.ty);
  ++indent_;
  for (int i = 0; i < statements; ++i) statement();
  line("return " + fit(f.ret, expr(f.ret, 2)).text);
  --indent_;
  scopes_.pop_back();
  scope_base_.pop_back();
  f.cost = ctx().cost + 1;
  ctx_.pop_back();
  return f;
}

void Gen::nested_def() {
  ++ctx().nesting;
  Fn f = function(fresh("g"), rng_.range(0, 2), true);
  --ctx().nesting;
  scopes_.back().fns.push_back(f);
}

void Gen::recursive_function() {
  std::string name = fresh("r"), n = fresh("n"), acc = fresh("acc");
  Fn f;
  f.name = name;
  switch (rng_.below(4)) {
    case 0: {
      f.rec_limit = 14;
      f.params = {{n, Ty::Int, ""}, {acc, Ty::Int, "0"}};
      f.ret = Ty::Int;
      line("def " + name + "(" + n + ", " + acc + "=0):");
      ++indent_;
      line("if " + n + " <= 0:");
      line("    return " + acc);
      line("return " + name + "(" + n + " - 1, (" + acc + " * " + std::to_string(rng_.range(2, 9)) + " + " + n + ") % " +
           std::to_string(rng_.range(97, 1009)) + ")");
      --indent_;
      f.cost = 3 * 16;
      break;
    }
    case 1: {
      f.rec_limit = 9;
      f.params = {{n, Ty::Int, ""}};
      f.ret = Ty::Int;
      line("def " + name + "(" + n + "):");
      ++indent_;
      line("if " + n + " < 2:");
      line("    return " + n);
      line("return " + name + "(" + n + " - 1) + " + name + "(" + n + " - 2)");
      --indent_;
      f.cost = 3 * 110;
      break;
    }
    case 2: {
      f.rec_limit = 10;
      f.params = {{n, Ty::Int, ""}};
      f.ret = Ty::ListInt;
      line("def " + name + "(" + n + "):");
      ++indent_;
      line("if " + n + " == 0:");
      line("    return []");
      line("return " + name + "(" + n + " - 1) + [" + n + " * " + std::to_string(rng_.range(-5, 5)) + "]");
      --indent_;
      f.cost = 3 * 12;
      break;
    }
    default: {
      f.rec_limit = 12;
      f.params = {{n, Ty::Int, ""}, {acc, Ty::Str, "''"}};
      f.ret = Ty::Str;
      line("def " + name + "(" + n + ", " + acc + "=''):");
      ++indent_;
      line("if " + n + " <= 0:");
      line("    return " + acc);
      line("return " + name + "(" + n + " // 2, " + acc + " + str(" + n + " % 2))");
      --indent_;
      f.cost = 3 * 6;
      break;
    }
  }
  scopes_.back().fns.push_back(f);
}

void Gen::factory() {
  std::string name = fresh("mk"), a = fresh("p"), inner = fresh("g"), q = fresh("q"), c = fresh("c");
  line("def " + name + "(" + a + ", " + c + "=" + int_lit(0, 9).text + "):");
  ++indent_;
  if (rng_.chance(50)) {
    // State shared by every call of the closure, through a captured list.
    std::string box = fresh("box");
    line(box + " = [" + a + "]");
    line("def " + inner + "(" + q + "):");
    line("    " + box + "[0] = (" + box + "[0] + " + q + " * " + c + ") % " + std::to_string(kWrapModulus));
    line("    return " + box + "[0]");
  } else {
    line("def " + inner + "(" + q + "):");
    line("    return (" + a + " * " + q + " + " + c + ") % " + std::to_string(kWrapModulus));
    // Late binding: the closure sees the value the cell has when it runs.
    if (rng_.chance(50)) line(a + " = " + a + " + 1");
  }
  line("return " + inner);
  --indent_;
  std::string h = fresh("h");
  line(h + " = " + name + "(" + fit(Ty::Int, int_expr(1)).text + (rng_.chance(50) ? ", " + int_lit(1, 5).text : "") + ")");
  declare(h, Ty::Fn, true);
}

void Gen::top_level_item() {
  int roll = rng_.below(100);
  if (roll < 16) {
    Fn f = function(fresh("f"), rng_.range(1, 4), false);
    scopes_.back().fns.push_back(f);
  } else if (roll < 21) {
    recursive_function();
  } else if (roll < 25) {
    factory();
  } else if (roll < 31) {
    class_def();
  } else if (roll < 38) {
    instance_stmt();
  } else if (roll < 40) {
    exception_class();
  } else if (roll < 45) {
    generator_def();
  } else if (roll < 48) {
    varargs_function();
  } else if (roll < 50) {
    global_function();
  } else if (roll < 52) {
    nonlocal_counter();
  } else if (roll < 54) {
    finally_function();
  } else if (roll < 56) {
    context_manager_class();
  } else if (roll < 58) {
    value_class_def();
  } else if (roll < 60) {
    coroutine_def();
  } else if (roll < 62) {
    slots_class_def();
  } else {
    statement();
  }
}

void Gen::raising_statement() {
  std::string z = "(" + int_expr(1).text + " * 0)";
  std::string call_site;
  switch (rng_.below(8)) {
    case 0: call_site = "print(" + int_expr(2).text + " / " + z + ")"; break;     // division by zero
    case 1: call_site = "print(" + int_expr(2).text + " // " + z + ")"; break;    // integer division or modulo by zero
    case 2: call_site = "print(" + float_expr(2).text + " / " + z + ")"; break;   // float division by zero
    case 3: call_site = "print(" + dict_expr(2).text + "['no#" + std::to_string(rng_.below(10)) + "'])"; break;
    case 4: {
      std::string l = fresh("v");
      line(l + " = " + list_int_expr(2).text);
      call_site = "print(" + l + "[len(" + l + ") + " + std::to_string(rng_.range(0, 3)) + "])";
      break;
    }
    case 5: call_site = "print(" + str_expr(2).text + "[-1000 - " + int_lit(0, 9).text + "])"; break;
    case 6: call_site = "print(" + list_str_expr(2).text + "[:0].pop())"; break;
    default: call_site = "print(" + str_expr(2).text + ".index('#'))"; break;  // substring not found
  }
  if (rng_.chance(40)) {
    // From inside a function: only the message is compared, not the traceback.
    std::string f = fresh("fail");
    line("def " + f + "():");
    ++indent_;
    line(call_site);
    --indent_;
    line(f + "()");
  } else {
    line(call_site);
  }
}

void Gen::final_prints() {
  std::vector<std::string> names;
  for (const auto& v : scopes_.front().vars)
    if (v.ty != Ty::Fn) names.push_back(v.name);
  for (size_t i = 0; i < names.size(); i += 4) {
    std::string args;
    for (size_t k = i; k < std::min(names.size(), i + 4); ++k) args += (k > i ? ", " : "") + names[k];
    line("print(" + args + ")");
  }
}

}  // namespace detail

std::string generate_program(const Options& options) { return detail::Gen(options).program(); }

}  // namespace plank::progen

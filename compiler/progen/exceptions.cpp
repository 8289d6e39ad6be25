// Exceptions: user exception classes, try/except/else/finally with the
// exception raised (or not) by the program's own values, raise ... from,
// exceptions passing through finally and __exit__, assert; see gen.h.
//
// Every raising statement sits in a try whose handlers catch what it may
// raise (the last handler is `except Exception` when the others might not), so
// a program still runs to its end.
#include "compiler/progen/gen.h"

namespace plank::progen::detail {

void Gen::exception_class() {
  std::string name = fresh("Err");
  std::string base = !exc_classes_.empty() && rng_.chance(40) ? rng_.pick(exc_classes_) : "ValueError";
  line("class " + name + "(" + base + "):");
  if (base != "ValueError" && rng_.chance(50)) {
    line("    pass");
  } else {
    line("    def __init__(self, code, msg=" + std::string(str_lit().text) + "):");
    line("        super().__init__(msg)");
    line("        self.code = code");
  }
  exc_classes_.push_back(name);
}

std::vector<std::string> Gen::risky_stmt() {
  switch (rng_.below(9)) {
    case 0:
      line("if " + bool_expr(1).text + ":");
      line("    raise ValueError(" + str_expr(1).text + ")");
      return {"ValueError"};
    case 1:
      if (!exc_classes_.empty()) {
        std::string e = rng_.pick(exc_classes_);
        line("if " + bool_expr(1).text + ":");
        line("    raise " + e + "(" + fit(Ty::Int, int_expr(1)).text + ")");
        return {e, "ValueError"};
      }
      [[fallthrough]];
    case 2: line("print(" + dict_expr(1).text + "[" + key_expr(1).text + "])"); return {"KeyError"};
    case 3: line("print(" + list_int_expr(1).text + "[" + int_expr(1).text + "])"); return {"IndexError"};
    case 4: {
      std::string v = leaf_int().text;
      line("print(" + int_expr(1).text + " // (" + v + " % 3))");
      return {"ZeroDivisionError"};
    }
    case 5: line("print(int(" + str_expr(1).text + "))"); return {"ValueError"};
    case 6: line("assert " + bool_expr(1).text + ", " + str_expr(1).text); return {"AssertionError"};
    case 7: line("print(len(" + int_expr(1).text + "))"); return {"TypeError"};
    default: {
      // Raised from a call: the exception passes through the callee's frame.
      std::string f = fresh("chk");
      line("def " + f + "(v):");
      line("    if v % 2:");
      line("        raise KeyError(v)");
      line("    return v");
      line("print(" + f + "(" + leaf_int().text + "))");
      return {"KeyError"};
    }
  }
}

void Gen::try_stmt() {
  Context& c = ctx();
  ++c.nesting;
  bool wrap = rng_.chance(30);  // an inner try re-raises as RuntimeError ... from e
  int wrap_kind = -1;
  std::string e = fresh("e");
  line("try:");
  scopes_.push_back({});
  ++indent_;
  for (int i = rng_.range(0, 1); i > 0; --i) statement();
  std::vector<std::string> raised;
  if (wrap) {
    line("try:");
    ++indent_;
    risky_stmt();
    --indent_;
    std::string inner = fresh("e");
    line("except Exception as " + inner + ":");
    wrap_kind = rng_.below(3);
    switch (wrap_kind) {
      case 0: line("    raise RuntimeError('wrapped ' + type(" + inner + ").__name__) from " + inner); break;
      case 1: line("    raise RuntimeError(str(" + inner + "))"); break;  // __context__ is the original
      default: line("    raise"); break;                              // the same exception, re-raised
    }
    if (rng_.chance(50)) line("finally:"), line("    print('inner finally')");
    raised = {"RuntimeError", "Exception"};
  } else {
    raised = risky_stmt();
  }
  if (rng_.chance(40)) statement();
  --indent_;
  scopes_.pop_back();
  // Handlers: the specific ones first, then (when needed) a catch-all.
  bool caught_all = false;
  int handlers = rng_.range(1, 2);
  for (int i = 0; i < handlers; ++i) {
    std::string kind = rng_.pick(raised);
    if (kind == "Exception") caught_all = true;
    if (rng_.chance(25)) kind = "(" + kind + ", " + (rng_.chance(50) ? "ArithmeticError" : "LookupError") + ")";
    line("except " + kind + " as " + e + ":");
    ++indent_;
    switch (rng_.below(4)) {
      case 0: line("print('caught', type(" + e + ").__name__, " + e + ")"); break;
      case 1: line("print(repr(" + e + "), " + e + ".args)"); break;
      case 2:
        // __context__: what the inner handler raised, or the exception an enclosing handler (in
        // this function or a caller) was handling when this one was raised.
        line("print(type(" + e + ").__name__, type(" + e + ".__cause__).__name__, type(" + e +
             ".__context__).__name__, " + e + ".__suppress_context__)");
        break;
      default: line("print(getattr(" + e + ", 'code', None), str(" + e + "))"); break;
    }
    if (rng_.chance(30)) {
      scopes_.push_back({});  // what the handler assigns may not have run
      statement();
      scopes_.pop_back();
    }
    --indent_;
  }
  if (!caught_all) {
    if (rng_.chance(20)) {
      line("except:");
      line("    print('bare except')");
    } else {
      line("except Exception as " + e + ":");
      line("    print('other', type(" + e + ").__name__, " + e + ")");
    }
  }
  if (rng_.chance(30)) {
    line("else:");
    block(1);
  }
  if (rng_.chance(40)) {
    line("finally:");
    block(1);
  }
  --ctx().nesting;
}

void Gen::with_stmt() {
  if (ctx_class_.empty()) return assert_stmt();
  ++ctx().nesting;
  bool suppress = rng_.chance(50);
  std::string t = fresh("t");
  line("with " + ctx_class_ + "(" + str_expr(1).text + (suppress ? ", True" : "") + ") as " + t + ":");
  scopes_.push_back({});
  declare(t, Ty::Str, true);
  ++indent_;
  for (int i = rng_.range(1, 2); i > 0; --i) statement();
  if (suppress) risky_stmt();  // __exit__ sees it and returns True: the program goes on
  --indent_;
  scopes_.pop_back();
  --ctx().nesting;
}

void Gen::assert_stmt() {
  // Always true, by construction; the message is never evaluated.
  switch (rng_.below(3)) {
    case 0: line("assert len(" + sized_expr(1) + ") >= 0, " + str_expr(1).text); break;
    case 1: line("assert isinstance(" + int_expr(1).text + ", int)"); break;
    default: {
      E b = bool_expr(1);
      line("assert " + b.text + " or not " + b.text);
      break;
    }
  }
}

void Gen::finally_function() {
  std::string f = fresh("fin"), p = fresh("p");
  Fn fn;
  fn.name = f;
  fn.ret = Ty::Int;
  fn.params = {{p, Ty::Int, ""}};
  line("def " + f + "(" + p + "):");
  Context c;
  c.in_function = true;
  c.budget = 100;
  c.calls = false;
  ctx_.push_back(c);
  scope_base_.push_back(scopes_.size());
  scopes_.push_back({});
  declare(p, Ty::Int, true);
  ++indent_;
  line("try:");
  ++indent_;
  line("if " + p + " % 3 == 0:");
  line("    return " + fit(Ty::Int, int_expr(1)).text);
  line("if " + p + " % 3 == 1:");
  line("    raise ValueError(" + p + ")");
  line("return " + fit(Ty::Int, int_expr(1)).text);
  --indent_;
  bool handled = rng_.chance(60);
  if (handled) {
    line("except ValueError as err:");
    line("    return len(str(err))");
  }
  line("finally:");
  ++indent_;
  line("print('finally', " + p + ")");
  // A return in finally replaces the value (or the exception) on its way out.
  bool finally_returns = rng_.chance(40);
  if (finally_returns) line("return " + fit(Ty::Int, int_expr(1)).text);
  --indent_;
  --indent_;
  scopes_.pop_back();
  scope_base_.pop_back();
  fn.cost = ctx().cost + 4;
  ctx_.pop_back();
  // Without a handler and without a return in finally, p % 3 == 1 lets the
  // ValueError out: such a function is defined (and called once, caught) but
  // not registered for calls elsewhere.
  if (handled || finally_returns) {
    scopes_.back().fns.push_back(fn);
  } else {
    line("try:");
    line("    print(" + f + "(" + leaf_int().text + "))");
    line("except ValueError as err:");
    line("    print('escaped', err)");
  }
}

// A name read where it may be unbound: assigned on one path only, or
// assigned and deleted. In a function that is an UnboundLocalError, at
// module level a NameError; either is caught and printed.
void Gen::unbound_stmt() {
  std::string u = fresh("u"), e = fresh("e");
  line("if " + bool_expr(1).text + ":");
  line("    " + u + " = " + fit(Ty::Int, int_expr(1)).text);
  if (rng_.chance(40)) {
    line("if " + bool_expr(1).text + ":");
    line("    " + u + " = 0");
    line("    del " + u);
  }
  line("try:");
  line("    print('bound', " + u + ")");
  line(std::string("except ") + (ctx().in_function ? "UnboundLocalError" : "NameError") + " as " + e + ":");
  line("    print(type(" + e + ").__name__, " + e + ")");
}

}  // namespace plank::progen::detail

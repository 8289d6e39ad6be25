// Private to compiler/lower: the AST -> IR builder of one function, shared by
// the files of the build_ir pass (build_ir.cpp: names and functions;
// lower_expressions.cpp; lower_statements.cpp; lower_exceptions.cpp: try,
// with, raise and the unwinding of return/break/continue through them;
// lower_comprehensions.cpp; lower_classes.cpp; lower_generators.cpp).
#pragma once
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "compiler/lower/passes.h"

namespace plank::lower {

struct ModuleBuilder {
  const check::CheckedModule& cm;
  DiagnosticSink& sink;
  ir::Module module;
  std::map<std::tuple<int, int64_t, uint64_t, std::string>, uint32_t> constant_index;
  std::unordered_map<std::string, uint32_t> global_index;

  uint32_t constant(const ir::Constant& c);
  uint32_t str_constant(const std::string& s);
  uint32_t global(const std::string& name);
  uint32_t reserve_function() {
    module.functions.emplace_back();
    return static_cast<uint32_t>(module.functions.size() - 1);
  }
  void error(Span span, std::string msg) { sink.error(cm.file, span, std::move(msg), "lower"); }
  // "not supported yet: what" at the construct's position (the front end accepts more than the engines run).
  void unsupported(Span span, const std::string& what) { error(span, "not supported yet: " + what); }
  uint32_t line_of(Span s) const { return cm.file ? cm.file->line_col(s.begin).line : 0; }
};

struct FnBuilder {
  // What a `return`, `break` or `continue` leaving a try/finally or a with
  // block must run on its way out (innermost last).
  struct Unwind {
    // Handled: an EnterHandler to leave; AsyncWith: a With whose __aexit__ is awaited
    enum class Kind : uint8_t { Finally, With, ExceptName, Handled, AsyncWith } kind;
    const ast::StmtList* finally_body = nullptr;  // Finally
    ir::Slot exit_fn = ir::kNoSlot;               // With: the bound __exit__
    std::string name;                             // ExceptName: the `as` name cleared on the way out
    Span name_span;
    ir::BlockId handler = ir::kNoBlock;           // the handler in force outside this construct
    size_t loop_depth = 0;                        // loops.size() when the construct began
  };
  struct Loop {
    ir::BlockId continue_to;
    ir::BlockId break_to;
    size_t unwind_depth;  // unwinds.size() when the loop began
  };
  // A class body being lowered inline: its names are entries of `ns`.
  struct ClassBody {
    const check::Scope* scope;
    ir::Slot ns;
    ir::Slot class_cell;  // the implicit __class__ cell, or kNoSlot
    ir::Slot annotations = ir::kNoSlot;  // the body's __annotations__ dict, when it annotates names
  };

  ModuleBuilder& mb;
  const check::Scope& scope;  // the function (or module) whose frame this is
  ir::Function f;
  std::unordered_map<std::string, ir::Slot> local_slot;
  ir::BlockId current = 0;
  ir::BlockId handler = ir::kNoBlock;  // given to every new block
  std::vector<Loop> loops;
  std::vector<Unwind> unwinds;
  std::vector<ClassBody> classes;
  std::vector<ir::Slot> caught;  // the exception of each enclosing `except` body (bare `raise`)
  uint32_t line = 0;
  Span span;
  Span fstring_span;  // the f-string whose parts are being lowered (its FormatValues are placed there)

  FnBuilder(ModuleBuilder& m, const check::Scope& s);

  // ---------------------------------------------------------------- emission (build_ir.cpp)
  ir::Slot temp();
  ir::BlockId new_block();
  bool terminated() const;
  void set_block(ir::BlockId b) { current = b; }
  ir::Instr& emit(ir::Instr in);
  // emit with the span of `where` (the part of the line a traceback marks).
  ir::Instr& emit_at(Span where, ir::Instr in) {
    in.span = where;
    return emit(std::move(in));
  }
  static ir::Instr make(ir::Op op, ir::Slot dst = ir::kNoSlot, ir::Slot a = ir::kNoSlot, ir::Slot b = ir::kNoSlot,
                        uint32_t imm = 0);
  void jump(ir::BlockId to);
  void branch(ir::Slot cond, ir::BlockId yes, ir::BlockId no);
  ir::Slot konst(const ir::Constant& c);
  ir::Slot none();
  ir::Slot str(const std::string& s);
  void move(ir::Slot dst, ir::Slot src);
  ir::Slot call_method(ir::Slot obj, const std::string& name, std::vector<ir::Slot> args);
  ir::Slot call_intrinsic(const std::string& name, std::vector<ir::Slot> args);
  ir::Slot call_value(ir::Slot callee, std::vector<ir::Slot> args);

  // ---------------------------------------------------------------- names (build_ir.cpp)
  // The scope names resolve in here: the innermost class body, else the function.
  const check::Scope& naming_scope() const { return classes.empty() ? scope : *classes.back().scope; }
  ir::Slot load_name(const std::string& name, Span where);
  void store_name(const std::string& name, ir::Slot value, Span where);
  void delete_name(const std::string& name, Span where);
  std::vector<ir::Slot> cells_for(const check::Scope& inner);
  static uint32_t core_find(const std::string& name);

  // ---------------------------------------------------------------- expressions (lower_expressions.cpp)
  ir::Slot expr(const ast::Expr* e);
  ir::Slot expr_inner(const ast::Expr* e);
  ir::Slot part(const ast::Expr* e) { return e ? expr(e) : none(); }
  ir::Slot compare(const ast::Compare* c);
  ir::Slot call(const ast::Call* c);
  ir::Slot dir_of_scope(const ast::Call* c);  // `dir()`: lower_dir.cpp
  ir::Slot call_unpacking(const ast::Call* c, ir::Slot callee);
  ir::Slot sequence(ast::ExprKind kind, const ast::ExprList& elements);
  ir::Slot dict_display(const ast::DictExpr* d);
  ir::Slot fstring(const ast::JoinedStr* j);
  ir::Slot slice(const ast::Slice* s);
  uint32_t intrinsic_of(const ast::Attribute* a) { return core_find(a->attr); }
  ir::Slot make_function(const check::Scope& inner, const std::vector<ast::Param>& params, Span where,
                         const ast::ExprList* decorators = nullptr);

  // ---------------------------------------------------------------- assignment (lower_statements.cpp)
  void assign(const ast::Expr* target, ir::Slot value);
  void aug_assign(const ast::AugAssign* a);
  void del(const ast::Expr* target);

  // ---------------------------------------------------------------- statements (lower_statements.cpp)
  void step(const ast::Stmt* st);
  void stmts(const ast::StmtList& body);
  void stmt(const ast::Stmt* st);
  void while_stmt(const ast::While* w);
  void for_stmt(const ast::For* fo);
  void import_stmt(const ast::Stmt* st);
  void bind_import(const std::string& bound, const std::string& intrinsic, Span where);

  // ---------------------------------------------------------------- exceptions (lower_exceptions.cpp)
  void try_stmt(const ast::Try* t);
  // leaves_handler: the entry first ends the EnterHandler of with_context's body.
  ir::BlockId context_entry(ir::BlockId target, ir::Slot handled, bool leaves_handler = false);
  void with_context(ir::Slot handled, const std::function<void()>& body);
  void with_stmt(const ast::With* w, size_t item);
  void raise_stmt(const ast::Raise* r);
  // Runs the cleanups of unwinds[from..] (innermost first) on the way to a
  // return, break or continue that leaves them.
  void unwind_to(size_t depth);
  void return_value(ir::Slot value);
  ir::BlockId new_handler_block();  // a block that starts with Catch into a fresh slot (catch_slot)
  // Lowers `body` in a block of its own under a new handler block, which
  // catches what the body raises, then puts back the handler in force.
  // Neither block it returns is current: `caught` (the handler block, its
  // Catch only) and `after` (where the body's normal path went on).
  struct Guarded {
    ir::BlockId caught;
    ir::BlockId after;
  };
  Guarded under_handler(const std::function<void()>& body);
  ir::Slot catch_slot(ir::BlockId handler_block) const { return f.blocks[handler_block].instrs[0].dst; }

  // ---------------------------------------------------------------- comprehensions, classes, generators
  ir::Slot comprehension(const ast::Comprehension* c);       // lower_comprehensions.cpp
  void comprehension_body(const ast::Comprehension* c);      // the hidden function's body
  void class_def(const ast::ClassDef* c);                     // lower_classes.cpp
  void class_annotation(const ast::AnnAssign* a);             // `name: annotation` in a class body
  ir::Slot super_call(const ast::Call* c);                    // `super()` inside a method, or kNoSlot
  ir::Slot yield_value(ir::Slot value);                       // lower_generators.cpp
  ir::Slot yield_from(ir::Slot iterable, bool await);
  ir::Slot async_iter(ir::Slot iterable);             // `async for`: iterable.__aiter__()
  ir::Slot async_next(ir::Slot it, ir::BlockId done);  // `await it.__anext__()`; StopAsyncIteration: to done
  ir::Slot yield_async_value(ir::Slot value);         // an async generator's `yield`: the value marked

  // ---------------------------------------------------------------- whole functions (build_ir.cpp)
  void prologue();
  void finish();
};

// The docstring of a def's or class's body (its first statement, a string literal), or null.
const std::string* docstring(const ast::StmtList& body);

ir::Function build_function(ModuleBuilder& mb, const check::Scope& scope, const std::vector<ast::Param>& params,
                            const ast::StmtList* body, const ast::Expr* lambda_body, Span where);

}  // namespace plank::lower

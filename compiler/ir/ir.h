// Plank IR: the program as both engines run it.
//
// A linear, register-based IR over frame slots (not SSA): every local,
// temporary and parameter is a numbered Slot of its function's frame. Basic
// blocks end in exactly one terminator. Every operation that can fail calls
// exactly one runtime function (runtime/ops.h), so the interpreter and the
// LLVM code generator share all semantics and differ only in dispatch; the JIT
// additionally inlines fast paths (int arithmetic with overflow checks, int and
// float comparisons, truthiness of bools) and falls back to the same calls.
//
// Produced by compiler/lower (AST -> IR), dumped by `plank run --dump=ir`,
// executed by compiler/interp (reference interpreter) and compiler/codegen
// (LLVM IR -> ORC JIT).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "compiler/frontend/ast.h"
#include "support/source.h"

namespace plank::ir {

using Slot = uint32_t;
using BlockId = uint32_t;
inline constexpr Slot kNoSlot = UINT32_MAX;
inline constexpr uint32_t kNoBlock = UINT32_MAX;

// A constant of the module's pool. Strings are interned by the runtime at load.
// BigInt: an int past 64 bits, `s` its literal digits (0x/0o/0b prefixes kept);
// Bytes: `s` the bytes; Ellipsis: `...`.
struct Constant {
  enum class Kind : uint8_t { None, Bool, Int, Float, Str, BigInt, Bytes, Ellipsis } kind = Kind::None;
  int64_t i = 0;
  double f = 0.0;
  std::string s;
  bool operator==(const Constant&) const = default;
};

enum class Op : uint8_t {
  // dst = ...
  LoadConst,     // dst = constants[imm]
  Move,          // dst = a
  LoadGlobal,    // dst = globals[imm] (falls back to the builtin of that name; NameError when unset)
  StoreGlobal,   // globals[imm] = a
  LoadBuiltin,   // dst = the intrinsic imm as a first-class value
  MakeCell,      // dst = new cell holding a (a may be kNoSlot: empty cell)
  LoadCell,      // dst = contents of the cell in slot a; imm: constant (str) naming the variable, for the
                 // error when empty: imm2 0, a free variable's NameError ("cannot access free variable 'x' ..."),
                 // imm2 1, the function's own captured local's UnboundLocalError
  StoreCell,     // cell in slot dst := a
  LoadFree,      // dst = the closure's captured cell number imm
  Binary,        // dst = a <binop imm> b            (imm: ast::BinaryOp, | kInPlace for `a += b` / `a *= b`)
  Unary,         // dst = <unop imm> a               (imm: ast::UnaryOp)
  Compare,       // dst = a <cmpop imm> b            (imm: ast::CompareOp; chains are lowered to branches)
  Truth,         // dst = bool(a)
  BuildList,     // dst = [args...]
  BuildTuple,    // dst = (args...)
  BuildDict,     // dst = {args[0]: args[1], args[2]: args[3], ...}
  GetItem,       // dst = a[b]
  SetItem,       // a[b] = args[0]
  GetSlice,      // dst = a[args[0]:args[1]:args[2]] (None slots for absent bounds)
  GetAttr,       // dst = a.<constants[imm] as name>
  SetAttr,       // a.<name imm> = b
  Call,          // dst = a(args[0..npos), keyword args[npos..] named by kwnames)
  CallMethod,    // dst = a.<name imm>(args...)  (no bound-method object is built)
  CallIntrinsic, // dst = intrinsic imm(args..., keywords as in Call)
  MakeFunction,  // dst = function imm with default values args[0..ndefaults) and captured cells args[ndefaults..]
  GetIter,       // dst = iter(a)
  Unpack,        // args... = a (exactly args.size() items, else ValueError)
  Assert,        // if not a: raise AssertionError(b)   (b may be kNoSlot)
  Step,          // a new statement starts at line `line`: budgets, stepping hook (debug builds)
  Seal,          // the string in slot a, built in place (kStrBuilder), may be shared from here on
  // The Python of plans and agent scripts (issue 27); each is one runtime call.
  BuildSet,      // dst = {args...}
  BuildSlice,    // dst = slice(args[0], args[1], args[2])
  BuildString,   // dst = the strs args... joined (an f-string)
  FormatValue,   // dst = format(conversion imm of a (0, 's', 'r', 'a'), the spec in b (kNoSlot: none))
  CallEx,        // dst = a(*args[0], **args[1]) (args[1] absent: no keywords)
  UnpackEx,      // args... = a, args[imm2] receiving a list of what the other targets leave
  DelItem,       // del a[b]
  DelAttr,       // del a.<name imm>
  DelGlobal,     // del globals[imm]
  DelCell,       // the cell in slot a becomes empty (`del x` of a captured local)
  LoadClassName, // dst = the class namespace a's entry named constants[imm], else global imm2 (or the builtin)
  BuildClass,    // dst = class constants[imm] (qualified name constants[imm2]) of bases args..., namespace dict a
  Catch,         // dst = the exception being raised (first in a handler block; budgets and interrupts propagate)
  ExcMatch,      // dst = whether exception a is an instance of the class (or a tuple of classes) b
  ImportModule,  // dst = the module named constants[imm]
  ImportFrom,    // dst = module a's member constants[imm] (ImportError when it has none)
  Resume,        // dst = the value sent into the generator (first in a yield's resume block; a throw() raises
                 // here, unless imm is 1: yield from, whose YieldFromStep passes it on)
  GetYieldFromIter,  // dst = the iterator `yield from a` delegates to (imm 1: `await a`: its awaitable's)
  Unbind,        // dst = the unbound marker (core::Value::unbound): a local before its first assignment (imm 1:
                 // the function's prologue) or after `del` (imm 0)
  CheckBound,    // raise UnboundLocalError naming the str constant imm if slot a holds the unbound marker
  EnterHandler,  // the exception in slot a is being handled (an except or finally body starts): the implicit
                 // __context__ of what is raised until the matching LeaveHandler, here or in a callee
  LeaveHandler,  // the imm innermost EnterHandlers of this frame end
  // terminators
  Jump,          // goto target
  Branch,        // if truth(a) goto target else goto target2
  ForIter,       // dst = next(a); goto target; when exhausted goto target2
  Return,        // return a (kNoSlot: None)
  Raise,         // imm 0: raise a [from b (kNoSlot: no cause)]; imm 1: re-raise the caught exception a as it was;
                 // imm 2: a bare `raise` outside any handler (RuntimeError); imm 3: re-raise a, raised while b
                 // was handled (b becomes its __context__ unless it has one)
  Yield,         // yield a (kNoSlot: None) as resume point imm (1, 2, ...); the generator resumes at target
  YieldFromStep, // dst = the next value of delegate a (sent b), goto target; when a returns,
                 // dst = its return value, goto target2
};

// Binary's imm flag for augmented assignment: a list operand changes in place
// (Python's __iadd__ / __imul__); the same bit as core::kBinaryInPlace.
inline constexpr uint32_t kInPlace = 0x100;
// Binary's imm flag set by lower/mark_string_builders on `s = s + t` (and
// `s += t`) when nothing but the local `s` can refer to the strings it holds:
// the runtime may then append to s's string in place instead of allocating a
// new one. The same bit as core::kBinaryStrBuilder.
inline constexpr uint32_t kStrBuilder = 0x200;
// The operator of a Binary's imm, without its flags.
inline constexpr uint32_t binary_op(uint32_t imm) { return imm & 0xff; }

const char* op_name(Op op);
bool is_terminator(Op op);

// What kinds of value a slot may hold at an instruction (a bit set; the
// lower/infer_types pass computes it). 0: not analysed, nothing is claimed.
namespace kinds {
// kBigInt: an int past 64 bits (a heap object; an int op int may give one).
inline constexpr uint8_t kNone = 1, kBool = 2, kInt = 4, kFloat = 8, kRange = 16, kRangeIter = 32, kOther = 64,
                         kBigInt = 128;
inline constexpr uint8_t kAny = 255;
inline constexpr uint8_t kObjects = kRange | kRangeIter | kOther | kBigInt;  // heap objects
}  // namespace kinds

struct Instr {
  Op op;
  uint32_t line = 0;       // source line, for errors and stepping
  Span span;               // the expression or statement it came from
  uint32_t pos = 0;        // span's index in Function::positions (number_positions; 0: none)
  // CallMethod: the span of `obj.name`, where a failed lookup of the method is
  // marked (as CPython 3.11's LOAD_METHOD); its entry in positions is pos + 1.
  Span lookup_span;
  Slot dst = kNoSlot;
  Slot a = kNoSlot;
  Slot b = kNoSlot;
  uint32_t imm = 0;        // constant / global / intrinsic / function / operator index
  std::vector<Slot> args;
  uint32_t npos = 0;       // Call/CallMethod/CallIntrinsic: how many of args are positional
  std::vector<uint32_t> kwnames;  // constant indices of keyword names (str), one per keyword arg
  uint32_t ndefaults = 0;  // MakeFunction: positional defaults first, then keyword-only defaults, then cells
  uint32_t nkwdefaults = 0;  // MakeFunction
  uint32_t imm2 = 0;       // a second immediate (LoadClassName, BuildClass, UnpackEx)
  BlockId target = 0;
  BlockId target2 = 0;
  // The kinds operands a and b may hold when this instruction runs (kinds::*;
  // 0 unless infer_types ran). The code generator tells LLVM a single kind
  // (an int, a float, a bool) so it drops the other paths of an operation.
  uint8_t kinds_a = 0;
  uint8_t kinds_b = 0;
};

// Calls f(BlockId) for each block the terminator `t` branches to (not the handler).
template <class F>
void for_each_successor(const Instr& t, F&& f) {
  switch (t.op) {
    case Op::Jump:
    case Op::Yield: f(t.target); break;
    case Op::Branch:
    case Op::ForIter:
    case Op::YieldFromStep: f(t.target); f(t.target2); break;
    default: break;
  }
}
// Whether the terminator has branch targets to renumber (target, and target2 for the two-way ones).
inline bool has_target(Op op) { return op == Op::Jump || op == Op::Branch || op == Op::ForIter || op == Op::Yield || op == Op::YieldFromStep; }
inline bool has_target2(Op op) { return op == Op::Branch || op == Op::ForIter || op == Op::YieldFromStep; }

// `handler`: where an operation of this block that raises goes (the first
// instruction there is a Catch), or kNoBlock: the function itself fails.
struct Block {
  std::vector<Instr> instrs;  // the last one is the terminator
  BlockId handler = kNoBlock;
};

// How a parameter binds (ast::ParamKind): parameters are in this order in a
// function, positional ones first.
enum class ParamKind : uint8_t { Positional, PositionalOnly, VarArgs, KeywordOnly, VarKeywords };

struct Param {
  std::string name;
  bool has_default = false;
  ParamKind kind = ParamKind::Positional;
};

struct Function {
  std::string name;          // "<module>" for the top level
  std::string qualified;     // "outer.<locals>.inner"
  Span span;
  uint32_t first_line = 0;
  std::vector<Param> params;  // bound into slots 0..params.size() by the caller side
  uint32_t slot_count = 0;
  std::vector<std::string> slot_names;  // user-visible locals ("" for temporaries): :where, tracebacks
  std::vector<std::string> free_names;  // captured cells, in LoadFree order
  std::vector<Slot> cell_params;        // parameters that are captured: wrapped in cells on entry
  std::vector<Block> blocks;            // blocks[0] is the entry
  // The distinct spans of its instructions, [0] empty (Instr::pos): a frame
  // records the pos of the instruction running, so a traceback can show the
  // part of the line that failed, as CPython 3.11's `~~^^` markers do.
  std::vector<Span> positions;
  // A generator (or coroutine): calling it makes a generator object whose
  // frame lives in the heap; running it resumes at blocks[0] the first time,
  // then at resume_blocks[k - 1] after the Yield of resume point k.
  bool is_generator = false;
  bool is_coroutine = false;
  bool is_async_generator = false;  // an `async def` that yields (is_generator too; its yields are wrapped)
  std::vector<BlockId> resume_blocks;
  // The simple case the JIT calls directly: positional parameters only.
  bool simple_params() const {
    for (const auto& p : params)
      if (p.kind != ParamKind::Positional && p.kind != ParamKind::PositionalOnly) return false;
    return true;
  }
};

struct Module {
  SourceRef file;
  std::vector<Constant> constants;
  std::vector<std::string> globals;   // module-level names, in StoreGlobal/LoadGlobal index order
  std::vector<Function> functions;    // functions[0] is the module body
};

// "int|float" for a kinds:: set; ", a: int, b: float" for an instruction's narrowed operands.
std::string kinds_text(uint8_t mask);
std::string kinds_note(const Instr& in);

// A readable, stable text form (`plank run --dump=ir`, golden tests).
std::string dump(const Module& module);
// Same, naming intrinsics (LoadBuiltin, CallIntrinsic) with `intrinsic_name(imm)`
// instead of `intrinsic#imm` (compiler/lower passes the runtime's table).
using IntrinsicNamer = std::function<std::string(uint32_t)>;
std::string dump(const Module& module, const IntrinsicNamer& intrinsic_name);
std::string dump(const Module& module, const Function& function, const IntrinsicNamer& intrinsic_name = {});

// Structural checks a pass must keep true (every block ends in one terminator,
// slots < slot_count, targets exist, constant and function indices valid).
// Returns an empty string when the module is well formed, else what is wrong.
std::string verify(const Module& module);

}  // namespace plank::ir

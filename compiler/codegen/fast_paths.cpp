// Inline fast paths: Step's fuel check, int arithmetic with overflow checks,
// float arithmetic, int and float comparisons, truthiness of immediates. Each
// falls back to the same runtime call the interpreter makes (pk_binary,
// pk_compare, pk_unary, pk_truth), which also raises every error, so both
// engines print the same results and the same messages. The op helpers leave
// that call to their caller (they return 2), which spills register
// temporaries around it (codegen.cpp emit_op).
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/MDBuilder.h>

#include "compiler/codegen/emit.h"
#include "compiler/frontend/ast.h"

namespace plank::codegen {

using ast::BinaryOp;
using ast::CompareOp;
using ast::UnaryOp;

namespace {
constexpr uint64_t kExactDouble = uint64_t(1) << 53;  // ints within ±2^53 convert to double exactly
}

// Debug builds (the stepping hook reads both) and -O0 store the line and
// count fuel in the thread at every statement; optimised builds count fuel in
// a register and store the line only before calls (sync_line, store_line).
void FunctionEmitter::emit_step(const ir::Instr& in) {
  line_ = in.line;
  fuel_synced_ = false;
  if (!fuel_) b.CreateStore(u32(in.line), b.CreateStructGEP(m.frame_ty, frame, 4));  // eager (debug, -O0)
  llvm::Value* fuel_ptr = fuel_ ? static_cast<llvm::Value*>(fuel_) : b.CreateStructGEP(m.thread_ty, thread, 1);
  llvm::Value* fuel = b.CreateSub(b.CreateLoad(m.i64, fuel_ptr), b.getInt64(1));
  b.CreateStore(fuel, fuel_ptr);
  llvm::BasicBlock* poll = new_block("poll");
  llvm::BasicBlock* next = new_block("step");
  b.CreateCondBr(b.CreateICmpSLE(fuel, b.getInt64(0)), poll, next,
                 llvm::MDBuilder(m.ctx).createBranchWeights(1, 2000));
  b.SetInsertPoint(poll);
  store_line();
  llvm::Value* ok = call("pk_poll", {thread});
  b.CreateCondBr(ok, next, error_block);
  b.SetInsertPoint(next);
  if (m.options.debug) check(call("pk_step", {thread, u32(in.line)}));
}

void FunctionEmitter::slow_exit() { b.CreateRet(b.getInt8(2)); }

llvm::Value* FunctionEmitter::emit_truth(llvm::Value* a, ir::Slot s) {
  llvm::Value* tag = load_tag(a);
  llvm::Value* payload = load_payload(a);
  llvm::BasicBlock* immediate = new_block("truth_imm");
  llvm::BasicBlock* object = new_block("truth_obj");
  llvm::BasicBlock* join = new_block("truth");
  b.CreateCondBr(b.CreateICmpUGT(tag, b.getInt64(kTagFloat)), object, immediate);

  b.SetInsertPoint(immediate);
  llvm::Value* nonzero = b.CreateICmpNE(payload, b.getInt64(0));
  llvm::Value* float_true = b.CreateFCmpUNE(b.CreateBitCast(payload, m.f64), llvm::ConstantFP::get(m.f64, 0.0));
  llvm::Value* imm = b.CreateSelect(b.CreateICmpEQ(tag, b.getInt64(kTagFloat)), float_true,
                                    b.CreateAnd(nonzero, b.CreateICmpNE(tag, b.getInt64(kTagNone))));
  b.CreateBr(join);

  b.SetInsertPoint(object);
  if (is_register(s)) {
    spill_live(cur_block_, cur_instr_);
    a = rooted(s);
  }
  store_line();
  check(call("pk_truth", {thread, flag, a}));
  llvm::Value* obj = b.CreateICmpNE(b.CreateLoad(m.i8, flag), b.getInt8(0));
  llvm::BasicBlock* object_end = b.GetInsertBlock();
  b.CreateBr(join);

  b.SetInsertPoint(join);
  llvm::PHINode* phi = b.CreatePHI(m.i1, 2);
  phi->addIncoming(imm, immediate);
  phi->addIncoming(obj, object_end);
  return phi;
}

void FunctionEmitter::emit_binary(uint32_t imm, llvm::Value* dst, llvm::Value* pa, llvm::Value* pb) {
  // Augmented assignment (ir::kInPlace) differs only for lists, a builder's
  // append (ir::kStrBuilder) only for strs: the number fast paths are the same.
  uint32_t plain = ir::binary_op(imm);
  auto op = static_cast<BinaryOp>(plain);
  llvm::BasicBlock* slow = new_block("binary_slow");
  llvm::BasicBlock* done = new_block("binary_done");
  bool any_fast = op != BinaryOp::Pow && plain <= static_cast<uint32_t>(BinaryOp::Pow);
  if (any_fast) {
    llvm::Value* ta = load_tag(pa);
    llvm::Value* tb = load_tag(pb);
    llvm::Value* x = load_payload(pa);
    llvm::Value* y = load_payload(pb);
    llvm::Value* a_int = b.CreateICmpEQ(ta, b.getInt64(kTagInt));
    llvm::Value* b_int = b.CreateICmpEQ(tb, b.getInt64(kTagInt));
    llvm::Value* both_int = b.CreateAnd(a_int, b_int);
    llvm::BasicBlock* int_path = new_block("int");
    llvm::BasicBlock* other = new_block("not_int");

    if (op == BinaryOp::Add || op == BinaryOp::Sub || op == BinaryOp::Mul) {
      b.CreateCondBr(both_int, int_path, other);
      b.SetInsertPoint(int_path);
      llvm::Intrinsic::ID id = op == BinaryOp::Add   ? llvm::Intrinsic::sadd_with_overflow
                               : op == BinaryOp::Sub ? llvm::Intrinsic::ssub_with_overflow
                                                     : llvm::Intrinsic::smul_with_overflow;
      llvm::Value* pair = b.CreateBinaryIntrinsic(id, x, y);
      llvm::BasicBlock* store = new_block("int_ok");
      b.CreateCondBr(b.CreateExtractValue(pair, 1), slow, store, unlikely);
      b.SetInsertPoint(store);
      store_value(dst, kTagInt, b.CreateExtractValue(pair, 0));
      b.CreateBr(done);
    } else if (op == BinaryOp::FloorDiv || op == BinaryOp::Mod) {
      // Python's floor semantics; zero divisors and MIN // -1 take the slow path (it raises).
      llvm::Value* safe = b.CreateAnd(
          both_int, b.CreateAnd(b.CreateICmpNE(y, b.getInt64(0)),
                                b.CreateNot(b.CreateAnd(b.CreateICmpEQ(x, b.getInt64(INT64_MIN)),
                                                        b.CreateICmpEQ(y, b.getInt64(-1))))));
      b.CreateCondBr(safe, int_path, other);
      b.SetInsertPoint(int_path);
      llvm::Value* q = b.CreateSDiv(x, y);
      llvm::Value* r = b.CreateSRem(x, y);
      // r != 0 and sign(r) != sign(y): q -= 1, r += y
      llvm::Value* adjust =
          b.CreateAnd(b.CreateICmpNE(r, b.getInt64(0)), b.CreateICmpSLT(b.CreateXor(r, y), b.getInt64(0)));
      llvm::Value* value = op == BinaryOp::FloorDiv ? b.CreateSelect(adjust, b.CreateSub(q, b.getInt64(1)), q)
                                                    : b.CreateSelect(adjust, b.CreateAdd(r, y), r);
      store_value(dst, kTagInt, value);
      b.CreateBr(done);
    } else {
      // Div: handled by the float path below (ints within ±2^53 convert exactly).
      b.CreateBr(other);
      int_path->eraseFromParent();
    }

    // Floats, and ints mixed with floats, as Python does: float(int) op float.
    b.SetInsertPoint(other);
    if (op == BinaryOp::FloorDiv || op == BinaryOp::Mod) {
      b.CreateBr(slow);  // float floor division and modulo: the runtime
    } else {
      llvm::Value* a_float = b.CreateICmpEQ(ta, b.getInt64(kTagFloat));
      llvm::Value* b_float = b.CreateICmpEQ(tb, b.getInt64(kTagFloat));
      llvm::Value* numeric = b.CreateAnd(b.CreateOr(a_int, a_float), b.CreateOr(b_int, b_float));
      llvm::Value* fx = b.CreateSelect(a_float, b.CreateBitCast(x, m.f64), b.CreateSIToFP(x, m.f64));
      llvm::Value* fy = b.CreateSelect(b_float, b.CreateBitCast(y, m.f64), b.CreateSIToFP(y, m.f64));
      llvm::Value* ok = numeric;
      if (op == BinaryOp::Div) {
        auto exact = [&](llvm::Value* is_float, llvm::Value* v) {
          return b.CreateOr(is_float, b.CreateICmpULE(b.CreateAdd(v, b.getInt64(kExactDouble)),
                                                      b.getInt64(2 * kExactDouble)));
        };
        ok = b.CreateAnd(ok, b.CreateAnd(exact(a_float, x), exact(b_float, y)));
        ok = b.CreateAnd(ok, b.CreateFCmpUNE(fy, llvm::ConstantFP::get(m.f64, 0.0)));
      }
      llvm::BasicBlock* float_path = new_block("float");
      b.CreateCondBr(ok, float_path, slow);
      b.SetInsertPoint(float_path);
      llvm::Value* r = op == BinaryOp::Add   ? b.CreateFAdd(fx, fy)
                       : op == BinaryOp::Sub ? b.CreateFSub(fx, fy)
                       : op == BinaryOp::Mul ? b.CreateFMul(fx, fy)
                                             : b.CreateFDiv(fx, fy);
      store_float(dst, r);
      b.CreateBr(done);
    }
  } else {
    b.CreateBr(slow);
  }
  b.SetInsertPoint(slow);
  slow_exit();
  b.SetInsertPoint(done);
}

void FunctionEmitter::emit_compare(uint32_t imm, llvm::Value* dst, llvm::Value* pa, llvm::Value* pb) {
  auto op = static_cast<CompareOp>(imm);
  llvm::BasicBlock* slow = new_block("compare_slow");
  llvm::BasicBlock* done = new_block("compare_done");
  if (imm <= static_cast<uint32_t>(CompareOp::Ne)) {
    llvm::CmpInst::Predicate ipred, fpred;
    switch (op) {
      case CompareOp::Lt: ipred = llvm::CmpInst::ICMP_SLT; fpred = llvm::CmpInst::FCMP_OLT; break;
      case CompareOp::Gt: ipred = llvm::CmpInst::ICMP_SGT; fpred = llvm::CmpInst::FCMP_OGT; break;
      case CompareOp::Eq: ipred = llvm::CmpInst::ICMP_EQ; fpred = llvm::CmpInst::FCMP_OEQ; break;
      case CompareOp::Ge: ipred = llvm::CmpInst::ICMP_SGE; fpred = llvm::CmpInst::FCMP_OGE; break;
      case CompareOp::Le: ipred = llvm::CmpInst::ICMP_SLE; fpred = llvm::CmpInst::FCMP_OLE; break;
      default: ipred = llvm::CmpInst::ICMP_NE; fpred = llvm::CmpInst::FCMP_UNE; break;
    }
    llvm::Value* ta = load_tag(pa);
    llvm::Value* tb = load_tag(pb);
    llvm::Value* x = load_payload(pa);
    llvm::Value* y = load_payload(pb);
    llvm::Value* a_int = b.CreateICmpEQ(ta, b.getInt64(kTagInt));
    llvm::Value* b_int = b.CreateICmpEQ(tb, b.getInt64(kTagInt));
    llvm::BasicBlock* int_path = new_block("int");
    llvm::BasicBlock* other = new_block("not_int");
    b.CreateCondBr(b.CreateAnd(a_int, b_int), int_path, other);
    b.SetInsertPoint(int_path);
    store_bool(dst, b.CreateICmp(ipred, x, y));
    b.CreateBr(done);

    // Floats, and ints within ±2^53 (exact as doubles) against floats.
    b.SetInsertPoint(other);
    llvm::Value* a_float = b.CreateICmpEQ(ta, b.getInt64(kTagFloat));
    llvm::Value* b_float = b.CreateICmpEQ(tb, b.getInt64(kTagFloat));
    auto exact = [&](llvm::Value* is_float, llvm::Value* is_int, llvm::Value* v) {
      return b.CreateOr(is_float, b.CreateAnd(is_int, b.CreateICmpULE(b.CreateAdd(v, b.getInt64(kExactDouble)),
                                                                      b.getInt64(2 * kExactDouble))));
    };
    llvm::Value* ok = b.CreateAnd(exact(a_float, a_int, x), exact(b_float, b_int, y));
    llvm::BasicBlock* float_path = new_block("float");
    b.CreateCondBr(ok, float_path, slow);
    b.SetInsertPoint(float_path);
    llvm::Value* fx = b.CreateSelect(a_float, b.CreateBitCast(x, m.f64), b.CreateSIToFP(x, m.f64));
    llvm::Value* fy = b.CreateSelect(b_float, b.CreateBitCast(y, m.f64), b.CreateSIToFP(y, m.f64));
    store_bool(dst, b.CreateFCmp(fpred, fx, fy));
    b.CreateBr(done);
  } else if (op == CompareOp::In || op == CompareOp::NotIn) {
    emit_dict_contains(op == CompareOp::NotIn, dst, pa, pb, slow, done);
  } else {
    b.CreateBr(slow);
  }
  b.SetInsertPoint(slow);
  slow_exit();
  b.SetInsertPoint(done);
}

void FunctionEmitter::emit_unary(uint32_t imm, llvm::Value* dst, llvm::Value* pa) {
  auto op = static_cast<UnaryOp>(imm);
  if (op == UnaryOp::Not) {
    store_bool(dst, b.CreateNot(emit_truth(pa)));
    return;
  }
  llvm::BasicBlock* slow = new_block("unary_slow");
  llvm::BasicBlock* done = new_block("unary_done");
  if (op == UnaryOp::Neg || op == UnaryOp::Pos) {
    llvm::Value* tag = load_tag(pa);
    llvm::Value* x = load_payload(pa);
    llvm::BasicBlock* int_path = new_block("int");
    llvm::BasicBlock* other = new_block("not_int");
    llvm::BasicBlock* float_path = new_block("float");
    b.CreateCondBr(b.CreateICmpEQ(tag, b.getInt64(kTagInt)), int_path, other);
    b.SetInsertPoint(int_path);
    if (op == UnaryOp::Neg) {
      llvm::Value* pair = b.CreateBinaryIntrinsic(llvm::Intrinsic::ssub_with_overflow, b.getInt64(0), x);
      llvm::BasicBlock* store = new_block("int_ok");
      b.CreateCondBr(b.CreateExtractValue(pair, 1), slow, store, unlikely);
      b.SetInsertPoint(store);
      store_value(dst, kTagInt, b.CreateExtractValue(pair, 0));
    } else {
      store_value(dst, kTagInt, x);
    }
    b.CreateBr(done);
    b.SetInsertPoint(other);
    b.CreateCondBr(b.CreateICmpEQ(tag, b.getInt64(kTagFloat)), float_path, slow);
    b.SetInsertPoint(float_path);
    llvm::Value* fx = b.CreateBitCast(x, m.f64);
    store_float(dst, op == UnaryOp::Neg ? b.CreateFNeg(fx) : fx);
    b.CreateBr(done);
  } else {
    b.CreateBr(slow);
  }
  b.SetInsertPoint(slow);
  slow_exit();
  b.SetInsertPoint(done);
}

}  // namespace plank::codegen

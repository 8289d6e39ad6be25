// The reference interpreter (see interp.h). Frame slots live in a heap array
// registered with the Thread through pk_enter; every pk_* call that fails
// propagates at once after pk_leave.
#include "compiler/interp/interp.h"

#include <memory>
#include <vector>

#include "runtime/module_runtime.h"
#include "runtime/objects.h"
#include "runtime/ops.h"

namespace plank::interp {

using core::Value;
using ir::Instr;
using ir::Op;

namespace {

// Gathers an instruction's argument slots into a contiguous array (and the
// keyword names from the module's constants).
struct Args {
  Value small[8];
  std::vector<Value> big;
  Value* data = small;
  Value kwsmall[4];
  std::vector<Value> kwbig;
  Value* kw = kwsmall;

  Args(const Instr& in, const Value* slots, const core::ModuleRuntime* m, size_t from = 0,
       size_t to = SIZE_MAX) {
    size_t n = std::min(in.args.size(), to) - std::min(from, std::min(in.args.size(), to));
    if (n > 8) {
      big.resize(n);
      data = big.data();
    }
    for (size_t k = 0; k < n; ++k) data[k] = slots[in.args[from + k]];
    if (in.kwnames.size() > 4) {
      kwbig.resize(in.kwnames.size());
      kw = kwbig.data();
    }
    for (size_t k = 0; k < in.kwnames.size(); ++k) kw[k] = m->constants[in.kwnames[k]];
  }
};

template <bool Debug>
bool run(core::Thread* t, core::FunctionObject* fn, Value* args, Value* result) {
  const core::CodeInfo* code = fn->code;
  const ir::Function& f = *static_cast<const ir::Function*>(code->engine_data);
  core::ModuleRuntime* m = fn->module ? fn->module : code->module;

  const uint32_t nslots = f.slot_count;
  Value inline_slots[32];
  std::unique_ptr<Value[]> heap_slots;
  Value* slots = inline_slots;
  if (nslots > 32) {
    heap_slots.reset(new Value[nslots]);
    slots = heap_slots.get();
  }
  for (uint32_t i = 0; i < nslots; ++i) slots[i] = Value::none();
  for (size_t i = 0; i < f.params.size(); ++i) slots[i] = args[i];

  core::Frame frame;
  frame.code = code;
  frame.slots = slots;
  frame.slot_count = nslots;
  frame.line = f.first_line;
  frame.function = fn;
  if (!pk_enter(t, &frame)) return false;

  auto fail = [&]() {
    pk_leave(t, &frame);
    return false;
  };
  for (ir::Slot s : f.cell_params)
    if (!pk_make_cell(t, &slots[s], &slots[s])) return fail();

  ir::BlockId block = 0;
  for (;;) {
    const std::vector<Instr>& instrs = f.blocks[block].instrs;
    for (const Instr& in : instrs) {
      Value* dst = in.dst == ir::kNoSlot ? nullptr : &slots[in.dst];
      const Value* a = in.a == ir::kNoSlot ? nullptr : &slots[in.a];
      const Value* b = in.b == ir::kNoSlot ? nullptr : &slots[in.b];
      switch (in.op) {
        case Op::LoadConst: *dst = m->constants[in.imm]; break;
        case Op::Move: *dst = *a; break;
        case Op::LoadGlobal:
          if (!pk_load_global(t, dst, m, in.imm)) return fail();
          break;
        case Op::StoreGlobal: pk_store_global(t, m, in.imm, a); break;
        case Op::LoadBuiltin:
          if (!pk_load_builtin(t, dst, in.imm)) return fail();
          break;
        case Op::MakeCell:
          if (!pk_make_cell(t, dst, a)) return fail();
          break;
        case Op::LoadCell:
          if (!pk_load_cell(t, dst, a, std::string(core::str_view(m->constants[in.imm])).c_str())) return fail();
          break;
        case Op::StoreCell: pk_store_cell(t, dst, a); break;
        case Op::Seal: pk_seal(t, a); break;
        case Op::LoadFree: pk_load_free(t, dst, fn, in.imm); break;
        case Op::Binary:
          if (!pk_binary(t, dst, in.imm, a, b)) return fail();
          break;
        case Op::Unary:
          if (!pk_unary(t, dst, in.imm, a)) return fail();
          break;
        case Op::Compare:
          if (!pk_compare(t, dst, in.imm, a, b)) return fail();
          break;
        case Op::Truth: {
          bool truth = false;
          if (!pk_truth(t, &truth, a)) return fail();
          *dst = Value::boolean(truth);
          break;
        }
        case Op::BuildList: {
          Args xs(in, slots, m);
          if (!pk_build_list(t, dst, xs.data, static_cast<uint32_t>(in.args.size()))) return fail();
          break;
        }
        case Op::BuildTuple: {
          Args xs(in, slots, m);
          if (!pk_build_tuple(t, dst, xs.data, static_cast<uint32_t>(in.args.size()))) return fail();
          break;
        }
        case Op::BuildDict: {
          Args xs(in, slots, m);
          if (!pk_build_dict(t, dst, xs.data, static_cast<uint32_t>(in.args.size() / 2))) return fail();
          break;
        }
        case Op::GetItem:
          if (!pk_get_item(t, dst, a, b)) return fail();
          break;
        case Op::SetItem:
          if (!pk_set_item(t, a, b, &slots[in.args[0]])) return fail();
          break;
        case Op::GetSlice:
          if (!pk_get_slice(t, dst, a, &slots[in.args[0]], &slots[in.args[1]], &slots[in.args[2]])) return fail();
          break;
        case Op::GetAttr:
          if (!pk_get_attr(t, dst, a, &m->constants[in.imm])) return fail();
          break;
        case Op::SetAttr:
          if (!pk_set_attr(t, a, &m->constants[in.imm], b)) return fail();
          break;
        case Op::Call: {
          Args xs(in, slots, m);
          uint32_t nkw = static_cast<uint32_t>(in.kwnames.size());
          if (!pk_call(t, dst, a, xs.data, in.npos, nkw, xs.kw)) return fail();
          break;
        }
        case Op::CallMethod: {
          Args xs(in, slots, m);
          uint32_t nkw = static_cast<uint32_t>(in.kwnames.size());
          if (!pk_call_method(t, dst, a, &m->constants[in.imm], xs.data, in.npos, nkw, xs.kw)) return fail();
          break;
        }
        case Op::CallIntrinsic: {
          Args xs(in, slots, m);
          uint32_t nkw = static_cast<uint32_t>(in.kwnames.size());
          if (!pk_call_intrinsic(t, dst, in.imm, xs.data, in.npos, nkw, xs.kw)) return fail();
          break;
        }
        case Op::MakeFunction: {
          Args defaults(in, slots, m, 0, in.ndefaults);
          Args cells(in, slots, m, in.ndefaults);
          uint32_t ncells = static_cast<uint32_t>(in.args.size() - in.ndefaults);
          if (!pk_make_function(t, dst, m, in.imm, defaults.data, in.ndefaults, cells.data, ncells)) return fail();
          break;
        }
        case Op::GetIter:
          if (!pk_get_iter(t, dst, a)) return fail();
          break;
        case Op::Unpack:
          if (!pk_unpack(t, &slots[in.args[0]], a, static_cast<uint32_t>(in.args.size()))) return fail();
          break;
        case Op::Assert: {
          bool truth = false;
          if (!pk_truth(t, &truth, a)) return fail();
          if (!truth) {
            pk_assert_failed(t, b);
            return fail();
          }
          break;
        }
        case Op::Step:
          frame.line = in.line;
          if (--t->fuel <= 0 && !pk_poll(t)) return fail();
          if constexpr (Debug) {
            if (!pk_step(t, in.line)) return fail();
          }
          break;
        case Op::Jump: block = in.target; goto next_block;
        case Op::Branch: {
          bool truth = false;
          if (!pk_truth(t, &truth, a)) return fail();
          block = truth ? in.target : in.target2;
          goto next_block;
        }
        case Op::ForIter: {
          bool done = false;
          if (!pk_for_iter(t, dst, &done, a)) return fail();
          block = done ? in.target2 : in.target;
          goto next_block;
        }
        case Op::Return:
          *result = a ? *a : Value::none();
          pk_leave(t, &frame);
          return true;
      }
    }
    // A verified function never falls off a block.
    pk_raise(t, "SystemError", "interpreter fell off the end of a block");
    return fail();
  next_block:;
  }
}

}  // namespace

bool entry(core::Thread* thread, core::FunctionObject* function, Value* args, Value* result) {
  return run<false>(thread, function, args, result);
}

bool entry_debug(core::Thread* thread, core::FunctionObject* function, Value* args, Value* result) {
  return run<true>(thread, function, args, result);
}

}  // namespace plank::interp

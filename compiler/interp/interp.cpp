// The reference interpreter (see interp.h). Frame slots live in a heap array
// registered with the Thread through pk_enter (a generator's live in its
// generator object); a pk_* call that fails goes to its block's exception
// handler when it has one, else the function fails after pk_leave.
#include "compiler/interp/interp.h"

#include <memory>
#include <vector>

#include "runtime/generator.h"
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

// gen: the generator being resumed (its frame is gen->slots), or null for a plain call.
template <bool Debug>
bool run(core::Thread* t, core::FunctionObject* fn, Value* args, Value* result, core::GeneratorObject* gen) {
  const core::CodeInfo* code = fn->code;
  const ir::Function& f = *static_cast<const ir::Function*>(code->engine_data);
  core::ModuleRuntime* m = fn->module ? fn->module : code->module;

  const uint32_t nslots = f.slot_count;
  Value inline_slots[32];
  std::unique_ptr<Value[]> heap_slots;
  Value* slots = inline_slots;
  if (gen) {
    slots = gen->slots;
  } else {
    if (nslots > 32) {
      heap_slots.reset(new Value[nslots]);
      slots = heap_slots.get();
    }
    for (uint32_t i = 0; i < nslots; ++i) slots[i] = Value::none();
    for (size_t i = 0; i < f.params.size(); ++i) slots[i] = args[i];
  }

  core::Frame frame;
  frame.code = code;
  frame.slots = slots;
  frame.slot_count = gen ? gen->nslots : nslots;
  frame.line = f.first_line;
  frame.function = fn;
  if (!pk_enter(t, &frame)) return false;

  auto fail = [&]() {
    pk_leave(t, &frame);
    return false;
  };
  ir::BlockId block = 0;
  if (gen && gen->state != 0) {
    block = f.resume_blocks[gen->state - 1];
  } else {
    for (ir::Slot s : f.cell_params)
      if (!pk_make_cell(t, &slots[s], &slots[s])) return fail();
  }
  for (;;) {
    const ir::Block& current = f.blocks[block];
    for (const Instr& in : current.instrs) {
      Value* dst = in.dst == ir::kNoSlot ? nullptr : &slots[in.dst];
      const Value* a = in.a == ir::kNoSlot ? nullptr : &slots[in.a];
      const Value* b = in.b == ir::kNoSlot ? nullptr : &slots[in.b];
      frame.pos = in.pos;
      switch (in.op) {
        case Op::LoadConst: *dst = m->constants[in.imm]; break;
        case Op::Move: *dst = *a; break;
        case Op::LoadGlobal:
          if (!pk_load_global(t, dst, m, in.imm)) goto raised;
          break;
        case Op::StoreGlobal: pk_store_global(t, m, in.imm, a); break;
        case Op::LoadBuiltin:
          if (!pk_load_builtin(t, dst, in.imm)) goto raised;
          break;
        case Op::MakeCell:
          if (!pk_make_cell(t, dst, a)) goto raised;
          break;
        case Op::LoadCell:
          if (!(in.imm2 ? pk_load_local_cell : pk_load_cell)(t, dst, a,
                                                             std::string(core::str_view(m->constants[in.imm])).c_str()))
            goto raised;
          break;
        case Op::Unbind: *dst = core::unbound_local(); break;
        case Op::EnterHandler: pk_enter_handler(t, a); break;
        case Op::LeaveHandler: pk_leave_handler(t, in.imm); break;
        case Op::CheckBound:
          if (core::is_unbound_local(*a)) {
            pk_unbound_local(t, std::string(core::str_view(m->constants[in.imm])).c_str());
            goto raised;
          }
          break;
        case Op::StoreCell: pk_store_cell(t, dst, a); break;
        case Op::Seal: pk_seal(t, a); break;
        case Op::LoadFree: pk_load_free(t, dst, fn, in.imm); break;
        case Op::Binary:
          if (!pk_binary(t, dst, in.imm, a, b)) goto raised;
          break;
        case Op::Unary:
          if (!pk_unary(t, dst, in.imm, a)) goto raised;
          break;
        case Op::Compare:
          if (!pk_compare(t, dst, in.imm, a, b)) goto raised;
          break;
        case Op::Truth: {
          bool truth = false;
          if (!pk_truth(t, &truth, a)) goto raised;
          *dst = Value::boolean(truth);
          break;
        }
        case Op::BuildList: {
          Args xs(in, slots, m);
          if (!pk_build_list(t, dst, xs.data, static_cast<uint32_t>(in.args.size()))) goto raised;
          break;
        }
        case Op::BuildTuple: {
          Args xs(in, slots, m);
          if (!pk_build_tuple(t, dst, xs.data, static_cast<uint32_t>(in.args.size()))) goto raised;
          break;
        }
        case Op::BuildDict: {
          Args xs(in, slots, m);
          if (!pk_build_dict(t, dst, xs.data, static_cast<uint32_t>(in.args.size() / 2))) goto raised;
          break;
        }
        case Op::BuildSet: {
          Args xs(in, slots, m);
          if (!pk_build_set(t, dst, xs.data, static_cast<uint32_t>(in.args.size()))) goto raised;
          break;
        }
        case Op::BuildSlice:
          if (!pk_build_slice(t, dst, &slots[in.args[0]], &slots[in.args[1]], &slots[in.args[2]])) goto raised;
          break;
        case Op::BuildString: {
          Args xs(in, slots, m);
          if (!pk_build_string(t, dst, xs.data, static_cast<uint32_t>(in.args.size()))) goto raised;
          break;
        }
        case Op::FormatValue:
          if (!pk_format_value(t, dst, a, in.imm, b)) goto raised;
          break;
        case Op::GetItem:
          if (!pk_get_item(t, dst, a, b)) goto raised;
          break;
        case Op::SetItem:
          if (!pk_set_item(t, a, b, &slots[in.args[0]])) goto raised;
          break;
        case Op::DelItem:
          if (!pk_del_item(t, a, b)) goto raised;
          break;
        case Op::GetSlice:
          if (!pk_get_slice(t, dst, a, &slots[in.args[0]], &slots[in.args[1]], &slots[in.args[2]])) goto raised;
          break;
        case Op::GetAttr:
          if (!pk_get_attr(t, dst, a, &m->constants[in.imm])) goto raised;
          break;
        case Op::SetAttr:
          if (!pk_set_attr(t, a, &m->constants[in.imm], b)) goto raised;
          break;
        case Op::DelAttr:
          if (!pk_del_attr(t, a, &m->constants[in.imm])) goto raised;
          break;
        case Op::DelGlobal:
          if (!pk_del_global(t, m, in.imm)) goto raised;
          break;
        case Op::DelCell: pk_del_cell(t, a); break;
        case Op::Call: {
          Args xs(in, slots, m);
          uint32_t nkw = static_cast<uint32_t>(in.kwnames.size());
          if (!pk_call(t, dst, a, xs.data, in.npos, nkw, xs.kw)) goto raised;
          break;
        }
        case Op::CallMethod: {
          Args xs(in, slots, m);
          uint32_t nkw = static_cast<uint32_t>(in.kwnames.size());
          if (!pk_call_method(t, dst, a, &m->constants[in.imm], xs.data, in.npos, nkw, xs.kw)) goto raised;
          break;
        }
        case Op::CallIntrinsic: {
          Args xs(in, slots, m);
          uint32_t nkw = static_cast<uint32_t>(in.kwnames.size());
          if (!pk_call_intrinsic(t, dst, in.imm, xs.data, in.npos, nkw, xs.kw)) goto raised;
          break;
        }
        case Op::CallEx:
          if (!pk_call_ex(t, dst, a, &slots[in.args[0]], in.args.size() > 1 ? &slots[in.args[1]] : nullptr)) goto raised;
          break;
        case Op::MakeFunction: {
          uint32_t nd = in.ndefaults + in.nkwdefaults;
          Args defaults(in, slots, m, 0, nd);
          Args cells(in, slots, m, nd);
          uint32_t ncells = static_cast<uint32_t>(in.args.size() - nd);
          if (!pk_make_function(t, dst, m, in.imm, defaults.data, nd, cells.data, ncells)) goto raised;
          break;
        }
        case Op::GetIter:
          if (!pk_get_iter(t, dst, a)) goto raised;
          break;
        case Op::Unpack:
          if (!pk_unpack(t, &slots[in.args[0]], a, static_cast<uint32_t>(in.args.size()))) goto raised;
          break;
        case Op::UnpackEx:
          if (!pk_unpack_ex(t, &slots[in.args[0]], a, static_cast<uint32_t>(in.args.size()), in.imm2)) goto raised;
          break;
        case Op::Assert: {
          bool truth = false;
          if (!pk_truth(t, &truth, a)) goto raised;
          if (!truth) {
            pk_assert_failed(t, b);
            goto raised;
          }
          break;
        }
        case Op::LoadClassName:
          if (!pk_load_class_name(t, dst, a, &m->constants[in.imm], m, in.imm2)) goto raised;
          break;
        case Op::BuildClass: {
          Args xs(in, slots, m);
          if (!pk_build_class(t, dst, &m->constants[in.imm], &m->constants[in.imm2], xs.data,
                              static_cast<uint32_t>(in.args.size()), a, in.b == ir::kNoSlot ? nullptr : b))
            goto raised;
          break;
        }
        case Op::Catch:
          if (!pk_catch(t, dst)) goto raised;
          break;
        case Op::ExcMatch:
          if (!pk_exc_match(t, dst, a, b)) goto raised;
          break;
        case Op::ImportModule:
          if (!pk_import(t, dst, &m->constants[in.imm])) goto raised;
          break;
        case Op::ImportFrom:
          if (!pk_import_from(t, dst, a, &m->constants[in.imm])) goto raised;
          break;
        case Op::Resume:
          if (!pk_resume(t, dst, gen, in.imm)) goto raised;
          break;
        case Op::GetYieldFromIter:
          if (!pk_yield_from_iter(t, dst, a, in.imm)) goto raised;
          break;
        case Op::Step:
          frame.line = in.line;
          if (--t->fuel <= 0 && !pk_poll(t)) goto raised;
          if constexpr (Debug) {
            if (!pk_step(t, in.line)) goto raised;
          }
          break;
        case Op::Jump: block = in.target; goto next_block;
        case Op::Branch: {
          bool truth = false;
          if (!pk_truth(t, &truth, a)) goto raised;
          block = truth ? in.target : in.target2;
          goto next_block;
        }
        case Op::ForIter: {
          bool done = false;
          if (!pk_for_iter(t, dst, &done, a)) goto raised;
          block = done ? in.target2 : in.target;
          goto next_block;
        }
        case Op::YieldFromStep: {
          bool done = false;
          if (!pk_yield_from_step(t, dst, &done, a, b, gen)) goto raised;
          block = done ? in.target2 : in.target;
          goto next_block;
        }
        case Op::Return:
          *result = a ? *a : Value::none();
          if (gen) gen->state = core::GeneratorObject::kFinished;
          pk_leave(t, &frame);
          return true;
        case Op::Yield:
          *result = a ? *a : Value::none();
          gen->state = in.imm;
          pk_leave(t, &frame);
          return true;
        case Op::Raise:
          pk_raise_value(t, a, b, in.imm);
          goto raised;
      }
    }
    // A verified function never falls off a block.
    pk_raise(t, "SystemError", "interpreter fell off the end of a block");
    return fail();
  raised:
    // An operation raised: to this block's handler (its Catch takes the exception), else out of the function.
    if (current.handler == ir::kNoBlock) return fail();
    block = current.handler;
  next_block:;
  }
}

bool resume(core::Thread* thread, core::FunctionObject* function, Value* gen, Value* result) {
  return run<false>(thread, function, nullptr, result, reinterpret_cast<core::GeneratorObject*>(gen));
}

bool resume_debug(core::Thread* thread, core::FunctionObject* function, Value* gen, Value* result) {
  return run<true>(thread, function, nullptr, result, reinterpret_cast<core::GeneratorObject*>(gen));
}

}  // namespace

bool entry(core::Thread* thread, core::FunctionObject* function, Value* args, Value* result) {
  return run<false>(thread, function, args, result, nullptr);
}

bool entry_debug(core::Thread* thread, core::FunctionObject* function, Value* args, Value* result) {
  return run<true>(thread, function, args, result, nullptr);
}

core::EntryFn resume_entry(bool debug) { return debug ? &resume_debug : &resume; }

}  // namespace plank::interp

// Inline fast paths of the container operations in hot loops: `xs[i]` and
// `d[k]` (GetItem), `xs[i] = v` and `d[k] = v` (SetItem), `k in d` (Compare
// In / NotIn) and the next item of a list iterator (ForIter). A list is read
// in place (its std::vector's begin and end); a dict with an int key goes
// through core::dict_find_int, which never allocates or raises, so the main
// path roots nothing and stores no line. Anything else (another type, a key
// that is not an int, a missing key, an index out of range) takes the runtime
// call the interpreter makes, which also raises every error: both engines
// print the same output and the same messages.
#include <cstring>
#include <vector>

#include "compiler/codegen/emit.h"
#include "compiler/codegen/object_layout.h"
#include "runtime/heap.h"

namespace plank::codegen {

bool layout::vector_is_begin_end() {
  static const bool holds = [] {
    std::vector<core::Value> v(3);
    v.reserve(7);
    const void* words[3];
    static_assert(sizeof(v) == sizeof(words));
    std::memcpy(words, static_cast<const void*>(&v), sizeof words);
    return words[0] == v.data() && words[1] == v.data() + 3 && words[2] == v.data() + v.capacity();
  }();
  return holds;
}

using namespace layout;

namespace {
constexpr uint8_t kind_code(core::ObjKind k) { return static_cast<uint8_t>(k); }
}  // namespace

// %pk.Value* of xs[index] (a negative index counts from the end), or a branch
// to `out_of_range`.
llvm::Value* FunctionEmitter::list_item(llvm::Value* list, llvm::Value* index, llvm::BasicBlock* out_of_range) {
  llvm::Value* begin = b.CreateLoad(m.i8_ptr, field(list, kListItems, m.i8_ptr));
  llvm::Value* end = b.CreateLoad(m.i8_ptr, field(list, kListItems + sizeof(void*), m.i8_ptr));
  llvm::Value* n = b.CreateAShr(b.CreateSub(b.CreatePtrToInt(end, m.i64), b.CreatePtrToInt(begin, m.i64)), 4);
  llvm::Value* i = b.CreateSelect(b.CreateICmpSLT(index, b.getInt64(0)), b.CreateAdd(index, n), index);
  llvm::BasicBlock* ok = new_block("list_index_ok");
  b.CreateCondBr(b.CreateICmpULT(i, n), ok, out_of_range, unlikely);
  b.SetInsertPoint(ok);
  return b.CreateBitCast(b.CreateInBoundsGEP(m.i8, begin, b.CreateShl(i, 4)), m.value_ptr);
}

// %pk.Value* of the value stored under int `key` in `dict`, or a branch to
// `miss`. The entry the dict's last lookup found (`k in d`, then `d[k]`, then
// `d[k] = v`) is checked inline, as core::dict_last does; else dict_find_int.
llvm::Value* FunctionEmitter::dict_int_value(llvm::Value* dict, llvm::Value* key, llvm::BasicBlock* miss) {
  llvm::Value* entries = b.CreateLoad(m.i8_ptr, field(dict, kDictEntries, m.i8_ptr));
  llvm::Value* entries_end = b.CreateLoad(m.i8_ptr, field(dict, kDictEntries + sizeof(void*), m.i8_ptr));
  llvm::Value* count = b.CreateUDiv(b.CreateSub(b.CreatePtrToInt(entries_end, m.i64), b.CreatePtrToInt(entries, m.i64)),
                                    b.getInt64(kEntrySize));
  llvm::Value* last = b.CreateLoad(m.i64, field(dict, kDictLast, m.i64));
  llvm::BasicBlock* check_last = new_block("dict_last");
  llvm::BasicBlock* probe = new_block("dict_probe");
  llvm::BasicBlock* found = new_block("dict_found");
  llvm::BasicBlock* entry_block = b.GetInsertBlock();
  b.CreateCondBr(b.CreateICmpULT(last, count), check_last, probe);
  b.SetInsertPoint(check_last);
  llvm::Value* entry = b.CreateInBoundsGEP(m.i8, entries, b.CreateMul(last, b.getInt64(kEntrySize)));
  llvm::Value* live = b.CreateICmpNE(b.CreateLoad(m.i8, field(entry, kEntryLive, m.i8)), b.getInt8(0));
  llvm::Value* key_is_int = b.CreateICmpEQ(b.CreateLoad(m.i64, field(entry, 0, m.i64)), b.getInt64(kTagInt));
  llvm::Value* same = b.CreateICmpEQ(b.CreateLoad(m.i64, field(entry, 8, m.i64)), key);
  llvm::BasicBlock* check_last_end = b.GetInsertBlock();
  b.CreateCondBr(b.CreateAnd(live, b.CreateAnd(key_is_int, same)), found, probe);
  b.SetInsertPoint(probe);
  llvm::Value* idx = call("pkj_dict_find_int", {dict, key});
  llvm::Value* probed = b.CreateInBoundsGEP(m.i8, entries, b.CreateMul(idx, b.getInt64(kEntrySize)));
  llvm::BasicBlock* probe_end = b.GetInsertBlock();
  b.CreateCondBr(b.CreateICmpSGE(idx, b.getInt64(0)), found, miss, unlikely);
  b.SetInsertPoint(found);
  llvm::PHINode* at = b.CreatePHI(m.i8_ptr, 2);
  at->addIncoming(entry, check_last_end);
  at->addIncoming(probed, probe_end);
  (void)entry_block;
  return b.CreateBitCast(b.CreateConstInBoundsGEP1_64(m.i8, at, kEntryValue), m.value_ptr);
}

// Branches to `list` or `dict` with the container's object pointer (an i8*)
// when `container` holds one and `key` an int; anything else to `slow`.
llvm::Value* FunctionEmitter::int_keyed_container(llvm::Value* container, llvm::Value* key, llvm::BasicBlock* list,
                                                  llvm::BasicBlock* dict, llvm::BasicBlock* slow) {
  llvm::BasicBlock* is_obj = new_block("container_obj");
  b.CreateCondBr(b.CreateAnd(b.CreateICmpEQ(load_tag(container), b.getInt64(kTagObject)),
                             b.CreateICmpEQ(load_tag(key), b.getInt64(kTagInt))),
                 is_obj, slow);
  b.SetInsertPoint(is_obj);
  llvm::Value* obj = b.CreateIntToPtr(load_payload(container), m.i8_ptr);
  llvm::SwitchInst* sw = b.CreateSwitch(b.CreateLoad(m.i8, obj), slow, 2);
  if (list) sw->addCase(b.getInt8(kind_code(core::ObjKind::List)), list);
  if (dict) sw->addCase(b.getInt8(kind_code(core::ObjKind::Dict)), dict);
  return obj;
}

void FunctionEmitter::emit_get_item(const ir::Instr& in) {
  llvm::BasicBlock* slow = new_block("getitem_slow");
  llvm::BasicBlock* done = new_block("getitem_done");
  if (vector_is_begin_end()) {
    llvm::BasicBlock* list = new_block("getitem_list");
    llvm::BasicBlock* dict = new_block("getitem_dict");
    llvm::Value* obj = int_keyed_container(slot(in.a), slot(in.b), list, dict, slow);
    b.SetInsertPoint(list);
    llvm::Value* index = load_payload(slot(in.b));
    copy_value(slot(in.dst), list_item(obj, index, slow));
    b.CreateBr(done);
    b.SetInsertPoint(dict);
    llvm::Value* key = load_payload(slot(in.b));
    copy_value(slot(in.dst), dict_int_value(obj, key, slow));
    b.CreateBr(done);
  } else {
    b.CreateBr(slow);
  }
  b.SetInsertPoint(slow);
  spill_live(cur_block_, cur_instr_);
  store_line();
  check(call("pk_get_item", {thread, frame_slot(in.dst), rooted(in.a), rooted(in.b)}));
  if (is_register(in.dst)) copy_value(slot(in.dst), frame_slot(in.dst));
  b.CreateBr(done);
  b.SetInsertPoint(done);
}

void FunctionEmitter::emit_set_item(const ir::Instr& in) {
  llvm::BasicBlock* slow = new_block("setitem_slow");
  llvm::BasicBlock* done = new_block("setitem_done");
  if (vector_is_begin_end()) {
    llvm::BasicBlock* list = new_block("setitem_list");
    llvm::BasicBlock* dict = new_block("setitem_dict");
    llvm::Value* obj = int_keyed_container(slot(in.a), slot(in.b), list, dict, slow);
    b.SetInsertPoint(list);
    llvm::Value* index = load_payload(slot(in.b));
    copy_value(list_item(obj, index, slow), slot(in.args[0]));
    b.CreateBr(done);
    b.SetInsertPoint(dict);
    llvm::Value* key = load_payload(slot(in.b));
    copy_value(dict_int_value(obj, key, slow), slot(in.args[0]));  // a new key: the runtime inserts it
    b.CreateBr(done);
  } else {
    b.CreateBr(slow);
  }
  b.SetInsertPoint(slow);
  spill_live(cur_block_, cur_instr_);
  store_line();
  check(call("pk_set_item", {thread, rooted(in.a), rooted(in.b), rooted(in.args[0])}));
  b.CreateBr(done);
  b.SetInsertPoint(done);
}

// `key in dict` / `key not in dict` for an int key (an op helper's body: `slow`
// returns to the caller's pk_compare).
void FunctionEmitter::emit_dict_contains(bool negate, llvm::Value* dst, llvm::Value* key, llvm::Value* container,
                                         llvm::BasicBlock* slow, llvm::BasicBlock* done) {
  if (!vector_is_begin_end()) {
    b.CreateBr(slow);
    return;
  }
  llvm::BasicBlock* dict = new_block("in_dict");
  llvm::Value* obj = int_keyed_container(container, key, nullptr, dict, slow);
  b.SetInsertPoint(dict);
  llvm::Value* idx = call("pkj_dict_find_int", {obj, load_payload(key)});
  llvm::BasicBlock* decided = new_block("in_dict_decided");
  b.CreateCondBr(b.CreateICmpSGE(idx, b.getInt64(-1)), decided, slow);  // -2: a bool or float key decides
  b.SetInsertPoint(decided);
  llvm::Value* found = b.CreateICmpSGE(idx, b.getInt64(0));
  store_bool(dst, negate ? b.CreateNot(found) : found);
  b.CreateBr(done);
}

// The next item of a list iterator (iter_next's List case), or `slow` at the
// end (the runtime marks the iterator exhausted) and for any other iterator.
void FunctionEmitter::emit_list_iter_next(llvm::Value* iter, const ir::Instr& in, llvm::BasicBlock* slow) {
  llvm::Value* source = b.CreateIntToPtr(b.CreateLoad(m.i64, field(iter, kIterSource + 8, m.i64)), m.i8_ptr);
  llvm::Value* pos_ptr = field(iter, kIterPos, m.i64);
  llvm::Value* pos = b.CreateLoad(m.i64, pos_ptr);
  llvm::Value* item = list_item(source, pos, slow);  // pos >= 0; past the end: slow
  copy_value(slot(in.dst), item);
  b.CreateStore(b.CreateAdd(pos, b.getInt64(1)), pos_ptr);
  b.CreateBr(blocks[in.target]);
}

// `xs.append(x)` with one positional argument: stored in place while the list
// has capacity (the growth counted as note_growth does); growing the vector,
// another type and every error go through pkj_call_append.
void FunctionEmitter::emit_append(const ir::Instr& in) {
  llvm::BasicBlock* slow = new_block("append_slow");
  llvm::BasicBlock* done = new_block("append_done");
  if (vector_is_begin_end()) {
    llvm::BasicBlock* is_list = new_block("append_list");
    llvm::BasicBlock* room = new_block("append_room");
    llvm::Value* list = object_or(slot(in.a), slow, "append_obj");
    // A plain list (a list of a user class may have its own append: the method call decides).
    llvm::Value* flags = b.CreateLoad(b.getInt16Ty(), field(list, kObjectFlags, b.getInt16Ty()));
    llvm::Value* plain = b.CreateICmpEQ(b.CreateAnd(flags, b.getInt16(core::kSubclassInstance)), b.getInt16(0));
    b.CreateCondBr(b.CreateAnd(b.CreateICmpEQ(kind_of(list), b.getInt8(kind_code(core::ObjKind::List))), plain), is_list, slow);
    b.SetInsertPoint(is_list);
    llvm::Value* end_ptr = field(list, kListItems + sizeof(void*), m.i8_ptr);
    llvm::Value* end = b.CreateLoad(m.i8_ptr, end_ptr);
    llvm::Value* capacity = b.CreateLoad(m.i8_ptr, field(list, kListItems + 2 * sizeof(void*), m.i8_ptr));
    b.CreateCondBr(b.CreateICmpNE(end, capacity), room, slow);
    b.SetInsertPoint(room);
    copy_value(b.CreateBitCast(end, m.value_ptr), slot(in.args[0]));
    b.CreateStore(b.CreateConstInBoundsGEP1_64(m.i8, end, sizeof(core::Value)), end_ptr);
    llvm::Value* heap = b.CreateLoad(m.i8_ptr, field(thread, kThreadHeap, m.i8_ptr));
    llvm::Value* growth = field(heap, core::Heap::growth_counter_offset(), m.i64);
    b.CreateStore(b.CreateSub(b.CreateLoad(m.i64, growth), b.getInt64(sizeof(core::Value))), growth);
    store_value(slot(in.dst), kTagNone, b.getInt64(0));
    b.CreateBr(done);
  } else {
    b.CreateBr(slow);
  }
  b.SetInsertPoint(slow);
  spill_live(cur_block_, cur_instr_);
  store_line();
  llvm::Value* argv = contiguous_or_copy(in.args, 0, 1, scratch, 0);
  check(call("pkj_call_append", {thread, slot(in.dst), slot(in.a), m.constant_ptr(in.imm), argv}));
  b.CreateBr(done);
  b.SetInsertPoint(done);
}

// `len(x)` with one positional argument: an ASCII str's length is its byte
// count and a list's is its vector's size, read inline; a non-ASCII str
// (code points), any other type and every error go through pkj_call_len.
void FunctionEmitter::emit_len(const ir::Instr& in) {
  llvm::BasicBlock* slow = new_block("len_slow");
  llvm::BasicBlock* done = new_block("len_done");
  llvm::BasicBlock* is_str = new_block("len_str");
  llvm::BasicBlock* ascii = new_block("len_ascii");
  llvm::Value* obj = object_or(slot(in.args[0]), slow, "len_obj");
  llvm::SwitchInst* by_kind = b.CreateSwitch(kind_of(obj), slow, 2);
  by_kind->addCase(b.getInt8(kind_code(core::ObjKind::Str)), is_str);
  b.SetInsertPoint(is_str);
  llvm::Value* flags = b.CreateLoad(b.getInt16Ty(), field(obj, kObjectFlags, b.getInt16Ty()));
  b.CreateCondBr(b.CreateICmpNE(b.CreateAnd(flags, b.getInt16(core::kStrAscii)), b.getInt16(0)), ascii, slow);
  b.SetInsertPoint(ascii);
  store_value(slot(in.dst), kTagInt, b.CreateZExt(b.CreateLoad(b.getInt32Ty(), field(obj, kStrLen, b.getInt32Ty())), m.i64));
  b.CreateBr(done);
  if (vector_is_begin_end()) {
    llvm::BasicBlock* list = new_block("len_list");
    by_kind->addCase(b.getInt8(kind_code(core::ObjKind::List)), list);
    b.SetInsertPoint(list);
    llvm::Value* begin = b.CreatePtrToInt(b.CreateLoad(m.i8_ptr, field(obj, kListItems, m.i8_ptr)), m.i64);
    llvm::Value* end = b.CreatePtrToInt(b.CreateLoad(m.i8_ptr, field(obj, kListItems + sizeof(void*), m.i8_ptr)), m.i64);
    store_value(slot(in.dst), kTagInt, b.CreateExactSDiv(b.CreateSub(end, begin), b.getInt64(sizeof(core::Value))));
    b.CreateBr(done);
  }
  b.SetInsertPoint(slow);
  spill_live(cur_block_, cur_instr_);
  store_line();
  llvm::Value* argv = contiguous_or_copy(in.args, 0, 1, scratch, 0);
  check(call("pkj_call_len", {thread, slot(in.dst), argv}));
  b.CreateBr(done);
  b.SetInsertPoint(done);
}

}  // namespace plank::codegen

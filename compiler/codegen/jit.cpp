// The only translation unit with ORC headers (≈15 s to compile): see jit.h.
#include "compiler/codegen/jit.h"

#include <mutex>
#include <unordered_map>

#include <llvm/ExecutionEngine/JITEventListener.h>
#include <llvm/ExecutionEngine/JITSymbol.h>
#include <llvm/ExecutionEngine/Orc/Core.h>
#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Transforms/IPO/AlwaysInliner.h>
#include <llvm/Transforms/IPO/GlobalDCE.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>

#include "support/env_flag.h"

namespace plank::codegen {

namespace orc = llvm::orc;

struct Jit::Impl {
  std::unique_ptr<orc::LLJIT> jit;
  // After `jit`: a tracker must go before its ExecutionSession.
  std::unordered_map<Jit::ModuleKey, orc::ResourceTrackerSP> trackers;
  Jit::ModuleKey next_key = 0;
};

namespace {

std::string take_message(llvm::Error err) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << err;
  os.flush();
  return text;
}

void optimise(llvm::Module& module, int level) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder;
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::OptimizationLevel opt = level >= 3 ? llvm::OptimizationLevel::O3
                                : level == 2 ? llvm::OptimizationLevel::O2
                                             : llvm::OptimizationLevel::O1;
  // Not LLVM's whole-module pipeline: its inliner (the CGSCC walk over every
  // call graph node) took half of -O2's time and grew faster than the
  // program. Plank functions call each other through guarded entries and are
  // rarely worth inlining; what matters is the fast paths of each operation
  // (alwaysinline helpers) being inlined and simplified in every function, so:
  // inline the helpers, run the per-function simplification pipeline on each
  // function, and drop the helpers. Cost is linear in the number of functions.
  llvm::ModulePassManager passes;
  passes.addPass(llvm::AlwaysInlinerPass());
  passes.addPass(llvm::createModuleToFunctionPassAdaptor(
      builder.buildFunctionSimplificationPipeline(opt, llvm::ThinOrFullLTOPhase::None)));
  passes.addPass(llvm::GlobalDCEPass());
  passes.run(module, mam);
}

}  // namespace

std::unique_ptr<Jit> Jit::create(int opt_level, std::string* error) {
  static std::once_flag init_once;
  std::call_once(init_once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    // A Value is written as two 8-byte stores (tag, payload) and often read
    // back at once by the next operation. The code generator's store merging
    // turns copies of Values into 16-byte vector loads, which cannot be
    // forwarded from two 8-byte stores still in the store buffer: each such
    // copy stalled ~15 cycles (the float loop's Move after ForIter, every
    // argument and result of a direct call). Copies stay two 8-byte moves.
    const char* argv[] = {"plank", "-combiner-store-merging=false"};
    llvm::cl::ParseCommandLineOptions(2, argv, "", &llvm::nulls());
  });

  auto machine = orc::JITTargetMachineBuilder::detectHost();
  if (!machine) {
    *error = "JIT: cannot detect the host: " + take_message(machine.takeError());
    return nullptr;
  }
  machine->setCodeGenOptLevel(opt_level <= 0 ? llvm::CodeGenOpt::None
                              : opt_level == 1 ? llvm::CodeGenOpt::Less
                              : opt_level == 2 ? llvm::CodeGenOpt::Default
                                               : llvm::CodeGenOpt::Aggressive);
  auto built = orc::LLJITBuilder().setJITTargetMachineBuilder(std::move(*machine)).create();
  if (!built) {
    *error = "JIT: cannot create LLJIT: " + take_message(built.takeError());
    return nullptr;
  }
  // PLANK_PERF=1: compiled functions are described to `perf` (a jit-PID.dump
  // file for `perf record -k 1` then `perf inject --jit`), so a profile of a
  // Plank program names its functions instead of bare addresses.
  if (env_flag("PLANK_PERF")) {
    if (auto* layer = llvm::dyn_cast<orc::RTDyldObjectLinkingLayer>(&(*built)->getObjLinkingLayer()))
      if (llvm::JITEventListener* listener = llvm::JITEventListener::createPerfJITEventListener())
        layer->registerJITEventListener(*listener);
  }
  std::unique_ptr<Jit> result(new Jit());
  result->opt_level_ = opt_level;
  result->impl_ = std::make_unique<Impl>();
  result->impl_->jit = std::move(*built);
  orc::LLJIT& jit = *result->impl_->jit;

  // The runtime, bound as absolute symbols from one table.
  orc::SymbolMap symbols;
  for (const RuntimeSymbol* s = runtime_symbols(); s->name != nullptr; ++s) {
    symbols[jit.mangleAndIntern(s->name)] = llvm::JITEvaluatedSymbol(
        llvm::pointerToJITTargetAddress(s->address), llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable);
  }
  if (auto err = jit.getMainJITDylib().define(orc::absoluteSymbols(std::move(symbols)))) {
    *error = "JIT: cannot define the runtime symbols: " + take_message(std::move(err));
    return nullptr;
  }
  // memcpy/memset that LLVM's intrinsics may lower to, from the process.
  auto process = orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(jit.getDataLayout().getGlobalPrefix());
  if (!process) {
    *error = "JIT: cannot search the process: " + take_message(process.takeError());
    return nullptr;
  }
  jit.getMainJITDylib().addGenerator(std::move(*process));
  return result;
}

Jit::~Jit() = default;

bool Jit::add_module(std::unique_ptr<llvm::LLVMContext> context, std::unique_ptr<llvm::Module> module,
                     std::string* error, ModuleKey* key, std::string* printed) {
  orc::LLJIT& jit = *impl_->jit;
  module->setDataLayout(jit.getDataLayout());
  module->setTargetTriple(jit.getTargetTriple().str());
  if (opt_level_ > 0) optimise(*module, opt_level_);
  if (printed) {
    llvm::raw_string_ostream os(*printed);
    module->print(os, nullptr);
    os.flush();
  }
  // Its own tracker, so that a module can be removed on its own (an embedding host's
  // plans, thousands per state, each forgotten after it ran: docs/embedding.md). Without
  // one, the module's code would belong to the JITDylib until the JIT goes.
  orc::ResourceTrackerSP tracker = jit.getMainJITDylib().createResourceTracker();
  if (auto err = jit.addIRModule(tracker, orc::ThreadSafeModule(std::move(module), std::move(context)))) {
    *error = "JIT: cannot add the module: " + take_message(std::move(err));
    return false;
  }
  *key = impl_->next_key++;
  impl_->trackers.emplace(*key, std::move(tracker));
  return true;
}

void Jit::remove_module(ModuleKey key) {
  auto it = impl_->trackers.find(key);
  if (it == impl_->trackers.end()) return;
  orc::ResourceTrackerSP tracker = std::move(it->second);
  impl_->trackers.erase(it);
  // Frees the memory manager's pages (code, data, EH frames deregistered).
  if (auto err = tracker->remove()) llvm::consumeError(std::move(err));
  // The module's symbol names stay interned until asked (a few hundred bytes a module).
  impl_->jit->getExecutionSession().getSymbolStringPool()->clearDeadEntries();
}

size_t Jit::module_count() const { return impl_->trackers.size(); }

std::string Jit::print_optimised(std::unique_ptr<llvm::LLVMContext> context, std::unique_ptr<llvm::Module> module) {
  orc::LLJIT& jit = *impl_->jit;
  module->setDataLayout(jit.getDataLayout());
  module->setTargetTriple(jit.getTargetTriple().str());
  if (opt_level_ > 0) optimise(*module, opt_level_);
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, nullptr);
  os.flush();
  module.reset();
  context.reset();
  return text;
}

void* Jit::lookup(const std::string& name, std::string* error) {
  auto symbol = impl_->jit->lookup(name);
  if (!symbol) {
    *error = "JIT: cannot find '" + name + "': " + take_message(symbol.takeError());
    return nullptr;
  }
  return llvm::jitTargetAddressToPointer<void*>(symbol->getAddress());
}

}  // namespace plank::codegen

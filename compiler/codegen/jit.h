// The ORC LLJIT behind one small class (modelled on Kaleidoscope's JIT): every
// runtime `pk_*` function is defined once as an absolute symbol, LLVM modules
// are added, and symbols are looked up. jit.cpp is the only file of Plank
// that includes ORC headers (a slow translation unit): keep it that way.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
}  // namespace llvm

namespace plank::codegen {

// {name, address} of every extern "C" runtime function compiled code calls
// (runtime_symbols.cpp), ending with {nullptr, nullptr}.
struct RuntimeSymbol {
  const char* name;
  const void* address;
};
const RuntimeSymbol* runtime_symbols();

class Jit {
 public:
  // opt_level 0: no IR passes and CodeGenOpt::None (fastest to compile, the
  // default); 1..3: the new pass manager's O<n> pipeline and default codegen.
  static std::unique_ptr<Jit> create(int opt_level, std::string* error);
  ~Jit();

  // Names one added module, for remove_module.
  using ModuleKey = uint64_t;

  // Optimises (when opt_level > 0) and adds a module; its symbols become
  // visible to lookup. Returns false with *error set on failure.
  // With `printed`, the module's text after optimisation is stored there.
  // Each module is added under its own ORC resource tracker, named by *key.
  bool add_module(std::unique_ptr<llvm::LLVMContext> context, std::unique_ptr<llvm::Module> module,
                  std::string* error, ModuleKey* key, std::string* printed = nullptr);
  // Frees a module's machine code and data and forgets its symbols. No code of
  // it may run afterwards, and no frame of it may be live. An unknown key does nothing.
  void remove_module(ModuleKey key);
  // Modules added and not removed.
  size_t module_count() const;
  // The text of `module` after the same optimisation add_module applies; the
  // module is not added (`--dump=llvm`).
  std::string print_optimised(std::unique_ptr<llvm::LLVMContext> context, std::unique_ptr<llvm::Module> module);
  // The address of a defined symbol, or nullptr with *error set.
  void* lookup(const std::string& name, std::string* error);
  int opt_level() const { return opt_level_; }

 private:
  Jit() = default;
  struct Impl;
  std::unique_ptr<Impl> impl_;
  int opt_level_ = 0;
};

}  // namespace plank::codegen

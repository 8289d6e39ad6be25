// Embedding Plank in a C++ program through plank/plank.hpp: host functions are lambdas,
// errors are exceptions. The same toy environment and LLM-written plan as host.c.
#include <plank/plank.hpp>

#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

using Inventory = std::map<std::string, long>;

// Adds (sign +1) or takes (sign -1) the items of a plan's dict, given as JSON.
void apply(Inventory& inv, const std::string& items_json, int sign) {
  auto items = nlohmann::json::parse(items_json);
  if (!items.is_object()) throw plank::PlanError("TypeError", "expected a dict of item counts");
  for (auto& [name, count] : items.items())
    if (sign < 0 && inv[name] < count.get<long>())
      throw std::runtime_error("not enough " + name + ": have " + std::to_string(inv[name]) + ", need " +
                               std::to_string(count.get<long>()));
  for (auto& [name, count] : items.items()) inv[name] += sign * count.get<long>();
}

int main() {
  Inventory inv;
  std::string printed;
  plank::State plan;
  plan.limit("steps", 10000).limit("seconds", 5);
  plan.writer([&](std::string_view text) { printed += text; });
  plan.function("mine", [&](plank::Call& call) { apply(inv, call.arg_json(0), +1); });
  plan.function("craft", [&](plank::Call& call) {
    apply(inv, call.arg_json(1), -1);
    apply(inv, call.arg_json(0), +1);
  });

  int failures = 0;
  try {
    plan.run(R"(# written by a language model for the task 'obtain 1 wooden_pickaxe'
mine({'log':3}, null)
craft({'planks':12}, {'log':3}, null)
craft({'stick':4}, {'planks':2}, null)
craft({'crafting_table':1}, {'planks':4}, null)
craft({'wooden_pickaxe':1}, {'planks':3, 'stick':2}, 'crafting_table')
print('done:', 'wooden_pickaxe')
)",
             "llm-plan");
  } catch (const plank::Error& e) {
    std::fprintf(stderr, "plan failed: %s\n", e.what());
    ++failures;
  }
  std::printf("wooden_pickaxe: %ld, the plan printed: %s", inv["wooden_pickaxe"], printed.c_str());
  failures += inv["wooden_pickaxe"] != 1 || printed != "done: wooden_pickaxe\n";

  try {
    plan.run("craft({'diamond_pickaxe':1}, {'diamond':3}, 'crafting_table')\n", "bad-plan");
    ++failures;
  } catch (const plank::Error& e) {
    std::printf("bad plan: %s (kind %s, line %d)\n", e.what(), e.kind().c_str(), e.line());
    failures += e.kind() != "RuntimeError" || e.line() != 1;
  }
  try {
    plan.run("while True:\n    mine({'log':1}, null)\n", "runaway");
    ++failures;
  } catch (const plank::Error& e) {
    std::printf("runaway plan: %s\n", e.what());
    failures += e.status() != PLANK_ERR_BUDGET;
  }
  return failures ? 1 : 0;
}

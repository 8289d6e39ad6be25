// Survival episodes: what one DEPS episode costs the controller, against the two things an
// evaluation does around it, as named peers in the same run: generating the world (done once
// per seed) and copying it (World::clone, done once per episode). Needs minecraft-data.
// items_per_second = episodes (or worlds) a second; `ticks` = game ticks an episode took.
#include <benchmark/benchmark.h>

#include "world/survival/task_run.h"

namespace {

using namespace plank;

struct Setup {
  std::shared_ptr<const world::BlockRegistry> registry;
  std::shared_ptr<const survival::SurvivalData> data;
  std::unique_ptr<survival::RecipeBook> book;
  std::unique_ptr<survival::Obtainability> analysis;
  std::unique_ptr<world::World> world;
  bool ok = false;
  Setup() {
    std::string warning, error;
    registry = world::BlockRegistry::load_default(&warning);
    if (!registry || !registry->mcdata()) return;
    std::shared_ptr<const world::McData> mc(registry, registry->mcdata());
    data = survival::load_survival_data(survival::default_data_dir(), *mc, &error);
    if (!data) return;
    book = std::make_unique<survival::RecipeBook>(mc, data);
    analysis = std::make_unique<survival::Obtainability>(*book, *registry, survival::worldgen_sources());
    world = survival::make_survival_world(registry, survival::deps_task_world(1));
    ok = true;
  }
};

const Setup& setup() {
  static Setup s;
  return s;
}

// Arg: 0 wooden_pickaxe (MT2), 1 iron_pickaxe (MT7), 2 diamond (MT8).
void BM_Episode(benchmark::State& state) {
  const Setup& s = setup();
  if (!s.ok) return state.SkipWithError("minecraft-data is missing (scripts/fetch-minecraft-data.sh)");
  const char* goals[] = {"wooden_pickaxe", "iron_pickaxe", "diamond"};
  uint64_t ticks = 0;
  for (auto _ : state) {
    auto w = s.world->clone();
    survival::Controller ctl(*w, *s.book, survival::deps_task_controller());
    auto r = ctl.obtain(*s.analysis, goals[state.range(0)], 1);
    if (!r.ok) return state.SkipWithError(r.reason.c_str());
    ticks = ctl.ticks();
  }
  state.counters["ticks"] = double(ticks);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Episode)->DenseRange(0, 2)->ArgName("wood_iron_diamond")->Unit(benchmark::kMillisecond);

void BM_CloneWorld(benchmark::State& state) {
  const Setup& s = setup();
  if (!s.ok) return state.SkipWithError("minecraft-data is missing");
  for (auto _ : state) benchmark::DoNotOptimize(s.world->clone());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_CloneWorld)->Unit(benchmark::kMillisecond);

void BM_GenerateWorld(benchmark::State& state) {
  const Setup& s = setup();
  if (!s.ok) return state.SkipWithError("minecraft-data is missing");
  for (auto _ : state) benchmark::DoNotOptimize(survival::make_survival_world(s.registry, survival::deps_task_world(1)));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_GenerateWorld)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

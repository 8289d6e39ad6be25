// :exec over the CAIP executor (agents/caip/loop/exec.h): a logical form compiled
// to Plank and run in a scene. The executor owns its world; while it is in use
// the REPL's :world, :render, :save, :undo and the programs typed at the prompt
// (host.caip: the "caip" intrinsics) act on that world.
#include <fmt/format.h>

#include "agents/caip/loop/exec.h"
#include "tools/plank/repl/state.h"

namespace plank::repl {

void CaipDeleter::operator()(caip::Executor* e) const { delete e; }

world::World& State::current_world() { return caip ? caip->world() : *world; }

agent::ActionLog* State::current_log() { return caip ? &caip->session().log() : log.get(); }

void exec_command(State& st, const std::string& arg) {
  const std::string given = arg.empty() ? st.last_form : arg;
  if (given.empty()) {
    st.err(
        "no logical form to run: :parse TEXT, :lf FORM or :exec FORM first "
        "(FORM: a dict, JSON, a variable, or {'text': ..., 'logical_form': ...})\n");
    return;
  }
  std::string text;
  SourceRef file;
  DiagnosticSink sink;
  std::optional<lf::Value> value = read_form(st, given, &text, &file, sink);
  if (!value) {
    st.err(render_text(sink.all(), RenderOptions{st.color}));
    return;
  }
  // A data-set line carries its utterance, which the form's spans point into.
  auto [form, utterance] = lf::unwrap_dataset_line(*value);
  if (!st.caip) {
    caip::ExecOptions options;
    options.scene = st.scene_file.empty() ? "village" : st.scene_file;
    options.engine = st.session->engine_name();
    auto ex = caip::Executor::open(options, sink);
    if (!ex) {
      st.err(render_text(sink.all(), RenderOptions{st.color}));
      return;
    }
    st.survival.reset();
    st.host.deps = nullptr;
    st.caip.reset(ex.release());
    st.host.world = &st.caip->world();
    st.host.caip = &st.caip->session();
    st.out(fmt::format("(the CAIP executor acts on scene {} from now on; :open or :survival leaves it)\n",
                       options.scene));
  }
  caip::ExecResult r = st.caip->run(form, utterance, file);
  if (r.invalid) {
    st.err(r.error);
    return;
  }
  st.out(fmt::format("{}\n[{}: {}; {} blocks changed, {} entity changes]\n", r.reply, r.action,
                     caip::outcome_name(r.outcome), r.blocks_changed, r.entities_changed));
  if (r.internal_error) st.err(fmt::format("plank: internal error: {}", r.error));
}

}  // namespace plank::repl

"""DEPS episodes in Plank's own survival world (as `plank deps --json` runs them)."""
import json as _json

from . import _plank


def run_episode(task, seed=0, initial_plan="oracle", planner="symbolic", selector="fixed", *, explainer=True,
                max_ticks=None, initial_code=None, loop=None):
    """Runs one episode of `task` ("obtain 1 stone_sword") and returns the dict
    `plank deps --json` prints: task, success, rounds, ticks, plans, explanations.

    initial_plan: "oracle", "flawed" or "llm"; initial_code: plan code to start from instead;
    loop: another loop file than stdlib/deps/loop.plank. Raises ValueError on bad options."""
    options = {"task": task, "seed": int(seed), "initial_plan": initial_plan, "planner": planner,
               "selector": selector, "explainer": bool(explainer)}
    if max_ticks is not None:
        options["max_ticks"] = int(max_ticks)
    if initial_code is not None:
        options["initial_code"] = initial_code
    if loop is not None:
        options["loop"] = loop
    return _json.loads(_plank.deps_episode(_json.dumps(options)))

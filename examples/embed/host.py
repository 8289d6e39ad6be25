"""Embedding Plank in Python: an LLM-written DEPS plan drives the host's own environment
(a toy inventory here) through Python `mine` and `craft`, under a budget. The same plan as
host.c and host.cpp. Run: PYTHONPATH=build/python python3 examples/embed/host.py"""
import sys
from collections import Counter

import plank

inventory = Counter()


def take(items):
    for name, count in items.items():
        if inventory[name] < count:
            raise ValueError(f"not enough {name}: have {inventory[name]}, need {count}")
    inventory.subtract(items)


def mine(obj, tool=None):
    inventory.update(obj)


def craft(obj, materials, platform=None):
    take(materials)
    inventory.update(obj)


PLAN = """# written by a language model for the task 'obtain 1 wooden_pickaxe'
mine({'log':3}, null)
craft({'planks':12}, {'log':3}, null)
craft({'stick':4}, {'planks':2}, null)
craft({'crafting_table':1}, {'planks':4}, null)
craft({'wooden_pickaxe':1}, {'planks':3, 'stick':2}, 'crafting_table')
"""

p = plank.Plank(max_steps=10_000, timeout=5)
p.register("mine", mine)
p.register("craft", craft)
p.run(PLAN, name="llm-plan")
print("wooden_pickaxe:", inventory["wooden_pickaxe"], "planks left:", inventory["planks"])
failures = inventory["wooden_pickaxe"] != 1

try:
    p.run("craft({'diamond_pickaxe':1}, {'diamond':3}, 'crafting_table')\n", name="bad-plan")
    failures += 1
except plank.RuntimeError as e:
    # The plan saw the ValueError; Python gets it back as the cause, traceback and all.
    print(f"bad plan: {e} (cause: {e.__cause__!r})")
    failures += not isinstance(e.__cause__, ValueError) or e.line != 1

try:
    p.run("while True:\n    mine({'log':1}, null)\n", name="runaway")
    failures += 1
except plank.BudgetExceeded as e:
    print("runaway plan:", e)

sys.exit(1 if failures else 0)

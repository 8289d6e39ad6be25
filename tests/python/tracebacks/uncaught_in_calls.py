# An uncaught exception raised three calls deep: CPython's traceback on
# stderr, exit status 1, what was printed before it kept.


class Inventory:
    def __init__(self):
        self.items = {"log": 3}

    def take(self, name, n):
        have = self.items[name]
        return self.check(have, n)

    def check(self, have, n):
        if have < n:
            raise ValueError(f"need {n}, have {have}")
        return have - n


def plan(inv):
    print("taking logs")
    inv.take("log", 2)
    return inv.take("log", 5)


print("start")
plan(Inventory())
print("not reached")

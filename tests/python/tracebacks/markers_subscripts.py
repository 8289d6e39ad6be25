# Markers under a failing subscript: `~` under the object, `^` under the
# brackets and the index; in a method, after a call, in a nested subscript.


class Recipes:
    def __init__(self):
        self.table = {"plank": {"log": 1}}

    def needs(self, item, part):
        return self.table[item] [ part ]


def ask(r, item):
    print("asking", item)
    return r.needs(item, "log") + 1


r = Recipes()
print(ask(r, "plank"))
print(ask(r, "stick"))

# The iterator protocol: __iter__/__next__, iter(), next() with default, iter(callable, sentinel), StopIteration.
class Countdown:
    def __init__(self, start):
        self.current = start

    def __iter__(self):
        return self

    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current + 1


print(list(Countdown(4)), sum(Countdown(10)), max(Countdown(3)))
it = iter([1, 2])
print(next(it), next(it), next(it, "empty"))
try:
    next(it)
except StopIteration:
    print("StopIteration")
data = iter([5, 4, 3, 0, 9])
print(list(iter(lambda: next(data), 0)))
print(list(reversed([1, 2, 3])), list(reversed("abc")), list(reversed(range(4))))
print(list(enumerate("ab", start=1)), list(zip([1, 2, 3], "xy")), list(map(lambda a, b: a * b, [1, 2], [3, 4])))
print(list(filter(None, [0, 1, "", "a", None])), list(filter(lambda v: v % 2, range(7))))
a, b, c = Countdown(3)
print(a, b, c)
class Tree:
    def __init__(self, *children, value=0):
        self.children = children
        self.value = value

    def __iter__(self):
        yield self.value
        for child in self.children:
            yield from child

t = Tree(Tree(value=1), Tree(Tree(value=3), value=2), value=0)
print(list(t), 3 in t, sorted(t, reverse=True))

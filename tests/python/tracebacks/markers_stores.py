# Stores and augmented assignments: a subscript target is marked as a
# subscript, an augmented assignment's failing operation as the statement.


def bump(counts, key):
    counts[key] += 1
    return counts


def freeze(t):
    t[0] = 2


print(bump({"a": 1}, "a"))
try:
    freeze((1, 2))
except TypeError as e:
    print("caught:", e)
bump({"a": 1}, "b")

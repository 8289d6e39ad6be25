# Dict and set comprehensions, nested loops and conditions, the first iterable evaluated eagerly.
words = ["apple", "bob", "kayak", "level", "python", "apple"]
print({w: len(w) for w in words})
print(sorted({w[0] for w in words}))
print({w for w in words if w == w[::-1]} == {"bob", "kayak", "level"})
print({(i, j): i * j for i in range(3) for j in range(i) if (i + j) % 2})
print([[i * j for j in range(4)] for i in range(3)])
print([x for row in [[1, 2], [3], []] for x in row if x != 2])
matrix = [[1, 2, 3], [4, 5, 6]]
print([list(col) for col in zip(*matrix)], {k: v for k, v in zip("abc", range(3))})
x = 10
print([x for x in range(3)], x)
print({i % 3 for i in range(10)}, {i: i for i in range(3)}.keys())
counter = 0


def source():
    global counter
    counter += 1
    return range(3)


g = (y for y in source())
print(counter, list(g), counter)
print(dict.fromkeys("aba", 0), {v: k for k, v in {"a": 1, "b": 1}.items()})
print([(a, b) for a in range(3) if a for b in "xy" if b != "x"])

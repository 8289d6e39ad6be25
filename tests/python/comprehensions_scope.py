# Comprehensions: their own scope, nested clauses, conditions, dict/set/generator forms, walrus.
x = "outer"
squares = [x * x for x in range(6)]
print(squares, x)
pairs = [(i, j) for i in range(4) for j in range(i) if (i + j) % 2]
print(pairs)
matrix = [[r * 3 + c for c in range(3)] for r in range(3)]
print(matrix, [row[i] for i, row in enumerate(matrix)])
flat = [v for row in matrix for v in row if v % 2 == 0]
print(flat)
print({w: len(w) for w in "the quick brown fox".split()})
print(sorted({c for c in "mississippi"}), {n % 4 for n in range(20)})
print({k: v for k, v in sorted({"b": 2, "a": 1}.items())})
gen = (n for n in range(10) if n % 3 == 0)
print(next(gen), list(gen))
data = [3, 1, 4, 1, 5, 9, 2, 6]
print([y for v in data if (y := v * 2) > 5], y)
print(sum(len(s) for s in ["ab", "cde"]), max(v for v in data), any(v > 8 for v in data), all(v > 0 for v in data))

class Holder:
    base = 10
    values = [i for i in range(base)]  # the first iterable is evaluated in the class body
    try:
        hidden = [base + i for i in range(3)]  # the rest is not: class names are invisible to it
    except NameError as e:
        hidden = str(e)
print(Holder.values, Holder.hidden)
print([[j for j in range(i)] for i in range(4)])
print([f(2) for f in [lambda v, k=k: v ** k for k in range(3)]])

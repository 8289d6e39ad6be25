# Chained comparisons: each operand evaluated once, short-circuit at the first false link.
calls = []


def v(x):
    calls.append(x)
    return x


print(v(1) < v(2) < v(3), calls)
calls.clear()
print(v(3) < v(2) < v(1), calls)
calls.clear()
print(v(1) == v(1) != v(2) is not None, calls)
x = 5
print(0 < x <= 5, 1 < x < 5, x in [5] not in [[1]], "a" < "b" < "c" > "a")
print(1 < 2.5 < 3, 2 ** 70 > 2 ** 69 > 0, (1, 2) < (1, 3) < (2,))
try:
    print(1 < "a")
except TypeError as e:
    print("TypeError", e)
print([a for a in range(10) if 2 < a < 7 != a])

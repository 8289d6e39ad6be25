# set and frozenset: CPython's iteration order for ints, operators, methods.
s = {5, 3, 9, 1, 1, 3}
print(s, len(s), 3 in s, 4 in s)
s.add(100); s.add(-4); s.discard(9); s.remove(5)
print(s, sorted(s))
a, b = set(range(0, 20, 3)), set(range(0, 20, 2))
print(a | b, a & b, a - b, b - a, a ^ b)
print(a <= b, a < a | b, a >= {0, 3}, a.isdisjoint({1}), a.issubset(range(100)))
f = frozenset([3, 1, 2])
print(f, frozenset(), set(), f | {4}, {f: "frozen key"}[frozenset({1, 2, 3})])
c = set("abc") ; c |= {"d"}; c -= {"a"}
print(sorted(c), len(c))
t = {(1, 2), (3, 4), (1, 2)}
print(len(t), (1, 2) in t)
big = {n * 7919 % 1000 for n in range(50)}
print(big)
p = {10, 20, 30}
print(p.pop(), p, set([1, 2, 3]).union([4], (5,)), {1, 2}.intersection({2, 3}, {2}))
try:
    set().pop()
except KeyError as e:
    print("KeyError", e)
print({x % 7 for x in range(100)}, set(range(20, 0, -3)))
d = {1: 'a', 2: 'b'}
print(set(d), d.keys() | {3} if False else sorted(set(d) | {3}))

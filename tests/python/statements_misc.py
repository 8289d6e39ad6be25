# for/while-else, assert, del, global, chained comparisons, conditional expressions, slices with steps, bitwise ops.
for n in range(2, 20):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        print(n, end=" ")
print()
i = 0
while i < 3:
    i += 1
else:
    print("while finished", i)
while True:
    break
else:
    print("never")
try:
    assert 1 + 1 == 3, "math is broken"
except AssertionError as e:
    print("AssertionError:", e)
xs = list(range(10))
del xs[2], xs[-1]
del xs[::3]
print(xs)
d = {"a": 1, "b": 2}
del d["a"]
print(d)
v = 5
del v
try:
    print(v)
except NameError as e:
    print("NameError:", e)
print(1 < 2 < 3, 3 > 2 > 2, 1 < 3 > 2 == 2, "a" < "b" <= "b" != "c")
print([x if x % 2 else -x for x in range(5)])
s = "abcdefghij"
print(s[::2], s[::-1], s[8:2:-2], s[-3:], s[:100], s[1:-1:3])
ys = list(range(10))
ys[2:5] = ["x"]
print(ys)
ys[::2] = [0] * 4
print(ys)
print(0b1010 & 0b0110, 0o17 | 1, 0xff ^ 0x0f, 1 << 40, -1 >> 10, ~0, 6 & -6)
flags = 0
flags |= 4
flags ^= 1
flags <<= 2
print(flags)
print(True + True, None is None, [] is not [], not [], 5 // 2, -5 // 2, -5 % 3, 2 ** -1)

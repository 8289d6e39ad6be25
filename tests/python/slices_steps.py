# Slices with steps everywhere: lists, strings, tuples, bytes, ranges; assignment and deletion.
xs = list(range(10))
print(xs[::2], xs[1::3], xs[::-1], xs[-2:2:-2], xs[8:2], xs[100:], xs[-100:3], xs[::-3])
print("hello world"[::-1], "hello"[1:4:2], (1, 2, 3, 4)[::-2], b"abcdef"[::2], range(20)[3:15:4])
print(range(10)[::-1], list(range(10)[::-3]), range(0, 10, 3)[1:], len(range(5, -5, -2)[1::2]))
ys = list(range(10))
ys[::2] = "abcde"
print(ys)
ys[1:3] = []
print(ys)
ys[:0] = [-1, -2]
print(ys)
del ys[::3]
print(ys)
del ys[-2:]
print(ys)
try:
    ys[::2] = [1]
except ValueError as e:
    print("ValueError", e)
try:
    xs[::0]
except ValueError as e:
    print("ValueError", e)
s = slice(1, None, 2)
print(xs[s], s, s.start, s.stop, s.step, xs[slice(-1, -10, -3)])
ba = bytearray(b"0123456789")
ba[::3] = b"abcd"
del ba[1::4]
print(ba)


class Seq:
    def __getitem__(self, key):
        return key


print(Seq()[1:2], Seq()[::3], Seq()[1:2, ::-1], Seq()[...])

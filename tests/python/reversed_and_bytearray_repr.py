# reversed() of instances of value-type subclasses, and the repr of bytes and bytearray
# holding quotes (CPython's bytearray repr escapes ' whichever quote it chose).


class S(str):
    pass


class T(tuple):
    pass


class L(list):
    pass


class B(bytes):
    pass


class Own(str):
    def __len__(self):
        return 2

    def __getitem__(self, i):
        return "xy"[i]


class I(int):
    pass


print(list(reversed(S("abc"))))
print("".join(reversed(S("héllo"))))
print(list(reversed(T((1, 2, 3)))))
print(list(reversed(L([4, 5, 6]))))
print(list(reversed(B(b"ab"))))
print(list(reversed(Own("ignored"))))
print(list(reversed(S(""))))
try:
    reversed(I(3))
except TypeError as e:
    print("TypeError:", e)

for data in [b"it's", b'say "hi"', b"both ' and \"", b"plain", b"back\\slash", b"\x00\xff'"]:
    print(repr(data), repr(bytearray(data)))
    print(data, bytearray(data))
a = bytearray(b"'")
a += b'"'
print(a, bytes(a))
print(str(bytearray(b"x'y")), f"{bytearray(b'q')!r}")

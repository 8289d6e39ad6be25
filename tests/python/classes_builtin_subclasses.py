# Classes deriving from the immutable built-in types (and set, bytearray):
# __new__ of immutable subclasses, super().__new__, methods returning the base
# type, inherited __repr__/hash/eq, isinstance both ways.


class Colour(str):
    def describe(self):
        return "colour " + self.upper()


red = Colour("red")
print(red, repr(red), len(red), red[0], red[1:], red.upper(), type(red.upper()).__name__)
print(red == "red", "red" == red, hash(red) == hash("red"), red + "!", type(red + "!").__name__)
print(isinstance(red, Colour), isinstance(red, str), isinstance("red", Colour), issubclass(Colour, str))
print(type(red).__name__, type(red) is Colour, red.describe(), f"[{red}]", f"{red:>6}|", "%s" % red)
print({red: 1}["red"], "red" in {red}, sorted([Colour("b"), Colour("a"), "c"]))
print([c for c in red], "e" in red, red * 2, str(red), str(red) == red)
red.tag = 7
print(red.tag, vars(red))


class Upper(str):
    def __new__(cls, value):
        obj = super().__new__(cls, value.upper())
        obj.original = value
        return obj

    def __repr__(self):
        return f"Upper({str.__repr__(self)})"


u = Upper("mixed Case")
print(u, repr(u), u.original, u.lower(), str(u), [u])


class Flags(int):
    def __repr__(self):
        return f"Flags({int(self)})"

    def has(self, bit):
        return bool(self & bit)


f = Flags(6)
print(f, repr(f), f + 1, type(f + 1).__name__, f.has(2), f.has(1), f * 2, -f, ~f, abs(Flags(-3)))
print(f == 6, 6 == f, f < 7, hash(f) == hash(6), int(f), float(f), f"{f:04d}", f.bit_length(), f // 4, f % 4)
print(isinstance(f, int), isinstance(f, Flags), [10, 20, 30, 40][Flags(2)], bin(f), divmod(f, 4), round(f))
print(sorted([Flags(3), 1, Flags(2)]), max(Flags(3), Flags(9)), sum([Flags(1), Flags(2)]), Flags("12", 16), Flags())


class Money(float):
    def __str__(self):
        return f"${float(self):.2f}"


m = Money(3.5)
print(m, repr(m), m + 1, m * 2, m > 3, int(m), round(m), Money("2.25"), f"{m:.1f}", isinstance(m, float))


class Point(tuple):
    __slots__ = ()

    def __new__(cls, x, y):
        return tuple.__new__(cls, (x, y))

    @property
    def x(self):
        return self[0]

    @property
    def y(self):
        return self[1]

    def __repr__(self):
        return f"Point(x={self.x}, y={self.y})"

    def __add__(self, other):
        return Point(self.x + other.x, self.y + other.y)


p = Point(1, 2)
q = p + Point(10, 20)
print(p, q, len(p), list(p), p == (1, 2), (1, 2) == p, hash(p) == hash((1, 2)), p.count(1), p.index(2))
a, b = p
print(a, b, p[::-1], type(p[::-1]).__name__, isinstance(p, tuple), {p: "p"}[(1, 2)], tuple(p), p + (3,) if False else p[0])
try:
    p.z = 1
except AttributeError as e:
    print("AttributeError", e)


class Pair(tuple):
    def __new__(cls, *items):
        return super().__new__(cls, items)

    def swap(self):
        return Pair(self[1], self[0])


print(Pair(1, 2).swap(), repr(Pair("a", "b")), Pair(1, 2) < Pair(1, 3), Pair(*range(3)))


class Tags(set):
    def add_all(self, *items):
        for i in items:
            self.add(i)
        return self


t = Tags(["a"])
t.add_all("b", "c")
print(sorted(t), len(t), "b" in t, isinstance(t, set), sorted(t | {"z"}), type(t | {"z"}).__name__)


class Frozen(frozenset):
    def __repr__(self):
        return "Frozen(" + ",".join(sorted(self)) + ")"


fr = Frozen("cab")
print(fr, len(fr), hash(fr) == hash(frozenset("abc")), fr == frozenset("abc"), {fr: 1}[frozenset("abc")])


class Blob(bytes):
    def hex_upper(self):
        return self.hex().upper()


bl = Blob(b"\x01\xab")
print(bl, len(bl), bl[1], bl.hex_upper(), bl == b"\x01\xab", bl + b"!", isinstance(bl, bytes), Blob([65, 66]))


class Buffer(bytearray):
    pass


buf = Buffer(b"ab")
buf.append(99)
buf[0] = 65
print(buf, len(buf), bytes(buf))


class Eq(str):
    def __eq__(self, other):
        return str.lower(self) == str(other).lower()

    __hash__ = str.__hash__ if False else None


print(Eq("ABC") == "abc", Eq("A") != "a")
try:
    hash(Eq("x"))
except TypeError as e:
    print("TypeError", e)


class Both(int):
    def __eq__(self, other):
        return super().__eq__(other)

    def __hash__(self):
        return super().__hash__()

    def __add__(self, other):
        return Both(super().__add__(other))


print(Both(2) == 2, hash(Both(5)) == hash(5), Both(2) + 3, type(Both(2) + 3).__name__, super(Both, Both(4)).__repr__())

for bad in (bool, range):
    try:
        class X(bad):
            pass
    except TypeError as e:
        print("TypeError", e)
try:
    class Y(int, str):
        pass
except TypeError as e:
    print("TypeError", e)
print(Colour.__mro__, Flags.__base__, Point.__bases__)
tags = Tags("ab")
same = tags
tags |= {"c"}
tags -= {"a"}
print(type(tags).__name__, tags is same, sorted(same))
buf2 = Buffer(b"x")
alias = buf2
buf2 += b"yz"
print(type(buf2).__name__, buf2 is alias, bytes(alias))
print(str.upper(Colour("mixed")), ", ".join([Colour("a"), Colour("b")]), "abc".startswith(Colour("ab")))
print(chr(Flags(65)), range(Flags(3)), [1, 2, 3, 4][Flags(1):Flags(3)], "%d|%x|%s" % (Flags(10), Flags(255), Flags(1)))
print(dir(Colour("x")) == dir(Colour), "upper" in dir(Colour), "describe" in dir(red))
print(Colour.__len__(red), Colour.upper(red), Flags.bit_length(Flags(8)), Point.count(p, 1), hasattr(Colour, "nope"))

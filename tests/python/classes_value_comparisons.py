# The comparison methods of a built-in value type return NotImplemented for an
# operand of another type, so a subclass's super().__eq__ lets Python try the
# other side (and == falls back to identity).


class Name(str):
    def __eq__(self, other):
        r = super().__eq__(other)
        print("Name.__eq__", repr(other), "->", r)
        return r

    __hash__ = str.__hash__


class Count(int):
    def __eq__(self, other):
        return super().__eq__(other)

    def __lt__(self, other):
        return super().__lt__(other)

    __hash__ = int.__hash__


class Ratio(float):
    def __eq__(self, other):
        return super().__eq__(other)

    __hash__ = float.__hash__


class Other:
    def __repr__(self):
        return "Other()"

    def __eq__(self, other):
        print("Other.__eq__ decides")
        return True


n = Name("a")
print(n == "a", n == 1, n == Other())
c = Count(3)
print(c.__eq__(3), c.__eq__(3.0), c.__eq__("3"), c.__eq__(True))
print(c == 3, c == 3.0, c != 3.5, c == "3")
print(c.__lt__(4), c.__lt__(4.5), c < 4.5)
r = Ratio(2.0)
print(r.__eq__(2), r.__eq__(2.0), r.__eq__("2"), r == 2)
print(int.__eq__(1, 1.0), float.__eq__(1.0, 1), str.__eq__("a", b"a"))
print(tuple.__eq__((1,), [1]), tuple.__eq__((1,), (1,)))
print(frozenset.__eq__(frozenset({1}), {1}), set.__eq__({1}, [1]))
print(bytes.__eq__(b"a", bytearray(b"a")), bytearray.__eq__(bytearray(b"a"), b"a"))


class Pair(tuple):
    def __eq__(self, other):
        return super().__eq__(other)

    __hash__ = tuple.__hash__


p = Pair((1, 2))
print(p == (1, 2), p == [1, 2], p.__eq__([1, 2]), p.__ne__([1, 2]), p != [1, 2])

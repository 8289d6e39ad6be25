# Rich comparisons give the value the class's method returns, not a bool:
# NotImplemented falls back to the reflected method, then to identity (== and
# !=) or a TypeError (orderings); __ne__ defaults to the inverse of __eq__; a
# subclass's reflected method is asked first; a chain stops at the first
# comparison whose value is false, and `if` takes the value's truth.


class Yes:
    def __eq__(self, other):
        return "yes"

    def __lt__(self, other):
        return [1, 2]

    def __le__(self, other):
        return []

    def __gt__(self, other):
        return 0

    def __ge__(self, other):
        return 3.5


y = Yes()
print(repr(y == 1), repr(1 == y), repr(y != 1))
print(repr(y < 1), repr(y <= 1), repr(y > 1), repr(y >= 1))
# 1 < y is y > 1 (reflected), 1 >= y is y <= 1
print(repr(1 < y), repr(1 <= y), repr(1 > y), repr(1 >= y))
print(repr(y == y), repr("s" == y), repr(None == y))


class Truthy:
    def __init__(self, name, truth):
        self.name = name
        self.truth = truth

    def __bool__(self):
        print("bool of", self.name)
        return self.truth

    def __repr__(self):
        return "Truthy(%s)" % self.name


class Box:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return Truthy("eq %r %r" % (self.v, getattr(other, "v", other)), self.v == getattr(other, "v", other))

    def __lt__(self, other):
        return Truthy("lt %r %r" % (self.v, other.v), self.v < other.v)

    def __repr__(self):
        return "Box(%r)" % self.v


a, b, c = Box(1), Box(2), Box(3)
if a == Box(1):
    print("equal, by __bool__ of the result")
if a == b:
    print("never")
else:
    print("not equal")
print(a == b)
print(a != b)  # object.__ne__ inverts __eq__'s truth: a bool
# Chains: the first false value is the result; the intermediate's truth decides.
print(a < b < c)
print(b < a < c)
print(a < c < b)
r = a < b
print(type(r).__name__, bool(r))
print(not (a == b))
while a < b:
    print("loop test uses __bool__")
    break
print([x for x in (a, b, c) if x < b])
print(a < b and "and-value")
print(a == a or "or-value")


class Never:
    def __eq__(self, other):
        print("Never.__eq__")
        return NotImplemented

    def __lt__(self, other):
        print("Never.__lt__")
        return NotImplemented


n = Never()
print(n == n, n != n, n == Never(), n != Never())
print(n == 5, 5 == n, n != 5)
try:
    n < 5
except TypeError as e:
    print("TypeError:", e)
try:
    5 < n
except TypeError as e:
    print("TypeError:", e)
try:
    n >= n
except TypeError as e:
    print("TypeError:", e)


class Answers:
    def __eq__(self, other):
        print("Answers.__eq__")
        return ("answered", type(other).__name__)

    def __gt__(self, other):
        print("Answers.__gt__")
        return "greater"


print(n == Answers())  # Never declines, Answers' reflected __eq__ answers
print(Answers() == n)
print(n < Answers())  # Never.__lt__ declines, Answers.__gt__ answers


class Base:
    def __eq__(self, other):
        print("Base.__eq__", type(self).__name__)
        return "base"

    def __lt__(self, other):
        print("Base.__lt__", type(self).__name__)
        return "base-lt"

    def __gt__(self, other):
        print("Base.__gt__", type(self).__name__)
        return "base-gt"


class Derived(Base):
    def __eq__(self, other):
        print("Derived.__eq__")
        return "derived"

    def __gt__(self, other):
        print("Derived.__gt__")
        return "derived-gt"


class Plain(Base):
    pass


# A proper subclass's reflected method comes first.
print(Base() == Derived())
print(Base() < Derived())
print(Derived() < Base())
print(Base() == Plain())


class OwnNe:
    def __eq__(self, other):
        return "eq-value"

    def __ne__(self, other):
        return "ne-value"


print(OwnNe() != 1, 1 != OwnNe(), OwnNe() == 1)


class EqNotImplemented:
    def __eq__(self, other):
        return NotImplemented


e = EqNotImplemented()
print(e != e, e != EqNotImplemented(), e == e)

# Containers and sorting take the truth of the value.
print(Box(1) in [Box(0), Box(1)], [Box(2)] == [Box(2)], [Box(2)] == [Box(3)])
print(max([Box(3), Box(1), Box(2)], key=lambda x: x.v), max([Box(3), Box(1), Box(2)]))


class Quiet:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return [1] if self.v < other.v else []

    def __repr__(self):
        return "Quiet(%d)" % self.v


print(sorted([Quiet(3), Quiet(1), Quiet(2)]), min(Quiet(2), Quiet(0), Quiet(1)))
print(y.__eq__(1), Yes.__lt__(y, 2))


class Vec:
    def __init__(self, *xs):
        self.xs = xs

    def __eq__(self, other):
        return [p == q for p, q in zip(self.xs, other.xs)]


print(Vec(1, 2, 3) == Vec(1, 5, 3))
print(Vec(1, 2) != Vec(1, 2))


def in_function(p, q):
    t = p == q
    u = p < q
    return t, u


print(in_function(y, 0))
print(in_function(1, 2), in_function(2.5, 1), in_function("a", "b"))
for i in range(3):
    print(Yes() == i, i == 1)


# Lists and tuples of instances: the first differing items' comparison, whatever value it gives.
class Item:
    def __init__(self, v):
        self.v = v

    def __eq__(self, o):
        return isinstance(o, Item) and self.v == o.v

    def __lt__(self, o):
        return "lt:%s<%s" % (self.v, o.v)

    def __gt__(self, o):
        return ["gt", self.v, o.v]

    __hash__ = None


print([Item(1)] < [Item(2)], (Item(1), 3) > (Item(2),), [Item(1), Item(2)] < [Item(1), Item(3)])
print([Item(1)] < [Item(1), Item(0)], [Item(1)] == [Item(1)], [[Item(1)]] < [[Item(2)]], (1, "a") >= (1, "a"))


# A list or dict subclass's own comparison methods, called by == and < on either side.
class EqList(list):
    def __eq__(self, o):
        return "EqList.eq"

    def __lt__(self, o):
        return "EqList.lt"


class EqDict(dict):
    def __eq__(self, o):
        return "EqDict.eq"


class PlainList(list):
    pass


class GtList(EqList):
    def __gt__(self, o):
        return "GtList.gt"


print(EqList([1]) == [1], [1] == EqList([2]), EqList() < [], [] > EqList(), EqDict(a=1) == {}, {} == EqDict(), EqDict() != {})
print(PlainList([1]) == [1], PlainList([1]) < [2], PlainList([1]) != PlainList([1]), EqList([1]) < GtList([2]), [0] < GtList())
try:
    EqDict() < {}
except TypeError as e:
    print("TypeError:", e)

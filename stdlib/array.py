# The array module in Plank: typed arrays of numbers, kept in a list. Each
# store converts and range-checks the item the way CPython's C conversions do
# (their OverflowError messages included), so a program that relies on an
# 'B' array refusing 256 sees the same error.

typecodes = 'bBuhHiIlLqQfd'

_ITEMSIZE = {'b': 1, 'B': 1, 'u': 4, 'h': 2, 'H': 2, 'i': 4, 'I': 4,
             'l': 8, 'L': 8, 'q': 8, 'Q': 8, 'f': 4, 'd': 8}

_LONG_MIN = -(1 << 63)
_LONG_MAX = (1 << 63) - 1
_ULONG_MAX = (1 << 64) - 1


def _as_index(v):
    if isinstance(v, int):
        return int(v)
    if hasattr(type(v), '__index__'):
        return v.__index__()
    raise TypeError(f"'{type(v).__name__}' object cannot be interpreted as an integer")


def _range(v, lo, hi, what):
    if v > hi:
        raise OverflowError(what + " is greater than maximum")
    if v < lo:
        raise OverflowError(what + " is less than minimum")


def _as_long(v):
    if v < _LONG_MIN or v > _LONG_MAX:
        raise OverflowError("Python int too large to convert to C long")


def _unsigned(v, negative_message, too_big_message):
    if v < 0:
        raise OverflowError(negative_message)
    if v > _ULONG_MAX:
        raise OverflowError(too_big_message)


# CPython converts an item through a chain of C types (an 'H' item is first a
# C int, then checked as an unsigned short), and the message names the first
# check that fails.
def _convert(typecode, v):
    if typecode == 'f' or typecode == 'd':
        if not isinstance(v, (int, float)):
            if hasattr(type(v), '__float__'):
                return v.__float__()
            raise TypeError(f"must be real number, not {type(v).__name__}")
        return float(v)
    if typecode == 'u':
        if not isinstance(v, str) or len(v) != 1:
            raise TypeError("array item must be unicode character")
        return v
    v = _as_index(v)
    if typecode == 'b':
        _as_long(v)
        _range(v, -32768, 32767, "signed short integer")
        _range(v, -128, 127, "signed char")
    elif typecode == 'B':
        _as_long(v)
        _range(v, 0, 255, "unsigned byte integer")
    elif typecode == 'h':
        _as_long(v)
        _range(v, -32768, 32767, "signed short integer")
    elif typecode == 'H':
        _as_long(v)
        _range(v, -2147483648, 2147483647, "signed integer")
        _range(v, 0, 65535, "unsigned short")
    elif typecode == 'i':
        _as_long(v)
        _range(v, -2147483648, 2147483647, "signed integer")
    elif typecode == 'I':
        _unsigned(v, "can't convert negative value to unsigned int",
                  "Python int too large to convert to C unsigned long")
        if v > 4294967295:
            raise OverflowError("unsigned int is greater than maximum")
    elif typecode == 'l':
        _as_long(v)
    elif typecode == 'L':
        _unsigned(v, "can't convert negative value to unsigned int",
                  "Python int too large to convert to C unsigned long")
    elif typecode == 'q':
        if v < _LONG_MIN or v > _LONG_MAX:
            raise OverflowError("int too big to convert")
    elif typecode == 'Q':
        _unsigned(v, "can't convert negative int to unsigned", "int too big to convert")
    return v


class array:
    def __init__(self, typecode, initializer=None):
        if not isinstance(typecode, str) or len(typecode) != 1 or typecode not in _ITEMSIZE:
            raise ValueError("bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)")
        self.typecode = typecode
        self.itemsize = _ITEMSIZE[typecode]
        self._items = []
        if initializer is None:
            return
        if isinstance(initializer, (bytes, bytearray)):
            if typecode != 'b' and typecode != 'B':
                raise TypeError("Plank's array takes bytes only for 'b' and 'B' arrays")
            for byte in initializer:
                self._items.append(byte - 256 if typecode == 'b' and byte > 127 else byte)
        elif isinstance(initializer, str):
            if typecode != 'u':
                raise TypeError(f"cannot use a str to initialize an array with typecode '{typecode}'")
            self._items = list(initializer)
        else:
            self.extend(initializer)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        if isinstance(i, slice):
            result = array(self.typecode)
            result._items = self._items[i]
            return result
        return self._items[i]

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            if not isinstance(v, array):
                raise TypeError(f'can only assign array (not "{type(v).__name__}") to array slice')
            if v.typecode != self.typecode:
                raise TypeError("bad argument type for built-in operation")
            self._items[i] = v._items
            return
        self._items[i] = _convert(self.typecode, v)

    def __delitem__(self, i):
        del self._items[i]

    def __iter__(self):
        return iter(self._items)

    def __contains__(self, v):
        return v in self._items

    def __eq__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items == other._items

    def __ne__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items != other._items

    def __add__(self, other):
        if not isinstance(other, array):
            raise TypeError(f'can only append array (not "{type(other).__name__}") to array')
        if other.typecode != self.typecode:
            raise TypeError("bad argument type for built-in operation")
        result = array(self.typecode)
        result._items = self._items + other._items
        return result

    def __mul__(self, n):
        result = array(self.typecode)
        result._items = self._items * n
        return result

    __rmul__ = __mul__

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __repr__(self):
        if not self._items:
            return f"array('{self.typecode}')"
        if self.typecode == 'u':
            return f"array('u', {''.join(self._items)!r})"
        return f"array('{self.typecode}', {self._items!r})"

    def __bytes__(self):
        return self.tobytes()

    def append(self, v):
        self._items.append(_convert(self.typecode, v))

    def extend(self, iterable):
        if isinstance(iterable, array):
            if iterable.typecode != self.typecode:
                raise TypeError("can only extend with array of same kind")
            self._items.extend(iterable._items)
            return
        for v in iterable:
            self._items.append(_convert(self.typecode, v))

    def insert(self, i, v):
        self._items.insert(i, _convert(self.typecode, v))

    def pop(self, i=-1):
        if not self._items:
            raise IndexError("pop from empty array")
        return self._items.pop(i)

    def remove(self, v):
        if v not in self._items:
            raise ValueError("array.remove(x): x not in array")
        self._items.remove(v)

    def index(self, v):
        if v not in self._items:
            raise ValueError("array.index(x): x not in array")
        return self._items.index(v)

    def count(self, v):
        return self._items.count(v)

    def reverse(self):
        self._items.reverse()

    def tolist(self):
        return list(self._items)

    def tobytes(self):
        if self.typecode == 'B':
            return bytes(self._items)
        if self.typecode == 'b':
            return bytes([v & 255 for v in self._items])
        out = []
        for v in self._items:
            if isinstance(v, float) or isinstance(v, str):
                raise NotImplementedError("not supported yet: array.tobytes() of a float or unicode array")
            for k in range(self.itemsize):
                out.append((v >> (8 * k)) & 255)
        return bytes(out)

# The collections module in Plank: deque, defaultdict, Counter, OrderedDict,
# namedtuple and ChainMap as Plank classes. Plank cannot subclass the
# built-in dict or tuple yet, so these wrap one (isinstance(d, dict) is False).
from operator import itemgetter as _itemgetter


class deque:
    # A ring buffer: appends and pops at both ends are O(1).
    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None and maxlen < 0:
            raise ValueError("maxlen must be non-negative")
        self._buf = [None] * 8
        self._head = 0
        self._len = 0
        self.maxlen = maxlen
        for x in iterable:
            self.append(x)

    def _grow(self):
        old = self._buf
        n = len(old)
        self._buf = [old[(self._head + i) % n] for i in range(self._len)] + [None] * n
        self._head = 0

    def append(self, x):
        if self.maxlen is not None and self._len == self.maxlen:
            if self.maxlen == 0:
                return
            self.popleft()
        if self._len == len(self._buf):
            self._grow()
        self._buf[(self._head + self._len) % len(self._buf)] = x
        self._len += 1

    def appendleft(self, x):
        if self.maxlen is not None and self._len == self.maxlen:
            if self.maxlen == 0:
                return
            self.pop()
        if self._len == len(self._buf):
            self._grow()
        self._head = (self._head - 1) % len(self._buf)
        self._buf[self._head] = x
        self._len += 1

    def pop(self):
        if not self._len:
            raise IndexError("pop from an empty deque")
        self._len -= 1
        i = (self._head + self._len) % len(self._buf)
        x = self._buf[i]
        self._buf[i] = None
        return x

    def popleft(self):
        if not self._len:
            raise IndexError("pop from an empty deque")
        x = self._buf[self._head]
        self._buf[self._head] = None
        self._head = (self._head + 1) % len(self._buf)
        self._len -= 1
        return x

    def extend(self, iterable):
        for x in list(iterable):
            self.append(x)

    def extendleft(self, iterable):
        for x in list(iterable):
            self.appendleft(x)

    def clear(self):
        self._buf = [None] * 8
        self._head = 0
        self._len = 0

    def rotate(self, n=1):
        if self._len:
            n %= self._len
            for i in range(n):
                self.appendleft(self.pop())

    def count(self, x):
        return sum(1 for y in self if y is x or y == x)

    def index(self, x, start=0, stop=None):
        for i, y in enumerate(self):
            if i >= start and (stop is None or i < stop) and (y is x or y == x):
                return i
        raise ValueError(f"{x!r} is not in deque")

    def remove(self, value):
        items = list(self)
        items.remove(value)
        self.clear()
        self.extend(items)

    def reverse(self):
        items = list(self)
        items.reverse()
        self.clear()
        self.extend(items)

    def copy(self):
        return deque(self, self.maxlen)

    def __len__(self):
        return self._len

    def __bool__(self):
        return self._len > 0

    def __iter__(self):
        buf, head, n = self._buf, self._head, len(self._buf)
        for i in range(self._len):
            yield buf[(head + i) % n]

    def __reversed__(self):
        buf, head, n = self._buf, self._head, len(self._buf)
        for i in range(self._len - 1, -1, -1):
            yield buf[(head + i) % n]

    def __getitem__(self, i):
        if i < 0:
            i += self._len
        if i < 0 or i >= self._len:
            raise IndexError("deque index out of range")
        return self._buf[(self._head + i) % len(self._buf)]

    def __setitem__(self, i, x):
        if i < 0:
            i += self._len
        if i < 0 or i >= self._len:
            raise IndexError("deque index out of range")
        self._buf[(self._head + i) % len(self._buf)] = x

    def __contains__(self, x):
        for y in self:
            if y is x or y == x:
                return True
        return False

    def __eq__(self, other):
        return isinstance(other, deque) and list(self) == list(other)

    def __repr__(self):
        if self.maxlen is None:
            return f"deque({list(self)!r})"
        return f"deque({list(self)!r}, maxlen={self.maxlen})"


class _DictWrapper:
    # The dict protocol over self._d.
    def __getitem__(self, key):
        d = self._d
        if key in d:
            return d[key]
        return self.__missing__(key)

    def __missing__(self, key):
        raise KeyError(key)

    def __setitem__(self, key, value):
        self._d[key] = value

    def __delitem__(self, key):
        del self._d[key]

    def __contains__(self, key):
        return key in self._d

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)

    def __bool__(self):
        return len(self._d) > 0

    def __eq__(self, other):
        if isinstance(other, _DictWrapper):
            return self._d == other._d
        return self._d == other

    def get(self, key, default=None):
        return self._d.get(key, default)

    def keys(self):
        return self._d.keys()

    def values(self):
        return self._d.values()

    def items(self):
        return self._d.items()

    def pop(self, key, *default):
        return self._d.pop(key, *default)

    def popitem(self):
        return self._d.popitem()

    def setdefault(self, key, default=None):
        return self._d.setdefault(key, default)

    def update(self, other=(), **kwargs):
        if isinstance(other, _DictWrapper):
            other = other._d
        self._d.update(other)
        self._d.update(kwargs)

    def clear(self):
        self._d.clear()

    def __ior__(self, other):
        self.update(other)
        return self


class defaultdict(_DictWrapper):
    def __init__(self, default_factory=None, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError("first argument must be callable or None")
        self.default_factory = default_factory
        self._d = dict(*args, **kwargs)

    def __getitem__(self, key):
        d = self._d
        if key in d:
            return d[key]
        if self.default_factory is None:
            raise KeyError(key)
        value = d[key] = self.default_factory()
        return value

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self._d[key] = self.default_factory()
        return value

    def copy(self):
        return defaultdict(self.default_factory, self._d)

    def __repr__(self):
        f = self.default_factory
        fr = repr(f) if not isinstance(f, type) else f"<class '{f.__name__}'>"
        return f"defaultdict({fr}, {self._d!r})"


class OrderedDict(_DictWrapper):
    def __init__(self, other=(), **kwargs):
        self._d = {}
        self.update(other, **kwargs)

    def move_to_end(self, key, last=True):
        value = self._d.pop(key)
        if last:
            self._d[key] = value
        else:
            rest = list(self._d.items())
            self._d.clear()
            self._d[key] = value
            self._d.update(rest)

    def popitem(self, last=True):
        if not self._d:
            raise KeyError('dictionary is empty')
        key = next(reversed(list(self._d))) if last else next(iter(self._d))
        return key, self._d.pop(key)

    def copy(self):
        return OrderedDict(self._d)

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return list(self._d.items()) == list(other._d.items())
        return _DictWrapper.__eq__(self, other)

    def __repr__(self):
        if not self._d:
            return "OrderedDict()"
        return f"OrderedDict({list(self._d.items())!r})"


class Counter(_DictWrapper):
    def __init__(self, iterable=None, **kwds):
        self._d = {}
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def __getitem__(self, key):
        return self._d.get(key, 0)

    def total(self):
        return sum(self._d.values())

    def most_common(self, n=None):
        items = sorted(self._d.items(), key=_itemgetter(1), reverse=True)
        return items if n is None else items[:n]

    def elements(self):
        for elem, count in self._d.items():
            for i in range(count):
                yield elem

    def update(self, iterable=None, **kwds):
        d = self._d
        if iterable is not None:
            if isinstance(iterable, (dict, _DictWrapper)):
                for elem, count in iterable.items():
                    d[elem] = count + d.get(elem, 0)
            else:
                for elem in iterable:
                    d[elem] = d.get(elem, 0) + 1
        for elem, count in kwds.items():
            d[elem] = count + d.get(elem, 0)

    def subtract(self, iterable=None, **kwds):
        d = self._d
        if iterable is not None:
            if isinstance(iterable, (dict, _DictWrapper)):
                for elem, count in iterable.items():
                    d[elem] = d.get(elem, 0) - count
            else:
                for elem in iterable:
                    d[elem] = d.get(elem, 0) - 1
        for elem, count in kwds.items():
            d[elem] = d.get(elem, 0) - count

    def copy(self):
        return Counter(self._d)

    def __add__(self, other):
        result = Counter()
        for elem, count in self._d.items():
            newcount = count + other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self._d and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        result = Counter()
        for elem, count in self._d.items():
            newcount = count - other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self._d and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        result = Counter()
        for elem, count in self._d.items():
            other_count = other[elem]
            newcount = other_count if count < other_count else count
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self._d and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        result = Counter()
        for elem, count in self._d.items():
            other_count = other[elem]
            newcount = count if count < other_count else other_count
            if newcount > 0:
                result[elem] = newcount
        return result

    def __repr__(self):
        if not self._d:
            return "Counter()"
        return "Counter({" + ", ".join(f"{k!r}: {v!r}" for k, v in self.most_common()) + "})"


class ChainMap(_DictWrapper):
    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __getitem__(self, key):
        for mapping in self.maps:
            if key in mapping:
                return mapping[key]
        raise KeyError(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __contains__(self, key):
        return any(key in m for m in self.maps)

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        del self.maps[0][key]

    def __iter__(self):
        d = {}
        for mapping in reversed(self.maps):
            for k in mapping:
                d[k] = None
        return iter(d)

    def __len__(self):
        return len(set().union(*self.maps))

    def keys(self):
        return list(self)

    def items(self):
        return [(k, self[k]) for k in self]

    def values(self):
        return [self[k] for k in self]

    def new_child(self, m=None):
        return ChainMap({} if m is None else m, *self.maps)

    @property
    def parents(self):
        return ChainMap(*self.maps[1:])

    def __repr__(self):
        return f"ChainMap({', '.join(map(repr, self.maps))})"


class _NamedTuple:
    __slots__ = ('_v',)

    def __init__(self, *args, **kwargs):
        fields = self._fields
        n = len(fields)
        if len(args) > n:
            raise TypeError(f"{type(self).__name__}() takes {n} positional arguments but {len(args)} were given")
        values = list(args)
        for name in fields[len(args):]:
            if name in kwargs:
                values.append(kwargs.pop(name))
            elif name in self._field_defaults:
                values.append(self._field_defaults[name])
            else:
                raise TypeError(f"{type(self).__name__}() missing 1 required positional argument: '{name}'")
        if kwargs:
            name = next(iter(kwargs))
            if name in fields:
                raise TypeError(f"{type(self).__name__}() got multiple values for argument '{name}'")
            raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument '{name}'")
        self._v = tuple(values)

    @classmethod
    def _make(cls, iterable):
        return cls(*iterable)

    def _asdict(self):
        return dict(zip(self._fields, self._v))

    def _replace(self, **kwargs):
        d = self._asdict()
        d.update(kwargs)
        return type(self)(**d)

    def __getitem__(self, i):
        return self._v[i]

    def __iter__(self):
        return iter(self._v)

    def __len__(self):
        return len(self._v)

    def __eq__(self, other):
        if isinstance(other, _NamedTuple):
            return self._v == other._v
        return self._v == other

    def __ne__(self, other):
        return not self == other

    def __lt__(self, other):
        return self._v < (other._v if isinstance(other, _NamedTuple) else other)

    def __le__(self, other):
        return self._v <= (other._v if isinstance(other, _NamedTuple) else other)

    def __gt__(self, other):
        return self._v > (other._v if isinstance(other, _NamedTuple) else other)

    def __ge__(self, other):
        return self._v >= (other._v if isinstance(other, _NamedTuple) else other)

    def __hash__(self):
        return hash(self._v)

    def __add__(self, other):
        return self._v + tuple(other)

    def __contains__(self, x):
        return x in self._v

    def count(self, x):
        return self._v.count(x)

    def index(self, x):
        return self._v.index(x)

    def __repr__(self):
        return type(self).__name__ + "(" + ", ".join(f"{n}={v!r}" for n, v in zip(self._fields, self._v)) + ")"


def _field_getter(i):
    return property(lambda self: self._v[i])


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    fields = tuple(field_names)
    ns = {'_fields': fields, '__slots__': ()}
    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        for name, value in zip(fields[len(fields) - len(defaults):], defaults):
            field_defaults[name] = value
    ns['_field_defaults'] = field_defaults
    for i, name in enumerate(fields):
        ns[name] = _field_getter(i)
    return type(typename, (_NamedTuple,), ns)

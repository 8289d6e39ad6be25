# The enum module in Plank: Enum, IntEnum, Flag, IntFlag, auto and unique.
# EnumType (the metaclass) turns a class body's plain attributes into the
# members, instances of the class; the class is iterable, has a len, and is
# indexed by name and called with a value, as CPython's. Plank cannot derive
# from int, so an IntEnum member is not isinstance(..., int); it compares,
# hashes, formats and computes as its value does.


class auto:
    _counter = 0

    def __init__(self):
        auto._counter += 1
        self._order = auto._counter
        self.value = None

    def __repr__(self):
        return 'auto()'


def _is_descriptor(value):
    return (callable(value) or isinstance(value, (property, staticmethod, classmethod))
            or hasattr(type(value), '__get__'))


def _is_member_name(name):
    return not name.startswith('_')


class EnumType(type):
    def __new__(mcls, name, bases, ns):
        for base in bases:
            if isinstance(base, EnumType) and base._member_names_:
                raise TypeError(f"<enum {name!r}> cannot extend {base!r}")
        candidates = []
        for key, value in list(ns.items()):
            if not _is_member_name(key) or _is_descriptor(value):
                continue
            candidates.append((key, value))
            del ns[key]
        cls = super().__new__(mcls, name, bases, ns)
        cls._member_names_ = []
        cls._member_map_ = {}
        cls._value2member_map_ = {}
        last_values = []
        for key, value in candidates:
            if isinstance(value, auto):
                value = cls._generate_next_value_(key, 1, len(last_values), last_values[:])
            last_values.append(value)
            existing = cls._find_value(value)
            if existing is not None:  # an alias of an earlier member
                cls._member_map_[key] = existing
                setattr(cls, key, existing)
                continue
            member = object.__new__(cls)
            member._name_ = key
            member._value_ = value
            if any('__init__' in b.__dict__ for b in cls.__mro__[:-1]):
                member.__init__(*(value if isinstance(value, tuple) else (value,)))
            cls._member_names_.append(key)
            cls._member_map_[key] = member
            cls._remember_value(value, member)
            setattr(cls, key, member)
        return cls

    def _find_value(cls, value):
        try:
            return cls._value2member_map_.get(value)
        except TypeError:  # an unhashable value
            for member in cls._member_map_.values():
                if member._value_ == value:
                    return member
            return None

    def _remember_value(cls, value, member):
        try:
            cls._value2member_map_[value] = member
        except TypeError:
            pass

    def __call__(cls, value):
        if isinstance(value, cls):
            return value
        found = cls._find_value(value)
        if found is not None:
            return found
        missing = cls._missing_(value)
        if missing is not None:
            return missing
        raise ValueError(f"{value!r} is not a valid {cls.__qualname__}")

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    def __bool__(cls):
        return True

    def __contains__(cls, member):
        if not isinstance(member, Enum):
            raise TypeError(f"unsupported operand type(s) for 'in': '{type(member).__qualname__}' and 'EnumType'")
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __repr__(cls):
        return f"<enum {cls.__name__!r}>"

    @property
    def __members__(cls):
        return dict(cls._member_map_)


EnumMeta = EnumType


class Enum(metaclass=EnumType):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        for value in reversed(last_values):
            try:
                return value + 1
            except TypeError:
                pass
        return start

    @classmethod
    def _missing_(cls, value):
        return None

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_

    def __repr__(self):
        return f"<{type(self).__name__}.{self._name_}: {self._value_!r}>"

    def __str__(self):
        return f"{type(self).__name__}.{self._name_}"

    def __format__(self, spec):
        return format(str(self), spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return (type(self), (self._value_,))


class IntEnum(Enum):
    # The int operations of an IntEnum (and IntFlag) member: those of its value.
    def __int__(self):
        return self._value_

    def __index__(self):
        return self._value_

    def __float__(self):
        return float(self._value_)

    def __eq__(self, other):
        return self._value_ == (other._value_ if isinstance(other, (IntEnum, IntFlag)) else other)

    def __ne__(self, other):
        return not self == other

    def __lt__(self, other):
        return self._value_ < int(other)

    def __le__(self, other):
        return self._value_ <= int(other)

    def __gt__(self, other):
        return self._value_ > int(other)

    def __ge__(self, other):
        return self._value_ >= int(other)

    def __hash__(self):
        return hash(self._value_)

    def __add__(self, other):
        return self._value_ + other

    __radd__ = __add__

    def __sub__(self, other):
        return self._value_ - other

    def __rsub__(self, other):
        return other - self._value_

    def __mul__(self, other):
        return self._value_ * other

    __rmul__ = __mul__

    def __floordiv__(self, other):
        return self._value_ // other

    def __truediv__(self, other):
        return self._value_ / other

    def __mod__(self, other):
        return self._value_ % other

    def __neg__(self):
        return -self._value_

    def __abs__(self):
        return abs(self._value_)

    def __bool__(self):
        return self._value_ != 0

    def __str__(self):
        return str(self._value_)

    def __format__(self, spec):
        return format(self._value_, spec)


class Flag(Enum):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return 1
        high = max(last_values)
        return 1 << high.bit_length()

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            return None
        known = 0
        for member in cls._member_map_.values():
            known |= member._value_
        if value & ~known:
            return None
        pseudo = object.__new__(cls)
        pseudo._value_ = value
        names = [m._name_ for m in cls if m._value_ & value == m._value_ and m._value_]
        pseudo._name_ = '|'.join(names) if names else None
        cls._remember_value(value, pseudo)
        return pseudo

    def __or__(self, other):
        return type(self)(self._value_ | other._value_)

    def __and__(self, other):
        return type(self)(self._value_ & other._value_)

    def __xor__(self, other):
        return type(self)(self._value_ ^ other._value_)

    def __invert__(self):
        total = 0
        for member in type(self):
            total |= member._value_
        return type(self)(total & ~self._value_)

    def __contains__(self, other):
        return other._value_ & self._value_ == other._value_

    def __bool__(self):
        return bool(self._value_)

    def __iter__(self):
        return (m for m in type(self) if m._value_ and m._value_ & self._value_ == m._value_)

    def __len__(self):
        return len(list(self.__iter__()))

    def __repr__(self):
        return f"<{type(self).__name__}.{self._name_}: {self._value_!r}>"

    def __str__(self):
        return f"{type(self).__name__}.{self._name_}"


class IntFlag(Flag):
    pass


# Plank classes have one base: IntFlag takes IntEnum's int operations over.
for _name, _method in list(IntEnum.__dict__.items()):
    if _name.startswith('__') and _name not in ('__module__', '__qualname__', '__dict__', '__doc__'):
        setattr(IntFlag, _name, _method)
IntFlag.__repr__ = Flag.__repr__


def unique(enumeration):
    duplicates = [(name, member._name_) for name, member in enumeration._member_map_.items()
                  if name != member._name_]
    if duplicates:
        details = ', '.join(f"{alias} -> {name}" for alias, name in duplicates)
        raise ValueError(f"duplicate values found in {enumeration!r}: {details}")
    return enumeration

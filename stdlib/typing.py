# The typing module in Plank: the names annotations use. Annotations are
# never evaluated, so these only have to exist for `from typing import ...`.

class _Alias:
    def __init__(self, name):
        self._name = name

    def __getitem__(self, params):
        return self

    def __repr__(self):
        return 'typing.' + self._name

    def __call__(self, *args, **kwargs):
        raise TypeError(f"Type {self._name} cannot be instantiated")


Any = _Alias('Any')
List = _Alias('List')
Dict = _Alias('Dict')
Set = _Alias('Set')
FrozenSet = _Alias('FrozenSet')
Tuple = _Alias('Tuple')
Optional = _Alias('Optional')
Union = _Alias('Union')
Callable = _Alias('Callable')
Iterable = _Alias('Iterable')
Iterator = _Alias('Iterator')
Generator = _Alias('Generator')
Sequence = _Alias('Sequence')
Mapping = _Alias('Mapping')
Type = _Alias('Type')
ClassVar = _Alias('ClassVar')
Final = _Alias('Final')
Deque = _Alias('Deque')
DefaultDict = _Alias('DefaultDict')
Counter = _Alias('Counter')
TYPE_CHECKING = False


def TypeVar(name, *constraints, **kwargs):
    return _Alias(name)


def NamedTuple(typename, fields=None, **kwargs):
    from collections import namedtuple
    return namedtuple(typename, [name for name, t in (fields or [])])


def cast(typ, val):
    return val


def overload(func):
    return func

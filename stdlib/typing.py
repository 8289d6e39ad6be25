# The typing module in Plank: the names annotations use. Plank evaluates the
# annotations of class bodies (dataclasses reads them), so the special forms
# can be subscripted and print as CPython's do; they check nothing.


def _type_repr(t):
    if t is None or t is type(None):
        return 'None'
    if t is ...:
        return '...'
    if isinstance(t, list):
        return '[' + ', '.join(_type_repr(a) for a in t) + ']'
    if isinstance(t, str):
        return f"ForwardRef({t!r})"
    if isinstance(t, type):
        if t.__module__ == 'builtins':
            return t.__qualname__
        return f'{t.__module__}.{t.__qualname__}'
    return repr(t)


class _GenericAlias:
    def __init__(self, origin, params):
        self.__origin__ = origin
        self.__args__ = params

    def __repr__(self):
        return f"{self.__origin__!r}[{', '.join(_type_repr(a) for a in self.__args__)}]"

    def __getitem__(self, params):
        return self

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return self.__origin__ is other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((repr(self.__origin__), self.__args__))

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)


class _Alias:
    def __init__(self, name):
        self._name = name

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        if self._name == 'Optional':
            return _GenericAlias(self, params)
        if self._name == 'Union' and len(params) == 2 and (params[1] is None or params[1] is type(None)):
            return _GenericAlias(Optional, params[:1])
        return _GenericAlias(self, params)

    def __repr__(self):
        return 'typing.' + self._name

    def __call__(self, *args, **kwargs):
        raise TypeError(f"Type {self._name} cannot be instantiated; use {self._name.lower()}() instead")


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
MutableSequence = _Alias('MutableSequence')
Mapping = _Alias('Mapping')
MutableMapping = _Alias('MutableMapping')
Type = _Alias('Type')
ClassVar = _Alias('ClassVar')
Final = _Alias('Final')
Literal = _Alias('Literal')
Deque = _Alias('Deque')
DefaultDict = _Alias('DefaultDict')
Counter = _Alias('Counter')
NoReturn = _Alias('NoReturn')
TYPE_CHECKING = False


class TypeVar:
    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.__constraints__ = constraints
        self.__bound__ = bound

    def __repr__(self):
        return '~' + self.__name__


class Generic:
    def __class_getitem__(cls, params):
        return cls


class Protocol(Generic):
    pass


def NamedTuple(typename, fields=None, **kwargs):
    from collections import namedtuple
    return namedtuple(typename, [name for name, t in (fields or [])])


def cast(typ, val):
    return val


def overload(func):
    return func


def final(f):
    return f


def no_type_check(f):
    return f


def get_origin(tp):
    return getattr(tp, '__origin__', None)


def get_args(tp):
    return getattr(tp, '__args__', ())

# The dataclasses module in Plank: @dataclass reads the class's annotated
# fields (its __annotations__, which Plank keeps for class bodies) and adds
# __init__, __repr__, __eq__, the orderings and __hash__ as CPython's does.
# CPython writes the methods as source and exec()s it; Plank has no exec, so
# the methods are closures over the list of fields that do the same work.
import typing as _typing


class _MISSING_TYPE:
    def __repr__(self):
        return 'MISSING'


MISSING = _MISSING_TYPE()


class FrozenInstanceError(AttributeError):
    pass


class InitVar:
    def __init__(self, type):
        self.type = type

    def __class_getitem__(cls, type):
        return InitVar(type)

    def __repr__(self):
        return f'dataclasses.InitVar[{self.type!r}]'


class Field:
    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else metadata
        self.kw_only = kw_only
        self._initvar = False

    def __repr__(self):
        return (f'Field(name={self.name!r},type={self.type!r},default={self.default!r},'
                f'default_factory={self.default_factory!r},init={self.init!r},repr={self.repr!r},'
                f'hash={self.hash!r},compare={self.compare!r},metadata={self.metadata!r},'
                f'kw_only={self.kw_only!r})')


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True,
          hash=None, compare=True, metadata=None, kw_only=MISSING):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


def _is_classvar(tp):
    if tp is _typing.ClassVar or getattr(tp, '__origin__', None) is _typing.ClassVar:
        return True
    return isinstance(tp, str) and (tp.startswith('ClassVar') or tp.startswith('typing.ClassVar'))


def _is_initvar(tp):
    return isinstance(tp, InitVar) or tp is InitVar or (isinstance(tp, str) and tp.startswith('InitVar'))


def _has_default(f):
    return f.default is not MISSING or f.default_factory is not MISSING


def _missing_message(qualname, names):
    quoted = [repr(n) for n in names]
    if len(quoted) == 1:
        listed = quoted[0]
    elif len(quoted) == 2:
        listed = quoted[0] + ' and ' + quoted[1]
    else:
        listed = ', '.join(quoted[:-1]) + ', and ' + quoted[-1]
    s = '' if len(names) == 1 else 's'
    return f'{qualname}.__init__() missing {len(names)} required positional argument{s}: {listed}'


def _make_init(cls, fields, frozen, has_post_init):
    qualname = cls.__qualname__
    params = [f for f in fields if f.init]
    positional = [f for f in params if not f.kw_only]
    names = [f.name for f in params]

    def __init__(self, *args, **kwargs):
        if len(args) > len(positional):
            most = len(positional) + 1
            least = 1 + len([f for f in positional if not _has_default(f)])
            takes = f'{most} positional argument' + ('' if most == 1 else 's')
            if least != most:
                takes = f'from {least} to {most} positional arguments'
            raise TypeError(f'{qualname}.__init__() takes {takes} but {len(args) + 1} were given')
        values = {}
        for f, a in zip(positional, args):
            values[f.name] = a
        for k, v in kwargs.items():
            if k not in names:
                raise TypeError(f"{qualname}.__init__() got an unexpected keyword argument '{k}'")
            if k in values:
                raise TypeError(f"{qualname}.__init__() got multiple values for argument '{k}'")
            values[k] = v
        missing = [f.name for f in params if f.name not in values and not _has_default(f)]
        if missing:
            raise TypeError(_missing_message(qualname, missing))
        initvars = []
        for f in fields:
            if f.name in values:
                v = values[f.name]
            elif f.default_factory is not MISSING:
                v = f.default_factory()
            elif f.default is not MISSING and f.init:
                v = f.default
            else:
                continue
            if f._initvar:
                initvars.append(v)
            elif frozen:
                object.__setattr__(self, f.name, v)
            else:
                setattr(self, f.name, v)
        if has_post_init:
            self.__post_init__(*initvars)
    return __init__


def _make_repr(fields):
    shown = [f.name for f in fields if f.repr and not f._initvar]
    active = set()

    def __repr__(self):
        key = id(self)
        if key in active:
            return '...'
        active.add(key)
        try:
            parts = ', '.join(f'{name}={getattr(self, name)!r}' for name in shown)
        finally:
            active.discard(key)
        return f'{type(self).__qualname__}({parts})'
    return __repr__


def _make_compare(fields, op):
    compared = [f.name for f in fields if f.compare and not f._initvar]

    def compare(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        mine = tuple(getattr(self, name) for name in compared)
        theirs = tuple(getattr(other, name) for name in compared)
        if op == '==':
            return mine == theirs
        if op == '<':
            return mine < theirs
        if op == '<=':
            return mine <= theirs
        if op == '>':
            return mine > theirs
        return mine >= theirs
    return compare


def _make_hash(fields):
    hashed = [f.name for f in fields if not f._initvar and (f.compare if f.hash is None else f.hash)]

    def __hash__(self):
        return hash(tuple(getattr(self, name) for name in hashed))
    return __hash__


def _frozen_setattr(self, name, value):
    raise FrozenInstanceError(f"cannot assign to field '{name}'")


def _frozen_delattr(self, name):
    raise FrozenInstanceError(f"cannot delete field '{name}'")


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, kw_only):
    fields = {}
    for base in cls.__mro__[-1:0:-1]:
        inherited = base.__dict__.get('__dataclass_fields__')
        if inherited is not None:
            for f in inherited.values():
                fields[f.name] = f
    own = cls.__dict__
    for name, tp in own.get('__annotations__', {}).items():
        if _is_classvar(tp):
            continue
        default = own.get(name, MISSING)
        if isinstance(default, Field):
            f = default
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
        else:
            if isinstance(default, (list, dict, set)):
                raise ValueError(f'mutable default {type(default)} for field {name} is not allowed: '
                                 f'use default_factory')
            f = field(default=default)
        f.name = name
        f.type = tp
        if f.kw_only is MISSING:
            f.kw_only = kw_only
        f._initvar = _is_initvar(tp)
        fields[name] = f
    field_list = list(fields.values())
    cls.__dataclass_fields__ = fields

    if init:
        seen_default = None
        for f in field_list:
            if f.init and not f.kw_only:
                if _has_default(f):
                    seen_default = f
                elif seen_default is not None:
                    raise TypeError(f'non-default argument {f.name!r} follows default argument')
        cls.__init__ = _make_init(cls, field_list, frozen, hasattr(cls, '__post_init__'))
    if repr and '__repr__' not in own:
        cls.__repr__ = _make_repr(field_list)
    if eq and '__eq__' not in own:
        cls.__eq__ = _make_compare(field_list, '==')
    if order:
        for name, op in (('__lt__', '<'), ('__le__', '<='), ('__gt__', '>'), ('__ge__', '>=')):
            if name in own:
                raise TypeError(f'Cannot overwrite attribute {name} in class {cls.__name__}. '
                                f'Consider using functools.total_ordering')
            setattr(cls, name, _make_compare(field_list, op))
    if frozen:
        cls.__setattr__ = _frozen_setattr
        cls.__delattr__ = _frozen_delattr
    explicit_hash = '__hash__' in own and own['__hash__'] is not None
    if unsafe_hash or (eq and frozen and not explicit_hash):
        cls.__hash__ = _make_hash(field_list)
    elif eq and not frozen and not explicit_hash:
        cls.__hash__ = None
    cls.__match_args__ = tuple(f.name for f in field_list if f.init and not f.kw_only)
    return cls


def dataclass(cls=None, *, init=True, repr=True, eq=True, order=False,
              unsafe_hash=False, frozen=False, match_args=True, kw_only=False, slots=False):
    if order and not eq:
        raise ValueError('eq must be true if order is true')

    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, kw_only)
    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    found = getattr(class_or_instance, '__dataclass_fields__', None)
    if found is None:
        raise TypeError('must be called with a dataclass type or instance')
    return tuple(f for f in found.values() if not f._initvar)


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, '__dataclass_fields__')


def _copy_value(v, dict_factory, as_tuple):
    if is_dataclass(v) and not isinstance(v, type):
        if as_tuple:
            return tuple(_copy_value(getattr(v, f.name), dict_factory, True) for f in fields(v))
        return dict_factory([(f.name, _copy_value(getattr(v, f.name), dict_factory, False)) for f in fields(v)])
    if isinstance(v, list):
        return [_copy_value(x, dict_factory, as_tuple) for x in v]
    if isinstance(v, tuple):
        return tuple(_copy_value(x, dict_factory, as_tuple) for x in v)
    if isinstance(v, dict):
        return {_copy_value(k, dict_factory, as_tuple): _copy_value(x, dict_factory, as_tuple)
                for k, x in v.items()}
    return v


def asdict(obj, *, dict_factory=dict):
    if not is_dataclass(obj) or isinstance(obj, type):
        raise TypeError('asdict() should be called on dataclass instances')
    return _copy_value(obj, dict_factory, False)


def astuple(obj, *, tuple_factory=tuple):
    if not is_dataclass(obj) or isinstance(obj, type):
        raise TypeError('astuple() should be called on dataclass instances')
    return tuple_factory(_copy_value(obj, dict, True))


def replace(obj, **changes):
    for f in fields(obj):
        if f.init and f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)

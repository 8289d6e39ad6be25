# The functools module in Plank.

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__', '__annotations__')
WRAPPER_UPDATES = ('__dict__',)


def reduce(function, sequence, *initial):
    it = iter(sequence)
    if initial:
        value = initial[0]
    else:
        try:
            value = next(it)
        except StopIteration:
            raise TypeError("reduce() of empty iterable with no initial value") from None
    for element in it:
        value = function(value, element)
    return value


class partial:
    def __init__(self, func, *args, **keywords):
        if not callable(func):
            raise TypeError("the first argument must be callable")
        self.func = func
        self.args = args
        self.keywords = keywords

    def __call__(self, *args, **keywords):
        merged = dict(self.keywords)
        merged.update(keywords)
        return self.func(*self.args, *args, **merged)

    def __repr__(self):
        parts = [repr(self.func)]
        parts.extend(repr(x) for x in self.args)
        parts.extend(f"{k}={v!r}" for k, v in self.keywords.items())
        return "functools.partial(" + ", ".join(parts) + ")"


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            setattr(wrapper, attr, value)
    for attr in updated:
        getattr(wrapper, attr).update(getattr(wrapped, attr, {}))
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


class _LruCacheWrapper:
    def __init__(self, func, maxsize, typed):
        self.__wrapped__ = func
        self._func = func
        self._maxsize = maxsize
        self._cache = {}
        self._hits = 0
        self._misses = 0

    def __call__(self, *args, **kwargs):
        key = args
        if kwargs:
            key = args + (_KWD_MARK,) + tuple(kwargs.items())
        cache = self._cache
        if key in cache:
            self._hits += 1
            value = cache.pop(key)
            cache[key] = value  # most recently used last
            return value
        self._misses += 1
        value = self._func(*args, **kwargs)
        maxsize = self._maxsize
        if maxsize is not None and maxsize <= 0:
            return value
        cache[key] = value
        if maxsize is not None and len(cache) > maxsize:
            del cache[next(iter(cache))]
        return value

    def cache_info(self):
        return CacheInfo(self._hits, self._misses, self._maxsize, len(self._cache))

    def cache_clear(self):
        self._cache.clear()
        self._hits = self._misses = 0

    def __get__(self, obj, objtype=None):
        # A method: bound to the instance, as CPython's wrapper (a bound method of it).
        if obj is None:
            return self
        return _LruBound(self, obj)


class _LruBound:
    def __init__(self, wrapper, obj):
        self.__func__ = wrapper
        self.__self__ = obj

    def __call__(self, *args, **kwargs):
        return self.__func__(self.__self__, *args, **kwargs)

    def __getattr__(self, name):  # cache_info, cache_clear, __wrapped__
        return getattr(self.__func__, name)


class CacheInfo:
    def __init__(self, hits, misses, maxsize, currsize):
        self.hits = hits
        self.misses = misses
        self.maxsize = maxsize
        self.currsize = currsize

    def __repr__(self):
        return f"CacheInfo(hits={self.hits}, misses={self.misses}, maxsize={self.maxsize}, currsize={self.currsize})"

    def __eq__(self, other):
        return isinstance(other, CacheInfo) and repr(self) == repr(other)


_KWD_MARK = object()


def lru_cache(maxsize=128, typed=False):
    if callable(maxsize) and not isinstance(maxsize, int):
        return _LruCacheWrapper(maxsize, 128, typed)

    def decorating_function(user_function):
        return _LruCacheWrapper(user_function, maxsize, typed)
    return decorating_function


def cache(user_function):
    return _LruCacheWrapper(user_function, None, False)


_NOT_FOUND = object()


class cached_property:
    """A property computed once per instance and kept in its __dict__ (a
    non-data descriptor: the instance's own value then hides it), as CPython's."""

    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError(
                "Cannot assign the same cached_property to two different names "
                f"({self.attrname!r} and {name!r})."
            )

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError("Cannot use cached_property instance without calling __set_name__ on it.")
        try:
            cache = instance.__dict__
        except AttributeError:
            msg = (
                f"No '__dict__' attribute on {type(instance).__name__!r} "
                f"instance to cache {self.attrname!r} property."
            )
            raise TypeError(msg) from None
        val = cache.get(self.attrname, _NOT_FOUND)
        if val is _NOT_FOUND:
            val = self.func(instance)
            cache[self.attrname] = val
        return val


def cmp_to_key(mycmp):
    class K:
        __slots__ = ['obj']

        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None
    return K


def total_ordering(cls):
    d = cls.__dict__
    if '__lt__' in d:
        if '__gt__' not in d:
            cls.__gt__ = lambda self, other: other < self
        if '__le__' not in d:
            cls.__le__ = lambda self, other: not other < self
        if '__ge__' not in d:
            cls.__ge__ = lambda self, other: not self < other
    elif '__gt__' in d:
        if '__lt__' not in d:
            cls.__lt__ = lambda self, other: other > self
        if '__ge__' not in d:
            cls.__ge__ = lambda self, other: not other > self
        if '__le__' not in d:
            cls.__le__ = lambda self, other: not self > other
    elif '__le__' in d:
        if '__ge__' not in d:
            cls.__ge__ = lambda self, other: other <= self
        if '__lt__' not in d:
            cls.__lt__ = lambda self, other: self <= other and not self == other
        if '__gt__' not in d:
            cls.__gt__ = lambda self, other: not self <= other
    elif '__ge__' in d:
        if '__le__' not in d:
            cls.__le__ = lambda self, other: other >= self
        if '__gt__' not in d:
            cls.__gt__ = lambda self, other: self >= other and not self == other
        if '__lt__' not in d:
            cls.__lt__ = lambda self, other: not self >= other
    else:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    return cls

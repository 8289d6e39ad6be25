# Asynchronous generators (PEP 525): the objects of CPython's Objects/genobject.c
# (async_generator, async_generator_asend, async_generator_athrow) over the
# generator that runs an async generator's frame (runtime/async_generator.cpp).
# In that frame an `await` passes what it awaits through, and `yield v` passes
# out _Yielded(v): an awaitable step that meets a _Yielded ends with
# StopIteration(v), which is how `await agen.__anext__()` gets v.

_INIT = 0
_ITER = 1
_CLOSED = 2


class _Yielded:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


def _send(agen, arg):
    # The frame's generator resumed: its end is StopAsyncIteration for an async generator.
    try:
        return agen._frame.send(arg)
    except StopIteration:
        agen._finished = True
        raise StopAsyncIteration from None
    except StopAsyncIteration as e:
        agen._finished = True
        raise RuntimeError("async generator raised StopAsyncIteration") from e
    except BaseException:
        agen._finished = True
        raise


def _throw(agen, typ, val, tb):
    try:
        if val is None:
            return agen._frame.throw(typ)
        return agen._frame.throw(typ, val)
    except StopIteration:
        agen._finished = True
        raise StopAsyncIteration from None
    except StopAsyncIteration as e:
        agen._finished = True
        raise RuntimeError("async generator raised StopAsyncIteration") from e
    except BaseException:
        agen._finished = True
        raise


def _unwrap(agen, step, arg):
    # async_gen_unwrap_value: a yield ends the awaitable with its value.
    try:
        result = step(agen, arg)
    except (StopAsyncIteration, GeneratorExit):
        agen._closed = True
        agen._running_async = False
        raise
    except BaseException:
        agen._running_async = False
        raise
    if type(result) is _Yielded:
        agen._running_async = False
        raise StopIteration(result.value)
    return result


async def _anext_default(awaitable, default):
    # anext(iterator, default): the default instead of StopAsyncIteration.
    try:
        return await awaitable
    except StopAsyncIteration:
        return default


class async_generator:
    __slots__ = ("_frame", "_running_async", "_closed", "_finished")
    __module__ = "builtins"

    def __init__(self, frame):
        self._frame = frame
        self._running_async = False
        self._closed = False
        self._finished = False

    def __aiter__(self):
        return self

    def __anext__(self):
        return async_generator_asend(self, None)

    def asend(self, value):
        return async_generator_asend(self, value)

    def athrow(self, typ, val=None, tb=None):
        return async_generator_athrow(self, (typ, val, tb))

    def aclose(self):
        return async_generator_athrow(self, None)

    def __getattr__(self, name):
        # __name__ and __qualname__ are the function's (a property of that name
        # here would hide the class's own __name__).
        if name in ("__name__", "__qualname__"):
            return getattr(self._frame, name)
        raise AttributeError(f"'async_generator' object has no attribute '{name}'")

    def __repr__(self):
        return f"<async_generator object {self._frame.__qualname__} at {hex(id(self))}>"


class async_generator_asend:
    __slots__ = ("_agen", "_value", "_state")
    __module__ = "builtins"

    def __init__(self, agen, value):
        self._agen = agen
        self._value = value
        self._state = _INIT

    def __await__(self):
        return self

    def __iter__(self):
        return self

    def __next__(self):
        return self.send(None)

    def send(self, arg):
        agen = self._agen
        if self._state == _CLOSED:
            raise RuntimeError("cannot reuse already awaited __anext__()/asend()")
        if self._state == _INIT:
            if agen._running_async:
                raise RuntimeError("anext(): asynchronous generator is already running")
            if arg is None:
                arg = self._value
            self._state = _ITER
        agen._running_async = True
        try:
            return _unwrap(agen, _send, arg)
        except BaseException:
            self._state = _CLOSED
            raise

    def throw(self, typ, val=None, tb=None):
        if self._state == _CLOSED:
            raise RuntimeError("cannot reuse already awaited __anext__()/asend()")
        try:
            return _unwrap(self._agen, lambda agen, _: _throw(agen, typ, val, tb), None)
        except BaseException:
            self._state = _CLOSED
            raise

    def close(self):
        self._state = _CLOSED


class async_generator_athrow:
    __slots__ = ("_agen", "_args", "_state")
    __module__ = "builtins"

    def __init__(self, agen, args):
        self._agen = agen
        self._args = args  # None: aclose()
        self._state = _INIT

    def __await__(self):
        return self

    def __iter__(self):
        return self

    def __next__(self):
        return self.send(None)

    def _closing(self, step, arg):
        # aclose(): the generator must end; a value it yields is an error.
        agen = self._agen
        try:
            result = step(agen, arg)
        except (StopAsyncIteration, GeneratorExit):
            agen._running_async = False
            self._state = _CLOSED
            raise StopIteration from None
        except BaseException:
            agen._running_async = False
            self._state = _CLOSED
            raise
        if type(result) is _Yielded:
            agen._running_async = False
            self._state = _CLOSED
            raise RuntimeError("async generator ignored GeneratorExit")
        return result

    def _throwing(self, step, arg):
        try:
            return _unwrap(self._agen, step, arg)
        except BaseException:
            self._state = _CLOSED
            raise

    def send(self, arg):
        agen = self._agen
        if self._state == _CLOSED:
            raise RuntimeError("cannot reuse already awaited aclose()/athrow()")
        if agen._finished:
            self._state = _CLOSED
            raise StopIteration
        if self._state == _INIT:
            if agen._running_async:
                self._state = _CLOSED
                if self._args is None:
                    raise RuntimeError("aclose(): asynchronous generator is already running")
                raise RuntimeError("athrow(): asynchronous generator is already running")
            if agen._closed:
                self._state = _CLOSED
                raise StopAsyncIteration
            if arg is not None:
                raise RuntimeError("can't send non-None value to a just-started coroutine")
            self._state = _ITER
            agen._running_async = True
            if self._args is None:
                agen._closed = True
                return self._closing(lambda a, _: _throw(a, GeneratorExit, None, None), None)
            typ, val, tb = self._args
            return self._throwing(lambda a, _: _throw(a, typ, val, tb), None)
        if self._args is None:
            return self._closing(_send, arg)
        return self._throwing(_send, arg)

    def throw(self, typ, val=None, tb=None):
        if self._state == _CLOSED:
            raise RuntimeError("cannot reuse already awaited aclose()/athrow()")
        if self._args is None:
            return self._closing(lambda a, _: _throw(a, typ, val, tb), None)
        return self._throwing(lambda a, _: _throw(a, typ, val, tb), None)

    def close(self):
        self._state = _CLOSED

# Inside a generator's (and coroutine's) except/finally body, a function called
# from the body that raises and catches an exception gets the handled exception
# as __context__, even across yields inside the body; the generator's caller
# does not see it as handled while the generator is suspended.


def raise_and_catch(tag):
    try:
        raise KeyError(tag)
    except KeyError as e:
        return e


def gen():
    try:
        raise ValueError("in gen")
    except ValueError:
        e = raise_and_catch("before yield")
        yield repr(e.__context__)
        e = raise_and_catch("after yield")
        yield repr(e.__context__)
    yield repr(raise_and_catch("after body").__context__)


g = gen()
print(next(g))
# While g is suspended inside its handler, the caller handles nothing.
print(repr(raise_and_catch("caller").__context__))
try:
    raise TypeError("caller's own")
except TypeError:
    print(next(g))
print(next(g))


def finally_gen():
    try:
        yield 1
    finally:
        yield repr(raise_and_catch("finally").__context__)


f = finally_gen()
next(f)
try:
    raise RuntimeError("closing")
except RuntimeError:
    print(f.throw(IndexError("thrown")))
print(repr(raise_and_catch("outside").__context__))


def nested():
    try:
        raise ZeroDivisionError("outer")
    except ZeroDivisionError:
        inner = gen()
        yield next(inner)
        yield repr(raise_and_catch("nested").__context__)
        yield next(inner)


for item in nested():
    print(item)


def abandoned():
    try:
        raise LookupError("never resumed")
    except LookupError:
        yield 1


a = abandoned()
next(a)
del a
print(repr(raise_and_catch("after abandoned").__context__))


async def coro():
    try:
        raise ValueError("in coroutine")
    except ValueError:
        return repr(raise_and_catch("coroutine").__context__)


c = coro()
try:
    c.send(None)
except StopIteration as stop:
    print(stop.value)

# The implicit __context__ across calls: what a function called from a
# handler raises (and perhaps catches itself) gets the exception being
# handled at that moment, as CPython's per-thread exc_info; and
# __suppress_context__.


def raise_and_catch():
    try:
        raise KeyError("inner")
    except KeyError as e:
        return e


def raise_runtime_error_and_catch():
    try:
        return [][3]
    except IndexError as e:
        return e


try:
    raise ValueError("outer")
except ValueError:
    caught = raise_and_catch()
    runtime = raise_runtime_error_and_catch()
print(repr(caught), repr(caught.__context__))
print(repr(runtime), repr(runtime.__context__))

# Outside any handler: no context.
print(raise_and_catch().__context__)


def deeper(n):
    if n == 0:
        try:
            raise TypeError("deep")
        except TypeError as e:
            return e
    return deeper(n - 1)


try:
    raise OSError("handled")
except OSError:
    print(repr(deeper(3).__context__))


# In a finally that runs while an exception propagates.
def in_finally():
    got = None
    try:
        try:
            raise ValueError("propagating")
        finally:
            got = raise_and_catch()
    except ValueError:
        pass
    return got


print(repr(in_finally().__context__))


# After the handler ends (normally, by break, by continue, by return) nothing is handled.
def after_handlers():
    results = []
    try:
        raise ValueError("a")
    except ValueError:
        pass
    results.append(raise_and_catch().__context__)
    for k in range(2):
        try:
            raise ValueError(k)
        except ValueError:
            if k == 0:
                continue
            break
    results.append(raise_and_catch().__context__)
    return results


print(after_handlers())


def handler_returns():
    try:
        raise ValueError("r")
    except ValueError:
        return "returned"


print(handler_returns(), raise_and_catch().__context__)


# An exception escaping a handler through a call: its context is the handled one.
def fails():
    raise RuntimeError("from callee")


try:
    try:
        raise KeyError("first")
    except KeyError:
        fails()
except RuntimeError as e:
    print(repr(e), repr(e.__context__))


# Nested handlers across calls: the innermost one.
def nested():
    try:
        raise ValueError("level1")
    except ValueError:
        try:
            raise TypeError("level2")
        except TypeError:
            return raise_and_catch()


e = nested()
print(repr(e.__context__), repr(e.__context__.__context__))


# Re-raising the handled exception itself sets no context on it; a cycle is cut.
def reraise_handled():
    try:
        raise ValueError("self")
    except ValueError as v:
        try:
            raise v
        except ValueError as w:
            return w is v, w.__context__


print(reraise_handled())

try:
    try:
        raise ValueError("A")
    except ValueError as a:
        try:
            raise KeyError("B")
        except KeyError as b:
            raise a
except ValueError as final:
    print(repr(final), repr(final.__context__), final.__context__.__context__)


# __suppress_context__: `from` sets it, and it can be set and read.
try:
    try:
        raise KeyError("k")
    except KeyError:
        raise ValueError("v") from None
except ValueError as e:
    print(e.__suppress_context__, repr(e.__context__), e.__cause__)
    e.__suppress_context__ = False
    print(e.__suppress_context__)
x = ValueError("fresh")
print(x.__suppress_context__, x.__context__, x.__cause__)


# A generator raising inside a handler of its caller.
def gen():
    try:
        raise IndexError("in generator")
    except IndexError as e:
        yield e


try:
    raise LookupError("caller")
except LookupError:
    g = next(gen())
print(repr(g.__context__))

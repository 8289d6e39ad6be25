# Exceptions in generators: raised inside, thrown in, close() and finally.


def counting(log):
    try:
        for i in range(3):
            try:
                yield i
            except ValueError as e:
                log.append(f"caught {e} at {i}")
                yield -i
    finally:
        log.append("finally")


log = []
g = counting(log)
print(next(g), g.throw(ValueError("boom")), next(g))
g.close()
print(log)

log = []
g = counting(log)
print(next(g))
try:
    g.throw(KeyError("k"))
except KeyError as e:
    print("KeyError escaped", e)
print(log)
try:
    next(g)
except StopIteration:
    print("exhausted after the error")


def fails():
    yield 1
    raise RuntimeError("inside")


g = fails()
print(next(g))
try:
    next(g)
except RuntimeError as e:
    print("RuntimeError", e)
print(list(g))


def stubborn():
    try:
        yield 1
    except GeneratorExit:
        yield 2


g = stubborn()
next(g)
try:
    g.close()
except RuntimeError as e:
    print("RuntimeError", e)


def stop_inside():
    yield 1
    raise StopIteration("x")


try:
    list(stop_inside())
except RuntimeError as e:
    print("RuntimeError", e)


def closes_quietly():
    try:
        yield 1
    except GeneratorExit:
        print("GeneratorExit seen")
        raise


g = closes_quietly()
next(g)
g.close()
g.close()
print("closed twice")

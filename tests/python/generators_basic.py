# yield, send, return value, StopIteration.value, close, throw.
def counter(n):
    i = 0
    while i < n:
        received = yield i
        if received is not None:
            i = received
        else:
            i += 1
    return "finished"


g = counter(5)
print(next(g), next(g), g.send(3), next(g))
try:
    next(g)
except StopIteration as e:
    print("stop:", e.value)

def echo():
    try:
        while True:
            x = yield
            print("echo", x)
    except GeneratorExit:
        print("closing")
    finally:
        print("cleanup")

e = echo()
next(e)
e.send(1)
e.send(2)
e.close()

def thrower():
    while True:
        try:
            yield 1
        except ValueError as err:
            print("caught inside:", err)
            yield "recovered"

t = thrower()
print(next(t))
print(t.throw(ValueError("boom")))
print(next(t))
print(list(x * x for x in range(5)))
print(sum(x for x in range(100) if x % 3 == 0))
gen = (c.upper() for c in "abc")
print(next(gen), list(gen))

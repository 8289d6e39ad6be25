# Closures over loop variables (late binding), default-argument capture, nonlocal, global.
funcs = [lambda: i for i in range(3)]
print([f() for f in funcs])
funcs = [lambda i=i: i for i in range(3)]
print([f() for f in funcs])

def make_counters():
    out = []
    for i in range(3):
        def counter(start=i):
            n = start
            def inc():
                nonlocal n
                n += 1
                return n
            return inc
        out.append(counter())
    return out

cs = make_counters()
print(cs[0](), cs[0](), cs[2]())

total = 0
def add(x):
    global total
    total += x
    return total

print(add(5), add(7), total)

def outer():
    x = "outer"
    def middle():
        def inner():
            nonlocal x
            x = "changed by inner"
        inner()
        return x
    return middle(), x

print(outer())

x = 10
def shadow():
    x = 20
    return [x for _ in range(2)], (lambda: x)()
print(shadow(), x)
print([y for y in range(3)], "y leaked?", 'y' in globals() if False else "no")

# global and nonlocal: rebinding outer names, closures that share a cell.
count = 0


def bump():
    global count
    count += 1
    return count


bump()
bump()
print(count)


def make_counter():
    n = 0

    def inc(step=1):
        nonlocal n
        n += step
        return n

    def get():
        return n

    return inc, get


inc, get = make_counter()
inc()
inc(5)
print(get())


def outer():
    x = "outer"

    def middle():
        x = "middle"

        def inner():
            nonlocal x
            x = "inner"

        inner()
        return x

    return middle(), x


print(outer())


def defines_global():
    global fresh
    fresh = "made inside"


defines_global()
print(fresh)


def shadow():
    count = 100
    return count


print(shadow(), count)

# Frames inside a generator and a generator expression: the generator's
# frame marks its failing expression, the consumer's frame the call that
# resumed it.


def ticks(limit):
    t = 10
    while True:
        yield 100 // t
        t -= 5
        if t < -limit:
            return


def first(n):
    out = []
    for v in ticks(n):
        out.append(v)
    return out


print(sum(x * 2 for x in [1, 2, 3]))
print(first(100))

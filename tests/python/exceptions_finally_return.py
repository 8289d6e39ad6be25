# try/finally with return, break and continue; finally overriding a return.
def f():
    try:
        return "try"
    finally:
        print("finally runs")


def g():
    try:
        return "try"
    finally:
        return "finally wins"


def h(n):
    out = []
    for i in range(n):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            out.append(i)
        finally:
            out.append("f%d" % i)
    return out


def swallow():
    try:
        raise ValueError("lost")
    finally:
        return "swallowed"


def nested():
    log = []
    try:
        try:
            log.append(1)
            raise KeyError("k")
        finally:
            log.append(2)
    except KeyError as e:
        log.append(("caught", e.args))
    finally:
        log.append(3)
    return log


def value_kept():
    x = 1
    try:
        return x
    finally:
        x = 2


print(f())
print(g())
print(h(5))
print(swallow())
print(nested())
print(value_kept())

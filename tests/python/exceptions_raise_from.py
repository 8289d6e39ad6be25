# raise ... from, bare raise, re-raising, and the cause.
def parse(s):
    try:
        return int(s)
    except ValueError as e:
        raise TypeError("bad input") from e


try:
    parse("x")
except TypeError as e:
    print(e, type(e.__cause__).__name__, e.__cause__)

def again():
    try:
        1 / 0
    except ZeroDivisionError:
        print("handling")
        raise

try:
    again()
except ZeroDivisionError as e:
    print("re-raised:", e)

try:
    try:
        raise ValueError("inner")
    except ValueError as e:
        raise KeyError("outer") from None
except KeyError as e:
    print(e, e.__cause__, e.__suppress_context__)

class Retry(Exception):
    pass

attempts = 0
while True:
    try:
        attempts += 1
        if attempts < 3:
            raise Retry(attempts)
        break
    except Retry as r:
        print("retry", r.args[0])
print("attempts", attempts)

# "The above exception was the direct cause of the following exception":
# raise ... from, a user exception class (shown without __main__.), and a
# context hidden by `from None`.


class PlanError(Exception):
    pass


class Empty(PlanError):
    def __str__(self):
        return "nothing left"


def step(xs):
    try:
        return 10 // len(xs)
    except ZeroDivisionError as e:
        raise PlanError("cannot split an empty list") from e


def hidden():
    try:
        step([])
    except PlanError:
        raise Empty() from None


try:
    hidden()
except Empty as e:
    print("caught:", e, e.__suppress_context__, type(e.__context__).__name__)

step([1, 2])
step([])

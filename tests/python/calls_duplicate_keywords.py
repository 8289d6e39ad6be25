# A keyword argument given twice, by name and through ** (or through two
# **), is a TypeError naming the callable, as CPython words it.


def f(a=0, **rest):
    return a, sorted(rest.items())


class Greeter:
    def __init__(self, **kw):
        self.kw = kw

    def greet(self, name="x", **kw):
        return name, kw


def attempt(label, call):
    try:
        print(label, call())
    except TypeError as e:
        print(label, "TypeError:", e)


attempt("ok", lambda: f(a=1, **{"b": 2}))
attempt("ok two maps", lambda: f(**{"a": 1}, **{"b": 2}, c=3))
attempt("name then map", lambda: f(a=1, **{"a": 2}))
attempt("two maps", lambda: f(**{"b": 1}, **{"b": 2}))
attempt("map then name", lambda: f(**{"c": 1}, c=2))
attempt("method", lambda: Greeter().greet(name="a", **{"name": "b"}))
attempt("class", lambda: Greeter(x=1, **{"x": 2}))
attempt("builtin", lambda: print("x", sep="", **{"sep": "-"}))
attempt("not a mapping", lambda: f(**[1, 2]))
attempt("not str keys", lambda: f(**{1: 2}))


class Mapping:
    def keys(self):
        return ["a", "z"]

    def __getitem__(self, key):
        return key * 2


attempt("mapping protocol", lambda: f(**Mapping()))
attempt("mapping duplicate", lambda: f(z=0, **Mapping()))

# Lambdas and default values: defaults evaluated once, late binding of free names.


def append_to(item, target=[]):
    target.append(item)
    return target


print(append_to(1), append_to(2), append_to(3, []))

adders = [lambda x: x + i for i in range(3)]
print([f(10) for f in adders])
bound = [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in bound])

compose = lambda f, g: lambda x: f(g(x))
inc = lambda x: x + 1
double = lambda x: x * 2
print(compose(inc, double)(5), compose(double, inc)(5))
print(sorted(["bb", "a", "ccc"], key=lambda s: -len(s)))
print((lambda *a, **k: (a, sorted(k.items())))(1, 2, z=3, y=4))
print((lambda: "no args")(), (lambda x=5: x)(), (lambda x, /, y=2, *, z: x + y + z)(1, z=10))
f = lambda: None
print(f.__name__, (lambda n: n if n < 2 else n)(1))
fact = lambda n: 1 if n <= 1 else n * fact(n - 1)
print(fact(25))

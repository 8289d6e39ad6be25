# A subclass of property that defines __get__ (and __set__) is used through its
# own methods, super().__get__ reaching the property's; getter/setter/deleter
# of such a subclass give the subclass.


class traced(property):
    def __get__(self, obj, objtype=None):
        print("traced.__get__", "class" if obj is None else type(obj).__name__)
        return super().__get__(obj, objtype)

    def __set__(self, obj, value):
        print("traced.__set__", value)
        super().__set__(obj, value)


class cached(property):
    """The value computed once per instance, then kept in the instance's __dict__."""

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        name = self.fget.__name__
        if name not in obj.__dict__:
            obj.__dict__[name] = self.fget(obj)
        return obj.__dict__[name]


class Temperature:
    def __init__(self, celsius):
        self._c = celsius

    @traced
    def celsius(self):
        return self._c

    @celsius.setter
    def celsius(self, value):
        self._c = value

    @celsius.deleter
    def celsius(self):
        print("deleting")
        self._c = None

    @cached
    def fahrenheit(self):
        print("computing fahrenheit")
        return self._c * 9 / 5 + 32

    plain = property(lambda self: "plain")


t = Temperature(100)
print(t.celsius)
t.celsius = 20
print(t.celsius, t.fahrenheit, t.fahrenheit)
del t.celsius
print(t._c)
print(type(Temperature.__dict__["celsius"]).__name__, isinstance(Temperature.celsius, traced))
print(Temperature.fahrenheit.fget.__name__, type(Temperature.fahrenheit).__name__)

p = Temperature.__dict__["plain"]
print(p.__get__(t), p.__get__(None, Temperature) is p, property.__get__(p, t))
q = Temperature.__dict__["celsius"]
q.__set__(t, 5)
print(q.__get__(t, Temperature))
try:
    Temperature.__dict__["plain"].__set__(t, 1)
except AttributeError as e:
    print("AttributeError:", e)
try:
    t.plain = 1
except AttributeError as e:
    print("AttributeError:", e)
try:
    del t.plain
except AttributeError as e:
    print("AttributeError:", e)
print(staticmethod(len).__get__(None, Temperature)("abc"), classmethod(lambda c: c.__name__).__get__(t)())


class NoGetter:
    value = property(None, lambda self, v: None)


try:
    NoGetter().value
except AttributeError as e:
    print("AttributeError:", e)


class Tagged(property):
    def __init__(self, fget=None, fset=None, fdel=None, doc=None):
        print("Tagged.__init__", fget.__name__ if fget else None, fset.__name__ if fset else None)
        super().__init__(fget, fset, fdel, doc)


class Account:
    @Tagged
    def balance(self):
        return self._b

    @balance.setter
    def set_balance(self, v):
        self._b = v


a = Account()
a.set_balance = 3
print(a.set_balance, type(Account.__dict__["set_balance"]).__name__, type(Account.__dict__["balance"]).__name__)
try:
    a.balance = 1
except AttributeError as e:
    print("AttributeError:", e)

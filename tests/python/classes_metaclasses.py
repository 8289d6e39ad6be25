# Metaclasses: class X(metaclass=M), __new__/__init__/__call__ of the metaclass,
# special methods of classes looked up on their metaclass, __module__, __annotations__.


class Registry(type):
    classes = []

    def __new__(mcls, name, bases, ns):
        ns['tag'] = name.lower()
        cls = super().__new__(mcls, name, bases, ns)
        Registry.classes.append(name)
        return cls

    def __init__(cls, name, bases, ns):
        super().__init__(name, bases, ns)
        cls.initialised = True

    def __len__(cls):
        return len(cls.tag)

    def __iter__(cls):
        return iter(cls.tag)

    def __getitem__(cls, i):
        return cls.tag[i]

    def __repr__(cls):
        return f"<registered {cls.__name__}>"


class Base(metaclass=Registry):
    pass


class Derived(Base):
    x: int = 3
    y: str


print(Registry.classes)
print(Base.tag, Derived.tag, Derived.initialised)
print(len(Derived), list(Derived), Derived[0])
print(repr(Derived), type(Derived) is Registry, isinstance(Derived, Registry), isinstance(Derived, type))
print(Derived.__annotations__, Derived.x)
print(Base.__annotations__ if hasattr(Base, '__annotations__') else None)
print(Derived.__module__, Derived.__qualname__)


class Singleton(type):
    def __call__(cls, *args, **kwargs):
        if not hasattr(cls, '_instance'):
            cls._instance = super().__call__(*args, **kwargs)
        return cls._instance


class Config(metaclass=Singleton):
    def __init__(self, value):
        self.value = value


a = Config(1)
b = Config(2)
print(a is b, a.value, b.value)

Dyn = Registry('Dyn', (), {'z': 5})
print(Dyn.z, Dyn.tag, Registry.classes[-1])

try:
    class Bad(Base, metaclass=Singleton):
        pass
except TypeError as e:
    print('TypeError', e)
